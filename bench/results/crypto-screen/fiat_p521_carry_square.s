.intel_syntax noprefix
.text
.globl fiat_p521_carry_square
.type fiat_p521_carry_square, @function
fiat_p521_carry_square:
	sub rsp, 0xa0
	mov qword ptr [rsp + 0x30], rbx
	mov qword ptr [rsp + 0x28], rbp
	mov qword ptr [rsp + 0x20], r12
	mov qword ptr [rsp + 0x18], r13
	mov qword ptr [rsp + 0x10], r14
	mov qword ptr [rsp + 0x8], r15
	mov rax, qword ptr [rsi + 0x40]
	shl rax, 0x2
	mov r8, qword ptr [rsi + 0x38]
	shl r8, 0x2
	mov rdx, qword ptr [rsi + 0x10]
	mulx r9, r10, r8
	mov rdx, qword ptr [rsi]
	mulx r11, rcx, rdx
	mov rdx, qword ptr [rsi + 0x30]
	shl rdx, 0x2
	mulx rbx, rbp, qword ptr [rsi + 0x18]
	mov r12, qword ptr [rsi + 0x20]
	shl r12, 0x2
	mov r13, rdx
	mov rdx, r12
	mulx r14, r15, qword ptr [rsi + 0x28]
	mov rdx, qword ptr [rsi + 0x8]
	mov qword ptr [rsp + 0x98], r13
	mulx r12, r13, rax
	add rbp, r15
	adcx rbx, r14
	add rcx, r13
	adcx r11, r12
	add rbp, r10
	adcx rbx, r9
	add rbp, rcx
	adcx rbx, r11
	mov r9, 0x3a
	bzhi r10, rbp, r9
	mov r9, rbx
	shr r9, 0x3a
	mov r11, qword ptr [rsi + 0x28]
	lea r11, qword ptr [r11 + 1 * r11]
	mov rcx, qword ptr [rsi]
	shl rcx, 0x1
	mov rdx, qword ptr [rsi + 0x38]
	mulx r12, r13, rax
	mov rdx, rcx
	mulx r14, r15, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp + 0x90], r10
	mulx rcx, r10, rax
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp + 0x88], r12
	mov qword ptr [rsp + 0x80], r13
	mulx r12, r13, r8
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp + 0x78], r9
	mov qword ptr [rsp + 0x70], r14
	mulx r9, r14, r8
	mov qword ptr [rsp + 0x68], r9
	mov qword ptr [rsp + 0x60], r14
	mulx r9, r14, qword ptr [rsp + 0x98]
	mov rdx, qword ptr [rsi + 0x28]
	vmovq xmm0, r8
	mov qword ptr [rsp + 0x58], rcx
	mulx r8, rcx, r11
	add r14, rcx
	mov rcx, qword ptr [rsi + 0x18]
	lea rcx, qword ptr [rcx + 1 * rcx]
	adcx r9, r8
	shrd rbp, rbx, 0x3a
	add r13, r14
	adcx r12, r9
	add r10, r13
	adcx r12, qword ptr [rsp + 0x58]
	add r15, r10
	adcx r12, qword ptr [rsp + 0x70]
	add rbp, r15
	adcx r12, qword ptr [rsp + 0x78]
	mov r8, 0x3a
	bzhi r9, rbp, r8
	mulx r8, r10, rax
	shrd rbp, r12, 0x3a
	mov rbx, 0x1
	shlx r13, qword ptr [rsi + 0x10], rbx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbx, r14, rdx
	mov qword ptr [rsp + 0x78], r9
	mulx r15, r9, rcx
	mov rdx, rax
	mov qword ptr [rsp + 0x70], r11
	mov qword ptr [rsp + 0x58], r15
	mulx r11, r15, qword ptr [rsi + 0x18]
	shr r12, 0x3a
	mov rdx, qword ptr [rsi + 0x30]
	mov qword ptr [rsp + 0x50], r8
	vmovq r8, xmm0
	mov qword ptr [rsp + 0x48], r9
	mov qword ptr [rsp + 0x40], r10
	mulx r9, r10, r8
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp + 0x38], r9
	mulx r9, r8, r13
	add r8, r15
	adcx r9, r11
	mov rdx, qword ptr [rsi + 0x28]
	mulx r11, r15, qword ptr [rsp + 0x98]
	add rbp, r15
	adcx r12, r11
	add r8, r14
	adcx r9, rbx
	test al, al
	adox r8, qword ptr [rsp + 0x60]
	adox r9, qword ptr [rsp + 0x68]
	add rbp, r8
	adcx r12, r9
	mov r8, 0x3a
	bzhi r9, rbp, r8
	shrd rbp, r12, 0x3a
	shr r12, 0x3a
	mov rdx, qword ptr [rsi]
	mulx r8, r11, rcx
	mov rdx, qword ptr [rsi + 0x20]
	mulx rbx, r14, rax
	add r11, r14
	mov rdx, qword ptr [rsi + 0x8]
	mulx r13, r14, r13
	adcx r8, rbx
	add r11, r14
	mov rdx, qword ptr [rsi + 0x28]
	vmovq rbx, xmm0
	mulx rbx, r14, rbx
	adcx r8, r13
	add r14, rbp
	adcx rbx, r12
	mov rdx, qword ptr [rsi + 0x30]
	lea rdx, qword ptr [rdx + 1 * rdx]
	mulx rbp, r12, qword ptr [rsi + 0x30]
	test al, al
	adox r14, r12
	adox rbx, rbp
	add r14, r11
	adcx rbx, r8
	mov r8, 0x3a
	bzhi r11, r14, r8
	shrd r14, rbx, 0x3a
	mov r8, 0x1
	shlx rbp, qword ptr [rsi + 0x20], r8
	shr rbx, 0x3a
	mov r8, rdx
	mov rdx, qword ptr [rsi + 0x10]
	mulx r12, r13, rdx
	mov rdx, qword ptr [rsi]
	mov qword ptr [rsp + 0x68], r11
	mulx r15, r11, rbp
	add r10, qword ptr [rsp + 0x40]
	mov rdx, qword ptr [rsp + 0x50]
	adcx rdx, qword ptr [rsp + 0x38]
	add r13, r10
	adcx r12, rdx
	add r13, qword ptr [rsp + 0x48]
	adcx r12, qword ptr [rsp + 0x58]
	add r11, r13
	adcx r15, r12
	add r14, r11
	adcx rbx, r15
	mov r10, r14
	mov r11, 0x3ffffffffffffff
	and r10, r11
	shrd r14, rbx, 0x3a
	shr rbx, 0x3a
	mov rdx, qword ptr [rsi]
	mulx r12, r13, qword ptr [rsp + 0x70]
	mov rdx, qword ptr [rsi + 0x8]
	mulx r15, r11, rbp
	mov rdx, qword ptr [rsi + 0x10]
	mov qword ptr [rsp + 0x58], r10
	mulx rcx, r10, rcx
	add r13, r10
	mov rdx, qword ptr [rsi + 0x30]
	mulx rax, r10, rax
	adcx r12, rcx
	add r11, r10
	adcx r15, rax
	add r11, r14
	mov rax, qword ptr [rsi + 0x38]
	lea rax, qword ptr [rax + 1 * rax]
	mov rdx, qword ptr [rsi + 0x38]
	mulx r10, rcx, rax
	adcx r15, rbx
	add r13, rcx
	adcx r12, r10
	add r13, r11
	adcx r12, r15
	mov r10, 0x3a
	bzhi r11, r13, r10
	mov qword ptr [rdi + 0x28], r11
	shrd r13, r12, 0x3a
	shr r12, 0x3a
	mov rdx, qword ptr [rsi]
	mulx r10, r11, r8
	mov rdx, qword ptr [rsi + 0x8]
	mulx rcx, rbx, qword ptr [rsp + 0x70]
	mov rdx, rbp
	mulx r14, r15, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x18]
	mov qword ptr [rsp + 0x48], r9
	mov qword ptr [rsp + 0x38], rbp
	mulx r9, rbp, rdx
	add rbp, qword ptr [rsp + 0x80]
	adcx r9, qword ptr [rsp + 0x88]
	add r15, rbp
	adcx r14, r9
	add rbx, r15
	adcx rcx, r14
	add r11, rbx
	adcx r10, rcx
	test al, al
	adox r13, r11
	adox r12, r10
	mov r9, r13
	mov r10, 0x3ffffffffffffff
	and r9, r10
	mov qword ptr [rdi + 0x30], r9
	mov rdx, qword ptr [rsi + 0x8]
	mulx r9, r11, r8
	shrd r13, r12, 0x3a
	mov rdx, qword ptr [rsi]
	mulx rcx, rbx, rax
	shr r12, 0x3a
	add r13, r11
	adcx r12, r9
	mov rdx, qword ptr [rsp + 0x70]
	mulx r9, r11, qword ptr [rsi + 0x10]
	add r13, r11
	adcx r12, r9
	add r13, rbx
	adcx r12, rcx
	mov rdx, qword ptr [rsp + 0x38]
	mulx r9, r11, qword ptr [rsi + 0x18]
	mov rcx, qword ptr [rsi + 0x40]
	lea rcx, qword ptr [rcx + 1 * rcx]
	mov rdx, qword ptr [rsi + 0x40]
	mulx rbx, rbp, rcx
	add rbp, r11
	adcx rbx, r9
	add r13, rbp
	adcx r12, rbx
	mov r9, 0x3a
	bzhi r11, r13, r9
	mov qword ptr [rdi + 0x38], r11
	shrd r13, r12, 0x3a
	mov rdx, qword ptr [rsi + 0x8]
	mulx rax, r9, rax
	mov rdx, r8
	mulx r11, rbx, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsp + 0x70]
	mulx r8, rbp, qword ptr [rsi + 0x18]
	mov rdx, qword ptr [rsp + 0x68]
	mov qword ptr [rdi + 0x18], rdx
	shr r12, 0x3a
	add rbp, rbx
	mov rdx, qword ptr [rsi]
	mulx rcx, rbx, rcx
	adcx r8, r11
	test al, al
	adox rbp, rbx
	clc
	adcx rbp, r13
	adox r8, rcx
	adcx r8, r12
	mov rdx, qword ptr [rsi + 0x20]
	mulx r11, rcx, rdx
	mov rdx, qword ptr [rsp + 0x58]
	mov qword ptr [rdi + 0x20], rdx
	add rcx, r9
	adcx r11, rax
	add rbp, rcx
	adcx r8, r11
	mov rax, 0x1ffffffffffffff
	and rax, rbp
	mov qword ptr [rdi + 0x40], rax
	shrd rbp, r8, 0x39
	shr r8, 0x39
	add rbp, qword ptr [rsp + 0x90]
	adc r8, 0x0
	mov rax, rbp
	and rax, r10
	mov qword ptr [rdi], rax
	shrd rbp, r8, 0x3a
	mov rax, qword ptr [rsp + 0x78]
	lea rax, qword ptr [rbp + 1 * rax]
	mov r8, rax
	shr r8, 0x3a
	and rax, r10
	mov qword ptr [rdi + 0x8], rax
	mov rax, qword ptr [rsp + 0x48]
	lea rax, qword ptr [r8 + 1 * rax]
	mov qword ptr [rdi + 0x10], rax
	mov rbx, qword ptr [rsp + 0x30]
	mov rbp, qword ptr [rsp + 0x28]
	mov r12, qword ptr [rsp + 0x20]
	mov r13, qword ptr [rsp + 0x18]
	mov r14, qword ptr [rsp + 0x10]
	mov r15, qword ptr [rsp + 0x8]
	add rsp, 0xa0
	ret
.size fiat_p521_carry_square, .-fiat_p521_carry_square
.section .note.GNU-stack,"",@progbits
