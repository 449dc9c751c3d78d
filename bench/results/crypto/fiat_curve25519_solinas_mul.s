.intel_syntax noprefix
.text
.globl fiat_curve25519_solinas_mul
.type fiat_curve25519_solinas_mul, @function
fiat_curve25519_solinas_mul:
	mov qword ptr [rsp - 0x50], rbx
	mov qword ptr [rsp - 0x58], rbp
	mov qword ptr [rsp - 0x60], r12
	mov qword ptr [rsp - 0x68], r13
	mov qword ptr [rsp - 0x70], r14
	mov qword ptr [rsp - 0x78], r15
	mov rcx, rdx
	mov rdx, qword ptr [rsi + 0x18]
	mulx rax, r8, qword ptr [rcx]
	mov rdx, qword ptr [rsi]
	mulx r9, r10, qword ptr [rcx + 0x10]
	mulx r11, rbx, qword ptr [rcx + 0x18]
	mulx rbp, r12, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rsi + 0x10]
	mulx r13, r14, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x8], r14
	mulx r15, r14, qword ptr [rcx + 0x18]
	add r9, r8
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x10], r14
	mulx r8, r14, qword ptr [rcx + 0x8]
	adcx r11, r14
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x18], rbx
	mulx r14, rbx, qword ptr [rcx + 0x8]
	adc r15, 0x0
	mov qword ptr [rsp - 0x20], r10
	mov qword ptr [rsp - 0x28], r12
	mulx r10, r12, qword ptr [rcx]
	test al, al
	adox r9, rbx
	clc
	adcx rbp, r12
	adox r11, rax
	mulx rax, rbx, qword ptr [rcx + 0x10]
	mov rdx, 0x0
	adox r15, rdx
	adcx r9, r10
	mov rdx, qword ptr [rsi + 0x8]
	mulx r10, r12, qword ptr [rcx + 0x10]
	adcx r11, rbx
	mov rdx, qword ptr [rcx + 0x10]
	mov qword ptr [rsp - 0x30], rax
	mulx rbx, rax, qword ptr [rsi + 0x18]
	adcx r15, rax
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x38], rbx
	mulx rax, rbx, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x40], r10
	mov qword ptr [rsp - 0x48], rax
	mulx r10, rax, qword ptr [rcx + 0x18]
	mov rdx, 0x0
	adox r13, rdx
	adcx r13, rdx
	adcx r10, rdx
	add rbp, rbx
	adcx r9, r12
	mov rdx, qword ptr [rsi]
	mulx rbx, r12, qword ptr [rcx]
	adcx r11, r14
	adcx r15, r8
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, r14, qword ptr [rcx]
	adc r13, 0x0
	adc r10, 0x0
	test al, al
	adox rbx, r14
	adox rbp, r8
	clc
	adcx rbx, qword ptr [rsp - 0x28]
	adcx rbp, qword ptr [rsp - 0x20]
	adox r9, qword ptr [rsp - 0x48]
	adcx r9, qword ptr [rsp - 0x18]
	adox r11, qword ptr [rsp - 0x10]
	adox r15, qword ptr [rsp - 0x8]
	adcx r11, qword ptr [rsp - 0x40]
	adcx r15, qword ptr [rsp - 0x30]
	adox r13, rax
	adcx r13, qword ptr [rsp - 0x38]
	mov rax, 0x0
	adox r10, rax
	mov rdx, 0x26
	mulx r8, rsi, r15
	adcx r10, rax
	mulx rcx, r14, r11
	add rbx, rsi
	mulx r11, rsi, r10
	mulx r10, r15, r13
	adcx rbp, r15
	adcx r9, rsi
	adcx r11, rax
	add r12, r14
	adcx rbx, rcx
	adcx rbp, r8
	adcx r9, r10
	adcx r11, rax
	mulx r8, r10, r11
	add r12, r10
	adcx rbx, rax
	mov qword ptr [rdi + 0x8], rbx
	adcx rbp, rax
	mov qword ptr [rdi + 0x10], rbp
	adcx r9, rax
	mov qword ptr [rdi + 0x18], r9
	cmovc rax, rdx
	add rax, r12
	mov qword ptr [rdi], rax
	mov rbx, qword ptr [rsp - 0x50]
	mov rbp, qword ptr [rsp - 0x58]
	mov r12, qword ptr [rsp - 0x60]
	mov r13, qword ptr [rsp - 0x68]
	mov r14, qword ptr [rsp - 0x70]
	mov r15, qword ptr [rsp - 0x78]
	ret
.size fiat_curve25519_solinas_mul, .-fiat_curve25519_solinas_mul
.section .note.GNU-stack,"",@progbits
