SECTION .text
	GLOBAL secp256k1_fe_mul_inner
secp256k1_fe_mul_inner:
mov [rsp - 0x18], rbx
mov [rsp - 0x20], rbp
mov [rsp - 0x28], r12
mov [rsp - 0x30], r13
mov [rsp - 0x38], r14
mov [rsp - 0x40], r15
mov rcx, rdx
mov rdx, [rsi]
mulx rax, r8, [rcx + 0x18]
mov rdx, [rcx + 0x10]
mulx r9, r10, [rsi + 0x8]
add r10, r8
adcx r9, rax
mov rdx, [rcx + 0x8]
mulx rax, r8, [rsi + 0x10]
add r10, r8
adcx r9, rax
mov rdx, [rsi + 0x18]
mulx rax, r8, [rcx]
add r10, r8
mov rdx, [rsi + 0x20]
mulx r8, r11, [rcx + 0x20]
adcx r9, rax
mov rdx, r11
mov rax, 0x1000003d10
mulx r11, rbx, rax
add r10, rbx
adcx r9, r11
mov r11, r10
shrd r11, r9, 0x34
mov rdx, [rcx + 0x20]
mulx r9, rbx, [rsi]
mov rdx, [rsi + 0x8]
mulx rax, rbp, [rcx + 0x18]
mov rdx, [rcx + 0x10]
mulx r12, r13, [rsi + 0x10]
mov rdx, [rsi + 0x20]
mulx r14, r15, [rcx]
add r13, rbp
adcx r12, rax
mov rdx, [rcx + 0x8]
mulx rax, rbp, [rsi + 0x18]
test al, al
adox r13, rbp
adox r12, rax
test al, al
adox r13, r15
adox r12, r14
add r13, rbx
adcx r12, r9
mov rdx, r8
mov rax, 0x1000003d10000
mulx r8, r9, rax
add r13, r9
adcx r12, r8
add r13, r11
adc r12, 0x0
mov r8, r13
shrd r8, r12, 0x34
mov r9, r13
shr r9, 0x30
mov r11, 0x4
bzhi r9, r9, r11
mov rdx, [rcx]
mulx r11, rbx, [rsi]
mov rdx, [rsi + 0x8]
mulx rbp, r12, [rcx + 0x20]
mov rdx, [rcx + 0x18]
mulx r14, r15, [rsi + 0x10]
add r15, r8
mov rdx, [rcx + 0x10]
mulx r8, rax, [rsi + 0x18]
adc r14, 0x0
add r12, rax
mov rdx, [rcx + 0x8]
mov [rsp - 0x8], r13
mulx rax, r13, [rsi + 0x20]
adcx rbp, r8
add r12, r13
adcx rbp, rax
add r15, r12
adcx r14, rbp
mov rax, r15
shl rax, 0x4
shrd r15, r14, 0x34
mov r8, 0xfffffffffffff0
and rax, r8
or rax, r9
mov rdx, rax
mov r8, 0x1000003d1
mulx rax, r8, r8
add r8, rbx
adcx rax, r11
mov r9, r8
shrd r9, rax, 0x34
mov rax, 0xfffffffffffff
and r8, rax
mov rdx, [rsi]
mulx r11, rbx, [rcx + 0x8]
mov rdx, [rcx]
mulx rbp, r12, [rsi + 0x8]
test al, al
adox r12, rbx
mov rdx, [rcx + 0x20]
mulx rbx, r13, [rsi + 0x10]
mov rdx, [rcx + 0x18]
mulx r14, rax, [rsi + 0x18]
clc
adcx r13, rax
mov rdx, [rcx + 0x10]
mov [rsp - 0x10], r8
mulx rax, r8, [rsi + 0x20]
adox rbp, r11
adcx rbx, r14
add r8, r15
adc rax, 0x0
add r8, r13
adcx rax, rbx
mov r11, 0x34
bzhi rbx, r8, r11
mov rdx, rbx
mov r11, 0x1000003d10
mulx rbx, r13, r11
add r12, r13
adcx rbp, rbx
add r12, r9
adc rbp, 0x0
shrd r8, rax, 0x34
mov rax, 0x34
bzhi r9, r12, rax
shrd r12, rbp, 0x34
mov rdx, [rcx + 0x10]
mulx rax, rbx, [rsi]
mov rdx, [rsi + 0x8]
mulx rbp, r13, [rcx + 0x8]
mov [rdi + 0x8], r9
mov rdx, [rsi + 0x10]
mulx r9, r14, [rcx]
mov rdx, [rsp - 0x10]
mov [rdi], rdx
add r13, r14
adcx rbp, r9
add r13, r12
adc rbp, 0x0
mov rdx, [rcx + 0x20]
mulx r9, r12, [rsi + 0x18]
mov rdx, [rcx + 0x18]
mulx r14, r15, [rsi + 0x20]
add r12, r15
adcx r9, r14
add r12, r8
mov rdx, r12
mulx r8, r11, r11
adc r9, 0x0
add rbx, r11
adcx rax, r8
add rbx, r13
adcx rax, rbp
mov r8, 0x34
bzhi r11, rbx, r8
mov [rdi + 0x10], r11
shrd rbx, rax, 0x34
mov rdx, r9
mov rax, 0x1000003d10000
mulx rax, r8, rax
mov r9, 0xfffffffffffff
and r10, r9
add r8, r10
adc rax, 0x0
add r8, rbx
adc rax, 0x0
and r9, r8
mov [rdi + 0x18], r9
shrd r8, rax, 0x34
mov rax, 0x30
bzhi r9, [rsp - 0x8], rax
add r8, r9
mov [rdi + 0x20], r8
mov rbx, [rsp - 0x18]
mov rbp, [rsp - 0x20]
mov r12, [rsp - 0x28]
mov r13, [rsp - 0x30]
mov r14, [rsp - 0x38]
mov r15, [rsp - 0x40]
ret
