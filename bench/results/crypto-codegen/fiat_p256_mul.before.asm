SECTION .text
	GLOBAL fiat_p256_mul
fiat_p256_mul:
mov [rsp - 0x18], rbx
mov [rsp - 0x20], rbp
mov [rsp - 0x28], r12
mov [rsp - 0x30], r13
mov [rsp - 0x38], r14
mov [rsp - 0x40], r15
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
mov rdx, r12
mov r8, 0xffffffff00000001
mulx r10, rbx, r8
mov r8, 0xffffffff
mulx r13, r14, r8
mov r8, 0xffffffffffffffff
mov [rsp - 0x8], r10
mulx r15, r10, r8
add r15, r14
adc r13, 0x0
add r12, r10
adcx rbp, r15
adcx r11, r13
adcx r9, rbx
adcx rax, [rsp - 0x8]
mov r10, 0x0
setc r10b
mov rdx, [rsi + 0x8]
mulx rbx, r12, [rcx + 0x18]
mulx r13, r14, [rcx + 0x10]
mulx r15, r8, [rcx + 0x8]
mov [rsp - 0x8], r10
mov [rsp - 0x10], rax
mulx r10, rax, [rcx]
add r10, r8
adcx r15, r14
adcx r13, r12
adc rbx, 0x0
add rbp, rax
adcx r11, r10
adcx r9, r15
adcx r13, [rsp - 0x10]
adcx rbx, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, rbp
mov r8, 0xffffffff00000001
mulx r10, r12, r8
mov r14, 0xffffffff
mulx r15, r8, r14
mov r14, 0xffffffffffffffff
mov [rsp - 0x8], rax
mov [rsp - 0x10], rbx
mulx rax, rbx, r14
add rax, r8
adc r15, 0x0
add rbp, rbx
adcx r11, rax
adcx r9, r15
adcx r13, r12
adcx r10, [rsp - 0x10]
mov rax, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rsi + 0x10]
mulx r8, rbx, [rcx + 0x18]
mulx rbp, r12, [rcx + 0x10]
mulx r15, r14, [rcx + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r10
mulx rax, r10, [rcx]
add rax, r14
adcx r15, r12
adcx rbp, rbx
adc r8, 0x0
add r11, r10
adcx r9, rax
adcx r13, r15
adcx rbp, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r11
mov r10, 0xffffffff00000001
mulx rbx, r12, r10
mov r14, 0xffffffff
mulx r15, r10, r14
mov r14, 0xffffffffffffffff
mov [rsp - 0x8], rax
mov [rsp - 0x10], rbx
mulx rax, rbx, r14
add rax, r10
adc r15, 0x0
add r11, rbx
adcx r9, rax
adcx r13, r15
adcx rbp, r12
adcx r8, [rsp - 0x10]
mov rax, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rsi + 0x18]
mulx r10, r11, [rcx + 0x18]
mulx rbx, r12, [rcx + 0x10]
mulx r15, r14, [rcx + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r8
mulx rax, r8, [rcx]
add rax, r14
adcx r15, r12
adcx rbx, r11
adc r10, 0x0
add r9, r8
adcx r13, rax
adcx rbp, r15
adcx rbx, [rsp - 0x10]
adcx r10, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r9
mov r8, 0xffffffff00000001
mulx r11, rsi, r8
mov rcx, 0xffffffff
mulx r12, r14, rcx
mov r15, 0xffffffffffffffff
mulx r8, rcx, r15
add r8, r14
adc r12, 0x0
add r9, rcx
adcx r13, r8
adcx rbp, r12
adcx rbx, rsi
adcx r10, r11
adc rax, 0x0
mov r8, r13
sub r8, r15
mov r9, rbp
mov r11, 0xffffffff
sbb r9, r11
mov r11, rbx
sbb r11, 0x0
mov rdx, r10
mov rsi, 0xffffffff00000001
sbb rdx, rsi
sbb rax, 0x0
cmovc r8, r13
mov [rdi], r8
cmovc r9, rbp
mov [rdi + 0x8], r9
cmovc r11, rbx
mov [rdi + 0x10], r11
cmovc rdx, r10
mov [rdi + 0x18], rdx
mov rbx, [rsp - 0x18]
mov rbp, [rsp - 0x20]
mov r12, [rsp - 0x28]
mov r13, [rsp - 0x30]
mov r14, [rsp - 0x38]
mov r15, [rsp - 0x40]
ret
