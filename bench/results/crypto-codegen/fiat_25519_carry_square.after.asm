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
mov rax, [rsi + 0x8]
lea r10, [rax + 1 * rax]
mov rdx, [rsi]
mulx r10, rcx, r10
mov rdx, [rsi + 0x10]
mulx rbx, rax, r9
imul rdx, [rsi + 0x18], 0x13
mulx rbp, r12, [rsi + 0x18]
add rax, r12
adcx rbx, rbp
add rcx, rax
adcx r10, rbx
add r8, rcx
adc r10, 0x0
mov rax, r8
shrd rax, r10, 0x33
mov r10, [rsi + 0x10]
lea rcx, [r10 + 1 * r10]
mov rdx, [rsi]
mulx rbx, rbp, rcx
mov rdx, [rsi + 0x8]
mulx r12, r10, rdx
mov rdx, [rsi + 0x18]
mulx r9, r13, r9
add r10, r13
adcx r12, r9
add rbp, r10
adcx rbx, r12
add rax, rbp
adc rbx, 0x0
mov r9, rax
shrd r9, rbx, 0x33
lea r10, [rdx + 1 * rdx]
mov rdx, [rsi]
mulx rbx, rbp, r10
mov rdx, [rsi + 0x8]
mulx rcx, r12, rcx
imul r13, [rsi + 0x20], 0x13
mov rdx, [rsi + 0x20]
mulx r13, r14, r13
add r12, r14
adcx rcx, r13
add rbp, r12
adcx rbx, rcx
add r9, rbp
adc rbx, 0x0
mov rcx, r9
shrd rcx, rbx, 0x33
lea rdx, [rdx + 1 * rdx]
mulx rbx, rbp, [rsi]
mov rdx, [rsi + 0x8]
mulx r10, r12, r10
mov rdx, [rsi + 0x10]
mulx rsi, r13, rdx
add r12, r13
adcx r10, rsi
add rbp, r12
adcx rbx, r10
add rcx, rbp
adc rbx, 0x0
mov r10, rcx
shrd r10, rbx, 0x33
imul rdx, r10, 0x13
add r11, rdx
mov r10, 0x33
bzhi rdx, r11, r10
mov [rdi], rdx
shr r11, 0x33
mov r10, 0x7ffffffffffff
and r8, r10
add r11, r8
mov r8, r11
and r8, r10
mov [rdi + 0x8], r8
shr r11, 0x33
and rax, r10
add r11, rax
mov [rdi + 0x10], r11
and r9, r10
mov [rdi + 0x18], r9
and rcx, r10
mov [rdi + 0x20], rcx
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
mov r14, [rsp - 0x28]
ret
