SECTION .text
	GLOBAL fiat_p256_square
fiat_p256_square:
mov [rsp - 0x38], rbx
mov [rsp - 0x40], rbp
mov [rsp - 0x48], r12
mov [rsp - 0x50], r13
mov [rsp - 0x58], r14
mov [rsp - 0x60], r15
mov rdx, [rsi]
mulx rax, r8, rdx
mulx r9, r10, [rsi + 0x18]
mulx r11, rcx, [rsi + 0x8]
mulx rbx, rbp, [rsi + 0x10]
add rax, rcx
adcx r11, rbp
adcx rbx, r10
adc r9, 0x0
mov rdx, 0xffffffff
mulx r10, rcx, r8
mov rdx, r8
mov rbp, 0xffffffffffffffff
mulx r12, r13, rbp
add r12, rcx
mov rcx, 0xffffffff00000001
mulx rbp, r14, rcx
adc r10, 0x0
add r8, r13
mov rdx, [rsi + 0x8]
mulx r8, r13, rdx
adcx rax, r12
mov rdx, [rsi + 0x18]
mulx r12, rcx, [rsi]
adcx r11, r10
adcx rbx, r14
adcx r9, rbp
mov r10, 0x0
setc r10b
mulx rbp, r14, [rsi + 0x8]
mov rdx, [rsi + 0x8]
mov [rsp - 0x8], rcx
mulx r15, rcx, [rsi]
mov rdx, [rsi + 0x10]
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r14
mulx rbp, r14, [rsi]
mov rdx, [rsi + 0x8]
mov [rsp - 0x20], r12
mov [rsp - 0x28], r14
mulx r12, r14, [rsi + 0x18]
add rax, rcx
mov [rsp - 0x30], rbp
mulx rcx, rbp, [rsi + 0x10]
mov rdx, 0x0
setc dl
add r15, r13
adcx r8, rbp
adcx rcx, r14
adc r12, 0x0
bt rdx, 0x0
adcx r11, r15
adcx rbx, r8
adcx r9, rcx
mov rdx, rax
mov r8, 0xffffffffffffffff
mulx rcx, rbp, r8
mov r13, 0xffffffff
mulx r14, r15, r13
adcx r10, r12
mov r12, 0x0
setc r12b
add rcx, r15
adc r14, 0x0
add rbp, rax
adcx r11, rcx
adcx rbx, r14
mov rcx, 0xffffffff00000001
mulx rbp, r14, rcx
adcx r9, r14
mov rdx, [rsi + 0x8]
mulx rax, r14, [rsi + 0x10]
mov rdx, [rsi + 0x18]
mulx r15, rcx, [rsi + 0x10]
adcx r10, rbp
mov rdx, [rsi + 0x10]
mulx rbp, r13, rdx
mov rdx, 0x0
adcx r12, rdx
add r14, [rsp - 0x30]
adcx rax, r13
adcx rbp, rcx
adcx r15, rdx
add r11, [rsp - 0x28]
mov rdx, r11
mulx rcx, r13, r8
adcx rbx, r14
adcx r9, rax
adcx r10, rbp
mov rax, 0xffffffff
mulx rbp, r14, rax
adcx r12, r15
mov r15, 0x0
setc r15b
add rcx, r14
mov r14, 0x0
adcx rbp, r14
add r13, r11
adcx rbx, rcx
adcx r9, rbp
mov rcx, 0xffffffff00000001
mulx rbp, r13, rcx
mov rdx, [rsi + 0x18]
mulx r11, rcx, rdx
adcx r10, r13
adcx r12, rbp
adcx r15, r14
mulx rbp, r13, [rsi + 0x10]
mov rdx, [rsp - 0x20]
add rdx, [rsp - 0x18]
adcx r13, [rsp - 0x10]
adcx rbp, rcx
adcx r11, r14
add rbx, [rsp - 0x8]
adcx r9, rdx
adcx r10, r13
adcx r12, rbp
mov rdx, rbx
mulx rcx, rsi, rax
adcx r15, r11
mulx r11, rbp, r8
mov r13, 0x0
setc r13b
test al, al
adox r11, rsi
clc
adcx rbp, rbx
adox rcx, r14
adcx r9, r11
adcx r10, rcx
mov r11, 0xffffffff00000001
mulx rcx, rsi, r11
adcx r12, rsi
adcx r15, rcx
adcx r13, r14
mov rcx, r9
sub rcx, r8
mov r8, r10
sbb r8, rax
mov rax, r12
sbb rax, r14
mov rdx, r15
sbb rdx, r11
sbb r13, r14
cmovc r8, r10
mov [rdi + 0x8], r8
cmovc rax, r12
mov [rdi + 0x10], rax
cmovc rdx, r15
mov [rdi + 0x18], rdx
cmovc rcx, r9
mov [rdi], rcx
mov rbx, [rsp - 0x38]
mov rbp, [rsp - 0x40]
mov r12, [rsp - 0x48]
mov r13, [rsp - 0x50]
mov r14, [rsp - 0x58]
mov r15, [rsp - 0x60]
ret
