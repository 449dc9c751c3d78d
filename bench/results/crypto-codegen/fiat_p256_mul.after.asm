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
mov r14, 0x0
adcx r13, r14
add r12, r10
adcx rbp, r15
adcx r11, r13
adcx r9, rbx
adcx rax, [rsp - 0x8]
mov rdx, [rsi + 0x8]
mulx r10, rbx, [rcx + 0x18]
mulx r12, r13, [rcx + 0x10]
mulx r15, r8, [rcx + 0x8]
mov [rsp - 0x8], rax
mulx r14, rax, [rcx]
mov rdx, 0x0
setc dl
add r14, r8
adcx r15, r13
adcx r12, rbx
adc r10, 0x0
add rbp, rax
adcx r11, r14
adcx r9, r15
adcx r12, [rsp - 0x8]
adcx rdx, r10
mov r8, rdx
mov rdx, rbp
mov rax, 0xffffffff00000001
mulx r10, rbx, rax
mov r13, 0xffffffff
mulx r14, r15, r13
mov r13, 0xffffffffffffffff
mov [rsp - 0x8], r10
mulx rax, r10, r13
mov r13, 0x0
setc r13b
add rax, r15
adc r14, 0x0
add rbp, r10
adcx r11, rax
adcx r9, r14
adcx r12, rbx
adcx r8, [rsp - 0x8]
adc r13, 0x0
mov rdx, [rsi + 0x10]
mulx rax, r10, [rcx + 0x18]
mulx rbx, rbp, [rcx + 0x10]
mulx r14, r15, [rcx + 0x8]
mov [rsp - 0x8], r13
mov [rsp - 0x10], r8
mulx r13, r8, [rcx]
add r13, r15
adcx r14, rbp
adcx rbx, r10
adc rax, 0x0
add r11, r8
adcx r9, r13
adcx r12, r14
adcx rbx, [rsp - 0x10]
adcx rax, [rsp - 0x8]
mov rdx, r11
mov r8, 0xffffffff00000001
mulx r10, rbp, r8
mov r13, 0xffffffff
mulx r14, r15, r13
mov r13, 0xffffffffffffffff
mov [rsp - 0x8], r10
mulx r8, r10, r13
mov r13, 0x0
setc r13b
add r8, r15
adc r14, 0x0
add r11, r10
adcx r9, r8
adcx r12, r14
adcx rbx, rbp
adcx rax, [rsp - 0x8]
adc r13, 0x0
mov rdx, [rsi + 0x18]
mulx r8, r10, [rcx + 0x18]
mulx r11, rbp, [rcx + 0x10]
mulx r14, r15, [rcx + 0x8]
mov [rsp - 0x8], r13
mov [rsp - 0x10], rax
mulx r13, rax, [rcx]
add r13, r15
adcx r14, rbp
adcx r11, r10
adc r8, 0x0
add r9, rax
adcx r12, r13
adcx rbx, r14
adcx r11, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov rdx, r9
mov rax, 0xffffffff00000001
mulx r10, rsi, rax
mov rcx, 0xffffffff
mulx rbp, r13, rcx
mov r14, 0xffffffffffffffff
mulx r15, rax, r14
mov rcx, 0x0
setc cl
add r15, r13
adc rbp, 0x0
add r9, rax
adcx r12, r15
adcx rbx, rbp
adcx r11, rsi
adcx r8, r10
adc rcx, 0x0
mov rax, r12
sub rax, r14
mov r9, rbx
mov r10, 0xffffffff
sbb r9, r10
mov r10, r11
sbb r10, 0x0
mov rdx, r8
mov rsi, 0xffffffff00000001
sbb rdx, rsi
sbb rcx, 0x0
cmovc rax, r12
mov [rdi], rax
cmovc r9, rbx
mov [rdi + 0x8], r9
cmovc r10, r11
mov [rdi + 0x10], r10
cmovc rdx, r8
mov [rdi + 0x18], rdx
mov rbx, [rsp - 0x18]
mov rbp, [rsp - 0x20]
mov r12, [rsp - 0x28]
mov r13, [rsp - 0x30]
mov r14, [rsp - 0x38]
mov r15, [rsp - 0x40]
ret
