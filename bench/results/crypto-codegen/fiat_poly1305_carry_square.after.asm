SECTION .text
	GLOBAL fiat_poly1305_carry_square
fiat_poly1305_carry_square:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov [rsp - 0x20], r13
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
mov rbx, [rsi + 0x10]
lea rbp, [rbx + 4 * rbx]
mov rdx, rbx
mulx r12, r13, rbp
add rcx, r13
adcx r11, r12
add r8, rcx
adc r11, 0x0
mov rcx, r8
shrd rcx, r11, 0x2b
shl rbx, 0x1
mov rdx, [rsi]
mulx r11, rbp, rbx
mov rdx, [rsi + 0x8]
mulx rbx, r12, rax
add rbp, r12
adcx r11, rbx
add rcx, rbp
adc r11, 0x0
mov rax, rcx
shrd rax, r11, 0x2b
lea rax, [rax + 4 * rax]
add r9, rax
and r10, r9
mov [rdi], r10
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
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
ret
