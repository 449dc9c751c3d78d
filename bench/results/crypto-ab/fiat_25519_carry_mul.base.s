.intel_syntax noprefix
.text
.globl fiat_25519_carry_mul
.type fiat_25519_carry_mul, @function
fiat_25519_carry_mul:
	mov qword ptr [rsp - 0x28], rbx
	mov qword ptr [rsp - 0x30], rbp
	mov qword ptr [rsp - 0x38], r12
	mov qword ptr [rsp - 0x40], r13
	mov qword ptr [rsp - 0x48], r14
	mov qword ptr [rsp - 0x50], r15
	mov rcx, rdx
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rcx]
	imul r9, qword ptr [rcx + 0x20], 0x13
	mov rdx, qword ptr [rsi + 0x8]
	mulx r10, r11, r9
	imul rbx, qword ptr [rcx + 0x18], 0x13
	imul rbp, qword ptr [rcx + 0x10], 0x13
	mov rdx, rbp
	mulx r12, r13, qword ptr [rsi + 0x18]
	imul r14, qword ptr [rcx + 0x8], 0x13
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp - 0x8], rbp
	mulx r15, rbp, r14
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x10], r9
	mulx r14, r9, rbx
	add r13, rbp
	mov rbp, 0x0
	setc bpl
	add r9, r13
	mov r13, 0x0
	setc r13b
	bt rbp, 0x0
	adcx r12, r15
	bt r13, 0x0
	adcx r14, r12
	add r11, r9
	adcx r10, r14
	add r8, r11
	adcx rax, r10
	mov r9, r8
	mov r10, 0x7ffffffffffff
	and r9, r10
	shrd r8, rax, 0x33
	mov rdx, qword ptr [rsi]
	mulx rax, r11, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbp, r12, qword ptr [rcx]
	mov rdx, qword ptr [rsi + 0x10]
	mulx r13, r14, qword ptr [rsp - 0x10]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r15, r10, rbx
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp - 0x18], r9
	mov qword ptr [rsp - 0x20], rbx
	mulx r9, rbx, qword ptr [rsp - 0x8]
	add r10, rbx
	adcx r15, r9
	add r14, r10
	adcx r13, r15
	add r12, r14
	adcx rbp, r13
	add r11, r12
	adcx rax, rbp
	add r8, r11
	mov r9, 0x0
	adcx rax, r9
	mov r10, r8
	shrd r10, rax, 0x33
	mov rdx, qword ptr [rsp - 0x10]
	mulx rax, r11, qword ptr [rsi + 0x18]
	mov rdx, qword ptr [rsi]
	mulx rbx, rbp, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r12, r13, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rsi + 0x10]
	mulx r14, r15, qword ptr [rcx]
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp - 0x8], r8
	mulx r8, r9, qword ptr [rsp - 0x20]
	add r11, r9
	mov r9, 0x0
	setc r9b
	add r15, r11
	mov r11, 0x0
	setc r11b
	bt r9, 0x0
	adcx rax, r8
	bt r11, 0x0
	adcx r14, rax
	add r13, r15
	adcx r12, r14
	add rbp, r13
	adcx rbx, r12
	test al, al
	adox r10, rbp
	mov rax, 0x0
	adox rbx, rax
	mov r8, r10
	shrd r8, rbx, 0x33
	mov rdx, qword ptr [rcx + 0x18]
	mulx r9, r11, qword ptr [rsi]
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbx, rbp, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rsi + 0x10]
	mulx r12, r13, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r14, r15, qword ptr [rcx]
	mov rdx, qword ptr [rsp - 0x10]
	mov qword ptr [rsp - 0x20], r10
	mulx r10, rax, qword ptr [rsi + 0x20]
	test al, al
	adox r15, rax
	adox r14, r10
	add r13, r15
	adcx r12, r14
	add rbp, r13
	adcx rbx, r12
	add r11, rbp
	adcx r9, rbx
	add r8, r11
	mov rax, 0x0
	adcx r9, rax
	mov rdx, r8
	shrd rdx, r9, 0x33
	mov r9, rdx
	mov rdx, qword ptr [rsi]
	mulx r10, r11, qword ptr [rcx + 0x20]
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbx, rbp, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rsi + 0x10]
	mulx r12, r13, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rcx + 0x8]
	mulx r14, r15, qword ptr [rsi + 0x18]
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp - 0x10], r8
	mulx r8, rax, qword ptr [rcx]
	add r15, rax
	adcx r14, r8
	add r13, r15
	adcx r12, r14
	add rbp, r13
	adcx rbx, r12
	add r11, rbp
	adcx r10, rbx
	add r9, r11
	mov rax, 0x0
	adcx r10, rax
	mov rax, r9
	shrd rax, r10, 0x33
	imul rdx, rax, 0x13
	add rdx, qword ptr [rsp - 0x18]
	mov rax, rdx
	mov r8, 0x7ffffffffffff
	and rax, r8
	mov qword ptr [rdi], rax
	mov rax, qword ptr [rsp - 0x8]
	and rax, r8
	and r9, r8
	mov qword ptr [rdi + 0x20], r9
	shr rdx, 0x33
	add rdx, rax
	mov rax, rdx
	and rax, r8
	mov qword ptr [rdi + 0x8], rax
	shr rdx, 0x33
	and rdx, 0x1
	and rdx, 0x1
	mov rax, qword ptr [rsp - 0x20]
	and rax, r8
	and rdx, 0x1
	and r8, qword ptr [rsp - 0x10]
	mov qword ptr [rdi + 0x18], r8
	add rdx, rax
	mov qword ptr [rdi + 0x10], rdx
	mov rbx, qword ptr [rsp - 0x28]
	mov rbp, qword ptr [rsp - 0x30]
	mov r12, qword ptr [rsp - 0x38]
	mov r13, qword ptr [rsp - 0x40]
	mov r14, qword ptr [rsp - 0x48]
	mov r15, qword ptr [rsp - 0x50]
	ret
.size fiat_25519_carry_mul, .-fiat_25519_carry_mul
.section .note.GNU-stack,"",@progbits
