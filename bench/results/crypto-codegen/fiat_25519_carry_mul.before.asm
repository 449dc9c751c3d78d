SECTION .text
	GLOBAL fiat_25519_carry_mul
fiat_25519_carry_mul:
mov [rsp - 0x28], rbx
mov [rsp - 0x30], rbp
mov [rsp - 0x38], r12
mov [rsp - 0x40], r13
mov [rsp - 0x48], r14
mov [rsp - 0x50], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx]
imul r9, [rcx + 0x20], 0x13
mov rdx, [rsi + 0x8]
mulx r10, r11, r9
imul rdx, [rcx + 0x18], 0x13
mulx rbx, rbp, [rsi + 0x10]
imul r12, [rcx + 0x10], 0x13
mov r13, rdx
mov rdx, [rsi + 0x18]
mulx r14, r15, r12
imul rdx, [rcx + 0x8], 0x13
mov [rsp - 0x8], r12
mov [rsp - 0x10], r13
mulx r12, r13, [rsi + 0x20]
add r15, r13
adcx r14, r12
add rbp, r15
adcx rbx, r14
add r11, rbp
adcx r10, rbx
add r8, r11
adcx rax, r10
mov r10, r8
mov r11, 0x7ffffffffffff
and r10, r11
shrd r8, rax, 0x33
mov rdx, [rsi]
mulx rax, rbx, [rcx + 0x8]
mov rdx, [rsi + 0x8]
mulx rbp, r12, [rcx]
mov rdx, [rsi + 0x10]
mulx r13, r14, r9
mov rdx, [rsi + 0x18]
mulx r15, r11, [rsp - 0x10]
mov rdx, [rsi + 0x20]
mov [rsp - 0x18], r10
mov [rsp - 0x20], r9
mulx r10, r9, [rsp - 0x8]
add r11, r9
adcx r15, r10
add r14, r11
adcx r13, r15
add r12, r14
adcx rbp, r13
add rbx, r12
adcx rax, rbp
add r8, rbx
adc rax, 0x0
mov r9, r8
shrd r9, rax, 0x33
mov rdx, [rsi]
mulx rax, r10, [rcx + 0x10]
mov rdx, [rsi + 0x8]
mulx r11, rbx, [rcx + 0x8]
mov rdx, [rsi + 0x10]
mulx rbp, r12, [rcx]
mov rdx, [rsi + 0x18]
mulx r13, r14, [rsp - 0x20]
mov rdx, [rsi + 0x20]
mov [rsp - 0x8], r8
mulx r15, r8, [rsp - 0x10]
add r14, r8
adcx r13, r15
add r12, r14
adcx rbp, r13
add rbx, r12
adcx r11, rbp
add r10, rbx
adcx rax, r11
add r9, r10
adc rax, 0x0
mov r8, r9
shrd r8, rax, 0x33
mov rdx, [rsi]
mulx rax, r10, [rcx + 0x18]
mov rdx, [rsi + 0x8]
mulx r11, rbx, [rcx + 0x10]
mov rdx, [rsi + 0x10]
mulx rbp, r12, [rcx + 0x8]
mov rdx, [rsi + 0x18]
mulx r13, r14, [rcx]
mov rdx, [rsi + 0x20]
mov [rsp - 0x10], r9
mulx r15, r9, [rsp - 0x20]
add r14, r9
adcx r13, r15
add r12, r14
adcx rbp, r13
add rbx, r12
adcx r11, rbp
add r10, rbx
adcx rax, r11
add r8, r10
adc rax, 0x0
mov r9, r8
shrd r9, rax, 0x33
mov rdx, [rsi]
mulx rax, r10, [rcx + 0x20]
mov rdx, [rsi + 0x8]
mulx r11, rbx, [rcx + 0x18]
mov rdx, [rsi + 0x10]
mulx rbp, r12, [rcx + 0x10]
mov rdx, [rsi + 0x18]
mulx r13, r14, [rcx + 0x8]
mov rdx, [rsi + 0x20]
mov [rsp - 0x20], r8
mulx r15, r8, [rcx]
add r14, r8
adcx r13, r15
add r12, r14
adcx rbp, r13
add rbx, r12
adcx r11, rbp
add r10, rbx
adcx rax, r11
add r9, r10
adc rax, 0x0
mov r8, r9
shrd r8, rax, 0x33
imul rax, r8, 0x13
add rax, [rsp - 0x18]
mov r8, rax
mov r10, 0x7ffffffffffff
and r8, r10
mov [rdi], r8
shr rax, 0x33
mov r8, [rsp - 0x8]
and r8, r10
add rax, r8
mov r8, rax
and r8, r10
mov [rdi + 0x8], r8
shr rax, 0x33
mov r8, [rsp - 0x10]
and r8, r10
add rax, r8
mov [rdi + 0x10], rax
mov rax, [rsp - 0x20]
and rax, r10
mov [rdi + 0x18], rax
and r9, r10
mov [rdi + 0x20], r9
mov rbx, [rsp - 0x28]
mov rbp, [rsp - 0x30]
mov r12, [rsp - 0x38]
mov r13, [rsp - 0x40]
mov r14, [rsp - 0x48]
mov r15, [rsp - 0x50]
ret
