//! The dedup layer: what a page's postings mean. Above the storage engine ([`crate::store`]),
//! which answers lookups and hands out stored texts, it finds a page's earlier near-duplicates:
//!
//! * [`query`]: every unpruned key of the page (exact hash, fingerprints, period features) is
//!   looked up; a posting list longer than [`QueryLimits::posting_cap`] is template-like and
//!   counts only its newest [`QueryLimits::long_list_tail`] documents. Candidates are counted
//!   per document, filtered (a shared fingerprint, or two shared period features, or one when
//!   either page has at most two or the feature is rare), ranked by shared fingerprints plus
//!   CCS with each key weighted by its rarity, and the best [`QueryLimits::max_candidates`]
//!   verified with TLCS against their stored text, until [`QueryLimits::max_matches`] similar
//!   pages are found.
//! * [`boilerplate`]: keys on many pages that are a site's template or a notice under unrelated
//!   articles, and keys on a few pages of one site around each page's own text.
//! * [`furniture`]: a site's intro, outro and notices, known from its second page, and a
//!   candidate's own furniture, read from its site's pages.
//! * [`relation`]: two articles of one site, and the order of the matches.
//! * [`batch`]: the same rules in stages, for an engine that judges a whole crawl at once.

mod answer;
pub mod batch;
pub(crate) mod boilerplate;
pub(crate) mod furniture;
mod query;
mod relation;
#[cfg(test)]
mod tests;

pub use answer::{Alignments, Match, Origin, QueryAnswer, QueryLimits};
pub use query::QueryScratch;

use crate::store::{Index, View};

/// Queries one view of the index (a writer's, or a reader's snapshot) within `limits`.
#[derive(Clone, Copy)]
pub struct Searcher<'a> {
    view: View<'a>,
    /// Query bounds.
    pub limits: QueryLimits,
}

impl<'a> Searcher<'a> {
    /// A searcher of `view` within `limits`.
    pub fn new(view: View<'a>, limits: QueryLimits) -> Searcher<'a> {
        Searcher { view, limits }
    }

    /// The view it queries.
    pub fn view(&self) -> View<'a> {
        self.view
    }

    /// A searcher of what `index` holds now (its live memtable included), with the default limits.
    pub fn of(index: &'a Index) -> Searcher<'a> {
        Searcher::new(index.view(), QueryLimits::default())
    }
}
