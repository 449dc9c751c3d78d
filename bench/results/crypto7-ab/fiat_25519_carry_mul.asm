SECTION .text
	GLOBAL fiat_25519_carry_mul
fiat_25519_carry_mul:
mov [rsp - 0x58], rbx
mov [rsp - 0x60], rbp
mov [rsp - 0x68], r12
mov [rsp - 0x70], r13
mov [rsp - 0x78], r14
mov [rsp - 0x80], r15
mov rcx, rdx
imul rax, [rcx + 0x20], 0x13
mov rdx, [rsi + 0x8]
mulx r8, r9, rax
mov rdx, [rsi]
mulx r10, r11, [rcx + 0x10]
imul rdx, [rcx + 0x18], 0x13
mulx rbx, rbp, [rsi + 0x10]
mov r12, rdx
mov rdx, [rsi + 0x10]
mulx r13, r14, rax
mov rdx, [rcx]
mov [rsp - 0x8], r10
mulx r15, r10, [rsi]
test al, al
adox r9, rbp
adox r8, rbx
mov rdx, [rsi]
mulx rbx, rbp, [rcx + 0x8]
add r9, r10
mov r10, [rcx + 0x10]
lea rdx, [r10 + 8 * r10]
lea rdx, [r10 + 2 * rdx]
mov [rsp - 0x10], r11
mulx r10, r11, [rsi + 0x20]
mov [rsp - 0x18], rbx
mov rbx, [rcx + 0x8]
mov [rsp - 0x20], r10
lea r10, [rbx + 8 * rbx]
lea r10, [rbx + 2 * r10]
adcx r8, r15
mov r15, rdx
mov rdx, [rsi + 0x20]
mulx r10, rbx, r10
mov rdx, [rsi + 0x8]
mov [rsp - 0x28], rbp
mov [rsp - 0x30], r13
mulx rbp, r13, [rcx + 0x18]
mov rdx, [rsi + 0x18]
mov [rsp - 0x38], rbp
mov [rsp - 0x40], r13
mulx rbp, r13, r12
test al, al
adox r9, rbx
mulx rbx, r15, r15
mov rdx, [rcx]
mov [rsp - 0x48], r12
mov [rsp - 0x50], rbp
mulx r12, rbp, [rsi + 0x8]
clc
adcx r9, r15
adox r8, r10
adcx r8, rbx
xor r10, r10
adox r13, r14
mov rdx, rax
mulx r10, rbx, [rsi + 0x18]
mov r14, [rsp - 0x50]
adox r14, [rsp - 0x30]
mov r15, r9
shrd r15, r8, 0x33
xor r8, r8
adox r13, r11
clc
adcx r13, [rsp - 0x28]
adox r14, [rsp - 0x20]
mov rdx, [rsi + 0x18]
mulx r8, r11, [rcx]
adcx r14, [rsp - 0x18]
mov rdx, [rsi + 0x8]
mov [rsp - 0x18], r9
mov [rsp - 0x20], r10
mulx r9, r10, [rcx + 0x8]
add r13, rbp
adcx r14, r12
xor rbp, rbp
adox r13, r15
mov rdx, rax
mulx rbp, r12, [rsi + 0x20]
clc
adcx r11, r12
adcx r8, rbp
mov rax, 0x0
adox r14, rax
mov rdx, 0x33
bzhi rbp, r13, rdx
mov rdx, [rsi + 0x10]
mulx r12, r15, [rcx]
test al, al
adox r15, rbx
adox r12, [rsp - 0x20]
mov rdx, [rsi + 0x20]
mulx rbx, rax, [rsp - 0x48]
shrd r13, r14, 0x33
add r15, rax
adcx r12, rbx
add r15, [rsp - 0x10]
mov rdx, [rsi + 0x10]
mulx rax, rbx, [rcx + 0x10]
adcx r12, [rsp - 0x8]
add r13, r10
adc r9, 0x0
add r13, r15
mov rdx, [rsi + 0x8]
mulx r10, r14, [rcx + 0x10]
adcx r9, r12
add r11, r14
adcx r8, r10
mov r10, 0x33
bzhi rdx, r13, r10
shrd r13, r9, 0x33
mov r9, 0x33
bzhi r10, [rsp - 0x18], r9
mov r9, rdx
mov rdx, [rsi + 0x10]
mulx r12, r14, [rcx + 0x8]
add r11, r14
adcx r8, r12
mov rdx, [rsi]
mulx r12, r14, [rcx + 0x18]
add r13, r14
adc r12, 0x0
add r11, r13
adcx r8, r12
mov r12, 0x33
bzhi r13, r11, r12
shrd r11, r8, 0x33
mulx r8, r12, [rcx + 0x20]
add r12, r11
adc r8, 0x0
add r12, [rsp - 0x40]
adcx r8, [rsp - 0x38]
mov rdx, [rcx + 0x8]
mulx r11, r14, [rsi + 0x18]
mov [rdi + 0x18], r13
mov rdx, [rsi + 0x20]
mulx r13, r15, [rcx]
add r14, r15
adcx r11, r13
add r14, rbx
adcx r11, rax
add r14, r12
adcx r11, r8
mov rax, 0x33
bzhi r8, r14, rax
mov [rdi + 0x20], r8
shrd r14, r11, 0x33
imul r14, r14, 0x13
add r10, r14
mov rax, r10
shr rax, 0x33
mov r8, 0x7ffffffffffff
and r10, r8
mov [rdi], r10
add rax, rbp
mov r10, rax
shr r10, 0x33
and rax, r8
mov [rdi + 0x8], rax
add r10, r9
mov [rdi + 0x10], r10
mov rbx, [rsp - 0x58]
mov rbp, [rsp - 0x60]
mov r12, [rsp - 0x68]
mov r13, [rsp - 0x70]
mov r14, [rsp - 0x78]
mov r15, [rsp - 0x80]
ret
