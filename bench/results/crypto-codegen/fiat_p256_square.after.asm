SECTION .text
	GLOBAL fiat_p256_square
fiat_p256_square:
mov [rsp - 0x10], rbx
mov [rsp - 0x18], rbp
mov [rsp - 0x20], r12
mov [rsp - 0x28], r13
mov [rsp - 0x30], r14
mov [rsp - 0x38], r15
mov rdx, [rsi]
mulx rax, r8, [rsi + 0x18]
mulx r9, r10, [rsi + 0x10]
mulx r11, rcx, [rsi + 0x8]
mulx rbx, rbp, rdx
add rbx, rcx
adcx r11, r10
adcx r9, r8
adc rax, 0x0
mov rdx, rbp
mov r8, 0xffffffff00000001
mulx r10, rcx, r8
mov r8, 0xffffffff
mulx r12, r13, r8
mov r8, 0xffffffffffffffff
mulx r14, r15, r8
add r14, r13
adc r12, 0x0
add rbp, r15
adcx rbx, r14
adcx r11, r12
adcx r9, rcx
adcx rax, r10
mov r10, 0x0
setc r10b
mov rdx, [rsi + 0x8]
mulx rcx, rbp, [rsi + 0x18]
mulx r12, r13, [rsi + 0x10]
mulx r14, r15, rdx
mov [rsp - 0x8], r10
mulx r8, r10, [rsi]
add r8, r15
adcx r14, r13
adcx r12, rbp
adc rcx, 0x0
add rbx, r10
adcx r11, r8
adcx r9, r14
adcx rax, r12
adcx rcx, [rsp - 0x8]
mov r8, 0x0
setc r8b
mov rdx, rbx
mov r10, 0xffffffff00000001
mulx rbp, r12, r10
mov r13, 0xffffffff
mulx r14, r15, r13
mov r13, 0xffffffffffffffff
mov [rsp - 0x8], r8
mulx r10, r8, r13
add r10, r15
adc r14, 0x0
add rbx, r8
adcx r11, r10
adcx r9, r14
adcx rax, r12
adcx rcx, rbp
mov r8, [rsp - 0x8]
adc r8, 0x0
mov rdx, [rsi + 0x10]
mulx r10, rbx, [rsi + 0x18]
mulx rbp, r12, rdx
mulx r14, r15, [rsi + 0x8]
mov [rsp - 0x8], r8
mulx r13, r8, [rsi]
add r13, r15
adcx r14, r12
adcx rbp, rbx
adc r10, 0x0
add r11, r8
adcx r9, r13
adcx rax, r14
adcx rcx, rbp
adcx r10, [rsp - 0x8]
mov r8, 0x0
setc r8b
mov rdx, r11
mov rbx, 0xffffffff00000001
mulx rbp, r12, rbx
mov r13, 0xffffffff
mulx r14, r15, r13
mov r13, 0xffffffffffffffff
mov [rsp - 0x8], r8
mulx rbx, r8, r13
add rbx, r15
adc r14, 0x0
add r11, r8
adcx r9, rbx
adcx rax, r14
adcx rcx, r12
adcx r10, rbp
mov r8, [rsp - 0x8]
adc r8, 0x0
mov rdx, [rsi + 0x18]
mulx r11, rbx, rdx
mulx rbp, r12, [rsi + 0x10]
mulx r14, r15, [rsi + 0x8]
mov [rsp - 0x8], r8
mulx r13, r8, [rsi]
add r13, r15
adcx r14, r12
adcx rbp, rbx
adc r11, 0x0
add r9, r8
adcx rax, r13
adcx rcx, r14
adcx r10, rbp
adcx r11, [rsp - 0x8]
mov r8, 0x0
setc r8b
mov rdx, r9
mov rsi, 0xffffffff00000001
mulx rbx, rbp, rsi
mov r12, 0xffffffff
mulx r13, r14, r12
mov r15, 0xffffffffffffffff
mulx rsi, r12, r15
add rsi, r14
adc r13, 0x0
add r9, r12
adcx rax, rsi
adcx rcx, r13
adcx r10, rbp
adcx r11, rbx
adc r8, 0x0
mov r9, rax
sub r9, r15
mov rdx, rcx
mov rsi, 0xffffffff
sbb rdx, rsi
mov rsi, r10
sbb rsi, 0x0
mov rbx, r11
mov rbp, 0xffffffff00000001
sbb rbx, rbp
sbb r8, 0x0
cmovc r9, rax
mov [rdi], r9
cmovc rdx, rcx
mov [rdi + 0x8], rdx
cmovc rsi, r10
mov [rdi + 0x10], rsi
cmovc rbx, r11
mov [rdi + 0x18], rbx
mov rbx, [rsp - 0x10]
mov rbp, [rsp - 0x18]
mov r12, [rsp - 0x20]
mov r13, [rsp - 0x28]
mov r14, [rsp - 0x30]
mov r15, [rsp - 0x38]
ret
