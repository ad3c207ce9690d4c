//! Ingest and query runs: inputs in, one answer per page out.
//!
//! Pages are read in batches. Each batch is analyzed in parallel (decode, extract, normalize,
//! features), and each page is queried, in the same parallel task, against the index as it stood
//! before the batch. Then, one page at a time in input order, each page is inserted, so every
//! page sees the pages before it, including earlier pages of the same batch: a page's early
//! answer is kept only when nothing inserted since could change it (no newer page shares one of
//! its keys or its URL, and none replaced a page the answer looked at); otherwise it is queried
//! again, taking the early answer's comparisons for the texts it already aligned (see
//! [`crate::store::Alignments`]), so that only the batch's new candidates are aligned in order.
//! The answers are therefore exactly those of querying one page at a time, while the costly part
//! (verifying candidates) runs on every core. The batch's inserts are committed (one
//! WAL fsync) before its outcomes are handed out: an outcome the caller has seen, and written to
//! the report, belongs to a durable insert.

use std::cell::RefCell;
use std::collections::HashSet;

use super::answer::{Answer, Matched, Summary, Verdict};
use crate::dedup::{Origin, QueryAnswer, QueryLimits, QueryScratch, Searcher};
use crate::input::{self, Format, Item, Limits, RawPage};
use crate::store::{Index, NewDoc, Result as StoreResult, View};
use crate::{Body, Page, Params};

/// What a run reads and writes: a writer's index, or a reader's snapshot (which inserts nothing).
pub(crate) trait Target: Send {
    /// What a query reads now.
    fn view(&self) -> View<'_>;
    /// The doc id the next insert gets.
    fn next_doc_id(&self) -> u32;
    /// Inserts a page; `None` when the target only answers.
    fn insert(&mut self, doc: NewDoc<'_>) -> StoreResult<Option<u32>>;
    /// Makes the inserts so far durable (and visible to readers).
    fn commit(&mut self) -> StoreResult<()>;
    /// Flushes and merges as the policies say, between batches.
    fn maybe_flush(&mut self) -> StoreResult<()>;
    /// A storage error of this target's run, as the operation it failed in.
    fn failed(e: crate::store::StoreError) -> crate::Error {
        crate::error::WriteError::from(e).into()
    }
}

impl Target for Index {
    fn view(&self) -> View<'_> {
        Index::view(self)
    }
    fn next_doc_id(&self) -> u32 {
        Index::next_doc_id(self)
    }
    fn insert(&mut self, doc: NewDoc<'_>) -> StoreResult<Option<u32>> {
        Index::insert(self, doc).map(Some)
    }
    fn commit(&mut self) -> StoreResult<()> {
        Index::commit(self)
    }
    fn maybe_flush(&mut self) -> StoreResult<()> {
        Index::maybe_flush(self).map(|_| ())
    }
}

/// Options of a run.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Input format; `None`: from each input's name.
    pub format: Option<Format>,
    /// Reading limits (page size).
    pub limits: Limits,
    /// Records analyzed together (and committed together when ingesting).
    pub batch: usize,
    /// Query pages on the worker threads against the index as it stood before their batch (see
    /// the module docs). Off: every page is queried in order on one thread; the answers are the
    /// same either way.
    pub early_answers: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions { format: None, limits: Limits::default(), batch: 256, early_answers: true }
    }
}

/// Batches the reader thread may have ready before the in-order pass takes them.
const READ_AHEAD: usize = 2;

/// Wall time of the run loop's phases, and what the queries asked again cost.
#[derive(Default)]
struct Phases {
    read: std::time::Duration,
    analyze: std::time::Duration,
    query: std::time::Duration,
    process: std::time::Duration,
    commit: std::time::Duration,
    flush: std::time::Duration,
    /// Comparisons the pages asked again took from their early answers.
    carried: u64,
    /// Texts the pages asked again aligned anew.
    aligned_again: u64,
}

/// A record after the parallel stage.
pub(crate) enum Analyzed {
    Page(RawPage, Box<Page>),
    Skipped { location: String, url: Option<String>, reason: String },
    Error { location: String, url: Option<String>, message: String },
}

/// Analyzes a batch on the worker pool, in input order.
fn analyze_batch(batch: Vec<Item>, params: &Params) -> Vec<Analyzed> {
    use rayon::prelude::*;
    batch.into_par_iter().map(|it| analyze(it, params)).collect()
}

