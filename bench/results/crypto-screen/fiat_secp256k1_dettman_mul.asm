SECTION .text
	GLOBAL fiat_secp256k1_dettman_mul
fiat_secp256k1_dettman_mul:
mov [rsp - 0x18], rbx
mov [rsp - 0x20], rbp
mov [rsp - 0x28], r12
mov [rsp - 0x30], r13
mov [rsp - 0x38], r14
mov [rsp - 0x40], r15
mov rcx, rdx
mov rdx, [rcx]
mulx rax, r8, [rsi]
mov rdx, [rsi + 0x20]
mulx r9, r10, [rcx + 0x20]
mov rdx, 0x1000003d10
mulx r10, r11, r10
mov rdx, [rcx + 0x18]
mulx rbx, rbp, [rsi]
mov rdx, [rcx + 0x20]
mulx r12, r13, [rsi]
test al, al
adox r11, rbp
adox r10, rbx
mov rdx, [rsi + 0x10]
mulx rbx, rbp, [rcx + 0x8]
add r11, rbp
adcx r10, rbx
mov rdx, [rsi + 0x8]
mulx rbx, rbp, [rcx + 0x10]
mov rdx, [rsi + 0x18]
mulx r14, r15, [rcx]
add rbp, r15
adcx rbx, r14
test al, al
adox r11, rbp
adox r10, rbx
mov rdx, [rsi + 0x8]
mulx rbx, rbp, [rcx + 0x20]
mov r14, r11
shrd r14, r10, 0x34
mov rdx, [rcx + 0x10]
mulx r10, r15, [rsi + 0x10]
add r14, r15
adc r10, 0x0
add r14, r13
mov rdx, [rsi + 0x20]
mulx r13, r15, [rcx]
mov rdx, [rcx + 0x18]
mov [rsp - 0x8], r11
mov [rsp - 0x10], rax
mulx r11, rax, [rsi + 0x8]
adcx r10, r12
test al, al
adox r15, rax
mov rdx, [rsi + 0x18]
mulx rax, r12, [rcx + 0x8]
adox r13, r11
test al, al
adox r15, r12
adox r13, rax
mov rdx, r9
mov rax, 0x1000003d10000
mulx r9, r11, rax
test al, al
adox r15, r11
adox r13, r9
test al, al
adox r14, r15
adox r10, r13
mov r9, 0x34
bzhi r11, r14, r9
mov r9, r11
shr r9, 0x30
mov rdx, [rcx + 0x10]
mulx r12, r13, [rsi + 0x18]
test al, al
adox rbp, r13
adox rbx, r12
mov rdx, [rcx + 0x8]
mulx r12, r13, [rsi + 0x20]
add rbp, r13
adcx rbx, r12
shrd r14, r10, 0x34
add rbp, r14
adc rbx, 0x0
mov rdx, [rcx + 0x18]
mulx r10, r12, [rsi + 0x10]
test al, al
adox rbp, r12
adox rbx, r10
mov r10, 0x34
bzhi r12, rbp, r10
shl r12, 0x4
add r12, r9
mov rdx, 0x1000003d1
mulx r9, r10, r12
test al, al
adox r8, r10
adox r9, [rsp - 0x10]
mov r10, 0x34
bzhi rdx, r8, r10
mov r10, rdx
mov rdx, [rsi + 0x18]
mulx r12, r13, [rcx + 0x18]
mov rdx, [rsi + 0x20]
mulx r14, r15, [rcx + 0x10]
test al, al
adox r13, r15
adox r12, r14
mov rdx, [rsi + 0x10]
mulx r14, r15, [rcx + 0x20]
add r15, r13
adcx r14, r12
shrd rbp, rbx, 0x34
add rbp, r15
adc r14, 0x0
mov rbx, 0x34
bzhi r12, rbp, rbx
shrd rbp, r14, 0x34
mov rdx, r12
mov rbx, 0x1000003d10
mulx r12, r13, rbx
mov rdx, [rcx + 0x8]
mulx r14, r15, [rsi]
add r13, r15
adcx r12, r14
mov rdx, [rsi + 0x8]
mulx r14, r15, [rcx]
shrd r8, r9, 0x34
test al, al
adox r8, r15
clc
adcx r13, r8
mov r8, 0x0
adox r14, r8
adcx r12, r14
mov r9, 0x34
bzhi r14, r13, r9
shrd r13, r12, 0x34
mov rdx, [rcx]
mulx r9, r12, [rsi + 0x10]
add r13, r12
adcx r9, r8
mov rdx, [rsi]
mulx r12, r15, [rcx + 0x10]
mov [rdi], r10
mov rdx, [rsi + 0x20]
mulx r10, rax, [rcx + 0x18]
mov rdx, [rcx + 0x20]
mulx r8, rbx, [rsi + 0x18]
add rax, rbx
adcx r10, r8
add rax, rbp
mov rdx, rax
mov r8, 0x1000003d10
mulx rax, r8, r8
adc r10, 0x0
add r15, r8
adcx r12, rax
mov rdx, r10
mov rax, 0x1000003d10000
mulx rax, r8, rax
mov rdx, [rsi + 0x8]
mulx r10, rbx, [rcx + 0x8]
mov [rdi + 0x8], r14
add r15, rbx
adcx r12, r10
add r13, r15
adcx r9, r12
mov r10, 0x34
bzhi rdx, r13, r10
mov [rdi + 0x10], rdx
shrd r13, r9, 0x34
mov r9, 0x34
bzhi r10, [rsp - 0x8], r9
add r13, r10
add r13, r8
adc rax, 0x0
mov r8, 0x34
bzhi r9, r13, r8
mov [rdi + 0x18], r9
shrd r13, rax, 0x34
mov rax, 0xffffffffffff
and r11, rax
add r13, r11
mov [rdi + 0x20], r13
mov rbx, [rsp - 0x18]
mov rbp, [rsp - 0x20]
mov r12, [rsp - 0x28]
mov r13, [rsp - 0x30]
mov r14, [rsp - 0x38]
mov r15, [rsp - 0x40]
ret
