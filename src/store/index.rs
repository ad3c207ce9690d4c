//! The index: segments + memtable + WAL + catalog, and the query that finds a page's earlier
//! near-duplicates.
//!
//! **Query.** Every key of the page (exact hash, fingerprints, period features) that is not
//! pruned is looked up in the memtable and every segment. A posting list longer than
//! [`QueryLimits::posting_cap`] is template-like: it is not counted, except its newest
//! [`QueryLimits::long_list_tail`] documents (so that the hundredth copy of a viral article still
//! finds the last copies while a template key costs a bounded amount). Candidates are counted per
//! document, filtered (a shared fingerprint, or two shared period features, or one when either
//! page has at most two or the feature is rare), ranked by shared fingerprints plus CCS with
//! each key weighted by its rarity (a key on many pages counts little, boilerplate such as a
//! site's disclaimer nothing, and so does a site's template text beside each page's own from
//! its fourth page on), and the best
//! [`QueryLimits::max_candidates`] are verified with TLCS against their stored text, until
//! [`QueryLimits::max_matches`] similar pages are found.
//!
//! **Writers and readers.** One writer at a time holds `LOCK` (an OS file lock) and the catalog.
//! Readers take no lock and never open the catalog: they read the manifest, map the segments and
//! read the live WALs up to their last complete record.
//!
//! **Flushes** run in the background: the full memtable is frozen (still queried) and written
//! as a segment on its own thread while inserts go on into a new memtable and WAL generation.

use std::collections::{HashMap, VecDeque};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::catalog::Catalog;
use super::doc::DocRecord;
use super::error::{Result, StoreError};
use super::format::{url_hash, KeyKind, SectionKind, DOC_FLAG_FALLBACK, DOC_FLAG_LISTING};
use super::manifest::{Manifest, SegmentRef, MANIFEST_FILE};
use super::memtable::Memtable;
use super::pruned::{pruned_file_name, PrunePolicy, PrunedSet};
use super::segment::{
    list_segment_files, merge_segments, segment_file_name, write_segment, MergeMode, Merged, Segment, TextCodec,
};
use super::tiering::{MergePolicy, SegmentSize};
use super::wal::{read_wal_chain, wal_file_name, wal_gen_of, Wal};
use crate::features::Features;
use crate::params::Params;
use crate::verify::{Comparison, Prepared, Relation, Verifier};

/// Bounds that keep one query's cost independent of the index's size.
#[derive(Debug, Clone, Copy)]
pub struct QueryLimits {
    /// Posting lists longer than this are template-like.
    pub posting_cap: usize,
    /// Of a template-like list, this many newest documents still count.
    pub long_list_tail: usize,
    /// Candidates verified with TLCS at most.
    pub max_candidates: usize,
    /// Verification stops once this many similar pages are found (candidates come best first;
    /// a page with hundreds of earlier copies must not cost hundreds of alignments).
    pub max_matches: usize,
}

impl Default for QueryLimits {
    fn default() -> Self {
        QueryLimits { posting_cap: 2000, long_list_tail: 64, max_candidates: 24, max_matches: 8 }
    }
}

/// When the memtable is written out as a segment during an ingest.
#[derive(Debug, Clone, Copy)]
pub struct FlushPolicy {
    /// Documents in the memtable.
    pub max_docs: usize,
    /// Bytes of text in the memtable.
    pub max_text_bytes: usize,
}

impl Default for FlushPolicy {
    fn default() -> Self {
        FlushPolicy { max_docs: 50_000, max_text_bytes: 256 << 20 }
    }
}

/// Keys held by at most this many documents count fully in candidate ranking; a key held by more
/// counts `RARE_HOLDERS / holders` (nothing if it is boilerplate): a sentence on every page of a
/// site is weak evidence that two of its pages share an article.
const RARE_HOLDERS: usize = 32;

/// Whether a key held by more than [`RARE_HOLDERS`] pages is boilerplate is judged from this many
/// of its newest holders.
const HOLDER_SAMPLE: usize = 16;

/// A key held by at least this many pages, and at most [`RARE_HOLDERS`], is boilerplate when
/// they are one site's pages with text of their own beside it (see `Index::site_template`).
const TEMPLATE_MIN_HOLDERS: usize = 3;

/// At most this many holders' texts are read in one query to tell whether what the page shares
/// with them lies at their edges (see `Index::sibling_edges`): a page sharing its edges with
/// many of its site's pages, each on no more than two, stays bounded.
const SIBLING_TEXTS_READ: usize = 8;

/// At most this many candidates of one query have their own boilerplate looked up (see
/// `Index::candidate_boilerplate`): each costs a lookup of its sentences' keys, and candidates
/// come best first.
const CANDIDATE_RECHECKS: usize = 4;

/// Ranking weight of a key held by `holders` documents.
fn rarity(holders: usize) -> f32 {
    if holders <= RARE_HOLDERS {
        1.0
    } else {
        RARE_HOLDERS as f32 / holders as f32
    }
}

/// A near-whole match is resemblance of at least this ...
const WHOLE_RESEMBLE: f64 = 0.85;
/// ... or the shorter text contained to at least this share.
const WHOLE_CONTAIN: f64 = 0.97;

/// The relation of a page from `origin` to `doc`, as `cmp` found it, but for two pages of one
/// site whose titles differ: those are two articles, and they are copies of each other, or one
/// holds the other, only when the match is near-whole ([`WHOLE_RESEMBLE`], [`WHOLE_CONTAIN`]).
/// A lesser one is the site's furniture inside its articles (a job board's safety notice, an
/// account's intro and outro, a shop's policy), which the index learns only once it is on
/// three pages (`Index::site_template`): on a site's second and third page it made a duplicate
/// or a containment of the first. Such a pair is an overlap when a passage not at the same
/// edge of both texts is long enough, as for any pair, and different otherwise. A story's
/// update keeps most of its title, and a print view under another title is near-whole; a
/// digest of the site's stories shares a passage with each, and stays an overlap.
fn two_articles(cmp: &Comparison, origin: Origin<'_>, doc: &DocRef<'_>, p: &crate::Params) -> Result<Relation> {
    if !cmp.relation.is_claim() || cmp.resemble >= WHOLE_RESEMBLE || cmp.contain >= WHOLE_CONTAIN {
        return Ok(cmp.relation);
    }
    if !another_article(origin, doc)? {
        return Ok(cmp.relation);
    }
    Ok(crate::verify::short_of_a_claim(cmp.overlap_chars, p))
}

/// True when `doc` is another article of the page's site: a page of `origin`'s site under a
/// different title (see [`crate::features::title::titles_differ`]).
fn another_article(origin: Origin<'_>, doc: &DocRef<'_>) -> Result<bool> {
    Ok(crate::features::title::titles_differ(&origin.title, &doc.title()?) && doc.on_site(origin.site)?)
}

/// True when a document with `period` period features holds some beside the `shared` ones it
/// has of the page's and the page's `margin` (its pruned ones, which a holder with the same text
/// holds too and which are not counted as shared): text of its own.
fn holds_own(period: usize, shared: u16, margin: usize) -> bool {
    period > usize::from(shared) + margin
}

/// The keys of `order` (a text's period features in text order) on the runs from its start and
/// to its end whose keys all pass `is`, or none when one run is the whole text (nothing of the
/// text's own lies between them). Sorted, distinct.
fn edge_keys(order: &[u64], is: impl Fn(&u64) -> bool) -> Vec<u64> {
    let head = order.iter().take_while(|k| is(k)).count();
    if head == order.len() {
        return Vec::new();
    }
    let tail = order[head..].iter().rev().take_while(|k| is(k)).count();
    let mut out: Vec<u64> = order[..head].iter().chain(&order[order.len() - tail..]).copied().collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// How often the most common value of `v` occurs (`v` is sorted on the way).
fn most_common(v: &mut [u32]) -> usize {
    v.sort_unstable();
    v.chunk_by(|a, b| a == b).map(<[u32]>::len).max().unwrap_or(0)
}

/// A verified earlier page similar to the query.
#[derive(Debug, Clone)]
pub struct Match {
    /// Its doc id.
    pub doc_id: u32,
    /// Its URL.
    pub url: String,
    /// Its cluster.
    pub cluster: u32,
    /// The comparison (relation of the query page to it).
    pub cmp: Comparison,
}

/// The answer to a query.
#[derive(Debug, Clone, Default)]
pub struct QueryAnswer {
    /// A live document with exactly the same text.
    pub exact: Option<Match>,
    /// Verified similar documents, best first.
    pub matches: Vec<Match>,
    /// Candidates verified.
    pub verified: usize,
    /// Of those, candidates whose text was identical (same exact hash and length) to one
    /// already verified for this query (aligned, or carried from an earlier answer): its
    /// comparison was reused, not recomputed.
    pub reused: usize,
    /// Keys whose posting lists were template-like.
    pub long_lists: usize,
    /// Every document the answer depended on (exact copies and ranked candidates): if one of
    /// them is deleted, the answer may change.
    pub considered: Vec<u32>,
    /// Of the candidates verified, those whose comparison came from an earlier query of the
    /// same page (the `earlier` argument of [`Index::query_with`]).
    pub carried: usize,
    /// The comparisons this query made, for a later query of the same page to reuse.
    pub alignments: Alignments,
    /// Of the candidates verified, those that are a match only once their own boilerplate
    /// was discounted (see `Index::candidate_boilerplate`).
    pub discounted: usize,
    /// Candidates' period features looked up to find their boilerplate: the answer depends on
    /// their holders too, not only on the page's keys'. Sorted per candidate, not overall.
    pub candidate_keys: Vec<u64>,
}

/// The comparisons one query of a page made, by candidate text. A comparison depends only on
/// the two texts, on which of the page's sentences were boilerplate and on the index's
/// parameters (fixed for an index); its CCS and CLR, which come from the postings, are taken
/// from the later query's ranking. So a later query of the same page that finds the same
/// boilerplate can take them instead of aligning the texts again: ingest asks again when a page
/// of its own batch may have changed an early answer, and the candidates it had already aligned
/// are most of the work.
#[derive(Debug, Clone, Default)]
pub struct Alignments {
    /// The page's text identity (exact hash, characters): alignments are taken only for it.
    page: (u64, u32),
    /// The page's period features that were boilerplate.
    boilerplate: Vec<u64>,
    /// (text identity: exact hash, characters) and the comparison with that text.
    by_text: Vec<((u64, u32), Comparison)>,
}

impl QueryAnswer {
    /// The best match, exact first.
    pub fn best(&self) -> Option<&Match> {
        self.exact.as_ref().or(self.matches.first())
    }
}

/// What the index already holds under a URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UrlEntryInfo {
    /// The live document with this URL.
    pub doc_id: u32,
    /// Its exact hash.
    pub exact: u64,
    /// Its cluster.
    pub cluster: u32,
}

/// A new page to insert.
#[derive(Debug, Clone)]
pub struct NewDoc<'a> {
    /// URL.
    pub url: &'a str,
    /// Site.
    pub site: &'a str,
    /// Fetch time (Unix seconds, 0 unknown).
    pub fetched_at: i64,
    /// Normalized main text.
    pub chars: &'a [char],
    /// Its features.
    pub features: &'a Features,
    /// Cluster to join (None: a new cluster).
    pub cluster: Option<u32>,
    /// Older version of the same URL that this replaces.
    pub replaces: Option<u32>,
    /// Sketch of the page's title ([`crate::features::title::title_sketch`]; zeros: none).
    pub title: crate::features::title::TitleSketch,
    /// The page's text is a listing's excerpts ([`crate::extract::Extracted::listing`]).
    pub listing: bool,
}

/// Where a queried page comes from: its site and the sketch of its title (zeros: none). With it,
/// a match with another page of the same site under a different title must be near-whole to
/// claim more than an overlap (see [`two_articles`]).
#[derive(Debug, Clone, Copy)]
pub struct Origin<'a> {
    /// The page's site, as pages are stored under it.
    pub site: &'a str,
    /// The sketch of its title.
    pub title: crate::features::title::TitleSketch,
    /// Its text is a listing's excerpts ([`crate::extract::Extracted::listing`]): an excerpt of
    /// one paragraph is no overlap with the page it opens ([`crate::verify::unless_listed`]).
    pub listing: bool,
}

