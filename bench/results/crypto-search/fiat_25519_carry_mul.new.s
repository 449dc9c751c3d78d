.intel_syntax noprefix
.text
.globl fiat_25519_carry_mul
.type fiat_25519_carry_mul, @function
fiat_25519_carry_mul:
	mov qword ptr [rsp - 0x50], rbx
	mov qword ptr [rsp - 0x58], rbp
	mov qword ptr [rsp - 0x60], r12
	mov qword ptr [rsp - 0x68], r13
	mov qword ptr [rsp - 0x70], r14
	mov qword ptr [rsp - 0x78], r15
	mov rcx, rdx
	imul rax, qword ptr [rcx + 0x8], 0x13
	mov rdx, rax
	mulx r8, r9, qword ptr [rsi + 0x20]
	mov rdx, qword ptr [rsi]
	mulx rax, r10, qword ptr [rcx]
	imul r11, qword ptr [rcx + 0x18], 0x13
	mov rdx, qword ptr [rsi + 0x10]
	mulx rbx, rbp, r11
	add rbp, r10
	mulx r10, r12, qword ptr [rcx + 0x8]
	adcx rbx, rax
	imul rax, qword ptr [rcx + 0x20], 0x13
	mov rdx, rax
	mulx r13, r14, qword ptr [rsi + 0x8]
	imul r15, qword ptr [rcx + 0x10], 0x13
	add r9, r14
	adcx r8, r13
	mov rdx, qword ptr [rsi + 0x18]
	mulx r13, r14, r15
	test al, al
	adox r9, r14
	mov qword ptr [rsp - 0x8], r15
	mulx r14, r15, r11
	adox r8, r13
	add rbp, r9
	adcx rbx, r8
	mov r8, rbp
	shrd r8, rbx, 0x33
	mov rdx, qword ptr [rcx + 0x8]
	mulx r9, rbx, qword ptr [rsi + 0x8]
	mov r13, 0x7ffffffffffff
	and rbp, r13
	mov rdx, qword ptr [rcx + 0x10]
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r11
	mulx rbp, r11, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp - 0x20], r14
	mulx r13, r14, qword ptr [rcx]
	mov rdx, qword ptr [rcx + 0x8]
	mov qword ptr [rsp - 0x28], r15
	mov qword ptr [rsp - 0x30], r8
	mulx r15, r8, qword ptr [rsi + 0x18]
	test al, al
	adox r14, r8
	adox r13, r15
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, r15, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp - 0x38], r9
	mov qword ptr [rsp - 0x40], rbx
	mulx r9, rbx, qword ptr [rcx + 0x20]
	add r14, r15
	adcx r13, r8
	test al, al
	adox r14, rbx
	adox r13, r9
	mov rdx, qword ptr [rsi + 0x20]
	mulx r8, r9, rax
	mov rdx, qword ptr [rcx + 0x10]
	mulx rbx, r15, qword ptr [rsi + 0x10]
	test al, al
	adox r14, r15
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x48], r14
	mulx r15, r14, qword ptr [rcx]
	adox r13, rbx
	test al, al
	adox r9, r14
	adox r8, r15
	test al, al
	adox r9, r12
	adox r8, r10
	mov rdx, qword ptr [rcx + 0x18]
	mulx r10, rbx, qword ptr [rsi]
	test al, al
	adox r9, rbx
	clc
	adcx r9, r11
	adox r8, r10
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, r11, qword ptr [rcx]
	mulx rbx, r12, rax
	adcx r8, rbp
	add r11, qword ptr [rsp - 0x40]
	adcx r10, qword ptr [rsp - 0x38]
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbp, r14, rax
	add r11, r14
	adcx r10, rbp
	mov rdx, qword ptr [rcx + 0x8]
	mulx rax, rbp, qword ptr [rsi]
	add rbp, qword ptr [rsp - 0x30]
	mov rdx, 0x0
	adcx rax, rdx
	mov rdx, qword ptr [rcx]
	mulx r14, r15, qword ptr [rsi + 0x8]
	add r12, r15
	adcx rbx, r14
	add r12, qword ptr [rsp - 0x28]
	adcx rbx, qword ptr [rsp - 0x20]
	mov rdx, qword ptr [rsp - 0x8]
	mulx r14, r15, qword ptr [rsi + 0x20]
	add r12, r15
	adcx rbx, r14
	add rbp, r12
	adcx rax, rbx
	mov rdx, rbp
	mov rbx, 0x7ffffffffffff
	and rdx, rbx
	shrd rbp, rax, 0x33
	mov r12, rdx
	mov rdx, qword ptr [rsp - 0x18]
	mulx rax, r14, qword ptr [rsi + 0x20]
	add r14, rbp
	mov rdx, 0x0
	adcx rax, rdx
	mov rdx, qword ptr [rsi]
	mulx rbp, r15, qword ptr [rcx + 0x10]
	add r14, r15
	adcx rax, rbp
	add r11, r14
	adcx r10, rax
	mov rax, r11
	shrd rax, r10, 0x33
	and r11, rbx
	add r9, rax
	mov rax, 0x0
	adcx r8, rax
	mov rdx, r9
	shrd rdx, r8, 0x33
	add rdx, qword ptr [rsp - 0x48]
	adcx r13, rax
	mov rax, rdx
	and rax, rbx
	mov qword ptr [rdi + 0x20], rax
	shrd rdx, r13, 0x33
	imul rax, rdx, 0x13
	add rax, qword ptr [rsp - 0x10]
	and r9, rbx
	mov qword ptr [rdi + 0x18], r9
	mov rdx, rax
	shr rdx, 0x33
	add rdx, r12
	and rax, rbx
	mov qword ptr [rdi], rax
	mov rax, rdx
	shr rax, 0x33
	and rdx, rbx
	mov qword ptr [rdi + 0x8], rdx
	and rax, 0x1
	and rax, 0x1
	and rax, 0x1
	add rax, r11
	mov qword ptr [rdi + 0x10], rax
	mov rbx, qword ptr [rsp - 0x50]
	mov rbp, qword ptr [rsp - 0x58]
	mov r12, qword ptr [rsp - 0x60]
	mov r13, qword ptr [rsp - 0x68]
	mov r14, qword ptr [rsp - 0x70]
	mov r15, qword ptr [rsp - 0x78]
	ret
.size fiat_25519_carry_mul, .-fiat_25519_carry_mul
.section .note.GNU-stack,"",@progbits
