SECTION .text
	GLOBAL fiat_p256_square
fiat_p256_square:
mov [rsp - 0x30], rbx
mov [rsp - 0x38], rbp
mov [rsp - 0x40], r12
mov [rsp - 0x48], r13
mov [rsp - 0x50], r14
mov [rsp - 0x58], r15
mov rdx, [rsi + 0x8]
mulx rax, r8, [rsi]
mov rdx, [rsi + 0x18]
mulx r9, r10, [rsi]
mov rdx, [rsi + 0x10]
mulx r11, rcx, [rsi]
mulx rbx, rbp, [rsi + 0x8]
mulx r12, r13, [rsi]
mov rdx, [rsi]
mulx r14, r15, rdx
mov rdx, 0xffffffff
vmovq xmm0, rcx
vmovq xmm1, r11
mulx rcx, r11, r15
mov rdx, [rsi + 0x8]
mov [rsp - 0x8], r8
vmovq xmm2, rbx
mulx r8, rbx, [rsi]
add r14, rbx
adcx r8, r13
adcx r12, r10
mov rdx, 0xffffffffffffffff
mulx r10, rbx, r15
mov r13, 0x0
adcx r9, r13
add r10, r11
adcx rcx, r13
add rbx, r15
mov rdx, [rsi + 0x8]
mulx r11, rbx, rdx
adcx r14, r10
mov rdx, r15
mov r10, 0xffffffff00000001
mulx r15, r13, r10
adcx r8, rcx
adcx r12, r13
adcx r9, r15
mov rcx, 0x0
setc cl
add rax, rbx
mov rdx, [rsi + 0x18]
mulx rbx, r13, [rsi + 0x8]
mulx r15, r10, [rsi + 0x8]
adcx r11, rbp
vmovq rbp, xmm2
adcx r13, rbp
adc rbx, 0x0
add r14, [rsp - 0x8]
mov [rsp - 0x8], r15
mulx rbp, r15, [rsi + 0x10]
adcx r8, rax
adcx r12, r11
adcx r9, r13
mov rdx, r14
mov rax, 0xffffffff
mulx r11, r13, rax
mov rax, 0xffffffff00000001
mov [rsp - 0x10], r10
mov [rsp - 0x18], rbp
mulx r10, rbp, rax
adcx rcx, rbx
mov rdx, [rsi + 0x8]
mulx rbx, rax, [rsi + 0x10]
mov rdx, 0xffffffffffffffff
mov [rsp - 0x20], r15
mov [rsp - 0x28], rbx
mulx r15, rbx, r14
mov rdx, 0x0
setc dl
test al, al
adox r15, r13
clc
adcx r14, rbx
mov rbx, 0x0
adox r11, rbx
adcx r8, r15
adcx r12, r11
adcx r9, rbp
adcx rcx, r10
adcx rdx, rbx
mov r10, rdx
mov rdx, [rsi + 0x10]
mulx r11, rbp, rdx
vmovq r13, xmm1
test al, al
adox rax, r13
vmovq r13, xmm0
clc
adcx r8, r13
adcx r12, rax
adox rbp, [rsp - 0x28]
mov rdx, 0xffffffff
mulx rax, r13, r8
adox r11, [rsp - 0x20]
mov r14, [rsp - 0x18]
adox r14, rbx
adcx r9, rbp
mov rdx, [rsi]
mulx rbp, r15, [rsi + 0x18]
adcx rcx, r11
adcx r10, r14
mov rdx, 0xffffffffffffffff
mulx r11, r14, r8
mov rdx, 0x0
setc dl
test al, al
adox r11, r13
clc
adcx r14, r8
adcx r12, r11
adox rax, rbx
mov r11, rdx
mov rdx, 0xffffffff00000001
mulx r8, r13, r8
adcx r9, rax
adcx rcx, r13
adcx r10, r8
adcx r11, rbx
mov rdx, [rsi + 0x10]
mulx rax, r8, [rsi + 0x18]
test al, al
adox rbp, [rsp - 0x10]
mov rdx, [rsi + 0x18]
mulx rsi, r13, rdx
clc
adcx r12, r15
adox r8, [rsp - 0x8]
adox rax, r13
adcx r9, rbp
adox rsi, rbx
adcx rcx, r8
adcx r10, rax
mov rdx, r12
mov rax, 0xffffffffffffffff
mulx r8, rbp, rax
mov r13, 0xffffffff
mulx r14, r15, r13
adcx r11, rsi
mov rsi, 0x0
setc sil
add r8, r15
mov r15, 0xffffffff00000001
mulx r13, rax, r15
adcx r14, rbx
test al, al
adox r12, rbp
adox r9, r8
adox rcx, r14
adox r10, rax
adox r11, r13
adox rsi, rbx
mov rax, r9
sub rax, 0xffffffffffffffff
mov r8, rcx
mov rdx, 0xffffffff
sbb r8, rdx
mov rdx, r10
sbb rdx, rbx
mov rbp, r11
sbb rbp, r15
sbb rsi, rbx
cmovc rdx, r10
mov [rdi + 0x10], rdx
cmovc rax, r9
mov [rdi], rax
cmovc rbp, r11
mov [rdi + 0x18], rbp
cmovc r8, rcx
mov [rdi + 0x8], r8
mov rbx, [rsp - 0x30]
mov rbp, [rsp - 0x38]
mov r12, [rsp - 0x40]
mov r13, [rsp - 0x48]
mov r14, [rsp - 0x50]
mov r15, [rsp - 0x58]
ret
