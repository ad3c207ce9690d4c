//! The embedding API: an index opened as a [`Db`], read through any number of [`Reader`]s and
//! written through one [`Writer`].
//!
//! A [`Reader`] is `Send + Sync` and cheap to clone; every query runs on a consistent snapshot
//! (the live segments and the memtables committed so far), which a commit, a flush or a merge
//! replaces for later queries without waiting for the queries already running. The [`Writer`]
//! holds the index's lock; its [`Writer::add`] answers exactly as `dedupdb ingest` does, and a
//! reader's [`Reader::query`] exactly as `dedupdb query` does, since both run the same code.
//!
//! ```
//! use dedupdb::{Db, PageInput, Verdict};
//!
//! # fn main() -> Result<(), dedupdb::Error> {
//! # let dir = tempfile::tempdir()?;
//! let db = Db::open(dir.path().join("dedup.db"))?;
//! let mut writer = db.writer()?;
//! let html = "<html><body><p>记者从水利部获悉，长江中下游干流水位持续上涨，多个水文站超过警戒水位。\
//!     各地防汛指挥部已启动应急响应，组织力量巡堤查险，确保人民群众生命财产安全。</p></body></html>";
//! assert_eq!(writer.add(&PageInput::html("https://a.example/1", html))?.verdict, Verdict::New);
//! writer.commit()?;
//! let answer = db.reader()?.query(&PageInput::html("https://b.example/2", html))?;
//! assert_eq!(answer.verdict, Verdict::Exact);
//! # Ok(())
//! # }
//! ```

mod answer;
mod compare;
mod page;
pub(crate) mod run;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};

pub use answer::{Answer, Matched, Member, Stats, StoredPage, Summary, Verdict};
pub use compare::{comparison_json, span_text};
pub use page::{AnalyzedPage, FieldError, PageInput};
pub use run::RunOptions;

pub use crate::dedup::QueryLimits;
pub use crate::store::{CompactStats, FlushPolicy, MergePolicy, PrunePolicy};

use crate::dedup::QueryScratch;
use crate::error::{MaintenanceError, OpenError, QueryError, Result, WriteError};
use crate::input::Item;
use crate::store::manifest::{Manifest, MANIFEST_FILE};
use crate::store::{Index, Snapshot, StoreError};
use crate::Params;
use run::{Analyzed, BatchState, Target};

/// Creation and tuning options of a [`Db`]: parameters for a new index, query bounds and the
/// writer's flush and merge policies. An existing index keeps the parameters it was built with.
#[derive(Debug, Clone, Default)]
pub struct DbBuilder {
    params: Params,
    limits: QueryLimits,
    flush: FlushPolicy,
    merge: MergePolicy,
    prune: PrunePolicy,
}

impl DbBuilder {
    /// The parameters of a new index (see [`Params`]); ignored when the index exists.
    pub fn params(mut self, params: Params) -> Self {
        self.params = params;
        self
    }

    /// Keep the top `bits` bits of each key (48 by default; see [`Params::key_bits`]); for a new
    /// index only.
    pub fn key_bits(mut self, bits: u32) -> Self {
        self.params.key_bits = bits;
        self
    }

    /// Write the memtable out as a segment once it holds this many pages (50,000 by default).
    pub fn flush_docs(mut self, docs: usize) -> Self {
        self.flush.max_docs = docs.max(1);
        self
    }

    /// Write the memtable out as a segment once its texts reach this many bytes (256 MiB).
    pub fn flush_bytes(mut self, bytes: usize) -> Self {
        self.flush.max_text_bytes = bytes.max(1);
        self
    }

    /// When segments merge as the index grows.
    pub fn merge_policy(mut self, merge: MergePolicy) -> Self {
        self.merge = merge;
        self
    }

    /// Which keys merges and compactions prune as template or spam.
    pub fn prune_policy(mut self, prune: PrunePolicy) -> Self {
        self.prune = prune;
        self
    }

    /// Query bounds (candidates verified, matches listed, template-like posting lists).
    pub fn limits(mut self, limits: QueryLimits) -> Self {
        self.limits = limits;
        self
    }

    /// List at most `n` earlier pages per answer (8 by default): verification stops once `n`
    /// similar pages are found.
    pub fn max_matches(mut self, n: usize) -> Self {
        self.limits.max_matches = n.max(1);
        self
    }

    /// Opens the index at `path`, creating it with the builder's parameters when there is none.
    pub fn open(self, path: impl AsRef<Path>) -> Result<Db> {
        let dir = path.as_ref();
        if !dir.join(MANIFEST_FILE).exists() {
            // Created by a writer that leaves at once: the directory then holds an empty index.
            let index = Index::open_writer(dir, &self.params).map_err(OpenError::from)?;
            index.close().map_err(OpenError::from)?;
        }
        self.open_existing(dir)
    }

