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
mov rax, [rsi]
lea rcx, [rax + 1 * rax]
mov rdx, rcx
mulx rbx, rbp, [rsi + 0x8]
mov rdx, [rsi + 0x10]
mulx rcx, r11, r9
imul rax, [rsi + 0x18], 0x13
mov rdx, [rsi + 0x18]
mulx r12, r13, rax
add r11, r13
adcx rcx, r12
add rbp, r11
adcx rbx, rcx
add r8, rbp
adc rbx, 0x0
mov rax, r8
shrd rax, rbx, 0x33
mov r11, [rsi + 0x10]
lea rcx, [r11 + 1 * r11]
mov rdx, [rsi]
mulx rbx, rbp, rcx
mov rdx, [rsi + 0x8]
mulx r12, r13, rdx
mov rdx, [rsi + 0x18]
mulx r11, r14, r9
add r13, r14
adcx r12, r11
add rbp, r13
adcx rbx, r12
add rax, rbp
adc rbx, 0x0
mov r9, rax
shrd r9, rbx, 0x33
lea r11, [rdx + 1 * rdx]
mov rdx, [rsi]
mulx rbx, rbp, r11
mov rdx, [rsi + 0x8]
mulx r12, r13, rcx
imul rcx, [rsi + 0x20], 0x13
mov rdx, [rsi + 0x20]
mulx r14, r15, rcx
add r13, r15
adcx r12, r14
add rbp, r13
adcx rbx, r12
add r9, rbp
adc rbx, 0x0
mov rcx, r9
shrd rcx, rbx, 0x33
lea rdx, [rdx + 1 * rdx]
mulx rbx, rbp, [rsi]
mov rdx, [rsi + 0x8]
mulx r12, r13, r11
mov rdx, [rsi + 0x10]
mulx r11, r14, rdx
add r13, r14
adcx r12, r11
add rbp, r13
adcx rbx, r12
add rcx, rbp
adc rbx, 0x0
mov r11, rcx
shrd r11, rbx, 0x33
imul rdx, r11, 0x13
add r10, rdx
mov r11, r10
mov rdx, 0x7ffffffffffff
and r11, rdx
mov [rdi], r11
shr r10, 0x33
and r8, rdx
add r10, r8
mov r8, r10
and r8, rdx
mov [rdi + 0x8], r8
shr r10, 0x33
and rax, rdx
add r10, rax
mov [rdi + 0x10], r10
and r9, rdx
mov [rdi + 0x18], r9
and rcx, rdx
mov [rdi + 0x20], rcx
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
mov r14, [rsp - 0x28]
mov r15, [rsp - 0x30]
ret
