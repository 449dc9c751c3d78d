.intel_syntax noprefix
.text
.globl fiat_p256_mul
.type fiat_p256_mul, @function
fiat_p256_mul:
	mov qword ptr [rsp - 0x30], rbx
	mov qword ptr [rsp - 0x38], rbp
	mov qword ptr [rsp - 0x40], r12
	mov qword ptr [rsp - 0x48], r13
	mov qword ptr [rsp - 0x50], r14
	mov qword ptr [rsp - 0x58], r15
	mov rcx, rdx
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r9, r10, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rcx + 0x10]
	mulx r11, rbx, qword ptr [rsi]
	mov rdx, qword ptr [rcx + 0x18]
	mulx rbp, r12, qword ptr [rsi]
	mov rdx, qword ptr [rcx + 0x10]
	mulx r13, r14, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rcx]
	mov qword ptr [rsp - 0x8], r13
	mulx r15, r13, qword ptr [rsi]
	mov rdx, r13
	mov qword ptr [rsp - 0x10], r14
	mov r14, 0xffffffff
	mov qword ptr [rsp - 0x18], r9
	mov qword ptr [rsp - 0x20], r10
	mulx r9, r10, r14
	test al, al
	adox r15, r8
	adox rax, rbx
	mov r8, 0xffffffffffffffff
	mulx rbx, r14, r8
	clc
	adcx rbx, r10
	mov r10, 0x0
	adcx r9, r10
	mov r8, 0xffffffff00000001
	mov qword ptr [rsp - 0x28], r9
	mulx r10, r9, r8
	clc
	adcx r13, r14
	adcx r15, rbx
	adox r11, r12
	mov rdx, 0x0
	adox rbp, rdx
	adcx rax, qword ptr [rsp - 0x28]
	mov rdx, qword ptr [rcx]
	mulx rbx, r12, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rcx + 0x18]
	mulx r13, r14, qword ptr [rsi + 0x8]
	adcx r11, r9
	adcx rbp, r10
	mov r9, 0x0
	setc r9b
	add rbx, qword ptr [rsp - 0x20]
	mov r10, qword ptr [rsp - 0x18]
	adcx r10, qword ptr [rsp - 0x10]
	adcx r14, qword ptr [rsp - 0x8]
	mov r8, 0x0
	adcx r13, r8
	add r15, r12
	adcx rax, rbx
	mov rdx, 0xffffffffffffffff
	mulx rbx, r12, r15
	adcx r11, r10
	adcx rbp, r14
	mov rdx, r15
	mov r10, 0xffffffff
	mulx r14, r8, r10
	adcx r9, r13
	mov rdx, qword ptr [rsi + 0x10]
	mulx r13, r10, qword ptr [rcx + 0x8]
	mov qword ptr [rsp - 0x8], r9
	mov r9, 0x0
	setc r9b
	test al, al
	adox rbx, r8
	mov qword ptr [rsp - 0x10], r13
	mulx r8, r13, qword ptr [rcx + 0x18]
	mov rdx, 0x0
	adox r14, rdx
	mov rdx, r15
	mov qword ptr [rsp - 0x18], r8
	mov r8, 0xffffffff00000001
	mov qword ptr [rsp - 0x20], r13
	mov qword ptr [rsp - 0x28], r10
	mulx r13, r10, r8
	test al, al
	adox r15, r12
	adox rax, rbx
	mov rdx, qword ptr [rcx + 0x10]
	mulx rbx, r12, qword ptr [rsi + 0x10]
	adox r11, r14
	adox rbp, r10
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, r14, qword ptr [rcx]
	clc
	adcx r10, qword ptr [rsp - 0x28]
	adcx r12, qword ptr [rsp - 0x10]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r15, r8, qword ptr [rcx + 0x10]
	adcx rbx, qword ptr [rsp - 0x20]
	adox r13, qword ptr [rsp - 0x8]
	mov rdx, qword ptr [rsp - 0x18]
	mov qword ptr [rsp - 0x8], r15
	mov r15, 0x0
	adcx rdx, r15
	clc
	adcx rax, r14
	adcx r11, r10
	mov r10, rdx
	mov rdx, 0xffffffff
	mov qword ptr [rsp - 0x18], r8
	mulx r14, r8, rax
	adcx rbp, r12
	adox r9, r15
	mov rdx, rax
	mov r12, 0xffffffff00000001
	mov qword ptr [rsp - 0x20], rbp
	mulx r15, rbp, r12
	adcx r13, rbx
	adcx r9, r10
	mov r10, 0xffffffffffffffff
	mulx rbx, r12, r10
	mov r10, 0x0
	setc r10b
	test al, al
	adox rbx, r8
	mov r8, 0x0
	adox r14, r8
	add rax, r12
	mov rdx, qword ptr [rcx]
	mulx rax, r12, qword ptr [rsi + 0x18]
	adcx r11, rbx
	adcx r14, qword ptr [rsp - 0x20]
	adcx r13, rbp
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, rbp, qword ptr [rcx + 0x8]
	adcx r9, r15
	adcx r10, r8
	add rax, rbp
	mulx rbp, r15, qword ptr [rcx + 0x18]
	adcx rbx, qword ptr [rsp - 0x18]
	adcx r15, qword ptr [rsp - 0x8]
	adcx rbp, r8
	add r11, r12
	adcx r14, rax
	adcx r13, rbx
	adcx r9, r15
	mov rdx, 0xffffffffffffffff
	mulx rax, rsi, r11
	mov rdx, r11
	mov rcx, 0xffffffff
	mulx rbx, r12, rcx
	adcx r10, rbp
	mov rbp, 0x0
	setc bpl
	add rax, r12
	mov r12, 0xffffffff00000001
	mulx r15, rcx, r12
	adcx rbx, r8
	test al, al
	adox r11, rsi
	adox r14, rax
	adox r13, rbx
	adox r9, rcx
	adox r10, r15
	adox rbp, r8
	mov rax, r14
	sub rax, 0xffffffffffffffff
	mov r11, r13
	mov rdx, 0xffffffff
	sbb r11, rdx
	mov rdx, r9
	sbb rdx, r8
	mov rsi, r10
	sbb rsi, r12
	sbb rbp, r8
	cmovc r11, r13
	mov qword ptr [rdi + 0x8], r11
	cmovc rsi, r10
	mov qword ptr [rdi + 0x18], rsi
	cmovc rdx, r9
	mov qword ptr [rdi + 0x10], rdx
	cmovc rax, r14
	mov qword ptr [rdi], rax
	mov rbx, qword ptr [rsp - 0x30]
	mov rbp, qword ptr [rsp - 0x38]
	mov r12, qword ptr [rsp - 0x40]
	mov r13, qword ptr [rsp - 0x48]
	mov r14, qword ptr [rsp - 0x50]
	mov r15, qword ptr [rsp - 0x58]
	ret
.size fiat_p256_mul, .-fiat_p256_mul
.section .note.GNU-stack,"",@progbits
