//! Packed key tables (segment version 3): entries in blocks of [`KEY_BLOCK_ENTRIES`], every
//! field of a block bit-packed at the narrowest width that block needs.
//!
//! Keys are uniform 64-bit hashes, so a fixed 16-byte entry spent most of its bytes on bits
//! that a sorted neighbour already implies: 128 consecutive keys of a table of `n` differ from
//! the block's first key in about `64 - log2(n) + 7` low bits, a doc id needs only the bits of
//! the segment's id range, and most counts are 1. Fixed widths (not gaps) keep every field
//! addressable, so a lookup binary-searches inside a block without decoding it.

use super::super::error::{Result, StoreError};
use super::super::format::{KeyBlockHead, KeyEntry, KEY_BLOCK_ENTRIES};

/// Bits needed to write `x` (0 for 0).
fn width(x: u64) -> u8 {
    (64 - x.leading_zeros()) as u8
}

/// Writes `width` low bits of `v` at bit `pos` of `out` (zeroed beforehand).
fn put_bits(out: &mut [u8], pos: u64, width: u8, v: u64) {
    if width == 0 {
        return;
    }
    let mut v = u128::from(v) << (pos % 8);
    let mut at = (pos / 8) as usize;
    let mut left = u32::from(width) + (pos % 8) as u32;
    while left > 0 {
        out[at] |= v as u8;
        v >>= 8;
        at += 1;
        left = left.saturating_sub(8);
    }
}

/// Reads `width` bits at bit `pos` of `body`. The caller has checked that they lie inside.
fn get_bits(body: &[u8], pos: u64, width: u8) -> u64 {
    if width == 0 {
        return 0;
    }
    let at = (pos / 8) as usize;
    // A fixed 16-byte read where the body has them (one load); a copy only at its very end (a
    // copy of variable length is a call to memmove: it was most of a key lookup).
    let word = match body.get(at..at + 16).and_then(|b| <[u8; 16]>::try_from(b).ok()) {
        Some(bytes) => u128::from_le_bytes(bytes),
        None => {
            let mut buf = [0u8; 16];
            let n = (body.len() - at).min(16);
            buf[..n].copy_from_slice(&body[at..at + n]);
            u128::from_le_bytes(buf)
        }
    };
    let v = (word >> (pos % 8)) as u64;
    if width == 64 {
        v
    } else {
        v & ((1u64 << width) - 1)
    }
}

/// Encodes key entries, sorted by key, into block bodies and their heads.
#[derive(Debug, Default)]
pub(super) struct KeyPacker {
    heads: Vec<KeyBlockHead>,
    block: Vec<KeyEntry>,
    body_len: u64,
    body: Vec<u8>,
    entries: u64,
    last_key: Option<u64>,
}

impl KeyPacker {
    /// Adds the next entry (keys strictly increasing, counts 1 or more); a full block's body
    /// goes to `sink`.
    pub(super) fn push(&mut self, e: KeyEntry, sink: &mut dyn FnMut(&[u8]) -> Result<()>) -> Result<()> {
        if self.last_key.is_some_and(|k| k >= e.key) {
            return Err(StoreError::Internal {
                path: std::path::PathBuf::from("a segment's key table"),
                what: format!("key {:016x}: keys out of order", e.key),
            });
        }
        self.last_key = Some(e.key);
        self.block.push(e);
        self.entries += 1;
        if self.block.len() == KEY_BLOCK_ENTRIES {
            self.close_block(sink)?;
        }
        Ok(())
    }

