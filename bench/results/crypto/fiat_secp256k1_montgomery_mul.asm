SECTION .text
	GLOBAL fiat_secp256k1_montgomery_mul
fiat_secp256k1_montgomery_mul:
mov [rsp - 0x28], rbx
mov [rsp - 0x30], rbp
mov [rsp - 0x38], r12
mov [rsp - 0x40], r13
mov [rsp - 0x48], r14
mov [rsp - 0x50], r15
mov rcx, rdx
mov rdx, [rsi + 0x8]
mulx rax, r8, [rcx]
mov rdx, [rsi]
mulx r9, r10, [rcx]
mulx r11, rbx, [rcx + 0x8]
test al, al
adox r9, rbx
mulx rbx, rbp, [rcx + 0x10]
mulx r12, r13, [rcx + 0x18]
adox r11, rbp
mov rdx, r10
mov rbp, 0xd838091dd2253531
mulx r14, r15, rbp
mov rdx, r15
mov r14, 0xffffffffffffffff
mov [rsp - 0x8], r8
mulx rbp, r8, r14
adox rbx, r13
mov r13, 0xfffffffefffffc2f
mov [rsp - 0x10], rax
mulx r14, rax, r13
clc
adcx r14, r8
mov rdx, [rsi + 0x8]
mulx r15, r13, [rcx + 0x10]
mov rdx, rbp
adcx rdx, r8
adcx r8, rbp
mov [rsp - 0x18], r15
mov r15, 0x0
adcx rbp, r15
clc
adcx r10, rax
mov r10, rdx
mov rdx, [rsi + 0x8]
mov [rsp - 0x20], r13
mulx rax, r13, [rcx + 0x18]
adcx r9, r14
adox r12, r15
adcx r11, r10
adcx rbx, r8
mulx r8, r10, [rcx + 0x8]
adcx r12, rbp
mov rdx, 0x0
setc dl
add r10, [rsp - 0x10]
adcx r8, [rsp - 0x20]
adcx r13, [rsp - 0x18]
mov rbp, 0x0
setc bpl
add r9, [rsp - 0x8]
mov r14, 0x0
setc r14b
bt rbp, 0x0
adcx rax, r15
bt r14, 0x0
adcx r11, r10
adcx rbx, r8
adcx r12, r13
mov r8, rdx
mov rdx, 0xd838091dd2253531
mulx r10, rbp, r9
adcx r8, rax
mov rdx, rbp
mov rax, 0xfffffffefffffc2f
mulx r10, r13, rax
mov rdx, [rcx + 0x18]
mulx r14, rax, [rsi + 0x10]
mov rdx, 0xffffffffffffffff
mov [rsp - 0x8], r14
mulx r15, r14, rbp
mov rbp, 0x0
setc bpl
test al, al
adox r10, r14
mov rdx, r15
adox rdx, r14
adox r14, r15
mov [rsp - 0x18], rax
mov rax, 0x0
adox r15, rax
test al, al
adox r9, r13
adox r11, r10
adox rbx, rdx
adox r12, r14
mov rdx, [rcx + 0x8]
mulx r9, r10, [rsi + 0x10]
mov rdx, [rcx]
mulx r13, r14, [rsi + 0x10]
adox r8, r15
adox rbp, rax
mov rdx, [rcx + 0x10]
mulx r15, rax, [rsi + 0x10]
test al, al
adox r13, r10
clc
adcx r11, r14
adcx rbx, r13
adox r9, rax
adox r15, [rsp - 0x18]
mov rax, [rsp - 0x8]
mov r10, 0x0
adox rax, r10
mov rdx, r11
mov r13, 0xd838091dd2253531
mulx r14, r10, r13
adcx r12, r9
adcx r8, r15
mov rdx, 0xfffffffefffffc2f
mulx r9, r14, r10
mov rdx, [rsi + 0x18]
mulx r15, r13, [rcx + 0x10]
adcx rbp, rax
mov rdx, 0xffffffffffffffff
mov [rsp - 0x8], r15
mulx rax, r15, r10
mov r10, 0x0
setc r10b
add r9, r15
mov rdx, rax
adcx rdx, r15
adcx r15, rax
mov [rsp - 0x18], r13
mov r13, 0x0
adcx rax, r13
add r11, r14
adcx rbx, r9
adcx r12, rdx
mov rdx, [rcx + 0x8]
mulx r9, r11, [rsi + 0x18]
adcx r8, r15
adcx rbp, rax
adcx r10, r13
mov rdx, [rcx]
mulx rax, r14, [rsi + 0x18]
add rax, r11
adcx r9, [rsp - 0x18]
mov rdx, [rcx + 0x18]
mulx r11, r15, [rsi + 0x18]
adcx r15, [rsp - 0x8]
adcx r11, r13
add rbx, r14
adcx r12, rax
adcx r8, r9
adcx rbp, r15
adcx r10, r11
mov rdx, 0xd838091dd2253531
mulx rax, r9, rbx
mov rdx, r9
mov rax, 0xfffffffefffffc2f
mulx r11, rsi, rax
mov rcx, 0xffffffffffffffff
mulx r14, r15, rcx
mov r9, 0x0
setc r9b
test al, al
adox r11, r15
mov rdx, r14
adox rdx, r15
adox r15, r14
clc
adcx rbx, rsi
adcx r12, r11
adcx r8, rdx
adcx rbp, r15
adox r14, r13
adcx r10, r14
adcx r9, r13
mov r11, r12
sub r11, rax
mov rax, r8
sbb rax, rcx
mov rdx, rbp
sbb rdx, rcx
mov rsi, r10
sbb rsi, rcx
sbb r9, r13
cmovc rsi, r10
mov [rdi + 0x18], rsi
cmovc rdx, rbp
mov [rdi + 0x10], rdx
cmovc rax, r8
mov [rdi + 0x8], rax
cmovc r11, r12
mov [rdi], r11
mov rbx, [rsp - 0x28]
mov rbp, [rsp - 0x30]
mov r12, [rsp - 0x38]
mov r13, [rsp - 0x40]
mov r14, [rsp - 0x48]
mov r15, [rsp - 0x50]
ret
