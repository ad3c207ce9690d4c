//! On-disk records, magics and versions: the byte layout that format-spec.md describes.
//!
//! All integers are little-endian. Fixed-size records are `#[repr(C)]` [`bytemuck::Pod`] structs
//! read in place from memory maps; their sizes are asserted at compile time so that a field change
//! cannot slip past the spec. Every struct here is 8-byte aligned.

use bytemuck::{Pod, Zeroable};

/// The format version written by this code, for every file kind but the manifest and segments.
pub const FORMAT_VERSION: u32 = 1;

/// The segment format version this code writes. Version 4 stores texts in a character code
/// ranked by the segment's own texts (the CharCode section; see `store::segment::CharCode`)
/// instead of UTF-8 when the section is not empty. Version 3 packs the key tables (blocks of
/// [`KEY_BLOCK_ENTRIES`] entries, each field bit-packed at the width its block needs, found
/// through a [`KeyBlockHead`] per block) and sizes the Bloom filter exactly. Version 2 freed the
/// order of texts in the text blocks (a block's documents need not be consecutive in the doc
/// table, and exact copies share one stored text); version 1 segments obey the version 2 rules.
/// Versions 1 and 2 keep 16-byte [`KeyEntry`] tables with fences, and are read as they are.
pub const SEGMENT_VERSION: u32 = 4;
/// The first segment version with packed key tables.
pub const PACKED_KEYS_VERSION: u32 = 3;
/// The oldest segment format version this code reads.
pub const SEGMENT_VERSION_OLDEST: u32 = 1;

/// The manifest's format version. Version 4 parameters may hold `latin_stops`, and version 3
/// `halfwidth_stops`: both change how keys are made, and a reader that ignored them would query
/// with other keys than those stored, so older code must refuse the file; older versions never
/// hold them and read them as false. From version 4 on a reader refuses parameters it does not
/// know, so that a later rule needs no new version. Version 2 names the oldest live WAL, and
/// every consecutive later WAL generation that exists is live too (a flush in the background);
/// version 1 named the one WAL, and reads the same way (no later generation of a v1 index holds
/// pages).
pub const MANIFEST_VERSION: u32 = 4;

/// Magic at the start of a segment file.
pub const SEGMENT_MAGIC: [u8; 8] = *b"DDSEGMT\0";
/// Magic at the very end of a segment file (last 8 bytes of the trailer).
pub const SEGMENT_END_MAGIC: [u8; 8] = *b"DDSEGEND";
/// Magic at the start of the manifest.
pub const MANIFEST_MAGIC: [u8; 8] = *b"DDMANIF\0";
/// Magic at the start of a write-ahead log file.
pub const WAL_MAGIC: [u8; 8] = *b"DDWALOG\0";
/// The WAL format written: version 2 frames each commit group with a group record.
pub const WAL_VERSION: u32 = 2;
/// The WAL format before group records: read, and appended to in its own format.
pub const WAL_VERSION_UNGROUPED: u32 = 1;
/// Magic at the start of the pruned-keys file.
pub const PRUNED_MAGIC: [u8; 8] = *b"DDPRUNE\0";

/// Data pages of a segment are checksummed in units of this many bytes: small enough that the
/// first read of a page costs little to check (a query touches many pages once).
pub const PAGE_SIZE: usize = 4096;

/// Which posting set a key belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum KeyKind {
    /// CCDet period features.
    Period = 0,
    /// Sentence fingerprints (and fallback sentence keys).
    Fingerprint = 1,
    /// Exact hash of the normalized main text.
    Exact = 2,
}

impl KeyKind {
    /// All kinds, in section order.
    pub const ALL: [KeyKind; 3] = [KeyKind::Period, KeyKind::Fingerprint, KeyKind::Exact];

    /// From the byte stored on disk.
    pub fn from_u8(b: u8) -> Option<KeyKind> {
        match b {
            0 => Some(KeyKind::Period),
            1 => Some(KeyKind::Fingerprint),
            2 => Some(KeyKind::Exact),
            _ => None,
        }
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            KeyKind::Period => "period",
            KeyKind::Fingerprint => "fingerprint",
            KeyKind::Exact => "exact",
        }
    }
}

