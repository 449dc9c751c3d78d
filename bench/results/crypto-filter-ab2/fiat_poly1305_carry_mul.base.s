.intel_syntax noprefix
.text
.globl fiat_poly1305_carry_mul
.type fiat_poly1305_carry_mul, @function
fiat_poly1305_carry_mul:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x20], r13
	mov rcx, rdx
	imul rax, qword ptr [rcx + 0x10], 0xa
	mov r8, qword ptr [rcx + 0x8]
	lea r9, qword ptr [r8 + 4 * r8]
	lea r10, qword ptr [r9 + 1 * r9]
	lea r9, qword ptr [r8 + 1 * r8]
	mov rdx, r10
	mulx r11, r8, qword ptr [rsi + 0x10]
	mov rdx, rax
	mulx r10, rbx, qword ptr [rsi + 0x8]
	test al, al
	adox rbx, r8
	mov rax, qword ptr [rcx + 0x10]
	lea r8, qword ptr [rax + 4 * rax]
	mov rdx, qword ptr [rsi + 0x10]
	mulx rax, rbp, r8
	mov rdx, qword ptr [rcx]
	mulx r8, r12, qword ptr [rsi + 0x8]
	adox r10, r11
	mulx r11, r13, qword ptr [rsi]
	add rbx, r13
	adcx r10, r11
	add r12, rbp
	mov rdx, qword ptr [rsi]
	mulx r11, rbp, qword ptr [rcx + 0x8]
	adcx r8, rax
	add rbp, r12
	adcx r11, r8
	mov rdx, qword ptr [rcx]
	mulx rax, r8, qword ptr [rsi + 0x10]
	mov rdx, rbx
	shrd rdx, r10, 0x2c
	mov r10, 0x2c
	bzhi rbx, rbx, r10
	test al, al
	adox rdx, rbp
	mov r10, rdx
	mov rdx, qword ptr [rcx + 0x10]
	mulx rbp, r12, qword ptr [rsi]
	mov rdx, 0x0
	adox r11, rdx
	mov rdx, qword ptr [rsi + 0x8]
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
	lea r9, qword ptr [r9 + 4 * r9]
	and r10, r8
	add rbx, r9
	mov r9, rbx
	shr r9, 0x2c
	lea rax, qword ptr [rax + 1 * r9]
	mov r9, rax
	shr r9, 0x2b
	and rax, r8
	mov qword ptr [rdi + 0x8], rax
	mov rax, 0xfffffffffff
	and rbx, rax
	mov qword ptr [rdi], rbx
	add r10, r9
	mov qword ptr [rdi + 0x10], r10
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	mov r13, qword ptr [rsp - 0x20]
	ret
.size fiat_poly1305_carry_mul, .-fiat_poly1305_carry_mul
.section .note.GNU-stack,"",@progbits
