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
mov rdx, [rsi + 0x8]
mulx r8, rcx, [rsi + 0x18]
mulx rbp, r12, [rsi + 0x10]
mulx r13, r10, rdx
mulx r14, r15, [rsi]
mov rdx, 0x0
setc dl
add r14, r10
adcx r13, r12
adcx rbp, rcx
adc r8, 0x0
add rbx, r15
adcx r11, r14
adcx r9, r13
adcx rax, rbp
adcx rdx, r8
mov r8, rdx
mov rdx, rbx
mov r10, 0xd838091dd2253531
mulx rcx, rbp, r10
mov rdx, rbp
mov rcx, 0xffffffffffffffff
mulx r12, r13, rcx
mov r14, 0xfffffffefffffc2f
mulx rbp, r15, r14
mov rdx, 0x0
setc dl
add rbp, r13
mov r14, r12
adcx r14, r13
adcx r13, r12
adc r12, 0x0
add rbx, r15
adcx r11, rbp
adcx r9, r14
adcx rax, r13
adcx r8, r12
adc rdx, 0x0
mov rbx, rdx
mov rdx, [rsi + 0x10]
mulx rbp, r12, [rsi + 0x18]
mulx r13, r14, rdx
mulx r15, rcx, [rsi + 0x8]
mov [rsp - 0x8], rbx
mulx r10, rbx, [rsi]
add r10, rcx
adcx r15, r14
adcx r13, r12
adc rbp, 0x0
add r11, rbx
adcx r9, r10
adcx rax, r15
adcx r8, r13
adcx rbp, [rsp - 0x8]
mov rdx, r11
mov r10, 0xd838091dd2253531
mulx rcx, rbx, r10
mov rdx, rbx
mov rcx, 0xffffffffffffffff
mulx r12, r13, rcx
mov r14, 0xfffffffefffffc2f
mulx rbx, r15, r14
mov rdx, 0x0
setc dl
add rbx, r13
mov r14, r12
adcx r14, r13
adcx r13, r12
adc r12, 0x0
add r11, r15
adcx r9, rbx
adcx rax, r14
adcx r8, r13
adcx rbp, r12
adc rdx, 0x0
mov r11, rdx
mov rdx, [rsi + 0x18]
mulx rbx, r12, rdx
mulx r13, r14, [rsi + 0x10]
mulx r15, rcx, [rsi + 0x8]
mov [rsp - 0x8], r11
mulx r10, r11, [rsi]
add r10, rcx
adcx r15, r14
adcx r13, r12
adc rbx, 0x0
add r9, r11
adcx rax, r10
adcx r8, r15
adcx rbp, r13
adcx rbx, [rsp - 0x8]
mov rdx, r9
mov r10, 0xd838091dd2253531
mulx r10, r11, r10
mov rdx, r11
mov r10, 0xffffffffffffffff
mulx rcx, rsi, r10
mov r12, 0xfffffffefffffc2f
mulx r11, r13, r12
mov rdx, 0x0
setc dl
add r11, rsi
mov r14, rcx
adcx r14, rsi
adcx rsi, rcx
adc rcx, 0x0
add r9, r13
adcx rax, r11
adcx r8, r14
adcx rbp, rsi
adcx rbx, rcx
adc rdx, 0x0
mov r9, rax
sub r9, r12
mov r11, r8
sbb r11, r10
mov rcx, rbp
sbb rcx, r10
mov rsi, rbx
sbb rsi, r10
sbb rdx, 0x0
cmovc r9, rax
mov [rdi], r9
cmovc r11, r8
mov [rdi + 0x8], r11
cmovc rcx, rbp
mov [rdi + 0x10], rcx
cmovc rsi, rbx
mov [rdi + 0x18], rsi
mov rbx, [rsp - 0x10]
mov rbp, [rsp - 0x18]
mov r12, [rsp - 0x20]
mov r13, [rsp - 0x28]
mov r14, [rsp - 0x30]
mov r15, [rsp - 0x38]
ret
