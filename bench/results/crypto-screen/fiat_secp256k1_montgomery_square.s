.intel_syntax noprefix
.text
.globl fiat_secp256k1_montgomery_square
.type fiat_secp256k1_montgomery_square, @function
fiat_secp256k1_montgomery_square:
	mov qword ptr [rsp - 0x18], rbx
	mov qword ptr [rsp - 0x20], rbp
	mov qword ptr [rsp - 0x28], r12
	mov qword ptr [rsp - 0x30], r13
	mov qword ptr [rsp - 0x38], r14
	mov qword ptr [rsp - 0x40], r15
	mov rdx, qword ptr [rsi + 0x10]
	mulx rax, r8, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi]
	mulx r9, r10, qword ptr [rsi + 0x18]
	mulx r11, rcx, qword ptr [rsi + 0x10]
	mulx rbx, rbp, qword ptr [rsi + 0x8]
	mulx r12, r13, rdx
	mov rdx, 0xd838091dd2253531
	mulx r14, r15, r13
	test al, al
	adox r12, rbp
	adox rbx, rcx
	adox r11, r10
	mov r10, 0x0
	adox r9, r10
	mov rdx, 0xffffffffffffffff
	mulx rcx, rbp, r15
	mov rdx, 0xfffffffefffffc2f
	mulx r14, r15, r15
	test al, al
	adox r14, rbp
	mov rdx, rcx
	adox rdx, rbp
	adox rbp, rcx
	adox rcx, r10
	add r13, r15
	adcx r12, r14
	adcx rbx, rdx
	adcx r11, rbp
	adcx r9, rcx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rcx, rbp, qword ptr [rsi + 0x18]
	mulx r13, r14, qword ptr [rsi + 0x10]
	mulx r15, r10, rdx
	mov qword ptr [rsp - 0x8], rax
	mov qword ptr [rsp - 0x10], r8
	mulx rax, r8, qword ptr [rsi]
	mov rdx, 0x0
	setc dl
	add rax, r10
	adcx r15, r14
	adcx r13, rbp
	adc rcx, 0x0
	add r12, r8
	adcx rbx, rax
	adcx r11, r15
	adcx r9, r13
	adcx rdx, rcx
	mov r8, rdx
	mov rdx, r12
	mov rax, 0xd838091dd2253531
	mulx r10, rcx, rax
	mov rdx, 0xffffffffffffffff
	mulx r10, rbp, rcx
	mov rdx, 0xfffffffefffffc2f
	mulx rcx, r13, rcx
	mov r14, 0x0
	setc r14b
	add rcx, rbp
	mov r15, r10
	adcx r15, rbp
	adcx rbp, r10
	mov rdx, 0x0
	adcx r10, rdx
	test al, al
	adox r12, r13
	adox rbx, rcx
	adox r11, r15
	adox r9, rbp
	adox r8, r10
	adox r14, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, rcx, qword ptr [rsi + 0x18]
	mulx rbp, r12, rdx
	mulx r13, r15, qword ptr [rsi]
	test al, al
	adox r13, qword ptr [rsp - 0x10]
	adox r12, qword ptr [rsp - 0x8]
	adox rbp, rcx
	mov rcx, 0x0
	adox r10, rcx
	test al, al
	adox rbx, r15
	adox r11, r13
	adox r9, r12
	adox r8, rbp
	adox r14, r10
	mov rdx, rbx
	mulx r10, rbp, rax
	mov rdx, rbp
	mov r10, 0xffffffffffffffff
	mulx r12, r13, r10
	mov r15, 0xfffffffefffffc2f
	mulx rbp, r10, r15
	mov rdx, 0x0
	seto dl
	test al, al
	adox rbp, r13
	mov r15, r12
	adox r15, r13
	adox r13, r12
	adox r12, rcx
	add rbx, r10
	adcx r11, rbp
	adcx r9, r15
	adcx r8, r13
	adcx r14, r12
	adcx rdx, rcx
	mov r10, rdx
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, rbp, rdx
	mulx r12, r13, qword ptr [rsi + 0x10]
	mulx r15, rax, qword ptr [rsi + 0x8]
	vmovq xmm0, r10
	mulx rcx, r10, qword ptr [rsi]
	add rcx, rax
	adcx r15, r13
	adcx r12, rbp
	adc rbx, 0x0
	add r11, r10
	adcx r9, rcx
	adcx r8, r15
	adcx r14, r12
	vmovq rax, xmm0
	adcx rbx, rax
	mov rdx, r11
	mov rax, 0xd838091dd2253531
	mulx rax, r10, rax
	mov rdx, r10
	mov rax, 0xffffffffffffffff
	mulx rcx, rsi, rax
	mov rbp, 0xfffffffefffffc2f
	mulx r10, r12, rbp
	mov rdx, 0x0
	setc dl
	add r10, rsi
	mov r13, rcx
	adcx r13, rsi
	adcx rsi, rcx
	adc rcx, 0x0
	test al, al
	adox r11, r12
	adox r9, r10
	adox r8, r13
	adox r14, rsi
	adox rbx, rcx
	mov r10, 0x0
	adox rdx, r10
	mov r11, r9
	sub r11, rbp
	mov rcx, r8
	sbb rcx, rax
	mov rsi, r14
	sbb rsi, rax
	mov rbp, rbx
	sbb rbp, rax
	sbb rdx, r10
	cmovc r11, r9
	mov qword ptr [rdi], r11
	cmovc rcx, r8
	mov qword ptr [rdi + 0x8], rcx
	cmovc rsi, r14
	mov qword ptr [rdi + 0x10], rsi
	cmovc rbp, rbx
	mov qword ptr [rdi + 0x18], rbp
	mov rbx, qword ptr [rsp - 0x18]
	mov rbp, qword ptr [rsp - 0x20]
	mov r12, qword ptr [rsp - 0x28]
	mov r13, qword ptr [rsp - 0x30]
	mov r14, qword ptr [rsp - 0x38]
	mov r15, qword ptr [rsp - 0x40]
	ret
.size fiat_secp256k1_montgomery_square, .-fiat_secp256k1_montgomery_square
.section .note.GNU-stack,"",@progbits
