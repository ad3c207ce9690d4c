//! Streaming segment output: sections are written to a temporary file one after another while
//! the page checksums are computed on the fly, so that building a segment of any size needs
//! memory for its Bloom filter pass and key-block heads only, never for the whole file.
//!
//! A section produced at the same time as another (postings beside their key table, texts
//! beside the doc table) goes to a [`Spool`] and is copied in when its turn comes.

use std::io::{BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use bytemuck::Zeroable;

use super::super::error::{Result, StoreError};
use super::super::format::*;
use super::super::fsutil::{publish, temp_in};
use super::keys::PackedBlock;

/// Bytes buffered before a write to the file.
const OUT_BUFFER: usize = 1 << 20;
/// Bytes a spool keeps in memory before it moves to an anonymous temporary file.
const SPOOL_SPILL: usize = 8 << 20;
/// Bloom filter bytes built per pass over the keys: larger filters take several passes, so a
/// merge of any size keeps to this much memory for its filter.
const BLOOM_PASS_BYTES: usize = 64 << 20;

/// Zero bytes that bring `pos` to a multiple of 8.
fn pad_len(pos: u64) -> usize {
    (8 - (pos % 8) as usize) % 8
}

/// A byte sink that stays in memory while small and moves to an unnamed temporary file (gone
/// when dropped, even after a crash) when it grows.
pub(super) struct Spool {
    dir: PathBuf,
    mem: Vec<u8>,
    file: Option<std::fs::File>,
    len: u64,
}

impl Spool {
    /// A spool whose spill file goes to `dir` (the segment's directory: same file system).
    pub(super) fn new(dir: &Path) -> Spool {
        Spool { dir: dir.to_path_buf(), mem: Vec::new(), file: None, len: 0 }
    }

    /// Bytes written so far.
    pub(super) fn len(&self) -> u64 {
        self.len
    }

    /// Appends bytes.
    pub(super) fn write(&mut self, bytes: &[u8]) -> Result<()> {
        self.mem.extend_from_slice(bytes);
        self.len += bytes.len() as u64;
        if self.mem.len() >= SPOOL_SPILL {
            self.spill()?;
        }
        Ok(())
    }

    fn spill(&mut self) -> Result<()> {
        let dir = &self.dir;
        if self.file.is_none() {
            self.file = Some(tempfile::tempfile_in(dir).map_err(|e| StoreError::io(dir, e))?);
        }
        if let Some(f) = &mut self.file {
            f.write_all(&self.mem).map_err(|e| StoreError::io(dir, e))?;
        }
        self.mem.clear();
        Ok(())
    }
}

/// A segment file being written: `.tmp-*` in the segment directory until [`SegmentOut::finish`]
/// fsyncs and renames it.
pub(super) struct SegmentOut {
    path: PathBuf,
    tmp: tempfile::NamedTempFile,
    buf: Vec<u8>,
    /// File offset of the next byte.
    pos: u64,
    page: crc32fast::Hasher,
    page_fill: usize,
    page_crcs: Vec<u32>,
    table: Vec<SectionEntry>,
    open: Option<(SectionKind, u64)>,
    /// The format version written: [`SEGMENT_VERSION`] but in tests of older versions.
    version: u32,
}

impl SegmentOut {
    /// Starts segment `id` at `path` (its final name): writes the header.
    pub(super) fn create(path: &Path, id: u64) -> Result<SegmentOut> {
        SegmentOut::create_version(path, id, SEGMENT_VERSION)
    }

    /// Starts a segment of an older format `version`, for tests that read old segments. Only the
    /// layout of key tables and the Bloom filter's size follow it; the caller writes the rest.
    #[cfg(test)]
    pub(super) fn create_old(path: &Path, id: u64, version: u32) -> Result<SegmentOut> {
        SegmentOut::create_version(path, id, version)
    }

    fn create_version(path: &Path, id: u64, version: u32) -> Result<SegmentOut> {
        let dir = path.parent().unwrap_or(Path::new("."));
        let tmp = temp_in(dir)?;
        let mut out = SegmentOut {
            path: path.to_path_buf(),
            tmp,
            buf: Vec::with_capacity(OUT_BUFFER),
            pos: 0,
            page: crc32fast::Hasher::new(),
            page_fill: 0,
            page_crcs: Vec::new(),
            table: Vec::with_capacity(SectionKind::ALL.len()),
            open: None,
            version,
        };
        let mut header = SegmentHeader { magic: SEGMENT_MAGIC, version, segment_id: id, ..Zeroable::zeroed() };
        header.crc = crc32fast::hash(&bytemuck::bytes_of(&header)[..28]);
        out.raw(bytemuck::bytes_of(&header))?;
        Ok(out)
    }

    /// The final path.
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    fn io(&self, e: std::io::Error) -> StoreError {
        StoreError::io(self.tmp.path(), e)
    }

    /// Bytes outside the checksummed data region (header, page CRCs, footer).
    fn raw(&mut self, bytes: &[u8]) -> Result<()> {
        self.buf.extend_from_slice(bytes);
        self.pos += bytes.len() as u64;
        if self.buf.len() >= OUT_BUFFER {
            self.flush_buf()?;
        }
        Ok(())
    }

    fn flush_buf(&mut self) -> Result<()> {
        let r = self.tmp.as_file().write_all(&self.buf);
        r.map_err(|e| self.io(e))?;
        self.buf.clear();
        Ok(())
    }

    /// Bytes of the data region: checksummed per `PAGE_SIZE` page as they pass.
    pub(super) fn put(&mut self, mut bytes: &[u8]) -> Result<()> {
        self.raw(bytes)?;
        while !bytes.is_empty() {
            let n = (PAGE_SIZE - self.page_fill).min(bytes.len());
            self.page.update(&bytes[..n]);
            self.page_fill += n;
            bytes = &bytes[n..];
            if self.page_fill == PAGE_SIZE {
                let full = std::mem::replace(&mut self.page, crc32fast::Hasher::new());
                self.page_crcs.push(full.finalize());
                self.page_fill = 0;
            }
        }
        Ok(())
    }

    fn pad8(&mut self) -> Result<()> {
        self.put(&[0u8; 8][..pad_len(self.pos)])
    }

    /// Opens a section at the next 8-aligned offset.
    pub(super) fn begin(&mut self, kind: SectionKind) -> Result<()> {
        if let Some((open, _)) = self.open {
            return Err(StoreError::Internal { path: self.path.clone(), what: format!("section {open:?} still open") });
        }
        self.pad8()?;
        self.open = Some((kind, self.pos));
        Ok(())
    }

    /// Closes the open section.
    pub(super) fn end(&mut self) -> Result<()> {
        let Some((kind, start)) = self.open.take() else {
            return Err(StoreError::Internal { path: self.path.clone(), what: "no section open".into() });
        };
        self.table.push(SectionEntry { kind: kind as u32, reserved: 0, offset: start, len: self.pos - start });
        Ok(())
    }

    /// A whole section from bytes in memory.
    pub(super) fn section(&mut self, kind: SectionKind, bytes: &[u8]) -> Result<()> {
        self.begin(kind)?;
        self.put(bytes)?;
        self.end()
    }

    /// A whole section from a spool.
    pub(super) fn section_from(&mut self, kind: SectionKind, mut spool: Spool) -> Result<()> {
        self.begin(kind)?;
        if spool.file.is_some() {
            spool.spill()?;
        }
        if let Some(mut f) = spool.file.take() {
            let dir = spool.dir.clone();
            f.seek(SeekFrom::Start(0)).map_err(|e| StoreError::io(&dir, e))?;
            let mut chunk = vec![0u8; OUT_BUFFER];
            loop {
                let n = f.read(&mut chunk).map_err(|e| StoreError::io(&dir, e))?;
                if n == 0 {
                    break;
                }
                self.put(&chunk[..n])?;
            }
        } else {
            let mem = std::mem::take(&mut spool.mem);
            self.put(&mem)?;
        }
        self.end()
    }

    /// Calls `f` with every key of the key-table sections written so far, read back from the
    /// file (they are too large to keep in memory in a big merge). Packed tables need their
    /// index sections written too.
    fn for_each_written_key(&mut self, f: &mut dyn FnMut(KeyKind, u64)) -> Result<()> {
        self.flush_buf()?;
        let reader = |out: &SegmentOut, at: u64, capacity: usize| -> Result<BufReader<std::fs::File>> {
            let file = out.tmp.reopen().map_err(|e| out.io(e))?;
            let mut r = BufReader::with_capacity(capacity, file);
            r.seek(SeekFrom::Start(at)).map_err(|e| out.io(e))?;
            Ok(r)
        };
        for kind in KeyKind::ALL {
            let ks = SectionKind::keys_of(kind).0;
            let Some(keys) = self.table.iter().find(|e| e.kind == ks as u32).copied() else { continue };
            let mut r = reader(self, keys.offset, OUT_BUFFER)?;
            if self.version < PACKED_KEYS_VERSION {
                let mut rec = [0u8; 16];
                for _ in 0..keys.len / 16 {
                    r.read_exact(&mut rec).map_err(|e| self.io(e))?;
                    let entry: KeyEntry = bytemuck::pod_read_unaligned(&rec);
                    f(kind, entry.key);
                }
                continue;
            }
            let ix = SectionKind::index_of(kind);
            let Some(index) = self.table.iter().find(|e| e.kind == ix as u32).copied() else {
                return Err(StoreError::Internal {
                    path: self.path.clone(),
                    what: format!("{ix:?} not written before the Bloom filter"),
                });
            };
            // Heads and bodies are both in table order: two sequential readers.
            let mut heads = reader(self, index.offset, 64 << 10)?;
            let mut rec = [0u8; std::mem::size_of::<KeyBlockHead>()];
            let mut body = Vec::new();
            for _ in 0..index.len / rec.len() as u64 {
                heads.read_exact(&mut rec).map_err(|e| self.io(e))?;
                let head: KeyBlockHead = bytemuck::pod_read_unaligned(&rec);
                body.resize(head.body_len() as usize, 0);
                r.read_exact(&mut body).map_err(|e| self.io(e))?;
                let block = PackedBlock::new(KeyBlockHead { body: 0, ..head }, &body)
                    .map_err(|what| StoreError::Internal { path: self.path.clone(), what: what.to_string() })?;
                for i in 0..block.len() {
                    let key = block.key(i);
                    f(
                        kind,
                        key.ok_or_else(|| StoreError::Internal {
                            path: self.path.clone(),
                            what: "a key past 2^64".into(),
                        })?,
                    );
                }
            }
        }
        Ok(())
    }

    /// The Bloom filter section over every key of the key tables already written
    /// (`n_keys` of them), built in passes of at most [`BLOOM_PASS_BYTES`] of filter each.
    pub(super) fn bloom_section(&mut self, n_keys: u64) -> Result<()> {
        self.bloom_in_passes(n_keys, BLOOM_PASS_BYTES)
    }

    fn bloom_in_passes(&mut self, n_keys: u64, pass_bytes: usize) -> Result<()> {
        self.begin(SectionKind::Bloom)?;
        if n_keys > 0 {
            let bits = usize::try_from(n_keys)
                .ok()
                .and_then(|n| n.checked_mul(BLOOM_BITS_PER_KEY))
                .ok_or_else(|| StoreError::TooLarge { path: self.path.clone(), what: "the number of keys".into() })?;
            // Versions 1-2 rounded the filter up to a power of two of blocks (see bloom_probe).
            let blocks = match self.version < PACKED_KEYS_VERSION {
                true => bits.div_ceil(512).next_power_of_two(),
                false => bits.div_ceil(512),
            };
            let per_pass = (pass_bytes / 64).max(1);
            let mut first = 0;
            while first < blocks {
                let last = (first + per_pass).min(blocks);
                let mut words = vec![0u64; (last - first) * 8];
                self.for_each_written_key(&mut |kind, key| {
                    let (base, bits) = bloom_probe(kind, key, blocks);
                    let block = base / 8;
                    if (first..last).contains(&block) {
                        let at = (block - first) * 8;
                        for b in bits {
                            words[at + (b as usize >> 6)] |= 1 << (b & 63);
                        }
                    }
                })?;
                self.put(bytemuck::cast_slice(&words))?;
                first = last;
            }
        }
        self.end()
    }

    /// The sections every segment ends with (deletes, sorted here; the key-block heads of each
    /// kind's index section; the Bloom filter over the `n_keys` keys written), then
    /// [`SegmentOut::finish`].
    pub(super) fn finish_segment(
        mut self,
        mut deletes: Vec<u32>,
        indexes: Vec<(SectionKind, Spool)>,
        n_keys: u64,
        (doc_count, min_doc, max_doc): (u32, u32, u32),
    ) -> Result<PathBuf> {
        deletes.sort_unstable();
        deletes.dedup();
        self.section(SectionKind::Deletes, bytemuck::cast_slice(&deletes))?;
        for (kind, heads) in indexes {
            self.section_from(kind, heads)?;
        }
        self.bloom_section(n_keys)?;
        self.finish(doc_count, min_doc, max_doc)
    }

    /// Writes the page checksums, the section table and the trailer, then fsyncs the file,
    /// renames it to its final name and fsyncs the directory.
    pub(super) fn finish(mut self, doc_count: u32, min_doc: u32, max_doc: u32) -> Result<PathBuf> {
        if let Some((open, _)) = self.open {
            return Err(StoreError::Internal { path: self.path.clone(), what: format!("section {open:?} still open") });
        }
        self.pad8()?;
        if self.page_fill > 0 {
            let last = std::mem::replace(&mut self.page, crc32fast::Hasher::new());
            self.page_crcs.push(last.finalize());
            self.page_fill = 0;
        }
        let crcs = std::mem::take(&mut self.page_crcs);
        let crc_bytes: &[u8] = bytemuck::cast_slice(&crcs);
        let crcs_at = self.pos;
        self.raw(crc_bytes)?;
        self.table.push(SectionEntry {
            kind: SectionKind::PageCrcs as u32,
            reserved: 0,
            offset: crcs_at,
            len: crc_bytes.len() as u64,
        });
        self.raw(&[0u8; 8][..pad_len(self.pos)])?;
        let table = std::mem::take(&mut self.table);
        let mut footer: Vec<u8> = bytemuck::cast_slice(&table).to_vec();
        let mut trailer = SegmentTrailer {
            doc_count,
            section_count: table.len() as u32,
            min_doc,
            max_doc,
            page_size: PAGE_SIZE as u32,
            page_crcs_crc: crc32fast::hash(crc_bytes),
            version: self.version,
            crc: 0,
            magic: SEGMENT_END_MAGIC,
        };
        footer.extend_from_slice(bytemuck::bytes_of(&trailer));
        trailer.crc = crc32fast::hash(&footer[..footer.len() - 12]);
        let tlen = std::mem::size_of::<SegmentTrailer>();
        let at = footer.len() - tlen;
        footer[at..].copy_from_slice(bytemuck::bytes_of(&trailer));
        self.raw(&footer)?;
        self.flush_buf()?;
        publish(self.tmp, &self.path)?;
        Ok(self.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spool_round_trips_through_its_spill_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Spool::new(dir.path());
        let chunk: Vec<u8> = (0..=255u8).cycle().take(1 << 20).collect();
        for _ in 0..10 {
            s.write(&chunk).unwrap();
        }
        s.write(b"tail").unwrap();
        assert!(s.file.is_some(), "10 MiB must have spilled");
        assert_eq!(s.len(), 10 * (1 << 20) + 4);
        let path = dir.path().join("x.ddb");
        let mut out = SegmentOut::create(&path, 1).unwrap();
        out.section_from(SectionKind::Text, s).unwrap();
        let got = out.table[0];
        assert_eq!(got.len, 10 * (1 << 20) + 4);
        out.flush_buf().unwrap();
        let bytes = std::fs::read(out.tmp.path()).unwrap();
        let body = &bytes[got.offset as usize..(got.offset + got.len) as usize];
        assert_eq!(&body[..1 << 20], &chunk[..]);
        assert_eq!(&body[body.len() - 4..], b"tail");
    }

    /// The keys of each kind the filter tests build from.
    fn test_keys(kind: KeyKind) -> Vec<KeyEntry> {
        let mut keys: Vec<KeyEntry> = (0..3000u64)
            .map(|i| KeyEntry { key: i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ kind as u64, value: 1, count: 1 })
            .collect();
        keys.sort_unstable_by_key(|e| e.key);
        keys
    }

    /// The filter's bytes when built `pass_bytes` at a time over the same key tables, packed
    /// (the current version) or as 16-byte entries (`version` 2).
    fn bloom_bytes(pass_bytes: usize, version: u32) -> Vec<u8> {
        let dir = tempfile::tempdir().unwrap();
        let mut out = SegmentOut::create_old(&dir.path().join("b.ddb"), 1, version).unwrap();
        let mut n = 0;
        for kind in KeyKind::ALL {
            let keys = test_keys(kind);
            n += keys.len() as u64;
            if version < PACKED_KEYS_VERSION {
                out.section(SectionKind::keys_of(kind).0, bytemuck::cast_slice(&keys)).unwrap();
                continue;
            }
            let (bodies, heads) = super::super::keys::pack_table(&keys).unwrap();
            out.section(SectionKind::keys_of(kind).0, &bodies).unwrap();
            out.section(SectionKind::index_of(kind), bytemuck::cast_slice(&heads)).unwrap();
        }
        out.bloom_in_passes(n, pass_bytes).unwrap();
        let e = *out.table.last().unwrap();
        out.flush_buf().unwrap();
        let bytes = std::fs::read(out.tmp.path()).unwrap();
        bytes[e.offset as usize..(e.offset + e.len) as usize].to_vec()
    }

    /// Whether every test key's six bits are set in `filter`.
    fn holds_every_key(filter: &[u8]) -> bool {
        let words: Vec<u64> = filter.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect();
        KeyKind::ALL.into_iter().all(|kind| {
            test_keys(kind).iter().all(|e| {
                let (base, bits) = bloom_probe(kind, e.key, words.len() / 8);
                bits.iter().all(|&b| words[base + (b as usize >> 6)] & (1 << (b & 63)) != 0)
            })
        })
    }

    #[test]
    fn a_bloom_filter_built_in_passes_is_the_one_built_at_once() {
        let once = bloom_bytes(1 << 30, SEGMENT_VERSION);
        // Exactly sized: 90,000 bits in whole 512-bit blocks (not rounded to a power of two).
        assert_eq!(once.len(), (9000 * BLOOM_BITS_PER_KEY).div_ceil(512) * 64);
        assert!(holds_every_key(&once), "every key read back from the packed tables");
        assert_eq!(bloom_bytes(128, SEGMENT_VERSION), once, "two blocks per pass");
        assert_eq!(bloom_bytes(64 * 3, SEGMENT_VERSION), once, "three blocks per pass (not a divisor)");
        // Version 2 rounds up to a power of two of blocks, and reads 16-byte entries.
        let old = bloom_bytes(1 << 30, 2);
        assert_eq!(old.len(), (9000 * BLOOM_BITS_PER_KEY).div_ceil(512).next_power_of_two() * 64);
        assert!(holds_every_key(&old));
    }
}
