SECTION .text
	GLOBAL fiat_poly1305_carry_square
fiat_poly1305_carry_square:
mov [rsp - 0x8], rbx
mov [rsp - 0x10], rbp
mov [rsp - 0x18], r12
mov [rsp - 0x20], r13
imul rax, [rsi + 0x10], 0x5
imul rdx, rax, 0x2
imul r8, rdx, 0x2
imul rdx, [rsi + 0x10], 0x2
mov r9, rdx
mov rdx, [rsi]
mulx r10, r11, rdx
mulx rcx, rbx, r9
imul r9, [rsi + 0x8], 0x2
mov rdx, r8
mulx rbp, r12, [rsi + 0x8]
add r11, r12
adcx r10, rbp
mov rdx, [rsi + 0x10]
mulx r8, rbp, rax
mov rdx, r9
mulx rax, r12, [rsi]
mov r13, r11
shrd r13, r10, 0x2c
add r12, rbp
adcx rax, r8
test al, al
adox r13, r12
mov r8, 0x0
adox rax, r8
mov r10, 0xfffffffffff
and r11, r10
mov rbp, r13
shrd rbp, rax, 0x2b
mov rdx, [rsi + 0x8]
mulx rax, r12, r9
add rbx, r12
adcx rcx, rax
test al, al
adox rbp, rbx
adox r8, rcx
mov rax, rbp
shrd rax, r8, 0x2b
imul rdx, rax, 0x5
add r11, rdx
mov rax, r11
shr rax, 0x2c
mov rdx, 0x7ffffffffff
and r13, rdx
add r13, rax
and rbp, rdx
and r10, r11
mov [rdi], r10
mov rax, r13
shr rax, 0x2b
and r13, rdx
mov [rdi + 0x8], r13
and rax, 0x1
and rax, 0x1
and rax, 0x1
add rax, rbp
mov [rdi + 0x10], rax
mov rbx, [rsp - 0x8]
mov rbp, [rsp - 0x10]
mov r12, [rsp - 0x18]
mov r13, [rsp - 0x20]
ret