/// Section kinds of a segment file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub enum SectionKind {
    /// Period-feature keys, sorted: packed blocks (version 3), or `[KeyEntry]` (versions 1-2).
    PeriodKeys = 1,
    /// Delta-varint doc-id lists of period features.
    PeriodPostings = 2,
    /// Fingerprint keys, laid out as PeriodKeys.
    FingerprintKeys = 3,
    /// Postings of fingerprints.
    FingerprintPostings = 4,
    /// Exact-hash keys, laid out as PeriodKeys.
    ExactKeys = 5,
    /// Postings of exact hashes.
    ExactPostings = 6,
    /// `[DocMeta]`, sorted by doc id.
    Docs = 7,
    /// `[UrlEntry]`, sorted by (url hash, doc id).
    Urls = 8,
    /// Per document: varint length + URL bytes, varint length + site bytes.
    Strings = 9,
    /// `[TextBlock]`.
    TextIndex = 10,
    /// Concatenated zstd frames of document texts.
    Text = 11,
    /// The zstd dictionary the text frames were compressed with (may be empty: no dictionary).
    Dict = 12,
    /// `[u32]`, sorted: documents of older segments deleted (replaced) by this one.
    Deletes = 13,
    /// `[u32]`: CRC32 of each `PAGE_SIZE` page of the data region.
    PageCrcs = 14,
    /// The index of PeriodKeys: `[KeyBlockHead]`, one per block (version 3), or `[u64]` fences,
    /// the first key of every [`FENCE_STRIDE`] entries (versions 1-2).
    PeriodIndex = 15,
    /// The index of FingerprintKeys.
    FingerprintIndex = 16,
    /// The index of ExactKeys.
    ExactIndex = 17,
    /// `[u64]`: blocked Bloom filter over every key of every kind (see [`bloom_probe`]).
    Bloom = 18,
    /// Version 4: the character table texts are coded with, UTF-8 characters in rank order
    /// (empty: texts are UTF-8).
    CharCode = 19,
    /// `[[u16; 16]]`: per document of Docs, in its order, the sketch of its title
    /// (`features::title`; zeros: none). Empty: no title known (segments written before it, or
    /// pages without one). Version 4 readers before it ignore the kind.
    DocTitles = 20,
}

/// Section slots a reader keeps: kinds 0-20.
pub const SECTION_SLOTS: usize = 21;

/// Versions 1-2: key-table entries per fence (256 entries of 16 bytes fill one checksum page).
pub const FENCE_STRIDE: usize = 256;

/// Version 3: key entries per packed block (the last block of a table may hold fewer).
pub const KEY_BLOCK_ENTRIES: usize = 128;

/// Bits of Bloom filter per key.
pub const BLOOM_BITS_PER_KEY: usize = 10;

/// The Bloom filter's block (a u64 word index, 8 words = 512 bits = one cache line) and the six
/// bit positions inside the block for `key` of `kind`, in a filter of `blocks` blocks.
pub fn bloom_probe(kind: KeyKind, key: u64, blocks: usize) -> (usize, [u16; 6]) {
    let h = xxhash_rust::xxh3::xxh3_64_with_seed(&key.to_le_bytes(), 0xB100_0000 + kind as u64);
    // Versions 1-2 always wrote a power of two of blocks and took the low bits; any other size
    // takes the high bits of a multiply, so a filter need not be rounded up (a third of it, on
    // average, was rounding).
    let block = if blocks.is_power_of_two() {
        (h as usize) & (blocks - 1)
    } else {
        ((u128::from(h) * blocks as u128) >> 64) as usize
    };
    let mut bits = [0u16; 6];
    let mut x = h.rotate_left(32);
    for b in &mut bits {
        x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        *b = (x >> 55) as u16; // 0..512
    }
    (block * 8, bits)
}

impl SectionKind {
    /// Sections in file order.
    pub const ALL: [SectionKind; 20] = [
        SectionKind::PeriodKeys,
        SectionKind::PeriodPostings,
        SectionKind::FingerprintKeys,
        SectionKind::FingerprintPostings,
        SectionKind::ExactKeys,
        SectionKind::ExactPostings,
        SectionKind::Docs,
        SectionKind::DocTitles,
        SectionKind::Urls,
        SectionKind::Strings,
        SectionKind::TextIndex,
        SectionKind::Text,
        SectionKind::Dict,
        SectionKind::CharCode,
        SectionKind::Deletes,
        SectionKind::PeriodIndex,
        SectionKind::FingerprintIndex,
        SectionKind::ExactIndex,
        SectionKind::Bloom,
        SectionKind::PageCrcs,
    ];

    /// The index section of a key kind's table (block heads, or fences before version 3).
    pub fn index_of(kind: KeyKind) -> SectionKind {
        match kind {
            KeyKind::Period => SectionKind::PeriodIndex,
            KeyKind::Fingerprint => SectionKind::FingerprintIndex,
            KeyKind::Exact => SectionKind::ExactIndex,
        }
    }

    /// The key table and postings sections of a key kind.
    pub fn keys_of(kind: KeyKind) -> (SectionKind, SectionKind) {
        match kind {
            KeyKind::Period => (SectionKind::PeriodKeys, SectionKind::PeriodPostings),
            KeyKind::Fingerprint => (SectionKind::FingerprintKeys, SectionKind::FingerprintPostings),
            KeyKind::Exact => (SectionKind::ExactKeys, SectionKind::ExactPostings),
        }
    }
}

