.intel_syntax noprefix
.text
.globl fiat_25519_carry_mul
.type fiat_25519_carry_mul, @function
fiat_25519_carry_mul:
	mov qword ptr [rsp - 0x40], rbx
	mov qword ptr [rsp - 0x48], rbp
	mov qword ptr [rsp - 0x50], r12
	mov qword ptr [rsp - 0x58], r13
	mov qword ptr [rsp - 0x60], r14
	mov qword ptr [rsp - 0x68], r15
	mov rcx, rdx
	imul rax, qword ptr [rcx + 0x20], 0x13
	imul rdx, qword ptr [rcx + 0x18], 0x13
	imul r8, qword ptr [rcx + 0x10], 0x13
	mulx r9, r10, qword ptr [rsi + 0x10]
	imul r11, qword ptr [rcx + 0x8], 0x13
	mov rbx, rdx
	mov rdx, qword ptr [rsi + 0x20]
	mulx rbp, r12, r11
	mov rdx, r8
	mulx r11, r13, qword ptr [rsi + 0x18]
	test al, al
	adox r13, r12
	adox r11, rbp
	mov rdx, qword ptr [rsi]
	mulx rbp, r12, qword ptr [rcx]
	add r10, r13
	mov rdx, qword ptr [rsi + 0x8]
	mulx r13, r14, rax
	adcx r9, r11
	add r14, r10
	adcx r13, r9
	add r12, r14
	mulx r9, r10, qword ptr [rcx]
	mov rdx, rax
	mulx r11, r14, qword ptr [rsi + 0x10]
	adcx rbp, r13
	mov rdx, qword ptr [rsi + 0x18]
	mulx r13, r15, rbx
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp - 0x8], rax
	mov qword ptr [rsp - 0x10], r9
	mulx rax, r9, r8
	mov qword ptr [rsp - 0x18], r10
	mulx r8, r10, rbx
	mov rbx, r12
	mov rdx, 0x7ffffffffffff
	and rbx, rdx
	add r15, r9
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp - 0x20], rbx
	mulx r9, rbx, qword ptr [rcx + 0x18]
	adcx r13, rax
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x28], r9
	mulx rax, r9, qword ptr [rcx + 0x10]
	test al, al
	adox r14, r15
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp - 0x30], rbx
	mulx r15, rbx, qword ptr [rcx + 0x8]
	adox r11, r13
	shrd r12, rbp, 0x33
	test al, al
	adox r14, qword ptr [rsp - 0x18]
	adox r11, qword ptr [rsp - 0x10]
	add rbx, r14
	adcx r15, r11
	test al, al
	adox r12, rbx
	mov r11, 0x0
	adox r15, r11
	mov rbx, r12
	shrd rbx, r15, 0x33
	mulx rbp, r13, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rcx + 0x8]
	mulx r14, r15, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rcx]
	mov qword ptr [rsp - 0x10], r12
	mov qword ptr [rsp - 0x18], rax
	mulx r12, rax, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x38], r9
	mulx r9, r11, qword ptr [rsp - 0x8]
	test al, al
	adox r11, r10
	clc
	adcx rax, r11
	adox r9, r8
	mov rdx, qword ptr [rsp - 0x8]
	mulx r8, r10, qword ptr [rsi + 0x20]
	adcx r12, r9
	add r15, rax
	adcx r14, r12
	test al, al
	adox r13, r15
	clc
	adcx rbx, r13
	adox rbp, r14
	mov rax, 0x0
	adcx rbp, rax
	mov rdx, qword ptr [rcx]
	mulx r9, r11, qword ptr [rsi + 0x20]
	mulx r12, r13, qword ptr [rsi + 0x18]
	add r13, r10
	mov rdx, qword ptr [rcx + 0x8]
	mulx r10, r14, qword ptr [rsi + 0x10]
	adcx r12, r8
	test al, al
	adox r14, r13
	adox r10, r12
	add r14, qword ptr [rsp - 0x38]
	adcx r10, qword ptr [rsp - 0x18]
	test al, al
	adox r14, qword ptr [rsp - 0x30]
	adox r10, qword ptr [rsp - 0x28]
	mov rdx, qword ptr [rcx + 0x10]
	mulx r8, r12, qword ptr [rsi + 0x10]
	mov rdx, rbx
	shrd rdx, rbp, 0x33
	add rdx, r14
	mov rbp, rdx
	mov rdx, qword ptr [rcx + 0x8]
	mulx r13, r14, qword ptr [rsi + 0x18]
	adcx r10, rax
	mov rdx, rbp
	shrd rdx, r10, 0x33
	add r14, r11
	mov r10, rdx
	mov rdx, qword ptr [rsi + 0x8]
	mulx r11, r15, qword ptr [rcx + 0x18]
	adcx r13, r9
	add r12, r14
	adcx r8, r13
	add r15, r12
	adcx r11, r8
	mov rdx, qword ptr [rsi]
	mulx r8, r9, qword ptr [rcx + 0x20]
	add r9, r15
	adcx r8, r11
	add r10, r9
	adcx rax, r8
	mov rdx, r10
	shrd rdx, rax, 0x33
	imul rax, rdx, 0x13
	add rax, qword ptr [rsp - 0x20]
	mov rdx, rax
	shr rdx, 0x33
	mov r8, 0x7ffffffffffff
	and r10, r8
	mov qword ptr [rdi + 0x20], r10
	mov r9, 0x7ffffffffffff
	and r9, qword ptr [rsp - 0x10]
	add r9, rdx
	mov rdx, r9
	shr rdx, 0x33
	and rax, r8
	mov qword ptr [rdi], rax
	and rdx, 0x1
	and r9, r8
	mov qword ptr [rdi + 0x8], r9
	and rdx, 0x1
	and rbp, r8
	mov qword ptr [rdi + 0x18], rbp
	and rdx, 0x1
	and rbx, r8
	add rdx, rbx
	mov qword ptr [rdi + 0x10], rdx
	mov rbx, qword ptr [rsp - 0x40]
	mov rbp, qword ptr [rsp - 0x48]
	mov r12, qword ptr [rsp - 0x50]
	mov r13, qword ptr [rsp - 0x58]
	mov r14, qword ptr [rsp - 0x60]
	mov r15, qword ptr [rsp - 0x68]
	ret
.size fiat_25519_carry_mul, .-fiat_25519_carry_mul
.section .note.GNU-stack,"",@progbits
