SECTION .text
	GLOBAL fiat_secp256k1_montgomery_square
fiat_secp256k1_montgomery_square:
mov [rsp - 0x18], rbx
mov [rsp - 0x20], rbp
mov [rsp - 0x28], r12
mov [rsp - 0x30], r13
mov [rsp - 0x38], r14
mov [rsp - 0x40], r15
mov rdx, [rsi]
mulx rax, r8, [rsi + 0x18]
mulx r9, r10, [rsi + 0x10]
mulx r11, rcx, [rsi + 0x8]
mulx rbx, rbp, rdx
add rbx, rcx
adcx r11, r10
adcx r9, r8
mov r8, 0x0
adcx rax, r8
mov rdx, rbp
mov r10, 0xd838091dd2253531
mulx rcx, r12, r10
mov rdx, r12
mov rcx, 0xffffffffffffffff
mulx r13, r14, rcx
mov rdx, r12
mov r15, 0xfffffffefffffc2f
mulx rcx, r10, r15
add rcx, r14
mov rdx, r13
adcx rdx, r14
adcx r14, r13
adcx r13, r8
add rbp, r10
adcx rbx, rcx
adcx r11, rdx
adcx r9, r14
adcx rax, r13
mov rdx, [rsi + 0x8]
mulx r10, rcx, [rsi + 0x18]
mulx rbp, r12, [rsi + 0x10]
mulx r13, r14, rdx
mov [rsp - 0x8], rax
mulx r15, rax, [rsi]
mov rdx, 0x0
setc dl
add r15, r14
adcx r13, r12
adcx rbp, rcx
adcx r10, r8
add rbx, rax
adcx r11, r15
adcx r9, r13
adcx rbp, [rsp - 0x8]
adcx rdx, r10
mov r10, rdx
mov rdx, rbx
mov rax, 0xd838091dd2253531
mulx rcx, r12, rax
mov rdx, r12
mov rcx, 0xffffffffffffffff
mulx r13, r14, rcx
mov rdx, r12
mov r15, 0xfffffffefffffc2f
mulx rcx, rax, r15
mov rdx, 0x0
setc dl
add rcx, r14
mov r12, r13
adcx r12, r14
adcx r14, r13
adcx r13, r8
add rbx, rax
adcx r11, rcx
adcx r9, r12
adcx rbp, r14
adcx r10, r13
adcx rdx, r8
mov rcx, rdx
mov rdx, [rsi + 0x10]
mulx rax, rbx, [rsi + 0x18]
mulx r12, r13, rdx
mulx r14, r15, [rsi + 0x8]
mov [rsp - 0x8], rcx
mov [rsp - 0x10], r10
mulx rcx, r10, [rsi]
add rcx, r15
adcx r14, r13
adcx r12, rbx
adcx rax, r8
add r11, r10
adcx r9, rcx
adcx rbp, r14
adcx r12, [rsp - 0x10]
adcx rax, [rsp - 0x8]
mov rdx, r11
mov r10, 0xd838091dd2253531
mulx rcx, rbx, r10
mov rdx, rbx
mov rcx, 0xffffffffffffffff
mulx r13, r14, rcx
mov rdx, rbx
mov r15, 0xfffffffefffffc2f
mulx rcx, r10, r15
mov rdx, 0x0
setc dl
add rcx, r14
mov rbx, r13
adcx rbx, r14
adcx r14, r13
adcx r13, r8
add r11, r10
adcx r9, rcx
adcx rbp, rbx
adcx r12, r14
adcx rax, r13
adcx rdx, r8
mov r10, rdx
mov rdx, [rsi + 0x18]
mulx r11, rcx, rdx
mulx rbx, r13, [rsi + 0x10]
mulx r14, r15, [rsi + 0x8]
mov [rsp - 0x8], r10
mov [rsp - 0x10], rax
mulx r10, rax, [rsi]
add r10, r15
adcx r14, r13
adcx rbx, rcx
adcx r11, r8
add r9, rax
adcx rbp, r10
adcx r12, r14
adcx rbx, [rsp - 0x10]
adcx r11, [rsp - 0x8]
mov rdx, r9
mov rax, 0xd838091dd2253531
mulx r10, rcx, rax
mov rdx, rcx
mov rax, 0xffffffffffffffff
mulx r10, r13, rax
mov rdx, rcx
mov r14, 0xfffffffefffffc2f
mulx r15, rax, r14
mov rdx, 0x0
setc dl
add r15, r13
mov rcx, r10
adcx rcx, r13
adcx r13, r10
adcx r10, r8
add r9, rax
adcx rbp, r15
adcx r12, rcx
adcx rbx, r13
adcx r11, r10
adcx rdx, r8
mov rax, rbp
sub rax, r14
mov r9, r12
sbb r9, 0xffffffffffffffff
mov r10, rbx
sbb r10, 0xffffffffffffffff
mov rcx, r11
sbb rcx, 0xffffffffffffffff
sbb rdx, r8
cmovc rax, rbp
mov [rdi], rax
cmovc r9, r12
mov [rdi + 0x8], r9
cmovc r10, rbx
mov [rdi + 0x10], r10
cmovc rcx, r11
mov [rdi + 0x18], rcx
mov rbx, [rsp - 0x18]
mov rbp, [rsp - 0x20]
mov r12, [rsp - 0x28]
mov r13, [rsp - 0x30]
mov r14, [rsp - 0x38]
mov r15, [rsp - 0x40]
ret
