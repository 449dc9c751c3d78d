SECTION .text
	GLOBAL fiat_secp256k1_montgomery_mul
fiat_secp256k1_montgomery_mul:
mov [rsp - 0x48], rbx
mov [rsp - 0x50], rbp
mov [rsp - 0x58], r12
mov [rsp - 0x60], r13
mov [rsp - 0x68], r14
mov [rsp - 0x70], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx + 0x18]
mulx r9, r10, [rcx]
mov rdx, r10
mov r11, 0xd838091dd2253531
mulx rbx, rbp, r11
mov rdx, [rsi]
mulx rbx, r12, [rcx + 0x8]
mulx r13, r14, [rcx + 0x10]
add r9, r12
adcx rbx, r14
mov rdx, [rcx]
mulx r12, r14, [rsi + 0x8]
adcx r13, r8
mov r8, 0x0
adcx rax, r8
mov rdx, rbp
mov r15, 0xffffffffffffffff
mov [rsp - 0x8], r12
mulx r11, r12, r15
mov rdx, 0xfffffffefffffc2f
mov [rsp - 0x10], rax
mulx r15, rax, rbp
mov rdx, [rsi + 0x8]
mov [rsp - 0x18], r14
mulx rbp, r14, [rcx + 0x10]
mov rdx, [rsi + 0x18]
mov [rsp - 0x20], rbp
mov [rsp - 0x28], r14
mulx rbp, r14, [rcx + 0x10]
test al, al
adox r15, r12
clc
adcx r10, rax
mov rdx, [rsi + 0x8]
mulx rax, r10, [rcx + 0x18]
mov [rsp - 0x30], rbp
mov rbp, r11
adox rbp, r12
adcx r9, r15
adox r12, r11
mov rdx, [rcx + 0x8]
mov [rsp - 0x38], r14
mulx r15, r14, [rsi + 0x18]
adcx rbx, rbp
adcx r13, r12
adox r11, r8
mov rbp, 0x0
setc bpl
add r9, [rsp - 0x18]
mov [rsp - 0x18], r15
mulx r12, r15, [rsi + 0x8]
mov [rsp - 0x40], r14
mov r14, 0x0
setc r14b
bt rbp, 0x0
adcx r11, [rsp - 0x10]
mov rbp, 0x0
setc bpl
test al, al
adox r15, [rsp - 0x8]
adox r12, [rsp - 0x28]
adox r10, [rsp - 0x20]
adox rax, r8
bt r14, 0x0
adcx rbx, r15
mov rdx, r9
mov r14, 0xd838091dd2253531
mulx r15, r8, r14
mov rdx, 0xfffffffefffffc2f
mulx r15, r14, r8
adcx r13, r12
adcx r11, r10
adcx rbp, rax
mov rdx, r8
mov rax, 0xffffffffffffffff
mulx r10, r12, rax
mov rdx, 0x0
setc dl
add r15, r12
mov r8, r10
adcx r8, r12
adcx r12, r10
mov [rsp - 0x20], rbp
mov rbp, rdx
mov rdx, [rsi + 0x10]
mov [rsp - 0x28], rbp
mulx rax, rbp, [rcx]
mov [rsp - 0x8], rax
mov rax, 0x0
setc al
add r9, r14
adcx rbx, r15
mulx r9, r14, [rcx + 0x8]
mov r15, 0x0
setc r15b
add rbx, rbp
mov rbp, 0x0
mov [rsp - 0x10], rbx
mov rbx, 0x0
setc bl
bt rax, 0x0
adcx r10, rbp
bt r15, 0x0
adcx r13, r8
adcx r11, r12
adcx r10, [rsp - 0x20]
mov rax, [rsp - 0x28]
adcx rax, rbp
mulx r8, r12, [rcx + 0x18]
mov [rsp - 0x28], rax
mulx r15, rax, [rcx + 0x10]
test al, al
adox r14, [rsp - 0x8]
adox r9, rax
adox r15, r12
adox r8, rbp
bt rbx, 0x0
adcx r13, r14
adcx r11, r9
adcx r10, r15
adcx r8, [rsp - 0x28]
mov rdx, [rsp - 0x10]
mov rax, 0xd838091dd2253531
mulx r9, rbx, rax
mov rdx, [rsi + 0x18]
mulx r9, r12, [rcx]
mov rdx, rbx
mov r14, 0xffffffffffffffff
mulx r15, rax, r14
mov rdx, 0xfffffffefffffc2f
mov [rsp - 0x28], r12
mulx r14, r12, rbx
mov rbx, 0x0
setc bl
test al, al
adox r14, rax
mov rdx, r15
adox rdx, rax
adox rax, r15
adox r15, rbp
add r12, [rsp - 0x10]
adcx r13, r14
adcx r11, rdx
mov rdx, [rsi + 0x18]
mulx r12, r14, [rcx + 0x18]
adcx r10, rax
adcx r8, r15
adcx rbx, rbp
add r9, [rsp - 0x40]
mov rax, [rsp - 0x18]
adcx rax, [rsp - 0x38]
adcx r14, [rsp - 0x30]
mov rdx, 0x0
setc dl
test al, al
adox r13, [rsp - 0x28]
adox r11, r9
adox r10, rax
mov rax, 0x0
seto al
bt rdx, 0x0
adcx r12, rbp
mov rdx, r13
mov r9, 0xd838091dd2253531
mov [rsp - 0x28], r10
mulx r15, r10, r9
bt rax, 0x0
adcx r8, r14
mov rdx, r10
mov rax, 0xffffffffffffffff
mulx r9, r14, rax
mov rdx, r10
mov r15, 0xfffffffefffffc2f
mov [rsp - 0x30], r8
mulx rax, r8, r15
adcx rbx, r12
mov rdx, 0x0
setc dl
add rax, r14
mov r10, r9
adcx r10, r14
adcx r14, r9
mov r12, 0x0
setc r12b
add r13, r8
adcx r11, rax
mov rax, 0x0
setc al
bt r12, 0x0
adcx r9, rbp
mov r8, r11
sub r8, r15
mov r12, 0x0
setc r12b
bt rax, 0x0
adcx r10, [rsp - 0x28]
adcx r14, [rsp - 0x30]
adcx rbx, r9
adcx rdx, rbp
mov rax, r10
bt r12, 0x0
sbb rax, 0xffffffffffffffff
mov r9, r14
sbb r9, 0xffffffffffffffff
mov r12, rbx
sbb r12, 0xffffffffffffffff
sbb rdx, rbp
cmovc rax, r10
mov [rdi + 0x8], rax
cmovc r12, rbx
mov [rdi + 0x18], r12
cmovc r9, r14
mov [rdi + 0x10], r9
cmovc r8, r11
mov [rdi], r8
mov rbx, [rsp - 0x48]
mov rbp, [rsp - 0x50]
mov r12, [rsp - 0x58]
mov r13, [rsp - 0x60]
mov r14, [rsp - 0x68]
mov r15, [rsp - 0x70]
ret
