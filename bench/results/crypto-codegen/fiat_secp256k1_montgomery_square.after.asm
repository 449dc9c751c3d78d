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
mulx rcx, r13, r10
add rcx, r12
mov rdx, r8
adcx rdx, r12
adcx r12, r8
adc r8, 0x0
add rbp, r13
adcx rbx, rcx
adcx r11, rdx
adcx r9, r12
adcx rax, r8
mov r8, 0x0
setc r8b
mov rdx, [rsi + 0x8]
mulx rcx, rbp, [rsi + 0x18]
mulx r12, r13, [rsi + 0x10]
mulx r10, r14, rdx
mov [rsp - 0x8], r8
mulx r15, r8, [rsi]
add r15, r14
adcx r10, r13
adcx r12, rbp
adc rcx, 0x0
add rbx, r8
adcx r11, r15
adcx r9, r10
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
mulx r12, rbp, r15
add r12, r14
mov rdx, r13
adcx rdx, r14
adcx r14, r13
adc r13, 0x0
add rbx, rbp
adcx r11, r12
adcx r9, rdx
adcx rax, r14
adcx rcx, r13
adc r8, 0x0
mov rdx, [rsi + 0x10]
mulx rbx, rbp, [rsi + 0x18]
mulx r12, r13, rdx
mulx r14, r15, [rsi + 0x8]
mov [rsp - 0x8], r8
mulx r10, r8, [rsi]
add r10, r15
adcx r14, r13
adcx r12, rbp
adc rbx, 0x0
add r11, r8
adcx r9, r10
adcx rax, r14
adcx rcx, r12
adcx rbx, [rsp - 0x8]
mov r8, 0x0
setc r8b
mov rdx, r11
mov r10, 0xd838091dd2253531
mulx rbp, r12, r10
mov rdx, r12
mov rbp, 0xffffffffffffffff
mulx r13, r14, rbp
mov r15, 0xfffffffefffffc2f
mulx r12, rbp, r15
add r12, r14
mov rdx, r13
adcx rdx, r14
adcx r14, r13
adc r13, 0x0
add r11, rbp
adcx r9, r12
adcx rax, rdx
adcx rcx, r14
adcx rbx, r13
adc r8, 0x0
mov rdx, [rsi + 0x18]
mulx r11, rbp, rdx
mulx r12, r13, [rsi + 0x10]
mulx r14, r15, [rsi + 0x8]
mov [rsp - 0x8], r8
mulx r10, r8, [rsi]
add r10, r15
adcx r14, r13
adcx r12, rbp
adc r11, 0x0
add r9, r8
adcx rax, r10
adcx rcx, r14
adcx rbx, r12
adcx r11, [rsp - 0x8]
mov r8, 0x0
setc r8b
mov rdx, r9
mov r10, 0xd838091dd2253531
mulx r10, rsi, r10
mov rdx, rsi
mov r10, 0xffffffffffffffff
mulx rbp, r12, r10
mov r13, 0xfffffffefffffc2f
mulx rsi, r14, r13
add rsi, r12
mov rdx, rbp
adcx rdx, r12
adcx r12, rbp
adc rbp, 0x0
add r9, r14
adcx rax, rsi
adcx rcx, rdx
adcx rbx, r12
adcx r11, rbp
adc r8, 0x0
mov r9, rax
sub r9, r13
mov rdx, rcx
sbb rdx, r10
mov rsi, rbx
sbb rsi, r10
mov rbp, r11
sbb rbp, r10
sbb r8, 0x0
cmovc r9, rax
mov [rdi], r9
cmovc rdx, rcx
mov [rdi + 0x8], rdx
cmovc rsi, rbx
mov [rdi + 0x10], rsi
cmovc rbp, r11
mov [rdi + 0x18], rbp
mov rbx, [rsp - 0x10]
mov rbp, [rsp - 0x18]
mov r12, [rsp - 0x20]
mov r13, [rsp - 0x28]
mov r14, [rsp - 0x30]
mov r15, [rsp - 0x38]
ret
