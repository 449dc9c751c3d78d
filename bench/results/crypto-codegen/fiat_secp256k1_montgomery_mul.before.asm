SECTION .text
	GLOBAL fiat_secp256k1_montgomery_mul
fiat_secp256k1_montgomery_mul:
mov [rsp - 0x18], rbx
mov [rsp - 0x20], rbp
mov [rsp - 0x28], r12
mov [rsp - 0x30], r13
mov [rsp - 0x38], r14
mov [rsp - 0x40], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx + 0x18]
mulx r9, r10, [rcx + 0x10]
mulx r11, rbx, [rcx + 0x8]
mulx rbp, r12, [rcx]
add rbp, rbx
adcx r11, r10
adcx r9, r8
adc rax, 0x0
mov rdx, r12
mov r8, 0xd838091dd2253531
mulx r10, rbx, r8
mov rdx, rbx
mov r10, 0xffffffffffffffff
mulx r8, r13, r10
mov r10, 0xfffffffefffffc2f
mulx r14, r15, r10
add r14, r13
mov rdx, r8
adcx rdx, r13
adcx r13, r8
adc r8, 0x0
add r12, r15
adcx rbp, r14
adcx r11, rdx
adcx r9, r13
adcx rax, r8
mov rdx, [rsi + 0x8]
mulx r8, rbx, [rcx + 0x18]
mulx r12, r13, [rcx + 0x10]
mulx r14, r15, [rcx + 0x8]
mov [rsp - 0x8], rax
mulx r10, rax, [rcx]
mov rdx, 0x0
setc dl
add r10, r15
adcx r14, r13
adcx r12, rbx
adc r8, 0x0
add rbp, rax
adcx r11, r10
adcx r9, r14
adcx r12, [rsp - 0x8]
adcx rdx, r8
mov r8, rdx
mov rdx, rbp
mov rax, 0xd838091dd2253531
mulx r10, rbx, rax
mov rdx, rbx
mov r10, 0xffffffffffffffff
mulx r13, r14, r10
mov r15, 0xfffffffefffffc2f
mulx r10, rax, r15
mov rdx, 0x0
setc dl
add r10, r14
mov rbx, r13
adcx rbx, r14
adcx r14, r13
adc r13, 0x0
add rbp, rax
adcx r11, r10
adcx r9, rbx
adcx r12, r14
adcx r8, r13
adc rdx, 0x0
mov r10, rdx
mov rdx, [rsi + 0x10]
mulx rax, rbx, [rcx + 0x18]
mulx rbp, r13, [rcx + 0x10]
mulx r14, r15, [rcx + 0x8]
mov [rsp - 0x8], r10
mov [rsp - 0x10], r8
mulx r10, r8, [rcx]
add r10, r15
adcx r14, r13
adcx rbp, rbx
adc rax, 0x0
add r11, r8
adcx r9, r10
adcx r12, r14
adcx rbp, [rsp - 0x10]
adcx rax, [rsp - 0x8]
mov rdx, r11
mov r8, 0xd838091dd2253531
mulx r10, rbx, r8
mov rdx, rbx
mov r10, 0xffffffffffffffff
mulx r13, r14, r10
mov r15, 0xfffffffefffffc2f
mulx r10, r8, r15
mov rdx, 0x0
setc dl
add r10, r14
mov rbx, r13
adcx rbx, r14
adcx r14, r13
adc r13, 0x0
add r11, r8
adcx r9, r10
adcx r12, rbx
adcx rbp, r14
adcx rax, r13
adc rdx, 0x0
mov r8, rdx
mov rdx, [rsi + 0x18]
mulx r10, r11, [rcx + 0x18]
mulx rbx, r13, [rcx + 0x10]
mulx r14, r15, [rcx + 0x8]
mov [rsp - 0x8], r8
mov [rsp - 0x10], rax
mulx r8, rax, [rcx]
add r8, r15
adcx r14, r13
adcx rbx, r11
adc r10, 0x0
add r9, rax
adcx r12, r8
adcx rbp, r14
adcx rbx, [rsp - 0x10]
adcx r10, [rsp - 0x8]
mov rdx, r9
mov rax, 0xd838091dd2253531
mulx r8, r11, rax
mov rdx, r11
mov rax, 0xffffffffffffffff
mulx r8, rsi, rax
mov rcx, 0xfffffffefffffc2f
mulx r13, r14, rcx
mov r11, 0x0
setc r11b
add r13, rsi
mov rdx, r8
adcx rdx, rsi
adcx rsi, r8
adc r8, 0x0
add r9, r14
adcx r12, r13
adcx rbp, rdx
adcx rbx, rsi
adcx r10, r8
adc r11, 0x0
mov r8, r12
sub r8, rcx
mov r9, rbp
sbb r9, rax
mov rdx, rbx
sbb rdx, rax
mov rsi, r10
sbb rsi, rax
sbb r11, 0x0
cmovc r8, r12
mov [rdi], r8
cmovc r9, rbp
mov [rdi + 0x8], r9
cmovc rdx, rbx
mov [rdi + 0x10], rdx
cmovc rsi, r10
mov [rdi + 0x18], rsi
mov rbx, [rsp - 0x18]
mov rbp, [rsp - 0x20]
mov r12, [rsp - 0x28]
mov r13, [rsp - 0x30]
mov r14, [rsp - 0x38]
mov r15, [rsp - 0x40]
ret
