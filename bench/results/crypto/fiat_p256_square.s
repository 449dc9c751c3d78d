.intel_syntax noprefix
.text
.globl fiat_p256_square
.type fiat_p256_square, @function
fiat_p256_square:
	mov qword ptr [rsp - 0x48], rbx
	mov qword ptr [rsp - 0x50], rbp
	mov qword ptr [rsp - 0x58], r12
	mov qword ptr [rsp - 0x60], r13
	mov qword ptr [rsp - 0x68], r14
	mov qword ptr [rsp - 0x70], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, rdx
	mulx r9, r10, qword ptr [rsi + 0x18]
	mulx r11, rcx, qword ptr [rsi + 0x10]
	mulx rbx, rbp, qword ptr [rsi + 0x8]
	mulx r12, r13, qword ptr [rsi + 0x8]
	add rax, r13
	adcx r12, rcx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rcx, r13, qword ptr [rsi + 0x10]
	mov rdx, 0xffffffffffffffff
	mulx r14, r15, r8
	adcx r11, r10
	mov rdx, r8
	mov r10, 0xffffffff00000001
	mov qword ptr [rsp - 0x8], rcx
	mov qword ptr [rsp - 0x10], r13
	mulx rcx, r13, r10
	mov rdx, 0xffffffff
	mov qword ptr [rsp - 0x18], rbp
	mulx r10, rbp, r8
	mov rdx, 0x0
	adcx r9, rdx
	add r14, rbp
	mov rbp, 0x0
	setc bpl
	add r8, r15
	mov r8, 0x0
	setc r8b
	bt rbp, 0x0
	adcx r10, rdx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbp, r15, rdx
	bt r8, 0x0
	adcx rax, r14
	adcx r12, r10
	mulx r8, r10, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x20], r8
	mulx r14, r8, qword ptr [rsi + 0x10]
	adcx r11, r13
	adcx r9, rcx
	mov rcx, 0x0
	setc cl
	test al, al
	adox rbx, r15
	adox rbp, r8
	clc
	adcx rax, qword ptr [rsp - 0x18]
	mov rdx, 0xffffffffffffffff
	mulx r8, r13, rax
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x18], r13
	mulx r15, r13, qword ptr [rsi + 0x8]
	mov rdx, rax
	mov qword ptr [rsp - 0x28], r15
	mov r15, 0xffffffff
	mov qword ptr [rsp - 0x30], r13
	mov qword ptr [rsp - 0x38], r8
	mulx r13, r8, r15
	adcx r12, rbx
	adox r14, r10
	mov r10, qword ptr [rsp - 0x20]
	mov rbx, 0x0
	adox r10, rbx
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x20], r12
	mulx r15, r12, rdx
	adcx r11, rbp
	mov qword ptr [rsp - 0x40], r15
	mulx rbp, r15, qword ptr [rsi]
	adcx r9, r14
	adcx rcx, r10
	mov r10, 0x0
	setc r10b
	add r8, qword ptr [rsp - 0x38]
	mov qword ptr [rsp - 0x38], r15
	mulx r14, r15, qword ptr [rsi + 0x18]
	adcx r13, rbx
	mov rdx, rax
	test al, al
	adox rdx, qword ptr [rsp - 0x18]
	adox r8, qword ptr [rsp - 0x20]
	clc
	adcx rbp, qword ptr [rsp - 0x10]
	adcx r12, qword ptr [rsp - 0x8]
	adox r11, r13
	mov rdx, rax
	mov r13, 0xffffffff00000001
	mov qword ptr [rsp - 0x8], r12
	mov qword ptr [rsp - 0x10], rbp
	mulx r12, rbp, r13
	adox r9, rbp
	adox rcx, r12
	adcx r15, qword ptr [rsp - 0x40]
	adcx r14, rbx
	adox r10, rbx
	add r8, qword ptr [rsp - 0x38]
	adcx r11, qword ptr [rsp - 0x10]
	mov rdx, 0xffffffff
	mulx rax, rbp, r8
	adcx r9, qword ptr [rsp - 0x8]
	adcx rcx, r15
	mov rdx, qword ptr [rsi + 0x18]
	mulx r12, r15, qword ptr [rsi]
	adcx r10, r14
	mov r14, 0x0
	setc r14b
	mov rdx, 0xffffffffffffffff
	mov qword ptr [rsp - 0x8], r14
	mov qword ptr [rsp - 0x10], r10
	mulx r14, r10, r8
	add r14, rbp
	adcx rax, rbx
	add r10, r8
	adcx r11, r14
	mov rdx, r8
	mulx r10, rbp, r13
	adcx r9, rax
	adcx rcx, rbp
	mov rdx, qword ptr [rsi + 0x18]
	mulx rax, r8, rdx
	mov rbp, 0x0
	setc bpl
	test al, al
	adox r12, qword ptr [rsp - 0x30]
	mulx r14, r13, qword ptr [rsi + 0x10]
	mov rdx, 0x0
	seto dl
	test al, al
	adox r11, r15
	mov r15, 0x0
	seto r15b
	bt rbp, 0x0
	adcx r10, qword ptr [rsp - 0x10]
	mov rbp, qword ptr [rsp - 0x8]
	adcx rbp, rbx
	bt r15, 0x0
	adcx r9, r12
	mov r12, 0x0
	setc r12b
	bt rdx, 0x0
	adcx r13, qword ptr [rsp - 0x28]
	mov rdx, 0x0
	setc dl
	bt r12, 0x0
	adcx rcx, r13
	mov r12, 0x0
	setc r12b
	bt rdx, 0x0
	adcx r14, r8
	adcx rax, rbx
	mov rdx, 0xffffffffffffffff
	mulx r8, r13, r11
	add r13, r11
	mov rdx, 0xffffffff
	mulx r13, r15, r11
	mov rdx, 0x0
	setc dl
	add r8, r15
	mov r15, rdx
	mov rdx, 0xffffffff00000001
	mov qword ptr [rsp - 0x28], rcx
	mov qword ptr [rsp - 0x8], r15
	mulx rcx, r15, r11
	adcx r13, rbx
	bt r12, 0x0
	adcx r10, r14
	adcx rbp, rax
	mov rax, 0x0
	setc al
	mov r11, qword ptr [rsp - 0x8]
	bt r11, 0x0
	adcx r9, r8
	adcx r13, qword ptr [rsp - 0x28]
	adcx r10, r15
	adcx rbp, rcx
	adcx rax, rbx
	mov r8, r9
	sub r8, 0xffffffffffffffff
	mov r11, r13
	mov rcx, 0xffffffff
	sbb r11, rcx
	mov rcx, r10
	sbb rcx, rbx
	mov r12, rbp
	sbb r12, rdx
	sbb rax, rbx
	cmovc r12, rbp
	mov qword ptr [rdi + 0x18], r12
	cmovc rcx, r10
	mov qword ptr [rdi + 0x10], rcx
	cmovc r11, r13
	mov qword ptr [rdi + 0x8], r11
	cmovc r8, r9
	mov qword ptr [rdi], r8
	mov rbx, qword ptr [rsp - 0x48]
	mov rbp, qword ptr [rsp - 0x50]
	mov r12, qword ptr [rsp - 0x58]
	mov r13, qword ptr [rsp - 0x60]
	mov r14, qword ptr [rsp - 0x68]
	mov r15, qword ptr [rsp - 0x70]
	ret
.size fiat_p256_square, .-fiat_p256_square
.section .note.GNU-stack,"",@progbits
