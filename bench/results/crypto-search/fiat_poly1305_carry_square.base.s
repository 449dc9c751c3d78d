.intel_syntax noprefix
.text
.globl fiat_poly1305_carry_square
.type fiat_poly1305_carry_square, @function
fiat_poly1305_carry_square:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov qword ptr [rsp - 0x18], r12
	imul rax, qword ptr [rsi + 0x10], 0x5
	imul rdx, rax, 0x2
	mov r8, rdx
	mov rdx, qword ptr [rsi]
	mulx r9, r10, rdx
	imul r11, r8, 0x2
	mov rdx, qword ptr [rsi + 0x8]
	mulx r8, rcx, r11
	imul r11, rdx, 0x2
	test al, al
	adox r10, rcx
	mov rdx, rax
	mulx rcx, rbx, qword ptr [rsi + 0x10]
	adox r9, r8
	mov rdx, r11
	mulx rax, r8, qword ptr [rsi]
	mov rdx, qword ptr [rsi + 0x8]
	mulx rbp, r12, r11
	imul rdx, qword ptr [rsi + 0x10], 0x2
	add r8, rbx
	adcx rax, rcx
	mov r11, r10
	shrd r11, r9, 0x2c
	mulx r9, rcx, qword ptr [rsi]
	test al, al
	adox r11, r8
	clc
	adcx rcx, r12
	mov rdx, 0x0
	adox rax, rdx
	adcx r9, rbp
	mov r8, 0xfffffffffff
	and r10, r8
	mov rbx, r11
	shrd rbx, rax, 0x2b
	add rbx, rcx
	adcx rdx, r9
	mov rax, rbx
	shrd rax, rdx, 0x2b
	mov rdx, 0x7ffffffffff
	and r11, rdx
	imul r9, rax, 0x5
	add r10, r9
	mov rax, r10
	shr rax, 0x2c
	and r8, r10
	mov qword ptr [rdi], r8
	add r11, rax
	mov rax, r11
	shr rax, 0x2b
	and rax, 0x1
	and rax, 0x1
	and rax, 0x1
	and rbx, rdx
	and rdx, r11
	mov qword ptr [rdi + 0x8], rdx
	add rax, rbx
	mov qword ptr [rdi + 0x10], rax
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	mov r12, qword ptr [rsp - 0x18]
	ret
.size fiat_poly1305_carry_square, .-fiat_poly1305_carry_square
.section .note.GNU-stack,"",@progbits