    /// Opens the index at `path`; fails with [`OpenError::NotFound`] when there is none.
    pub fn open_existing(self, path: impl AsRef<Path>) -> Result<Db> {
        let dir = path.as_ref().to_path_buf();
        let params = Manifest::load(&dir).map_err(OpenError::from)?.params;
        let shared = Arc::new(Shared {
            dir,
            options: self,
            params,
            published: RwLock::new(None),
            writer: Mutex::new(false),
            handles: Arc::new(()),
        });
        Ok(Db { _handle: Arc::clone(&shared.handles), shared })
    }
}

/// What a [`Db`], its [`Reader`]s and its [`Writer`] share.
#[derive(Debug)]
struct Shared {
    dir: PathBuf,
    options: DbBuilder,
    /// The parameters the index was built with.
    params: Params,
    /// The snapshot queries read: replaced whole, so a query holds the one it started on.
    /// Loaded on the first reader's demand, so that a writer alone never reads the index twice.
    published: RwLock<Option<Arc<Snapshot>>>,
    /// True while this process's [`Writer`] is open.
    writer: Mutex<bool>,
    /// Held by every [`Db`] and [`Reader`]: a writer seals its memtable at commit (so that a
    /// snapshot can share it) only while one of them could read.
    handles: Arc<()>,
}

impl Shared {
    /// The snapshot published last; a reader is made only after one is.
    fn current(&self) -> Arc<Snapshot> {
        let published = match self.published.read() {
            Ok(s) => s.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        published.unwrap_or_else(|| Arc::new(Snapshot::empty(self.params.clone())))
    }

    fn publish(&self, snapshot: Snapshot) {
        let snapshot = Some(Arc::new(snapshot));
        match self.published.write() {
            Ok(mut s) => *s = snapshot,
            Err(poisoned) => *poisoned.into_inner() = snapshot,
        }
    }

    fn writer_open(&self) -> bool {
        self.writer.lock().map(|w| *w).unwrap_or_else(|p| *p.into_inner())
    }
}

/// An open index: hands out [`Reader`]s and the [`Writer`].
///
/// Opening takes no lock: any number of processes may read an index while one writes it.
#[derive(Debug, Clone)]
pub struct Db {
    shared: Arc<Shared>,
    _handle: Arc<()>,
}

impl Db {
    /// Opens the index at `path` with the default options, creating it when there is none.
    pub fn open(path: impl AsRef<Path>) -> Result<Db> {
        Db::builder().open(path)
    }

    /// Options for opening or creating an index.
    pub fn builder() -> DbBuilder {
        DbBuilder::default()
    }

    /// The index directory.
    pub fn path(&self) -> &Path {
        &self.shared.dir
    }

    /// The parameters the index was built with.
    pub fn params(&self) -> &Params {
        &self.shared.params
    }

    /// Opens the index at `path` with the default options; fails with [`OpenError::NotFound`]
    /// when there is none.
    pub fn open_existing(path: impl AsRef<Path>) -> Result<Db> {
        Db::builder().open_existing(path)
    }

    /// A reader. Without a writer in this process, it reads the index as it is on disk now
    /// (another process's commits included); beside this process's writer, what it committed.
    pub fn reader(&self) -> Result<Reader> {
        if !self.shared.writer_open() {
            let snapshot = Index::open_reader(&self.shared.dir).map_err(OpenError::from)?.into_snapshot();
            self.shared.publish(snapshot);
        }
        Ok(Reader { shared: Arc::clone(&self.shared), _count: Arc::clone(&self.shared.handles) })
    }

