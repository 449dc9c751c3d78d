.intel_syntax noprefix
.text
.globl fiat_poly1305_carry_mul
.type fiat_poly1305_carry_mul, @function
fiat_poly1305_carry_mul:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x20], r13
	mov rcx, rdx
	mov rax, qword ptr [rcx + 0x10]
	lea r8, qword ptr [rax + 4 * rax]
	lea r9, qword ptr [r8 + 1 * r8]
	mov r8, qword ptr [rcx + 0x8]
	lea r10, qword ptr [r8 + 4 * r8]
	lea r11, qword ptr [r10 + 1 * r10]
	mov rdx, r8
	mulx r10, rax, qword ptr [rsi]
	mov rdx, qword ptr [rsi + 0x10]
	mulx r8, rbx, r11
	mov rdx, qword ptr [rsi + 0x8]
	mulx r11, rbp, r9
	mov rdx, qword ptr [rcx]
	mulx r9, r12, qword ptr [rsi]
	test al, al
	adox rbp, rbx
	clc
	adcx r12, rbp
	adox r11, r8
	mulx r8, rbx, qword ptr [rsi + 0x8]
	adcx r9, r11
	add rax, rbx
	mov r11, qword ptr [rcx + 0x10]
	lea rbx, qword ptr [r11 + 4 * r11]
	mov rdx, qword ptr [rsi + 0x10]
	mulx rbp, r11, rbx
	mov rbx, qword ptr [rcx + 0x8]
	lea rbx, qword ptr [rbx + 1 * rbx]
	adcx r10, r8
	add rax, r11
	adcx r10, rbp
	mov rdx, rbx
	mulx r8, r11, qword ptr [rsi + 0x8]
	mov rdx, r12
	shrd rdx, r9, 0x2c
	mov r9, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mulx rbx, rbp, qword ptr [rcx]
	add rax, r9
	adc r10, 0x0
	mov r9, 0xfffffffffff
	and r12, r9
	mov rdx, qword ptr [rcx + 0x10]
	mulx r9, r13, qword ptr [rsi]
	add r11, rbp
	adcx r8, rbx
	mov rdx, rax
	shrd rdx, r10, 0x2b
	add r13, r11
	adcx r9, r8
	mov r8, 0x7ffffffffff
	and rax, r8
	add rdx, r13
	adc r9, 0x0
	mov r10, rdx
	shrd r10, r9, 0x2b
	and rdx, r8
	lea r9, qword ptr [r10 + 4 * r10]
	add r12, r9
	mov r9, r12
	shr r9, 0x2c
	add r9, rax
	mov rax, r9
	shr rax, 0x2b
	and r9, r8
	mov qword ptr [rdi + 0x8], r9
	mov r8, 0x2c
	bzhi r9, r12, r8
	mov qword ptr [rdi], r9
	lea rax, qword ptr [rax + 1 * rdx]
	mov qword ptr [rdi + 0x10], rax
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	mov r13, qword ptr [rsp - 0x20]
	ret
.size fiat_poly1305_carry_mul, .-fiat_poly1305_carry_mul
.section .note.GNU-stack,"",@progbits
