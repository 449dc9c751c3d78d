SECTION .text
	GLOBAL fiat_curve25519_solinas_mul
fiat_curve25519_solinas_mul:
mov [rsp - 0x58], rbx
mov [rsp - 0x60], rbp
mov [rsp - 0x68], r12
mov [rsp - 0x70], r13
mov [rsp - 0x78], r14
mov [rsp - 0x80], r15
mov rcx, rdx
mov rdx, [rcx + 0x8]
mulx rax, r8, [rsi]
mulx r9, r10, [rsi + 0x18]
mov rdx, [rsi + 0x18]
mulx r11, rbx, [rcx]
mov rdx, [rcx + 0x10]
mulx rbp, r12, [rsi]
mov rdx, [rcx + 0x8]
mulx r13, r14, [rsi + 0x10]
mov rdx, [rsi]
mov [rsp - 0x8], r12
mulx r15, r12, [rcx + 0x18]
add rbp, rbx
mov rdx, [rcx + 0x18]
mov [rsp - 0x10], r12
mulx rbx, r12, [rsi + 0x8]
mov rdx, [rsi + 0x10]
mov [rsp - 0x18], r8
mov [rsp - 0x20], r12
mulx r8, r12, [rcx]
adcx r15, r10
adc rbx, 0x0
test al, al
adox rbp, r14
mov rdx, [rsi + 0x18]
mulx r10, r14, [rcx + 0x10]
adox r15, r11
mov rdx, [rsi + 0x8]
mov [rsp - 0x28], r10
mulx r11, r10, [rcx + 0x8]
clc
adcx rax, r12
mov rdx, [rsi]
mov [rsp - 0x30], r11
mulx r12, r11, [rcx]
mov rdx, [rsi + 0x10]
mov [rsp - 0x38], r11
mov [rsp - 0x40], r9
mulx r11, r9, [rcx + 0x10]
mov [rsp - 0x48], r11
mov r11, 0x0
adox rbx, r11
adcx rbp, r8
mov [rsp - 0x50], r13
mulx r8, r13, [rcx + 0x18]
adox r8, r11
adcx r15, r9
adcx rbx, r14
mov rdx, [rsi + 0x8]
mulx r9, r14, [rcx]
adcx r8, r11
mov r11, 0x0
setc r11b
test al, al
adox rax, r10
clc
adcx r12, r14
mulx r10, r14, [rcx + 0x10]
adcx rax, r9
adox rbp, r14
mov rdx, [rcx + 0x18]
mulx r9, r14, [rsi + 0x18]
adox r15, [rsp - 0x50]
adox rbx, [rsp - 0x40]
mov rdx, 0x0
adox r8, rdx
adcx rbp, [rsp - 0x30]
adcx r15, [rsp - 0x20]
adcx rbx, r13
lea r9, [r9 + 1 * r11]
adox r9, rdx
adcx r8, r14
mov r11, 0x0
setc r11b
add r12, [rsp - 0x18]
lea r9, [r9 + 1 * r11]
adcx rax, [rsp - 0x8]
adcx rbp, [rsp - 0x10]
adcx r15, r10
adcx rbx, [rsp - 0x48]
adcx r8, [rsp - 0x28]
adcx r9, rdx
mov rdx, 0x26
mulx r8, r10, r8
mulx r11, rsi, rbx
mulx r9, rcx, r9
test al, al
adox r12, rsi
adox rax, r10
adox rbp, rcx
mulx r10, rsi, r15
mov rcx, 0x0
adox r9, rcx
add rsi, [rsp - 0x38]
adcx r12, r10
adcx rax, r11
adcx rbp, r8
adcx r9, rcx
mulx r8, r9, r9
add rsi, r9
adcx r12, rcx
mov [rdi + 0x8], r12
adcx rax, rcx
mov [rdi + 0x10], rax
adcx rbp, rcx
mov [rdi + 0x18], rbp
cmovc rcx, rdx
add rcx, rsi
mov [rdi], rcx
mov rbx, [rsp - 0x58]
mov rbp, [rsp - 0x60]
mov r12, [rsp - 0x68]
mov r13, [rsp - 0x70]
mov r14, [rsp - 0x78]
mov r15, [rsp - 0x80]
ret
