.intel_syntax noprefix
.text
.globl fiat_poly1305_carry_square
.type fiat_poly1305_carry_square, @function
fiat_poly1305_carry_square:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mov rax, qword ptr [rsi + 0x10]
	lea r8, qword ptr [rax + 4 * rax]
	mov rdx, r8
	mulx r9, r10, rax
	imul r8, rax, 0x14
	lea rax, qword ptr [rax + 1 * rax]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r11, rcx, r8
	lea r8, qword ptr [rdx + 1 * rdx]
	mov rdx, qword ptr [rsi]
	mulx rbx, rbp, rdx
	add rbp, rcx
	mulx rcx, r12, r8
	adcx rbx, r11
	add r12, r10
	mulx r10, r11, rax
	adcx rcx, r9
	mov rax, rbp
	shrd rax, rbx, 0x2c
	add r12, rax
	mov rdx, r8
	mulx rax, r9, qword ptr [rsi + 0x8]
	adc rcx, 0x0
	add r11, r9
	adcx r10, rax
	mov rax, r12
	shrd rax, rcx, 0x2b
	add r11, rax
	adc r10, 0x0
	mov rax, 0xfffffffffff
	and rbp, rax
	mov r8, 0x7ffffffffff
	and r12, r8
	mov r9, r11
	and r9, r8
	shrd r11, r10, 0x2b
	lea r10, qword ptr [r11 + 4 * r11]
	add r10, rbp
	mov r11, r10
	shr r11, 0x2c
	lea r11, qword ptr [r11 + 1 * r12]
	mov rcx, r11
	shr rcx, 0x2b
	and r11, r8
	mov qword ptr [rdi + 0x8], r11
	lea r8, qword ptr [rcx + 1 * r9]
	mov qword ptr [rdi + 0x10], r8
	and r10, rax
	mov qword ptr [rdi], r10
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	ret
.size fiat_poly1305_carry_square, .-fiat_poly1305_carry_square
.section .note.GNU-stack,"",@progbits
