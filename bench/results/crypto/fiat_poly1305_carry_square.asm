SECTION .text
	GLOBAL fiat_poly1305_carry_square
fiat_poly1305_carry_square:
imul rax, [rsi + 0x8], 0x14
mov rdx, [rsi]
mulx r8, r9, rdx
mov rdx, [rsi + 0x10]
mulx rax, r10, rax
add r9, r10
lea rdx, [rdx + 4 * rdx]
mulx r10, r11, [rsi + 0x10]
mov rcx, 0x1
shlx rdx, [rsi + 0x8], rcx
adcx r8, rax
mulx rax, rcx, [rsi]
add rcx, r11
adcx rax, r10
mov r10, [rsi]
lea r10, [r10 + 1 * r10]
mov r11, r9
shrd r11, r8, 0x2c
add rcx, r11
mulx r8, r11, [rsi + 0x8]
mov rdx, [rsi + 0x10]
mulx r10, rsi, r10
adc rax, 0x0
mov rdx, rcx
shrd rdx, rax, 0x2b
add r11, rsi
adcx r8, r10
mov rax, 0x2b
bzhi r10, rcx, rax
mov rax, 0xfffffffffff
and r9, rax
add r11, rdx
adc r8, 0x0
mov rcx, r11
shrd rcx, r8, 0x2b
lea rcx, [rcx + 4 * rcx]
lea r8, [r9 + 1 * rcx]
and rax, r8
mov [rdi], rax
shr r8, 0x2c
lea rax, [r8 + 1 * r10]
mov r8, rax
shr r8, 0x2b
mov r9, 0x7ffffffffff
and rax, r9
mov [rdi + 0x8], rax
and r9, r11
lea rax, [r8 + 1 * r9]
mov [rdi + 0x10], rax
ret
