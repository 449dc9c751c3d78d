SECTION .text
	GLOBAL fiat_p256_mul
fiat_p256_mul:
mov [rsp - 0x10], rbx
mov [rsp - 0x18], rbp
mov [rsp - 0x20], r12
mov [rsp - 0x28], r13
mov [rsp - 0x30], r14
mov [rsp - 0x38], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx]
mulx r9, r10, [rcx + 0x8]
mulx r11, rbx, [rcx + 0x18]
mulx rbp, r12, [rcx + 0x10]
add rax, r10
mov rdx, [rcx + 0x10]
mulx r10, r13, [rsi + 0x8]
adcx r9, r12
adcx rbp, rbx
mov rdx, 0xffffffffffffffff
mulx rbx, r12, r8
mov rdx, 0x0
adcx r11, rdx
mov rdx, r8
mov r14, 0xffffffff
mov [rsp - 0x8], r10
mulx r15, r10, r14
add rbx, r10
adc r15, 0x0
add r12, r8
adcx rax, rbx
adcx r9, r15
mov r10, 0xffffffff00000001
mulx rbx, r12, r10
adcx rbp, r12
adcx r11, rbx
mov rdx, [rsi + 0x8]
mulx r8, rbx, [rcx]
mulx r12, r15, [rcx + 0x18]
mulx r10, r14, [rcx + 0x8]
mov rdx, 0x0
setc dl
add r8, r14
adcx r10, r13
adcx r15, [rsp - 0x8]
adc r12, 0x0
add rax, rbx
adcx r9, r8
mov r8, rdx
mov rdx, 0xffffffff
mulx rbx, r13, rax
adcx rbp, r10
adcx r11, r15
adcx r8, r12
mov rdx, 0xffffffffffffffff
mulx r10, r12, rax
mov r14, 0x0
setc r14b
test al, al
adox r12, rax
clc
adcx r10, r13
adox r9, r10
mov rdx, rax
mov r10, 0xffffffff00000001
mulx r12, r13, r10
mov rax, 0x0
adcx rbx, rax
adox rbp, rbx
adox r11, r13
mov rdx, [rcx]
mulx rbx, r13, [rsi + 0x10]
adox r8, r12
adox r14, rax
mov rdx, [rcx + 0x10]
mulx r12, r15, [rsi + 0x10]
mov rdx, [rsi + 0x10]
mulx r10, rax, [rcx + 0x8]
add rbx, rax
mov [rsp - 0x8], r14
mulx rax, r14, [rcx + 0x18]
adcx r10, r15
adcx r12, r14
adc rax, 0x0
add r9, r13
adcx rbp, rbx
adcx r11, r10
adcx r8, r12
adcx rax, [rsp - 0x8]
mov rdx, 0xffffffff
mulx r10, rbx, r9
mov rdx, r9
mov r12, 0xffffffffffffffff
mulx r13, r14, r12
mov r15, 0x0
setc r15b
add r13, rbx
adc r10, 0x0
add r14, r9
adcx rbp, r13
adcx r11, r10
mov r10, 0xffffffff00000001
mulx rbx, r13, r10
adcx r8, r13
adcx rax, rbx
adc r15, 0x0
mov rdx, [rsi + 0x18]
mulx r9, rbx, [rcx]
mulx r13, r14, [rcx + 0x18]
mulx r10, r12, [rcx + 0x8]
add r9, r12
mov [rsp - 0x8], r15
mulx r12, r15, [rcx + 0x10]
adcx r10, r15
adcx r12, r14
adc r13, 0x0
add rbp, rbx
mov rdx, rbp
mov rsi, 0xffffffffffffffff
mulx rcx, rbx, rsi
adcx r11, r9
mov r9, 0xffffffff
mulx r14, r15, r9
adcx r8, r10
adcx rax, r12
adcx r13, [rsp - 0x8]
mov r10, 0x0
setc r10b
add rcx, r15
adc r14, 0x0
mov r12, 0xffffffff00000001
mulx r15, r9, r12
add rbp, rbx
adcx r11, rcx
adcx r8, r14
adcx rax, r9
adcx r13, r15
mov r9, 0x0
adcx r10, r9
mov rdx, r11
sub rdx, rsi
mov rsi, r8
mov rcx, 0xffffffff
sbb rsi, rcx
mov rcx, rax
sbb rcx, r9
mov rbx, r13
sbb rbx, r12
sbb r10, r9
cmovc rcx, rax
mov [rdi + 0x10], rcx
cmovc rbx, r13
mov [rdi + 0x18], rbx
cmovc rsi, r8
mov [rdi + 0x8], rsi
cmovc rdx, r11
mov [rdi], rdx
mov rbx, [rsp - 0x10]
mov rbp, [rsp - 0x18]
mov r12, [rsp - 0x20]
mov r13, [rsp - 0x28]
mov r14, [rsp - 0x30]
mov r15, [rsp - 0x38]
ret
