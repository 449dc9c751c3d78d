.intel_syntax noprefix
.text
.globl fiat_25519_carry_square
.type fiat_25519_carry_square, @function
fiat_25519_carry_square:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x20], r13
	mov qword ptr [rsp - 0x28], r14
	mov qword ptr [rsp - 0x30], r15
	mov rdx, qword ptr [rsi]
	mulx rax, r8, rdx
	mov r9, rdx
	shl r9, 0x1
	imul r10, qword ptr [rsi + 0x20], 0x26
	imul r11, qword ptr [rsi + 0x18], 0x26
	imul rcx, qword ptr [rsi + 0x18], 0x13
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbx, rbp, r10
	mov rdx, qword ptr [rsi + 0x10]
	mulx r12, r13, r11
	add rbp, r13
	mulx r11, r13, r10
	adcx rbx, r12
	add r8, rbp
	lea rbp, qword ptr [rdx + 1 * rdx]
	adcx rax, rbx
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, r12, rcx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rcx, r14, r9
	mulx r9, r15, rdx
	add r13, r12
	adcx r11, rbx
	add r14, r13
	adcx rcx, r11
	mov r11, r8
	shrd r11, rax, 0x33
	imul rax, qword ptr [rsi + 0x20], 0x13
	add r11, r14
	mov rdx, rbp
	mulx rbx, r12, qword ptr [rsi]
	adc rcx, 0x0
	mov rdx, qword ptr [rsi + 0x18]
	mulx r13, r14, r10
	mov r10, r11
	shrd r10, rcx, 0x33
	add r15, r14
	adcx r9, r13
	add r12, r15
	adcx rbx, r9
	shl rdx, 0x1
	add r10, r12
	adc rbx, 0x0
	mov r9, 0x7ffffffffffff
	and r11, r9
	mov rcx, r10
	shrd rcx, rbx, 0x33
	mov rbx, rdx
	mov rdx, qword ptr [rsi + 0x8]
	mulx r12, r13, rbp
	mov rdx, qword ptr [rsi + 0x20]
	mulx rbp, r14, rax
	mov rdx, rbx
	mulx rax, r15, qword ptr [rsi]
	add r13, r14
	adcx r12, rbp
	add r15, r13
	mov rdx, qword ptr [rsi + 0x10]
	mulx rbp, r13, rdx
	adcx rax, r12
	add rcx, r15
	adc rax, 0x0
	mov rdx, rbx
	mulx r12, r14, qword ptr [rsi + 0x8]
	mov rdx, rcx
	and rdx, r9
	mov qword ptr [rdi + 0x18], rdx
	mov rdx, qword ptr [rsi + 0x20]
	lea rdx, qword ptr [rdx + 1 * rdx]
	shrd rcx, rax, 0x33
	add r14, r13
	adcx r12, rbp
	and r10, r9
	and r8, r9
	mulx rax, rbx, qword ptr [rsi]
	add rbx, r14
	adcx rax, r12
	add rcx, rbx
	adc rax, 0x0
	mov rdx, 0x33
	bzhi rsi, rcx, rdx
	mov qword ptr [rdi + 0x20], rsi
	shrd rcx, rax, 0x33
	imul rax, rcx, 0x13
	add rax, r8
	mov r8, rax
	and r8, r9
	mov qword ptr [rdi], r8
	shr rax, 0x33
	add rax, r11
	mov r8, rax
	shr r8, 0x33
	add r10, r8
	mov qword ptr [rdi + 0x10], r10
	and rax, r9
	mov qword ptr [rdi + 0x8], rax
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	mov r13, qword ptr [rsp - 0x20]
	mov r14, qword ptr [rsp - 0x28]
	mov r15, qword ptr [rsp - 0x30]
	ret
.size fiat_25519_carry_square, .-fiat_25519_carry_square
.section .note.GNU-stack,"",@progbits
