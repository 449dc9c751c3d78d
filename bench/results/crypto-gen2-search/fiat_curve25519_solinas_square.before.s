.intel_syntax noprefix
.text
.globl fiat_curve25519_solinas_square
.type fiat_curve25519_solinas_square, @function
fiat_curve25519_solinas_square:
	mov qword ptr [rsp - 0x20], rbx
	mov qword ptr [rsp - 0x28], rbp
	mov qword ptr [rsp - 0x30], r12
	mov qword ptr [rsp - 0x38], r13
	mov qword ptr [rsp - 0x40], r14
	mov qword ptr [rsp - 0x48], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rsi + 0x18]
	mulx r9, r10, qword ptr [rsi + 0x10]
	mulx r11, rcx, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, rbp, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r12, r13, qword ptr [rsi + 0x10]
	mulx r14, r15, qword ptr [rsi + 0x18]
	add r11, r10
	adcx r9, r8
	adcx rax, r15
	adcx r14, rbp
	adc rbx, 0x0
	add r9, r13
	adcx rax, r12
	adc r14, 0x0
	adc rbx, 0x0
	mov r8, rcx
	mov r10, 0x0
	setc r10b
	add r8, rcx
	mov rdx, qword ptr [rsi + 0x10]
	mulx rcx, rbp, rdx
	mov rdx, r11
	adcx rdx, r11
	mov r11, r9
	adcx r11, r9
	mov r9, rax
	adcx r9, rax
	mov rax, r14
	adcx rax, r14
	mov r12, rbx
	adcx r12, rbx
	mov rbx, r10
	adc rbx, 0x0
	mov r13, rdx
	mov rdx, qword ptr [rsi + 0x18]
	mulx r14, r15, rdx
	bt r10, 0x0
	adc rbx, 0x0
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp - 0x8], r14
	mulx r10, r14, rdx
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp - 0x10], rbx
	mov qword ptr [rsp - 0x18], r15
	mulx rbx, r15, rdx
	add r8, rbx
	adcx r13, r14
	adcx r11, r10
	adcx r9, rbp
	adcx rax, rcx
	adcx r12, qword ptr [rsp - 0x18]
	mov r10, qword ptr [rsp - 0x10]
	adcx r10, qword ptr [rsp - 0x8]
	mov rdx, 0x26
	mulx rcx, rsi, r10
	mulx r10, rbx, r12
	mulx rbp, r12, rax
	mulx rax, r14, r9
	add r8, r12
	adcx r13, rbx
	adcx r11, rsi
	adc rcx, 0x0
	add r15, r14
	adcx r8, rax
	adcx r13, rbp
	adcx r11, r10
	adc rcx, 0x0
	mulx rax, r9, rcx
	add r15, r9
	adc r8, 0x0
	mov qword ptr [rdi + 0x8], r8
	adc r13, 0x0
	mov qword ptr [rdi + 0x10], r13
	mov rax, 0x0
	adcx r11, rax
	mov qword ptr [rdi + 0x18], r11
	cmovc rax, rdx
	add rax, r15
	mov qword ptr [rdi], rax
	mov rbx, qword ptr [rsp - 0x20]
	mov rbp, qword ptr [rsp - 0x28]
	mov r12, qword ptr [rsp - 0x30]
	mov r13, qword ptr [rsp - 0x38]
	mov r14, qword ptr [rsp - 0x40]
	mov r15, qword ptr [rsp - 0x48]
	ret
.size fiat_curve25519_solinas_square, .-fiat_curve25519_solinas_square
.section .note.GNU-stack,"",@progbits
