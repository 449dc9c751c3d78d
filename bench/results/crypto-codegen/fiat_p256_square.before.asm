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
mov rdx, [rsi + 0x8]
mulx r10, rcx, [rsi + 0x18]
mulx rbp, r12, [rsi + 0x10]
mulx r14, r15, rdx
mov [rsp - 0x8], rax
mulx r13, rax, [rsi]
mov rdx, 0x0
setc dl
add r13, r15
adcx r14, r12
adcx rbp, rcx
adcx r10, r8
add rbx, rax
adcx r11, r13
adcx r9, r14
adcx rbp, [rsp - 0x8]
adcx rdx, r10
mov r10, rdx
mov rdx, rbx
mov rax, 0xffffffff00000001
mulx rcx, r12, rax
mov rdx, rbx
mov r13, 0xffffffff
mulx r14, r15, r13
mov rdx, rbx
mov r13, 0xffffffffffffffff
mov [rsp - 0x8], rcx
mulx rax, rcx, r13
mov r13, 0x0
setc r13b
add rax, r15
adcx r14, r8
add rbx, rcx
adcx r11, rax
adcx r9, r14
adcx rbp, r12
adcx r10, [rsp - 0x8]
adcx r13, r8
mov rdx, [rsi + 0x10]
mulx rax, rcx, [rsi + 0x18]
mulx rbx, r12, rdx
mulx r14, r15, [rsi + 0x8]
mov [rsp - 0x8], r13
mov [rsp - 0x10], r10
mulx r13, r10, [rsi]
add r13, r15
adcx r14, r12
adcx rbx, rcx
adcx rax, r8
add r11, r10
adcx r9, r13
adcx rbp, r14
adcx rbx, [rsp - 0x10]
adcx rax, [rsp - 0x8]
mov rdx, r11
mov r10, 0xffffffff00000001
mulx rcx, r12, r10
mov rdx, r11
mov r13, 0xffffffff
mulx r14, r15, r13
mov rdx, r11
mov r13, 0xffffffffffffffff
mov [rsp - 0x8], rcx
mulx r10, rcx, r13
mov r13, 0x0
setc r13b
add r10, r15
adcx r14, r8
add r11, rcx
adcx r9, r10
adcx rbp, r14
adcx rbx, r12
adcx rax, [rsp - 0x8]
adcx r13, r8
mov rdx, [rsi + 0x18]
mulx r10, r11, rdx
mulx rcx, r12, [rsi + 0x10]
mulx r14, r15, [rsi + 0x8]
mov [rsp - 0x8], r13
mov [rsp - 0x10], rax
mulx r13, rax, [rsi]
add r13, r15
adcx r14, r12
adcx rcx, r11
adcx r10, r8
add r9, rax
adcx rbp, r13
adcx rbx, r14
adcx rcx, [rsp - 0x10]
adcx r10, [rsp - 0x8]
mov rdx, r9
mov rax, 0xffffffff00000001
mulx r11, r12, rax
mov rdx, r9
mov r13, 0xffffffff
mulx r14, r15, r13
mov rdx, r9
mov rax, 0xffffffffffffffff
mov [rsp - 0x8], r11
mulx r13, r11, rax
mov rax, 0x0
setc al
add r13, r15
adcx r14, r8
add r9, r11
adcx rbp, r13
adcx rbx, r14
adcx rcx, r12
adcx r10, [rsp - 0x8]
adcx rax, r8
mov rdx, rbp
sub rdx, 0xffffffffffffffff
mov r9, rbx
mov r11, 0xffffffff
sbb r9, r11
mov r11, rcx
sbb r11, r8
mov r12, r10
mov r13, 0xffffffff00000001
sbb r12, r13
sbb rax, r8
cmovc rdx, rbp
mov [rdi], rdx
cmovc r9, rbx
mov [rdi + 0x8], r9
cmovc r11, rcx
mov [rdi + 0x10], r11
cmovc r12, r10
mov [rdi + 0x18], r12
mov rbx, [rsp - 0x18]
mov rbp, [rsp - 0x20]
mov r12, [rsp - 0x28]
mov r13, [rsp - 0x30]
mov r14, [rsp - 0x38]
mov r15, [rsp - 0x40]
ret
