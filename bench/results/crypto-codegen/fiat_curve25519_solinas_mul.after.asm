SECTION .text
	GLOBAL fiat_curve25519_solinas_mul
fiat_curve25519_solinas_mul:
sub rsp, 0x90
mov [rsp + 0x28], rbx
mov [rsp + 0x20], rbp
mov [rsp + 0x18], r12
mov [rsp + 0x10], r13
mov [rsp + 0x8], r14
mov [rsp], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx + 0x10]
mov rdx, [rsi + 0x18]
mulx r9, r10, [rcx]
add rax, r10
mov rdx, [rsi + 0x10]
mulx r10, r11, [rcx + 0x8]
mov rbx, 0x0
setc bl
add rax, r11
mulx r11, rbp, [rcx]
mov rdx, [rsi]
mulx r12, r13, [rcx + 0x8]
mov rdx, 0x0
setc dl
add r12, rbp
adcx rax, r11
mov r11, rdx
mov rdx, [rsi + 0x8]
mulx rbp, r14, [rcx + 0x10]
mov [rsp + 0x88], rbp
mulx r15, rbp, [rcx]
mov [rsp + 0x80], r10
mov [rsp + 0x78], r11
mulx r10, r11, [rcx + 0x8]
mov rdx, 0x0
setc dl
add r12, r11
adcx rax, r14
mov r11, rdx
mov rdx, [rsi]
mov [rsp + 0x70], r11
mulx r14, r11, [rcx]
mov rdx, 0x0
setc dl
add r14, rbp
adcx r12, r15
adcx rax, r10
mov r10, rdx
mov rdx, [rsi]
mulx rbp, r15, [rcx + 0x18]
mov rdx, 0x0
setc dl
add r14, r13
adcx r12, r8
adcx rax, r15
mov r8, rdx
mov rdx, [rsi + 0x18]
mulx r13, r15, [rcx + 0x18]
mov rdx, [rsi + 0x10]
mov [rsp + 0x68], r11
mov [rsp + 0x60], rax
mulx r11, rax, [rcx + 0x18]
mov [rsp + 0x58], r12
mov [rsp + 0x50], r14
mulx r12, r14, [rcx + 0x10]
mov rdx, [rsi + 0x8]
mov [rsp + 0x48], r12
mov [rsp + 0x40], r15
mulx r12, r15, [rcx + 0x18]
mov rdx, [rsi + 0x18]
mov [rsp + 0x38], rax
mov [rsp + 0x30], r15
mulx rax, r15, [rcx + 0x8]
mov rdx, 0x0
setc dl
bt rbx, 0x0
adcx rbp, r15
adc r12, 0x0
mov rbx, [rsp + 0x78]
bt rbx, 0x0
adcx rbp, r9
adc r12, 0x0
adc r11, 0x0
mov r9, rdx
mov rdx, [rsi + 0x18]
mulx rbx, r15, [rcx + 0x10]
mov rdx, [rsp + 0x70]
bt rdx, 0x0
adcx rbp, r14
adcx r12, r15
adc r11, 0x0
adc r13, 0x0
bt r10, 0x0
adcx rbp, [rsp + 0x80]
adcx r12, rax
adc r11, 0x0
adc r13, 0x0
bt r8, 0x0
adcx rbp, [rsp + 0x30]
adcx r12, [rsp + 0x38]
adcx r11, [rsp + 0x40]
adc r13, 0x0
bt r9, 0x0
adcx rbp, [rsp + 0x88]
adcx r12, [rsp + 0x48]
adcx r11, rbx
adc r13, 0x0
mov rdx, 0x26
mulx rax, r8, r13
mulx r9, r10, r11
mulx r11, rsi, r12
add rsi, [rsp + 0x50]
adcx r10, [rsp + 0x58]
adcx r8, [rsp + 0x60]
adc rax, 0x0
mulx rcx, rbx, rbp
add rbx, [rsp + 0x68]
adcx rsi, rcx
adcx r10, r11
adcx r8, r9
adc rax, 0x0
mulx rax, r9, rax
add rbx, r9
adc rsi, 0x0
mov [rdi + 0x8], rsi
adc r10, 0x0
mov [rdi + 0x10], r10
adc r8, 0x0
mov [rdi + 0x18], r8
mov rax, 0x0
cmovc rax, rdx
add rax, rbx
mov [rdi], rax
mov rbx, [rsp + 0x28]
mov rbp, [rsp + 0x20]
mov r12, [rsp + 0x18]
mov r13, [rsp + 0x10]
mov r14, [rsp + 0x8]
mov r15, [rsp]
add rsp, 0x90
ret
