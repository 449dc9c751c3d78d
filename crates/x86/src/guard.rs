//! Buffers handed to generated or compiled code (JIT'd candidates, the gcc/clang references):
//! each one is sized from the function's declared shape and mapped with `mmap` between two
//! `PROT_NONE` guard pages, its last limb ending exactly where the upper guard page begins.
//! An out-of-bounds access by the code under test faults at once (and is reported by
//! [`run_guarded`]) instead of silently corrupting our heap.

use std::cell::Cell;
use std::sync::Once;

const PAGE: usize = 4096;

/// `len` u64 limbs between two inaccessible pages; zero-initialised.
pub struct GuardedBuf {
    map: *mut libc::c_void,
    map_len: usize,
    data: *mut u64,
    len: usize,
}

unsafe impl Send for GuardedBuf {}

impl GuardedBuf {
    /// A zeroed buffer of `len >= 1` limbs.
    pub fn new(len: usize) -> GuardedBuf {
        assert!(len >= 1, "a guarded buffer holds at least one limb");
        let bytes = len.checked_mul(8).expect("buffer size overflows");
        let data_pages = bytes.div_ceil(PAGE);
        let map_len = (data_pages + 2) * PAGE;
        unsafe {
            // everything inaccessible first, then the data pages opened
            let map = libc::mmap(std::ptr::null_mut(), map_len, libc::PROT_NONE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0);
            assert!(map != libc::MAP_FAILED, "mmap of a guarded buffer failed");
            let first = (map as *mut u8).add(PAGE);
            let rc = libc::mprotect(first as *mut libc::c_void, data_pages * PAGE, libc::PROT_READ | libc::PROT_WRITE);
            assert!(rc == 0, "mprotect of a guarded buffer failed");
            // the last limb ends where the upper guard page starts (8-byte aligned: bytes % 8 == 0)
            let data = first.add(data_pages * PAGE - bytes) as *mut u64;
            GuardedBuf { map, map_len, data, len }
        }
    }

