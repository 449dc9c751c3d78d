SECTION .text
	GLOBAL fiat_secp256k1_montgomery_square
fiat_secp256k1_montgomery_square:
mov [rsp - 0x10], rbx
mov [rsp - 0x18], rbp
mov [rsp - 0x20], r12
mov [rsp - 0x28], r13
mov [rsp - 0x30], r14
mov [rsp - 0x38], r15
mov rdx, [rsi]
mulx rax, r8, rdx
mulx r9, r10, [rsi + 0x10]
mulx r11, rcx, [rsi + 0x18]
mulx rbx, rbp, [rsi + 0x8]
add rax, rbp
adcx rbx, r10
adcx r9, rcx
adc r11, 0x0
mov rdx, 0xd838091dd2253531
mulx r10, rcx, r8
mov rdx, 0xffffffffffffffff
mulx r10, rbp, rcx
mov rdx, [rsi + 0x8]
mulx r12, r13, [rsi + 0x10]
mov rdx, 0xfffffffefffffc2f
mulx r14, r15, rcx
add r14, rbp
mov rcx, r10
adcx rcx, rbp
adcx rbp, r10
mov rdx, 0x0
adcx r10, rdx
test al, al
adox r8, r15
adox rax, r14
adox rbx, rcx
adox r9, rbp
adox r11, r10
mov rdx, [rsi + 0x8]
mulx r8, r10, [rsi + 0x18]
mulx rcx, rbp, rdx
mulx r14, r15, [rsi]
mov rdx, 0x0
seto dl
add r14, rbp
adcx rcx, r13
adcx r12, r10
adc r8, 0x0
add rax, r15
adcx rbx, r14
mov r10, rdx
mov rdx, 0xd838091dd2253531
mulx rbp, r13, rax
adcx r9, rcx
mov rdx, r13
mov rcx, 0xffffffffffffffff
mulx rbp, r14, rcx
adcx r11, r12
adcx r10, r8
mov r8, 0xfffffffefffffc2f
mulx r12, r15, r8
mov rdx, 0x0
setc dl
add r12, r14
mov r13, rbp
adcx r13, r14
adcx r14, rbp
adc rbp, 0x0
add rax, r15
adcx rbx, r12
adcx r9, r13
adcx r11, r14
adcx r10, rbp
adc rdx, 0x0
mov rbp, rdx
mov rdx, [rsi + 0x10]
mulx rax, r12, [rsi + 0x8]
mulx r13, r14, [rsi]
add r13, r12
mulx r12, r15, rdx
adcx rax, r15
mulx r15, rcx, [rsi + 0x18]
adcx r12, rcx
adc r15, 0x0
add rbx, r14
adcx r9, r13
mov rdx, rbx
mov rcx, 0xd838091dd2253531
mulx r13, r14, rcx
adcx r11, rax
adcx r10, r12
mov rdx, r14
mulx rax, r12, r8
mov r13, 0xffffffffffffffff
mulx r8, rcx, r13
adcx rbp, r15
mov rdx, 0x0
setc dl
add rax, rcx
mov r14, rdx
mov rdx, [rsi]
mulx r15, r13, [rsi + 0x18]
mov rdx, r8
adcx rdx, rcx
adcx rcx, r8
mov [rsp - 0x8], r13
mov r13, 0x0
adcx r8, r13
add rbx, r12
adcx r9, rax
adcx r11, rdx
adcx r10, rcx
adcx rbp, r8
adcx r14, r13
mov rdx, [rsi + 0x18]
mulx rax, r8, rdx
mulx rcx, rbx, [rsi + 0x8]
mulx r12, r13, [rsi + 0x10]
add r15, rbx
adcx rcx, r13
adcx r12, r8
mov r8, 0x0
adcx rax, r8
add r9, [rsp - 0x8]
adcx r11, r15
adcx r10, rcx
mov rdx, 0xd838091dd2253531
mulx rcx, rsi, r9
mov rdx, 0xfffffffefffffc2f
mulx rcx, rbx, rsi
adcx rbp, r12
mov rdx, 0xffffffffffffffff
mulx r12, r13, rsi
adcx r14, rax
mov rax, 0x0
setc al
add rcx, r13
mov rsi, r12
adcx rsi, r13
adcx r13, r12
adcx r12, r8
add r9, rbx
adcx r11, rcx
adcx r10, rsi
adcx rbp, r13
adcx r14, r12
adcx rax, r8
mov r9, r11
mov rcx, 0xfffffffefffffc2f
sub r9, rcx
mov rcx, r10
sbb rcx, rdx
mov rsi, rbp
sbb rsi, rdx
mov rbx, r14
sbb rbx, rdx
sbb rax, r8
cmovc rbx, r14
mov [rdi + 0x18], rbx
cmovc rsi, rbp
mov [rdi + 0x10], rsi
cmovc r9, r11
mov [rdi], r9
cmovc rcx, r10
mov [rdi + 0x8], rcx
mov rbx, [rsp - 0x10]
mov rbp, [rsp - 0x18]
mov r12, [rsp - 0x20]
mov r13, [rsp - 0x28]
mov r14, [rsp - 0x30]
mov r15, [rsp - 0x38]
ret
