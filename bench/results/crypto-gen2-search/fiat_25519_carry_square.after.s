.intel_syntax noprefix
.text
.globl fiat_25519_carry_square
.type fiat_25519_carry_square, @function
fiat_25519_carry_square:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x20], r13
	mov qword ptr [rsp - 0x28], r14
	mov qword ptr [rsp - 0x30], r15
	imul rax, qword ptr [rsi + 0x20], 0x26
	mov rdx, qword ptr [rsi]
	mulx r8, r9, rdx
	imul r10, qword ptr [rsi + 0x18], 0x13
	imul r11, qword ptr [rsi + 0x18], 0x26
	mov rdx, qword ptr [rsi + 0x8]
	mulx rcx, rbx, rax
	mov rdx, qword ptr [rsi]
	shl rdx, 0x1
	mov rbp, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mulx r11, r12, r11
	lea rdx, qword ptr [rdx + 1 * rdx]
	add rbx, r12
	adcx rcx, r11
	add r9, rbx
	mov r11, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mulx rbx, r12, rax
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, r13, r10
	adcx r8, rcx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rcx, r14, r11
	test al, al
	adox r12, r13
	mulx rbp, r13, rbp
	adox rbx, r10
	add r13, r12
	mov rdx, qword ptr [rsi]
	mulx r10, r11, r11
	adcx rbp, rbx
	mov rbx, r9
	shrd rbx, r8, 0x33
	add rbx, r13
	adc rbp, 0x0
	mov r8, 0x1
	shlx r12, qword ptr [rsi + 0x18], r8
	mov rdx, rax
	mulx r8, r13, qword ptr [rsi + 0x18]
	mov rdx, qword ptr [rsi + 0x8]
	mulx rax, r15, rdx
	mov rdx, rbx
	shrd rdx, rbp, 0x33
	mov rbp, 0x7ffffffffffff
	and r9, rbp
	add r15, r13
	adcx rax, r8
	add r11, r15
	adcx r10, rax
	add rdx, r11
	adc r10, 0x0
	mov rax, rdx
	shrd rax, r10, 0x33
	imul r8, qword ptr [rsi + 0x20], 0x13
	mov r10, rdx
	mov rdx, r12
	mulx r11, r13, qword ptr [rsi]
	mov rdx, qword ptr [rsi + 0x20]
	mulx r8, r15, r8
	add r15, r14
	adcx r8, rcx
	add r15, r13
	adcx r8, r11
	add r15, rax
	adc r8, 0x0
	mov rax, 0x7ffffffffffff
	and rax, r15
	mov qword ptr [rdi + 0x18], rax
	shrd r15, r8, 0x33
	shl rdx, 0x1
	and r10, rbp
	mov r8, rdx
	mov rdx, r12
	mulx rax, r11, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi + 0x10]
	mulx rcx, r12, rdx
	mov rdx, qword ptr [rsi]
	mulx r8, rsi, r8
	and rbx, rbp
	add rsi, r12
	adcx r8, rcx
	add rsi, r11
	adcx r8, rax
	add rsi, r15
	adc r8, 0x0
	mov rax, rsi
	and rax, rbp
	mov qword ptr [rdi + 0x20], rax
	shrd rsi, r8, 0x33
	imul rsi, rsi, 0x13
	add r9, rsi
	mov rax, r9
	and rax, rbp
	mov qword ptr [rdi], rax
	shr r9, 0x33
	lea rax, qword ptr [r9 + 1 * rbx]
	mov r8, rax
	shr r8, 0x33
	add r8, r10
	mov qword ptr [rdi + 0x10], r8
	and rax, rbp
	mov qword ptr [rdi + 0x8], rax
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	mov r13, qword ptr [rsp - 0x20]
	mov r14, qword ptr [rsp - 0x28]
	mov r15, qword ptr [rsp - 0x30]
	ret
.size fiat_25519_carry_square, .-fiat_25519_carry_square
.section .note.GNU-stack,"",@progbits
