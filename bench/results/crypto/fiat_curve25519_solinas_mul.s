.intel_syntax noprefix
.text
.globl fiat_curve25519_solinas_mul
.type fiat_curve25519_solinas_mul, @function
fiat_curve25519_solinas_mul:
	sub rsp, 0xa0
	mov qword ptr [rsp + 0x28], rbx
	mov qword ptr [rsp + 0x20], rbp
	mov qword ptr [rsp + 0x18], r12
	mov qword ptr [rsp + 0x10], r13
	mov qword ptr [rsp + 0x8], r14
	mov qword ptr [rsp], r15
	mov rcx, rdx
	mov rdx, qword ptr [rcx + 0x8]
	mulx rax, r8, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi]
	mulx r9, r10, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rcx]
	mulx r11, rbx, qword ptr [rsi + 0x18]
	test al, al
	adox r9, rbx
	mov rdx, qword ptr [rcx + 0x18]
	mulx rbx, rbp, qword ptr [rsi + 0x10]
	mulx r12, r13, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rcx + 0x10]
	mulx r14, r15, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rcx]
	mov qword ptr [rsp + 0x98], r14
	mov qword ptr [rsp + 0x90], r10
	mulx r14, r10, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp + 0x88], rbp
	mov qword ptr [rsp + 0x80], r13
	mulx rbp, r13, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rcx + 0x18]
	mov qword ptr [rsp + 0x78], rbp
	mov qword ptr [rsp + 0x70], rax
	mulx rbp, rax, qword ptr [rsi]
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp + 0x68], rax
	mov qword ptr [rsp + 0x60], r14
	mulx rax, r14, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rcx]
	mov qword ptr [rsp + 0x58], r14
	mov qword ptr [rsp + 0x50], r10
	mulx r14, r10, qword ptr [rsi + 0x10]
	adox rbp, r13
	clc
	adcx r9, r8
	mov rdx, qword ptr [rcx + 0x10]
	mulx r8, r13, qword ptr [rsi + 0x8]
	adcx rbp, r11
	mov r11, 0x0
	adox r12, r11
	mov qword ptr [rsp + 0x48], r8
	mov qword ptr [rsp + 0x40], r13
	mulx r8, r13, qword ptr [rsi + 0x18]
	adcx r12, r11
	adcx rbx, r11
	add rax, r10
	adcx r9, r14
	adcx rbp, r15
	mov rdx, qword ptr [rcx + 0x8]
	mulx r10, r14, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rcx]
	mov qword ptr [rsp + 0x38], r8
	mulx r15, r8, qword ptr [rsi]
	adcx r12, r13
	adcx rbx, r11
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp + 0x30], r8
	mulx r13, r8, qword ptr [rcx + 0x18]
	mov rdx, 0x0
	setc dl
	test al, al
	adox rax, r14
	clc
	adcx r15, qword ptr [rsp + 0x50]
	adox r9, qword ptr [rsp + 0x40]
	adcx rax, qword ptr [rsp + 0x60]
	adcx r9, r10
	mov r10, 0x0
	setc r10b
	mov r14, 0x0
	seto r14b
	bt rdx, 0x0
	adcx r13, r11
	bt r14, 0x0
	adcx rbp, qword ptr [rsp + 0x70]
	adcx r12, qword ptr [rsp + 0x78]
	adcx rbx, r11
	adcx r13, r11
	bt r10, 0x0
	adcx rbp, qword ptr [rsp + 0x80]
	adcx r12, qword ptr [rsp + 0x88]
	adcx rbx, r8
	adcx r13, r11
	add r15, qword ptr [rsp + 0x58]
	adcx rax, qword ptr [rsp + 0x90]
	adcx r9, qword ptr [rsp + 0x68]
	adcx rbp, qword ptr [rsp + 0x48]
	mov rdx, 0x26
	mulx r8, r10, rbp
	adcx r12, qword ptr [rsp + 0x98]
	adcx rbx, qword ptr [rsp + 0x38]
	adcx r13, r11
	mulx rbp, r14, r12
	test al, al
	adox r15, r14
	clc
	adcx r10, qword ptr [rsp + 0x30]
	mulx r12, r14, rbx
	adcx r15, r8
	mulx r8, rbx, r13
	adox rax, r14
	adox r9, rbx
	adox r8, r11
	adcx rax, rbp
	adcx r9, r12
	adcx r8, r11
	mulx rbx, rbp, r8
	add r10, rbp
	adcx r15, r11
	mov qword ptr [rdi + 0x8], r15
	adcx rax, r11
	mov qword ptr [rdi + 0x10], rax
	adcx r9, r11
	mov qword ptr [rdi + 0x18], r9
	cmovc r11, rdx
	test al, al
	adox r11, r10
	mov qword ptr [rdi], r11
	mov rbx, qword ptr [rsp + 0x28]
	mov rbp, qword ptr [rsp + 0x20]
	mov r12, qword ptr [rsp + 0x18]
	mov r13, qword ptr [rsp + 0x10]
	mov r14, qword ptr [rsp + 0x8]
	mov r15, qword ptr [rsp]
	add rsp, 0xa0
	ret
.size fiat_curve25519_solinas_mul, .-fiat_curve25519_solinas_mul
.section .note.GNU-stack,"",@progbits
