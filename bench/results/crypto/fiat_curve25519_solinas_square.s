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
	mov rdx, qword ptr [rsi + 0x18]
	mulx rax, r8, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r9, r10, qword ptr [rsi]
	mov rdx, qword ptr [rsi]
	mulx r11, rcx, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, rbp, qword ptr [rsi + 0x8]
	add r9, rcx
	mulx rcx, r12, qword ptr [rsi]
	adcx r11, r12
	adcx rcx, rbp
	adcx rbx, r8
	adc rax, 0x0
	mov rdx, qword ptr [rsi + 0x10]
	mulx r8, rbp, qword ptr [rsi + 0x8]
	add r11, rbp
	adcx rcx, r8
	mov rdx, qword ptr [rsi]
	mulx r8, rbp, rdx
	adc rbx, 0x0
	adc rax, 0x0
	mov rdx, r10
	mov r12, 0x0
	setc r12b
	add rdx, r10
	mov r10, r9
	adcx r10, r9
	mov r9, r11
	adcx r9, r11
	mov r11, r12
	mov r13, rcx
	adcx r13, rcx
	mov rcx, rbx
	adcx rcx, rbx
	mov rbx, rax
	adcx rbx, rax
	adc r11, 0x0
	bt r12, 0x0
	adc r11, 0x0
	add rdx, r8
	mov r8, rdx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rax, r12, rdx
	adcx r10, r12
	mov rdx, qword ptr [rsi + 0x10]
	mulx r12, r14, rdx
	adcx r9, rax
	adcx r13, r14
	adcx rcx, r12
	mov rdx, qword ptr [rsi + 0x18]
	mulx rax, r12, rdx
	adcx rbx, r12
	mov rdx, 0x26
	mulx rsi, r12, rcx
	mulx rcx, r14, rbx
	adcx r11, rax
	add r8, r12
	mulx rax, rbx, r11
	adcx r10, r14
	adcx r9, rbx
	mulx r11, rbx, r13
	adc rax, 0x0
	add rbp, rbx
	adcx r8, r11
	adcx r10, rsi
	adcx r9, rcx
	adc rax, 0x0
	mulx r11, rcx, rax
	add rbp, rcx
	adc r8, 0x0
	mov qword ptr [rdi + 0x8], r8
	adc r10, 0x0
	mov qword ptr [rdi + 0x10], r10
	adc r9, 0x0
	mov qword ptr [rdi + 0x18], r9
	mov rax, 0x0
	cmovc rax, rdx
	add rax, rbp
	mov qword ptr [rdi], rax
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	mov r13, qword ptr [rsp - 0x20]
	mov r14, qword ptr [rsp - 0x28]
	ret
.size fiat_curve25519_solinas_square, .-fiat_curve25519_solinas_square
.section .note.GNU-stack,"",@progbits
