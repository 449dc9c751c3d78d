SECTION .text
	GLOBAL fiat_curve25519_solinas_square
fiat_curve25519_solinas_square:
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
mov rdx, [rsi + 0x18]
mulx rbx, rbp, [rsi + 0x10]
mulx r12, r13, [rsi + 0x8]
add r11, r10
adcx r9, r8
adcx rax, r13
adcx r12, rbp
mov r8, 0x0
adcx rbx, r8
mov rdx, [rsi + 0x8]
mulx r10, rbp, [rsi + 0x10]
add r9, rbp
adcx rax, r10
adcx r12, r8
adcx rbx, r8
mov r10, rcx
mov rbp, 0x0
setc bpl
add r10, rcx
mov rcx, r11
adcx rcx, r11
mov r11, r9
adcx r11, r9
mov r9, rax
adcx r9, rax
mov rax, r12
adcx rax, r12
mov r12, rbx
adcx r12, rbx
mov rbx, rbp
adcx rbx, r8
bt rbp, 0x0
adcx rbx, r8
mov rdx, [rsi + 0x18]
mulx rbp, r13, rdx
mov rdx, [rsi + 0x10]
mulx r14, r15, rdx
mov rdx, [rsi + 0x8]
mov [rsp - 0x8], rbp
mulx r8, rbp, rdx
mov rdx, [rsi]
mov [rsp - 0x10], rbx
mov [rsp - 0x18], r13
mulx rbx, r13, rdx
add r10, rbx
adcx rcx, rbp
adcx r11, r8
adcx r9, r15
adcx rax, r14
adcx r12, [rsp - 0x18]
mov rdx, [rsp - 0x10]
adcx rdx, [rsp - 0x8]
mov r8, 0x26
mulx rbx, rbp, r8
mov rdx, 0x26
mulx r14, r15, r12
mov rdx, 0x26
mov [rsp - 0x8], r14
mulx r12, r14, rax
mov rdx, 0x26
mov [rsp - 0x10], r12
mulx rax, r12, r9
add r10, r14
adcx rcx, r15
adcx r11, rbp
mov r9, 0x0
adcx rbx, r9
add r13, r12
adcx r10, rax
adcx rcx, [rsp - 0x10]
adcx r11, [rsp - 0x8]
adcx rbx, r9
mov rdx, 0x26
mulx rax, rbp, rbx
add r13, rbp
adcx r10, r9
mov [rdi + 0x8], r10
adcx rcx, r9
mov [rdi + 0x10], rcx
adcx r11, r9
mov [rdi + 0x18], r11
cmovc r9, r8
add r9, r13
mov [rdi], r9
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
