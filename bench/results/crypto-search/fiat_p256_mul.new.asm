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
mov rdx, [rcx]
mulx rax, r8, [rsi]
mov rdx, [rcx + 0x10]
mulx r9, r10, [rsi]
mov rdx, [rsi]
mulx r11, rbx, [rcx + 0x18]
mulx rbp, r12, [rcx + 0x8]
add rax, r12
adcx rbp, r10
mov rdx, r8
mov r10, 0xffffffff
mulx r12, r13, r10
adcx r9, rbx
mov rbx, 0x0
adcx r11, rbx
mov rdx, [rcx + 0x8]
mulx r14, r15, [rsi + 0x18]
mov rdx, [rcx]
mov [rsp - 0x8], r14
mov [rsp - 0x10], r15
mulx r14, r15, [rsi + 0x10]
mov rdx, 0xffffffffffffffff
mov [rsp - 0x18], r15
mov [rsp - 0x20], r14
mulx r15, r14, r8
add r15, r13
adcx r12, rbx
add r14, r8
mov rdx, [rcx + 0x8]
mulx r13, r14, [rsi + 0x8]
mov rdx, r8
mov rbx, 0xffffffff00000001
mov [rsp - 0x28], r13
mulx r10, r13, rbx
mov rdx, [rcx]
mulx r8, rbx, [rsi + 0x8]
adcx rax, r15
adcx rbp, r12
mov rdx, [rcx + 0x10]
mulx r12, r15, [rsi + 0x8]
adcx r9, r13
adcx r11, r10
mov r10, 0x0
setc r10b
test al, al
adox r8, r14
adox r15, [rsp - 0x28]
mov rdx, [rcx + 0x18]
mulx r13, r14, [rsi + 0x8]
clc
adcx rax, rbx
adcx rbp, r8
adcx r9, r15
mov rdx, rax
mov r8, 0xffffffff
mulx rbx, r15, r8
adox r12, r14
adcx r11, r12
mov rdx, 0xffffffffffffffff
mulx r12, r14, rax
mov rdx, 0x0
adox r13, rdx
adcx r10, r13
mov r13, 0x0
setc r13b
test al, al
adox r14, rax
mov rdx, [rsi + 0x10]
mulx r14, r8, [rcx + 0x18]
clc
adcx r12, r15
mov rdx, 0xffffffff00000001
mov [rsp - 0x28], r14
mulx r15, r14, rax
adox rbp, r12
mov rax, 0x0
adcx rbx, rax
adox r9, rbx
adox r11, r14
adox r10, r15
mov rdx, [rcx + 0x10]
mulx rbx, r12, [rsi + 0x10]
mov rdx, [rcx + 0x8]
mulx r14, r15, [rsi + 0x10]
clc
adcx r15, [rsp - 0x20]
adcx r14, r12
adox r13, rax
adcx rbx, r8
mov rdx, [rsp - 0x28]
adcx rdx, rax
add rbp, [rsp - 0x18]
adcx r9, r15
adcx r11, r14
adcx r10, rbx
adcx r13, rdx
mov rdx, 0xffffffff
mulx r8, rbx, rbp
mov rdx, rbp
mov r12, 0xffffffffffffffff
mulx r14, r15, r12
mov r12, 0x0
setc r12b
test al, al
adox r15, rbp
clc
adcx r14, rbx
adcx r8, rax
adox r9, r14
mov rdx, 0xffffffff00000001
mulx rbx, r14, rbp
adox r11, r8
adox r10, r14
adox r13, rbx
adox r12, rax
mov rdx, [rcx]
mulx r8, rbx, [rsi + 0x18]
mov rdx, [rcx + 0x18]
mulx rbp, r14, [rsi + 0x18]
test al, al
adox r9, rbx
mov rdx, [rsi + 0x18]
mulx rbx, r15, [rcx + 0x10]
clc
adcx r8, [rsp - 0x10]
adcx r15, [rsp - 0x8]
adox r11, r8
adcx rbx, r14
adcx rbp, rax
adox r10, r15
adox r13, rbx
mov rdx, r9
mov r8, 0xffffffffffffffff
mulx rbx, r14, r8
adox r12, rbp
mov rdx, 0xffffffff
mulx rbp, r15, r9
mov rdx, 0x0
seto dl
add rbx, r15
adcx rbp, rax
add r14, r9
adcx r11, rbx
adcx r10, rbp
mov rbx, rdx
mov rdx, 0xffffffff00000001
mulx rbp, r14, r9
adcx r13, r14
adcx r12, rbp
adcx rbx, rax
mov r9, r11
sub r9, r8
mov r8, r10
mov rbp, 0xffffffff
sbb r8, rbp
mov rbp, r13
sbb rbp, rax
mov r14, r12
sbb r14, rdx
sbb rbx, rax
cmovc r14, r12
mov [rdi + 0x18], r14
cmovc rbp, r13
mov [rdi + 0x10], rbp
cmovc r8, r10
mov [rdi + 0x8], r8
cmovc r9, r11
mov [rdi], r9
mov rbx, [rsp - 0x30]
mov rbp, [rsp - 0x38]
mov r12, [rsp - 0x40]
mov r13, [rsp - 0x48]
mov r14, [rsp - 0x50]
mov r15, [rsp - 0x58]
ret
