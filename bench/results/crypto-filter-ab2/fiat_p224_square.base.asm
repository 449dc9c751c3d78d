SECTION .text
	GLOBAL fiat_p224_square
fiat_p224_square:
mov [rsp - 0x30], rbx
mov [rsp - 0x38], rbp
mov [rsp - 0x40], r12
mov [rsp - 0x48], r13
mov [rsp - 0x50], r14
mov [rsp - 0x58], r15
mov rdx, [rsi]
mulx rax, r8, rdx
mulx r9, r10, [rsi + 0x8]
mulx r11, rcx, [rsi + 0x10]
add rax, r10
adcx r9, rcx
mov rdx, r8
mov r10, 0xffffffffffffffff
mulx rcx, rbx, r10
mov rdx, [rsi + 0x18]
mulx rcx, rbp, [rsi]
mov rdx, 0xffffffff
mulx r12, r13, rbx
mov rdx, rbx
mulx r14, r15, r10
adcx r11, rbp
mov rdx, [rsi + 0x10]
mulx rbp, r10, [rsi]
mov rdx, 0xffffffff00000000
mov [rsp - 0x8], r10
mov [rsp - 0x10], rbp
mulx r10, rbp, rbx
adc rcx, 0x0
test al, al
adox r10, r15
clc
adcx r8, rbx
mov rdx, [rsi]
mulx r8, rbx, [rsi + 0x8]
adox r14, r13
adcx rax, rbp
adcx r9, r10
mov r10, 0x0
adox r12, r10
adcx r11, r14
adcx rcx, r12
mov rdx, [rsi + 0x8]
mulx rbp, r12, [rsi + 0x10]
mulx r13, r14, rdx
mov r15, 0x0
setc r15b
add r8, r14
adcx r13, r12
mulx r12, r14, [rsi + 0x18]
adcx rbp, r14
adcx r12, r10
add rax, rbx
mov rdx, rax
mov rbx, 0xffffffffffffffff
mulx r14, r10, rbx
adcx r9, r8
mov rdx, [rsi + 0x18]
mulx r8, r14, rdx
adcx r11, r13
adcx rcx, rbp
mov rdx, r10
mulx rbp, r13, rbx
adcx r15, r12
mov r12, 0xffffffff00000000
mov [rsp - 0x18], r8
mulx rbx, r8, r12
mov r12, 0x0
setc r12b
add rbx, r13
mov r13, 0xffffffff
mov [rsp - 0x20], r14
mov [rsp - 0x28], r15
mulx r14, r15, r13
adcx rbp, r15
adc r14, 0x0
add rax, r10
adcx r9, r8
adcx r11, rbx
adcx rcx, rbp
adcx r14, [rsp - 0x28]
mov rdx, [rsi + 0x10]
mulx rax, r8, rdx
adc r12, 0x0
mulx r10, rbx, [rsi + 0x18]
mulx rbp, r15, [rsi + 0x8]
add r15, [rsp - 0x10]
adcx rbp, r8
adcx rax, rbx
adc r10, 0x0
add r9, [rsp - 0x8]
adcx r11, r15
adcx rcx, rbp
mov rdx, r9
mov r8, 0xffffffffffffffff
mulx rbx, rbp, r8
adcx r14, rax
mov rdx, rbp
mov rax, 0xffffffff00000000
mulx rbx, r15, rax
mov [rsp - 0x8], r14
mulx rax, r14, r8
adcx r12, r10
mulx r10, r8, r13
mov r13, 0x0
setc r13b
add rbx, r14
adcx rax, r8
mov r8, 0x0
adcx r10, r8
add r9, rbp
adcx r11, r15
adcx rcx, rbx
adcx rax, [rsp - 0x8]
adcx r12, r10
mov rdx, [rsi + 0x18]
mulx r9, r10, [rsi + 0x10]
mulx rbx, rbp, [rsi + 0x8]
adcx r13, r8
mulx r14, r15, [rsi]
add r14, rbp
adcx rbx, r10
adcx r9, [rsp - 0x20]
mov r10, [rsp - 0x18]
adcx r10, r8
add r11, r15
mov rdx, r11
mov rsi, 0xffffffffffffffff
mulx rbp, r15, rsi
adcx rcx, r14
adcx rax, rbx
mov rdx, 0xffffffff00000000
mulx rbx, rbp, r15
adcx r12, r9
adcx r13, r10
mov rdx, r15
mov r9, 0xffffffff
mulx r10, r14, r9
mulx r9, r8, rsi
mov rsi, 0x0
setc sil
add rbx, r8
adcx r9, r14
adc r10, 0x0
add r11, r15
adcx rcx, rbp
adcx rax, rbx
adcx r12, r9
adcx r13, r10
adc rsi, 0x0
mov r8, rcx
sub r8, 0x1
mov r9, rax
mov r10, 0xffffffff00000000
sbb r9, r10
mov r10, r12
sbb r10, 0xffffffffffffffff
mov r11, r13
mov rdx, 0xffffffff
sbb r11, rdx
sbb rsi, 0x0
cmovc r10, r12
mov [rdi + 0x10], r10
cmovc r9, rax
mov [rdi + 0x8], r9
cmovc r8, rcx
mov [rdi], r8
cmovc r11, r13
mov [rdi + 0x18], r11
mov rbx, [rsp - 0x30]
mov rbp, [rsp - 0x38]
mov r12, [rsp - 0x40]
mov r13, [rsp - 0x48]
mov r14, [rsp - 0x50]
mov r15, [rsp - 0x58]
ret