/// What a merge or compaction did.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct CompactStats {
    /// Segments merged.
    pub segments_in: usize,
    /// Live documents written.
    pub docs: usize,
    /// Deleted (replaced) documents dropped.
    pub dropped_docs: usize,
    /// Keys newly pruned.
    pub pruned_keys: usize,
    /// Text blocks copied still compressed.
    pub blocks_copied: u64,
    /// Text blocks decompressed and compressed anew (another dictionary, or replaced pages).
    pub blocks_recompressed: u64,
}

struct Writer {
    wal: Wal,
    catalog: Catalog,
    _lock: File,
}

/// A merge running on its own thread while ingest goes on.
struct PendingMerge {
    /// Ids of the input segments (adjacent, oldest first).
    inputs: Vec<u64>,
    /// Id reserved for the output.
    seg_id: u64,
    cancel: Arc<AtomicBool>,
    handle: Background<Merged>,
}

/// A flush writing the frozen memtable on its own thread while inserts go on into a new one.
struct PendingFlush {
    /// Id reserved for the output.
    seg_id: u64,
    /// The WAL generation created at the freeze: the oldest live one once the segment is
    /// published.
    next_wal_gen: u64,
    started: std::time::Instant,
    handle: Background<PathBuf>,
}

/// What a flush writes.
struct FlushInputs {
    dir: PathBuf,
    seg_id: u64,
    frozen: Arc<Memtable>,
    pruned: Arc<PrunedSet>,
    /// The segment whose codec (dictionary and character table) the flush starts from.
    codec_seg: Option<Arc<Segment>>,
}

impl FlushInputs {
    fn write(&self) -> Result<PathBuf> {
        let codec = match &self.codec_seg {
            Some(seg) => TextCodec::of(seg)?,
            None => TextCodec::default(),
        };
        let pruned = &self.pruned;
        write_segment(
            &self.dir,
            self.seg_id,
            self.frozen.docs(),
            self.frozen.deletes(),
            &|k, key| pruned.contains(k, key),
            &codec,
        )
    }
}

/// A flush or merge: on a thread of its own, or already done in the foreground when no thread
/// could be started (slower, never wrong).
enum Background<T> {
    Thread(std::thread::JoinHandle<Result<T>>),
    Done(Result<T>),
}

impl<T: Send + 'static> Background<T> {
    fn start<J: Fn() -> Result<T> + Send + Sync + 'static>(name: &str, job: J) -> Background<T> {
        let job = Arc::new(job);
        let on_thread = Arc::clone(&job);
        match std::thread::Builder::new().name(name.into()).spawn(move || on_thread()) {
            Ok(h) => Background::Thread(h),
            Err(e) => {
                tracing::warn!(thread = name, error = %e, "cannot start a thread; working in the foreground");
                Background::Done(job())
            }
        }
    }

    fn is_finished(&self) -> bool {
        match self {
            Background::Thread(h) => h.is_finished(),
            Background::Done(_) => true,
        }
    }

    /// Waits for the result; `dir` names the index in the error of a thread that panicked.
    fn join(self, dir: &Path) -> Result<T> {
        match self {
            Background::Thread(h) => h
                .join()
                .map_err(|_| StoreError::Limit(format!("{}: a background flush or merge panicked", dir.display())))?,
            Background::Done(r) => r,
        }
    }

    /// Waits for the thread, dropping its result (an unpublished output is garbage).
    fn abandon(self) {
        if let Background::Thread(h) = self {
            let _ = h.join();
        }
    }
}

/// A found document: what a query reads of it without looking it up again.
#[derive(Clone, Copy)]
enum DocRef<'a> {
    Mem(&'a DocRecord),
    /// The segment, the document's record and its place in the doc table.
    Seg(&'a Segment, &'a super::format::DocMeta, usize),
}

impl DocRef<'_> {
    /// (distinct period features, cluster): what candidate ranking needs.
    fn summary(&self) -> (u32, u32) {
        match self {
            DocRef::Mem(d) => (d.period.len() as u32, d.cluster),
            DocRef::Seg(_, m, _) => (m.period_count, m.cluster),
        }
    }

    /// The site's id in the catalog.
    fn site_id(&self) -> u32 {
        match self {
            DocRef::Mem(d) => d.site_id,
            DocRef::Seg(_, m, _) => m.site_id,
        }
    }

    /// True when the document's text is a listing's excerpts (see [`NewDoc::listing`]).
    fn listing(&self) -> bool {
        let flags = match self {
            DocRef::Mem(d) => d.flags,
            DocRef::Seg(_, m, _) => m.flags,
        };
        flags & DOC_FLAG_LISTING != 0
    }

    /// (exact hash, characters): documents with equal identities have the same text.
    fn identity(&self) -> (u64, u32) {
        match self {
            DocRef::Mem(d) => (d.exact, d.chars),
            DocRef::Seg(_, m, _) => (m.exact, m.chars),
        }
    }

    fn url(&self) -> Result<String> {
        match self {
            DocRef::Mem(d) => Ok(d.url.clone()),
            DocRef::Seg(seg, m, _) => Ok(seg.strings(m)?.0),
        }
    }

    /// True when the document is a page of `site`.
    fn on_site(&self, site: &str) -> Result<bool> {
        match self {
            DocRef::Mem(d) => Ok(d.site == site),
            DocRef::Seg(seg, m, _) => Ok(seg.strings(m)?.1 == site),
        }
    }

    /// The sketch of its title (zeros: none known).
    fn title(&self) -> Result<crate::features::title::TitleSketch> {
        match self {
            DocRef::Mem(d) => Ok(d.title),
            DocRef::Seg(seg, _, i) => seg.doc_title(*i),
        }
    }

    fn text(&self, cache: &mut TextCache) -> Result<Vec<char>> {
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
struct TextCache {
    map: HashMap<(u64, u32), Arc<Vec<u8>>>,
    order: VecDeque<(u64, u32)>,
}

impl TextCache {
    /// A decompressed block of `seg` (keyed by the segment's serial, unique in the process, so
    /// that one cache serves any index; entries of merged-away segments are merely dead weight
    /// until evicted).
    fn block(&mut self, seg: &Segment, block: u32) -> Result<Arc<Vec<u8>>> {
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

/// What one thread's queries reuse: alignment buffers and a bounded cache of decompressed text
/// blocks. [`Index::query_with`] takes one so that many threads can query one index at once.
#[derive(Default)]
pub struct QueryScratch {
    verifier: Verifier,
    cache: TextCache,
    /// Every key's holders, one list after another, and where each key's list is (see
    /// [`Index::query_with`]).
    held: Vec<u32>,
    lists: Vec<(u32, usize, std::ops::Range<usize>)>,
}

/// An open index.
pub struct Index {
    dir: PathBuf,
    manifest: Manifest,
    segments: Vec<Arc<Segment>>,
    mem: Memtable,
    /// The previous memtable while a background flush writes it (doc ids below `mem`'s).
    frozen: Option<Arc<Memtable>>,
    /// Shared with running flushes and merges, which need it as it was when they started.
    pruned: Arc<PrunedSet>,
    writer: Option<Writer>,
    pending: Option<PendingMerge>,
    flushing: Option<PendingFlush>,
    scratch: QueryScratch,
    /// Query bounds.
    pub limits: QueryLimits,
    /// Flush thresholds.
    pub flush_policy: FlushPolicy,
    /// When segments merge after a flush.
    pub merge_policy: MergePolicy,
    /// Key pruning applied by every merge.
    pub prune_policy: PrunePolicy,
}

impl std::fmt::Debug for Index {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Index").field("dir", &self.dir).field("segments", &self.segments.len()).finish()
    }
}

/// Name of the lock file.
pub const LOCK_FILE: &str = "LOCK";

pub(super) fn segments_dir(dir: &Path) -> PathBuf {
    dir.join("segments")
}
pub(super) fn wal_dir(dir: &Path) -> PathBuf {
    dir.join("wal")
}

/// Takes the writer's lock of the index at `dir` (an OS lock on `LOCK`, released when the file
/// closes); [`StoreError::Locked`] when another process holds it.
pub(super) fn lock_writer(dir: &Path) -> Result<File> {
    let lock_path = dir.join(LOCK_FILE);
    let lock = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| StoreError::io(&lock_path, e))?;
    match lock.try_lock() {
        Ok(()) => Ok(lock),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::Locked { path: lock_path }),
        Err(std::fs::TryLockError::Error(e)) => Err(StoreError::io(&lock_path, e)),
    }
}

/// Opens the catalog of a published index. A missing catalog is an error, not a new empty one
/// (sled would create it): its site ids would start again and be handed out twice. Either way
/// the error says how to rebuild it from what the index stores.
fn open_catalog(dir: &Path) -> Result<Catalog> {
    let path = dir.join(super::rebuild::CATALOG_DIR);
    let hint = |what: String| StoreError::Catalog {
        path: path.clone(),
        message: format!(
            "{what}; the index's pages are intact, and `ddtool rebuild-catalog --db {}` rebuilds the catalog from them",
            dir.display()
        ),
    };
    if !path.is_dir() {
        return Err(hint("the catalog is missing".into()));
    }
    Catalog::open(&path).map_err(|e| match e {
        StoreError::Catalog { message, .. } => hint(format!("sled cannot open the catalog ({message})")),
        other => other,
    })
}

impl Index {
    /// Opens the index at `dir` for writing, creating it with `params` if it does not exist.
    /// Fails with [`StoreError::Locked`] when another process writes to it.
    pub fn open_writer(dir: &Path, params: &Params) -> Result<Index> {
        let refuse = |e: String| StoreError::Limit(format!("{}: cannot create an index: {e}", dir.display()));
        // Refused before anything is made; checked again below, where the index is created.
        if !dir.join(MANIFEST_FILE).exists() {
            params.check().map_err(refuse)?;
        }
        std::fs::create_dir_all(dir).map_err(|e| StoreError::io(dir, e))?;
        let lock = lock_writer(dir)?;
        for d in [segments_dir(dir), wal_dir(dir)] {
            std::fs::create_dir_all(&d).map_err(|e| StoreError::io(&d, e))?;
        }
        let manifest = match Manifest::load(dir) {
            Ok(m) => m,
            Err(StoreError::NotFound { .. }) => {
                // Segments are only ever written after the manifest: with segments and no
                // manifest, someone removed it, and starting afresh would delete their pages.
                if let Some((_, seg)) = list_segment_files(&segments_dir(dir))?.first() {
                    return Err(StoreError::Limit(format!(
                        "{}: segment files but no MANIFEST ({} is one); refusing to start a new index over them",
                        dir.display(),
                        seg.display()
                    )));
                }
                // A new index: its catalog is complete before the manifest makes it exist. One
                // left by a creation that crashed before the manifest holds nothing yet (its
                // temporary directory is garbage, collected below).
                params.check().map_err(refuse)?;
                let m = Manifest::new(params.clone());
                let catalog = dir.join("catalog");
                if catalog.exists() {
                    std::fs::remove_dir_all(&catalog).map_err(|e| StoreError::io(&catalog, e))?;
                }
                Catalog::create(&catalog)?;
                Wal::create(&wal_dir(dir), m.wal_gen)?;
                m.store(dir)?;
                m
            }
            Err(e) => return Err(e),
        };
        collect_garbage(dir, &manifest)?;
        let mut catalog = open_catalog(dir)?;
        catalog.record_params(&manifest.params)?;
        let mut index = Index::load(dir, manifest)?;
        let chain = read_wal_chain(&wal_dir(dir), index.manifest.wal_gen, true)?;
        let wal_path = wal_dir(dir).join(wal_file_name(chain.last_gen));
        if chain.torn_tail {
            tracing::warn!(file = %wal_path.display(), "dropping an incomplete record at the end of the WAL (interrupted write)");
        }
        // Appends go on in the newest live WAL; the next flush retires all of them at once.
        let wal = Wal::open_append(&wal_path, chain.last_gen, chain.last_valid_len)?;
        let mut recovered = 0usize;
        for d in &chain.docs {
            if d.site_id != 0 {
                recovered += usize::from(catalog.recover_site(&d.site, d.site_id)?);
            }
        }
        if recovered > 0 {
            tracing::warn!(sites = recovered, "the catalog had lost sites the WAL's pages name; restored");
            catalog.flush()?;
        }
        index.replay(chain.docs);
        index.writer = Some(Writer { wal, catalog, _lock: lock });
        Ok(index)
    }

