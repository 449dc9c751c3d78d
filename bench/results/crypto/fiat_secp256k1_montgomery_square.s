.intel_syntax noprefix
.text
.globl fiat_secp256k1_montgomery_square
.type fiat_secp256k1_montgomery_square, @function
fiat_secp256k1_montgomery_square:
	mov qword ptr [rsp - 0x38], rbx
	mov qword ptr [rsp - 0x40], rbp
	mov qword ptr [rsp - 0x48], r12
	mov qword ptr [rsp - 0x50], r13
	mov qword ptr [rsp - 0x58], r14
	mov qword ptr [rsp - 0x60], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, rdx
	mov rdx, r8
	mov r9, 0xd838091dd2253531
	mulx r10, r11, r9
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, rcx, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi]
	mulx r9, rbx, qword ptr [rsi + 0x8]
	mulx rbp, r12, qword ptr [rsi + 0x10]
	mulx r13, r14, qword ptr [rsi + 0x8]
	test al, al
	adox rax, r14
	mulx r14, r15, qword ptr [rsi + 0x18]
	mov rdx, 0xfffffffefffffc2f
	mov qword ptr [rsp - 0x8], r10
	mov qword ptr [rsp - 0x10], rcx
	mulx r10, rcx, r11
	adox r13, r12
	adox rbp, r15
	mov rdx, 0xffffffffffffffff
	mulx r12, r15, r11
	mov r11, 0x0
	adox r14, r11
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x18], rbx
	mulx r11, rbx, rdx
	test al, al
	adox r10, r15
	clc
	adcx r8, rcx
	mov r8, r12
	adox r8, r15
	adox r15, r12
	mov rcx, 0x0
	adox r12, rcx
	adcx rax, r10
	adcx r13, r8
	adcx rbp, r15
	adcx r14, r12
	mulx r8, r10, qword ptr [rsi + 0x18]
	mov r12, 0x0
	setc r12b
	test al, al
	adox r9, rbx
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, r15, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x20], rbx
	mulx rcx, rbx, qword ptr [rsi + 0x8]
	clc
	adcx rax, qword ptr [rsp - 0x18]
	mov rdx, rax
	mov qword ptr [rsp - 0x18], r15
	mov r15, 0xd838091dd2253531
	mov qword ptr [rsp - 0x28], rcx
	mov qword ptr [rsp - 0x30], rbx
	mulx rcx, rbx, r15
	adox r11, qword ptr [rsp - 0x10]
	adcx r13, r9
	adcx rbp, r11
	mov rdx, rbx
	mov r9, 0xffffffffffffffff
	mulx r11, rcx, r9
	adox r10, qword ptr [rsp - 0x8]
	mov r9, 0x0
	adox r8, r9
	adcx r14, r10
	mov r10, 0xfffffffefffffc2f
	mulx r15, r9, r10
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, r10, rdx
	adcx r12, r8
	mov r8, 0x0
	setc r8b
	test al, al
	adox r15, rcx
	clc
	adcx rax, r9
	mov rax, r11
	adox rax, rcx
	adox rcx, r11
	adcx r13, r15
	mov rdx, qword ptr [rsi]
	mulx r9, r15, qword ptr [rsi + 0x10]
	adcx rbp, rax
	mov rax, 0x0
	adox r11, rax
	adcx r14, rcx
	adcx r12, r11
	mulx r11, rcx, qword ptr [rsi + 0x18]
	adcx r8, rax
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x8], rbx
	mulx rax, rbx, rdx
	test al, al
	adox r9, qword ptr [rsp - 0x30]
	mov rdx, 0x0
	seto dl
	test al, al
	adox r13, r15
	mov r15, 0x0
	seto r15b
	bt rdx, 0x0
	adcx rbx, qword ptr [rsp - 0x28]
	adcx rax, qword ptr [rsp - 0x18]
	mov rdx, 0xd838091dd2253531
	mov qword ptr [rsp - 0x18], r10
	mov qword ptr [rsp - 0x28], rcx
	mulx r10, rcx, r13
	mov r10, qword ptr [rsp - 0x20]
	adc r10, 0x0
	bt r15, 0x0
	adcx rbp, r9
	adcx r14, rbx
	mov rdx, rcx
	mov r9, 0xffffffffffffffff
	mulx rbx, r15, r9
	adcx r12, rax
	adcx r8, r10
	mov rax, 0xfffffffefffffc2f
	mulx r10, r9, rax
	mov rcx, 0x0
	setc cl
	test al, al
	adox r10, r15
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x20], r11
	mulx rax, r11, qword ptr [rsi + 0x10]
	clc
	adcx r13, r9
	mulx r9, r13, qword ptr [rsi + 0x8]
	mov rdx, rbx
	adox rdx, r15
	adox r15, rbx
	adcx rbp, r10
	mov r10, 0x0
	adox rbx, r10
	adcx r14, rdx
	adcx r12, r15
	adcx r8, rbx
	adcx rcx, r10
	test al, al
	adox r13, qword ptr [rsp - 0x20]
	clc
	adcx rbp, qword ptr [rsp - 0x28]
	adox r9, r11
	mov rdx, rbp
	mov r11, 0xd838091dd2253531
	mulx rsi, rbx, r11
	adox rax, qword ptr [rsp - 0x18]
	mov rdx, 0xffffffffffffffff
	mulx r11, rsi, rbx
	adcx r14, r13
	adcx r12, r9
	mov rdx, 0xfffffffefffffc2f
	mulx r9, r13, rbx
	mov rbx, qword ptr [rsp - 0x8]
	adox rbx, r10
	adcx r8, rax
	adcx rcx, rbx
	mov rax, 0x0
	setc al
	test al, al
	adox r9, rsi
	mov rbx, r11
	adox rbx, rsi
	clc
	adcx rbp, r13
	adox rsi, r11
	adcx r14, r9
	adcx r12, rbx
	adcx r8, rsi
	adox r11, r10
	adcx rcx, r11
	adcx rax, r10
	mov r9, r14
	sub r9, rdx
	mov r11, r12
	sbb r11, 0xffffffffffffffff
	mov rdx, r8
	sbb rdx, 0xffffffffffffffff
	mov rsi, rcx
	sbb rsi, 0xffffffffffffffff
	sbb rax, r10
	cmovc rsi, rcx
	mov qword ptr [rdi + 0x18], rsi
	cmovc r11, r12
	mov qword ptr [rdi + 0x8], r11
	cmovc rdx, r8
	mov qword ptr [rdi + 0x10], rdx
	cmovc r9, r14
	mov qword ptr [rdi], r9
	mov rbx, qword ptr [rsp - 0x38]
	mov rbp, qword ptr [rsp - 0x40]
	mov r12, qword ptr [rsp - 0x48]
	mov r13, qword ptr [rsp - 0x50]
	mov r14, qword ptr [rsp - 0x58]
	mov r15, qword ptr [rsp - 0x60]
	ret
.size fiat_secp256k1_montgomery_square, .-fiat_secp256k1_montgomery_square
.section .note.GNU-stack,"",@progbits
