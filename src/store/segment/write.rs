//! Building a segment file from documents in memory (a memtable flush), and the parts a merge
//! shares: the text packer and dictionary training.

use std::path::{Path, PathBuf};

use super::super::doc::DocRecord;
use super::super::error::{Result, StoreError};
use super::super::format::*;
use super::out::{SegmentOut, Spool};

/// Closed text blocks a packer compresses in parallel at a time (~8 MiB of text).
const PARALLEL_BLOCKS: usize = 256;
/// Uncompressed bytes of text per zstd frame: small enough to decompress for one candidate
/// quickly, large enough for the dictionary and the frame overhead to pay off.
const TEXT_BLOCK_TARGET: usize = 32 * 1024;
/// zstd level for texts.
const ZSTD_LEVEL: i32 = 3;
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

/// Writes segment `id` into `dir` from `docs` (sorted by doc id), with `deletes` (sorted doc ids
/// of older segments) and without the keys `skip_key` rejects (pruned keys). Texts are
/// compressed with `current_dict`, the index's newest dictionary (empty: none yet), unless one
/// trained on these texts is clearly better (see [`choose_dict`]). Returns its path.
pub fn write_segment(
    dir: &Path,
    id: u64,
    docs: &[DocRecord],
    deletes: &[u32],
    skip_key: &(dyn Fn(KeyKind, u64) -> bool + Sync),
    current_dict: &[u8],
) -> Result<PathBuf> {
    let path = dir.join(segment_file_name(id));
    if docs.windows(2).any(|w| w[0].doc_id >= w[1].doc_id) {
        return Err(StoreError::Limit(format!("{}: documents not in doc-id order", path.display())));
    }
    let t0 = std::time::Instant::now();
    let mut out = SegmentOut::create(&path, id)?;
    let mut fences: Vec<(SectionKind, Vec<u64>)> = Vec::new();
    let mut n_keys = 0u64;
    // The kinds' tables are built on the worker pool, then written in order.
    let built: Vec<Result<(Vec<KeyEntry>, Vec<u8>)>> = {
        use rayon::prelude::*;
        KeyKind::ALL.par_iter().map(|&kind| build_postings(docs, kind, skip_key, &path)).collect()
    };
    for (kind, table) in KeyKind::ALL.into_iter().zip(built) {
        let (keys, postings) = table?;
        let (ks, ps) = SectionKind::keys_of(kind);
        fences.push((SectionKind::fences_of(kind), keys.iter().step_by(FENCE_STRIDE).map(|e| e.key).collect()));
        n_keys += keys.len() as u64;
        out.section(ks, bytemuck::cast_slice(&keys))?;
        out.section(ps, &postings)?;
    }
    let total_text: u64 = docs.iter().map(|d| d.text.len() as u64).sum();
    let samples: Vec<&[u8]> = sample_evenly(docs.iter().map(|d| d.text.as_bytes()), total_text);
    let t_keys = t0.elapsed();
    let mut packer = DocPacker::new(dir, &path, choose_dict(&samples, docs.len(), total_text, current_dict))?;
    let t_dict = t0.elapsed();
    out.begin(SectionKind::Docs)?;
    for d in docs {
        let meta = packer.add(meta_of(d)?, &d.url, &d.site, d.text.as_bytes())?;
        out.put(bytemuck::bytes_of(&meta))?;
    }
    out.end()?;
    let mut urls: Vec<UrlEntry> =
        docs.iter().map(|d| UrlEntry { url_hash: url_hash(&d.url), doc_id: d.doc_id, reserved: 0 }).collect();
    urls.sort_unstable_by_key(|u| (u.url_hash, u.doc_id));
    out.section(SectionKind::Urls, bytemuck::cast_slice(&urls))?;
    packer.finish(&mut out)?;
    let range = (docs.len() as u32, docs.first().map_or(0, |d| d.doc_id), docs.last().map_or(0, |d| d.doc_id));
    let t_texts = t0.elapsed();
    let path = out.finish_segment(deletes.to_vec(), fences, n_keys, range)?;
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

/// A document's record before its strings and text are placed.
fn meta_of(d: &DocRecord) -> Result<DocMeta> {
    let text_len = u32::try_from(d.text.len()).map_err(|_| StoreError::Limit(format!("{}: text over 4 GiB", d.url)))?;
    Ok(DocMeta {
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
        text_len,
        chars: d.chars,
        period_count: d.period.len() as u32,
        fp_count: d.fingerprints.len() as u32,
    })
}

/// Key table and delta-varint postings of one key kind.
fn build_postings(
    docs: &[DocRecord],
    kind: KeyKind,
    skip_key: &(dyn Fn(KeyKind, u64) -> bool + Sync),
    path: &Path,
) -> Result<(Vec<KeyEntry>, Vec<u8>)> {
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
    Ok((keys, postings))
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
    let off = u32::try_from(base + postings.len() as u64).map_err(|_| {
        StoreError::Limit(format!("{}: {} postings exceed 4 GiB; flush smaller segments", path.display(), kind.name()))
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
pub(super) fn sample_evenly<'a>(texts: impl Iterator<Item = &'a [u8]>, total_text: u64) -> Vec<&'a [u8]> {
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

/// A zstd dictionary trained on `samples` when the segment is large enough to pay for one
/// (`docs` documents, `total_text` bytes); empty otherwise.
pub(super) fn train_dict(samples: &[&[u8]], docs: usize, total_text: u64) -> Vec<u8> {
    if docs < DICT_MIN_DOCS || total_text < DICT_MIN_BYTES as u64 || samples.len() < 8 {
        return Vec::new();
    }
    let size = DICT_MAX_SIZE.min(usize::try_from(total_text / 16).unwrap_or(usize::MAX)).max(4096);
    // Training can fail on unhelpful samples; the segment is then written without a dictionary.
    zstd::dict::from_samples(samples, size).unwrap_or_default()
}

/// The dictionary a flush compresses with: `current` (the index's newest; empty: none) unless a
/// dictionary trained on this segment's `samples`, tried on samples it was not trained on,
/// compresses them [`DICT_SWITCH_GAIN`] smaller, as when the crawl's language or sites change.
pub(super) fn choose_dict(samples: &[&[u8]], docs: usize, total_text: u64, current: &[u8]) -> Vec<u8> {
    if current.is_empty() {
        return train_dict(samples, docs, total_text);
    }
    // Every eighth sample is held out: a dictionary judged on its own training texts looks
    // better than it is.
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (i, t) in samples.iter().enumerate() {
        let side = if i % 8 == 7 { &mut held } else { &mut train };
        side.push(*t);
    }
    let fresh = train_dict(&train, docs, total_text);
    if fresh.is_empty() || held.is_empty() {
        return current.to_vec();
    }
    match (trial_size(&held, current), trial_size(&held, &fresh)) {
        (Some(old), Some(new)) if (new as f64) < old as f64 * (1.0 - DICT_SWITCH_GAIN) => fresh,
        (None, Some(_)) => fresh,
        _ => current.to_vec(),
    }
}

/// Compressed size of up to [`DICT_TRIAL_BYTES`] of `texts`, packed into text blocks as a
/// segment packs them, with `dict`; `None` if zstd refuses the dictionary.
fn trial_size(texts: &[&[u8]], dict: &[u8]) -> Option<usize> {
    let mut z = zstd::bulk::Compressor::with_dictionary(ZSTD_LEVEL, dict).ok()?;
    let (mut block, mut total, mut taken) = (Vec::with_capacity(TEXT_BLOCK_TARGET * 2), 0usize, 0usize);
    for t in texts {
        if taken >= DICT_TRIAL_BYTES {
            break;
        }
        taken += t.len();
        block.extend_from_slice(t);
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

/// Packs documents' strings and texts (zstd blocks) while their [`DocMeta`] records are written:
/// the strings, text index, text and dictionary sections follow the doc table.
///
/// A document's block and offset are known as soon as it is added; the blocks themselves are
/// compressed [`PARALLEL_BLOCKS`] at a time on the worker pool (compression is most of a
/// flush's work, and the workers are idle during a flush) and written in order.
pub(super) struct DocPacker {
    path: PathBuf,
    dict: Vec<u8>,
    /// `dict` prepared once for the compressors of every worker thread.
    prepared: Option<zstd::dict::EncoderDictionary<'static>>,
    /// The open block's texts.
    raw: Vec<u8>,
    /// Closed blocks waiting to be compressed: (texts, first doc, documents).
    closed: Vec<(Vec<u8>, u32, u32)>,
    /// Blocks written to `text`.
    blocks: Vec<TextBlock>,
    text: Spool,
    strings: Spool,
    block_first: u32,
    docs: u32,
}

impl DocPacker {
    /// A packer compressing with `dict` (empty: no dictionary).
    pub(super) fn new(dir: &Path, path: &Path, dict: Vec<u8>) -> Result<DocPacker> {
        let prepared = (!dict.is_empty()).then(|| zstd::dict::EncoderDictionary::copy(&dict, ZSTD_LEVEL));
        Ok(DocPacker {
            path: path.to_path_buf(),
            dict,
            prepared,
            raw: Vec::with_capacity(TEXT_BLOCK_TARGET * 2),
            closed: Vec::new(),
            blocks: Vec::new(),
            text: Spool::new(dir),
            strings: Spool::new(dir),
            block_first: 0,
            docs: 0,
        })
    }

    /// The dictionary blocks are compressed with (empty: none).
    pub(super) fn dict(&self) -> &[u8] {
        &self.dict
    }

    /// Stores a document's URL and site; returns where they start in Strings.
    fn put_strings(&mut self, url: &str, site: &str) -> Result<u64> {
        let at = self.strings.len();
        let mut s = Vec::with_capacity(url.len() + site.len() + 4);
        put_varint(&mut s, url.len() as u64);
        s.extend_from_slice(url.as_bytes());
        put_varint(&mut s, site.len() as u64);
        s.extend_from_slice(site.as_bytes());
        self.strings.write(&s)?;
        Ok(at)
    }

    /// Appends `frame`, a block of another segment compressed with this packer's dictionary
    /// (`raw_len` bytes decompressed), for the next `doc_count` documents, which must then be
    /// added with [`DocPacker::add_in_frame`]. Returns the block's index.
    pub(super) fn add_frame(&mut self, frame: &[u8], raw_len: u32, doc_count: u32) -> Result<u32> {
        if self.docs > self.block_first {
            self.close_block()?;
        }
        self.compress_closed()?;
        let index = self.blocks.len() as u32;
        self.blocks.push(TextBlock {
            offset: self.text.len(),
            comp_len: frame.len() as u32,
            raw_len,
            first_doc: self.docs,
            doc_count,
        });
        self.text.write(frame)?;
        Ok(index)
    }

    /// Stores the strings of a document whose text is in block `block` (from
    /// [`DocPacker::add_frame`]) at the offset `meta` already has; returns `meta` with the new
    /// places.
    pub(super) fn add_in_frame(&mut self, mut meta: DocMeta, block: u32, url: &str, site: &str) -> Result<DocMeta> {
        meta.strings_off = self.put_strings(url, site)?;
        meta.text_block = block;
        self.docs += 1;
        self.block_first = self.docs;
        Ok(meta)
    }

    /// Stores a document's strings and text; returns `meta` with their places filled in.
    pub(super) fn add(&mut self, mut meta: DocMeta, url: &str, site: &str, text: &[u8]) -> Result<DocMeta> {
        meta.strings_off = self.put_strings(url, site)?;
        meta.text_block = (self.blocks.len() + self.closed.len()) as u32;
        meta.text_off = self.raw.len() as u32;
        meta.text_len = text.len() as u32;
        self.raw.extend_from_slice(text);
        self.docs += 1;
        if self.raw.len() >= TEXT_BLOCK_TARGET {
            self.close_block()?;
        }
        Ok(meta)
    }

    fn close_block(&mut self) -> Result<()> {
        let raw = std::mem::replace(&mut self.raw, Vec::with_capacity(TEXT_BLOCK_TARGET * 2));
        self.closed.push((raw, self.block_first, self.docs - self.block_first));
        self.block_first = self.docs;
        if self.closed.len() >= PARALLEL_BLOCKS {
            self.compress_closed()?;
        }
        Ok(())
    }

    /// Compresses the closed blocks on the worker pool and writes them in order.
    fn compress_closed(&mut self) -> Result<()> {
        use rayon::prelude::*;
        let prepared = self.prepared.as_ref();
        let frames: Vec<std::io::Result<Vec<u8>>> = self
            .closed
            .par_iter()
            .map_init(
                || match prepared {
                    Some(d) => zstd::bulk::Compressor::with_prepared_dictionary(d),
                    None => zstd::bulk::Compressor::new(ZSTD_LEVEL),
                },
                |z, (raw, _, _)| match z {
                    Ok(z) => z.compress(raw),
                    Err(e) => Err(std::io::Error::new(e.kind(), e.to_string())),
                },
            )
            .collect();
        for ((raw, first_doc, doc_count), frame) in self.closed.drain(..).zip(frames) {
            let frame = frame.map_err(|e| StoreError::io(&self.path, e))?;
            self.blocks.push(TextBlock {
                offset: self.text.len(),
                comp_len: frame.len() as u32,
                raw_len: raw.len() as u32,
                first_doc,
                doc_count,
            });
            self.text.write(&frame)?;
        }
        Ok(())
    }

    /// Writes the strings, text index, text and dictionary sections.
    pub(super) fn finish(mut self, out: &mut SegmentOut) -> Result<()> {
        if self.docs > self.block_first {
            self.close_block()?;
        }
        self.compress_closed()?;
        out.section_from(SectionKind::Strings, self.strings)?;
        out.section(SectionKind::TextIndex, bytemuck::cast_slice(&self.blocks))?;
        out.section_from(SectionKind::Text, self.text)?;
        out.section(SectionKind::Dict, &self.dict)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Documents per block when texts of `lens` bytes are packed, in order.
    fn block_ranges(lens: &[usize]) -> Vec<std::ops::Range<usize>> {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut packer = DocPacker::new(dir.path(), &dir.path().join("seg"), Vec::new()).expect("packer");
        for &len in lens {
            packer.add(bytemuck::Zeroable::zeroed(), "u", "s", &vec![b'x'; len]).expect("add");
        }
        if packer.docs > packer.block_first {
            packer.close_block().expect("close");
        }
        packer.compress_closed().expect("compress");
        packer.blocks.iter().map(|b| b.first_doc as usize..(b.first_doc + b.doc_count) as usize).collect()
    }

    #[test]
    fn blocks_close_once_they_reach_the_target() {
        let t = TEXT_BLOCK_TARGET;
        assert_eq!(block_ranges(&[10, t - 10, 5, 5]), vec![0..2, 2..4]);
        assert_eq!(block_ranges(&[3 * t, 0, 1]), vec![0..1, 1..3]);
        assert_eq!(block_ranges(&[t - 1, 1, t - 2]), vec![0..2, 2..3]);
        assert!(block_ranges(&[]).is_empty());
    }
}
