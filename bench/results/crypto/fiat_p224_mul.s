.intel_syntax noprefix
.text
.globl fiat_p224_mul
.type fiat_p224_mul, @function
fiat_p224_mul:
	mov qword ptr [rsp - 0x40], rbx
	mov qword ptr [rsp - 0x48], rbp
	mov qword ptr [rsp - 0x50], r12
	mov qword ptr [rsp - 0x58], r13
	mov qword ptr [rsp - 0x60], r14
	mov qword ptr [rsp - 0x68], r15
	mov rcx, rdx
	mov rdx, qword ptr [rsi]
	mulx rax, r8, qword ptr [rcx + 0x18]
	mulx r9, r10, qword ptr [rcx]
	mov rdx, qword ptr [rcx + 0x10]
	mulx r11, rbx, qword ptr [rsi + 0x18]
	mulx rbp, r12, qword ptr [rsi]
	mov rdx, qword ptr [rsi]
	mulx r13, r14, qword ptr [rcx + 0x8]
	test al, al
	adox r9, r14
	adox r13, r12
	adox rbp, r8
	mov rdx, r10
	mov r8, 0xffffffffffffffff
	mulx r12, r14, r8
	mov rdx, 0xffffffff00000000
	mulx r12, r8, r14
	mov rdx, r14
	mov r15, 0xffffffff
	mov qword ptr [rsp - 0x8], r11
	mov qword ptr [rsp - 0x10], rbx
	mulx r11, rbx, r15
	mov r15, 0x0
	adox rax, r15
	mov rdx, qword ptr [rcx + 0x8]
	mov qword ptr [rsp - 0x18], rax
	mulx r15, rax, qword ptr [rsi + 0x10]
	mov rdx, 0xffffffffffffffff
	mov qword ptr [rsp - 0x20], r15
	mov qword ptr [rsp - 0x28], rax
	mulx r15, rax, r14
	add r12, rax
	adcx r15, rbx
	mov rax, 0x0
	adcx r11, rax
	add r10, r14
	adcx r9, r8
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, r10, qword ptr [rcx]
	adcx r13, r12
	mulx rbx, r12, qword ptr [rcx + 0x10]
	mulx r14, rax, qword ptr [rcx + 0x8]
	adcx rbp, r15
	mov qword ptr [rsp - 0x30], rbp
	mulx r15, rbp, qword ptr [rcx + 0x18]
	adcx r11, qword ptr [rsp - 0x18]
	mov rdx, 0x0
	setc dl
	add r8, rax
	adcx r14, r12
	adcx rbx, rbp
	adc r15, 0x0
	add r9, r10
	adcx r13, r8
	adcx r14, qword ptr [rsp - 0x30]
	adcx r11, rbx
	mov r8, rdx
	mov rdx, r9
	mov rax, 0xffffffffffffffff
	mulx r10, rbx, rax
	mov rdx, rbx
	mulx r10, rbp, rax
	mov r12, 0xffffffff00000000
	mov qword ptr [rsp - 0x30], r11
	mulx rax, r11, r12
	adcx r8, r15
	mov r15, 0x0
	setc r15b
	add rax, rbp
	mov rdx, qword ptr [rcx]
	mulx rbp, r12, qword ptr [rsi + 0x10]
	mov rdx, 0xffffffff
	mov qword ptr [rsp - 0x18], r12
	mov qword ptr [rsp - 0x38], rbp
	mulx r12, rbp, rbx
	adcx r10, rbp
	adc r12, 0x0
	add r9, rbx
	adcx r13, r11
	mov rdx, qword ptr [rsi + 0x10]
	mulx r9, r11, qword ptr [rcx + 0x10]
	adcx r14, rax
	adcx r10, qword ptr [rsp - 0x30]
	adcx r8, r12
	mov rax, 0x0
	adcx r15, rax
	mulx rbx, rbp, qword ptr [rcx + 0x18]
	mov rdx, qword ptr [rsp - 0x38]
	add rdx, qword ptr [rsp - 0x28]
	adcx r11, qword ptr [rsp - 0x20]
	adcx r9, rbp
	adcx rbx, rax
	test al, al
	adox r13, qword ptr [rsp - 0x18]
	adox r14, rdx
	adox r10, r11
	adox r8, r9
	mov rdx, 0xffffffffffffffff
	mulx r9, r11, r13
	adox r15, rbx
	mov r9, 0x0
	seto r9b
	test al, al
	adox r13, r11
	mov rdx, r11
	mov rbx, 0xffffffff00000000
	mulx rbp, r12, rbx
	adox r14, r12
	mov r12, 0xffffffffffffffff
	mulx r13, rbx, r12
	mov r12, 0x0
	seto r12b
	test al, al
	adox rbp, rbx
	mov rbx, 0xffffffff
	mov qword ptr [rsp - 0x18], r14
	mov qword ptr [rsp - 0x20], r9
	mulx r14, r9, rbx
	adox r13, r9
	mov rdx, qword ptr [rsi + 0x18]
	mulx r9, r11, qword ptr [rcx]
	adox r14, rax
	bt r12, 0x0
	adcx r10, rbp
	mulx rbp, r12, qword ptr [rcx + 0x18]
	adcx r8, r13
	mulx r13, rbx, qword ptr [rcx + 0x8]
	adcx r15, r14
	mov rdx, qword ptr [rsp - 0x20]
	adcx rdx, rax
	add r9, rbx
	adcx r13, qword ptr [rsp - 0x10]
	adcx r12, qword ptr [rsp - 0x8]
	adcx rbp, rax
	test al, al
	adox r11, qword ptr [rsp - 0x18]
	mov rsi, rdx
	mov rdx, 0xffffffffffffffff
	mulx rcx, rbx, r11
	mov rdx, rbx
	mov rcx, 0xffffffff00000000
	mulx r14, rax, rcx
	adox r10, r9
	adox r8, r13
	adox r15, r12
	adox rsi, rbp
	mov r9, 0xffffffffffffffff
	mulx rbp, r12, r9
	clc
	adcx r14, r12
	mov r12, 0xffffffff
	mulx r13, r9, r12
	adcx rbp, r9
	mov r9, 0x0
	adcx r13, r9
	clc
	adcx r11, rbx
	adcx r10, rax
	adcx r8, r14
	adcx r15, rbp
	adcx rsi, r13
	mov rax, 0x0
	seto al
	adcx rax, r9
	mov r11, r10
	sub r11, 0x1
	mov rdx, r8
	sbb rdx, rcx
	mov rcx, r15
	sbb rcx, 0xffffffffffffffff
	mov rbx, rsi
	sbb rbx, r12
	sbb rax, r9
	cmovc rdx, r8
	mov qword ptr [rdi + 0x8], rdx
	cmovc rcx, r15
	mov qword ptr [rdi + 0x10], rcx
	cmovc r11, r10
	mov qword ptr [rdi], r11
	cmovc rbx, rsi
	mov qword ptr [rdi + 0x18], rbx
	mov rbx, qword ptr [rsp - 0x40]
	mov rbp, qword ptr [rsp - 0x48]
	mov r12, qword ptr [rsp - 0x50]
	mov r13, qword ptr [rsp - 0x58]
	mov r14, qword ptr [rsp - 0x60]
	mov r15, qword ptr [rsp - 0x68]
	ret
.size fiat_p224_mul, .-fiat_p224_mul
.section .note.GNU-stack,"",@progbits
