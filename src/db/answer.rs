//! What the index answers about a page: its verdict, the cluster it joins, and the earlier
//! pages it matches. Serialized, an [`Answer`] is a line of `dedupdb ingest --report`.

use serde::Serialize;

use crate::verify::Relation;

/// The verdict on one input page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Verdict {
    /// No earlier near-duplicate.
    New,
    /// An earlier page has exactly the same main text.
    Exact,
    /// An earlier near-duplicate.
    Duplicate,
    /// This page is contained in an earlier one.
    Contained,
    /// This page contains an earlier one.
    Contains,
    /// This page shares a key passage with an earlier one.
    Overlaps,
    /// Not ingested: same URL and content as a stored page, or not a page (e.g. an image record).
    Skipped,
    /// The record could not be read or has no text.
    Error,
}

impl Verdict {
    pub(crate) fn of(r: Relation) -> Verdict {
        match r {
            Relation::Duplicate => Verdict::Duplicate,
            Relation::Contains => Verdict::Contains,
            Relation::Contained => Verdict::Contained,
            Relation::Overlaps => Verdict::Overlaps,
            Relation::Different => Verdict::New,
        }
    }
}

/// One verified earlier page, as reported.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Matched {
    /// Its URL.
    pub url: String,
    /// Its doc id.
    pub doc_id: u32,
    /// Relation of the input page to it.
    pub relation: Relation,
    /// Resemble rate.
    pub resemble: f64,
    /// Contain rate.
    pub contain: f64,
    /// CCS of period features.
    pub ccs: f64,
}

/// The answer for one input page or record: a line of the report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Answer {
    /// The page's URL (when the record had one).
    pub url: Option<String>,
    /// Its doc id: the new one, or for a skipped unchanged page the stored one.
    pub doc_id: Option<u32>,
    /// The verdict.
    pub verdict: Verdict,
    /// The cluster it joined (or, for a query, would join).
    pub cluster: Option<u32>,
    /// Earlier pages judged similar, best first.
    pub matches: Vec<Matched>,
    /// What went wrong, for `error`.
    pub error: Option<String>,
    /// Why, for `skipped`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Where the record is in its input (file:line, record number).
    pub location: String,
}

/// Totals of a run.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    /// Records read.
    pub pages: u64,
    /// Verdict `new`.
    pub new: u64,
    /// Verdict `exact`.
    pub exact: u64,
    /// Verdicts `duplicate`, `contained`, `contains`.
    pub duplicates: u64,
    /// Verdict `overlaps`.
    pub overlaps: u64,
    /// Verdict `skipped`.
    pub skipped: u64,
    /// Verdict `error`.
    pub errors: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Pages queried a second time because a page of their own batch could change the answer
    /// (see the module docs); a measure of how much of the verification ran in parallel.
    pub requeried: u64,
}

impl Summary {
    pub(crate) fn count(&mut self, v: Verdict) {
        self.pages += 1;
        match v {
            Verdict::New => self.new += 1,
            Verdict::Exact => self.exact += 1,
            Verdict::Duplicate | Verdict::Contained | Verdict::Contains => self.duplicates += 1,
            Verdict::Overlaps => self.overlaps += 1,
            Verdict::Skipped => self.skipped += 1,
            Verdict::Error => self.errors += 1,
        }
    }
}

impl Verdict {
    /// The verdict's name, as reports spell it (`new`, `exact`, `duplicate`...).
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::New => "new",
            Verdict::Exact => "exact",
            Verdict::Duplicate => "duplicate",
            Verdict::Contained => "contained",
            Verdict::Contains => "contains",
            Verdict::Overlaps => "overlaps",
            Verdict::Skipped => "skipped",
            Verdict::Error => "error",
        }
    }

    /// True when the page is already known in some form: an exact copy, a near-duplicate, or
    /// one page holding the other.
    pub fn is_known(self) -> bool {
        matches!(self, Verdict::Exact | Verdict::Duplicate | Verdict::Contained | Verdict::Contains)
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A stored page, as [`crate::Reader::page`] finds it under its URL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoredPage {
    /// Its doc id.
    pub doc_id: u32,
    /// Its URL.
    pub url: String,
    /// The site it is stored under.
    pub site: String,
    /// Its cluster (the doc id of the cluster's first page).
    pub cluster: u32,
    /// Its fetch time, Unix seconds, when known.
    pub fetched_at: Option<i64>,
    /// Its normalized main text, as the index stores and compares it.
    pub text: String,
    /// Its script, as recorded when it was stored ([`crate::lang`]; `Zzzz` before scripts were).
    pub script: crate::lang::Script,
    /// Its language, as its script tells it.
    pub language: crate::lang::Language,
}

/// One member of a cluster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Member {
    /// Its doc id.
    pub doc_id: u32,
    /// Its URL.
    pub url: String,
}

/// What a snapshot of the index holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Pages stored and not replaced.
    pub live_docs: u64,
    /// Segments.
    pub segments: usize,
    /// Documents in segments (replaced ones included until a merge drops them).
    pub segment_docs: u64,
    /// Documents not yet in a segment (in the WAL and memory).
    pub memtable_docs: u64,
    /// Keys pruned as template or spam.
    pub pruned_keys: usize,
    /// Bytes of the segment files.
    pub segment_bytes: u64,
}
