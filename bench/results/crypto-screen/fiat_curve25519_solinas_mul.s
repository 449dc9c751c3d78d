.intel_syntax noprefix
.text
.globl fiat_curve25519_solinas_mul
.type fiat_curve25519_solinas_mul, @function
fiat_curve25519_solinas_mul:
	mov qword ptr [rsp - 0x58], rbx
	mov qword ptr [rsp - 0x60], rbp
	mov qword ptr [rsp - 0x68], r12
	mov qword ptr [rsp - 0x70], r13
	mov qword ptr [rsp - 0x78], r14
	mov qword ptr [rsp - 0x80], r15
	mov rcx, rdx
	mov rdx, qword ptr [rsi + 0x18]
	mulx rax, r8, qword ptr [rcx]
	mov rdx, qword ptr [rsi]
	mulx r9, r10, qword ptr [rcx + 0x10]
	mulx r11, rbx, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rsi + 0x10]
	mulx rbp, r12, qword ptr [rcx + 0x8]
	mulx r13, r14, qword ptr [rcx]
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x8], rbp
	mulx r15, rbp, qword ptr [rcx + 0x8]
	test al, al
	adox r9, r8
	mov r8, 0x0
	seto r8b
	test al, al
	adox r9, r12
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x10], r15
	mulx r12, r15, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x20], r15
	mulx r12, r15, qword ptr [rcx + 0x8]
	clc
	adcx r11, r14
	adcx r9, r13
	mulx r13, r14, qword ptr [rcx + 0x10]
	mov qword ptr [rsp - 0x28], r13
	mov r13, 0x0
	setc r13b
	mov qword ptr [rsp - 0x30], r13
	mov r13, 0x0
	seto r13b
	test al, al
	adox r11, r15
	mov qword ptr [rsp - 0x38], r13
	mulx r15, r13, qword ptr [rcx]
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp - 0x40], rax
	mov qword ptr [rsp - 0x48], rbp
	mulx rax, rbp, qword ptr [rcx]
	clc
	adcx rax, r13
	adox r9, r14
	adcx r11, r15
	adcx r9, r12
	mov r12, 0x0
	setc r12b
	clc
	adcx rax, rbx
	mulx rbx, r13, qword ptr [rcx + 0x18]
	adcx r11, r10
	adcx r9, r13
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, r13, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r14, r15, qword ptr [rcx + 0x18]
	mov rdx, 0x0
	setc dl
	mov qword ptr [rsp - 0x50], rbp
	mov rbp, 0x0
	seto bpl
	bt r8, 0x0
	adcx rbx, qword ptr [rsp - 0x48]
	adc r14, 0x0
	mov r8, qword ptr [rsp - 0x38]
	bt r8, 0x0
	adcx rbx, qword ptr [rsp - 0x40]
	adc r14, 0x0
	mov r8, rdx
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x38], r9
	mov qword ptr [rsp - 0x40], r11
	mulx r9, r11, qword ptr [rcx + 0x10]
	adc r10, 0x0
	mov qword ptr [rsp - 0x48], rax
	mov rax, qword ptr [rsp - 0x30]
	bt rax, 0x0
	adcx rbx, qword ptr [rsp - 0x20]
	adcx r14, r11
	mulx rax, r11, qword ptr [rcx + 0x18]
	adc r10, 0x0
	adc rax, 0x0
	bt rbp, 0x0
	adcx rbx, qword ptr [rsp - 0x8]
	adcx r14, qword ptr [rsp - 0x10]
	mov rdx, 0x0
	adcx r10, rdx
	adcx rax, rdx
	bt r12, 0x0
	adcx rbx, r15
	adcx r14, r13
	adcx r10, r11
	adcx rax, rdx
	bt r8, 0x0
	adcx rbx, qword ptr [rsp - 0x28]
	adcx r14, qword ptr [rsp - 0x18]
	adcx r10, r9
	adcx rax, rdx
	mov rdx, 0x26
	mulx rax, r8, rax
	mulx r9, r11, r14
	mulx r10, rsi, r10
	add r11, qword ptr [rsp - 0x48]
	adcx rsi, qword ptr [rsp - 0x40]
	adcx r8, qword ptr [rsp - 0x38]
	mulx rcx, rbx, rbx
	adc rax, 0x0
	add rbx, qword ptr [rsp - 0x50]
	adcx r11, rcx
	adcx rsi, r9
	adcx r8, r10
	adc rax, 0x0
	mulx rax, r9, rax
	add rbx, r9
	adc r11, 0x0
	mov qword ptr [rdi + 0x8], r11
	mov rax, 0x0
	adcx rsi, rax
	mov qword ptr [rdi + 0x10], rsi
	adcx r8, rax
	mov qword ptr [rdi + 0x18], r8
	cmovc rax, rdx
	add rax, rbx
	mov qword ptr [rdi], rax
	mov rbx, qword ptr [rsp - 0x58]
	mov rbp, qword ptr [rsp - 0x60]
	mov r12, qword ptr [rsp - 0x68]
	mov r13, qword ptr [rsp - 0x70]
	mov r14, qword ptr [rsp - 0x78]
	mov r15, qword ptr [rsp - 0x80]
	ret
.size fiat_curve25519_solinas_mul, .-fiat_curve25519_solinas_mul
.section .note.GNU-stack,"",@progbits
