SECTION .text
	GLOBAL fiat_p224_square
fiat_p224_square:
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
mov r8, 0xffffffffffffffff
mulx r10, rcx, r8
mov rdx, rcx
mov r10, 0xffffffff
mulx r12, r13, r10
mulx r10, r14, r8
mov r8, 0xffffffff00000000
mov [rsp - 0x8], rax
mulx r15, rax, r8
add r15, r14
adcx r10, r13
mov r13, 0x0
adcx r12, r13
add rbp, rcx
adcx rbx, rax
adcx r11, r15
adcx r9, r10
adcx r12, [rsp - 0x8]
mov rdx, [rsi + 0x8]
mulx rax, r10, [rsi + 0x18]
mulx rcx, rbp, [rsi + 0x10]
mulx r14, r15, rdx
mulx r8, r13, [rsi]
mov rdx, 0x0
setc dl
add r8, r15
adcx r14, rbp
adcx rcx, r10
adc rax, 0x0
add rbx, r13
adcx r11, r8
adcx r9, r14
adcx r12, rcx
adcx rdx, rax
mov r8, rdx
mov rdx, rbx
mov rax, 0xffffffffffffffff
mulx r10, rcx, rax
mov rdx, rcx
mov r10, 0xffffffff
mulx rbp, r13, r10
mulx r14, r15, rax
mov r10, 0xffffffff00000000
mov [rsp - 0x8], r8
mulx rax, r8, r10
mov r10, 0x0
setc r10b
add rax, r15
adcx r14, r13
adc rbp, 0x0
add rbx, rcx
adcx r11, r8
adcx r9, rax
adcx r12, r14
adcx rbp, [rsp - 0x8]
adc r10, 0x0
mov rdx, [rsi + 0x10]
mulx rax, r8, [rsi + 0x18]
mulx rcx, rbx, rdx
mulx r13, r14, [rsi + 0x8]
mov [rsp - 0x8], r10
mulx r15, r10, [rsi]
add r15, r14
adcx r13, rbx
adcx rcx, r8
adc rax, 0x0
add r11, r10
adcx r9, r15
adcx r12, r13
adcx rbp, rcx
adcx rax, [rsp - 0x8]
mov rdx, r11
mov r8, 0xffffffffffffffff
mulx r10, rcx, r8
mov rdx, rcx
mov r10, 0xffffffff
mulx rbx, r13, r10
mulx r14, r15, r8
mov r10, 0xffffffff00000000
mov [rsp - 0x8], rax
mulx r8, rax, r10
mov r10, 0x0
setc r10b
add r8, r15
adcx r14, r13
adc rbx, 0x0
add r11, rcx
adcx r9, rax
adcx r12, r8
adcx rbp, r14
adcx rbx, [rsp - 0x8]
adc r10, 0x0
mov rdx, [rsi + 0x18]
mulx rax, r8, rdx
mulx r11, rcx, [rsi + 0x10]
mulx r13, r14, [rsi + 0x8]
mov [rsp - 0x8], r10
mulx r15, r10, [rsi]
add r15, r14
adcx r13, rcx
adcx r11, r8
adc rax, 0x0
add r9, r10
adcx r12, r15
adcx rbp, r13
adcx rbx, r11
adcx rax, [rsp - 0x8]
mov rdx, r9
mov r8, 0xffffffffffffffff
mulx r10, r11, r8
mov rdx, r11
mov r10, 0xffffffff
mulx rcx, rsi, r10
mulx r13, r14, r8
mov r15, 0xffffffff00000000
mulx r10, r8, r15
mov r15, 0x0
setc r15b
add r10, r14
adcx r13, rsi
adc rcx, 0x0
add r9, r11
adcx r12, r8
adcx rbp, r10
adcx rbx, r13
adcx rax, rcx
adc r15, 0x0
mov r8, r12
sub r8, 0x1
mov r9, rbp
mov r10, 0xffffffff00000000
sbb r9, r10
mov r10, rbx
sbb r10, 0xffffffffffffffff
mov r11, rax
mov rcx, 0xffffffff
sbb r11, rcx
sbb r15, 0x0
cmovc r8, r12
mov [rdi], r8
cmovc r9, rbp
mov [rdi + 0x8], r9
cmovc r10, rbx
mov [rdi + 0x10], r10
cmovc r11, rax
mov [rdi + 0x18], r11
mov rbx, [rsp - 0x10]
mov rbp, [rsp - 0x18]
mov r12, [rsp - 0x20]
mov r13, [rsp - 0x28]
mov r14, [rsp - 0x30]
mov r15, [rsp - 0x38]
ret
