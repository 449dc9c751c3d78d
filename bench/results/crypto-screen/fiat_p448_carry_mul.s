.intel_syntax noprefix
.text
.globl fiat_p448_carry_mul
.type fiat_p448_carry_mul, @function
fiat_p448_carry_mul:
	sub rsp, 0xb0
	mov qword ptr [rsp + 0x28], rbx
	mov qword ptr [rsp + 0x20], rbp
	mov qword ptr [rsp + 0x18], r12
	mov qword ptr [rsp + 0x10], r13
	mov qword ptr [rsp + 0x8], r14
	mov qword ptr [rsp], r15
	mov rcx, rdx
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rcx]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r9, r10, qword ptr [rcx + 0x28]
	mov rdx, qword ptr [rsi + 0x20]
	mulx r11, rbx, qword ptr [rcx + 0x20]
	add r10, rbx
	mov rdx, qword ptr [rsi + 0x28]
	mulx rbx, rbp, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rsi + 0x30]
	mulx r12, r13, qword ptr [rcx + 0x10]
	adcx r9, r11
	add rbp, r13
	adcx rbx, r12
	add r10, rbp
	adcx r9, rbx
	mulx r11, rbx, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rsi]
	mulx rbp, r12, qword ptr [rcx + 0x38]
	mov rdx, qword ptr [rsi + 0x38]
	mulx r13, r14, qword ptr [rcx + 0x28]
	mov qword ptr [rsp + 0xa8], r11
	mulx r15, r11, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp + 0xa0], rbx
	mov qword ptr [rsp + 0x98], rax
	mulx rbx, rax, qword ptr [rcx + 0x30]
	add r12, rax
	adcx rbp, rbx
	mov rdx, qword ptr [rsi + 0x10]
	mulx rax, rbx, qword ptr [rcx + 0x28]
	add r12, rbx
	adcx rbp, rax
	mov rdx, qword ptr [rsi + 0x18]
	mulx rax, rbx, qword ptr [rcx + 0x20]
	mov rdx, qword ptr [rsi + 0x28]
	mov qword ptr [rsp + 0x90], r9
	mov qword ptr [rsp + 0x88], r8
	mulx r9, r8, qword ptr [rcx + 0x10]
	test al, al
	adox r12, rbx
	adox rbp, rax
	mov rdx, qword ptr [rsi + 0x30]
	mulx rax, rbx, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp + 0x80], r10
	mov qword ptr [rsp + 0x78], r13
	mulx r10, r13, qword ptr [rcx + 0x18]
	add r12, r13
	adcx rbp, r10
	add r12, r8
	mulx r8, r10, qword ptr [rcx + 0x38]
	adcx rbp, r9
	add r12, rbx
	mov rdx, qword ptr [rsi + 0x10]
	mulx r9, rbx, qword ptr [rcx + 0x30]
	mov rdx, qword ptr [rsi + 0x38]
	mov qword ptr [rsp + 0x70], r9
	mulx r13, r9, qword ptr [rcx + 0x30]
	adcx rbp, rax
	mov qword ptr [rsp + 0x68], r13
	mulx rax, r13, qword ptr [rcx]
	add r12, r13
	mov rdx, qword ptr [rsi + 0x28]
	mov qword ptr [rsp + 0x60], r9
	mulx r13, r9, qword ptr [rcx + 0x30]
	mov rdx, qword ptr [rsi + 0x30]
	mov qword ptr [rsp + 0x58], rbx
	mov qword ptr [rsp + 0x50], r14
	mulx rbx, r14, qword ptr [rcx + 0x28]
	adcx rbp, rax
	add r10, r14
	mov rdx, qword ptr [rsi + 0x38]
	mulx rax, r14, qword ptr [rcx + 0x20]
	adcx r8, rbx
	add r10, r9
	adcx r8, r13
	add r10, r14
	adcx r8, rax
	add r12, r10
	mov rdx, qword ptr [rsi + 0x18]
	mulx rax, r9, qword ptr [rcx + 0x18]
	adcx rbp, r8
	mov rbx, 0x38
	bzhi r13, r12, rbx
	shrd r12, rbp, 0x38
	add r11, r12
	adc r15, 0x0
	mov rdx, qword ptr [rcx + 0x38]
	mulx rbx, rbp, qword ptr [rsi + 0x28]
	mov rdx, qword ptr [rsi]
	mulx r12, r14, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rsi + 0x30]
	mov qword ptr [rsp + 0x48], r12
	mov qword ptr [rsp + 0x40], r14
	mulx r12, r14, qword ptr [rcx + 0x30]
	mov rdx, qword ptr [rcx + 0x28]
	mov qword ptr [rsp + 0x38], r13
	mov qword ptr [rsp + 0x30], rax
	mulx r13, rax, qword ptr [rsi]
	add rbp, r14
	adcx rbx, r12
	add rbp, qword ptr [rsp + 0x50]
	adcx rbx, qword ptr [rsp + 0x78]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r12, r14, qword ptr [rcx + 0x38]
	add r14, qword ptr [rsp + 0x58]
	adcx r12, qword ptr [rsp + 0x70]
	add r14, rbp
	adcx r12, rbx
	add r11, r14
	adcx r15, r12
	add r11, qword ptr [rsp + 0x80]
	adcx r15, qword ptr [rsp + 0x90]
	mov r12, qword ptr [rsp + 0x88]
	add r12, r11
	mov r14, qword ptr [rsp + 0x98]
	adcx r14, r15
	mov rdx, 0x38
	mov qword ptr [rsp + 0x98], r9
	bzhi r9, r12, rdx
	shrd r12, r14, 0x38
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp + 0x88], r12
	mulx r14, r12, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rcx + 0x10]
	mov qword ptr [rsp + 0x90], r9
	mov qword ptr [rsp + 0x80], r13
	mulx r9, r13, qword ptr [rsi + 0x8]
	add r12, r13
	mov rdx, qword ptr [rsi + 0x28]
	mov qword ptr [rsp + 0x70], rax
	mulx r13, rax, qword ptr [rcx]
	adcx r14, r9
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp + 0x58], r13
	mulx r9, r13, qword ptr [rcx + 0x8]
	add r12, r13
	adcx r14, r9
	mov rdx, qword ptr [rsi + 0x18]
	mulx r9, r13, qword ptr [rcx]
	add r12, r13
	adcx r14, r9
	add r12, r10
	adcx r14, r8
	mov r8, 0x38
	bzhi r9, r12, r8
	shrd r12, r14, 0x38
	mov rdx, qword ptr [rsi]
	mulx r8, r10, qword ptr [rcx + 0x20]
	add r12, r10
	mov rdx, qword ptr [rsi + 0x8]
	mulx r10, r13, qword ptr [rcx + 0x18]
	adc r8, 0x0
	add r12, r13
	adcx r8, r10
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, r13, qword ptr [rcx + 0x10]
	add r12, r13
	adcx r8, r10
	mov rdx, qword ptr [rcx + 0x8]
	mulx r10, r13, qword ptr [rsi + 0x18]
	add r12, r13
	mov rdx, qword ptr [rsi + 0x20]
	mulx r13, r14, qword ptr [rcx]
	adcx r8, r10
	add r12, r14
	adcx r8, r13
	add r12, rbp
	adcx r8, rbx
	add r12, r11
	mov rdx, qword ptr [rsi + 0x18]
	mulx r10, r11, qword ptr [rcx + 0x10]
	adcx r8, r15
	mov rbx, 0x38
	bzhi rbp, r12, rbx
	shrd r12, r8, 0x38
	add r12, qword ptr [rsp + 0x70]
	mov r8, 0x0
	adcx r8, qword ptr [rsp + 0x80]
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbx, r13, qword ptr [rcx + 0x20]
	test al, al
	adox r12, r13
	adox r8, rbx
	mov rdx, qword ptr [rcx + 0x18]
	mulx rbx, r13, qword ptr [rsi + 0x10]
	add r12, r13
	adcx r8, rbx
	add r12, r11
	adcx r8, r10
	mov rdx, qword ptr [rsi + 0x20]
	mulx r10, r11, qword ptr [rcx + 0x8]
	add r12, r11
	mov rdx, qword ptr [rcx + 0x38]
	mulx r11, rbx, qword ptr [rsi + 0x30]
	adcx r8, r10
	add r12, rax
	adcx r8, qword ptr [rsp + 0x58]
	add rbx, qword ptr [rsp + 0x60]
	adcx r11, qword ptr [rsp + 0x68]
	add r12, rbx
	adcx r8, r11
	mulx rax, r10, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r13, r14, qword ptr [rcx + 0x30]
	add r10, r14
	mov rdx, qword ptr [rsi]
	mulx r14, r15, qword ptr [rcx + 0x30]
	adcx rax, r13
	add rbx, r10
	adcx r11, rax
	mov rdx, qword ptr [rsi + 0x10]
	mulx rax, r10, qword ptr [rcx]
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp + 0x68], rbp
	mulx r13, rbp, qword ptr [rcx + 0x28]
	mov rdx, qword ptr [rsi + 0x28]
	mov qword ptr [rsp + 0x60], r9
	mov qword ptr [rsp + 0x58], rax
	mulx r9, rax, qword ptr [rcx + 0x20]
	add rbp, rax
	mov rdx, qword ptr [rsi + 0x38]
	mov qword ptr [rsp + 0x80], r10
	mulx rax, r10, qword ptr [rcx + 0x10]
	adcx r13, r9
	add r10, qword ptr [rsp + 0xa0]
	adcx rax, qword ptr [rsp + 0xa8]
	add rbp, r10
	adcx r13, rax
	add rbx, rbp
	adcx r11, r13
	add r12, rbx
	adcx r8, r11
	mov rax, 0x38
	bzhi r9, r12, rax
	shrd r12, r8, 0x38
	mov rdx, qword ptr [rsi + 0x8]
	mulx rax, r8, qword ptr [rcx + 0x28]
	mov rdx, qword ptr [rsi + 0x10]
	mulx r10, rbp, qword ptr [rcx + 0x20]
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp + 0xa8], r9
	mulx r13, r9, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rsi + 0x28]
	mov qword ptr [rsp + 0xa0], r11
	mov qword ptr [rsp + 0x70], rbx
	mulx r11, rbx, qword ptr [rcx + 0x8]
	mov rdx, qword ptr [rcx]
	mov qword ptr [rsp + 0x78], r13
	mov qword ptr [rsp + 0x50], r11
	mulx r13, r11, qword ptr [rsi + 0x30]
	add r11, qword ptr [rsp + 0x98]
	adcx r13, qword ptr [rsp + 0x30]
	add r11, r15
	adcx r13, r14
	mov rdx, qword ptr [rsi + 0x38]
	mulx r14, r15, qword ptr [rcx + 0x38]
	add r11, r15
	adcx r13, r14
	mov qword ptr [rsp + 0x30], r9
	mov qword ptr [rsp + 0x98], r14
	mulx r9, r14, qword ptr [rcx + 0x18]
	add r11, rbp
	adcx r13, r10
	add r11, r8
	adcx r13, rax
	add r11, r12
	mov rdx, qword ptr [rsi + 0x18]
	mulx rax, r8, qword ptr [rcx + 0x38]
	mov rdx, qword ptr [rsi + 0x20]
	mulx r10, rbp, qword ptr [rcx + 0x30]
	adc r13, 0x0
	add r8, rbp
	adcx rax, r10
	add r14, r15
	mov rdx, qword ptr [rsi + 0x28]
	mulx r10, rbp, qword ptr [rcx + 0x28]
	mov rdx, qword ptr [rsi + 0x30]
	mulx r12, r15, qword ptr [rcx + 0x20]
	adcx r9, qword ptr [rsp + 0x98]
	add rbp, r15
	adcx r10, r12
	test al, al
	adox r8, rbp
	adox rax, r10
	add r14, r8
	adcx r9, rax
	add rbx, r14
	mov rax, r9
	adcx rax, qword ptr [rsp + 0x50]
	add rbx, qword ptr [rsp + 0x30]
	adcx rax, qword ptr [rsp + 0x78]
	add rbx, r11
	adcx rax, r13
	mov r8, rbx
	mov r10, 0xffffffffffffff
	and r8, r10
	mov qword ptr [rdi + 0x30], r8
	shrd rbx, rax, 0x38
	add rbx, qword ptr [rsp + 0x38]
	mov rax, rbx
	shr rax, 0x38
	and rbx, r10
	mov qword ptr [rdi + 0x38], rbx
	mov r8, qword ptr [rsp + 0x90]
	add r8, rax
	mov r11, r8
	shr r11, 0x38
	and r8, r10
	mov rdx, qword ptr [rsp + 0x88]
	add rdx, qword ptr [rsp + 0x40]
	mov rbx, 0x0
	adcx rbx, qword ptr [rsp + 0x48]
	mov rbp, rdx
	mov rdx, qword ptr [rsi + 0x8]
	mulx r12, r13, qword ptr [rcx]
	add rbp, r13
	adcx rbx, r12
	add rbp, qword ptr [rsp + 0x70]
	adcx rbx, qword ptr [rsp + 0xa0]
	mov r12, 0x38
	bzhi r13, rbp, r12
	add r11, r13
	shrd rbp, rbx, 0x38
	mov rdx, qword ptr [rsi]
	mulx rbx, r12, qword ptr [rcx + 0x10]
	mov qword ptr [rdi], r8
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, r13, qword ptr [rcx + 0x8]
	mov qword ptr [rdi + 0x8], r11
	add r14, r13
	adcx r9, r8
	add r14, qword ptr [rsp + 0x80]
	adcx r9, qword ptr [rsp + 0x58]
	add r14, r12
	adcx r9, rbx
	add r14, rbp
	mov r8, 0x0
	adcx r9, r8
	mov r8, r14
	and r8, r10
	mov qword ptr [rdi + 0x10], r8
	shrd r14, r9, 0x38
	add r14, qword ptr [rsp + 0x60]
	mov r8, r14
	shr r8, 0x38
	and r14, r10
	mov qword ptr [rdi + 0x18], r14
	mov r9, qword ptr [rsp + 0x68]
	lea r8, qword ptr [r8 + 1 * r9]
	add r8, rax
	mov rax, r8
	shr rax, 0x38
	mov r9, qword ptr [rsp + 0xa8]
	lea rax, qword ptr [rax + 1 * r9]
	mov qword ptr [rdi + 0x28], rax
	and r8, r10
	mov qword ptr [rdi + 0x20], r8
	mov rbx, qword ptr [rsp + 0x28]
	mov rbp, qword ptr [rsp + 0x20]
	mov r12, qword ptr [rsp + 0x18]
	mov r13, qword ptr [rsp + 0x10]
	mov r14, qword ptr [rsp + 0x8]
	mov r15, qword ptr [rsp]
	add rsp, 0xb0
	ret
.size fiat_p448_carry_mul, .-fiat_p448_carry_mul
.section .note.GNU-stack,"",@progbits