/// Segment header: the first 32 bytes.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable)]
pub struct SegmentHeader {
    /// [`SEGMENT_MAGIC`].
    pub magic: [u8; 8],
    /// [`SEGMENT_VERSION`].
    pub version: u32,
    /// Reserved, zero.
    pub flags: u32,
    /// The segment's id (also in its file name).
    pub segment_id: u64,
    /// Reserved, zero.
    pub reserved: u32,
    /// CRC32 of the 28 bytes before it.
    pub crc: u32,
}

/// One entry of a key table: the record of a version 1-2 table as stored, and of a packed
/// table once decoded.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, PartialEq, Eq)]
pub struct KeyEntry {
    /// The key.
    pub key: u64,
    /// With `count == 1`: the doc id itself (no postings bytes). Otherwise the byte offset of the
    /// doc-id list in the postings section.
    pub value: u32,
    /// Number of documents with the key.
    pub count: u32,
}

/// Head of one packed key block (version 3): where its body is and how wide its fields are.
///
/// The body holds `entries` keys, then `entries` counts, then `entries` values, each array
/// bit-packed (least significant bit first) at its field's width: key `i` is `first_key` plus
/// its `key_bits`-wide field, its count 1 plus its `count_bits`-wide field, and its value the
/// `value_bits`-wide field plus `doc_base` (count 1: a doc id) or `list_base` (count 2+: an
/// offset in the postings section).
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, PartialEq, Eq)]
pub struct KeyBlockHead {
    /// The block's smallest key.
    pub first_key: u64,
    /// Byte offset of the block's body in the key section.
    pub body: u64,
    /// Added to the value field of a key held by one document.
    pub doc_base: u32,
    /// Added to the value field of a key held by several.
    pub list_base: u32,
    /// Entries in the block, 1 to [`KEY_BLOCK_ENTRIES`].
    pub entries: u16,
    /// Width of the key field (0 to 64).
    pub key_bits: u8,
    /// Width of the count field (0 to 32).
    pub count_bits: u8,
    /// Width of the value field (0 to 32).
    pub value_bits: u8,
    /// Reserved, zero.
    pub reserved: [u8; 3],
}

impl KeyBlockHead {
    /// Length of the body in bytes.
    pub fn body_len(&self) -> u64 {
        let bits = u64::from(self.key_bits) + u64::from(self.count_bits) + u64::from(self.value_bits);
        (u64::from(self.entries) * bits).div_ceil(8)
    }
}

/// Fixed-size metadata of one document.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, PartialEq, Eq)]
pub struct DocMeta {
    /// Global document id.
    pub doc_id: u32,
    /// Cluster id: the doc id of the cluster's first page.
    pub cluster: u32,
    /// Site id from the catalog (0: unknown); the site's name is in the strings section.
    pub site_id: u32,
    /// [`DOC_FLAG_FALLBACK`], [`DOC_FLAG_LISTING`], and the script and language
    /// ([`script_flags`]).
    pub flags: u32,
    /// Fetch time, Unix seconds (0: unknown).
    pub fetched_at: i64,
    /// Exact hash of the normalized text.
    pub exact: u64,
    /// xxh3-64 of the URL.
    pub url_hash: u64,
    /// Offset of the document's URL and site in the strings section.
    pub strings_off: u64,
    /// Index of the text block holding the text.
    pub text_block: u32,
    /// Byte offset of the text in the decompressed block.
    pub text_off: u32,
    /// Length of the text in bytes (UTF-8).
    pub text_len: u32,
    /// Length of the text in characters.
    pub chars: u32,
    /// Distinct period features.
    pub period_count: u32,
    /// Fingerprint keys.
    pub fp_count: u32,
}

/// The document's fingerprints are fallback sentence keys (a short page).
pub const DOC_FLAG_FALLBACK: u32 = 1;
/// Doc flag: the text is a listing's excerpts (see [`crate::store::NewDoc::listing`]).
pub const DOC_FLAG_LISTING: u32 = 2;
/// Doc flags bits 4-7: the page's script ([`crate::lang::Script::code`]; 0: not recorded).
pub const DOC_FLAG_SCRIPT_SHIFT: u32 = 4;
/// Doc flags bits 8-11: the page's language ([`crate::lang::Language::code`]; 0: undetermined).
pub const DOC_FLAG_LANGUAGE_SHIFT: u32 = 8;

