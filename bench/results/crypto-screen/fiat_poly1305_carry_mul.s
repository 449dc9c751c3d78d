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
	imul rax, qword ptr [rcx + 0x10], 0xa
	mov r8, qword ptr [rcx + 0x10]
	lea r8, qword ptr [r8 + 4 * r8]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r9, r10, qword ptr [rcx]
	mulx rax, r11, rax
	mov rdx, qword ptr [rsi]
	mulx rbx, rbp, qword ptr [rcx]
	mov rdx, qword ptr [rcx + 0x8]
	lea r12, qword ptr [rdx + 4 * rdx]
	lea r12, qword ptr [r12 + 1 * r12]
	mov rdx, qword ptr [rsi + 0x10]
	mulx r12, r13, r12
	test al, al
	adox r11, r13
	mov rdx, qword ptr [rcx + 0x8]
	mulx r13, r14, qword ptr [rsi]
	clc
	adcx rbp, r11
	lea rdx, qword ptr [rdx + 1 * rdx]
	adox rax, r12
	adcx rbx, rax
	test al, al
	adox r14, r10
	adox r13, r9
	mov r9, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mulx rax, r8, r8
	mov r10, rbp
	shrd r10, rbx, 0x2c
	add r8, r10
	adc rax, 0x0
	add r14, r8
	adcx r13, rax
	mov rax, r14
	shrd rax, r13, 0x2b
	mov rdx, qword ptr [rcx + 0x10]
	mulx r8, r10, qword ptr [rsi]
	add r10, rax
	adc r8, 0x0
	mov rax, 0xfffffffffff
	and rbp, rax
	mov r11, 0x7ffffffffff
	and r14, r11
	mov rdx, qword ptr [rsi + 0x8]
	mulx r9, rbx, r9
	mov rdx, qword ptr [rsi + 0x10]
	mulx r12, r13, qword ptr [rcx]
	add rbx, r13
	adcx r9, r12
	add rbx, r10
	adcx r9, r8
	mov r8, rbx
	and r8, r11
	shrd rbx, r9, 0x2b
	lea rbx, qword ptr [rbx + 4 * rbx]
	add rbp, rbx
	mov r9, rbp
	shr r9, 0x2c
	and rax, rbp
	mov qword ptr [rdi], rax
	add r9, r14
	mov rax, r9
	shr rax, 0x2b
	and r11, r9
	mov qword ptr [rdi + 0x8], r11
	add rax, r8
	mov qword ptr [rdi + 0x10], rax
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	mov r13, qword ptr [rsp - 0x20]
	mov r14, qword ptr [rsp - 0x28]
	ret
.size fiat_poly1305_carry_mul, .-fiat_poly1305_carry_mul
.section .note.GNU-stack,"",@progbits
