SECTION .text
	GLOBAL fiat_curve25519_solinas_square
fiat_curve25519_solinas_square:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov [rsp - 0x20], r13
mov rdx, [rsi + 0x8]
mulx rax, r8, [rsi + 0x18]
mulx r9, r10, [rsi]
mov rdx, [rsi + 0x18]
mulx r11, rcx, [rsi + 0x10]
mov rdx, [rsi + 0x10]
mulx rbx, rbp, [rsi]
add r9, rbp
mov rdx, [rsi + 0x18]
mulx rbp, r12, [rsi]
adcx rbx, r12
adcx rbp, r8
mov rdx, [rsi + 0x10]
mulx r8, r12, [rsi + 0x8]
adcx rax, rcx
adc r11, 0x0
add rbx, r12
adcx rbp, r8
mov r8, 0x0
adcx rax, r8
adcx r11, r8
mov rcx, 0x0
setc cl
mov r12, rcx
lea rcx, [r12 + 1 * rcx]
add r10, r10
adcx r9, r9
adcx rbx, rbx
mov rdx, [rsi]
mulx r12, r8, rdx
adcx rbp, rbp
adcx rax, rax
adcx r11, r11
adc rcx, 0x0
add r10, r12
mov rdx, [rsi + 0x8]
mulx r12, r13, rdx
adcx r9, r13
adcx rbx, r12
mov rdx, [rsi + 0x10]
mulx r12, r13, rdx
adcx rbp, r13
adcx rax, r12
mov rdx, [rsi + 0x18]
mulx rsi, r12, rdx
adcx r11, r12
adcx rcx, rsi
mov rdx, 0x26
mulx rcx, rsi, rcx
mulx rax, r12, rax
add r10, r12
mulx r11, r12, r11
adcx r9, r12
adcx rbx, rsi
adc rcx, 0x0
mulx rsi, rbp, rbp
add r8, rbp
adcx r10, rsi
adcx r9, rax
adcx rbx, r11
adc rcx, 0x0
mulx rax, r11, rcx
add r8, r11
adc r10, 0x0
mov [rdi + 0x8], r10
adc r9, 0x0
mov [rdi + 0x10], r9
mov rax, 0x0
adcx rbx, rax
mov [rdi + 0x18], rbx
cmovc rax, rdx
add rax, r8
mov [rdi], rax
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
ret
