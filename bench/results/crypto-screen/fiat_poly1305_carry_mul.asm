SECTION .text
	GLOBAL fiat_poly1305_carry_mul
fiat_poly1305_carry_mul:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov [rsp - 0x20], r13
mov [rsp - 0x28], r14
mov rcx, rdx
imul rax, [rcx + 0x10], 0xa
mov r8, [rcx + 0x10]
lea r8, [r8 + 4 * r8]
mov rdx, [rsi + 0x8]
mulx r9, r10, [rcx]
mulx rax, r11, rax
mov rdx, [rsi]
mulx rbx, rbp, [rcx]
mov rdx, [rcx + 0x8]
lea r12, [rdx + 4 * rdx]
lea r12, [r12 + 1 * r12]
mov rdx, [rsi + 0x10]
mulx r12, r13, r12
test al, al
adox r11, r13
mov rdx, [rcx + 0x8]
mulx r13, r14, [rsi]
clc
adcx rbp, r11
lea rdx, [rdx + 1 * rdx]
adox rax, r12
adcx rbx, rax
test al, al
adox r14, r10
adox r13, r9
mov r9, rdx
mov rdx, [rsi + 0x10]
mulx rax, r8, r8
mov r10, rbp
shrd r10, rbx, 0x2c
add r8, r10
adc rax, 0x0
add r14, r8
adcx r13, rax
mov rax, r14
shrd rax, r13, 0x2b
mov rdx, [rcx + 0x10]
mulx r8, r10, [rsi]
add r10, rax
adc r8, 0x0
mov rax, 0xfffffffffff
and rbp, rax
mov r11, 0x7ffffffffff
and r14, r11
mov rdx, [rsi + 0x8]
mulx r9, rbx, r9
mov rdx, [rsi + 0x10]
mulx r12, r13, [rcx]
add rbx, r13
adcx r9, r12
add rbx, r10
adcx r9, r8
mov r8, rbx
and r8, r11
shrd rbx, r9, 0x2b
lea rbx, [rbx + 4 * rbx]
add rbp, rbx
mov r9, rbp
shr r9, 0x2c
and rax, rbp
mov [rdi], rax
add r9, r14
mov rax, r9
shr rax, 0x2b
and r11, r9
mov [rdi + 0x8], r11
add rax, r8
mov [rdi + 0x10], rax
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
mov r14, [rsp - 0x28]
ret
