SECTION .text
	GLOBAL fiat_p434_mul
fiat_p434_mul:
sub rsp, 0x90
mov [rsp + 0x30], rbx
mov [rsp + 0x28], rbp
mov [rsp + 0x20], r12
mov [rsp + 0x18], r13
mov [rsp + 0x10], r14
mov [rsp + 0x8], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx + 0x30]
mulx r9, r10, [rcx + 0x28]
mulx r11, rbx, [rcx + 0x20]
mulx rbp, r12, [rcx + 0x18]
mulx r13, r14, [rcx + 0x10]
mov [rsp + 0x88], rax
mulx r15, rax, [rcx + 0x8]
mov [rsp + 0x80], r9
mov [rsp + 0x78], r8
mulx r9, r8, [rcx]
add r9, rax
adcx r15, r14
adcx r13, r12
adcx rbp, rbx
adcx r11, r10
mov rax, [rsp + 0x80]
adcx rax, [rsp + 0x78]
mov r10, [rsp + 0x88]
adc r10, 0x0
mov rdx, r8
mov rbx, 0x2341f27177344
mulx r12, r14, rbx
mov rbx, 0x6cfc5fd681c52056
mov [rsp + 0x88], r10
mov [rsp + 0x78], rax
mulx r10, rax, rbx
mov rbx, 0x7bc65c783158aea3
mov [rsp + 0x80], r11
mov [rsp + 0x70], rbp
mulx r11, rbp, rbx
mov rbx, 0xfdc1767ae2ffffff
mov [rsp + 0x68], r13
mov [rsp + 0x60], r15
mulx r13, r15, rbx
mov rbx, 0xffffffffffffffff
mov [rsp + 0x58], r9
mov [rsp + 0x50], r12
mulx r9, r12, rbx
mov rbx, r9
add rbx, r12
mov [rsp + 0x48], rbx
mov rbx, r9
adcx rbx, r12
adcx r9, r15
adcx r13, rbp
adcx r11, rax
adcx r10, r14
mov rax, [rsp + 0x50]
adc rax, 0x0
add r8, r12
mov r8, [rsp + 0x58]
adcx r8, [rsp + 0x48]
adcx rbx, [rsp + 0x60]
adcx r9, [rsp + 0x68]
adcx r13, [rsp + 0x70]
adcx r11, [rsp + 0x80]
adcx r10, [rsp + 0x78]
adcx rax, [rsp + 0x88]
mov rdx, 0x0
setc dl
mov rbp, rdx
mov rdx, [rsi + 0x8]
mulx r12, r14, [rcx + 0x30]
mov [rsp + 0x88], rbp
mulx r15, rbp, [rcx + 0x28]
mov [rsp + 0x78], rax
mov [rsp + 0x80], r10
mulx rax, r10, [rcx + 0x20]
mov [rsp + 0x70], r11
mov [rsp + 0x68], r13
mulx r11, r13, [rcx + 0x18]
mov [rsp + 0x60], r9
mov [rsp + 0x48], rbx
mulx r9, rbx, [rcx + 0x10]
mov [rsp + 0x58], r8
mov [rsp + 0x50], r12
mulx r8, r12, [rcx + 0x8]
mov [rsp + 0x40], r15
mov [rsp + 0x38], r14
mulx r15, r14, [rcx]
add r15, r12
adcx r8, rbx
adcx r9, r13
adcx r11, r10
adcx rax, rbp
mov r10, [rsp + 0x40]
adcx r10, [rsp + 0x38]
mov rdx, [rsp + 0x50]
adc rdx, 0x0
add r14, [rsp + 0x58]
adcx r15, [rsp + 0x48]
adcx r8, [rsp + 0x60]
adcx r9, [rsp + 0x68]
adcx r11, [rsp + 0x70]
adcx rax, [rsp + 0x80]
adcx r10, [rsp + 0x78]
adcx rdx, [rsp + 0x88]
mov rbx, 0x0
setc bl
mov rbp, rdx
mov rdx, r14
mov r12, 0x2341f27177344
mov [rsp + 0x88], rbx
mulx r13, rbx, r12
mov r12, 0x6cfc5fd681c52056
mov [rsp + 0x78], rbp
mov [rsp + 0x80], r10
mulx rbp, r10, r12
mov r12, 0x7bc65c783158aea3
mov [rsp + 0x70], rax
mov [rsp + 0x68], r11
mulx rax, r11, r12
mov r12, 0xfdc1767ae2ffffff
mov [rsp + 0x60], r9
mov [rsp + 0x48], r8
mulx r9, r8, r12
mov r12, 0xffffffffffffffff
mov [rsp + 0x58], r15
mov [rsp + 0x50], r13
mulx r15, r13, r12
mov r12, r15
add r12, r13
mov [rsp + 0x38], r12
mov r12, r15
adcx r12, r13
adcx r15, r8
adcx r9, r11
adcx rax, r10
adcx rbp, rbx
mov r8, [rsp + 0x50]
adc r8, 0x0
add r14, r13
mov r10, [rsp + 0x58]
adcx r10, [rsp + 0x38]
adcx r12, [rsp + 0x48]
adcx r15, [rsp + 0x60]
adcx r9, [rsp + 0x68]
adcx rax, [rsp + 0x70]
adcx rbp, [rsp + 0x80]
adcx r8, [rsp + 0x78]
mov r11, [rsp + 0x88]
adc r11, 0x0
mov rdx, [rsi + 0x10]
mulx rbx, r13, [rcx + 0x30]
mov [rsp + 0x88], r11
mulx r14, r11, [rcx + 0x28]
mov [rsp + 0x78], r8
mov [rsp + 0x80], rbp
mulx r8, rbp, [rcx + 0x20]
mov [rsp + 0x70], rax
mov [rsp + 0x68], r9
mulx rax, r9, [rcx + 0x18]
mov [rsp + 0x60], r15
mov [rsp + 0x48], r12
mulx r15, r12, [rcx + 0x10]
mov [rsp + 0x38], r10
mov [rsp + 0x58], rbx
mulx r10, rbx, [rcx + 0x8]
mov [rsp + 0x50], r14
mov [rsp + 0x40], r13
mulx r14, r13, [rcx]
add r14, rbx
adcx r10, r12
adcx r15, r9
adcx rax, rbp
adcx r8, r11
mov r9, [rsp + 0x50]
adcx r9, [rsp + 0x40]
mov r11, [rsp + 0x58]
adc r11, 0x0
add r13, [rsp + 0x38]
adcx r14, [rsp + 0x48]
adcx r10, [rsp + 0x60]
adcx r15, [rsp + 0x68]
adcx rax, [rsp + 0x70]
adcx r8, [rsp + 0x80]
adcx r9, [rsp + 0x78]
adcx r11, [rsp + 0x88]
mov rdx, 0x0
setc dl
mov rbx, rdx
mov rdx, r13
mov rbp, 0x2341f27177344
mov [rsp + 0x88], rbx
mulx r12, rbx, rbp
mov rbp, 0x6cfc5fd681c52056
mov [rsp + 0x78], r11
mov [rsp + 0x80], r9
mulx r11, r9, rbp
mov rbp, 0x7bc65c783158aea3
mov [rsp + 0x70], r8
mov [rsp + 0x68], rax
mulx r8, rax, rbp
mov rbp, 0xfdc1767ae2ffffff
mov [rsp + 0x60], r15
mov [rsp + 0x48], r10
mulx r15, r10, rbp
mov rbp, 0xffffffffffffffff
mov [rsp + 0x38], r14
mov [rsp + 0x58], r12
mulx r14, r12, rbp
mov rbp, r14
add rbp, r12
mov [rsp + 0x40], rbp
mov rbp, r14
adcx rbp, r12
adcx r14, r10
adcx r15, rax
adcx r8, r9
adcx r11, rbx
mov rax, [rsp + 0x58]
adc rax, 0x0
add r13, r12
mov r9, [rsp + 0x38]
adcx r9, [rsp + 0x40]
adcx rbp, [rsp + 0x48]
adcx r14, [rsp + 0x60]
adcx r15, [rsp + 0x68]
adcx r8, [rsp + 0x70]
adcx r11, [rsp + 0x80]
adcx rax, [rsp + 0x78]
mov r10, [rsp + 0x88]
adc r10, 0x0
mov rdx, [rsi + 0x18]
mulx rbx, r12, [rcx + 0x30]
mov [rsp + 0x88], r10
mulx r13, r10, [rcx + 0x28]
mov [rsp + 0x78], rax
mov [rsp + 0x80], r11
mulx rax, r11, [rcx + 0x20]
mov [rsp + 0x70], r8
mov [rsp + 0x68], r15
mulx r8, r15, [rcx + 0x18]
mov [rsp + 0x60], r14
mov [rsp + 0x48], rbp
mulx r14, rbp, [rcx + 0x10]
mov [rsp + 0x40], r9
mov [rsp + 0x38], rbx
mulx r9, rbx, [rcx + 0x8]
mov [rsp + 0x58], r13
mov [rsp + 0x50], r12
mulx r13, r12, [rcx]
add r13, rbx
adcx r9, rbp
adcx r14, r15
adcx r8, r11
adcx rax, r10
mov r10, [rsp + 0x58]
adcx r10, [rsp + 0x50]
mov r11, [rsp + 0x38]
adc r11, 0x0
add r12, [rsp + 0x40]
adcx r13, [rsp + 0x48]
adcx r9, [rsp + 0x60]
adcx r14, [rsp + 0x68]
adcx r8, [rsp + 0x70]
adcx rax, [rsp + 0x80]
adcx r10, [rsp + 0x78]
adcx r11, [rsp + 0x88]
mov rdx, 0x0
setc dl
mov rbx, rdx
mov rdx, r12
mov rbp, 0x2341f27177344
mov [rsp + 0x88], rbx
mulx r15, rbx, rbp
mov rbp, 0x6cfc5fd681c52056
mov [rsp + 0x78], r11
mov [rsp + 0x80], r10
mulx r11, r10, rbp
mov rbp, 0x7bc65c783158aea3
mov [rsp + 0x70], rax
mov [rsp + 0x68], r8
mulx rax, r8, rbp
mov rbp, 0xfdc1767ae2ffffff
mov [rsp + 0x60], r14
mov [rsp + 0x48], r9
mulx r14, r9, rbp
mov rbp, 0xffffffffffffffff
mov [rsp + 0x40], r13
mov [rsp + 0x38], r15
mulx r13, r15, rbp
mov rbp, r13
add rbp, r15
mov [rsp + 0x50], rbp
mov rbp, r13
adcx rbp, r15
adcx r13, r9
adcx r14, r8
adcx rax, r10
adcx r11, rbx
mov r8, [rsp + 0x38]
adc r8, 0x0
add r12, r15
mov r9, [rsp + 0x40]
adcx r9, [rsp + 0x50]
adcx rbp, [rsp + 0x48]
adcx r13, [rsp + 0x60]
adcx r14, [rsp + 0x68]
adcx rax, [rsp + 0x70]
adcx r11, [rsp + 0x80]
adcx r8, [rsp + 0x78]
mov r10, [rsp + 0x88]
adc r10, 0x0
mov rdx, [rsi + 0x20]
mulx rbx, r12, [rcx + 0x30]
mov [rsp + 0x88], r10
mulx r15, r10, [rcx + 0x28]
mov [rsp + 0x78], r8
mov [rsp + 0x80], r11
mulx r8, r11, [rcx + 0x20]
mov [rsp + 0x70], rax
mov [rsp + 0x68], r14
mulx rax, r14, [rcx + 0x18]
mov [rsp + 0x60], r13
mov [rsp + 0x48], rbp
mulx r13, rbp, [rcx + 0x10]
mov [rsp + 0x50], r9
mov [rsp + 0x40], rbx
mulx r9, rbx, [rcx + 0x8]
mov [rsp + 0x38], r15
mov [rsp + 0x58], r12
mulx r15, r12, [rcx]
add r15, rbx
adcx r9, rbp
adcx r13, r14
adcx rax, r11
adcx r8, r10
mov r10, [rsp + 0x38]
adcx r10, [rsp + 0x58]
mov r11, [rsp + 0x40]
adc r11, 0x0
add r12, [rsp + 0x50]
adcx r15, [rsp + 0x48]
adcx r9, [rsp + 0x60]
adcx r13, [rsp + 0x68]
adcx rax, [rsp + 0x70]
adcx r8, [rsp + 0x80]
adcx r10, [rsp + 0x78]
adcx r11, [rsp + 0x88]
mov rdx, 0x0
setc dl
mov rbx, rdx
mov rdx, r12
mov rbp, 0x2341f27177344
mov [rsp + 0x88], rbx
mulx r14, rbx, rbp
mov rbp, 0x6cfc5fd681c52056
mov [rsp + 0x78], r11
mov [rsp + 0x80], r10
mulx r11, r10, rbp
mov rbp, 0x7bc65c783158aea3
mov [rsp + 0x70], r8
mov [rsp + 0x68], rax
mulx r8, rax, rbp
mov rbp, 0xfdc1767ae2ffffff
mov [rsp + 0x60], r13
mov [rsp + 0x48], r9
mulx r13, r9, rbp
mov rbp, 0xffffffffffffffff
mov [rsp + 0x50], r15
mov [rsp + 0x40], r14
mulx r15, r14, rbp
mov rbp, r15
add rbp, r14
mov [rsp + 0x58], rbp
mov rbp, r15
adcx rbp, r14
adcx r15, r9
adcx r13, rax
adcx r8, r10
adcx r11, rbx
mov rax, [rsp + 0x40]
adc rax, 0x0
add r12, r14
mov r9, [rsp + 0x50]
adcx r9, [rsp + 0x58]
adcx rbp, [rsp + 0x48]
adcx r15, [rsp + 0x60]
adcx r13, [rsp + 0x68]
adcx r8, [rsp + 0x70]
adcx r11, [rsp + 0x80]
adcx rax, [rsp + 0x78]
mov r10, [rsp + 0x88]
adc r10, 0x0
mov rdx, [rsi + 0x28]
mulx rbx, r12, [rcx + 0x30]
mov [rsp + 0x88], r10
mulx r14, r10, [rcx + 0x28]
mov [rsp + 0x78], rax
mov [rsp + 0x80], r11
mulx rax, r11, [rcx + 0x20]
mov [rsp + 0x70], r8
mov [rsp + 0x68], r13
mulx r8, r13, [rcx + 0x18]
mov [rsp + 0x60], r15
mov [rsp + 0x48], rbp
mulx r15, rbp, [rcx + 0x10]
mov [rsp + 0x58], r9
mov [rsp + 0x50], rbx
mulx r9, rbx, [rcx + 0x8]
mov [rsp + 0x40], r14
mov [rsp + 0x38], r12
mulx r14, r12, [rcx]
add r14, rbx
adcx r9, rbp
adcx r15, r13
adcx r8, r11
adcx rax, r10
mov r10, [rsp + 0x40]
adcx r10, [rsp + 0x38]
mov r11, [rsp + 0x50]
adc r11, 0x0
add r12, [rsp + 0x58]
adcx r14, [rsp + 0x48]
adcx r9, [rsp + 0x60]
adcx r15, [rsp + 0x68]
adcx r8, [rsp + 0x70]
adcx rax, [rsp + 0x80]
adcx r10, [rsp + 0x78]
adcx r11, [rsp + 0x88]
mov rdx, 0x0
setc dl
mov rbx, rdx
mov rdx, r12
mov rbp, 0x2341f27177344
mov [rsp + 0x88], rbx
mulx r13, rbx, rbp
mov rbp, 0x6cfc5fd681c52056
mov [rsp + 0x78], r11
mov [rsp + 0x80], r10
mulx r11, r10, rbp
mov rbp, 0x7bc65c783158aea3
mov [rsp + 0x70], rax
mov [rsp + 0x68], r8
mulx rax, r8, rbp
mov rbp, 0xfdc1767ae2ffffff
mov [rsp + 0x60], r15
mov [rsp + 0x48], r9
mulx r15, r9, rbp
mov rbp, 0xffffffffffffffff
mov [rsp + 0x58], r14
mov [rsp + 0x50], r13
mulx r14, r13, rbp
mov rbp, r14
add rbp, r13
mov [rsp + 0x38], rbp
mov rbp, r14
adcx rbp, r13
adcx r14, r9
adcx r15, r8
adcx rax, r10
adcx r11, rbx
mov r8, [rsp + 0x50]
adc r8, 0x0
add r12, r13
mov r9, [rsp + 0x58]
adcx r9, [rsp + 0x38]
adcx rbp, [rsp + 0x48]
adcx r14, [rsp + 0x60]
adcx r15, [rsp + 0x68]
adcx rax, [rsp + 0x70]
adcx r11, [rsp + 0x80]
adcx r8, [rsp + 0x78]
mov r10, [rsp + 0x88]
adc r10, 0x0
mov rdx, [rsi + 0x30]
mulx rbx, r12, [rcx + 0x30]
mov [rsp + 0x88], r10
mulx r13, r10, [rcx + 0x28]
mov [rsp + 0x78], r8
mov [rsp + 0x80], r11
mulx r8, r11, [rcx + 0x20]
mov [rsp + 0x70], rax
mov [rsp + 0x68], r15
mulx rax, r15, [rcx + 0x18]
mov [rsp + 0x60], r14
mov [rsp + 0x48], rbp
mulx r14, rbp, [rcx + 0x10]
mov [rsp + 0x38], r9
mov [rsp + 0x58], rbx
mulx r9, rbx, [rcx + 0x8]
mov [rsp + 0x50], r13
mov [rsp + 0x40], r12
mulx r13, r12, [rcx]
add r13, rbx
adcx r9, rbp
adcx r14, r15
adcx rax, r11
adcx r8, r10
mov r10, [rsp + 0x50]
adcx r10, [rsp + 0x40]
mov r11, [rsp + 0x58]
adc r11, 0x0
add r12, [rsp + 0x38]
adcx r13, [rsp + 0x48]
adcx r9, [rsp + 0x60]
adcx r14, [rsp + 0x68]
adcx rax, [rsp + 0x70]
adcx r8, [rsp + 0x80]
adcx r10, [rsp + 0x78]
adcx r11, [rsp + 0x88]
mov rdx, 0x0
setc dl
mov rsi, rdx
mov rdx, r12
mov rcx, 0x2341f27177344
mulx rbx, rbp, rcx
mov r15, 0x6cfc5fd681c52056
mov [rsp + 0x88], rsi
mulx rcx, rsi, r15
mov r15, 0x7bc65c783158aea3
mov [rsp + 0x78], r11
mov [rsp + 0x80], r10
mulx r11, r10, r15
mov r15, 0xfdc1767ae2ffffff
mov [rsp + 0x70], r8
mov [rsp + 0x68], rax
mulx r8, rax, r15
mov r15, 0xffffffffffffffff
mov [rsp + 0x60], r14
mov [rsp + 0x48], r9
mulx r14, r9, r15
mov r15, r14
add r15, r9
mov [rsp + 0x38], r15
mov r15, r14
adcx r15, r9
adcx r14, rax
adcx r8, r10
adcx r11, rsi
adcx rcx, rbp
adc rbx, 0x0
add r12, r9
adcx r13, [rsp + 0x38]
adcx r15, [rsp + 0x48]
adcx r14, [rsp + 0x60]
adcx r8, [rsp + 0x68]
adcx r11, [rsp + 0x70]
adcx rcx, [rsp + 0x80]
adcx rbx, [rsp + 0x78]
mov rax, [rsp + 0x88]
adc rax, 0x0
mov r9, r13
sub r9, 0xffffffffffffffff
mov r10, r15
sbb r10, 0xffffffffffffffff
mov rdx, r14
sbb rdx, 0xffffffffffffffff
mov rsi, r8
mov rbp, 0xfdc1767ae2ffffff
sbb rsi, rbp
mov rbp, r11
mov r12, 0x7bc65c783158aea3
sbb rbp, r12
mov r12, rcx
mov [rsp + 0x88], rbp
mov rbp, 0x6cfc5fd681c52056
sbb r12, rbp
mov rbp, rbx
mov [rsp + 0x78], r12
mov r12, 0x2341f27177344
sbb rbp, r12
sbb rax, 0x0
cmovc r9, r13
mov [rdi], r9
cmovc r10, r15
mov [rdi + 0x8], r10
cmovc rdx, r14
mov [rdi + 0x10], rdx
cmovc rsi, r8
mov [rdi + 0x18], rsi
mov rax, [rsp + 0x88]
cmovc rax, r11
mov [rdi + 0x20], rax
mov rax, [rsp + 0x78]
cmovc rax, rcx
mov [rdi + 0x28], rax
cmovc rbp, rbx
mov [rdi + 0x30], rbp
mov rbx, [rsp + 0x30]
mov rbp, [rsp + 0x28]
mov r12, [rsp + 0x20]
mov r13, [rsp + 0x18]
mov r14, [rsp + 0x10]
mov r15, [rsp + 0x8]
add rsp, 0x90
ret
