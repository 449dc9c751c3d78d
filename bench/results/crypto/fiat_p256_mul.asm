SECTION .text
	GLOBAL fiat_p256_mul
fiat_p256_mul:
mov [rsp - 0x38], rbx
mov [rsp - 0x40], rbp
mov [rsp - 0x48], r12
mov [rsp - 0x50], r13
mov [rsp - 0x58], r14
mov [rsp - 0x60], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx]
mulx r9, r10, [rcx + 0x18]
mulx r11, rbx, [rcx + 0x8]
mulx rbp, r12, [rcx + 0x10]
mov rdx, 0xffffffffffffffff
mulx r13, r14, r8
add rax, rbx
mov rdx, [rcx]
mulx rbx, r15, [rsi + 0x10]
adcx r11, r12
mov [rsp - 0x8], r15
mulx r12, r15, [rsi + 0x8]
adcx rbp, r10
mov r10, 0x0
adcx r9, r10
mov rdx, 0xffffffff
mov [rsp - 0x10], rbx
mov [rsp - 0x18], r15
mulx rbx, r15, r8
test al, al
adox r13, r15
mov rdx, [rcx + 0x10]
mov [rsp - 0x20], r9
mulx r15, r9, [rsi + 0x8]
adox rbx, r10
mov rdx, [rsi + 0x8]
mov [rsp - 0x28], r15
mulx r10, r15, [rcx + 0x8]
test al, al
adox r14, r8
clc
adcx r12, r15
mov rdx, 0xffffffff00000001
mulx r14, r15, r8
adox rax, r13
adox r11, rbx
adox rbp, r15
adox r14, [rsp - 0x20]
mov rdx, [rcx + 0x18]
mulx r8, rbx, [rsi + 0x8]
adcx r10, r9
mov r9, 0x0
seto r9b
adcx rbx, [rsp - 0x28]
mov r13, 0x0
adcx r8, r13
test al, al
adox rax, [rsp - 0x18]
adox r11, r12
adox rbp, r10
adox r14, rbx
adox r9, r8
mov rdx, rax
mov r8, 0xffffffff
mulx r10, rbx, r8
mov r12, 0x0
seto r12b
mov rdx, [rcx + 0x18]
mulx r15, r8, [rsi + 0x10]
mov rdx, 0xffffffffffffffff
mov [rsp - 0x18], r15
mulx r13, r15, rax
test al, al
adox r15, rax
clc
adcx r13, rbx
mov rdx, [rcx + 0x10]
mulx rbx, r15, [rsi + 0x10]
mov rdx, [rcx + 0x8]
mov [rsp - 0x28], r12
mov [rsp - 0x20], rbx
mulx r12, rbx, [rsi + 0x10]
mov rdx, 0x0
adcx r10, rdx
adox r11, r13
mov rdx, 0xffffffff00000001
mov [rsp - 0x30], r11
mulx r13, r11, rax
adox rbp, r10
clc
adcx rbx, [rsp - 0x10]
adox r14, r11
adox r9, r13
adcx r12, r15
adcx r8, [rsp - 0x20]
mov rax, [rsp - 0x30]
mov r10, 0x0
setc r10b
clc
adcx rax, [rsp - 0x8]
adcx rbp, rbx
adcx r14, r12
mov rdx, rax
mov r11, 0xffffffffffffffff
mulx rbx, r12, r11
mov r13, 0xffffffff
mulx r15, r11, r13
mov r13, 0xffffffff00000001
mov [rsp - 0x8], r14
mov [rsp - 0x30], rbp
mulx r14, rbp, r13
adcx r9, r8
mov r8, [rsp - 0x28]
mov r13, 0x0
adox r8, r13
mov rdx, [rsi + 0x18]
mov [rsp - 0x28], r14
mov [rsp - 0x20], rbp
mulx r14, rbp, [rcx]
mov rdx, [rsp - 0x18]
mov [rsp - 0x10], r14
mov r14, 0x0
setc r14b
bt r10, 0x0
adcx rdx, r13
bt r14, 0x0
adcx r8, rdx
mov r10, 0x0
setc r10b
add rbx, r11
adcx r15, r13
add rax, r12
adcx rbx, [rsp - 0x30]
adcx r15, [rsp - 0x8]
adcx r9, [rsp - 0x20]
adcx r8, [rsp - 0x28]
mov rdx, [rcx + 0x10]
mulx rax, r11, [rsi + 0x18]
adcx r10, r13
test al, al
adox rbx, rbp
mov rdx, [rcx + 0x8]
mulx rbp, r12, [rsi + 0x18]
mov rdx, [rsi + 0x18]
mulx r14, r13, [rcx + 0x18]
clc
adcx r12, [rsp - 0x10]
adcx rbp, r11
mov rdx, rbx
mov r11, 0xffffffffffffffff
mulx rsi, rcx, r11
adox r15, r12
adcx rax, r13
adox r9, rbp
mov rbp, 0xffffffff
mulx r12, r13, rbp
mov rbp, 0x0
adcx r14, rbp
adox r8, rax
clc
adcx rsi, r13
adox r10, r14
adcx r12, rbp
clc
adcx rcx, rbx
adcx r15, rsi
adcx r9, r12
mov rax, 0xffffffff00000001
mulx rsi, rcx, rax
adcx r8, rcx
adcx r10, rsi
mov rdx, 0x0
seto dl
adcx rdx, rbp
mov rsi, r15
sub rsi, r11
mov r11, r9
mov rcx, 0xffffffff
sbb r11, rcx
mov rcx, r8
sbb rcx, rbp
mov rbx, r10
sbb rbx, rax
sbb rdx, rbp
cmovc rcx, r8
mov [rdi + 0x10], rcx
cmovc rsi, r15
mov [rdi], rsi
cmovc r11, r9
mov [rdi + 0x8], r11
cmovc rbx, r10
mov [rdi + 0x18], rbx
mov rbx, [rsp - 0x38]
mov rbp, [rsp - 0x40]
mov r12, [rsp - 0x48]
mov r13, [rsp - 0x50]
mov r14, [rsp - 0x58]
mov r15, [rsp - 0x60]
ret
