SECTION .text
	GLOBAL fiat_p224_mul
fiat_p224_mul:
mov [rsp - 0x28], rbx
mov [rsp - 0x30], rbp
mov [rsp - 0x38], r12
mov [rsp - 0x40], r13
mov [rsp - 0x48], r14
mov [rsp - 0x50], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx + 0x18]
mulx r9, r10, [rcx + 0x10]
mulx r11, rbx, [rcx + 0x8]
mulx rbp, r12, [rcx]
add rbp, rbx
adcx r11, r10
adcx r9, r8
mov rdx, 0x0
adcx rax, rdx
mov rdx, r12
mov r8, 0xffffffffffffffff
mulx r10, rbx, r8
mov rdx, rbx
mov r10, 0xffffffff
mulx r13, r14, r10
mov rdx, rbx
mulx r15, r10, r8
mov rdx, rbx
mov r8, 0xffffffff00000000
mov [rsp - 0x8], rax
mov [rsp - 0x10], r9
mulx rax, r9, r8
add rax, r10
adcx r15, r14
mov r10, 0x0
adcx r13, r10
add r12, rbx
adcx rbp, r9
adcx r11, rax
adcx r15, [rsp - 0x10]
adcx r13, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, [rsi + 0x8]
mulx r9, rbx, [rcx + 0x18]
mulx r12, r14, [rcx + 0x10]
mov [rsp - 0x8], rax
mulx r8, rax, [rcx + 0x8]
mov [rsp - 0x10], r13
mov [rsp - 0x18], r15
mulx r13, r15, [rcx]
add r13, rax
adcx r8, r14
adcx r12, rbx
adcx r9, r10
add rbp, r15
adcx r11, r13
adcx r8, [rsp - 0x18]
adcx r12, [rsp - 0x10]
adcx r9, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, rbp
mov rbx, 0xffffffffffffffff
mulx r13, r14, rbx
mov rdx, r14
mov r13, 0xffffffff
mov [rsp - 0x8], rax
mulx r15, rax, r13
mov rdx, r14
mov [rsp - 0x10], r9
mulx r13, r9, rbx
mov rdx, r14
mov rbx, 0xffffffff00000000
mov [rsp - 0x18], r12
mov [rsp - 0x20], r8
mulx r12, r8, rbx
add r12, r9
adcx r13, rax
adcx r15, r10
add rbp, r14
adcx r11, r8
adcx r12, [rsp - 0x20]
adcx r13, [rsp - 0x18]
adcx r15, [rsp - 0x10]
mov rax, [rsp - 0x8]
adcx rax, r10
mov rdx, [rsi + 0x10]
mulx r8, r9, [rcx + 0x18]
mulx rbp, r14, [rcx + 0x10]
mov [rsp - 0x8], rax
mulx rbx, rax, [rcx + 0x8]
mov [rsp - 0x10], r15
mov [rsp - 0x18], r13
mulx r15, r13, [rcx]
add r15, rax
adcx rbx, r14
adcx rbp, r9
adcx r8, r10
add r11, r13
adcx r12, r15
adcx rbx, [rsp - 0x18]
adcx rbp, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r11
mov r9, 0xffffffffffffffff
mulx r13, r14, r9
mov rdx, r14
mov r13, 0xffffffff
mov [rsp - 0x8], rax
mulx r15, rax, r13
mov rdx, r14
mov [rsp - 0x10], r8
mulx r13, r8, r9
mov rdx, r14
mov r9, 0xffffffff00000000
mov [rsp - 0x18], rbp
mov [rsp - 0x20], rbx
mulx rbp, rbx, r9
add rbp, r8
adcx r13, rax
adcx r15, r10
add r11, r14
adcx r12, rbx
adcx rbp, [rsp - 0x20]
adcx r13, [rsp - 0x18]
adcx r15, [rsp - 0x10]
mov rax, [rsp - 0x8]
adcx rax, r10
mov rdx, [rsi + 0x18]
mulx r8, r11, [rcx + 0x18]
mulx rbx, r14, [rcx + 0x10]
mov [rsp - 0x8], rax
mulx r9, rax, [rcx + 0x8]
mov [rsp - 0x10], r15
mov [rsp - 0x18], r13
mulx r15, r13, [rcx]
add r15, rax
adcx r9, r14
adcx rbx, r11
adcx r8, r10
add r12, r13
adcx rbp, r15
adcx r9, [rsp - 0x18]
adcx rbx, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r12
mov r11, 0xffffffffffffffff
mulx r13, r14, r11
mov rdx, r14
mov r13, 0xffffffff
mov [rsp - 0x8], rax
mulx r15, rax, r13
mov rdx, r14
mov [rsp - 0x10], r8
mulx r13, r8, r11
mov rdx, r14
mov r11, 0xffffffff00000000
mov [rsp - 0x18], rbx
mov [rsp - 0x20], r9
mulx rbx, r9, r11
add rbx, r8
adcx r13, rax
adcx r15, r10
add r12, r14
adcx rbp, r9
adcx rbx, [rsp - 0x20]
adcx r13, [rsp - 0x18]
adcx r15, [rsp - 0x10]
mov rax, [rsp - 0x8]
adcx rax, r10
mov rdx, rbp
sub rdx, 0x1
mov r8, rbx
sbb r8, r11
mov r9, r13
sbb r9, 0xffffffffffffffff
mov r11, r15
mov r12, 0xffffffff
sbb r11, r12
sbb rax, r10
cmovc rdx, rbp
mov [rdi], rdx
cmovc r8, rbx
mov [rdi + 0x8], r8
cmovc r9, r13
mov [rdi + 0x10], r9
cmovc r11, r15
mov [rdi + 0x18], r11
mov rbx, [rsp - 0x28]
mov rbp, [rsp - 0x30]
mov r12, [rsp - 0x38]
mov r13, [rsp - 0x40]
mov r14, [rsp - 0x48]
mov r15, [rsp - 0x50]
ret
