//! A read view of the index: the segments and memtables one query reads, as the writer holds
//! them or as a reader's snapshot froze them. It answers postings lookups and finds stored
//! documents; what a lookup means for a page is the dedup layer's ([`crate::dedup`]).

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use super::doc::DocRecord;
use super::error::{Result, StoreError};
use super::format::{url_hash, KeyKind, DOC_FLAG_LISTING};
use super::index::UrlEntryInfo;
use super::memtable::Memtable;
use super::pruned::PrunedSet;
use super::segment::Segment;
use crate::features::Features;
use crate::params::Params;

/// The segments and memtables a query reads. Memtables hold the newest documents, above every
/// segment's: the one a background flush is writing, the sealed ones a reader's snapshot shares,
/// and the writer's live one, in this order (doc ids increase along it).
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub(crate) segments: &'a [Arc<Segment>],
    pub(crate) frozen: Option<&'a Memtable>,
    pub(crate) sealed: &'a [Arc<Memtable>],
    pub(crate) mem: Option<&'a Memtable>,
    pub(crate) pruned: &'a PrunedSet,
    pub(crate) params: &'a Params,
}

impl<'a> View<'a> {
    /// The parameters the index was built with.
    pub fn params(&self) -> &'a Params {
        self.params
    }

    /// The pruned keys.
    pub fn pruned(&self) -> &'a PrunedSet {
        self.pruned
    }

    /// The segments, oldest first.
    pub(crate) fn segments(&self) -> &'a [Arc<Segment>] {
        self.segments
    }

    /// The memtables, oldest first.
    pub(crate) fn memtables(&self) -> impl DoubleEndedIterator<Item = &'a Memtable> + 'a {
        self.frozen.into_iter().chain(self.sealed.iter().map(|m| &**m)).chain(self.mem)
    }

    /// Brings the lookups of `keys` into the cache before they are made, and appends to
    /// `passed` (the key's place in `keys`, segment) for every key a segment's Bloom filter lets
    /// through, in key order. The stages each run over all the keys, so that the cache misses
    /// of many keys are in flight at once instead of one key's after another's: (1) touch the
    /// memtables' buckets and each segment's Bloom filter word; (2) test the filters (now
    /// cached), and for each key a segment may hold touch the key-index head its value
    /// predicts; (3) find those keys' blocks and touch where their entries should be. The
    /// lookups proper ([`View::gather`]) then mostly hit the cache. A new page's keys mostly
    /// stop at (2).
    pub(crate) fn prefetch(&self, keys: &[(KeyKind, u64)], passed: &mut Vec<(u32, u32)>) -> Result<()> {
        let mut touched = 0u64;
        for &(kind, key) in keys {
            for m in self.memtables().rev() {
                touched = touched.wrapping_add(m.postings(kind, key).len() as u64);
            }
            for seg in self.segments {
                touched = touched.wrapping_add(seg.touch_bloom(kind, key));
            }
        }
        for (i, &(kind, key)) in keys.iter().enumerate() {
            for (s, seg) in self.segments.iter().enumerate() {
                if seg.may_contain(kind, key)? {
                    passed.push((i as u32, s as u32));
                    touched = touched.wrapping_add(seg.touch_head(kind, key));
                }
            }
        }
        for &(i, s) in passed.iter() {
            let (kind, key) = keys[i as usize];
            touched = touched.wrapping_add(self.segments[s as usize].touch_entry(kind, key));
        }
        std::hint::black_box(touched);
        Ok(())
    }

    /// The segments whose Bloom filters let `key` through, appended to `segs` in increasing order.
    pub(crate) fn segments_passing(&self, kind: KeyKind, key: u64, segs: &mut Vec<u32>) -> Result<()> {
        for (s, seg) in self.segments.iter().enumerate() {
            if seg.may_contain(kind, key)? {
                segs.push(s as u32);
            }
        }
        Ok(())
    }

    /// Every live document's (doc id, url, cluster), in doc-id order, through `f`.
    pub(crate) fn for_each_doc(&self, mut f: impl FnMut(u32, &str, u32) -> std::io::Result<()>) -> Result<()> {
        let io = |e| StoreError::io("the output", e);
        for seg in self.segments {
            for m in seg.docs()? {
                if !self.is_deleted(m.doc_id)? {
                    f(m.doc_id, &seg.strings(m)?.0, m.cluster).map_err(io)?;
                }
            }
        }
        for mem in self.memtables() {
            for d in mem.docs() {
                if !self.is_deleted(d.doc_id)? {
                    f(d.doc_id, &d.url, d.cluster).map_err(io)?;
                }
            }
        }
        Ok(())
    }

    /// The stored page under `url`: (doc id, site, cluster, fetch time, normalized text).
    pub(crate) fn stored(&self, url: &str) -> Result<Option<Stored>> {
        let Some(entry) = self.lookup_url(url)? else { return Ok(None) };
        let Some(doc) = self.find(entry.doc_id)? else { return Ok(None) };
        let text = doc.text(&mut TextCache::default())?;
        let (script, language) = doc.script();
        Ok(Some(Stored {
            doc_id: entry.doc_id,
            site: doc.site()?,
            cluster: entry.cluster,
            fetched_at: doc.fetched_at(),
            text,
            script,
            language,
        }))
    }

    /// Documents in segments, documents in memtables, and the segments' bytes on disk.
    pub(crate) fn sizes(&self) -> (u64, u64, u64) {
        let seg_docs = self.segments.iter().map(|s| u64::from(s.doc_count())).sum();
        let mem_docs = self.memtables().map(|m| m.len() as u64).sum();
        let bytes = self.segments.iter().map(|s| s.file_len()).sum();
        (seg_docs, mem_docs, bytes)
    }

    /// True when a document inserted at or after `first_doc` (and not yet flushed) holds one of
    /// the page's unpruned keys: its answer from before those inserts may no longer hold.
    pub(crate) fn shares_keys_since(&self, features: &Features, first_doc: u32) -> bool {
        let newer = |kind: KeyKind, key: u64| self.held_since(kind, key, first_doc);
        newer(KeyKind::Exact, features.exact)
            || features.fingerprints.iter().any(|&k| newer(KeyKind::Fingerprint, k))
            || features.period.iter().any(|&k| newer(KeyKind::Period, k))
    }

    /// True when a document inserted at or after `first_doc` (and not yet flushed) holds one of
    /// these unpruned period features.
    pub(crate) fn holds_period_keys_since(&self, keys: &[u64], first_doc: u32) -> bool {
        keys.iter().any(|&key| self.held_since(KeyKind::Period, key, first_doc))
    }

    /// True when a newer insert replaced `doc_id`.
    pub(crate) fn is_deleted(&self, doc_id: u32) -> Result<bool> {
        if self.memtables().any(|m| m.deletes_doc(doc_id)) {
            return Ok(true);
        }
        for s in self.segments {
            if s.deletes_doc(doc_id)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Finds a document once, for everything a query reads of it.
    pub(crate) fn find(&self, doc_id: u32) -> Result<Option<DocRef<'a>>> {
        if let Some(d) = self.memtables().find_map(|m| m.get(doc_id)) {
            return Ok(Some(DocRef::Mem(d)));
        }
        let seg = self.segments.iter().find(|s| {
            let (lo, hi) = s.doc_range();
            s.doc_count() > 0 && lo <= doc_id && doc_id <= hi
        });
        match seg {
            Some(seg) => Ok(seg.doc(doc_id)?.map(|(i, meta)| DocRef::Seg(seg, meta, i))),
            None => Ok(None),
        }
    }

    /// The live document stored under `url`, if any.
    pub(crate) fn lookup_url(&self, url: &str) -> Result<Option<UrlEntryInfo>> {
        let h = url_hash(url);
        for mem in self.memtables().rev() {
            for &d in mem.docs_with_url_hash(h).iter().rev() {
                if let Some(doc) = mem.get(d) {
                    if doc.url == url && !self.is_deleted(d)? {
                        return Ok(Some(UrlEntryInfo { doc_id: d, exact: doc.exact, cluster: doc.cluster }));
                    }
                }
            }
        }
        for seg in self.segments.iter().rev() {
            let mut ids = seg.docs_with_url_hash(h)?;
            ids.sort_unstable_by(|a, b| b.cmp(a));
            for d in ids {
                let Some((_, meta)) = seg.doc(d)? else { continue };
                if seg.strings(meta)?.0 == url && !self.is_deleted(d)? {
                    return Ok(Some(UrlEntryInfo { doc_id: d, exact: meta.exact, cluster: meta.cluster }));
                }
            }
        }
        Ok(None)
    }

    /// Doc ids holding a key, over memtable and segments: `segs`, in increasing order, are the
    /// segments whose Bloom filters let the key through. Returns how many documents hold the
    /// key; above `cap` the key is template-like: then `out` holds only its newest `tail`
    /// documents, and older segments' lists are not even decoded, so that a template key costs
    /// the same however large the index grows.
    pub(crate) fn gather(
        &self,
        kind: KeyKind,
        key: u64,
        segs: impl Iterator<Item = u32>,
        cap: usize,
        tail: usize,
        out: &mut Vec<u32>,
    ) -> Result<usize> {
        out.clear();
        let mut lists = Vec::new();
        let mut total: usize = self.memtables().map(|m| m.postings(kind, key).len()).sum();
        for seg in segs.map(|s| &self.segments[s as usize]) {
            if let Some(p) = seg.postings_past_filter(kind, key)? {
                total += p.len();
                lists.push((seg, p));
            }
        }
        let decode = |seg: &Segment, p: &super::segment::Postings<'_>, out: &mut Vec<u32>| {
            p.decode_into(out).ok_or_else(|| {
                StoreError::corrupt(seg.path(), 0, format!("{} postings of {key:016x} do not decode", kind.name()))
            })
        };
        if total <= cap {
            for (seg, p) in &lists {
                decode(seg, p, out)?;
            }
            for m in self.memtables() {
                out.extend_from_slice(m.postings(kind, key));
            }
            return Ok(total);
        }
        // Newest first: the memtables, then segments from the newest. Every list is sorted, so
        // only its last `tail` ids can be among the newest `tail` of all: a template key's
        // memtable list of thousands is not copied and sorted whole for every query.
        let newest = |list: &[u32]| -> usize { list.len().saturating_sub(tail) };
        for m in self.memtables().rev() {
            let list = m.postings(kind, key);
            out.extend_from_slice(&list[newest(list)..]);
        }
        for (seg, p) in lists.iter().rev() {
            if out.len() >= tail {
                break;
            }
            let start = out.len();
            decode(seg, p, out)?;
            let older = newest(&out[start..]);
            out.drain(start..start + older);
        }
        out.sort_unstable();
        let cut = out.len().saturating_sub(tail);
        out.drain(..cut);
        Ok(total)
    }

    /// True when an unpruned key is held by a document inserted at or after `first_doc` and
    /// not yet flushed.
    pub(crate) fn held_since(&self, kind: KeyKind, key: u64, first_doc: u32) -> bool {
        !self.pruned.contains(kind, key)
            && self.memtables().any(|m| m.postings(kind, key).last().is_some_and(|&d| d >= first_doc))
    }
}

