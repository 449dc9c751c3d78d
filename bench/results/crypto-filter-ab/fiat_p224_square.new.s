.intel_syntax noprefix
.text
.globl fiat_p224_square
.type fiat_p224_square, @function
fiat_p224_square:
	mov qword ptr [rsp - 0x20], rbx
	mov qword ptr [rsp - 0x28], rbp
	mov qword ptr [rsp - 0x30], r12
	mov qword ptr [rsp - 0x38], r13
	mov qword ptr [rsp - 0x40], r14
	mov qword ptr [rsp - 0x48], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rsi + 0x10]
	mulx r9, r10, rdx
	mulx r11, rcx, qword ptr [rsi + 0x8]
	add r9, rcx
	mov rdx, r10
	mov rcx, 0xffffffffffffffff
	mulx rbx, rbp, rcx
	mov rdx, rbp
	mulx rbx, r12, rcx
	adcx r11, r8
	mov rdx, qword ptr [rsi]
	mulx r8, rcx, qword ptr [rsi + 0x18]
	adcx rax, rcx
	adc r8, 0x0
	mov rdx, rbp
	mov rcx, 0xffffffff00000000
	mulx r13, r14, rcx
	mov rcx, 0xffffffff
	mov qword ptr [rsp - 0x8], r8
	mulx r15, r8, rcx
	add r13, r12
	mov rdx, qword ptr [rsi + 0x8]
	mulx r12, rcx, qword ptr [rsi]
	adcx rbx, r8
	adc r15, 0x0
	add r10, rbp
	adcx r9, r14
	adcx r11, r13
	adcx rax, rbx
	mulx r8, r10, qword ptr [rsi + 0x18]
	adcx r15, qword ptr [rsp - 0x8]
	mulx rbx, rbp, qword ptr [rsi + 0x10]
	mov r13, 0x0
	setc r13b
	mov qword ptr [rsp - 0x8], r13
	mulx r14, r13, rdx
	add r12, r13
	adcx r14, rbp
	adcx rbx, r10
	adc r8, 0x0
	add r9, rcx
	adcx r11, r12
	mov rdx, r9
	mov r10, 0xffffffffffffffff
	mulx rcx, rbp, r10
	adcx rax, r14
	adcx r15, rbx
	mov rdx, rbp
	mov rcx, 0xffffffff
	mulx rbx, r12, rcx
	mulx r13, r14, r10
	adcx r8, qword ptr [rsp - 0x8]
	mov rcx, 0xffffffff00000000
	mov qword ptr [rsp - 0x8], r8
	mulx r10, r8, rcx
	mov rcx, 0x0
	setc cl
	test al, al
	adox r10, r14
	adox r13, r12
	mov r12, 0x0
	adox rbx, r12
	add r9, rbp
	adcx r11, r8
	adcx rax, r10
	mov rdx, qword ptr [rsi + 0x10]
	mulx r8, r9, rdx
	adcx r15, r13
	adcx rbx, qword ptr [rsp - 0x8]
	adcx rcx, r12
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, rbp, rdx
	mulx r13, r14, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x8], r10
	mulx r12, r10, qword ptr [rsi]
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], rcx
	mulx rbp, rcx, qword ptr [rsi + 0x8]
	add r12, rcx
	adcx rbp, r9
	adcx r8, r14
	adc r13, 0x0
	add r11, r10
	adcx rax, r12
	adcx r15, rbp
	adcx rbx, r8
	adcx r13, qword ptr [rsp - 0x18]
	mov rdx, r11
	mov r8, 0xffffffffffffffff
	mulx r9, r10, r8
	mov rdx, r10
	mulx r9, rcx, r8
	mov rbp, 0xffffffff00000000
	mulx r12, r14, rbp
	mov rbp, 0x0
	setc bpl
	add r12, rcx
	mov rcx, 0xffffffff
	mov qword ptr [rsp - 0x18], r13
	mulx r8, r13, rcx
	adcx r9, r13
	adc r8, 0x0
	add r11, r10
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, r11, qword ptr [rsi + 0x18]
	adcx rax, r14
	adcx r15, r12
	adcx rbx, r9
	adcx r8, qword ptr [rsp - 0x18]
	adc rbp, 0x0
	mov rdx, qword ptr [rsi + 0x18]
	mulx r9, r12, qword ptr [rsi + 0x8]
	mulx r13, r14, qword ptr [rsi]
	add r13, r12
	adcx r9, r11
	adcx r10, qword ptr [rsp - 0x10]
	mov r11, qword ptr [rsp - 0x8]
	adc r11, 0x0
	add rax, r14
	adcx r15, r13
	adcx rbx, r9
	adcx r8, r10
	mov rdx, rax
	mov r9, 0xffffffffffffffff
	mulx r10, rsi, r9
	adcx rbp, r11
	mov rdx, rsi
	mulx r10, r11, r9
	mulx r12, r13, rcx
	mov r14, 0xffffffff00000000
	mulx rcx, r9, r14
	mov r14, 0x0
	setc r14b
	add rcx, r11
	adcx r10, r13
	mov r11, 0x0
	adcx r12, r11
	add rax, rsi
	adcx r15, r9
	adcx rbx, rcx
	adcx r8, r10
	adcx rbp, r12
	adcx r14, r11
	mov rax, r15
	sub rax, 0x1
	mov r9, rbx
	mov r10, 0xffffffff00000000
	sbb r9, r10
	mov r10, r8
	sbb r10, 0xffffffffffffffff
	mov rcx, rbp
	mov rdx, 0xffffffff
	sbb rcx, rdx
	sbb r14, r11
	cmovc rax, r15
	mov qword ptr [rdi], rax
	cmovc r9, rbx
	mov qword ptr [rdi + 0x8], r9
	cmovc rcx, rbp
	mov qword ptr [rdi + 0x18], rcx
	cmovc r10, r8
	mov qword ptr [rdi + 0x10], r10
	mov rbx, qword ptr [rsp - 0x20]
	mov rbp, qword ptr [rsp - 0x28]
	mov r12, qword ptr [rsp - 0x30]
	mov r13, qword ptr [rsp - 0x38]
	mov r14, qword ptr [rsp - 0x40]
	mov r15, qword ptr [rsp - 0x48]
	ret
.size fiat_p224_square, .-fiat_p224_square
.section .note.GNU-stack,"",@progbits
