//! Judging a whole crawl at once on a batch engine (Apache Spark, through the Python package),
//! with the answers `dedupdb ingest` gives page after page, and bulk-loading the result into an
//! index that `ingest` then continues.
//!
//! The engine moves bytes between stages; every function here takes and returns them, so that
//! each stage runs in any executor:
//!
//! ```text
//! analyze        a crawl file's bytes -> one Analyzed per record (a page record, or its answer)
//!   (engine)     per URL: unchanged versions skipped, changed ones replace; doc and site ids
//! assign         a page record gets its ids
//! holder         a page -> its keys and what a key's list says of it
//!   (engine)     group by key
//! key_rows       a key's holders -> one row per holder: the earlier ones, as its query saw them
//!   (engine)     group rows by page, with its record
//! rank           a page and its rows -> candidates to verify, and the texts needed
//!                (first, for a page that may hold its site's furniture: the holders' records
//!                whose texts tell, brought and ranked again)
//!   (engine)     bring each page its candidates' records
//! judge          a page and its candidates -> its report line, and the page it joins
//!   (engine)     clusters by pointer jumping over the joins
//! write_segment  a doc-id range of records -> a segment file;  finish -> the index
//! ```
//!
//! The rules that read more of the index than a key's holders differ; `docs/scale-out.md`
//! lists them and what they change.

mod local;
pub mod record;

use std::path::Path;

use crate::db::{Answer, Matched, Verdict};
use crate::dedup::batch::{self as stages, Holder, KeyRow, Ranked};
use crate::dedup::QueryLimits;
use crate::input::{InputError, Limits};
use crate::params::Params;
use crate::store::format::KeyKind;
use crate::store::manifest::SegmentRef;
use crate::store::pruned::PrunedSet;
use crate::store::{PrunePolicy, StoreError};
use crate::verify::Verifier;

pub use local::{run_local, SEGMENT_DOCS};
pub use record::{Analysis, PageRecord};

