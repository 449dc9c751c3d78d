SECTION .text
	GLOBAL fiat_curve25519_solinas_mul
fiat_curve25519_solinas_mul:
sub rsp, 0xa0
mov [rsp + 0x28], rbx
mov [rsp + 0x20], rbp
mov [rsp + 0x18], r12
mov [rsp + 0x10], r13
mov [rsp + 0x8], r14
mov [rsp], r15
mov rcx, rdx
mov rdx, [rcx + 0x8]
mulx rax, r8, [rsi + 0x10]
mov rdx, [rsi]
mulx r9, r10, [rcx + 0x10]
mov rdx, [rcx]
mulx r11, rbx, [rsi + 0x18]
test al, al
adox r9, rbx
mov rdx, [rcx + 0x18]
mulx rbx, rbp, [rsi + 0x10]
mulx r12, r13, [rsi + 0x8]
mov rdx, [rcx + 0x10]
mulx r14, r15, [rsi + 0x10]
mov rdx, [rcx]
mov [rsp + 0x98], r14
mov [rsp + 0x90], r10
mulx r14, r10, [rsi + 0x8]
mov rdx, [rsi + 0x18]
mov [rsp + 0x88], rbp
mov [rsp + 0x80], r13
mulx rbp, r13, [rcx + 0x8]
mov rdx, [rcx + 0x18]
mov [rsp + 0x78], rbp
mov [rsp + 0x70], rax
mulx rbp, rax, [rsi]
mov rdx, [rsi]
mov [rsp + 0x68], rax
mov [rsp + 0x60], r14
mulx rax, r14, [rcx + 0x8]
mov rdx, [rcx]
mov [rsp + 0x58], r14
mov [rsp + 0x50], r10
mulx r14, r10, [rsi + 0x10]
adox rbp, r13
clc
adcx r9, r8
mov rdx, [rcx + 0x10]
mulx r8, r13, [rsi + 0x8]
adcx rbp, r11
mov r11, 0x0
adox r12, r11
mov [rsp + 0x48], r8
mov [rsp + 0x40], r13
mulx r8, r13, [rsi + 0x18]
adcx r12, r11
adcx rbx, r11
add rax, r10
adcx r9, r14
adcx rbp, r15
mov rdx, [rcx + 0x8]
mulx r10, r14, [rsi + 0x8]
mov rdx, [rcx]
mov [rsp + 0x38], r8
mulx r15, r8, [rsi]
adcx r12, r13
adcx rbx, r11
mov rdx, [rsi + 0x18]
mov [rsp + 0x30], r8
mulx r13, r8, [rcx + 0x18]
mov rdx, 0x0
setc dl
test al, al
adox rax, r14
clc
adcx r15, [rsp + 0x50]
adox r9, [rsp + 0x40]
adcx rax, [rsp + 0x60]
adcx r9, r10
mov r10, 0x0
setc r10b
mov r14, 0x0
seto r14b
bt rdx, 0x0
adcx r13, r11
bt r14, 0x0
adcx rbp, [rsp + 0x70]
adcx r12, [rsp + 0x78]
adcx rbx, r11
adcx r13, r11
bt r10, 0x0
adcx rbp, [rsp + 0x80]
adcx r12, [rsp + 0x88]
adcx rbx, r8
adcx r13, r11
add r15, [rsp + 0x58]
adcx rax, [rsp + 0x90]
adcx r9, [rsp + 0x68]
adcx rbp, [rsp + 0x48]
mov rdx, 0x26
mulx r8, r10, rbp
adcx r12, [rsp + 0x98]
adcx rbx, [rsp + 0x38]
adcx r13, r11
mulx rbp, r14, r12
test al, al
adox r15, r14
clc
adcx r10, [rsp + 0x30]
mulx r12, r14, rbx
adcx r15, r8
mulx r8, rbx, r13
adox rax, r14
adox r9, rbx
adox r8, r11
adcx rax, rbp
adcx r9, r12
adcx r8, r11
mulx rbx, rbp, r8
add r10, rbp
adcx r15, r11
mov [rdi + 0x8], r15
adcx rax, r11
mov [rdi + 0x10], rax
adcx r9, r11
mov [rdi + 0x18], r9
cmovc r11, rdx
test al, al
adox r11, r10
mov [rdi], r11
mov rbx, [rsp + 0x28]
mov rbp, [rsp + 0x20]
mov r12, [rsp + 0x18]
mov r13, [rsp + 0x10]
mov r14, [rsp + 0x8]
mov r15, [rsp]
add rsp, 0xa0
ret
