.intel_syntax noprefix
.text
.globl fiat_p224_square
.type fiat_p224_square, @function
fiat_p224_square:
	mov qword ptr [rsp - 0x40], rbx
	mov qword ptr [rsp - 0x48], rbp
	mov qword ptr [rsp - 0x50], r12
	mov qword ptr [rsp - 0x58], r13
	mov qword ptr [rsp - 0x60], r14
	mov qword ptr [rsp - 0x68], r15
	mov rdx, qword ptr [rsi + 0x10]
	mulx rax, r8, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi]
	mulx r9, r10, rdx
	mulx r11, rcx, qword ptr [rsi + 0x8]
	mov rdx, 0xffffffffffffffff
	mulx rbx, rbp, r10
	add r9, rcx
	mov rdx, qword ptr [rsi]
	mulx rcx, rbx, qword ptr [rsi + 0x10]
	mulx r12, r13, qword ptr [rsi + 0x18]
	adcx r11, rbx
	mov rdx, 0xffffffff00000000
	mulx rbx, r14, rbp
	mov rdx, rbp
	mov r15, 0xffffffff
	mov qword ptr [rsp - 0x8], rax
	mov qword ptr [rsp - 0x10], r8
	mulx rax, r8, r15
	adcx rcx, r13
	mov r13, 0x0
	adcx r12, r13
	mov r15, 0xffffffffffffffff
	mov qword ptr [rsp - 0x18], r12
	mulx r13, r12, r15
	test al, al
	adox rbx, r12
	adox r13, r8
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, r12, rdx
	mov r15, 0x0
	adox rax, r15
	add r10, rbp
	mulx r10, rbp, qword ptr [rsi + 0x18]
	adcx r9, r14
	adcx r11, rbx
	adcx rcx, r13
	adcx rax, qword ptr [rsp - 0x18]
	mov rbx, 0x0
	setc bl
	mulx r13, r14, qword ptr [rsi]
	add r13, r12
	adcx r8, qword ptr [rsp - 0x10]
	adcx rbp, qword ptr [rsp - 0x8]
	adcx r10, r15
	add r9, r14
	adcx r11, r13
	adcx rcx, r8
	adcx rax, rbp
	mov rdx, qword ptr [rsi + 0x10]
	mulx r8, rbp, rdx
	mov rdx, 0xffffffffffffffff
	mulx r12, r13, r9
	mov rdx, 0xffffffff
	mulx r12, r14, r13
	mov rdx, 0xffffffff00000000
	mov qword ptr [rsp - 0x8], r8
	mulx r15, r8, r13
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], rax
	mulx rbp, rax, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x20], rax
	mov qword ptr [rsp - 0x28], rbp
	mulx rax, rbp, qword ptr [rsi + 0x10]
	mov rdx, 0xffffffffffffffff
	mov qword ptr [rsp - 0x30], rbp
	mov qword ptr [rsp - 0x38], rax
	mulx rbp, rax, r13
	adcx rbx, r10
	mov r10, 0x0
	setc r10b
	test al, al
	adox r15, rax
	adox rbp, r14
	mov rax, 0x0
	adox r12, rax
	add r9, r13
	adcx r11, r8
	adcx rcx, r15
	mov rdx, qword ptr [rsi + 0x10]
	mulx r8, r9, qword ptr [rsi + 0x18]
	adcx rbp, qword ptr [rsp - 0x18]
	adcx rbx, r12
	adcx r10, rax
	mulx r12, r13, qword ptr [rsi + 0x18]
	mulx r14, r15, qword ptr [rsi + 0x8]
	test al, al
	adox r15, qword ptr [rsp - 0x38]
	clc
	adcx r11, qword ptr [rsp - 0x30]
	adox r14, qword ptr [rsp - 0x10]
	adox r9, qword ptr [rsp - 0x8]
	adox r8, rax
	adcx rcx, r15
	mov rdx, 0xffffffffffffffff
	mulx r15, rax, r11
	mov rdx, rax
	mov r15, 0xffffffff
	mov qword ptr [rsp - 0x8], r12
	mov qword ptr [rsp - 0x10], r13
	mulx r12, r13, r15
	mov r15, 0xffffffffffffffff
	mov qword ptr [rsp - 0x30], rcx
	mov qword ptr [rsp - 0x38], r10
	mulx rcx, r10, r15
	adcx rbp, r14
	mov r14, 0xffffffff00000000
	mov qword ptr [rsp - 0x18], rbp
	mulx r15, rbp, r14
	mov r14, 0x0
	setc r14b
	test al, al
	adox r15, r10
	clc
	adcx r11, rax
	adox rcx, r13
	mov rax, 0x0
	adox r12, rax
	mov r10, 0x0
	setc r10b
	bt r14, 0x0
	adcx rbx, r9
	adcx r8, qword ptr [rsp - 0x38]
	mov r9, 0x0
	setc r9b
	bt r10, 0x0
	adcx rbp, qword ptr [rsp - 0x30]
	adcx r15, qword ptr [rsp - 0x18]
	adcx rbx, rcx
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, r11, rdx
	adcx r8, r12
	mulx rcx, r12, qword ptr [rsi + 0x8]
	mov rdx, 0x0
	setc dl
	add r12, qword ptr [rsp - 0x28]
	mov rsi, 0x0
	setc sil
	bt rdx, 0x0
	adcx r9, rax
	test al, al
	adox rbp, qword ptr [rsp - 0x20]
	mov rdx, rbp
	mov r13, 0xffffffffffffffff
	mov qword ptr [rsp - 0x20], r9
	mulx r14, r9, r13
	mov r14, 0x0
	seto r14b
	bt rsi, 0x0
	adcx rcx, qword ptr [rsp - 0x10]
	adcx r11, qword ptr [rsp - 0x8]
	adcx r10, rax
	bt r14, 0x0
	adcx r15, r12
	mov rdx, r9
	mov rsi, 0xffffffff
	mulx r12, r14, rsi
	adcx rbx, rcx
	mov rcx, 0xffffffff00000000
	mulx rsi, rax, rcx
	adcx r8, r11
	mulx r11, rcx, r13
	adcx r10, qword ptr [rsp - 0x20]
	mov r13, 0x0
	setc r13b
	test al, al
	adox rsi, rcx
	adox r11, r14
	clc
	adcx rbp, r9
	adcx r15, rax
	adcx rbx, rsi
	adcx r8, r11
	mov rax, 0x0
	adox r12, rax
	adcx r10, r12
	adcx r13, rax
	mov r9, r15
	sub r9, 0x1
	mov r11, rbx
	mov rcx, 0xffffffff00000000
	sbb r11, rcx
	mov rcx, r8
	sbb rcx, 0xffffffffffffffff
	mov rdx, r10
	mov rsi, 0xffffffff
	sbb rdx, rsi
	sbb r13, rax
	cmovc r9, r15
	mov qword ptr [rdi], r9
	cmovc rdx, r10
	mov qword ptr [rdi + 0x18], rdx
	cmovc r11, rbx
	mov qword ptr [rdi + 0x8], r11
	cmovc rcx, r8
	mov qword ptr [rdi + 0x10], rcx
	mov rbx, qword ptr [rsp - 0x40]
	mov rbp, qword ptr [rsp - 0x48]
	mov r12, qword ptr [rsp - 0x50]
	mov r13, qword ptr [rsp - 0x58]
	mov r14, qword ptr [rsp - 0x60]
	mov r15, qword ptr [rsp - 0x68]
	ret
.size fiat_p224_square, .-fiat_p224_square
.section .note.GNU-stack,"",@progbits
