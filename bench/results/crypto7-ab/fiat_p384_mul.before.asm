SECTION .text
	GLOBAL fiat_p384_mul
fiat_p384_mul:
mov [rsp - 0x48], rbx
mov [rsp - 0x50], rbp
mov [rsp - 0x58], r12
mov [rsp - 0x60], r13
mov [rsp - 0x68], r14
mov [rsp - 0x70], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx + 0x28]
mulx r9, r10, [rcx + 0x20]
mulx r11, rbx, [rcx + 0x18]
mulx rbp, r12, [rcx + 0x10]
mulx r13, r14, [rcx + 0x8]
mov [rsp - 0x8], rax
mulx r15, rax, [rcx]
add r15, r14
adcx r13, r12
adcx rbp, rbx
adcx r11, r10
adcx r9, r8
mov r8, [rsp - 0x8]
adc r8, 0x0
mov rdx, rax
mov r10, 0x100000001
mulx rbx, r12, r10
mov rdx, r12
mov rbx, 0xffffffffffffffff
mulx r14, r10, rbx
mov rbx, 0xfffffffffffffffe
mov [rsp - 0x8], r8
mov [rsp - 0x10], r9
mulx r8, r9, rbx
mov rbx, 0xffffffff00000000
mov [rsp - 0x18], r11
mov [rsp - 0x20], rbp
mulx r11, rbp, rbx
mov rbx, 0xffffffff
mov [rsp - 0x28], r13
mulx r12, r13, rbx
add r12, rbp
adcx r11, r9
adcx r8, r10
mov r9, r14
adcx r9, r10
adcx r10, r14
adc r14, 0x0
add rax, r13
adcx r15, r12
adcx r11, [rsp - 0x28]
adcx r8, [rsp - 0x20]
adcx r9, [rsp - 0x18]
adcx r10, [rsp - 0x10]
adcx r14, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, [rsi + 0x8]
mulx rbp, r12, [rcx + 0x28]
mulx r13, rbx, [rcx + 0x20]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r14
mulx rax, r14, [rcx + 0x18]
mov [rsp - 0x18], r10
mov [rsp - 0x20], r9
mulx r10, r9, [rcx + 0x10]
mov [rsp - 0x28], r8
mov [rsp - 0x30], r11
mulx r8, r11, [rcx + 0x8]
mov [rsp - 0x38], r15
mov [rsp - 0x40], rbp
mulx r15, rbp, [rcx]
add r15, r11
adcx r8, r9
adcx r10, r14
adcx rax, rbx
adcx r13, r12
mov r9, [rsp - 0x40]
adc r9, 0x0
add rbp, [rsp - 0x38]
adcx r15, [rsp - 0x30]
adcx r8, [rsp - 0x28]
adcx r10, [rsp - 0x20]
adcx rax, [rsp - 0x18]
adcx r13, [rsp - 0x10]
adcx r9, [rsp - 0x8]
mov r11, 0x0
setc r11b
mov rdx, rbp
mov rbx, 0x100000001
mulx r12, r14, rbx
mov rdx, r14
mov r12, 0xffffffffffffffff
mov [rsp - 0x8], r11
mulx rbx, r11, r12
mov r12, 0xfffffffffffffffe
mov [rsp - 0x10], r9
mov [rsp - 0x18], r13
mulx r9, r13, r12
mov r12, 0xffffffff00000000
mov [rsp - 0x20], rax
mov [rsp - 0x28], r10
mulx rax, r10, r12
mov r12, 0xffffffff
mov [rsp - 0x30], r8
mulx r14, r8, r12
add r14, r10
adcx rax, r13
adcx r9, r11
mov r10, rbx
adcx r10, r11
adcx r11, rbx
adc rbx, 0x0
add rbp, r8
adcx r15, r14
adcx rax, [rsp - 0x30]
adcx r9, [rsp - 0x28]
adcx r10, [rsp - 0x20]
adcx r11, [rsp - 0x18]
adcx rbx, [rsp - 0x10]
mov r8, [rsp - 0x8]
adc r8, 0x0
mov rdx, [rsi + 0x10]
mulx rbp, r13, [rcx + 0x28]
mulx r14, r12, [rcx + 0x20]
mov [rsp - 0x8], r8
mov [rsp - 0x10], rbx
mulx r8, rbx, [rcx + 0x18]
mov [rsp - 0x18], r11
mov [rsp - 0x20], r10
mulx r11, r10, [rcx + 0x10]
mov [rsp - 0x28], r9
mov [rsp - 0x30], rax
mulx r9, rax, [rcx + 0x8]
mov [rsp - 0x38], r15
mov [rsp - 0x40], rbp
mulx r15, rbp, [rcx]
add r15, rax
adcx r9, r10
adcx r11, rbx
adcx r8, r12
adcx r14, r13
mov rax, [rsp - 0x40]
adc rax, 0x0
add rbp, [rsp - 0x38]
adcx r15, [rsp - 0x30]
adcx r9, [rsp - 0x28]
adcx r11, [rsp - 0x20]
adcx r8, [rsp - 0x18]
adcx r14, [rsp - 0x10]
adcx rax, [rsp - 0x8]
mov r10, 0x0
setc r10b
mov rdx, rbp
mov rbx, 0x100000001
mulx r12, r13, rbx
mov rdx, r13
mov r12, 0xffffffffffffffff
mov [rsp - 0x8], r10
mulx rbx, r10, r12
mov r12, 0xfffffffffffffffe
mov [rsp - 0x10], rax
mov [rsp - 0x18], r14
mulx rax, r14, r12
mov r12, 0xffffffff00000000
mov [rsp - 0x20], r8
mov [rsp - 0x28], r11
mulx r8, r11, r12
mov r12, 0xffffffff
mov [rsp - 0x30], r9
mulx r13, r9, r12
add r13, r11
adcx r8, r14
adcx rax, r10
mov r11, rbx
adcx r11, r10
adcx r10, rbx
adc rbx, 0x0
add rbp, r9
adcx r15, r13
adcx r8, [rsp - 0x30]
adcx rax, [rsp - 0x28]
adcx r11, [rsp - 0x20]
adcx r10, [rsp - 0x18]
adcx rbx, [rsp - 0x10]
mov r9, [rsp - 0x8]
adc r9, 0x0
mov rdx, [rsi + 0x18]
mulx rbp, r13, [rcx + 0x28]
mulx r14, r12, [rcx + 0x20]
mov [rsp - 0x8], r9
mov [rsp - 0x10], rbx
mulx r9, rbx, [rcx + 0x18]
mov [rsp - 0x18], r10
mov [rsp - 0x20], r11
mulx r10, r11, [rcx + 0x10]
mov [rsp - 0x28], rax
mov [rsp - 0x30], r8
mulx rax, r8, [rcx + 0x8]
mov [rsp - 0x38], r15
mov [rsp - 0x40], rbp
mulx r15, rbp, [rcx]
add r15, r8
adcx rax, r11
adcx r10, rbx
adcx r9, r12
adcx r14, r13
mov r8, [rsp - 0x40]
adc r8, 0x0
add rbp, [rsp - 0x38]
adcx r15, [rsp - 0x30]
adcx rax, [rsp - 0x28]
adcx r10, [rsp - 0x20]
adcx r9, [rsp - 0x18]
adcx r14, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov r11, 0x0
setc r11b
mov rdx, rbp
mov rbx, 0x100000001
mulx r12, r13, rbx
mov rdx, r13
mov r12, 0xffffffffffffffff
mov [rsp - 0x8], r11
mulx rbx, r11, r12
mov r12, 0xfffffffffffffffe
mov [rsp - 0x10], r8
mov [rsp - 0x18], r14
mulx r8, r14, r12
mov r12, 0xffffffff00000000
mov [rsp - 0x20], r9
mov [rsp - 0x28], r10
mulx r9, r10, r12
mov r12, 0xffffffff
mov [rsp - 0x30], rax
mulx r13, rax, r12
add r13, r10
adcx r9, r14
adcx r8, r11
mov r10, rbx
adcx r10, r11
adcx r11, rbx
adc rbx, 0x0
add rbp, rax
adcx r15, r13
adcx r9, [rsp - 0x30]
adcx r8, [rsp - 0x28]
adcx r10, [rsp - 0x20]
adcx r11, [rsp - 0x18]
adcx rbx, [rsp - 0x10]
mov rax, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rsi + 0x20]
mulx rbp, r13, [rcx + 0x28]
mulx r14, r12, [rcx + 0x20]
mov [rsp - 0x8], rax
mov [rsp - 0x10], rbx
mulx rax, rbx, [rcx + 0x18]
mov [rsp - 0x18], r11
mov [rsp - 0x20], r10
mulx r11, r10, [rcx + 0x10]
mov [rsp - 0x28], r8
mov [rsp - 0x30], r9
mulx r8, r9, [rcx + 0x8]
mov [rsp - 0x38], r15
mov [rsp - 0x40], rbp
mulx r15, rbp, [rcx]
add r15, r9
adcx r8, r10
adcx r11, rbx
adcx rax, r12
adcx r14, r13
mov r9, [rsp - 0x40]
adc r9, 0x0
add rbp, [rsp - 0x38]
adcx r15, [rsp - 0x30]
adcx r8, [rsp - 0x28]
adcx r11, [rsp - 0x20]
adcx rax, [rsp - 0x18]
adcx r14, [rsp - 0x10]
adcx r9, [rsp - 0x8]
mov r10, 0x0
setc r10b
mov rdx, rbp
mov rbx, 0x100000001
mulx r12, r13, rbx
mov rdx, r13
mov r12, 0xffffffffffffffff
mov [rsp - 0x8], r10
mulx rbx, r10, r12
mov r12, 0xfffffffffffffffe
mov [rsp - 0x10], r9
mov [rsp - 0x18], r14
mulx r9, r14, r12
mov r12, 0xffffffff00000000
mov [rsp - 0x20], rax
mov [rsp - 0x28], r11
mulx rax, r11, r12
mov r12, 0xffffffff
mov [rsp - 0x30], r8
mulx r13, r8, r12
add r13, r11
adcx rax, r14
adcx r9, r10
mov r11, rbx
adcx r11, r10
adcx r10, rbx
adc rbx, 0x0
add rbp, r8
adcx r15, r13
adcx rax, [rsp - 0x30]
adcx r9, [rsp - 0x28]
adcx r11, [rsp - 0x20]
adcx r10, [rsp - 0x18]
adcx rbx, [rsp - 0x10]
mov r8, [rsp - 0x8]
adc r8, 0x0
mov rdx, [rsi + 0x28]
mulx rbp, r13, [rcx + 0x28]
mulx r14, r12, [rcx + 0x20]
mov [rsp - 0x8], r8
mov [rsp - 0x10], rbx
mulx r8, rbx, [rcx + 0x18]
mov [rsp - 0x18], r10
mov [rsp - 0x20], r11
mulx r10, r11, [rcx + 0x10]
mov [rsp - 0x28], r9
mov [rsp - 0x30], rax
mulx r9, rax, [rcx + 0x8]
mov [rsp - 0x38], r15
mov [rsp - 0x40], rbp
mulx r15, rbp, [rcx]
add r15, rax
adcx r9, r11
adcx r10, rbx
adcx r8, r12
adcx r14, r13
mov rax, [rsp - 0x40]
adc rax, 0x0
add rbp, [rsp - 0x38]
adcx r15, [rsp - 0x30]
adcx r9, [rsp - 0x28]
adcx r10, [rsp - 0x20]
adcx r8, [rsp - 0x18]
adcx r14, [rsp - 0x10]
adcx rax, [rsp - 0x8]
mov r11, 0x0
setc r11b
mov rdx, rbp
mov rsi, 0x100000001
mulx rsi, rcx, rsi
mov rdx, rcx
mov rsi, 0xffffffffffffffff
mulx rbx, r12, rsi
mov r13, 0xfffffffffffffffe
mov [rsp - 0x8], r11
mulx rsi, r11, r13
mov r13, 0xffffffff00000000
mov [rsp - 0x10], rax
mov [rsp - 0x18], r14
mulx rax, r14, r13
mov r13, 0xffffffff
mov [rsp - 0x20], r8
mulx rcx, r8, r13
add rcx, r14
adcx rax, r11
adcx rsi, r12
mov r11, rbx
adcx r11, r12
adcx r12, rbx
adc rbx, 0x0
add rbp, r8
adcx r15, rcx
adcx r9, rax
adcx r10, rsi
adcx r11, [rsp - 0x20]
adcx r12, [rsp - 0x18]
adcx rbx, [rsp - 0x10]
mov rax, [rsp - 0x8]
adc rax, 0x0
mov r8, r15
sub r8, r13
mov rdx, r9
mov rsi, 0xffffffff00000000
sbb rdx, rsi
mov rsi, r10
sbb rsi, 0xfffffffffffffffe
mov rcx, r11
sbb rcx, 0xffffffffffffffff
mov rbp, r12
sbb rbp, 0xffffffffffffffff
mov r13, rbx
sbb r13, 0xffffffffffffffff
sbb rax, 0x0
cmovc r8, r15
mov [rdi], r8
cmovc rdx, r9
mov [rdi + 0x8], rdx
cmovc rsi, r10
mov [rdi + 0x10], rsi
cmovc rcx, r11
mov [rdi + 0x18], rcx
cmovc rbp, r12
mov [rdi + 0x20], rbp
cmovc r13, rbx
mov [rdi + 0x28], r13
mov rbx, [rsp - 0x48]
mov rbp, [rsp - 0x50]
mov r12, [rsp - 0x58]
mov r13, [rsp - 0x60]
mov r14, [rsp - 0x68]
mov r15, [rsp - 0x70]
ret
