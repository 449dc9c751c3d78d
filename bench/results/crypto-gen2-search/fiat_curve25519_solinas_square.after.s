.intel_syntax noprefix
.text
.globl fiat_curve25519_solinas_square
.type fiat_curve25519_solinas_square, @function
fiat_curve25519_solinas_square:
	mov qword ptr [rsp - 0x10], rbx
	mov qword ptr [rsp - 0x18], rbp
	mov qword ptr [rsp - 0x20], r12
	mov qword ptr [rsp - 0x28], r13
	mov qword ptr [rsp - 0x30], r14
	mov qword ptr [rsp - 0x38], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rsi + 0x10]
	mulx r9, r10, qword ptr [rsi + 0x8]
	mulx r11, rcx, qword ptr [rsi + 0x18]
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbx, rbp, qword ptr [rsi + 0x10]
	add r9, r8
	adcx rax, rcx
	mov rdx, qword ptr [rsi + 0x18]
	mulx r8, rcx, qword ptr [rsi + 0x10]
	mulx r12, r13, qword ptr [rsi + 0x8]
	adcx r11, r13
	adcx r12, rcx
	adc r8, 0x0
	mov rdx, qword ptr [rsi]
	mulx rcx, r13, rdx
	add rax, rbp
	adcx r11, rbx
	adc r12, 0x0
	adc r8, 0x0
	mov rdx, 0x0
	setc dl
	add r10, r10
	adcx r9, r9
	adcx rax, rax
	adcx r11, r11
	adcx r12, r12
	mov rbx, rdx
	adcx r8, r8
	adc rbx, 0x0
	mov rbp, rdx
	mov rdx, qword ptr [rsi + 0x8]
	mulx r14, r15, rdx
	lea rdx, qword ptr [rbx + 1 * rbp]
	mov rbx, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x8], r13
	mulx rbp, r13, rdx
	add r10, rcx
	adcx r9, r15
	mov rdx, qword ptr [rsi + 0x18]
	mulx rcx, rsi, rdx
	adcx rax, r14
	adcx r11, r13
	adcx r12, rbp
	adcx r8, rsi
	mov rdx, 0x26
	mulx r11, rsi, r11
	adcx rbx, rcx
	mulx r8, rcx, r8
	mulx rbp, r12, r12
	add r10, r12
	mulx rbx, r12, rbx
	adcx r9, rcx
	adcx rax, r12
	adc rbx, 0x0
	add rsi, qword ptr [rsp - 0x8]
	adcx r10, r11
	adcx r9, rbp
	adcx rax, r8
	adc rbx, 0x0
	mulx r8, r11, rbx
	add rsi, r11
	adc r10, 0x0
	mov qword ptr [rdi + 0x8], r10
	mov r8, 0x0
	adcx r9, r8
	mov qword ptr [rdi + 0x10], r9
	adcx rax, r8
	mov qword ptr [rdi + 0x18], rax
	cmovc r8, rdx
	add r8, rsi
	mov qword ptr [rdi], r8
	mov rbx, qword ptr [rsp - 0x10]
	mov rbp, qword ptr [rsp - 0x18]
	mov r12, qword ptr [rsp - 0x20]
	mov r13, qword ptr [rsp - 0x28]
	mov r14, qword ptr [rsp - 0x30]
	mov r15, qword ptr [rsp - 0x38]
	ret
.size fiat_curve25519_solinas_square, .-fiat_curve25519_solinas_square
.section .note.GNU-stack,"",@progbits
