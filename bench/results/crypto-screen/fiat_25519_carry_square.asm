SECTION .text
	GLOBAL fiat_25519_carry_square
fiat_25519_carry_square:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov [rsp - 0x20], r13
mov [rsp - 0x28], r14
mov rdx, [rsi]
mulx rax, r8, rdx
imul r9, [rsi + 0x20], 0x26
mov rdx, [rsi + 0x8]
mulx r10, r11, r9
imul rcx, [rsi + 0x18], 0x26
mov rdx, [rsi + 0x10]
mulx rcx, rbx, rcx
add r11, rbx
adcx r10, rcx
add r8, r11
adcx rax, r10
mov r10, 0x33
bzhi r11, r8, r10
shrd r8, rax, 0x33
mov rax, [rsi]
lea rax, [rax + 1 * rax]
mov rdx, rax
mulx r10, rcx, [rsi + 0x8]
mov rdx, [rsi + 0x10]
mulx rax, rbx, r9
imul rdx, [rsi + 0x18], 0x13
mulx rbp, r12, [rsi + 0x18]
add rbx, r12
adcx rax, rbp
add rcx, rbx
adcx r10, rax
add r8, rcx
adc r10, 0x0
mov rax, r8
shrd rax, r10, 0x33
mov r10, [rsi + 0x10]
lea r10, [r10 + 1 * r10]
mov rdx, [rsi]
mulx rcx, rbx, r10
mov rdx, [rsi + 0x8]
mulx rbp, r12, rdx
mov rdx, [rsi + 0x18]
mulx r9, r13, r9
add r12, r13
adcx rbp, r9
add rbx, r12
adcx rcx, rbp
add rax, rbx
adc rcx, 0x0
mov r9, rax
shrd r9, rcx, 0x33
lea rdx, [rdx + 1 * rdx]
mulx rcx, rbx, [rsi]
mov rbp, rdx
mov rdx, [rsi + 0x8]
mulx r10, r12, r10
imul r13, [rsi + 0x20], 0x13
mov rdx, [rsi + 0x20]
mulx r13, r14, r13
add r12, r14
adcx r10, r13
add rbx, r12
adcx rcx, r10
add r9, rbx
adc rcx, 0x0
mov r10, r9
shrd r10, rcx, 0x33
lea rdx, [rdx + 1 * rdx]
mulx rcx, rbx, [rsi]
mov rdx, [rsi + 0x8]
mulx rbp, r12, rbp
add r12, rbx
mov rdx, [rsi + 0x10]
mulx rsi, rbx, rdx
adcx rbp, rcx
add r12, rbx
adcx rbp, rsi
add r12, r10
adc rbp, 0x0
mov r10, 0x33
bzhi rcx, r12, r10
mov [rdi + 0x20], rcx
shrd r12, rbp, 0x33
imul r12, r12, 0x13
add r11, r12
mov r10, r11
shr r10, 0x33
mov rcx, 0x7ffffffffffff
and r11, rcx
mov [rdi], r11
and r8, rcx
add r10, r8
mov r8, r10
shr r8, 0x33
and r10, rcx
mov [rdi + 0x8], r10
and rax, rcx
add r8, rax
mov [rdi + 0x10], r8
and r9, rcx
mov [rdi + 0x18], r9
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
mov r14, [rsp - 0x28]
ret