    /// The writer: takes the index's lock. Fails with [`OpenError::Locked`] while another
    /// process writes the index, and [`OpenError::WriterOpen`] while this one does.
    pub fn writer(&self) -> Result<Writer> {
        let mut open = self.shared.writer.lock().unwrap_or_else(|p| p.into_inner());
        if *open {
            return Err(OpenError::WriterOpen { path: self.shared.dir.clone() }.into());
        }
        let o = &self.shared.options;
        let mut index = Index::open_writer(&self.shared.dir, &o.params).map_err(OpenError::from)?;
        index.flush_policy = o.flush;
        index.merge_policy = o.merge;
        index.prune_policy = o.prune;
        *open = true;
        drop(open);
        let mut writer = Writer {
            index,
            shared: Arc::clone(&self.shared),
            limits: o.limits,
            scratch: QueryScratch::default(),
            _guard: WriterGuard(Arc::clone(&self.shared)),
        };
        writer.publish();
        Ok(writer)
    }
}

/// Answers queries on snapshots of the index; `Send + Sync`, cheap to clone, never blocked by
/// the writer. It has no way to write: that takes a [`Writer`].
///
/// ```compile_fail
/// # fn f(reader: dedupdb::Reader, page: dedupdb::PageInput) {
/// reader.add(&page); // a reader cannot write
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct Reader {
    shared: Arc<Shared>,
    _count: Arc<()>,
}

thread_local! {
    /// Each thread's query scratch for readers: it outlives queries so its buffers and text
    /// cache stay warm.
    static READER_SCRATCH: std::cell::RefCell<QueryScratch> = std::cell::RefCell::new(QueryScratch::default());
}

impl Reader {
    /// The page's answer against the snapshot current when the query starts, as `dedupdb
    /// query` gives it: the verdict, the cluster it would join and the earlier pages it matches.
    /// A page that cannot be read or has no text is an answer with [`Verdict::Error`].
    pub fn query(&self, page: &PageInput) -> Result<Answer> {
        let snapshot = self.shared.current();
        let analyzed = page.analyze(snapshot.params());
        let mut target = Reading(&snapshot);
        let limits = self.shared.options.limits;
        READER_SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut scratch) => one(&mut target, limits, analyzed, &mut scratch),
            // Only a query inside a query's callback finds it taken: it gets its own.
            Err(_) => one(&mut target, limits, analyzed, &mut QueryScratch::default()),
        })
    }

    /// Answers every page of `inputs` (JSONL, WARC, directories, as [`crate::input::open`] reads
    /// them) in order, calling `emit` with each answer; pages are analyzed and queried on all
    /// cores. This is `dedupdb query`.
    pub fn query_inputs(
        &self,
        inputs: &[String],
        opts: &RunOptions,
        emit: impl FnMut(&Answer) -> std::io::Result<()>,
    ) -> Result<Summary> {
        let snapshot = self.shared.current();
        run::run(&mut Reading(&snapshot), self.shared.options.limits, inputs, opts, emit)
    }

    /// The parameters the index was built with.
    pub fn params(&self) -> &Params {
        &self.shared.params
    }

    /// The page stored under `url`, if any.
    pub fn page(&self, url: &str) -> Result<Option<StoredPage>> {
        let snapshot = self.shared.current();
        let found = snapshot.view().stored(url).map_err(QueryError::from)?;
        Ok(found.map(|s| StoredPage {
            doc_id: s.doc_id,
            url: url.to_owned(),
            site: s.site,
            cluster: s.cluster,
            fetched_at: (s.fetched_at != 0).then_some(s.fetched_at),
            text: s.text.into_iter().collect(),
            script: s.script,
            language: s.language,
        }))
    }

    /// The members of cluster `cluster` in doc-id order, `limit` of them from the `offset`th,
    /// and how many it has. A walk over every stored page: meant for inspection, not a hot path.
    pub fn cluster(&self, cluster: u32, offset: usize, limit: usize) -> Result<(Vec<Member>, usize)> {
        let (mut members, mut total) = (Vec::new(), 0usize);
        self.for_each_page(|doc_id, url, c| {
            if c == cluster {
                if total >= offset && members.len() < limit {
                    members.push(Member { doc_id, url: url.to_owned() });
                }
                total += 1;
            }
            Ok(())
        })?;
        Ok((members, total))
    }

    /// What the snapshot holds: pages, segments, bytes, pruned keys.
    pub fn stats(&self) -> Result<Stats> {
        let snapshot = self.shared.current();
        let view = snapshot.view();
        let (segment_docs, memtable_docs, segment_bytes) = view.sizes();
        let mut live_docs = 0u64;
        view.for_each_doc(|_, _, _| {
            live_docs += 1;
            Ok(())
        })
        .map_err(QueryError::from)?;
        Ok(Stats {
            live_docs,
            segments: view.segments().len(),
            segment_docs,
            memtable_docs,
            pruned_keys: view.pruned().len(),
            segment_bytes,
        })
    }

    /// Every stored page not replaced, in doc-id order: (doc id, URL, cluster) through `f`.
    pub fn for_each_page(&self, f: impl FnMut(u32, &str, u32) -> std::io::Result<()>) -> Result<()> {
        Ok(self.shared.current().view().for_each_doc(f).map_err(QueryError::from)?)
    }
}

