SECTION .text
	GLOBAL fiat_secp256k1_montgomery_square
fiat_secp256k1_montgomery_square:
mov [rsp - 0x38], rbx
mov [rsp - 0x40], rbp
mov [rsp - 0x48], r12
mov [rsp - 0x50], r13
mov [rsp - 0x58], r14
mov [rsp - 0x60], r15
mov rdx, [rsi]
mulx rax, r8, [rsi + 0x8]
mulx r9, r10, rdx
mov rdx, 0xd838091dd2253531
mulx r11, rcx, r10
mov rdx, [rsi]
mulx r11, rbx, [rsi + 0x10]
add r9, r8
adcx rax, rbx
mov rdx, [rsi + 0x18]
mulx r8, rbx, rdx
mulx rbp, r12, [rsi]
adcx r11, r12
mov rdx, 0xffffffffffffffff
mulx r12, r13, rcx
mov rdx, 0x0
adcx rbp, rdx
mov rdx, rcx
mov r14, 0xfffffffefffffc2f
mov [rsp - 0x8], r8
mulx r15, r8, r14
add r15, r13
mov rcx, r12
adcx rcx, r13
mov rdx, [rsi + 0x8]
mov [rsp - 0x10], rbx
mulx r14, rbx, rdx
adcx r13, r12
adc r12, 0x0
add r10, r8
adcx r9, r15
mulx r8, r10, [rsi]
adcx rax, rcx
mulx rcx, r15, [rsi + 0x10]
adcx r11, r13
adcx rbp, r12
mulx r12, r13, [rsi + 0x18]
mov rdx, 0x0
setc dl
add r8, rbx
adcx r14, r15
adcx rcx, r13
adc r12, 0x0
mov rbx, rdx
mov rdx, [rsi + 0x10]
mulx r13, r15, [rsi + 0x18]
add r9, r10
adcx rax, r8
adcx r11, r14
mulx r8, r10, [rsi + 0x8]
mov rdx, r9
mov r14, 0xd838091dd2253531
mov [rsp - 0x18], r13
mov [rsp - 0x20], r15
mulx r13, r15, r14
mov rdx, r15
mov r13, 0xfffffffefffffc2f
mov [rsp - 0x28], r8
mulx r14, r8, r13
adcx rbp, rcx
mov rcx, 0xffffffffffffffff
mov [rsp - 0x30], r10
mulx r13, r10, rcx
adcx rbx, r12
mov rdx, 0x0
setc dl
add r14, r10
mov r12, r13
adcx r12, r10
adcx r10, r13
adc r13, 0x0
test al, al
adox r9, r8
adox rax, r14
adox r11, r12
adox rbp, r10
adox rbx, r13
mov r8, rdx
mov rdx, [rsi]
mulx r9, r10, [rsi + 0x10]
clc
adcx r9, [rsp - 0x30]
mov rdx, [rsi + 0x10]
mulx r12, r13, rdx
mov r14, 0x0
adox r8, r14
adcx r13, [rsp - 0x28]
adcx r12, [rsp - 0x20]
mov r15, [rsp - 0x18]
adcx r15, r14
add rax, r10
adcx r11, r9
adcx rbp, r13
adcx rbx, r12
mov rdx, 0xd838091dd2253531
mulx r9, r10, rax
mov rdx, r10
mov r9, 0xfffffffefffffc2f
mulx r12, r13, r9
adcx r8, r15
mulx r15, r9, rcx
mov r10, 0x0
setc r10b
add r12, r9
mov rdx, r15
adcx rdx, r9
adcx r9, r15
adcx r15, r14
add rax, r13
adcx r11, r12
adcx rbp, rdx
mov rdx, [rsi + 0x18]
mulx rax, r12, [rsi + 0x10]
adcx rbx, r9
adcx r8, r15
mulx r9, r13, [rsi + 0x8]
mulx r15, rcx, [rsi]
adcx r10, r14
test al, al
adox r15, r13
adox r9, r12
clc
adcx r11, rcx
adcx rbp, r15
adox rax, [rsp - 0x10]
mov rdx, 0xd838091dd2253531
mulx rcx, rsi, r11
adcx rbx, r9
mov r9, [rsp - 0x8]
adox r9, r14
adcx r8, rax
mov rdx, rsi
mov rax, 0xfffffffefffffc2f
mulx rcx, r12, rax
adcx r10, r9
mov r9, 0xffffffffffffffff
mulx r13, r15, r9
mov rdx, 0x0
setc dl
test al, al
adox r11, r12
clc
adcx rcx, r15
mov r11, r13
adcx r11, r15
adox rbp, rcx
adcx r15, r13
adcx r13, r14
adox rbx, r11
adox r8, r15
adox r10, r13
adox rdx, r14
mov r11, rbp
sub r11, rax
mov rax, rbx
sbb rax, r9
mov rcx, r8
sbb rcx, r9
mov rsi, r10
sbb rsi, r9
sbb rdx, r14
cmovc rsi, r10
mov [rdi + 0x18], rsi
cmovc rcx, r8
mov [rdi + 0x10], rcx
cmovc rax, rbx
mov [rdi + 0x8], rax
cmovc r11, rbp
mov [rdi], r11
mov rbx, [rsp - 0x38]
mov rbp, [rsp - 0x40]
mov r12, [rsp - 0x48]
mov r13, [rsp - 0x50]
mov r14, [rsp - 0x58]
mov r15, [rsp - 0x60]
ret
