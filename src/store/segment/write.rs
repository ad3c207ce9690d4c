//! Building a segment file from documents in memory (a memtable flush), and the parts a merge
//! shares: the text packer and dictionary training.

use std::path::{Path, PathBuf};

use super::super::doc::DocRecord;
use super::super::error::{Result, StoreError};
use super::super::format::*;
use super::charcode::CharCode;
use super::keys::pack_table;
use super::out::{SegmentOut, Spool};
use crate::features::title::TitleSketch;

/// Closed text blocks a packer compresses in parallel at a time (~8 MiB of text).
const PARALLEL_BLOCKS: usize = 256;
/// Uncompressed bytes of text per zstd frame: small enough to decompress for one candidate
/// quickly, large enough for the dictionary and the frame overhead to pay off.
const TEXT_BLOCK_TARGET: usize = 32 * 1024;
/// zstd level for texts written by a flush or a merge: fast enough to keep up with ingest.
pub(super) const ZSTD_LEVEL: i32 = 3;

/// zstd level for a full compaction's regrouped texts: an offline rewrite of every text, where
/// size counts more than time. On the 10k crawl's four flush segments (`ddtool compact`, one
/// core) 3 stored 1,799 B of text a page in 0.8-0.9 s, 6 1,595 B (−11%) in 1.1-1.4 s, 9 1,592 B in
/// 1.3-1.8 s and 19 1,549 B in 5.5 s; reading is as fast at every level (BENCHMARKS.md).
pub(super) const REGROUP_LEVEL: i32 = 6;
/// A dictionary is trained when the segment has at least this many documents ...
const DICT_MIN_DOCS: usize = 32;
/// ... and this much text.
const DICT_MIN_BYTES: usize = 128 * 1024;
/// Largest dictionary, and samples fed to the trainer at most.
const DICT_MAX_SIZE: usize = 32 * 1024;
pub(super) const DICT_MAX_SAMPLE_BYTES: usize = 2 << 20;
/// A flush keeps the index's current dictionary unless one trained on its own texts compresses
/// held-out samples at least this much smaller. One dictionary across segments is what lets a
/// merge copy compressed blocks instead of recompressing them.
const DICT_SWITCH_GAIN: f64 = 0.05;
/// Held-out sample bytes compressed to compare two dictionaries.
const DICT_TRIAL_BYTES: usize = 512 * 1024;

/// File name of segment `id`.
pub fn segment_file_name(id: u64) -> String {
    format!("seg-{id:016x}.ddb")
}

/// How a segment stores its texts: a character code, then zstd with a dictionary, both trained
/// on the segment's (or the index's earlier) texts. The empty codec stores UTF-8 without a
/// dictionary.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextCodec {
    /// The zstd dictionary (empty: none).
    pub dict: Vec<u8>,
    /// The character code (empty table: UTF-8).
    pub code: CharCode,
}

impl TextCodec {
    /// The codec `seg`'s texts are stored with.
    pub fn of(seg: &super::Segment) -> Result<TextCodec> {
        Ok(TextCodec { dict: seg.dict_bytes()?.to_vec(), code: seg.char_code().clone() })
    }

    /// True for the empty codec (UTF-8, no dictionary).
    pub fn is_empty(&self) -> bool {
        self.dict.is_empty() && self.code.is_utf8()
    }
}

