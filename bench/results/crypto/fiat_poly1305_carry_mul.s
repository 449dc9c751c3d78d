.intel_syntax noprefix
.text
.globl fiat_poly1305_carry_mul
.type fiat_poly1305_carry_mul, @function
fiat_poly1305_carry_mul:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x20], r13
	mov qword ptr [rsp - 0x28], r14
	mov rcx, rdx
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rcx]
	imul r9, qword ptr [rcx + 0x10], 0xa
	mov rdx, qword ptr [rsi + 0x8]
	mulx r10, r11, r9
	imul r9, qword ptr [rcx + 0x8], 0xa
	mov rdx, qword ptr [rsi + 0x10]
	mulx rbx, rbp, r9
	add r11, rbp
	mov rdx, qword ptr [rcx + 0x8]
	mulx r9, rbp, qword ptr [rsi]
	adcx r10, rbx
	add r8, r11
	adcx rax, r10
	imul r10, rdx, 0x2
	imul rdx, qword ptr [rcx + 0x10], 0x5
	mulx r11, rbx, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r12, r13, qword ptr [rcx]
	add r13, rbx
	adcx r12, r11
	add rbp, r13
	adcx r9, r12
	mov r11, r8
	shrd r11, rax, 0x2c
	mov rax, 0xfffffffffff
	and r8, rax
	test al, al
	adox r11, rbp
	mov rbx, 0x0
	adox r9, rbx
	mulx rbp, r12, r10
	mov rdx, r11
	shrd rdx, r9, 0x2b
	mov r9, rdx
	mov rdx, qword ptr [rcx]
	mulx r10, r13, qword ptr [rsi + 0x10]
	add r12, r13
	mov rdx, qword ptr [rsi]
	mulx r13, r14, qword ptr [rcx + 0x10]
	adcx rbp, r10
	add r14, r12
	adcx r13, rbp
	add r9, r14
	adcx rbx, r13
	mov rdx, r9
	shrd rdx, rbx, 0x2b
	imul r10, rdx, 0x5
	add r8, r10
	and rax, r8
	mov qword ptr [rdi], rax
	mov rax, 0x7ffffffffff
	and r11, rax
	and r9, rax
	shr r8, 0x2c
	add r8, r11
	mov rdx, r8
	shr rdx, 0x2b
	and rdx, 0x1
	and rdx, 0x1
	and r8, rax
	mov qword ptr [rdi + 0x8], r8
	and rdx, 0x1
	add r9, rdx
	mov qword ptr [rdi + 0x10], r9
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	mov r13, qword ptr [rsp - 0x20]
	mov r14, qword ptr [rsp - 0x28]
	ret
.size fiat_poly1305_carry_mul, .-fiat_poly1305_carry_mul
.section .note.GNU-stack,"",@progbits
