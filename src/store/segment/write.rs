//! Building a segment file from documents.

use std::path::{Path, PathBuf};

use bytemuck::Zeroable;

use super::super::doc::DocRecord;
use super::super::error::{Result, StoreError};
use super::super::format::*;
use super::super::fsutil::write_atomic;

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
const DICT_MAX_SAMPLE_BYTES: usize = 2 << 20;

/// File name of segment `id`.
pub fn segment_file_name(id: u64) -> String {
    format!("seg-{id:016x}.ddb")
}

/// Writes segment `id` into `dir` from `docs` (sorted by doc id), with `deletes` (sorted doc ids
/// of older segments) and without the keys `skip_key` rejects (pruned keys). Returns its path.
pub fn write_segment(
    dir: &Path,
    id: u64,
    docs: &[DocRecord],
    deletes: &[u32],
    skip_key: &dyn Fn(KeyKind, u64) -> bool,
) -> Result<PathBuf> {
    let path = dir.join(segment_file_name(id));
    if docs.windows(2).any(|w| w[0].doc_id >= w[1].doc_id) {
        return Err(StoreError::Limit(format!("{}: documents not in doc-id order", path.display())));
    }
    let mut sections: Vec<(SectionKind, Vec<u8>)> = Vec::with_capacity(SectionKind::ALL.len());
    let mut fences: Vec<(SectionKind, Vec<u8>)> = Vec::new();
    let mut all_keys: Vec<(KeyKind, u64)> = Vec::new();
    for kind in KeyKind::ALL {
        let (keys, postings) = build_postings(docs, kind, skip_key, &path)?;
        let (ks, ps) = SectionKind::keys_of(kind);
        let f: Vec<u64> = keys.iter().step_by(FENCE_STRIDE).map(|e| e.key).collect();
        fences.push((SectionKind::fences_of(kind), bytemuck::cast_slice(&f).to_vec()));
        all_keys.extend(keys.iter().map(|e| (kind, e.key)));
        sections.push((ks, bytemuck::cast_slice(&keys).to_vec()));
        sections.push((ps, postings));
    }
    let (metas, strings, text_index, text, dict) = build_docs_and_text(docs, &path)?;
    sections.push((SectionKind::Docs, bytemuck::cast_slice(&metas).to_vec()));
    let mut urls: Vec<UrlEntry> =
        docs.iter().map(|d| UrlEntry { url_hash: url_hash(&d.url), doc_id: d.doc_id, reserved: 0 }).collect();
    urls.sort_unstable_by_key(|u| (u.url_hash, u.doc_id));
    sections.push((SectionKind::Urls, bytemuck::cast_slice(&urls).to_vec()));
    sections.push((SectionKind::Strings, strings));
    sections.push((SectionKind::TextIndex, bytemuck::cast_slice(&text_index).to_vec()));
    sections.push((SectionKind::Text, text));
    sections.push((SectionKind::Dict, dict));
    let mut del = deletes.to_vec();
    del.sort_unstable();
    del.dedup();
    sections.push((SectionKind::Deletes, bytemuck::cast_slice(&del).to_vec()));
    sections.extend(fences);
    sections.push((SectionKind::Bloom, bytemuck::cast_slice(&bloom(&all_keys)).to_vec()));

    let header_len = std::mem::size_of::<SegmentHeader>();
    let mut file: Vec<u8> = Vec::with_capacity(header_len + sections.iter().map(|s| s.1.len() + 8).sum::<usize>());
    let mut header =
        SegmentHeader { magic: SEGMENT_MAGIC, version: FORMAT_VERSION, segment_id: id, ..Zeroable::zeroed() };
    header.crc = crc32fast::hash(&bytemuck::bytes_of(&header)[..28]);
    file.extend_from_slice(bytemuck::bytes_of(&header));
    let mut table: Vec<SectionEntry> = Vec::with_capacity(SectionKind::ALL.len());
    for (kind, bytes) in &sections {
        pad8(&mut file);
        table.push(SectionEntry {
            kind: *kind as u32,
            reserved: 0,
            offset: file.len() as u64,
            len: bytes.len() as u64,
        });
        file.extend_from_slice(bytes);
    }
    pad8(&mut file);
    // Page checksums over the data region: from the end of the header to here.
    let page_crcs: Vec<u32> = file[header_len..].chunks(PAGE_SIZE).map(crc32fast::hash).collect();
    let crc_bytes: &[u8] = bytemuck::cast_slice(&page_crcs);
    table.push(SectionEntry {
        kind: SectionKind::PageCrcs as u32,
        reserved: 0,
        offset: file.len() as u64,
        len: crc_bytes.len() as u64,
    });
    file.extend_from_slice(crc_bytes);
    pad8(&mut file);
    let footer_start = file.len();
    file.extend_from_slice(bytemuck::cast_slice(&table));
    let mut trailer = SegmentTrailer {
        doc_count: docs.len() as u32,
        section_count: table.len() as u32,
        min_doc: docs.first().map_or(0, |d| d.doc_id),
        max_doc: docs.last().map_or(0, |d| d.doc_id),
        page_size: PAGE_SIZE as u32,
        page_crcs_crc: crc32fast::hash(crc_bytes),
        version: FORMAT_VERSION,
        crc: 0,
        magic: SEGMENT_END_MAGIC,
    };
    file.extend_from_slice(bytemuck::bytes_of(&trailer));
    trailer.crc = crc32fast::hash(&file[footer_start..file.len() - 12]);
    let tlen = std::mem::size_of::<SegmentTrailer>();
    let at = file.len() - tlen;
    file[at..].copy_from_slice(bytemuck::bytes_of(&trailer));
    write_atomic(&path, &file)?;
    Ok(path)
}

