#!/usr/bin/env python3
"""Generates the `crypto verify` scaling series of issue 18: a 5-line add/adcx/adcx/mov/adc block
repeated N times in front of a correct 2-limb product (examples/crypto/mul2.json), so the file
proves and the checker's time per line can be measured. The block only touches caller-saved
scratch registers; its values are dead at the end.

Two blocks: `indep` (default) accumulates into registers the next block does not read back
through a carry chain; `chain` feeds every value into the next block (r8 += r9, r9 += r8 + CF,
...), so each value depends on all earlier ones: the worst case for the checker's flattened sums.

usage: gen.py [--chain] N > file.asm
"""
import sys

CHAIN = """add r8, r9
adcx r9, r8
adcx r10, r9
mov r11, r10
adc r8, r11
"""

BLOCK = """add rax, r8
adcx rcx, r9
adcx r10, rax
mov r11, rcx
adc r11, r10
"""

TAIL = """mov rcx, rdx
mov rdx, [rsi]
mulx r8, rax, [rcx]
mulx r9, r10, [rcx + 0x8]
add r8, r10
mov rdx, [rsi + 0x8]
imul rdx, [rcx]
add r8, rdx
mov [rdi], rax
mov [rdi + 0x8], r8
ret
"""


def main():
    args = sys.argv[1:]
    block = BLOCK
    if args and args[0] == "--chain":
        block, args = CHAIN, args[1:]
    n = int(args[0])
    sys.stdout.write("SECTION .text\n\tGLOBAL f\nf:\n" + block * n + TAIL)


if __name__ == "__main__":
    main()
