.intel_syntax noprefix
.text
.globl fiat_p256_mul
.type fiat_p256_mul, @function
fiat_p256_mul:
	mov qword ptr [rsp - 0x28], rbx
	mov qword ptr [rsp - 0x30], rbp
	mov qword ptr [rsp - 0x38], r12
	mov qword ptr [rsp - 0x40], r13
	mov qword ptr [rsp - 0x48], r14
	mov qword ptr [rsp - 0x50], r15
	mov rcx, rdx
	mov rdx, qword ptr [rcx + 0x8]
	mulx rax, r8, qword ptr [rsi]
	mov rdx, qword ptr [rsi]
	mulx r9, r10, qword ptr [rcx + 0x10]
	mulx r11, rbx, qword ptr [rcx]
	test al, al
	adox r11, r8
	mulx r8, rbp, qword ptr [rcx + 0x18]
	adox rax, r10
	adox r9, rbp
	mov rdx, qword ptr [rsi + 0x8]
	mulx r10, rbp, qword ptr [rcx]
	mov rdx, rbx
	mov r12, 0xffffffffffffffff
	mulx r13, r14, r12
	mov r12, 0xffffffff
	mov qword ptr [rsp - 0x8], rbp
	mulx r15, rbp, r12
	mov r12, 0xffffffff00000001
	mov qword ptr [rsp - 0x10], r10
	mov qword ptr [rsp - 0x18], r9
	mulx r10, r9, r12
	clc
	adcx r13, rbp
	mov rdx, qword ptr [rcx + 0x8]
	mulx rbp, r12, qword ptr [rsi + 0x8]
	mov rdx, 0x0
	adcx r15, rdx
	clc
	adcx rbx, r14
	adox r8, rdx
	adcx r11, r13
	adcx rax, r15
	adcx r9, qword ptr [rsp - 0x18]
	adcx r8, r10
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, rbx, qword ptr [rcx]
	mov r13, 0x0
	setc r13b
	add r12, qword ptr [rsp - 0x10]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r14, r15, qword ptr [rcx + 0x18]
	mov qword ptr [rsp - 0x10], rbx
	mov qword ptr [rsp - 0x18], r10
	mulx rbx, r10, qword ptr [rcx + 0x10]
	adcx rbp, r10
	adcx rbx, r15
	adc r14, 0x0
	add r11, qword ptr [rsp - 0x8]
	adcx rax, r12
	mov rdx, 0xffffffffffffffff
	mulx r10, r12, r11
	adcx r9, rbp
	adcx r8, rbx
	adcx r13, r14
	mov rbx, 0x0
	setc bl
	mov rdx, r11
	mov rbp, 0xffffffff
	mulx r14, r15, rbp
	test al, al
	adox r10, r15
	clc
	adcx r12, r11
	mov r12, 0xffffffff00000001
	mulx r15, rbp, r12
	adcx rax, r10
	mov r10, 0x0
	adox r14, r10
	adcx r9, r14
	mov rdx, qword ptr [rsi + 0x10]
	mulx r11, r14, qword ptr [rcx + 0x8]
	adcx r8, rbp
	adcx r13, r15
	adcx rbx, r10
	mulx rbp, r15, qword ptr [rcx + 0x10]
	mulx r12, r10, qword ptr [rcx + 0x18]
	add r14, qword ptr [rsp - 0x18]
	adcx r11, r15
	adcx rbp, r10
	mov rdx, qword ptr [rcx + 0x18]
	mulx r10, r15, qword ptr [rsi + 0x18]
	adc r12, 0x0
	add rax, qword ptr [rsp - 0x10]
	adcx r9, r14
	mov rdx, rax
	mov r14, 0xffffffff
	mov qword ptr [rsp - 0x10], r10
	mov qword ptr [rsp - 0x18], r15
	mulx r10, r15, r14
	adcx r8, r11
	mov r11, 0xffffffffffffffff
	mov qword ptr [rsp - 0x8], r8
	mulx r14, r8, r11
	adcx r13, rbp
	adcx rbx, r12
	mov rbp, 0x0
	setc bpl
	test al, al
	adox r14, r15
	mov rdx, qword ptr [rsi + 0x18]
	mulx r12, r15, qword ptr [rcx + 0x8]
	mov rdx, 0xffffffff00000001
	mov qword ptr [rsp - 0x20], rbp
	mulx r11, rbp, rax
	clc
	adcx rax, r8
	adcx r9, r14
	mov rax, 0x0
	adox r10, rax
	adcx r10, qword ptr [rsp - 0x8]
	adcx r13, rbp
	adcx rbx, r11
	mov rdx, qword ptr [rsi + 0x18]
	mulx r8, r11, qword ptr [rcx + 0x10]
	mulx rbp, r14, qword ptr [rcx]
	mov rdx, 0x0
	setc dl
	add rbp, r15
	adcx r12, r11
	adcx r8, qword ptr [rsp - 0x18]
	mov r11, qword ptr [rsp - 0x10]
	adcx r11, rax
	mov rsi, qword ptr [rsp - 0x20]
	bt rdx, 0x0
	adcx rsi, rax
	test al, al
	adox r9, r14
	mov rdx, 0xffffffffffffffff
	mulx rcx, r14, r9
	adox r10, rbp
	adox r13, r12
	adox rbx, r8
	mov rdx, r9
	mov r8, 0xffffffff
	mulx rbp, r12, r8
	adox rsi, r11
	mov r11, 0x0
	seto r11b
	test al, al
	adox rcx, r12
	clc
	adcx r14, r9
	mov r12, 0xffffffff00000001
	mulx r14, r15, r12
	adcx r10, rcx
	adox rbp, rax
	adcx r13, rbp
	adcx rbx, r15
	adcx rsi, r14
	adcx r11, rax
	mov r9, r10
	sub r9, 0xffffffffffffffff
	mov rdx, r13
	sbb rdx, r8
	mov r8, rbx
	sbb r8, rax
	mov rcx, rsi
	sbb rcx, r12
	sbb r11, rax
	cmovc rcx, rsi
	mov qword ptr [rdi + 0x18], rcx
	cmovc r9, r10
	mov qword ptr [rdi], r9
	cmovc rdx, r13
	mov qword ptr [rdi + 0x8], rdx
	cmovc r8, rbx
	mov qword ptr [rdi + 0x10], r8
	mov rbx, qword ptr [rsp - 0x28]
	mov rbp, qword ptr [rsp - 0x30]
	mov r12, qword ptr [rsp - 0x38]
	mov r13, qword ptr [rsp - 0x40]
	mov r14, qword ptr [rsp - 0x48]
	mov r15, qword ptr [rsp - 0x50]
	ret
.size fiat_p256_mul, .-fiat_p256_mul
.section .note.GNU-stack,"",@progbits
