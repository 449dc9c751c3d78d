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
imul r9, [rcx + 0x10], 0xa
mov rdx, [rsi + 0x8]
mulx r10, r11, r9
imul r9, [rcx + 0x8], 0xa
mov rdx, [rsi + 0x10]
mulx rbx, rbp, r9
add r11, rbp
adcx r10, rbx
add r8, r11
adcx rax, r10
mov r9, r8
mov r10, 0xfffffffffff
and r9, r10
shrd r8, rax, 0x2c
mov rdx, [rsi]
mulx rax, r11, [rcx + 0x8]
mov rdx, [rsi + 0x8]
mulx rbx, rbp, [rcx]
imul r12, [rcx + 0x10], 0x5
mov rdx, [rsi + 0x10]
mulx r13, r14, r12
add rbp, r14
adcx rbx, r13
add r11, rbp
adcx rax, rbx
add r8, r11
mov r11, 0x0
adcx rax, r11
mov rbx, r8
shrd rbx, rax, 0x2b
mov rdx, [rsi]
mulx rax, rbp, [rcx + 0x10]
imul rdx, [rcx + 0x8], 0x2
mulx r12, r13, [rsi + 0x8]
mov rdx, [rsi + 0x10]
mulx r14, r15, [rcx]
add r13, r15
adcx r12, r14
add rbp, r13
adcx rax, r12
add rbx, rbp
adcx r11, rax
mov rax, rbx
shrd rax, r11, 0x2b
imul rdx, rax, 0x5
add r9, rdx
and r10, r9
mov [rdi], r10
shr r9, 0x2c
mov rax, 0x7ffffffffff
and r8, rax
add r9, r8
mov rdx, r9
and rdx, rax
mov [rdi + 0x8], rdx
shr r9, 0x2b
and r9, 0x1
and r9, 0x1
and r9, 0x1
and rbx, rax
add r9, rbx
mov [rdi + 0x10], r9
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
mov r14, [rsp - 0x28]
mov r15, [rsp - 0x30]
ret