/// Every page's early answer, on the worker pool: `None` where there is none.
fn early_answers_of(searcher: Searcher<'_>, batch: &[Analyzed]) -> Vec<Option<Early>> {
    use rayon::prelude::*;
    batch.par_iter().map(|a| early_answer(searcher, a)).collect()
}

pub(crate) fn analyze(item: Item, params: &Params) -> Analyzed {
    analyze_with(item, |raw| {
        let charset = raw.charset.as_deref();
        Page::analyze(Body::with_kind(&raw.body, Some(raw.kind), charset), params)
    })
}

/// [`analyze`] with the analysis given. A panic in it (a bug, never meant to happen) costs its
/// page, reported as an error, not the run: a day's crawl must not stop on one page. Analysis
/// shares no state, so nothing is left half-done by the unwinding.
pub(crate) fn analyze_with(item: Item, page_of: impl Fn(&RawPage) -> Page) -> Analyzed {
    match item {
        Item::Page(raw) => match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| page_of(&raw))) {
            Ok(page) => Analyzed::Page(raw, Box::new(page)),
            Err(payload) => Analyzed::Error {
                message: internal_error("analyzing", &raw, payload),
                location: raw.location,
                url: Some(raw.url),
            },
        },
        Item::Skipped { location, url, reason } => Analyzed::Skipped { location, url, reason },
        Item::Error { location, url, message } => Analyzed::Error { location, url, message },
    }
}

/// Runs `inputs` through `target` in order, calling `emit` with each answer once it is durable.
/// Per-record problems become `error` answers; only a failing index (I/O, corruption) or an
/// input that cannot be opened stops the run.
pub(crate) fn run<T: Target>(
    target: &mut T,
    limits: QueryLimits,
    inputs: &[String],
    opts: &RunOptions,
    emit: impl FnMut(&Answer) -> std::io::Result<()>,
) -> crate::Result<Summary> {
    let sources = inputs.iter().map(|name| input::open(name, opts.format, opts.limits).map_err(crate::Error::from));
    run_sources(target, limits, sources, opts, emit)
}

/// A source of records for [`run_sources`]: one input's records, read on a thread of their own.
pub(crate) type Source = Box<dyn Iterator<Item = Item> + Send>;

