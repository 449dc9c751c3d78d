#!/usr/bin/env python3
"""Writes llvm_mul2x26.json: our own small function in CryptOpt's LLVM-style JSON IR (the format of
bitcoin-core/field.json): a 2x26-bit limb product in radix 2^26 with 3 output limbs, using load,
getelementptr, zext, trunc, mul, add, and, ashr, lshr, shl, or and store. Test: llvmjson::tests
evaluate it against Python-style integer products (limbs < 2^26)."""
import json
def s(name, op, dt, args, mod=""):
    return {"name":[name], "operation":op, "modifiers":mod, "datatype":dt, "arguments":args}
b = [
 s("x4","load","i64","i64, ptr x1, align 8, !tbaa !5"),
 s("x5","getelementptr","i64","i64, ptr x1, i64 1","inbounds "),
 s("x6","load","i64","i64, ptr x5, align 8, !tbaa !5"),
 s("x7","load","i64","i64, ptr x2, align 8, !tbaa !5"),
 s("x8","getelementptr","i64","i64, ptr x2, i64 1","inbounds "),
 s("x9","load","i64","i64, ptr x8, align 8, !tbaa !5"),
 s("x10","zext","i64","i64 x4 to i128"),
 s("x11","zext","i64","i64 x7 to i128"),
 s("x12","mul","i128","i128 x11, x10","nuw nsw "),
 s("x13","trunc","i128","i128 x12 to i64"),
 s("x14","and","i64","i64 x13, 67108863"),
 {"name":["_"],"operation":"store","datatype":"i64","arguments":"i64* x0, i64 x14","modifiers":"align 8, !tbaa !5"},
 s("x15","ashr","i128","i128 x12, 26"),
 s("x16","zext","i64","i64 x6 to i128"),
 s("x18","zext","i64","i64 x9 to i128"),
 s("x19","mul","i128","i128 x18, x10","nuw nsw "),
 s("x20","mul","i128","i128 x11, x16","nuw nsw "),
 s("x21","add","i128","i128 x19, x20","nuw nsw "),
 s("x22","add","i128","i128 x21, x15"),
 s("x23","trunc","i128","i128 x22 to i64"),
 s("x24","and","i64","i64 x23, 67108863"),
 s("x29","getelementptr","i64","i64, ptr x0, i64 1","inbounds "),
 {"name":["_"],"operation":"store","datatype":"i64","arguments":"i64* x29, i64 x24","modifiers":"align 8, !tbaa !5"},
 s("x25","lshr","i128","i128 x22, 26"),
 s("x26","mul","i128","i128 x18, x16","nuw nsw "),
 s("x27","add","i128","i128 x26, x25","nuw "),
 s("x28","trunc","i128","i128 x27 to i64"),
 s("x30","and","i64","i64 x28, 15"),
 s("x31","lshr","i64","i64 x28, 4"),
 s("x32","shl","i64","i64 x31, 4"),
 s("x33","or","i64","i64 x32, x30"),
 s("x34","getelementptr","i64","i64, ptr x0, i64 2","inbounds "),
 {"name":["_"],"operation":"store","datatype":"i64","arguments":"i64* x34, i64 x33","modifiers":"align 8, !tbaa !5"},
]
f = [{"operation":"small_mul2x26","arguments":[", ptr nocapture noundef readonly x1, ptr noalias nocapture noundef readonly x2"],
      "returns":[{"datatype":"i64*","name":"x0"}], "body": b}]
print(json.dumps(f, indent=2))
