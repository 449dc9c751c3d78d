SECTION .text
	GLOBAL fiat_p384_mul
fiat_p384_mul:
mov [rsp - 0x48], rbx
mov [rsp - 0x50], rbp
mov [rsp - 0x58], r12
mov [rsp - 0x60], r13
mov [rsp - 0x68], r14
mov [rsp - 0x70], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx + 0x28]
mulx r9, r10, [rcx + 0x20]
mulx r11, rbx, [rcx + 0x18]
mulx rbp, r12, [rcx + 0x10]
mulx r13, r14, [rcx + 0x8]
mov [rsp - 0x8], rax
mulx r15, rax, [rcx]
add r15, r14
adcx r13, r12
adcx rbp, rbx
adcx r11, r10
adcx r9, r8
mov r8, [rsp - 0x8]
adc r8, 0x0
mov rdx, rax
mov r10, 0x100000001
mulx rbx, r12, r10
mov rdx, r12
mov rbx, 0xffffffffffffffff
mulx r14, r10, rbx
mov rbx, 0xfffffffffffffffe
mov [rsp - 0x8], r8
mov [rsp - 0x10], r9
mulx r8, r9, rbx
mov rbx, 0xffffffff00000000
mov [rsp - 0x18], r11
mov [rsp - 0x20], rbp
mulx r11, rbp, rbx
mov rbx, 0xffffffff
mov [rsp - 0x28], r14
mulx r12, r14, rbx
add r12, rbp
adcx r11, r9
adcx r8, r10
mov r9, [rsp - 0x28]
adcx r9, r10
adcx r10, [rsp - 0x28]
mov rdx, [rsp - 0x28]
adc rdx, 0x0
xor rbp, rbp
adox rax, r14
adox r15, r12
adox r13, r11
adox r8, [rsp - 0x20]
adox r9, [rsp - 0x18]
adox r10, [rsp - 0x10]
adox rdx, [rsp - 0x8]
mov rax, 0x0
seto al
mov r11, rdx
mov rdx, [rsi + 0x8]
mulx rbp, r12, [rcx + 0x28]
mulx r14, rbx, [rcx + 0x20]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r11
mulx rax, r11, [rcx + 0x18]
mov [rsp - 0x18], rbp
mov [rsp - 0x20], r10
mulx rbp, r10, [rcx + 0x10]
mov [rsp - 0x28], r14
mov [rsp - 0x30], r12
mulx r14, r12, [rcx + 0x8]
mov [rsp - 0x38], r9
mov [rsp - 0x40], rbx
mulx r9, rbx, [rcx]
add r9, r12
adcx r14, r10
adcx rbp, r11
adcx rax, [rsp - 0x40]
mov r10, [rsp - 0x28]
adcx r10, [rsp - 0x30]
mov r11, [rsp - 0x18]
adc r11, 0x0
xor rdx, rdx
adox r15, rbx
adox r13, r9
adox r8, r14
adox rbp, [rsp - 0x38]
adox rax, [rsp - 0x20]
adox r10, [rsp - 0x10]
adox r11, [rsp - 0x8]
mov r9, 0x0
seto r9b
mov rdx, r15
mov rbx, 0x100000001
mulx r12, r14, rbx
mov rdx, r14
mov r12, 0xffffffffffffffff
mov [rsp - 0x8], r9
mulx rbx, r9, r12
mov r12, 0xfffffffffffffffe
mov [rsp - 0x10], r11
mov [rsp - 0x20], r10
mulx r11, r10, r12
mov r12, 0xffffffff00000000
mov [rsp - 0x38], rax
mov [rsp - 0x18], rbp
mulx rax, rbp, r12
mov r12, 0xffffffff
mov [rsp - 0x30], rbx
mulx r14, rbx, r12
add r14, rbp
adcx rax, r10
adcx r11, r9
mov r10, [rsp - 0x30]
adcx r10, r9
adcx r9, [rsp - 0x30]
mov rdx, [rsp - 0x30]
adc rdx, 0x0
xor rbp, rbp
adox r15, rbx
adox r13, r14
adox r8, rax
adox r11, [rsp - 0x18]
adox r10, [rsp - 0x38]
adox r9, [rsp - 0x20]
adox rdx, [rsp - 0x10]
mov rax, [rsp - 0x8]
mov rbx, 0x0
adox rax, rbx
mov rbp, rdx
mov rdx, [rsi + 0x10]
mulx r14, r15, [rcx + 0x28]
mulx r12, rbx, [rcx + 0x20]
mov [rsp - 0x8], rax
mov [rsp - 0x10], rbp
mulx rax, rbp, [rcx + 0x18]
mov [rsp - 0x20], r14
mov [rsp - 0x38], r9
mulx r14, r9, [rcx + 0x10]
mov [rsp - 0x18], r15
mov [rsp - 0x30], r12
mulx r15, r12, [rcx + 0x8]
mov [rsp - 0x28], r10
mov [rsp - 0x40], rbx
mulx r10, rbx, [rcx]
add r10, r12
adcx r15, r9
adcx r14, rbp
adcx rax, [rsp - 0x40]
mov r9, [rsp - 0x30]
adcx r9, [rsp - 0x18]
mov rdx, [rsp - 0x20]
adc rdx, 0x0
xor rbp, rbp
adox r13, rbx
adox r8, r10
adox r11, r15
adox r14, [rsp - 0x28]
adox rax, [rsp - 0x38]
adox r9, [rsp - 0x10]
adox rdx, [rsp - 0x8]
mov r10, 0x0
seto r10b
mov rbx, rdx
mov rdx, r13
mov rbp, 0x100000001
mulx r12, r15, rbp
mov rdx, r15
mov r12, 0xffffffffffffffff
mov [rsp - 0x8], r10
mulx rbp, r10, r12
mov r12, 0xfffffffffffffffe
mov [rsp - 0x10], rbx
mov [rsp - 0x38], r9
mulx rbx, r9, r12
mov r12, 0xffffffff00000000
mov [rsp - 0x28], rax
mov [rsp - 0x20], r14
mulx rax, r14, r12
mov r12, 0xffffffff
mov [rsp - 0x18], rbp
mulx r15, rbp, r12
add r15, r14
adcx rax, r9
adcx rbx, r10
mov r9, [rsp - 0x18]
adcx r9, r10
adcx r10, [rsp - 0x18]
mov rdx, [rsp - 0x18]
adc rdx, 0x0
xor r14, r14
adox r13, rbp
adox r8, r15
adox r11, rax
adox rbx, [rsp - 0x20]
adox r9, [rsp - 0x28]
adox r10, [rsp - 0x38]
adox rdx, [rsp - 0x10]
mov rax, [rsp - 0x8]
mov rbp, 0x0
adox rax, rbp
mov r13, rdx
mov rdx, [rsi + 0x18]
mulx r14, r15, [rcx + 0x28]
mulx r12, rbp, [rcx + 0x20]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r13
mulx rax, r13, [rcx + 0x18]
mov [rsp - 0x38], r14
mov [rsp - 0x28], r10
mulx r14, r10, [rcx + 0x10]
mov [rsp - 0x20], r15
mov [rsp - 0x18], r12
mulx r15, r12, [rcx + 0x8]
mov [rsp - 0x30], r9
mov [rsp - 0x40], rbp
mulx r9, rbp, [rcx]
add r9, r12
adcx r15, r10
adcx r14, r13
adcx rax, [rsp - 0x40]
mov r10, [rsp - 0x18]
adcx r10, [rsp - 0x20]
mov rdx, [rsp - 0x38]
adc rdx, 0x0
xor r12, r12
adox r8, rbp
adox r11, r9
adox rbx, r15
adox r14, [rsp - 0x30]
adox rax, [rsp - 0x28]
adox r10, [rsp - 0x10]
adox rdx, [rsp - 0x8]
mov r9, 0x0
seto r9b
mov rbp, rdx
mov rdx, r8
mov r12, 0x100000001
mulx r13, r15, r12
mov rdx, r15
mov r13, 0xffffffffffffffff
mov [rsp - 0x8], r9
mulx r12, r9, r13
mov r13, 0xfffffffffffffffe
mov [rsp - 0x10], rbp
mov [rsp - 0x28], r10
mulx rbp, r10, r13
mov r13, 0xffffffff00000000
mov [rsp - 0x30], rax
mov [rsp - 0x38], r14
mulx rax, r14, r13
mov r13, 0xffffffff
mov [rsp - 0x20], r12
mulx r15, r12, r13
add r15, r14
adcx rax, r10
adcx rbp, r9
mov r10, [rsp - 0x20]
adcx r10, r9
adcx r9, [rsp - 0x20]
mov rdx, [rsp - 0x20]
adc rdx, 0x0
xor r14, r14
adox r8, r12
adox r11, r15
adox rbx, rax
adox rbp, [rsp - 0x38]
adox r10, [rsp - 0x30]
adox r9, [rsp - 0x28]
adox rdx, [rsp - 0x10]
mov rax, [rsp - 0x8]
mov r8, 0x0
adox rax, r8
mov r12, rdx
mov rdx, [rsi + 0x20]
mulx r14, r15, [rcx + 0x28]
mulx r13, r8, [rcx + 0x20]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r12
mulx rax, r12, [rcx + 0x18]
mov [rsp - 0x28], r14
mov [rsp - 0x30], r9
mulx r14, r9, [rcx + 0x10]
mov [rsp - 0x38], r15
mov [rsp - 0x20], r13
mulx r15, r13, [rcx + 0x8]
mov [rsp - 0x18], r10
mov [rsp - 0x40], r8
mulx r10, r8, [rcx]
add r10, r13
adcx r15, r9
adcx r14, r12
adcx rax, [rsp - 0x40]
mov r9, [rsp - 0x20]
adcx r9, [rsp - 0x38]
mov rdx, [rsp - 0x28]
adc rdx, 0x0
xor r12, r12
adox r11, r8
adox rbx, r10
adox rbp, r15
adox r14, [rsp - 0x18]
adox rax, [rsp - 0x30]
adox r9, [rsp - 0x10]
adox rdx, [rsp - 0x8]
mov r8, 0x0
seto r8b
mov r10, rdx
mov rdx, r11
mov r12, 0x100000001
mulx r13, r15, r12
mov rdx, r15
mov r13, 0xffffffffffffffff
mov [rsp - 0x8], r8
mulx r12, r8, r13
mov r13, 0xfffffffffffffffe
mov [rsp - 0x10], r10
mov [rsp - 0x30], r9
mulx r10, r9, r13
mov r13, 0xffffffff00000000
mov [rsp - 0x18], rax
mov [rsp - 0x28], r14
mulx rax, r14, r13
mov r13, 0xffffffff
mov [rsp - 0x38], r12
mulx r15, r12, r13
add r15, r14
adcx rax, r9
adcx r10, r8
mov r9, [rsp - 0x38]
adcx r9, r8
adcx r8, [rsp - 0x38]
mov rdx, [rsp - 0x38]
adc rdx, 0x0
xor r14, r14
adox r11, r12
adox rbx, r15
adox rbp, rax
adox r10, [rsp - 0x28]
adox r9, [rsp - 0x18]
adox r8, [rsp - 0x30]
adox rdx, [rsp - 0x10]
mov rax, [rsp - 0x8]
mov r11, 0x0
adox rax, r11
mov r12, rdx
mov rdx, [rsi + 0x28]
mulx r14, r15, [rcx + 0x28]
mulx r13, r11, [rcx + 0x20]
mov [rsp - 0x8], rax
mov [rsp - 0x10], r12
mulx rax, r12, [rcx + 0x18]
mov [rsp - 0x30], r14
mov [rsp - 0x18], r8
mulx r14, r8, [rcx + 0x10]
mov [rsp - 0x28], r15
mov [rsp - 0x38], r13
mulx r15, r13, [rcx + 0x8]
mov [rsp - 0x20], r9
mov [rsp - 0x40], r11
mulx r9, r11, [rcx]
add r9, r13
adcx r15, r8
adcx r14, r12
adcx rax, [rsp - 0x40]
mov r8, [rsp - 0x38]
adcx r8, [rsp - 0x28]
mov rdx, [rsp - 0x30]
adc rdx, 0x0
xor rsi, rsi
adox rbx, r11
adox rbp, r9
adox r10, r15
adox r14, [rsp - 0x20]
adox rax, [rsp - 0x18]
adox r8, [rsp - 0x10]
adox rdx, [rsp - 0x8]
mov r9, 0x0
seto r9b
mov r11, rdx
mov rdx, rbx
mov rsi, 0x100000001
mulx rsi, rcx, rsi
mov rdx, rcx
mov rsi, 0xffffffffffffffff
mulx r12, r13, rsi
mov r15, 0xfffffffffffffffe
mov [rsp - 0x8], r9
mulx rsi, r9, r15
mov r15, 0xffffffff00000000
mov [rsp - 0x10], r11
mov [rsp - 0x18], r8
mulx r11, r8, r15
mov r15, 0xffffffff
mov [rsp - 0x20], rax
mulx rcx, rax, r15
add rcx, r8
adcx r11, r9
adcx rsi, r13
mov r8, r12
adcx r8, r13
adcx r13, r12
adc r12, 0x0
xor r9, r9
adox rbx, rax
adox rbp, rcx
adox r10, r11
adox r14, rsi
adox r8, [rsp - 0x20]
adox r13, [rsp - 0x18]
adox r12, [rsp - 0x10]
mov rax, [rsp - 0x8]
mov r9, 0x0
adox rax, r9
mov r11, rbp
sub r11, r15
mov rdx, r10
mov rsi, 0xffffffff00000000
sbb rdx, rsi
mov rsi, r14
sbb rsi, 0xfffffffffffffffe
mov rcx, r8
sbb rcx, 0xffffffffffffffff
mov rbx, r13
sbb rbx, 0xffffffffffffffff
mov r15, r12
sbb r15, 0xffffffffffffffff
sbb rax, r9
cmovc r11, rbp
mov [rdi], r11
cmovc rdx, r10
mov [rdi + 0x8], rdx
cmovc rsi, r14
mov [rdi + 0x10], rsi
cmovc rcx, r8
mov [rdi + 0x18], rcx
cmovc rbx, r13
mov [rdi + 0x20], rbx
cmovc r15, r12
mov [rdi + 0x28], r15
mov rbx, [rsp - 0x48]
mov rbp, [rsp - 0x50]
mov r12, [rsp - 0x58]
mov r13, [rsp - 0x60]
mov r14, [rsp - 0x68]
mov r15, [rsp - 0x70]
ret