    /// Opens the index at `dir` for reading: no lock, no catalog; works beside a running writer.
    pub fn open_reader(dir: &Path) -> Result<Index> {
        let mut last_err = None;
        // A writer may publish a new manifest (and delete the files of the old one) between our
        // reading it and opening its files; read again when that happens.
        for _ in 0..20 {
            let manifest = Manifest::load(dir)?;
            let gen = manifest.generation;
            let attempt = Index::load(dir, manifest).and_then(|mut index| {
                let chain = read_wal_chain(&wal_dir(dir), index.manifest.wal_gen, false)?;
                index.replay(chain.docs);
                Ok((index, chain.last_gen))
            });
            match attempt {
                // The chain ended at `last`. Had a newer WAL been flushed and deleted while we
                // read, the manifest would now name a generation past `last`, and its documents
                // would be in a segment we did not load: then read again.
                Ok((index, last)) => {
                    if Manifest::load(dir)?.wal_gen <= last {
                        return Ok(index);
                    }
                    last_err = Some(StoreError::Limit(format!(
                        "{}: the index kept changing while it was opened",
                        dir.display()
                    )));
                }
                Err(StoreError::Io { source, path }) if source.kind() == std::io::ErrorKind::NotFound => {
                    if Manifest::load(dir)?.generation == gen {
                        return Err(StoreError::Io { source, path });
                    }
                    last_err = Some(StoreError::Io { source, path });
                }
                Err(e) => return Err(e),
            }
        }
        Err(last_err.unwrap_or(StoreError::NotFound { path: dir.into() }))
    }

    fn load(dir: &Path, manifest: Manifest) -> Result<Index> {
        let mut segments = Vec::with_capacity(manifest.segments.len());
        for r in &manifest.segments {
            let path = segments_dir(dir).join(segment_file_name(r.id));
            let seg = Segment::open(&path)?;
            if seg.file_len() != r.file_len || seg.id() != r.id {
                return Err(StoreError::corrupt(&path, 0, "segment does not match the manifest (size or id)"));
            }
            segments.push(Arc::new(seg));
        }
        let pruned =
            if manifest.pruned_gen > 0 { PrunedSet::load(dir, manifest.pruned_gen)? } else { PrunedSet::default() };
        Ok(Index {
            dir: dir.to_path_buf(),
            manifest,
            segments,
            mem: Memtable::default(),
            frozen: None,
            pruned: Arc::new(pruned),
            writer: None,
            pending: None,
            flushing: None,
            scratch: QueryScratch::default(),
            limits: QueryLimits::default(),
            flush_policy: FlushPolicy::default(),
            merge_policy: MergePolicy::default(),
            prune_policy: PrunePolicy::default(),
        })
    }

    fn replay(&mut self, docs: Vec<DocRecord>) {
        for d in docs {
            self.manifest.next_doc_id = self.manifest.next_doc_id.max(d.doc_id.saturating_add(1));
            self.mem.insert(d);
        }
    }

    /// The index directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The parameters the index was built with.
    pub fn params(&self) -> &Params {
        &self.manifest.params
    }

    /// The current manifest (with the next doc id as the memtable has advanced it).
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The open segments, oldest first.
    pub fn segments(&self) -> &[Arc<Segment>] {
        &self.segments
    }

    /// Documents in the memtable (not yet in a segment).
    pub fn memtable_len(&self) -> usize {
        self.mem.len() + self.frozen.as_ref().map_or(0, |f| f.len())
    }

    /// The memtables, newest first: the live one, then the one a background flush is writing.
    fn memtables(&self) -> impl Iterator<Item = &Memtable> {
        std::iter::once(&self.mem).chain(self.frozen.as_deref())
    }

    /// The pruned keys.
    pub fn pruned(&self) -> &PrunedSet {
        &self.pruned
    }

    fn writer(&mut self) -> Result<&mut Writer> {
        let dir = &self.dir;
        self.writer.as_mut().ok_or_else(|| StoreError::Limit(format!("{}: index opened read-only", dir.display())))
    }

