//! A cache of proven window rewrites, canonicalized so that it is reused across
//! windows, runs and programs, and persisted as JSON lines on disk.
//!
//! Canonical form: registers (except r10) are renamed in order of first
//! appearance over the original then the candidate window (not in windows with
//! helper calls, which use r0..r5 implicitly); live-out registers
//! and known constants are kept only for registers the windows mention (others
//! are untouched by both sides, so they cannot make a difference). The window
//! semantics is invariant under such a renaming, so a proof of the canonical
//! query is a proof of the original one.
//!
//! The key also holds the entry regions of the mentioned registers (they pick the
//! memory model) and, for windows with helper calls, the map key sizes.
//!
//! Trust: entries are trusted once written (they were produced by a solver proof
//! in some earlier run); delete the file to re-prove everything.

use crate::equiv::window::WindowQuery;
use crate::isa::{self, Insn};
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The canonical text key of a window query.
pub fn canonical_key(q: &WindowQuery) -> String {
    let mut map = [u8::MAX; 16];
    map[10] = 10;
    // calls read r1..r5 and write r0..r5 implicitly: no renaming around them
    let has_call = q.orig.iter().chain(q.cand).any(|i| i.code == isa::CALL);
    if has_call {
        for (r, m) in map.iter_mut().enumerate().take(isa::NUM_REGS) {
            *m = r as u8;
        }
    }
    let mut next = 0u8;
    let mut rename = |r: u8| -> u8 {
        let r = (r & 15) as usize;
        if map[r] == u8::MAX {
            map[r] = next;
            next += 1;
            if next == 10 {
                next = 11;
            }
        }
        map[r]
    };
    // v2: per-region memory and helper calls
    let mut text = String::from("v2|");
    for (tag, body) in [("o", q.orig), ("c", q.cand)] {
        text.push_str(tag);
        text.push(':');
        let mut k = 0;
        while k < body.len() {
            let mut i = body[k];
            if !i.is_nop() {
                i.dst = rename(i.dst);
                if uses_src_reg(&i) {
                    i.src = rename(i.src);
                }
                push_insn(&mut text, &i);
                if i.is_lddw() && k + 1 < body.len() {
                    push_insn(&mut text, &body[k + 1]);
                    k += 1;
                }
            }
            k += 1;
        }
    }
    let mut live: Vec<u8> = Vec::new();
    let mut pre: Vec<(u8, u64)> = Vec::new();
    for r in 0..isa::NUM_REGS {
        let m = map[r];
        if m == u8::MAX {
            continue;
        }
        if q.live_out & (1 << r) != 0 {
            live.push(m);
        }
        if let Some(v) = q.pre[r] {
            pre.push((m, v));
        }
    }
    let mut regions: Vec<(u8, crate::opt::analysis::Region)> = Vec::new();
    if let Some(rs) = &q.regions {
        for r in 0..isa::NUM_REGS {
            if map[r] != u8::MAX {
                regions.push((map[r], rs[r]));
            }
        }
    }
    live.sort_unstable();
    pre.sort_unstable();
    regions.sort_unstable();
    text.push_str(&format!("|live:{live:?}|pre:{pre:?}|regions:{}{regions:?}", q.regions.is_some()));
    // the call model matters only to windows with helper calls
    if has_call {
        text.push_str(&format!("|keys:{:?}", q.calls.key_sizes));
    }
    // stack facts (assumed by the proof): pointers of mentioned registers, known and dead bytes
    if !q.stack.is_empty() {
        let mut ptrs: Vec<(u8, i16)> = q.stack.ptrs.iter().filter(|(r, _)| map[*r as usize & 15] != u8::MAX).map(|&(r, o)| (map[r as usize & 15], o)).collect();
        ptrs.sort_unstable();
        text.push_str(&format!("|stack:{ptrs:?}|known:{:?}|dead:{:?}", q.stack.known, q.stack.dead_after));
    }
    text
}

pub(crate) fn uses_src_reg(i: &Insn) -> bool {
    matches!(i.class(), isa::BPF_LDX | isa::BPF_STX)
        || (matches!(i.class(), isa::BPF_ALU | isa::BPF_ALU64) && i.src_is_reg() && i.op() != isa::BPF_END)
}

fn push_insn(text: &mut String, i: &Insn) {
    for b in i.encode() {
        text.push_str(&format!("{b:02x}"));
    }
    text.push(' ');
}

/// Proven rewrites, in memory and (optionally) appended to a file.
pub struct ProofCache {
    proven: Mutex<HashSet<String>>,
    file: Option<PathBuf>,
    loaded: usize,
}

impl ProofCache {
    pub fn in_memory() -> Self {
        ProofCache { proven: Mutex::new(HashSet::new()), file: None, loaded: 0 }
    }

    /// Loads `path` if it exists (one JSON string per line); new proofs are appended to it.
    pub fn open(path: &Path) -> std::io::Result<Self> {
        let mut set = HashSet::new();
        if let Ok(text) = std::fs::read_to_string(path) {
            for line in text.lines() {
                if let Ok(key) = serde_json::from_str::<String>(line) {
                    set.insert(key);
                }
            }
        }
        let loaded = set.len();
        Ok(ProofCache { proven: Mutex::new(set), file: Some(path.to_path_buf()), loaded })
    }

    /// Entries read from disk when opened.
    pub fn loaded(&self) -> usize {
        self.loaded
    }

    pub fn len(&self) -> usize {
        self.proven.lock().unwrap().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, q: &WindowQuery) -> bool {
        self.proven.lock().unwrap().contains(&canonical_key(q))
    }

    /// Records a proof (and appends it to the file; I/O errors only lose persistence).
    pub fn insert(&self, q: &WindowQuery) {
        let key = canonical_key(q);
        let mut set = self.proven.lock().unwrap();
        if set.insert(key.clone()) {
            if let Some(path) = &self.file {
                if let Some(dir) = path.parent() {
                    let _ = std::fs::create_dir_all(dir);
                }
                if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
                    let _ = writeln!(f, "{}", serde_json::to_string(&key).unwrap());
                }
            }
        }
    }
}
