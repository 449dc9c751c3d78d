SECTION .text
	GLOBAL fiat_poly1305_carry_square
fiat_poly1305_carry_square:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov rdx, [rsi]
mulx rax, r8, rdx
imul r9, [rsi + 0x8], 0x14
mov rdx, r9
mulx r10, r11, [rsi + 0x10]
add r8, r11
adcx rax, r10
mov r9, r8
mov r10, 0xfffffffffff
and r9, r10
shrd r8, rax, 0x2c
mov rax, [rsi + 0x8]
lea r11, [rax + 1 * rax]
mov rdx, [rsi]
mulx rcx, r10, r11
mov rax, [rsi + 0x10]
lea rdx, [rax + 4 * rax]
mulx rbx, rbp, rax
add r10, rbp
adcx rcx, rbx
add r8, r10
adc rcx, 0x0
mov r10, r8
shrd r10, rcx, 0x2b
mov rcx, [rsi]
lea rcx, [rcx + 1 * rcx]
mov rdx, rcx
mulx rbx, rbp, rax
mov rdx, [rsi + 0x8]
mulx rax, rcx, r11
add rbp, rcx
adcx rbx, rax
add r10, rbp
adc rbx, 0x0
mov rax, r10
shrd rax, rbx, 0x2b
lea rax, [rax + 4 * rax]
add r9, rax
mov rax, r9
mov r11, 0xfffffffffff
and rax, r11
mov [rdi], rax
shr r9, 0x2c
mov rax, 0x7ffffffffff
and r8, rax
add r9, r8
mov r8, r9
and r8, rax
mov [rdi + 0x8], r8
shr r9, 0x2b
and r10, rax
add r9, r10
mov [rdi + 0x10], r9
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
ret
