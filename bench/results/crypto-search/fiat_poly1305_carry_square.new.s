.intel_syntax noprefix
.text
.globl fiat_poly1305_carry_square
.type fiat_poly1305_carry_square, @function
fiat_poly1305_carry_square:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x20], r13
	imul rax, qword ptr [rsi + 0x10], 0x2
	imul rdx, qword ptr [rsi + 0x8], 0x2
	imul r8, qword ptr [rsi + 0x10], 0x5
	mov r9, rdx
	mov rdx, qword ptr [rsi]
	mulx r10, r11, rax
	mov rdx, qword ptr [rsi + 0x8]
	mulx rax, rcx, r9
	mov rdx, qword ptr [rsi]
	mulx rbx, rbp, r9
	mov rdx, r8
	mulx r9, r12, qword ptr [rsi + 0x10]
	imul r13, r8, 0x2
	imul rdx, r13, 0x2
	test al, al
	adox r12, rbp
	adox r9, rbx
	mulx r8, rbx, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi]
	mulx rbp, r13, rdx
	test al, al
	adox r13, rbx
	adox rbp, r8
	mov rdx, r13
	shrd rdx, rbp, 0x2c
	test al, al
	adox r12, rdx
	clc
	adcx rcx, r11
	adcx rax, r10
	mov rdx, 0x0
	adox r9, rdx
	mov r8, r12
	shrd r8, r9, 0x2b
	mov r9, 0x7ffffffffff
	and r12, r9
	add rcx, r8
	adcx rax, rdx
	mov rdx, rcx
	shrd rdx, rax, 0x2b
	mov rax, 0xfffffffffff
	and r13, rax
	imul r8, rdx, 0x5
	add r8, r13
	mov rdx, r8
	shr rdx, 0x2c
	and rcx, r9
	add r12, rdx
	mov rdx, r12
	shr rdx, 0x2b
	and r8, rax
	mov qword ptr [rdi], r8
	and r9, r12
	mov qword ptr [rdi + 0x8], r9
	and rdx, 0x1
	and rdx, 0x1
	and rdx, 0x1
	add rdx, rcx
	mov qword ptr [rdi + 0x10], rdx
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	mov r13, qword ptr [rsp - 0x20]
	ret
.size fiat_poly1305_carry_square, .-fiat_poly1305_carry_square
.section .note.GNU-stack,"",@progbits
