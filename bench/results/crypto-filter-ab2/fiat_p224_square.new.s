.intel_syntax noprefix
.text
.globl fiat_p224_square
.type fiat_p224_square, @function
fiat_p224_square:
	mov qword ptr [rsp - 0x30], rbx
	mov qword ptr [rsp - 0x38], rbp
	mov qword ptr [rsp - 0x40], r12
	mov qword ptr [rsp - 0x48], r13
	mov qword ptr [rsp - 0x50], r14
	mov qword ptr [rsp - 0x58], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rsi + 0x8]
	mulx r9, r10, rdx
	mov rdx, 0xffffffffffffffff
	mulx r11, rcx, r10
	add r9, r8
	mov rdx, 0xffffffff
	mulx r8, r11, rcx
	mov rdx, qword ptr [rsi]
	mulx rbx, rbp, qword ptr [rsi + 0x10]
	adcx rax, rbp
	mulx rbp, r12, qword ptr [rsi + 0x18]
	mov rdx, 0xffffffffffffffff
	mulx r13, r14, rcx
	adcx rbx, r12
	adc rbp, 0x0
	mov rdx, qword ptr [rsi]
	mulx r12, r15, qword ptr [rsi + 0x10]
	mov rdx, 0xffffffff00000000
	mov qword ptr [rsp - 0x8], r15
	mov qword ptr [rsp - 0x10], r12
	mulx r15, r12, rcx
	add r15, r14
	adcx r13, r11
	adc r8, 0x0
	mov rdx, qword ptr [rsi + 0x10]
	mulx r11, r14, qword ptr [rsi + 0x8]
	add r10, rcx
	mov rdx, qword ptr [rsi]
	mulx r10, rcx, qword ptr [rsi + 0x8]
	adcx r9, r12
	adcx rax, r15
	adcx rbx, r13
	adcx rbp, r8
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, r12, rdx
	mov r13, 0x0
	setc r13b
	add r10, r12
	mulx r12, r15, qword ptr [rsi + 0x18]
	adcx r8, r14
	adcx r11, r15
	adc r12, 0x0
	add r9, rcx
	adcx rax, r10
	adcx rbx, r8
	mov rdx, r9
	mov r8, 0xffffffffffffffff
	mulx r10, rcx, r8
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, r14, qword ptr [rsi + 0x10]
	adcx rbp, r11
	adcx r13, r12
	mov rdx, rcx
	mov r11, 0xffffffff00000000
	mulx r12, r15, r11
	mov qword ptr [rsp - 0x18], r10
	mulx r11, r10, r8
	mov r8, 0x0
	setc r8b
	add r12, r10
	mov r10, 0xffffffff
	mov qword ptr [rsp - 0x20], r14
	mov qword ptr [rsp - 0x28], r13
	mulx r14, r13, r10
	adcx r11, r13
	adc r14, 0x0
	add r9, rcx
	adcx rax, r15
	adcx rbx, r12
	adcx rbp, r11
	adcx r14, qword ptr [rsp - 0x28]
	adc r8, 0x0
	mov rdx, qword ptr [rsi + 0x18]
	mulx r9, r11, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x10]
	mulx rcx, r12, rdx
	mulx r13, r15, qword ptr [rsi + 0x8]
	add r15, qword ptr [rsp - 0x10]
	adcx r13, r12
	adcx rcx, r11
	adc r9, 0x0
	add rax, qword ptr [rsp - 0x8]
	adcx rbx, r15
	adcx rbp, r13
	adcx r14, rcx
	mov rdx, rax
	mov r11, 0xffffffffffffffff
	mulx rcx, r12, r11
	mov rdx, 0xffffffff00000000
	mulx rcx, r13, r12
	adcx r8, r9
	mov rdx, r12
	mulx r9, r15, r11
	mov qword ptr [rsp - 0x8], r8
	mulx r11, r8, r10
	mov r10, 0x0
	setc r10b
	add rcx, r15
	adcx r9, r8
	adc r11, 0x0
	add rax, r12
	adcx rbx, r13
	adcx rbp, rcx
	adcx r14, r9
	mov rdx, qword ptr [rsi + 0x18]
	mulx rax, r8, qword ptr [rsi + 0x8]
	mulx r9, rcx, rdx
	adcx r11, qword ptr [rsp - 0x8]
	adc r10, 0x0
	mulx r12, r13, qword ptr [rsi]
	add r12, r8
	adcx rax, qword ptr [rsp - 0x20]
	adcx rcx, qword ptr [rsp - 0x18]
	adc r9, 0x0
	add rbx, r13
	adcx rbp, r12
	adcx r14, rax
	adcx r11, rcx
	mov rdx, rbx
	mov rax, 0xffffffffffffffff
	mulx r8, rcx, rax
	mov rdx, rcx
	mov r8, 0xffffffff00000000
	mulx rsi, r12, r8
	adcx r10, r9
	mulx r9, r13, rax
	mov r15, 0x0
	setc r15b
	add rsi, r13
	mov r13, 0xffffffff
	mulx rax, r8, r13
	adcx r9, r8
	adc rax, 0x0
	add rbx, rcx
	adcx rbp, r12
	adcx r14, rsi
	adcx r11, r9
	adcx r10, rax
	adc r15, 0x0
	mov rax, rbp
	sub rax, 0x1
	mov r8, r14
	mov r9, 0xffffffff00000000
	sbb r8, r9
	mov r9, r11
	sbb r9, 0xffffffffffffffff
	mov rcx, r10
	sbb rcx, r13
	sbb r15, 0x0
	cmovc rax, rbp
	mov qword ptr [rdi], rax
	cmovc r9, r11
	mov qword ptr [rdi + 0x10], r9
	cmovc rcx, r10
	mov qword ptr [rdi + 0x18], rcx
	cmovc r8, r14
	mov qword ptr [rdi + 0x8], r8
	mov rbx, qword ptr [rsp - 0x30]
	mov rbp, qword ptr [rsp - 0x38]
	mov r12, qword ptr [rsp - 0x40]
	mov r13, qword ptr [rsp - 0x48]
	mov r14, qword ptr [rsp - 0x50]
	mov r15, qword ptr [rsp - 0x58]
	ret
.size fiat_p224_square, .-fiat_p224_square
.section .note.GNU-stack,"",@progbits
