//! Merging adjacent segments into one.
//!
//! Key tables are merged k-way (every input is sorted), so a key's lists are read once and
//! concatenated in input order, which is doc-id order because adjacent segments hold increasing
//! doc-id ranges. Documents are copied in order. Texts move block for block and keep the
//! dictionary that compressed most of the inputs (flushes reuse the index's dictionary, so
//! usually all of them): blocks under it are copied still compressed, and only blocks under
//! another dictionary or losing a replaced page's text are decompressed and compressed again.
//! Memory stays small whatever the inputs' size: the k-way cursors (one decoded key block
//! each), one posting list, one Bloom-filter pass (key-block heads go to a spool file); it
//! grows only by ~16 bytes per text block (a few bytes per page: where each input block went,
//! and each merged block's document count) and with the replaced documents. A full compaction may instead regroup every text
//! ([`MergeMode::regroup`]), which holds 24 bytes per page and a cache of 256 decompressed
//! blocks (~10 MB).
//!
//! Deleted (replaced) documents are dropped, keys left without live documents vanish, and with
//! a [`PrunePolicy`] keys whose frequency in the merged segment marks them as templates or spam
//! are dropped and reported. A partial merge sees only its inputs' share of a key's frequency,
//! which is a lower bound of the key's true frequency, so what it prunes a full merge would too.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use super::super::catalog::PrunedInfo;
use super::super::error::{Result, StoreError};
use super::super::format::*;
use super::super::pruned::PrunePolicy;
use super::keys::KeyPacker;
use super::out::{SegmentOut, Spool};
use super::write::{
    encode_list, sample_stride, segment_file_name, train_codec, DocPacker, TextCodec, DICT_MAX_SAMPLE_BYTES,
    REGROUP_LEVEL, ZSTD_LEVEL,
};
use super::{KeyCursor, Segment};

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
    /// Text blocks copied compressed (their segment used the merge's dictionary).
    pub blocks_copied: u64,
    /// Text blocks decompressed and packed anew.
    pub blocks_recompressed: u64,
}

/// What a merge does beyond merging.
#[derive(Debug, Default, Clone, Copy)]
pub struct MergeMode<'a> {
    /// Prune keys whose frequency in the merged segment marks them as templates or spam.
    pub prune: Option<&'a PrunePolicy>,
    /// Store every text anew, in cluster order across all inputs, instead of moving blocks: what
    /// a full compaction does. Costs recompressing every text and 24 bytes of memory per
    /// document; gains the copies that arrived in different flushes compressing together.
    pub regroup: bool,
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
    mode: MergeMode<'_>,
    cancel: &AtomicBool,
) -> Result<Merged> {
    let prune = mode.prune;
    let path = dir.join(segment_file_name(id));
    let ranges: Vec<(u32, u32)> = inputs.iter().filter(|s| s.doc_count() > 0).map(|s| s.doc_range()).collect();
    if ranges.windows(2).any(|w| w[0].1 >= w[1].0) {
        return Err(StoreError::Internal { path: path.clone(), what: "merge inputs are not in doc-id order".into() });
    }
    let is_dead = |d: u32| !dead.is_empty() && dead.binary_search(&d).is_ok();
    let mut out = SegmentOut::create(&path, id)?;
    let ctx = Ctx { dir, inputs, is_dead: &is_dead, cancel, regroup: mode.regroup };
    let mut newly_pruned = Vec::new();
    let mut indexes: Vec<(SectionKind, Spool)> = Vec::new();
    let mut n_keys = 0u64;
    for kind in KeyKind::ALL {
        let policy = prune.filter(|_| kind != KeyKind::Exact);
        let (heads, n) = merge_keys(&mut out, &ctx, kind, skip_key, policy, &mut newly_pruned)?;
        indexes.push((SectionKind::index_of(kind), heads));
        n_keys += n;
    }
    let mut merged =
        Merged { path: PathBuf::new(), docs: 0, dropped: 0, newly_pruned, blocks_copied: 0, blocks_recompressed: 0 };
    let (docs, dropped, min_doc, max_doc) = merge_docs(&mut out, &ctx, &mut merged)?;
    let min_input = ranges.first().map_or(u32::MAX, |r| r.0);
    // Deletes of documents older than every input still apply to older segments; those inside
    // the inputs were just applied.
    let mut deletes: Vec<u32> = Vec::new();
    for s in inputs {
        deletes.extend(s.deletes()?.iter().filter(|&&d| d < min_input));
    }
    merged.path = out.finish_segment(deletes, indexes, n_keys, (docs, min_doc, max_doc))?;
    merged.docs = docs;
    merged.dropped = dropped;
    Ok(merged)
}

/// What every step of a merge reads.
struct Ctx<'a> {
    dir: &'a Path,
    inputs: &'a [&'a Segment],
    is_dead: &'a dyn Fn(u32) -> bool,
    cancel: &'a AtomicBool,
    regroup: bool,
}

impl Ctx<'_> {
    /// Checked every few thousand keys or documents.
    fn check_cancel(&self) -> Result<()> {
        if self.cancel.load(Ordering::Relaxed) {
            return Err(StoreError::Cancelled { path: self.dir.to_path_buf() });
        }
        Ok(())
    }
}

