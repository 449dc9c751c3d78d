.intel_syntax noprefix
.text
.globl fiat_secp256k1_montgomery_square
.type fiat_secp256k1_montgomery_square, @function
fiat_secp256k1_montgomery_square:
	mov qword ptr [rsp - 0x20], rbx
	mov qword ptr [rsp - 0x28], rbp
	mov qword ptr [rsp - 0x30], r12
	mov qword ptr [rsp - 0x38], r13
	mov qword ptr [rsp - 0x40], r14
	mov qword ptr [rsp - 0x48], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rsi + 0x10]
	mulx r9, r10, rdx
	mulx r11, rcx, qword ptr [rsi + 0x8]
	add r9, rcx
	mulx rcx, rbx, qword ptr [rsi + 0x18]
	adcx r11, r8
	adcx rax, rbx
	mov r8, 0x0
	adcx rcx, r8
	mov rdx, r10
	mov rbx, 0xd838091dd2253531
	mulx rbp, r12, rbx
	mov rdx, 0xfffffffefffffc2f
	mulx rbp, r13, r12
	mov rdx, r12
	mov r14, 0xffffffffffffffff
	mulx r15, rbx, r14
	add rbp, rbx
	mov rdx, r15
	adcx rdx, rbx
	adcx rbx, r15
	mov r12, 0x0
	setc r12b
	add r10, r13
	adcx r9, rbp
	adcx r11, rdx
	mov rdx, 0x0
	setc dl
	bt r12, 0x0
	adcx r15, r8
	bt rdx, 0x0
	adcx rax, rbx
	mov rdx, qword ptr [rsi + 0x8]
	mulx r10, rbx, qword ptr [rsi + 0x18]
	adcx rcx, r15
	mulx rbp, r12, qword ptr [rsi + 0x10]
	mulx r13, r15, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x8], rcx
	mulx r14, rcx, qword ptr [rsi]
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x10], rcx
	mov qword ptr [rsp - 0x18], r14
	mulx rcx, r14, qword ptr [rsi]
	mov rdx, 0x0
	setc dl
	test al, al
	adox rcx, r15
	adox r13, r12
	adox rbp, rbx
	adox r10, r8
	add r9, r14
	mov rbx, rdx
	mov rdx, 0xd838091dd2253531
	mulx r12, r14, r9
	adcx r11, rcx
	adcx rax, r13
	adcx rbp, qword ptr [rsp - 0x8]
	adcx rbx, r10
	mov r10, 0x0
	setc r10b
	mov rdx, r14
	mov rcx, 0xffffffffffffffff
	mulx r12, r13, rcx
	mov rdx, r14
	mov r15, 0xfffffffefffffc2f
	mov qword ptr [rsp - 0x8], r10
	mulx rcx, r10, r15
	add rcx, r13
	mov rdx, r12
	adcx rdx, r13
	adcx r13, r12
	adcx r12, r8
	add r9, r10
	adcx r11, rcx
	adcx rax, rdx
	adcx rbp, r13
	adcx rbx, r12
	mov rdx, qword ptr [rsp - 0x8]
	adcx rdx, r8
	mov r9, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, rcx, qword ptr [rsi + 0x18]
	mulx r12, r13, rdx
	mulx r14, r15, qword ptr [rsi + 0x8]
	add r15, qword ptr [rsp - 0x18]
	adcx r14, r13
	adcx r12, rcx
	mov rcx, 0x0
	setc cl
	add r11, qword ptr [rsp - 0x10]
	mov r13, 0x0
	setc r13b
	bt rcx, 0x0
	adcx r10, r8
	bt r13, 0x0
	adcx rax, r15
	adcx rbp, r14
	adcx rbx, r12
	adcx r9, r10
	mov rdx, r11
	mov r10, 0xd838091dd2253531
	mulx rcx, r12, r10
	mov rdx, r12
	mov rcx, 0xfffffffefffffc2f
	mulx r13, r14, rcx
	mov rdx, r12
	mov r15, 0xffffffffffffffff
	mulx rcx, r10, r15
	mov rdx, 0x0
	setc dl
	add r13, r10
	mov r12, rcx
	adcx r12, r10
	adcx r10, rcx
	adcx rcx, r8
	test al, al
	adox r11, r14
	adox rax, r13
	adox rbp, r12
	adox rbx, r10
	adox r9, rcx
	mov r10, rdx
	mov rdx, qword ptr [rsi + 0x18]
	mulx r11, rcx, qword ptr [rsi]
	mulx r12, r13, rdx
	mov r14, 0x0
	seto r14b
	test al, al
	adox rax, rcx
	mov qword ptr [rsp - 0x10], r14
	mulx rcx, r14, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x18], r10
	mulx r10, r15, qword ptr [rsi + 0x8]
	clc
	adcx r11, r15
	adcx r10, r14
	adcx rcx, r13
	mov rdx, rax
	mov r13, 0xd838091dd2253531
	mulx r14, r15, r13
	adox rbp, r11
	adox rbx, r10
	adcx r12, r8
	adox r9, rcx
	mov rdx, r15
	mov r10, 0xffffffffffffffff
	mulx r11, rcx, r10
	mov r13, qword ptr [rsp - 0x18]
	mov r14, qword ptr [rsp - 0x10]
	mov r10, 0x0
	seto r10b
	bt r14, 0x0
	adcx r13, r8
	mov rdx, r15
	mov r14, 0xfffffffefffffc2f
	mov qword ptr [rsp - 0x10], r9
	mov qword ptr [rsp - 0x18], rbx
	mulx r9, rbx, r14
	test al, al
	adox r9, rcx
	mov rdx, 0x0
	seto dl
	bt r10, 0x0
	adcx r13, r12
	mov r10, 0x0
	setc r10b
	mov r12, r11
	bt rdx, 0x0
	adcx r12, rcx
	adcx rcx, r11
	mov rdx, 0x0
	setc dl
	add rax, rbx
	adcx rbp, r9
	mov rax, 0x0
	setc al
	bt rdx, 0x0
	adcx r11, r8
	bt rax, 0x0
	adcx r12, qword ptr [rsp - 0x18]
	adcx rcx, qword ptr [rsp - 0x10]
	adcx r13, r11
	adcx r10, r8
	mov rax, rbp
	sub rax, r14
	mov rdx, r12
	sbb rdx, 0xffffffffffffffff
	mov r9, rcx
	sbb r9, 0xffffffffffffffff
	mov r11, r13
	sbb r11, 0xffffffffffffffff
	sbb r10, r8
	cmovc rax, rbp
	mov qword ptr [rdi], rax
	cmovc r11, r13
	mov qword ptr [rdi + 0x18], r11
	cmovc r9, rcx
	mov qword ptr [rdi + 0x10], r9
	cmovc rdx, r12
	mov qword ptr [rdi + 0x8], rdx
	mov rbx, qword ptr [rsp - 0x20]
	mov rbp, qword ptr [rsp - 0x28]
	mov r12, qword ptr [rsp - 0x30]
	mov r13, qword ptr [rsp - 0x38]
	mov r14, qword ptr [rsp - 0x40]
	mov r15, qword ptr [rsp - 0x48]
	ret
.size fiat_secp256k1_montgomery_square, .-fiat_secp256k1_montgomery_square
.section .note.GNU-stack,"",@progbits
