SECTION .text
	GLOBAL fiat_p256_square
fiat_p256_square:
mov [rsp - 0x28], rbx
mov [rsp - 0x30], rbp
mov [rsp - 0x38], r12
mov [rsp - 0x40], r13
mov [rsp - 0x48], r14
mov [rsp - 0x50], r15
mov rdx, [rsi]
mulx rax, r8, rdx
mulx r9, r10, [rsi + 0x8]
mulx r11, rcx, [rsi + 0x10]
mulx rbx, rbp, [rsi + 0x10]
add rax, r10
mulx r10, r12, [rsi + 0x18]
mov rdx, 0xffffffffffffffff
mulx r13, r14, r8
adcx r9, rbp
adcx rbx, r12
adc r10, 0x0
mov rdx, 0xffffffff
mulx rbp, r12, r8
add r13, r12
mov rdx, r8
mov r12, 0xffffffff00000001
mov [rsp - 0x8], rcx
mulx r15, rcx, r12
mov r12, 0x0
setc r12b
add r8, r14
mov rdx, [rsi + 0x8]
mulx r8, r14, [rsi + 0x18]
adcx rax, r13
mov rdx, [rsi + 0x10]
mov [rsp - 0x10], r11
mulx r13, r11, rdx
lea rbp, [rbp + 1 * r12]
mov rdx, [rsi + 0x8]
mov [rsp - 0x18], r13
mulx r12, r13, rdx
adcx r9, rbp
adcx rbx, rcx
mulx rcx, rbp, [rsi]
adcx r10, r15
mov [rsp - 0x20], r11
mulx r15, r11, [rsi + 0x10]
mov rdx, 0x0
setc dl
add rcx, r13
adcx r12, r11
adcx r15, r14
mov r11, 0x0
setc r11b
add rax, rbp
mov rbp, rdx
mov rdx, 0xffffffffffffffff
mulx r13, r14, rax
adcx r9, rcx
adcx rbx, r12
lea r8, [r8 + 1 * r11]
adcx r10, r15
mov rdx, rax
mov r11, 0xffffffff
mulx rcx, r12, r11
adcx rbp, r8
mov r8, 0x0
setc r8b
test al, al
adox r14, rax
mov r14, 0xffffffff00000001
mulx rax, r15, r14
clc
adcx r13, r12
mov rdx, [rsi + 0x10]
mulx r12, r14, [rsi + 0x8]
adox r9, r13
mov r13, 0x0
adcx rcx, r13
adox rbx, rcx
clc
adcx r14, [rsp - 0x10]
adox r10, r15
adcx r12, [rsp - 0x20]
mulx rcx, r15, [rsi + 0x18]
adcx r15, [rsp - 0x18]
adcx rcx, r13
clc
adcx r9, [rsp - 0x8]
adox rbp, rax
adox r8, r13
mov rdx, 0xffffffffffffffff
mulx rax, r13, r9
adcx rbx, r14
adcx r10, r12
mov rdx, 0xffffffff
mulx r12, r14, r9
adcx rbp, r15
adcx r8, rcx
mov rcx, 0x0
setc cl
add rax, r14
adc r12, 0x0
add r13, r9
mov rdx, 0xffffffff00000001
mulx r9, r13, r9
mov rdx, [rsi + 0x18]
mulx r14, r15, rdx
adcx rbx, rax
mulx rax, r11, [rsi + 0x8]
adcx r10, r12
adcx rbp, r13
mulx r12, r13, [rsi]
adcx r8, r9
mov r9, 0x0
setc r9b
test al, al
adox rbx, r13
clc
adcx r12, r11
mulx r11, r13, [rsi + 0x10]
adox r10, r12
mov rdx, 0xffffffff
mulx rsi, r12, rbx
adcx rax, r13
lea r9, [rcx + 1 * r9]
mov rdx, 0xffffffffffffffff
mulx rcx, r13, rbx
adcx r11, r15
adox rbp, rax
adox r8, r11
mov rdx, rbx
mov rax, 0xffffffff00000001
mulx r11, r15, rax
mov rax, 0x0
adcx r14, rax
clc
adcx rcx, r12
adcx rsi, rax
adox r9, r14
clc
adcx rbx, r13
adcx r10, rcx
adcx rbp, rsi
adcx r8, r15
mov rcx, 0x0
seto cl
adcx r9, r11
adcx rcx, rax
mov r11, r10
sub r11, 0xffffffffffffffff
mov rdx, rbp
mov rsi, 0xffffffff
sbb rdx, rsi
mov rsi, r8
sbb rsi, rax
mov rbx, r9
mov r12, 0xffffffff00000001
sbb rbx, r12
sbb rcx, rax
cmovc rsi, r8
mov [rdi + 0x10], rsi
cmovc rbx, r9
mov [rdi + 0x18], rbx
cmovc rdx, rbp
mov [rdi + 0x8], rdx
cmovc r11, r10
mov [rdi], r11
mov rbx, [rsp - 0x28]
mov rbp, [rsp - 0x30]
mov r12, [rsp - 0x38]
mov r13, [rsp - 0x40]
mov r14, [rsp - 0x48]
mov r15, [rsp - 0x50]
ret
