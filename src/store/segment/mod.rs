//! Immutable segment files: reading them from a memory map.
//!
//! Opening checks what is cheap: the header, the footer's CRC, that every section lies inside the
//! data region, and the CRC of the page-checksum table. The data region is checked page by page
//! (4 KiB) the first time anything reads a page, so a flipped byte anywhere is an error naming the
//! file and offset before any answer depends on it; [`Segment::verify`] checks everything.

mod charcode;
mod keys;
mod merge;
mod out;
mod seek;
mod write;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use memmap2::Mmap;

use crate::features::title::TitleSketch;

pub use charcode::CharCode;
pub use merge::{merge_segments, MergeMode, Merged};
pub use write::{segment_file_name, write_segment, TextCodec};

use super::error::{Corrupt, Result, StoreError};
use super::format::*;

static NEXT_SERIAL: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// This thread's zstd decompression context, reused across blocks and segments.
    static DCTX: std::cell::RefCell<Option<zstd::zstd_safe::DCtx<'static>>> = const { std::cell::RefCell::new(None) };
}

/// An open segment.
pub struct Segment {
    path: PathBuf,
    id: u64,
    serial: u64,
    /// Names the file to a SIGBUS on the map; declared before it, so forgotten before the unmap.
    _mapped: super::sigbus::Registration,
    map: Mmap,
    sections: [(usize, usize); SECTION_SLOTS],
    trailer: SegmentTrailer,
    data_start: usize,
    data_end: usize,
    /// Where the page-CRC table starts in the map (read in place: no copy grows with the index).
    page_crcs_at: usize,
    pages: usize,
    verified: Vec<AtomicU64>,
    /// Per key kind: [`Segment::key_index`]'s checks passed (they need not run per lookup).
    index_checked: [AtomicBool; 3],
    dict: Option<zstd::dict::DecoderDictionary<'static>>,
    /// The character code of the texts (version 4; UTF-8 before).
    code: CharCode,
}

impl std::fmt::Debug for Segment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Segment").field("path", &self.path).field("docs", &self.trailer.doc_count).finish()
    }
}

/// A posting list: doc ids in increasing order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Postings<'a> {
    /// A key held by one document.
    One(u32),
    /// Delta-varint encoded ids.
    Many {
        /// Encoded bytes, starting at the list.
        bytes: &'a [u8],
        /// Number of ids.
        count: u32,
    },
}

impl Postings<'_> {
    /// Number of documents.
    pub fn len(&self) -> usize {
        match self {
            Postings::One(_) => 1,
            Postings::Many { count, .. } => *count as usize,
        }
    }

    /// True for an empty list (never produced by the writer).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Decodes the ids into `out`; `None` when the encoding is broken.
    pub fn decode_into(&self, out: &mut Vec<u32>) -> Option<()> {
        match *self {
            Postings::One(d) => out.push(d),
            Postings::Many { bytes, count } => {
                let mut pos = 0;
                let mut prev = 0u32;
                for i in 0..count {
                    let delta = u32::try_from(get_varint(bytes, &mut pos)?).ok()?;
                    // Ids strictly increase: a zero difference after the first is broken.
                    if i > 0 && delta == 0 {
                        return None;
                    }
                    prev = prev.checked_add(delta)?;
                    out.push(prev);
                }
            }
        }
        Some(())
    }
}

/// Reads a segment's key table of one kind front to back, a block at a time.
pub struct KeyCursor<'a> {
    seg: &'a Segment,
    kind: KeyKind,
    /// A version 1-2 table, read in place; empty for a packed one.
    fixed: &'a [KeyEntry],
    next_block: usize,
    /// Where the next block's body must start.
    body_end: u64,
    buf: Vec<KeyEntry>,
    pos: usize,
}

impl KeyCursor<'_> {
    /// The next entry, or `None` after the last.
    pub fn next_entry(&mut self) -> Result<Option<KeyEntry>> {
        if !self.seg.packed_keys() {
            let e = self.fixed.get(self.pos).copied();
            self.pos += usize::from(e.is_some());
            return Ok(e);
        }
        if self.pos == self.buf.len() {
            let heads = self.seg.key_index(self.kind)?;
            if self.next_block >= heads.len() {
                return Ok(None);
            }
            let block = self.seg.key_block(self.kind, self.next_block)?;
            // Bodies must tile the section, or a merge would silently drop the keys of a gap;
            // and a block's first key is its head's, or lookups would search the wrong block.
            let (b, kind) = (self.next_block, self.kind.name());
            let at = self.seg.sections[SectionKind::index_of(self.kind) as usize].0
                + b * std::mem::size_of::<KeyBlockHead>();
            if block.head.body != self.body_end {
                let what = format!("{kind} key block {b} starts at byte {}, not at {}", block.head.body, self.body_end);
                return Err(self.seg.corrupt(at, what));
            }
            if block.key(0) != Some(block.head.first_key) {
                return Err(self.seg.corrupt(at, format!("{kind} key block {b}: its first key is not its head's")));
            }
            self.body_end = keys::PackedBlock::body_range(&block.head).1;
            self.buf.clear();
            for i in 0..block.len() {
                self.buf.push(self.seg.block_entry(self.kind, &block, i)?);
            }
            self.next_block += 1;
            self.pos = 0;
        }
        self.pos += 1;
        Ok(Some(self.buf[self.pos - 1]))
    }
}

