SECTION .text
	GLOBAL fiat_p224_square
fiat_p224_square:
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
adc rax, 0x0
mov rdx, rbp
mov r8, 0xffffffffffffffff
mulx r10, rcx, r8
mov rdx, rcx
mov r10, 0xffffffff
mulx r12, r13, r10
mulx r14, r15, r8
mov r10, 0xffffffff00000000
mov [rsp - 0x8], rax
mulx r8, rax, r10
add r8, r15
adcx r14, r13
adc r12, 0x0
add rbp, rcx
adcx rbx, rax
adcx r11, r8
adcx r9, r14
adcx r12, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, [rsi + 0x8]
mulx r8, rcx, [rsi + 0x18]
mulx rbp, r13, [rsi + 0x10]
mulx r14, r15, rdx
mov [rsp - 0x8], rax
mulx r10, rax, [rsi]
add r10, r15
adcx r14, r13
adcx rbp, rcx
adc r8, 0x0
add rbx, rax
adcx r11, r10
adcx r9, r14
adcx r12, rbp
adcx r8, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, rbx
mov r10, 0xffffffffffffffff
mulx rcx, rbp, r10
mov rdx, rbp
mov rcx, 0xffffffff
mulx r13, r14, rcx
mulx r15, rcx, r10
mov r10, 0xffffffff00000000
mov [rsp - 0x8], rax
mov [rsp - 0x10], r8
mulx rax, r8, r10
add rax, rcx
adcx r15, r14
adc r13, 0x0
add rbx, rbp
adcx r11, r8
adcx r9, rax
adcx r12, r15
adcx r13, [rsp - 0x10]
mov rax, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rsi + 0x10]
mulx r8, rcx, [rsi + 0x18]
mulx rbx, rbp, rdx
mulx r14, r15, [rsi + 0x8]
mov [rsp - 0x8], rax
mulx r10, rax, [rsi]
add r10, r15
adcx r14, rbp
adcx rbx, rcx
adc r8, 0x0
add r11, rax
adcx r9, r10
adcx r12, r14
adcx r13, rbx
adcx r8, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r11
mov r10, 0xffffffffffffffff
mulx rcx, rbx, r10
mov rdx, rbx
mov rcx, 0xffffffff
mulx rbp, r14, rcx
mulx r15, rcx, r10
mov r10, 0xffffffff00000000
mov [rsp - 0x8], rax
mov [rsp - 0x10], r8
mulx rax, r8, r10
add rax, rcx
adcx r15, r14
adc rbp, 0x0
add r11, rbx
adcx r9, r8
adcx r12, rax
adcx r13, r15
adcx rbp, [rsp - 0x10]
mov rax, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rsi + 0x18]
mulx r8, r11, rdx
mulx rcx, rbx, [rsi + 0x10]
mulx r14, r15, [rsi + 0x8]
mov [rsp - 0x8], rax
mulx r10, rax, [rsi]
add r10, r15
adcx r14, rbx
adcx rcx, r11
adc r8, 0x0
add r9, rax
adcx r12, r10
adcx r13, r14
adcx rbp, rcx
adcx r8, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r9
mov r10, 0xffffffffffffffff
mulx r11, rcx, r10
mov rdx, rcx
mov r11, 0xffffffff
mulx rsi, rbx, r11
mulx r14, r15, r10
mov r11, 0xffffffff00000000
mov [rsp - 0x8], rax
mulx r10, rax, r11
add r10, r15
adcx r14, rbx
adc rsi, 0x0
add r9, rcx
adcx r12, rax
adcx r13, r10
adcx rbp, r14
adcx r8, rsi
mov rax, [rsp - 0x8]
adc rax, 0x0
mov r9, r12
sub r9, 0x1
mov r10, r13
sbb r10, r11
mov r11, rbp
sbb r11, 0xffffffffffffffff
mov rcx, r8
mov rdx, 0xffffffff
sbb rcx, rdx
sbb rax, 0x0
cmovc r9, r12
mov [rdi], r9
cmovc r10, r13
mov [rdi + 0x8], r10
cmovc r11, rbp
mov [rdi + 0x10], r11
cmovc rcx, r8
mov [rdi + 0x18], rcx
mov rbx, [rsp - 0x18]
mov rbp, [rsp - 0x20]
mov r12, [rsp - 0x28]
mov r13, [rsp - 0x30]
mov r14, [rsp - 0x38]
mov r15, [rsp - 0x40]
ret
