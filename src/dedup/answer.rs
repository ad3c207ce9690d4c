//! What a query answers, and the bounds it keeps to.

#[allow(unused_imports)]
use super::Searcher;
use crate::verify::Comparison;

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
    /// same page (the `earlier` argument of [`Searcher::query_with`]).
    pub carried: usize,
    /// The comparisons this query made, for a later query of the same page to reuse.
    pub alignments: Alignments,
    /// Of the candidates verified, those that are a match only once their own boilerplate
    /// was discounted (see `Searcher::candidate_boilerplate`).
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
    pub(super) page: (u64, u32),
    /// The page's period features that were boilerplate.
    pub(super) boilerplate: Vec<u64>,
    /// (text identity: exact hash, characters) and the comparison with that text.
    pub(super) by_text: Vec<((u64, u32), Comparison)>,
}

impl QueryAnswer {
    /// The best match, exact first.
    pub fn best(&self) -> Option<&Match> {
        self.exact.as_ref().or(self.matches.first())
    }
}

/// Where a queried page comes from: its site and the sketch of its title (zeros: none). With it,
/// a match with another page of the same site under a different title must be near-whole to
/// claim more than an overlap (see `relation::two_articles`).
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
