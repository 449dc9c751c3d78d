//! In-process assembly (iced-x86 `code_asm`) of a parsed program into executable memory.

use crate::asm::{Insn, Mem, Operand, Program};
use crate::guard::{give, run_guarded, take, GuardedBuf};
use iced_x86::code_asm::*;

/// The signature of every Fiat mul/square: `f(out, arg1, arg2)` (arg2 ignored by squares).
pub type FieldFn = unsafe extern "sysv64" fn(*mut u64, *const u64, *const u64);

/// Machine code mapped read+execute; unmapped on drop.
pub struct ExecCode {
    ptr: *mut libc::c_void,
    len: usize,
}

unsafe impl Send for ExecCode {}

impl ExecCode {
    /// Copies `bytes` into fresh pages and makes them executable (W^X: never both at once).
    pub fn new(bytes: &[u8]) -> Result<ExecCode, String> {
        let page = 4096;
        let len = bytes.len().div_ceil(page).max(1) * page;
        unsafe {
            let ptr = libc::mmap(std::ptr::null_mut(), len, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0);
            if ptr == libc::MAP_FAILED {
                return Err("mmap failed".into());
            }
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr as *mut u8, bytes.len());
            if libc::mprotect(ptr, len, libc::PROT_READ | libc::PROT_EXEC) != 0 {
                libc::munmap(ptr, len);
                return Err("mprotect failed".into());
            }
            Ok(ExecCode { ptr, len })
        }
    }

    pub fn func(&self) -> FieldFn {
        unsafe { std::mem::transmute::<*mut libc::c_void, FieldFn>(self.ptr) }
    }
}

impl Drop for ExecCode {
    fn drop(&mut self) {
        unsafe {
            libc::munmap(self.ptr, self.len);
        }
    }
}

#[derive(Clone, Copy)]
enum O {
    R64(AsmRegister64),
    R8(AsmRegister8),
    M(AsmMemoryOperand),
    I(u64),
    X(AsmRegisterXmm),
}

const XMMS: [AsmRegisterXmm; 16] = [xmm0, xmm1, xmm2, xmm3, xmm4, xmm5, xmm6, xmm7, xmm8, xmm9, xmm10, xmm11, xmm12, xmm13, xmm14, xmm15];

const R64S: [AsmRegister64; 16] = [rax, rcx, rdx, rbx, rsp, rbp, rsi, rdi, r8, r9, r10, r11, r12, r13, r14, r15];
const R8S: [AsmRegister8; 16] = [al, cl, dl, bl, spl, bpl, sil, dil, r8b, r9b, r10b, r11b, r12b, r13b, r14b, r15b];

fn mem(m: &Mem) -> Result<AsmMemoryOperand, String> {
    let mut e: AsmMemoryOperand = match (m.base, m.index) {
        (Some(b), _) => R64S[b as usize] + m.disp,
        (None, Some((r, s))) => R64S[r as usize] * (s as u32) + m.disp,
        (None, None) => return Err("absolute addresses are not supported".into()),
    };
    if let (Some(_), Some((r, s))) = (m.base, m.index) {
        e = e + R64S[r as usize] * (s as u32);
    }
    Ok(if m.bits == 8 { byte_ptr(e) } else { qword_ptr(e) })
}

fn op(o: &Operand) -> Result<O, String> {
    Ok(match o {
        Operand::Reg(r) if r.bits == 64 => O::R64(R64S[r.num as usize]),
        Operand::Reg(r) if r.bits == 8 => O::R8(R8S[r.num as usize]),
        Operand::Reg(r) if r.is_xmm() => O::X(XMMS[(r.num - crate::asm::XMM0) as usize]),
        Operand::Reg(r) => return Err(format!("unsupported register {}", r.name())),
        Operand::Mem(m) => O::M(mem(m)?),
        Operand::Imm(v) => O::I(*v),
    })
}

fn imm32(v: u64) -> Result<i32, String> {
    let s = v as i64;
    if s >= i32::MIN as i64 && s <= i32::MAX as i64 {
        Ok(s as i32)
    } else if v <= u32::MAX as u64 {
        // NASM accepts 0xffffffff-style 32-bit patterns for 8-bit/32-bit immediates
        Ok(v as u32 as i32)
    } else {
        Err(format!("immediate 0x{v:x} does not fit in 32 bits"))
    }
}

