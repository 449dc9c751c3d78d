SECTION .text
	GLOBAL fiat_poly1305_carry_mul
fiat_poly1305_carry_mul:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov [rsp - 0x20], r13
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx]
imul r9, [rcx + 0x10], 0xa
imul r10, [rcx + 0x8], 0xa
mov rdx, r10
mulx r11, rbx, [rsi + 0x10]
mov rdx, [rsi + 0x8]
mulx r9, r10, r9
add r10, rbx
adcx r9, r11
add r8, r10
adcx rax, r9
mov r9, 0x2c
bzhi r10, r8, r9
shrd r8, rax, 0x2c
mov rdx, [rsi]
mulx rax, r9, [rcx + 0x8]
mov r11, [rcx + 0x10]
lea r11, [r11 + 4 * r11]
mov rdx, [rcx]
mulx rbx, rbp, [rsi + 0x8]
mov rdx, [rsi + 0x10]
mulx r11, r12, r11
add rbp, r12
adcx rbx, r11
add r9, rbp
adcx rax, rbx
add r8, r9
adc rax, 0x0
mov r9, r8
shrd r9, rax, 0x2b
mov rdx, [rcx + 0x10]
mulx rax, r11, [rsi]
mov rdx, [rcx + 0x8]
lea rdx, [rdx + 1 * rdx]
mulx rbx, rbp, [rsi + 0x8]
mov rdx, [rsi + 0x10]
mulx r12, r13, [rcx]
add rbp, r13
adcx rbx, r12
add r11, rbp
adcx rax, rbx
add r9, r11
adc rax, 0x0
mov r11, r9
shrd r11, rax, 0x2b
lea r11, [r11 + 4 * r11]
add r10, r11
mov rax, 0x2c
bzhi r11, r10, rax
mov [rdi], r11
shr r10, 0x2c
mov rax, 0x7ffffffffff
and r8, rax
add r10, r8
mov r8, r10
and r8, rax
mov [rdi + 0x8], r8
shr r10, 0x2b
and rax, r9
add r10, rax
mov [rdi + 0x10], r10
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
ret
