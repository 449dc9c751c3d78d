.intel_syntax noprefix
.text
.globl fiat_poly1305_carry_square
.type fiat_poly1305_carry_square, @function
fiat_poly1305_carry_square:
	mov qword ptr [rsp - 0x8], rbx
	mov rdx, qword ptr [rsi]
	mulx rax, r8, rdx
	imul r9, qword ptr [rsi + 0x8], 0x14
	mov rdx, r9
	mulx r10, r11, qword ptr [rsi + 0x10]
	add r8, r11
	mov r9, qword ptr [rsi + 0x10]
	lea r9, qword ptr [r9 + 4 * r9]
	adcx rax, r10
	mov r10, r8
	shrd r10, rax, 0x2c
	mov rax, qword ptr [rsi + 0x8]
	shl rax, 0x1
	mov rdx, qword ptr [rsi + 0x10]
	mulx r9, r11, r9
	mov rdx, qword ptr [rsi]
	mulx rcx, rbx, rax
	add rbx, r11
	adcx rcx, r9
	add r10, rbx
	adc rcx, 0x0
	lea rdx, qword ptr [rdx + 1 * rdx]
	mov r9, 0xfffffffffff
	and r8, r9
	mulx r11, rbx, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x8]
	mulx rax, rsi, rax
	add rbx, rsi
	adcx r11, rax
	mov rax, r10
	shrd rax, rcx, 0x2b
	add rax, rbx
	adc r11, 0x0
	mov rcx, rax
	shrd rcx, r11, 0x2b
	lea rcx, qword ptr [rcx + 4 * rcx]
	add rcx, r8
	and r9, rcx
	mov qword ptr [rdi], r9
	mov r8, 0x7ffffffffff
	and r10, r8
	shr rcx, 0x2c
	lea r9, qword ptr [rcx + 1 * r10]
	and rax, r8
	mov r10, r9
	shr r10, 0x2b
	add rax, r10
	mov qword ptr [rdi + 0x10], rax
	and r9, r8
	mov qword ptr [rdi + 0x8], r9
	mov rbx, qword ptr [rsp - 0x8]
	ret
.size fiat_poly1305_carry_square, .-fiat_poly1305_carry_square
.section .note.GNU-stack,"",@progbits
