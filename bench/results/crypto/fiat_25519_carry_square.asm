SECTION .text
	GLOBAL fiat_25519_carry_square
fiat_25519_carry_square:
mov [rsp - 0x58], rbx
mov [rsp - 0x60], rbp
mov [rsp - 0x68], r12
mov [rsp - 0x70], r13
mov [rsp - 0x78], r14
mov [rsp - 0x80], r15
imul rax, [rsi + 0x20], 0x13
mov rdx, [rsi + 0x8]
mulx r8, r9, rdx
imul r10, rax, 0x2
mulx r11, rcx, r10
imul rbx, [rsi + 0x18], 0x13
imul rbp, [rsi + 0x10], 0x2
mov rdx, [rsi + 0x20]
mulx r12, r13, rax
imul rax, rbx, 0x2
mov rdx, rbp
mulx r14, r15, [rsi]
mov rdx, [rsi]
mov [rsp - 0x8], r12
mov [rsp - 0x10], r13
mulx r12, r13, rdx
mov [rsp - 0x18], r14
imul r14, [rsi + 0x20], 0x2
mov [rsp - 0x20], r14
imul r14, [rsi + 0x8], 0x2
mov [rsp - 0x28], r15
imul r15, [rsi + 0x18], 0x2
mov rdx, r10
mov [rsp - 0x30], r8
mov [rsp - 0x38], r9
mulx r8, r9, [rsi + 0x10]
mov rdx, [rsi + 0x18]
mov [rsp - 0x40], r15
mov [rsp - 0x48], r8
mulx r15, r8, r10
mov rdx, [rsi + 0x10]
mov [rsp - 0x50], r15
mulx r10, r15, rax
test al, al
adox rcx, r15
adox r11, r10
mov rdx, [rsi + 0x18]
mulx rax, r10, rbx
test al, al
adox r13, rcx
mov rdx, rbp
mulx rcx, rbx, [rsi + 0x8]
adox r12, r11
test al, al
adox r9, r10
mov rdx, r14
mulx r10, r11, [rsi]
adox rax, [rsp - 0x48]
mov rdx, [rsp - 0x40]
mulx rbp, r14, [rsi]
mov r15, r13
shrd r15, r12, 0x33
add r11, r9
adcx r10, rax
mov rax, 0x7ffffffffffff
and r13, rax
test al, al
adox r15, r11
mov r9, 0x0
adox r10, r9
mov r11, r15
shrd r11, r10, 0x33
add r8, [rsp - 0x38]
mov r10, [rsp - 0x30]
adcx r10, [rsp - 0x50]
add r8, [rsp - 0x28]
adcx r10, [rsp - 0x18]
add r11, r8
mulx r8, r12, [rsi + 0x8]
adcx r10, r9
add rbx, [rsp - 0x10]
adcx rcx, [rsp - 0x8]
add r14, rbx
adcx rbp, rcx
mov rdx, r11
shrd rdx, r10, 0x33
add rdx, r14
adcx rbp, r9
mov r10, rdx
mov rdx, [rsi]
mulx rcx, rbx, [rsp - 0x20]
mov rdx, [rsi + 0x10]
mov [rsp - 0x20], r13
mulx r14, r13, rdx
add r12, r13
adcx r8, r14
add rbx, r12
adcx rcx, r8
mov rdx, r10
shrd rdx, rbp, 0x33
and r15, rax
add rdx, rbx
adcx r9, rcx
and r11, rax
mov r8, rdx
shrd r8, r9, 0x33
imul r9, r8, 0x13
add r9, [rsp - 0x20]
mov r8, r9
shr r8, 0x33
add r15, r8
mov r8, r15
shr r8, 0x33
and r8, 0x1
and r10, rax
mov [rdi + 0x18], r10
and r8, 0x1
and r8, 0x1
and r15, rax
mov [rdi + 0x8], r15
and rdx, rax
mov [rdi + 0x20], rdx
add r8, r11
mov [rdi + 0x10], r8
and rax, r9
mov [rdi], rax
mov rbx, [rsp - 0x58]
mov rbp, [rsp - 0x60]
mov r12, [rsp - 0x68]
mov r13, [rsp - 0x70]
mov r14, [rsp - 0x78]
mov r15, [rsp - 0x80]
ret
