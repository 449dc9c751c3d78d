SECTION .text
	GLOBAL fiat_25519_carry_square
fiat_25519_carry_square:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov [rsp - 0x20], r13
mov [rsp - 0x28], r14
mov [rsp - 0x30], r15
imul rax, [rsi + 0x18], 0x26
imul r8, [rsi + 0x20], 0x26
mov rdx, [rsi]
mulx r9, r10, rdx
imul r11, [rsi + 0x18], 0x13
mov rdx, [rsi + 0x8]
mulx rcx, rbx, rdx
mov rdx, rax
mulx rbp, r12, [rsi + 0x10]
mov rdx, [rsi + 0x8]
mulx rax, r13, r8
mov rdx, [rsi]
lea rdx, [rdx + 1 * rdx]
add r13, r12
mov r12, rdx
mov rdx, [rsi + 0x10]
mulx r14, r15, r8
adcx rax, rbp
mov rbp, 0x1
shlx rdx, [rsi + 0x18], rbp
add r10, r13
mov rbp, rdx
mov rdx, [rsi + 0x18]
mulx r11, r13, r11
adcx r9, rax
mov rax, 0x33
bzhi rdx, r10, rax
shrd r10, r9, 0x33
add r15, r13
adcx r14, r11
mov r9, rdx
mov rdx, r12
mulx rax, r11, [rsi + 0x8]
add r11, r15
mov rdx, r8
mulx r12, r13, [rsi + 0x18]
adcx rax, r14
add r10, r11
adc rax, 0x0
mov r8, [rsi + 0x20]
lea r8, [r8 + 1 * r8]
mov r11, 0x1
shlx rdx, [rsi + 0x10], r11
mov r11, r10
shrd r11, rax, 0x33
imul rax, [rsi + 0x20], 0x13
mulx r14, r15, [rsi]
add rbx, r13
adcx rcx, r12
mulx r12, r13, [rsi + 0x8]
add r15, rbx
adcx r14, rcx
add r11, r15
adc r14, 0x0
mov rcx, r11
shrd rcx, r14, 0x33
mov rdx, [rsi]
mulx rbx, r14, rbp
mov rdx, [rsi + 0x20]
mulx rax, r15, rax
add r13, r15
adcx r12, rax
add r14, r13
adcx rbx, r12
mov rdx, [rsi + 0x8]
mulx rax, rbp, rbp
add rcx, r14
adc rbx, 0x0
mov rdx, rcx
shrd rdx, rbx, 0x33
mov rbx, 0x7ffffffffffff
and rcx, rbx
mov [rdi + 0x18], rcx
mov rcx, rdx
mov rdx, [rsi + 0x10]
mulx r12, r13, rdx
mov rdx, r8
mulx r14, r15, [rsi]
add rbp, r13
adcx rax, r12
and r11, rbx
add r15, rbp
adcx r14, rax
add rcx, r15
adc r14, 0x0
mov rax, rcx
and rax, rbx
mov [rdi + 0x20], rax
shrd rcx, r14, 0x33
imul rcx, rcx, 0x13
add rcx, r9
mov rax, rcx
and rax, rbx
mov [rdi], rax
shr rcx, 0x33
and r10, rbx
add rcx, r10
and rbx, rcx
mov [rdi + 0x8], rbx
shr rcx, 0x33
add rcx, r11
mov [rdi + 0x10], rcx
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
mov r14, [rsp - 0x28]
mov r15, [rsp - 0x30]
ret
