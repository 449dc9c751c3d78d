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
mov rdx, [rcx + 0x8]
mulx rax, r8, [rsi + 0x8]
mov r9, [rcx + 0x18]
lea r10, [r9 + 8 * r9]
lea r10, [r9 + 2 * r10]
imul r11, [rcx + 0x10], 0x13
imul rdx, rdx, 0x13
imul r9, [rcx + 0x20], 0x13
mulx rbx, rbp, [rsi + 0x20]
mov rdx, r11
mulx r12, r13, [rsi + 0x18]
add r13, rbp
mulx rbp, r14, [rsi + 0x20]
adcx r12, rbx
mov rdx, [rsi + 0x10]
mulx r11, rbx, r10
mov rdx, r9
mov [rsp - 0x8], rax
mulx r15, rax, [rsi + 0x8]
add rbx, r13
adcx r11, r12
mov rdx, [rsi + 0x18]
mulx r12, r13, r10
add rax, rbx
mov rdx, [rcx]
mov [rsp - 0x10], r10
mulx rbx, r10, [rsi]
mov [rsp - 0x18], r8
mov [rsp - 0x20], r9
mulx r8, r9, [rsi + 0x10]
adcx r15, r11
test al, al
adox r10, rax
mulx rax, r11, [rsi + 0x20]
adox rbx, r15
mov [rsp - 0x28], rax
mulx r15, rax, [rsi + 0x18]
mov [rsp - 0x30], r11
mov r11, 0x33
mov [rsp - 0x38], r15
bzhi r15, r10, r11
mov [rsp - 0x40], r15
mulx r11, r15, [rsi + 0x8]
test al, al
adox r13, r14
adox r12, rbp
mov rdx, [rsp - 0x20]
mulx rbp, r14, [rsi + 0x10]
add r14, r13
adcx rbp, r12
shrd r10, rbx, 0x33
mulx rbx, r12, [rsi + 0x18]
test al, al
adox r15, r14
mov rdx, [rsi]
mulx r13, r14, [rcx + 0x8]
adox r11, rbp
mov [rsp - 0x48], rax
mulx rbp, rax, [rcx + 0x18]
add r14, r15
adcx r13, r11
mulx r11, r15, [rcx + 0x10]
add r10, r14
adc r13, 0x0
mov rdx, [rsi + 0x20]
mov [rsp - 0x50], rbp
mulx r14, rbp, [rsp - 0x20]
test al, al
adox r12, [rsp - 0x18]
clc
adcx r12, r9
mov [rsp - 0x18], rax
mulx r9, rax, [rsp - 0x10]
adox rbx, [rsp - 0x8]
adcx rbx, r8
add r12, r15
adcx rbx, r11
add r12, rax
adcx rbx, r9
mov rax, r10
shrd rax, r13, 0x33
mov rdx, [rcx + 0x8]
mulx r8, r9, [rsi + 0x18]
mulx r11, r13, [rsi + 0x10]
add r12, rax
mov rax, 0x0
adcx rbx, rax
add rbp, [rsp - 0x48]
mov rdx, [rsi + 0x8]
mulx r15, rax, [rcx + 0x10]
adcx r14, [rsp - 0x38]
mov rdx, r12
shrd rdx, rbx, 0x33
mov rbx, 0x7ffffffffffff
and r12, rbx
add r13, rbp
adcx r11, r14
add rax, r13
adcx r15, r11
add rax, [rsp - 0x18]
adcx r15, [rsp - 0x50]
add rdx, rax
adc r15, 0x0
mov r11, rdx
mov rdx, [rcx + 0x10]
mulx rax, rbp, [rsi + 0x10]
mov rdx, r11
shrd rdx, r15, 0x33
and r10, rbx
mov r13, rdx
mov rdx, [rcx + 0x20]
mulx r14, r15, [rsi]
and r11, rbx
add r13, r15
adc r14, 0x0
add r13, [rsp - 0x30]
adcx r14, [rsp - 0x28]
mov rdx, [rcx + 0x18]
mulx r15, rbx, [rsi + 0x8]
mov [rdi + 0x18], r11
add r9, rbx
adcx r8, r15
add r9, rbp
adcx r8, rax
add r13, r9
adcx r14, r8
mov rax, 0x33
bzhi r8, r13, rax
mov [rdi + 0x20], r8
shrd r13, r14, 0x33
imul r13, r13, 0x13
add r13, [rsp - 0x40]
mov rax, r13
shr rax, 0x33
mov r8, 0x7ffffffffffff
and r13, r8
mov [rdi], r13
lea rax, [rax + 1 * r10]
mov r9, rax
shr r9, 0x33
and rax, r8
mov [rdi + 0x8], rax
add r9, r12
mov [rdi + 0x10], r9
mov rbx, [rsp - 0x58]
mov rbp, [rsp - 0x60]
mov r12, [rsp - 0x68]
mov r13, [rsp - 0x70]
mov r14, [rsp - 0x78]
mov r15, [rsp - 0x80]
ret
