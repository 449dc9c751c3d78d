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
mulx rax, r8, [rcx + 0x8]
mulx r9, r10, [rcx]
mulx r11, rbx, [rcx + 0x18]
mov rdx, [rcx]
mulx rbp, r12, [rsi + 0x8]
mov rdx, [rcx + 0x10]
mulx r13, r14, [rsi]
mov rdx, [rsi + 0x8]
mov [rsp - 0x8], r12
mulx r15, r12, [rcx + 0x8]
add r9, r8
adcx rax, r14
adcx r13, rbx
adc r11, 0x0
mov rdx, 0xffffffffffffffff
mulx r8, rbx, r10
mov rdx, [rcx + 0x10]
vmovq xmm0, r11
mulx r14, r11, [rsi + 0x8]
add rbp, r12
mov rdx, r10
mov r12, 0xffffffff
mov [rsp - 0x10], r14
mov [rsp - 0x18], rbp
mulx r14, rbp, r12
mov rdx, [rcx + 0x18]
mov [rsp - 0x20], r15
mulx r12, r15, [rsi + 0x8]
adcx r11, [rsp - 0x20]
adcx r15, [rsp - 0x10]
mov rdx, 0x0
adcx r12, rdx
test al, al
adox r8, rbp
clc
adcx rbx, r10
adox r14, rdx
adcx r9, r8
mov rdx, 0xffffffff00000001
mulx r8, r10, r10
adcx rax, r14
adcx r13, r10
vmovq r10, xmm0
adcx r8, r10
mov r10, 0x0
setc r10b
add r9, [rsp - 0x8]
mov rdx, [rsi + 0x10]
mulx rbx, rbp, [rcx + 0x8]
vmovq xmm0, rbx
mulx r14, rbx, [rcx + 0x18]
mov [rsp - 0x8], r14
mov [rsp - 0x10], rbx
mulx r14, rbx, [rcx + 0x10]
mov rdx, r9
mov [rsp - 0x20], r14
mov r14, 0xffffffffffffffff
mov [rsp - 0x28], rbx
vmovq xmm1, r12
mulx rbx, r12, r14
adcx rax, [rsp - 0x18]
adcx r13, r11
adcx r8, r15
vmovq r11, xmm1
adcx r10, r11
mov r11, 0x0
setc r11b
xor r15, r15
adox r12, r9
mov rdx, [rcx]
mulx r12, r15, [rsi + 0x10]
mov rdx, r9
mov r14, 0xffffffff
vmovq xmm1, r11
mov [rsp - 0x18], r10
mulx r11, r10, r14
clc
adcx rbx, r10
mov r10, 0x0
adcx r11, r10
adox rax, rbx
mov rbx, 0xffffffff00000001
mulx r9, r14, rbx
adox r13, r11
adox r8, r14
adox r9, [rsp - 0x18]
vmovq r11, xmm1
adox r11, r10
xor rdx, rdx
adox r12, rbp
clc
adcx rax, r15
mov rdx, 0xffffffff
mulx rbp, r14, rax
adcx r13, r12
vmovq r12, xmm0
adox r12, [rsp - 0x28]
adcx r8, r12
mov r12, [rsp - 0x20]
adox r12, [rsp - 0x10]
mov r15, [rsp - 0x8]
adox r15, r10
adcx r9, r12
mov rdx, [rsi + 0x18]
mulx r12, r10, [rcx + 0x18]
adcx r11, r15
vmovq xmm0, r12
mulx r15, r12, [rcx + 0x8]
mov rdx, 0xffffffffffffffff
vmovq xmm1, r11
vmovq xmm2, r10
mulx r11, r10, rax
mov rdx, rax
vmovq xmm3, r15
mov [rsp - 0x8], r9
mulx r15, r9, rbx
mov rbx, 0x0
setc bl
add r11, r14
mov r14, 0x0
adcx rbp, r14
add rax, r10
adcx r13, r11
mov rdx, [rcx]
mulx rax, r10, [rsi + 0x18]
adcx r8, rbp
adcx r9, [rsp - 0x8]
vmovq r11, xmm1
adcx r15, r11
adcx rbx, r14
mov rdx, [rsi + 0x18]
mulx r11, rbp, [rcx + 0x10]
add rax, r12
vmovq rdx, xmm3
adcx rbp, rdx
vmovq rdx, xmm2
adcx r11, rdx
vmovq rdx, xmm0
adcx rdx, r14
add r13, r10
adcx r8, rax
adcx r9, rbp
mov r10, rdx
mov rdx, r13
mov rax, 0xffffffffffffffff
mulx rsi, rcx, rax
mov rbp, 0xffffffff
mulx r12, rax, rbp
adcx r15, r11
adcx rbx, r10
mov r10, 0x0
setc r10b
xor r11, r11
adox rsi, rax
clc
adcx rcx, r13
mov rax, 0xffffffff00000001
mulx r11, rcx, rax
adox r12, r14
adcx r8, rsi
adcx r9, r12
adcx r15, rcx
adcx rbx, r11
adcx r10, r14
mov r11, r8
sub r11, 0xffffffffffffffff
mov rdx, r9
sbb rdx, rbp
mov rsi, r15
sbb rsi, r14
mov rcx, rbx
sbb rcx, rax
sbb r10, r14
cmovc rdx, r9
mov [rdi + 0x8], rdx
cmovc r11, r8
mov [rdi], r11
cmovc rcx, rbx
mov [rdi + 0x18], rcx
cmovc rsi, r15
mov [rdi + 0x10], rsi
mov rbx, [rsp - 0x30]
mov rbp, [rsp - 0x38]
mov r12, [rsp - 0x40]
mov r13, [rsp - 0x48]
mov r14, [rsp - 0x50]
mov r15, [rsp - 0x58]
ret
