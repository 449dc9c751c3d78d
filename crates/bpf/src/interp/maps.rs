//! Map tables for the interpreter: preallocated, reset per run without allocating.
//! Array-like maps index by a u32 key; hash maps keep (present, key, value) slots and scan.
//! Per-CPU variants are modelled as one CPU.

use crate::program::MapDef;

/// Largest number of hash-map slots we preallocate (bigger maps fault when they fill up).
pub const HASH_CAPACITY: usize = 1024;
/// Largest array storage (bytes) we preallocate.
pub const ARRAY_BYTES_LIMIT: usize = 8 << 20;

pub struct Table {
    pub def: MapDef,
    array: bool,
    /// An array too large to preallocate: every index below `max_entries` exists (zero until
    /// written), but only entries a run touches get a slot, like a hash table (at most
    /// `HASH_CAPACITY` per run; more is a capacity fault, never a wrong answer).
    sparse: bool,
    slots: usize,
    present: Vec<bool>,
    keys: Vec<u8>,
    values: Vec<u8>,
    /// Slots whose bytes may differ from zero/absent (reset touches only these).
    dirty: Vec<u32>,
    dirty_mark: Vec<bool>,
    count: usize,
}

pub struct MapStore {
    tables: Vec<Table>,
}

/// `-errno` values helpers return.
pub const ENOENT: i64 = -2;
pub const E2BIG: i64 = -7;
pub const EEXIST: i64 = -17;
pub const EINVAL: i64 = -22;

impl Table {
    fn new(def: &MapDef) -> Result<Table, String> {
        use crate::program::map_types as mt;
        let modelled = [mt::HASH, mt::ARRAY, mt::PROG_ARRAY, mt::PERF_EVENT_ARRAY, mt::PERCPU_HASH, mt::PERCPU_ARRAY,
            mt::LRU_HASH, mt::LRU_PERCPU_HASH, mt::DEVMAP, mt::CPUMAP, mt::XSKMAP, mt::DEVMAP_HASH,
            // map-in-map: no inner maps are ever stored (inputs leave them empty, programs cannot
            // update them), so every lookup misses, as in the kernel with an empty outer map
            mt::ARRAY_OF_MAPS, mt::HASH_OF_MAPS, mt::LPM_TRIE];
        if !modelled.contains(&def.map_type) {
            return Err(format!("map '{}': map type {} is not modelled by the interpreter", def.name, def.map_type));
        }
        // Devmap/cpumap/prog_array entries exist only once set: model them as u32-keyed hash tables.
        let array = def.is_array() && def.has_program_values();
        let sparse = array && def.max_entries as usize * def.value_size.max(1) as usize > ARRAY_BYTES_LIMIT;
        let slots = if array && !sparse { def.max_entries as usize } else { (def.max_entries as usize).min(HASH_CAPACITY) };
        Ok(Table {
            def: def.clone(),
            array,
            sparse,
            slots,
            present: vec![array && !sparse; slots],
            keys: vec![0; slots * def.key_size as usize],
            values: vec![0; slots * def.value_size as usize],
            dirty: Vec::with_capacity(64),
            dirty_mark: vec![false; slots],
            count: 0,
        })
    }

    pub fn is_array(&self) -> bool {
        self.array
    }

    fn mark(&mut self, slot: usize) {
        if !self.dirty_mark[slot] {
            self.dirty_mark[slot] = true;
            self.dirty.push(slot as u32);
        }
    }

    fn reset(&mut self) {
        let (ks, vs) = (self.def.key_size as usize, self.def.value_size as usize);
        for &s in &self.dirty {
            let s = s as usize;
            self.present[s] = self.array && !self.sparse;
            self.keys[s * ks..(s + 1) * ks].fill(0);
            self.values[s * vs..(s + 1) * vs].fill(0);
            self.dirty_mark[s] = false;
        }
        self.dirty.clear();
        self.count = 0;
    }