/// Writes segment `id` into `dir` from `docs` (sorted by doc id), with `deletes` (sorted doc ids
/// of older segments) and without the keys `skip_key` rejects (pruned keys). Texts are stored
/// with `current`, the codec of the index's newest segment (empty: none yet), unless one
/// trained on these texts is clearly better (see `choose_codec`). Returns its path.
pub fn write_segment(
    dir: &Path,
    id: u64,
    docs: &[DocRecord],
    deletes: &[u32],
    skip_key: &(dyn Fn(KeyKind, u64) -> bool + Sync),
    current: &TextCodec,
) -> Result<PathBuf> {
    let path = dir.join(segment_file_name(id));
    if docs.windows(2).any(|w| w[0].doc_id >= w[1].doc_id) {
        return Err(StoreError::Internal { path: path.clone(), what: "documents not in doc-id order".into() });
    }
    let t0 = std::time::Instant::now();
    let mut out = SegmentOut::create(&path, id)?;
    let mut indexes: Vec<(SectionKind, Spool)> = Vec::new();
    let mut n_keys = 0u64;
    // The kinds' tables are built and packed on the worker pool, then written in order.
    let built: Vec<Result<(PackedTable, Vec<u8>)>> = {
        use rayon::prelude::*;
        KeyKind::ALL.par_iter().map(|&kind| build_postings(docs, kind, skip_key, &path)).collect()
    };
    for (kind, table) in KeyKind::ALL.into_iter().zip(built) {
        let (keys, postings) = table?;
        let (ks, ps) = SectionKind::keys_of(kind);
        n_keys += keys.entries;
        out.section(ks, &keys.bodies)?;
        out.section(ps, &postings)?;
        let mut heads = Spool::new(dir);
        heads.write(bytemuck::cast_slice(&keys.heads))?;
        indexes.push((SectionKind::index_of(kind), heads));
    }
    let total_text: u64 = docs.iter().map(|d| d.text.len() as u64).sum();
    let samples: Vec<&str> = sample_evenly(docs.iter().map(|d| d.text.as_str()), total_text);
    let t_keys = t0.elapsed();
    let mut packer = DocPacker::new(dir, &path, choose_codec(&samples, docs.len(), total_text, current), ZSTD_LEVEL)?;
    let t_dict = t0.elapsed();
    let place = place_texts(docs, &mut packer)?;
    out.begin(SectionKind::Docs)?;
    for (d, &(text_block, text_off, text_len)) in docs.iter().zip(&place) {
        let strings_off = packer.put_strings(&d.url, &d.site)?;
        let meta = DocMeta { strings_off, text_block, text_off, text_len, ..meta_of(d) };
        out.put(bytemuck::bytes_of(&meta))?;
    }
    out.end()?;
    out.section(SectionKind::DocTitles, bytemuck::cast_slice(&doc_titles(docs.iter().map(|d| d.title).collect())))?;
    let mut urls: Vec<UrlEntry> =
        docs.iter().map(|d| UrlEntry { url_hash: url_hash(&d.url), doc_id: d.doc_id, reserved: 0 }).collect();
    urls.sort_unstable_by_key(|u| (u.url_hash, u.doc_id));
    out.section(SectionKind::Urls, bytemuck::cast_slice(&urls))?;
    packer.finish(&mut out)?;
    let range = (docs.len() as u32, docs.first().map_or(0, |d| d.doc_id), docs.last().map_or(0, |d| d.doc_id));
    let t_texts = t0.elapsed();
    let path = out.finish_segment(deletes.to_vec(), indexes, n_keys, range)?;
    tracing::debug!(
        file = %path.display(),
        keys_s = t_keys.as_secs_f64(),
        dictionary_s = (t_dict - t_keys).as_secs_f64(),
        texts_s = (t_texts - t_dict).as_secs_f64(),
        bloom_and_sync_s = (t0.elapsed() - t_texts).as_secs_f64(),
        "segment written"
    );
    Ok(path)
}

/// The DocTitles section of documents with these title sketches: empty when none is known.
pub(super) fn doc_titles(titles: Vec<TitleSketch>) -> Vec<TitleSketch> {
    if !titles.iter().any(crate::features::title::known) {
        Vec::new()
    } else {
        titles
    }
}

/// A document's record before its strings and text are placed.
fn meta_of(d: &DocRecord) -> DocMeta {
    DocMeta {
        doc_id: d.doc_id,
        cluster: d.cluster,
        site_id: d.site_id,
        flags: d.flags,
        fetched_at: d.fetched_at,
        exact: d.exact,
        url_hash: url_hash(&d.url),
        strings_off: 0,
        text_block: 0,
        text_off: 0,
        text_len: 0,
        chars: d.chars,
        period_count: d.period.len() as u32,
        fp_count: d.fingerprints.len() as u32,
    }
}

/// A key table packed in memory.
struct PackedTable {
    bodies: Vec<u8>,
    heads: Vec<KeyBlockHead>,
    entries: u64,
}

/// Packed key table and delta-varint postings of one key kind.
fn build_postings(
    docs: &[DocRecord],
    kind: KeyKind,
    skip_key: &(dyn Fn(KeyKind, u64) -> bool + Sync),
    path: &Path,
) -> Result<(PackedTable, Vec<u8>)> {
    let total: usize = docs.iter().map(|d| d.keys(kind).len()).sum();
    let mut pairs: Vec<(u64, u32)> = Vec::with_capacity(total);
    for d in docs {
        pairs.extend(d.keys(kind).iter().filter(|&&k| !skip_key(kind, k)).map(|&k| (k, d.doc_id)));
    }
    {
        use rayon::prelude::*;
        pairs.par_sort_unstable();
    }
    pairs.dedup();
    let mut keys = Vec::new();
    let mut postings = Vec::new();
    let mut ids = Vec::new();
    let mut i = 0;
    while i < pairs.len() {
        let key = pairs[i].0;
        let mut j = i;
        while j < pairs.len() && pairs[j].0 == key {
            j += 1;
        }
        ids.clear();
        ids.extend(pairs[i..j].iter().map(|p| p.1));
        keys.push(encode_list(key, &ids, 0, &mut postings, kind, path)?);
        i = j;
    }
    let (bodies, heads) = pack_table(&keys)?;
    Ok((PackedTable { bodies, heads, entries: keys.len() as u64 }, postings))
}

