.intel_syntax noprefix
.text
.globl fiat_secp256k1_dettman_square
.type fiat_secp256k1_dettman_square, @function
fiat_secp256k1_dettman_square:
	mov qword ptr [rsp - 0x28], rbx
	mov qword ptr [rsp - 0x30], rbp
	mov qword ptr [rsp - 0x38], r12
	mov qword ptr [rsp - 0x40], r13
	mov qword ptr [rsp - 0x48], r14
	mov qword ptr [rsp - 0x50], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, rdx
	lea rdx, qword ptr [rdx + 1 * rdx]
	mov r9, qword ptr [rsi + 0x8]
	lea r9, qword ptr [r9 + 1 * r9]
	mulx r10, r11, qword ptr [rsi + 0x18]
	mov rcx, rdx
	mov rdx, r9
	mulx rbx, rbp, qword ptr [rsi + 0x10]
	add r11, rbp
	mov rdx, qword ptr [rsi + 0x20]
	mulx rbp, r12, rdx
	mov rdx, 0x1000003d10
	mulx r12, r13, r12
	adcx r10, rbx
	test al, al
	adox r11, r13
	adox r10, r12
	mov rbx, r11
	shrd rbx, r10, 0x34
	mov rdx, qword ptr [rsi + 0x20]
	mulx r10, r12, rcx
	mov r13, qword ptr [rsi + 0x10]
	lea r13, qword ptr [r13 + 1 * r13]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r14, r15, r9
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x8], r11
	mov qword ptr [rsp - 0x10], rax
	mulx r11, rax, rdx
	add r15, rax
	adcx r14, r11
	add r12, r15
	adcx r10, r14
	add rbx, r12
	mov rdx, rbp
	mov rax, 0x1000003d10000
	mulx r11, rbp, rax
	adc r10, 0x0
	add rbx, rbp
	adcx r10, r11
	mov r11, 0x34
	bzhi rdx, rbx, r11
	mov r11, rdx
	shr r11, 0x30
	mov rbp, rdx
	mov rdx, r13
	mulx r12, r14, qword ptr [rsi + 0x20]
	mov rdx, r9
	mulx r15, rax, qword ptr [rsi + 0x20]
	shrd rbx, r10, 0x34
	mov rdx, qword ptr [rsi + 0x8]
	mulx r9, r10, rcx
	mov rdx, r13
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x20], rbp
	mulx r12, rbp, qword ptr [rsi + 0x18]
	test al, al
	adox rax, rbp
	clc
	adcx rbx, rax
	adox r15, r12
	adc r15, 0x0
	mov rax, 0x34
	bzhi rdx, rbx, rax
	shl rdx, 0x4
	lea rax, qword ptr [r11 + 1 * rdx]
	mov rdx, rax
	mov r11, 0x1000003d1
	mulx rax, r11, r11
	add r8, r11
	adcx rax, qword ptr [rsp - 0x10]
	mov r11, r8
	mov rdx, 0xfffffffffffff
	and r11, rdx
	mov qword ptr [rdi], r11
	shrd r8, rax, 0x34
	add r8, r10
	adc r9, 0x0
	shrd rbx, r15, 0x34
	mov rdx, qword ptr [rsi + 0x18]
	mulx rax, r10, rdx
	add r14, r10
	adcx rax, qword ptr [rsp - 0x18]
	add rbx, r14
	adc rax, 0x0
	mov r10, 0xfffffffffffff
	and r10, rbx
	mov rdx, 0x1000003d10
	mulx r10, r11, r10
	add r8, r11
	adcx r9, r10
	mov r10, 0x34
	bzhi r11, r8, r10
	shrd r8, r9, 0x34
	mov rdx, rcx
	mulx r9, r10, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x8]
	mulx rcx, rbp, rdx
	mov qword ptr [rdi + 0x8], r11
	add r10, rbp
	adcx r9, rcx
	mov r11, 0x30
	bzhi rcx, qword ptr [rsp - 0x20], r11
	add r8, r10
	adc r9, 0x0
	shrd rbx, rax, 0x34
	mov rax, qword ptr [rsi + 0x18]
	lea rax, qword ptr [rax + 1 * rax]
	mov rdx, rax
	mulx r10, r11, qword ptr [rsi + 0x20]
	add rbx, r11
	mov rdx, rbx
	mov rax, 0x1000003d10
	mulx rax, r11, rax
	adc r10, 0x0
	test al, al
	adox r8, r11
	adox r9, rax
	mov rax, 0x34
	bzhi r11, r8, rax
	mov qword ptr [rdi + 0x10], r11
	shrd r8, r9, 0x34
	mov rax, 0x34
	bzhi r9, qword ptr [rsp - 0x8], rax
	add r9, r8
	mov rdx, r10
	mov rax, 0x1000003d10000
	mulx rax, r8, rax
	add r9, r8
	adc rax, 0x0
	mov r8, 0x34
	bzhi r10, r9, r8
	mov qword ptr [rdi + 0x18], r10
	shrd r9, rax, 0x34
	lea rax, qword ptr [rcx + 1 * r9]
	mov qword ptr [rdi + 0x20], rax
	mov rbx, qword ptr [rsp - 0x28]
	mov rbp, qword ptr [rsp - 0x30]
	mov r12, qword ptr [rsp - 0x38]
	mov r13, qword ptr [rsp - 0x40]
	mov r14, qword ptr [rsp - 0x48]
	mov r15, qword ptr [rsp - 0x50]
	ret
.size fiat_secp256k1_dettman_square, .-fiat_secp256k1_dettman_square
.section .note.GNU-stack,"",@progbits
