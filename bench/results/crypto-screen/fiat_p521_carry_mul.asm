SECTION .text
	GLOBAL fiat_p521_carry_mul
fiat_p521_carry_mul:
sub rsp, 0xe0
mov [rsp + 0x28], rbx
mov [rsp + 0x20], rbp
mov [rsp + 0x18], r12
mov [rsp + 0x10], r13
mov [rsp + 0x8], r14
mov [rsp], r15
mov rcx, rdx
mov rax, [rcx + 0x30]
lea rax, [rax + 1 * rax]
mov rdx, rax
mulx r8, r9, [rsi + 0x18]
mov r10, [rcx + 0x20]
lea r10, [r10 + 1 * r10]
mov rdx, [rsi + 0x28]
mulx r11, rbx, r10
add r9, rbx
adcx r8, r11
mov rdx, [rsi]
mulx r11, rbx, [rcx]
add r9, rbx
adcx r8, r11
mov r11, [rcx + 0x18]
lea r11, [r11 + 1 * r11]
mov rdx, [rsi + 0x30]
mulx rbx, rbp, r11
add r9, rbp
adcx r8, rbx
mov rbx, [rcx + 0x8]
lea rbx, [rbx + 1 * rbx]
mov rdx, [rsi + 0x40]
mulx rbx, rbp, rbx
add r9, rbp
adcx r8, rbx
mov rbx, 0x1
shlx rbp, [rcx + 0x38], rbx
mov rdx, rbp
mulx rbx, r12, [rsi + 0x10]
add r9, r12
adcx r8, rbx
mov rbx, [rcx + 0x28]
lea rbx, [rbx + 1 * rbx]
mov rdx, [rsi + 0x20]
mulx r12, r13, rbx
test al, al
adox r9, r13
adox r8, r12
mov r12, [rcx + 0x10]
lea r12, [r12 + 1 * r12]
mov rdx, r12
mulx r13, r14, [rsi + 0x38]
add r9, r14
adcx r8, r13
mov r13, [rcx + 0x40]
lea r13, [r13 + 1 * r13]
mov rdx, [rsi + 0x8]
mulx r14, r15, r13
test al, al
adox r9, r15
adox r8, r14
mov r14, 0x3a
bzhi r15, r9, r14
mov rdx, rbp
mov [rsp + 0xd8], r15
mulx r14, r15, [rsi + 0x38]
mov rdx, [rsi + 0x10]
mov [rsp + 0xd0], r14
mov [rsp + 0xc8], r15
mulx r14, r15, [rcx + 0x28]
mov rdx, [rsi + 0x8]
mov [rsp + 0xc0], r12
mov [rsp + 0xb8], r11
mulx r12, r11, [rcx + 0x30]
test al, al
adox r15, r11
adox r14, r12
mov rdx, [rsi + 0x18]
mulx r11, r12, [rcx + 0x20]
mov rdx, [rcx + 0x18]
mov [rsp + 0xb0], r11
mov [rsp + 0xa8], r12
mulx r11, r12, [rsi + 0x10]
mov rdx, [rsi]
mov [rsp + 0xa0], r14
mov [rsp + 0x98], r15
mulx r14, r15, [rcx + 0x28]
test al, al
adox r12, r15
mov rdx, [rsi + 0x8]
mov [rsp + 0x90], r13
mulx r15, r13, [rcx]
adox r11, r14
mov rdx, [rsi + 0x18]
mov [rsp + 0x88], r15
mulx r14, r15, [rcx + 0x10]
add r12, r15
adcx r11, r14
mov rdx, [rsi + 0x8]
mulx r14, r15, [rcx + 0x8]
mov rdx, rax
mov [rsp + 0x80], r14
mov [rsp + 0x78], r15
mulx r14, r15, [rsi + 0x40]
add r12, r15
adcx r11, r14
shrd r9, r8, 0x3a
mov rdx, [rsi + 0x30]
mulx r14, r15, r10
mov rdx, [rsi + 0x28]
mov [rsp + 0x70], r11
mov [rsp + 0x68], r12
mulx r11, r12, rbx
mov rdx, [rsi + 0x20]
mov [rsp + 0x60], r10
mov [rsp + 0x58], rbx
mulx r10, rbx, rbp
shr r8, 0x3a
add r9, r15
adcx r8, r14
add r9, r12
mov rdx, [rsi + 0x10]
mulx r12, r14, [rsp + 0x90]
adcx r8, r11
add r9, r14
mov rdx, [rsi]
mulx r11, r14, [rcx + 0x8]
mov rdx, [rsi + 0x18]
mov [rsp + 0x50], r10
mulx r15, r10, rbp
adcx r8, r12
add r14, r10
adcx r11, r15
add r14, r13
adcx r11, [rsp + 0x88]
mov rdx, [rsp + 0xb8]
mulx r10, r12, [rsi + 0x38]
add r14, r12
adcx r11, r10
mov rdx, [rsi + 0x40]
mulx r10, r12, [rsp + 0xc0]
test al, al
adox r14, r12
mov rdx, [rsi + 0x20]
mulx r12, r13, rax
adox r11, r10
add r14, r13
adcx r11, r12
mov rdx, [rsi + 0x10]
mulx r10, r12, [rcx + 0x8]
add r9, r14
adcx r8, r11
mov r11, r9
shrd r11, r8, 0x3a
shr r8, 0x3a
add r11, [rsp + 0x78]
mov rdx, [rsi + 0x30]
mulx r13, r14, [rsp + 0x58]
adcx r8, [rsp + 0x80]
add r11, r14
mov rdx, [rsi + 0x40]
mulx r14, r15, [rsp + 0xb8]
adcx r8, r13
add r11, r15
mov rdx, [rsi]
mulx r13, r15, [rcx + 0x10]
mov rdx, [rsi + 0x18]
mov [rsp + 0xb8], r9
mov [rsp + 0x80], r10
mulx r9, r10, [rsp + 0x90]
adcx r8, r14
add r11, r10
adcx r8, r9
add r11, rbx
adcx r8, [rsp + 0x50]
add r11, r15
mov rdx, [rsi + 0x28]
mulx r9, r10, rax
adcx r8, r13
add r11, r10
mov rdx, [rsi + 0x10]
mulx r10, rbx, [rcx]
adcx r8, r9
add r11, rbx
mov rdx, [rsi + 0x38]
mulx r9, rbx, [rsp + 0x60]
adcx r8, r10
add r11, rbx
adcx r8, r9
mov r9, r11
shrd r9, r8, 0x3a
mov rdx, [rsi]
mulx r10, rbx, [rcx + 0x18]
mov rdx, [rsi + 0x8]
mulx r13, r14, [rcx + 0x10]
mov rdx, [rcx]
mov [rsp + 0x50], r11
mulx r15, r11, [rsi + 0x18]
mov rdx, [rsp + 0x90]
mov [rsp + 0x78], r8
mov [rsp + 0xc0], r15
mulx r8, r15, [rsi + 0x20]
mov rdx, rbp
mov [rsp + 0x88], r9
mov [rsp + 0x48], r8
mulx r9, r8, [rsi + 0x28]
mov rdx, rax
mov [rsp + 0x40], rbp
mov [rsp + 0x38], r11
mulx rbp, r11, [rsi + 0x30]
add r11, r14
mov rdx, [rsi + 0x38]
mov [rsp + 0x30], rax
mulx r14, rax, [rsp + 0x58]
adcx rbp, r13
add r11, rbx
adcx rbp, r10
add r11, r8
mov rdx, [rsp + 0x60]
mulx r8, r10, [rsi + 0x40]
adcx rbp, r9
add r11, rax
adcx rbp, r14
add r11, r12
adcx rbp, [rsp + 0x80]
add r10, r15
adcx r8, [rsp + 0x48]
add r11, [rsp + 0x38]
adcx rbp, [rsp + 0xc0]
mov rax, [rsp + 0x78]
shr rax, 0x3a
add r10, [rsp + 0x88]
adcx r8, rax
add r11, r10
adcx rbp, r8
mov rax, 0x3a
bzhi r8, r11, rax
shrd r11, rbp, 0x3a
shr rbp, 0x3a
mov rdx, [rsi]
mulx rax, r9, [rcx + 0x20]
mov rdx, [rsi + 0x8]
mulx r10, rbx, [rcx + 0x18]
mov rdx, [rcx + 0x10]
mulx r12, r13, [rsi + 0x10]
mov rdx, [rcx + 0x8]
mulx r14, r15, [rsi + 0x18]
mov rdx, [rsi + 0x20]
mov [rsp + 0x88], r8
vmovq xmm0, r10
mulx r8, r10, [rcx]
mov rdx, [rsi + 0x28]
vmovq xmm1, rbx
mov [rsp + 0x78], rax
mulx rbx, rax, [rsp + 0x90]
mov rdx, [rsi + 0x30]
mov [rsp + 0xc0], rbx
mov [rsp + 0x38], rax
mulx rbx, rax, [rsp + 0x40]
add rax, r10
mov rdx, [rsp + 0x30]
mov [rsp + 0x48], r9
mulx r10, r9, [rsi + 0x38]
adcx rbx, r8
add rax, r13
adcx rbx, r12
add rax, r9
mov rdx, [rsi + 0x40]
mulx r8, r9, [rsp + 0x58]
adcx rbx, r10
add rax, r15
adcx rbx, r14
add rax, r11
adcx rbx, rbp
add rax, [rsp + 0x48]
adcx rbx, [rsp + 0x78]
add rax, r9
adcx rbx, r8
vmovq r8, xmm1
add rax, r8
vmovq r8, xmm0
adcx rbx, r8
add rax, [rsp + 0x38]
adcx rbx, [rsp + 0xc0]
mov r8, 0x3a
bzhi r9, rax, r8
mov rdx, [rcx + 0x38]
mulx r8, r10, [rsi]
shrd rax, rbx, 0x3a
shr rbx, 0x3a
add rax, [rsp + 0x68]
adcx rbx, [rsp + 0x70]
mov rdx, [rsi + 0x28]
mulx r11, rbp, [rcx]
mov rdx, [rsi + 0x30]
mulx r12, r13, [rsp + 0x90]
add rbp, r13
adcx r11, r12
mov rdx, [rsi + 0x8]
mulx r12, r13, [rcx + 0x20]
add rbp, r13
adcx r11, r12
add rbp, [rsp + 0xc8]
adcx r11, [rsp + 0xd0]
mov rdx, [rsi + 0x20]
mulx r12, r13, [rcx + 0x8]
add rbp, r13
adcx r11, r12
add rax, rbp
adcx rbx, r11
mov r11, 0x3a
bzhi rbp, rax, r11
shrd rax, rbx, 0x3a
shr rbx, 0x3a
mov rdx, [rsi]
mulx r11, r12, [rcx + 0x30]
mov rdx, [rsi + 0x8]
mulx r13, r14, [rcx + 0x28]
add r12, r14
mov rdx, [rsi + 0x10]
mulx r14, r15, [rcx + 0x20]
adcx r11, r13
mov rdx, [rsi + 0x18]
mov [rsp + 0xd0], rbp
mulx r13, rbp, [rcx + 0x18]
mov rdx, [rsi + 0x20]
mov [rsp + 0xc8], r9
mov [rsp + 0x70], r8
mulx r9, r8, [rcx + 0x10]
mov rdx, [rcx + 0x8]
mov [rsp + 0x68], r10
mov [rsp + 0xc0], r14
mulx r10, r14, [rsi + 0x28]
mov rdx, [rsi + 0x30]
mov [rsp + 0x38], r15
mov [rsp + 0x78], r10
mulx r15, r10, [rcx]
mov rdx, [rsi + 0x38]
mov [rsp + 0x48], r14
mov [rsp + 0x58], rbx
mulx r14, rbx, [rsp + 0x90]
add r12, rbx
mov rdx, [rsi + 0x40]
mov [rsp + 0x30], rax
mulx rbx, rax, [rsp + 0x40]
adcx r11, r14
add r12, r10
adcx r11, r15
add rax, r8
adcx rbx, r9
add r12, rbp
adcx r11, r13
add r12, [rsp + 0x30]
adcx r11, [rsp + 0x58]
add r12, [rsp + 0x48]
adcx r11, [rsp + 0x78]
add r12, [rsp + 0x38]
adcx r11, [rsp + 0xc0]
add rax, r12
adcx rbx, r11
mov r8, 0x3a
bzhi r9, rax, r8
shrd rax, rbx, 0x3a
shr rbx, 0x3a
add rax, [rsp + 0x98]
adcx rbx, [rsp + 0xa0]
add rax, [rsp + 0xa8]
adcx rbx, [rsp + 0xb0]
mov rdx, [rcx + 0x8]
mulx r8, r10, [rsi + 0x30]
add rax, r10
adcx rbx, r8
mov rdx, [rcx + 0x10]
mulx r8, r10, [rsi + 0x28]
add rax, r10
mov rdx, [rsi + 0x20]
mulx r10, r11, [rcx + 0x18]
adcx rbx, r8
add rax, r11
adcx rbx, r10
mov rdx, [rsi + 0x40]
mulx r8, r10, [rsp + 0x90]
add rax, r10
adcx rbx, r8
add rax, [rsp + 0x68]
adcx rbx, [rsp + 0x70]
mov rdx, [rcx]
mulx r8, r10, [rsi + 0x38]
add rax, r10
adcx rbx, r8
mov r8, 0x3a
bzhi r10, rax, r8
shrd rax, rbx, 0x3a
shr rbx, 0x3a
mov rdx, [rsi]
mulx r8, r11, [rcx + 0x40]
mov rdx, [rsi + 0x8]
mulx rbp, r12, [rcx + 0x38]
mov rdx, [rcx + 0x30]
mulx r13, r14, [rsi + 0x10]
mov rdx, [rsi + 0x18]
mov [rsp + 0x70], r10
mulx r15, r10, [rcx + 0x28]
mov rdx, [rsi + 0x20]
mov [rsp + 0x68], r9
mov [rsp + 0x90], rbx
mulx r9, rbx, [rcx + 0x20]
mov rdx, [rsp + 0xc8]
mov [rdi + 0x20], rdx
mov rdx, [rcx + 0x18]
mov [rsp + 0xc8], r8
mov [rsp + 0xb0], rbp
mulx r8, rbp, [rsi + 0x28]
mov rdx, [rsp + 0x88]
mov [rdi + 0x18], rdx
mov rdx, [rsp + 0xd0]
mov [rdi + 0x28], rdx
mov rdx, [rsi + 0x30]
mov [rsp + 0xd0], rax
mov [rsp + 0x88], r11
mulx rax, r11, [rcx + 0x10]
mov rdx, [rsp + 0x68]
mov [rdi + 0x30], rdx
mov rdx, [rcx + 0x8]
mov [rsp + 0x68], r12
mov [rsp + 0xa8], r13
mulx r12, r13, [rsi + 0x38]
mov rdx, [rsp + 0x70]
mov [rdi + 0x38], rdx
mov rdx, [rsi + 0x40]
mov [rsp + 0x70], r14
mov [rsp + 0xa0], r15
mulx r14, r15, [rcx]
add r13, r15
adcx r12, r14
add r11, r13
adcx rax, r12
add rbp, r11
adcx r8, rax
add rbx, rbp
adcx r9, r8
add r10, rbx
adcx r9, [rsp + 0xa0]
add r10, [rsp + 0x70]
adcx r9, [rsp + 0xa8]
add r10, [rsp + 0x68]
adcx r9, [rsp + 0xb0]
add r10, [rsp + 0x88]
adcx r9, [rsp + 0xc8]
add r10, [rsp + 0xd0]
adcx r9, [rsp + 0x90]
mov rax, r10
shrd rax, r9, 0x39
shr r9, 0x39
add rax, [rsp + 0xd8]
adc r9, 0x0
mov r8, 0x3a
bzhi r11, rax, r8
mov [rdi], r11
shrd rax, r9, 0x3a
mov r8, 0x3a
bzhi r9, [rsp + 0xb8], r8
add rax, r9
mov r8, rax
shr r8, 0x3a
mov r9, 0x3ffffffffffffff
and rax, r9
mov [rdi + 0x8], rax
and r9, [rsp + 0x50]
add r8, r9
mov [rdi + 0x10], r8
mov rax, 0x1ffffffffffffff
and r10, rax
mov [rdi + 0x40], r10
mov rbx, [rsp + 0x28]
mov rbp, [rsp + 0x20]
mov r12, [rsp + 0x18]
mov r13, [rsp + 0x10]
mov r14, [rsp + 0x8]
mov r15, [rsp]
add rsp, 0xe0
ret
