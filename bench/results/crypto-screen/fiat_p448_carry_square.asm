SECTION .text
	GLOBAL fiat_p448_carry_square
fiat_p448_carry_square:
mov [rsp - 0x50], rbx
mov [rsp - 0x58], rbp
mov [rsp - 0x60], r12
mov [rsp - 0x68], r13
mov [rsp - 0x70], r14
mov [rsp - 0x78], r15
mov rdx, [rsi]
mulx rax, r8, rdx
mov r9, [rsi + 0x30]
lea r9, [r9 + 1 * r9]
mov rdx, [rsi + 0x10]
mulx r10, r11, r9
mov rcx, [rsi + 0x28]
lea rcx, [rcx + 1 * rcx]
mov rdx, [rsi + 0x18]
mulx rbx, rbp, rcx
test al, al
adox r11, rbp
adox r10, rbx
mov rbx, [rsi + 0x38]
lea rbx, [rbx + 1 * rbx]
mov rdx, [rsi + 0x8]
mulx rbp, r12, rbx
test al, al
adox r11, r12
adox r10, rbp
mov rdx, [rsi + 0x20]
mulx rbp, r12, rdx
add r11, r12
adcx r10, rbp
mov rdx, [rsi]
mulx rbp, r12, rbx
mov rdx, r9
mulx r13, r14, [rsi + 0x8]
mov rdx, [rsi + 0x10]
mov [rsp - 0x8], rax
mulx r15, rax, rcx
mov rdx, [rsi + 0x20]
lea rdx, [rdx + 1 * rdx]
mov [rsp - 0x10], rcx
mov [rsp - 0x18], r10
mulx rcx, r10, [rsi + 0x18]
add r10, r12
adcx rcx, rbp
mov rbp, rdx
mov rdx, rbx
mov [rsp - 0x20], rbp
mulx r12, rbp, [rsi + 0x20]
mov rdx, [rsi + 0x28]
mov [rsp - 0x28], r8
mov [rsp - 0x30], rbx
mulx r8, rbx, r9
add rbp, rbx
adcx r12, r8
add rax, rbp
adcx r15, r12
add rax, r14
adcx r15, r13
add rax, r10
adcx r15, rcx
mov r8, rax
shrd r8, r15, 0x38
add r11, r8
mulx r8, r10, [rsp - 0x30]
mov rdx, [rsi + 0x30]
mulx rcx, rbx, rdx
mov r13, [rsp - 0x18]
adc r13, 0x0
test al, al
adox r10, rbx
adox r8, rcx
add r11, r10
adcx r13, r8
mov rcx, [rsp - 0x28]
add rcx, r11
mov rbx, [rsp - 0x8]
adcx rbx, r13
mov r14, 0xffffffffffffff
and rax, r14
mov r15, rcx
and r15, r14
mov rdx, [rsi + 0x10]
mov [rsp - 0x8], r15
mulx r14, r15, rdx
mov rdx, [rsi]
mov [rsp - 0x28], rax
mov [rsp - 0x18], r9
mulx rax, r9, [rsp - 0x20]
add r15, r9
adcx r14, rax
mov rax, [rsi + 0x18]
lea rax, [rax + 1 * rax]
mov rdx, [rsi + 0x8]
mov [rsp - 0x38], r14
mulx r9, r14, rax
add r14, r10
adcx r9, r8
add r14, r11
mov r8, [rsi + 0x10]
lea r8, [r8 + 1 * r8]
mulx r10, r11, r8
mov rdx, rax
mov [rsp - 0x40], r8
mov [rsp - 0x48], rbx
mulx r8, rbx, [rsi]
adcx r9, r13
add r11, rbx
adcx r10, r8
add r11, rbp
adcx r10, r12
mov r8, r11
shrd r8, r10, 0x38
add r14, r8
adc r9, 0x0
add r15, r14
adcx r9, [rsp - 0x38]
mov r8, 0x38
bzhi r10, r15, r8
mov r8, [rsp - 0x48]
shrd rcx, r8, 0x38
shrd r15, r9, 0x38
mulx r8, r9, [rsi + 0x10]
add r15, r9
adc r8, 0x0
mov rdx, [rsp - 0x30]
mulx rax, r9, [rsi + 0x30]
mov rdx, [rsi + 0x18]
mulx rbx, rbp, [rsp - 0x18]
test al, al
adox rbp, r9
adox rbx, rax
mov rdx, [rsp - 0x30]
mulx r12, r13, [rsi + 0x10]
mov rdx, [rsp - 0x10]
mov [rsp - 0x48], r10
mulx r14, r10, [rsi + 0x20]
add r13, r10
adcx r12, r14
add rbp, r13
adcx rbx, r12
add r15, rbp
adcx r8, rbx
add r15, r9
adcx r8, rax
mulx rax, r9, [rsi]
add r15, r9
adcx r8, rax
mov rdx, [rsi + 0x8]
mulx rax, r9, [rsp - 0x20]
add r15, r9
adcx r8, rax
mov rax, 0x38
bzhi r9, r15, rax
shrd r15, r8, 0x38
mov rdx, [rsi]
mulx rax, r8, [rsp - 0x18]
add r15, r8
adc rax, 0x0
mov rdx, [rsi + 0x8]
mulx r8, r10, [rsp - 0x10]
add r15, r10
adcx rax, r8
mov rdx, [rsi + 0x10]
mulx r8, r10, [rsp - 0x20]
add r15, r10
adcx rax, r8
mov rdx, [rsi + 0x18]
mulx r8, r10, rdx
add r15, r10
adcx rax, r8
mov rdx, [rsi + 0x38]
mulx r8, r10, rdx
add r15, r10
adcx rax, r8
mov rdx, [rsp - 0x18]
mulx r12, r13, [rsi + 0x20]
mov rdx, [rsi + 0x28]
mov [rsp - 0x18], r9
mulx r14, r9, rdx
add r13, r9
adcx r12, r14
mov rdx, [rsi + 0x18]
mulx r9, r14, [rsp - 0x30]
add r14, r10
adcx r9, r8
add r13, r14
adcx r12, r9
add r15, r13
adcx rax, r12
mov r8, 0x38
bzhi r9, r15, r8
mov [rdi + 0x30], r9
shrd r15, rax, 0x38
add r15, [rsp - 0x28]
mov rax, r15
shr rax, 0x38
mov r8, 0xffffffffffffff
and r15, r8
mov [rdi + 0x38], r15
mov r9, [rsp - 0x8]
add r9, rax
mov r10, r9
shr r10, 0x38
and r9, r8
mov rdx, [rsi]
lea rdx, [rdx + 1 * rdx]
mulx r14, r15, [rsi + 0x8]
add r15, rbp
adcx r14, rbx
add r15, rcx
adc r14, 0x0
mov rcx, r15
and rcx, r8
add r10, rcx
shrd r15, r14, 0x38
mov rdx, [rsi]
mulx rcx, rbx, [rsp - 0x40]
mov [rdi], r9
add r15, rbx
adc rcx, 0x0
mov rdx, [rsi + 0x8]
mulx r9, rsi, rdx
mov [rdi + 0x8], r10
add r15, rsi
adcx rcx, r9
add r15, r13
adcx rcx, r12
mov r9, r15
and r9, r8
mov [rdi + 0x10], r9
shrd r15, rcx, 0x38
and r11, r8
add r15, r11
mov r9, r15
shr r9, 0x38
and r15, r8
mov [rdi + 0x18], r15
add r9, rax
add r9, [rsp - 0x48]
mov rax, r9
shr rax, 0x38
and r9, r8
mov [rdi + 0x20], r9
add rax, [rsp - 0x18]
mov [rdi + 0x28], rax
mov rbx, [rsp - 0x50]
mov rbp, [rsp - 0x58]
mov r12, [rsp - 0x60]
mov r13, [rsp - 0x68]
mov r14, [rsp - 0x70]
mov r15, [rsp - 0x78]
ret
