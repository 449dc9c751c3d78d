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
imul r9, [rsi + 0x20], 0x13
imul r10, r9, 0x2
mov rdx, [rsi + 0x8]
mulx r11, rcx, r10
imul rbx, [rsi + 0x18], 0x13
imul rbp, rbx, 0x2
mov rdx, [rsi + 0x10]
mulx r12, r13, rbp
add rcx, r13
adcx r11, r12
add r8, rcx
adcx rax, r11
mov r11, r8
mov rcx, 0x7ffffffffffff
and r11, rcx
shrd r8, rax, 0x33
imul rax, [rsi + 0x8], 0x2
mov rdx, [rsi]
mulx rbp, r12, rax
mov rdx, [rsi + 0x10]
mulx rax, r13, r10
mov rdx, [rsi + 0x18]
mulx r14, r15, rbx
add r13, r15
adcx rax, r14
add r12, r13
adcx rbp, rax
add r8, r12
mov rax, 0x0
adcx rbp, rax
mov rbx, r8
shrd rbx, rbp, 0x33
imul rbp, [rsi + 0x10], 0x2
mov rdx, [rsi]
mulx r12, r13, rbp
mov rdx, [rsi + 0x8]
mulx r14, r15, rdx
mov rdx, [rsi + 0x18]
mov [rsp - 0x8], r8
mulx r8, rcx, r10
add r15, rcx
adcx r14, r8
add r13, r15
adcx r12, r14
add rbx, r13
adcx r12, rax
mov r8, rbx
shrd r8, r12, 0x33
imul r10, rdx, 0x2
mov rdx, [rsi]
mulx rcx, r12, r10
mov rdx, [rsi + 0x8]
mulx r13, r14, rbp
mov rdx, [rsi + 0x20]
mulx rbp, r15, r9
add r14, r15
adcx r13, rbp
add r12, r14
adcx rcx, r13
add r8, r12
adcx rcx, rax
mov r9, r8
shrd r9, rcx, 0x33
imul rcx, rdx, 0x2
mov rdx, [rsi]
mulx rbp, r12, rcx
mov rdx, [rsi + 0x8]
mulx rcx, r13, r10
mov rdx, [rsi + 0x10]
mulx r10, r14, rdx
add r13, r14
adcx rcx, r10
add r12, r13
adcx rbp, rcx
add r9, r12
adcx rax, rbp
mov rdx, r9
shrd rdx, rax, 0x33
imul rax, rdx, 0x13
add r11, rax
mov rax, r11
mov rdx, 0x7ffffffffffff
and rax, rdx
mov [rdi], rax
shr r11, 0x33
mov rax, [rsp - 0x8]
and rax, rdx
add r11, rax
mov rax, r11
and rax, rdx
mov [rdi + 0x8], rax
shr r11, 0x33
and r11, 0x1
and r11, 0x1
and r11, 0x1
and rbx, rdx
add r11, rbx
mov [rdi + 0x10], r11
and r8, rdx
mov [rdi + 0x18], r8
and r9, rdx
mov [rdi + 0x20], r9
mov rbx, [rsp - 0x10]
mov rbp, [rsp - 0x18]
mov r12, [rsp - 0x20]
mov r13, [rsp - 0x28]
mov r14, [rsp - 0x30]
mov r15, [rsp - 0x38]
ret
