SECTION .text
	GLOBAL fiat_p256_mul
fiat_p256_mul:
mov [rsp - 0x30], rbx
mov [rsp - 0x38], rbp
mov [rsp - 0x40], r12
mov [rsp - 0x48], r13
mov [rsp - 0x50], r14
mov [rsp - 0x58], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx]
mulx r9, r10, [rcx + 0x10]
mov rdx, [rcx]
mulx r11, rbx, [rsi + 0x8]
mov rdx, [rcx + 0x8]
mulx rbp, r12, [rsi]
mov rdx, [rcx + 0x18]
mulx r13, r14, [rsi]
test al, al
adox rax, r12
adox rbp, r10
adox r9, r14
mov rdx, 0xffffffffffffffff
mulx r10, r12, r8
mov r14, 0x0
adox r13, r14
mov rdx, 0xffffffff
mov [rsp - 0x8], rbx
mulx r15, rbx, r8
add r10, rbx
adcx r15, r14
mov rdx, [rcx + 0x10]
mulx rbx, r14, [rsi + 0x8]
add r12, r8
adcx rax, r10
adcx rbp, r15
mov rdx, r8
mov r10, 0xffffffff00000001
mulx r12, r15, r10
adcx r9, r15
mov rdx, [rsi + 0x8]
mulx r8, r15, [rcx + 0x8]
adcx r13, r12
mov r12, 0x0
setc r12b
add r11, r15
adcx r8, r14
mulx r14, r15, [rcx + 0x18]
adcx rbx, r15
adc r14, 0x0
add rax, [rsp - 0x8]
adcx rbp, r11
adcx r9, r8
mov rdx, 0xffffffff
mulx r8, r11, rax
adcx r13, rbx
mov rdx, 0xffffffffffffffff
mulx rbx, r15, rax
adcx r12, r14
mov rdx, 0xffffffff00000001
mov [rsp - 0x8], r12
mulx r14, r12, rax
mov r10, 0x0
setc r10b
test al, al
adox rax, r15
clc
adcx rbx, r11
mov rax, 0x0
adcx r8, rax
adox rbp, rbx
adox r9, r8
adox r13, r12
mov rdx, [rcx + 0x8]
mulx r8, r11, [rsi + 0x10]
mov rdx, [rcx]
mulx rbx, r12, [rsi + 0x10]
mov rdx, [rcx + 0x10]
mulx r15, rax, [rsi + 0x10]
clc
adcx rbx, r11
adox r14, [rsp - 0x8]
mov [rsp - 0x8], r10
mulx r11, r10, [rsi + 0x18]
mov rdx, [rsi + 0x10]
mov [rsp - 0x10], r11
mov [rsp - 0x18], r10
mulx r11, r10, [rcx + 0x18]
adcx r8, rax
adcx r15, r10
mov rax, 0x0
adcx r11, rax
clc
adcx rbp, r12
mov rdx, 0xffffffff
mulx r10, r12, rbp
mov rdx, rbp
mov rax, 0xffffffffffffffff
mov [rsp - 0x20], r11
mov [rsp - 0x28], r10
mulx r11, r10, rax
adcx r9, rbx
adcx r13, r8
adcx r14, r15
mov r8, 0xffffffff00000001
mulx rbx, r15, r8
mov r8, 0x0
setc r8b
clc
adcx r11, r12
mov r12, [rsp - 0x28]
mov rax, 0x0
adcx r12, rax
mov [rsp - 0x28], rbx
mov rbx, [rsp - 0x8]
adox rbx, rax
bt r8, 0x0
adcx rbx, [rsp - 0x20]
mov r8, 0x0
setc r8b
add rbp, r10
mov rdx, [rcx]
mulx r10, rbp, [rsi + 0x18]
adcx r9, r11
adcx r13, r12
adcx r14, r15
adcx rbx, [rsp - 0x28]
adcx r8, rax
mov rdx, [rsi + 0x18]
mulx r11, r12, [rcx + 0x8]
test al, al
adox r10, r12
mulx r12, r15, [rcx + 0x18]
clc
adcx r9, rbp
mov rdx, 0xffffffffffffffff
mulx rsi, rcx, r9
adox r11, [rsp - 0x18]
adox r15, [rsp - 0x10]
adcx r13, r10
adcx r14, r11
mov rdx, r9
mov r10, 0xffffffff
mulx r11, rbp, r10
adcx rbx, r15
adox r12, rax
adcx r8, r12
mov r12, 0x0
setc r12b
add rsi, rbp
adcx r11, rax
mov rbp, 0xffffffff00000001
mulx r15, r10, rbp
add r9, rcx
adcx r13, rsi
adcx r14, r11
adcx rbx, r10
adcx r8, r15
adcx r12, rax
mov r9, r13
sub r9, 0xffffffffffffffff
mov r10, r14
mov r11, 0xffffffff
sbb r10, r11
mov r11, rbx
sbb r11, rax
mov rdx, r8
sbb rdx, rbp
sbb r12, rax
cmovc rdx, r8
mov [rdi + 0x18], rdx
cmovc r9, r13
mov [rdi], r9
cmovc r11, rbx
mov [rdi + 0x10], r11
cmovc r10, r14
mov [rdi + 0x8], r10
mov rbx, [rsp - 0x30]
mov rbp, [rsp - 0x38]
mov r12, [rsp - 0x40]
mov r13, [rsp - 0x48]
mov r14, [rsp - 0x50]
mov r15, [rsp - 0x58]
ret