    fn close_block(&mut self, sink: &mut dyn FnMut(&[u8]) -> Result<()>) -> Result<()> {
        let (Some(first), Some(last)) = (self.block.first(), self.block.last()) else { return Ok(()) };
        if self.block.iter().any(|e| e.count == 0) {
            return Err(StoreError::Internal {
                path: std::path::PathBuf::from("a segment's key table"),
                what: format!("key {:016x}: an entry with no documents", first.key),
            });
        }
        let one = |e: &&KeyEntry| e.count == 1;
        let doc_base = self.block.iter().filter(one).map(|e| e.value).min().unwrap_or(0);
        let list_base = self.block.iter().filter(|e| e.count > 1).map(|e| e.value).min().unwrap_or(0);
        let value = |e: &KeyEntry| e.value - if e.count == 1 { doc_base } else { list_base };
        let head = KeyBlockHead {
            first_key: first.key,
            body: self.body_len,
            doc_base,
            list_base,
            entries: self.block.len() as u16,
            key_bits: width(last.key - first.key),
            count_bits: self.block.iter().map(|e| width(u64::from(e.count.saturating_sub(1)))).max().unwrap_or(0),
            value_bits: self.block.iter().map(|e| width(u64::from(value(e)))).max().unwrap_or(0),
            reserved: [0; 3],
        };
        let n = self.block.len() as u64;
        self.body.clear();
        self.body.resize(head.body_len() as usize, 0);
        let (kb, cb, vb) = (head.key_bits, head.count_bits, head.value_bits);
        let (counts_at, values_at) = (n * u64::from(kb), n * u64::from(kb + cb));
        for (i, e) in self.block.iter().enumerate() {
            let i = i as u64;
            put_bits(&mut self.body, i * u64::from(kb), kb, e.key - first.key);
            put_bits(&mut self.body, counts_at + i * u64::from(cb), cb, u64::from(e.count - 1));
            put_bits(&mut self.body, values_at + i * u64::from(vb), vb, u64::from(value(e)));
        }
        sink(&self.body)?;
        self.body_len += self.body.len() as u64;
        self.heads.push(head);
        self.block.clear();
        Ok(())
    }

    /// The heads of the blocks closed since the last call (a long merge writes them out as it
    /// goes instead of holding them all).
    pub(super) fn take_heads(&mut self) -> Vec<KeyBlockHead> {
        std::mem::take(&mut self.heads)
    }

    /// Closes the last block; returns the heads not taken yet and the number of entries.
    pub(super) fn finish(mut self, sink: &mut dyn FnMut(&[u8]) -> Result<()>) -> Result<(Vec<KeyBlockHead>, u64)> {
        self.close_block(sink)?;
        Ok((self.heads, self.entries))
    }
}

/// Packs a whole sorted table in memory: (bodies, heads).
pub(super) fn pack_table(entries: &[KeyEntry]) -> Result<(Vec<u8>, Vec<KeyBlockHead>)> {
    let mut bodies = Vec::new();
    let mut packer = KeyPacker::default();
    let mut sink = |b: &[u8]| {
        bodies.extend_from_slice(b);
        Ok(())
    };
    for &e in entries {
        packer.push(e, &mut sink)?;
    }
    let (heads, _) = packer.finish(&mut sink)?;
    Ok((bodies, heads))
}

/// One block of a packed table, its body bounds checked against its head.
#[derive(Debug, Clone, Copy)]
pub(super) struct PackedBlock<'a> {
    pub(super) head: KeyBlockHead,
    body: &'a [u8],
}

