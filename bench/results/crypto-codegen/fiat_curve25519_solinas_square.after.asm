SECTION .text
	GLOBAL fiat_curve25519_solinas_square
fiat_curve25519_solinas_square:
mov [rsp - 0x18], rbx
mov [rsp - 0x20], rbp
mov [rsp - 0x28], r12
mov [rsp - 0x30], r13
mov [rsp - 0x38], r14
mov [rsp - 0x40], r15
mov rdx, [rsi]
mulx rax, r8, [rsi + 0x18]
mulx r9, r10, [rsi + 0x10]
mulx r11, rcx, [rsi + 0x8]
mov rdx, [rsi + 0x18]
mulx rbx, rbp, [rsi + 0x10]
mulx r12, r13, [rsi + 0x8]
add r11, r10
adcx r9, r8
adcx rax, r13
adcx r12, rbp
adc rbx, 0x0
mov rdx, [rsi + 0x8]
mulx r8, r10, [rsi + 0x10]
add r9, r10
adcx rax, r8
adc r12, 0x0
adc rbx, 0x0
mov r8, 0x0
setc r8b
add rcx, rcx
adcx r11, r11
adcx r9, r9
adcx rax, rax
adcx r12, r12
adcx rbx, rbx
mov r10, r8
adc r10, 0x0
lea r8, [r10 + 1 * r8]
mov rdx, [rsi + 0x18]
mulx r10, rbp, rdx
mov rdx, [rsi + 0x10]
mulx r13, r14, rdx
mov rdx, [rsi + 0x8]
mov [rsp - 0x8], r10
mulx r15, r10, rdx
mov rdx, [rsi]
mov [rsp - 0x10], r8
mulx rsi, r8, rdx
add rcx, rsi
adcx r11, r10
adcx r9, r15
adcx rax, r14
adcx r12, r13
adcx rbx, rbp
mov r10, [rsp - 0x10]
adcx r10, [rsp - 0x8]
mov rdx, 0x26
mulx r10, rsi, r10
mulx rbx, rbp, rbx
mulx r12, r13, r12
mulx rax, r14, rax
add rcx, r13
adcx r11, rbp
adcx r9, rsi
adc r10, 0x0
add r8, r14
adcx rcx, rax
adcx r11, r12
adcx r9, rbx
adc r10, 0x0
mulx rax, r10, r10
add r8, r10
adc rcx, 0x0
mov [rdi + 0x8], rcx
adc r11, 0x0
mov [rdi + 0x10], r11
adc r9, 0x0
mov [rdi + 0x18], r9
mov rax, 0x0
cmovc rax, rdx
add rax, r8
mov [rdi], rax
mov rbx, [rsp - 0x18]
mov rbp, [rsp - 0x20]
mov r12, [rsp - 0x28]
mov r13, [rsp - 0x30]
mov r14, [rsp - 0x38]
mov r15, [rsp - 0x40]
ret
