.intel_syntax noprefix
.text
.globl fiat_secp256k1_montgomery_square
.type fiat_secp256k1_montgomery_square, @function
fiat_secp256k1_montgomery_square:
	mov qword ptr [rsp - 0x40], rbx
	mov qword ptr [rsp - 0x48], rbp
	mov qword ptr [rsp - 0x50], r12
	mov qword ptr [rsp - 0x58], r13
	mov qword ptr [rsp - 0x60], r14
	mov qword ptr [rsp - 0x68], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rsi + 0x10]
	mulx r9, r10, qword ptr [rsi + 0x10]
	mulx r11, rcx, rdx
	mulx rbx, rbp, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi + 0x10]
	mulx r12, r13, qword ptr [rsi + 0x18]
	mov rdx, 0xd838091dd2253531
	mulx r14, r15, rcx
	mov rdx, 0xfffffffefffffc2f
	mov qword ptr [rsp - 0x8], r12
	mulx r14, r12, r15
	add r11, rbp
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp - 0x10], r13
	mulx rbp, r13, qword ptr [rsi + 0x18]
	adcx rbx, r10
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x18], r8
	mulx r10, r8, qword ptr [rsi + 0x8]
	adcx r9, r13
	mov rdx, 0xffffffffffffffff
	mov qword ptr [rsp - 0x20], r10
	mulx r13, r10, r15
	mov r15, 0x0
	adcx rbp, r15
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x28], r8
	mulx r15, r8, qword ptr [rsi]
	test al, al
	adox r14, r10
	clc
	adcx rcx, r12
	mov rcx, r13
	adox rcx, r10
	adox r10, r13
	mov r12, 0x0
	adox r13, r12
	adcx r11, r14
	mulx r14, r12, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x30], rax
	mov qword ptr [rsp - 0x38], r11
	mulx rax, r11, qword ptr [rsi + 0x18]
	adcx rbx, rcx
	adcx r9, r10
	adcx rbp, r13
	mulx r10, rcx, rdx
	mov r13, 0x0
	setc r13b
	test al, al
	adox r15, rcx
	adox r10, r12
	adox r14, r11
	clc
	adcx r8, qword ptr [rsp - 0x38]
	mov rdx, r8
	mov r11, 0xd838091dd2253531
	mulx rcx, r12, r11
	adcx rbx, r15
	adcx r9, r10
	mov rdx, r12
	mov r10, 0xffffffffffffffff
	mulx rcx, r15, r10
	adcx rbp, r14
	mov r14, 0x0
	adox rax, r14
	mov r10, 0xfffffffefffffc2f
	mulx r11, r14, r10
	adcx r13, rax
	mov rax, qword ptr [rsp - 0x30]
	mov rdx, 0x0
	setc dl
	add rax, qword ptr [rsp - 0x28]
	mov r12, 0x0
	setc r12b
	add r11, r15
	mov r10, rcx
	adcx r10, r15
	adcx r15, rcx
	mov qword ptr [rsp - 0x28], rax
	mov rax, 0x0
	adcx rcx, rax
	add r8, r14
	adcx rbx, r11
	adcx r9, r10
	mov r8, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, r11, rdx
	adcx rbp, r15
	mov r14, 0x0
	setc r14b
	add rbx, qword ptr [rsp - 0x18]
	mov r15, 0x0
	setc r15b
	bt r14, 0x0
	adcx r13, rcx
	mov rdx, 0xd838091dd2253531
	mulx rcx, r14, rbx
	adcx r8, rax
	bt r12, 0x0
	adcx r11, qword ptr [rsp - 0x20]
	mov rdx, qword ptr [rsi + 0x10]
	mulx rcx, r12, qword ptr [rsi + 0x18]
	adcx r10, qword ptr [rsp - 0x10]
	mov rdx, qword ptr [rsp - 0x8]
	adcx rdx, rax
	bt r15, 0x0
	adcx r9, qword ptr [rsp - 0x28]
	adcx rbp, r11
	adcx r13, r10
	adcx r8, rdx
	mov rdx, r14
	mov r10, 0xfffffffefffffc2f
	mulx r11, r15, r10
	mov r10, 0x0
	setc r10b
	mov rax, 0xffffffffffffffff
	mov qword ptr [rsp - 0x28], rcx
	mov qword ptr [rsp - 0x8], r12
	mulx rcx, r12, rax
	test al, al
	adox r11, r12
	clc
	adcx rbx, r15
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, r14, rdx
	mulx r15, rax, qword ptr [rsi]
	mov rdx, rcx
	adox rdx, r12
	adcx r9, r11
	adox r12, rcx
	adcx rbp, rdx
	adcx r13, r12
	mov rdx, qword ptr [rsi + 0x8]
	mulx r11, r12, qword ptr [rsi + 0x18]
	mov rdx, 0x0
	adox rcx, rdx
	adcx r8, rcx
	adcx r10, rdx
	add r15, r12
	adcx r11, qword ptr [rsp - 0x8]
	adcx r14, qword ptr [rsp - 0x28]
	adcx rbx, rdx
	add r9, rax
	adcx rbp, r15
	mov rdx, 0xd838091dd2253531
	mulx rax, rcx, r9
	mov rdx, 0xfffffffefffffc2f
	mulx rax, rsi, rcx
	adcx r13, r11
	adcx r8, r14
	adcx r10, rbx
	mov rdx, rcx
	mov r11, 0xffffffffffffffff
	mulx rbx, r12, r11
	mov rcx, 0x0
	setc cl
	add rax, r12
	mov rdx, rbx
	adcx rdx, r12
	adcx r12, rbx
	adc rbx, 0x0
	add r9, rsi
	adcx rbp, rax
	adcx r13, rdx
	adcx r8, r12
	adcx r10, rbx
	mov rax, 0x0
	adcx rcx, rax
	mov r9, rbp
	mov rdx, 0xfffffffefffffc2f
	sub r9, rdx
	mov rdx, r13
	sbb rdx, r11
	mov rsi, r8
	sbb rsi, r11
	mov rbx, r10
	sbb rbx, r11
	sbb rcx, rax
	cmovc rsi, r8
	mov qword ptr [rdi + 0x10], rsi
	cmovc rbx, r10
	mov qword ptr [rdi + 0x18], rbx
	cmovc rdx, r13
	mov qword ptr [rdi + 0x8], rdx
	cmovc r9, rbp
	mov qword ptr [rdi], r9
	mov rbx, qword ptr [rsp - 0x40]
	mov rbp, qword ptr [rsp - 0x48]
	mov r12, qword ptr [rsp - 0x50]
	mov r13, qword ptr [rsp - 0x58]
	mov r14, qword ptr [rsp - 0x60]
	mov r15, qword ptr [rsp - 0x68]
	ret
.size fiat_secp256k1_montgomery_square, .-fiat_secp256k1_montgomery_square
.section .note.GNU-stack,"",@progbits
