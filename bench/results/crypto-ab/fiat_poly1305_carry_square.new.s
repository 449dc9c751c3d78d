.intel_syntax noprefix
.text
.globl fiat_poly1305_carry_square
.type fiat_poly1305_carry_square, @function
fiat_poly1305_carry_square:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x20], r13
	mov qword ptr [rsp - 0x28], r14
	imul rax, qword ptr [rsi + 0x10], 0x5
	imul rdx, qword ptr [rsi + 0x10], 0x2
	imul r8, rax, 0x2
	imul r9, qword ptr [rsi + 0x8], 0x2
	imul r10, r8, 0x2
	mov r8, rdx
	mov rdx, r9
	mulx r11, rcx, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi]
	mulx rbx, rbp, r9
	mulx r9, r12, rdx
	mulx r13, r14, r8
	add rcx, r14
	adcx r11, r13
	mov rdx, r10
	mulx r8, r13, qword ptr [rsi + 0x8]
	test al, al
	adox r12, r13
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, r13, rax
	adox r9, r8
	test al, al
	adox rbp, r13
	adox rbx, r10
	mov rax, r12
	shrd rax, r9, 0x2c
	add rax, rbp
	mov rdx, 0x0
	adcx rbx, rdx
	mov r8, rax
	shrd r8, rbx, 0x2b
	add rcx, r8
	adcx r11, rdx
	mov rdx, 0xfffffffffff
	and r12, rdx
	mov r8, 0x7ffffffffff
	and rax, r8
	mov r9, rcx
	shrd r9, r11, 0x2b
	imul r10, r9, 0x5
	add r12, r10
	mov r9, r12
	shr r9, 0x2c
	add r9, rax
	mov rax, r9
	shr rax, 0x2b
	and rax, 0x1
	and r12, rdx
	mov qword ptr [rdi], r12
	and r9, r8
	mov qword ptr [rdi + 0x8], r9
	and rax, 0x1
	and rax, 0x1
	and rcx, r8
	add rcx, rax
	mov qword ptr [rdi + 0x10], rcx
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	mov r13, qword ptr [rsp - 0x20]
	mov r14, qword ptr [rsp - 0x28]
	ret
.size fiat_poly1305_carry_square, .-fiat_poly1305_carry_square
.section .note.GNU-stack,"",@progbits
