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
mov rbx, 0x0
adcx r8, rbx
add r12, r15
adcx rbp, r14
adcx r11, rdx
adcx r9, r13
adcx rax, r8
mov r8, 0x0
setc r8b
mov rdx, [rsi + 0x8]
mulx r12, r13, [rcx + 0x18]
mulx r14, r15, [rcx + 0x10]
mulx r10, rbx, [rcx + 0x8]
mov [rsp - 0x8], r8
mov [rsp - 0x10], rax
mulx r8, rax, [rcx]
add r8, rbx
adcx r10, r15
adcx r14, r13
adc r12, 0x0
add rbp, rax
adcx r11, r8
adcx r9, r10
adcx r14, [rsp - 0x10]
adcx r12, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, rbp
mov r8, 0xd838091dd2253531
mulx r10, rbx, r8
mov rdx, rbx
mov r10, 0xffffffffffffffff
mulx r13, r15, r10
mov r10, 0xfffffffefffffc2f
mov [rsp - 0x8], rax
mulx r8, rax, r10
add r8, r15
mov rdx, r13
adcx rdx, r15
adcx r15, r13
adc r13, 0x0
add rbp, rax
adcx r11, r8
adcx r9, rdx
adcx r14, r15
adcx r12, r13
mov rax, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rsi + 0x10]
mulx r8, rbx, [rcx + 0x18]
mulx rbp, r13, [rcx + 0x10]
mulx r15, r10, [rcx + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r12
mulx rax, r12, [rcx]
add rax, r10
adcx r15, r13
adcx rbp, rbx
adc r8, 0x0
add r11, r12
adcx r9, rax
adcx r14, r15
adcx rbp, [rsp - 0x10]
adcx r8, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r11
mov r10, 0xd838091dd2253531
mulx rbx, r12, r10
mov rdx, r12
mov rbx, 0xffffffffffffffff
mulx r13, r15, rbx
mov rbx, 0xfffffffefffffc2f
mov [rsp - 0x8], rax
mulx r10, rax, rbx
add r10, r15
mov rdx, r13
adcx rdx, r15
adcx r15, r13
adc r13, 0x0
add r11, rax
adcx r9, r10
adcx r14, rdx
adcx rbp, r15
adcx r8, r13
mov rax, [rsp - 0x8]
adc rax, 0x0
mov rdx, [rsi + 0x18]
mulx r10, r11, [rcx + 0x18]
mulx r12, r13, [rcx + 0x10]
mulx r15, rbx, [rcx + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r8
mulx rax, r8, [rcx]
add rax, rbx
adcx r15, r13
adcx r12, r11
adc r10, 0x0
add r9, r8
adcx r14, rax
adcx rbp, r15
adcx r12, [rsp - 0x10]
adcx r10, [rsp - 0x8]
mov rax, 0x0
setc al
mov rdx, r9
mov r8, 0xd838091dd2253531
mulx r11, rsi, r8
mov rdx, rsi
mov r8, 0xffffffffffffffff
mulx r11, rcx, r8
mov rbx, 0xfffffffefffffc2f
mulx r13, r15, rbx
add r13, rcx
mov rdx, r11
adcx rdx, rcx
adcx rcx, r11
adc r11, 0x0
add r9, r15
adcx r14, r13
adcx rbp, rdx
adcx r12, rcx
adcx r10, r11
adc rax, 0x0
mov r9, r14
sub r9, rbx
mov r11, rbp
sbb r11, r8
mov rdx, r12
sbb rdx, r8
mov rsi, r10
sbb rsi, r8
sbb rax, 0x0
cmovc r9, r14
mov [rdi], r9
cmovc r11, rbp
mov [rdi + 0x8], r11
cmovc rdx, r12
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