/// A page stored under a URL, as [`View::stored`] reads it.
pub(crate) struct Stored {
    pub doc_id: u32,
    pub site: String,
    pub cluster: u32,
    pub fetched_at: i64,
    pub text: Vec<char>,
    pub script: crate::lang::Script,
    pub language: crate::lang::Language,
}

/// A found document: what a query reads of it without looking it up again.
#[derive(Clone, Copy)]
pub(crate) enum DocRef<'a> {
    Mem(&'a DocRecord),
    /// The segment, the document's record and its place in the doc table.
    Seg(&'a Segment, &'a super::format::DocMeta, usize),
}

impl DocRef<'_> {
    /// (distinct period features, cluster): what candidate ranking needs.
    pub(crate) fn summary(&self) -> (u32, u32) {
        match self {
            DocRef::Mem(d) => (d.period.len() as u32, d.cluster),
            DocRef::Seg(_, m, _) => (m.period_count, m.cluster),
        }
    }

    /// The site's id in the catalog.
    pub(crate) fn site_id(&self) -> u32 {
        match self {
            DocRef::Mem(d) => d.site_id,
            DocRef::Seg(_, m, _) => m.site_id,
        }
    }

    /// The document's `DOC_FLAG_*` bits.
    fn flags(&self) -> u32 {
        match self {
            DocRef::Mem(d) => d.flags,
            DocRef::Seg(_, m, _) => m.flags,
        }
    }

    /// True when the document's text is a listing's excerpts (see [`NewDoc::listing`]).
    pub(crate) fn listing(&self) -> bool {
        self.flags() & DOC_FLAG_LISTING != 0
    }

    /// The page's script and language, as recorded (see [`NewDoc::script`]).
    pub(crate) fn script(&self) -> (crate::lang::Script, crate::lang::Language) {
        super::format::script_of_flags(self.flags())
    }

    /// (exact hash, characters): documents with equal identities have the same text.
    pub(crate) fn identity(&self) -> (u64, u32) {
        match self {
            DocRef::Mem(d) => (d.exact, d.chars),
            DocRef::Seg(_, m, _) => (m.exact, m.chars),
        }
    }

    pub(crate) fn url(&self) -> Result<String> {
        match self {
            DocRef::Mem(d) => Ok(d.url.clone()),
            DocRef::Seg(seg, m, _) => Ok(seg.strings(m)?.0),
        }
    }

    /// The site the document is stored under.
    pub(crate) fn site(&self) -> Result<String> {
        match self {
            DocRef::Mem(d) => Ok(d.site.clone()),
            DocRef::Seg(seg, m, _) => Ok(seg.strings(m)?.1),
        }
    }

    /// Its fetch time, Unix seconds (0: unknown).
    pub(crate) fn fetched_at(&self) -> i64 {
        match self {
            DocRef::Mem(d) => d.fetched_at,
            DocRef::Seg(_, m, _) => m.fetched_at,
        }
    }

    /// True when the document is a page of `site`.
    pub(crate) fn on_site(&self, site: &str) -> Result<bool> {
        match self {
            DocRef::Mem(d) => Ok(d.site == site),
            DocRef::Seg(seg, m, _) => Ok(seg.strings(m)?.1 == site),
        }
    }

    /// The sketch of its title (zeros: none known).
    pub(crate) fn title(&self) -> Result<crate::features::title::TitleSketch> {
        match self {
            DocRef::Mem(d) => Ok(d.title),
            DocRef::Seg(seg, _, i) => seg.doc_title(*i),
        }
    }

    pub(crate) fn text(&self, cache: &mut TextCache) -> Result<Vec<char>> {
        match self {
            DocRef::Mem(d) => Ok(crate::normalize::string_to_chars(&d.text, d.chars as usize)),
            DocRef::Seg(seg, m, _) => {
                let block = cache.block(seg, m.text_block)?;
                // Sized once from the stored character count (only a hint: decoding checks).
                let mut chars = Vec::with_capacity((m.chars as usize).min(block.len()));
                seg.text_chars(m, &block, &mut chars)?;
                Ok(chars)
            }
        }
    }
}

/// Bounded cache of decompressed text blocks (FIFO eviction).
#[derive(Default)]
pub(crate) struct TextCache {
    map: HashMap<(u64, u32), Arc<Vec<u8>>>,
    order: VecDeque<(u64, u32)>,
}

impl TextCache {
    /// A decompressed block of `seg` (keyed by the segment's serial, unique in the process, so
    /// that one cache serves any index; entries of merged-away segments are merely dead weight
    /// until evicted).
    pub(crate) fn block(&mut self, seg: &Segment, block: u32) -> Result<Arc<Vec<u8>>> {
        let key = (seg.serial(), block);
        if let Some(b) = self.map.get(&key) {
            return Ok(Arc::clone(b));
        }
        let b = Arc::new(seg.text_block(block)?);
        if self.order.len() >= TEXT_CACHE_BLOCKS {
            if let Some(old) = self.order.pop_front() {
                self.map.remove(&old);
            }
        }
        self.order.push_back(key);
        self.map.insert(key, Arc::clone(&b));
        Ok(b)
    }
}

const TEXT_CACHE_BLOCKS: usize = 256;
