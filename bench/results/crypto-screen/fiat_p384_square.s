.intel_syntax noprefix
.text
.globl fiat_p384_square
.type fiat_p384_square, @function
fiat_p384_square:
	mov qword ptr [rsp - 0x40], rbx
	mov qword ptr [rsp - 0x48], rbp
	mov qword ptr [rsp - 0x50], r12
	mov qword ptr [rsp - 0x58], r13
	mov qword ptr [rsp - 0x60], r14
	mov qword ptr [rsp - 0x68], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rsi + 0x28]
	mulx r9, r10, qword ptr [rsi + 0x20]
	mulx r11, rcx, qword ptr [rsi + 0x18]
	mulx rbx, rbp, qword ptr [rsi + 0x10]
	mulx r12, r13, qword ptr [rsi + 0x8]
	mulx r14, r15, rdx
	add r14, r13
	adcx r12, rbp
	adcx rbx, rcx
	adcx r11, r10
	adcx r9, r8
	adc rax, 0x0
	mov rdx, r15
	mov r8, 0x100000001
	mulx r10, rcx, r8
	mov rdx, rcx
	mov r10, 0xffffffffffffffff
	mulx rbp, r13, r10
	mov r10, 0xfffffffffffffffe
	mov qword ptr [rsp - 0x8], rax
	mulx r8, rax, r10
	mov r10, 0xffffffff00000000
	mov qword ptr [rsp - 0x10], r9
	mov qword ptr [rsp - 0x18], r11
	mulx r9, r11, r10
	mov r10, 0xffffffff
	mov qword ptr [rsp - 0x20], rbx
	mulx rcx, rbx, r10
	add rcx, r11
	adcx r9, rax
	adcx r8, r13
	mov rax, rbp
	adcx rax, r13
	adcx r13, rbp
	adc rbp, 0x0
	add r15, rbx
	adcx r14, rcx
	adcx r12, r9
	adcx r8, qword ptr [rsp - 0x20]
	adcx rax, qword ptr [rsp - 0x18]
	adcx r13, qword ptr [rsp - 0x10]
	adcx rbp, qword ptr [rsp - 0x8]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r9, r11, qword ptr [rsi + 0x28]
	mulx rcx, rbx, qword ptr [rsi + 0x20]
	mulx r15, r10, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x8], rbp
	mov qword ptr [rsp - 0x10], r13
	mulx rbp, r13, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x18], rax
	mov qword ptr [rsp - 0x20], r8
	mulx rax, r8, rdx
	mov qword ptr [rsp - 0x28], r12
	mov qword ptr [rsp - 0x30], r14
	mulx r12, r14, qword ptr [rsi]
	mov rdx, 0x0
	setc dl
	add r12, r8
	adcx rax, r13
	adcx rbp, r10
	adcx r15, rbx
	adcx rcx, r11
	adc r9, 0x0
	add r14, qword ptr [rsp - 0x30]
	adcx r12, qword ptr [rsp - 0x28]
	adcx rax, qword ptr [rsp - 0x20]
	adcx rbp, qword ptr [rsp - 0x18]
	adcx r15, qword ptr [rsp - 0x10]
	adcx rcx, qword ptr [rsp - 0x8]
	adcx rdx, r9
	mov r8, rdx
	mov rdx, r14
	mov r9, 0x100000001
	mulx r10, r11, r9
	mov rdx, r11
	mov r10, 0xffffffffffffffff
	mulx rbx, r13, r10
	mov r10, 0xfffffffffffffffe
	mov qword ptr [rsp - 0x8], r8
	mulx r9, r8, r10
	mov r10, 0xffffffff00000000
	mov qword ptr [rsp - 0x10], rcx
	mov qword ptr [rsp - 0x18], r15
	mulx rcx, r15, r10
	mov r10, 0xffffffff
	mov qword ptr [rsp - 0x20], rbp
	mulx r11, rbp, r10
	mov rdx, 0x0
	setc dl
	add r11, r15
	adcx rcx, r8
	adcx r9, r13
	mov r8, rbx
	adcx r8, r13
	adcx r13, rbx
	adc rbx, 0x0
	add r14, rbp
	adcx r12, r11
	adcx rax, rcx
	adcx r9, qword ptr [rsp - 0x20]
	adcx r8, qword ptr [rsp - 0x18]
	adcx r13, qword ptr [rsp - 0x10]
	adcx rbx, qword ptr [rsp - 0x8]
	adc rdx, 0x0
	mov r11, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mulx rcx, rbp, qword ptr [rsi + 0x28]
	mulx r14, r15, qword ptr [rsi + 0x20]
	mov qword ptr [rsp - 0x8], r11
	mulx r10, r11, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x10], rbx
	mov qword ptr [rsp - 0x18], r13
	mulx rbx, r13, rdx
	mov qword ptr [rsp - 0x20], r8
	mov qword ptr [rsp - 0x28], r9
	mulx r8, r9, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x30], rax
	mov qword ptr [rsp - 0x38], r12
	mulx rax, r12, qword ptr [rsi]
	add rax, r9
	adcx r8, r13
	adcx rbx, r11
	adcx r10, r15
	adcx r14, rbp
	adc rcx, 0x0
	add r12, qword ptr [rsp - 0x38]
	adcx rax, qword ptr [rsp - 0x30]
	adcx r8, qword ptr [rsp - 0x28]
	adcx rbx, qword ptr [rsp - 0x20]
	adcx r10, qword ptr [rsp - 0x18]
	adcx r14, qword ptr [rsp - 0x10]
	adcx rcx, qword ptr [rsp - 0x8]
	mov rdx, r12
	mov r9, 0x100000001
	mulx r11, rbp, r9
	mov rdx, rbp
	mov r11, 0xffffffffffffffff
	mulx r13, r15, r11
	mov r11, 0xfffffffffffffffe
	mov qword ptr [rsp - 0x8], rcx
	mulx r9, rcx, r11
	mov r11, 0xffffffff00000000
	mov qword ptr [rsp - 0x10], r14
	mov qword ptr [rsp - 0x18], r10
	mulx r14, r10, r11
	mov r11, 0xffffffff
	mov qword ptr [rsp - 0x20], rbx
	mulx rbp, rbx, r11
	mov rdx, 0x0
	setc dl
	add rbp, r10
	adcx r14, rcx
	adcx r9, r15
	mov r10, r13
	adcx r10, r15
	adcx r15, r13
	adc r13, 0x0
	add r12, rbx
	adcx rax, rbp
	adcx r8, r14
	adcx r9, qword ptr [rsp - 0x20]
	adcx r10, qword ptr [rsp - 0x18]
	adcx r15, qword ptr [rsp - 0x10]
	adcx r13, qword ptr [rsp - 0x8]
	adc rdx, 0x0
	mov rcx, rdx
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, rbp, qword ptr [rsi + 0x28]
	mulx r12, r14, qword ptr [rsi + 0x20]
	mov qword ptr [rsp - 0x8], rcx
	mulx r11, rcx, rdx
	mov qword ptr [rsp - 0x10], r13
	mov qword ptr [rsp - 0x18], r15
	mulx r13, r15, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x20], r10
	mov qword ptr [rsp - 0x28], r9
	mulx r10, r9, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x30], r8
	mov qword ptr [rsp - 0x38], rax
	mulx r8, rax, qword ptr [rsi]
	add r8, r9
	adcx r10, r15
	adcx r13, rcx
	adcx r11, r14
	adcx r12, rbp
	adc rbx, 0x0
	add rax, qword ptr [rsp - 0x38]
	adcx r8, qword ptr [rsp - 0x30]
	adcx r10, qword ptr [rsp - 0x28]
	adcx r13, qword ptr [rsp - 0x20]
	adcx r11, qword ptr [rsp - 0x18]
	adcx r12, qword ptr [rsp - 0x10]
	adcx rbx, qword ptr [rsp - 0x8]
	mov rdx, rax
	mov r9, 0x100000001
	mulx rcx, rbp, r9
	mov rdx, rbp
	mov rcx, 0xffffffffffffffff
	mulx r14, r15, rcx
	mov rcx, 0xfffffffffffffffe
	mov qword ptr [rsp - 0x8], rbx
	mulx r9, rbx, rcx
	mov rcx, 0xffffffff00000000
	mov qword ptr [rsp - 0x10], r12
	mov qword ptr [rsp - 0x18], r11
	mulx r12, r11, rcx
	mov rcx, 0xffffffff
	mov qword ptr [rsp - 0x20], r13
	mulx rbp, r13, rcx
	mov rdx, 0x0
	setc dl
	add rbp, r11
	adcx r12, rbx
	adcx r9, r15
	mov r11, r14
	adcx r11, r15
	adcx r15, r14
	adc r14, 0x0
	add rax, r13
	adcx r8, rbp
	adcx r10, r12
	adcx r9, qword ptr [rsp - 0x20]
	adcx r11, qword ptr [rsp - 0x18]
	adcx r15, qword ptr [rsp - 0x10]
	adcx r14, qword ptr [rsp - 0x8]
	adc rdx, 0x0
	mov rbx, rdx
	mov rdx, qword ptr [rsi + 0x20]
	mulx rax, rbp, qword ptr [rsi + 0x28]
	mulx r12, r13, rdx
	mov qword ptr [rsp - 0x8], rbx
	mulx rcx, rbx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x10], r14
	mov qword ptr [rsp - 0x18], r15
	mulx r14, r15, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x20], r11
	mov qword ptr [rsp - 0x28], r9
	mulx r11, r9, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x30], r10
	mov qword ptr [rsp - 0x38], r8
	mulx r10, r8, qword ptr [rsi]
	add r10, r9
	adcx r11, r15
	adcx r14, rbx
	adcx rcx, r13
	adcx r12, rbp
	adc rax, 0x0
	add r8, qword ptr [rsp - 0x38]
	adcx r10, qword ptr [rsp - 0x30]
	adcx r11, qword ptr [rsp - 0x28]
	adcx r14, qword ptr [rsp - 0x20]
	adcx rcx, qword ptr [rsp - 0x18]
	adcx r12, qword ptr [rsp - 0x10]
	adcx rax, qword ptr [rsp - 0x8]
	mov rdx, r8
	mov r9, 0x100000001
	mulx rbx, rbp, r9
	mov rdx, rbp
	mov rbx, 0xffffffffffffffff
	mulx r13, r15, rbx
	mov rbx, 0xfffffffffffffffe
	mov qword ptr [rsp - 0x8], rax
	mulx r9, rax, rbx
	mov rbx, 0xffffffff00000000
	mov qword ptr [rsp - 0x10], r12
	mov qword ptr [rsp - 0x18], rcx
	mulx r12, rcx, rbx
	mov rbx, 0xffffffff
	mov qword ptr [rsp - 0x20], r14
	mulx rbp, r14, rbx
	mov rdx, 0x0
	setc dl
	add rbp, rcx
	adcx r12, rax
	adcx r9, r15
	mov rax, r13
	adcx rax, r15
	adcx r15, r13
	adc r13, 0x0
	add r8, r14
	adcx r10, rbp
	adcx r11, r12
	adcx r9, qword ptr [rsp - 0x20]
	adcx rax, qword ptr [rsp - 0x18]
	adcx r15, qword ptr [rsp - 0x10]
	adcx r13, qword ptr [rsp - 0x8]
	adc rdx, 0x0
	mov r8, rdx
	mov rdx, qword ptr [rsi + 0x28]
	mulx rcx, rbp, rdx
	mulx r12, r14, qword ptr [rsi + 0x20]
	mov qword ptr [rsp - 0x8], r8
	mulx rbx, r8, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x10], r13
	mov qword ptr [rsp - 0x18], r15
	mulx r13, r15, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x20], rax
	mov qword ptr [rsp - 0x28], r9
	mulx rax, r9, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x30], r11
	mov qword ptr [rsp - 0x38], r10
	mulx r11, r10, qword ptr [rsi]
	add r11, r9
	adcx rax, r15
	adcx r13, r8
	adcx rbx, r14
	adcx r12, rbp
	adc rcx, 0x0
	add r10, qword ptr [rsp - 0x38]
	adcx r11, qword ptr [rsp - 0x30]
	adcx rax, qword ptr [rsp - 0x28]
	adcx r13, qword ptr [rsp - 0x20]
	adcx rbx, qword ptr [rsp - 0x18]
	adcx r12, qword ptr [rsp - 0x10]
	adcx rcx, qword ptr [rsp - 0x8]
	mov rdx, r10
	mov r8, 0x100000001
	mulx r8, r9, r8
	mov rdx, r9
	mov r8, 0xffffffffffffffff
	mulx rsi, rbp, r8
	mov r14, 0xfffffffffffffffe
	mulx r15, r8, r14
	mov r14, 0xffffffff00000000
	mov qword ptr [rsp - 0x8], rcx
	mov qword ptr [rsp - 0x10], r12
	mulx rcx, r12, r14
	mov r14, 0xffffffff
	mov qword ptr [rsp - 0x18], rbx
	mulx r9, rbx, r14
	mov rdx, 0x0
	setc dl
	add r9, r12
	adcx rcx, r8
	adcx r15, rbp
	mov r8, rsi
	adcx r8, rbp
	adcx rbp, rsi
	adc rsi, 0x0
	add r10, rbx
	adcx r11, r9
	adcx rax, rcx
	adcx r13, r15
	adcx r8, qword ptr [rsp - 0x18]
	adcx rbp, qword ptr [rsp - 0x10]
	adcx rsi, qword ptr [rsp - 0x8]
	adc rdx, 0x0
	mov r9, r11
	sub r9, r14
	mov r10, rax
	mov rcx, 0xffffffff00000000
	sbb r10, rcx
	mov rcx, r13
	sbb rcx, 0xfffffffffffffffe
	mov rbx, r8
	sbb rbx, 0xffffffffffffffff
	mov r12, rbp
	sbb r12, 0xffffffffffffffff
	mov r14, rsi
	sbb r14, 0xffffffffffffffff
	sbb rdx, 0x0
	cmovc r9, r11
	mov qword ptr [rdi], r9
	cmovc r10, rax
	mov qword ptr [rdi + 0x8], r10
	cmovc rcx, r13
	mov qword ptr [rdi + 0x10], rcx
	cmovc rbx, r8
	mov qword ptr [rdi + 0x18], rbx
	cmovc r12, rbp
	mov qword ptr [rdi + 0x20], r12
	cmovc r14, rsi
	mov qword ptr [rdi + 0x28], r14
	mov rbx, qword ptr [rsp - 0x40]
	mov rbp, qword ptr [rsp - 0x48]
	mov r12, qword ptr [rsp - 0x50]
	mov r13, qword ptr [rsp - 0x58]
	mov r14, qword ptr [rsp - 0x60]
	mov r15, qword ptr [rsp - 0x68]
	ret
.size fiat_p384_square, .-fiat_p384_square
.section .note.GNU-stack,"",@progbits
