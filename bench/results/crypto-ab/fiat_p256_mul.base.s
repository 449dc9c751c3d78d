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
	mulx r9, r10, qword ptr [rcx]
	mulx r11, rbx, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rcx + 0x10]
	mulx rbp, r12, qword ptr [rsi + 0x8]
	mov rdx, 0xffffffffffffffff
	mulx r13, r14, r10
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp - 0x8], rbp
	mulx r15, rbp, qword ptr [rcx + 0x18]
	test al, al
	adox r14, r10
	clc
	adcx r9, r8
	adcx rax, rbx
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, rbx, qword ptr [rcx + 0x8]
	mov rdx, 0xffffffff
	mov qword ptr [rsp - 0x10], r12
	mulx r14, r12, r10
	adcx r11, rbp
	mov rbp, 0x0
	adcx r15, rbp
	clc
	adcx r13, r12
	adcx r14, rbp
	mov rdx, qword ptr [rcx]
	mulx r12, rbp, qword ptr [rsi + 0x8]
	clc
	adcx r12, rbx
	adox r9, r13
	mov rdx, r10
	mov rbx, 0xffffffff00000001
	mov qword ptr [rsp - 0x18], r12
	mulx r13, r12, rbx
	adox rax, r14
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, r14, qword ptr [rcx + 0x8]
	adox r11, r12
	adcx r8, qword ptr [rsp - 0x10]
	adox r15, r13
	mov r12, 0x0
	setc r12b
	clc
	adcx r9, rbp
	mov rdx, qword ptr [rcx + 0x18]
	mulx rbp, r13, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x10], r10
	mov r10, 0x0
	seto r10b
	adcx rax, qword ptr [rsp - 0x18]
	mov rdx, r9
	mov qword ptr [rsp - 0x18], r14
	mov r14, 0xffffffffffffffff
	mov qword ptr [rsp - 0x20], rax
	mulx rax, rbx, r14
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x28], rax
	mulx r14, rax, qword ptr [rcx + 0x10]
	mov qword ptr [rsp - 0x30], r14
	mov r14, 0x0
	setc r14b
	bt r12, 0x0
	adcx r13, qword ptr [rsp - 0x8]
	mov qword ptr [rsp - 0x8], rax
	mulx r12, rax, qword ptr [rcx + 0x8]
	mov rdx, r9
	mov qword ptr [rsp - 0x38], r12
	mov r12, 0xffffffff
	mov qword ptr [rsp - 0x40], rax
	mov qword ptr [rsp - 0x48], r10
	mulx rax, r10, r12
	mov r12, 0x0
	adcx rbp, r12
	bt r14, 0x0
	adcx r11, r8
	adcx r15, r13
	mov r8, 0x0
	setc r8b
	add rbx, r9
	mov rbx, 0x0
	setc bl
	bt r8, 0x0
	adcx rbp, qword ptr [rsp - 0x48]
	mov r8, 0x0
	setc r8b
	add r10, qword ptr [rsp - 0x28]
	mov rdx, r9
	mov r13, 0xffffffff00000001
	mov qword ptr [rsp - 0x28], r8
	mulx r14, r8, r13
	adcx rax, r12
	bt rbx, 0x0
	adcx r10, qword ptr [rsp - 0x20]
	mov rdx, qword ptr [rcx + 0x18]
	mulx r9, rbx, qword ptr [rsi + 0x10]
	adcx r11, rax
	mov rdx, qword ptr [rsi + 0x10]
	mulx rax, r13, qword ptr [rcx]
	adcx r15, r8
	adcx rbp, r14
	mov rdx, qword ptr [rsp - 0x28]
	adcx rdx, r12
	test al, al
	adox r10, r13
	clc
	adcx rax, qword ptr [rsp - 0x40]
	mov r8, rdx
	mov rdx, qword ptr [rcx]
	mulx r13, r14, qword ptr [rsi + 0x18]
	adox r11, rax
	mov rax, qword ptr [rsp - 0x38]
	adcx rax, qword ptr [rsp - 0x8]
	mov rdx, qword ptr [rcx + 0x10]
	mov qword ptr [rsp - 0x8], r14
	mov qword ptr [rsp - 0x38], r13
	mulx r14, r13, qword ptr [rsi + 0x18]
	adox r15, rax
	adcx rbx, qword ptr [rsp - 0x30]
	mov rdx, r10
	mov rax, 0xffffffffffffffff
	mov qword ptr [rsp - 0x30], r14
	mov qword ptr [rsp - 0x40], r13
	mulx r14, r13, rax
	mov rdx, 0xffffffff
	mov qword ptr [rsp - 0x28], r15
	mulx rax, r15, r10
	adcx r9, r12
	mov rdx, 0x0
	seto dl
	test al, al
	adox r14, r15
	adox rax, r12
	bt rdx, 0x0
	adcx rbp, rbx
	adcx r8, r9
	mov rdx, 0x0
	setc dl
	add r13, r10
	adcx r11, r14
	adcx rax, qword ptr [rsp - 0x28]
	mov r9, rdx
	mov rdx, 0xffffffff00000001
	mulx rbx, r13, r10
	adcx rbp, r13
	adcx r8, rbx
	adcx r9, r12
	mov r10, qword ptr [rsp - 0x38]
	add r10, qword ptr [rsp - 0x18]
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, r13, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rsp - 0x10]
	adcx rdx, qword ptr [rsp - 0x40]
	adcx r13, qword ptr [rsp - 0x30]
	mov r14, 0x0
	setc r14b
	add r11, qword ptr [rsp - 0x8]
	adcx rax, r10
	mov r10, 0x0
	setc r10b
	bt r14, 0x0
	adcx rbx, r12
	mov r14, rdx
	mov rdx, r11
	mov r15, 0xffffffffffffffff
	mov qword ptr [rsp - 0x8], rax
	mulx rax, r12, r15
	bt r10, 0x0
	adcx rbp, r14
	mov rdx, 0xffffffff00000001
	mulx r10, r14, r11
	mov rdx, 0xffffffff
	mov qword ptr [rsp - 0x30], r10
	mulx r15, r10, r11
	adcx r8, r13
	adcx r9, rbx
	mov rbx, 0x0
	setc bl
	add rax, r10
	mov r10, 0x0
	adcx r15, r10
	add r11, r12
	adcx rax, qword ptr [rsp - 0x8]
	adcx rbp, r15
	adcx r8, r14
	adcx r9, qword ptr [rsp - 0x30]
	adcx rbx, r10
	mov r11, rax
	sub r11, 0xffffffffffffffff
	mov r12, rbp
	sbb r12, rdx
	mov rdx, r8
	sbb rdx, r10
	mov r13, r9
	mov r14, 0xffffffff00000001
	sbb r13, r14
	sbb rbx, r10
	cmovc r13, r9
	mov qword ptr [rdi + 0x18], r13
	cmovc rdx, r8
	mov qword ptr [rdi + 0x10], rdx
	cmovc r11, rax
	mov qword ptr [rdi], r11
	cmovc r12, rbp
	mov qword ptr [rdi + 0x8], r12
	mov rbx, qword ptr [rsp - 0x50]
	mov rbp, qword ptr [rsp - 0x58]
	mov r12, qword ptr [rsp - 0x60]
	mov r13, qword ptr [rsp - 0x68]
	mov r14, qword ptr [rsp - 0x70]
	mov r15, qword ptr [rsp - 0x78]
	ret
.size fiat_p256_mul, .-fiat_p256_mul
.section .note.GNU-stack,"",@progbits
