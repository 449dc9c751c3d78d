SECTION .text
	GLOBAL fiat_p521_carry_square
fiat_p521_carry_square:
sub rsp, 0xa0
mov [rsp + 0x30], rbx
mov [rsp + 0x28], rbp
mov [rsp + 0x20], r12
mov [rsp + 0x18], r13
mov [rsp + 0x10], r14
mov [rsp + 0x8], r15
mov rdx, [rsi]
mulx rax, r8, rdx
mov r9, [rsi + 0x40]
shl r9, 0x2
mov rdx, [rsi + 0x8]
mulx r10, r11, r9
mov rcx, [rsi + 0x38]
shl rcx, 0x2
mov rdx, [rsi + 0x30]
shl rdx, 0x2
mulx rbx, rbp, [rsi + 0x18]
mov r12, rdx
mov rdx, [rsi + 0x10]
mulx r13, r14, rcx
mov rdx, [rsi + 0x20]
shl rdx, 0x2
mov [rsp + 0x98], r12
mulx r15, r12, [rsi + 0x28]
add rbp, r12
adcx rbx, r15
add r14, rbp
adcx r13, rbx
add r11, r14
adcx r10, r13
add r8, r11
mov rdx, [rsi + 0x20]
mulx r11, rbx, rcx
adcx rax, r10
mov r10, 0x3a
bzhi rbp, r8, r10
mov r10, [rsi + 0x10]
lea r10, [r10 + 1 * r10]
shrd r8, rax, 0x3a
mov r12, [rsi]
lea r12, [r12 + 1 * r12]
mov rdx, r12
mulx r13, r14, [rsi + 0x8]
mov rdx, [rsi + 0x10]
mulx r12, r15, r9
mov rdx, [rsi + 0x18]
mov [rsp + 0x90], rbp
mov [rsp + 0x88], r11
mulx rbp, r11, rcx
shr rax, 0x3a
add r8, r11
mov rdx, [rsi + 0x20]
mov [rsp + 0x80], rcx
mulx r11, rcx, [rsp + 0x98]
adcx rax, rbp
test al, al
adox rcx, r14
mov rbp, [rsi + 0x28]
lea rbp, [rbp + 1 * rbp]
adox r11, r13
mov rdx, [rsi + 0x28]
mulx r13, r14, rbp
add rcx, r14
adcx r11, r13
add rcx, r15
adcx r11, r12
add rcx, r8
adcx r11, rax
mov rax, rcx
shrd rax, r11, 0x3a
shr r11, 0x3a
mov r8, [rsi + 0x30]
lea r8, [r8 + 1 * r8]
mov rdx, [rsi]
mulx r12, r13, r10
mov rdx, [rsi + 0x8]
mulx r14, r15, rdx
mov rdx, [rsi + 0x18]
mov [rsp + 0x78], rcx
mov [rsp + 0x70], rbp
mulx rcx, rbp, r9
mov rdx, [rsi + 0x28]
mov [rsp + 0x68], r8
mov [rsp + 0x60], r9
mulx r8, r9, [rsp + 0x98]
add rbx, r9
adcx r8, [rsp + 0x88]
add rbp, rbx
adcx rcx, r8
add r15, rbp
adcx r14, rcx
add r13, r15
adcx r12, r14
add rax, r13
adcx r11, r12
mov r8, 0x3a
bzhi r9, rax, r8
shrd rax, r11, 0x3a
shr r11, 0x3a
mov r8, [rsi + 0x18]
lea r8, [r8 + 1 * r8]
mov rdx, [rsi]
mulx rcx, rbx, r8
mov rdx, [rsi + 0x8]
mulx r10, rbp, r10
mov rdx, [rsi + 0x20]
mulx r12, r13, [rsp + 0x60]
mov rdx, [rsi + 0x28]
mulx r14, r15, [rsp + 0x80]
add rbp, r15
mov rdx, [rsi + 0x30]
mov [rsp + 0x88], r9
mulx r15, r9, [rsp + 0x60]
adcx r10, r14
add rbp, rbx
adcx r10, rcx
add rbp, rax
mulx rax, rcx, [rsp + 0x68]
adcx r10, r11
test al, al
adox rbp, r13
adox r10, r12
add rbp, rcx
adcx r10, rax
mov rax, 0x3a
bzhi r11, rbp, rax
shrd rbp, r10, 0x3a
shr r10, 0x3a
mov rax, [rsi + 0x20]
lea rax, [rax + 1 * rax]
mov rdx, [rsi]
mulx rcx, rbx, rax
mov rdx, [rsi + 0x8]
mulx r12, r13, r8
mov rdx, [rsi + 0x10]
mov [rsp + 0x98], r11
mulx r14, r11, rdx
mov rdx, [rsi + 0x28]
mov [rsp + 0x58], r15
mov [rsp + 0x50], r9
mulx r15, r9, [rsp + 0x60]
mov rdx, [rsi + 0x30]
mov [rsp + 0x48], r10
mov [rsp + 0x40], rcx
mulx r10, rcx, [rsp + 0x80]
add r9, rcx
mov rdx, [rsi + 0x8]
mov [rsp + 0x80], r12
mulx rcx, r12, rax
mov rdx, [rsi + 0x10]
mov [rsp + 0x38], rax
mulx r8, rax, r8
adcx r15, r10
add r11, r9
adcx r14, r15
add r13, r11
adcx r14, [rsp + 0x80]
add rbx, r13
adcx r14, [rsp + 0x40]
add rbp, rbx
adcx r14, [rsp + 0x48]
mov r9, 0x3a
bzhi r10, rbp, r9
mov rdx, [rsi + 0x38]
mulx r9, r11, [rsp + 0x60]
shrd rbp, r14, 0x3a
shr r14, 0x3a
mov rdx, [rsi]
mulx rbx, r13, [rsp + 0x70]
mov r15, [rsi + 0x38]
lea r15, [r15 + 1 * r15]
mov rdx, [rsi + 0x38]
mov [rsp + 0x60], r10
mov [rsp + 0x48], r9
mulx r10, r9, r15
add r9, [rsp + 0x50]
adcx r10, [rsp + 0x58]
add rax, r9
adcx r8, r10
add r12, rax
adcx rcx, r8
add r13, r12
adcx rbx, rcx
add rbp, r13
adcx r14, rbx
mov rax, 0x3a
bzhi r8, rbp, rax
mov [rdi + 0x28], r8
shrd rbp, r14, 0x3a
shr r14, 0x3a
mov rdx, [rsi]
mulx rax, r8, [rsp + 0x68]
mov rdx, [rsi + 0x8]
mulx r9, r10, [rsp + 0x70]
mov rdx, [rsi + 0x18]
mulx rcx, rbx, [rsp + 0x38]
mov rdx, [rsi + 0x10]
mulx r12, r13, [rsp + 0x38]
mov rdx, [rsi + 0x18]
mov [rsp + 0x38], rcx
mov [rsp + 0x58], rbx
mulx rcx, rbx, rdx
add rbx, r11
adcx rcx, [rsp + 0x48]
add r13, rbx
adcx r12, rcx
add r10, r13
adcx r9, r12
add r8, r10
adcx rax, r9
add rbp, r8
adcx r14, rax
mov rax, 0x3a
bzhi r8, rbp, rax
mov [rdi + 0x30], r8
shrd rbp, r14, 0x3a
mov rdx, [rsi]
mulx rax, r8, r15
mov rdx, [rsi + 0x8]
mulx r9, r10, [rsp + 0x68]
mov rdx, [rsi + 0x10]
mulx r11, rcx, [rsp + 0x70]
shr r14, 0x3a
mov rbx, [rsi + 0x40]
lea rbx, [rbx + 1 * rbx]
mov rdx, [rsi + 0x40]
mulx r12, r13, rbx
add r13, [rsp + 0x58]
adcx r12, [rsp + 0x38]
add rcx, r13
adcx r11, r12
add r10, rcx
adcx r9, r11
add r8, r10
adcx rax, r9
add rbp, r8
adcx r14, rax
mov rax, 0x3a
bzhi r8, rbp, rax
mov [rdi + 0x38], r8
shrd rbp, r14, 0x3a
shr r14, 0x3a
mov rdx, [rsi]
mulx rax, r8, rbx
mov rdx, [rsi + 0x8]
mulx r9, r10, r15
mov rdx, [rsi + 0x10]
mulx r11, rcx, [rsp + 0x68]
mov rdx, [rsi + 0x18]
mulx rbx, r12, [rsp + 0x70]
mov rdx, [rsp + 0x98]
mov [rdi + 0x18], rdx
mov rdx, [rsi + 0x20]
mulx rsi, r13, rdx
mov rdx, [rsp + 0x60]
mov [rdi + 0x20], rdx
add r12, r13
adcx rbx, rsi
add rcx, r12
adcx r11, rbx
add r10, rcx
adcx r9, r11
add r8, r10
adcx rax, r9
add rbp, r8
adcx r14, rax
mov rax, rbp
shrd rax, r14, 0x39
shr r14, 0x39
add rax, [rsp + 0x90]
adc r14, 0x0
mov r8, 0x3a
bzhi r9, rax, r8
mov [rdi], r9
mov r8, [rsp + 0x78]
mov r9, 0x3ffffffffffffff
and r8, r9
shrd rax, r14, 0x3a
add rax, r8
mov r8, rax
shr r8, 0x3a
and rax, r9
mov [rdi + 0x8], rax
add r8, [rsp + 0x88]
mov [rdi + 0x10], r8
mov rax, 0x1ffffffffffffff
and rbp, rax
mov [rdi + 0x40], rbp
mov rbx, [rsp + 0x30]
mov rbp, [rsp + 0x28]
mov r12, [rsp + 0x20]
mov r13, [rsp + 0x18]
mov r14, [rsp + 0x10]
mov r15, [rsp + 0x8]
add rsp, 0xa0
ret
