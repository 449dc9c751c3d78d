SECTION .text
	GLOBAL fiat_25519_carry_square
fiat_25519_carry_square:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov [rsp - 0x20], r13
mov [rsp - 0x28], r14
mov [rsp - 0x30], r15
mov rdx, [rsi]
mulx rax, r8, rdx
imul r9, [rsi + 0x20], 0x26
mov rdx, [rsi + 0x8]
mulx r10, r11, r9
imul rcx, [rsi + 0x18], 0x26
mov rdx, [rsi + 0x10]
mulx rbx, rbp, rcx
add r11, rbp
adcx r10, rbx
add r8, r11
adcx rax, r10
mov r10, r8
mov r11, 0x7ffffffffffff
and r10, r11
shrd r8, rax, 0x33
mov rax, [rsi + 0x8]
lea rcx, [rax + 1 * rax]
mov rdx, [rsi]
mulx rbx, rbp, rcx
mov rdx, [rsi + 0x10]
mulx rcx, r11, r9
mov rax, [rsi + 0x18]
lea rdx, [rax + 8 * rax]
lea r12, [rax + 2 * rdx]
mov rdx, rax
mulx r13, r14, r12
add r11, r14
adcx rcx, r13
add rbp, r11
adcx rbx, rcx
add r8, rbp
adc rbx, 0x0
mov r11, r8
shrd r11, rbx, 0x33
mov rcx, [rsi + 0x10]
lea rbx, [rcx + 1 * rcx]
mov rdx, [rsi]
mulx rbp, r12, rbx
mov rdx, [rsi + 0x8]
mulx r13, r14, rdx
mov rdx, rax
mulx rcx, r15, r9
add r14, r15
adcx r13, rcx
add r12, r14
adcx rbp, r13
add r11, r12
adc rbp, 0x0
mov r9, r11
shrd r9, rbp, 0x33
lea rax, [rax + 1 * rax]
mov rdx, [rsi]
mulx rcx, rbp, rax
mov rdx, [rsi + 0x8]
mulx r12, r13, rbx
imul rbx, [rsi + 0x20], 0x13
mov rdx, [rsi + 0x20]
mulx r14, r15, rbx
add r13, r15
adcx r12, r14
add rbp, r13
adcx rcx, r12
add r9, rbp
adc rcx, 0x0
mov rbx, r9
shrd rbx, rcx, 0x33
lea rcx, [rdx + 1 * rdx]
mov rdx, [rsi]
mulx rbp, r12, rcx
mov rdx, [rsi + 0x8]
mulx rcx, r13, rax
mov rdx, [rsi + 0x10]
mulx rax, r14, rdx
add r13, r14
adcx rcx, rax
add r12, r13
adcx rbp, rcx
add rbx, r12
adc rbp, 0x0
mov rax, rbx
shrd rax, rbp, 0x33
imul rcx, rax, 0x13
add r10, rcx
mov rax, r10
mov rcx, 0x7ffffffffffff
and rax, rcx
mov [rdi], rax
shr r10, 0x33
and r8, rcx
add r10, r8
mov rax, r10
and rax, rcx
mov [rdi + 0x8], rax
shr r10, 0x33
and r11, rcx
add r10, r11
mov [rdi + 0x10], r10
and r9, rcx
mov [rdi + 0x18], r9
and rbx, rcx
mov [rdi + 0x20], rbx
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
mov r14, [rsp - 0x28]
mov r15, [rsp - 0x30]
ret
