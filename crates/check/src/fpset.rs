//! The set of seen state fingerprints, shared by the workers: open addressing (linear probing)
//! over `AtomicU64` keys, inserted by compare-and-swap without a lock, with each state's parent
//! fingerprint (for traces) in the word after its key. The table is split into shards by the top bits
//! of the fingerprint; a shard's `RwLock` is taken for reading by every insert (shared, so
//! workers never wait for each other) and for writing only to double a shard that is 3/4 full.
//! Its size can be fixed up front from a memory budget (`with_budget`), so that a run under
//! `--mem` never grows it. Fingerprint 0 marks an empty slot: callers never insert 0.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::RwLock;

/// Slot `i` is `slots[2i]` (the fingerprint) and `slots[2i + 1]` (its parent): one cache line
/// holds both, so inserting a new state touches one line of a large table, not two.
struct Table {
    slots: Box<[AtomicU64]>,
    len: AtomicUsize,
}

/// `n` zeroed atomics from zeroed memory (`calloc`: the pages are committed when first written,
/// so a large `--mem` does not cost its full size until the states are there).
fn zeroed(n: usize) -> Box<[AtomicU64]> {
    const _: () = assert!(std::mem::align_of::<u64>() == std::mem::align_of::<AtomicU64>());
    const _: () = assert!(std::mem::size_of::<u64>() == std::mem::size_of::<AtomicU64>());
    let b: Box<[u64]> = vec![0u64; n].into_boxed_slice();
    // SAFETY: AtomicU64 has the size and bit validity of u64, and (asserted above) its alignment
    // here, so the same allocation is a valid [AtomicU64] and is freed with the same layout.
    unsafe { Box::from_raw(Box::into_raw(b) as *mut [AtomicU64]) }
}

impl Table {
    fn new(cap: usize) -> Table {
        let cap = cap.next_power_of_two().max(16);
        Table { slots: zeroed(2 * cap), len: AtomicUsize::new(0) }
    }
    fn cap(&self) -> usize {
        self.slots.len() / 2
    }
    #[inline]
    fn key(&self, i: usize) -> &AtomicU64 {
        &self.slots[2 * i]
    }
    #[inline]
    fn parent_at(&self, i: usize) -> &AtomicU64 {
        &self.slots[2 * i + 1]
    }
    fn full(&self) -> bool {
        self.len.load(Ordering::Relaxed) * 4 >= self.cap() * 3
    }
    /// `Some(true)`: inserted; `Some(false)`: present.
    fn insert(&self, fp: u64, parent: u64) -> bool {
        let mask = self.cap() - 1;
        let mut i = (fp as usize) & mask;
        loop {
            let k = self.key(i).load(Ordering::Acquire);
            if k == fp {
                return false;
            }
            if k == 0 {
                match self.key(i).compare_exchange(0, fp, Ordering::AcqRel, Ordering::Acquire) {
                    Ok(_) => {
                        self.parent_at(i).store(parent, Ordering::Release);
                        self.len.fetch_add(1, Ordering::Relaxed);
                        return true;
                    }
                    Err(other) if other == fp => return false,
                    Err(_) => {}
                }
            }
            i = (i + 1) & mask;
        }
    }
    fn find(&self, fp: u64) -> Option<usize> {
        let mask = self.cap() - 1;
        let mut i = (fp as usize) & mask;
        loop {
            match self.key(i).load(Ordering::Acquire) {
                0 => return None,
                k if k == fp => return Some(i),
                _ => i = (i + 1) & mask,
            }
        }
    }
    fn grown(&self) -> Table {
        let t = Table::new(self.cap() * 2);
        for kp in self.slots.chunks_exact(2) {
            let k = kp[0].load(Ordering::Relaxed);
            if k != 0 {
                t.insert(k, kp[1].load(Ordering::Relaxed));
            }
        }
        t
    }
}

pub struct FpSet {
    shards: Box<[RwLock<Table>]>,
    shift: u32,
}

/// Bytes per slot (fingerprint + parent).
pub const SLOT_BYTES: u64 = 16;

