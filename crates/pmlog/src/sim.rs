//! Simulated persistent memory: records every store, flush and fence, and enumerates the images
//! a crash may leave behind.
//!
//! Crash model (x86 with an adversarial cache):
//! * A store is visible at once; it becomes *guaranteed* durable only when its cache line is
//!   flushed after it and a fence follows the flush.
//! * Memory is split into atomic *units* (8 bytes = aligned words, the Verus model; or 64 bytes =
//!   whole cache lines written back in store order). A unit never tears. For each unit that has
//!   stores not yet guaranteed durable, a crash leaves *any one* of: its last guaranteed value, or
//!   its value after any later store (stores to one unit reach PM in program order). Units choose
//!   independently, so a multi-word store can tear at every unit boundary.
//! * With 8-byte units every image the 64-byte model allows is also allowed (a line prefix fixes
//!   each word to one of its candidate values), so the 8-byte model is the stronger check.

use crate::region::{PmRegion, CACHE_LINE};
use std::collections::BTreeSet;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Store { off: usize, data: Vec<u8> },
    Flush { off: usize, len: usize },
    Fence,
}

/// An in-memory region; records a trace of events when `recording`.
#[derive(Clone, Debug)]
pub struct SimRegion {
    mem: Vec<u8>,
    trace: Option<Vec<Event>>,
}

impl SimRegion {
    /// A zeroed region that does not record.
    pub fn new(len: usize) -> SimRegion {
        SimRegion {
            mem: vec![0; len],
            trace: None,
        }
    }
    /// A region holding `image` (e.g. a crash image) that does not record.
    pub fn from_image(image: Vec<u8>) -> SimRegion {
        SimRegion {
            mem: image,
            trace: None,
        }
    }
    /// A region holding `image` that records every event from now on.
    pub fn recording(image: Vec<u8>) -> SimRegion {
        SimRegion {
            mem: image,
            trace: Some(Vec::new()),
        }
    }
    pub fn trace(&self) -> &[Event] {
        self.trace.as_deref().unwrap_or(&[])
    }
    pub fn trace_len(&self) -> usize {
        self.trace().len()
    }
    pub fn into_image(self) -> Vec<u8> {
        self.mem
    }
    fn record(&mut self, e: Event) {
        if let Some(t) = &mut self.trace {
            t.push(e);
        }
    }
}

impl PmRegion for SimRegion {
    fn bytes(&self) -> &[u8] {
        &self.mem
    }
    fn write(&mut self, off: usize, data: &[u8]) {
        self.mem[off..off + data.len()].copy_from_slice(data);
        self.record(Event::Store {
            off,
            data: data.to_vec(),
        });
    }
    fn flush(&mut self, off: usize, len: usize) {
        assert!(
            off + len <= self.mem.len(),
            "flush past the end of the region"
        );
        self.record(Event::Flush { off, len });
    }
    fn fence(&mut self) {
        self.record(Event::Fence);
    }
}

/// Per atomic unit: the values a crash may leave. `cands[0]` is guaranteed durable; later entries
/// are the unit's contents after each later store. `flushed_at` = candidate index current at the
/// last flush of the unit's line (made the floor by the next fence).
#[derive(Clone, Debug)]
struct Unit {
    cands: Vec<Vec<u8>>,
    flushed_at: Option<usize>,
}

/// Replays a trace and describes, after each event, every crash image that is possible.
pub struct PersistTracker {
    unit: usize,
    current: Vec<u8>,
    floor: Vec<u8>,
    units: Vec<Unit>,
    dirty: BTreeSet<usize>,
}

impl PersistTracker {
    /// Starts from a fully durable `image`; `unit` is 8 or 64.
    pub fn new(image: Vec<u8>, unit: usize) -> PersistTracker {
        assert!(unit > 0 && CACHE_LINE % unit == 0, "bad unit size");
        let units = image
            .chunks(unit)
            .map(|c| Unit {
                cands: vec![c.to_vec()],
                flushed_at: None,
            })
            .collect();
        PersistTracker {
            unit,
            floor: image.clone(),
            current: image,
            units,
            dirty: BTreeSet::new(),
        }
    }

    pub fn apply(&mut self, e: &Event) {
        match e {
            Event::Store { off, data } => self.store(*off, data),
            Event::Flush { off, len } => self.flush(*off, *len),
            Event::Fence => self.fence(),
        }
    }

    fn store(&mut self, off: usize, data: &[u8]) {
        if data.is_empty() {
            return;
        }
        self.current[off..off + data.len()].copy_from_slice(data);
        for u in off / self.unit..=(off + data.len() - 1) / self.unit {
            let value = &self.current[self.span(u)];
            let st = &mut self.units[u];
            if st.cands.last().map(|v| v.as_slice()) != Some(value) {
                st.cands.push(value.to_vec());
                self.dirty.insert(u);
            }
        }
    }

    fn flush(&mut self, off: usize, len: usize) {
        if len == 0 {
            return;
        }
        let first_line = off / CACHE_LINE;
        let last_line = (off + len - 1) / CACHE_LINE;
        let per_line = CACHE_LINE / self.unit;
        for u in first_line * per_line..(last_line + 1) * per_line {
            if u < self.units.len() && self.units[u].cands.len() > 1 {
                self.units[u].flushed_at = Some(self.units[u].cands.len() - 1);
            }
        }
    }

    fn fence(&mut self) {
        let dirty: Vec<usize> = self.dirty.iter().copied().collect();
        for u in dirty {
            let st = &mut self.units[u];
            if let Some(k) = st.flushed_at.take() {
                st.cands.drain(..k);
                let span = (u * self.unit)..((u + 1) * self.unit).min(self.floor.len());
                self.floor[span].copy_from_slice(&st.cands[0]);
                if st.cands.len() == 1 {
                    self.dirty.remove(&u);
                }
            }
        }
    }

    /// Byte range of unit `u` (the last unit may be short).
    fn span(&self, u: usize) -> std::ops::Range<usize> {
        (u * self.unit)..((u + 1) * self.unit).min(self.current.len())
    }

    /// Units that may hold more than one value after a crash, with their candidate counts.
    pub fn choices(&self) -> Vec<(usize, usize)> {
        self.dirty
            .iter()
            .map(|&u| (u, self.units[u].cands.len()))
            .collect()
    }

    /// Number of distinct choice vectors (crash states) at this point, saturating.
    pub fn state_count(&self) -> u128 {
        self.dirty.iter().fold(1u128, |acc, &u| {
            acc.saturating_mul(self.units[u].cands.len() as u128)
        })
    }

    /// The crash image where dirty unit `choices[i].0` holds candidate `pick[i]`.
    pub fn image(&self, choices: &[(usize, usize)], pick: &[usize]) -> Vec<u8> {
        let mut img = self.floor.clone();
        for (&(u, _), &k) in choices.iter().zip(pick) {
            img[self.span(u)].copy_from_slice(&self.units[u].cands[k]);
        }
        img
    }

    /// What the program sees right now (every store persisted).
    pub fn current(&self) -> &[u8] {
        &self.current
    }
}
