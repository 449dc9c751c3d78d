.intel_syntax noprefix
.text
.globl secp256k1_fe_mul_inner
.type secp256k1_fe_mul_inner, @function
secp256k1_fe_mul_inner:
	mov qword ptr [rsp - 0x18], rbx
	mov qword ptr [rsp - 0x20], rbp
	mov qword ptr [rsp - 0x28], r12
	mov qword ptr [rsp - 0x30], r13
	mov qword ptr [rsp - 0x38], r14
	mov qword ptr [rsp - 0x40], r15
	mov rcx, rdx
	mov rdx, qword ptr [rcx + 0x10]
	mulx rax, r8, qword ptr [rsi + 0x18]
	mov rdx, qword ptr [rcx + 0x18]
	mulx r9, r10, qword ptr [rsi + 0x10]
	add r8, r10
	adcx rax, r9
	mov rdx, qword ptr [rcx + 0x8]
	mulx r9, r10, qword ptr [rsi + 0x20]
	add r8, r10
	adcx rax, r9
	mov rdx, qword ptr [rsi + 0x10]
	mulx r9, r10, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rcx + 0x20]
	mulx r11, rbx, qword ptr [rsi + 0x8]
	add r8, rbx
	mov rdx, qword ptr [rcx + 0x18]
	mulx rbx, rbp, qword ptr [rsi + 0x8]
	adcx rax, r11
	add r10, rbp
	adcx r9, rbx
	mov rdx, qword ptr [rcx + 0x8]
	mulx r11, rbx, qword ptr [rsi + 0x18]
	mov rdx, qword ptr [rcx + 0x20]
	mulx rbp, r12, qword ptr [rsi + 0x20]
	add r10, rbx
	adcx r9, r11
	mov rdx, qword ptr [rcx]
	mulx r11, rbx, qword ptr [rsi + 0x20]
	add r10, rbx
	adcx r9, r11
	mov rdx, qword ptr [rcx + 0x20]
	mulx r11, rbx, qword ptr [rsi]
	add r10, rbx
	adcx r9, r11
	mov rdx, rbp
	mov r11, 0x1000003d10000
	mulx rbx, rbp, r11
	add r10, rbp
	adcx r9, rbx
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbx, rbp, qword ptr [rcx + 0x10]
	mov rdx, qword ptr [rcx + 0x18]
	mulx r11, r13, qword ptr [rsi]
	add rbp, r13
	adcx rbx, r11
	mov rdx, qword ptr [rcx + 0x8]
	mulx r11, r13, qword ptr [rsi + 0x10]
	add rbp, r13
	adcx rbx, r11
	mov rdx, qword ptr [rcx]
	mulx r11, r13, qword ptr [rsi + 0x18]
	test al, al
	adox rbp, r13
	adox rbx, r11
	mov rdx, r12
	mov r11, 0x1000003d10
	mulx r12, r13, r11
	test al, al
	adox rbp, r13
	adox rbx, r12
	mov rdx, rbp
	shrd rdx, rbx, 0x34
	add r10, rdx
	adc r9, 0x0
	mov rdx, r10
	shrd rdx, r9, 0x34
	add r8, rdx
	adc rax, 0x0
	mov r9, r8
	shl r9, 0x4
	mov rdx, 0xfffffffffffff0
	and r9, rdx
	mov rdx, r10
	shr rdx, 0x30
	and rdx, 0xf
	or r9, rdx
	mov rdx, qword ptr [rcx]
	mulx rbx, r12, qword ptr [rsi]
	mov rdx, r9
	mov r13, 0x1000003d1
	mulx r9, r13, r13
	add r13, r12
	adcx r9, rbx
	mov rdx, 0x34
	bzhi rbx, r13, rdx
	mov rdx, qword ptr [rcx]
	mulx r12, r11, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi]
	mulx r14, r15, qword ptr [rcx + 0x8]
	test al, al
	adox r11, r15
	adox r12, r14
	mov rdx, qword ptr [rcx + 0x10]
	mulx r14, r15, qword ptr [rsi + 0x20]
	mov rdx, qword ptr [rcx + 0x18]
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], r10
	mulx rbx, r10, qword ptr [rsi + 0x18]
	add r15, r10
	adcx r14, rbx
	mov rdx, qword ptr [rcx + 0x20]
	mulx r10, rbx, qword ptr [rsi + 0x10]
	add r15, rbx
	adcx r14, r10
	shrd r8, rax, 0x34
	add r15, r8
	adc r14, 0x0
	mov rax, 0x34
	bzhi r8, r15, rax
	mov rdx, r8
	mov rax, 0x1000003d10
	mulx r8, r10, rax
	add r11, r10
	adcx r12, r8
	shrd r13, r9, 0x34
	test al, al
	adox r11, r13
	mov r8, 0x0
	adox r12, r8
	mov r9, 0x34
	bzhi r10, r11, r9
	mov rdx, qword ptr [rcx + 0x8]
	mulx r9, rbx, qword ptr [rsi + 0x8]
	mov qword ptr [rdi + 0x8], r10
	mov rdx, qword ptr [rcx + 0x10]
	mulx r10, r13, qword ptr [rsi]
	test al, al
	adox rbx, r13
	adox r9, r10
	mov rdx, qword ptr [rcx]
	mulx r10, r13, qword ptr [rsi + 0x10]
	mov rdx, qword ptr [rsp - 0x8]
	mov qword ptr [rdi], rdx
	test al, al
	adox rbx, r13
	adox r9, r10
	mov rdx, qword ptr [rcx + 0x20]
	mulx r10, r13, qword ptr [rsi + 0x18]
	mov rdx, qword ptr [rsi + 0x20]
	mov qword ptr [rsp - 0x8], rbp
	mulx rax, rbp, qword ptr [rcx + 0x18]
	shrd r15, r14, 0x34
	add r13, r15
	adcx r10, r8
	add r13, rbp
	adcx r10, rax
	mov rdx, r13
	mov rax, 0x1000003d10
	mulx rax, rsi, rax
	add rbx, rsi
	mov rdx, 0x1000003d10000
	mulx r10, rsi, r10
	adcx r9, rax
	shrd r11, r12, 0x34
	add rbx, r11
	adcx r9, r8
	mov rax, 0x34
	bzhi r11, rbx, rax
	mov qword ptr [rdi + 0x10], r11
	shrd rbx, r9, 0x34
	mov rax, 0x34
	bzhi r9, qword ptr [rsp - 0x8], rax
	add r9, rsi
	adcx r10, r8
	add r9, rbx
	adcx r10, r8
	mov rax, r9
	mov r8, 0xfffffffffffff
	and rax, r8
	mov qword ptr [rdi + 0x18], rax
	shrd r9, r10, 0x34
	mov rax, qword ptr [rsp - 0x10]
	mov r8, 0xffffffffffff
	and rax, r8
	add r9, rax
	mov qword ptr [rdi + 0x20], r9
	mov rbx, qword ptr [rsp - 0x18]
	mov rbp, qword ptr [rsp - 0x20]
	mov r12, qword ptr [rsp - 0x28]
	mov r13, qword ptr [rsp - 0x30]
	mov r14, qword ptr [rsp - 0x38]
	mov r15, qword ptr [rsp - 0x40]
	ret
.size secp256k1_fe_mul_inner, .-secp256k1_fe_mul_inner
.section .note.GNU-stack,"",@progbits
