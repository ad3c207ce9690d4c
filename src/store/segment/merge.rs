//! Merging adjacent segments into one, streaming.
//!
//! Key tables are merged k-way (every input is sorted), so a key's lists are read once and
//! concatenated in input order, which is doc-id order because adjacent segments hold increasing
//! doc-id ranges. Documents and their texts are copied in order, one decompressed block at a
//! time, and recompressed with a dictionary trained on samples from across all inputs. Memory
//! stays bounded whatever the inputs' size: the k-way cursors, one posting list, the fences and
//! one Bloom-filter pass.
//!
//! Deleted (replaced) documents are dropped, keys left without live documents vanish, and with
//! a [`PrunePolicy`] keys whose frequency in the merged segment marks them as templates or spam
//! are dropped and reported. A partial merge sees only its inputs' share of a key's frequency,
//! which is a lower bound of the key's true frequency, so what it prunes a full merge would too.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use super::super::catalog::PrunedInfo;
use super::super::error::{Result, StoreError};
use super::super::format::*;
use super::super::pruned::PrunePolicy;
use super::out::{SegmentOut, Spool};
use super::write::{encode_list, sample_stride, segment_file_name, train_dict, DocPacker, DICT_MAX_SAMPLE_BYTES};
use super::Segment;

/// What a merge wrote.
#[derive(Debug)]
pub struct Merged {
    /// The new segment file.
    pub path: PathBuf,
    /// Live documents written.
    pub docs: u32,
    /// Deleted documents dropped.
    pub dropped: u64,
    /// Keys this merge pruned, with their frequency and reason.
    pub newly_pruned: Vec<(KeyKind, u64, PrunedInfo)>,
}

/// Merges `inputs` (adjacent segments, oldest first) into segment `id` in `dir`. `dead` holds
/// the deleted doc ids (sorted; any segment's deletes), `skip_key` the keys already pruned.
/// Setting `cancel` stops the merge soon with an error (its temporary file is removed).
pub fn merge_segments(
    dir: &Path,
    id: u64,
    inputs: &[&Segment],
    dead: &[u32],
    skip_key: &dyn Fn(KeyKind, u64) -> bool,
    prune: Option<&PrunePolicy>,
    cancel: &AtomicBool,
) -> Result<Merged> {
    let path = dir.join(segment_file_name(id));
    let ranges: Vec<(u32, u32)> = inputs.iter().filter(|s| s.doc_count() > 0).map(|s| s.doc_range()).collect();
    if ranges.windows(2).any(|w| w[0].1 >= w[1].0) {
        return Err(StoreError::Limit(format!("{}: merge inputs are not in doc-id order", path.display())));
    }
    let is_dead = |d: u32| !dead.is_empty() && dead.binary_search(&d).is_ok();
    let mut out = SegmentOut::create(&path, id)?;
    let ctx = Ctx { dir, inputs, is_dead: &is_dead, cancel };
    let mut newly_pruned = Vec::new();
    let mut fences: Vec<(SectionKind, Vec<u64>)> = Vec::new();
    let mut n_keys = 0u64;
    for kind in KeyKind::ALL {
        let policy = prune.filter(|_| kind != KeyKind::Exact);
        let (f, n) = merge_keys(&mut out, &ctx, kind, skip_key, policy, &mut newly_pruned)?;
        fences.push((SectionKind::fences_of(kind), f));
        n_keys += n;
    }
    let (docs, dropped, min_doc, max_doc) = merge_docs(&mut out, &ctx)?;
    let min_input = ranges.first().map_or(u32::MAX, |r| r.0);
    // Deletes of documents older than every input still apply to older segments; those inside
    // the inputs were just applied.
    let mut deletes: Vec<u32> = Vec::new();
    for s in inputs {
        deletes.extend(s.deletes()?.iter().filter(|&&d| d < min_input));
    }
    let path = out.finish_segment(deletes, fences, n_keys, (docs, min_doc, max_doc))?;
    Ok(Merged { path, docs, dropped, newly_pruned })
}

