SECTION .text
	GLOBAL fiat_25519_carry_mul
fiat_25519_carry_mul:
mov [rsp - 0x28], rbx
mov [rsp - 0x30], rbp
mov [rsp - 0x38], r12
mov [rsp - 0x40], r13
mov [rsp - 0x48], r14
mov [rsp - 0x50], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx]
imul r9, [rcx + 0x20], 0x13
mov rdx, [rsi + 0x8]
mulx r10, r11, r9
imul rbx, [rcx + 0x18], 0x13
imul rbp, [rcx + 0x10], 0x13
mov rdx, rbp
mulx r12, r13, [rsi + 0x18]
imul r14, [rcx + 0x8], 0x13
mov rdx, [rsi + 0x20]
mov [rsp - 0x8], rbp
mulx r15, rbp, r14
mov rdx, [rsi + 0x10]
mov [rsp - 0x10], r9
mulx r14, r9, rbx
add r13, rbp
mov rbp, 0x0
setc bpl
add r9, r13
mov r13, 0x0
setc r13b
bt rbp, 0x0
adcx r12, r15
bt r13, 0x0
adcx r14, r12
add r11, r9
adcx r10, r14
add r8, r11
adcx rax, r10
mov r9, r8
mov r10, 0x7ffffffffffff
and r9, r10
shrd r8, rax, 0x33
mov rdx, [rsi]
mulx rax, r11, [rcx + 0x8]
mov rdx, [rsi + 0x8]
mulx rbp, r12, [rcx]
mov rdx, [rsi + 0x10]
mulx r13, r14, [rsp - 0x10]
mov rdx, [rsi + 0x18]
mulx r15, r10, rbx
mov rdx, [rsi + 0x20]
mov [rsp - 0x18], r9
mov [rsp - 0x20], rbx
mulx r9, rbx, [rsp - 0x8]
add r10, rbx
adcx r15, r9
add r14, r10
adcx r13, r15
add r12, r14
adcx rbp, r13
add r11, r12
adcx rax, rbp
add r8, r11
mov r9, 0x0
adcx rax, r9
mov r10, r8
shrd r10, rax, 0x33
mov rdx, [rsp - 0x10]
mulx rax, r11, [rsi + 0x18]
mov rdx, [rsi]
mulx rbx, rbp, [rcx + 0x10]
mov rdx, [rsi + 0x8]
mulx r12, r13, [rcx + 0x8]
mov rdx, [rsi + 0x10]
mulx r14, r15, [rcx]
mov rdx, [rsi + 0x20]
mov [rsp - 0x8], r8
mulx r8, r9, [rsp - 0x20]
add r11, r9
mov r9, 0x0
setc r9b
add r15, r11
mov r11, 0x0
setc r11b
bt r9, 0x0
adcx rax, r8
bt r11, 0x0
adcx r14, rax
add r13, r15
adcx r12, r14
add rbp, r13
adcx rbx, r12
test al, al
adox r10, rbp
mov rax, 0x0
adox rbx, rax
mov r8, r10
shrd r8, rbx, 0x33
mov rdx, [rcx + 0x18]
mulx r9, r11, [rsi]
mov rdx, [rsi + 0x8]
mulx rbx, rbp, [rcx + 0x10]
mov rdx, [rsi + 0x10]
mulx r12, r13, [rcx + 0x8]
mov rdx, [rsi + 0x18]
mulx r14, r15, [rcx]
mov rdx, [rsp - 0x10]
mov [rsp - 0x20], r10
mulx r10, rax, [rsi + 0x20]
test al, al
adox r15, rax
adox r14, r10
add r13, r15
adcx r12, r14
add rbp, r13
adcx rbx, r12
add r11, rbp
adcx r9, rbx
add r8, r11
mov rax, 0x0
adcx r9, rax
mov rdx, r8
shrd rdx, r9, 0x33
mov r9, rdx
mov rdx, [rsi]
mulx r10, r11, [rcx + 0x20]
mov rdx, [rsi + 0x8]
mulx rbx, rbp, [rcx + 0x18]
mov rdx, [rsi + 0x10]
mulx r12, r13, [rcx + 0x10]
mov rdx, [rcx + 0x8]
mulx r14, r15, [rsi + 0x18]
mov rdx, [rsi + 0x20]
mov [rsp - 0x10], r8
mulx r8, rax, [rcx]
add r15, rax
adcx r14, r8
add r13, r15
adcx r12, r14
add rbp, r13
adcx rbx, r12
add r11, rbp
adcx r10, rbx
add r9, r11
mov rax, 0x0
adcx r10, rax
mov rax, r9
shrd rax, r10, 0x33
imul rdx, rax, 0x13
add rdx, [rsp - 0x18]
mov rax, rdx
mov r8, 0x7ffffffffffff
and rax, r8
mov [rdi], rax
mov rax, [rsp - 0x8]
and rax, r8
and r9, r8
mov [rdi + 0x20], r9
shr rdx, 0x33
add rdx, rax
mov rax, rdx
and rax, r8
mov [rdi + 0x8], rax
shr rdx, 0x33
and rdx, 0x1
and rdx, 0x1
mov rax, [rsp - 0x20]
and rax, r8
and rdx, 0x1
and r8, [rsp - 0x10]
mov [rdi + 0x18], r8
add rdx, rax
mov [rdi + 0x10], rdx
mov rbx, [rsp - 0x28]
mov rbp, [rsp - 0x30]
mov r12, [rsp - 0x38]
mov r13, [rsp - 0x40]
mov r14, [rsp - 0x48]
mov r15, [rsp - 0x50]
ret
