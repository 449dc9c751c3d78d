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
	mov rdx, qword ptr [rcx + 0x18]
	mulx rax, r8, qword ptr [rsi]
	mov rdx, qword ptr [rsi]
	mulx r9, r10, qword ptr [rcx + 0x8]
	mulx r11, rbx, qword ptr [rcx]
	mulx rbp, r12, qword ptr [rcx + 0x10]
	add r11, r10
	adcx r9, r12
	adcx rbp, r8
	mov rdx, rbx
	mov r8, 0xffffffff
	mulx r10, r12, r8
	mov r8, 0xffffffffffffffff
	mulx r13, r14, r8
	adc rax, 0x0
	test al, al
	adox r13, r12
	mov r12, 0x0
	adox r10, r12
	mov r8, 0xffffffff00000001
	mulx r12, r15, r8
	test al, al
	adox rbx, r14
	adox r11, r13
	adox r9, r10
	adox rbp, r15
	adox rax, r12
	mov r10, 0x0
	seto r10b
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbx, r12, qword ptr [rcx + 0x8]
	mulx r13, r14, qword ptr [rcx]
	mulx r15, r8, qword ptr [rcx + 0x10]
	mov qword ptr [rsp - 0x8], r10
	vmovq xmm0, rax
	mulx r10, rax, qword ptr [rcx + 0x18]
	test al, al
	adox r13, r12
	adox rbx, r8
	adox r15, rax
	clc
	adcx r11, r14
	mov rax, 0x0
	adox r10, rax
	adcx r9, r13
	mov rdx, r11
	mov r8, 0xffffffffffffffff
	mulx r12, r13, r8
	adcx rbp, rbx
	vmovq rbx, xmm0
	adcx r15, rbx
	adcx r10, qword ptr [rsp - 0x8]
	mov rbx, 0x0
	setc bl
	mov r14, 0xffffffff00000001
	mov qword ptr [rsp - 0x8], rbx
	mulx r8, rbx, r14
	mov r14, 0xffffffff
	mov qword ptr [rsp - 0x10], r10
	mov qword ptr [rsp - 0x18], r8
	mulx r10, r8, r14
	add r12, r8
	adcx r10, rax
	add r11, r13
	adcx r9, r12
	adcx rbp, r10
	adcx r15, rbx
	mov r8, qword ptr [rsp - 0x10]
	adcx r8, qword ptr [rsp - 0x18]
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, r11, qword ptr [rcx + 0x18]
	mulx rbx, r12, qword ptr [rcx + 0x8]
	mulx r13, r14, qword ptr [rcx]
	mov rax, qword ptr [rsp - 0x8]
	mov qword ptr [rsp - 0x18], r8
	mov r8, 0x0
	adcx rax, r8
	mov qword ptr [rsp - 0x8], rax
	mulx r8, rax, qword ptr [rcx + 0x10]
	add r13, r12
	adcx rbx, rax
	adcx r8, r11
	adc r10, 0x0
	add r9, r14
	adcx rbp, r13
	mov rdx, 0xffffffffffffffff
	mulx rax, r11, r9
	adcx r15, rbx
	adcx r8, qword ptr [rsp - 0x18]
	adcx r10, qword ptr [rsp - 0x8]
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, r12, qword ptr [rcx]
	mov r13, 0x0
	setc r13b
	mov rdx, r9
	mov r14, 0xffffffff
	mov qword ptr [rsp - 0x8], r13
	mov qword ptr [rsp - 0x18], r12
	mulx r13, r12, r14
	mov r14, 0xffffffff00000001
	mov qword ptr [rsp - 0x10], rbx
	mov qword ptr [rsp - 0x20], r10
	mulx rbx, r10, r14
	test al, al
	adox rax, r12
	mov r12, 0x0
	adox r13, r12
	test al, al
	adox r9, r11
	adox rbp, rax
	adox r15, r13
	adox r8, r10
	adox rbx, qword ptr [rsp - 0x20]
	mov rdx, qword ptr [rsi + 0x18]
	mulx rax, r9, qword ptr [rcx + 0x18]
	mulx r10, r11, qword ptr [rcx + 0x10]
	mulx r13, r14, qword ptr [rcx + 0x8]
	clc
	adcx r14, qword ptr [rsp - 0x10]
	adcx r13, r11
	adcx r10, r9
	mov r9, qword ptr [rsp - 0x8]
	adox r9, r12
	adcx rax, r12
	add rbp, qword ptr [rsp - 0x18]
	adcx r15, r14
	adcx r8, r13
	adcx rbx, r10
	adcx r9, rax
	mov rdx, rbp
	mov rax, 0xffffffffffffffff
	mulx r10, r11, rax
	mov rsi, 0xffffffff00000001
	mulx rcx, r13, rsi
	mov r14, 0xffffffff
	mulx rsi, rax, r14
	mov r14, 0x0
	setc r14b
	test al, al
	adox r10, rax
	adox rsi, r12
	add rbp, r11
	adcx r15, r10
	adcx r8, rsi
	adcx rbx, r13
	adcx r9, rcx
	adcx r14, r12
	mov rax, r15
	sub rax, 0xffffffffffffffff
	mov r10, r8
	mov r11, 0xffffffff
	sbb r10, r11
	mov r11, rbx
	sbb r11, r12
	mov rdx, r9
	mov rsi, 0xffffffff00000001
	sbb rdx, rsi
	sbb r14, r12
	cmovc rax, r15
	mov qword ptr [rdi], rax
	cmovc r10, r8
	mov qword ptr [rdi + 0x8], r10
	cmovc r11, rbx
	mov qword ptr [rdi + 0x10], r11
	cmovc rdx, r9
	mov qword ptr [rdi + 0x18], rdx
	mov rbx, qword ptr [rsp - 0x28]
	mov rbp, qword ptr [rsp - 0x30]
	mov r12, qword ptr [rsp - 0x38]
	mov r13, qword ptr [rsp - 0x40]
	mov r14, qword ptr [rsp - 0x48]
	mov r15, qword ptr [rsp - 0x50]
	ret
.size fiat_p256_mul, .-fiat_p256_mul
.section .note.GNU-stack,"",@progbits
