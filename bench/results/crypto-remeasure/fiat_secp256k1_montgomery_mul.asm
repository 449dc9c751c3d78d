SECTION .text
	GLOBAL fiat_secp256k1_montgomery_mul
fiat_secp256k1_montgomery_mul:
mov [rsp - 0x20], rbx
mov [rsp - 0x28], rbp
mov [rsp - 0x30], r12
mov [rsp - 0x38], r13
mov [rsp - 0x40], r14
mov [rsp - 0x48], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx]
mulx r9, r10, [rcx + 0x8]
test al, al
adox rax, r10
mov rdx, r8
mov r10, 0xd838091dd2253531
mulx r11, rbx, r10
mov rdx, 0xfffffffefffffc2f
mulx r11, r10, rbx
mov rdx, [rsi]
mulx rbp, r12, [rcx + 0x10]
mulx r13, r14, [rcx + 0x18]
adox r9, r12
mov rdx, [rsi + 0x8]
mulx r12, r15, [rcx]
adox rbp, r14
mov r14, 0x0
adox r13, r14
mov rdx, 0xffffffffffffffff
mulx rbx, r14, rbx
mov rdx, [rsi + 0x10]
mov [rsp - 0x8], r15
mov [rsp - 0x10], r12
mulx r15, r12, [rcx + 0x10]
test al, al
adox r11, r14
mov rdx, rbx
adox rdx, r14
clc
adcx r8, r10
adcx rax, r11
adox r14, rbx
mov r8, 0x0
adox rbx, r8
adcx r9, rdx
adcx rbp, r14
mov rdx, [rsi + 0x8]
mulx r10, r11, [rcx + 0x18]
adcx r13, rbx
mulx rbx, r14, [rcx + 0x8]
mov r8, 0x0
setc r8b
add r14, [rsp - 0x10]
mov [rsp - 0x10], r15
mov [rsp - 0x18], r12
mulx r15, r12, [rcx + 0x10]
adcx rbx, r12
adcx r15, r11
mov r11, 0x0
setc r11b
add rax, [rsp - 0x8]
mov rdx, 0xd838091dd2253531
mov [rsp - 0x8], r15
mulx r12, r15, rax
adcx r9, r14
lea r10, [r10 + 1 * r11]
mov rdx, r15
mov r11, 0xfffffffefffffc2f
mulx r12, r14, r11
adcx rbp, rbx
mov rbx, 0xffffffffffffffff
mulx r15, r11, rbx
adcx r13, [rsp - 0x8]
adcx r8, r10
mov rdx, [rcx + 0x8]
mulx r10, rbx, [rsi + 0x10]
mov rdx, 0x0
setc dl
test al, al
adox r12, r11
mov [rsp - 0x8], r10
mov r10, r15
adox r10, r11
clc
adcx rax, r14
adcx r9, r12
adcx rbp, r10
adox r11, r15
mov r10, rdx
mov rdx, [rsi + 0x10]
mulx rax, r12, [rcx + 0x18]
adcx r13, r11
mov r11, 0x0
adox r15, r11
adcx r8, r15
mulx r14, r15, [rcx]
adcx r10, r11
add r9, r15
mov rdx, 0x0
setc dl
add r14, rbx
mov rbx, [rsp - 0x8]
adcx rbx, [rsp - 0x18]
adcx r12, [rsp - 0x10]
adcx rax, r11
bt rdx, 0x0
adcx rbp, r14
mov rdx, r9
mov r14, 0xd838091dd2253531
mulx r15, r11, r14
mov rdx, [rcx + 0x10]
mulx r15, r14, [rsi + 0x18]
adcx r13, rbx
mov rdx, 0xfffffffefffffc2f
mov [rsp - 0x10], r15
mulx rbx, r15, r11
adcx r8, r12
adcx r10, rax
mov rdx, r11
mov rax, 0xffffffffffffffff
mulx r11, r12, rax
mov rdx, 0x0
setc dl
add rbx, r12
mov rax, r11
adcx rax, r12
adcx r12, r11
adc r11, 0x0
add r9, r15
adcx rbp, rbx
adcx r13, rax
adcx r8, r12
mov r9, rdx
mov rdx, [rcx]
mulx rax, rbx, [rsi + 0x18]
adcx r10, r11
mov rdx, [rsi + 0x18]
mulx r11, r12, [rcx + 0x8]
mov r15, 0x0
setc r15b
test al, al
adox rbp, rbx
clc
adcx rax, r12
lea r9, [r9 + 1 * r15]
adcx r11, r14
mulx rbx, r12, [rcx + 0x18]
mov rdx, 0xd838091dd2253531
mulx rsi, rcx, rbp
adcx r12, [rsp - 0x10]
mov rdx, rcx
mov rsi, 0xfffffffefffffc2f
mulx r14, r15, rsi
adox r13, rax
adox r8, r11
adox r10, r12
mov rax, 0x0
adcx rbx, rax
adox r9, rbx
mov r11, 0xffffffffffffffff
mulx rcx, rbx, r11
mov rdx, 0x0
seto dl
test al, al
adox r14, rbx
mov r12, rcx
adox r12, rbx
adox rbx, rcx
clc
adcx rbp, r15
adcx r13, r14
adcx r8, r12
adcx r10, rbx
adox rcx, rax
adcx r9, rcx
mov rcx, r13
mov rbx, 0x0
setc bl
sub rcx, rsi
mov rsi, r8
sbb rsi, r11
lea rdx, [rdx + 1 * rbx]
mov rbx, r10
sbb rbx, r11
mov rbp, r9
sbb rbp, r11
sbb rdx, rax
cmovc rsi, r8
mov [rdi + 0x8], rsi
cmovc rbp, r9
mov [rdi + 0x18], rbp
cmovc rbx, r10
mov [rdi + 0x10], rbx
cmovc rcx, r13
mov [rdi], rcx
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
