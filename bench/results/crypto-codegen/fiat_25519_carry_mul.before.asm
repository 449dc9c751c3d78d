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
imul rbx, [rcx + 0x18], 0x13
mov rdx, [rsi + 0x10]
mulx rbp, r12, rbx
imul r13, [rcx + 0x10], 0x13
mov rdx, [rsi + 0x18]
mulx r14, r15, r13
mov [rsp - 0x8], r13
imul r13, [rcx + 0x8], 0x13
mov rdx, [rsi + 0x20]
mov [rsp - 0x10], rbx
mov [rsp - 0x18], r9
mulx rbx, r9, r13
add r15, r9
adcx r14, rbx
add r12, r15
adcx rbp, r14
add r11, r12
adcx r10, rbp
add r8, r11
adcx rax, r10
mov r9, r8
mov r10, 0x7ffffffffffff
and r9, r10
shrd r8, rax, 0x33
mov rdx, [rsi]
mulx rax, r11, [rcx + 0x8]
mov rdx, [rsi + 0x8]
mulx rbx, rbp, [rcx]
mov rdx, [rsi + 0x10]
mulx r12, r13, [rsp - 0x18]
mov rdx, [rsi + 0x18]
mulx r14, r15, [rsp - 0x10]
mov rdx, [rsi + 0x20]
mov [rsp - 0x20], r9
mulx r10, r9, [rsp - 0x8]
add r15, r9
adcx r14, r10
add r13, r15
adcx r12, r14
add rbp, r13
adcx rbx, r12
add r11, rbp
adcx rax, rbx
add r8, r11
mov r9, 0x0
adcx rax, r9
mov r10, r8
shrd r10, rax, 0x33
mov rdx, [rsi]
mulx rax, r11, [rcx + 0x10]
mov rdx, [rsi + 0x8]
mulx rbx, rbp, [rcx + 0x8]
mov rdx, [rsi + 0x10]
mulx r12, r13, [rcx]
mov rdx, [rsi + 0x18]
mulx r14, r15, [rsp - 0x18]
mov rdx, [rsi + 0x20]
mov [rsp - 0x8], r8
mulx r8, r9, [rsp - 0x10]
add r15, r9
adcx r14, r8
add r13, r15
adcx r12, r14
add rbp, r13
adcx rbx, r12
add r11, rbp
adcx rax, rbx
add r10, r11
mov r8, 0x0
adcx rax, r8
mov r9, r10
shrd r9, rax, 0x33
mov rdx, [rsi]
mulx rax, r11, [rcx + 0x18]
mov rdx, [rsi + 0x8]
mulx rbx, rbp, [rcx + 0x10]
mov rdx, [rsi + 0x10]
mulx r12, r13, [rcx + 0x8]
mov rdx, [rsi + 0x18]
mulx r14, r15, [rcx]
mov rdx, [rsi + 0x20]
mov [rsp - 0x10], r10
mulx r10, r8, [rsp - 0x18]
add r15, r8
adcx r14, r10
add r13, r15
adcx r12, r14
add rbp, r13
adcx rbx, r12
add r11, rbp
adcx rax, rbx
add r9, r11
mov r8, 0x0
adcx rax, r8
mov r10, r9
shrd r10, rax, 0x33
mov rdx, [rsi]
mulx rax, r11, [rcx + 0x20]
mov rdx, [rsi + 0x8]
mulx rbx, rbp, [rcx + 0x18]
mov rdx, [rsi + 0x10]
mulx r12, r13, [rcx + 0x10]
mov rdx, [rsi + 0x18]
mulx r14, r15, [rcx + 0x8]
mov rdx, [rsi + 0x20]
mov [rsp - 0x18], r9
mulx r9, r8, [rcx]
add r15, r8
adcx r14, r9
add r13, r15
adcx r12, r14
add rbp, r13
adcx rbx, r12
add r11, rbp
adcx rax, rbx
add r10, r11
mov rdx, 0x0
adcx rax, rdx
mov rdx, r10
shrd rdx, rax, 0x33
imul rax, rdx, 0x13
add rax, [rsp - 0x20]
mov rdx, rax
mov r8, 0x7ffffffffffff
and rdx, r8
mov [rdi], rdx
shr rax, 0x33
mov rdx, [rsp - 0x8]
and rdx, r8
add rax, rdx
mov rdx, rax
and rdx, r8
mov [rdi + 0x8], rdx
shr rax, 0x33
and rax, 0x1
and rax, 0x1
and rax, 0x1
mov rdx, [rsp - 0x10]
and rdx, r8
add rax, rdx
mov [rdi + 0x10], rax
mov rax, [rsp - 0x18]
and rax, r8
mov [rdi + 0x18], rax
and r10, r8
mov [rdi + 0x20], r10
mov rbx, [rsp - 0x28]
mov rbp, [rsp - 0x30]
mov r12, [rsp - 0x38]
mov r13, [rsp - 0x40]
mov r14, [rsp - 0x48]
mov r15, [rsp - 0x50]
ret
