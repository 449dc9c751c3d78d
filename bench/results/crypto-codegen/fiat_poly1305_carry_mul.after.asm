SECTION .text
	GLOBAL fiat_poly1305_carry_mul
fiat_poly1305_carry_mul:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov [rsp - 0x20], r13
mov [rsp - 0x28], r14
mov [rsp - 0x30], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx]
mov r9, [rcx + 0x10]
lea r10, [r9 + 4 * r9]
lea r11, [r10 + 1 * r10]
mov rdx, [rsi + 0x8]
mulx r10, rbx, r11
imul r11, [rcx + 0x8], 0xa
mov rdx, [rsi + 0x10]
mulx rbp, r12, r11
add rbx, r12
adcx r10, rbp
add r8, rbx
adcx rax, r10
mov r10, r8
mov r11, 0xfffffffffff
and r10, r11
shrd r8, rax, 0x2c
mov rdx, [rsi]
mulx rax, rbx, [rcx + 0x8]
mov rdx, [rsi + 0x8]
mulx rbp, r12, [rcx]
lea r13, [r9 + 4 * r9]
mov rdx, [rsi + 0x10]
mulx r14, r15, r13
add r12, r15
adcx rbp, r14
add rbx, r12
adcx rax, rbp
add r8, rbx
adc rax, 0x0
mov rbx, r8
shrd rbx, rax, 0x2b
mov rdx, [rsi]
mulx rax, rbp, r9
mov r9, [rcx + 0x8]
lea r9, [r9 + 1 * r9]
mov rdx, [rsi + 0x8]
mulx r12, r13, r9
mov rdx, [rsi + 0x10]
mulx r9, r14, [rcx]
add r13, r14
adcx r12, r9
add rbp, r13
adcx rax, r12
add rbx, rbp
adc rax, 0x0
mov r9, rbx
shrd r9, rax, 0x2b
lea rax, [r9 + 4 * r9]
add r10, rax
and r11, r10
mov [rdi], r11
shr r10, 0x2c
mov rax, 0x7ffffffffff
and r8, rax
add r10, r8
mov r8, r10
and r8, rax
mov [rdi + 0x8], r8
shr r10, 0x2b
and rbx, rax
add r10, rbx
mov [rdi + 0x10], r10
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
mov r14, [rsp - 0x28]
mov r15, [rsp - 0x30]
ret
