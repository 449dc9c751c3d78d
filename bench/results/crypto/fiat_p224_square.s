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
	mulx r9, r10, qword ptr [rsi + 0x8]
	mulx r11, rcx, rdx
	add r11, r10
	mulx r10, rbx, qword ptr [rsi + 0x18]
	adcx r9, r8
	adcx rax, rbx
	adc r10, 0x0
	mov rdx, rcx
	mov r8, 0xffffffffffffffff
	mulx rbx, rbp, r8
	mov rdx, rbp
	mov rbx, 0xffffffff
	mulx r12, r13, rbx
	mulx rbx, r14, r8
	mov r8, 0xffffffff00000000
	mov qword ptr [rsp - 0x8], r10
	mulx r15, r10, r8
	add r15, r14
	adcx rbx, r13
	adc r12, 0x0
	add rcx, rbp
	adcx r11, r10
	adcx r9, r15
	mov rdx, qword ptr [rsi + 0x8]
	mulx r10, rcx, qword ptr [rsi + 0x10]
	adcx rax, rbx
	adcx r12, qword ptr [rsp - 0x8]
	mulx rbx, rbp, qword ptr [rsi + 0x18]
	mulx r13, r14, rdx
	mulx r15, r8, qword ptr [rsi]
	mov rdx, 0x0
	setc dl
	add r15, r14
	adcx r13, rcx
	adcx r10, rbp
	adc rbx, 0x0
	add r11, r8
	adcx r9, r15
	adcx rax, r13
	adcx r12, r10
	adcx rdx, rbx
	mov r8, rdx
	mov rdx, r11
	mov r10, 0xffffffffffffffff
	mulx rcx, rbx, r10
	mov rdx, qword ptr [rsi + 0x18]
	mulx rcx, rbp, rdx
	mov rdx, rbx
	mov r13, 0xffffffff
	mulx r14, r15, r13
	mov qword ptr [rsp - 0x8], rcx
	mulx r13, rcx, r10
	mov r10, 0xffffffff00000000
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r8
	mulx rbp, r8, r10
	mov r10, 0x0
	setc r10b
	add rbp, rcx
	adcx r13, r15
	adc r14, 0x0
	add r11, rbx
	adcx r9, r8
	adcx rax, rbp
	adcx r12, r13
	adcx r14, qword ptr [rsp - 0x18]
	adc r10, 0x0
	mov rdx, qword ptr [rsi + 0x10]
	mulx r8, r11, qword ptr [rsi + 0x18]
	mulx rcx, rbx, rdx
	mulx rbp, r13, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x18], r10
	mulx r15, r10, qword ptr [rsi]
	add r15, r13
	adcx rbp, rbx
	adcx rcx, r11
	adc r8, 0x0
	add r9, r10
	adcx rax, r15
	adcx r12, rbp
	adcx r14, rcx
	adcx r8, qword ptr [rsp - 0x18]
	mov rdx, r9
	mov r10, 0xffffffffffffffff
	mulx r11, rcx, r10
	mov rdx, rcx
	mov r11, 0xffffffff00000000
	mulx rbx, rbp, r11
	mulx r13, r15, r10
	mov r11, 0x0
	setc r11b
	add rbx, r15
	mov r15, 0xffffffff
	mov qword ptr [rsp - 0x18], r11
	mulx r10, r11, r15
	adcx r13, r11
	adc r10, 0x0
	add r9, rcx
	adcx rax, rbp
	adcx r12, rbx
	adcx r14, r13
	adcx r8, r10
	mov r9, qword ptr [rsp - 0x18]
	adc r9, 0x0
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, r11, qword ptr [rsi + 0x10]
	mulx rcx, rbx, qword ptr [rsi + 0x8]
	mulx rbp, r13, qword ptr [rsi]
	add rbp, rbx
	adcx rcx, r11
	adcx r10, qword ptr [rsp - 0x10]
	mov r11, qword ptr [rsp - 0x8]
	adc r11, 0x0
	add rax, r13
	adcx r12, rbp
	adcx r14, rcx
	adcx r8, r10
	adcx r9, r11
	mov rdx, 0xffffffffffffffff
	mulx r10, r11, rax
	mulx r10, rcx, r11
	mov rdx, r11
	mov rsi, 0xffffffff00000000
	mulx rbx, rbp, rsi
	mov r13, 0x0
	setc r13b
	add rbx, rcx
	mulx rcx, rsi, r15
	adcx r10, rsi
	adc rcx, 0x0
	add rax, r11
	adcx r12, rbp
	adcx r14, rbx
	adcx r8, r10
	adcx r9, rcx
	mov rax, 0x0
	adcx r13, rax
	mov r10, r12
	sub r10, 0x1
	mov r11, r14
	mov rcx, 0xffffffff00000000
	sbb r11, rcx
	mov rcx, r8
	sbb rcx, 0xffffffffffffffff
	mov rdx, r9
	sbb rdx, r15
	sbb r13, rax
	cmovc r10, r12
	mov qword ptr [rdi], r10
	cmovc r11, r14
	mov qword ptr [rdi + 0x8], r11
	cmovc rcx, r8
	mov qword ptr [rdi + 0x10], rcx
	cmovc rdx, r9
	mov qword ptr [rdi + 0x18], rdx
	mov rbx, qword ptr [rsp - 0x20]
	mov rbp, qword ptr [rsp - 0x28]
	mov r12, qword ptr [rsp - 0x30]
	mov r13, qword ptr [rsp - 0x38]
	mov r14, qword ptr [rsp - 0x40]
	mov r15, qword ptr [rsp - 0x48]
	ret
.size fiat_p224_square, .-fiat_p224_square
.section .note.GNU-stack,"",@progbits
