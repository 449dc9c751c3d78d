SECTION .text
	GLOBAL fiat_p224_mul
fiat_p224_mul:
mov [rsp - 0x20], rbx
mov [rsp - 0x28], rbp
mov [rsp - 0x30], r12
mov [rsp - 0x38], r13
mov [rsp - 0x40], r14
mov [rsp - 0x48], r15
mov rcx, rdx
mov rdx, [rcx + 0x18]
mulx rax, r8, [rsi]
mov rdx, [rsi]
mulx r9, r10, [rcx + 0x10]
mulx r11, rbx, [rcx]
mulx rbp, r12, [rcx + 0x8]
add r11, r12
adcx rbp, r10
mov rdx, rbx
mov r10, 0xffffffffffffffff
mulx r12, r13, r10
adcx r9, r8
mov rdx, 0xffffffff
mulx r8, r12, r13
mov r14, 0x0
adcx rax, r14
mov rdx, r13
mov [rsp - 0x8], rax
mulx r15, rax, r10
mov rdx, r13
mov r10, 0xffffffff00000000
mov [rsp - 0x10], r9
mov [rsp - 0x18], rbp
mulx r9, rbp, r10
add r9, rax
adcx r15, r12
adcx r8, r14
add rbx, r13
adcx r11, rbp
mov rdx, [rsi + 0x8]
mulx rax, rbx, [rcx + 0x18]
adcx r9, [rsp - 0x18]
adcx r15, [rsp - 0x10]
mulx rbp, r12, [rcx]
adcx r8, [rsp - 0x8]
mov r13, 0x0
setc r13b
mov [rsp - 0x8], r13
mulx r10, r13, [rcx + 0x8]
test al, al
adox rbp, r13
mov [rsp - 0x10], r8
mulx r13, r8, [rcx + 0x10]
clc
adcx r11, r12
adox r10, r8
adox r13, rbx
adcx r9, rbp
adcx r15, r10
adox rax, r14
adcx r13, [rsp - 0x10]
adcx rax, [rsp - 0x8]
mov rdx, r11
mov r8, 0xffffffffffffffff
mulx r10, rbx, r8
mov r10, 0x0
setc r10b
add r11, rbx
mov rdx, 0xffffffffffffffff
mulx r11, rbp, rbx
mov rdx, rbx
mov r12, 0xffffffff
mov [rsp - 0x8], rax
mulx r8, rax, r12
mov rdx, rbx
mov r12, 0xffffffff00000000
mov [rsp - 0x10], r10
mov [rsp - 0x18], r13
mulx r10, r13, r12
adcx r9, r13
mov rdx, 0x0
setc dl
add r10, rbp
adcx r11, rax
mov rax, 0x0
setc al
bt rdx, 0x0
adcx r15, r10
mov rdx, 0x0
setc dl
bt rax, 0x0
adcx r8, r14
bt rdx, 0x0
adcx r11, [rsp - 0x18]
mov rax, [rsp - 0x10]
adcx r8, [rsp - 0x8]
adcx rax, r14
mov rdx, [rsi + 0x10]
mulx r10, rbx, [rcx + 0x10]
mulx rbp, r13, [rcx + 0x18]
mov [rsp - 0x8], rax
mulx r12, rax, [rcx + 0x8]
mov [rsp - 0x10], r8
mulx r8, r14, [rcx]
test al, al
adox r8, rax
adox r12, rbx
clc
adcx r9, r14
adcx r15, r8
adox r10, r13
adcx r11, r12
mov rax, 0x0
adox rbp, rax
adcx r10, [rsp - 0x10]
adcx rbp, [rsp - 0x8]
mov rdx, 0x0
setc dl
mov r8, rdx
mov rdx, 0xffffffffffffffff
mulx rbx, r12, r9
test al, al
adox r9, r12
mulx r9, rbx, r12
mov rdx, 0xffffffff00000000
mulx r13, r14, r12
adox r15, r14
clc
adcx r13, rbx
mov rdx, r12
mov rbx, 0xffffffff
mov [rsp - 0x8], r15
mulx r14, r15, rbx
adox r11, r13
adcx r9, r15
adcx r14, rax
adox r10, r9
adox rbp, r14
adox r8, rax
mov rdx, [rcx + 0x8]
mulx r9, r12, [rsi + 0x18]
mov rdx, [rcx + 0x10]
mulx r13, r14, [rsi + 0x18]
mov rdx, [rcx]
mov [rsp - 0x10], r8
mulx r15, r8, [rsi + 0x18]
add r15, r12
adcx r9, r14
mov rdx, [rsi + 0x18]
mulx r12, r14, [rcx + 0x18]
adcx r13, r14
mov rdx, 0x0
setc dl
test al, al
adox r8, [rsp - 0x8]
mov r14, rdx
mov rdx, 0xffffffffffffffff
mov [rsp - 0x8], r13
mov [rsp - 0x18], rbp
mulx r13, rbp, r8
mov r13, 0x0
seto r13b
bt r14, 0x0
adcx r12, rax
test al, al
adox r8, rbp
mov rdx, 0xffffffff00000000
mulx r8, r14, rbp
mov rdx, 0x0
seto dl
bt r13, 0x0
adcx r11, r15
adcx r10, r9
mov r9, rdx
mov rdx, rbp
mulx r13, r15, rbx
mov rbx, [rsp - 0x18]
adcx rbx, [rsp - 0x8]
adcx r12, [rsp - 0x10]
mov rdx, rbp
mov [rsp - 0x10], r12
mov r12, 0xffffffffffffffff
mov [rsp - 0x8], rbx
mov [rsp - 0x18], r13
mulx rbx, r13, r12
mov rdx, 0x0
setc dl
test al, al
adox r8, r13
adox rbx, r15
mov rbp, 0x0
seto bpl
bt r9, 0x0
adcx r11, r14
adcx r10, r8
mov r8, [rsp - 0x18]
mov r9, 0x0
setc r9b
bt rbp, 0x0
adcx r8, rax
bt r9, 0x0
adcx rbx, [rsp - 0x8]
adcx r8, [rsp - 0x10]
adcx rdx, rax
mov r9, r11
sub r9, 0x1
mov rbp, r10
mov r13, 0xffffffff00000000
sbb rbp, r13
mov r13, rbx
sbb r13, r12
mov r12, r8
mov r14, 0xffffffff
sbb r12, r14
sbb rdx, rax
cmovc r13, rbx
mov [rdi + 0x10], r13
cmovc r12, r8
mov [rdi + 0x18], r12
cmovc rbp, r10
mov [rdi + 0x8], rbp
cmovc r9, r11
mov [rdi], r9
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