macro_rules! alu {
    ($a:expr, $m:ident, $x:expr, $y:expr) => {
        match ($x, $y) {
            (O::R64(x), O::R64(y)) => $a.$m(x, y),
            (O::R64(x), O::M(y)) => $a.$m(x, y),
            (O::M(x), O::R64(y)) => $a.$m(x, y),
            (O::R64(x), O::I(y)) => $a.$m(x, imm32(y)?),
            (O::M(x), O::I(y)) => $a.$m(x, imm32(y)?),
            (O::R8(x), O::R8(y)) => $a.$m(x, y),
            (O::R8(x), O::I(y)) => $a.$m(x, imm32(y)?),
            (O::M(x), O::R8(y)) => $a.$m(x, y),
            (O::R8(x), O::M(y)) => $a.$m(x, y),
            _ => return Err(format!("unsupported operands for {}", stringify!($m))),
        }
    };
}

macro_rules! rrm {
    ($a:expr, $m:ident, $x:expr, $y:expr) => {
        match ($x, $y) {
            (O::R64(x), O::R64(y)) => $a.$m(x, y),
            (O::R64(x), O::M(y)) => $a.$m(x, y),
            _ => return Err(format!("unsupported operands for {}", stringify!($m))),
        }
    };
}

macro_rules! three_rrm_r {
    ($a:expr, $m:ident, $x:expr, $y:expr, $z:expr) => {
        match ($x, $y, $z) {
            (O::R64(x), O::R64(y), O::R64(z)) => $a.$m(x, y, z),
            (O::R64(x), O::M(y), O::R64(z)) => $a.$m(x, y, z),
            _ => return Err(format!("unsupported operands for {}", stringify!($m))),
        }
    };
}

fn one(a: &mut CodeAssembler, i: &Insn) -> Result<(), String> {
    let ops: Vec<O> = i.ops.iter().map(op).collect::<Result<_, _>>()?;
    let r = match (i.mnemonic.as_str(), ops.as_slice()) {
        ("vmovq", [O::X(x), O::R64(y)]) => a.vmovq(*x, *y),
        ("vmovq", [O::R64(x), O::X(y)]) => a.vmovq(*x, *y),
        ("movq", [O::X(x), O::R64(y)]) => a.movq(*x, *y),
        ("movq", [O::R64(x), O::X(y)]) => a.movq(*x, *y),
        ("mov", [O::R64(x), O::I(v)]) => a.mov(*x, *v),
        ("mov", [O::M(x), O::I(v)]) => a.mov(*x, imm32(*v)?),
        ("mov", [O::R8(x), O::I(v)]) => a.mov(*x, imm32(*v)? as u32),
        ("mov", [O::R64(x), O::R64(y)]) => a.mov(*x, *y),
        ("mov", [O::R64(x), O::M(y)]) => a.mov(*x, *y),
        ("mov", [O::M(x), O::R64(y)]) => a.mov(*x, *y),
        ("mov", [O::M(x), O::R8(y)]) => a.mov(*x, *y),
        ("mov", [O::R8(x), O::R8(y)]) => a.mov(*x, *y),
        ("mov", [O::R8(x), O::M(y)]) => a.mov(*x, *y),
        ("add", [x, y]) => alu!(a, add, *x, *y),
        ("adc", [x, y]) => alu!(a, adc, *x, *y),
        ("sub", [x, y]) => alu!(a, sub, *x, *y),
        ("sbb", [x, y]) => alu!(a, sbb, *x, *y),
        ("and", [x, y]) => alu!(a, and, *x, *y),
        ("or", [x, y]) => alu!(a, or, *x, *y),
        ("xor", [x, y]) => alu!(a, xor, *x, *y),
        ("test", [O::R64(x), O::R64(y)]) => a.test(*x, *y),
        ("test", [O::R8(x), O::R8(y)]) => a.test(*x, *y),
        ("adcx", [x, y]) => rrm!(a, adcx, *x, *y),
        ("adox", [x, y]) => rrm!(a, adox, *x, *y),
        ("cmovc" | "cmovb", [x, y]) => rrm!(a, cmovb, *x, *y),
        ("cmovnc" | "cmovae", [x, y]) => rrm!(a, cmovae, *x, *y),
        ("cmovo", [x, y]) => rrm!(a, cmovo, *x, *y),
        ("cmovno", [x, y]) => rrm!(a, cmovno, *x, *y),
        ("cmovz" | "cmove", [x, y]) => rrm!(a, cmove, *x, *y),
        ("cmovnz" | "cmovne", [x, y]) => rrm!(a, cmovne, *x, *y),
        ("imul", [x, y]) => rrm!(a, imul_2, *x, *y),
        ("imul", [O::R64(x), O::R64(y), O::I(k)]) => a.imul_3(*x, *y, imm32(*k)?),
        ("imul", [O::R64(x), O::M(y), O::I(k)]) => a.imul_3(*x, *y, imm32(*k)?),
        ("lea", [O::R64(x), O::M(y)]) => a.lea(*x, *y),
        ("movzx", [O::R64(x), O::R8(y)]) => a.movzx(*x, *y),
        ("movzx", [O::R64(x), O::M(y)]) => a.movzx(*x, byte_ptr(*y)),
        ("xchg", [O::R64(x), O::R64(y)]) => a.xchg(*x, *y),
        ("mulx", [O::R64(h), O::R64(l), O::R64(s)]) => a.mulx(*h, *l, *s),
        ("mulx", [O::R64(h), O::R64(l), O::M(s)]) => a.mulx(*h, *l, *s),
        ("mul", [O::R64(s)]) => a.mul(*s),
        ("mul", [O::M(s)]) => a.mul(*s),
        ("imul", [O::R64(s)]) => a.imul(*s),
        ("imul", [O::M(s)]) => a.imul(*s),
        ("shr", [O::R64(x), O::I(k)]) => a.shr(*x, *k as u32),
        ("shl", [O::R64(x), O::I(k)]) => a.shl(*x, *k as u32),
        ("sar", [O::R64(x), O::I(k)]) => a.sar(*x, *k as u32),
        ("shrd", [O::R64(x), O::R64(y), O::I(k)]) => a.shrd(*x, *y, *k as u32),
        ("shlx", [x, y, z]) => three_rrm_r!(a, shlx, *x, *y, *z),
        ("shrx", [x, y, z]) => three_rrm_r!(a, shrx, *x, *y, *z),
        ("bzhi", [x, y, z]) => three_rrm_r!(a, bzhi, *x, *y, *z),
        ("bt", [O::R64(x), O::I(k)]) => a.bt(*x, *k as u32),
        ("inc", [O::R64(x)]) => a.inc(*x),
        ("dec", [O::R64(x)]) => a.dec(*x),
        ("not", [O::R64(x)]) => a.not(*x),
        ("clc", []) => a.clc(),
        ("stc", []) => a.stc(),
        ("setc" | "setb", [O::R8(x)]) => a.setb(*x),
        ("seto", [O::R8(x)]) => a.seto(*x),
        ("push", [O::R64(x)]) => a.push(*x),
        ("pop", [O::R64(x)]) => a.pop(*x),
        ("ret", []) => a.ret(),
        (m, _) => return Err(format!("line {}: cannot assemble {m} with these operands", i.line)),
    };
    r.map_err(|e| format!("line {}: {e}", i.line))
}

