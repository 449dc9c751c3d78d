.intel_syntax noprefix
.text
.globl secp256k1_fe_sqr_inner
.type secp256k1_fe_sqr_inner, @function
secp256k1_fe_sqr_inner:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x20], r13
	mov qword ptr [rsp - 0x28], r14
	mov qword ptr [rsp - 0x30], r15
	mov rax, qword ptr [rsi + 0x20]
	shl rax, 0x1
	mov r8, qword ptr [rsi + 0x10]
	shl r8, 0x1
	mov rdx, qword ptr [rsi + 0x10]
	mulx r9, r10, rdx
	mov rdx, r8
	mulx r11, rcx, qword ptr [rsi + 0x18]
	mov r8, qword ptr [rsi + 0x8]
	shl r8, 0x1
	mov rdx, qword ptr [rsi + 0x18]
	mulx rbx, rbp, r8
	test al, al
	adox rbp, r10
	adox rbx, r9
	mov rdx, rax
	mulx r9, r10, qword ptr [rsi + 0x8]
	mulx r12, r13, qword ptr [rsi]
	mov rdx, qword ptr [rsi + 0x20]
	mulx r14, r15, rdx
	add rbp, r13
	adcx rbx, r12
	mov rdx, r14
	mov r12, 0x1000003d10000
	mulx r13, r14, r12
	add r10, rcx
	mov rcx, 0x0
	setc cl
	add rbp, r14
	adcx rbx, r13
	bt rcx, 0x0
	adcx r9, r11
	mov rdx, qword ptr [rsi + 0x10]
	mulx r8, r11, r8
	mov rcx, qword ptr [rsi]
	shl rcx, 0x1
	mov rdx, qword ptr [rsi + 0x18]
	mulx r13, r14, rcx
	add r14, r11
	adcx r13, r8
	mov rdx, 0x1000003d10
	mulx r8, r11, r15
	test al, al
	adox r14, r11
	adox r13, r8
	mov r8, r14
	shrd r8, r13, 0x34
	add rbp, r8
	adc rbx, 0x0
	mov rdx, qword ptr [rsi]
	mulx r8, r11, rdx
	mov rdx, rbp
	shrd rdx, rbx, 0x34
	add r10, rdx
	adc r9, 0x0
	mov rdx, r10
	shl rdx, 0x4
	mov rbx, 0xfffffffffffff0
	and rdx, rbx
	mov rbx, rbp
	shr rbx, 0x30
	and rbx, 0xf
	or rdx, rbx
	mov rbx, 0x1000003d1
	mulx rbx, r13, rbx
	add r13, r11
	adcx rbx, r8
	mov rdx, rax
	mulx r8, r11, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x18]
	mulx r15, r12, rdx
	add r11, r12
	adcx r8, r15
	shrd r10, r9, 0x34
	add r11, r10
	adc r8, 0x0
	mov r9, r11
	shrd r9, r8, 0x34
	mov r8, 0xfffffffffffff
	and r11, r8
	mulx rax, r10, rax
	mov rdx, r13
	and rdx, r8
	mov qword ptr [rdi], rdx
	mov rdx, 0xffffffffffffe
	and r14, rdx
	mov rdx, 0x1000003d10
	mulx r11, r12, r11
	mov rdx, rcx
	mulx r15, r8, qword ptr [rsi + 0x8]
	test al, al
	adox r12, r8
	adox r11, r15
	shrd r13, rbx, 0x34
	test al, al
	adox r12, r13
	mov r8, 0xffffffffffff
	mov rbx, 0x0
	seto bl
	and rbp, r8
	mov r8, 0x34
	bzhi r13, r12, r8
	mulx r8, r15, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsi + 0x8]
	mulx rcx, rsi, rdx
	mov qword ptr [rdi + 0x8], r13
	test al, al
	adox r15, rsi
	clc
	adcx r9, r10
	adox r8, rcx
	lea r10, qword ptr [r11 + 1 * rbx]
	adc rax, 0x0
	mov rdx, 0x1000003d10
	mulx r9, r11, r9
	add r15, r11
	adcx r8, r9
	shrd r12, r10, 0x34
	mov rdx, 0x1000003d10000
	mulx rax, r9, rax
	add r15, r12
	adc r8, 0x0
	mov r10, 0x34
	bzhi r11, r15, r10
	mov qword ptr [rdi + 0x10], r11
	shrd r15, r8, 0x34
	add r15, r14
	mov r8, 0x0
	adc r8, 0x0
	add r15, r9
	adcx r8, rax
	mov rax, 0x34
	bzhi r9, r15, rax
	mov qword ptr [rdi + 0x18], r9
	shrd r15, r8, 0x34
	add r15, rbp
	mov qword ptr [rdi + 0x20], r15
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	mov r13, qword ptr [rsp - 0x20]
	mov r14, qword ptr [rsp - 0x28]
	mov r15, qword ptr [rsp - 0x30]
	ret
.size secp256k1_fe_sqr_inner, .-secp256k1_fe_sqr_inner
.section .note.GNU-stack,"",@progbits
