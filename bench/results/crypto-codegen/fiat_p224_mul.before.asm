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
adc rax, 0x0
mov rdx, r12
mov r8, 0xffffffffffffffff
mulx r10, rbx, r8
mov rdx, rbx
mov r10, 0xffffffff
mulx r13, r14, r10
mulx r10, r15, r8
mov r8, 0xffffffff00000000
mov [rsp - 0x8], rax
mov [rsp - 0x10], r9
mulx rax, r9, r8
add rax, r15
adcx r10, r14
adc r13, 0x0
add r12, rbx
adcx rbp, r9
adcx r11, rax
adcx r10, [rsp - 0x10]
adcx r13, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, [rsi + 0x8]
mulx r9, rbx, [rcx + 0x18]
mulx r12, r14, [rcx + 0x10]
mulx r15, r8, [rcx + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r13
mulx rax, r13, [rcx]
add rax, r8
adcx r15, r14
adcx r12, rbx
adc r9, 0x0
add rbp, r13
adcx r11, rax
adcx r10, r15
adcx r12, [rsp - 0x10]
adcx r9, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, rbp
mov r8, 0xffffffffffffffff
mulx rbx, r13, r8
mov rdx, r13
mov rbx, 0xffffffff
mulx r14, r15, rbx
mov [rsp - 0x8], rax
mulx rbx, rax, r8
mov r8, 0xffffffff00000000
mov [rsp - 0x10], r9
mov [rsp - 0x18], r12
mulx r9, r12, r8
add r9, rax
adcx rbx, r15
adc r14, 0x0
add rbp, r13
adcx r11, r12
adcx r10, r9
adcx rbx, [rsp - 0x18]
adcx r14, [rsp - 0x10]
mov rax, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rsi + 0x10]
mulx r9, rbp, [rcx + 0x18]
mulx r12, r13, [rcx + 0x10]
mulx r15, r8, [rcx + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r14
mulx rax, r14, [rcx]
add rax, r8
adcx r15, r13
adcx r12, rbp
adc r9, 0x0
add r11, r14
adcx r10, rax
adcx rbx, r15
adcx r12, [rsp - 0x10]
adcx r9, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r11
mov r8, 0xffffffffffffffff
mulx rbp, r13, r8
mov rdx, r13
mov rbp, 0xffffffff
mulx r14, r15, rbp
mov [rsp - 0x8], rax
mulx rbp, rax, r8
mov r8, 0xffffffff00000000
mov [rsp - 0x10], r9
mov [rsp - 0x18], r12
mulx r9, r12, r8
add r9, rax
adcx rbp, r15
adc r14, 0x0
add r11, r13
adcx r10, r12
adcx rbx, r9
adcx rbp, [rsp - 0x18]
adcx r14, [rsp - 0x10]
mov rax, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rsi + 0x18]
mulx r9, r11, [rcx + 0x18]
mulx r12, r13, [rcx + 0x10]
mulx r15, r8, [rcx + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r14
mulx rax, r14, [rcx]
add rax, r8
adcx r15, r13
adcx r12, r11
adc r9, 0x0
add r10, r14
adcx rbx, rax
adcx rbp, r15
adcx r12, [rsp - 0x10]
adcx r9, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r10
mov r8, 0xffffffffffffffff
mulx r11, rsi, r8
mov rdx, rsi
mov r11, 0xffffffff
mulx rcx, r13, r11
mulx r14, r15, r8
mov r11, 0xffffffff00000000
mov [rsp - 0x8], rax
mulx r8, rax, r11
add r8, r15
adcx r14, r13
adc rcx, 0x0
add r10, rsi
adcx rbx, rax
adcx rbp, r8
adcx r12, r14
adcx r9, rcx
mov rax, [rsp - 0x8]
adc rax, 0x0
mov r8, rbx
sub r8, 0x1
mov r10, rbp
sbb r10, r11
mov r11, r12
sbb r11, 0xffffffffffffffff
mov rdx, r9
mov rsi, 0xffffffff
sbb rdx, rsi
sbb rax, 0x0
cmovc r8, rbx
mov [rdi], r8
cmovc r10, rbp
mov [rdi + 0x8], r10
cmovc r11, r12
mov [rdi + 0x10], r11
cmovc rdx, r9
mov [rdi + 0x18], rdx
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