    /// LPM trie: the present entry whose prefix (its prefixlen bits of data) equals the key's data
    /// in those bits, longest prefix first, among entries with prefixlen <= the key's
    /// (`trie_lookup_elem`).
    fn lpm_longest(&self, key: &[u8]) -> Option<usize> {
        let ks = self.def.key_size as usize;
        let plen = u32::from_le_bytes(key.get(..4)?.try_into().ok()?) as usize;
        self.dirty
            .iter()
            .map(|&s| s as usize)
            .filter(|&s| self.present[s])
            .filter_map(|s| {
                let k = &self.keys[s * ks..(s + 1) * ks];
                let l = u32::from_le_bytes(k[..4].try_into().unwrap()) as usize;
                (l <= plen && prefix_eq(&k[4..], &key[4..], l)).then_some((l, s))
            })
            .max()
            .map(|(_, s)| s)
    }

    /// LPM trie: the entry with exactly this prefix (prefixlen and its bits of data).
    fn lpm_exact(&self, key: &[u8]) -> Option<usize> {
        let ks = self.def.key_size as usize;
        let plen = u32::from_le_bytes(key.get(..4)?.try_into().ok()?) as usize;
        self.dirty.iter().map(|&s| s as usize).filter(|&s| self.present[s]).find(|&s| {
            let k = &self.keys[s * ks..(s + 1) * ks];
            u32::from_le_bytes(k[..4].try_into().unwrap()) as usize == plen && prefix_eq(&k[4..], &key[4..], plen)
        })
    }

    /// Slot holding `key`, if present (sparse arrays: if it has a slot; see [`Table::lookup_slot`];
    /// LPM tries: the exact prefix).
    pub fn find(&self, key: &[u8]) -> Option<usize> {
        if self.def.is_lpm() {
            return self.lpm_exact(key);
        }
        if self.array && !self.sparse {
            let idx = u32::from_le_bytes(key.get(..4)?.try_into().ok()?) as usize;
            return (idx < self.slots).then_some(idx);
        }
        let ks = self.def.key_size as usize;
        // Only dirty slots can be present in a hash table.
        self.dirty.iter().map(|&s| s as usize).find(|&s| self.present[s] && &self.keys[s * ks..(s + 1) * ks] == key)
    }

    /// `map_lookup_elem`: the slot of `key`, giving a sparse array's entry a (zero) slot on
    /// first use. `Err(())` when our capacity (not the map's) is exhausted.
    pub fn lookup_slot(&mut self, key: &[u8]) -> Result<Option<usize>, ()> {
        if self.def.is_lpm() {
            return Ok(self.lpm_longest(key));
        }
        if let Some(s) = self.find(key) {
            return Ok(Some(s));
        }
        if !self.sparse {
            return Ok(None);
        }
        let idx = u32::from_le_bytes(key.get(..4).ok_or(())?.try_into().map_err(|_| ())?);
        if idx >= self.def.max_entries {
            return Ok(None);
        }
        let free = (0..self.slots).find(|&s| !self.present[s]).ok_or(())?;
        let ks = self.def.key_size as usize;
        self.present[free] = true;
        self.keys[free * ks..(free + 1) * ks].copy_from_slice(key);
        self.mark(free);
        Ok(Some(free))
    }

    /// Marks `slot` as handed out (its value may be written through a pointer).
    pub fn touch(&mut self, slot: usize) {
        self.mark(slot);
    }

    pub fn value_range(&self, slot: usize) -> std::ops::Range<usize> {
        let vs = self.def.value_size as usize;
        slot * vs..(slot + 1) * vs
    }

    /// `map_update_elem` semantics; `Err(())` when our capacity (not the map's) is exhausted.
    pub fn update(&mut self, key: &[u8], value: &[u8], flags: u64) -> Result<i64, ()> {
        if flags > 2 {
            return Ok(EINVAL);
        }
        let vs = self.def.value_size as usize;
        if self.def.is_lpm() {
            // `trie_update_elem`: prefixlen beyond the data is EINVAL; the stored key is replaced.
            let plen = u32::from_le_bytes(key[..4].try_into().map_err(|_| ())?) as usize;
            if plen > 8 * (self.def.key_size as usize - 4) {
                return Ok(EINVAL);
            }
            if let Some(s) = self.find(key) {
                let ks = self.def.key_size as usize;
                self.keys[s * ks..(s + 1) * ks].copy_from_slice(key);
            }
        }
        if self.array {
            let Some(slot) = self.lookup_slot(key)? else { return Ok(E2BIG) };
            if flags == 1 {
                return Ok(EEXIST);
            }
            self.mark(slot);
            self.values[slot * vs..(slot + 1) * vs].copy_from_slice(value);
            return Ok(0);
        }
        let slot = match self.find(key) {
            Some(s) => {
                if flags == 1 {
                    return Ok(EEXIST);
                }
                s
            }
            None => {
                if flags == 2 {
                    return Ok(ENOENT);
                }
                if self.count >= self.def.max_entries as usize {
                    return Ok(E2BIG);
                }
                let free = (0..self.slots).find(|&s| !self.present[s]).ok_or(())?;
                let ks = self.def.key_size as usize;
                self.present[free] = true;
                self.keys[free * ks..(free + 1) * ks].copy_from_slice(key);
                self.count += 1;
                free
            }
        };
        self.mark(slot);
        self.values[slot * vs..(slot + 1) * vs].copy_from_slice(value);
        Ok(0)
    }

