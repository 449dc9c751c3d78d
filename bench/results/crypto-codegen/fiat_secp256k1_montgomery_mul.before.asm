SECTION .text
	GLOBAL fiat_secp256k1_montgomery_mul
fiat_secp256k1_montgomery_mul:
mov [rsp - 0x20], rbx
mov [rsp - 0x28], rbp
mov [rsp - 0x30], r12
mov [rsp - 0x38], r13
mov [rsp - 0x40], r14
mov [rsp - 0x48], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx + 0x18]
mulx r9, r10, [rcx + 0x10]
mulx r11, rbx, [rcx + 0x8]
mulx rbp, r12, [rcx]
add rbp, rbx
adcx r11, r10
adcx r9, r8
mov rdx, 0x0
adcx rax, rdx
mov rdx, r12
mov r8, 0xd838091dd2253531
mulx r10, rbx, r8
mov rdx, rbx
mov r10, 0xffffffffffffffff
mulx r13, r14, r10
mov rdx, rbx
mov r15, 0xfffffffefffffc2f
mulx r10, r8, r15
add r10, r14
mov rdx, r13
adcx rdx, r14
adcx r14, r13
mov rbx, 0x0
adcx r13, rbx
add r12, r8
adcx rbp, r10
adcx r11, rdx
adcx r9, r14
adcx rax, r13
mov rdx, [rsi + 0x8]
mulx r8, r10, [rcx + 0x18]
mulx r12, r13, [rcx + 0x10]
mulx r14, r15, [rcx + 0x8]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r9
mulx rax, r9, [rcx]
mov rdx, 0x0
setc dl
add rax, r15
adcx r14, r13
adcx r12, r10
adcx r8, rbx
add rbp, r9
adcx r11, rax
adcx r14, [rsp - 0x10]
adcx r12, [rsp - 0x8]
adcx rdx, r8
mov r8, rdx
mov rdx, rbp
mov rax, 0xd838091dd2253531
mulx r9, r10, rax
mov rdx, r10
mov r9, 0xffffffffffffffff
mulx r13, r15, r9
mov rdx, r10
mov r9, 0xfffffffefffffc2f
mov [rsp - 0x8], r8
mulx rax, r8, r9
mov rdx, 0x0
setc dl
add rax, r15
mov r10, r13
adcx r10, r15
adcx r15, r13
adcx r13, rbx
add rbp, r8
adcx r11, rax
adcx r14, r10
adcx r12, r15
adcx r13, [rsp - 0x8]
adcx rdx, rbx
mov r8, rdx
mov rdx, [rsi + 0x10]
mulx rax, r10, [rcx + 0x18]
mulx rbp, r15, [rcx + 0x10]
mov [rsp - 0x8], r8
mulx r9, r8, [rcx + 0x8]
mov [rsp - 0x10], r13
mov [rsp - 0x18], r12
mulx r13, r12, [rcx]
add r13, r8
adcx r9, r15
adcx rbp, r10
adcx rax, rbx
add r11, r12
adcx r14, r13
adcx r9, [rsp - 0x18]
adcx rbp, [rsp - 0x10]
adcx rax, [rsp - 0x8]
mov rdx, r11
mov r8, 0xd838091dd2253531
mulx r10, r12, r8
mov rdx, r12
mov r10, 0xffffffffffffffff
mulx r13, r15, r10
mov rdx, r12
mov r10, 0xfffffffefffffc2f
mov [rsp - 0x8], rax
mulx r8, rax, r10
mov rdx, 0x0
setc dl
add r8, r15
mov r12, r13
adcx r12, r15
adcx r15, r13
adcx r13, rbx
add r11, rax
adcx r14, r8
adcx r9, r12
adcx rbp, r15
adcx r13, [rsp - 0x8]
adcx rdx, rbx
mov r8, rdx
mov rdx, [rsi + 0x18]
mulx rax, r11, [rcx + 0x18]
mulx r12, r15, [rcx + 0x10]
mov [rsp - 0x8], r8
mulx r10, r8, [rcx + 0x8]
mov [rsp - 0x10], r13
mov [rsp - 0x18], rbp
mulx r13, rbp, [rcx]
add r13, r8
adcx r10, r15
adcx r12, r11
adcx rax, rbx
add r14, rbp
adcx r9, r13
adcx r10, [rsp - 0x18]
adcx r12, [rsp - 0x10]
adcx rax, [rsp - 0x8]
mov rdx, r14
mov r8, 0xd838091dd2253531
mulx r11, rbp, r8
mov rdx, rbp
mov r8, 0xffffffffffffffff
mulx r11, r13, r8
mov rdx, rbp
mov r15, 0xfffffffefffffc2f
mov [rsp - 0x8], rax
mulx r8, rax, r15
mov rdx, 0x0
setc dl
add r8, r13
mov rbp, r11
adcx rbp, r13
adcx r13, r11
adcx r11, rbx
add r14, rax
adcx r9, r8
adcx r10, rbp
adcx r12, r13
adcx r11, [rsp - 0x8]
adcx rdx, rbx
mov rax, r9
sub rax, r15
mov r8, r10
sbb r8, 0xffffffffffffffff
mov rbp, r12
sbb rbp, 0xffffffffffffffff
mov r13, r11
sbb r13, 0xffffffffffffffff
sbb rdx, rbx
cmovc rax, r9
mov [rdi], rax
cmovc r8, r10
mov [rdi + 0x8], r8
cmovc rbp, r12
mov [rdi + 0x10], rbp
cmovc r13, r11
mov [rdi + 0x18], r13
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