/// What every step of a merge reads.
struct Ctx<'a> {
    dir: &'a Path,
    inputs: &'a [&'a Segment],
    is_dead: &'a dyn Fn(u32) -> bool,
    cancel: &'a AtomicBool,
}

impl Ctx<'_> {
    /// Checked every few thousand keys or documents.
    fn check_cancel(&self) -> Result<()> {
        if self.cancel.load(Ordering::Relaxed) {
            return Err(StoreError::Limit(format!("{}: merge cancelled", self.dir.display())));
        }
        Ok(())
    }
}

/// The key table and postings of one kind; returns the fences and the number of keys.
fn merge_keys(
    out: &mut SegmentOut,
    ctx: &Ctx<'_>,
    kind: KeyKind,
    skip_key: &dyn Fn(KeyKind, u64) -> bool,
    prune: Option<&PrunePolicy>,
    newly_pruned: &mut Vec<(KeyKind, u64, PrunedInfo)>,
) -> Result<(Vec<u64>, u64)> {
    let (dir, inputs, is_dead) = (ctx.dir, ctx.inputs, ctx.is_dead);
    let tables: Vec<&[KeyEntry]> = inputs.iter().map(|s| s.key_entries(kind)).collect::<Result<_>>()?;
    let mut heads = vec![0usize; inputs.len()];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> =
        tables.iter().enumerate().filter_map(|(i, t)| t.first().map(|e| Reverse((e.key, i)))).collect();
    let (ks, ps) = SectionKind::keys_of(kind);
    let mut postings = Spool::new(dir);
    let mut list = Vec::new();
    let mut fences = Vec::new();
    let mut n = 0u64;
    let mut holders: Vec<usize> = Vec::with_capacity(inputs.len());
    let mut ids: Vec<u32> = Vec::new();
    out.begin(ks)?;
    let mut seen = 0u64;
    while let Some(Reverse((key, first))) = heap.pop() {
        seen += 1;
        if seen.is_multiple_of(1 << 16) {
            ctx.check_cancel()?;
        }
        holders.clear();
        holders.push(first);
        while let Some(&Reverse((k, i))) = heap.peek() {
            if k != key {
                break;
            }
            heap.pop();
            holders.push(i);
        }
        holders.sort_unstable();
        let skip = skip_key(kind, key);
        ids.clear();
        for &h in &holders {
            let e = tables[h][heads[h]];
            if !skip {
                inputs[h].postings_of(kind, &e)?.decode_into(&mut ids).ok_or_else(|| {
                    StoreError::corrupt(
                        inputs[h].path(),
                        0,
                        format!("{} postings of {key:016x} do not decode", kind.name()),
                    )
                })?;
            }
            heads[h] += 1;
            if let Some(next) = tables[h].get(heads[h]) {
                if next.key <= key {
                    return Err(StoreError::corrupt(
                        inputs[h].path(),
                        0,
                        format!("{} key table not sorted", kind.name()),
                    ));
                }
                heap.push(Reverse((next.key, h)));
            }
        }
        ids.retain(|&d| !is_dead(d));
        if ids.is_empty() {
            continue;
        }
        if ids.windows(2).any(|w| w[0] >= w[1]) {
            let at = inputs[holders[0]].path();
            return Err(StoreError::corrupt(at, 0, format!("{} postings of {key:016x} out of doc order", kind.name())));
        }
        if let Some(policy) = prune.filter(|p| ids.len() > p.threshold()) {
            let mut per_site: HashMap<u32, usize> = HashMap::new();
            for &d in &ids {
                *per_site.entry(site_of(inputs, d)?).or_default() += 1;
            }
            let top = per_site.values().copied().max().unwrap_or(0);
            if let Some(reason) = policy.judge(ids.len(), top) {
                let info =
                    PrunedInfo { frequency: ids.len() as u64, sites: per_site.len() as u64, reason: reason.into() };
                newly_pruned.push((kind, key, info));
                continue;
            }
        }
        list.clear();
        let entry = encode_list(key, &ids, postings.len(), &mut list, kind, out.path())?;
        postings.write(&list)?;
        if n.is_multiple_of(FENCE_STRIDE as u64) {
            fences.push(key);
        }
        n += 1;
        out.put(bytemuck::bytes_of(&entry))?;
    }
    out.end()?;
    out.section_from(ps, postings)?;
    Ok((fences, n))
}

