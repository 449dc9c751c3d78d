.intel_syntax noprefix
.text
.globl fiat_p521_carry_mul
.type fiat_p521_carry_mul, @function
fiat_p521_carry_mul:
	sub rsp, 0x130
	mov qword ptr [rsp + 0x30], rbx
	mov qword ptr [rsp + 0x28], rbp
	mov qword ptr [rsp + 0x20], r12
	mov qword ptr [rsp + 0x18], r13
	mov qword ptr [rsp + 0x10], r14
	mov qword ptr [rsp + 0x8], r15
	mov rcx, rdx
	mov rax, qword ptr [rcx + 0x30]
	lea rax, qword ptr [rax + 1 * rax]
	mov rdx, rax
	mulx r8, r9, qword ptr [rsi + 0x18]
	mov r10, qword ptr [rcx + 0x20]
	lea r10, qword ptr [r10 + 1 * r10]
	mov rdx, qword ptr [rsi + 0x28]
	mulx r11, rbx, r10
	test al, al
	adox r9, rbx
	adox r8, r11
	mov rdx, qword ptr [rsi]
	mulx r11, rbx, qword ptr [rcx]
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbp, r12, qword ptr [rcx + 0x20]
	add r9, rbx
	adcx r8, r11
	mov r11, qword ptr [rcx + 0x18]
	lea r11, qword ptr [r11 + 1 * r11]
	mov rdx, qword ptr [rsi + 0x30]
	mulx rbx, r13, r11
	add r9, r13
	adcx r8, rbx
	mov rbx, qword ptr [rcx + 0x8]
	lea rbx, qword ptr [rbx + 1 * rbx]
	mov rdx, rbx
	mulx r13, r14, qword ptr [rsi + 0x40]
	add r9, r14
	adcx r8, r13
	mov rdx, qword ptr [rcx + 0x38]
	lea rdx, qword ptr [rdx + 1 * rdx]
	mulx rbx, r13, qword ptr [rsi + 0x10]
	mov r14, rdx
	mov rdx, rax
	mov qword ptr [rsp + 0x128], r14
	mulx r15, r14, qword ptr [rsi + 0x30]
	add r9, r13
	mov rdx, qword ptr [rcx + 0x8]
	mov qword ptr [rsp + 0x120], r15
	mulx r13, r15, qword ptr [rsi + 0x18]
	adcx r8, rbx
	mov rbx, qword ptr [rcx + 0x28]
	lea rbx, qword ptr [rbx + 1 * rbx]
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp + 0x118], r13
	mov qword ptr [rsp + 0x110], r15
	mulx r13, r15, rbx
	test al, al
	adox r9, r15
	adox r8, r13
	mov rdx, qword ptr [rsi + 0x8]
	mulx r13, r15, qword ptr [rcx + 0x30]
	mov rdx, qword ptr [rcx + 0x10]
	lea rdx, qword ptr [rdx + 1 * rdx]
	mov qword ptr [rsp + 0x108], r14
	mov qword ptr [rsp + 0x100], rbx
	mulx r14, rbx, qword ptr [rsi + 0x38]
	add r9, rbx
	adcx r8, r14
	mov rbx, rdx
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp + 0xf8], rbx
	mulx r14, rbx, qword ptr [rcx + 0x8]
	mov qword ptr [rsp + 0xf0], r14
	mov r14, qword ptr [rcx + 0x40]
	lea r14, qword ptr [r14 + 1 * r14]
	mov qword ptr [rsp + 0xe8], rbx
	mov qword ptr [rsp + 0xe0], r8
	mulx rbx, r8, r14
	test al, al
	adox r9, r8
	mov rdx, r11
	mov qword ptr [rsp + 0xd8], rbx
	mulx r8, rbx, qword ptr [rsi + 0x38]
	mov qword ptr [rsp + 0xd0], rdx
	mov rdx, qword ptr [rsp + 0xe0]
	adox rdx, qword ptr [rsp + 0xd8]
	mov r11, 0x3a
	mov qword ptr [rsp + 0xd8], r8
	bzhi r8, r9, r11
	mov r11, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp + 0xe0], r8
	mov qword ptr [rsp + 0xc8], rbx
	mulx r8, rbx, qword ptr [rcx + 0x28]
	test al, al
	adox rbx, r15
	adox r8, r13
	add rbx, r12
	adcx r8, rbp
	mulx rbp, r12, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rsi]
	mulx r13, r15, qword ptr [rcx + 0x28]
	mov rdx, qword ptr [rcx + 0x10]
	mov qword ptr [rsp + 0xc0], r8
	mov qword ptr [rsp + 0xb8], rbx
	mulx r8, rbx, qword ptr [rsi + 0x18]
	mov rdx, qword ptr [rsi + 0x38]
	mov qword ptr [rsp + 0xb0], r8
	mov qword ptr [rsp + 0xa8], r13
	mulx r8, r13, r10
	mov rdx, rax
	mov qword ptr [rsp + 0xa0], rbx
	mov qword ptr [rsp + 0x98], r15
	mulx rbx, r15, qword ptr [rsi + 0x40]
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp + 0x90], rbx
	mov qword ptr [rsp + 0x88], r15
	mulx rbx, r15, r14
	mov rdx, r11
	shr rdx, 0x3a
	shrd r9, r11, 0x3a
	mov r11, rdx
	mov rdx, qword ptr [rsi + 0x30]
	mov qword ptr [rsp + 0x80], rbp
	mov qword ptr [rsp + 0x78], r12
	mulx rbp, r12, r10
	add r9, r12
	mov rdx, qword ptr [rsi + 0x28]
	mov qword ptr [rsp + 0x70], r10
	mulx r12, r10, qword ptr [rsp + 0x100]
	adcx r11, rbp
	add r9, r10
	adcx r11, r12
	add r9, r15
	mov rdx, qword ptr [rcx + 0x8]
	mulx r10, rbp, qword ptr [rsi]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r12, r15, qword ptr [rsp + 0x128]
	mov rdx, qword ptr [rcx]
	mov qword ptr [rsp + 0x68], r8
	mov qword ptr [rsp + 0x60], r13
	mulx r8, r13, qword ptr [rsi + 0x8]
	adcx r11, rbx
	add r15, r13
	adcx r12, r8
	mov rdx, qword ptr [rsi + 0x28]
	mulx r8, rbx, r14
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp + 0x58], r8
	mulx r13, r8, qword ptr [rcx + 0x8]
	add r15, qword ptr [rsp + 0xc8]
	adcx r12, qword ptr [rsp + 0xd8]
	mov rdx, r14
	mov qword ptr [rsp + 0xd8], rbx
	mov qword ptr [rsp + 0xc8], r13
	mulx rbx, r13, qword ptr [rsi + 0x20]
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp + 0x50], r8
	mov qword ptr [rsp + 0x48], rbx
	mulx r8, rbx, rax
	mov rdx, qword ptr [rsi + 0x40]
	mov qword ptr [rsp + 0x40], r13
	mov qword ptr [rsp + 0x38], rax
	mulx r13, rax, qword ptr [rsp + 0xf8]
	add r15, rax
	adcx r12, r13
	add r15, rbx
	adcx r12, r8
	add r9, rbp
	adcx r11, r10
	add r9, r15
	adcx r11, r12
	mov rax, r9
	shrd rax, r11, 0x3a
	shr r11, 0x3a
	add rax, qword ptr [rsp + 0xe8]
	adcx r11, qword ptr [rsp + 0xf0]
	mov rdx, r14
	mulx r8, r10, qword ptr [rsi + 0x18]
	mov rdx, qword ptr [rsp + 0x100]
	mulx rbx, rbp, qword ptr [rsi + 0x30]
	add rax, rbp
	mov rdx, qword ptr [rsi + 0x40]
	mulx rbp, r12, qword ptr [rsp + 0xd0]
	adcx r11, rbx
	add rax, r12
	adcx r11, rbp
	mov rdx, qword ptr [rsp + 0x128]
	mulx rbx, rbp, qword ptr [rsi + 0x20]
	add r10, rbp
	adcx r8, rbx
	mov rdx, qword ptr [rcx + 0x10]
	mulx rbx, rbp, qword ptr [rsi]
	add r10, rbp
	adcx r8, rbx
	mov rdx, qword ptr [rsi + 0x28]
	mulx rbx, rbp, qword ptr [rsp + 0x38]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r12, r13, qword ptr [rcx + 0x18]
	add r10, rbp
	adcx r8, rbx
	mov rdx, qword ptr [rsi + 0x10]
	mulx rbx, rbp, qword ptr [rcx]
	mov rdx, qword ptr [rsi + 0x38]
	mov qword ptr [rsp + 0xd0], r9
	mulx r15, r9, qword ptr [rsp + 0x100]
	add r10, rbp
	adcx r8, rbx
	add r10, qword ptr [rsp + 0x60]
	adcx r8, qword ptr [rsp + 0x68]
	add rax, r10
	adcx r11, r8
	mov r8, 0x3a
	bzhi r10, rax, r8
	shrd rax, r11, 0x3a
	shr r11, 0x3a
	mov rdx, qword ptr [rsi]
	mulx r8, rbx, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp + 0x68], r10
	mulx rbp, r10, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rcx]
	mov qword ptr [rsp + 0x60], r12
	mov qword ptr [rsp + 0xf0], r13
	mulx r12, r13, qword ptr [rsi + 0x18]
	mov rdx, qword ptr [rsp + 0x128]
	mov qword ptr [rsp + 0xe8], r14
	mov qword ptr [rsp + 0xf8], r11
	mulx r14, r11, qword ptr [rsi + 0x28]
	add r10, qword ptr [rsp + 0x108]
	adcx rbp, qword ptr [rsp + 0x120]
	add r10, qword ptr [rsp + 0x40]
	adcx rbp, qword ptr [rsp + 0x48]
	add r10, r11
	adcx rbp, r14
	add r10, r9
	adcx rbp, r15
	add r10, qword ptr [rsp + 0x50]
	adcx rbp, qword ptr [rsp + 0xc8]
	add r10, r13
	adcx rbp, r12
	mov rdx, qword ptr [rsp + 0x70]
	mulx r9, r11, qword ptr [rsi + 0x40]
	add r11, rbx
	adcx r9, r8
	add r11, rax
	adcx r9, qword ptr [rsp + 0xf8]
	add r10, r11
	adcx rbp, r9
	mov rax, 0x3a
	bzhi r8, r10, rax
	mov rdx, qword ptr [rsi + 0x30]
	mulx rax, r9, qword ptr [rsp + 0xe8]
	shrd r10, rbp, 0x3a
	shr rbp, 0x3a
	mov rdx, qword ptr [rcx + 0x10]
	mulx r11, rbx, qword ptr [rsi + 0x10]
	add rbx, qword ptr [rsp + 0xf0]
	mov rdx, qword ptr [rsi + 0x20]
	mulx r12, r13, qword ptr [rcx]
	adcx r11, qword ptr [rsp + 0x60]
	test al, al
	adox rbx, qword ptr [rsp + 0xd8]
	adox r11, qword ptr [rsp + 0x58]
	mov rdx, qword ptr [rsi + 0x30]
	mulx r14, r15, qword ptr [rsp + 0x128]
	add rbx, r13
	adcx r11, r12
	add rbx, r15
	mov rdx, qword ptr [rsi]
	mulx r12, r13, qword ptr [rcx + 0x20]
	adcx r11, r14
	mov rdx, qword ptr [rsp + 0x38]
	mulx r14, r15, qword ptr [rsi + 0x38]
	mov rdx, qword ptr [rsi + 0x40]
	mov qword ptr [rsp + 0x38], r8
	mov qword ptr [rsp + 0x58], rax
	mulx r8, rax, qword ptr [rsp + 0x100]
	add r10, rax
	adcx rbp, r8
	add r10, qword ptr [rsp + 0x110]
	adcx rbp, qword ptr [rsp + 0x118]
	add r10, r15
	adcx rbp, r14
	add r10, r13
	adcx rbp, r12
	test al, al
	adox rbx, r10
	adox r11, rbp
	mov rax, 0x3a
	bzhi r8, rbx, rax
	shrd rbx, r11, 0x3a
	shr r11, 0x3a
	mov rdx, qword ptr [rsi + 0x28]
	mulx rax, r10, qword ptr [rcx]
	add r10, qword ptr [rsp + 0x78]
	adcx rax, qword ptr [rsp + 0x80]
	add r9, qword ptr [rsp + 0x98]
	mov rbp, qword ptr [rsp + 0x58]
	adcx rbp, qword ptr [rsp + 0xa8]
	add r9, qword ptr [rsp + 0xa0]
	adcx rbp, qword ptr [rsp + 0xb0]
	add r9, qword ptr [rsp + 0x88]
	mov rdx, qword ptr [rsi + 0x40]
	mulx r12, r13, qword ptr [rcx]
	adcx rbp, qword ptr [rsp + 0x90]
	add r9, rbx
	adcx rbp, r11
	mov rdx, qword ptr [rcx + 0x20]
	mulx r11, rbx, qword ptr [rsi + 0x8]
	add r10, rbx
	adcx rax, r11
	mov rdx, qword ptr [rsp + 0x128]
	mulx r11, rbx, qword ptr [rsi + 0x38]
	add r10, rbx
	adcx rax, r11
	mov rdx, qword ptr [rsi + 0x20]
	mulx r11, rbx, qword ptr [rcx + 0x8]
	add r10, rbx
	adcx rax, r11
	add r9, r10
	adcx rbp, rax
	mov rax, 0x3a
	bzhi r10, r9, rax
	shrd r9, rbp, 0x3a
	mov rdx, qword ptr [rsi + 0x8]
	mulx rax, r11, qword ptr [rcx + 0x28]
	mov rdx, qword ptr [rsi + 0x10]
	mulx rbx, r14, qword ptr [rcx + 0x20]
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp + 0x90], r10
	mulx r15, r10, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp + 0x88], r8
	mov qword ptr [rsp + 0xb0], r12
	mulx r8, r12, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rcx + 0x8]
	mov qword ptr [rsp + 0xa0], r13
	mov qword ptr [rsp + 0xa8], rbx
	mulx r13, rbx, qword ptr [rsi + 0x28]
	mov rdx, qword ptr [rsi + 0x30]
	mov qword ptr [rsp + 0x58], r14
	mov qword ptr [rsp + 0x98], r15
	mulx r14, r15, qword ptr [rcx]
	mov rdx, qword ptr [rsi + 0x38]
	mov qword ptr [rsp + 0x80], r14
	mov qword ptr [rsp + 0x78], r15
	mulx r14, r15, qword ptr [rsp + 0xe8]
	mov rdx, qword ptr [rsi + 0x40]
	mov qword ptr [rsp + 0x118], r10
	mov qword ptr [rsp + 0x110], r8
	mulx r10, r8, qword ptr [rsp + 0x128]
	shr rbp, 0x3a
	add r15, rbx
	adcx r14, r13
	add r15, r11
	adcx r14, rax
	mov rdx, qword ptr [rsi]
	mulx rax, r11, qword ptr [rcx + 0x30]
	add r9, r11
	adcx rbp, rax
	add r9, r12
	adcx rbp, qword ptr [rsp + 0x110]
	add r9, qword ptr [rsp + 0x118]
	adcx rbp, qword ptr [rsp + 0x98]
	add r9, qword ptr [rsp + 0x78]
	adcx rbp, qword ptr [rsp + 0x80]
	add r9, r8
	adcx rbp, r10
	add r9, qword ptr [rsp + 0x58]
	adcx rbp, qword ptr [rsp + 0xa8]
	add r9, r15
	adcx rbp, r14
	mov rax, 0x3a
	bzhi r8, r9, rax
	mov rax, rbp
	shr rax, 0x3a
	shrd r9, rbp, 0x3a
	add r9, qword ptr [rsp + 0xb8]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, r11, qword ptr [rcx + 0x28]
	adcx rax, qword ptr [rsp + 0xc0]
	mov rdx, 0x3a
	bzhi rbx, qword ptr [rsp + 0xd0], rdx
	mov rdx, qword ptr [rcx + 0x8]
	mulx rbp, r12, qword ptr [rsi + 0x30]
	add r9, r12
	adcx rax, rbp
	mov rdx, qword ptr [rcx + 0x38]
	mulx rbp, r12, qword ptr [rsi]
	mov rdx, qword ptr [rsi + 0x28]
	mulx r13, r14, qword ptr [rcx + 0x10]
	add r9, r14
	adcx rax, r13
	mov rdx, qword ptr [rsi + 0x20]
	mulx r13, r14, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rcx + 0x30]
	mov qword ptr [rsp + 0xd0], r8
	mulx r15, r8, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x40]
	mov qword ptr [rsp + 0xc0], rbx
	mov qword ptr [rsp + 0xb8], r15
	mulx rbx, r15, qword ptr [rsp + 0xe8]
	mov rdx, qword ptr [rcx]
	mov qword ptr [rsp + 0xe8], r8
	mov qword ptr [rsp + 0xa8], r10
	mulx r8, r10, qword ptr [rsi + 0x38]
	add r9, r10
	adcx rax, r8
	add r9, r15
	adcx rax, rbx
	add r9, r12
	adcx rax, rbp
	add r9, r14
	adcx rax, r13
	mov r8, 0x3a
	bzhi r10, r9, r8
	shrd r9, rax, 0x3a
	mov rdx, qword ptr [rsi]
	mulx r8, rbx, qword ptr [rcx + 0x40]
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbp, r12, qword ptr [rcx + 0x38]
	mov rdx, qword ptr [rsi + 0x20]
	mulx r13, r14, qword ptr [rcx + 0x20]
	mov rdx, qword ptr [rsp + 0x88]
	mov qword ptr [rdi + 0x20], rdx
	add r14, r11
	adcx r13, qword ptr [rsp + 0xa8]
	add r12, qword ptr [rsp + 0xa0]
	mov rdx, qword ptr [rcx + 0x10]
	mulx r11, r15, qword ptr [rsi + 0x30]
	mov rdx, qword ptr [rsp + 0xd0]
	mov qword ptr [rdi + 0x30], rdx
	mov rdx, qword ptr [rcx + 0x8]
	mov qword ptr [rsp + 0xd0], r10
	mov qword ptr [rsp + 0xa0], r13
	mulx r10, r13, qword ptr [rsi + 0x38]
	mov rdx, qword ptr [rsp + 0xd0]
	mov qword ptr [rdi + 0x38], rdx
	adcx rbp, qword ptr [rsp + 0xb0]
	shr rax, 0x3a
	mov rdx, qword ptr [rcx + 0x18]
	mov qword ptr [rsp + 0xb0], r10
	mov qword ptr [rsp + 0xd0], r11
	mulx r10, r11, qword ptr [rsi + 0x28]
	mov rdx, qword ptr [rsp + 0x38]
	mov qword ptr [rdi + 0x18], rdx
	mov rdx, qword ptr [rsp + 0x90]
	mov qword ptr [rdi + 0x28], rdx
	add r12, r11
	adcx rbp, r10
	add r12, rbx
	adcx rbp, r8
	add r12, r9
	adcx rbp, rax
	add r12, qword ptr [rsp + 0xe8]
	adcx rbp, qword ptr [rsp + 0xb8]
	add r12, r15
	adcx rbp, qword ptr [rsp + 0xd0]
	add r12, r13
	adcx rbp, qword ptr [rsp + 0xb0]
	add r12, r14
	adcx rbp, qword ptr [rsp + 0xa0]
	mov rax, r12
	shrd rax, rbp, 0x39
	shr rbp, 0x39
	add rax, qword ptr [rsp + 0xe0]
	adc rbp, 0x0
	mov r8, 0x3a
	bzhi r9, rax, r8
	mov qword ptr [rdi], r9
	shrd rax, rbp, 0x3a
	add rax, qword ptr [rsp + 0xc0]
	mov r8, rax
	shr r8, 0x3a
	mov r9, 0x3ffffffffffffff
	and rax, r9
	mov qword ptr [rdi + 0x8], rax
	add r8, qword ptr [rsp + 0x68]
	mov qword ptr [rdi + 0x10], r8
	mov rax, 0x1ffffffffffffff
	and r12, rax
	mov qword ptr [rdi + 0x40], r12
	mov rbx, qword ptr [rsp + 0x30]
	mov rbp, qword ptr [rsp + 0x28]
	mov r12, qword ptr [rsp + 0x20]
	mov r13, qword ptr [rsp + 0x18]
	mov r14, qword ptr [rsp + 0x10]
	mov r15, qword ptr [rsp + 0x8]
	add rsp, 0x130
	ret
.size fiat_p521_carry_mul, .-fiat_p521_carry_mul
.section .note.GNU-stack,"",@progbits