    /// True when a newer insert replaced `doc_id`.
    pub fn is_deleted(&self, doc_id: u32) -> Result<bool> {
        if self.memtables().any(|m| m.deletes_doc(doc_id)) {
            return Ok(true);
        }
        for s in &self.segments {
            if s.deletes_doc(doc_id)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Finds a document once, for everything a query reads of it.
    fn find(&self, doc_id: u32) -> Result<Option<DocRef<'_>>> {
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

    /// URL of a document.
    pub fn doc_url(&self, doc_id: u32) -> Result<Option<String>> {
        self.find(doc_id)?.map(|d| d.url()).transpose()
    }

    /// The normalized text of a document.
    pub fn doc_text(&mut self, doc_id: u32) -> Result<Option<Vec<char>>> {
        let mut scratch = std::mem::take(&mut self.scratch);
        let text = self.find(doc_id).and_then(|d| d.map(|d| d.text(&mut scratch.cache)).transpose());
        self.scratch = scratch;
        text
    }

    /// The live document stored under `url`, if any.
    pub fn lookup_url(&self, url: &str) -> Result<Option<UrlEntryInfo>> {
        let h = url_hash(url);
        for mem in self.memtables() {
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
    fn gather(
        &self,
        kind: KeyKind,
        key: u64,
        segs: impl Iterator<Item = u32>,
        cap: usize,
        tail: usize,
        out: &mut Vec<u32>,
    ) -> Result<usize> {
        out.clear();
        let mem = self.mem.postings(kind, key);
        let frozen = self.frozen.as_ref().map_or(&[][..], |f| f.postings(kind, key));
        let mut lists = Vec::new();
        let mut total = mem.len() + frozen.len();
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
            out.extend_from_slice(frozen);
            out.extend_from_slice(mem);
            return Ok(total);
        }
        // Newest first: the memtables, then segments from the newest. Every list is sorted, so
        // only its last `tail` ids can be among the newest `tail` of all: a template key's
        // memtable list of thousands is not copied and sorted whole for every query.
        let newest = |list: &[u32]| -> usize { list.len().saturating_sub(tail) };
        out.extend_from_slice(&mem[newest(mem)..]);
        out.extend_from_slice(&frozen[newest(frozen)..]);
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

    /// Finds the verified earlier near-duplicates of a page. `exclude` is left out of the
    /// answer (the older version of the same URL, when re-ingesting a changed page).
    pub fn query(&mut self, chars: &[char], features: &Features, exclude: Option<u32>) -> Result<QueryAnswer> {
        let mut scratch = std::mem::take(&mut self.scratch);
        let answer = self.query_with(&mut scratch, chars, features, None, exclude, None);
        self.scratch = scratch;
        answer
    }

    /// [`Index::query`] with the caller's scratch space: any number of threads may query the
    /// same index at once, each with its own.
    ///
    /// `earlier`, for a page already asked about, is an earlier answer's
    /// [`QueryAnswer::alignments`] for the same page, possibly against fewer documents: its
    /// comparisons are taken instead of aligning the same texts again, when the page's
    /// boilerplate is the same; alignments of another page are ignored. The answer is the one
    /// `None` gives, but for [`QueryAnswer::carried`] and [`QueryAnswer::reused`], which say
    /// where comparisons came from.
    ///
    /// `origin`, when known, is the page's site and title (see [`Origin`]); [`Index::query`]
    /// asks without it.
    pub fn query_with(
        &self,
        scratch: &mut QueryScratch,
        chars: &[char],
        features: &Features,
        origin: Option<Origin<'_>>,
        exclude: Option<u32>,
        earlier: Option<&Alignments>,
    ) -> Result<QueryAnswer> {
        let mut answer = QueryAnswer::default();
        if chars.is_empty() {
            return Ok(answer);
        }
        let params = &self.manifest.params;
        let limits = self.limits;
        #[derive(Default, Clone, Copy)]
        struct Counts {
            period: u16,
            fp: u16,
            exact: bool,
            /// Shared fingerprints and period features, each weighted by its rarity.
            fp_weight: f32,
            period_weight: f32,
            /// Shared sentence keys, each weighted by its rarity (see `single_sentences`).
            sentence_weight: f32,
        }
        let mut counts: rustc_hash::FxHashMap<u32, Counts> = rustc_hash::FxHashMap::default();
        let mut ids = Vec::new();
        // The query's period features that are boilerplate (see `boilerplate`).
        let mut boilerplate_keys: Vec<u64> = Vec::new();
        let exact = [features.exact];
        // The query's keys that are not pruned (a pruned key is ignored at ingest and query), in
        // the order their lookups count them: exact, fingerprints, period features.
        let keys: Vec<(KeyKind, u64)> = [
            (KeyKind::Exact, &exact[..]),
            (KeyKind::Fingerprint, &features.fingerprints[..]),
            (KeyKind::Period, &features.period[..]),
        ]
        .into_iter()
        .flat_map(|(kind, keys)| keys.iter().map(move |&key| (kind, key)))
        .filter(|&(kind, key)| !self.pruned.contains(kind, key))
        .collect();
        // The lookups run in stages, each over all the query's keys, so that the cache misses
        // of many keys are in flight at once instead of one key's after another's: (1) touch
        // the memtables' buckets and each segment's Bloom filter word; (2) test the filters (now
        // cached), and for each key a segment may hold touch the key-index head its value
        // predicts; (3) find those keys' blocks and touch where their entries should be; (4)
        // the lookups proper, which then mostly hit the cache. A new page's keys mostly stop
        // at (2).
        let mut touched = 0u64;
        for &(kind, key) in &keys {
            touched = touched.wrapping_add(self.mem.postings(kind, key).len() as u64);
            if let Some(f) = &self.frozen {
                touched = touched.wrapping_add(f.postings(kind, key).len() as u64);
            }
            for seg in &self.segments {
                touched = touched.wrapping_add(seg.touch_bloom(kind, key));
            }
        }
        // (the key's place in `keys`, segment) for every key a segment may hold, in key order.
        let mut passed: Vec<(u32, u32)> = Vec::new();
        for (i, &(kind, key)) in keys.iter().enumerate() {
            for (s, seg) in self.segments.iter().enumerate() {
                if seg.may_contain(kind, key)? {
                    passed.push((i as u32, s as u32));
                    touched = touched.wrapping_add(seg.touch_head(kind, key));
                }
            }
        }
        for &(i, s) in &passed {
            let (kind, key) = keys[i as usize];
            touched = touched.wrapping_add(self.segments[s as usize].touch_entry(kind, key));
        }
        std::hint::black_box(touched);
        // Every key's holders first, counted per document; then whether each key is
        // boilerplate, which for a key on few pages depends on what else its holders share with
        // the page (see `site_template`); then the ranking weights, in key order.
        // (the key's place in `keys`, holders, its ids in `held`)
        let (held, lists) = (&mut scratch.held, &mut scratch.lists);
        held.clear();
        lists.clear();
        let mut at = 0usize;
        for (i, &(kind, key)) in keys.iter().enumerate() {
            let from = at;
            while passed.get(at).is_some_and(|p| p.0 as usize == i) {
                at += 1;
            }
            let segs = passed[from..at].iter().map(|p| p.1);
            let holders = self.gather(kind, key, segs, limits.posting_cap, limits.long_list_tail, &mut ids)?;
            if holders > limits.posting_cap {
                answer.long_lists += 1;
            }
            if ids.is_empty() {
                continue;
            }
            for &d in &ids {
                let c = counts.entry(d).or_default();
                match kind {
                    KeyKind::Exact => c.exact = true,
                    KeyKind::Fingerprint => c.fp = c.fp.saturating_add(1),
                    KeyKind::Period => c.period = c.period.saturating_add(1),
                }
            }
            lists.push((i as u32, holders, held.len()..held.len() + ids.len()));
            held.extend_from_slice(&ids);
        }
        // The page's period features left out as pruned: a holder with the same text holds them
        // too, and they are not among the shared ones counted.
        let pruned_period =
            features.period.len().saturating_sub(keys.iter().filter(|k| k.0 == KeyKind::Period).count());
        // A page with few fingerprints or none has its sentences' keys (see `features`). One
        // shared sentence says less than a shared fingerprint (four sentences), and a short
        // page's sentences include its site's lines, which other pages of the site share: a
        // shared sentence key weighs a quarter of a fingerprint times the share of the page's
        // sentence keys the candidate holds. A copy holding all n of them ranks as n/4
        // fingerprints would; the site's pages, holding a few lines, rank little and do not
        // crowd it out. An index made before pages with fingerprints had sentence keys
        // too (`fp_fallback_below` 0) counts them one by one as fingerprints, as it did.
        let single_sentences: &[u64] = if params.fp_fallback_below > 1 { &features.sentence_keys } else { &[] };
        let mut holder_info = rustc_hash::FxHashMap::default();
        let mut sibling_info = rustc_hash::FxHashMap::default();
        // Whether each key is boilerplate. A period feature that may be furniture of the page's
        // own site (see `sibling_furniture`) is so only at the page's edges, decided once all
        // are known.
        let mut verdicts: Vec<Option<bool>> = Vec::with_capacity(lists.len());
        // (key, its holders in `held`)
        let mut siblings: Vec<(u64, std::ops::Range<usize>)> = Vec::new();
        for &(i, holders, ref range) in lists.iter() {
            let (kind, key) = keys[i as usize];
            let ids = &held[range.clone()];
            let shared = |d: u32| counts.get(&d).map_or(0, |c| c.period);
            verdicts.push(match kind {
                KeyKind::Exact => Some(false),
                _ if holders > RARE_HOLDERS => Some(self.boilerplate(ids)?),
                _ if holders >= TEMPLATE_MIN_HOLDERS => {
                    let title = origin.as_ref().map(|o| &o.title);
                    Some(self.site_template(ids, shared, pruned_period, title, &mut holder_info)?)
                }
                KeyKind::Period => match origin {
                    Some(o) => {
                        let mine = features.period.len();
                        if self.sibling_furniture(ids, shared, pruned_period, mine, o, &mut sibling_info)? {
                            siblings.push((key, range.clone()));
                            None
                        } else {
                            Some(false)
                        }
                    }
                    None => Some(false),
                },
                KeyKind::Fingerprint => Some(false),
            });
        }
        let furniture = if siblings.is_empty() {
            Vec::new()
        } else {
            // Period features on as many pages as a site's template: not the page's own either.
            let common: Vec<u64> = lists
                .iter()
                .map(|&(i, holders, _)| (keys[i as usize], holders))
                .filter(|&((kind, _), holders)| kind == KeyKind::Period && holders >= TEMPLATE_MIN_HOLDERS)
                .map(|((_, key), _)| key)
                .collect();
            self.sibling_edges(chars, features, &siblings, held, &common, &mut scratch.cache)?
        };
        for ((i, holders, range), verdict) in lists.drain(..).zip(verdicts) {
            let (kind, key) = keys[i as usize];
            let ids = &held[range];
            // Boilerplate (see `boilerplate`) weighs nothing in the ranking, and its sentences
            // count neither way in verification.
            let boiler = verdict.unwrap_or_else(|| furniture.binary_search(&key).is_ok());
            if boiler && kind == KeyKind::Period {
                boilerplate_keys.push(key);
            }
            // An exact key or a weight of nothing adds nothing (the sums start at +0.0): no lookups.
            let weight = if boiler { 0.0 } else { rarity(holders) };
            let sentence = kind == KeyKind::Fingerprint && single_sentences.binary_search(&key).is_ok();
            if kind == KeyKind::Exact || weight == 0.0 {
                continue;
            }
            for &d in ids {
                let c = counts.entry(d).or_default();
                if sentence {
                    c.sentence_weight += weight;
                } else if kind == KeyKind::Fingerprint {
                    c.fp_weight += weight;
                } else {
                    c.period_weight += weight;
                }
            }
        }
        if let Some(x) = exclude {
            counts.remove(&x);
        }
        let my_period = features.period.len();
        // Exact copies first: identical normalized text needs no alignment.
        let mut exact_ids: Vec<u32> = if chars.len() >= params.min_exact_chars {
            counts.iter().filter(|(_, c)| c.exact).map(|(&d, _)| d).collect()
        } else {
            Vec::new()
        };
        exact_ids.sort_unstable();
        answer.considered.extend_from_slice(&exact_ids);
        for d in exact_ids.into_iter().rev() {
            if self.is_deleted(d)? {
                continue;
            }
            if let Some(doc) = self.find(d)? {
                let (url, (_, cluster)) = (doc.url()?, doc.summary());
                let cmp = Comparison::identical(chars.len());
                answer.exact = Some(Match { doc_id: d, url, cluster, cmp });
                break;
            }
        }
        let exact_doc = answer.exact.as_ref().map(|m| m.doc_id);
        // Filter: a shared fingerprint, or two shared period features, or one when either page
        // has at most two (a short page, and a longer one that contains it) or when it is rare
        // (on at most RARE_HOLDERS pages: an edit that touched every other sentence's end leaves
        // one such key, and boilerplate is never rare). Rank by shared
        // fingerprints plus CCS, each key weighted by its rarity: a site's boilerplate sentences
        // inside its articles (a disclaimer, a reprint notice) are shared with every page of
        // the site, and must not crowd out the one earlier page that shares the article.
        let mut pre: Vec<(u32, Counts)> =
            counts.into_iter().filter(|(d, c)| Some(*d) != exact_doc && (c.fp >= 1 || c.period >= 1)).collect();
        let sentence_share = |c: &Counts| {
            let n = single_sentences.len().max(1) as f32;
            c.sentence_weight * c.sentence_weight / (n * params.fp_sentences.max(1) as f32)
        };
        let pre_rank = |c: &Counts| c.fp_weight + c.period_weight + sentence_share(c);
        pre.sort_unstable_by(|a, b| pre_rank(&b.1).total_cmp(&pre_rank(&a.1)).then(b.0.cmp(&a.0)));
        // (doc, rank, ccs, clr, cluster, where it is)
        let mut ranked: Vec<(u32, f32, f64, f64, u32, DocRef<'_>)> = Vec::with_capacity(limits.max_candidates * 8);
        for (d, c) in pre {
            if ranked.len() >= limits.max_candidates * 8 {
                break;
            }
            let Some(doc) = self.find(d)? else { continue };
            let (their_period, cluster) = doc.summary();
            let (small, large) = ((my_period as u32).min(their_period), (my_period as u32).max(their_period));
            if c.fp == 0 && c.period < 2 && small > 2 && c.period_weight < 1.0 {
                continue;
            }
            let ccs = if small == 0 { 0.0 } else { f64::from(c.period) / f64::from(small) };
            let clr = if large == 0 { 1.0 } else { f64::from(small) / f64::from(large) };
            let weighted_ccs = if small == 0 { 0.0 } else { c.period_weight / small as f32 };
            ranked.push((d, c.fp_weight + weighted_ccs + sentence_share(&c), ccs, clr, cluster, doc));
            answer.considered.push(d);
        }
        ranked.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(b.0.cmp(&a.0)));
        // Most new pages have no candidate left here: prepare the query side on first need.
        let mut prep: Option<Prepared> = None;
        let prepare = |chars: &[char]| {
            let mut prep = Prepared::new(chars, params);
            if !boilerplate_keys.is_empty() {
                let (mut ranges, mut own) = (Vec::new(), Vec::new());
                crate::features::each_period_feature(chars, params, |key, sentence| {
                    let side = if boilerplate_keys.contains(&key) { &mut ranges } else { &mut own };
                    side.push(sentence);
                });
                prep.set_boilerplate(ranges, own);
            }
            prep
        };
        let mut aligned: Vec<((u64, u32), Comparison)> = Vec::new();
        let page = (features.exact, chars.len() as u32);
        let carried: &[((u64, u32), Comparison)] = match earlier {
            Some(e) if e.page == page && e.boilerplate == boilerplate_keys => &e.by_text,
            _ => &[],
        };
        let mut rechecks = 0;
        for (d, _, ccs, clr, cluster, doc) in ranked {
            if answer.verified >= limits.max_candidates || answer.matches.len() >= limits.max_matches {
                break;
            }
            if self.is_deleted(d)? {
                continue;
            }
            answer.verified += 1;
            // Popular pages have many identical copies among the candidates: their text is
            // aligned once. They still count against `max_candidates`, so answers are those of
            // aligning each.
            let identity = doc.identity();
            let same_text = |list: &[((u64, u32), Comparison)]| {
                list.iter().find(|(id, _)| *id == identity).map(|(_, c)| {
                    let mut c = c.clone();
                    (c.ccs, c.clr) = (ccs, clr);
                    c
                })
            };
            // The candidate's text, when it was read for the comparison.
            let mut read: Option<Vec<char>> = None;
            let cmp = if let Some(c) = same_text(&aligned) {
                answer.reused += 1;
                c
            } else if let Some(c) = same_text(carried) {
                answer.carried += 1;
                aligned.push((identity, c.clone()));
                c
            } else {
                let text = doc.text(&mut scratch.cache)?;
                let prep = prep.get_or_insert_with(|| prepare(chars));
                let c = scratch.verifier.compare_prepared(chars, prep, &text, (ccs, clr), params);
                aligned.push((identity, c.clone()));
                read = Some(text);
                c
            };
            let mut cmp = cmp;
            if let Some(o) = origin {
                cmp.relation = two_articles(&cmp, o, &doc, params)?;
            }
            let listed = origin.is_some_and(|o| o.listing) || doc.listing();
            cmp.relation = crate::verify::unless_listed(&cmp, chars, listed, params);
            // Short of a claim with text in common: the candidate's furniture, which its own
            // site's pages show and the page's keys never look up, may be what it lacks.
            if !cmp.relation.is_claim()
                && cmp.shared_bound >= params.min_shared_chars
                && !cmp.near_miss
                && rechecks < CANDIDATE_RECHECKS
            {
                rechecks += 1;
                let text = match read {
                    Some(text) => text,
                    None => doc.text(&mut scratch.cache)?,
                };
                let ranges =
                    self.candidate_boilerplate(d, &doc, &text, &features.period, &mut answer.candidate_keys)?;
                // Aligned again only when what the two share could then be enough: the
                // candidate's text less its boilerplate is what the share is of.
                let boiler_chars: usize = ranges.iter().map(|r| r.0.len()).sum();
                let rest = text.len().saturating_sub(boiler_chars);
                let enough = cmp.shared_bound as f64 >= params.dup_coverage.min(params.contain_rate) * rest as f64;
                if !ranges.is_empty() && enough {
                    let prep = prep.get_or_insert_with(|| prepare(chars));
                    let plain: Vec<std::ops::Range<usize>> = ranges.iter().map(|r| r.0.clone()).collect();
                    let mut again =
                        scratch.verifier.compare_prepared_discounting(chars, prep, &text, &plain, (ccs, clr), params);
                    if let Some(o) = origin {
                        again.relation = two_articles(&again, o, &doc, params)?;
                    }
                    // Taken only when each sentence discounted is its site's word for word.
                    if again.relation.is_claim() && self.furniture_verbatim(&text, &ranges, &mut scratch.cache)? {
                        answer.discounted += 1;
                        cmp = again;
                    }
                }
            }
            if cmp.relation.is_similar() {
                let url = doc.url()?;
                answer.matches.push(Match { doc_id: d, url, cluster, cmp });
            }
        }
        answer.matches.sort_by(|a, b| {
            rank(a.cmp.relation)
                .cmp(&rank(b.cmp.relation))
                .then(b.cmp.tlcs_chars.cmp(&a.cmp.tlcs_chars))
                .then(b.doc_id.cmp(&a.doc_id))
        });
        answer.alignments = Alignments { page, boilerplate: boilerplate_keys, by_text: aligned };
        Ok(answer)
    }

    /// What `facts` reads of document `d`, cached in `info` for the rest of the query (`None`:
    /// no such document).
    fn holder_facts<T: Copy>(
        &self,
        d: u32,
        info: &mut rustc_hash::FxHashMap<u32, Option<T>>,
        facts: impl FnOnce(&DocRef<'_>) -> Result<T>,
    ) -> Result<Option<T>> {
        if let Some(&known) = info.get(&d) {
            return Ok(known);
        }
        let known = match self.find(d)? {
            Some(doc) => Some(facts(&doc)?),
            None => None,
        };
        info.insert(d, known);
        Ok(known)
    }

    /// True when a key on fewer pages than [`TEMPLATE_MIN_HOLDERS`] (`ids`) is furniture of the
    /// page's own site: every holder is a page of that site under a different title (another
    /// article, see [`crate::features::title::titles_differ`]), and both it and the page hold
    /// period features beside the ones they share (`shared_period(d)`; `margin`: the page's
    /// pruned ones; `mine`: the page's count). An account's intro and outro or a job board's
    /// notice is then known from a site's second page, where [`Index::site_template`] waits
    /// for three holders; until then a repost of another site's article under it was neither
    /// contained in the original nor a copy, as the furniture counted against the match. A
    /// whole earlier article inside the page (a roundup) leaves its holder nothing of its own,
    /// and a retitled copy leaves the page nothing: their sentences stay the article's. `info`
    /// caches each holder's (period features, same site under another title) for the query.
    fn sibling_furniture(
        &self,
        ids: &[u32],
        shared_period: impl Fn(u32) -> u16,
        margin: usize,
        mine: usize,
        origin: Origin<'_>,
        info: &mut rustc_hash::FxHashMap<u32, Option<(u32, bool)>>,
    ) -> Result<bool> {
        for &d in ids {
            let known = self.holder_facts(d, info, |doc| Ok((doc.summary().0, another_article(origin, doc)?)))?;
            let Some((period, other_article)) = known else { return Ok(false) };
            let shared = shared_period(d);
            if !other_article || !holds_own(period as usize, shared, margin) || !holds_own(mine, shared, margin) {
                return Ok(false);
            }
        }
        Ok(!ids.is_empty())
    }

    /// Of the page's period features that may be its site's furniture (`siblings`, each with
    /// its holders in `held`; see [`Index::sibling_furniture`]), those that are: at an edge of
    /// the page, on a run of its sentences from its start or to its end that are all such
    /// features or `common` ones (on as many pages as a template, such as a reprint line many
    /// sites end with), and at an edge of each holder, on a run of its sentences that the page
    /// holds too. An account's intro and outro, a board's notice are at the edges of every page
    /// that carries them. A roundup quotes a story's lead between lines of its own, and a story
    /// whose lead a roundup quoted holds it at its start but the roundup does not: those leads
    /// stay text. Sorted.
    fn sibling_edges(
        &self,
        chars: &[char],
        features: &Features,
        siblings: &[(u64, std::ops::Range<usize>)],
        held: &[u32],
        common: &[u64],
        cache: &mut TextCache,
    ) -> Result<Vec<u64>> {
        let params = &self.manifest.params;
        // Both lists come in the order of the page's period features, which are sorted.
        debug_assert!(siblings.windows(2).all(|w| w[0].0 < w[1].0) && common.windows(2).all(|w| w[0] < w[1]));
        let sibling = |k: &u64| siblings.binary_search_by_key(k, |s| s.0).ok();
        let mut order = Vec::new();
        crate::features::each_period_feature(chars, params, |key, _| order.push(key));
        let mut out = edge_keys(&order, |k| sibling(k).is_some() || common.binary_search(k).is_ok());
        out.retain(|k| sibling(k).is_some());
        // Each holder's own edges, over the sentences the page holds too; past
        // `SIBLING_TEXTS_READ` holders, none (their keys stay text).
        let mut edges: rustc_hash::FxHashMap<u32, Vec<u64>> = rustc_hash::FxHashMap::default();
        let mut keep = Vec::with_capacity(out.len());
        for &key in &out {
            let Some(range) = sibling(&key).map(|i| &siblings[i].1) else { continue };
            let mut at_edges = true;
            for &d in &held[range.clone()] {
                let read = edges.len() < SIBLING_TEXTS_READ;
                let theirs = match edges.entry(d) {
                    std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                    std::collections::hash_map::Entry::Vacant(v) => v.insert(match self.find(d)? {
                        Some(doc) if read => {
                            let text = doc.text(cache)?;
                            order.clear();
                            crate::features::each_period_feature(&text, params, |key, _| order.push(key));
                            edge_keys(&order, |k| features.period.binary_search(k).is_ok())
                        }
                        _ => Vec::new(),
                    }),
                };
                at_edges &= theirs.binary_search(&key).is_ok();
            }
            if at_edges {
                keep.push(key);
            }
        }
        Ok(keep)
    }

    /// The sentences of candidate `d` (`doc`, its stored `text`) that are its boilerplate, by
    /// the rules a query applies to its own page: a period feature on more than
    /// [`RARE_HOLDERS`] other pages that [`Index::boilerplate`] calls so, or on
    /// [`TEMPLATE_MIN_HOLDERS`] or more that are its site's template ([`Index::site_template`],
    /// with the candidate's title). A query looks up its own keys only, so an article another
    /// site reposted under its own furniture was held by its original, under the original
    /// site's furniture, only when the repost's part was the larger: the original site's pages
    /// tell its furniture, and this reads it.
    ///
    /// Only sentences the page lacks are the candidate's to discount: a period feature the page
    /// holds too (`page_period`, sorted) was judged by the page's own lookup, and that verdict
    /// stands for both (two bulletins of one template share their closing lines, and the rest of
    /// each is its facts). And none unless the first or the last of those sentences is such:
    /// furniture a repost lacks is an intro or an outro around what it shares, and most
    /// candidates that fall short of a claim are another story sharing a passage, whose every
    /// sentence would otherwise be looked up. Those two keys are looked up first, their
    /// holders' shared counts taken from them alone (fewer shared keys make a holder's text of
    /// its own likelier, so this lets through whatever the whole count would). None either when
    /// the boilerplate would be over three quarters of the text: then it is what the candidate
    /// says, as [`Prepared::set_boilerplate`] has it. The period features looked up are
    /// appended to `looked_up`. Sorted ranges, each with a holder of its key to read its words
    /// in (see [`Index::furniture_verbatim`]).
    fn candidate_boilerplate(
        &self,
        d: u32,
        doc: &DocRef<'_>,
        text: &[char],
        page_period: &[u64],
        looked_up: &mut Vec<u64>,
    ) -> Result<Vec<(std::ops::Range<usize>, u32)>> {
        let params = &self.manifest.params;
        let mut sentences: Vec<(u64, std::ops::Range<usize>)> = Vec::new();
        crate::features::each_period_feature(text, params, |key, sentence| sentences.push((key, sentence)));
        let mut keys: Vec<u64> = sentences.iter().map(|s| s.0).collect();
        keys.sort_unstable();
        keys.dedup();
        let distinct = keys.len();
        keys.retain(|&k| !self.pruned.contains(KeyKind::Period, k));
        let margin = distinct - keys.len();
        let lacked = |k: &u64| page_period.binary_search(k).is_err();
        // The first and last of the sentences the page lacks.
        let mut own = sentences.iter().map(|s| s.0).filter(|k| lacked(k) && keys.binary_search(k).is_ok());
        let Some(first) = own.next() else { return Ok(Vec::new()) };
        let mut edges = vec![first];
        if let Some(last) = own.next_back().filter(|&k| k != first) {
            edges.push(last);
            edges.sort_unstable();
        }
        // The edges' holders first, their shared counts over the edges alone; the rest's only
        // when an edge is furniture.
        let title = doc.title()?;
        let mut info = rustc_hash::FxHashMap::default();
        let mut lists = self.holder_lists(d, &edges, looked_up)?;
        if self.template_keys(&lists, |_| true, margin, &title, &mut info)?.is_empty() {
            return Ok(Vec::new());
        }
        keys.retain(|k| edges.binary_search(k).is_err());
        lists.extend(self.holder_lists(d, &keys, looked_up)?);
        lists.sort_unstable_by_key(|l| l.0);
        let boiler = self.template_keys(&lists, lacked, margin, &title, &mut info)?;
        let mut ranges: Vec<(std::ops::Range<usize>, u32)> = Vec::new();
        let mut witnesses: rustc_hash::FxHashMap<u64, Option<u32>> = rustc_hash::FxHashMap::default();
        for (k, r) in sentences {
            if boiler.binary_search(&k).is_err() {
                continue;
            }
            let witness = match witnesses.get(&k) {
                Some(&w) => w,
                None => {
                    let ids = lists.binary_search_by_key(&k, |l| l.0).map_or(&[][..], |j| &lists[j].2[..]);
                    let w = self.witness(ids, doc.site_id())?;
                    witnesses.insert(k, w);
                    w
                }
            };
            if let Some(h) = witness {
                ranges.push((r, h));
            }
        }
        let chars: usize = ranges.iter().map(|r| r.0.len()).sum();
        Ok(if chars * 4 > text.len() * 3 { Vec::new() } else { ranges })
    }

    /// True when every sentence of `text` in `ranges` is word for word in the text of the
    /// holder given with it (see [`Index::candidate_boilerplate`]): a period feature is a
    /// sentence's last characters, and a sentence of a template with other facts (another
    /// book's title and page count before the shop's line) ends as the template does.
    fn furniture_verbatim(
        &self,
        text: &[char],
        ranges: &[(std::ops::Range<usize>, u32)],
        cache: &mut TextCache,
    ) -> Result<bool> {
        let mut read: rustc_hash::FxHashMap<u32, Vec<char>> = rustc_hash::FxHashMap::default();
        for (r, h) in ranges {
            let theirs = match read.entry(*h) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(v) => match self.find(*h)? {
                    Some(doc) => v.insert(doc.text(cache)?),
                    None => return Ok(false),
                },
            };
            let sentence = &text[r.clone()];
            if sentence.is_empty() || !theirs.windows(sentence.len()).any(|w| w == sentence) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Each of `keys` (period features of document `d`) with how many documents other than `d`
    /// hold it and the newest of them (see [`Index::gather`]), in increasing order. The keys are
    /// appended to `looked_up`.
    fn holder_lists(&self, d: u32, keys: &[u64], looked_up: &mut Vec<u64>) -> Result<Vec<(u64, usize, Vec<u32>)>> {
        let limits = self.limits;
        looked_up.extend_from_slice(keys);
        let mut lists = Vec::with_capacity(keys.len());
        let mut segs = Vec::with_capacity(self.segments.len());
        for &key in keys {
            segs.clear();
            for (s, seg) in self.segments.iter().enumerate() {
                if seg.may_contain(KeyKind::Period, key)? {
                    segs.push(s as u32);
                }
            }
            let mut ids = Vec::new();
            let holders = self.gather(
                KeyKind::Period,
                key,
                segs.iter().copied(),
                limits.posting_cap,
                limits.long_list_tail,
                &mut ids,
            )?;
            let before = ids.len();
            ids.retain(|&h| h != d);
            lists.push((key, holders - (before - ids.len()), ids));
        }
        Ok(lists)
    }

    /// Of the keys of `lists` (a document's period features with their other holders, see
    /// [`Index::holder_lists`], `margin` of its others pruned) that `judged` picks, those that are
    /// boilerplate or its site's template (see [`Index::candidate_boilerplate`]), each holder's
    /// shared count taken over all of `lists`. `title` is the document's; `info` caches holders'
    /// facts. Sorted.
    fn template_keys(
        &self,
        lists: &[(u64, usize, Vec<u32>)],
        judged: impl Fn(&u64) -> bool,
        margin: usize,
        title: &crate::features::title::TitleSketch,
        info: &mut rustc_hash::FxHashMap<u32, Option<(u32, u32, bool)>>,
    ) -> Result<Vec<u64>> {
        // How many of the keys a holder shares, counted only for the few holders a template's
        // test reads (a key on every page of a site lists hundreds).
        let shared_period = |h: u32| {
            let n = lists.iter().filter(|l| l.2.binary_search(&h).is_ok()).count();
            u16::try_from(n).unwrap_or(u16::MAX)
        };
        let mut boiler = Vec::new();
        for (key, holders, ids) in lists.iter().filter(|l| judged(&l.0)) {
            let is = if *holders > RARE_HOLDERS {
                self.boilerplate(ids)?
            } else if *holders >= TEMPLATE_MIN_HOLDERS {
                self.site_template(ids, shared_period, margin, Some(title), info)?
            } else {
                false
            };
            if is {
                boiler.push(*key);
            }
        }
        boiler.sort_unstable();
        Ok(boiler)
    }

    /// The holder (of `ids`, in increasing order) whose words a candidate's furniture is read
    /// against (see [`Index::furniture_verbatim`]): the newest page of `site` among the newest
    /// holders, or else the newest.
    fn witness(&self, ids: &[u32], site: u32) -> Result<Option<u32>> {
        let newest = &ids[ids.len().saturating_sub(HOLDER_SAMPLE)..];
        for &h in newest.iter().rev() {
            if self.find(h)?.is_some_and(|doc| doc.site_id() == site) {
                return Ok(Some(h));
            }
        }
        Ok(newest.last().copied())
    }

    /// True when a key's newest holders (`ids`, in increasing order) show it to be boilerplate:
    /// three quarters of them are pages of one site (its template), or no cluster holds half of
    /// them (a notice many sites put under unrelated articles). A popular article's sentences
    /// are on many pages too, but those pages are its copies, in its cluster.
    fn boilerplate(&self, ids: &[u32]) -> Result<bool> {
        let newest = &ids[ids.len().saturating_sub(HOLDER_SAMPLE)..];
        let (mut sites, mut clusters) = (Vec::with_capacity(newest.len()), Vec::with_capacity(newest.len()));
        for &d in newest {
            if let Some(doc) = self.find(d)? {
                sites.push(doc.site_id());
                clusters.push(doc.summary().1);
            }
        }
        if sites.len() < HOLDER_SAMPLE / 2 {
            return Ok(false);
        }
        let n = sites.len();
        let one_site = most_common(&mut sites) * 4 >= n * 3;
        let many_stories = most_common(&mut clusters) * 2 < n;
        Ok(one_site || many_stories)
    }

    /// True when a key on a few pages (`ids`, in increasing order) is a site's template text
    /// around each page's own: three quarters of its newest holders are pages of one site, and
    /// as many hold period features the page does not (`shared_period(d)`: how many of the
    /// page's they hold; `margin`: the page's pruned ones, which are not counted). A site's
    /// shop policy or job-board notice is on its first pages too, where [`Index::boilerplate`]
    /// waits for more than [`RARE_HOLDERS`]: before this, every product page of a new shop was
    /// a "duplicate" of the ones before. Copies of one article on one site (a print view, a
    /// mobile page) hold nothing beside it, so their sentences stay the article's. Nor is a
    /// holder whose title is the page's, reworded (`title`, the page's sketch; see
    /// [`crate::features::title`]), text of its own beside a template: a story updated at new
    /// URLs, each version with a new lead, or a product's colours, each with a line of its own.
    /// An identical title is no such evidence: many sites give every page the same one. `info`
    /// caches each holder's (site, period features, reworded title) for the query.
    fn site_template(
        &self,
        ids: &[u32],
        shared_period: impl Fn(u32) -> u16,
        margin: usize,
        title: Option<&crate::features::title::TitleSketch>,
        info: &mut rustc_hash::FxHashMap<u32, Option<(u32, u32, bool)>>,
    ) -> Result<bool> {
        let newest = &ids[ids.len().saturating_sub(HOLDER_SAMPLE)..];
        let mut sites = Vec::with_capacity(newest.len());
        let mut own = 0usize;
        for &d in newest {
            let known = self.holder_facts(d, info, |doc| {
                let reworded = match title {
                    Some(t) => crate::features::title::title_reworded(t, &doc.title()?),
                    None => false,
                };
                Ok((doc.site_id(), doc.summary().0, reworded))
            })?;
            if let Some((site, period, reworded)) = known {
                sites.push(site);
                own += usize::from(!reworded && holds_own(period as usize, shared_period(d), margin));
            }
        }
        let n = sites.len();
        if n < TEMPLATE_MIN_HOLDERS {
            return Ok(false);
        }
        Ok(most_common(&mut sites) * 4 >= n * 3 && own * 4 >= n * 3)
    }

    /// True when a document inserted at or after `first_doc` (and not yet flushed) holds one of
    /// the page's unpruned keys: its answer from before those inserts may no longer hold.
    pub fn shares_keys_since(&self, features: &Features, first_doc: u32) -> bool {
        let newer = |kind: KeyKind, key: u64| self.held_since(kind, key, first_doc);
        newer(KeyKind::Exact, features.exact)
            || features.fingerprints.iter().any(|&k| newer(KeyKind::Fingerprint, k))
            || features.period.iter().any(|&k| newer(KeyKind::Period, k))
    }

    /// True when a document inserted at or after `first_doc` (and not yet flushed) holds one of
    /// these unpruned period features (a query's [`QueryAnswer::candidate_keys`]).
    pub fn holds_period_keys_since(&self, keys: &[u64], first_doc: u32) -> bool {
        keys.iter().any(|&key| self.held_since(KeyKind::Period, key, first_doc))
    }

    /// True when an unpruned key is held by a document inserted at or after `first_doc` and
    /// not yet flushed.
    fn held_since(&self, kind: KeyKind, key: u64, first_doc: u32) -> bool {
        !self.pruned.contains(kind, key)
            && self.memtables().any(|m| m.postings(kind, key).last().is_some_and(|&d| d >= first_doc))
    }

    /// The doc id the next insert gets.
    pub fn next_doc_id(&self) -> u32 {
        self.manifest.next_doc_id
    }

    /// Inserts a page (durable after [`Index::commit`]); returns its doc id.
    pub fn insert(&mut self, doc: NewDoc<'_>) -> Result<u32> {
        let doc_id = self.manifest.next_doc_id;
        if doc_id == u32::MAX {
            return Err(StoreError::Limit(format!("{}: doc ids exhausted", self.dir.display())));
        }
        let writer = self.writer()?;
        let site_id = writer.catalog.site_id(doc.site)?;
        let text = crate::normalize::chars_to_string(doc.chars);
        let rec = DocRecord {
            doc_id,
            url: doc.url.to_owned(),
            site: doc.site.to_owned(),
            site_id,
            fetched_at: doc.fetched_at,
            cluster: doc.cluster.unwrap_or(doc_id),
            flags: if doc.features.fingerprint_fallback { DOC_FLAG_FALLBACK } else { 0 }
                | if doc.listing { DOC_FLAG_LISTING } else { 0 },
            chars: doc.chars.len() as u32,
            text,
            period: doc.features.period.clone(),
            fingerprints: doc.features.fingerprints.clone(),
            exact: doc.features.exact,
            replaces: doc.replaces,
            title: doc.title,
        };
        writer.wal.append(&rec);
        self.mem.insert(rec);
        self.manifest.next_doc_id += 1;
        Ok(doc_id)
    }

    /// Makes every insert so far durable (one fsync of the WAL).
    pub fn commit(&mut self) -> Result<()> {
        self.writer()?.wal.commit()
    }

    /// Publishes a finished background flush or merge; starts a flush if the memtable passed the
    /// flush policy, and the next merge the merge policy picks; returns whether a flush started.
    /// Called between batches: flushes and merges run on their own threads, so ingest stalls
    /// only when the memtable fills again before the previous flush is written.
    pub fn maybe_flush(&mut self) -> Result<bool> {
        self.poll_flush(false)?;
        let full =
            self.mem.len() >= self.flush_policy.max_docs || self.mem.text_bytes() >= self.flush_policy.max_text_bytes;
        if full {
            self.start_flush()?;
            // More inserts follow: the new memtable's tables start at the size the last one
            // reached instead of doubling up to it (each doubling rehashes and faults in fresh pages).
            if let Some(frozen) = &self.frozen {
                self.mem.reserve_like(frozen);
            }
        }
        self.poll_merge(false)?;
        if self.pending.is_none() {
            if let Some(run) = self.pick_merge() {
                self.start_merge(run)?;
            }
        }
        Ok(full)
    }

    /// The run of segments the merge policy would merge next.
    fn pick_merge(&self) -> Option<std::ops::Range<usize>> {
        let sizes: Vec<SegmentSize> = self
            .segments
            .iter()
            .map(|s| SegmentSize {
                file_bytes: s.file_len(),
                postings_bytes: KeyKind::ALL
                    .iter()
                    .map(|&k| s.section_len(SectionKind::keys_of(k).1))
                    .max()
                    .unwrap_or(0),
            })
            .collect();
        self.merge_policy.pick(&sizes)
    }

    /// Runs the merges the merge policy picks, on this thread, until it picks none (after
    /// waiting for a background merge); returns how many ran.
    pub fn merge_tiers(&mut self) -> Result<usize> {
        let mut merges = usize::from(self.poll_merge(true)?.is_some());
        while let Some(run) = self.pick_merge() {
            let policy = self.prune_policy;
            self.merge_run(run, MergeMode { prune: Some(&policy), regroup: false })?;
            merges += 1;
        }
        Ok(merges)
    }

    /// Doc ids deleted by any segment or the memtable, sorted.
    fn dead_docs(&self) -> Result<Vec<u32>> {
        let mut dead: Vec<u32> = self.memtables().flat_map(|m| m.deletes()).copied().collect();
        for s in &self.segments {
            dead.extend_from_slice(s.deletes()?);
        }
        dead.sort_unstable();
        dead.dedup();
        Ok(dead)
    }

    /// What a merge of `run` needs: the output's id, reserved now (flushes meanwhile take the
    /// next ones; a crash leaves a half-written output as garbage for the next open), the
    /// inputs, and the deleted doc ids.
    fn prepare_merge(&mut self, run: std::ops::Range<usize>) -> Result<(u64, Vec<Arc<Segment>>, Vec<u32>)> {
        self.writer()?;
        let dead = self.dead_docs()?;
        let seg_id = self.manifest.next_segment_id;
        self.manifest.next_segment_id += 1;
        Ok((seg_id, self.segments[run].to_vec(), dead))
    }

    /// Starts merging `run` on a background thread. Documents deleted later, while it runs, are
    /// still deleted through the newer segment or memtable that deletes them.
    fn start_merge(&mut self, run: std::ops::Range<usize>) -> Result<()> {
        let (seg_id, inputs, dead) = self.prepare_merge(run)?;
        let ids = inputs.iter().map(|s| s.id()).collect();
        let dir = segments_dir(&self.dir);
        let pruned = Arc::clone(&self.pruned);
        let policy = self.prune_policy;
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&cancel);
        let handle = Background::start("dedupdb-merge", move || {
            let refs: Vec<&Segment> = inputs.iter().map(|s| s.as_ref()).collect();
            merge_segments(
                &dir,
                seg_id,
                &refs,
                &dead,
                &|k, key| pruned.contains(k, key),
                MergeMode { prune: Some(&policy), regroup: false },
                &stop,
            )
        });
        self.pending = Some(PendingMerge { inputs: ids, seg_id, cancel, handle });
        Ok(())
    }

    /// Installs the background merge if it has finished (or, with `wait`, once it has).
    pub fn poll_merge(&mut self, wait: bool) -> Result<Option<CompactStats>> {
        match &self.pending {
            Some(p) if wait || p.handle.is_finished() => {}
            _ => return Ok(None),
        }
        let Some(p) = self.pending.take() else { return Ok(None) };
        let merged = p.handle.join(&self.dir)?;
        let first = self.segments.iter().position(|s| Some(&s.id()) == p.inputs.first());
        let run = match first {
            Some(i) if self.segments[i..].iter().map(|s| s.id()).take(p.inputs.len()).eq(p.inputs.iter().copied()) => {
                i..i + p.inputs.len()
            }
            _ => {
                return Err(StoreError::Limit(format!(
                    "{}: the merged segments are no longer adjacent in the index",
                    self.dir.display()
                )))
            }
        };
        self.install_merge(run, p.seg_id, merged).map(Some)
    }

    /// Merges the adjacent segments `run` into one on this thread (see
    /// [`super::segment::merge_segments`]), dropping deleted documents and, as `mode` says,
    /// pruning keys and regrouping texts.
    pub fn merge_run(&mut self, run: std::ops::Range<usize>, mode: MergeMode<'_>) -> Result<CompactStats> {
        if run.is_empty() || run.end > self.segments.len() {
            return Err(StoreError::Limit(format!(
                "{}: no segments {run:?} to merge (the index has {})",
                self.dir.display(),
                self.segments.len()
            )));
        }
        self.poll_merge(true)?;
        let (seg_id, inputs, dead) = self.prepare_merge(run.clone())?;
        let refs: Vec<&Segment> = inputs.iter().map(|s| s.as_ref()).collect();
        let pruned = &self.pruned;
        let never = AtomicBool::new(false);
        let merged = merge_segments(
            &segments_dir(&self.dir),
            seg_id,
            &refs,
            &dead,
            &|k, key| pruned.contains(k, key),
            mode,
            &never,
        )?;
        self.install_merge(run, seg_id, merged)
    }

    /// Publishes a merged segment in place of `run`. Crash safety as for a flush: the new
    /// segment file is complete before the manifest names it, and the inputs are deleted after.
    fn install_merge(&mut self, run: std::ops::Range<usize>, seg_id: u64, merged: Merged) -> Result<CompactStats> {
        let seg = Segment::open(&merged.path)?;
        let mut m = self.manifest.clone();
        m.generation += 1;
        let mut new_pruned = None;
        if !merged.newly_pruned.is_empty() {
            let mut all: Vec<(KeyKind, u64)> = self.pruned.iter().collect();
            all.extend(merged.newly_pruned.iter().map(|(k, v, _)| (*k, *v)));
            let set = PrunedSet::new(all);
            m.pruned_gen += 1;
            set.store(&self.dir, m.pruned_gen)?;
            let w = self.writer()?;
            for (k, v, info) in &merged.newly_pruned {
                w.catalog.add_pruned(*k, *v, info)?;
            }
            w.catalog.flush()?;
            new_pruned = Some(set);
        }
        let new_ref = SegmentRef { id: seg_id, doc_count: seg.doc_count(), file_len: seg.file_len() };
        m.segments.splice(run.clone(), [new_ref]);
        m.store(&self.dir)?;
        // Only the files this merge retired: a flush running meanwhile has its own files here.
        let mut retired: Vec<PathBuf> = self.segments[run.clone()].iter().map(|s| s.path().to_path_buf()).collect();
        if new_pruned.is_some() && self.manifest.pruned_gen > 0 {
            retired.push(self.dir.join(pruned_file_name(self.manifest.pruned_gen)));
        }
        self.manifest = m;
        self.segments.splice(run.clone(), [Arc::new(seg)]);
        if let Some(p) = new_pruned {
            self.pruned = Arc::new(p);
        }
        remove_retired(&retired);
        let stats = CompactStats {
            segments_in: run.len(),
            docs: merged.docs as usize,
            dropped_docs: merged.dropped as usize,
            pruned_keys: merged.newly_pruned.len(),
            blocks_copied: merged.blocks_copied,
            blocks_recompressed: merged.blocks_recompressed,
        };
        tracing::info!(
            segments = stats.segments_in,
            docs = stats.docs,
            dropped = stats.dropped_docs,
            pruned = stats.pruned_keys,
            blocks_copied = stats.blocks_copied,
            blocks_recompressed = stats.blocks_recompressed,
            "merged segments"
        );
        Ok(stats)
    }

    /// Writes the memtable as a new segment and waits until it is published (see
    /// [`Index::start_flush`] for the order of writes).
    pub fn flush(&mut self) -> Result<()> {
        self.start_flush()?;
        self.poll_flush(true)?;
        Ok(())
    }

    /// Freezes the memtable and writes it as a segment on a thread of its own, while inserts go
    /// on into a new memtable and a new WAL; queries read both memtables meanwhile. One flush
    /// runs at a time: an earlier one still running is waited for and published first.
    ///
    /// Order, for crash safety: the WAL is committed; WAL generation + 1 is created and takes
    /// the inserts that follow; the segment is written (temp + fsync + rename); the manifest
    /// (atomic) names it and the new WAL generation; then the older WALs are deleted. A crash
    /// before the manifest leaves the old manifest, whose WAL and every later generation are
    /// replayed on open (the orphan segment is collected); after it, the new state.
    pub fn start_flush(&mut self) -> Result<()> {
        self.commit()?;
        if self.mem.is_empty() {
            return Ok(());
        }
        self.poll_flush(true)?;
        if self.frozen.is_some() {
            return Err(StoreError::Limit(format!(
                "{}: an earlier flush failed; its pages are safe in the WAL and the next open replays them",
                self.dir.display()
            )));
        }
        // Flushes keep the newest codec unless their own texts call for another.
        let mut codec_seg = None;
        for seg in self.segments.iter().rev() {
            if !seg.dict_bytes()?.is_empty() || !seg.char_code().is_utf8() {
                codec_seg = Some(Arc::clone(seg));
                break;
            }
        }
        let wal_dir = wal_dir(&self.dir);
        let writer = self.writer()?;
        // The sites of the frozen pages are durable before the WAL that names them can be
        // retired: afterwards only the segment does.
        writer.catalog.flush()?;
        let next_wal_gen = writer.wal.gen() + 1;
        writer.wal = Wal::create(&wal_dir, next_wal_gen)?;
        let seg_id = self.manifest.next_segment_id;
        self.manifest.next_segment_id += 1;
        let frozen = Arc::new(std::mem::take(&mut self.mem));
        self.frozen = Some(Arc::clone(&frozen));
        let job =
            FlushInputs { dir: segments_dir(&self.dir), seg_id, frozen, pruned: Arc::clone(&self.pruned), codec_seg };
        let handle = Background::start("dedupdb-flush", move || job.write());
        self.flushing = Some(PendingFlush { seg_id, next_wal_gen, started: std::time::Instant::now(), handle });
        Ok(())
    }

    /// Publishes the background flush if it has finished (or, with `wait`, once it has);
    /// returns whether one was published.
    pub fn poll_flush(&mut self, wait: bool) -> Result<bool> {
        match &self.flushing {
            Some(p) if wait || p.handle.is_finished() => {}
            _ => return Ok(false),
        }
        let Some(p) = self.flushing.take() else { return Ok(false) };
        let path = p.handle.join(&self.dir)?;
        let seg = Segment::open(&path)?;
        let mut m = self.manifest.clone();
        m.generation += 1;
        m.wal_gen = p.next_wal_gen;
        m.segments.push(SegmentRef { id: p.seg_id, doc_count: seg.doc_count(), file_len: seg.file_len() });
        m.store(&self.dir)?;
        let old_wal_gen = self.manifest.wal_gen;
        self.manifest = m;
        let (docs, bytes) = (seg.doc_count(), seg.file_len());
        self.segments.push(Arc::new(seg));
        if let Some(frozen) = self.frozen.take() {
            Memtable::drop_in_background(frozen);
        }
        let retired: Vec<PathBuf> =
            (old_wal_gen..p.next_wal_gen).map(|g| wal_dir(&self.dir).join(wal_file_name(g))).collect();
        remove_retired(&retired);
        let seconds = p.started.elapsed().as_secs_f64();
        tracing::info!(segment = p.seg_id, docs, bytes, seconds, "flushed the memtable");
        Ok(true)
    }

    /// Merges every segment (and the memtable) into one: drops replaced documents, prunes
    /// keys whose frequency marks them as template or spam (see [`PrunePolicy`]) and, with
    /// `regroup`, stores every text anew in cluster order across the whole index
    /// ([`MergeMode::regroup`]).
    pub fn compact(&mut self, policy: PrunePolicy, regroup: bool) -> Result<CompactStats> {
        self.poll_merge(true)?;
        self.flush()?;
        if self.segments.is_empty() {
            return Ok(CompactStats::default());
        }
        self.merge_run(0..self.segments.len(), MergeMode { prune: Some(&policy), regroup })
    }

    /// Every live document's (doc id, url, cluster), in doc-id order, through `f`.
    pub fn for_each_doc(&self, mut f: impl FnMut(u32, &str, u32) -> std::io::Result<()>) -> Result<()> {
        let io = |e| StoreError::io(&self.dir, e);
        for seg in &self.segments {
            for m in seg.docs()? {
                if !self.is_deleted(m.doc_id)? {
                    f(m.doc_id, &seg.strings(m)?.0, m.cluster).map_err(io)?;
                }
            }
        }
        for mem in self.frozen.as_deref().into_iter().chain([&self.mem]) {
            for d in mem.docs() {
                if !self.is_deleted(d.doc_id)? {
                    f(d.doc_id, &d.url, d.cluster).map_err(io)?;
                }
            }
        }
        Ok(())
    }

    /// Live documents (memtable included).
    pub fn live_docs(&self) -> Result<u64> {
        let mut n = 0u64;
        self.for_each_doc(|_, _, _| {
            n += 1;
            Ok(())
        })?;
        Ok(n)
    }

    /// Waits for a background merge, installs it, and makes the catalog durable; called at the
    /// end of a run.
    pub fn close(mut self) -> Result<()> {
        self.poll_flush(true)?;
        self.poll_merge(true)?;
        self.commit()?;
        if let Some(w) = &self.writer {
            w.catalog.flush()?;
        }
        Ok(())
    }
}

impl Drop for Index {
    /// A background merge still running is cancelled (its partial output is garbage the next
    /// writer removes); the thread is joined so that it never outlives the writer's lock.
    fn drop(&mut self) {
        if let Some(p) = self.pending.take() {
            p.cancel.store(true, Ordering::Relaxed);
            p.handle.abandon();
        }
        // An unpublished flush is garbage too: its pages are still in the WALs the manifest names.
        if let Some(p) = self.flushing.take() {
            p.handle.abandon();
        }
    }
}

fn rank(r: Relation) -> u8 {
    match r {
        Relation::Duplicate => 0,
        Relation::Contains | Relation::Contained => 1,
        Relation::Overlaps => 2,
        Relation::Different => 3,
    }
}

/// Deletes files a published manifest retired. A failure only leaves garbage that the next
/// writer collects, so it is logged, not returned.
fn remove_retired(paths: &[PathBuf]) {
    for p in paths {
        match std::fs::remove_file(p) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                tracing::warn!(file = %p.display(), error = %e, "could not remove a retired file; it is collected on the next open")
            }
        }
    }
}

/// Deletes files no manifest names: segments of interrupted flushes and merges, WALs older than
/// the manifest's (newer ones are live), old pruned-key files, temporary files. Only the writer
/// calls this (it holds the lock).
fn collect_garbage(dir: &Path, m: &Manifest) -> Result<()> {
    let live: std::collections::HashSet<u64> = m.segments.iter().map(|s| s.id).collect();
    for (id, path) in list_segment_files(&segments_dir(dir))? {
        if !live.contains(&id) {
            tracing::info!(file = %path.display(), "removing a segment the manifest no longer names (merged away, or left by a crash)");
            std::fs::remove_file(&path).map_err(|e| StoreError::io(&path, e))?;
        }
    }
    let keep_pruned = pruned_file_name(m.pruned_gen);
    for d in [dir.to_path_buf(), segments_dir(dir), wal_dir(dir)] {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for entry in rd.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let stale = name.starts_with(super::fsutil::TMP_PREFIX)
                || wal_gen_of(&name).is_some_and(|g| g < m.wal_gen)
                || (name.starts_with("pruned-") && name.ends_with(".ddp") && name != keep_pruned);
            if stale {
                let p = entry.path();
                // A catalog whose creation a crash interrupted is a directory.
                let removed = match entry.file_type().is_ok_and(|t| t.is_dir()) {
                    true => std::fs::remove_dir_all(&p),
                    false => std::fs::remove_file(&p),
                };
                removed.map_err(|e| StoreError::io(&p, e))?;
            }
        }
    }
    Ok(())
}

/// What [`verify`] found.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct VerifyReport {
    /// Manifest generation checked.
    pub generation: u64,
    /// Live segments.
    pub segments: usize,
    /// Documents in segments.
    pub segment_docs: u64,
    /// Documents in the WAL.
    pub wal_docs: usize,
    /// Live documents (not replaced).
    pub live_docs: u64,
    /// Whether the WAL ends in an incomplete record (normal while a writer is appending, or
    /// after a crash: the next writer drops it).
    pub wal_torn_tail: bool,
    /// Every problem found, each naming its file (and offset for corruption).
    pub problems: Vec<String>,
}

/// Checks a whole index without the writer's lock: every checksum of every file, the structure
/// of segments, the WAL, the manifest's consistency, and that no URL is stored live twice.
pub fn verify(dir: &Path) -> Result<VerifyReport> {
    let mut report = VerifyReport::default();
    let index = match Index::open_reader(dir) {
        Ok(i) => i,
        Err(e @ (StoreError::Corrupt(_) | StoreError::Version { .. } | StoreError::UnknownParameter { .. })) => {
            report.problems.push(e.to_string());
            // Open failed on the first bad file; still check every segment file on its own.
            if let Ok(m) = Manifest::load(dir) {
                report.generation = m.generation;
                for r in &m.segments {
                    let path = segments_dir(dir).join(segment_file_name(r.id));
                    match Segment::open(&path) {
                        Ok(s) => report.problems.extend(s.verify().iter().map(ToString::to_string)),
                        Err(e) => report.problems.push(e.to_string()),
                    }
                }
            }
            report.problems.dedup();
            return Ok(report);
        }
        Err(e) => return Err(e),
    };
    report.generation = index.manifest.generation;
    report.segments = index.segments.len();
    report.wal_docs = index.memtable_len();
    if let Ok(c) = read_wal_chain(&wal_dir(dir), index.manifest.wal_gen, false) {
        report.wal_torn_tail = c.torn_tail;
    }
    let mut prev_max: Option<u32> = None;
    for seg in &index.segments {
        report.segment_docs += u64::from(seg.doc_count());
        report.problems.extend(seg.verify().iter().map(ToString::to_string));
        let (lo, hi) = seg.doc_range();
        if seg.doc_count() > 0 {
            if prev_max.is_some_and(|p| lo <= p) {
                report.problems.push(format!("{}: doc ids {lo}..={hi} overlap an older segment", seg.path().display()));
            }
            if hi >= index.manifest.next_doc_id {
                report
                    .problems
                    .push(format!("{}: doc id {hi} is not below the manifest's next id", seg.path().display()));
            }
            prev_max = Some(hi);
        }
    }
    if !report.problems.is_empty() {
        return Ok(report);
    }
    let mut seen: HashMap<u64, Vec<(u32, String)>> = HashMap::new();
    let walk = index.for_each_doc(|doc_id, url, _| {
        seen.entry(url_hash(url)).or_default().push((doc_id, url.to_owned()));
        Ok(())
    });
    if let Err(e) = walk {
        report.problems.push(e.to_string());
        return Ok(report);
    }
    for list in seen.values() {
        report.live_docs += list.len() as u64;
        let mut urls: Vec<&str> = list.iter().map(|(_, u)| u.as_str()).collect();
        urls.sort_unstable();
        for w in urls.windows(2) {
            if w[0] == w[1] {
                report.problems.push(format!("{}: URL {} is stored live more than once", dir.display(), w[0]));
            }
        }
    }
    report.problems.dedup();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::{Page, PageInput};
    use crate::testutil::prose;

    fn page(text: &str) -> Page {
        Page::analyze(PageInput::Text { bytes: text.as_bytes(), charset: None }, &Params::default())
    }

    fn insert(index: &mut Index, url: &str, p: &Page) -> u32 {
        insert_on(index, url, "example.com", p)
    }

    fn insert_on(index: &mut Index, url: &str, site: &str, p: &Page) -> u32 {
        let doc = NewDoc {
            url,
            site,
            fetched_at: 0,
            chars: &p.norm.chars,
            features: &p.features,
            cluster: None,
            replaces: None,
            title: p.title_sketch,
            listing: p.extracted.listing,
        };
        index.insert(doc).expect("insert")
    }

    #[test]
    fn lines_a_short_page_shares_with_many_pages_do_not_crowd_out_its_copy() {
        // Thirty short pages of as many forums, each with two lines their forum software
        // writes on every post (exclaimed: no period feature) and two sentences of its own; the
        // article a short post quotes four sentences of; the post itself, with the two lines.
        // Each of the thirty shares two of the post's six sentence keys; the article shares
        // none (its many fingerprints leave it none), only the four sentences' period features.
        // Ranked by sentence keys one by one, as fingerprints, the thirty came first and the
        // article was never verified.
        let dir = tempfile::tempdir().expect("tempdir");
        let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
        let lines = "本帖仅代表作者观点！请各位文明发言！";
        let article = prose(10, 23 * 30);
        let t = insert(&mut index, "http://news.example.com/a", &page(&article));
        for i in 0..30 {
            let (own, site) = (prose(100 + i, 46), format!("bbs{i}.example.net"));
            insert_on(&mut index, &format!("http://{site}/t"), &site, &page(&format!("{lines}{own}")));
        }
        let quoted: String = article.split_inclusive('。').take(4).collect();
        let post = page(&format!("{lines}{quoted}"));
        assert!(post.features.fingerprint_fallback, "the post has sentence keys");
        let answer = index.query(&post.norm.chars, &post.features, None).expect("query");
        assert!(answer.matches.iter().any(|m| m.doc_id == t), "the article is not found: {answer:?}");
    }

    #[test]
    fn carried_comparisons_are_taken_only_for_their_page_and_boilerplate_with_the_new_ranking() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
        let article = prose(1, 2000);
        insert(&mut index, "http://example.com/a", &page(&article));
        insert(&mut index, "http://example.com/b", &page(&format!("{article}{}", prose(2, 400))));
        let q = page(&format!("{}{article}", prose(3, 300)));
        let first = index.query(&q.norm.chars, &q.features, None).expect("query");
        assert_eq!(first.verified, 2);
        let fresh = index.query(&q.norm.chars, &q.features, None).expect("fresh");

        // Comparisons marked so that a carried one shows: its CCS and CLR must be replaced by
        // the ranking's, the rest kept.
        let mut marked = first.alignments.clone();
        for (_, c) in &mut marked.by_text {
            (c.ccs, c.clr, c.rounds) = (-1.0, -1.0, 999);
        }
        let mut scratch = QueryScratch::default();
        let again =
            index.query_with(&mut scratch, &q.norm.chars, &q.features, None, None, Some(&marked)).expect("again");
        assert_eq!(again.carried, 2);
        assert_eq!((fresh.matches.len(), again.matches.len()), (2, 2), "both earlier pages are matches");
        for (a, f) in again.matches.iter().zip(&fresh.matches) {
            assert_eq!((a.doc_id, a.cmp.ccs, a.cmp.clr, a.cmp.rounds), (f.doc_id, f.cmp.ccs, f.cmp.clr, 999));
        }

        // Another boilerplate, or another page: nothing is carried.
        let mut other_boilerplate = first.alignments.clone();
        other_boilerplate.boilerplate.push(12345);
        let other_page = page(&prose(4, 2000));
        let mut other_page_alignments = first.alignments.clone();
        other_page_alignments.page = (other_page.features.exact, other_page.norm.chars.len() as u32);
        for earlier in [&other_boilerplate, &other_page_alignments] {
            let again =
                index.query_with(&mut scratch, &q.norm.chars, &q.features, None, None, Some(earlier)).expect("again");
            assert_eq!((again.carried, again.verified), (0, fresh.verified));
        }
    }

