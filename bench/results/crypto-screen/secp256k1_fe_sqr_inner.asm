SECTION .text
	GLOBAL secp256k1_fe_sqr_inner
secp256k1_fe_sqr_inner:
mov [rsp - 0x20], rbx
mov [rsp - 0x28], rbp
mov [rsp - 0x30], r12
mov [rsp - 0x38], r13
mov [rsp - 0x40], r14
mov [rsp - 0x48], r15
mov rax, [rsi]
shl rax, 0x1
mov r8, [rsi + 0x8]
shl r8, 0x1
mov rdx, [rsi + 0x10]
mulx r9, r10, r8
mov rdx, [rsi + 0x18]
mulx r11, rcx, rax
test al, al
adox rcx, r10
adox r11, r9
mov r9, [rsi + 0x10]
shl r9, 0x1
mov rdx, [rsi + 0x20]
mulx r10, rbx, rdx
mov rdx, rbx
mov rbp, 0x1000003d10
mulx rbx, r12, rbp
test al, al
adox rcx, r12
mov rdx, [rsi + 0x18]
mulx r12, rbp, rdx
adox r11, rbx
mov rdx, [rsi + 0x10]
mulx rbx, r13, rdx
mov rdx, [rsi + 0x20]
shl rdx, 0x1
mov r14, rdx
mov rdx, r8
mov [rsp - 0x8], rax
mulx r15, rax, [rsi + 0x18]
mov rdx, r14
mov [rsp - 0x10], r12
mulx r8, r12, [rsi]
mov [rsp - 0x18], rbp
mov rbp, rcx
shrd rbp, r11, 0x34
add rax, r13
adcx r15, rbx
add rax, r12
mov rdx, r10
mov r11, 0x1000003d10000
mulx r10, rbx, r11
adcx r15, r8
test al, al
adox rax, rbx
mov rdx, [rsi + 0x18]
mulx r8, r9, r9
clc
adcx rax, rbp
adox r15, r10
adc r15, 0x0
mov r10, rax
shr r10, 0x30
mov rdx, r14
mulx rbx, rbp, [rsi + 0x8]
mov r12, rax
shrd r12, r15, 0x34
mulx r13, r15, [rsi + 0x10]
mov r11, 0xffffffffffffe
and rcx, r11
and r10, 0xf
add rbp, r9
adcx rbx, r8
add rbp, r12
mov r8, 0x0
adcx rbx, r8
mov r9, rbp
shl r9, 0x4
shrd rbp, rbx, 0x34
mov r11, 0xfffffffffffff0
and r9, r11
add rbp, [rsp - 0x18]
mov r11, [rsp - 0x10]
adcx r11, r8
or r10, r9
mov rdx, 0x1000003d1
mulx r9, r10, r10
add rbp, r15
adcx r11, r13
mov rdx, 0x34
bzhi rbx, rbp, rdx
mov rdx, rbx
mov r12, 0x1000003d10
mulx rbx, r13, r12
mov rdx, [rsi + 0x10]
mulx r15, r12, [rsp - 0x8]
shrd rbp, r11, 0x34
mov rdx, [rsi]
mulx r11, r8, rdx
mov rdx, [rsi + 0x18]
mov [rsp - 0x10], rax
mulx r14, rax, r14
add r10, r8
adcx r9, r11
mov r8, r10
shrd r8, r9, 0x34
mov rdx, [rsp - 0x8]
mulx r9, r11, [rsi + 0x8]
add rbp, rax
adc r14, 0x0
add r11, r13
adcx r9, rbx
add r11, r8
adc r9, 0x0
mov rax, 0xfffffffffffff
and r10, rax
mov [rdi], r10
mov r8, r11
and r8, rax
shrd r11, r9, 0x34
mov rdx, rbp
mov r9, 0x1000003d10
mulx r9, r10, r9
add r12, r10
adcx r15, r9
mov rdx, 0x1000003d10000
mulx r9, r10, r14
mov rdx, [rsi + 0x8]
mulx rsi, rbx, rdx
mov [rdi + 0x8], r8
add r11, rbx
adc rsi, 0x0
add rcx, r10
adc r9, 0x0
add r12, r11
adcx r15, rsi
mov r8, 0x34
bzhi r10, r12, r8
mov [rdi + 0x10], r10
shrd r12, r15, 0x34
add rcx, r12
adc r9, 0x0
and rax, rcx
mov [rdi + 0x18], rax
shrd rcx, r9, 0x34
mov rax, 0xffffffffffff
and rax, [rsp - 0x10]
add rcx, rax
mov [rdi + 0x20], rcx
mov rbx, [rsp - 0x20]
mov rbp, [rsp - 0x28]
mov r12, [rsp - 0x30]
mov r13, [rsp - 0x38]
mov r14, [rsp - 0x40]
mov r15, [rsp - 0x48]
ret
