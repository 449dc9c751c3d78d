.intel_syntax noprefix
.text
.globl fiat_curve25519_solinas_square
.type fiat_curve25519_solinas_square, @function
fiat_curve25519_solinas_square:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x20], r13
	mov qword ptr [rsp - 0x28], r14
	mov qword ptr [rsp - 0x30], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rsi + 0x10]
	mulx r9, r10, qword ptr [rsi + 0x18]
	mulx r11, rcx, qword ptr [rsi + 0x8]
	add r11, r8
	mov rdx, qword ptr [rsi + 0x18]
	mulx r8, rbx, qword ptr [rsi + 0x8]
	adcx rax, r10
	mov rdx, qword ptr [rsi + 0x8]
	mulx r10, rbp, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r12, r13, qword ptr [rsi + 0x10]
	adcx r9, rbx
	adcx r8, r13
	adc r12, 0x0
	add rax, rbp
	adcx r9, r10
	adc r8, 0x0
	adc r12, 0x0
	mov r10, 0x0
	setc r10b
	add rcx, rcx
	adcx r11, r11
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbx, rbp, rdx
	adcx rax, rax
	mov rdx, qword ptr [rsi]
	mulx r13, r14, rdx
	adcx r9, r9
	adcx r8, r8
	mov rdx, r10
	adcx r12, r12
	adc rdx, 0x0
	add rcx, r13
	adcx r11, rbp
	mov rbp, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mulx r13, r15, rdx
	adcx rax, rbx
	mov rdx, qword ptr [rsi + 0x18]
	mulx rsi, rbx, rdx
	adcx r9, r15
	adcx r8, r13
	adcx r12, rbx
	lea r10, qword ptr [rbp + 1 * r10]
	adcx r10, rsi
	mov rdx, 0x26
	mulx r10, rsi, r10
	mulx rbx, rbp, r12
	mulx r8, r12, r8
	add rcx, r12
	adcx r11, rbp
	adcx rax, rsi
	mulx r9, rsi, r9
	adc r10, 0x0
	add r14, rsi
	adcx rcx, r9
	adcx r11, r8
	adcx rax, rbx
	adc r10, 0x0
	mulx r8, r9, r10
	add r14, r9
	mov r8, 0x0
	adcx rcx, r8
	mov qword ptr [rdi + 0x8], rcx
	adcx r11, r8
	mov qword ptr [rdi + 0x10], r11
	adcx rax, r8
	mov qword ptr [rdi + 0x18], rax
	cmovc r8, rdx
	add r8, r14
	mov qword ptr [rdi], r8
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	mov r13, qword ptr [rsp - 0x20]
	mov r14, qword ptr [rsp - 0x28]
	mov r15, qword ptr [rsp - 0x30]
	ret
.size fiat_curve25519_solinas_square, .-fiat_curve25519_solinas_square
.section .note.GNU-stack,"",@progbits
