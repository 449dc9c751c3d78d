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
mov rdx, rax
mulx r8, r9, [rsi + 0x10]
imul rax, [rsi + 0x20], 0x26
imul r10, [rsi + 0x18], 0x13
mov r11, [rsi + 0x18]
shl r11, 0x1
mov rdx, [rsi + 0x8]
mulx rcx, rbx, rax
mov rdx, [rsi]
mulx rbp, r12, rdx
add rbx, r9
mov rdx, [rsi + 0x10]
mulx r9, r13, rax
adcx rcx, r8
mov r8, [rsi + 0x8]
shl r8, 0x1
add r12, rbx
adcx rbp, rcx
mov rdx, r10
mulx rcx, rbx, [rsi + 0x18]
add r13, rbx
mov r10, [rsi + 0x10]
lea rdx, [r10 + 1 * r10]
mov rbx, rdx
mov rdx, [rsi]
mulx r10, r14, r8
adcx r9, rcx
mov r8, r12
shrd r8, rbp, 0x33
add r14, r13
adcx r10, r9
mulx r9, rcx, rbx
imul rbp, [rsi + 0x20], 0x13
add r8, r14
mov rdx, rax
mulx r13, r14, [rsi + 0x18]
adc r10, 0x0
mov rdx, [rsi + 0x8]
mulx rax, r15, rdx
add r15, r14
adcx rax, r13
mov r13, r8
shrd r13, r10, 0x33
add rcx, r15
adcx r9, rax
mov rdx, rbp
mulx rax, r10, [rsi + 0x20]
mov rdx, rbx
mulx rbp, r14, [rsi + 0x8]
add r13, rcx
adc r9, 0x0
add r14, r10
adcx rbp, rax
mov rax, r13
shrd rax, r9, 0x33
mov rdx, r11
mulx r9, r10, [rsi + 0x8]
mulx rcx, rbx, [rsi]
mov r11, [rsi + 0x20]
shl r11, 0x1
add rbx, r14
mov rdx, [rsi]
mulx r14, r15, r11
adcx rcx, rbp
add rax, rbx
adc rcx, 0x0
mov rdx, [rsi + 0x10]
mulx r11, rbx, rdx
mov rdx, rax
shrd rdx, rcx, 0x33
add r10, rbx
adcx r9, r11
mov r11, 0x7ffffffffffff
and r12, r11
add r15, r10
adcx r14, r9
add rdx, r15
adc r14, 0x0
and r8, r11
mov r9, rdx
shrd r9, r14, 0x33
imul r10, r9, 0x13
add r10, r12
mov r9, r10
shr r9, 0x33
lea r8, [r9 + 1 * r8]
and r13, r11
and r10, r11
mov [rdi], r10
mov r9, r8
and r9, r11
mov [rdi + 0x8], r9
and rdx, r11
mov [rdi + 0x20], rdx
shr r8, 0x33
and rax, r11
mov [rdi + 0x18], rax
add r13, r8
mov [rdi + 0x10], r13
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
mov r14, [rsp - 0x28]
mov r15, [rsp - 0x30]
ret
