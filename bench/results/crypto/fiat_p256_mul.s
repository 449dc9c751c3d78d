.intel_syntax noprefix
.text
.globl fiat_p256_mul
.type fiat_p256_mul, @function
fiat_p256_mul:
	mov qword ptr [rsp - 0x58], rbx
	mov qword ptr [rsp - 0x60], rbp
	mov qword ptr [rsp - 0x68], r12
	mov qword ptr [rsp - 0x70], r13
	mov qword ptr [rsp - 0x78], r14
	mov qword ptr [rsp - 0x80], r15
	mov rcx, rdx
	mov rdx, qword ptr [rcx + 0x8]
	mulx rax, r8, qword ptr [rsi]
	mov rdx, qword ptr [rcx + 0x10]
	mulx r9, r10, qword ptr [rsi]
	mov rdx, qword ptr [rcx + 0x18]
	mulx r11, rbx, qword ptr [rsi]
	mov rdx, qword ptr [rcx]
	mulx rbp, r12, qword ptr [rsi]
	test al, al
	adox rbp, r8
	adox rax, r10
	mulx r8, r10, qword ptr [rsi + 0x8]
	adox r9, rbx
	mov rbx, 0x0
	adox r11, rbx
	mov rdx, r12
	mov r13, 0xffffffff
	mulx r14, r15, r13
	mov rdx, r12
	mov r13, 0xffffffffffffffff
	mov qword ptr [rsp - 0x8], r10
	mov qword ptr [rsp - 0x10], r11
	mulx r10, r11, r13
	add r10, r15
	adcx r14, rbx
	test al, al
	adox r11, r12
	mov rdx, qword ptr [rsi + 0x8]
	mulx r11, r15, qword ptr [rcx + 0x8]
	adox rbp, r10
	mov rdx, 0xffffffff00000001
	mulx r10, r13, r12
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x18], rbp
	mulx r12, rbp, qword ptr [rcx + 0x10]
	clc
	adcx r8, r15
	mov qword ptr [rsp - 0x20], r8
	mulx r15, r8, qword ptr [rcx + 0x18]
	adcx r11, rbp
	mov rdx, qword ptr [rcx + 0x8]
	mov qword ptr [rsp - 0x28], r11
	mulx rbp, r11, qword ptr [rsi + 0x10]
	adox rax, r14
	adcx r12, r8
	adox r9, r13
	mov rdx, qword ptr [rsi + 0x10]
	mulx r8, r13, qword ptr [rcx]
	adox r10, qword ptr [rsp - 0x10]
	adcx r15, rbx
	mov qword ptr [rsp - 0x10], r13
	mulx r14, r13, qword ptr [rcx + 0x10]
	mov qword ptr [rsp - 0x30], r14
	mov r14, qword ptr [rsp - 0x18]
	clc
	adcx r14, qword ptr [rsp - 0x8]
	mov qword ptr [rsp - 0x8], r13
	mov r13, 0x0
	seto r13b
	mov rdx, 0xffffffff00000001
	mov qword ptr [rsp - 0x18], rbp
	mov qword ptr [rsp - 0x38], r11
	mulx rbp, r11, r14
	adcx rax, qword ptr [rsp - 0x20]
	adcx r9, qword ptr [rsp - 0x28]
	adcx r10, r12
	adcx r13, r15
	mov r12, 0x0
	setc r12b
	mov rdx, 0xffffffff
	mov qword ptr [rsp - 0x28], r8
	mulx r15, r8, r14
	mov rdx, r14
	mov qword ptr [rsp - 0x20], r12
	mov r12, 0xffffffffffffffff
	mov qword ptr [rsp - 0x40], r13
	mov qword ptr [rsp - 0x48], rbp
	mulx r13, rbp, r12
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x50], r11
	mulx r12, r11, qword ptr [rcx + 0x18]
	test al, al
	adox r13, r8
	clc
	adcx r14, rbp
	adcx rax, r13
	adox r15, rbx
	adcx r9, r15
	adcx r10, qword ptr [rsp - 0x50]
	mov rdx, qword ptr [rsp - 0x40]
	adcx rdx, qword ptr [rsp - 0x48]
	mov r8, qword ptr [rsp - 0x20]
	adcx r8, rbx
	mov rbp, qword ptr [rsp - 0x28]
	add rbp, qword ptr [rsp - 0x38]
	mov r13, qword ptr [rsp - 0x18]
	adcx r13, qword ptr [rsp - 0x8]
	adcx r11, qword ptr [rsp - 0x30]
	adcx r12, rbx
	test al, al
	adox rax, qword ptr [rsp - 0x10]
	mov r14, rdx
	mov rdx, 0xffffffffffffffff
	mulx r15, rbx, rax
	adox r9, rbp
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x10], r9
	mulx rbp, r9, qword ptr [rcx + 0x10]
	adox r10, r13
	adox r14, r11
	mov rdx, rax
	mov r11, 0xffffffff00000001
	mov qword ptr [rsp - 0x30], rbp
	mulx r13, rbp, r11
	adox r8, r12
	mov r12, 0x0
	seto r12b
	test al, al
	adox rbx, rax
	mov rdx, 0xffffffff
	mulx rbx, r11, rax
	clc
	adcx r15, r11
	adox r15, qword ptr [rsp - 0x10]
	mov rax, 0x0
	adcx rbx, rax
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x10], r12
	mulx r11, r12, qword ptr [rcx + 0x18]
	adox r10, rbx
	adox r14, rbp
	adox r8, r13
	mulx rbx, rbp, qword ptr [rcx + 0x8]
	mov qword ptr [rsp - 0x8], r8
	mulx r13, r8, qword ptr [rcx]
	mov rdx, 0x0
	seto dl
	test al, al
	adox r13, rbp
	adox rbx, r9
	adox r12, qword ptr [rsp - 0x30]
	clc
	adcx r15, r8
	adox r11, rax
	adcx r10, r13
	mov r8, qword ptr [rsp - 0x10]
	adcx r14, rbx
	adcx r12, qword ptr [rsp - 0x8]
	mov r9, rdx
	mov rdx, 0xffffffffffffffff
	mulx rbx, rbp, r15
	mov rdx, 0xffffffff
	mov qword ptr [rsp - 0x8], r12
	mulx r13, r12, r15
	mov rdx, 0x0
	setc dl
	bt r9, 0x0
	adcx r8, rax
	bt rdx, 0x0
	adcx r8, r11
	mov rdx, r15
	mov r9, 0xffffffff00000001
	mov qword ptr [rsp - 0x10], r8
	mulx r11, r8, r9
	mov r9, 0x0
	setc r9b
	test al, al
	adox rbx, r12
	clc
	adcx r15, rbp
	adcx r10, rbx
	adox r13, rax
	adcx r14, r13
	adcx r8, qword ptr [rsp - 0x8]
	mov rdx, r10
	mov rbx, 0x0
	setc bl
	sub rdx, 0xffffffffffffffff
	mov rbp, 0x0
	setc bpl
	bt rbx, 0x0
	adcx r11, qword ptr [rsp - 0x10]
	adcx r9, rax
	mov rbx, r14
	mov r12, 0xffffffff
	bt rbp, 0x0
	sbb rbx, r12
	mov rbp, r8
	sbb rbp, rax
	mov r12, r11
	mov r13, 0xffffffff00000001
	sbb r12, r13
	sbb r9, rax
	cmovc r12, r11
	mov qword ptr [rdi + 0x18], r12
	cmovc rbx, r14
	mov qword ptr [rdi + 0x8], rbx
	cmovc rbp, r8
	mov qword ptr [rdi + 0x10], rbp
	cmovc rdx, r10
	mov qword ptr [rdi], rdx
	mov rbx, qword ptr [rsp - 0x58]
	mov rbp, qword ptr [rsp - 0x60]
	mov r12, qword ptr [rsp - 0x68]
	mov r13, qword ptr [rsp - 0x70]
	mov r14, qword ptr [rsp - 0x78]
	mov r15, qword ptr [rsp - 0x80]
	ret
.size fiat_p256_mul, .-fiat_p256_mul
.section .note.GNU-stack,"",@progbits