/// Answers one analyzed page against `target` (inserting it when the target writes).
fn one(target: &mut impl Target, limits: QueryLimits, page: Analyzed, scratch: &mut QueryScratch) -> Result<Answer> {
    let first_doc = target.next_doc_id();
    let mut batch = BatchState::new(scratch, first_doc);
    Ok(run::process(target, limits, page, None, &mut batch).map_err(WriteError::from)?)
}

/// The index's one writer: adds pages, commits, flushes and compacts. Holds the index's lock
/// until dropped or [`Writer::close`]d.
pub struct Writer {
    index: Index,
    shared: Arc<Shared>,
    limits: QueryLimits,
    scratch: QueryScratch,
    _guard: WriterGuard,
}

impl std::fmt::Debug for Writer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Writer").field("index", &self.index).finish()
    }
}

impl Writer {
    /// Answers the page against the index as it stands (this writer's uncommitted pages
    /// included), then inserts it, as `dedupdb ingest` does: the same URL with the same content
    /// is skipped, with new content the new version replaces the old. Durable and visible to
    /// readers after [`Writer::commit`].
    pub fn add(&mut self, page: &PageInput) -> Result<Answer> {
        let analyzed = page.analyze(self.index.params());
        one(&mut self.index, self.limits, analyzed, &mut self.scratch)
    }

    /// [`Writer::add`] for many pages, in order, with the answers the same as adding them one by
    /// one: pages are analyzed and answered against the index as it stood before the batch on
    /// all cores, and only pages whose answer a page before them in the batch could change are
    /// asked again in order (see the `dedupdb ingest` batching).
    pub fn add_batch(&mut self, pages: &[PageInput]) -> Result<Vec<Answer>> {
        use rayon::prelude::*;
        let params = self.index.params().clone();
        let analyzed: Vec<Analyzed> = pages.par_iter().map(|p| p.analyze(&params)).collect();
        self.add_analyzed(analyzed)
    }

    /// [`Writer::add_batch`] for pages analyzed beforehand ([`PageInput::analyzed`], with this
    /// index's parameters), on other threads while the writer was busy: a service analyzes each
    /// request's pages as it arrives, and the writer's turn is only the answers and the inserts.
    pub fn add_analyzed_batch(&mut self, pages: Vec<AnalyzedPage>) -> Result<Vec<Answer>> {
        self.add_analyzed(pages.into_iter().map(|p| p.0).collect())
    }

    fn add_analyzed(&mut self, analyzed: Vec<Analyzed>) -> Result<Vec<Answer>> {
        let early = run::early_answers(&self.index, self.limits, &analyzed);
        let mut batch = BatchState::new(&mut self.scratch, self.index.next_doc_id());
        let mut answers = Vec::with_capacity(analyzed.len());
        for (a, e) in analyzed.into_iter().zip(early) {
            answers.push(run::process(&mut self.index, self.limits, a, e, &mut batch).map_err(WriteError::from)?);
        }
        Ok(answers)
    }

    /// Makes every page added so far durable (one fsync of the WAL) and visible to readers;
    /// starts a background flush or merge when the policies call for one.
    pub fn commit(&mut self) -> Result<()> {
        self.index.commit().map_err(WriteError::from)?;
        self.index.maybe_flush().map_err(WriteError::from)?;
        self.publish();
        Ok(())
    }

    /// Commits, then writes every page held in memory out as a segment and waits for it.
    pub fn flush(&mut self) -> Result<()> {
        self.index.flush().map_err(WriteError::from)?;
        self.publish();
        Ok(())
    }

    /// Merges every segment into one, dropping replaced pages and pruning template and spam keys
    /// (see [`PrunePolicy`]); with `regroup`, stores every text anew in cluster order.
    pub fn compact(&mut self, regroup: bool) -> Result<CompactStats> {
        let policy = self.index.prune_policy;
        let stats = self.index.compact(policy, regroup).map_err(MaintenanceError::from)?;
        self.publish();
        Ok(stats)
    }

    /// Runs the merges the merge policy picks until it picks none; returns how many ran.
    pub fn merge(&mut self) -> Result<usize> {
        let n = self.index.merge_tiers().map_err(MaintenanceError::from)?;
        self.publish();
        Ok(n)
    }

    /// Ingests `inputs` (JSONL, WARC, directories, as [`crate::input::open`] reads them) in
    /// order, calling `emit` with each page's answer once it is durable: this is `dedupdb
    /// ingest`. Each batch is committed before its answers are handed out.
    pub fn ingest(
        &mut self,
        inputs: &[String],
        opts: &RunOptions,
        emit: impl FnMut(&Answer) -> std::io::Result<()>,
    ) -> Result<Summary> {
        let limits = self.limits;
        run::run(&mut Publishing { writer: self }, limits, inputs, opts, emit)
    }

