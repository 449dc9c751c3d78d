SECTION .text
	GLOBAL fiat_p224_square
fiat_p224_square:
mov [rsp - 0x20], rbx
mov [rsp - 0x28], rbp
mov [rsp - 0x30], r12
mov [rsp - 0x38], r13
mov [rsp - 0x40], r14
mov [rsp - 0x48], r15
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
mov r10, 0xffffffffffffffff
mulx rcx, r12, r10
mov rdx, r12
mov rcx, 0xffffffff
mulx r13, r14, rcx
mov rdx, r12
mulx r15, rcx, r10
mov rdx, r12
mov r10, 0xffffffff00000000
mov [rsp - 0x8], rax
mov [rsp - 0x10], r9
mulx rax, r9, r10
add rax, rcx
adcx r15, r14
adcx r13, r8
add rbp, r12
adcx rbx, r9
adcx r11, rax
adcx r15, [rsp - 0x10]
adcx r13, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, [rsi + 0x8]
mulx r9, rcx, [rsi + 0x18]
mulx rbp, r12, [rsi + 0x10]
mulx r14, r10, rdx
mov [rsp - 0x8], rax
mov [rsp - 0x10], r13
mulx rax, r13, [rsi]
add rax, r10
adcx r14, r12
adcx rbp, rcx
adcx r9, r8
add rbx, r13
adcx r11, rax
adcx r15, r14
adcx rbp, [rsp - 0x10]
adcx r9, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, rbx
mov r10, 0xffffffffffffffff
mulx rcx, r12, r10
mov rdx, r12
mov rcx, 0xffffffff
mulx r13, r14, rcx
mov rdx, r12
mov [rsp - 0x8], rax
mulx rcx, rax, r10
mov rdx, r12
mov r10, 0xffffffff00000000
mov [rsp - 0x10], r9
mov [rsp - 0x18], rbp
mulx r9, rbp, r10
add r9, rax
adcx rcx, r14
adcx r13, r8
add rbx, r12
adcx r11, rbp
adcx r15, r9
adcx rcx, [rsp - 0x18]
adcx r13, [rsp - 0x10]
mov rax, [rsp - 0x8]
adcx rax, r8
mov rdx, [rsi + 0x10]
mulx r9, rbx, [rsi + 0x18]
mulx rbp, r12, rdx
mulx r14, r10, [rsi + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r13
mulx rax, r13, [rsi]
add rax, r10
adcx r14, r12
adcx rbp, rbx
adcx r9, r8
add r11, r13
adcx r15, rax
adcx rcx, r14
adcx rbp, [rsp - 0x10]
adcx r9, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r11
mov r10, 0xffffffffffffffff
mulx rbx, r12, r10
mov rdx, r12
mov rbx, 0xffffffff
mulx r13, r14, rbx
mov rdx, r12
mov [rsp - 0x8], rax
mulx rbx, rax, r10
mov rdx, r12
mov r10, 0xffffffff00000000
mov [rsp - 0x10], r9
mov [rsp - 0x18], rbp
mulx r9, rbp, r10
add r9, rax
adcx rbx, r14
adcx r13, r8
add r11, r12
adcx r15, rbp
adcx rcx, r9
adcx rbx, [rsp - 0x18]
adcx r13, [rsp - 0x10]
mov rax, [rsp - 0x8]
adcx rax, r8
mov rdx, [rsi + 0x18]
mulx r9, r11, rdx
mulx rbp, r12, [rsi + 0x10]
mulx r14, r10, [rsi + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r13
mulx rax, r13, [rsi]
add rax, r10
adcx r14, r12
adcx rbp, r11
adcx r9, r8
add r15, r13
adcx rcx, rax
adcx rbx, r14
adcx rbp, [rsp - 0x10]
adcx r9, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r15
mov r10, 0xffffffffffffffff
mulx r11, r12, r10
mov rdx, r12
mov r11, 0xffffffff
mulx r13, r14, r11
mov rdx, r12
mov [rsp - 0x8], rax
mulx r11, rax, r10
mov rdx, r12
mov r10, 0xffffffff00000000
mov [rsp - 0x10], r9
mov [rsp - 0x18], rbp
mulx r9, rbp, r10
add r9, rax
adcx r11, r14
adcx r13, r8
add r15, r12
adcx rcx, rbp
adcx rbx, r9
adcx r11, [rsp - 0x18]
adcx r13, [rsp - 0x10]
mov rax, [rsp - 0x8]
adcx rax, r8
mov rdx, rcx
sub rdx, 0x1
mov r9, rbx
sbb r9, r10
mov r10, r11
sbb r10, 0xffffffffffffffff
mov rbp, r13
mov r12, 0xffffffff
sbb rbp, r12
sbb rax, r8
cmovc rdx, rcx
mov [rdi], rdx
cmovc r9, rbx
mov [rdi + 0x8], r9
cmovc r10, r11
mov [rdi + 0x10], r10
cmovc rbp, r13
mov [rdi + 0x18], rbp
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
