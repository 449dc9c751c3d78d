.intel_syntax noprefix
.text
.globl fiat_poly1305_carry_mul
.type fiat_poly1305_carry_mul, @function
fiat_poly1305_carry_mul:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x20], r13
	mov qword ptr [rsp - 0x28], r14
	mov rcx, rdx
	imul rax, qword ptr [rcx + 0x8], 0xa
	mov r8, qword ptr [rcx + 0x8]
	lea r9, qword ptr [r8 + 1 * r8]
	mov r10, qword ptr [rcx + 0x10]
	lea r11, qword ptr [r10 + 4 * r10]
	lea rdx, qword ptr [r11 + 1 * r11]
	lea r11, qword ptr [r10 + 4 * r10]
	mov r10, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mulx r8, rbx, rax
	mov rdx, qword ptr [rcx]
	mulx rax, rbp, qword ptr [rsi + 0x8]
	mov rdx, r11
	mulx r12, r13, qword ptr [rsi + 0x10]
	add r13, rbp
	mov rdx, qword ptr [rcx]
	mulx r11, rbp, qword ptr [rsi]
	adcx r12, rax
	mov rdx, r10
	mulx rax, r14, qword ptr [rsi + 0x8]
	add r14, rbp
	adcx rax, r11
	add r14, rbx
	adcx rax, r8
	mov rdx, qword ptr [rcx + 0x8]
	mulx r8, r10, qword ptr [rsi]
	mov r11, r14
	shrd r11, rax, 0x2c
	mov rax, 0xfffffffffff
	and r14, rax
	add r13, r10
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, rbx, qword ptr [rcx]
	adcx r12, r8
	add r13, r11
	mov rdx, qword ptr [rcx + 0x10]
	mulx r8, r11, qword ptr [rsi]
	adc r12, 0x0
	mov rdx, qword ptr [rsi + 0x8]
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
	lea r8, qword ptr [r11 + 4 * r11]
	and r9, r10
	lea r8, qword ptr [r14 + 1 * r8]
	mov r11, r8
	shr r11, 0x2c
	add r11, r13
	mov rdx, 0x2c
	bzhi rax, r8, rdx
	mov qword ptr [rdi], rax
	and r10, r11
	mov qword ptr [rdi + 0x8], r10
	shr r11, 0x2b
	add r11, r9
	mov qword ptr [rdi + 0x10], r11
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	mov r13, qword ptr [rsp - 0x20]
	mov r14, qword ptr [rsp - 0x28]
	ret
.size fiat_poly1305_carry_mul, .-fiat_poly1305_carry_mul
.section .note.GNU-stack,"",@progbits