/// The key entry of a sorted, non-empty doc-id list, appending the list to `postings` (which
/// starts at byte `base` of the postings section) unless it has one id (stored inline).
pub(super) fn encode_list(
    key: u64,
    ids: &[u32],
    base: u64,
    postings: &mut Vec<u8>,
    kind: KeyKind,
    path: &Path,
) -> Result<KeyEntry> {
    let count = ids.len() as u32;
    if let [one] = ids {
        return Ok(KeyEntry { key, value: *one, count });
    }
    let off = u32::try_from(base + postings.len() as u64).map_err(|_| StoreError::TooLarge {
        path: path.to_path_buf(),
        what: format!("{} postings over 4 GiB (flush smaller segments)", kind.name()),
    })?;
    let mut prev = 0u32;
    for &d in ids {
        put_varint(postings, u64::from(d - prev));
        prev = d;
    }
    Ok(KeyEntry { key, value: off, count })
}

/// Up to [`DICT_MAX_SAMPLE_BYTES`] of non-empty texts taken evenly across texts of
/// `total_text` bytes, so that
/// the dictionary sees every part of a large segment, not just its oldest pages.
pub(super) fn sample_evenly<'a>(texts: impl Iterator<Item = &'a str>, total_text: u64) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut taken = 0;
    // Page sizes vary; a stride over documents from the average size, with a byte cap, is
    // close enough.
    let stride = sample_stride(total_text);
    for t in texts.step_by(stride).filter(|t| !t.is_empty()) {
        if taken >= DICT_MAX_SAMPLE_BYTES {
            break;
        }
        taken += t.len();
        out.push(t);
    }
    out
}

/// Take every this many documents as dictionary samples from texts of `total_text` bytes.
pub(super) fn sample_stride(total_text: u64) -> usize {
    usize::try_from(total_text / DICT_MAX_SAMPLE_BYTES as u64).unwrap_or(usize::MAX).max(1)
}

/// A zstd dictionary trained on `samples` for a segment of `total_text` bytes.
fn train_dict(samples: &[&[u8]], total_text: u64) -> Vec<u8> {
    let size = DICT_MAX_SIZE.min(usize::try_from(total_text / 16).unwrap_or(usize::MAX)).max(4096);
    // Training can fail on unhelpful samples; the segment is then written without a dictionary.
    fast_cover(samples, size).unwrap_or_default()
}

/// Segment size (`k`) and d-mer size (`d`, bytes) of zstd's fast COVER trainer. zstd's default
/// trainer (`ZDICT_trainFromBuffer`) tries five segment sizes from 50 to 2,000, each judged by
/// compressing a quarter of the samples one by one, which is not how a segment stores them: on
/// the 10k benchmark crawl, a simulated crawl, People's Daily text and reviews its pick stored
/// texts in 32 KiB blocks 0.1% smaller to 0.3% larger than this one fixed choice (zstd's d-mer
/// size, a middle segment size), for four to seven times the training time (BENCHMARKS.md).
const DICT_K: u32 = 200;
const DICT_D: u32 = 8;

/// A dictionary of at most `capacity` bytes trained on `samples` by zstd's fast COVER trainer
/// with [`DICT_K`] and [`DICT_D`]; `None` when zstd refuses the samples (fewer than five, or
/// too few bytes) or fails.
fn fast_cover(samples: &[&[u8]], capacity: usize) -> Option<Vec<u8>> {
    use zstd::zstd_safe::zstd_sys as sys;
    // The trainer sets a global of zstd's (its message level) on every call: one training at
    // a time, so that a flush and a merge never write it together.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let flat: Vec<u8> = samples.concat();
    let sizes: Vec<usize> = samples.iter().map(|s| s.len()).collect();
    let count = u32::try_from(sizes.len()).ok()?;
    let mut dict = vec![0u8; capacity];
    // zstd's defaults for the rest: f 20 (a 6 MB table), accel 1; steps and the split point
    // only matter to the optimizing trainer (this one trains on every sample); no shrinking;
    // the dictionary id derived from the content, so a flush is reproducible.
    let params = sys::ZDICT_fastCover_params_t {
        k: DICT_K,
        d: DICT_D,
        f: 20,
        steps: 0,
        nbThreads: 0,
        splitPoint: 0.0,
        accel: 1,
        shrinkDict: 0,
        shrinkDictMaxRegression: 0,
        zParams: sys::ZDICT_params_t { compressionLevel: ZSTD_LEVEL, notificationLevel: 0, dictID: 0 },
    };
    // A poisoned lock only means another training panicked; the global is rewritten anyway.
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    // SAFETY: `dict` is writable for `capacity` bytes; `flat` holds exactly the `count` sample
    // sizes listed in `sizes` back to back; zstd reads and writes nothing else of ours, and the
    // lock above keeps its global to one caller. (One 2 MiB allocation zstd makes here is not
    // checked: it fails only where Rust's own allocations would abort the process anyway.)
    let written = unsafe {
        sys::ZDICT_trainFromBuffer_fastCover(
            dict.as_mut_ptr().cast(),
            capacity,
            flat.as_ptr().cast(),
            sizes.as_ptr(),
            count,
            params,
        )
    };
    // SAFETY: takes a return code by value.
    if unsafe { sys::ZDICT_isError(written) } != 0 || written > capacity {
        return None;
    }
    dict.truncate(written);
    Some(dict)
}

