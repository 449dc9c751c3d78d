.intel_syntax noprefix
.text
.globl fiat_secp256k1_montgomery_mul
.type fiat_secp256k1_montgomery_mul, @function
fiat_secp256k1_montgomery_mul:
	mov qword ptr [rsp - 0x40], rbx
	mov qword ptr [rsp - 0x48], rbp
	mov qword ptr [rsp - 0x50], r12
	mov qword ptr [rsp - 0x58], r13
	mov qword ptr [rsp - 0x60], r14
	mov qword ptr [rsp - 0x68], r15
	mov rcx, rdx
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rcx]
	mulx r9, r10, qword ptr [rcx + 0x18]
	mulx r11, rbx, qword ptr [rcx + 0x10]
	mulx rbp, r12, qword ptr [rcx + 0x8]
	test al, al
	adox rax, r12
	adox rbp, rbx
	adox r11, r10
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, rbx, qword ptr [rcx + 0x10]
	mov rdx, r8
	mov r12, 0xd838091dd2253531
	mulx r13, r14, r12
	mov rdx, qword ptr [rsi + 0x10]
	mulx r13, r12, qword ptr [rcx]
	mov rdx, r14
	mov r15, 0xffffffffffffffff
	mov qword ptr [rsp - 0x8], r10
	mov qword ptr [rsp - 0x10], rbx
	mulx r10, rbx, r15
	mov r15, 0xfffffffefffffc2f
	mov qword ptr [rsp - 0x18], r12
	mulx r14, r12, r15
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x20], r13
	mulx r15, r13, qword ptr [rcx + 0x18]
	clc
	adcx r14, rbx
	mov qword ptr [rsp - 0x28], r15
	mov r15, r10
	adcx r15, rbx
	adcx rbx, r10
	mov qword ptr [rsp - 0x30], r13
	mov qword ptr [rsp - 0x38], rbx
	mulx r13, rbx, qword ptr [rcx + 0x10]
	mov rdx, 0x0
	adcx r10, rdx
	clc
	adcx r8, r12
	adcx rax, r14
	adox r9, rdx
	adcx rbp, r15
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, r12, qword ptr [rcx]
	adcx r11, qword ptr [rsp - 0x38]
	adcx r9, r10
	mulx r10, r14, qword ptr [rcx + 0x8]
	mov rdx, 0x0
	setc dl
	add r8, r14
	adcx r10, rbx
	adcx r13, qword ptr [rsp - 0x30]
	mov rbx, qword ptr [rsp - 0x28]
	adc rbx, 0x0
	test al, al
	adox rax, r12
	adox rbp, r8
	mov r8, rdx
	mov rdx, 0xd838091dd2253531
	mulx r12, r14, rax
	mov rdx, 0xfffffffefffffc2f
	mulx r12, r15, r14
	adox r11, r10
	adox r9, r13
	adox r8, rbx
	mov rdx, r14
	mov r10, 0xffffffffffffffff
	mulx rbx, r13, r10
	clc
	adcx r12, r13
	mov rdx, qword ptr [rsi + 0x18]
	mulx r14, r10, qword ptr [rcx + 0x8]
	mov rdx, rbx
	adcx rdx, r13
	adcx r13, rbx
	mov qword ptr [rsp - 0x28], r14
	mov r14, 0x0
	seto r14b
	adc rbx, 0x0
	add rax, r15
	adcx rbp, r12
	adcx r11, rdx
	adcx r9, r13
	adcx r8, rbx
	mov rdx, qword ptr [rsi + 0x10]
	mulx rax, rbx, qword ptr [rcx + 0x8]
	mulx r12, r13, qword ptr [rcx + 0x18]
	mov qword ptr [rsp - 0x30], r10
	mulx r15, r10, qword ptr [rcx + 0x10]
	adc r14, 0x0
	test al, al
	adox rbx, qword ptr [rsp - 0x20]
	adox rax, r10
	adox r15, r13
	mov r10, 0x0
	adox r12, r10
	test al, al
	adox rbp, qword ptr [rsp - 0x18]
	mov rdx, rbp
	mov r13, 0xd838091dd2253531
	mov qword ptr [rsp - 0x18], r14
	mulx r10, r14, r13
	mov rdx, 0xfffffffefffffc2f
	mulx r10, r13, r14
	adox r11, rbx
	adox r9, rax
	mov rdx, 0xffffffffffffffff
	mulx rax, rbx, r14
	adox r8, r15
	adox r12, qword ptr [rsp - 0x18]
	clc
	adcx r10, rbx
	mov r14, rax
	adcx r14, rbx
	adcx rbx, rax
	mov r15, 0x0
	adcx rax, r15
	clc
	adcx rbp, r13
	adcx r11, r10
	adcx r9, r14
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, rbp, qword ptr [rcx + 0x18]
	mulx r13, r14, qword ptr [rcx]
	adcx r8, rbx
	mov rdx, 0x0
	seto dl
	adcx r12, rax
	adcx rdx, r15
	add r13, qword ptr [rsp - 0x30]
	mov rax, qword ptr [rsp - 0x28]
	adcx rax, qword ptr [rsp - 0x10]
	adcx rbp, qword ptr [rsp - 0x8]
	adcx r10, r15
	add r11, r14
	adcx r9, r13
	adcx r8, rax
	adcx r12, rbp
	adcx rdx, r10
	mov r10, rdx
	mov rdx, 0xd838091dd2253531
	mulx rax, rsi, r11
	mov rdx, 0xffffffffffffffff
	mulx rax, rcx, rsi
	mov rdx, 0xfffffffefffffc2f
	mulx rsi, rbx, rsi
	mov rbp, 0x0
	setc bpl
	test al, al
	adox rsi, rcx
	mov r13, rax
	adox r13, rcx
	adox rcx, rax
	adox rax, r15
	add r11, rbx
	adcx r9, rsi
	adcx r8, r13
	adcx r12, rcx
	adcx r10, rax
	adcx rbp, r15
	mov rax, r9
	sub rax, rdx
	mov r11, r8
	sbb r11, 0xffffffffffffffff
	mov rdx, r12
	sbb rdx, 0xffffffffffffffff
	mov rsi, r10
	sbb rsi, 0xffffffffffffffff
	sbb rbp, r15
	cmovc r11, r8
	mov qword ptr [rdi + 0x8], r11
	cmovc rsi, r10
	mov qword ptr [rdi + 0x18], rsi
	cmovc rax, r9
	mov qword ptr [rdi], rax
	cmovc rdx, r12
	mov qword ptr [rdi + 0x10], rdx
	mov rbx, qword ptr [rsp - 0x40]
	mov rbp, qword ptr [rsp - 0x48]
	mov r12, qword ptr [rsp - 0x50]
	mov r13, qword ptr [rsp - 0x58]
	mov r14, qword ptr [rsp - 0x60]
	mov r15, qword ptr [rsp - 0x68]
	ret
.size fiat_secp256k1_montgomery_mul, .-fiat_secp256k1_montgomery_mul
.section .note.GNU-stack,"",@progbits