/// The flag bits that record `script` and its language.
pub fn script_flags(script: crate::lang::Script) -> u32 {
    script.code() << DOC_FLAG_SCRIPT_SHIFT | script.language().code() << DOC_FLAG_LANGUAGE_SHIFT
}

/// The script and language `flags` record.
pub fn script_of_flags(flags: u32) -> (crate::lang::Script, crate::lang::Language) {
    (
        crate::lang::Script::from_code(flags >> DOC_FLAG_SCRIPT_SHIFT & 0xF),
        crate::lang::Language::from_code(flags >> DOC_FLAG_LANGUAGE_SHIFT & 0xF),
    )
}

/// URL lookup entry.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, PartialEq, Eq)]
pub struct UrlEntry {
    /// xxh3-64 of the URL.
    pub url_hash: u64,
    /// The document.
    pub doc_id: u32,
    /// Reserved, zero.
    pub reserved: u32,
}

/// One zstd frame of document texts.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, PartialEq, Eq)]
pub struct TextBlock {
    /// Offset of the frame in the text section.
    pub offset: u64,
    /// Compressed length.
    pub comp_len: u32,
    /// Decompressed length.
    pub raw_len: u32,
    /// Reserved, zero (version 1: the Docs index of the block's first document).
    pub reserved: u32,
    /// Documents whose text lies in the block (documents sharing one text each count).
    pub doc_count: u32,
}

/// One entry of the footer's section table.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, PartialEq, Eq)]
pub struct SectionEntry {
    /// [`SectionKind`] as u32.
    pub kind: u32,
    /// Reserved, zero.
    pub reserved: u32,
    /// Byte offset in the file (8-aligned).
    pub offset: u64,
    /// Length in bytes.
    pub len: u64,
}

/// Fixed-size trailer: the last bytes of a segment file, after the section table.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable)]
pub struct SegmentTrailer {
    /// Documents in the segment.
    pub doc_count: u32,
    /// Entries in the section table before the trailer.
    pub section_count: u32,
    /// Smallest doc id (0 if empty).
    pub min_doc: u32,
    /// Largest doc id (0 if empty).
    pub max_doc: u32,
    /// Checksum page size, [`PAGE_SIZE`].
    pub page_size: u32,
    /// CRC32 of the page-CRC section.
    pub page_crcs_crc: u32,
    /// [`SEGMENT_VERSION`].
    pub version: u32,
    /// CRC32 of the section table and of this trailer up to this field.
    pub crc: u32,
    /// [`SEGMENT_END_MAGIC`].
    pub magic: [u8; 8],
}

const _: () = assert!(std::mem::size_of::<SegmentHeader>() == 32);
const _: () = assert!(std::mem::size_of::<KeyEntry>() == 16);
const _: () = assert!(std::mem::size_of::<KeyBlockHead>() == 32);
const _: () = assert!(std::mem::size_of::<DocMeta>() == 72);
const _: () = assert!(std::mem::size_of::<UrlEntry>() == 16);
const _: () = assert!(std::mem::size_of::<TextBlock>() == 24);
const _: () = assert!(std::mem::size_of::<SectionEntry>() == 24);
const _: () = assert!(std::mem::size_of::<SegmentTrailer>() == 40);

/// Appends `v` as an unsigned LEB128 varint.
pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads a varint at `*pos`, advancing it; `None` if truncated, longer than 10 bytes, or larger
/// than a u64.
pub fn get_varint(buf: &[u8], pos: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..70).step_by(7) {
        let b = *buf.get(*pos)?;
        *pos += 1;
        // The tenth byte holds bit 63 only: more would not fit a u64.
        if shift == 63 && b > 1 {
            return None;
        }
        v |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

/// xxh3-64 of a URL, the key of the URL tables.
pub fn url_hash(url: &str) -> u64 {
    xxhash_rust::xxh3::xxh3_64(url.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_and_reject_truncation() {
        let mut buf = Vec::new();
        for v in [0u64, 1, 127, 128, 300, u32::MAX as u64, u64::MAX] {
            buf.clear();
            put_varint(&mut buf, v);
            let mut pos = 0;
            assert_eq!(get_varint(&buf, &mut pos), Some(v));
            assert_eq!(pos, buf.len());
            if buf.len() > 1 {
                let mut pos = 0;
                assert_eq!(get_varint(&buf[..buf.len() - 1], &mut pos), None);
            }
        }
        let mut pos = 0;
        assert_eq!(get_varint(&[0xff; 11], &mut pos), None);
        // Ten bytes whose last carries more than bit 63 overflow a u64.
        let mut over = vec![0xff; 9];
        over.push(0x02);
        assert_eq!(get_varint(&over, &mut 0), None);
        over[9] = 0x01;
        assert_eq!(get_varint(&over, &mut 0), Some(u64::MAX));
    }
}
