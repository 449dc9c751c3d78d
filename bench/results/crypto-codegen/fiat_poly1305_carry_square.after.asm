SECTION .text
	GLOBAL fiat_poly1305_carry_square
fiat_poly1305_carry_square:
mov [rsp - 0x8], rbx
mov rdx, [rsi]
mulx rax, r8, rdx
imul r9, [rsi + 0x8], 0x14
mov rdx, r9
mulx r10, r11, [rsi + 0x10]
add r8, r11
adcx rax, r10
mov r9, r8
shrd r9, rax, 0x2c
mov rax, 0xfffffffffff
and r8, rax
mov r10, [rsi + 0x8]
lea r10, [r10 + 1 * r10]
mov rdx, [rsi]
mulx r11, rcx, r10
mov rax, [rsi + 0x10]
lea rax, [rax + 4 * rax]
mov rdx, [rsi + 0x10]
mulx rax, rbx, rax
add rcx, rbx
mov rbx, [rsi]
lea rbx, [rbx + 1 * rbx]
adcx r11, rax
add r9, rcx
adc r11, 0x0
mov rax, r9
shrd rax, r11, 0x2b
mulx r11, rcx, rbx
mov rdx, [rsi + 0x8]
mulx r10, rsi, r10
add rcx, rsi
adcx r11, r10
add rax, rcx
adc r11, 0x0
mov r10, rax
shrd r10, r11, 0x2b
lea r10, [r10 + 4 * r10]
add r8, r10
mov r10, 0x2c
bzhi r11, r8, r10
mov [rdi], r11
shr r8, 0x2c
mov r10, 0x7ffffffffff
and r9, r10
add r8, r9
mov r9, r8
and r9, r10
mov [rdi + 0x8], r9
shr r8, 0x2b
and rax, r10
add r8, rax
mov [rdi + 0x10], r8
mov rbx, [rsp - 0x8]
ret
