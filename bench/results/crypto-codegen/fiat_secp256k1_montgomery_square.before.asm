SECTION .text
	GLOBAL fiat_secp256k1_montgomery_square
fiat_secp256k1_montgomery_square:
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
mov r8, 0xd838091dd2253531
mulx r10, rcx, r8
mov rdx, rcx
mov r10, 0xffffffffffffffff
mulx r8, r12, r10
mov r10, 0xfffffffefffffc2f
mulx r13, r14, r10
add r13, r12
mov rcx, r8
adcx rcx, r12
adcx r12, r8
adc r8, 0x0
add rbp, r14
adcx rbx, r13
adcx r11, rcx
adcx r9, r12
adcx rax, r8
mov r8, 0x0
setc r8b
mov rdx, [rsi + 0x8]
mulx rcx, rbp, [rsi + 0x18]
mulx r12, r13, [rsi + 0x10]
mulx r14, r10, rdx
mov [rsp - 0x8], r8
mulx r15, r8, [rsi]
add r15, r10
adcx r14, r13
adcx r12, rbp
adc rcx, 0x0
add rbx, r8
adcx r11, r15
adcx r9, r14
adcx rax, r12
adcx rcx, [rsp - 0x8]
mov r8, 0x0
setc r8b
mov rdx, rbx
mov r10, 0xd838091dd2253531
mulx rbp, r12, r10
mov rdx, r12
mov rbp, 0xffffffffffffffff
mulx r13, r14, rbp
mov r15, 0xfffffffefffffc2f
mulx rbp, r10, r15
add rbp, r14
mov rdx, r13
adcx rdx, r14
adcx r14, r13
adc r13, 0x0
add rbx, r10
adcx r11, rbp
adcx r9, rdx
adcx rax, r14
adcx rcx, r13
adc r8, 0x0
mov rdx, [rsi + 0x10]
mulx r10, rbx, [rsi + 0x18]
mulx rbp, r12, rdx
mulx r13, r14, [rsi + 0x8]
mov [rsp - 0x8], r8
mulx r15, r8, [rsi]
add r15, r14
adcx r13, r12
adcx rbp, rbx
adc r10, 0x0
add r11, r8
adcx r9, r15
adcx rax, r13
adcx rcx, rbp
adcx r10, [rsp - 0x8]
mov r8, 0x0
setc r8b
mov rdx, r11
mov rbx, 0xd838091dd2253531
mulx rbp, r12, rbx
mov rdx, r12
mov rbp, 0xffffffffffffffff
mulx r13, r14, rbp
mov r15, 0xfffffffefffffc2f
mulx rbp, rbx, r15
add rbp, r14
mov rdx, r13
adcx rdx, r14
adcx r14, r13
adc r13, 0x0
add r11, rbx
adcx r9, rbp
adcx rax, rdx
adcx rcx, r14
adcx r10, r13
adc r8, 0x0
mov rdx, [rsi + 0x18]
mulx r11, rbx, rdx
mulx rbp, r12, [rsi + 0x10]
mulx r13, r14, [rsi + 0x8]
mov [rsp - 0x8], r8
mulx r15, r8, [rsi]
add r15, r14
adcx r13, r12
adcx rbp, rbx
adc r11, 0x0
add r9, r8
adcx rax, r15
adcx rcx, r13
adcx r10, rbp
adcx r11, [rsp - 0x8]
mov r8, 0x0
setc r8b
mov rdx, r9
mov rsi, 0xd838091dd2253531
mulx rbx, rbp, rsi
mov rdx, rbp
mov rsi, 0xffffffffffffffff
mulx rbx, r12, rsi
mov r13, 0xfffffffefffffc2f
mulx r14, r15, r13
add r14, r12
mov rdx, rbx
adcx rdx, r12
adcx r12, rbx
adc rbx, 0x0
add r9, r15
adcx rax, r14
adcx rcx, rdx
adcx r10, r12
adcx r11, rbx
adc r8, 0x0
mov r9, rax
sub r9, r13
mov rdx, rcx
sbb rdx, rsi
mov rbx, r10
sbb rbx, rsi
mov rbp, r11
sbb rbp, rsi
sbb r8, 0x0
cmovc r9, rax
mov [rdi], r9
cmovc rdx, rcx
mov [rdi + 0x8], rdx
cmovc rbx, r10
mov [rdi + 0x10], rbx
cmovc rbp, r11
mov [rdi + 0x18], rbp
mov rbx, [rsp - 0x10]
mov rbp, [rsp - 0x18]
mov r12, [rsp - 0x20]
mov r13, [rsp - 0x28]
mov r14, [rsp - 0x30]
mov r15, [rsp - 0x38]
ret
