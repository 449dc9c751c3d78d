SECTION .text
	GLOBAL fiat_p256_square
fiat_p256_square:
mov [rsp - 0x18], rbx
mov [rsp - 0x20], rbp
mov [rsp - 0x28], r12
mov [rsp - 0x30], r13
mov [rsp - 0x38], r14
mov [rsp - 0x40], r15
mov rdx, [rsi]
mulx rax, r8, [rsi + 0x18]
mulx r9, r10, [rsi + 0x10]
mulx r11, rcx, [rsi + 0x8]
mulx rbx, rbp, rdx
add rbx, rcx
adcx r11, r10
adcx r9, r8
mov r8, 0x0
adcx rax, r8
mov rdx, rbp
mov r10, 0xffffffff00000001
mulx rcx, r12, r10
mov rdx, rbp
mov r13, 0xffffffff
mulx r14, r15, r13
mov rdx, rbp
mov r13, 0xffffffffffffffff
mov [rsp - 0x8], rcx
mulx r10, rcx, r13
add r10, r15
adcx r14, r8
add rbp, rcx
adcx rbx, r10
adcx r11, r14
adcx r9, r12
adcx rax, [rsp - 0x8]
mov rdx, 0x0
setc dl
mov r10, rdx
mov rdx, [rsi + 0x8]
mulx rcx, rbp, [rsi + 0x18]
mulx r12, r14, [rsi + 0x10]
mulx r15, r13, rdx
mov [rsp - 0x8], r10
mov [rsp - 0x10], rax
mulx r10, rax, [rsi]
add r10, r13
adcx r15, r14
adcx r12, rbp
adcx rcx, r8
add rbx, rax
adcx r11, r10
adcx r9, r15
adcx r12, [rsp - 0x10]
adcx rcx, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, rbx
mov r10, 0xffffffff00000001
mulx rbp, r13, r10
mov rdx, rbx
mov r14, 0xffffffff
mulx r15, r10, r14
mov rdx, rbx
mov r14, 0xffffffffffffffff
mov [rsp - 0x8], rax
mov [rsp - 0x10], rbp
mulx rax, rbp, r14
add rax, r10
adcx r15, r8
add rbx, rbp
adcx r11, rax
adcx r9, r15
adcx r12, r13
adcx rcx, [rsp - 0x10]
mov rax, [rsp - 0x8]
adcx rax, r8
mov rdx, [rsi + 0x10]
mulx r10, rbx, [rsi + 0x18]
mulx rbp, r13, rdx
mulx r15, r14, [rsi + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], rcx
mulx rax, rcx, [rsi]
add rax, r14
adcx r15, r13
adcx rbp, rbx
adcx r10, r8
add r11, rcx
adcx r9, rax
adcx r12, r15
adcx rbp, [rsp - 0x10]
adcx r10, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r11
mov rcx, 0xffffffff00000001
mulx rbx, r13, rcx
mov rdx, r11
mov r14, 0xffffffff
mulx r15, rcx, r14
mov rdx, r11
mov r14, 0xffffffffffffffff
mov [rsp - 0x8], rax
mov [rsp - 0x10], rbx
mulx rax, rbx, r14
add rax, rcx
adcx r15, r8
add r11, rbx
adcx r9, rax
adcx r12, r15
adcx rbp, r13
adcx r10, [rsp - 0x10]
mov rax, [rsp - 0x8]
adcx rax, r8
mov rdx, [rsi + 0x18]
mulx r11, rcx, rdx
mulx rbx, r13, [rsi + 0x10]
mulx r15, r14, [rsi + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r10
mulx rax, r10, [rsi]
add rax, r14
adcx r15, r13
adcx rbx, rcx
adcx r11, r8
add r9, r10
adcx r12, rax
adcx rbp, r15
adcx rbx, [rsp - 0x10]
adcx r11, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r9
mov r10, 0xffffffff00000001
mulx rcx, r13, r10
mov rdx, r9
mov r14, 0xffffffff
mulx r15, r10, r14
mov rdx, r9
mov r14, 0xffffffffffffffff
mov [rsp - 0x8], rax
mov [rsp - 0x10], rcx
mulx rax, rcx, r14
test al, al
adox rax, r10
adox r15, r8
add r9, rcx
adcx r12, rax
adcx rbp, r15
adcx rbx, r13
adcx r11, [rsp - 0x10]
mov rax, [rsp - 0x8]
adcx rax, r8
mov rdx, r12
sub rdx, r14
mov r9, rbp
mov r10, 0xffffffff
sbb r9, r10
mov r10, rbx
sbb r10, r8
mov rcx, r11
mov r13, 0xffffffff00000001
sbb rcx, r13
sbb rax, r8
cmovc rdx, r12
mov [rdi], rdx
cmovc r9, rbp
mov [rdi + 0x8], r9
cmovc r10, rbx
mov [rdi + 0x10], r10
cmovc rcx, r11
mov [rdi + 0x18], rcx
mov rbx, [rsp - 0x18]
mov rbp, [rsp - 0x20]
mov r12, [rsp - 0x28]
mov r13, [rsp - 0x30]
mov r14, [rsp - 0x38]
mov r15, [rsp - 0x40]
ret