/// [`run`] over sources already opened (or failing to open, which stops the run there): the
/// inputs of a command line, or pages handed over by a program ([`crate::Writer::ingest_pages`]).
pub(crate) fn run_sources<T: Target>(
    target: &mut T,
    limits: QueryLimits,
    sources: impl IntoIterator<Item = crate::Result<Source>>,
    opts: &RunOptions,
    mut emit: impl FnMut(&Answer) -> std::io::Result<()>,
) -> crate::Result<Summary> {
    let start = std::time::Instant::now();
    let params = target.view().params().clone();
    let mut summary = Summary::default();
    let mut out: Vec<Answer> = Vec::with_capacity(opts.batch);
    // Wall time of each phase, logged at debug level: where a run's time goes.
    let mut phases = Phases::default();
    // On one thread an early answer only adds the cost of checking it.
    let early_answers = opts.early_answers && rayon::current_num_threads() > 1;
    let mut in_order_scratch = QueryScratch::default();
    for items in sources {
        let items = items?;
        // Reading and parsing the input is serial: a thread of its own does it a few batches
        // ahead, so that it overlaps the in-order pass instead of adding to it. It is not
        // joined when the run stops on an error (it may be blocked reading a pipe); it ends at
        // its next batch, when it finds the channel closed.
        let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Item>>(READ_AHEAD);
        let batch_len = opts.batch.max(1);
        std::thread::Builder::new().name("dedupdb-read".into()).spawn(move || {
            let mut items = items;
            loop {
                let batch: Vec<Item> = items.by_ref().take(batch_len).collect();
                // A closed channel: the run stopped on an error.
                if batch.is_empty() || tx.send(batch).is_err() {
                    break;
                }
            }
        })?;
        // Batch N's in-order pass runs beside the analysis of batch N+1 (which needs no index)
        // when N+1 is already read; batch N+1's early answers then run in parallel against the
        // index with N inserted. A batch is never held back waiting for the next one: a crawler
        // feeding a pipe gets each batch's answers as soon as it is complete.
        // The loop ends when the channel is closed and empty (the reader is done).
        let mut current: Option<Vec<Analyzed>> = None;
        loop {
            let Some(batch) = current.take() else {
                // Nothing to overlap with: wait for a batch and analyze it alone.
                let t = std::time::Instant::now();
                let Ok(next) = rx.recv() else { break };
                phases.read += t.elapsed();
                let t = std::time::Instant::now();
                current = Some(analyze_batch(next, &params));
                phases.analyze += t.elapsed();
                continue;
            };
            let next = rx.try_recv().ok();
            let first_doc = target.next_doc_id();
            let t = std::time::Instant::now();
            let early =
                if early_answers { early_answers_of(Searcher::new(target.view(), limits), &batch) } else { Vec::new() };
            phases.query += t.elapsed();
            let t = std::time::Instant::now();
            let mut batch_state = BatchState {
                scratch: &mut in_order_scratch,
                first_doc,
                replaced: HashSet::new(),
                requeried: 0,
                carried: 0,
                aligned_again: 0,
            };
            let in_order = |target: &mut _| -> StoreResult<()> {
                out.clear();
                let mut early = early.into_iter();
                for a in batch {
                    let e = early.next().flatten();
                    out.push(process(target, limits, a, e, &mut batch_state)?);
                }
                Ok(())
            };
            let (done, analyzed) = rayon::join(|| in_order(target), || next.map(|b| analyze_batch(b, &params)));
            done.map_err(T::failed)?;
            current = analyzed;
            summary.requeried += batch_state.requeried;
            phases.carried += batch_state.carried;
            phases.aligned_again += batch_state.aligned_again;
            phases.process += t.elapsed();
            let t = std::time::Instant::now();
            target.commit().map_err(T::failed)?;
            for o in &out {
                summary.count(o.verdict);
                emit(o)?;
            }
            phases.commit += t.elapsed();
            let t = std::time::Instant::now();
            target.maybe_flush().map_err(T::failed)?;
            phases.flush += t.elapsed();
        }
    }
    summary.seconds = start.elapsed().as_secs_f64();
    tracing::debug!(
        read = phases.read.as_secs_f64(),
        analysis_alone = phases.analyze.as_secs_f64(),
        early_answers = phases.query.as_secs_f64(),
        in_order_beside_analysis = phases.process.as_secs_f64(),
        commit_and_report = phases.commit.as_secs_f64(),
        flush_wait = phases.flush.as_secs_f64(),
        requeried = summary.requeried,
        requery_comparisons_carried = phases.carried,
        requery_texts_aligned = phases.aligned_again,
        "ingest phases (seconds)"
    );
    Ok(summary)
}

fn matches_out(answer: &QueryAnswer) -> Vec<Matched> {
    answer
        .exact
        .iter()
        .chain(answer.matches.iter())
        .map(|m| Matched {
            url: m.url.clone(),
            doc_id: m.doc_id,
            relation: m.cmp.relation,
            resemble: m.cmp.resemble,
            contain: m.cmp.contain,
            ccs: m.cmp.ccs,
        })
        .collect()
}

/// A page's answer against the index as it stood before its batch.
pub(crate) struct Early {
    /// The live document with the page's URL then.
    existing: Option<u32>,
    answer: QueryAnswer,
}

/// Every page's early answer against `index` as it stands, on the worker pool, when there are
/// workers to share the work (on one thread an early answer only adds the cost of checking it).
pub(crate) fn early_answers(index: &Index, limits: QueryLimits, batch: &[Analyzed]) -> Vec<Option<Early>> {
    if rayon::current_num_threads() > 1 {
        early_answers_of(Searcher::new(index.view(), limits), batch)
    } else {
        batch.iter().map(|_| None).collect()
    }
}

impl<'a> BatchState<'a> {
    /// The state of a batch whose first insert gets `first_doc`.
    pub(crate) fn new(scratch: &'a mut QueryScratch, first_doc: u32) -> BatchState<'a> {
        BatchState { scratch, first_doc, replaced: HashSet::new(), requeried: 0, carried: 0, aligned_again: 0 }
    }
}

/// What the in-order pass of a batch knows of the batch's inserts so far.
pub(crate) struct BatchState<'a> {
    /// The in-order pass's query scratch: it outlives batches so the text-block cache stays warm.
    scratch: &'a mut QueryScratch,
    /// The first doc id the batch inserted.
    first_doc: u32,
    /// Documents the batch's inserts replaced.
    replaced: HashSet<u32>,
    /// Pages whose early answer did not hold and were queried again.
    requeried: u64,
    /// Comparisons those queries took from the early answers.
    carried: u64,
    /// Texts those queries aligned anew.
    aligned_again: u64,
}