/// A codec trained on `samples` when the segment is large enough to pay for one (`docs`
/// documents, `total_text` bytes): the character table first, then the dictionary on the samples
/// in that code. Empty otherwise.
pub(super) fn train_codec(samples: &[&str], docs: usize, total_text: u64) -> TextCodec {
    if docs < DICT_MIN_DOCS || total_text < DICT_MIN_BYTES as u64 || samples.len() < 8 {
        return TextCodec::default();
    }
    let bytes: Vec<&[u8]> = samples.iter().map(|t| t.as_bytes()).collect();
    let code = CharCode::train(&bytes);
    let coded: Vec<Vec<u8>> = samples.iter().map(|t| code.encoded(t)).collect();
    let refs: Vec<&[u8]> = coded.iter().map(Vec::as_slice).collect();
    TextCodec { dict: train_dict(&refs, total_text), code }
}

/// The codec a flush stores its texts with: `current` (the index's newest; empty: none) unless
/// a codec trained on this segment's `samples`, tried on samples it was not trained on, stores
/// them [`DICT_SWITCH_GAIN`] smaller, as when the crawl's language or sites change (or the
/// index's segments predate character codes).
pub(super) fn choose_codec(samples: &[&str], docs: usize, total_text: u64, current: &TextCodec) -> TextCodec {
    if current.is_empty() {
        return train_codec(samples, docs, total_text);
    }
    // Every eighth sample is held out: a dictionary judged on its own training texts looks
    // better than it is.
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (i, t) in samples.iter().enumerate() {
        let side = if i % 8 == 7 { &mut held } else { &mut train };
        side.push(*t);
    }
    let fresh = train_codec(&train, docs, total_text);
    if fresh.is_empty() || held.is_empty() {
        return current.clone();
    }
    match (trial_size(&held, current), trial_size(&held, &fresh)) {
        (Some(old), Some(new)) if (new as f64) < old as f64 * (1.0 - DICT_SWITCH_GAIN) => fresh,
        (None, Some(_)) => fresh,
        _ => current.clone(),
    }
}

/// Stored size of up to [`DICT_TRIAL_BYTES`] of `texts`, coded and packed into text blocks as a
/// segment packs them, with `codec`; `None` if zstd refuses the dictionary.
fn trial_size(texts: &[&str], codec: &TextCodec) -> Option<usize> {
    let prepared = prepare(&codec.dict, ZSTD_LEVEL).ok()?;
    let mut z = compressor(prepared.as_ref(), ZSTD_LEVEL).ok()?;
    let (mut block, mut total, mut taken) = (Vec::with_capacity(TEXT_BLOCK_TARGET * 2), 0usize, 0usize);
    for t in texts {
        if taken >= DICT_TRIAL_BYTES {
            break;
        }
        taken += t.len();
        codec.code.encode(t, &mut block);
        if block.len() >= TEXT_BLOCK_TARGET {
            total += z.compress(&block).ok()?.len();
            block.clear();
        }
    }
    if !block.is_empty() {
        total += z.compress(&block).ok()?.len();
    }
    Some(total)
}

/// `dict` prepared at zstd level `level` for [`compressor`]; `None` for no dictionary. An error
/// when zstd refuses it (one that opens with zstd's magic but whose tables it cannot load, as a
/// segment's Dict section could hold), where preparing it unchecked would panic.
pub(super) fn prepare(dict: &[u8], level: i32) -> std::io::Result<Option<zstd::dict::EncoderDictionary<'static>>> {
    if dict.is_empty() {
        return Ok(None);
    }
    if zstd::zstd_safe::CDict::try_create(dict, level).is_none() {
        let e = "zstd cannot load the text dictionary taken from an existing segment";
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, e));
    }
    Ok(Some(zstd::dict::EncoderDictionary::copy(dict, level)))
}

/// A text compressor at zstd level `level`, with `dict` (see [`prepare`], at the same level) if
/// any.
///
/// The dictionary is attached (its tables referenced) rather than copied into the working
/// tables, which zstd does by default for inputs as large as a text block: a copied dictionary
/// sends every block down zstd's generic external-dictionary path (BENCHMARKS.md, 2026-11-27).
pub(super) fn compressor<'d>(
    dict: Option<&'d zstd::dict::EncoderDictionary<'static>>,
    level: i32,
) -> std::io::Result<zstd::bulk::Compressor<'d>> {
    use zstd::zstd_safe::{CParameter, DictAttachPref};
    match dict {
        Some(d) => {
            let mut z = zstd::bulk::Compressor::with_prepared_dictionary(d)?;
            z.set_parameter(CParameter::ForceAttachDict(DictAttachPref::ForceAttach))?;
            Ok(z)
        }
        None => zstd::bulk::Compressor::new(level),
    }
}