/// Assembles a program into machine code bytes placed at address `ip`.
pub fn assemble(p: &Program, ip: u64) -> Result<Vec<u8>, String> {
    let mut a = CodeAssembler::new(64).map_err(|e| e.to_string())?;
    for i in &p.insns {
        one(&mut a, i)?;
    }
    a.assemble(ip).map_err(|e| e.to_string())
}

/// Assembles and maps a program; the code is position independent (no branches, no rip-relative).
pub fn load(p: &Program) -> Result<ExecCode, String> {
    let bytes = assemble(p, 0)?;
    ExecCode::new(&bytes)
}

/// Signature of the stack-switching trampoline: `(out, arg1, arg2, f, stack_top)`.
type Trampoline = unsafe extern "sysv64" fn(*mut u64, *const u64, *const u64, FieldFn, *mut u8);

/// Bytes of the private stack code under test runs on in random tests.
const STACK_BYTES: usize = 64 * 1024;

/// A private stack between two guard pages plus the trampoline that calls code under test on
/// it: the callee's return address is the last word below the upper guard page, so any access
/// above its entry rsp (the caller's frame in a normal call) faults at once; the callee-saved
/// registers are restored from our own stack whatever the callee did to them.
struct TestStack {
    stack: crate::guard::GuardedBuf,
    tramp: ExecCode,
}

