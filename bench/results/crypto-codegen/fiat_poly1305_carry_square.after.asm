SECTION .text
	GLOBAL fiat_poly1305_carry_square
fiat_poly1305_carry_square:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov rdx, [rsi]
mulx rax, r8, rdx
imul r9, [rsi + 0x10], 0x14
mov rdx, [rsi + 0x8]
mulx r9, r10, r9
add r8, r10
adcx rax, r9
mov r9, 0x2c
bzhi r10, r8, r9
shrd r8, rax, 0x2c
lea rax, [rdx + 1 * rdx]
mov rdx, [rsi]
mulx r9, r11, rax
mov rcx, [rsi + 0x10]
lea rdx, [rcx + 4 * rcx]
mulx rbx, rbp, rcx
add r11, rbp
adcx r9, rbx
add r8, r11
adc r9, 0x0
mov r11, r8
shrd r11, r9, 0x2b
lea r9, [rcx + 1 * rcx]
mov rdx, [rsi]
mulx r9, rcx, r9
mov rdx, [rsi + 0x8]
mulx rax, rsi, rax
add rcx, rsi
adcx r9, rax
add r11, rcx
adc r9, 0x0
mov rax, r11
shrd rax, r9, 0x2b
lea rax, [rax + 4 * rax]
add r10, rax
mov rax, 0x2c
bzhi r9, r10, rax
mov [rdi], r9
shr r10, 0x2c
mov rax, 0x7ffffffffff
and r8, rax
add r10, r8
mov r8, r10
and r8, rax
mov [rdi + 0x8], r8
shr r10, 0x2b
and r11, rax
add r10, r11
mov [rdi + 0x10], r10
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
ret