impl Segment {
    /// Opens and checks the structure of a segment file.
    pub fn open(path: &Path) -> Result<Segment> {
        let file = std::fs::File::open(path).map_err(|e| StoreError::io(path, e))?;
        // SAFETY: segment files are immutable once published (written to a temporary name and
        // renamed); nothing writes to a mapped file, and deletion keeps the mapping valid.
        let map = unsafe { Mmap::map(&file) }.map_err(|e| StoreError::io(path, e))?;
        // Before the first read of the map: a page that cannot be read is named from here on.
        let mapped = super::sigbus::register(map.as_ptr(), map.len(), path);
        let bad = |offset: usize, what: &str| StoreError::corrupt(path, offset as u64, what);
        let readable = |found: u32| match (SEGMENT_VERSION_OLDEST..=SEGMENT_VERSION).contains(&found) {
            true => Ok(()),
            false => Err(StoreError::Version {
                path: path.into(),
                found,
                oldest: SEGMENT_VERSION_OLDEST,
                supported: SEGMENT_VERSION,
            }),
        };
        let hlen = std::mem::size_of::<SegmentHeader>();
        let tlen = std::mem::size_of::<SegmentTrailer>();
        if map.len() < hlen + tlen {
            return Err(bad(0, "file too short for a segment"));
        }
        let header: SegmentHeader = bytemuck::pod_read_unaligned(&map[..hlen]);
        if header.magic != SEGMENT_MAGIC {
            return Err(bad(0, "not a dedupdb segment (bad magic)"));
        }
        if header.crc != crc32fast::hash(&map[..28]) {
            return Err(bad(0, "header checksum mismatch"));
        }
        readable(header.version)?;
        let tstart = map.len() - tlen;
        let trailer: SegmentTrailer = bytemuck::pod_read_unaligned(&map[tstart..]);
        if trailer.magic != SEGMENT_END_MAGIC {
            return Err(bad(tstart, "bad trailer magic (truncated file?)"));
        }
        let elen = std::mem::size_of::<SectionEntry>();
        let table_len = (trailer.section_count as usize).checked_mul(elen).filter(|&l| l <= tstart - hlen);
        let Some(table_len) = table_len else { return Err(bad(tstart, "section count out of range")) };
        let fstart = tstart - table_len;
        if trailer.crc != crc32fast::hash(&map[fstart..map.len() - 12]) {
            return Err(bad(fstart, "footer checksum mismatch"));
        }
        readable(trailer.version)?;
        if trailer.version != header.version {
            let what = format!("trailer says format version {}, header {}", trailer.version, header.version);
            return Err(bad(tstart + 24, &what));
        }
        if trailer.page_size as usize != PAGE_SIZE {
            return Err(bad(tstart, "unsupported checksum page size"));
        }
        let mut sections = [(0usize, 0usize); SECTION_SLOTS];
        for i in 0..trailer.section_count as usize {
            let e: SectionEntry = bytemuck::pod_read_unaligned(&map[fstart + i * elen..fstart + (i + 1) * elen]);
            let (off, len) = (e.offset as usize, e.len as usize);
            if off % 8 != 0 || off < hlen || off.checked_add(len).is_none_or(|end| end > fstart) {
                return Err(bad(fstart + i * elen, "section out of bounds"));
            }
            if let Some(slot) = sections.get_mut(e.kind as usize) {
                *slot = (off, off + len);
            }
        }
        let (cs, ce) = sections[SectionKind::PageCrcs as usize];
        if ce < cs || crc32fast::hash(&map[cs..ce]) != trailer.page_crcs_crc {
            return Err(bad(cs, "page checksum table mismatch"));
        }
        if map[ce..fstart].iter().any(|&b| b != 0) {
            return Err(bad(ce, "padding before the footer is not zero"));
        }
        let pages = (ce - cs) / 4;
        let (data_start, data_end) = (hlen, cs);
        if (ce - cs) % 4 != 0 || pages != (data_end - data_start).div_ceil(PAGE_SIZE) {
            return Err(bad(cs, "page checksum table has the wrong length"));
        }
        for kind in SectionKind::ALL {
            let (s, e) = sections[kind as usize];
            if kind != SectionKind::PageCrcs && e > data_end {
                return Err(bad(s, "section overlaps the checksum table"));
            }
        }
        let verified = (0..pages.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        let mut seg = Segment {
            path: path.to_path_buf(),
            id: header.segment_id,
            serial: NEXT_SERIAL.fetch_add(1, Ordering::Relaxed),
            _mapped: mapped,
            map,
            sections,
            trailer,
            data_start,
            data_end,
            page_crcs_at: cs,
            pages,
            verified,
            index_checked: Default::default(),
            dict: None,
            code: CharCode::utf8(),
        };
        let dict = seg.section(SectionKind::Dict)?;
        if !dict.is_empty() {
            seg.dict = Some(zstd::dict::DecoderDictionary::copy(dict));
        }
        let code = seg.section(SectionKind::CharCode)?;
        if !code.is_empty() {
            let at = seg.sections[SectionKind::CharCode as usize].0;
            seg.code = CharCode::from_bytes(code).map_err(|what| seg.corrupt(at, what))?;
        }
        Ok(seg)
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The segment id.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// A number no other segment opened by this process has: what caches shared by several
    /// indexes (a thread's query scratch) key on, since segment ids repeat across indexes.
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// Documents in the segment (deleted ones included until a merge drops them).
    pub fn doc_count(&self) -> u32 {
        self.trailer.doc_count
    }

    /// Smallest and largest doc id.
    pub fn doc_range(&self) -> (u32, u32) {
        (self.trailer.min_doc, self.trailer.max_doc)
    }

    /// File size in bytes.
    pub fn file_len(&self) -> u64 {
        self.map.len() as u64
    }

    /// Byte size of a section.
    pub fn section_len(&self, kind: SectionKind) -> u64 {
        let (s, e) = self.sections[kind as usize];
        (e - s) as u64
    }

    /// The stored CRC of data page `p` (the table was checked on open).
    fn page_crc(&self, p: usize) -> u32 {
        let o = self.page_crcs_at + 4 * p;
        u32::from_le_bytes([self.map[o], self.map[o + 1], self.map[o + 2], self.map[o + 3]])
    }

    fn corrupt(&self, offset: usize, what: impl Into<String>) -> StoreError {
        StoreError::corrupt(&self.path, offset as u64, what)
    }

    /// Checks the CRC of every data page overlapping `start..end` not checked before.
    fn check(&self, start: usize, end: usize) -> Result<()> {
        if end <= start {
            return Ok(());
        }
        let first = (start - self.data_start) / PAGE_SIZE;
        let last = (end - 1 - self.data_start) / PAGE_SIZE;
        for p in first..=last {
            let (word, bit) = (p / 64, 1u64 << (p % 64));
            if self.verified[word].load(Ordering::Relaxed) & bit != 0 {
                continue;
            }
            let s = self.data_start + p * PAGE_SIZE;
            let e = (s + PAGE_SIZE).min(self.data_end);
            if crc32fast::hash(&self.map[s..e]) != self.page_crc(p) {
                return Err(self.corrupt(s, format!("checksum mismatch in bytes {s}..{e}")));
            }
            self.verified[word].fetch_or(bit, Ordering::Relaxed);
        }
        Ok(())
    }

    /// A whole section, checked.
    fn section(&self, kind: SectionKind) -> Result<&[u8]> {
        let (s, e) = self.sections[kind as usize];
        self.check(s, e)?;
        Ok(&self.map[s..e])
    }

    /// A section as a table of records, unchecked (callers check the ranges they read).
    fn table<T: bytemuck::Pod>(&self, kind: SectionKind) -> Result<&[T]> {
        let (s, e) = self.sections[kind as usize];
        bytemuck::try_cast_slice(&self.map[s..e]).map_err(|_| self.corrupt(s, format!("{kind:?} table is misaligned")))
    }

    /// Record `i` of a table, with its page checked.
    fn record<'a, T: bytemuck::Pod>(&self, table: &'a [T], kind: SectionKind, i: usize) -> Result<&'a T> {
        let size = std::mem::size_of::<T>();
        let start = self.sections[kind as usize].0 + i * size;
        self.check(start, start + size)?;
        Ok(&table[i])
    }

    /// Binary search over a checked table by a key function.
    fn search<T: bytemuck::Pod, K: Ord>(
        &self,
        kind: SectionKind,
        key: K,
        f: impl Fn(&T) -> K,
    ) -> Result<(usize, bool)> {
        let table: &[T] = self.table(kind)?;
        self.search_in(kind, table, 0, table.len(), key, f)
    }

    /// Binary search of `table[lo..hi]` (the first index whose key is not less than `key`),
    /// checking each record's page as it is read.
    fn search_in<T: bytemuck::Pod, K: Ord>(
        &self,
        kind: SectionKind,
        table: &[T],
        lo: usize,
        hi: usize,
        key: K,
        f: impl Fn(&T) -> K,
    ) -> Result<(usize, bool)> {
        seek::bisect(lo, hi.min(table.len()), &key, |i| self.record(table, kind, i).map(&f))
    }

    /// True unless the Bloom filter rules `key` out (a filter-less segment rules nothing out).
    pub fn may_contain(&self, kind: KeyKind, key: u64) -> Result<bool> {
        let words: &[u64] = self.table(SectionKind::Bloom)?;
        if words.is_empty() {
            return Ok(true);
        }
        let blocks = words.len() / 8;
        // Before packed key tables, filters were always a power of two of blocks.
        if !words.len().is_multiple_of(8) || (!self.packed_keys() && !blocks.is_power_of_two()) {
            let at = self.sections[SectionKind::Bloom as usize].0;
            return Err(self.corrupt(at, "Bloom filter size is not a whole number of blocks of the right count"));
        }
        let (base, bits) = bloom_probe(kind, key, blocks);
        let start = self.sections[SectionKind::Bloom as usize].0 + base * 8;
        self.check(start, start + 64)?;
        Ok(bits.iter().all(|&b| words[base + (b as usize >> 6)] >> (b & 63) & 1 != 0))
    }

    /// Reads the word of the Bloom filter that [`Segment::postings`] will test first for `key`,
    /// and returns it. A query calls this for all its keys before it looks any up: these reads
    /// do not wait on one another, so the filter's cache misses overlap instead of coming one
    /// key at a time. A filter that is missing or malformed is left to the lookup to report.
    pub fn touch_bloom(&self, kind: KeyKind, key: u64) -> u64 {
        let Ok(words) = self.table::<u64>(SectionKind::Bloom) else { return 0 };
        let blocks = words.len() / 8;
        if blocks == 0 {
            return 0;
        }
        let (base, bits) = bloom_probe(kind, key, blocks);
        words.get(base + (bits[0] as usize >> 6)).copied().unwrap_or(0)
    }

    /// The segment's format version.
    pub fn version(&self) -> u32 {
        self.trailer.version
    }

    /// True for a segment whose key tables are packed blocks (version 3 on).
    fn packed_keys(&self) -> bool {
        self.trailer.version >= PACKED_KEYS_VERSION
    }

