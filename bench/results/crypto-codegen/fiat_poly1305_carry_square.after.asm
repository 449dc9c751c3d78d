SECTION .text
	GLOBAL fiat_poly1305_carry_square
fiat_poly1305_carry_square:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov rdx, [rsi]
mulx rax, r8, rdx
imul r9, [rsi + 0x10], 0x14
mov rdx, [rsi + 0x8]
mulx r10, r11, r9
add r8, r11
adcx rax, r10
mov r9, r8
mov r10, 0xfffffffffff
and r9, r10
shrd r8, rax, 0x2c
lea rax, [rdx + 1 * rdx]
mov rdx, [rsi]
mulx r11, rcx, rax
mov r10, [rsi + 0x10]
lea rdx, [r10 + 4 * r10]
mulx rbx, rbp, r10
add rcx, rbp
adcx r11, rbx
add r8, rcx
adc r11, 0x0
mov rcx, r8
shrd rcx, r11, 0x2b
shl r10, 0x1
mov rdx, [rsi]
mulx r11, rbx, r10
mov rdx, [rsi + 0x8]
mulx r10, rbp, rax
add rbx, rbp
adcx r11, r10
add rcx, rbx
adc r11, 0x0
mov rax, rcx
shrd rax, r11, 0x2b
lea rax, [rax + 4 * rax]
add r9, rax
mov rax, r9
mov r10, 0xfffffffffff
and rax, r10
mov [rdi], rax
shr r9, 0x2c
mov rax, 0x7ffffffffff
and r8, rax
add r9, r8
mov r8, r9
and r8, rax
mov [rdi + 0x8], r8
shr r9, 0x2b
and rcx, rax
add r9, rcx
mov [rdi + 0x10], r9
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
ret
