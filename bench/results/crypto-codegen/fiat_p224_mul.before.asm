SECTION .text
	GLOBAL fiat_p224_mul
fiat_p224_mul:
mov [rsp - 0x20], rbx
mov [rsp - 0x28], rbp
mov [rsp - 0x30], r12
mov [rsp - 0x38], r13
mov [rsp - 0x40], r14
mov [rsp - 0x48], r15
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
mov rdx, [rsi + 0x8]
mulx rax, r9, [rcx + 0x18]
mulx rbx, r12, [rcx + 0x10]
mulx r14, r8, [rcx + 0x8]
mov [rsp - 0x8], r13
mov [rsp - 0x10], r15
mulx r13, r15, [rcx]
mov rdx, 0x0
setc dl
add r13, r8
adcx r14, r12
adcx rbx, r9
adcx rax, r10
add rbp, r15
adcx r11, r13
adcx r14, [rsp - 0x10]
adcx rbx, [rsp - 0x8]
adcx rdx, rax
mov r8, rdx
mov rdx, rbp
mov rax, 0xffffffffffffffff
mulx r9, r12, rax
mov rdx, r12
mov r9, 0xffffffff
mulx r13, r15, r9
mov rdx, r12
mov [rsp - 0x8], r8
mulx r9, r8, rax
mov rdx, r12
mov rax, 0xffffffff00000000
mov [rsp - 0x10], rbx
mov [rsp - 0x18], r14
mulx rbx, r14, rax
mov rax, 0x0
setc al
add rbx, r8
adcx r9, r15
adcx r13, r10
add rbp, r12
adcx r11, r14
adcx rbx, [rsp - 0x18]
adcx r9, [rsp - 0x10]
adcx r13, [rsp - 0x8]
adcx rax, r10
mov rdx, [rsi + 0x10]
mulx r8, rbp, [rcx + 0x18]
mulx r12, r14, [rcx + 0x10]
mov [rsp - 0x8], rax
mulx r15, rax, [rcx + 0x8]
mov [rsp - 0x10], r13
mov [rsp - 0x18], r9
mulx r13, r9, [rcx]
add r13, rax
adcx r15, r14
adcx r12, rbp
adcx r8, r10
add r11, r9
adcx rbx, r13
adcx r15, [rsp - 0x18]
adcx r12, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov rdx, r11
mov rax, 0xffffffffffffffff
mulx r9, rbp, rax
mov rdx, rbp
mov r9, 0xffffffff
mulx r13, r14, r9
mov rdx, rbp
mov [rsp - 0x8], r8
mulx r9, r8, rax
mov rdx, rbp
mov rax, 0xffffffff00000000
mov [rsp - 0x10], r12
mov [rsp - 0x18], r15
mulx r12, r15, rax
mov rax, 0x0
setc al
add r12, r8
adcx r9, r14
adcx r13, r10
add r11, rbp
adcx rbx, r15
adcx r12, [rsp - 0x18]
adcx r9, [rsp - 0x10]
adcx r13, [rsp - 0x8]
adcx rax, r10
mov rdx, [rsi + 0x18]
mulx r8, r11, [rcx + 0x18]
mulx rbp, r14, [rcx + 0x10]
mov [rsp - 0x8], rax
mulx r15, rax, [rcx + 0x8]
mov [rsp - 0x10], r13
mov [rsp - 0x18], r9
mulx r13, r9, [rcx]
add r13, rax
adcx r15, r14
adcx rbp, r11
adcx r8, r10
add rbx, r9
adcx r12, r13
adcx r15, [rsp - 0x18]
adcx rbp, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov rdx, rbx
mov rax, 0xffffffffffffffff
mulx r9, r11, rax
mov rdx, r11
mov r9, 0xffffffff
mulx r13, r14, r9
mov rdx, r11
mov [rsp - 0x8], r8
mulx r9, r8, rax
mov rdx, r11
mov rax, 0xffffffff00000000
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r15
mulx rbp, r15, rax
mov rax, 0x0
setc al
add rbp, r8
adcx r9, r14
adcx r13, r10
add rbx, r11
adcx r12, r15
adcx rbp, [rsp - 0x18]
adcx r9, [rsp - 0x10]
adcx r13, [rsp - 0x8]
adcx rax, r10
mov rdx, r12
sub rdx, 0x1
mov r8, rbp
mov r11, 0xffffffff00000000
sbb r8, r11
mov r11, r9
sbb r11, 0xffffffffffffffff
mov rbx, r13
mov r14, 0xffffffff
sbb rbx, r14
sbb rax, r10
cmovc rdx, r12
mov [rdi], rdx
cmovc r8, rbp
mov [rdi + 0x8], r8
cmovc r11, r9
mov [rdi + 0x10], r11
cmovc rbx, r13
mov [rdi + 0x18], rbx
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