/// A blocked Bloom filter of the keys ([`bloom_probe`]); empty when there are no keys.
fn bloom(keys: &[(KeyKind, u64)]) -> Vec<u64> {
    if keys.is_empty() {
        return Vec::new();
    }
    let blocks = (keys.len() * BLOOM_BITS_PER_KEY).div_ceil(512).next_power_of_two();
    let mut words = vec![0u64; blocks * 8];
    for &(kind, key) in keys {
        let (base, bits) = bloom_probe(kind, key, blocks);
        for b in bits {
            words[base + (b as usize >> 6)] |= 1 << (b & 63);
        }
    }
    words
}

fn pad8(v: &mut Vec<u8>) {
    while !v.len().is_multiple_of(8) {
        v.push(0);
    }
}

/// Key table and delta-varint postings of one key kind.
fn build_postings(
    docs: &[DocRecord],
    kind: KeyKind,
    skip_key: &dyn Fn(KeyKind, u64) -> bool,
    path: &Path,
) -> Result<(Vec<KeyEntry>, Vec<u8>)> {
    let total: usize = docs.iter().map(|d| d.keys(kind).len()).sum();
    let mut pairs: Vec<(u64, u32)> = Vec::with_capacity(total);
    for d in docs {
        pairs.extend(d.keys(kind).iter().filter(|&&k| !skip_key(kind, k)).map(|&k| (k, d.doc_id)));
    }
    pairs.sort_unstable();
    pairs.dedup();
    let mut keys = Vec::new();
    let mut postings = Vec::new();
    let mut i = 0;
    while i < pairs.len() {
        let key = pairs[i].0;
        let mut j = i;
        while j < pairs.len() && pairs[j].0 == key {
            j += 1;
        }
        let count = (j - i) as u32;
        let value = if count == 1 {
            pairs[i].1
        } else {
            let off = u32::try_from(postings.len()).map_err(|_| {
                StoreError::Limit(format!(
                    "{}: {} postings exceed 4 GiB; flush smaller segments",
                    path.display(),
                    kind.name()
                ))
            })?;
            let mut prev = 0u32;
            for &(_, d) in &pairs[i..j] {
                put_varint(&mut postings, u64::from(d - prev));
                prev = d;
            }
            off
        };
        keys.push(KeyEntry { key, value, count });
        i = j;
    }
    Ok((keys, postings))
}

type DocsAndText = (Vec<DocMeta>, Vec<u8>, Vec<TextBlock>, Vec<u8>, Vec<u8>);

/// Doc metadata, strings, and texts compressed in blocks with a dictionary trained on them.
fn build_docs_and_text(docs: &[DocRecord], path: &Path) -> Result<DocsAndText> {
    let total_text: usize = docs.iter().map(|d| d.text.len()).sum();
    let dict = if docs.len() >= DICT_MIN_DOCS && total_text >= DICT_MIN_BYTES {
        let mut samples: Vec<&[u8]> = Vec::new();
        let mut taken = 0;
        for d in docs.iter().filter(|d| !d.text.is_empty()) {
            if taken >= DICT_MAX_SAMPLE_BYTES {
                break;
            }
            samples.push(d.text.as_bytes());
            taken += d.text.len();
        }
        let size = DICT_MAX_SIZE.min(total_text / 16).max(4096);
        // Training can fail on unhelpful samples; the segment is then written without a dictionary.
        zstd::dict::from_samples(&samples, size).unwrap_or_default()
    } else {
        Vec::new()
    };
    let io = |e: std::io::Error| StoreError::io(path, e);
    let mut compressor = if dict.is_empty() {
        zstd::bulk::Compressor::new(ZSTD_LEVEL).map_err(io)?
    } else {
        zstd::bulk::Compressor::with_dictionary(ZSTD_LEVEL, &dict).map_err(io)?
    };
    let mut metas = Vec::with_capacity(docs.len());
    let mut strings = Vec::new();
    let mut blocks = Vec::new();
    let mut text = Vec::new();
    let mut raw = Vec::with_capacity(TEXT_BLOCK_TARGET * 2);
    let mut first_doc = 0usize;
    for (i, d) in docs.iter().enumerate() {
        let strings_off = strings.len() as u64;
        put_varint(&mut strings, d.url.len() as u64);
        strings.extend_from_slice(d.url.as_bytes());
        put_varint(&mut strings, d.site.len() as u64);
        strings.extend_from_slice(d.site.as_bytes());
        let text_len =
            u32::try_from(d.text.len()).map_err(|_| StoreError::Limit(format!("{}: text over 4 GiB", d.url)))?;
        metas.push(DocMeta {
            doc_id: d.doc_id,
            cluster: d.cluster,
            site_id: d.site_id,
            flags: d.flags,
            fetched_at: d.fetched_at,
            exact: d.exact,
            url_hash: url_hash(&d.url),
            strings_off,
            text_block: blocks.len() as u32,
            text_off: raw.len() as u32,
            text_len,
            chars: d.chars,
            period_count: d.period.len() as u32,
            fp_count: d.fingerprints.len() as u32,
        });
        raw.extend_from_slice(d.text.as_bytes());
        if raw.len() >= TEXT_BLOCK_TARGET || i + 1 == docs.len() {
            let frame = compressor.compress(&raw).map_err(io)?;
            blocks.push(TextBlock {
                offset: text.len() as u64,
                comp_len: frame.len() as u32,
                raw_len: raw.len() as u32,
                first_doc: first_doc as u32,
                doc_count: (i + 1 - first_doc) as u32,
            });
            text.extend_from_slice(&frame);
            raw.clear();
            first_doc = i + 1;
        }
    }
    Ok((metas, strings, blocks, text, dict))
}
