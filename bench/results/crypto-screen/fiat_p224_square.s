.intel_syntax noprefix
.text
.globl fiat_p224_square
.type fiat_p224_square, @function
fiat_p224_square:
	mov qword ptr [rsp - 0x28], rbx
	mov qword ptr [rsp - 0x30], rbp
	mov qword ptr [rsp - 0x38], r12
	mov qword ptr [rsp - 0x40], r13
	mov qword ptr [rsp - 0x48], r14
	mov qword ptr [rsp - 0x50], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, rdx
	mulx r9, r10, qword ptr [rsi + 0x18]
	mulx r11, rcx, qword ptr [rsi + 0x10]
	mulx rbx, rbp, qword ptr [rsi + 0x8]
	add rax, rbp
	adcx rbx, rcx
	adcx r11, r10
	adc r9, 0x0
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, rcx, qword ptr [rsi + 0x18]
	mov rdx, r8
	mov rbp, 0xffffffffffffffff
	mulx r12, r13, rbp
	mov rdx, r13
	mov r12, 0xffffffff
	mulx r14, r15, r12
	mov qword ptr [rsp - 0x8], r10
	mulx r12, r10, rbp
	mov rbp, 0xffffffff00000000
	mov qword ptr [rsp - 0x10], rcx
	mov qword ptr [rsp - 0x18], r9
	mulx rcx, r9, rbp
	add rcx, r10
	mov rdx, qword ptr [rsi + 0x8]
	mulx r10, rbp, qword ptr [rsi]
	adcx r12, r15
	mov r15, 0x0
	adcx r14, r15
	test al, al
	adox r8, r13
	adox rax, r9
	adox rbx, rcx
	adox r11, r12
	adox r14, qword ptr [rsp - 0x18]
	mulx r8, r9, qword ptr [rsi + 0x18]
	mulx rcx, r12, qword ptr [rsi + 0x10]
	mulx r13, r15, rdx
	clc
	adcx r10, r15
	adcx r13, r12
	adcx rcx, r9
	mov r9, 0x0
	seto r9b
	adc r8, 0x0
	add rax, rbp
	adcx rbx, r10
	adcx r11, r13
	adcx r14, rcx
	mov rdx, rax
	mov r10, 0xffffffffffffffff
	mulx rcx, rbp, r10
	mov rdx, rbp
	mov rcx, 0xffffffff
	mulx r12, r13, rcx
	mulx r15, rcx, r10
	mov r10, 0xffffffff00000000
	mov qword ptr [rsp - 0x18], r14
	mov qword ptr [rsp - 0x20], r11
	mulx r14, r11, r10
	adcx r9, r8
	mov r8, 0x0
	setc r8b
	add r14, rcx
	adcx r15, r13
	mov rcx, 0x0
	adcx r12, rcx
	add rax, rbp
	mov rdx, qword ptr [rsi + 0x10]
	mulx rax, rbp, qword ptr [rsi]
	adcx rbx, r11
	adcx r14, qword ptr [rsp - 0x20]
	adcx r15, qword ptr [rsp - 0x18]
	adcx r9, r12
	mulx r11, r12, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r13, r10, rdx
	adcx r8, rcx
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x18], r13
	mulx rcx, r13, rdx
	add rax, r12
	adcx r11, r13
	adcx rcx, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x8]
	adc r12, 0x0
	add rbx, rbp
	adcx r14, rax
	adcx r15, r11
	adcx r9, rcx
	adcx r8, r12
	mov rdx, rbx
	mov rax, 0xffffffffffffffff
	mulx r11, rcx, rax
	mov rdx, 0xffffffff
	mulx r11, rbp, rcx
	mov rdx, rcx
	mulx r12, r13, rax
	mov rax, 0xffffffff00000000
	mov qword ptr [rsp - 0x8], r10
	vmovq xmm0, r8
	mulx r10, r8, rax
	mov rax, 0x0
	setc al
	add r10, r13
	adcx r12, rbp
	adc r11, 0x0
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbp, r13, qword ptr [rsi]
	add rbx, rcx
	adcx r14, r8
	adcx r15, r10
	adcx r9, r12
	vmovq r8, xmm0
	adcx r11, r8
	mulx r8, r10, qword ptr [rsi + 0x10]
	mulx rcx, rbx, qword ptr [rsi + 0x8]
	adc rax, 0x0
	add rbp, rbx
	adcx rcx, r10
	adcx r8, qword ptr [rsp - 0x8]
	mov r10, qword ptr [rsp - 0x18]
	mov rdx, 0x0
	adcx r10, rdx
	add r14, r13
	adcx r15, rbp
	adcx r9, rcx
	mov rdx, r14
	mov rcx, 0xffffffffffffffff
	mulx rsi, rbx, rcx
	adcx r11, r8
	adcx rax, r10
	mov rdx, rbx
	mov r8, 0xffffffff
	mulx r10, rsi, r8
	mulx rbp, r12, rcx
	mov r13, 0xffffffff00000000
	mulx r8, rcx, r13
	mov r13, 0x0
	setc r13b
	add r8, r12
	adcx rbp, rsi
	mov rsi, 0x0
	adcx r10, rsi
	add r14, rbx
	adcx r15, rcx
	adcx r9, r8
	adcx r11, rbp
	adcx rax, r10
	adcx r13, rsi
	mov r8, r15
	sub r8, 0x1
	mov r10, r9
	mov rcx, 0xffffffff00000000
	sbb r10, rcx
	mov rcx, r11
	sbb rcx, 0xffffffffffffffff
	mov rdx, rax
	mov rbx, 0xffffffff
	sbb rdx, rbx
	sbb r13, rsi
	cmovc r8, r15
	mov qword ptr [rdi], r8
	cmovc rcx, r11
	mov qword ptr [rdi + 0x10], rcx
	cmovc rdx, rax
	mov qword ptr [rdi + 0x18], rdx
	cmovc r10, r9
	mov qword ptr [rdi + 0x8], r10
	mov rbx, qword ptr [rsp - 0x28]
	mov rbp, qword ptr [rsp - 0x30]
	mov r12, qword ptr [rsp - 0x38]
	mov r13, qword ptr [rsp - 0x40]
	mov r14, qword ptr [rsp - 0x48]
	mov r15, qword ptr [rsp - 0x50]
	ret
.size fiat_p224_square, .-fiat_p224_square
.section .note.GNU-stack,"",@progbits
