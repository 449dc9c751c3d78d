SECTION .text
	GLOBAL fiat_curve25519_solinas_square
fiat_curve25519_solinas_square:
mov [rsp - 0x20], rbx
mov [rsp - 0x28], rbp
mov [rsp - 0x30], r12
mov [rsp - 0x38], r13
mov [rsp - 0x40], r14
mov [rsp - 0x48], r15
mov rdx, [rsi]
mulx rax, r8, [rsi + 0x18]
mulx r9, r10, [rsi + 0x10]
mulx r11, rcx, [rsi + 0x8]
mov rdx, [rsi + 0x18]
mulx rbx, rbp, [rsi + 0x10]
mov rdx, [rsi + 0x8]
mulx r12, r13, [rsi + 0x10]
mulx r14, r15, [rsi + 0x18]
add r11, r10
adcx r9, r8
adcx rax, r15
adcx r14, rbp
adc rbx, 0x0
add r9, r13
adcx rax, r12
adc r14, 0x0
adc rbx, 0x0
mov r8, rcx
mov r10, 0x0
setc r10b
add r8, rcx
mov rcx, r11
adcx rcx, r11
mov r11, r9
adcx r11, r9
mov r9, rax
adcx r9, rax
mov rax, r14
adcx rax, r14
mov rbp, rbx
adcx rbp, rbx
mov rbx, r10
adc rbx, 0x0
bt r10, 0x0
adc rbx, 0x0
mov rdx, [rsi + 0x18]
mulx r10, r12, rdx
mov rdx, [rsi + 0x10]
mulx r13, r14, rdx
mov rdx, [rsi + 0x8]
mov [rsp - 0x8], rbx
mulx r15, rbx, rdx
mov rdx, [rsi]
mov [rsp - 0x10], r10
mov [rsp - 0x18], r12
mulx r10, r12, rdx
add r8, r10
adcx rcx, rbx
adcx r11, r15
adcx r9, r14
adcx rax, r13
adcx rbp, [rsp - 0x18]
mov r10, [rsp - 0x8]
adcx r10, [rsp - 0x10]
mov rdx, 0x26
mulx rsi, rbx, r10
mulx r10, r13, rbp
mulx rbp, r14, r9
mulx r9, r15, rax
add r8, r15
adcx rcx, r13
adcx r11, rbx
adc rsi, 0x0
add r12, r14
adcx r8, rbp
adcx rcx, r9
adcx r11, r10
adc rsi, 0x0
mulx rax, r9, rsi
add r12, r9
adc r8, 0x0
mov [rdi + 0x8], r8
adc rcx, 0x0
mov [rdi + 0x10], rcx
adc r11, 0x0
mov [rdi + 0x18], r11
mov rax, 0x0
cmovc rax, rdx
add rax, r12
mov [rdi], rax
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
