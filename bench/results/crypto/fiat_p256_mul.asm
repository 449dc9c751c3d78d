SECTION .text
	GLOBAL fiat_p256_mul
fiat_p256_mul:
mov [rsp - 0x20], rbx
mov [rsp - 0x28], rbp
mov [rsp - 0x30], r12
mov [rsp - 0x38], r13
mov [rsp - 0x40], r14
mov [rsp - 0x48], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx + 0x18]
mulx r9, r10, [rcx + 0x8]
mulx r11, rbx, [rcx + 0x10]
mov rdx, [rsi + 0x10]
mulx rbp, r12, [rcx + 0x8]
mov rdx, [rsi]
mulx r13, r14, [rcx]
add r13, r10
adcx r9, rbx
adcx r11, r8
mov r8, 0x0
adcx rax, r8
mov rdx, r14
mov r10, 0xffffffff
mulx rbx, r8, r10
mov r10, 0xffffffffffffffff
mov [rsp - 0x8], rbp
mulx r15, rbp, r10
add r15, r8
adc rbx, 0x0
add rbp, r14
mov r8, 0xffffffff00000001
mulx rbp, r14, r8
adcx r13, r15
mov rdx, [rsi + 0x8]
mulx r15, r10, [rcx + 0x8]
adcx r9, rbx
adcx r11, r14
adcx rax, rbp
mulx rbx, rbp, [rcx + 0x18]
mulx r14, r8, [rcx + 0x10]
mov [rsp - 0x10], r12
mov [rsp - 0x18], rax
mulx r12, rax, [rcx]
mov rdx, 0x0
setc dl
test al, al
adox r12, r10
adox r15, r8
adox r14, rbp
mov r8, 0x0
adox rbx, r8
test al, al
adox r13, rax
mov r10, rdx
mov rdx, r13
mov rax, 0xffffffff
mulx rbp, r8, rax
adox r9, r12
adox r11, r15
adox r14, [rsp - 0x18]
adox r10, rbx
mov rbx, 0xffffffff00000001
mulx r12, r15, rbx
mov rax, 0xffffffffffffffff
mov [rsp - 0x18], r12
mulx rbx, r12, rax
clc
adcx rbx, r8
mov r8, 0x0
adcx rbp, r8
clc
adcx r13, r12
adcx r9, rbx
adcx r11, rbp
adcx r14, r15
mov rdx, 0x0
seto dl
adcx r10, [rsp - 0x18]
adcx rdx, r8
mov rbx, rdx
mov rdx, [rcx + 0x18]
mulx rbp, r12, [rsi + 0x10]
mov rdx, [rsi + 0x10]
mulx r13, r15, [rcx + 0x10]
mulx rax, r8, [rcx]
add rax, [rsp - 0x10]
adcx r15, [rsp - 0x8]
adcx r13, r12
adc rbp, 0x0
add r9, r8
adcx r11, rax
adcx r14, r15
mov rdx, [rsi + 0x18]
mulx rax, r8, [rcx + 0x8]
adcx r10, r13
adcx rbx, rbp
mov rdx, r9
mov rbp, 0xffffffff00000001
mulx r12, r13, rbp
mov r15, 0xffffffff
mov [rsp - 0x8], rax
mulx rbp, rax, r15
mov r15, 0xffffffffffffffff
mov [rsp - 0x10], r8
mov [rsp - 0x18], r12
mulx r8, r12, r15
mov r15, 0x0
setc r15b
add r8, rax
adc rbp, 0x0
add r9, r12
adcx r11, r8
adcx r14, rbp
adcx r10, r13
adcx rbx, [rsp - 0x18]
mov rax, 0x0
adcx r15, rax
mov rdx, [rsi + 0x18]
mulx r8, r9, [rcx + 0x18]
mulx rbp, r12, [rcx + 0x10]
mulx r13, rax, [rcx]
add r13, [rsp - 0x10]
adcx r12, [rsp - 0x8]
adcx rbp, r9
mov r9, 0x0
adcx r8, r9
add r11, rax
mov rdx, r11
mov rax, 0xffffffff
mulx rsi, rcx, rax
adcx r14, r13
adcx r10, r12
adcx rbx, rbp
adcx r15, r8
mov r8, 0xffffffffffffffff
mulx rbp, r12, r8
mov r13, 0x0
setc r13b
add rbp, rcx
adcx rsi, r9
mov rcx, 0xffffffff00000001
mulx rax, r8, rcx
add r11, r12
adcx r14, rbp
adcx r10, rsi
adcx rbx, r8
adcx r15, rax
adcx r13, r9
mov rax, r14
sub rax, 0xffffffffffffffff
mov r8, r10
mov r11, 0xffffffff
sbb r8, r11
mov r11, rbx
sbb r11, r9
mov rdx, r15
sbb rdx, rcx
sbb r13, r9
cmovc r8, r10
mov [rdi + 0x8], r8
cmovc rdx, r15
mov [rdi + 0x18], rdx
cmovc r11, rbx
mov [rdi + 0x10], r11
cmovc rax, r14
mov [rdi], rax
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