    /// [`Writer::ingest`] over pages a program hands over instead of input files: the same run
    /// (read ahead on a thread of its own, analyzed in batches on every core beside the
    /// in-order pass, each batch committed before its answers reach `emit`), so the answers are
    /// those of `dedupdb ingest` on the same pages in the same order. `pages` may block (a
    /// channel fed by another thread); the run ends when it ends. An answer's `location` is the
    /// page's URL.
    pub fn ingest_pages(
        &mut self,
        pages: impl Iterator<Item = PageInput> + Send + 'static,
        opts: &RunOptions,
        emit: impl FnMut(&Answer) -> std::io::Result<()>,
    ) -> Result<Summary> {
        let limits = self.limits;
        let items: run::Source = Box::new(pages.map(|p| Item::Page(p.into_raw())));
        run::run_sources(&mut Publishing { writer: self }, limits, [Ok(items)], opts, emit)
    }

    /// The parameters the index was built with.
    pub fn params(&self) -> &Params {
        self.index.params()
    }

    /// Pages stored and not replaced, the uncommitted ones included.
    pub fn live_docs(&self) -> Result<u64> {
        Ok(self.index.live_docs().map_err(QueryError::from)?)
    }

    /// Finishes a run of adds and releases the lock, as `dedupdb ingest` ends: commits, writes
    /// the pages held in memory out as a segment when there are enough for one (a tenth of the
    /// flush size; fewer stay in the WAL, durable, for the next run to add to), runs the merges
    /// the merge policy picks, and waits for background work.
    pub fn close(mut self) -> Result<()> {
        self.index.poll_flush(true).map_err(WriteError::from)?;
        self.index.flush_if_enough().map_err(WriteError::from)?;
        self.index.merge_tiers().map_err(MaintenanceError::from)?;
        self.index.poll_merge(true).map_err(WriteError::from)?;
        self.index.commit().map_err(WriteError::from)?;
        self.publish();
        let Writer { index, .. } = self;
        index.close().map_err(WriteError::from)?;
        Ok(())
    }

    /// Hands readers what is committed now. While a [`Db`] or a [`Reader`] could read, the writer
    /// seals its memtable for snapshots to share; once both are gone (a command-line ingest
    /// drops its `Db` after taking the writer), it keeps one live memtable.
    fn publish(&mut self) {
        // The count is the handles' clones and the shared state's own.
        if Arc::strong_count(&self.shared.handles) > 1 {
            self.index.seal();
        }
        self.shared.publish(self.index.snapshot());
    }
}

/// Marks this process's writer closed when the [`Writer`] goes.
struct WriterGuard(Arc<Shared>);

impl Drop for WriterGuard {
    fn drop(&mut self) {
        let mut open = self.0.writer.lock().unwrap_or_else(|p| p.into_inner());
        *open = false;
    }
}

/// A reader's snapshot as a run's target: it inserts nothing.
struct Reading<'s>(&'s Snapshot);

impl Target for Reading<'_> {
    fn view(&self) -> crate::store::View<'_> {
        self.0.view()
    }
    /// Nothing is inserted: no document is ever newer than a batch's start.
    fn next_doc_id(&self) -> u32 {
        u32::MAX
    }
    fn insert(&mut self, _: crate::store::NewDoc<'_>) -> std::result::Result<Option<u32>, StoreError> {
        Ok(None)
    }
    fn commit(&mut self) -> std::result::Result<(), StoreError> {
        Ok(())
    }
    fn maybe_flush(&mut self) -> std::result::Result<(), StoreError> {
        Ok(())
    }
    fn failed(e: StoreError) -> crate::Error {
        QueryError::from(e).into()
    }
}

/// A writer's index that publishes a snapshot at every commit of a run.
struct Publishing<'w> {
    writer: &'w mut Writer,
}

impl Target for Publishing<'_> {
    fn view(&self) -> crate::store::View<'_> {
        self.writer.index.view()
    }
    fn next_doc_id(&self) -> u32 {
        self.writer.index.next_doc_id()
    }
    fn insert(&mut self, doc: crate::store::NewDoc<'_>) -> std::result::Result<Option<u32>, StoreError> {
        self.writer.index.insert(doc).map(Some)
    }
    fn commit(&mut self) -> std::result::Result<(), StoreError> {
        self.writer.index.commit()?;
        self.writer.publish();
        Ok(())
    }
    fn maybe_flush(&mut self) -> std::result::Result<(), StoreError> {
        self.writer.index.maybe_flush()?;
        self.writer.publish();
        Ok(())
    }
}