thread_local! {
    /// Each worker thread's query scratch: it outlives batches so the text-block cache stays warm.
    static SCRATCH: RefCell<QueryScratch> = RefCell::new(QueryScratch::default());
}

/// The site a page is stored under: its `site` field, or its URL's host.
fn site_of(raw: &RawPage) -> String {
    raw.site.clone().or_else(|| input::host_of(&raw.url)).unwrap_or_default()
}

/// Queries a page against the index before the batch (run on the worker threads). `None` when
/// there is nothing to ask (not a page, no text, or an unchanged page that will be skipped) or
/// the query failed (the in-order pass asks again and reports the error).
fn early_answer(searcher: Searcher<'_>, a: &Analyzed) -> Option<Early> {
    let Analyzed::Page(raw, page) = a else { return None };
    if page.norm.is_empty() {
        return None;
    }
    let existing = searcher.view().lookup_url(&raw.url).ok()?;
    if existing.is_some_and(|e| e.exact == page.features.exact) {
        return None;
    }
    let exclude = existing.map(|e| e.doc_id);
    let site = site_of(raw);
    let origin = Origin { site: &site, title: page.title_sketch, listing: page.extracted.listing };
    SCRATCH.with(|cell| {
        let mut scratch = cell.try_borrow_mut().ok()?;
        // A panic (a bug) is left for the in-order pass to meet again and report; the scratch
        // it may have left half-written is replaced.
        let query = || searcher.query_with(&mut scratch, &page.norm.chars, &page.features, Some(origin), exclude, None);
        let Ok(answer) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(query)) else {
            *scratch = QueryScratch::default();
            return None;
        };
        Some(Early { existing: exclude, answer: answer.ok()? })
    })
}

/// The reason given for a page whose URL is stored with the same text.
pub(crate) const UNCHANGED: &str = "already in the index with the same content";

/// Why a page with no main text is an error.
pub(crate) fn no_text_message(page: &Page) -> &'static str {
    let status = page.extracted.blocks.iter().any(|b| b.dropped == Some(crate::extract::DropReason::Status));
    if status {
        "no main text (a status page: not found, deleted, redirecting or empty)"
    } else {
        "no main text (nothing but navigation or markup)"
    }
}

