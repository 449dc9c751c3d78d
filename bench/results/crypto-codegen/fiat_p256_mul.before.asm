SECTION .text
	GLOBAL fiat_p256_mul
fiat_p256_mul:
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
mov r8, 0xffffffff00000001
mulx r10, rbx, r8
mov rdx, r12
mov r13, 0xffffffff
mulx r14, r15, r13
mov rdx, r12
mov r13, 0xffffffffffffffff
mov [rsp - 0x8], r10
mulx r8, r10, r13
add r8, r15
mov r15, 0x0
adcx r14, r15
add r12, r10
adcx rbp, r8
adcx r11, r14
adcx r9, rbx
adcx rax, [rsp - 0x8]
mov rdx, [rsi + 0x8]
mulx r8, r10, [rcx + 0x18]
mulx rbx, r12, [rcx + 0x10]
mulx r14, r13, [rcx + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r9
mulx rax, r9, [rcx]
mov rdx, 0x0
setc dl
add rax, r13
adcx r14, r12
adcx rbx, r10
adcx r8, r15
add rbp, r9
adcx r11, rax
adcx r14, [rsp - 0x10]
adcx rbx, [rsp - 0x8]
adcx rdx, r8
mov r8, rdx
mov rdx, rbp
mov rax, 0xffffffff00000001
mulx r9, r10, rax
mov rdx, rbp
mov r12, 0xffffffff
mulx r13, rax, r12
mov rdx, rbp
mov r12, 0xffffffffffffffff
mov [rsp - 0x8], r9
mov [rsp - 0x10], r8
mulx r9, r8, r12
mov r12, 0x0
setc r12b
add r9, rax
adcx r13, r15
add rbp, r8
adcx r11, r9
adcx r14, r13
adcx rbx, r10
mov rax, [rsp - 0x10]
adcx rax, [rsp - 0x8]
adcx r12, r15
mov rdx, [rsi + 0x10]
mulx r8, r9, [rcx + 0x18]
mulx r10, rbp, [rcx + 0x10]
mov [rsp - 0x8], r12
mulx r13, r12, [rcx + 0x8]
mov [rsp - 0x10], rax
mov [rsp - 0x18], rbx
mulx rax, rbx, [rcx]
add rax, r12
adcx r13, rbp
adcx r10, r9
adcx r8, r15
add r11, rbx
adcx r14, rax
adcx r13, [rsp - 0x18]
adcx r10, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov rdx, r11
mov rax, 0xffffffff00000001
mulx r9, rbx, rax
mov rdx, r11
mov rbp, 0xffffffff
mulx r12, rax, rbp
mov rdx, r11
mov rbp, 0xffffffffffffffff
mov [rsp - 0x8], r9
mov [rsp - 0x10], r8
mulx r9, r8, rbp
mov rbp, 0x0
setc bpl
add r9, rax
adcx r12, r15
add r11, r8
adcx r14, r9
adcx r13, r12
adcx r10, rbx
mov rax, [rsp - 0x10]
adcx rax, [rsp - 0x8]
adcx rbp, r15
mov rdx, [rsi + 0x18]
mulx r8, r9, [rcx + 0x18]
mulx r11, rbx, [rcx + 0x10]
mov [rsp - 0x8], rbp
mulx r12, rbp, [rcx + 0x8]
mov [rsp - 0x10], rax
mov [rsp - 0x18], r10
mulx rax, r10, [rcx]
add rax, rbp
adcx r12, rbx
adcx r11, r9
adcx r8, r15
add r14, r10
adcx r13, rax
adcx r12, [rsp - 0x18]
adcx r11, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov rdx, r14
mov rax, 0xffffffff00000001
mulx r9, r10, rax
mov rdx, r14
mov rbx, 0xffffffff
mulx rbp, rax, rbx
mov rdx, 0xffffffffffffffff
mov [rsp - 0x8], r9
mulx rbx, r9, r14
mov rdx, 0x0
setc dl
add rbx, rax
adcx rbp, r15
add r14, r9
adcx r13, rbx
adcx r12, rbp
adcx r11, r10
adcx r8, [rsp - 0x8]
adcx rdx, r15
mov rax, r13
sub rax, 0xffffffffffffffff
mov r9, r12
mov r10, 0xffffffff
sbb r9, r10
mov r10, r11
sbb r10, r15
mov rbx, r8
mov rbp, 0xffffffff00000001
sbb rbx, rbp
sbb rdx, r15
cmovc rax, r13
mov [rdi], rax
cmovc r9, r12
mov [rdi + 0x8], r9
cmovc r10, r11
mov [rdi + 0x10], r10
cmovc rbx, r8
mov [rdi + 0x18], rbx
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