/// Packs documents' strings and texts (zstd blocks): the strings, text index, text and
/// dictionary sections follow the doc table.
///
/// Texts are placed first ([`DocPacker::add_text`], [`DocPacker::add_frame`],
/// [`DocPacker::add_block`]), in whatever order packs them best; a text's block and offset are
/// known as soon as it is placed, so the doc table can then be written in doc-id order. Closed
/// blocks are compressed [`PARALLEL_BLOCKS`] at a time on the worker pool (compression is most
/// of a flush's work, and the workers are idle during a flush) and written in order.
pub(super) struct DocPacker {
    path: PathBuf,
    codec: TextCodec,
    /// The zstd level of the blocks it compresses.
    level: i32,
    /// `dict` prepared once, at `level`, for the compressors of every worker thread.
    prepared: Option<zstd::dict::EncoderDictionary<'static>>,
    /// The open block's texts.
    raw: Vec<u8>,
    /// Closed blocks waiting to be compressed.
    closed: Vec<Vec<u8>>,
    /// Blocks written to `text` (their document counts are filled in at the end).
    blocks: Vec<TextBlock>,
    /// Documents per block, by block index; one entry more than the closed blocks while the
    /// open block holds a document.
    counts: Vec<u32>,
    text: Spool,
    strings: Spool,
}

impl DocPacker {
    /// A packer storing texts with `codec`, compressing at zstd level `level` (frames of any
    /// level read alike).
    pub(super) fn new(dir: &Path, path: &Path, codec: TextCodec, level: i32) -> Result<DocPacker> {
        let prepared = prepare(&codec.dict, level).map_err(|e| StoreError::io(path, e))?;
        Ok(DocPacker {
            path: path.to_path_buf(),
            codec,
            level,
            prepared,
            raw: Vec::with_capacity(TEXT_BLOCK_TARGET * 2),
            closed: Vec::new(),
            blocks: Vec::new(),
            counts: Vec::new(),
            text: Spool::new(dir),
            strings: Spool::new(dir),
        })
    }

    /// The codec texts are stored with.
    pub(super) fn codec(&self) -> &TextCodec {
        &self.codec
    }

    /// Blocks so far, the open one included if it holds a document.
    pub(super) fn block_count(&self) -> u32 {
        self.counts.len() as u32
    }

    /// Documents counted in block `b` so far.
    pub(super) fn doc_count_of(&self, b: u32) -> Option<u32> {
        self.counts.get(b as usize).copied()
    }

    /// Index of the block the next text goes into.
    pub(super) fn next_block(&self) -> u32 {
        (self.blocks.len() + self.closed.len()) as u32
    }

    /// Stores a document's URL and site; returns where they start in Strings.
    pub(super) fn put_strings(&mut self, url: &str, site: &str) -> Result<u64> {
        let at = self.strings.len();
        let mut s = Vec::with_capacity(url.len() + site.len() + 4);
        put_varint(&mut s, url.len() as u64);
        s.extend_from_slice(url.as_bytes());
        put_varint(&mut s, site.len() as u64);
        s.extend_from_slice(site.as_bytes());
        self.strings.write(&s)?;
        Ok(at)
    }

    /// Appends a text already in the packer's character code to the open block; returns
    /// (block, offset). The block closes once it reaches [`TEXT_BLOCK_TARGET`].
    pub(super) fn add_text(&mut self, text: &[u8]) -> Result<(u32, u32)> {
        let block = self.next_block();
        // Offsets are u32: the block's end must fit, and then so does the text's start.
        if u32::try_from(self.raw.len() + text.len()).is_err() {
            return Err(StoreError::TooLarge { path: self.path.clone(), what: "a text block over 4 GiB".into() });
        }
        let off = self.raw.len() as u32;
        self.raw.extend_from_slice(text);
        if self.counts.len() == block as usize {
            self.counts.push(0);
        }
        self.counts[block as usize] += 1;
        if self.raw.len() >= TEXT_BLOCK_TARGET {
            self.close_block()?;
        }
        Ok((block, off))
    }

    /// Counts one more document whose text is the one already placed in `block`.
    pub(super) fn share(&mut self, block: u32) {
        if let Some(c) = self.counts.get_mut(block as usize) {
            *c += 1;
        }
    }

    /// Called before the texts of a group that belong together (a cluster), `bytes` of them:
    /// closes a block at least half full that they would take past 1.5 times the target, so
    /// that a group is split across frames less often.
    pub(super) fn before_group(&mut self, bytes: usize) -> Result<()> {
        let open = self.raw.len();
        if open >= TEXT_BLOCK_TARGET / 2 && open + bytes > TEXT_BLOCK_TARGET * 3 / 2 {
            self.close_block()?;
        }
        Ok(())
    }