impl FpSet {
    /// `shards` is rounded up to a power of two; `capacity` slots in all to begin with.
    pub fn new(shards: usize, capacity: usize) -> FpSet {
        let n = shards.next_power_of_two().max(1);
        let per = (capacity / n).max(16);
        FpSet { shards: (0..n).map(|_| RwLock::new(Table::new(per))).collect(), shift: 64 - n.trailing_zeros() }
    }

    /// Sized for `bytes` of memory: as many slots as fit, so that it never grows while the
    /// number of states stays under 3/4 of them.
    pub fn with_budget(shards: usize, bytes: u64) -> FpSet {
        let slots = (bytes / SLOT_BYTES).max(1024);
        // the largest power of two that fits (Table rounds up)
        let slots = 1usize << (63 - slots.leading_zeros());
        FpSet::new(shards, slots)
    }

    fn shard(&self, fp: u64) -> &RwLock<Table> {
        if self.shards.len() == 1 {
            &self.shards[0]
        } else {
            &self.shards[(fp >> self.shift) as usize]
        }
    }

    /// True if `fp` (never 0) was not in the set; records `parent` for it.
    pub fn insert(&self, fp: u64, parent: u64) -> bool {
        debug_assert_ne!(fp, 0);
        let sh = self.shard(fp);
        loop {
            {
                let t = sh.read().unwrap();
                if !t.full() {
                    return t.insert(fp, parent);
                }
            }
            let mut t = sh.write().unwrap();
            if t.full() {
                *t = t.grown();
            }
        }
    }

    pub fn contains(&self, fp: u64) -> bool {
        self.shard(fp).read().unwrap().find(fp).is_some()
    }

    pub fn parent(&self, fp: u64) -> Option<u64> {
        let t = self.shard(fp).read().unwrap();
        t.find(fp).map(|i| t.parent_at(i).load(Ordering::Acquire))
    }

    pub fn len(&self) -> usize {
        self.shards.iter().map(|s| s.read().unwrap().len.load(Ordering::Relaxed)).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes held by the tables.
    pub fn bytes(&self) -> u64 {
        self.shards.iter().map(|s| s.read().unwrap().cap() as u64 * SLOT_BYTES).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mix(i: u64) -> u64 {
        let mut z = i.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) | 1
    }

    #[test]
    fn inserts_once_keeps_parents_and_grows() {
        let s = FpSet::new(4, 64);
        let before = s.bytes();
        for i in 0..10_000u64 {
            assert!(s.insert(mix(i), i + 7));
        }
        for i in 0..10_000u64 {
            assert!(!s.insert(mix(i), 0), "a second insert reports present");
            assert_eq!(s.parent(mix(i)), Some(i + 7), "the first parent stays");
        }
        assert!(!s.contains(mix(10_001)));
        assert_eq!(s.len(), 10_000);
        assert!(s.bytes() > before, "shards doubled");
    }

    #[test]
    fn concurrent_inserts_count_each_fingerprint_once() {
        let s = FpSet::new(8, 16);
        let wins = AtomicUsize::new(0);
        std::thread::scope(|sc| {
            for w in 0..4u64 {
                let (s, wins) = (&s, &wins);
                sc.spawn(move || {
                    // every thread inserts the same 20k fingerprints, in different orders
                    for j in 0..20_000u64 {
                        let i = if w % 2 == 0 { j } else { 19_999 - j };
                        if s.insert(mix(i), w + 1) {
                            wins.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert_eq!(wins.load(Ordering::Relaxed), 20_000);
        assert_eq!(s.len(), 20_000);
        for i in 0..20_000u64 {
            assert!(s.parent(mix(i)).is_some_and(|p| (1..=4).contains(&p)));
        }
    }

    #[test]
    fn budget_fixes_the_size() {
        let s = FpSet::with_budget(4, 1 << 20);
        assert_eq!(s.bytes(), 1 << 20);
        for i in 0..40_000u64 {
            s.insert(mix(i), 1);
        }
        assert_eq!(s.bytes(), 1 << 20, "under 3/4 of the slots: no growth");
    }
}