/// What a batch stage cannot do.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// Bytes handed to a stage are not what it takes (another stage's output, or damaged).
    #[error("{0}")]
    Bytes(String),
    /// A parameter override is wrong.
    #[error("{0}")]
    Params(String),
    /// An input that cannot be read at all (its format unknown).
    #[error(transparent)]
    Input(#[from] InputError),
    /// Writing the bulk-loaded index failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A key as the stages pass it: (kind, key).
pub type Key = (u8, u64);

/// Key rows by the doc id of the page that reads them.
pub type Rows = Vec<(u32, Vec<u8>)>;

/// One input record, analyzed.
#[derive(Debug, Clone)]
pub struct Analyzed {
    /// Its place in the crawl: the file's index in the high 32 bits, the record's in the low.
    pub order: u64,
    /// The page's URL, when the record has one.
    pub url: Option<String>,
    /// Where the record is in its input.
    pub location: String,
    /// The page's site.
    pub site: String,
    /// The exact hash of its text.
    pub exact: u64,
    /// The encoded [`PageRecord`] of a page to judge; `None` when [`Analyzed::answer`] is final.
    pub record: Option<Vec<u8>>,
    /// The record's report line, when analysis already decides it (an error, a record that is
    /// not a page, a page without main text).
    pub answer: Option<String>,
}

/// The stages' settings: the index's parameters, the query's bounds and the prune caps, as
/// `dedupdb ingest` uses them by default.
#[derive(Debug, Clone)]
pub struct Batch {
    /// Feature and verification parameters.
    pub params: Params,
    /// Query bounds.
    pub limits: QueryLimits,
    /// Key pruning.
    pub prune: PrunePolicy,
    /// Input reading limits.
    pub input: Limits,
}

fn bad(e: String) -> BatchError {
    BatchError::Bytes(e)
}

fn to_json(a: &Answer) -> String {
    serde_json::to_string(a).unwrap_or_default()
}

impl Batch {
    /// The default settings with `NAME=VALUE` parameter overrides, as `--param` takes them.
    pub fn new(overrides: &[String]) -> Result<Batch, BatchError> {
        let params = Params::with_overrides(overrides).map_err(BatchError::Params)?;
        params.check().map_err(BatchError::Params)?;
        Ok(Batch { params, limits: QueryLimits::default(), prune: PrunePolicy::default(), input: Limits::default() })
    }

    /// The caps a key's rows are pruned by while pages are judged: the global cap only. Ingest
    /// prunes when segments merge, each merge over the keys of its inputs, so a key over the
    /// site cap is still read, as a site's template, long after it passed the cap; the global
    /// cap is what keeps a key row's cost bounded (`docs/scale-out.md`).
    pub fn judging_prune(&self) -> PrunePolicy {
        PrunePolicy { site_cap: usize::MAX, ..self.prune }
    }

    /// Reads and analyzes one crawl file given whole (`name` tells its format and names its
    /// records' locations); `file` is its place among the crawl's files.
    pub fn analyze(&self, name: &str, bytes: Vec<u8>, file: u32) -> Result<Vec<Analyzed>, BatchError> {
        let items = crate::input::read_bytes(name, bytes, None, self.input)?;
        Ok(items
            .enumerate()
            .map(|(i, item)| {
                let order = (u64::from(file) << 32) | (i as u64 & 0xffff_ffff);
                match record::analyze_item(item, order, &self.params) {
                    Analysis::Page(p) => Analyzed {
                        order,
                        url: Some(p.doc.url.clone()),
                        location: p.location.clone(),
                        site: p.doc.site.clone(),
                        exact: p.doc.exact,
                        record: Some(p.to_bytes()),
                        answer: None,
                    },
                    Analysis::Answered(a) => Analyzed {
                        order,
                        url: a.url.clone(),
                        location: a.location.clone(),
                        site: String::new(),
                        exact: 0,
                        record: None,
                        answer: Some(to_json(&a)),
                    },
                }
            })
            .collect())
    }

    /// Of a key's holders (encoded [`Holder`]s, any order), each one's row (see
    /// [`stages::key_rows`]) by its doc id, whether the key ends pruned, and whether its rows
    /// depend on the holders' clusters (read it again once they are known).
    pub fn key_rows(&self, kind: u8, key: u64, holders: &[&[u8]]) -> Result<(Rows, bool, bool), BatchError> {
        let kind =
            KeyKind::ALL.into_iter().find(|&k| k as u8 == kind).ok_or_else(|| bad(format!("no key kind {kind}")))?;
        let holders = holders
            .iter()
            .map(|b| Holder::from_bytes(b).ok_or_else(|| bad("not a dedupdb key holder".into())))
            .collect::<Result<Vec<_>, _>>()?;
        // Pruned for the index as a compaction prunes it, on all its holders; judged as ingest
        // reads it before its merges prune it (see `judging_prune`).
        let mut per_site: rustc_hash::FxHashMap<u32, usize> = rustc_hash::FxHashMap::default();
        for h in &holders {
            *per_site.entry(h.site_id).or_default() += 1;
        }
        let top_site = per_site.values().copied().max().unwrap_or(0);
        let pruned = kind != KeyKind::Exact && self.prune.judge(holders.len(), top_site).is_some();
        let (rows, dependent) = stages::key_rows(kind, key, holders, &self.limits, &self.judging_prune());
        let rows = rows.into_iter().filter(|(_, r)| r.pruned || !r.earlier.is_empty());
        Ok((rows.map(|(d, r)| (d, r.to_bytes())).collect(), pruned, dependent))
    }

    /// Ranks a page (an assigned record) from its key rows: the ranking to pass to
    /// [`Batch::judge`] and the doc ids whose records it needs. A page that may hold its site's
    /// furniture on its first pages needs some holders' texts first: then the ranking is `None`
    /// and the doc ids are theirs; rank again with their records as `siblings`.
    pub fn rank(
        &self,
        record: &[u8],
        rows: &[&[u8]],
        siblings: &[&[u8]],
    ) -> Result<(Option<Vec<u8>>, Vec<u32>), BatchError> {
        let page = PageRecord::from_bytes(record).map_err(bad)?;
        let rows = rows.iter().map(|b| KeyRow::from_bytes(b)).collect::<Result<Vec<_>, _>>().map_err(bad)?;
        let siblings =
            siblings.iter().map(|b| PageRecord::from_bytes(b)).collect::<Result<Vec<_>, _>>().map_err(bad)?;
        let order_of = |d: u32| {
            let s = siblings.iter().find(|s| s.doc.doc_id == d)?;
            let mut order = Vec::new();
            crate::features::each_period_feature(&s.chars(), &self.params, |key, _| order.push(key));
            Some(order)
        };
        match stages::rank(&page.doc, &page.sentence_keys, &rows, &self.params, &self.limits, &order_of) {
            Ok(ranked) => {
                let needed = ranked.needed();
                Ok((Some(ranked.to_bytes()), needed))
            }
            Err(missing) => Ok((None, missing)),
        }
    }

    /// Judges a page from its ranking and its candidates' records: its report line (its cluster
    /// still unknown: the engine sets it once every page is judged) and the doc id of the page whose cluster it joins
    /// (its best claim, else the previous version of its URL).
    pub fn judge(
        &self,
        verifier: &mut Verifier,
        record: &[u8],
        ranked: &[u8],
        candidates: &[&[u8]],
    ) -> Result<(String, Option<u32>), BatchError> {
        let (answer, joined) = self.judge_answer(verifier, record, ranked, candidates)?;
        Ok((to_json(&answer), joined))
    }

    /// [`Batch::judge`], the answer not yet encoded.
    pub(crate) fn judge_answer(
        &self,
        verifier: &mut Verifier,
        record: &[u8],
        ranked: &[u8],
        candidates: &[&[u8]],
    ) -> Result<(Answer, Option<u32>), BatchError> {
        let page = PageRecord::from_bytes(record).map_err(bad)?;
        let ranked = Ranked::from_bytes(ranked).map_err(bad)?;
        let cands = candidates.iter().map(|b| PageRecord::from_bytes(b)).collect::<Result<Vec<_>, _>>().map_err(bad)?;
        let docs = cands.iter().map(|c| (c.doc.doc_id, &c.doc)).collect();
        let judged = stages::judge(verifier, &page.doc, &ranked, &docs, self.limits.max_matches, &self.params);
        let verdict = match (&judged.exact, judged.matches.first()) {
            (Some(_), _) => Verdict::Exact,
            (None, Some(m)) => Verdict::of(m.cmp.relation),
            (None, None) => Verdict::New,
        };
        let joined = judged.best().filter(|m| m.cmp.relation.is_claim()).map(|m| m.doc_id).or(page.doc.replaces);
        let matches = judged
            .exact
            .iter()
            .chain(judged.matches.iter())
            .map(|m| Matched {
                url: m.url.clone(),
                doc_id: m.doc_id,
                relation: m.cmp.relation,
                resemble: m.cmp.resemble,
                contain: m.cmp.contain,
                ccs: m.cmp.ccs,
            })
            .collect();
        let answer = Answer {
            url: Some(page.doc.url),
            doc_id: Some(page.doc.doc_id),
            verdict,
            cluster: None,
            matches,
            error: None,
            reason: None,
            location: page.location,
        };
        Ok((answer, joined))
    }
}

/// A page record with its doc id, its site's id and the doc id of the earlier version of its
/// URL it replaces.
pub fn assign(record: &[u8], doc_id: u32, site_id: u32, replaces: Option<u32>) -> Result<Vec<u8>, BatchError> {
    let mut p = PageRecord::from_bytes(record).map_err(bad)?;
    (p.doc.doc_id, p.doc.site_id, p.doc.replaces) = (doc_id, site_id, replaces);
    Ok(p.to_bytes())
}

/// An assigned page's keys, as (kind, key), and what each key's list holds of it (an encoded
/// [`Holder`]); `replaced_by` is the doc id of the later version of its URL, if any, and
/// `cluster` the page's cluster once known.
pub fn holder(
    record: &[u8],
    replaced_by: Option<u32>,
    cluster: Option<u32>,
) -> Result<(Vec<Key>, Vec<u8>), BatchError> {
    let p = PageRecord::from_bytes(record).map_err(bad)?;
    let d = &p.doc;
    let h = Holder {
        doc_id: d.doc_id,
        site_id: d.site_id,
        period: d.period.len() as u32,
        replaced_by: replaced_by.unwrap_or(u32::MAX),
        cluster: cluster.unwrap_or(u32::MAX),
        title: d.title,
    };
    let keys = std::iter::once((KeyKind::Exact as u8, d.exact))
        .chain(d.fingerprints.iter().map(|&k| (KeyKind::Fingerprint as u8, k)))
        .chain(d.period.iter().map(|&k| (KeyKind::Period as u8, k)))
        .collect();
    Ok((keys, h.to_bytes().to_vec()))
}

/// The report line of a page whose URL is already stored with the same text (`doc_id`, in
/// `cluster`), as `ingest` writes it.
pub fn unchanged_answer(url: &str, location: &str, doc_id: u32, cluster: u32) -> String {
    to_json(&Answer {
        url: Some(url.into()),
        doc_id: Some(doc_id),
        verdict: Verdict::Skipped,
        cluster: Some(cluster),
        matches: Vec::new(),
        error: None,
        reason: Some(crate::db::run::UNCHANGED.into()),
        location: location.into(),
    })
}

/// Makes `dir` ready for a bulk load (see [`crate::store::bulk::prepare`]).
pub fn prepare_index(dir: &Path) -> Result<(), BatchError> {
    Ok(crate::store::bulk::prepare(dir)?)
}

/// Writes segment `id` of a bulk load at `dir` from `records` (assigned, in increasing doc-id
/// order, with their clusters), leaving out postings of the `pruned` keys. Returns (id,
/// documents, file length) for [`finish_index`].
pub fn write_segment(
    dir: &Path,
    id: u64,
    records: &[(&[u8], u32)],
    pruned: &[(u8, u64)],
) -> Result<(u64, u32, u64), BatchError> {
    let mut docs = Vec::with_capacity(records.len());
    for &(b, cluster) in records {
        let mut p = PageRecord::from_bytes(b).map_err(bad)?;
        p.doc.cluster = cluster;
        docs.push(p.doc);
    }
    let mut deletes: Vec<u32> = docs.iter().filter_map(|d| d.replaces).collect();
    deletes.sort_unstable();
    let s = crate::store::bulk::write_segment(dir, id, &docs, &deletes, &pruned_set(pruned)?)?;
    Ok((s.id, s.doc_count, s.file_len))
}

/// Makes the bulk load at `dir` an index of `segments` (as [`write_segment`] returned them),
/// with the keys the batch pruned.
pub fn finish_index(
    dir: &Path,
    params: &Params,
    segments: &[(u64, u32, u64)],
    pruned: &[(u8, u64)],
) -> Result<(), BatchError> {
    let segs = segments.iter().map(|&(id, doc_count, file_len)| SegmentRef { id, doc_count, file_len }).collect();
    crate::store::bulk::finish(dir, params, segs, &pruned_set(pruned)?)?;
    Ok(())
}

fn pruned_set(keys: &[(u8, u64)]) -> Result<PrunedSet, BatchError> {
    let keys = keys
        .iter()
        .map(|&(k, key)| {
            KeyKind::ALL
                .into_iter()
                .find(|&x| x as u8 == k)
                .map(|kind| (kind, key))
                .ok_or_else(|| bad(format!("no key kind {k}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(PrunedSet::new(keys))
}
