SECTION .text
	GLOBAL fiat_poly1305_carry_square
fiat_poly1305_carry_square:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
imul rax, [rsi + 0x10], 0x5
mov rdx, [rsi]
mulx r8, r9, rdx
mov rdx, rax
mulx r10, r11, [rsi + 0x10]
imul rcx, rax, 0x2
imul rax, rcx, 0x2
mov rdx, rax
mulx rcx, rbx, [rsi + 0x8]
add r9, rbx
adcx r8, rcx
imul rax, [rsi + 0x8], 0x2
mov rdx, r9
mov rcx, 0xfffffffffff
and rdx, rcx
mov rbx, rdx
mov rdx, rax
mulx rbp, r12, [rsi]
shrd r9, r8, 0x2c
imul r8, [rsi + 0x10], 0x2
add r12, r11
adcx rbp, r10
mov rdx, r8
mulx r10, r11, [rsi]
add r9, r12
mov rdx, rax
mulx r8, r12, [rsi + 0x8]
mov rax, 0x0
adcx rbp, rax
mov rdx, r9
shrd rdx, rbp, 0x2b
add r11, r12
adcx r10, r8
add rdx, r11
adcx rax, r10
mov r8, 0x7ffffffffff
and r9, r8
mov r10, rdx
shrd r10, rax, 0x2b
imul rax, r10, 0x5
add rbx, rax
mov rax, rbx
shr rax, 0x2c
add r9, rax
and rdx, r8
mov rax, r9
shr rax, 0x2b
and r9, r8
mov [rdi + 0x8], r9
and rax, 0x1
and rax, 0x1
and rax, 0x1
add rax, rdx
mov [rdi + 0x10], rax
and rbx, rcx
mov [rdi], rbx
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
ret
