.intel_syntax noprefix
.text
.globl fiat_secp256k1_montgomery_square
.type fiat_secp256k1_montgomery_square, @function
fiat_secp256k1_montgomery_square:
	mov qword ptr [rsp - 0x50], rbx
	mov qword ptr [rsp - 0x58], rbp
	mov qword ptr [rsp - 0x60], r12
	mov qword ptr [rsp - 0x68], r13
	mov qword ptr [rsp - 0x70], r14
	mov qword ptr [rsp - 0x78], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, rdx
	mulx r9, r10, qword ptr [rsi + 0x10]
	mulx r11, rcx, qword ptr [rsi + 0x8]
	mov rdx, r8
	mov rbx, 0xd838091dd2253531
	mulx rbp, r12, rbx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbp, rbx, rdx
	add rax, rcx
	mov rdx, qword ptr [rsi + 0x18]
	mulx rcx, r13, qword ptr [rsi]
	adcx r11, r10
	adcx r9, r13
	adc rcx, 0x0
	mov rdx, 0xffffffffffffffff
	mulx r10, r13, r12
	mov rdx, r12
	mov r14, 0xfffffffefffffc2f
	mov qword ptr [rsp - 0x8], rcx
	mulx r15, rcx, r14
	mov rdx, qword ptr [rsi + 0x10]
	mulx r12, r14, rdx
	test al, al
	adox r8, rcx
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, rcx, qword ptr [rsi]
	clc
	adcx r15, r13
	mov rdx, r10
	adcx rdx, r13
	mov qword ptr [rsp - 0x10], r12
	mov r12, rdx
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x18], r14
	mov qword ptr [rsp - 0x20], rcx
	mulx r14, rcx, rdx
	adcx r13, r10
	adox rax, r15
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x28], r14
	mulx r15, r14, qword ptr [rsi + 0x8]
	mov rdx, 0x0
	adcx r10, rdx
	clc
	adcx r8, rbx
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x30], rcx
	mulx rbx, rcx, qword ptr [rsi + 0x8]
	adox r11, r12
	adcx rbp, r14
	adox r9, r13
	adcx r15, rcx
	mulx rcx, r12, qword ptr [rsi + 0x8]
	adox r10, qword ptr [rsp - 0x8]
	mov r13, 0x0
	adcx rbx, r13
	clc
	adcx rax, qword ptr [rsp - 0x20]
	adcx r11, r8
	mulx r8, r14, qword ptr [rsi]
	mov r13, 0x0
	seto r13b
	mov rdx, 0xd838091dd2253531
	mov qword ptr [rsp - 0x20], r14
	mov qword ptr [rsp - 0x8], rcx
	mulx r14, rcx, rax
	mov rdx, rcx
	mov r14, 0xfffffffefffffc2f
	mov qword ptr [rsp - 0x38], r12
	mov qword ptr [rsp - 0x40], r8
	mulx r12, r8, r14
	adcx r9, rbp
	adcx r10, r15
	mov rbp, 0xffffffffffffffff
	mulx r15, r14, rbp
	mov rdx, qword ptr [rsi + 0x18]
	mulx rcx, rbp, qword ptr [rsi + 0x10]
	adcx r13, rbx
	mov rbx, 0x0
	setc bl
	test al, al
	adox r12, r14
	clc
	adcx rax, r8
	adcx r11, r12
	mov rax, r15
	adox rax, r14
	adox r14, r15
	adcx r9, rax
	mov rdx, qword ptr [rsi + 0x10]
	mulx rax, r8, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x48], r13
	mulx r12, r13, qword ptr [rsi]
	mov rdx, 0x0
	adox r15, rdx
	mov rdx, 0x0
	setc dl
	test al, al
	adox r12, r8
	mov r8, 0x0
	seto r8b
	test al, al
	adox r11, r13
	adox r9, r12
	mov r12, 0x0
	seto r12b
	bt r8, 0x0
	adcx rax, qword ptr [rsp - 0x18]
	adcx rbp, qword ptr [rsp - 0x10]
	mov r8, 0x0
	setc r8b
	bt rdx, 0x0
	adcx r10, r14
	mov rdx, 0x0
	mov r13, 0x0
	setc r13b
	bt r8, 0x0
	adcx rcx, rdx
	mov rdx, qword ptr [rsi + 0x18]
	mulx r8, r14, qword ptr [rsi + 0x10]
	bt r13, 0x0
	adcx r15, qword ptr [rsp - 0x48]
	adc rbx, 0x0
	bt r12, 0x0
	adcx r10, rax
	mov rdx, 0xd838091dd2253531
	mulx rax, rsi, r11
	adcx r15, rbp
	adcx rbx, rcx
	mov rdx, rsi
	mov rax, 0xfffffffefffffc2f
	mulx rcx, rbp, rax
	mov r12, 0x0
	setc r12b
	test al, al
	adox r11, rbp
	mov r11, 0xffffffffffffffff
	mulx rbp, r13, r11
	clc
	adcx rcx, r13
	adox r9, rcx
	mov rcx, rbp
	adcx rcx, r13
	adcx r13, rbp
	mov rdx, 0x0
	adcx rbp, rdx
	adox r10, rcx
	adox r15, r13
	mov rcx, qword ptr [rsp - 0x40]
	clc
	adcx rcx, qword ptr [rsp - 0x38]
	adox rbx, rbp
	adcx r14, qword ptr [rsp - 0x8]
	adcx r8, qword ptr [rsp - 0x30]
	mov rsi, qword ptr [rsp - 0x28]
	adcx rsi, rdx
	clc
	adcx r9, qword ptr [rsp - 0x20]
	adcx r10, rcx
	mov rdx, 0xd838091dd2253531
	mulx rcx, rbp, r9
	mov rcx, 0x0
	adox r12, rcx
	adcx r15, r14
	adcx rbx, r8
	mov rdx, rbp
	mulx r8, r13, r11
	adcx r12, rsi
	mulx rsi, r14, rax
	mov rdx, 0x0
	setc dl
	test al, al
	adox rsi, r13
	clc
	adcx r9, r14
	mov r9, r8
	adox r9, r13
	adox r13, r8
	adcx r10, rsi
	adcx r15, r9
	adox r8, rcx
	adcx rbx, r13
	adcx r12, r8
	adcx rdx, rcx
	mov r8, r10
	sub r8, rax
	mov rax, r15
	sbb rax, r11
	mov r9, rbx
	sbb r9, r11
	mov rsi, r12
	sbb rsi, r11
	sbb rdx, rcx
	cmovc r9, rbx
	mov qword ptr [rdi + 0x10], r9
	cmovc rsi, r12
	mov qword ptr [rdi + 0x18], rsi
	cmovc rax, r15
	mov qword ptr [rdi + 0x8], rax
	cmovc r8, r10
	mov qword ptr [rdi], r8
	mov rbx, qword ptr [rsp - 0x50]
	mov rbp, qword ptr [rsp - 0x58]
	mov r12, qword ptr [rsp - 0x60]
	mov r13, qword ptr [rsp - 0x68]
	mov r14, qword ptr [rsp - 0x70]
	mov r15, qword ptr [rsp - 0x78]
	ret
.size fiat_secp256k1_montgomery_square, .-fiat_secp256k1_montgomery_square
.section .note.GNU-stack,"",@progbits
