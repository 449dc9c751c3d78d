SECTION .text
	GLOBAL fiat_poly1305_carry_mul
fiat_poly1305_carry_mul:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov [rsp - 0x20], r13
mov rcx, rdx
imul rax, [rcx + 0x10], 0xa
mov r8, [rcx + 0x8]
lea r9, [r8 + 4 * r8]
lea r10, [r9 + 1 * r9]
lea r9, [r8 + 1 * r8]
mov rdx, r10
mulx r11, r8, [rsi + 0x10]
mov rdx, rax
mulx r10, rbx, [rsi + 0x8]
test al, al
adox rbx, r8
mov rax, [rcx + 0x10]
lea r8, [rax + 4 * rax]
mov rdx, [rsi + 0x10]
mulx rax, rbp, r8
mov rdx, [rcx]
mulx r8, r12, [rsi + 0x8]
adox r10, r11
mulx r11, r13, [rsi]
add rbx, r13
adcx r10, r11
add r12, rbp
mov rdx, [rsi]
mulx r11, rbp, [rcx + 0x8]
adcx r8, rax
add rbp, r12
adcx r11, r8
mov rdx, [rcx]
mulx rax, r8, [rsi + 0x10]
mov rdx, rbx
shrd rdx, r10, 0x2c
mov r10, 0x2c
bzhi rbx, rbx, r10
test al, al
adox rdx, rbp
mov r10, rdx
mov rdx, [rcx + 0x10]
mulx rbp, r12, [rsi]
mov rdx, 0x0
adox r11, rdx
mov rdx, [rsi + 0x8]
mulx rcx, r13, r9
add r13, r8
adcx rcx, rax
mov rax, r10
mov r8, 0x7ffffffffff
and rax, r8
add r12, r13
adcx rbp, rcx
shrd r10, r11, 0x2b
add r10, r12
adc rbp, 0x0
mov r9, r10
shrd r9, rbp, 0x2b
lea r9, [r9 + 4 * r9]
and r10, r8
add rbx, r9
mov r9, rbx
shr r9, 0x2c
lea rax, [rax + 1 * r9]
mov r9, rax
shr r9, 0x2b
and rax, r8
mov [rdi + 0x8], rax
mov rax, 0xfffffffffff
and rbx, rax
mov [rdi], rbx
add r10, r9
mov [rdi + 0x10], r10
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
ret
