SECTION .text
	GLOBAL fiat_curve25519_solinas_square
fiat_curve25519_solinas_square:
mov [rsp - 0x30], rbx
mov [rsp - 0x38], rbp
mov [rsp - 0x40], r12
mov [rsp - 0x48], r13
mov [rsp - 0x50], r14
mov [rsp - 0x58], r15
mov rdx, [rsi]
mulx rax, r8, [rsi + 0x18]
mulx r9, r10, [rsi + 0x8]
mulx r11, rcx, [rsi + 0x10]
mov rdx, [rsi + 0x10]
mulx rbx, rbp, rdx
test al, al
adox r9, rcx
mov rcx, r10
clc
adcx rcx, r10
mulx r10, r12, [rsi + 0x8]
adox r11, r8
mov rdx, [rsi + 0x8]
mulx r8, r13, rdx
mov r14, 0x0
setc r14b
clc
adcx r11, r12
mov rdx, [rsi]
mulx r12, r15, rdx
mov rdx, [rsi + 0x18]
mov [rsp - 0x8], r15
mov [rsp - 0x10], rbx
mulx r15, rbx, [rsi + 0x8]
mov [rsp - 0x18], rbp
mov [rsp - 0x20], r8
mulx rbp, r8, [rsi + 0x10]
adox rax, rbx
adcx rax, r10
adox r15, r8
mov r8, r9
mov r10, 0x0
setc r10b
mov rbx, 0x0
seto bl
bt r14, 0x0
adcx r8, r9
mov r9, 0x0
mov r14, 0x0
setc r14b
bt r10, 0x0
adcx r15, r9
mov r10, 0x0
setc r10b
bt rbx, 0x0
adcx rbp, r9
bt r10, 0x0
adcx rbp, r9
mov r10, 0x0
setc r10b
mov rbx, r10
mov [rsp - 0x28], r13
mov r13, r11
bt r14, 0x0
adcx r13, r11
mov r11, rax
adcx r11, rax
mov rax, r15
adcx rax, r15
mov r14, 0x0
setc r14b
add rcx, r12
mov r12, rbp
mov r15, 0x0
setc r15b
bt r14, 0x0
adcx r12, rbp
mulx rbp, r14, rdx
adcx rbx, r9
bt r10, 0x0
adcx rbx, r9
bt r15, 0x0
adcx r8, [rsp - 0x28]
adcx r13, [rsp - 0x20]
adcx r11, [rsp - 0x18]
adcx rax, [rsp - 0x10]
adcx r12, r14
mov rdx, 0x26
mulx r10, r14, r12
mulx r12, r15, r11
adcx rbx, rbp
mulx r11, rbp, rax
test al, al
adox r15, [rsp - 0x8]
clc
adcx rcx, rbp
adox rcx, r12
adcx r8, r14
mulx rax, rbp, rbx
adcx r13, rbp
adox r8, r11
adox r13, r10
adcx rax, r9
adox rax, r9
mulx r10, r11, rax
add r15, r11
adcx rcx, r9
mov [rdi + 0x8], rcx
adcx r8, r9
mov [rdi + 0x10], r8
adcx r13, r9
mov [rdi + 0x18], r13
cmovc r9, rdx
test al, al
adox r9, r15
mov [rdi], r9
mov rbx, [rsp - 0x30]
mov rbp, [rsp - 0x38]
mov r12, [rsp - 0x40]
mov r13, [rsp - 0x48]
mov r14, [rsp - 0x50]
mov r15, [rsp - 0x58]
ret