    /// The posting list of `key`, if the segment has it.
    pub fn postings(&self, kind: KeyKind, key: u64) -> Result<Option<Postings<'_>>> {
        if !self.may_contain(kind, key)? {
            return Ok(None);
        }
        self.postings_past_filter(kind, key)
    }

    /// [`Segment::postings`] for a key [`Segment::may_contain`] has let through.
    pub fn postings_past_filter(&self, kind: KeyKind, key: u64) -> Result<Option<Postings<'_>>> {
        let (ks, _) = SectionKind::keys_of(kind);
        let ix = SectionKind::index_of(kind);
        let entry = if self.packed_keys() {
            let Some((b, next_first)) = self.locate(kind, key)? else { return Ok(None) };
            let block = self.key_block(kind, b)?;
            let at = self.sections[ks as usize].0 + block.head.body as usize;
            let found = block
                .find(key, next_first)
                .map_err(|what| self.corrupt(at, format!("{} key block: {what}", kind.name())))?;
            let Some(i) = found else { return Ok(None) };
            self.block_entry(kind, &block, i)?
        } else {
            let table: &[KeyEntry] = self.table(ks)?;
            // Fences narrow the search to one page of the key table.
            let fences: &[u64] = self.table(ix)?;
            let (mut lo, mut hi) = (0usize, table.len());
            if !fences.is_empty() && key != u64::MAX {
                let (f, _) = self.search_in::<u64, u64>(ix, fences, 0, fences.len(), key + 1, |x| *x)?;
                if f == 0 {
                    return Ok(None);
                }
                lo = (f - 1) * FENCE_STRIDE;
                hi = (lo + FENCE_STRIDE).min(table.len());
            }
            let (i, found) = self.search_in::<KeyEntry, u64>(ks, table, lo, hi, key, |e| e.key)?;
            if !found {
                return Ok(None);
            }
            *self.record(table, ks, i)?
        };
        self.postings_of(kind, &entry).map(Some)
    }

    /// The block of a packed key table that would hold `key` (the last whose first key is not
    /// above it), and the next block's first key, which bounds the block's keys.
    fn locate(&self, kind: KeyKind, key: u64) -> Result<Option<(usize, Option<u64>)>> {
        let ix = SectionKind::index_of(kind);
        let heads = self.key_index(kind)?;
        if heads.is_empty() {
            return Ok(None);
        }
        // Block first keys are as uniform as the keys, and lie between the first block's and
        // the last's (keys need not span the whole u64 range: see `Params::key_bits`). Those two
        // heads are read by every lookup, so they stay cached.
        let first_key = |b: usize| self.record(heads, ix, b).map(|h| h.first_key);
        let (lo_key, hi_key) = (first_key(0)?, first_key(heads.len() - 1)?);
        let (f, found) = seek::seek(0, heads.len(), lo_key, hi_key, key, first_key)?;
        let b = match (found, f) {
            (true, _) => f,
            (false, 0) => return Ok(None),
            (false, _) => f - 1,
        };
        let next_first = if b + 1 < heads.len() { Some(first_key(b + 1)?) } else { None };
        Ok(Some((b, next_first)))
    }

    /// The second stage of a query's first pass, for a key [`Segment::may_contain`] let
    /// through: reads the key index's head where the key's value predicts its block. Returns
    /// what it read, so that the read happens.
    pub fn touch_head(&self, kind: KeyKind, key: u64) -> u64 {
        if !self.packed_keys() {
            return 0;
        }
        let Ok(heads) = self.table::<KeyBlockHead>(SectionKind::index_of(kind)) else { return 0 };
        let (Some(first), Some(last)) = (heads.first(), heads.last()) else { return 0 };
        heads.get(seek::guess(key, first.first_key, last.first_key, heads.len())).map_or(0, |h| h.first_key)
    }

    /// The third stage: finds the key's block (its heads are cached by the second stage) and
    /// reads the block's key, count and value fields where the key's entry should be. Anything
    /// amiss is left to the lookup to report.
    pub fn touch_entry(&self, kind: KeyKind, key: u64) -> u64 {
        if !self.packed_keys() {
            return 0;
        }
        let Ok(Some((b, next_first))) = self.locate(kind, key) else { return 0 };
        let Ok(heads) = self.table::<KeyBlockHead>(SectionKind::index_of(kind)) else { return 0 };
        let Some(h) = heads.get(b) else { return 0 };
        let (s, e) = self.sections[SectionKind::keys_of(kind).0 as usize];
        let last = next_first.map_or(u64::MAX, |n| n.saturating_sub(1));
        let (n, i) = (u64::from(h.entries), seek::guess(key, h.first_key, last, usize::from(h.entries)) as u64);
        let (kb, cb, vb) = (u64::from(h.key_bits), u64::from(h.count_bits), u64::from(h.value_bits));
        let body = (s as u64).saturating_add(h.body);
        let mut seen = 0u64;
        for bit in [i * kb, n * kb + i * cb, n * (kb + cb) + i * vb] {
            let at = body.saturating_add(bit / 8);
            seen += usize::try_from(at).ok().filter(|&at| at < e).map_or(0, |at| u64::from(self.map[at]));
        }
        seen
    }

    /// The heads of a packed key table, after the checks that cost nothing: a table with keys
    /// has heads, and the last block ends where the table does (a lost index, or its end cut
    /// off, would otherwise read as fewer keys).
    fn key_index(&self, kind: KeyKind) -> Result<&[KeyBlockHead]> {
        let (ks, ix) = (SectionKind::keys_of(kind).0, SectionKind::index_of(kind));
        let heads: &[KeyBlockHead] = self.table(ix)?;
        if self.index_checked[kind as usize].load(Ordering::Relaxed) {
            return Ok(heads);
        }
        let (s, e) = self.sections[ks as usize];
        let end = match heads.len() {
            0 => 0,
            n => keys::PackedBlock::body_range(&self.key_block(kind, n - 1)?.head).1,
        };
        if end != (e - s) as u64 {
            let what = format!("{} key table holds {} bytes, its blocks end at {end}", kind.name(), e - s);
            return Err(self.corrupt(s, what));
        }
        self.index_checked[kind as usize].store(true, Ordering::Relaxed);
        Ok(heads)
    }

    /// Packed block `b` of a kind's key table, its head's and body's pages checked.
    fn key_block(&self, kind: KeyKind, b: usize) -> Result<keys::PackedBlock<'_>> {
        let (ks, ix) = (SectionKind::keys_of(kind).0, SectionKind::index_of(kind));
        let heads: &[KeyBlockHead] = self.table(ix)?;
        let head = *self.record(heads, ix, b)?;
        let (s, e) = self.sections[ks as usize];
        let block = keys::PackedBlock::new(head, &self.map[s..e]).map_err(|what| {
            self.corrupt(self.sections[ix as usize].0 + b * std::mem::size_of::<KeyBlockHead>(), what)
        })?;
        let (from, to) = keys::PackedBlock::body_range(&head);
        self.check(s + from as usize, s + to as usize)?;
        Ok(block)
    }

    /// Entry `i` of a packed block; a field that overflows is corruption at the block's body.
    fn block_entry(&self, kind: KeyKind, block: &keys::PackedBlock<'_>, i: usize) -> Result<KeyEntry> {
        let at = self.sections[SectionKind::keys_of(kind).0 as usize].0 + block.head.body as usize;
        block.entry(i).map_err(|what| self.corrupt(at, format!("{} key block: {what}", kind.name())))
    }

    /// Every key entry of a kind, in key order (for merges, checks and inspection).
    pub fn keys(&self, kind: KeyKind) -> Result<KeyCursor<'_>> {
        let fixed = match self.packed_keys() {
            true => &[][..],
            false => {
                let (ks, _) = SectionKind::keys_of(kind);
                self.section(ks)?;
                self.table(ks)?
            }
        };
        Ok(KeyCursor { seg: self, kind, fixed, next_block: 0, body_end: 0, buf: Vec::new(), pos: 0 })
    }

    /// Number of key entries of a kind.
    pub fn key_count(&self, kind: KeyKind) -> Result<u64> {
        let (ks, ix) = (SectionKind::keys_of(kind).0, SectionKind::index_of(kind));
        if !self.packed_keys() {
            return Ok(self.table::<KeyEntry>(ks)?.len() as u64);
        }
        self.section(ix)?;
        Ok(self.table::<KeyBlockHead>(ix)?.iter().map(|h| u64::from(h.entries)).sum())
    }

    /// The posting list of a key entry taken from [`Segment::keys`].
    pub fn postings_of(&self, kind: KeyKind, entry: &KeyEntry) -> Result<Postings<'_>> {
        match entry.count {
            0 => {
                return Err(
                    self.corrupt(self.sections[SectionKind::keys_of(kind).0 as usize].0, "a key with no documents")
                )
            }
            1 => return Ok(Postings::One(entry.value)),
            _ => {}
        }
        let (_, ps) = SectionKind::keys_of(kind);
        let (s, e) = self.sections[ps as usize];
        let start = s + entry.value as usize;
        if start >= e {
            return Err(self.corrupt(s, "posting offset out of range"));
        }
        // A list takes at most 5 bytes per id.
        let end = (start + 5 * entry.count as usize).min(e);
        self.check(start, end)?;
        Ok(Postings::Many { bytes: &self.map[start..end], count: entry.count })
    }

    /// All document metadata, checked.
    pub fn docs(&self) -> Result<&[DocMeta]> {
        self.section(SectionKind::Docs)?;
        self.table(SectionKind::Docs)
    }

    /// Metadata of `doc_id`, if in this segment.
    pub fn doc(&self, doc_id: u32) -> Result<Option<(usize, &DocMeta)>> {
        if doc_id < self.trailer.min_doc || doc_id > self.trailer.max_doc || self.trailer.doc_count == 0 {
            return Ok(None);
        }
        let (i, found) = self.search::<DocMeta, u32>(SectionKind::Docs, doc_id, |d| d.doc_id)?;
        if !found {
            return Ok(None);
        }
        Ok(Some((i, self.record(self.table::<DocMeta>(SectionKind::Docs)?, SectionKind::Docs, i)?)))
    }

    /// The title sketch of the document at place `i` of the doc table (see
    /// [`SectionKind::DocTitles`]); zeros when the segment holds none.
    pub fn doc_title(&self, i: usize) -> Result<TitleSketch> {
        let (s, e) = self.sections[SectionKind::DocTitles as usize];
        if s == e {
            return Ok([0; 16]);
        }
        let titles: &[TitleSketch] = self.table(SectionKind::DocTitles)?;
        if titles.len() != self.trailer.doc_count as usize {
            let what = format!("{} title sketches for {} documents", titles.len(), self.trailer.doc_count);
            return Err(self.corrupt(s, what));
        }
        Ok(*self.record(titles, SectionKind::DocTitles, i)?)
    }

    /// Doc ids whose URL hashes to `hash`.
    pub fn docs_with_url_hash(&self, hash: u64) -> Result<Vec<u32>> {
        let table: &[UrlEntry] = self.table(SectionKind::Urls)?;
        let (mut i, _) =
            self.search::<UrlEntry, (u64, u32)>(SectionKind::Urls, (hash, 0), |u| (u.url_hash, u.doc_id))?;
        let mut out = Vec::new();
        while i < table.len() {
            let u = self.record(table, SectionKind::Urls, i)?;
            if u.url_hash != hash {
                break;
            }
            out.push(u.doc_id);
            i += 1;
        }
        Ok(out)
    }

    /// The whole URL table, checked (for merges).
    pub fn url_entries(&self) -> Result<&[UrlEntry]> {
        self.section(SectionKind::Urls)?;
        self.table(SectionKind::Urls)
    }

    /// URL and site of a document.
    pub fn strings(&self, meta: &DocMeta) -> Result<(String, String)> {
        let (s, e) = self.sections[SectionKind::Strings as usize];
        let start = s.saturating_add(meta.strings_off as usize);
        let bad = || self.corrupt(start, format!("strings of doc {} do not parse", meta.doc_id));
        if start >= e {
            return Err(bad());
        }
        let buf = &self.map[start..e];
        let mut pos = 0;
        let take = |pos: &mut usize| -> Result<String> {
            // The length varint (at most 10 bytes) is checked before it is read, then the string.
            self.check(start + *pos, (start + *pos + 10).min(e))?;
            let n = get_varint(buf, pos).and_then(|n| usize::try_from(n).ok()).ok_or_else(bad)?;
            let end = pos.checked_add(n).filter(|&x| x <= buf.len()).ok_or_else(bad)?;
            self.check(start + *pos, start + end)?;
            let s = std::str::from_utf8(&buf[*pos..end]).map_err(|_| bad())?.to_owned();
            *pos = end;
            Ok(s)
        };
        let url = take(&mut pos)?;
        let site = take(&mut pos)?;
        Ok((url, site))
    }

    /// The zstd dictionary this segment's texts are compressed with (empty: none).
    pub fn dict_bytes(&self) -> Result<&[u8]> {
        self.section(SectionKind::Dict)
    }

    /// Text block `block`'s record and its zstd frame, checksum-verified.
    pub fn text_frame(&self, block: u32) -> Result<(TextBlock, &[u8])> {
        let index: &[TextBlock] = self.table(SectionKind::TextIndex)?;
        let Some(_) = index.get(block as usize) else {
            return Err(
                self.corrupt(self.sections[SectionKind::TextIndex as usize].0, format!("no text block {block}"))
            );
        };
        let b = *self.record(index, SectionKind::TextIndex, block as usize)?;
        let (s, e) = self.sections[SectionKind::Text as usize];
        let start = s.saturating_add(b.offset as usize);
        let end = start.saturating_add(b.comp_len as usize);
        if end > e {
            return Err(self.corrupt(start, format!("text block {block} out of range")));
        }
        self.check(start, end)?;
        Ok((b, &self.map[start..end]))
    }

    /// Number of text blocks.
    pub fn text_block_count(&self) -> Result<u32> {
        Ok(self.table::<TextBlock>(SectionKind::TextIndex)?.len() as u32)
    }

    /// Decompressed bytes of text block `block`.
    pub fn text_block(&self, block: u32) -> Result<Vec<u8>> {
        let (b, frame) = self.text_frame(block)?;
        let start = self.sections[SectionKind::Text as usize].0.saturating_add(b.offset as usize);
        // The buffer is sized from the stored length, but never past what the frame can hold: a
        // damaged length (with its checksums rewritten) must not make a reader allocate 4 GiB.
        let mut out = Vec::with_capacity(decompressed_capacity(b.raw_len, frame.len()));
        // A decompression context holds ~100 KiB of tables: one per thread, not one per block.
        let res = DCTX.with(|cell| {
            let mut slot = cell.borrow_mut();
            if slot.is_none() {
                *slot = zstd::zstd_safe::DCtx::try_create();
            }
            let Some(ctx) = slot.as_mut() else {
                return Err("cannot allocate a zstd context".to_string());
            };
            let r = match &self.dict {
                Some(d) => ctx.decompress_using_ddict(&mut out, frame, d.as_ddict()),
                None => ctx.decompress(&mut out, frame),
            };
            r.map_err(|code| zstd::zstd_safe::get_error_name(code).to_string())
        });
        res.map_err(|e| self.corrupt(start, format!("text block {block} does not decompress: {e}")))?;
        if out.len() != b.raw_len as usize {
            return Err(self.corrupt(start, format!("text block {block} has the wrong length")));
        }
        Ok(out)
    }

    /// The character code this segment's texts are stored in.
    pub fn char_code(&self) -> &CharCode {
        &self.code
    }

    /// The stored bytes (in [`Segment::char_code`]) of a document's text, given its
    /// decompressed block.
    pub fn text_code<'b>(&self, meta: &DocMeta, block: &'b [u8]) -> Result<&'b [u8]> {
        let s = meta.text_off as usize;
        let e = s.saturating_add(meta.text_len as usize);
        block.get(s..e).ok_or_else(|| self.corrupt(0, format!("text of doc {} out of its block", meta.doc_id)))
    }

    /// The characters of a document's text, given its decompressed block, appended to `out`.
    pub fn text_chars(&self, meta: &DocMeta, block: &[u8], out: &mut Vec<char>) -> Result<()> {
        let code = self.text_code(meta, block)?;
        self.code
            .decode_chars(code, out)
            .map_err(|what| self.corrupt(0, format!("text of doc {}: {what}", meta.doc_id)))
    }

    /// The text of a document, given its decompressed block.
    pub fn text_in(&self, meta: &DocMeta, block: &[u8]) -> Result<String> {
        let code = self.text_code(meta, block)?;
        self.code.decode_string(code).map_err(|what| self.corrupt(0, format!("text of doc {}: {what}", meta.doc_id)))
    }

    /// Doc ids of older segments that this segment deletes.
    pub fn deletes(&self) -> Result<&[u32]> {
        self.section(SectionKind::Deletes)?;
        self.table(SectionKind::Deletes)
    }

    /// True when this segment deletes `doc_id`.
    pub fn deletes_doc(&self, doc_id: u32) -> Result<bool> {
        let d = self.table::<u32>(SectionKind::Deletes)?;
        if d.is_empty() {
            return Ok(false);
        }
        let (_, found) = self.search::<u32, u32>(SectionKind::Deletes, doc_id, |x| *x)?;
        Ok(found)
    }

    /// Checks everything: every page's checksum, then the structures (sorted tables, postings
    /// that decode, texts that decompress, strings that parse). Returns every problem found.
    pub fn verify(&self) -> Vec<Corrupt> {
        let mut out = Vec::new();
        for p in 0..self.pages {
            let s = self.data_start + p * PAGE_SIZE;
            let e = (s + PAGE_SIZE).min(self.data_end);
            if crc32fast::hash(&self.map[s..e]) != self.page_crc(p) {
                out.push(Corrupt {
                    file: self.path.clone(),
                    offset: s as u64,
                    what: format!("checksum mismatch in bytes {s}..{e}"),
                });
            }
        }
        if !out.is_empty() {
            return out;
        }
        if let Err(e) = self.verify_structure() {
            match e {
                StoreError::Corrupt(c) => out.push(c),
                other => out.push(Corrupt { file: self.path.clone(), offset: 0, what: other.to_string() }),
            }
        }
        out
    }

    fn verify_structure(&self) -> Result<()> {
        for kind in KeyKind::ALL {
            let (ks, ix) = (SectionKind::keys_of(kind).0, SectionKind::index_of(kind));
            self.section(ks)?;
            self.section(ix)?;
            // Packed blocks are checked by the cursor below as it reads them.
            if !self.packed_keys() {
                self.verify_fences(kind)?;
            }
            // The Bloom filter answers for the table: a wrong one would hide keys.
            self.section(SectionKind::Bloom)?;
            let mut keys = self.keys(kind)?;
            let mut prev = None;
            let mut ids = Vec::new();
            while let Some(k) = keys.next_entry()? {
                if prev.is_some_and(|p| p >= k.key) {
                    return Err(
                        self.corrupt(self.sections[ks as usize].0, format!("{} key table not sorted", kind.name()))
                    );
                }
                prev = Some(k.key);
                if !self.may_contain(kind, k.key)? {
                    let what =
                        format!("the Bloom filter rules out {} key {:016x}, which the table holds", kind.name(), k.key);
                    return Err(self.corrupt(self.sections[SectionKind::Bloom as usize].0, what));
                }
                ids.clear();
                self.postings_of(kind, &k)?.decode_into(&mut ids).ok_or_else(|| {
                    self.corrupt(0, format!("{} postings of key {:016x} do not decode", kind.name(), k.key))
                })?;
            }
        }
        let docs = self.docs()?;
        if docs.windows(2).any(|w| w[0].doc_id >= w[1].doc_id) {
            return Err(self.corrupt(self.sections[SectionKind::Docs as usize].0, "docs not sorted"));
        }
        // The trailer's summary (used to skip segments by doc id) must say what the table holds.
        let t = &self.trailer;
        let range = (docs.first().map_or(0, |d| d.doc_id), docs.last().map_or(0, |d| d.doc_id));
        if t.doc_count as usize != docs.len() || (t.min_doc, t.max_doc) != range {
            let what = format!(
                "the trailer says {} documents, ids {}..={}, the doc table holds {}, ids {}..={}",
                t.doc_count,
                t.min_doc,
                t.max_doc,
                docs.len(),
                range.0,
                range.1
            );
            return Err(self.corrupt(self.map.len() - std::mem::size_of::<SegmentTrailer>(), what));
        }
        self.verify_texts(docs)?;
        if !docs.is_empty() {
            // Checks the table's length (and its pages, through the last sketch).
            self.doc_title(docs.len() - 1)?;
        }
        if self.deletes()?.windows(2).any(|w| w[0] >= w[1]) {
            return Err(self.corrupt(self.sections[SectionKind::Deletes as usize].0, "deletes not sorted"));
        }
        let urls = self.url_entries()?;
        if urls.windows(2).any(|w| (w[0].url_hash, w[0].doc_id) >= (w[1].url_hash, w[1].doc_id)) {
            return Err(self.corrupt(self.sections[SectionKind::Urls as usize].0, "URL table not sorted"));
        }
        Ok(())
    }

    /// Versions 1-2: fences, when present, are every [`FENCE_STRIDE`]th key.
    fn verify_fences(&self, kind: KeyKind) -> Result<()> {
        let (ks, ix) = (SectionKind::keys_of(kind).0, SectionKind::index_of(kind));
        let keys: &[KeyEntry] = self.table(ks)?;
        let fences: &[u64] = self.table(ix)?;
        let want = keys.iter().step_by(FENCE_STRIDE).map(|k| k.key);
        if !fences.is_empty() && (fences.len() != keys.len().div_ceil(FENCE_STRIDE) || !want.eq(fences.iter().copied()))
        {
            let what = format!("{} fences do not match the key table", kind.name());
            return Err(self.corrupt(self.sections[ix as usize].0, what));
        }
        Ok(())
    }

    /// Every text block decompresses; its documents' distinct texts tile it (back to back from
    /// offset 0 to its end, a shared text counted once), decode to as many characters as their
    /// documents say (valid UTF-8 before version 4), and as many documents
    /// point into it as it says; every document's strings parse.
    fn verify_texts(&self, docs: &[DocMeta]) -> Result<()> {
        let index: &[TextBlock] = self.table(SectionKind::TextIndex)?;
        self.section(SectionKind::TextIndex)?;
        let at_index = self.sections[SectionKind::TextIndex as usize].0;
        // (block, offset, length, Docs index): 16 bytes per document, for as long as the check runs.
        let mut texts: Vec<(u32, u32, u32, u32)> =
            docs.iter().enumerate().map(|(i, d)| (d.text_block, d.text_off, d.text_len, i as u32)).collect();
        texts.sort_unstable();
        if let Some(x) = texts.last().filter(|x| x.0 as usize >= index.len()) {
            let what = format!("doc {} points at text block {}, which does not exist", docs[x.3 as usize].doc_id, x.0);
            return Err(self.corrupt(self.sections[SectionKind::Docs as usize].0, what));
        }
        let mut t = 0;
        let mut chars = Vec::new();
        for (b, tb) in index.iter().enumerate() {
            let b = b as u32;
            let block = self.text_block(b)?;
            let end = t + texts[t..].iter().take_while(|x| x.0 == b).count();
            if end - t != tb.doc_count as usize {
                let what = format!("text block {b} says {} documents, {} point into it", tb.doc_count, end - t);
                return Err(self.corrupt(at_index, what));
            }
            let mut at = 0u64;
            let mut prev = None;
            for x in &texts[t..end] {
                if prev == Some((x.1, x.2)) {
                    continue;
                }
                if u64::from(x.1) != at {
                    let what = format!(
                        "text block {b}: the text of doc {} starts at {}, not at {at}",
                        docs[x.3 as usize].doc_id, x.1
                    );
                    return Err(self.corrupt(at_index, what));
                }
                let d = &docs[x.3 as usize];
                chars.clear();
                self.text_chars(d, &block, &mut chars)?;
                if chars.len() != d.chars as usize {
                    let what =
                        format!("the text of doc {} holds {} characters, not {}", d.doc_id, chars.len(), d.chars);
                    return Err(self.corrupt(at_index, what));
                }
                at = u64::from(x.1) + u64::from(x.2);
                prev = Some((x.1, x.2));
            }
            if at != block.len() as u64 {
                let what = format!("text block {b} holds {} bytes, its texts end at {at}", block.len());
                return Err(self.corrupt(at_index, what));
            }
            t = end;
        }
        for d in docs {
            self.strings(d)?;
        }
        Ok(())
    }
}