    /// Appends `frame`, a block of another segment compressed with this packer's dictionary
    /// (`raw_len` bytes decompressed) holding the texts of `doc_count` documents, after closing
    /// the open block. Returns the block's index.
    pub(super) fn add_frame(&mut self, frame: &[u8], raw_len: u32, doc_count: u32) -> Result<u32> {
        self.close_block()?;
        self.compress_closed()?;
        let index = self.next_block();
        self.blocks.push(TextBlock {
            offset: self.text.len(),
            comp_len: frame.len() as u32,
            raw_len,
            reserved: 0,
            doc_count,
        });
        self.counts.push(doc_count);
        self.text.write(frame)?;
        Ok(index)
    }

    /// Appends `raw` as one block of its own holding the texts of `doc_count` documents, after
    /// closing the open block. Returns the block's index.
    pub(super) fn add_block(&mut self, raw: Vec<u8>, doc_count: u32) -> Result<u32> {
        self.close_block()?;
        let index = self.next_block();
        self.closed.push(raw);
        self.counts.push(doc_count);
        if self.closed.len() >= PARALLEL_BLOCKS {
            self.compress_closed()?;
        }
        Ok(index)
    }

    /// Closes the open block, if it holds a document.
    pub(super) fn close_block(&mut self) -> Result<()> {
        if self.counts.len() == self.next_block() as usize {
            return Ok(());
        }
        let raw = std::mem::replace(&mut self.raw, Vec::with_capacity(TEXT_BLOCK_TARGET * 2));
        self.closed.push(raw);
        if self.closed.len() >= PARALLEL_BLOCKS {
            self.compress_closed()?;
        }
        Ok(())
    }

    /// Compresses the closed blocks on the worker pool and writes them in order.
    fn compress_closed(&mut self) -> Result<()> {
        use rayon::prelude::*;
        let (prepared, level) = (self.prepared.as_ref(), self.level);
        let frames: Vec<std::io::Result<Vec<u8>>> = self
            .closed
            .par_iter()
            .map_init(
                || compressor(prepared, level),
                |z, raw| match z {
                    Ok(z) => z.compress(raw),
                    Err(e) => Err(std::io::Error::new(e.kind(), e.to_string())),
                },
            )
            .collect();
        for (raw, frame) in self.closed.drain(..).zip(frames) {
            let frame = frame.map_err(|e| StoreError::io(&self.path, e))?;
            self.blocks.push(TextBlock {
                offset: self.text.len(),
                comp_len: frame.len() as u32,
                raw_len: raw.len() as u32,
                reserved: 0,
                doc_count: 0,
            });
            self.text.write(&frame)?;
        }
        Ok(())
    }

    /// Writes the strings, text index, text and dictionary sections.
    pub(super) fn finish(mut self, out: &mut SegmentOut) -> Result<()> {
        self.close_block()?;
        self.compress_closed()?;
        for (b, &c) in self.blocks.iter_mut().zip(&self.counts) {
            b.doc_count = c;
        }
        out.section_from(SectionKind::Strings, self.strings)?;
        out.section(SectionKind::TextIndex, bytemuck::cast_slice(&self.blocks))?;
        out.section_from(SectionKind::Text, self.text)?;
        out.section(SectionKind::Dict, &self.codec.dict)?;
        out.section(SectionKind::CharCode, &self.codec.code.to_bytes())
    }
}

