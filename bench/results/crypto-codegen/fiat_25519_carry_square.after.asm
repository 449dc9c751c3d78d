SECTION .text
	GLOBAL fiat_25519_carry_square
fiat_25519_carry_square:
mov [rsp - 0x10], rbx
mov [rsp - 0x18], rbp
mov [rsp - 0x20], r12
mov [rsp - 0x28], r13
mov [rsp - 0x30], r14
mov [rsp - 0x38], r15
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
mulx rcx, r12, r9
imul r13, [rsi + 0x18], 0x13
mov rdx, [rsi + 0x18]
mulx r14, r15, r13
add r12, r15
adcx rcx, r14
add rbp, r12
adcx rbx, rcx
add r8, rbp
adc rbx, 0x0
mov rcx, r8
shrd rcx, rbx, 0x33
mov rbx, [rsi + 0x10]
lea rbp, [rbx + 1 * rbx]
mov rdx, [rsi]
mulx r12, r13, rbp
mov rdx, rax
mulx r14, r15, rax
mov rdx, [rsi + 0x18]
mulx r11, rbx, r9
add r15, rbx
adcx r14, r11
add r13, r15
adcx r12, r14
add rcx, r13
adc r12, 0x0
mov r9, rcx
shrd r9, r12, 0x33
lea r11, [rdx + 1 * rdx]
mov rdx, [rsi]
mulx rbx, r12, r11
mov rdx, rax
mulx r13, r14, rbp
imul rbp, [rsi + 0x20], 0x13
mov rdx, [rsi + 0x20]
mov [rsp - 0x8], rcx
mulx r15, rcx, rbp
add r14, rcx
adcx r13, r15
add r12, r14
adcx rbx, r13
add r9, r12
adc rbx, 0x0
mov rcx, r9
shrd rcx, rbx, 0x33
lea rdx, [rdx + 1 * rdx]
mulx rbx, rbp, [rsi]
mov rdx, rax
mulx r12, r13, r11
mov rdx, [rsi + 0x10]
mulx rax, r11, rdx
add r13, r11
adcx r12, rax
add rbp, r13
adcx rbx, r12
add rcx, rbp
adc rbx, 0x0
mov rax, rcx
shrd rax, rbx, 0x33
imul r11, rax, 0x13
add r10, r11
mov rax, r10
mov r11, 0x7ffffffffffff
and rax, r11
mov [rdi], rax
shr r10, 0x33
and r8, r11
add r10, r8
mov rax, r10
and rax, r11
mov [rdi + 0x8], rax
shr r10, 0x33
mov rax, [rsp - 0x8]
and rax, r11
add r10, rax
mov [rdi + 0x10], r10
and r9, r11
mov [rdi + 0x18], r9
and rcx, r11
mov [rdi + 0x20], rcx
mov rbx, [rsp - 0x10]
mov rbp, [rsp - 0x18]
mov r12, [rsp - 0x20]
mov r13, [rsp - 0x28]
mov r14, [rsp - 0x30]
mov r15, [rsp - 0x38]
ret