    #[test]
    fn a_candidate_s_furniture_is_only_what_the_page_lacks_with_an_edge_of_it_its_site_s() {
        // Four pages of one site, each an article between the site's intro and outro, under
        // headlines unlike each other: the intro and outro are the site's template, which the
        // first page's lookup of its own keys calls so. Whatever of it the page holds too was
        // judged by the page's own lookup, and is not the candidate's to discount again.
        let html = |title: &str, body: &[String]| {
            let ps: String = body.iter().map(|p| format!("<p>{p}</p>")).collect();
            let html = format!("<html><head><title>{title}</title></head><body><h1>{title}</h1>{ps}</body></html>");
            Page::analyze(PageInput::Html { bytes: html.as_bytes(), charset: None }, &Params::default())
        };
        let (intro, outro) = (prose(501, 110), prose(502, 110));
        let titles = ["春运首日客流平稳", "新型材料研发取得突破", "老城区改造方案公布", "冬季流感防治指南"];
        let dir = tempfile::tempdir().expect("tempdir");
        let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
        let mut ids = Vec::new();
        for (k, title) in titles.iter().enumerate() {
            let p = html(title, &[intro.clone(), prose(600 + k as u64, 90), outro.clone()]);
            ids.push(insert_on(&mut index, &format!("http://s.example/{k}"), "s.example", &p));
        }
        let keys_of = |text: &str| html("无关的标题", &[text.to_string()]).features.period;
        let (intro_keys, outro_keys) = (keys_of(&intro), keys_of(&outro));
        assert!(!intro_keys.is_empty() && !outro_keys.is_empty(), "the furniture has period features");
        let mut both: Vec<u64> = intro_keys.iter().chain(&outro_keys).copied().collect();
        both.sort_unstable();

        let doc = index.find(ids[0]).expect("find").expect("the first page");
        let mut cache = TextCache::default();
        let text = doc.text(&mut cache).expect("text");
        let params = &index.manifest.params;
        let key_at = |r: &std::ops::Range<usize>| {
            let mut key = None;
            crate::features::each_period_feature(&text[r.clone()], params, |k, _| key = Some(k));
            key.expect("a discounted range is a sentence")
        };
        let discounted = |page_period: &[u64]| {
            let mut looked_up = Vec::new();
            let ranges =
                index.candidate_boilerplate(ids[0], &doc, &text, page_period, &mut looked_up).expect("boilerplate");
            assert!(ranges.iter().all(|(_, h)| ids[1..].contains(h)), "a witness of its site: {ranges:?}");
            let mut keys: Vec<u64> = ranges.iter().map(|(r, _)| key_at(r)).collect();
            keys.sort_unstable();
            keys.dedup();
            (keys, looked_up)
        };
        // A page holding none of it: the candidate's intro and outro both.
        assert_eq!(discounted(&[]).0, both);
        // A page holding the intro: only the outro is the candidate's.
        assert_eq!(discounted(&intro_keys).0, outro_keys);
        // A page holding both: the candidate's first and last sentences it lacks are its
        // article's, no furniture, and nothing more is looked up.
        let (keys, looked_up) = discounted(&both);
        assert!(keys.is_empty(), "{keys:?}");
        assert!(looked_up.len() <= 2, "only the two edges are looked up: {looked_up:?}");
    }

    #[test]
    fn edge_keys_are_the_runs_from_either_end_with_the_text_s_own_between() {
        let furniture = |k: &u64| *k >= 100;
        // Intro 100, 101; the article 1, 2; a line quoted between them, 102; outro 103.
        assert_eq!(edge_keys(&[100, 101, 1, 102, 2, 103], furniture), vec![100, 101, 103]);
        assert_eq!(edge_keys(&[1, 2, 103, 104, 103], furniture), vec![103, 104]);
        assert_eq!(edge_keys(&[1, 102, 2], furniture), Vec::<u64>::new());
        // All of it: nothing of the text's own, so nothing is furniture around it.
        assert_eq!(edge_keys(&[100, 101, 102], furniture), Vec::<u64>::new());
        assert_eq!(edge_keys(&[], furniture), Vec::<u64>::new());
    }
}
