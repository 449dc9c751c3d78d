SECTION .text
	GLOBAL fiat_poly1305_carry_square
fiat_poly1305_carry_square:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov [rsp - 0x20], r13
mov rdx, [rsi]
mulx rax, r8, rdx
imul r9, [rsi + 0x10], 0x5
imul r10, r9, 0x2
imul r11, r10, 0x2
mov rdx, [rsi + 0x8]
mulx r10, rcx, r11
add r8, rcx
adcx rax, r10
mov r10, r8
mov r11, 0xfffffffffff
and r10, r11
shrd r8, rax, 0x2c
imul rax, rdx, 0x2
mov rdx, [rsi]
mulx rcx, rbx, rax
mov rdx, [rsi + 0x10]
mulx rbp, r12, r9
add rbx, r12
adcx rcx, rbp
add r8, rbx
mov r9, 0x0
adcx rcx, r9
mov rbx, r8
shrd rbx, rcx, 0x2b
imul rcx, rdx, 0x2
mov rdx, [rsi]
mulx rbp, r12, rcx
mov rdx, [rsi + 0x8]
mulx rcx, r13, rax
add r12, r13
adcx rbp, rcx
add rbx, r12
adcx r9, rbp
mov rax, rbx
shrd rax, r9, 0x2b
imul rdx, rax, 0x5
add r10, rdx
and r11, r10
mov [rdi], r11
shr r10, 0x2c
mov rax, 0x7ffffffffff
and r8, rax
add r10, r8
mov rdx, r10
and rdx, rax
mov [rdi + 0x8], rdx
shr r10, 0x2b
and r10, 0x1
and r10, 0x1
and r10, 0x1
and rbx, rax
add r10, rbx
mov [rdi + 0x10], r10
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
ret