    /// A buffer of `len` limbs starting with `init` (the rest zero); `init.len() <= len`.
    pub fn with(init: &[u64], len: usize) -> GuardedBuf {
        assert!(init.len() <= len, "initial contents longer than the buffer");
        let mut b = GuardedBuf::new(len);
        b.as_mut_slice()[..init.len()].copy_from_slice(init);
        b
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_ptr(&self) -> *const u64 {
        self.data
    }

    pub fn as_mut_ptr(&mut self) -> *mut u64 {
        self.data
    }

    pub fn as_slice(&self) -> &[u64] {
        // SAFETY: `data..data+len` lies inside the read-write pages of our own mapping.
        unsafe { std::slice::from_raw_parts(self.data, self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u64] {
        // SAFETY: as in `as_slice`; `&mut self` makes the borrow unique.
        unsafe { std::slice::from_raw_parts_mut(self.data, self.len) }
    }

    /// Start and end (exclusive) of the whole mapping, guard pages included.
    pub fn mapping(&self) -> (usize, usize) {
        (self.map as usize, self.map as usize + self.map_len)
    }
}

thread_local! {
    /// Buffers reused by [`take`]/[`give`]: random tests call code under test millions of
    /// times, and an mmap + mprotect + munmap per buffer and call costs ~40x the call itself.
    static POOL: std::cell::RefCell<Vec<GuardedBuf>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A guarded buffer of exactly `len` limbs holding `init` followed by zeros, from this thread's
/// pool when one of that length is free. Return it with [`give`].
pub fn take(init: &[u64], len: usize) -> GuardedBuf {
    assert!(init.len() <= len, "initial contents longer than the buffer");
    let reused = POOL.with(|p| {
        let mut p = p.borrow_mut();
        let i = p.iter().position(|b| b.len == len)?;
        Some(p.swap_remove(i))
    });
    match reused {
        Some(mut b) => {
            let s = b.as_mut_slice();
            s[..init.len()].copy_from_slice(init);
            s[init.len()..].fill(0);
            b
        }
        None => GuardedBuf::with(init, len),
    }
}

/// Returns a buffer to this thread's pool (a few are kept; the rest are unmapped).
pub fn give(b: GuardedBuf) {
    POOL.with(|p| {
        let mut p = p.borrow_mut();
        if p.len() < 16 {
            p.push(b);
        }
    });
}

impl Drop for GuardedBuf {
    fn drop(&mut self) {
        unsafe {
            libc::munmap(self.map, self.map_len);
        }
    }
}

thread_local! {
    /// Whether this thread is inside [`run_guarded`] (a const-initialised `Cell` without a
    /// destructor: reading it is a plain thread-local load, safe in a signal handler).
    static UNTRUSTED: Cell<bool> = const { Cell::new(false) };
}
static INSTALL: Once = Once::new();
/// The SIGSEGV/SIGBUS handlers in place before ours (Rust's stack-overflow reporter).
static mut PREVIOUS: [Option<libc::sigaction>; 2] = [None, None];

const MSG: &[u8] = b"error: generated or compiled code under test faulted (out-of-bounds memory access caught by a guard page); a bug in the code under test, stopped before it could corrupt memory\n";

extern "C" fn on_fault(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
    if UNTRUSTED.with(Cell::get) {
        // only async-signal-safe calls: write(2) and _exit(2)
        unsafe {
            libc::write(2, MSG.as_ptr() as *const libc::c_void, MSG.len());
            libc::_exit(1);
        }
    }
    // Not ours: hand over to the previous handler (or the default action).
    let k = if sig == libc::SIGSEGV { 0 } else { 1 };
    unsafe {
        match *std::ptr::addr_of!(PREVIOUS[k]) {
            Some(prev) if prev.sa_sigaction != libc::SIG_DFL && prev.sa_sigaction != libc::SIG_IGN => {
                if prev.sa_flags & libc::SA_SIGINFO != 0 {
                    let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) = std::mem::transmute(prev.sa_sigaction);
                    f(sig, info, ctx);
                } else {
                    let f: extern "C" fn(libc::c_int) = std::mem::transmute(prev.sa_sigaction);
                    f(sig);
                }
            }
            _ => {
                // default action: restore it and return; the faulting access repeats and kills us
                let mut dfl: libc::sigaction = std::mem::zeroed();
                dfl.sa_sigaction = libc::SIG_DFL;
                libc::sigaction(sig, &dfl, std::ptr::null_mut());
            }
        }
    }
}

fn install() {
    INSTALL.call_once(|| unsafe {
        for (k, sig) in [libc::SIGSEGV, libc::SIGBUS].into_iter().enumerate() {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_fault as *const () as usize;
            sa.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            libc::sigemptyset(&mut sa.sa_mask);
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(sig, &sa, &mut old) == 0 {
                *std::ptr::addr_of_mut!(PREVIOUS[k]) = Some(old);
            }
        }
    });
}

/// Runs `f`, which calls code under test on guarded buffers. A memory fault while it runs ends
/// the process with one line on stderr and exit code 1 (never silent memory corruption, never
/// a signal death). Faults elsewhere go to the handlers that were installed before.
pub fn run_guarded<T>(f: impl FnOnce() -> T) -> T {
    install();
    let outer = UNTRUSTED.with(|u| u.replace(true));
    let r = f();
    UNTRUSTED.with(|u| u.set(outer));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffer_ends_at_a_guard_page_and_keeps_its_contents() {
        for len in [1usize, 2, 4, 9, 512, 513] {
            let b = GuardedBuf::with(&[7, 8], len.max(2));
            let end = b.as_ptr() as usize + 8 * b.len();
            assert_eq!(end % PAGE, 0, "the last limb ends at a page boundary");
            let (lo, hi) = b.mapping();
            assert_eq!(end, hi - PAGE, "followed by exactly the upper guard page");
            assert!(b.as_ptr() as usize >= lo + PAGE);
            assert_eq!(&b.as_slice()[..2], &[7, 8]);
            assert!(b.as_slice()[2..].iter().all(|&x| x == 0));
        }
    }

    #[test]
    fn pooled_buffers_are_refilled_and_zeroed() {
        let mut b = take(&[1, 2, 3], 5);
        b.as_mut_slice()[4] = 99;
        let addr = b.as_ptr();
        give(b);
        let b = take(&[4], 5);
        assert_eq!(b.as_ptr(), addr, "reused from the pool");
        assert_eq!(b.as_slice(), &[4, 0, 0, 0, 0]);
        let c = take(&[], 3);
        assert_ne!(c.as_ptr(), addr, "another length is another buffer");
        assert_eq!(c.len(), 3);
    }
}