/// The key table and postings of one kind; returns the key-block heads (spooled: a large merge
/// has millions) and the number of keys.
fn merge_keys(
    out: &mut SegmentOut,
    ctx: &Ctx<'_>,
    kind: KeyKind,
    skip_key: &dyn Fn(KeyKind, u64) -> bool,
    prune: Option<&PrunePolicy>,
    newly_pruned: &mut Vec<(KeyKind, u64, PrunedInfo)>,
) -> Result<(Spool, u64)> {
    let (dir, inputs, is_dead) = (ctx.dir, ctx.inputs, ctx.is_dead);
    let mut cursors: Vec<KeyCursor<'_>> = inputs.iter().map(|s| s.keys(kind)).collect::<Result<_>>()?;
    // Each input's entry at the front of the merge.
    let mut current: Vec<Option<KeyEntry>> = cursors.iter_mut().map(|c| c.next_entry()).collect::<Result<_>>()?;
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> =
        current.iter().enumerate().filter_map(|(i, e)| e.map(|e| Reverse((e.key, i)))).collect();
    let (ks, ps) = SectionKind::keys_of(kind);
    let mut postings = Spool::new(dir);
    let mut list = Vec::new();
    let mut packer = KeyPacker::default();
    let mut heads = Spool::new(dir);
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
            let Some(e) = current[h] else { continue };
            if !skip {
                inputs[h].postings_of(kind, &e)?.decode_into(&mut ids).ok_or_else(|| {
                    StoreError::corrupt(
                        inputs[h].path(),
                        0,
                        format!("{} postings of {key:016x} do not decode", kind.name()),
                    )
                })?;
            }
            current[h] = cursors[h].next_entry()?;
            if let Some(next) = current[h] {
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
        packer.push(entry, &mut |body| out.put(body))?;
        heads.write(bytemuck::cast_slice(&packer.take_heads()))?;
    }
    let (last, n) = packer.finish(&mut |body| out.put(body))?;
    heads.write(bytemuck::cast_slice(&last))?;
    out.end()?;
    out.section_from(ps, postings)?;
    Ok((heads, n))
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

/// The codec (dictionary and character table) a merge writes with: the one that stored most of
/// its inputs' text, so that their blocks are copied as they are; when no input has one, a
/// codec trained on samples taken evenly across all inputs' live documents (empty when they are
/// too few).
fn merge_codec(ctx: &Ctx<'_>) -> Result<TextCodec> {
    let (inputs, is_dead) = (ctx.inputs, ctx.is_dead);
    let mut shares: Vec<(TextCodec, u64)> = Vec::new();
    for s in inputs {
        let c = TextCodec::of(s)?;
        if c.is_empty() {
            continue;
        }
        let weight = s.section_len(SectionKind::Text);
        match shares.iter_mut().find(|(x, _)| *x == c) {
            Some(share) => share.1 += weight,
            None => shares.push((c, weight)),
        }
    }
    if let Some(i) = (0..shares.len()).max_by_key(|&i| shares[i].1) {
        return Ok(shares.swap_remove(i).0);
    }
    let mut live = 0usize;
    let mut total_text = 0u64;
    for s in inputs {
        for m in s.docs()?.iter().filter(|m| !is_dead(m.doc_id)) {
            live += 1;
            total_text += u64::from(m.text_len);
        }
    }
    let stride = sample_stride(total_text);
    let mut samples: Vec<String> = Vec::new();
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
            let t = s.text_in(m, &block.1)?;
            taken += t.len();
            samples.push(t);
        }
    }
    let refs: Vec<&str> = samples.iter().map(String::as_str).collect();
    Ok(train_codec(&refs, live, total_text))
}

