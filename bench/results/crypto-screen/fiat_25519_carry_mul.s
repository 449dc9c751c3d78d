.intel_syntax noprefix
.text
.globl fiat_25519_carry_mul
.type fiat_25519_carry_mul, @function
fiat_25519_carry_mul:
	mov qword ptr [rsp - 0x58], rbx
	mov qword ptr [rsp - 0x60], rbp
	mov qword ptr [rsp - 0x68], r12
	mov qword ptr [rsp - 0x70], r13
	mov qword ptr [rsp - 0x78], r14
	mov qword ptr [rsp - 0x80], r15
	mov rcx, rdx
	imul rax, qword ptr [rcx + 0x20], 0x13
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, r9, rax
	imul r10, qword ptr [rcx + 0x8], 0x13
	mov rdx, qword ptr [rsi + 0x20]
	mulx r10, r11, r10
	test al, al
	adox r9, r11
	adox r8, r10
	imul r10, qword ptr [rcx + 0x18], 0x13
	mov rdx, r10
	mulx r11, rbx, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rcx + 0x8]
	mulx rbp, r12, qword ptr [rsi + 0x18]
	mov rdx, qword ptr [rcx + 0x10]
	lea r13, qword ptr [rdx + 8 * rdx]
	lea r13, qword ptr [rdx + 2 * r13]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r14, r15, r13
	add rbx, r15
	adcx r11, r14
	mov rdx, qword ptr [rcx]
	mulx r14, r15, qword ptr [rsi]
	test al, al
	adox rbx, r15
	adox r11, r14
	test al, al
	adox r9, rbx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbx, r14, qword ptr [rcx + 0x8]
	adox r8, r11
	mov rdx, qword ptr [rsi]
	mulx r11, r15, qword ptr [rcx + 0x10]
	mov rdx, 0x33
	mov qword ptr [rsp - 0x8], rbp
	bzhi rbp, r9, rdx
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mulx rbp, r12, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x20], rbp
	mov qword ptr [rsp - 0x28], r12
	mulx rbp, r12, qword ptr [rcx]
	mov qword ptr [rsp - 0x30], rbp
	mov qword ptr [rsp - 0x38], r12
	mulx rbp, r12, r10
	shrd r9, r8, 0x33
	mov rdx, qword ptr [rsi + 0x20]
	mulx r8, r10, r10
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x40], rbx
	mov qword ptr [rsp - 0x48], r11
	mulx rbx, r11, rax
	test al, al
	adox r9, r12
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp - 0x50], rax
	mulx r12, rax, qword ptr [rcx + 0x8]
	clc
	adcx r9, r11
	mov rdx, qword ptr [rsi + 0x20]
	mulx r11, r13, r13
	mov rdx, 0x0
	adox rbp, rdx
	adcx rbp, rbx
	test al, al
	adox r9, rax
	clc
	adcx r9, r13
	mov rdx, qword ptr [rsi + 0x8]
	mulx rax, rbx, qword ptr [rcx]
	adox rbp, r12
	adcx rbp, r11
	test al, al
	adox r9, rbx
	adox rbp, rax
	mov rax, r9
	shrd rax, rbp, 0x33
	add rax, r10
	adc r8, 0x0
	test al, al
	adox rax, r14
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, r11, qword ptr [rcx]
	clc
	adcx r11, r15
	adcx r10, qword ptr [rsp - 0x48]
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, rbp, qword ptr [rsp - 0x50]
	clc
	adcx r11, rbp
	adcx r10, rbx
	clc
	adcx rax, r11
	adox r8, qword ptr [rsp - 0x40]
	mov rdx, qword ptr [rcx + 0x20]
	mulx r11, rbx, qword ptr [rsi]
	adcx r8, r10
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, rbp, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rcx + 0x18]
	mulx r12, r13, qword ptr [rsi]
	mov rdx, qword ptr [rsi + 0x20]
	mulx r14, r15, qword ptr [rsp - 0x50]
	add r15, qword ptr [rsp - 0x38]
	adcx r14, qword ptr [rsp - 0x30]
	add rbp, r15
	adcx r10, r14
	add rbp, qword ptr [rsp - 0x28]
	adcx r10, qword ptr [rsp - 0x20]
	mov r14, rax
	shrd r14, r8, 0x33
	add r13, rbp
	adcx r12, r10
	add r14, r13
	adc r12, 0x0
	mov r8, 0x33
	bzhi r10, r14, r8
	shrd r14, r12, 0x33
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, rbp, qword ptr [rcx + 0x18]
	mov qword ptr [rdi + 0x18], r10
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, r12, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rcx]
	mulx r13, r15, qword ptr [rsi + 0x20]
	add r15, qword ptr [rsp - 0x18]
	adcx r13, qword ptr [rsp - 0x8]
	add r12, r15
	adcx r10, r13
	add rbp, r12
	adcx r8, r10
	add rbx, rbp
	adcx r11, r8
	add r14, rbx
	adc r11, 0x0
	mov r8, r14
	shrd r8, r11, 0x33
	lea r10, qword ptr [r8 + 8 * r8]
	lea r10, qword ptr [r8 + 2 * r10]
	add r10, qword ptr [rsp - 0x10]
	mov r8, r10
	shr r8, 0x33
	mov r11, 0x7ffffffffffff
	and r10, r11
	mov qword ptr [rdi], r10
	and r14, r11
	mov qword ptr [rdi + 0x20], r14
	and r9, r11
	lea r8, qword ptr [r9 + 1 * r8]
	mov r9, r8
	shr r9, 0x33
	and r8, r11
	mov qword ptr [rdi + 0x8], r8
	and r11, rax
	add r9, r11
	mov qword ptr [rdi + 0x10], r9
	mov rbx, qword ptr [rsp - 0x58]
	mov rbp, qword ptr [rsp - 0x60]
	mov r12, qword ptr [rsp - 0x68]
	mov r13, qword ptr [rsp - 0x70]
	mov r14, qword ptr [rsp - 0x78]
	mov r15, qword ptr [rsp - 0x80]
	ret
.size fiat_25519_carry_mul, .-fiat_25519_carry_mul
.section .note.GNU-stack,"",@progbits
