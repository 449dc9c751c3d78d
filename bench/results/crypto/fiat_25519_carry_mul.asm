SECTION .text
	GLOBAL fiat_25519_carry_mul
fiat_25519_carry_mul:
sub rsp, 0xa0
mov [rsp + 0x30], rbx
mov [rsp + 0x28], rbp
mov [rsp + 0x20], r12
mov [rsp + 0x18], r13
mov [rsp + 0x10], r14
mov [rsp + 0x8], r15
mov rcx, rdx
imul rax, [rcx + 0x20], 0x13
imul rdx, [rcx + 0x18], 0x13
mulx r8, r9, [rsi + 0x10]
mov r10, rdx
mov rdx, [rcx]
mulx r11, rbx, [rsi]
imul rbp, [rcx + 0x10], 0x13
mov rdx, rbp
mulx r12, r13, [rsi + 0x18]
imul r14, [rcx + 0x8], 0x13
mov rdx, r10
mov [rsp + 0x98], r11
mulx r15, r11, [rsi + 0x18]
mov rdx, [rsi + 0x20]
mov [rsp + 0x90], r10
mov [rsp + 0x88], r15
mulx r10, r15, r14
test al, al
adox r13, r15
mov rdx, [rsi]
mulx r14, r15, [rcx + 0x8]
mov rdx, rbp
mov [rsp + 0x80], r14
mov [rsp + 0x78], r15
mulx r14, r15, [rsi + 0x20]
adox r12, r10
mov rdx, [rsi + 0x8]
mulx r10, rbp, rax
test al, al
adox r9, r13
clc
adcx rbp, r9
mov rdx, [rsi + 0x18]
mulx r9, r13, [rcx]
adox r8, r12
mov rdx, rax
mov [rsp + 0x70], r9
mulx r12, r9, [rsi + 0x10]
adcx r10, r8
add r11, r15
mov r8, 0x0
setc r8b
add r9, r11
mov rdx, [rsi + 0x18]
mulx r11, r15, rax
mov [rsp + 0x68], r13
mov r13, 0x0
setc r13b
add rbx, rbp
adcx r10, [rsp + 0x98]
mov [rsp + 0x98], rax
mulx rbp, rax, [rcx + 0x8]
mov rdx, [rcx]
mov [rsp + 0x60], rbp
mov [rsp + 0x58], rax
mulx rbp, rax, [rsi + 0x8]
mov [rsp + 0x50], r11
mov r11, rbx
shrd r11, r10, 0x33
bt r8, 0x0
adcx r14, [rsp + 0x88]
mov rdx, [rcx + 0x18]
mulx r8, r10, [rsi + 0x8]
bt r13, 0x0
adcx r12, r14
add rax, r9
adcx rbp, r12
mov rdx, [rcx + 0x10]
mulx r9, r12, [rsi + 0x8]
add rax, [rsp + 0x78]
adcx rbp, [rsp + 0x80]
test al, al
adox r11, rax
mov rax, 0x0
adox rbp, rax
mov r13, r11
shrd r13, rbp, 0x33
mov rdx, [rsi + 0x20]
mulx rbp, r14, [rsp + 0x90]
mov rdx, [rcx + 0x8]
mov [rsp + 0x90], r8
mov [rsp + 0x80], r10
mulx r8, r10, [rsi + 0x8]
mov [rsp + 0x78], r9
mov r9, 0x7ffffffffffff
and r11, r9
add r15, r14
mov rdx, [rsi + 0x10]
mov [rsp + 0x88], r11
mulx r14, r11, [rcx]
adcx rbp, [rsp + 0x50]
and rbx, r9
test al, al
adox r11, r15
clc
adcx r10, r11
mulx r11, r15, [rcx + 0x8]
mov rdx, [rcx]
mov [rsp + 0x50], rbx
mulx rbx, r9, [rsi + 0x20]
adox r14, rbp
adcx r8, r14
mov rdx, [rsi]
mulx rbp, r14, [rcx + 0x20]
mov [rsp + 0x48], rbp
mov [rsp + 0x40], r14
mulx rbp, r14, [rcx + 0x10]
add r14, r10
mov rdx, [rsi + 0x20]
mov [rsp + 0x38], rbx
mulx r10, rbx, [rsp + 0x98]
adcx rbp, r8
add rbx, [rsp + 0x68]
mov rdx, [rcx + 0x18]
mov [rsp + 0x68], r9
mulx r8, r9, [rsi]
adcx r10, [rsp + 0x70]
add r15, rbx
adcx r11, r10
add r13, r14
adcx rbp, rax
add r12, r15
adcx r11, [rsp + 0x78]
mov rdx, r13
shrd rdx, rbp, 0x33
test al, al
adox r9, r12
clc
adcx rdx, r9
adox r8, r11
adcx r8, rax
mov r9, rdx
mov rdx, [rsi + 0x10]
mulx r10, r11, [rcx + 0x10]
mov rdx, [rsp + 0x58]
test al, al
adox rdx, [rsp + 0x68]
mov rbx, [rsp + 0x60]
adox rbx, [rsp + 0x38]
add r11, rdx
adcx r10, rbx
mov rdx, 0x7ffffffffffff
and r13, rdx
test al, al
adox r11, [rsp + 0x80]
adox r10, [rsp + 0x90]
test al, al
adox r11, [rsp + 0x40]
adox r10, [rsp + 0x48]
mov rbx, r9
shrd rbx, r8, 0x33
add rbx, r11
adcx rax, r10
mov r8, rbx
shrd r8, rax, 0x33
imul rax, r8, 0x13
add rax, [rsp + 0x50]
and rbx, rdx
mov [rdi + 0x20], rbx
mov r8, rax
shr r8, 0x33
add r8, [rsp + 0x88]
mov r10, r8
shr r10, 0x33
and r10, 0x1
and rax, rdx
mov [rdi], rax
and r10, 0x1
and r10, 0x1
and r9, rdx
mov [rdi + 0x18], r9
add r10, r13
mov [rdi + 0x10], r10
and r8, rdx
mov [rdi + 0x8], r8
mov rbx, [rsp + 0x30]
mov rbp, [rsp + 0x28]
mov r12, [rsp + 0x20]
mov r13, [rsp + 0x18]
mov r14, [rsp + 0x10]
mov r15, [rsp + 0x8]
add rsp, 0xa0
ret