/// Paths of the segment files in `dir` (published or not).
pub fn list_segment_files(dir: &Path) -> Result<Vec<(u64, PathBuf)>> {
    let mut out = Vec::new();
    let rd = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(StoreError::io(dir, e)),
    };
    for entry in rd {
        let entry = entry.map_err(|e| StoreError::io(dir, e))?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if let Some(hex) = name.strip_prefix("seg-").and_then(|n| n.strip_suffix(".ddb")) {
            if let Ok(id) = u64::from_str_radix(hex, 16) {
                out.push((id, entry.path()));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Most bytes a zstd frame of `frame_len` bytes decompresses to: a block regenerates at most
/// 128 KiB and takes at least 4 bytes (a 3-byte header and one byte repeated), so no frame
/// exceeds 32,768 times its own size. The stored length of a block, once past that, is
/// damaged; the buffer stops there and the decompression then fails on it.
fn decompressed_capacity(raw_len: u32, frame_len: usize) -> usize {
    const ZSTD_MAX_RATIO: usize = 128 * 1024 / 4;
    (raw_len as usize).min(frame_len.saturating_mul(ZSTD_MAX_RATIO))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::doc::sample;

    fn docs(n: u32) -> Vec<crate::store::doc::DocRecord> {
        (0..n)
            .map(|i| {
                let text: String =
                    (0..40).map(|j| format!("第{i}篇文章的第{j}句话讲的是城市更新和河道治理的进展情况。")).collect();
                sample(100 + i, &text)
            })
            .collect()
    }

    #[test]
    fn write_then_read_everything_back() {
        let dir = tempfile::tempdir().expect("tempdir");
        let ds = docs(60);
        let path = write_segment(dir.path(), 7, &ds, &[3, 1], &|_, _| false, &TextCodec::default()).expect("write");
        let seg = Segment::open(&path).expect("open");
        assert_eq!(seg.id(), 7);
        assert_eq!(seg.doc_count(), 60);
        assert_eq!(seg.doc_range(), (100, 159));
        assert!(seg.verify().is_empty());
        assert_eq!(seg.deletes().expect("deletes"), &[1, 3]);
        assert!(seg.deletes_doc(3).expect("lookup") && !seg.deletes_doc(2).expect("lookup"));
        for d in &ds {
            let (_, meta) = seg.doc(d.doc_id).expect("read").expect("present");
            let block = seg.text_block(meta.text_block).expect("block");
            assert_eq!(seg.text_in(meta, &block).expect("text"), d.text);
            assert_eq!(seg.strings(meta).expect("strings"), (d.url.clone(), d.site.clone()));
            assert_eq!(seg.docs_with_url_hash(url_hash(&d.url)).expect("url"), vec![d.doc_id]);
            for &k in &d.period {
                let p = seg.postings(KeyKind::Period, k).expect("postings").expect("key present");
                let mut ids = Vec::new();
                p.decode_into(&mut ids).expect("decode");
                assert!(ids.contains(&d.doc_id));
            }
        }
        // A sentence shared by all documents ("讲的是城市更新和河道治理的进展情况") has a long list.
        assert!(seg.doc(99).expect("read").is_none());
        assert!(seg.postings(KeyKind::Fingerprint, 12345).expect("read").is_none());
    }

    #[test]
    fn every_flipped_byte_is_caught() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = write_segment(dir.path(), 1, &docs(40), &[], &|_, _| false, &TextCodec::default()).expect("write");
        let good = std::fs::read(&path).expect("read");
        let step = (good.len() / 97).max(1);
        for at in (0..good.len()).step_by(step) {
            let mut bad = good.clone();
            bad[at] ^= 0x41;
            std::fs::write(&path, &bad).expect("write");
            let caught = match Segment::open(&path) {
                Err(_) => true,
                Ok(seg) => !seg.verify().is_empty(),
            };
            assert!(caught, "flip at {at} of {} not detected", good.len());
        }
    }

    /// Recomputes a segment's page CRCs and footer after a test edited its data region, so the
    /// edit passes the checksums and only the structure checks can find it.
    fn reseal(bytes: &mut [u8]) {
        let n = bytes.len();
        let (table_at, entries) = section_entries(bytes);
        let crcs = entries.iter().find(|e| e.kind == SectionKind::PageCrcs as u32).expect("PageCrcs");
        let (at, len) = (crcs.offset as usize, crcs.len as usize);
        for p in 0..len / 4 {
            let s = std::mem::size_of::<SegmentHeader>() + p * PAGE_SIZE;
            let crc = crc32fast::hash(&bytes[s..(s + PAGE_SIZE).min(at)]);
            bytes[at + 4 * p..at + 4 * p + 4].copy_from_slice(&crc.to_le_bytes());
        }
        let page_crcs_crc = crc32fast::hash(&bytes[at..at + len]);
        bytes[n - 20..n - 16].copy_from_slice(&page_crcs_crc.to_le_bytes());
        let crc = crc32fast::hash(&bytes[table_at..n - 12]);
        bytes[n - 12..n - 8].copy_from_slice(&crc.to_le_bytes());
    }

    #[test]
    fn verify_finds_tables_that_do_not_answer_for_each_other() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path =
            write_segment(dir.path(), 1, &docs(40), &[5, 2], &|_, _| false, &TextCodec::default()).expect("write");
        let good = std::fs::read(&path).expect("read");
        let seg = Segment::open(&path).expect("open");
        let mut resealed = good.clone();
        reseal(&mut resealed);
        assert_eq!(resealed, good, "reseal should reproduce an untouched segment");
        let at = |kind: SectionKind| seg.sections[kind as usize].0;
        // The block-start case moves the second of at least three blocks.
        assert!(seg.key_index(KeyKind::Fingerprint).expect("heads").len() >= 3);
        let cases: Vec<(&str, usize, &str)> = vec![
            ("block start", at(SectionKind::FingerprintIndex) + 32 + 8, "starts at byte"),
            ("block key", at(SectionKind::FingerprintKeys), "its first key is not its head's"),
            ("block widths", at(SectionKind::PeriodIndex) + 26, "widths"),
            ("table end", at(SectionKind::ExactIndex) + 24, "its blocks end at"),
            ("doc base", at(SectionKind::FingerprintIndex) + 16, "value past 2^32"),
            ("Bloom filter", at(SectionKind::Bloom), "Bloom filter rules out"),
            ("deletes", at(SectionKind::Deletes), "deletes not sorted"),
            ("trailer", good.len() - 40, "the trailer says 41 documents"),
            ("URL table", at(SectionKind::Urls), "URL table not sorted"),
            ("posting list", at(SectionKind::PeriodPostings), "postings of key"),
            ("text offset", at(SectionKind::Docs), "starts at"),
            ("block count", at(SectionKind::TextIndex), "point into it"),
            ("short text", at(SectionKind::Docs), "characters, not"),
            ("missing block", at(SectionKind::Docs), "which does not exist"),
        ];
        drop(seg);
        for (what, offset, message) in cases {
            let mut bad = good.clone();
            match what {
                // Zero every Bloom word: every key is ruled out.
                "Bloom filter" => {
                    let len = seg_len(&good, SectionKind::Bloom);
                    bad[offset..offset + len].fill(0);
                }
                // Deletes [2, 5] become [5, 5].
                "deletes" => bad[offset..offset + 4].copy_from_slice(&5u32.to_le_bytes()),
                // The document count, 40, becomes 41.
                "trailer" => bad[offset..offset + 4].copy_from_slice(&41u32.to_le_bytes()),
                // The second fingerprint block's body starts a byte late.
                "block start" => {
                    let body = u64::from_le_bytes(good[offset..offset + 8].try_into().expect("8 bytes"));
                    bad[offset..offset + 8].copy_from_slice(&(body + 1).to_le_bytes());
                }
                // 65-bit keys.
                "block widths" => bad[offset] = 65,
                // The one exact-key block loses its last entry.
                "table end" => {
                    let n = u16::from_le_bytes([good[offset], good[offset + 1]]);
                    assert!(n > 1);
                    bad[offset..offset + 2].copy_from_slice(&(n - 1).to_le_bytes());
                }
                // Single-document ids offset so far that they overflow.
                "doc base" => bad[offset..offset + 4].copy_from_slice(&u32::MAX.to_le_bytes()),
                // The first two URL entries swap places.
                "URL table" => {
                    let (a, b) = (good[offset..offset + 16].to_vec(), good[offset + 16..offset + 32].to_vec());
                    bad[offset..offset + 16].copy_from_slice(&b);
                    bad[offset + 16..offset + 32].copy_from_slice(&a);
                }
                // The first list's second id repeats its first (a zero difference).
                "posting list" => bad[offset + 1] = 0,
                // The second document's text starts a byte late: the block's texts no longer tile it.
                "text offset" => {
                    let field = offset + std::mem::size_of::<DocMeta>() + 52;
                    let off = u32::from_le_bytes(good[field..field + 4].try_into().expect("4 bytes"));
                    bad[field..field + 4].copy_from_slice(&(off + 1).to_le_bytes());
                }
                // The last text of the first block loses its last 3 bytes: it decodes to fewer
                // characters than its document holds (and the block's texts end before it does).
                "short text" => {
                    let metas: Vec<DocMeta> =
                        good[offset..offset + 40 * 72].chunks(72).map(bytemuck::pod_read_unaligned).collect();
                    let (i, last) = metas
                        .iter()
                        .enumerate()
                        .filter(|(_, m)| m.text_block == 0)
                        .max_by_key(|(_, m)| m.text_off)
                        .expect("a text in block 0");
                    let field = offset + i * std::mem::size_of::<DocMeta>() + 56;
                    bad[field..field + 4].copy_from_slice(&(last.text_len - 3).to_le_bytes());
                }
                // The first document points at block 999.
                "missing block" => {
                    bad[offset + 48..offset + 52].copy_from_slice(&999u32.to_le_bytes());
                }
                // The first block counts one document more than point into it.
                "block count" => {
                    let field = offset + 20;
                    let n = u32::from_le_bytes(good[field..field + 4].try_into().expect("4 bytes"));
                    bad[field..field + 4].copy_from_slice(&(n + 1).to_le_bytes());
                }
                _ => bad[offset] ^= 0x10,
            }
            reseal(&mut bad);
            std::fs::write(&path, &bad).expect("write");
            let seg = Segment::open(&path).expect("a resealed segment opens");
            let problems = seg.verify();
            assert!(problems.iter().any(|c| c.what.contains(message)), "a broken {what} should be found: {problems:?}");
        }
    }

    /// Rewrites `seg` (the current version) at `path` in format `version` (1 or 2), as those
    /// versions' writers laid it out: 16-byte key entries with a fence every [`FENCE_STRIDE`]
    /// keys, a Bloom filter of a power of two of blocks, and for version 1 each text block's
    /// reserved field holding the Docs index of its first document (texts must lie in doc
    /// order). Every other section is copied as it is, in the same order.
    fn write_old(seg: &Segment, path: &Path, version: u32) -> PathBuf {
        let mut out = out::SegmentOut::create_old(path, seg.id(), version).expect("create");
        let mut present: Vec<SectionKind> =
            SectionKind::ALL.into_iter().filter(|&k| seg.sections[k as usize].0 != 0).collect();
        present.sort_by_key(|&k| seg.sections[k as usize].0);
        let (mut n_keys, mut fences) = (0, std::collections::HashMap::new());
        for kind in present {
            let bytes = seg.section(kind).expect("section");
            let key_kind = KeyKind::ALL.into_iter().find(|&k| SectionKind::keys_of(k).0 == kind);
            let index_of = KeyKind::ALL.into_iter().find(|&k| SectionKind::index_of(k) == kind);
            if let Some(k) = key_kind {
                let mut cursor = seg.keys(k).expect("keys");
                let mut table = Vec::new();
                while let Some(e) = cursor.next_entry().expect("entry") {
                    table.push(e);
                }
                n_keys += table.len() as u64;
                fences.insert(kind as u32, table.iter().step_by(FENCE_STRIDE).map(|e| e.key).collect::<Vec<u64>>());
                out.section(kind, bytemuck::cast_slice(&table)).expect("keys");
            } else if let Some(k) = index_of {
                let f = &fences[&(SectionKind::keys_of(k).0 as u32)];
                out.section(kind, bytemuck::cast_slice(f)).expect("fences");
            } else if kind == SectionKind::Bloom {
                out.bloom_section(n_keys).expect("bloom");
            } else if kind == SectionKind::TextIndex && version == 1 {
                let mut index: Vec<TextBlock> = bytes.chunks(24).map(bytemuck::pod_read_unaligned).collect();
                let metas = seg.docs().expect("docs");
                let mut first = 0u32;
                for (b, chunk) in metas.chunk_by(|x, y| x.text_block == y.text_block).enumerate() {
                    assert_eq!(chunk[0].text_block as usize, b, "texts in doc order");
                    index[b].reserved = first;
                    first += chunk.len() as u32;
                }
                out.section(kind, bytemuck::cast_slice(&index)).expect("text index");
            } else if kind != SectionKind::PageCrcs {
                out.section(kind, bytes).expect("section");
            }
        }
        let (lo, hi) = seg.doc_range();
        out.finish(seg.doc_count(), lo, hi).expect("finish")
    }

    /// All entries of one key table.
    fn all_keys(seg: &Segment, kind: KeyKind) -> Vec<KeyEntry> {
        let mut cursor = seg.keys(kind).expect("keys");
        std::iter::from_fn(|| cursor.next_entry().expect("entry")).collect()
    }

    #[test]
    fn versions_1_and_2_are_read_and_merged_into_the_current_one_and_later_versions_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        // Each page its own cluster and no two texts equal: texts lie in doc order, the layout
        // version 1 wrote.
        let ds = docs(40);
        let path = write_segment(dir.path(), 1, &ds, &[], &|_, _| false, &TextCodec::default()).expect("write");
        let current = Segment::open(&path).expect("open");
        assert_eq!(current.version(), SEGMENT_VERSION);
        // Later pages, in a current segment beside the old one: how an upgraded index merges.
        let later: Vec<_> = docs(60).into_iter().skip(40).collect();
        let all: Vec<_> = ds.iter().chain(&later).collect();
        let dead = [103, 110, 150];
        let cancel = std::sync::atomic::AtomicBool::new(false);
        for version in [1, 2] {
            let old_dir = dir.path().join(format!("v{version}"));
            std::fs::create_dir_all(&old_dir).expect("mkdir");
            let old_path = write_old(&current, &old_dir.join(segment_file_name(1)), version);
            let seg = Segment::open(&old_path).expect("an old segment opens");
            assert_eq!(seg.version(), version);
            assert!(seg.verify().is_empty(), "version {version}: {:?}", seg.verify());
            let n: u64 = KeyKind::ALL.into_iter().map(|k| seg.key_count(k).expect("count")).sum();
            assert_eq!(
                seg.section_len(SectionKind::Bloom),
                (n as usize * 10).div_ceil(512).next_power_of_two() as u64 * 64
            );
            for kind in KeyKind::ALL {
                assert_eq!(all_keys(&seg, kind), all_keys(&current, kind), "version {version} {} keys", kind.name());
            }
            for d in &ds {
                let (_, m) = seg.doc(d.doc_id).expect("read").expect("present");
                let block = seg.text_block(m.text_block).expect("block");
                assert_eq!(seg.text_in(m, &block).expect("text"), d.text);
                for &k in &d.fingerprints {
                    let mut ids = Vec::new();
                    seg.postings(KeyKind::Fingerprint, k)
                        .expect("postings")
                        .expect("present")
                        .decode_into(&mut ids)
                        .expect("decode");
                    assert!(ids.contains(&d.doc_id), "version {version}: key {k:016x}");
                }
            }
            // Merged with the current segment both ways, three pages replaced, they become one
            // current segment.
            let later_path =
                write_segment(&old_dir, 5, &later, &[], &|_, _| false, &TextCodec::default()).expect("write later");
            let later_seg = Segment::open(&later_path).expect("open later");
            for (id, regroup) in [(2, false), (3, true)] {
                let mode = super::merge::MergeMode { prune: None, regroup };
                let inputs = [&seg, &later_seg];
                let m = super::merge::merge_segments(&old_dir, id, &inputs, &dead, &|_, _| false, mode, &cancel)
                    .expect("merge");
                let merged = Segment::open(&m.path).expect("open merged");
                assert_eq!(merged.version(), SEGMENT_VERSION);
                assert!(merged.verify().is_empty(), "{:?}", merged.verify());
                assert_eq!(merged.doc_count(), 57);
                for d in &all {
                    let found = merged.doc(d.doc_id).expect("read");
                    assert_eq!(found.is_none(), dead.contains(&d.doc_id));
                    let Some((_, meta)) = found else { continue };
                    let block = merged.text_block(meta.text_block).expect("block");
                    assert_eq!(merged.text_in(meta, &block).expect("text"), d.text);
                    for &k in &d.period {
                        let mut ids = Vec::new();
                        merged
                            .postings(KeyKind::Period, k)
                            .expect("postings")
                            .expect("present")
                            .decode_into(&mut ids)
                            .expect("decode");
                        assert!(ids.contains(&d.doc_id) && !dead.iter().any(|x| ids.contains(x)));
                    }
                }
            }
            // A wrong fence is found, and so is a key entry with no documents.
            drop(seg);
            let old_bytes = std::fs::read(&old_path).expect("read");
            let at = |kind: SectionKind| {
                section_entries(&old_bytes).1.iter().find(|e| e.kind == kind as u32).expect("section").offset as usize
            };
            let cases = [
                (at(SectionKind::FingerprintIndex), "fences do not match"),
                (at(SectionKind::FingerprintKeys) + 12, "a key with no documents"),
            ];
            for (at, message) in cases {
                let mut bad = old_bytes.clone();
                match message {
                    "fences do not match" => bad[at] ^= 1,
                    _ => bad[at..at + 4].copy_from_slice(&0u32.to_le_bytes()),
                }
                reseal(&mut bad);
                std::fs::write(&old_path, &bad).expect("write");
                let problems = Segment::open(&old_path).expect("opens").verify();
                assert!(problems.iter().any(|p| p.what.contains(message)), "{problems:?}");
            }
        }
        drop(current);
        let good = std::fs::read(&path).expect("read");
        let as_version = |header: u32, trailer: u32| {
            let mut b = good.clone();
            let n = b.len();
            b[8..12].copy_from_slice(&header.to_le_bytes());
            let crc = crc32fast::hash(&b[..28]);
            b[28..32].copy_from_slice(&crc.to_le_bytes());
            b[n - 16..n - 12].copy_from_slice(&trailer.to_le_bytes());
            reseal(&mut b);
            b
        };
        let next = SEGMENT_VERSION + 1;
        std::fs::write(&path, as_version(next, next)).expect("write");
        let e = Segment::open(&path).expect_err("a later version is refused");
        assert!(matches!(e, StoreError::Version { found, .. } if found == next), "{e}");
        let want = format!("format version {next} is not supported (this build reads versions 1 to {SEGMENT_VERSION})");
        assert!(e.to_string().contains(&want), "{e}");
        // Header and trailer must agree.
        std::fs::write(&path, as_version(2, 3)).expect("write");
        let e = Segment::open(&path).expect_err("mixed versions are refused");
        assert!(e.to_string().contains("trailer says format version 3, header 2"), "{e}");
    }

    /// A merge of a segment whose documents' text places are wrong (checksums intact, as a
    /// writer bug would leave them) fails with an error naming the file; it neither panics nor
    /// writes a segment pointing texts at the wrong place.
    #[test]
    fn a_merge_refuses_inputs_whose_text_places_are_wrong() {
        use super::merge::{merge_segments, MergeMode};
        let none = |_: KeyKind, _: u64| false;
        let dir = tempfile::tempdir().expect("tempdir");
        // A shared dictionary, so that the merge copies blocks and reads no text for training.
        let trained = write_segment(dir.path(), 9, &docs(60), &[], &none, &TextCodec::default()).expect("train");
        let dict = TextCodec::of(&Segment::open(&trained).expect("open")).expect("codec");
        assert!(!dict.dict.is_empty());
        let more: Vec<_> = docs(40)
            .into_iter()
            .skip(20)
            .map(|mut d| {
                // Three times as long: the input needs several text blocks.
                d.text = format!("{}x", d.text.repeat(3));
                d.chars = d.text.chars().count() as u32;
                d
            })
            .collect();
        // Stored lengths (in the character code) and a text past the first block.
        let metas = Segment::open(&write_segment(dir.path(), 2, &more, &[], &none, &dict).expect("probe"))
            .expect("open")
            .docs()
            .expect("docs")
            .to_vec();
        let len = |i: usize| metas[i].text_len;
        let later = (0..metas.len()).rev().find(|&i| metas[i].text_block != 0).expect("a text past block 0");
        // (Docs index in the second input, DocMeta field offset, value, replaced docs, message).
        let cases: Vec<(usize, usize, u32, Vec<u32>, &str)> = vec![
            (1, 48, u32::MAX - 1, vec![], "does not exist"),
            (1, 48, 50, vec![], "does not exist"),
            (1, 48, 50, vec![121], "a replaced doc points at text block 50"),
            (1, 52, 100_000, vec![], "runs past"),
            (1, 56, u32::MAX, vec![121], "overlap or run past"),
            // The text runs on over the next one, which is replaced and cut.
            (1, 56, len(1) + len(2), vec![122], "overlaps a replaced text"),
            // Moved into the first block: that block now has one live document too many.
            (later, 48, 0, vec![], "live ones point into it"),
        ];
        for (i, field, value, dead, message) in cases {
            let a = write_segment(dir.path(), 1, &docs(20), &[], &none, &dict).expect("write a");
            let b = write_segment(dir.path(), 2, &more, &[], &none, &dict).expect("write b");
            let docs_at = Segment::open(&b).expect("open").sections[SectionKind::Docs as usize].0;
            let mut bytes = std::fs::read(&b).expect("read");
            let at = docs_at + i * std::mem::size_of::<DocMeta>() + field;
            bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
            reseal(&mut bytes);
            std::fs::write(&b, &bytes).expect("write");
            let (seg_a, seg_b) = (Segment::open(&a).expect("a"), Segment::open(&b).expect("b"));
            assert_eq!(seg_b.dict_bytes().expect("dict"), dict.dict.as_slice());
            let cancel = std::sync::atomic::AtomicBool::new(false);
            let r = merge_segments(dir.path(), 3, &[&seg_a, &seg_b], &dead, &none, MergeMode::default(), &cancel);
            let e = r.expect_err(&format!("doc {i} field {field} = {value}: the merge should fail"));
            let e = e.to_string();
            assert!(
                e.contains(&b.display().to_string()) && e.contains(message),
                "doc {i} field {field} = {value}: {e}"
            );
        }
    }

    /// The capacity bound never cuts a real frame short: zstd's most compressible inputs (runs
    /// of one byte, one character repeated) at fast and strong levels stay under it.
    #[test]
    fn no_zstd_frame_decompresses_past_the_capacity_bound() {
        let inputs = [vec![0u8; 16 << 20], "哈".repeat(3 << 20).into_bytes(), b"abc".to_vec(), Vec::new()];
        for data in &inputs {
            for level in [1, 3, 19] {
                let frame = zstd::bulk::compress(data, level).expect("compress");
                let cap = decompressed_capacity(u32::MAX, frame.len());
                assert!(data.len() <= cap, "{} bytes at level {level} in a {}-byte frame", data.len(), frame.len());
            }
        }
    }

    /// A text block whose stored length is damaged, its checksums rewritten so that only the
    /// reader's own checks see it, is an error naming the file and the block. (The `store` fuzz
    /// target found a reader sizing its buffer from such a length: 4 GiB for a 32 KiB block.)
    #[test]
    fn a_text_block_with_a_damaged_length_is_an_error() {
        let dir = tempfile::tempdir().expect("tempdir");
        let none = |_: KeyKind, _: u64| false;
        let path = write_segment(dir.path(), 1, &docs(60), &[], &none, &TextCodec::default()).expect("write");
        let seg = Segment::open(&path).expect("open");
        let (block, _) = seg.text_frame(0).expect("frame");
        let at = seg.sections[SectionKind::TextIndex as usize].0 + 12;
        drop(seg);
        let good = std::fs::read(&path).expect("read");
        for raw_len in [u32::MAX, block.raw_len + 1, block.raw_len - 1, 0] {
            std::fs::write(&path, &good).expect("write");
            edit_segment(&path, |b, _, _| b[at..at + 4].copy_from_slice(&raw_len.to_le_bytes()));
            let seg = Segment::open(&path).expect("the damage is in a table the open does not read");
            let e = seg.text_block(0).expect_err(&format!("raw_len {raw_len}")).to_string();
            assert!(e.contains(&path.display().to_string()) && e.contains("text block 0"), "raw_len {raw_len}: {e}");
        }
    }

    /// `path` rewritten by `edit` (given the bytes and the section table's offset and entries),
    /// then resealed so that only the structure checks can object.
    fn edit_segment(path: &Path, edit: impl FnOnce(&mut Vec<u8>, usize, &[SectionEntry])) {
        let mut bytes = std::fs::read(path).expect("read");
        let (table_at, entries) = section_entries(&bytes);
        edit(&mut bytes, table_at, &entries);
        reseal(&mut bytes);
        std::fs::write(path, &bytes).expect("write");
    }

    #[test]
    fn packed_lookups_find_every_key_and_nothing_else() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = write_segment(dir.path(), 1, &docs(60), &[], &|_, _| false, &TextCodec::default()).expect("write");
        // A Bloom filter of all ones lets every probe through to the block search.
        edit_segment(&path, |b, _, entries| {
            let e = entries.iter().find(|e| e.kind == SectionKind::Bloom as u32).expect("Bloom");
            b[e.offset as usize..(e.offset + e.len) as usize].fill(0xFF);
        });
        let seg = Segment::open(&path).expect("open");
        assert!(seg.verify().is_empty(), "{:?}", seg.verify());
        for kind in KeyKind::ALL {
            let table = all_keys(&seg, kind);
            let held = |k: u64| table.binary_search_by_key(&k, |e| e.key).is_ok();
            let count = |k: u64| seg.postings(kind, k).expect("lookup").map(|p| p.len());
            for e in &table {
                assert_eq!(count(e.key), Some(e.count as usize), "{} key {:016x}", kind.name(), e.key);
                for near in [e.key.wrapping_sub(1), e.key.wrapping_add(1)] {
                    if !held(near) {
                        assert_eq!(count(near), None, "{} key {near:016x}", kind.name());
                    }
                }
            }
            let heads = seg.key_index(kind).expect("heads");
            assert_eq!(heads.len(), table.len().div_ceil(KEY_BLOCK_ENTRIES));
            for h in heads {
                assert!(held(h.first_key) && count(h.first_key).is_some());
            }
            for k in [0, u64::MAX, table[0].key / 2] {
                if !held(k) {
                    assert_eq!(count(k), None, "{} key {k:016x}", kind.name());
                }
            }
        }
    }

    #[test]
    fn a_packed_table_whose_index_is_lost_or_cut_is_an_error_not_fewer_keys() {
        use super::merge::{merge_segments, MergeMode};
        let dir = tempfile::tempdir().expect("tempdir");
        let ds = docs(60);
        let good = write_segment(dir.path(), 1, &ds, &[], &|_, _| false, &TextCodec::default()).expect("write");
        let good_bytes = std::fs::read(&good).expect("read");
        let key = ds[59].fingerprints[0];
        let cancel = std::sync::atomic::AtomicBool::new(false);
        // (what, edit of the FingerprintIndex section: its length, or its second head's body
        // offset; message).
        /// Edits the section table entry at the offset given, or the section it names.
        type Damage = fn(&mut [u8], usize, &SectionEntry);
        let cases: [(&str, Damage, &str); 3] = [
            ("lost", |b, at, _| b[at + 16..at + 24].copy_from_slice(&0u64.to_le_bytes()), "its blocks end at"),
            ("cut", |b, at, e| b[at + 16..at + 24].copy_from_slice(&(e.len - 32).to_le_bytes()), "its blocks end at"),
            (
                "gap",
                |b, _, e| {
                    let f = e.offset as usize + 32 + 8;
                    let body = u64::from_le_bytes(b[f..f + 8].try_into().expect("8 bytes"));
                    b[f..f + 8].copy_from_slice(&(body + 1).to_le_bytes());
                },
                "starts at byte",
            ),
        ];
        for (what, edit, message) in cases {
            std::fs::write(&good, &good_bytes).expect("write");
            edit_segment(&good, |b, table_at, entries| {
                let i = entries.iter().position(|e| e.kind == SectionKind::FingerprintIndex as u32).expect("index");
                edit(b, table_at + 24 * i, &entries[i]);
            });
            let seg = Segment::open(&good).expect("opens: the damage is structural");
            if what != "gap" {
                let e = seg.postings(KeyKind::Fingerprint, key).map(|_| ()).expect_err(what);
                assert!(e.to_string().contains(message), "{what}: {e}");
            }
            let mut cursor = seg.keys(KeyKind::Fingerprint).expect("cursor");
            let e = std::iter::from_fn(|| cursor.next_entry().transpose()).find_map(|r| r.err()).expect(what);
            assert!(e.to_string().contains(message), "{what}: {e}");
            let r = merge_segments(dir.path(), 2, &[&seg], &[], &|_, _| false, MergeMode::default(), &cancel);
            let e = r.map(|_| ()).expect_err(what).to_string();
            assert!(e.contains(message) && e.contains(&good.display().to_string()), "{what}: {e}");
            assert!(seg.verify().iter().any(|p| p.what.contains(message)), "{what}: {:?}", seg.verify());
        }
    }

    /// Where a segment's section table starts, and its entries.
    fn section_entries(bytes: &[u8]) -> (usize, Vec<SectionEntry>) {
        let n = bytes.len();
        let trailer: SegmentTrailer = bytemuck::pod_read_unaligned(&bytes[n - 40..]);
        let table_at = n - 40 - 24 * trailer.section_count as usize;
        (table_at, bytes[table_at..n - 40].chunks(24).map(bytemuck::pod_read_unaligned::<SectionEntry>).collect())
    }

    /// Length of section `kind` in a segment's bytes.
    fn seg_len(bytes: &[u8], kind: SectionKind) -> usize {
        section_entries(bytes).1.iter().find(|e| e.kind == kind as u32).map_or(0, |e| e.len as usize)
    }
}
