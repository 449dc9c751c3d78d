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
mov rdx, [rsi]
mulx rax, r8, [rcx + 0x18]
mulx r9, r10, [rcx + 0x10]
mulx r11, rbx, [rcx + 0x8]
mulx rbp, r12, [rcx]
add rbp, rbx
adcx r11, r10
adcx r9, r8
adc rax, 0x0
mov rdx, 0xffffffffffffffff
mulx r8, r10, r12
mov rdx, 0xffffffff
mulx r8, rbx, r10
mov rdx, r10
mov r13, 0xffffffffffffffff
mulx r14, r15, r13
mov r13, 0xffffffff00000000
mov [rsp - 0x8], rax
mov [rsp - 0x10], r9
mulx rax, r9, r13
add rax, r15
adcx r14, rbx
adc r8, 0x0
add r12, r10
adcx rbp, r9
adcx r11, rax
adcx r14, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, [rsi + 0x8]
mulx r9, r10, [rcx + 0x18]
mulx rbx, r12, [rcx + 0x10]
mulx r15, r13, [rcx + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r8
mulx rax, r8, [rcx]
add rax, r13
adcx r15, r12
adcx rbx, r10
adc r9, 0x0
add rbp, r8
adcx r11, rax
adcx r14, r15
adcx rbx, [rsp - 0x10]
adcx r9, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, 0xffffffffffffffff
mulx r8, r10, rbp
mov rdx, r10
mov r8, 0xffffffff
mulx r12, r13, r8
mov r15, 0xffffffffffffffff
mov [rsp - 0x8], rax
mulx r8, rax, r15
mov r15, 0xffffffff00000000
vmovq xmm0, r9
mov [rsp - 0x10], rbx
mulx r9, rbx, r15
add r9, rax
adcx r8, r13
adc r12, 0x0
add rbp, r10
adcx r11, rbx
adcx r14, r9
adcx r8, [rsp - 0x10]
vmovq rax, xmm0
adcx r12, rax
mov rax, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rsi + 0x10]
mulx r9, r10, [rcx + 0x18]
mulx rbx, rbp, [rcx + 0x10]
mulx r13, r15, [rcx + 0x8]
vmovq xmm0, rax
mov [rsp - 0x8], r12
mulx rax, r12, [rcx]
test al, al
adox rax, r15
adox r13, rbp
adox rbx, r10
mov r10, 0x0
adox r9, r10
test al, al
adox r11, r12
adox r14, rax
adox r8, r13
adox rbx, [rsp - 0x8]
vmovq rax, xmm0
adox r9, rax
mov rax, 0x0
seto al
mov rdx, r11
mov rbp, 0xffffffffffffffff
mulx r12, r13, rbp
mov rdx, r13
mov r12, 0xffffffff
mulx r15, r10, r12
mov [rsp - 0x8], rax
mulx r12, rax, rbp
mov rbp, 0xffffffff00000000
mov [rsp - 0x10], r9
mov [rsp - 0x18], rbx
mulx r9, rbx, rbp
add r9, rax
adcx r12, r10
adc r15, 0x0
add r11, r13
adcx r14, rbx
adcx r8, r9
adcx r12, [rsp - 0x18]
adcx r15, [rsp - 0x10]
mov rax, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rcx + 0x18]
mulx r9, r10, [rsi + 0x18]
mov rdx, [rsi + 0x18]
mulx r11, rbx, [rcx + 0x10]
mulx r13, rbp, [rcx + 0x8]
mov [rsp - 0x8], rax
vmovq xmm0, r15
mulx rax, r15, [rcx]
add rax, rbp
adcx r13, rbx
adcx r11, r10
adc r9, 0x0
add r14, r15
adcx r8, rax
adcx r12, r13
vmovq rax, xmm0
adcx r11, rax
adcx r9, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r14
mov r10, 0xffffffffffffffff
mulx rsi, rcx, r10
mov rdx, rcx
mov rsi, 0xffffffff
mulx rbx, rbp, rsi
mulx r13, r15, r10
mov rsi, 0xffffffff00000000
mov [rsp - 0x8], rax
mulx r10, rax, rsi
add r10, r15
adcx r13, rbp
adc rbx, 0x0
add r14, rcx
adcx r8, rax
adcx r12, r10
adcx r11, r13
adcx r9, rbx
mov rax, [rsp - 0x8]
adc rax, 0x0
mov r10, r8
sub r10, 0x1
mov rdx, r12
sbb rdx, rsi
mov rsi, r11
sbb rsi, 0xffffffffffffffff
mov rcx, r9
mov rbx, 0xffffffff
sbb rcx, rbx
sbb rax, 0x0
cmovc r10, r8
mov [rdi], r10
cmovc rdx, r12
mov [rdi + 0x8], rdx
cmovc rsi, r11
mov [rdi + 0x10], rsi
cmovc rcx, r9
mov [rdi + 0x18], rcx
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
