SECTION .text
	GLOBAL fiat_poly1305_carry_mul
fiat_poly1305_carry_mul:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov rcx, rdx
imul rax, [rcx + 0x8], 0xa
mov r8, [rcx + 0x10]
lea r9, [r8 + 4 * r8]
imul r10, r8, 0xa
mov rdx, [rsi + 0x10]
mulx r11, r8, rax
mov rdx, r10
mulx rax, rbx, [rsi + 0x8]
mov rdx, [rcx + 0x8]
mulx r10, rbp, [rsi]
add rbx, r8
mov rdx, [rcx]
mulx r8, r12, [rsi]
adcx rax, r11
add r12, rbx
adcx r8, rax
mulx rax, r11, [rsi + 0x8]
mov rbx, r12
shrd rbx, r8, 0x2c
add r11, rbp
adcx rax, r10
mov rdx, [rsi + 0x10]
mulx r8, r10, r9
add r11, r10
adcx rax, r8
add r11, rbx
adc rax, 0x0
mov r8, 0x1
shlx r9, [rcx + 0x8], r8
mov r8, 0xfffffffffff
and r12, r8
mov r10, r11
shrd r10, rax, 0x2b
mulx rax, rbx, [rcx]
mov rdx, [rsi + 0x8]
mulx rbp, r8, r9
test al, al
adox r8, rbx
mov rdx, [rcx + 0x10]
mulx r9, rbx, [rsi]
clc
adcx rbx, r8
adox rbp, rax
adcx r9, rbp
test al, al
adox r10, rbx
mov rax, 0x0
adox r9, rax
mov rax, r10
shrd rax, r9, 0x2b
lea rax, [rax + 4 * rax]
add r12, rax
mov rax, 0x7ffffffffff
and r10, rax
and r11, rax
mov r8, r12
shr r8, 0x2c
add r8, r11
mov r9, r8
shr r9, 0x2b
add r10, r9
mov [rdi + 0x10], r10
mov r9, 0x2c
bzhi r10, r12, r9
mov [rdi], r10
and rax, r8
mov [rdi + 0x8], rax
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
ret
