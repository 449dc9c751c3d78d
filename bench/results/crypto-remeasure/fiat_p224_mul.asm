SECTION .text
	GLOBAL fiat_p224_mul
fiat_p224_mul:
mov [rsp - 0x38], rbx
mov [rsp - 0x40], rbp
mov [rsp - 0x48], r12
mov [rsp - 0x50], r13
mov [rsp - 0x58], r14
mov [rsp - 0x60], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx]
mulx r9, r10, [rcx + 0x10]
mulx r11, rbx, [rcx + 0x18]
mulx rbp, r12, [rcx + 0x8]
add rax, r12
adcx rbp, r10
adcx r9, rbx
mov rdx, r8
mov r10, 0xffffffffffffffff
mulx rbx, r12, r10
mov rdx, r12
mulx rbx, r13, r10
mov r10, 0xffffffff
mulx r14, r15, r10
adc r11, 0x0
mov rdx, [rsi + 0x8]
mov [rsp - 0x8], r11
mulx r10, r11, [rcx + 0x18]
mov rdx, 0xffffffff00000000
mov [rsp - 0x10], r10
mov [rsp - 0x18], r11
mulx r10, r11, r12
add r10, r13
adcx rbx, r15
adc r14, 0x0
add r8, r12
adcx rax, r11
adcx rbp, r10
mov rdx, [rsi + 0x8]
mulx r8, r10, [rcx + 0x8]
adcx r9, rbx
mov rdx, [rsi + 0x18]
mulx r11, rbx, [rcx + 0x10]
mov rdx, [rsi + 0x8]
mulx r12, r13, [rcx]
mov [rsp - 0x20], r11
mulx r15, r11, [rcx + 0x10]
adcx r14, [rsp - 0x8]
mov rdx, 0x0
setc dl
add r12, r10
adcx r8, r11
adcx r15, [rsp - 0x18]
mov r10, rdx
mov rdx, [rsi + 0x10]
mov [rsp - 0x18], rbx
mulx r11, rbx, [rcx + 0x18]
mov rdx, 0x0
setc dl
add rax, r13
adcx rbp, r12
adcx r9, r8
adcx r14, r15
mov r8, rdx
mov rdx, rax
mov r12, 0xffffffffffffffff
mulx r13, r15, r12
mov rdx, 0xffffffffffffffff
mov [rsp - 0x8], r11
mulx r13, r11, r15
mov r12, [rsp - 0x10]
lea r8, [r12 + 1 * r8]
mov rdx, 0xffffffff
mov [rsp - 0x10], rbx
mulx r12, rbx, r15
adcx r10, r8
mov rdx, r15
mov r8, 0xffffffff00000000
mov [rsp - 0x28], r10
mov [rsp - 0x30], r14
mulx r10, r14, r8
mov r8, 0x0
setc r8b
add rax, r15
mov rax, 0x0
setc al
add r10, r11
adcx r13, rbx
mov r11, 0x0
adcx r12, r11
bt rax, 0x0
adcx rbp, r14
mov rdx, [rsi + 0x10]
mulx rax, rbx, [rcx]
mulx r14, r15, [rcx + 0x10]
adcx r9, r10
adcx r13, [rsp - 0x30]
adcx r12, [rsp - 0x28]
adcx r8, r11
mulx r10, r11, [rcx + 0x8]
add rax, r11
adcx r10, r15
adcx r14, [rsp - 0x10]
mov r11, 0x0
setc r11b
add rbp, rbx
adcx r9, rax
mov rdx, rbp
mov rax, 0xffffffffffffffff
mulx rbx, r15, rax
adcx r13, r10
mov rdx, r15
mov r10, 0xffffffff
mulx rbx, rax, r10
mov r10, [rsp - 0x8]
lea r10, [r10 + 1 * r11]
adcx r12, r14
mov r11, 0xffffffff00000000
mov [rsp - 0x8], r12
mulx r14, r12, r11
adcx r8, r10
mov r10, 0xffffffffffffffff
mov [rsp - 0x10], r8
mulx r11, r8, r10
mov r10, 0x0
setc r10b
add r14, r8
adcx r11, rax
mov rax, 0x0
adcx rbx, rax
add rbp, r15
adcx r9, r12
mov rdx, [rsi + 0x18]
mulx r8, rbp, [rcx + 0x8]
adcx r13, r14
adcx r11, [rsp - 0x8]
adcx rbx, [rsp - 0x10]
mulx r12, r14, [rcx + 0x18]
adcx r10, rax
mulx r15, rax, [rcx]
test al, al
adox r15, rbp
adox r8, [rsp - 0x18]
adox r14, [rsp - 0x20]
clc
adcx r9, rax
adcx r13, r15
adcx r11, r8
mov rax, 0x0
adox r12, rax
mov rdx, r9
mov r8, 0xffffffffffffffff
mulx rsi, rcx, r8
mov rdx, rcx
mov rsi, 0xffffffff
mulx rbp, r15, rsi
adcx rbx, r14
mulx r14, rsi, r8
adcx r10, r12
mov r12, 0x0
setc r12b
test al, al
adox r9, rcx
mov r9, 0xffffffff00000000
mulx rcx, r8, r9
clc
adcx rcx, rsi
adox r13, r8
adcx r14, r15
adox r11, rcx
adcx rbp, rax
adox rbx, r14
adox r10, rbp
adox r12, rax
mov r8, r13
sub r8, 0x1
mov rdx, r11
sbb rdx, r9
mov r9, rbx
sbb r9, 0xffffffffffffffff
mov rsi, r10
mov rcx, 0xffffffff
sbb rsi, rcx
sbb r12, rax
cmovc rdx, r11
mov [rdi + 0x8], rdx
cmovc rsi, r10
mov [rdi + 0x18], rsi
cmovc r9, rbx
mov [rdi + 0x10], r9
cmovc r8, r13
mov [rdi], r8
mov rbx, [rsp - 0x38]
mov rbp, [rsp - 0x40]
mov r12, [rsp - 0x48]
mov r13, [rsp - 0x50]
mov r14, [rsp - 0x58]
mov r15, [rsp - 0x60]
ret
