SECTION .text
	GLOBAL fiat_curve25519_solinas_mul
fiat_curve25519_solinas_mul:
sub rsp, 0xe0
mov [rsp + 0x30], rbx
mov [rsp + 0x28], rbp
mov [rsp + 0x20], r12
mov [rsp + 0x18], r13
mov [rsp + 0x10], r14
mov [rsp + 0x8], r15
mov rcx, rdx
mov rdx, [rsi + 0x18]
mulx rax, r8, [rcx + 0x18]
mulx r9, r10, [rcx + 0x10]
mulx r11, rbx, [rcx + 0x8]
mulx rbp, r12, [rcx]
mov rdx, [rsi + 0x10]
mulx r13, r14, [rcx + 0x18]
mov [rsp + 0xd8], r9
mulx r15, r9, [rcx + 0x10]
mov [rsp + 0xd0], r15
mov [rsp + 0xc8], r8
mulx r15, r8, [rcx + 0x8]
mov [rsp + 0xc0], r14
mov [rsp + 0xb8], r11
mulx r14, r11, [rcx]
mov rdx, [rsi + 0x8]
mov [rsp + 0xb0], r15
mov [rsp + 0xa8], rax
mulx r15, rax, [rcx + 0x18]
mov [rsp + 0xa0], rax
mov [rsp + 0x98], r10
mulx rax, r10, [rcx + 0x10]
mov [rsp + 0x90], rax
mov [rsp + 0x88], r10
mulx rax, r10, [rcx + 0x8]
mov [rsp + 0x80], rax
mov [rsp + 0x78], r10
mulx rax, r10, [rcx]
mov rdx, [rsi]
mov [rsp + 0x70], rax
mov [rsp + 0x68], r10
mulx rax, r10, [rcx + 0x18]
mov [rsp + 0x60], r10
mov [rsp + 0x58], r9
mulx r10, r9, [rcx + 0x10]
mov [rsp + 0x50], r9
mov [rsp + 0x48], r14
mulx r9, r14, [rcx + 0x8]
mov [rsp + 0x40], r14
mov [rsp + 0x38], r11
mulx r14, r11, [rcx]
add r10, r12
adcx rax, rbx
adc r15, 0x0
add r10, r8
adcx rax, rbp
adc r15, 0x0
adc r13, 0x0
add r9, [rsp + 0x38]
adcx r10, [rsp + 0x48]
adcx rax, [rsp + 0x58]
adcx r15, [rsp + 0x98]
adc r13, 0x0
mov r8, [rsp + 0xa8]
adc r8, 0x0
add r9, [rsp + 0x78]
adcx r10, [rsp + 0x88]
adcx rax, [rsp + 0xb0]
adcx r15, [rsp + 0xb8]
adc r13, 0x0
adc r8, 0x0
add r14, [rsp + 0x68]
adcx r9, [rsp + 0x70]
adcx r10, [rsp + 0x80]
adcx rax, [rsp + 0xa0]
adcx r15, [rsp + 0xc0]
adcx r13, [rsp + 0xc8]
adc r8, 0x0
add r14, [rsp + 0x40]
adcx r9, [rsp + 0x50]
adcx r10, [rsp + 0x60]
adcx rax, [rsp + 0x90]
adcx r15, [rsp + 0xd0]
adcx r13, [rsp + 0xd8]
adc r8, 0x0
mov rdx, 0x26
mulx rsi, rcx, r8
mulx r8, rbx, r13
mulx rbp, r12, r15
mulx r13, r15, rax
add r14, r12
adcx r9, rbx
adcx r10, rcx
adc rsi, 0x0
add r11, r15
adcx r14, r13
adcx r9, rbp
adcx r10, r8
adc rsi, 0x0
mulx rax, r8, rsi
add r11, r8
adc r14, 0x0
mov [rdi + 0x8], r14
adc r9, 0x0
mov [rdi + 0x10], r9
adc r10, 0x0
mov [rdi + 0x18], r10
mov rax, 0x0
cmovc rax, rdx
add rax, r11
mov [rdi], rax
mov rbx, [rsp + 0x30]
mov rbp, [rsp + 0x28]
mov r12, [rsp + 0x20]
mov r13, [rsp + 0x18]
mov r14, [rsp + 0x10]
mov r15, [rsp + 0x8]
add rsp, 0xe0
ret
