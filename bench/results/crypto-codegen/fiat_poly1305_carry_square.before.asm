SECTION .text
	GLOBAL fiat_poly1305_carry_square
fiat_poly1305_carry_square:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
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
lea r11, [r10 + 1 * r10]
mov rdx, [rsi]
mulx rcx, rax, r11
mov r10, [rsi + 0x10]
lea rbx, [r10 + 4 * r10]
mov rdx, r10
mulx rbp, r12, rbx
add rax, r12
mov rbx, [rsi]
lea rbx, [rbx + 1 * rbx]
adcx rcx, rbp
add r9, rax
adc rcx, 0x0
mov rax, r9
shrd rax, rcx, 0x2b
mulx rcx, rbp, rbx
mov rdx, [rsi + 0x8]
mulx r10, rbx, r11
add rbp, rbx
adcx rcx, r10
add rax, rbp
adc rcx, 0x0
mov r10, rax
shrd r10, rcx, 0x2b
lea r10, [r10 + 4 * r10]
add r8, r10
mov r10, r8
mov r11, 0xfffffffffff
and r10, r11
mov [rdi], r10
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
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
ret