    pub fn delete(&mut self, key: &[u8]) -> i64 {
        if self.array {
            return EINVAL;
        }
        match self.find(key) {
            Some(s) => {
                self.present[s] = false;
                self.count -= 1;
                0
            }
            None => ENOENT,
        }
    }

    fn snapshot(&self) -> Vec<(Vec<u8>, Vec<u8>)> {
        let (ks, vs) = (self.def.key_size as usize, self.def.value_size as usize);
        let mut out: Vec<(Vec<u8>, Vec<u8>)> = self
            .dirty
            .iter()
            .map(|&s| s as usize)
            .filter(|&s| self.present[s])
            .filter(|&s| !self.array || self.values[s * vs..(s + 1) * vs].iter().any(|&b| b != 0))
            .map(|s| {
                let key = if self.array && !self.sparse { (s as u32).to_le_bytes()[..ks.min(4)].to_vec() } else { self.keys[s * ks..(s + 1) * ks].to_vec() };
                (key, self.values[s * vs..(s + 1) * vs].to_vec())
            })
            .collect();
        out.sort();
        out
    }
}

/// First `bits` bits of `a` and `b` agree (big-endian bit order, as the kernel's trie).
fn prefix_eq(a: &[u8], b: &[u8], bits: usize) -> bool {
    let full = bits / 8;
    if a.len() < full || b.len() < full || a[..full] != b[..full] {
        return false;
    }
    let rest = bits % 8;
    rest == 0 || {
        let mask = 0xffu8 << (8 - rest);
        a.get(full).zip(b.get(full)).is_some_and(|(x, y)| x & mask == y & mask)
    }
}

impl MapStore {
    pub fn new(defs: &[MapDef]) -> Result<MapStore, String> {
        Ok(MapStore { tables: defs.iter().map(Table::new).collect::<Result<_, _>>()? })
    }
    pub fn len(&self) -> usize {
        self.tables.len()
    }
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }
    pub fn table(&self, i: usize) -> &Table {
        &self.tables[i]
    }
    pub fn table_mut(&mut self, i: usize) -> &mut Table {
        &mut self.tables[i]
    }
    pub fn index_of_fd(&self, fd: i32) -> Option<usize> {
        self.tables.iter().position(|t| t.def.fd == fd)
    }

    /// Clears everything touched by the last run, then loads the input's entries.
    pub fn reset(&mut self, init: &[Vec<(Vec<u8>, Vec<u8>)>]) {
        for t in &mut self.tables {
            t.reset();
        }
        for (t, entries) in self.tables.iter_mut().zip(init) {
            for (k, v) in entries {
                if k.len() == t.def.key_size as usize && v.len() == t.def.value_size as usize {
                    let _ = t.update(k, v, 0);
                }
            }
        }
    }

    /// Bytes `[off, end)` of map `m`'s value storage (pointer offsets are into this storage).
    pub fn value_bytes(&mut self, m: usize, off: usize, end: usize) -> Option<&mut [u8]> {
        let t = &mut self.tables[m];
        let vs = t.def.value_size as usize;
        if vs == 0 || end > t.values.len() {
            return None;
        }
        // An access must stay inside one present value.
        let slot = off / vs;
        if (end - 1) / vs != slot || !t.present[slot] {
            return None;
        }
        Some(&mut t.values[off..end])
    }

    pub fn snapshot(&self) -> Vec<Vec<(Vec<u8>, Vec<u8>)>> {
        self.tables.iter().map(Table::snapshot).collect()
    }
}
