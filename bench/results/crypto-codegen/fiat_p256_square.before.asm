SECTION .text
	GLOBAL fiat_p256_square
fiat_p256_square:
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
mov r8, 0xffffffff00000001
mulx r10, rcx, r8
mov r8, 0xffffffff
mulx r12, r13, r8
mov r8, 0xffffffffffffffff
mulx r14, r15, r8
add r14, r13
adc r12, 0x0
add rbp, r15
adcx rbx, r14
adcx r11, r12
adcx r9, rcx
adcx rax, r10
mov rdx, [rsi + 0x8]
mulx r10, rcx, [rsi + 0x18]
mulx rbp, r12, [rsi + 0x10]
mulx r13, r14, rdx
mulx r15, r8, [rsi]
mov rdx, 0x0
setc dl
add r15, r14
adcx r13, r12
adcx rbp, rcx
adc r10, 0x0
add rbx, r8
adcx r11, r15
adcx r9, r13
adcx rax, rbp
adcx rdx, r10
mov r8, rdx
mov rdx, rbx
mov r10, 0xffffffff00000001
mulx rcx, rbp, r10
mov r12, 0xffffffff
mulx r13, r14, r12
mov r15, 0xffffffffffffffff
mulx r12, r10, r15
mov r15, 0x0
setc r15b
add r12, r14
adc r13, 0x0
add rbx, r10
adcx r11, r12
adcx r9, r13
adcx rax, rbp
adcx r8, rcx
adc r15, 0x0
mov rdx, [rsi + 0x10]
mulx r10, rcx, [rsi + 0x18]
mulx rbx, rbp, rdx
mulx r12, r13, [rsi + 0x8]
mov [rsp - 0x8], r15
mulx r14, r15, [rsi]
add r14, r13
adcx r12, rbp
adcx rbx, rcx
adc r10, 0x0
add r11, r15
adcx r9, r14
adcx rax, r12
adcx r8, rbx
adcx r10, [rsp - 0x8]
mov rdx, r11
mov rcx, 0xffffffff00000001
mulx rbx, rbp, rcx
mov r12, 0xffffffff
mulx r13, r14, r12
mov r15, 0xffffffffffffffff
mulx r12, rcx, r15
mov r15, 0x0
setc r15b
add r12, r14
adc r13, 0x0
add r11, rcx
adcx r9, r12
adcx rax, r13
adcx r8, rbp
adcx r10, rbx
adc r15, 0x0
mov rdx, [rsi + 0x18]
mulx r11, rcx, rdx
mulx rbx, rbp, [rsi + 0x10]
mulx r12, r13, [rsi + 0x8]
mov [rsp - 0x8], r15
mulx r14, r15, [rsi]
add r14, r13
adcx r12, rbp
adcx rbx, rcx
adc r11, 0x0
add r9, r15
adcx rax, r14
adcx r8, r12
adcx r10, rbx
adcx r11, [rsp - 0x8]
mov rdx, r9
mov rcx, 0xffffffff00000001
mulx rsi, rbx, rcx
mov rbp, 0xffffffff
mulx r12, r13, rbp
mov r14, 0xffffffffffffffff
mulx r15, rcx, r14
mov rbp, 0x0
setc bpl
add r15, r13
adc r12, 0x0
add r9, rcx
adcx rax, r15
adcx r8, r12
adcx r10, rbx
adcx r11, rsi
adc rbp, 0x0
mov r9, rax
sub r9, r14
mov rcx, r8
mov rdx, 0xffffffff
sbb rcx, rdx
mov rdx, r10
sbb rdx, 0x0
mov rsi, r11
mov rbx, 0xffffffff00000001
sbb rsi, rbx
sbb rbp, 0x0
cmovc r9, rax
mov [rdi], r9
cmovc rcx, r8
mov [rdi + 0x8], rcx
cmovc rdx, r10
mov [rdi + 0x10], rdx
cmovc rsi, r11
mov [rdi + 0x18], rsi
mov rbx, [rsp - 0x10]
mov rbp, [rsp - 0x18]
mov r12, [rsp - 0x20]
mov r13, [rsp - 0x28]
mov r14, [rsp - 0x30]
mov r15, [rsp - 0x38]
ret
