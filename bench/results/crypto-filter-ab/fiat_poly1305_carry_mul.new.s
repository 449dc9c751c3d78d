.intel_syntax noprefix
.text
.globl fiat_poly1305_carry_mul
.type fiat_poly1305_carry_mul, @function
fiat_poly1305_carry_mul:
	mov qword ptr [rsp - 0x20], rbx
	mov qword ptr [rsp - 0x28], rbp
	mov qword ptr [rsp - 0x30], r12
	mov qword ptr [rsp - 0x38], r13
	mov qword ptr [rsp - 0x40], r14
	mov qword ptr [rsp - 0x48], r15
	mov rcx, rdx
	imul rax, qword ptr [rcx + 0x8], 0xa
	mov rdx, qword ptr [rsi]
	mulx r8, r9, qword ptr [rcx + 0x8]
	imul r10, qword ptr [rcx + 0x10], 0xa
	mov rdx, r10
	mulx r11, rbx, qword ptr [rsi + 0x8]
	mov rdx, rax
	mulx r10, rbp, qword ptr [rsi + 0x10]
	mov rax, qword ptr [rcx + 0x10]
	lea rdx, qword ptr [rax + 4 * rax]
	test al, al
	adox rbx, rbp
	mov rbp, qword ptr [rcx + 0x8]
	lea rbp, qword ptr [rbp + 1 * rbp]
	mov r12, rdx
	mov rdx, rbp
	mulx rax, r13, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbp, r14, qword ptr [rcx]
	mov rdx, r12
	mov qword ptr [rsp - 0x8], rax
	mulx r15, rax, qword ptr [rsi + 0x10]
	adox r11, r10
	mov rdx, qword ptr [rcx]
	mulx r10, r12, qword ptr [rsi]
	test al, al
	adox r12, rbx
	mov qword ptr [rsp - 0x10], r13
	mulx rbx, r13, qword ptr [rsi + 0x10]
	adox r10, r11
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp - 0x18], rbx
	mulx r11, rbx, qword ptr [rcx + 0x10]
	mov rdx, r12
	shrd rdx, r10, 0x2c
	add r9, rdx
	adc r8, 0x0
	add rax, r14
	adcx r15, rbp
	add r13, qword ptr [rsp - 0x10]
	mov r10, qword ptr [rsp - 0x8]
	adcx r10, qword ptr [rsp - 0x18]
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
	lea rax, qword ptr [rax + 4 * rax]
	mov r10, 0x2b
	bzhi r11, r13, r10
	lea rax, qword ptr [r12 + 1 * rax]
	mov r10, 0x7ffffffffff
	and r9, r10
	mov rdx, rax
	shr rdx, 0x2c
	lea r9, qword ptr [rdx + 1 * r9]
	mov rdx, 0x2b
	bzhi r10, r9, rdx
	mov qword ptr [rdi + 0x8], r10
	and r8, rax
	mov qword ptr [rdi], r8
	shr r9, 0x2b
	lea rax, qword ptr [r9 + 1 * r11]
	mov qword ptr [rdi + 0x10], rax
	mov rbx, qword ptr [rsp - 0x20]
	mov rbp, qword ptr [rsp - 0x28]
	mov r12, qword ptr [rsp - 0x30]
	mov r13, qword ptr [rsp - 0x38]
	mov r14, qword ptr [rsp - 0x40]
	mov r15, qword ptr [rsp - 0x48]
	ret
.size fiat_poly1305_carry_mul, .-fiat_poly1305_carry_mul
.section .note.GNU-stack,"",@progbits
