.intel_syntax noprefix
.text
.globl fiat_poly1305_carry_square
.type fiat_poly1305_carry_square, @function
fiat_poly1305_carry_square:
	mov qword ptr [rsp - 0x8], rbx
	mov qword ptr [rsp - 0x10], rbp
	mov rdx, qword ptr [rsi]
	mulx rax, r8, rdx
	imul r9, qword ptr [rsi + 0x8], 0x14
	mov rdx, r9
	mulx r10, r11, qword ptr [rsi + 0x10]
	add r8, r11
	mov r9, qword ptr [rsi + 0x8]
	lea r9, qword ptr [r9 + 1 * r9]
	adcx rax, r10
	mov r10, r8
	shrd r10, rax, 0x2c
	mov rdx, qword ptr [rsi]
	mulx rax, r11, r9
	mov rcx, qword ptr [rsi + 0x10]
	lea rcx, qword ptr [rcx + 4 * rcx]
	mov rdx, r9
	mulx rbx, rbp, qword ptr [rsi + 0x8]
	mov rdx, qword ptr [rsi + 0x10]
	mulx r9, rcx, rcx
	add r11, rcx
	adcx rax, r9
	test al, al
	adox r10, r11
	mov r9, 0x0
	adox rax, r9
	mov r11, qword ptr [rsi]
	lea r11, qword ptr [r11 + 1 * r11]
	mov rcx, r10
	shrd rcx, rax, 0x2b
	mulx rax, r11, r11
	test al, al
	adox r11, rbp
	adox rax, rbx
	add rcx, r11
	adcx r9, rax
	mov rax, 0xfffffffffff
	and r8, rax
	mov r11, rcx
	shrd r11, r9, 0x2b
	lea r11, qword ptr [r11 + 4 * r11]
	add r8, r11
	and rax, r8
	mov qword ptr [rdi], rax
	shr r8, 0x2c
	mov rax, 0x7ffffffffff
	and r10, rax
	lea r8, qword ptr [r8 + 1 * r10]
	mov r9, r8
	and r9, rax
	mov qword ptr [rdi + 0x8], r9
	and rax, rcx
	shr r8, 0x2b
	add rax, r8
	mov qword ptr [rdi + 0x10], rax
	mov rbx, qword ptr [rsp - 0x8]
	mov rbp, qword ptr [rsp - 0x10]
	ret
.size fiat_poly1305_carry_square, .-fiat_poly1305_carry_square
.section .note.GNU-stack,"",@progbits