impl TestStack {
    fn new() -> Result<TestStack, String> {
        let stack = crate::guard::GuardedBuf::new(STACK_BYTES / 8);
        let mut a = CodeAssembler::new(64).map_err(|e| e.to_string())?;
        let e = |r: Result<(), IcedError>| r.map_err(|e| e.to_string());
        for r in [rbx, rbp, r12, r13, r14, r15] {
            e(a.push(r))?;
        }
        // slot for our rsp: the bottom word of the private stack (top - STACK_BYTES)
        e(a.mov(rax, r8))?;
        e(a.sub(rax, STACK_BYTES as i32))?;
        e(a.mov(qword_ptr(rax), rsp))?;
        e(a.mov(rsp, r8))?;
        e(a.call(rcx))?;
        // a balanced callee returns with rsp == top; anything else loads a wrong slot and faults
        e(a.mov(rsp, qword_ptr(rsp - STACK_BYTES as i32)))?;
        for r in [r15, r14, r13, r12, rbp, rbx] {
            e(a.pop(r))?;
        }
        e(a.ret())?;
        let bytes = a.assemble(0).map_err(|e| e.to_string())?;
        Ok(TestStack { stack, tramp: ExecCode::new(&bytes)? })
    }

    fn call(&mut self, f: FieldFn, out: *mut u64, a1: *const u64, a2: *const u64) {
        // SAFETY: the trampoline is ours (above); `top` is 16-byte aligned (page aligned) and
        // the end of a STACK_BYTES read-write region followed by a guard page.
        let top = unsafe { (self.stack.as_mut_ptr() as *mut u8).add(STACK_BYTES) };
        let t = unsafe { std::mem::transmute::<*mut libc::c_void, Trampoline>(self.tramp.ptr) };
        run_guarded(|| unsafe { t(out, a1, a2, f, top) });
    }
}

thread_local! {
    static TEST_STACK: std::cell::RefCell<Option<TestStack>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f(out, a1, a2)` on this thread's private guarded stack (see [`TestStack`]).
fn call_on_test_stack(f: FieldFn, out: *mut u64, a1: *const u64, a2: *const u64) {
    TEST_STACK.with(|t| {
        let mut t = t.borrow_mut();
        if t.is_none() {
            *t = Some(TestStack::new().expect("assembling the test-stack trampoline"));
        }
        t.as_mut().unwrap().call(f, out, a1, a2);
    });
}

/// Calls a field function on concrete inputs with a distinct output buffer. Every buffer is
/// sized from the declared shape (each input its own length, the output `out_len`) and placed
/// against a guard page (`guard`), and the call runs on a private guarded stack, so an
/// out-of-bounds access (buffers, or the stack above the entry rsp) faults at once.
pub fn call(f: FieldFn, inputs: &[Vec<u64>], out_len: usize) -> Vec<u64> {
    let mut out = take(&[], out_len);
    let ins: Vec<GuardedBuf> = inputs.iter().map(|i| take(i, i.len())).collect();
    let a1 = ins[0].as_ptr();
    let a2 = if ins.len() > 1 { ins[1].as_ptr() } else { std::ptr::null() };
    call_on_test_stack(f, out.as_mut_ptr(), a1, a2);
    let r = out.as_slice().to_vec();
    ins.into_iter().chain([out]).for_each(give);
    r
}

/// Calls with the output buffer being argument `k` (it is overwritten); that buffer holds
/// max(input length, output length) limbs, as it plays both roles.
pub fn call_aliased(f: FieldFn, inputs: &[Vec<u64>], out_len: usize, k: usize) -> Vec<u64> {
    let mut bufs: Vec<GuardedBuf> = inputs.iter().enumerate().map(|(j, i)| take(i, if j == k { i.len().max(out_len) } else { i.len() })).collect();
    let a1 = bufs[0].as_mut_ptr();
    let a2 = if bufs.len() > 1 { bufs[1].as_mut_ptr() } else { std::ptr::null_mut() };
    let out = if k == 0 { a1 } else { a2 };
    call_on_test_stack(f, out, a1, a2);
    let r = bufs[k].as_slice()[..out_len].to_vec();
    bufs.into_iter().for_each(give);
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_stack_restores_callee_saved_registers_and_returns_results() {
        // clobbers rbx, rbp, r12 (not restored) and uses its stack below rsp: the trampoline
        // restores our registers; the result is still delivered
        let text = "f:\nmov rbx, [rsi]\nmov rbp, [rdx]\nmov r12, rbx\nadd r12, rbp\nmov [rsp - 0x8], r12\nmov rax, [rsp - 0x8]\nmov [rdi], rax\nmov [rdi + 0x8], rbx\nret\n";
        let code = load(&crate::asm::parse(text).unwrap()).unwrap();
        for i in 0..1000u64 {
            let ins = vec![vec![i, 0], vec![3 * i + 1, 0]];
            assert_eq!(call(code.func(), &ins, 2), vec![4 * i + 1, i]);
            assert_eq!(call_aliased(code.func(), &ins, 2, 1), vec![4 * i + 1, i]);
        }
    }
}
