.intel_syntax noprefix
.text
.globl fiat_p224_square
.type fiat_p224_square, @function
fiat_p224_square:
	mov qword ptr [rsp - 0x50], rbx
	mov qword ptr [rsp - 0x58], rbp
	mov qword ptr [rsp - 0x60], r12
	mov qword ptr [rsp - 0x68], r13
	mov qword ptr [rsp - 0x70], r14
	mov qword ptr [rsp - 0x78], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rsi + 0x18]
	mulx r9, r10, rdx
	mulx r11, rcx, qword ptr [rsi + 0x8]
	mulx rbx, rbp, qword ptr [rsi + 0x10]
	add r9, rcx
	mov rdx, qword ptr [rsi + 0x10]
	mulx rcx, r12, qword ptr [rsi + 0x8]
	adcx r11, rbp
	mulx rbp, r13, qword ptr [rsi + 0x18]
	mov rdx, 0xffffffffffffffff
	mulx r14, r15, r10
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x8], rbp
	mulx r14, rbp, rdx
	mov rdx, r15
	mov qword ptr [rsp - 0x10], r13
	mov r13, 0xffffffffffffffff
	mov qword ptr [rsp - 0x18], rcx
	mov qword ptr [rsp - 0x20], r12
	mulx rcx, r12, r13
	mov rdx, r15
	mov r13, 0xffffffff00000000
	mov qword ptr [rsp - 0x28], r14
	mov qword ptr [rsp - 0x30], r11
	mulx r14, r11, r13
	mov rdx, r15
	mov r13, 0xffffffff
	mov qword ptr [rsp - 0x38], rbp
	mov qword ptr [rsp - 0x40], r11
	mulx rbp, r11, r13
	adcx rbx, r8
	mov r8, 0x0
	adcx rax, r8
	test al, al
	adox r14, r12
	clc
	adcx r10, r15
	adox rcx, r11
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, r11, qword ptr [rsi + 0x10]
	adcx r9, qword ptr [rsp - 0x40]
	mov rdx, qword ptr [rsi]
	mulx r12, r15, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x40], r10
	mov r10, 0x0
	setc r10b
	clc
	adcx r12, qword ptr [rsp - 0x38]
	mov qword ptr [rsp - 0x38], r11
	mov r11, 0x0
	setc r11b
	mov rdx, 0x0
	seto dl
	bt r10, 0x0
	adcx r14, qword ptr [rsp - 0x30]
	adcx rbx, rcx
	mov r10, 0x0
	setc r10b
	bt rdx, 0x0
	adcx rbp, r8
	bt r10, 0x0
	adcx rax, rbp
	mov rdx, qword ptr [rsi + 0x8]
	mulx r10, rcx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x30], rax
	mulx rbp, rax, qword ptr [rsi + 0x10]
	mov rdx, 0x0
	setc dl
	bt r11, 0x0
	adcx rax, qword ptr [rsp - 0x28]
	adcx rbp, rcx
	adcx r10, r8
	add r9, r15
	adcx r14, r12
	adcx rbx, rax
	mov r11, rdx
	mov rdx, r9
	mov rax, 0xffffffffffffffff
	mulx rcx, r12, rax
	mov rdx, 0xffffffff
	mulx rcx, r15, r12
	adcx rbp, qword ptr [rsp - 0x30]
	mov rdx, 0xffffffff00000000
	mov qword ptr [rsp - 0x30], rbp
	mulx r13, rbp, r12
	mov rdx, 0xffffffffffffffff
	mov qword ptr [rsp - 0x28], rbx
	mov qword ptr [rsp - 0x48], r14
	mulx rbx, r14, r12
	adcx r11, r10
	mov r10, 0x0
	setc r10b
	add r13, r14
	adcx rbx, r15
	adcx rcx, r8
	add r9, r12
	adcx rbp, qword ptr [rsp - 0x48]
	adcx r13, qword ptr [rsp - 0x28]
	adcx rbx, qword ptr [rsp - 0x30]
	adcx r11, rcx
	mov rdx, qword ptr [rsi + 0x10]
	mulx r9, rcx, rdx
	adcx r10, r8
	mulx r12, r14, qword ptr [rsi]
	test al, al
	adox r12, qword ptr [rsp - 0x20]
	adox rcx, qword ptr [rsp - 0x18]
	clc
	adcx rbp, r14
	adox r9, qword ptr [rsp - 0x38]
	adcx r13, r12
	mov rdx, rbp
	mulx r12, r14, rax
	adcx rbx, rcx
	mov rcx, qword ptr [rsp - 0x40]
	adox rcx, r8
	adcx r11, r9
	adcx r10, rcx
	mov r9, 0x0
	setc r9b
	mov rdx, r14
	mov rcx, 0xffffffff00000000
	mulx r12, r15, rcx
	mov rdx, 0xffffffffffffffff
	mov qword ptr [rsp - 0x40], r9
	mulx rcx, r9, r14
	test al, al
	adox r12, r9
	mov rdx, r14
	mov r9, 0xffffffff
	mov qword ptr [rsp - 0x38], r10
	mulx rax, r10, r9
	adox rcx, r10
	clc
	adcx rbp, r14
	adox rax, r8
	adcx r13, r15
	mov rdx, qword ptr [rsi]
	mulx r10, rbp, qword ptr [rsi + 0x18]
	adcx rbx, r12
	adcx r11, rcx
	adcx rax, qword ptr [rsp - 0x38]
	mov rdx, qword ptr [rsp - 0x40]
	adcx rdx, r8
	mov rcx, rdx
	mov rdx, qword ptr [rsi + 0x18]
	mulx r12, r14, rdx
	mulx r15, r9, qword ptr [rsi + 0x8]
	add r10, r9
	adcx r15, qword ptr [rsp - 0x10]
	adcx r14, qword ptr [rsp - 0x8]
	adcx r12, r8
	add r13, rbp
	adcx rbx, r10
	adcx r11, r15
	adcx rax, r14
	adcx rcx, r12
	mov rdx, r13
	mov r9, 0xffffffffffffffff
	mulx r10, rbp, r9
	mov rdx, 0xffffffff
	mulx r10, r12, rbp
	mov rdx, rbp
	mulx r14, r15, r9
	mov rdx, rbp
	mov r9, 0xffffffff00000000
	mov qword ptr [rsp - 0x8], rcx
	mov qword ptr [rsp - 0x10], rax
	mulx rcx, rax, r9
	mov r9, 0x0
	setc r9b
	test al, al
	adox rcx, r15
	adox r14, r12
	clc
	adcx r13, rbp
	adcx rbx, rax
	adcx r11, rcx
	adox r10, r8
	adcx r14, qword ptr [rsp - 0x10]
	adcx r10, qword ptr [rsp - 0x8]
	adcx r9, r8
	mov rax, rbx
	sub rax, 0x1
	mov rdx, r11
	mov rcx, 0xffffffff00000000
	sbb rdx, rcx
	mov rcx, r14
	sbb rcx, 0xffffffffffffffff
	mov rbp, r10
	mov r12, 0xffffffff
	sbb rbp, r12
	sbb r9, r8
	cmovc rdx, r11
	mov qword ptr [rdi + 0x8], rdx
	cmovc rbp, r10
	mov qword ptr [rdi + 0x18], rbp
	cmovc rcx, r14
	mov qword ptr [rdi + 0x10], rcx
	cmovc rax, rbx
	mov qword ptr [rdi], rax
	mov rbx, qword ptr [rsp - 0x50]
	mov rbp, qword ptr [rsp - 0x58]
	mov r12, qword ptr [rsp - 0x60]
	mov r13, qword ptr [rsp - 0x68]
	mov r14, qword ptr [rsp - 0x70]
	mov r15, qword ptr [rsp - 0x78]
	ret
.size fiat_p224_square, .-fiat_p224_square
.section .note.GNU-stack,"",@progbits
