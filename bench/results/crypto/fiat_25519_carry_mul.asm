SECTION .text
	GLOBAL fiat_25519_carry_mul
fiat_25519_carry_mul:
mov [rsp - 0x40], rbx
mov [rsp - 0x48], rbp
mov [rsp - 0x50], r12
mov [rsp - 0x58], r13
mov [rsp - 0x60], r14
mov [rsp - 0x68], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx]
imul r9, [rcx + 0x10], 0x13
imul r10, [rcx + 0x20], 0x13
mov rdx, r9
mulx r11, rbx, [rsi + 0x20]
imul rbp, [rcx + 0x8], 0x13
mulx r12, r13, [rsi + 0x18]
mov rdx, [rsi + 0x20]
mulx r9, r14, rbp
imul rbp, [rcx + 0x18], 0x13
mov rdx, [rsi + 0x8]
mov [rsp - 0x8], r11
mulx r15, r11, r10
mov [rsp - 0x10], rbx
mov [rsp - 0x18], r10
mulx rbx, r10, [rcx]
add r13, r14
mov rdx, [rsi + 0x10]
mov [rsp - 0x20], rbx
mulx r14, rbx, rbp
adcx r12, r9
add rbx, r13
adcx r14, r12
mov rdx, [rcx + 0x10]
mulx r9, r12, [rsi]
add r11, rbx
mov rdx, rbp
mulx rbx, r13, [rsi + 0x18]
mov rdx, [rsi]
mov [rsp - 0x28], r9
mov [rsp - 0x30], r12
mulx r9, r12, [rcx + 0x8]
adcx r15, r14
add r8, r11
adcx rax, r15
mov rdx, [rsi + 0x10]
mulx r11, r14, [rsp - 0x18]
mov rdx, [rsi + 0x18]
mov [rsp - 0x38], r9
mulx r15, r9, [rsp - 0x18]
add r13, [rsp - 0x10]
adcx rbx, [rsp - 0x8]
mov rdx, r8
shrd rdx, rax, 0x33
add r14, r13
adcx r11, rbx
add r10, r14
mov rbx, rdx
mov rdx, rbp
mulx rax, r13, [rsi + 0x20]
adcx r11, [rsp - 0x20]
add r12, r10
adcx r11, [rsp - 0x38]
test al, al
adox rbx, r12
mov r10, 0x0
adox r11, r10
mov rdx, [rsi + 0x10]
mulx rbp, r12, [rcx + 0x8]
mulx r14, r10, [rcx + 0x10]
mov rdx, rbx
shrd rdx, r11, 0x33
mov r11, rdx
mov rdx, [rsi + 0x8]
mov [rsp - 0x38], r14
mov [rsp - 0x20], r10
mulx r14, r10, [rcx + 0x8]
add r9, r13
adcx r15, rax
mov rdx, [rsi + 0x10]
mulx rax, r13, [rcx]
test al, al
adox r13, r9
adox rax, r15
add r10, r13
adcx r14, rax
mov rax, 0x7ffffffffffff
and rbx, rax
mov rdx, [rcx + 0x10]
mulx r9, r13, [rsi + 0x8]
test al, al
adox r10, [rsp - 0x30]
clc
adcx r11, r10
adox r14, [rsp - 0x28]
adc r14, 0x0
mov rdx, [rsp - 0x18]
mulx r10, r15, [rsi + 0x20]
add r15, r12
adcx r10, rbp
mov rdx, [rcx + 0x18]
mulx rbp, r12, [rsi]
add r13, r12
adcx r9, rbp
mov rbp, r11
shrd rbp, r14, 0x33
mov rdx, [rsi + 0x18]
mulx r12, r14, [rcx]
add r15, rbp
adc r10, 0x0
add r13, r14
adcx r9, r12
add r15, r13
adcx r10, r9
mov r9, r15
and r9, rax
shrd r15, r10, 0x33
mulx r10, rbp, [rcx + 0x8]
and r11, rax
and r8, rax
mov rdx, [rsi + 0x8]
mulx r12, r13, [rcx + 0x18]
mov [rdi + 0x18], r9
mov rdx, [rcx]
mulx r9, r14, [rsi + 0x20]
add rbp, r14
adcx r10, r9
add rbp, [rsp - 0x20]
adcx r10, [rsp - 0x38]
add r13, rbp
adcx r12, r10
mov rdx, [rsi]
mulx r9, r10, [rcx + 0x20]
add r10, r13
adcx r9, r12
add r15, r10
adc r9, 0x0
mov r10, 0x33
bzhi rdx, r15, r10
mov [rdi + 0x20], rdx
shrd r15, r9, 0x33
imul r9, r15, 0x13
add r8, r9
mov r9, r8
shr r9, 0x33
add r9, rbx
mov r10, r9
shr r10, 0x33
lea r10, [r10 + 1 * r11]
mov [rdi + 0x10], r10
and r9, rax
mov [rdi + 0x8], r9
and r8, rax
mov [rdi], r8
mov rbx, [rsp - 0x40]
mov rbp, [rsp - 0x48]
mov r12, [rsp - 0x50]
mov r13, [rsp - 0x58]
mov r14, [rsp - 0x60]
mov r15, [rsp - 0x68]
ret
