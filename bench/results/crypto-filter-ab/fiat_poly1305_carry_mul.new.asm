SECTION .text
	GLOBAL fiat_poly1305_carry_mul
fiat_poly1305_carry_mul:
mov [rsp - 0x20], rbx
mov [rsp - 0x28], rbp
mov [rsp - 0x30], r12
mov [rsp - 0x38], r13
mov [rsp - 0x40], r14
mov [rsp - 0x48], r15
mov rcx, rdx
imul rax, [rcx + 0x8], 0xa
mov rdx, [rsi]
mulx r8, r9, [rcx + 0x8]
imul r10, [rcx + 0x10], 0xa
mov rdx, r10
mulx r11, rbx, [rsi + 0x8]
mov rdx, rax
mulx r10, rbp, [rsi + 0x10]
mov rax, [rcx + 0x10]
lea rdx, [rax + 4 * rax]
test al, al
adox rbx, rbp
mov rbp, [rcx + 0x8]
lea rbp, [rbp + 1 * rbp]
mov r12, rdx
mov rdx, rbp
mulx rax, r13, [rsi + 0x8]
mov rdx, [rsi + 0x8]
mulx rbp, r14, [rcx]
mov rdx, r12
mov [rsp - 0x8], rax
mulx r15, rax, [rsi + 0x10]
adox r11, r10
mov rdx, [rcx]
mulx r10, r12, [rsi]
test al, al
adox r12, rbx
mov [rsp - 0x10], r13
mulx rbx, r13, [rsi + 0x10]
adox r10, r11
mov rdx, [rsi]
mov [rsp - 0x18], rbx
mulx r11, rbx, [rcx + 0x10]
mov rdx, r12
shrd rdx, r10, 0x2c
add r9, rdx
adc r8, 0x0
add rax, r14
adcx r15, rbp
add r13, [rsp - 0x10]
mov r10, [rsp - 0x8]
adcx r10, [rsp - 0x18]
add r9, rax
adcx r8, r15
mov rax, r9
shrd rax, r8, 0x2b
add rbx, rax
adc r11, 0x0
add r13, rbx
adcx r10, r11
mov rax, r13
shrd rax, r10, 0x2b
mov r8, 0xfffffffffff
and r12, r8
lea rax, [rax + 4 * rax]
mov r10, 0x2b
bzhi r11, r13, r10
lea rax, [r12 + 1 * rax]
mov r10, 0x7ffffffffff
and r9, r10
mov rdx, rax
shr rdx, 0x2c
lea r9, [rdx + 1 * r9]
mov rdx, 0x2b
bzhi r10, r9, rdx
mov [rdi + 0x8], r10
and r8, rax
mov [rdi], r8
shr r9, 0x2b
lea rax, [r9 + 1 * r11]
mov [rdi + 0x10], rax
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
