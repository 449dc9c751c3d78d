SECTION .text
	GLOBAL fiat_poly1305_carry_mul
fiat_poly1305_carry_mul:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov [rsp - 0x20], r13
mov [rsp - 0x28], r14
mov rcx, rdx
imul rax, [rcx + 0x8], 0xa
mov r8, [rcx + 0x8]
lea r9, [r8 + 1 * r8]
mov r10, [rcx + 0x10]
lea r11, [r10 + 4 * r10]
lea rdx, [r11 + 1 * r11]
lea r11, [r10 + 4 * r10]
mov r10, rdx
mov rdx, [rsi + 0x10]
mulx r8, rbx, rax
mov rdx, [rcx]
mulx rax, rbp, [rsi + 0x8]
mov rdx, r11
mulx r12, r13, [rsi + 0x10]
add r13, rbp
mov rdx, [rcx]
mulx r11, rbp, [rsi]
adcx r12, rax
mov rdx, r10
mulx rax, r14, [rsi + 0x8]
add r14, rbp
adcx rax, r11
add r14, rbx
adcx rax, r8
mov rdx, [rcx + 0x8]
mulx r8, r10, [rsi]
mov r11, r14
shrd r11, rax, 0x2c
mov rax, 0xfffffffffff
and r14, rax
add r13, r10
mov rdx, [rsi + 0x10]
mulx r10, rbx, [rcx]
adcx r12, r8
add r13, r11
mov rdx, [rcx + 0x10]
mulx r8, r11, [rsi]
adc r12, 0x0
mov rdx, [rsi + 0x8]
mulx rcx, rbp, r9
add rbp, rbx
adcx rcx, r10
mov r9, r13
shrd r9, r12, 0x2b
mov r10, 0x7ffffffffff
and r13, r10
test al, al
adox r11, rbp
clc
adcx r9, r11
adox r8, rcx
adc r8, 0x0
mov r11, r9
shrd r11, r8, 0x2b
lea r8, [r11 + 4 * r11]
and r9, r10
lea r8, [r14 + 1 * r8]
mov r11, r8
shr r11, 0x2c
add r11, r13
mov rdx, 0x2c
bzhi rax, r8, rdx
mov [rdi], rax
and r10, r11
mov [rdi + 0x8], r10
shr r11, 0x2b
add r11, r9
mov [rdi + 0x10], r11
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
mov r14, [rsp - 0x28]
ret
