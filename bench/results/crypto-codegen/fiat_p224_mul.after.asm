SECTION .text
	GLOBAL fiat_p224_mul
fiat_p224_mul:
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
mov rdx, [rsi + 0x8]
mulx rax, r9, [rcx + 0x18]
mulx rbx, r12, [rcx + 0x10]
mulx r14, r15, [rcx + 0x8]
mov [rsp - 0x8], r13
mulx r8, r13, [rcx]
mov rdx, 0x0
setc dl
add r8, r15
adcx r14, r12
adcx rbx, r9
adc rax, 0x0
add rbp, r13
adcx r11, r8
adcx r10, r14
adcx rbx, [rsp - 0x8]
adcx rdx, rax
mov r8, rdx
mov rdx, rbp
mov rax, 0xffffffffffffffff
mulx r9, r12, rax
mov rdx, r12
mov r9, 0xffffffff
mulx r13, r14, r9
mulx r15, r9, rax
mov rax, 0xffffffff00000000
mov [rsp - 0x8], r8
mov [rsp - 0x10], rbx
mulx r8, rbx, rax
mov rax, 0x0
setc al
add r8, r9
adcx r15, r14
adc r13, 0x0
add rbp, r12
adcx r11, rbx
adcx r10, r8
adcx r15, [rsp - 0x10]
adcx r13, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rsi + 0x10]
mulx r8, r9, [rcx + 0x18]
mulx rbx, rbp, [rcx + 0x10]
mulx r12, r14, [rcx + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r13
mulx rax, r13, [rcx]
add rax, r14
adcx r12, rbp
adcx rbx, r9
adc r8, 0x0
add r11, r13
adcx r10, rax
adcx r15, r12
adcx rbx, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov rdx, r11
mov rax, 0xffffffffffffffff
mulx r9, rbp, rax
mov rdx, rbp
mov r9, 0xffffffff
mulx r12, r13, r9
mulx r14, r9, rax
mov rax, 0xffffffff00000000
mov [rsp - 0x8], r8
mov [rsp - 0x10], rbx
mulx r8, rbx, rax
mov rax, 0x0
setc al
add r8, r9
adcx r14, r13
adc r12, 0x0
add r11, rbp
adcx r10, rbx
adcx r15, r8
adcx r14, [rsp - 0x10]
adcx r12, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rsi + 0x18]
mulx r8, r9, [rcx + 0x18]
mulx r11, rbx, [rcx + 0x10]
mulx rbp, r13, [rcx + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r12
mulx rax, r12, [rcx]
add rax, r13
adcx rbp, rbx
adcx r11, r9
adc r8, 0x0
add r10, r12
adcx r15, rax
adcx r14, rbp
adcx r11, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov rdx, r10
mov rax, 0xffffffffffffffff
mulx r9, rsi, rax
mov rdx, rsi
mov r9, 0xffffffff
mulx rcx, rbx, r9
mulx rbp, r12, rax
mov r13, 0xffffffff00000000
mulx r9, rax, r13
mov r13, 0x0
setc r13b
add r9, r12
adcx rbp, rbx
adc rcx, 0x0
add r10, rsi
adcx r15, rax
adcx r14, r9
adcx r11, rbp
adcx r8, rcx
adc r13, 0x0
mov rax, r15
sub rax, 0x1
mov r9, r14
mov r10, 0xffffffff00000000
sbb r9, r10
mov r10, r11
sbb r10, 0xffffffffffffffff
mov rdx, r8
mov rsi, 0xffffffff
sbb rdx, rsi
sbb r13, 0x0
cmovc rax, r15
mov [rdi], rax
cmovc r9, r14
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