/// The doc table, URL table, strings, texts and dictionary; returns (documents written, dropped,
/// smallest and largest doc id written) and adds to `stats`' block counts.
///
/// Texts come first, each input's blocks in their order, one merged block per input block: a
/// block holding no replaced text whose segment used the merge's dictionary is copied
/// compressed, unchecked beyond its page CRCs; others are decompressed (which validates them),
/// their replaced texts cut out, and compressed anew; a block left without documents is dropped.
/// The doc table then follows in doc-id order, each document's block and offset moved by what
/// was dropped and cut before it.
fn merge_docs(out: &mut SegmentOut, ctx: &Ctx<'_>, stats: &mut Merged) -> Result<(u32, u64, u32, u32)> {
    let (dir, inputs, is_dead) = (ctx.dir, ctx.inputs, ctx.is_dead);
    // A regrouping compaction rewrites every text offline: it compresses harder.
    let level = if ctx.regroup { REGROUP_LEVEL } else { ZSTD_LEVEL };
    let mut packer = DocPacker::new(dir, out.path(), merge_codec(ctx)?, level)?;
    let placed: Vec<Placed> = if ctx.regroup {
        let places = regroup_texts(&mut packer, ctx)?;
        stats.blocks_recompressed = u64::from(packer.block_count());
        places.into_iter().map(Placed::Each).collect()
    } else {
        inputs.iter().map(|s| merge_texts(&mut packer, ctx, s, stats).map(Placed::Blocks)).collect::<Result<_>>()?
    };
    let (mut docs, mut dropped, mut min_doc, mut max_doc) = (0u32, 0u64, 0u32, 0u32);
    // Live documents per merged block, against the counts the blocks were given.
    let mut live = vec![0u32; packer.block_count() as usize];
    let mut titles = Vec::new();
    out.begin(SectionKind::Docs)?;
    for (s, placed) in inputs.iter().zip(&placed) {
        for (i, m) in s.docs()?.iter().enumerate() {
            if i % 4096 == 4095 {
                ctx.check_cancel()?;
            }
            if is_dead(m.doc_id) {
                dropped += 1;
                continue;
            }
            let (text_block, text_off, text_len) = match placed {
                Placed::Blocks(map) => map.place(s, m)?,
                Placed::Each(places) => places[i],
            };
            match live.get_mut(text_block as usize) {
                Some(n) => *n += 1,
                None => return Err(StoreError::corrupt(s.path(), 0, format!("doc {} placed nowhere", m.doc_id))),
            }
            let (url, site) = s.strings(m)?;
            let strings_off = packer.put_strings(&url, &site)?;
            out.put(bytemuck::bytes_of(&DocMeta { strings_off, text_block, text_off, text_len, ..*m }))?;
            titles.push(s.doc_title(i)?);
            if docs == 0 {
                min_doc = m.doc_id;
            }
            max_doc = m.doc_id;
            docs += 1;
        }
    }
    out.end()?;
    out.section(SectionKind::DocTitles, bytemuck::cast_slice(&super::write::doc_titles(titles)))?;
    if let Some(b) = (0..live.len()).find(|&b| Some(live[b]) != packer.doc_count_of(b as u32)) {
        let what = format!(
            "merged text block {b} was counted {:?} documents, {} live ones point into it",
            packer.doc_count_of(b as u32),
            live[b]
        );
        let names: Vec<String> = inputs.iter().map(|s| s.path().display().to_string()).collect();
        return Err(StoreError::corrupt(names.join(", "), 0, what));
    }
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

/// Where one input's texts landed in the merged segment.
enum Placed {
    /// Moved block for block ([`merge_texts`]).
    Blocks(BlockMap),
    /// Placed one by one ([`regroup_texts`]): (block, offset, length) by Docs index.
    Each(Vec<Place>),
}

/// Where one input's blocks landed in the merged segment.
struct BlockMap {
    /// By input block: its merged index ([`DROPPED`]: no live document left) and its length
    /// after the cuts.
    blocks: Vec<(u32, u32)>,
    /// Texts cut out of kept blocks: (block, offset, length), sorted.
    cuts: Vec<(u32, u32, u32)>,
    /// Texts of blocks recoded into the merge's character code: (block, offset, length) before
    /// (an empty text may start where another does), and (offset, length) after, sorted.
    recoded: Vec<Recoded>,
}

/// A recoded text: (block, offset, length) before, (offset, length) after.
type Recoded = ((u32, u32, u32), (u32, u32));

/// A [`BlockMap`] entry of a block not carried over.
const DROPPED: u32 = u32::MAX;

impl BlockMap {
    /// The merged (block, offset, length) of live document `m` of input `s`.
    fn place(&self, s: &Segment, m: &DocMeta) -> Result<(u32, u32, u32)> {
        let bad = |what: String| Err(StoreError::corrupt(s.path(), 0, format!("doc {}: {what}", m.doc_id)));
        let Some(&(block, len)) = self.blocks.get(m.text_block as usize) else {
            return bad(format!("text block {} does not exist (the segment has {})", m.text_block, self.blocks.len()));
        };
        if block == DROPPED {
            return bad(format!("text block {} counts no live document, yet this one lies in it", m.text_block));
        }
        if !self.recoded.is_empty() {
            return match self.recoded.binary_search_by_key(&(m.text_block, m.text_off, m.text_len), |r| r.0) {
                Ok(i) => Ok((block, self.recoded[i].1 .0, self.recoded[i].1 .1)),
                Err(_) => bad(format!("no text starts at {} of text block {}", m.text_off, m.text_block)),
            };
        }
        // The block's cuts before the text, and the first at or after it: neither may overlap it.
        let first = self.cuts.partition_point(|c| c.0 < m.text_block);
        let next = self.cuts.partition_point(|c| (c.0, c.1) < (m.text_block, m.text_off));
        let before = &self.cuts[first..next];
        let (start, end) = (u64::from(m.text_off), u64::from(m.text_off) + u64::from(m.text_len));
        let overlaps_before = before.last().is_some_and(|c| u64::from(c.1) + u64::from(c.2) > start);
        let overlaps_after =
            m.text_len > 0 && self.cuts.get(next).is_some_and(|c| c.0 == m.text_block && u64::from(c.1) < end);
        if overlaps_before || overlaps_after {
            return bad(format!("its text overlaps a replaced text in text block {}", m.text_block));
        }
        let off = start - before.iter().map(|c| u64::from(c.2)).sum::<u64>();
        if off + u64::from(m.text_len) > u64::from(len) {
            return bad(format!("its text runs past text block {}", m.text_block));
        }
        Ok((block, off as u32, m.text_len))
    }
}

/// Places the live texts of every input in `packer` in cluster order, as a flush does (see
/// `place_texts` in write.rs), reading them back in that order (and into the packer's character
/// code); returns each input's (block, offset, length) by Docs index (dead documents: unused).
///
/// A text byte-equal to one already placed in its cluster is stored once (an exact copy joins
/// its original's cluster); the cluster's distinct texts are held while it is placed.
fn regroup_texts(packer: &mut DocPacker, ctx: &Ctx<'_>) -> Result<Vec<Vec<Place>>> {
    let inputs = ctx.inputs;
    let metas: Vec<&[DocMeta]> = inputs.iter().map(|s| s.docs()).collect::<Result<_>>()?;
    // (cluster, doc id, input, Docs index) of every live document.
    let mut order: Vec<(u32, u32, u32, u32)> = Vec::new();
    let mut places = Vec::with_capacity(inputs.len());
    for (k, metas) in metas.iter().enumerate() {
        places.push(vec![(0u32, 0u32, 0u32); metas.len()]);
        for (i, m) in metas.iter().enumerate().filter(|(_, m)| !(ctx.is_dead)(m.doc_id)) {
            order.push((m.cluster, m.doc_id, k as u32, i as u32));
        }
    }
    order.sort_unstable();
    // A flush stores its texts in cluster order, so walking the merged order reads each flush's
    // blocks front to back: one cached block per flush among the inputs avoids decompressing a
    // block twice. Version 1 segments (doc order) get no such help: up to one decompression per
    // document.
    let mut cache = BlockCache::new(REGROUP_CACHE_BLOCKS);
    // The cluster's texts placed so far, by (hash, length): where, and the bytes to confirm.
    let mut seen: HashMap<(u64, u32), (Place, Vec<u8>)> = HashMap::new();
    let same_code: Vec<bool> = inputs.iter().map(|s| s.char_code() == &packer.codec().code).collect();
    let mut recoded = Vec::new();
    let mut g = 0;
    while g < order.len() {
        ctx.check_cancel()?;
        let cluster = order[g].0;
        let end = g + order[g..].iter().take_while(|o| o.0 == cluster).count();
        // (`order` holds indices into `metas` only.)
        let meta = |o: &(u32, u32, u32, u32)| metas[o.2 as usize][o.3 as usize];
        // The cluster's bytes, its exact copies counted once, for the block-closing rule.
        let mut distinct: Vec<(u64, u32)> = order[g..end].iter().map(|o| (meta(o).exact, meta(o).text_len)).collect();
        distinct.sort_unstable();
        distinct.dedup();
        let bytes: usize = distinct.iter().map(|d| d.1 as usize).sum();
        packer.before_group(bytes)?;
        seen.clear();
        for o in &order[g..end] {
            let (s, m) = (inputs[o.2 as usize], meta(o));
            let block = cache.get(s, o.2, m.text_block)?;
            let text = if same_code[o.2 as usize] {
                s.text_code(&m, block)?
            } else {
                recoded.clear();
                packer.codec().code.encode(&s.text_in(&m, block)?, &mut recoded);
                recoded.as_slice()
            };
            let len = u32::try_from(text.len())
                .map_err(|_| StoreError::TooLarge { path: s.path().to_path_buf(), what: "a text over 4 GiB".into() })?;
            let at = match seen.entry((xxhash_rust::xxh3::xxh3_64(text), len)) {
                std::collections::hash_map::Entry::Occupied(e) if e.get().1 == text => {
                    packer.share(e.get().0 .0);
                    e.get().0
                }
                // A hash shared by another text: stored on its own.
                std::collections::hash_map::Entry::Occupied(_) => {
                    let (block, off) = packer.add_text(text)?;
                    (block, off, len)
                }
                std::collections::hash_map::Entry::Vacant(e) => {
                    let (block, off) = packer.add_text(text)?;
                    e.insert(((block, off, len), text.to_vec()));
                    (block, off, len)
                }
            };
            places[o.2 as usize][o.3 as usize] = at;
        }
        g = end;
    }
    Ok(places)
}

/// A text's (block, offset, length) in the merged segment.
type Place = (u32, u32, u32);

/// Decompressed input blocks [`regroup_texts`] keeps (~10 MB): enough for the runs of 256
/// flushes read side by side.
const REGROUP_CACHE_BLOCKS: usize = 256;

/// Least-recently-used decompressed blocks, by (input, block).
struct BlockCache {
    capacity: usize,
    blocks: HashMap<(u32, u32), (Vec<u8>, u64)>,
    by_use: BTreeMap<u64, (u32, u32)>,
    tick: u64,
    /// Blocks decompressed.
    misses: u64,
}

impl BlockCache {
    fn new(capacity: usize) -> BlockCache {
        BlockCache { capacity, blocks: HashMap::new(), by_use: BTreeMap::new(), tick: 0, misses: 0 }
    }

    /// Block `b` of input `k` (segment `s`), decompressed.
    fn get(&mut self, s: &Segment, k: u32, b: u32) -> Result<&[u8]> {
        self.tick += 1;
        let key = (k, b);
        match self.blocks.get_mut(&key) {
            Some(entry) => {
                self.by_use.remove(&entry.1);
                entry.1 = self.tick;
            }
            None => {
                if self.blocks.len() >= self.capacity {
                    if let Some((_, old)) = self.by_use.pop_first() {
                        self.blocks.remove(&old);
                    }
                }
                self.blocks.insert(key, (s.text_block(b)?, self.tick));
                self.misses += 1;
            }
        }
        self.by_use.insert(self.tick, key);
        Ok(self.blocks.get(&key).map_or(&[][..], |e| e.0.as_slice()))
    }
}

/// Moves the texts of input `s` into `packer`, block for block (see [`merge_docs`]). A block
/// in another character code than the packer's is recoded text by text.
fn merge_texts(packer: &mut DocPacker, ctx: &Ctx<'_>, s: &Segment, stats: &mut Merged) -> Result<BlockMap> {
    let metas = s.docs()?;
    let same_dict = s.dict_bytes()? == packer.codec().dict.as_slice();
    let recode = s.char_code() != &packer.codec().code;
    // To recode: every distinct text, (block, offset, length, a doc id holding it), sorted.
    let mut texts: Vec<(u32, u32, u32, u32)> = Vec::new();
    if recode {
        texts = metas.iter().map(|m| (m.text_block, m.text_off, m.text_len, m.doc_id)).collect();
        texts.sort_unstable();
        texts.dedup_by_key(|t| (t.0, t.1, t.2));
    }
    let mut next_text = 0usize;
    // Replaced documents per block, and their texts, except a text a live document shares.
    let mut dead: Vec<(u32, u32, u32)> =
        metas.iter().filter(|m| (ctx.is_dead)(m.doc_id)).map(|m| (m.text_block, m.text_off, m.text_len)).collect();
    dead.sort_unstable();
    let mut dead_docs: Vec<(u32, u32)> = Vec::new();
    for d in &dead {
        match dead_docs.last_mut() {
            Some((b, n)) if *b == d.0 => *n += 1,
            _ => dead_docs.push((d.0, 1)),
        }
    }
    dead.dedup();
    if !dead.is_empty() {
        let mut shared = vec![false; dead.len()];
        for m in metas.iter().filter(|m| !(ctx.is_dead)(m.doc_id)) {
            if let Ok(i) = dead.binary_search(&(m.text_block, m.text_off, m.text_len)) {
                shared[i] = true;
            }
        }
        let mut k = 0;
        dead.retain(|c| {
            k += 1;
            !shared[k - 1] && c.2 > 0
        });
    }
    let n_blocks = s.text_block_count()?;
    let mut map = BlockMap { blocks: Vec::with_capacity(n_blocks as usize), cuts: dead, recoded: Vec::new() };
    let (mut next_dead, mut next_cut) = (0usize, 0usize);
    for b in 0..n_blocks {
        if b % 1024 == 1023 {
            ctx.check_cancel()?;
        }
        let (tb, frame) = s.text_frame(b)?;
        let gone = match dead_docs.get(next_dead) {
            Some(&(db, n)) if db == b => {
                next_dead += 1;
                n
            }
            _ => 0,
        };
        let cut_end = next_cut + map.cuts[next_cut..].iter().take_while(|c| c.0 == b).count();
        let cuts = &map.cuts[next_cut..cut_end];
        next_cut = cut_end;
        let Some(count) = tb.doc_count.checked_sub(gone) else {
            let what = format!("text block {b} counts {} documents, {gone} replaced ones point into it", tb.doc_count);
            return Err(StoreError::corrupt(s.path(), 0, what));
        };
        let text_end = next_text + texts[next_text..].iter().take_while(|t| t.0 == b).count();
        let block_texts = &texts[next_text..text_end];
        next_text = text_end;
        if count == 0 {
            map.blocks.push((DROPPED, 0));
            continue;
        }
        if recode {
            let raw = s.text_block(b)?;
            let mut out = Vec::with_capacity(raw.len());
            for &(_, off, len, doc_id) in block_texts {
                if cuts.binary_search(&(b, off, len)).is_ok() {
                    continue;
                }
                let meta =
                    DocMeta { doc_id, text_block: b, text_off: off, text_len: len, ..bytemuck::Zeroable::zeroed() };
                let start = out.len();
                packer.codec().code.encode(&s.text_in(&meta, &raw)?, &mut out);
                let new = (u32::try_from(start), u32::try_from(out.len() - start));
                let (Ok(new_off), Ok(new_len)) = new else {
                    return Err(StoreError::TooLarge {
                        path: s.path().to_path_buf(),
                        what: "a text block over 4 GiB".into(),
                    });
                };
                map.recoded.push(((b, off, len), (new_off, new_len)));
            }
            let len = out.len() as u32;
            map.blocks.push((packer.add_block(out, count)?, len));
            stats.blocks_recompressed += 1;
            continue;
        }
        if cuts.is_empty() && same_dict {
            map.blocks.push((packer.add_frame(frame, tb.raw_len, count)?, tb.raw_len));
            stats.blocks_copied += 1;
            continue;
        }
        let raw = s.text_block(b)?;
        let kept = if cuts.is_empty() { raw } else { cut_texts(s, b, raw, cuts)? };
        let len = kept.len() as u32;
        map.blocks.push((packer.add_block(kept, count)?, len));
        stats.blocks_recompressed += 1;
    }
    if let Some(&(b, _)) = dead_docs.get(next_dead) {
        let what = format!("a replaced doc points at text block {b}; the segment has {n_blocks}");
        return Err(StoreError::corrupt(s.path(), 0, what));
    }
    Ok(map)
}

/// `raw` (text block `b` of `s`) without the byte ranges `cuts` (sorted by offset).
fn cut_texts(s: &Segment, b: u32, raw: Vec<u8>, cuts: &[(u32, u32, u32)]) -> Result<Vec<u8>> {
    let mut kept = Vec::with_capacity(raw.len());
    let mut at = 0usize;
    for &(_, off, len) in cuts {
        let (off, end) = (off as usize, off as usize + len as usize);
        if off < at || end > raw.len() {
            let what = format!("replaced texts in text block {b} overlap or run past its {} bytes", raw.len());
            return Err(StoreError::corrupt(s.path(), 0, what));
        }
        kept.extend_from_slice(&raw[at..off]);
        at = end;
    }
    kept.extend_from_slice(&raw[at..]);
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::super::write::write_segment;
    use super::*;
    use crate::store::doc::{sample, DocRecord};
    use crate::testutil::{sentence, Rng};

    /// `n` pages from `first` on, ~4 KB each; `chinese` picks the language, so a dictionary
    /// trained on one kind is poor for the other.
    fn pages(first: u32, n: u32, chinese: bool) -> Vec<DocRecord> {
        (first..first + n)
            .map(|i| {
                let mut rng = Rng::new(u64::from(i).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                let text: String = (0..40).map(|_| sentence(chinese, &mut rng)).collect();
                sample(i, &text)
            })
            .collect()
    }

    /// Blocks per segment, and those holding a document of `dead`.
    fn blocks(seg: &Segment, dead: &[u32]) -> (u64, u64) {
        let docs = seg.docs().expect("docs");
        let mut all: Vec<u32> = docs.iter().map(|m| m.text_block).collect();
        all.sort_unstable();
        all.dedup();
        let mut hit: Vec<u32> = docs.iter().filter(|m| dead.contains(&m.doc_id)).map(|m| m.text_block).collect();
        hit.sort_unstable();
        hit.dedup();
        (all.len() as u64, hit.len() as u64)
    }

    #[test]
    fn blocks_under_the_merge_dictionary_are_copied_and_the_rest_recompressed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (a, b, c) = (pages(100, 80, true), pages(180, 80, true), pages(260, 60, false));
        let none = |_: KeyKind, _: u64| false;
        let seg_a = Segment::open(&write_segment(dir.path(), 1, &a, &[], &none, &TextCodec::default()).expect("a"))
            .expect("open");
        let dict = TextCodec::of(&seg_a).expect("codec");
        assert!(
            !dict.dict.is_empty() && !dict.code.is_utf8(),
            "a segment this large trains a dictionary and a character code"
        );
        // The same kind of text keeps the index's dictionary; another language gets its own.
        let seg_b = Segment::open(&write_segment(dir.path(), 2, &b, &[], &none, &dict).expect("b")).expect("open");
        assert_eq!(seg_b.dict_bytes().expect("dict"), dict.dict.as_slice());
        let seg_c = Segment::open(&write_segment(dir.path(), 3, &c, &[], &none, &dict).expect("c")).expect("open");
        assert!(!seg_c.dict_bytes().expect("dict").is_empty());
        assert_ne!(seg_c.dict_bytes().expect("dict"), dict.dict.as_slice());

        let dead = [105u32, 200];
        let cancel = AtomicBool::new(false);
        let m = merge_segments(dir.path(), 4, &[&seg_a, &seg_b, &seg_c], &dead, &none, MergeMode::default(), &cancel)
            .expect("merge");
        let (a_all, a_hit) = blocks(&seg_a, &dead);
        let (b_all, b_hit) = blocks(&seg_b, &dead);
        let (c_all, _) = blocks(&seg_c, &dead);
        assert_eq!(m.blocks_copied, a_all - a_hit + b_all - b_hit);
        assert_eq!(m.blocks_recompressed, a_hit + b_hit + c_all);
        assert_eq!((m.docs, m.dropped), (218, 2));

        let merged = Segment::open(&m.path).expect("open merged");
        assert_eq!(merged.dict_bytes().expect("dict"), dict.dict.as_slice(), "the majority's dictionary is kept");
        holds(&merged, &a.iter().chain(&b).chain(&c).collect::<Vec<_>>(), &dead);
        for d in a.iter().chain(&b).chain(&c).filter(|d| !dead.contains(&d.doc_id)) {
            let (_, meta) = merged.doc(d.doc_id).expect("read").expect("live doc present");
            assert_eq!(merged.strings(meta).expect("strings"), (d.url.clone(), d.site.clone()));
        }
    }

    #[test]
    fn a_merge_cuts_replaced_texts_keeps_shared_ones_and_drops_emptied_blocks() {
        let dir = tempfile::tempdir().expect("tempdir");
        let none = |_: KeyKind, _: u64| false;
        // Doc 81 is an exact copy of doc 1 (its cluster), so the two share one stored text.
        let mut a = pages(1, 80, true);
        let mut copy = pages(81, 1, true).remove(0);
        copy.text = a[0].text.clone();
        copy.chars = a[0].chars;
        copy.cluster = 1;
        a.push(copy);
        let b = pages(82, 20, true);
        let seg_a = Segment::open(&write_segment(dir.path(), 1, &a, &[], &none, &TextCodec::default()).expect("a"))
            .expect("open");
        let dict = TextCodec::of(&seg_a).expect("codec");
        let seg_b = Segment::open(&write_segment(dir.path(), 2, &b, &[], &none, &dict).expect("b")).expect("open");
        let metas = seg_a.docs().expect("docs");
        let block_of = |id: u32| metas.iter().find(|m| m.doc_id == id).expect("doc").text_block;
        assert_eq!(block_of(1), block_of(81));
        // Replaced: doc 1 (its copy lives on), doc 40, and every document of a third block.
        let emptied = (0..seg_a.text_block_count().expect("count"))
            .find(|&bl| bl != block_of(1) && bl != block_of(40))
            .expect("a third block");
        let mut dead: Vec<u32> = vec![1, 40];
        dead.extend(metas.iter().filter(|m| m.text_block == emptied).map(|m| m.doc_id));
        dead.sort_unstable();
        let cancel = AtomicBool::new(false);
        let m = merge_segments(dir.path(), 3, &[&seg_a, &seg_b], &dead, &none, MergeMode::default(), &cancel)
            .expect("merge");
        assert_eq!((m.docs, m.dropped), (101 - dead.len() as u32, dead.len() as u64));
        let (a_blocks, b_blocks) = (seg_a.text_block_count().expect("a"), seg_b.text_block_count().expect("b"));
        assert_eq!(m.blocks_recompressed, 1, "only doc 40's block loses a text");
        assert_eq!(m.blocks_copied, u64::from(a_blocks + b_blocks) - 2, "the emptied block is dropped");
        let merged = Segment::open(&m.path).expect("open merged");
        assert!(merged.verify().is_empty(), "{:?}", merged.verify());
        assert_eq!(merged.text_block_count().expect("count"), a_blocks + b_blocks - 1);
        let mut live_bytes = 0u64;
        for d in a.iter().chain(&b) {
            let found = merged.doc(d.doc_id).expect("read");
            if dead.contains(&d.doc_id) {
                assert!(found.is_none(), "dead doc {} kept", d.doc_id);
                continue;
            }
            live_bytes += merged.char_code().encoded(&d.text).len() as u64;
            let (_, meta) = found.expect("live doc present");
            let block = merged.text_block(meta.text_block).expect("block");
            assert_eq!(merged.text_in(meta, &block).expect("text"), d.text, "doc {}", d.doc_id);
        }
        let raw: u64 = (0..merged.text_block_count().expect("count"))
            .map(|bl| u64::from(merged.text_frame(bl).expect("frame").0.raw_len))
            .sum();
        assert_eq!(raw, live_bytes, "replaced texts are cut, the shared one kept");
    }

    #[test]
    fn a_regrouping_merge_stores_clusters_together_across_inputs() {
        use crate::store::doc::random_article;
        let dir = tempfile::tempdir().expect("tempdir");
        let none = |_: KeyKind, _: u64| false;
        // Segment a: twenty originals. Segment b: an edited version of each, and an exact copy
        // of each (their clusters are the originals'). Doc 45 is replaced.
        let a: Vec<DocRecord> = (0..20).map(|k| sample(1 + k, &random_article(k, 0))).collect();
        let mut b = Vec::new();
        for (first, edit) in [(21, 3), (41, 0)] {
            for k in 0..20 {
                let mut d = sample(first + k, &random_article(k, edit));
                d.cluster = 1 + k;
                b.push(d);
            }
        }
        let seg_a = Segment::open(&write_segment(dir.path(), 1, &a, &[], &none, &TextCodec::default()).expect("a"))
            .expect("open");
        let seg_b = Segment::open(&write_segment(dir.path(), 2, &b, &[], &none, &TextCodec::default()).expect("b"))
            .expect("open");
        let dead = [45u32];
        let cancel = AtomicBool::new(false);
        let inputs = [&seg_a, &seg_b];
        let mode = MergeMode { prune: None, regroup: true };
        let moved = merge_segments(dir.path(), 3, &inputs, &dead, &none, MergeMode::default(), &cancel).expect("merge");
        let m = merge_segments(dir.path(), 4, &inputs, &dead, &none, mode, &cancel).expect("regroup");
        assert_eq!((m.docs, m.dropped, m.blocks_copied), (59, 1, 0));
        let merged = Segment::open(&m.path).expect("open merged");
        assert_eq!(m.blocks_recompressed, u64::from(merged.text_block_count().expect("count")));
        assert!(merged.verify().is_empty(), "{:?}", merged.verify());
        let metas = merged.docs().expect("docs");
        for d in a.iter().chain(&b).filter(|d| d.doc_id != 45) {
            let (_, meta) = merged.doc(d.doc_id).expect("read").expect("live doc present");
            let block = merged.text_block(meta.text_block).expect("block");
            assert_eq!(merged.text_in(meta, &block).expect("text"), d.text, "doc {}", d.doc_id);
        }
        let at = |id: u32| metas.iter().find(|m| m.doc_id == id).map(|m| (m.text_block, m.text_off));
        for k in 0..20 {
            if k != 4 {
                assert_eq!(at(1 + k), at(41 + k), "a copy from another input shares its original's text");
            }
            assert_ne!(at(1 + k), at(21 + k), "an edited version has its own text");
        }
        let mut stored: Vec<&DocMeta> = metas.iter().collect();
        stored.sort_by_key(|m| (m.text_block, m.text_off));
        let mut runs: Vec<u32> = stored.iter().map(|m| m.cluster).collect();
        runs.dedup();
        assert_eq!(runs.len(), 20, "each cluster's texts are one run: {runs:?}");
        let moved = Segment::open(&moved.path).expect("open moved");
        let (regrouped, kept) = (merged.section_len(SectionKind::Text), moved.section_len(SectionKind::Text));
        assert!(regrouped * 10 < kept * 7, "regrouped {regrouped} B, blocks moved {kept} B");
        // Compressed harder than a flush or another merge does: its blocks take more at their level.
        let prepared = super::super::write::prepare(merged.dict_bytes().expect("dict"), ZSTD_LEVEL).expect("loads");
        let mut z = super::super::write::compressor(prepared.as_ref(), ZSTD_LEVEL).expect("compressor");
        let blocks = 0..merged.text_block_count().expect("count");
        let at_flush_level: usize =
            blocks.clone().map(|bl| z.compress(&merged.text_block(bl).expect("block")).expect("compress").len()).sum();
        let stored: usize = blocks.map(|bl| merged.text_frame(bl).expect("frame").0.comp_len as usize).sum();
        assert!(stored < at_flush_level, "{stored} B stored, {at_flush_level} B at the flush's level");
    }

    /// Texts of varied lengths, every 17th empty; `chinese` picks the language.
    fn text_pool(chinese: bool, n: usize, rng: &mut Rng) -> Vec<String> {
        (0..n)
            .map(|i| {
                if i % 17 == 0 {
                    return String::new();
                }
                (0..1 + rng.below(60)).map(|_| sentence(chinese, rng)).collect()
            })
            .collect()
    }

    /// `n` pages from doc `first` on, texts drawn from `pool` (so exact copies abound), a third
    /// of them joining the cluster of an earlier page.
    fn drawn(first: u32, n: u32, pool: &[String], rng: &mut Rng) -> Vec<DocRecord> {
        (first..first + n)
            .map(|id| {
                let mut d = sample(id, &pool[rng.below(pool.len() as u64) as usize]);
                if rng.below(3) == 0 && id > first {
                    d.cluster = first + rng.below(u64::from(id - first)) as u32;
                }
                d
            })
            .collect()
    }

    /// `seg` verifies and holds exactly the live ones of `docs`, each with its text.
    fn holds(seg: &Segment, docs: &[&DocRecord], dead: &[u32]) {
        assert!(seg.verify().is_empty(), "{:?}", seg.verify());
        for d in docs {
            let found = seg.doc(d.doc_id).expect("read");
            if dead.contains(&d.doc_id) {
                assert!(found.is_none(), "dead doc {} kept", d.doc_id);
                continue;
            }
            let (_, m) = found.expect("live doc present");
            let block = seg.text_block(m.text_block).expect("block");
            assert_eq!(seg.text_in(m, &block).expect("text"), d.text, "doc {}", d.doc_id);
        }
    }

    /// An input stored as UTF-8 (a small flush, or any segment before version 4) merged with one
    /// in a character code: the UTF-8 blocks are recoded text by text, shared and empty texts
    /// included, a replaced text left out; the coded input's blocks are copied.
    #[test]
    fn blocks_in_another_character_code_are_recoded() {
        let dir = tempfile::tempdir().expect("tempdir");
        let none = |_: KeyKind, _: u64| false;
        let a = pages(100, 80, true);
        let mut rng = Rng::new(7);
        let pool = text_pool(true, 12, &mut rng);
        let b = drawn(180, 24, &pool, &mut rng);
        let seg_a = Segment::open(&write_segment(dir.path(), 1, &a, &[], &none, &TextCodec::default()).expect("a"))
            .expect("open");
        let seg_b = Segment::open(&write_segment(dir.path(), 2, &b, &[], &none, &TextCodec::default()).expect("b"))
            .expect("open");
        assert!(!seg_a.char_code().is_utf8(), "a large segment trains a code");
        assert!(seg_b.char_code().is_utf8(), "a small one stores UTF-8");
        let dead = [190u32];
        let cancel = AtomicBool::new(false);
        let m = merge_segments(dir.path(), 3, &[&seg_a, &seg_b], &dead, &none, MergeMode::default(), &cancel)
            .expect("merge");
        let (a_all, _) = blocks(&seg_a, &[]);
        let (b_all, _) = blocks(&seg_b, &[]);
        assert_eq!((m.blocks_copied, m.blocks_recompressed), (a_all, b_all));
        let merged = Segment::open(&m.path).expect("open merged");
        assert!(merged.char_code() == seg_a.char_code());
        holds(&merged, &a.iter().chain(&b).collect::<Vec<_>>(), &dead);
        // Recoded, the Chinese texts take fewer bytes than their UTF-8.
        let utf8: u64 = b.iter().filter(|d| !dead.contains(&d.doc_id)).map(|d| d.text.len() as u64).sum();
        let coded: u64 = b
            .iter()
            .filter(|d| !dead.contains(&d.doc_id))
            .map(|d| u64::from(merged.doc(d.doc_id).expect("read").expect("live").1.text_len))
            .sum();
        assert!(coded * 2 < utf8, "coded {coded} B, UTF-8 {utf8} B");
    }

    /// Merges of inputs full of shared, empty and clustered texts under two dictionaries, with
    /// 1-100% of the pages replaced, both ways, and the output merged again.
    #[test]
    fn random_merges_keep_every_live_text() {
        let dir = tempfile::tempdir().expect("tempdir");
        let none = |_: KeyKind, _: u64| false;
        let mut rng = Rng::new(42);
        let (zh, en) = (text_pool(true, 60, &mut rng), text_pool(false, 40, &mut rng));
        let (a, b, c) = (drawn(1, 300, &zh, &mut rng), drawn(301, 150, &en, &mut rng), drawn(451, 150, &zh, &mut rng));
        let seg_a = Segment::open(&write_segment(dir.path(), 1, &a, &[], &none, &TextCodec::default()).expect("a"))
            .expect("open");
        let dict = TextCodec::of(&seg_a).expect("codec");
        let seg_b = Segment::open(&write_segment(dir.path(), 2, &b, &[], &none, &dict).expect("b")).expect("open");
        let seg_c = Segment::open(&write_segment(dir.path(), 3, &c, &[], &none, &dict).expect("c")).expect("open");
        assert_ne!(seg_b.dict_bytes().expect("dict"), dict.dict.as_slice(), "English gets its own dictionary");
        let all: Vec<&DocRecord> = a.iter().chain(&b).chain(&c).collect();
        let cancel = AtomicBool::new(false);
        let mut id = 10;
        for share in [1, 5, 20, 50, 90, 100] {
            let dead: Vec<u32> = (1..=600).filter(|_| rng.below(100) < share).collect();
            for regroup in [false, true] {
                id += 2;
                let mode = MergeMode { prune: None, regroup };
                let m = merge_segments(dir.path(), id, &[&seg_a, &seg_b, &seg_c], &dead, &none, mode, &cancel)
                    .expect("merge");
                let merged = Segment::open(&m.path).expect("open");
                holds(&merged, &all, &dead);
                let mut more = dead.clone();
                more.extend((1..=600).filter(|_| rng.below(100) < 30));
                more.sort_unstable();
                more.dedup();
                let m2 = merge_segments(dir.path(), id + 1, &[&merged], &more, &none, MergeMode::default(), &cancel)
                    .expect("merge again");
                holds(&Segment::open(&m2.path).expect("open"), &all, &more);
            }
        }
    }

    #[test]
    fn the_regroup_cache_evicts_the_least_recently_used_block() {
        let dir = tempfile::tempdir().expect("tempdir");
        let none = |_: KeyKind, _: u64| false;
        let seg = Segment::open(
            &write_segment(dir.path(), 1, &pages(1, 40, true), &[], &none, &TextCodec::default()).expect("write"),
        )
        .expect("open");
        assert!(seg.text_block_count().expect("count") >= 3);
        let mut cache = BlockCache::new(2);
        for b in [0, 1, 0, 2, 1, 2] {
            assert_eq!(cache.get(&seg, 0, b).expect("block"), seg.text_block(b).expect("block").as_slice());
        }
        // 0 and 1 read; 0 again from the cache; 2 evicts 1 (used least recently), so 1 is read
        // again and evicts 0; 2 is still cached. First in, first out would have evicted 0 and
        // kept 1.
        assert_eq!(cache.misses, 4);
    }
}