impl<'a> PackedBlock<'a> {
    /// The block whose head is `head` in a key section `section`; `Err(what)` names what is
    /// wrong with the head.
    pub(super) fn new(head: KeyBlockHead, section: &'a [u8]) -> std::result::Result<PackedBlock<'a>, String> {
        let entries = usize::from(head.entries);
        if !(1..=KEY_BLOCK_ENTRIES).contains(&entries) {
            return Err(format!("a key block of {entries} entries (1 to {KEY_BLOCK_ENTRIES})"));
        }
        if head.key_bits > 64 || head.count_bits > 32 || head.value_bits > 32 {
            let (k, c, v) = (head.key_bits, head.count_bits, head.value_bits);
            return Err(format!("key block field widths {k}/{c}/{v} bits (at most 64/32/32)"));
        }
        let end = head.body.checked_add(head.body_len()).filter(|&e| e <= section.len() as u64);
        let Some(end) = end else {
            return Err(format!("key block body at {} runs past its section ({} bytes)", head.body, section.len()));
        };
        Ok(PackedBlock { head, body: &section[head.body as usize..end as usize] })
    }

    /// The byte range of the body within its section.
    pub(super) fn body_range(head: &KeyBlockHead) -> (u64, u64) {
        (head.body, head.body.saturating_add(head.body_len()))
    }

    /// Number of entries.
    pub(super) fn len(&self) -> usize {
        usize::from(self.head.entries)
    }

    /// Key `i`; `None` past the block's end, or past 2^64 (corruption).
    pub(super) fn key(&self, i: usize) -> Option<u64> {
        if i >= self.len() {
            return None;
        }
        let kb = self.head.key_bits;
        self.head.first_key.checked_add(get_bits(self.body, i as u64 * u64::from(kb), kb))
    }

    /// Entry `i`; `Err(what)` past the block's end or when a field overflows.
    pub(super) fn entry(&self, i: usize) -> std::result::Result<KeyEntry, String> {
        if i >= self.len() {
            return Err(format!("entry {i} of a key block of {}", self.len()));
        }
        let h = &self.head;
        let (n, i) = (self.len() as u64, i as u64);
        let (kb, cb, vb) = (u64::from(h.key_bits), u64::from(h.count_bits), u64::from(h.value_bits));
        let key = self.key(i as usize).ok_or("a key past 2^64")?;
        let count = u32::try_from(1 + get_bits(self.body, n * kb + i * cb, h.count_bits))
            .map_err(|_| format!("key {key:016x}: count past 2^32"))?;
        let base = if count == 1 { h.doc_base } else { h.list_base };
        let field = get_bits(self.body, n * (kb + cb) + i * vb, h.value_bits);
        let value = u32::try_from(u64::from(base) + field).map_err(|_| format!("key {key:016x}: value past 2^32"))?;
        Ok(KeyEntry { key, value, count })
    }

    /// The index of `key` in the block, if there (keys increase); `next_first` is the first key
    /// of the next block, when there is one (every key here is below it). `Err(what)` for a key
    /// past 2^64 on the way.
    pub(super) fn find(&self, key: u64, next_first: Option<u64>) -> std::result::Result<Option<usize>, String> {
        let first = self.head.first_key;
        // The keys lie in first..first + 2^key_bits, and below the next block's first key.
        let span = if self.head.key_bits >= 64 { u64::MAX } else { (1u64 << self.head.key_bits) - 1 };
        let mut last = first.saturating_add(span);
        if let Some(next) = next_first.filter(|&n| n > first) {
            last = last.min(next - 1);
        }
        let (i, found) = super::seek::seek(0, self.len(), first, last, key, |i| self.key(i).ok_or("a key past 2^64"))?;
        Ok(found.then_some(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(keys: &[u64], mut f: impl FnMut(usize) -> (u32, u32)) -> Vec<KeyEntry> {
        keys.iter()
            .enumerate()
            .map(|(i, &key)| (key, f(i)))
            .map(|(key, (value, count))| KeyEntry { key, value, count })
            .collect()
    }

    fn unpack(bodies: &[u8], heads: &[KeyBlockHead]) -> Vec<KeyEntry> {
        let mut out = Vec::new();
        for &h in heads {
            let b = PackedBlock::new(h, bodies).unwrap();
            out.extend((0..b.len()).map(|i| b.entry(i).unwrap()));
        }
        out
    }

    #[test]
    fn tables_come_back_entry_for_entry() {
        let mut rng = crate::testutil::Rng::new(0x1234_5678_9abc_def1);
        let mut next = || rng.next_u64();
        for n in [1usize, 2, 127, 128, 129, 1000] {
            let mut keys: Vec<u64> = (0..n).map(|_| next()).collect();
            keys.sort_unstable();
            keys.dedup();
            // Mostly single documents with ids in a narrow range; some lists with growing offsets.
            let mut off = 0;
            let mut want = entries(&keys, |_| {
                let r = next();
                if r % 5 == 0 {
                    off += 1 + (r >> 40) as u32 % 300;
                    (off, 2 + (r >> 20) as u32 % 1000)
                } else {
                    (1_000_000 + (r >> 30) as u32 % 65_536, 1)
                }
            });
            want.sort_unstable_by_key(|e| e.key);
            let (bodies, heads) = pack_table(&want).unwrap();
            assert_eq!(heads.len(), n.div_ceil(KEY_BLOCK_ENTRIES), "{n} entries");
            assert_eq!(unpack(&bodies, &heads), want, "{n} entries");
            for (i, e) in want.iter().enumerate() {
                let b = PackedBlock::new(heads[i / KEY_BLOCK_ENTRIES], &bodies).unwrap();
                let next_first = heads.get(i / KEY_BLOCK_ENTRIES + 1).map(|h| h.first_key);
                // With the next block's first key as a bound, and without one.
                for next in [next_first, None] {
                    assert_eq!(b.find(e.key, next), Ok(Some(i % KEY_BLOCK_ENTRIES)));
                    if !keys.contains(&(e.key ^ 1)) {
                        assert_eq!(b.find(e.key ^ 1, next), Ok(None));
                    }
                }
            }
            if n >= 1000 {
                // 128 of 1000 uniform keys span about 2^61: keys need ~61 bits, not 64; with
                // 17-bit ids and 10-bit counts that is well under the 16 bytes of a fixed entry.
                assert!(heads.iter().all(|h| h.key_bits <= 62), "{heads:?}");
                let bytes = bodies.len() + 32 * heads.len();
                assert!(bytes < 12 * n, "{bytes} bytes for {n} entries");
            }
        }
    }

    /// Both ways of reading (a 16-byte load inside the body, a copy at its end) give the bits
    /// one by one.
    #[test]
    fn bits_read_anywhere_are_the_bits() {
        let body: Vec<u8> = (0..40u32).map(|i| (i.wrapping_mul(0x9d) ^ 0x5a) as u8).collect();
        let bit = |p: u64| u64::from(body[(p / 8) as usize] >> (p % 8) & 1);
        for width in [0u8, 1, 7, 8, 13, 32, 57, 64] {
            for pos in 0..=(body.len() as u64 * 8 - u64::from(width)) {
                let want = (0..u64::from(width)).fold(0u64, |v, k| v | bit(pos + k) << k);
                assert_eq!(get_bits(&body, pos, width), want, "{width} bits at {pos}");
            }
        }
    }

    #[test]
    fn extreme_fields_round_trip() {
        let want = vec![
            KeyEntry { key: 0, value: u32::MAX, count: 1 },
            KeyEntry { key: 1, value: 0, count: u32::MAX },
            KeyEntry { key: 1 << 63, value: 0, count: 1 },
            KeyEntry { key: u64::MAX, value: u32::MAX, count: 2 },
        ];
        let (bodies, heads) = pack_table(&want).unwrap();
        assert_eq!((heads[0].key_bits, heads[0].count_bits, heads[0].value_bits), (64, 32, 32));
        assert_eq!(unpack(&bodies, &heads), want);
        // One document per key, the same id: no value bits at all; no count bits.
        let same = entries(&[5, 9, 13], |_| (77, 1));
        let (bodies, heads) = pack_table(&same).unwrap();
        assert_eq!((heads[0].key_bits, heads[0].count_bits, heads[0].value_bits), (4, 0, 0));
        assert_eq!(bodies.len(), 2, "3 keys of 4 bits");
        assert_eq!(unpack(&bodies, &heads), same);
    }

    #[test]
    fn bad_heads_and_fields_are_named() {
        let want = entries(&[10, 20, 30], |i| (i as u32, 1));
        let (bodies, heads) = pack_table(&want).unwrap();
        let h = heads[0];
        let cases = [
            (KeyBlockHead { entries: 0, ..h }, "0 entries"),
            (KeyBlockHead { entries: 129, ..h }, "129 entries"),
            (KeyBlockHead { key_bits: 65, ..h }, "widths"),
            (KeyBlockHead { count_bits: 33, ..h }, "widths"),
            (KeyBlockHead { value_bits: 33, ..h }, "widths"),
            (KeyBlockHead { body: 1, ..h }, "runs past"),
            (KeyBlockHead { body: u64::MAX, ..h }, "runs past"),
        ];
        for (head, what) in cases {
            let err = PackedBlock::new(head, &bodies).unwrap_err();
            assert!(err.contains(what), "{err}");
        }
        let over = PackedBlock::new(KeyBlockHead { doc_base: u32::MAX, ..h }, &bodies).unwrap();
        assert!(over.entry(1).unwrap_err().contains("value past 2^32"));
        let wrap = PackedBlock::new(KeyBlockHead { first_key: u64::MAX - 5, ..h }, &bodies).unwrap();
        assert_eq!(wrap.key(2), None);
        assert!(wrap.entry(2).is_err());
        assert!(wrap.find(u64::MAX, None).is_err(), "the search meets the wrapped key");
        let block = PackedBlock::new(h, &bodies).unwrap();
        assert_eq!((block.key(3), block.entry(3).is_err()), (None, true), "past the end");
        // Keys out of order are refused, not packed into wrong widths.
        let mut packer = KeyPacker::default();
        let mut sink = |_: &[u8]| Ok(());
        packer.push(KeyEntry { key: 9, value: 1, count: 1 }, &mut sink).unwrap();
        assert!(packer.push(KeyEntry { key: 9, value: 2, count: 1 }, &mut sink).is_err());
        assert!(packer.push(KeyEntry { key: 3, value: 2, count: 1 }, &mut sink).is_err());
        let zero = [KeyEntry { key: 1, value: 1, count: 0 }];
        assert!(pack_table(&zero).is_err());
    }
}
