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
mov [rsp + 0x80], r12
mov [rsp + 0x70], r11
mulx r12, r11, rbx
mov rbx, 0xfdc1767ae2ffffff
mov [rsp + 0x68], r14
mov [rsp + 0x60], r10
mulx r14, r10, rbx
mov rbx, 0xffffffffffffffff
mov [rsp + 0x58], rbp
mov [rsp + 0x50], r12
mulx rbp, r12, rbx
mov rbx, rbp
add rbx, r12
mov [rsp + 0x48], rax
mov rax, rbp
adcx rax, r12
adcx rbp, r10
adcx r14, r11
mov r10, [rsp + 0x50]
adcx r10, [rsp + 0x48]
mov r11, [rsp + 0x60]
adcx r11, [rsp + 0x68]
mov [rsp + 0x68], r11
mov r11, [rsp + 0x80]
adc r11, 0x0
test al, al
adox r8, r12
adox r9, rbx
adox r15, rax
adox r13, rbp
adox r14, [rsp + 0x58]
adox r10, [rsp + 0x70]
mov rax, [rsp + 0x78]
adox rax, [rsp + 0x68]
adox r11, [rsp + 0x88]
mov r8, 0x0
seto r8b
mov rdx, [rsi + 0x8]
mulx rbx, rbp, [rcx + 0x30]
mov [rsp + 0x88], r8
mulx r12, r8, [rcx + 0x28]
mov [rsp + 0x68], r11
mov [rsp + 0x78], rbx
mulx r11, rbx, [rcx + 0x20]
mov [rsp + 0x70], rax
mov [rsp + 0x58], r12
mulx rax, r12, [rcx + 0x18]
mov [rsp + 0x80], rbp
mov [rsp + 0x60], r10
mulx rbp, r10, [rcx + 0x10]
mov [rsp + 0x48], r11
mov [rsp + 0x50], r8
mulx r11, r8, [rcx + 0x8]
mov [rsp + 0x40], r14
mov [rsp + 0x38], rbx
mulx r14, rbx, [rcx]
add r14, r8
adcx r11, r10
adcx rbp, r12
adcx rax, [rsp + 0x38]
mov r8, [rsp + 0x48]
adcx r8, [rsp + 0x50]
mov r10, [rsp + 0x58]
adcx r10, [rsp + 0x80]
mov rdx, [rsp + 0x78]
adc rdx, 0x0
xor r12, r12
adox r9, rbx
adox r15, r14
adox r13, r11
adox rbp, [rsp + 0x40]
adox rax, [rsp + 0x60]
adox r8, [rsp + 0x70]
adox r10, [rsp + 0x68]
adox rdx, [rsp + 0x88]
mov r11, 0x0
seto r11b
mov rbx, rdx
mov rdx, r9
mov r12, 0x2341f27177344
mov [rsp + 0x88], r11
mulx r14, r11, r12
mov r12, 0x6cfc5fd681c52056
mov [rsp + 0x68], rbx
mov [rsp + 0x70], r10
mulx rbx, r10, r12
mov r12, 0x7bc65c783158aea3
mov [rsp + 0x60], r14
mov [rsp + 0x40], r8
mulx r14, r8, r12
mov r12, 0xfdc1767ae2ffffff
mov [rsp + 0x78], rbx
mov [rsp + 0x80], r11
mulx rbx, r11, r12
mov r12, 0xffffffffffffffff
mov [rsp + 0x58], rax
mov [rsp + 0x50], r14
mulx rax, r14, r12
mov r12, rax
add r12, r14
mov [rsp + 0x48], r10
mov r10, rax
adcx r10, r14
adcx rax, r11
adcx rbx, r8
mov r8, [rsp + 0x50]
adcx r8, [rsp + 0x48]
mov r11, [rsp + 0x78]
adcx r11, [rsp + 0x80]
mov [rsp + 0x80], r11
mov r11, [rsp + 0x60]
adc r11, 0x0
test al, al
adox r9, r14
adox r15, r12
adox r13, r10
adox rbp, rax
adox rbx, [rsp + 0x58]
adox r8, [rsp + 0x40]
mov rax, [rsp + 0x70]
adox rax, [rsp + 0x80]
adox r11, [rsp + 0x68]
mov r9, [rsp + 0x88]
mov r10, 0x0
adox r9, r10
mov rdx, [rsi + 0x10]
mulx r12, r14, [rcx + 0x30]
mov [rsp + 0x88], r9
mulx r10, r9, [rcx + 0x28]
mov [rsp + 0x68], r11
mov [rsp + 0x80], r12
mulx r11, r12, [rcx + 0x20]
mov [rsp + 0x70], rax
mov [rsp + 0x40], r14
mulx rax, r14, [rcx + 0x18]
mov [rsp + 0x58], r10
mov [rsp + 0x60], r8
mulx r10, r8, [rcx + 0x10]
mov [rsp + 0x78], r11
mov [rsp + 0x48], r9
mulx r11, r9, [rcx + 0x8]
mov [rsp + 0x50], rbx
mov [rsp + 0x38], r12
mulx rbx, r12, [rcx]
add rbx, r9
adcx r11, r8
adcx r10, r14
adcx rax, [rsp + 0x38]
mov r8, [rsp + 0x78]
adcx r8, [rsp + 0x48]
mov r9, [rsp + 0x58]
adcx r9, [rsp + 0x40]
mov rdx, [rsp + 0x80]
adc rdx, 0x0
xor r14, r14
adox r15, r12
adox r13, rbx
adox rbp, r11
adox r10, [rsp + 0x50]
adox rax, [rsp + 0x60]
adox r8, [rsp + 0x70]
adox r9, [rsp + 0x68]
adox rdx, [rsp + 0x88]
mov r11, 0x0
seto r11b
mov rbx, rdx
mov rdx, r15
mov r12, 0x2341f27177344
mov [rsp + 0x88], r11
mulx r14, r11, r12
mov r12, 0x6cfc5fd681c52056
mov [rsp + 0x68], rbx
mov [rsp + 0x70], r9
mulx rbx, r9, r12
mov r12, 0x7bc65c783158aea3
mov [rsp + 0x60], r14
mov [rsp + 0x50], r8
mulx r14, r8, r12
mov r12, 0xfdc1767ae2ffffff
mov [rsp + 0x80], rbx
mov [rsp + 0x40], r11
mulx rbx, r11, r12
mov r12, 0xffffffffffffffff
mov [rsp + 0x58], rax
mov [rsp + 0x48], r14
mulx rax, r14, r12
mov r12, rax
add r12, r14
mov [rsp + 0x78], r9
mov r9, rax
adcx r9, r14
adcx rax, r11
adcx rbx, r8
mov r8, [rsp + 0x48]
adcx r8, [rsp + 0x78]
mov r11, [rsp + 0x80]
adcx r11, [rsp + 0x40]
mov [rsp + 0x40], r11
mov r11, [rsp + 0x60]
adc r11, 0x0
test al, al
adox r15, r14
adox r13, r12
adox rbp, r9
adox r10, rax
adox rbx, [rsp + 0x58]
adox r8, [rsp + 0x50]
mov rax, [rsp + 0x70]
adox rax, [rsp + 0x40]
adox r11, [rsp + 0x68]
mov r9, [rsp + 0x88]
mov rdx, 0x0
adox r9, rdx
mov rdx, [rsi + 0x18]
mulx r12, r14, [rcx + 0x30]
mov [rsp + 0x88], r9
mulx r15, r9, [rcx + 0x28]
mov [rsp + 0x68], r11
mov [rsp + 0x40], r12
mulx r11, r12, [rcx + 0x20]
mov [rsp + 0x70], rax
mov [rsp + 0x50], r15
mulx rax, r15, [rcx + 0x18]
mov [rsp + 0x58], r14
mov [rsp + 0x60], r8
mulx r14, r8, [rcx + 0x10]
mov [rsp + 0x80], r11
mov [rsp + 0x78], r9
mulx r11, r9, [rcx + 0x8]
mov [rsp + 0x48], rbx
mov [rsp + 0x38], r12
mulx rbx, r12, [rcx]
add rbx, r9
adcx r11, r8
adcx r14, r15
adcx rax, [rsp + 0x38]
mov r8, [rsp + 0x80]
adcx r8, [rsp + 0x78]
mov r9, [rsp + 0x50]
adcx r9, [rsp + 0x58]
mov rdx, [rsp + 0x40]
adc rdx, 0x0
xor r15, r15
adox r13, r12
adox rbp, rbx
adox r10, r11
adox r14, [rsp + 0x48]
adox rax, [rsp + 0x60]
adox r8, [rsp + 0x70]
adox r9, [rsp + 0x68]
adox rdx, [rsp + 0x88]
mov r11, 0x0
seto r11b
mov rbx, rdx
mov rdx, r13
mov r12, 0x2341f27177344
mov [rsp + 0x88], r11
mulx r15, r11, r12
mov r12, 0x6cfc5fd681c52056
mov [rsp + 0x68], rbx
mov [rsp + 0x70], r9
mulx rbx, r9, r12
mov r12, 0x7bc65c783158aea3
mov [rsp + 0x60], r15
mov [rsp + 0x48], r8
mulx r15, r8, r12
mov r12, 0xfdc1767ae2ffffff
mov [rsp + 0x40], rbx
mov [rsp + 0x58], r11
mulx rbx, r11, r12
mov r12, 0xffffffffffffffff
mov [rsp + 0x50], rax
mov [rsp + 0x78], r15
mulx rax, r15, r12
mov r12, rax
add r12, r15
mov [rsp + 0x80], r9
mov r9, rax
adcx r9, r15
adcx rax, r11
adcx rbx, r8
mov r8, [rsp + 0x78]
adcx r8, [rsp + 0x80]
mov r11, [rsp + 0x40]
adcx r11, [rsp + 0x58]
mov [rsp + 0x58], r11
mov r11, [rsp + 0x60]
adc r11, 0x0
test al, al
adox r13, r15
adox rbp, r12
adox r10, r9
adox r14, rax
adox rbx, [rsp + 0x50]
adox r8, [rsp + 0x48]
mov rax, [rsp + 0x70]
adox rax, [rsp + 0x58]
adox r11, [rsp + 0x68]
mov r9, [rsp + 0x88]
mov rdx, 0x0
adox r9, rdx
mov rdx, [rsi + 0x20]
mulx r12, r13, [rcx + 0x30]
mov [rsp + 0x88], r9
mulx r15, r9, [rcx + 0x28]
mov [rsp + 0x68], r11
mov [rsp + 0x58], r12
mulx r11, r12, [rcx + 0x20]
mov [rsp + 0x70], rax
mov [rsp + 0x48], r15
mulx rax, r15, [rcx + 0x18]
mov [rsp + 0x50], r13
mov [rsp + 0x60], r8
mulx r13, r8, [rcx + 0x10]
mov [rsp + 0x40], r11
mov [rsp + 0x80], r9
mulx r11, r9, [rcx + 0x8]
mov [rsp + 0x78], rbx
mov [rsp + 0x38], r12
mulx rbx, r12, [rcx]
add rbx, r9
adcx r11, r8
adcx r13, r15
adcx rax, [rsp + 0x38]
mov r8, [rsp + 0x40]
adcx r8, [rsp + 0x80]
mov r9, [rsp + 0x48]
adcx r9, [rsp + 0x50]
mov rdx, [rsp + 0x58]
adc rdx, 0x0
xor r15, r15
adox rbp, r12
adox r10, rbx
adox r14, r11
adox r13, [rsp + 0x78]
adox rax, [rsp + 0x60]
adox r8, [rsp + 0x70]
adox r9, [rsp + 0x68]
adox rdx, [rsp + 0x88]
mov r11, 0x0
seto r11b
mov rbx, rdx
mov rdx, rbp
mov r12, 0x2341f27177344
mov [rsp + 0x88], r11
mulx r15, r11, r12
mov r12, 0x6cfc5fd681c52056
mov [rsp + 0x68], rbx
mov [rsp + 0x70], r9
mulx rbx, r9, r12
mov r12, 0x7bc65c783158aea3
mov [rsp + 0x60], r15
mov [rsp + 0x78], r8
mulx r15, r8, r12
mov r12, 0xfdc1767ae2ffffff
mov [rsp + 0x58], rbx
mov [rsp + 0x50], r11
mulx rbx, r11, r12
mov r12, 0xffffffffffffffff
mov [rsp + 0x48], rax
mov [rsp + 0x80], r15
mulx rax, r15, r12
mov r12, rax
add r12, r15
mov [rsp + 0x40], r9
mov r9, rax
adcx r9, r15
adcx rax, r11
adcx rbx, r8
mov r8, [rsp + 0x80]
adcx r8, [rsp + 0x40]
mov r11, [rsp + 0x58]
adcx r11, [rsp + 0x50]
mov [rsp + 0x50], r11
mov r11, [rsp + 0x60]
adc r11, 0x0
test al, al
adox rbp, r15
adox r10, r12
adox r14, r9
adox r13, rax
adox rbx, [rsp + 0x48]
adox r8, [rsp + 0x78]
mov rax, [rsp + 0x70]
adox rax, [rsp + 0x50]
adox r11, [rsp + 0x68]
mov r9, [rsp + 0x88]
mov rdx, 0x0
adox r9, rdx
mov rdx, [rsi + 0x28]
mulx rbp, r12, [rcx + 0x30]
mov [rsp + 0x88], r9
mulx r15, r9, [rcx + 0x28]
mov [rsp + 0x68], r11
mov [rsp + 0x50], rbp
mulx r11, rbp, [rcx + 0x20]
mov [rsp + 0x70], rax
mov [rsp + 0x78], r15
mulx rax, r15, [rcx + 0x18]
mov [rsp + 0x48], r12
mov [rsp + 0x60], r8
mulx r12, r8, [rcx + 0x10]
mov [rsp + 0x58], r11
mov [rsp + 0x40], r9
mulx r11, r9, [rcx + 0x8]
mov [rsp + 0x80], rbx
mov [rsp + 0x38], rbp
mulx rbx, rbp, [rcx]
add rbx, r9
adcx r11, r8
adcx r12, r15
adcx rax, [rsp + 0x38]
mov r8, [rsp + 0x58]
adcx r8, [rsp + 0x40]
mov r9, [rsp + 0x78]
adcx r9, [rsp + 0x48]
mov rdx, [rsp + 0x50]
adc rdx, 0x0
xor r15, r15
adox r10, rbp
adox r14, rbx
adox r13, r11
adox r12, [rsp + 0x80]
adox rax, [rsp + 0x60]
adox r8, [rsp + 0x70]
adox r9, [rsp + 0x68]
adox rdx, [rsp + 0x88]
mov r11, 0x0
seto r11b
mov rbx, rdx
mov rdx, r10
mov rbp, 0x2341f27177344
mov [rsp + 0x88], r11
mulx r15, r11, rbp
mov rbp, 0x6cfc5fd681c52056
mov [rsp + 0x68], rbx
mov [rsp + 0x70], r9
mulx rbx, r9, rbp
mov rbp, 0x7bc65c783158aea3
mov [rsp + 0x60], r15
mov [rsp + 0x80], r8
mulx r15, r8, rbp
mov rbp, 0xfdc1767ae2ffffff
mov [rsp + 0x50], rbx
mov [rsp + 0x48], r11
mulx rbx, r11, rbp
mov rbp, 0xffffffffffffffff
mov [rsp + 0x78], rax
mov [rsp + 0x40], r15
mulx rax, r15, rbp
mov rbp, rax
add rbp, r15
mov [rsp + 0x58], r9
mov r9, rax
adcx r9, r15
adcx rax, r11
adcx rbx, r8
mov r8, [rsp + 0x40]
adcx r8, [rsp + 0x58]
mov r11, [rsp + 0x50]
adcx r11, [rsp + 0x48]
mov [rsp + 0x48], r11
mov r11, [rsp + 0x60]
adc r11, 0x0
test al, al
adox r10, r15
adox r14, rbp
adox r13, r9
adox r12, rax
adox rbx, [rsp + 0x78]
adox r8, [rsp + 0x80]
mov rax, [rsp + 0x70]
adox rax, [rsp + 0x48]
adox r11, [rsp + 0x68]
mov r9, [rsp + 0x88]
mov r10, 0x0
adox r9, r10
mov rdx, [rsi + 0x30]
mulx rbp, r15, [rcx + 0x30]
mov [rsp + 0x88], r9
mulx r10, r9, [rcx + 0x28]
mov [rsp + 0x68], r11
mov [rsp + 0x48], rbp
mulx r11, rbp, [rcx + 0x20]
mov [rsp + 0x70], rax
mov [rsp + 0x80], r15
mulx rax, r15, [rcx + 0x18]
mov [rsp + 0x78], r10
mov [rsp + 0x60], r8
mulx r10, r8, [rcx + 0x10]
mov [rsp + 0x50], r11
mov [rsp + 0x58], r9
mulx r11, r9, [rcx + 0x8]
mov [rsp + 0x40], rbx
mov [rsp + 0x38], rbp
mulx rbx, rbp, [rcx]
add rbx, r9
adcx r11, r8
adcx r10, r15
adcx rax, [rsp + 0x38]
mov r8, [rsp + 0x50]
adcx r8, [rsp + 0x58]
mov r9, [rsp + 0x78]
adcx r9, [rsp + 0x80]
mov rdx, [rsp + 0x48]
adc rdx, 0x0
xor rsi, rsi
adox r14, rbp
adox r13, rbx
adox r12, r11
adox r10, [rsp + 0x40]
adox rax, [rsp + 0x60]
adox r8, [rsp + 0x70]
adox r9, [rsp + 0x68]
adox rdx, [rsp + 0x88]
mov r11, 0x0
seto r11b
mov rsi, rdx
mov rdx, r14
mov rcx, 0x2341f27177344
mulx rbx, rbp, rcx
mov r15, 0x6cfc5fd681c52056
mov [rsp + 0x88], r11
mulx rcx, r11, r15
mov r15, 0x7bc65c783158aea3
mov [rsp + 0x68], rsi
mov [rsp + 0x70], r9
mulx rsi, r9, r15
mov r15, 0xfdc1767ae2ffffff
mov [rsp + 0x60], rbx
mov [rsp + 0x40], r8
mulx rbx, r8, r15
mov r15, 0xffffffffffffffff
mov [rsp + 0x48], rbp
mov [rsp + 0x80], rcx
mulx rbp, rcx, r15
mov r15, rbp
add r15, rcx
mov [rsp + 0x78], rax
mov rax, rbp
adcx rax, rcx
adcx rbp, r8
adcx rbx, r9
adcx rsi, r11
mov r8, [rsp + 0x80]
adcx r8, [rsp + 0x48]
mov r9, [rsp + 0x60]
adc r9, 0x0
xor r11, r11
adox r14, rcx
adox r13, r15
adox r12, rax
adox r10, rbp
adox rbx, [rsp + 0x78]
adox rsi, [rsp + 0x40]
adox r8, [rsp + 0x70]
adox r9, [rsp + 0x68]
mov rax, [rsp + 0x88]
mov r11, 0x0
adox rax, r11
mov rdx, r13
sub rdx, 0xffffffffffffffff
mov rcx, r12
sbb rcx, 0xffffffffffffffff
mov rbp, r10
sbb rbp, 0xffffffffffffffff
mov r14, rbx
mov r15, 0xfdc1767ae2ffffff
sbb r14, r15
mov r15, rsi
mov [rsp + 0x88], r14
mov r14, 0x7bc65c783158aea3
sbb r15, r14
mov r14, r8
mov [rsp + 0x68], r15
mov r15, 0x6cfc5fd681c52056
sbb r14, r15
mov r15, r9
mov [rsp + 0x70], r14
mov r14, 0x2341f27177344
sbb r15, r14
sbb rax, r11
cmovc rdx, r13
mov [rdi], rdx
cmovc rcx, r12
mov [rdi + 0x8], rcx
cmovc rbp, r10
mov [rdi + 0x10], rbp
mov rax, [rsp + 0x88]
cmovc rax, rbx
mov [rdi + 0x18], rax
mov rax, [rsp + 0x68]
cmovc rax, rsi
mov [rdi + 0x20], rax
mov rax, [rsp + 0x70]
cmovc rax, r8
mov [rdi + 0x28], rax
cmovc r15, r9
mov [rdi + 0x30], r15
mov rbx, [rsp + 0x30]
mov rbp, [rsp + 0x28]
mov r12, [rsp + 0x20]
mov r13, [rsp + 0x18]
mov r14, [rsp + 0x10]
mov r15, [rsp + 0x8]
add rsp, 0x90
ret