pub(crate) fn process(
    target: &mut impl Target,
    limits: QueryLimits,
    a: Analyzed,
    early: Option<Early>,
    batch: &mut BatchState<'_>,
) -> StoreResult<Answer> {
    let (raw, page) = match a {
        Analyzed::Page(raw, page) => (raw, page),
        Analyzed::Skipped { location, url, reason } => {
            return Ok(Answer {
                url,
                doc_id: None,
                verdict: Verdict::Skipped,
                cluster: None,
                matches: Vec::new(),
                error: None,
                reason: Some(reason),
                location,
            })
        }
        Analyzed::Error { location, url, message } => return Ok(error_outcome(url, location, message)),
    };
    if page.norm.is_empty() {
        return Ok(error_outcome(Some(raw.url), raw.location, no_text_message(&page).into()));
    }
    let existing = target.view().lookup_url(&raw.url)?;
    if let Some(e) = existing {
        if e.exact == page.features.exact {
            return Ok(Answer {
                url: Some(raw.url),
                doc_id: Some(e.doc_id),
                verdict: Verdict::Skipped,
                cluster: Some(e.cluster),
                matches: Vec::new(),
                error: None,
                reason: Some(UNCHANGED.into()),
                location: raw.location,
            });
        }
    }
    let exclude = existing.map(|e| e.doc_id);
    let site = site_of(&raw);
    let origin = Origin { site: &site, title: page.title_sketch, listing: page.extracted.listing };
    let still_valid = |e: &Early| {
        e.existing == exclude
            && !e.answer.considered.iter().any(|d| batch.replaced.contains(d))
            && !target.view().shares_keys_since(&page.features, batch.first_doc)
            && !target.view().holds_period_keys_since(&e.answer.candidate_keys, batch.first_doc)
    };
    let answer = match early {
        Some(e) if still_valid(&e) => e.answer,
        other => {
            let other_was_early = other.is_some();
            batch.requeried += u64::from(other_was_early);
            // The early answer's alignments still hold: only candidates it did not align (pages
            // of this batch, mostly) are aligned now.
            let earlier = other.map(|e| e.answer.alignments);
            // Queries only read the index (and the scratch, replaced after a panic), so a panic
            // in one, a bug, costs its page: reported as an error and not inserted.
            let scratch = &mut batch.scratch;
            let searcher = Searcher::new(target.view(), limits);
            let query = || {
                searcher.query_with(scratch, &page.norm.chars, &page.features, Some(origin), exclude, earlier.as_ref())
            };
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(query)) {
                Ok(answer) => {
                    let answer = answer?;
                    if other_was_early {
                        batch.carried += answer.carried as u64;
                        batch.aligned_again += (answer.verified - answer.reused - answer.carried) as u64;
                    }
                    answer
                }
                Err(payload) => {
                    *batch.scratch = QueryScratch::default();
                    let message = internal_error("querying", &raw, payload);
                    return Ok(error_outcome(Some(raw.url), raw.location, message));
                }
            }
        }
    };
    let verdict = match (&answer.exact, answer.matches.first()) {
        (Some(_), _) => Verdict::Exact,
        (None, Some(m)) => Verdict::of(m.cmp.relation),
        (None, None) => Verdict::New,
    };
    // A page joins a cluster only through a verified, high-confidence match: an exact copy, a
    // duplicate or a containment. An overlap (a quoted passage) does not chain clusters.
    let joined = answer.best().filter(|m| m.cmp.relation.is_claim()).map(|m| m.cluster).or(existing.map(|e| e.cluster));
    let doc_id = target.insert(NewDoc {
        url: &raw.url,
        site: &site,
        fetched_at: raw.fetched_at.unwrap_or(0),
        chars: &page.norm.chars,
        features: &page.features,
        cluster: joined,
        replaces: exclude,
        title: page.title_sketch,
        listing: page.extracted.listing,
        script: page.script,
    })?;
    if let (Some(old), Some(_)) = (exclude, doc_id) {
        batch.replaced.insert(old);
    }
    let cluster = joined.or(doc_id);
    Ok(Answer {
        url: Some(raw.url),
        doc_id,
        verdict,
        cluster,
        matches: matches_out(&answer),
        error: None,
        reason: None,
        location: raw.location,
    })
}

/// The message of a page whose analysis or verification panicked (logged as well).
fn internal_error(doing: &str, raw: &RawPage, payload: Box<dyn std::any::Any + Send>) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into());
    tracing::error!(location = %raw.location, url = %raw.url, "panic while {doing} a page: {what}");
    format!("internal error while {doing} the page (a bug in dedupdb; please report it with this page): {what}")
}

fn error_outcome(url: Option<String>, location: String, message: String) -> Answer {
    Answer {
        url,
        doc_id: None,
        verdict: Verdict::Error,
        cluster: None,
        matches: Vec::new(),
        error: Some(format!("{location}: {message}")),
        reason: None,
        location,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(url: &str, body: &str) -> Item {
        Item::Page(RawPage {
            url: url.into(),
            body: body.as_bytes().to_vec(),
            kind: input::BodyKind::Text,
            site: None,
            fetched_at: None,
            charset: None,
            location: format!("crawl.jsonl:{}", url.len()),
        })
    }

    #[test]
    fn a_panic_in_analysis_costs_its_page_not_the_run() {
        let params = Params::default();
        let analyze_or_panic = |r: &RawPage| {
            assert!(!r.url.ends_with("/bad"), "analysis bug on {}", r.url);
            Page::analyze(Body::with_kind(&r.body, Some(r.kind), None), &params)
        };
        let good = analyze_with(raw("http://a.cn/good", "今天天气很好，我们去公园散步。"), analyze_or_panic);
        let Analyzed::Page(_, page) = good else { panic!("a good page is analyzed") };
        assert!(!page.norm.is_empty());
        let bad = analyze_with(raw("http://a.cn/bad", "今天天气很好。"), analyze_or_panic);
        let Analyzed::Error { url, message, location } = bad else { panic!("the panic becomes an error") };
        assert_eq!(url.as_deref(), Some("http://a.cn/bad"));
        assert_eq!(location, "crawl.jsonl:15");
        assert!(message.contains("internal error") && message.contains("analysis bug on http://a.cn/bad"), "{message}");
    }
}
