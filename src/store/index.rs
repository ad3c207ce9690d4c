//! The index: segments + memtables + WAL + catalog, one writer's handle on them.
//!
//! **Writers and readers.** One writer at a time holds `LOCK` (an OS file lock) and the catalog.
//! Readers take no lock and never open the catalog: they read the manifest, map the segments and
//! read the live WALs up to their last complete record. In one process, readers share the
//! writer's state through a [`Snapshot`]: the segments and the memtables sealed at a commit.
//!
//! **Flushes** run in the background: the full memtable is frozen (still read) and written
//! as a segment on its own thread while inserts go on into a new memtable and WAL generation.
//!
//! What a page's lookups mean (candidates, boilerplate, relations) is the dedup layer's
//! ([`crate::dedup`]); the index reads through a [`View`].

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::background::{Background, FlushInputs, PendingFlush, PendingMerge};
use super::catalog::Catalog;
use super::doc::DocRecord;
use super::error::{Result, StoreError};
use super::format::{KeyKind, SectionKind, DOC_FLAG_FALLBACK, DOC_FLAG_LISTING};
use super::manifest::{Manifest, SegmentRef, MANIFEST_FILE};
use super::memtable::Memtable;
use super::pruned::{pruned_file_name, PrunePolicy, PrunedSet};
use super::segment::{list_segment_files, merge_segments, segment_file_name, MergeMode, Merged, Segment};
use super::tiering::{MergePolicy, SegmentSize};
use super::view::{DocRef, View};
use super::wal::{read_wal_chain, wal_file_name, wal_gen_of, Wal};
use crate::features::Features;
use crate::params::Params;

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
    /// The page's script ([`crate::lang`]), recorded with its language in the doc's flags.
    pub script: crate::lang::Script,
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

