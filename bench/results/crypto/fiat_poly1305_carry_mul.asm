SECTION .text
	GLOBAL fiat_poly1305_carry_mul
fiat_poly1305_carry_mul:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov rcx, rdx
imul rax, [rcx + 0x8], 0xa
mov r8, [rcx + 0x10]
lea r9, [r8 + 4 * r8]
lea r9, [r9 + 1 * r9]
mov rdx, [rsi + 0x10]
mulx rax, r10, rax
mov rdx, [rsi + 0x8]
mulx r9, r11, r9
add r11, r10
mulx r10, rbx, [rcx]
lea r8, [r8 + 4 * r8]
adcx r9, rax
mov rdx, [rcx]
mulx rax, rbp, [rsi]
add rbp, r11
mov rdx, [rsi + 0x10]
mulx r8, r11, r8
adcx rax, r9
add r11, rbx
adcx r8, r10
mov rdx, [rcx + 0x8]
mulx r9, r10, [rsi]
lea rdx, [rdx + 1 * rdx]
add r11, r10
adcx r8, r9
mulx r9, r10, [rsi + 0x8]
mov rdx, rbp
shrd rdx, rax, 0x2c
add r11, rdx
mov rdx, [rcx + 0x10]
mulx rax, rbx, [rsi]
adc r8, 0x0
add r10, rbx
adcx r9, rax
mov rdx, [rsi + 0x10]
mulx rax, rbx, [rcx]
add r10, rbx
adcx r9, rax
mov rax, 0x2b
bzhi rdx, r11, rax
shrd r11, r8, 0x2b
add r10, r11
adc r9, 0x0
mov rax, r10
shrd rax, r9, 0x2b
mov r8, 0x7ffffffffff
and r10, r8
mov r9, 0xfffffffffff
and rbp, r9
lea rax, [rax + 4 * rax]
add rbp, rax
mov rax, rbp
shr rax, 0x2c
add rax, rdx
mov r11, rax
shr r11, 0x2b
and r8, rax
mov [rdi + 0x8], r8
and rbp, r9
mov [rdi], rbp
add r11, r10
mov [rdi + 0x10], r11
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
ret