/// Places the texts of `docs` (a flush) in `packer`; returns each document's (block, offset).
///
/// Texts go in cluster order (a cluster's pages one after another, clusters by id, which is the
/// doc id of their first page), so near-duplicates share a zstd frame and compress against each
/// other: on a crawl where half the pages are near-copies this stores 15-30% fewer text bytes
/// than doc-id order. A text equal to one already placed in this segment is not stored again;
/// the documents share it. Before a cluster that would not fit, a block at least half full is
/// closed, so that a cluster is split across frames less often.
fn place_texts(docs: &[DocRecord], packer: &mut DocPacker) -> Result<Vec<(u32, u32, u32)>> {
    use std::collections::HashMap;
    let mut order: Vec<usize> = (0..docs.len()).collect();
    order.sort_unstable_by_key(|&i| (docs[i].cluster, docs[i].doc_id));
    // The first document holding each distinct text, in text order.
    let mut first_of: HashMap<(u64, usize), usize> = HashMap::new();
    let mut copy_of: Vec<Option<usize>> = vec![None; docs.len()];
    for &i in &order {
        let d = &docs[i];
        match first_of.entry((xxhash_rust::xxh3::xxh3_64(d.text.as_bytes()), d.text.len())) {
            std::collections::hash_map::Entry::Occupied(e) => {
                // Equal hashes are confirmed byte for byte.
                if docs[*e.get()].text == d.text {
                    copy_of[i] = Some(*e.get());
                }
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(i);
            }
        }
    }
    drop(first_of);
    let mut place = vec![(0u32, 0u32, 0u32); docs.len()];
    // The cluster's distinct texts in the packer's code, back to back, and where each lies.
    let (mut coded, mut spans) = (Vec::new(), Vec::new());
    let mut g = 0;
    while g < order.len() {
        let cluster = docs[order[g]].cluster;
        let end = g + order[g..].iter().take_while(|&&i| docs[i].cluster == cluster).count();
        coded.clear();
        spans.clear();
        for &i in order[g..end].iter().filter(|&&i| copy_of[i].is_none()) {
            let start = coded.len();
            packer.codec.code.encode(&docs[i].text, &mut coded);
            spans.push(start..coded.len());
        }
        packer.before_group(coded.len())?;
        let mut spans = spans.drain(..);
        for &i in &order[g..end] {
            place[i] = match copy_of[i] {
                Some(first) => {
                    packer.share(place[first].0);
                    place[first]
                }
                None => {
                    // (One span per distinct text, pushed in this order above.)
                    let span = spans.next().unwrap_or_default();
                    let len = u32::try_from(span.len()).map_err(|_| StoreError::TooLarge {
                        path: docs[i].url.clone().into(),
                        what: "a text over 4 GiB".into(),
                    })?;
                    let (block, off) = packer.add_text(&coded[span])?;
                    (block, off, len)
                }
            };
        }
        g = end;
    }
    Ok(place)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trainer_gives_a_dictionary_zstd_loads_or_none() {
        // Samples with shared words and phrases: a dictionary within the capacity, which zstd
        // loads and which stores such text smaller than no dictionary.
        let mut rng = crate::testutil::Rng::new(7);
        let mut text = || -> String { (0..20).map(|_| crate::testutil::sentence(true, &mut rng)).collect() };
        let samples: Vec<String> = (0..400).map(|_| text()).collect();
        let refs: Vec<&[u8]> = samples.iter().map(|s| s.as_bytes()).collect();
        let dict = fast_cover(&refs, 8192).expect("a dictionary");
        assert!(!dict.is_empty() && dict.len() <= 8192, "{} bytes", dict.len());
        assert!(zstd::zstd_safe::CDict::try_create(&dict, ZSTD_LEVEL).is_some());
        let held: Vec<String> = (0..8).map(|_| text()).collect();
        let held: Vec<&str> = held.iter().map(String::as_str).collect();
        let with = TextCodec { dict, code: CharCode::default() };
        let with = trial_size(&held, &with).expect("zstd takes the dictionary");
        let without = trial_size(&held, &TextCodec::default()).expect("no dictionary");
        assert!(with < without, "{with} B with the dictionary, {without} B without");
        // Samples zstd refuses (fewer than five): no dictionary, not an error.
        assert_eq!(fast_cover(&[b"ab".as_slice(); 3], 8192), None);
        assert_eq!(fast_cover(&[], 8192), None);
    }

    #[test]
    fn a_dictionary_zstd_refuses_is_an_error_not_a_panic() {
        // zstd's dictionary magic, an id, then tables that do not parse.
        let mut dict = vec![0x37, 0xa4, 0x30, 0xec, 1, 0, 0, 0];
        dict.extend(std::iter::repeat_n(0xff, 200));
        let bad = TextCodec { dict, code: CharCode::default() };
        let texts = ["城市更新工作推进了河道治理项目。"; 40];
        assert_eq!(trial_size(&texts, &bad), None);
        assert!(trial_size(&texts, &TextCodec::default()).is_some());
        // A flush whose index's newest codec is refused takes a codec of its own.
        let (docs, total) = (texts.len(), (texts.len() * texts[0].len()) as u64);
        assert_ne!(
            choose_codec(&texts, docs.max(DICT_MIN_DOCS), total.max(DICT_MIN_BYTES as u64), &bad).dict,
            bad.dict
        );
        let dir = tempfile::tempdir().expect("tempdir");
        let err = DocPacker::new(dir.path(), &dir.path().join("seg"), bad, ZSTD_LEVEL).err().expect("refused");
        assert!(err.to_string().contains("cannot load the text dictionary"), "{err}");
    }

    /// Texts per block when texts of `lens` bytes are packed, in order.
    fn block_ranges(lens: &[usize]) -> Vec<std::ops::Range<usize>> {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut packer =
            DocPacker::new(dir.path(), &dir.path().join("seg"), TextCodec::default(), ZSTD_LEVEL).expect("packer");
        let mut of_text = Vec::new();
        for &len in lens {
            of_text.push(packer.add_text(&vec![b'x'; len]).expect("add").0 as usize);
        }
        packer.close_block().expect("close");
        packer.compress_closed().expect("compress");
        assert_eq!(packer.blocks.len(), of_text.last().map_or(0, |b| b + 1));
        let mut out: Vec<std::ops::Range<usize>> = Vec::new();
        for (i, &b) in of_text.iter().enumerate() {
            match out.get_mut(b) {
                Some(r) => r.end = i + 1,
                None => out.push(i..i + 1),
            }
        }
        out
    }

    #[test]
    fn a_half_full_block_closes_before_a_group_that_would_overflow_it() {
        let t = TEXT_BLOCK_TARGET;
        let dir = tempfile::tempdir().expect("tempdir");
        let mut packer =
            DocPacker::new(dir.path(), &dir.path().join("seg"), TextCodec::default(), ZSTD_LEVEL).expect("packer");
        assert_eq!(packer.add_text(&vec![b'x'; t / 2]).expect("add").0, 0);
        // A small group fits: the block stays open.
        packer.before_group(t / 4).expect("group");
        assert_eq!(packer.add_text(&vec![b'x'; t / 8]).expect("add").0, 0);
        // A group that would take the block past 1.5 targets closes it first.
        packer.before_group(t).expect("group");
        assert_eq!(packer.add_text(&vec![b'x'; t / 8]).expect("add").0, 1);
        // A block under half full stays open whatever comes.
        packer.before_group(4 * t).expect("group");
        assert_eq!(packer.add_text(&[b'x'; 10]).expect("add").0, 1);
    }

    #[test]
    fn blocks_close_once_they_reach_the_target() {
        let t = TEXT_BLOCK_TARGET;
        assert_eq!(block_ranges(&[10, t - 10, 5, 5]), vec![0..2, 2..4]);
        assert_eq!(block_ranges(&[3 * t, 0, 1]), vec![0..1, 1..3]);
        assert_eq!(block_ranges(&[t - 1, 1, t - 2]), vec![0..2, 2..3]);
        assert!(block_ranges(&[]).is_empty());
    }

    #[test]
    fn texts_go_in_cluster_order_and_exact_copies_are_stored_once() {
        use crate::store::doc::{random_article as article, sample};
        use crate::store::segment::Segment;
        // Thirty originals, then an exact copy of each, then an edited copy of each: doc-id order
        // puts an article's versions far apart.
        let mut docs: Vec<DocRecord> = (0..30).map(|k| sample(1 + k, &article(k, 0))).collect();
        for (first, edit) in [(31, 0), (61, 1)] {
            for k in 0..30 {
                let mut d = sample(first + k, &article(k, edit));
                d.cluster = 1 + k;
                docs.push(d);
            }
        }
        let dir = tempfile::tempdir().expect("tempdir");
        let none = |_: KeyKind, _: u64| false;
        let seg =
            Segment::open(&write_segment(dir.path(), 1, &docs, &[], &none, &TextCodec::default()).expect("write"))
                .expect("open");
        assert!(seg.verify().is_empty(), "{:?}", seg.verify());
        let metas = seg.docs().expect("docs");
        for (d, m) in docs.iter().zip(metas) {
            let block = seg.text_block(m.text_block).expect("block");
            assert_eq!(seg.text_in(m, &block).expect("text"), d.text, "doc {}", d.doc_id);
        }
        let at = |m: &DocMeta| (m.text_block, m.text_off);
        for k in 0..30 {
            assert_eq!(at(&metas[k]), at(&metas[30 + k]), "an exact copy shares its original's text");
            assert_ne!(at(&metas[k]), at(&metas[60 + k]), "an edited copy has a text of its own");
        }
        let blocks: Vec<TextBlock> =
            (0..seg.text_block_count().expect("count")).map(|b| seg.text_frame(b).expect("frame").0).collect();
        let raw: u64 = blocks.iter().map(|b| u64::from(b.raw_len)).sum();
        let code = seg.char_code();
        let distinct: u64 = docs[..30].iter().chain(&docs[60..]).map(|d| code.encoded(&d.text).len() as u64).sum();
        assert_eq!(raw, distinct, "each distinct text is stored once");
        assert_eq!(blocks.iter().map(|b| b.doc_count).sum::<u32>(), 90);
        // In storage order, every cluster's texts are one run.
        let mut stored: Vec<&DocMeta> = metas.iter().collect();
        stored.sort_by_key(|m| at(m));
        let mut runs: Vec<u32> = stored.iter().map(|m| m.cluster).collect();
        runs.dedup();
        assert_eq!(runs.len(), 30, "clusters interleaved in storage: {runs:?}");
        // Versions side by side compress against each other: the same pages, each its own
        // cluster, take clearly more room.
        let lone: Vec<DocRecord> = docs.iter().map(|d| DocRecord { cluster: d.doc_id, ..d.clone() }).collect();
        let seg_lone =
            Segment::open(&write_segment(dir.path(), 2, &lone, &[], &none, &TextCodec::default()).expect("write"))
                .expect("open");
        let (grouped, apart) = (seg.section_len(SectionKind::Text), seg_lone.section_len(SectionKind::Text));
        assert!(grouped * 10 < apart * 7, "grouped {grouped} B, apart {apart} B");
    }
}
