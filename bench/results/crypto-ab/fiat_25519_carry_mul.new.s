.intel_syntax noprefix
.text
.globl fiat_25519_carry_mul
.type fiat_25519_carry_mul, @function
fiat_25519_carry_mul:
	mov qword ptr [rsp - 0x58], rbx
	mov qword ptr [rsp - 0x60], rbp
	mov qword ptr [rsp - 0x68], r12
	mov qword ptr [rsp - 0x70], r13
	mov qword ptr [rsp - 0x78], r14
	mov qword ptr [rsp - 0x80], r15
	mov rcx, rdx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rax, r8, qword ptr [rcx]
	imul r9, qword ptr [rcx + 0x18], 0x13
	imul r10, qword ptr [rcx + 0x20], 0x13
	mulx r11, rbx, r10
	imul rbp, qword ptr [rcx + 0x10], 0x13
	imul r12, qword ptr [rcx + 0x8], 0x13
	mov rdx, r9
	mulx r13, r14, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x8], rax
	mulx r15, rax, rbp
	mov qword ptr [rsp - 0x10], r8
	mov qword ptr [rsp - 0x18], rbp
	mulx r8, rbp, r9
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp - 0x20], r9
	mov qword ptr [rsp - 0x28], r8
	mulx r9, r8, qword ptr [rcx]
	add rax, r14
	mov rdx, r12
	mov qword ptr [rsp - 0x30], rbp
	mulx r14, rbp, qword ptr [rsi + 0x20]
	adcx r15, r13
	mov rdx, qword ptr [rcx + 0x8]
	mulx r12, r13, qword ptr [rsi + 0x10]
	add rax, rbp
	adcx r15, r14
	mov rdx, r10
	mulx rbp, r14, qword ptr [rsi + 0x18]
	add rax, rbx
	adcx r15, r11
	test al, al
	adox rax, r8
	adox r15, r9
	mov r8, rax
	shrd r8, r15, 0x33
	mov rdx, qword ptr [rsi]
	mulx r9, r11, qword ptr [rcx + 0x8]
	mov rbx, 0x7ffffffffffff
	and rax, rbx
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp - 0x38], rax
	mulx r15, rax, qword ptr [rcx]
	mov qword ptr [rsp - 0x40], r12
	mov qword ptr [rsp - 0x48], r13
	mulx r12, r13, r10
	mov rdx, qword ptr [rsp - 0x18]
	mov qword ptr [rsp - 0x50], r10
	mulx r10, rbx, qword ptr [rsi + 0x20]
	add rbx, r13
	adcx r10, r12
	test al, al
	adox rbx, r11
	adox r10, r9
	test al, al
	adox rbx, qword ptr [rsp - 0x30]
	adox r10, qword ptr [rsp - 0x28]
	add rbx, qword ptr [rsp - 0x10]
	mov rdx, qword ptr [rcx + 0x10]
	mulx r9, r11, qword ptr [rsi + 0x10]
	adcx r10, qword ptr [rsp - 0x8]
	mulx r12, r13, qword ptr [rsi]
	add rbx, r8
	mov r8, 0x0
	adcx r10, r8
	mov qword ptr [rsp - 0x8], r9
	mov r9, rbx
	shrd r9, r10, 0x33
	test al, al
	adox rax, r9
	mulx r9, r10, qword ptr [rsi + 0x8]
	adox r15, r8
	add rax, r13
	adcx r15, r12
	mov rdx, qword ptr [rcx + 0x8]
	mulx r12, r13, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp - 0x10], rbx
	mov qword ptr [rsp - 0x28], r11
	mulx rbx, r11, qword ptr [rcx]
	add r13, r14
	adcx r12, rbp
	mov rdx, qword ptr [rsi + 0x20]
	mulx rbp, r14, qword ptr [rsp - 0x20]
	add rax, r14
	adcx r15, rbp
	mulx rbp, r14, qword ptr [rcx]
	add rax, r13
	adcx r15, r12
	mov r12, rax
	mov r13, 0x7ffffffffffff
	and r12, r13
	shrd rax, r15, 0x33
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp - 0x20], r12
	mulx r15, r12, qword ptr [rcx + 0x18]
	add rax, r12
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp - 0x30], rbp
	mulx r12, rbp, qword ptr [rsp - 0x50]
	adcx r15, r8
	add rax, qword ptr [rsp - 0x48]
	adcx r15, qword ptr [rsp - 0x40]
	add rax, r10
	adcx r15, r9
	add rax, rbp
	adcx r15, r12
	mov rdx, qword ptr [rcx + 0x20]
	mulx r9, r10, qword ptr [rsi]
	add rax, r11
	adcx r15, rbx
	mov rdx, rax
	and rdx, r13
	shrd rax, r15, 0x33
	mov r11, rdx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbx, rbp, qword ptr [rcx + 0x18]
	add rbp, r14
	adcx rbx, qword ptr [rsp - 0x30]
	add rax, r10
	mov rdx, qword ptr [rcx + 0x8]
	mulx r10, r12, qword ptr [rsi + 0x18]
	mov qword ptr [rdi + 0x18], r11
	adcx r8, r9
	add rbp, r12
	adcx rbx, r10
	add rbp, qword ptr [rsp - 0x28]
	adcx rbx, qword ptr [rsp - 0x8]
	add rbp, rax
	adcx rbx, r8
	mov rax, rbp
	shrd rax, rbx, 0x33
	and rbp, r13
	mov qword ptr [rdi + 0x20], rbp
	imul rdx, rax, 0x13
	add rdx, qword ptr [rsp - 0x38]
	mov rax, rdx
	shr rax, 0x33
	mov r8, 0x7ffffffffffff
	and r8, qword ptr [rsp - 0x10]
	add r8, rax
	mov rax, r8
	and rax, r13
	mov qword ptr [rdi + 0x8], rax
	shr r8, 0x33
	and rdx, r13
	mov qword ptr [rdi], rdx
	and r8, 0x1
	and r8, 0x1
	and r8, 0x1
	add r8, qword ptr [rsp - 0x20]
	mov qword ptr [rdi + 0x10], r8
	mov rbx, qword ptr [rsp - 0x58]
	mov rbp, qword ptr [rsp - 0x60]
	mov r12, qword ptr [rsp - 0x68]
	mov r13, qword ptr [rsp - 0x70]
	mov r14, qword ptr [rsp - 0x78]
	mov r15, qword ptr [rsp - 0x80]
	ret
.size fiat_25519_carry_mul, .-fiat_25519_carry_mul
.section .note.GNU-stack,"",@progbits