/// The site id of a document of the inputs.
fn site_of(inputs: &[&Segment], doc_id: u32) -> Result<u32> {
    for s in inputs {
        if let Some((_, m)) = s.doc(doc_id)? {
            return Ok(m.site_id);
        }
    }
    Ok(0)
}

/// The doc table, URL table, strings, texts and dictionary; returns (documents written, dropped,
/// smallest and largest doc id written).
fn merge_docs(out: &mut SegmentOut, ctx: &Ctx<'_>) -> Result<(u32, u64, u32, u32)> {
    let (dir, inputs, is_dead) = (ctx.dir, ctx.inputs, ctx.is_dead);
    // Dictionary samples, evenly spread over the live documents.
    let mut live = 0usize;
    let mut total_text = 0u64;
    for s in inputs {
        for m in s.docs()?.iter().filter(|m| !is_dead(m.doc_id)) {
            live += 1;
            total_text += u64::from(m.text_len);
        }
    }
    let stride = sample_stride(total_text);
    let mut samples: Vec<Vec<u8>> = Vec::new();
    let mut taken = 0usize;
    let mut k = 0usize;
    'sample: for s in inputs {
        let mut block: (u32, Vec<u8>) = (u32::MAX, Vec::new());
        for m in s.docs()?.iter().filter(|m| !is_dead(m.doc_id)) {
            k += 1;
            if !(k - 1).is_multiple_of(stride) || m.text_len == 0 {
                continue;
            }
            if taken >= DICT_MAX_SAMPLE_BYTES {
                break 'sample;
            }
            if block.0 != m.text_block {
                block = (m.text_block, s.text_block(m.text_block)?);
            }
            let t = s.text_in(m, &block.1)?.as_bytes();
            taken += t.len();
            samples.push(t.to_vec());
        }
    }
    let refs: Vec<&[u8]> = samples.iter().map(Vec::as_slice).collect();
    let dict = train_dict(&refs, live, total_text);
    drop(samples);
    let mut packer = DocPacker::new(dir, out.path(), dict)?;
    let (mut docs, mut dropped, mut min_doc, mut max_doc) = (0u32, 0u64, 0u32, 0u32);
    out.begin(SectionKind::Docs)?;
    for s in inputs {
        let mut block: (u32, Vec<u8>) = (u32::MAX, Vec::new());
        for m in s.docs()? {
            if is_dead(m.doc_id) {
                dropped += 1;
                continue;
            }
            if docs.is_multiple_of(1024) {
                ctx.check_cancel()?;
            }
            if block.0 != m.text_block {
                block = (m.text_block, s.text_block(m.text_block)?);
            }
            let text = s.text_in(m, &block.1)?;
            let (url, site) = s.strings(m)?;
            let meta = packer.add(*m, &url, &site, text.as_bytes())?;
            out.put(bytemuck::bytes_of(&meta))?;
            if docs == 0 {
                min_doc = m.doc_id;
            }
            max_doc = m.doc_id;
            docs += 1;
        }
    }
    out.end()?;
    // URL tables, merged k-way by (hash, doc id).
    let tables: Vec<&[UrlEntry]> = inputs.iter().map(|s| s.url_entries()).collect::<Result<_>>()?;
    let mut heads = vec![0usize; inputs.len()];
    let mut heap: BinaryHeap<Reverse<((u64, u32), usize)>> = tables
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.first().map(|u| Reverse(((u.url_hash, u.doc_id), i))))
        .collect();
    out.begin(SectionKind::Urls)?;
    while let Some(Reverse((_, i))) = heap.pop() {
        let u = tables[i][heads[i]];
        heads[i] += 1;
        if let Some(next) = tables[i].get(heads[i]) {
            heap.push(Reverse(((next.url_hash, next.doc_id), i)));
        }
        if !is_dead(u.doc_id) {
            out.put(bytemuck::bytes_of(&u))?;
        }
    }
    out.end()?;
    packer.finish(out)?;
    Ok((docs, dropped, min_doc, max_doc))
}
