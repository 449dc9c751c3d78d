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
	mulx rcx, rbx, qword ptr [rsi + 0x18]
	adcx r11, r8
	adcx rax, rbx
	mov rdx, r10
	mov r8, 0xffffffffffffffff
	mulx rbx, rbp, r8
	mov rdx, rbp
	mov rbx, 0xffffffff00000000
	mulx r12, r13, rbx
	adc rcx, 0x0
	mulx rbx, r14, r8
	add r12, r14
	mov r14, 0xffffffff
	mulx r8, r15, r14
	adcx rbx, r15
	adc r8, 0x0
	add r10, rbp
	adcx r9, r13
	adcx r11, r12
	adcx rax, rbx
	adcx rcx, r8
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, r10, qword ptr [rsi + 0x18]
	mulx rbx, rbp, qword ptr [rsi + 0x10]
	mulx r12, r13, qword ptr [rsi]
	mulx r15, r14, rdx
	mov rdx, 0x0
	setc dl
	add r12, r14
	adcx r15, rbp
	adcx rbx, r10
	mov r10, 0x0
	adcx r8, r10
	add r9, r13
	adcx r11, r12
	mov rbp, rdx
	mov rdx, r9
	mov r12, 0xffffffffffffffff
	mulx r13, r14, r12
	adcx rax, r15
	mov rdx, r14
	mov r13, 0xffffffff
	mulx r15, r10, r13
	adcx rcx, rbx
	adcx rbp, r8
	mov rdx, qword ptr [rsi + 0x10]
	mulx r8, rbx, qword ptr [rsi]
	mov rdx, r14
	mov qword ptr [rsp - 0x8], rbx
	mulx r13, rbx, r12
	mov r12, 0xffffffff00000000
	mov qword ptr [rsp - 0x10], r8
	mov qword ptr [rsp - 0x18], rbp
	mulx r8, rbp, r12
	mov r12, 0x0
	setc r12b
	add r8, rbx
	adcx r13, r10
	adc r15, 0x0
	add r9, r14
	adcx r11, rbp
	mov rdx, qword ptr [rsi + 0x10]
	mulx r9, r10, rdx
	mulx rbx, rbp, qword ptr [rsi + 0x18]
	adcx rax, r8
	adcx rcx, r13
	adcx r15, qword ptr [rsp - 0x18]
	mov r8, 0x0
	adcx r12, r8
	mulx r13, r14, qword ptr [rsi + 0x8]
	add r14, qword ptr [rsp - 0x10]
	adcx r13, r10
	adcx r9, rbp
	adcx rbx, r8
	add r11, qword ptr [rsp - 0x8]
	adcx rax, r14
	adcx rcx, r13
	adcx r15, r9
	adcx r12, rbx
	mov rdx, r11
	mov r9, 0xffffffffffffffff
	mulx r10, rbx, r9
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, rbp, rdx
	mov rdx, rbx
	mulx r13, r14, r9
	mov r9, 0xffffffff
	mov qword ptr [rsp - 0x8], r10
	mulx r8, r10, r9
	mov r9, 0xffffffff00000000
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mulx rbp, r12, r9
	mov r9, 0x0
	setc r9b
	add rbp, r14
	adcx r13, r10
	mov rdx, qword ptr [rsi + 0x8]
	mulx r10, r14, qword ptr [rsi + 0x18]
	adc r8, 0x0
	add r11, rbx
	adcx rax, r12
	adcx rcx, rbp
	adcx r15, r13
	adcx r8, qword ptr [rsp - 0x18]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r11, rbx, qword ptr [rsi + 0x10]
	adc r9, 0x0
	mulx rbp, r12, qword ptr [rsi]
	add rbp, r14
	adcx r10, rbx
	adcx r11, qword ptr [rsp - 0x10]
	mov rdx, qword ptr [rsp - 0x8]
	adc rdx, 0x0
	add rax, r12
	adcx rcx, rbp
	adcx r15, r10
	adcx r8, r11
	adcx r9, rdx
	mov rdx, rax
	mov r10, 0xffffffffffffffff
	mulx r11, rsi, r10
	mov rdx, rsi
	mulx r11, rbx, r10
	mov rbp, 0xffffffff00000000
	mulx r12, r13, rbp
	mov r14, 0x0
	setc r14b
	add r12, rbx
	mov rbx, 0xffffffff
	mulx r10, rbp, rbx
	adcx r11, rbp
	adc r10, 0x0
	add rax, rsi
	adcx rcx, r13
	adcx r15, r12
	adcx r8, r11
	adcx r9, r10
	adc r14, 0x0
	mov rax, rcx
	sub rax, 0x1
	mov r10, r15
	mov r11, 0xffffffff00000000
	sbb r10, r11
	mov r11, r8
	sbb r11, 0xffffffffffffffff
	mov rdx, r9
	sbb rdx, rbx
	sbb r14, 0x0
	cmovc rax, rcx
	mov qword ptr [rdi], rax
	cmovc rdx, r9
	mov qword ptr [rdi + 0x18], rdx
	cmovc r10, r15
	mov qword ptr [rdi + 0x8], r10
	cmovc r11, r8
	mov qword ptr [rdi + 0x10], r11
	mov rbx, qword ptr [rsp - 0x20]
	mov rbp, qword ptr [rsp - 0x28]
	mov r12, qword ptr [rsp - 0x30]
	mov r13, qword ptr [rsp - 0x38]
	mov r14, qword ptr [rsp - 0x40]
	mov r15, qword ptr [rsp - 0x48]
	ret
.size fiat_p224_square, .-fiat_p224_square
.section .note.GNU-stack,"",@progbits
