SECTION .text
	GLOBAL fiat_p256_mul
fiat_p256_mul:
mov [rsp - 0x58], rbx
mov [rsp - 0x60], rbp
mov [rsp - 0x68], r12
mov [rsp - 0x70], r13
mov [rsp - 0x78], r14
mov [rsp - 0x80], r15
mov rcx, rdx
mov rdx, [rcx]
mulx rax, r8, [rsi]
mov rdx, [rsi]
mulx r9, r10, [rcx + 0x8]
mov rdx, 0xffffffffffffffff
mulx r11, rbx, r8
test al, al
adox rax, r10
mov rdx, [rsi]
mulx r10, rbp, [rcx + 0x10]
adox r9, rbp
mov rdx, r8
mov rbp, 0xffffffff
mulx r12, r13, rbp
mov rdx, [rcx + 0x18]
mulx r14, r15, [rsi]
adox r10, r15
mov rdx, [rsi + 0x8]
mulx r15, rbp, [rcx + 0x10]
clc
adcx r11, r13
mov [rsp - 0x8], r15
mulx r13, r15, [rcx + 0x18]
mov [rsp - 0x10], r13
mov r13, 0x0
adox r14, r13
adcx r12, r13
mov rdx, [rcx + 0x18]
mov [rsp - 0x18], r14
mulx r14, r13, [rsi + 0x18]
mov rdx, [rcx + 0x8]
mov [rsp - 0x20], r14
mov [rsp - 0x28], r13
mulx r14, r13, [rsi + 0x8]
test al, al
adox rbx, r8
adox rax, r11
mov rdx, 0xffffffff00000001
mulx r11, rbx, r8
adox r9, r12
adox r10, rbx
mov rdx, [rsi + 0x8]
mulx r8, rbx, [rcx]
clc
adcx r8, r13
adcx r14, rbp
adcx r15, [rsp - 0x8]
mov rdx, [rsp - 0x10]
mov rbp, 0x0
adcx rdx, rbp
adox r11, [rsp - 0x18]
mov r12, 0x0
seto r12b
test al, al
adox rax, rbx
mov rbx, rdx
mov rdx, [rsi + 0x18]
mulx r13, rbp, [rcx]
mov [rsp - 0x18], r13
mov [rsp - 0x10], rbp
mulx r13, rbp, [rcx + 0x10]
mov rdx, 0xffffffffffffffff
mov [rsp - 0x8], r13
mov [rsp - 0x30], rbp
mulx r13, rbp, rax
adox r9, r8
mov rdx, rax
mov r8, 0xffffffff
mov [rsp - 0x38], r9
mov [rsp - 0x40], r13
mulx r9, r13, r8
adox r10, r14
mov rdx, 0xffffffff00000001
mulx r14, r8, rax
adox r11, r15
adox r12, rbx
clc
adcx rax, rbp
mov rax, 0x0
setc al
mov rbx, 0x0
seto bl
test al, al
adox r13, [rsp - 0x40]
mov rbp, 0x0
adox r9, rbp
mov rdx, [rsi + 0x10]
mulx r15, rbp, [rcx]
bt rax, 0x0
adcx r13, [rsp - 0x38]
adcx r10, r9
adcx r11, r8
adcx r12, r14
mov rax, 0x0
adcx rbx, rax
test al, al
adox r13, rbp
mulx r8, r9, [rcx + 0x10]
mulx rbp, r14, [rcx + 0x8]
clc
adcx r15, r14
adcx rbp, r9
mulx r9, r14, [rcx + 0x18]
mov rdx, r13
mov [rsp - 0x38], rbx
mov rbx, 0xffffffff
mov [rsp - 0x40], r12
mov [rsp - 0x48], rbp
mulx r12, rbp, rbx
adcx r8, r14
adox r10, r15
mov rdx, 0xffffffffffffffff
mulx r14, r15, r13
mov rdx, [rcx + 0x8]
mov [rsp - 0x50], r10
mulx rbx, r10, [rsi + 0x18]
adcx r9, rax
adox r11, [rsp - 0x48]
clc
adcx r14, rbp
adox r8, [rsp - 0x40]
adox r9, [rsp - 0x38]
adcx r12, rax
mov rdx, 0x0
seto dl
test al, al
adox r15, r13
adox r14, [rsp - 0x50]
clc
adcx r14, [rsp - 0x10]
mov rbp, rdx
mov rdx, 0xffffffff00000001
mov [rsp - 0x10], r14
mulx r15, r14, r13
adox r11, r12
adox r8, r14
adox r9, r15
mov r12, 0x0
setc r12b
clc
adcx r10, [rsp - 0x18]
adcx rbx, [rsp - 0x30]
adox rbp, rax
mov rdx, 0xffffffff
mulx r13, r14, [rsp - 0x10]
mov r15, 0x0
setc r15b
bt r12, 0x0
adcx r11, r10
mov r10, [rsp - 0x8]
mov r12, 0x0
setc r12b
bt r15, 0x0
adcx r10, [rsp - 0x28]
mov r15, [rsp - 0x20]
adcx r15, rax
mov rdx, [rsp - 0x10]
mov [rsp - 0x20], r11
mov r11, 0xffffffffffffffff
mov [rsp - 0x28], r13
mulx r13, rax, r11
bt r12, 0x0
adcx r8, rbx
adcx r9, r10
adcx rbp, r15
mov r10, 0x0
setc r10b
add rax, rdx
mov rax, 0x0
setc al
add r13, r14
mov rbx, 0xffffffff00000001
mulx r12, r14, rbx
mov rdx, [rsp - 0x28]
mov r15, 0x0
adcx rdx, r15
bt rax, 0x0
adcx r13, [rsp - 0x20]
adcx r8, rdx
adcx r9, r14
adcx rbp, r12
mov rax, r13
mov rdx, 0x0
setc dl
sub rax, r11
mov r11, r8
mov r12, 0xffffffff
sbb r11, r12
mov r12, r9
sbb r12, r15
mov r14, 0x0
setc r14b
bt rdx, 0x0
adcx r10, r15
mov rdx, rbp
bt r14, 0x0
sbb rdx, rbx
sbb r10, r15
cmovc rax, r13
mov [rdi], rax
cmovc rdx, rbp
mov [rdi + 0x18], rdx
cmovc r11, r8
mov [rdi + 0x8], r11
cmovc r12, r9
mov [rdi + 0x10], r12
mov rbx, [rsp - 0x58]
mov rbp, [rsp - 0x60]
mov r12, [rsp - 0x68]
mov r13, [rsp - 0x70]
mov r14, [rsp - 0x78]
mov r15, [rsp - 0x80]
ret
