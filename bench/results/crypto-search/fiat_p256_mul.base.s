.intel_syntax noprefix
.text
.globl fiat_p256_mul
.type fiat_p256_mul, @function
fiat_p256_mul:
	mov qword ptr [rsp - 0x50], rbx
	mov qword ptr [rsp - 0x58], rbp
	mov qword ptr [rsp - 0x60], r12
	mov qword ptr [rsp - 0x68], r13
	mov qword ptr [rsp - 0x70], r14
	mov qword ptr [rsp - 0x78], r15
	mov rcx, rdx
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rcx + 0x8]
	mulx r9, r10, qword ptr [rcx + 0x18]
	mulx r11, rbx, qword ptr [rcx + 0x10]
	mulx rbp, r12, qword ptr [rcx]
	add rbp, r8
	adcx rax, rbx
	adcx r11, r10
	mov rdx, 0x0
	adcx r9, rdx
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, r10, qword ptr [rcx]
	mov rdx, 0xffffffff00000001
	mulx rbx, r13, r12
	mov rdx, 0xffffffffffffffff
	mulx r14, r15, r12
	mov rdx, qword ptr [rcx]
	mov qword ptr [rsp - 0x8], r8
	mov qword ptr [rsp - 0x10], r10
	mulx r8, r10, qword ptr [rsi + 0x10]
	mov rdx, 0xffffffff
	mov qword ptr [rsp - 0x18], r10
	mov qword ptr [rsp - 0x20], r8
	mulx r10, r8, r12
	test al, al
	adox r14, r8
	clc
	adcx r12, r15
	adcx rbp, r14
	mov r8, 0x0
	adox r10, r8
	adcx rax, r10
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, r12, qword ptr [rcx]
	adcx r11, r13
	adcx r9, rbx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbx, r13, qword ptr [rcx + 0x8]
	mov r14, 0x0
	setc r14b
	test al, al
	adox rbp, qword ptr [rsp - 0x10]
	clc
	adcx r13, qword ptr [rsp - 0x8]
	mov qword ptr [rsp - 0x8], r12
	mulx r15, r12, qword ptr [rcx + 0x10]
	adox rax, r13
	mov qword ptr [rsp - 0x10], r10
	mulx r13, r10, qword ptr [rcx + 0x18]
	adcx rbx, r12
	mov rdx, 0xffffffff
	mov qword ptr [rsp - 0x28], rax
	mulx r12, rax, rbp
	adcx r15, r10
	mov rdx, qword ptr [rcx + 0x18]
	mov qword ptr [rsp - 0x30], r12
	mulx r10, r12, qword ptr [rsi + 0x18]
	adcx r13, r8
	adox r11, rbx
	mov rdx, 0xffffffffffffffff
	mov qword ptr [rsp - 0x38], r10
	mulx rbx, r10, rbp
	adox r9, r15
	adox r14, r13
	mov r13, 0x0
	seto r13b
	test al, al
	adox r10, rbp
	mov rdx, 0xffffffff00000001
	mulx r10, r15, rbp
	clc
	adcx rbx, rax
	mov rdx, qword ptr [rcx + 0x10]
	mulx rax, rbp, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x40], r12
	mov r12, qword ptr [rsp - 0x30]
	adcx r12, r8
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x30], rax
	mov qword ptr [rsp - 0x48], rbp
	mulx rax, rbp, qword ptr [rcx + 0x8]
	clc
	adcx rbp, qword ptr [rsp - 0x20]
	adox rbx, qword ptr [rsp - 0x28]
	adox r11, r12
	adox r9, r15
	adox r14, r10
	adox r13, r8
	mov rdx, qword ptr [rcx + 0x10]
	mulx r10, r12, qword ptr [rsi + 0x18]
	mov rdx, 0x0
	setc dl
	add rbx, qword ptr [rsp - 0x18]
	mov r15, 0x0
	setc r15b
	bt rdx, 0x0
	adcx rax, qword ptr [rsp - 0x48]
	mov rdx, qword ptr [rcx + 0x18]
	mov qword ptr [rsp - 0x48], r10
	mov qword ptr [rsp - 0x18], r12
	mulx r10, r12, qword ptr [rsi + 0x10]
	mov rdx, 0x0
	setc dl
	bt r15, 0x0
	adcx r11, rbp
	mov rbp, rdx
	mov rdx, rbx
	mov r15, 0xffffffff
	mov qword ptr [rsp - 0x28], r11
	mov qword ptr [rsp - 0x20], r13
	mulx r11, r13, r15
	adcx r9, rax
	mov rax, 0x0
	setc al
	bt rbp, 0x0
	adcx r12, qword ptr [rsp - 0x30]
	mov rbp, 0x0
	setc bpl
	bt rax, 0x0
	adcx r14, r12
	mov rax, 0x0
	setc al
	bt rbp, 0x0
	adcx r10, r8
	mov rdx, rbx
	mov rbp, 0xffffffffffffffff
	mulx r12, r15, rbp
	test al, al
	adox r12, r13
	mov rdx, qword ptr [rsi + 0x18]
	mulx r13, rbp, qword ptr [rcx + 0x8]
	adox r11, r8
	bt rax, 0x0
	adcx r10, qword ptr [rsp - 0x20]
	mov rax, 0x0
	setc al
	test al, al
	adox r15, rbx
	clc
	adcx rbp, qword ptr [rsp - 0x10]
	adcx r13, qword ptr [rsp - 0x18]
	adox r12, qword ptr [rsp - 0x28]
	mov rdx, 0xffffffff00000001
	mov qword ptr [rsp - 0x28], r13
	mulx r15, r13, rbx
	mov rbx, qword ptr [rsp - 0x48]
	adcx rbx, qword ptr [rsp - 0x40]
	mov qword ptr [rsp - 0x40], rbx
	mov rbx, qword ptr [rsp - 0x38]
	adcx rbx, r8
	clc
	adcx r12, qword ptr [rsp - 0x8]
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x38], rbp
	mulx rbx, rbp, r12
	adox r9, r11
	adox r14, r13
	adox r10, r15
	adox rax, r8
	mov rdx, r12
	mov r11, 0xffffffff
	mulx r13, r15, r11
	adcx r9, qword ptr [rsp - 0x38]
	adcx r14, qword ptr [rsp - 0x28]
	mov rdx, r12
	mov r11, 0xffffffffffffffff
	mov qword ptr [rsp - 0x28], rbx
	mov qword ptr [rsp - 0x38], rbp
	mulx rbx, rbp, r11
	mov r11, 0x0
	setc r11b
	add rbx, r15
	adcx r13, r8
	test al, al
	adox r12, rbp
	adox r9, rbx
	adox r14, r13
	mov rdx, 0x0
	seto dl
	bt r11, 0x0
	adcx r10, qword ptr [rsp - 0x40]
	adcx rax, qword ptr [rsp - 0x8]
	mov r11, 0x0
	setc r11b
	bt rdx, 0x0
	adcx r10, qword ptr [rsp - 0x38]
	adcx rax, qword ptr [rsp - 0x28]
	adcx r11, r8
	mov rdx, r9
	sub rdx, 0xffffffffffffffff
	mov rbx, r14
	mov rbp, 0xffffffff
	sbb rbx, rbp
	mov rbp, r10
	sbb rbp, r8
	mov r12, rax
	mov r13, 0xffffffff00000001
	sbb r12, r13
	sbb r11, r8
	cmovc r12, rax
	mov qword ptr [rdi + 0x18], r12
	cmovc rdx, r9
	mov qword ptr [rdi], rdx
	cmovc rbx, r14
	mov qword ptr [rdi + 0x8], rbx
	cmovc rbp, r10
	mov qword ptr [rdi + 0x10], rbp
	mov rbx, qword ptr [rsp - 0x50]
	mov rbp, qword ptr [rsp - 0x58]
	mov r12, qword ptr [rsp - 0x60]
	mov r13, qword ptr [rsp - 0x68]
	mov r14, qword ptr [rsp - 0x70]
	mov r15, qword ptr [rsp - 0x78]
	ret
.size fiat_p256_mul, .-fiat_p256_mul
.section .note.GNU-stack,"",@progbits