/// An open index.
pub struct Index {
    dir: PathBuf,
    manifest: Manifest,
    segments: Vec<Arc<Segment>>,
    mem: Memtable,
    /// The previous memtable while a background flush writes it (doc ids below the sealed ones').
    frozen: Option<Arc<Memtable>>,
    /// Memtables sealed at commits for readers to share (see [`Index::seal`]), oldest first,
    /// below `mem`'s doc ids.
    sealed: Vec<Arc<Memtable>>,
    /// Shared with running flushes and merges, which need it as it was when they started.
    pruned: Arc<PrunedSet>,
    writer: Option<Writer>,
    pending: Option<PendingMerge>,
    flushing: Option<PendingFlush>,
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
    // A lock let go a moment ago may still be held for a moment by a child process this one
    // forked meanwhile, until the child's exec closes its copy of the descriptor: a writer
    // reopened right after another closed would fail now and then. A held lock is asked again
    // for a tenth of a second before it counts as another writer's.
    for attempt in 0..LOCK_ATTEMPTS {
        match lock.try_lock() {
            Ok(()) => return Ok(lock),
            Err(std::fs::TryLockError::WouldBlock) if attempt + 1 < LOCK_ATTEMPTS => {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            Err(std::fs::TryLockError::WouldBlock) => break,
            Err(std::fs::TryLockError::Error(e)) => return Err(StoreError::io(&lock_path, e)),
        }
    }
    Err(StoreError::Locked { path: lock_path })
}

/// `n + 1`, or [`StoreError::Exhausted`] for a counter at its end (only a damaged file puts one
/// there).
fn bump(n: u64, dir: &Path, what: &'static str) -> Result<u64> {
    n.checked_add(1).ok_or_else(|| StoreError::Exhausted { path: dir.to_path_buf(), what })
}

/// Tries of a held writer lock, 5 ms apart (see [`lock_writer`]).
const LOCK_ATTEMPTS: u32 = 20;

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
        let refuse = |problem: String| StoreError::BadParams { path: dir.to_path_buf(), problem };
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
                    return Err(StoreError::ManifestMissing { path: dir.to_path_buf(), segment: seg.clone() });
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
                // The index directory's own name, durable before the manifest makes it an index.
                super::fsutil::sync_parent(dir)?;
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
                    last_err = Some(StoreError::KeptChanging { path: dir.to_path_buf() });
                }
                Err(StoreError::Io { cause: source, path }) if source.kind() == std::io::ErrorKind::NotFound => {
                    if Manifest::load(dir)?.generation == gen {
                        return Err(StoreError::Io { cause: source, path });
                    }
                    last_err = Some(StoreError::Io { cause: source, path });
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
            sealed: Vec::new(),
            pruned: Arc::new(pruned),
            writer: None,
            pending: None,
            flushing: None,
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
        self.view().memtables().map(Memtable::len).sum()
    }

    /// Documents and text bytes not yet frozen for a flush: the sealed memtables and the live one.
    fn unflushed(&self) -> (usize, usize) {
        let mems = self.sealed.iter().map(|m| &**m).chain([&self.mem]);
        mems.fold((0, 0), |(n, b), m| (n + m.len(), b + m.text_bytes()))
    }

    /// The memtables, oldest first.
    fn memtables(&self) -> impl DoubleEndedIterator<Item = &Memtable> {
        self.frozen.as_deref().into_iter().chain(self.sealed.iter().map(|m| &**m)).chain([&self.mem])
    }

    /// What a query of the index reads now: its segments and every memtable, the live one's
    /// inserts not yet committed included.
    pub fn view(&self) -> View<'_> {
        View {
            segments: &self.segments,
            frozen: self.frozen.as_deref(),
            sealed: &self.sealed,
            mem: Some(&self.mem),
            pruned: &self.pruned,
            params: &self.manifest.params,
        }
    }

    /// Seals the live memtable (every insert so far) into a shared one that a [`Snapshot`] can
    /// hold, and merges sealed memtables as a binary counter does (the newest while it is at
    /// least half the size of the one before), so that their number stays logarithmic in their
    /// documents and each document is copied a logarithmic number of times. Only a writer with
    /// readers beside it in the process seals: the rest keep one live memtable.
    pub fn seal(&mut self) {
        if self.mem.is_empty() {
            return;
        }
        let live = std::mem::take(&mut self.mem);
        self.mem.reserve_like(&live);
        self.sealed.push(Arc::new(live));
        while let [.., older, newer] = &self.sealed[..] {
            if newer.len() * 2 < older.len() {
                break;
            }
            let (Some(newer), Some(older)) = (self.sealed.pop(), self.sealed.pop()) else { break };
            self.sealed.push(Arc::new(Memtable::merged(vec![older, newer])));
        }
    }

    /// What readers may see now: the segments and the frozen and sealed memtables, without the
    /// live memtable's inserts (call [`Index::seal`] after a commit to include them).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            segments: self.segments.clone(),
            frozen: self.frozen.clone(),
            sealed: self.sealed.clone(),
            mem: None,
            pruned: Arc::clone(&self.pruned),
            params: self.manifest.params.clone(),
        }
    }

    /// The whole index as it is now, for a reader that has no writer beside it: the memtable
    /// replayed from the WAL is taken along.
    pub fn into_snapshot(mut self) -> Snapshot {
        let mut snapshot = self.snapshot();
        if !self.mem.is_empty() {
            snapshot.mem = Some(Arc::new(std::mem::take(&mut self.mem)));
        }
        snapshot
    }

    /// The pruned keys.
    pub fn pruned(&self) -> &PrunedSet {
        &self.pruned
    }

    /// True when a newer insert replaced `doc_id`.
    pub fn is_deleted(&self, doc_id: u32) -> Result<bool> {
        self.view().is_deleted(doc_id)
    }

    fn find(&self, doc_id: u32) -> Result<Option<DocRef<'_>>> {
        self.view().find(doc_id)
    }

    /// The live document stored under `url`, if any.
    pub fn lookup_url(&self, url: &str) -> Result<Option<UrlEntryInfo>> {
        self.view().lookup_url(url)
    }

    /// True when a document inserted at or after `first_doc` (and not yet flushed) holds one of
    /// the page's unpruned keys: its answer from before those inserts may no longer hold.
    pub fn shares_keys_since(&self, features: &Features, first_doc: u32) -> bool {
        self.view().shares_keys_since(features, first_doc)
    }

    /// True when a document inserted at or after `first_doc` (and not yet flushed) holds one of
    /// these unpruned period features (a query's candidate keys).
    pub fn holds_period_keys_since(&self, keys: &[u64], first_doc: u32) -> bool {
        self.view().holds_period_keys_since(keys, first_doc)
    }

    fn writer(&mut self) -> Result<&mut Writer> {
        let dir = &self.dir;
        self.writer.as_mut().ok_or_else(|| StoreError::ReadOnly { path: dir.clone() })
    }

    /// URL of a document.
    pub fn doc_url(&self, doc_id: u32) -> Result<Option<String>> {
        self.find(doc_id)?.map(|d| d.url()).transpose()
    }

    /// The normalized text of a document.
    pub fn doc_text(&self, doc_id: u32) -> Result<Option<Vec<char>>> {
        let mut cache = super::view::TextCache::default();
        self.find(doc_id).and_then(|d| d.map(|d| d.text(&mut cache)).transpose())
    }

    /// The doc id the next insert gets.
    pub fn next_doc_id(&self) -> u32 {
        self.manifest.next_doc_id
    }

    /// Inserts a page (durable after [`Index::commit`]); returns its doc id.
    pub fn insert(&mut self, doc: NewDoc<'_>) -> Result<u32> {
        let doc_id = self.manifest.next_doc_id;
        if doc_id == u32::MAX {
            return Err(StoreError::Exhausted { path: self.dir.clone(), what: "doc ids" });
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
                | if doc.listing { DOC_FLAG_LISTING } else { 0 }
                | super::format::script_flags(doc.script),
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
        let (docs, text_bytes) = self.unflushed();
        let full = docs >= self.flush_policy.max_docs || text_bytes >= self.flush_policy.max_text_bytes;
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
        self.manifest.next_segment_id = bump(self.manifest.next_segment_id, &self.dir, "segment ids")?;
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
                return Err(StoreError::Internal {
                    path: self.dir.clone(),
                    what: "the merged segments are no longer adjacent in the index".into(),
                })
            }
        };
        self.install_merge(run, p.seg_id, merged).map(Some)
    }

    /// Merges the adjacent segments `run` into one on this thread (see
    /// [`super::segment::merge_segments`]), dropping deleted documents and, as `mode` says,
    /// pruning keys and regrouping texts.
    pub fn merge_run(&mut self, run: std::ops::Range<usize>, mode: MergeMode<'_>) -> Result<CompactStats> {
        if run.is_empty() || run.end > self.segments.len() {
            return Err(StoreError::NoSuchSegments { path: self.dir.clone(), run, segments: self.segments.len() });
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
        m.generation = bump(m.generation, &self.dir, "manifest generations")?;
        let mut new_pruned = None;
        if !merged.newly_pruned.is_empty() {
            let mut all: Vec<(KeyKind, u64)> = self.pruned.iter().collect();
            all.extend(merged.newly_pruned.iter().map(|(k, v, _)| (*k, *v)));
            let set = PrunedSet::new(all);
            m.pruned_gen = bump(m.pruned_gen, &self.dir, "pruned-keys generations")?;
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

    /// At the end of a run: writes the memtable out as a segment only when it holds enough for
    /// one, a tenth of what [`FlushPolicy`] flushes at; less stays in the WAL (durable already)
    /// for the next run to add to, so that a crawler ingesting a few pages a minute does not
    /// leave a segment per run, each merged again and again. Returns whether it flushed.
    pub fn flush_if_enough(&mut self) -> Result<bool> {
        let (docs, text_bytes) = self.unflushed();
        let enough = docs >= (self.flush_policy.max_docs / 10).max(1)
            || text_bytes >= (self.flush_policy.max_text_bytes / 10).max(1);
        if enough {
            self.flush()?;
        } else {
            self.commit()?;
        }
        Ok(enough)
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
        if self.unflushed().0 == 0 {
            return Ok(());
        }
        self.poll_flush(true)?;
        if self.frozen.is_some() {
            return Err(StoreError::FlushFailed { path: self.dir.clone() });
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
        let next_wal_gen = bump(writer.wal.gen(), &wal_dir, "WAL generations")?;
        writer.wal = Wal::create(&wal_dir, next_wal_gen)?;
        let seg_id = self.manifest.next_segment_id;
        self.manifest.next_segment_id = bump(self.manifest.next_segment_id, &self.dir, "segment ids")?;
        let live = std::mem::take(&mut self.mem);
        let frozen = match self.sealed.is_empty() {
            true => Arc::new(live),
            false => {
                let mut all = std::mem::take(&mut self.sealed);
                all.push(Arc::new(live));
                Arc::new(Memtable::merged(all))
            }
        };
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
        m.generation = bump(m.generation, &self.dir, "manifest generations")?;
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
    pub fn for_each_doc(&self, f: impl FnMut(u32, &str, u32) -> std::io::Result<()>) -> Result<()> {
        self.view().for_each_doc(f)
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

/// The segments and committed memtables of an index at one moment, shared by readers: it stays
/// valid (its segments mapped, its memtables held) however the writer goes on, flushes and
/// merges, and costs a few reference counts to take.
#[derive(Clone)]
pub struct Snapshot {
    segments: Vec<Arc<Segment>>,
    frozen: Option<Arc<Memtable>>,
    sealed: Vec<Arc<Memtable>>,
    /// A reader's memtable replayed from the WAL (no writer in the process).
    mem: Option<Arc<Memtable>>,
    pruned: Arc<PrunedSet>,
    params: Params,
}

impl Snapshot {
    /// A snapshot of an index with nothing in it.
    pub fn empty(params: Params) -> Snapshot {
        Snapshot {
            segments: Vec::new(),
            frozen: None,
            sealed: Vec::new(),
            mem: None,
            pruned: Arc::new(PrunedSet::default()),
            params,
        }
    }

    /// What a query of the snapshot reads.
    pub fn view(&self) -> View<'_> {
        View {
            segments: &self.segments,
            frozen: self.frozen.as_deref(),
            sealed: &self.sealed,
            mem: self.mem.as_deref(),
            pruned: &self.pruned,
            params: &self.params,
        }
    }

    /// The parameters the index was built with.
    pub fn params(&self) -> &Params {
        &self.params
    }
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshot").field("segments", &self.segments.len()).field("sealed", &self.sealed.len()).finish()
    }
}
