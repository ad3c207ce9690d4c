//! Verification: how much two texts really share, and what relation that makes.
//!
//! For a pair of normalized main texts, per round:
//! 1. **Skeleton** ([`skeleton`]): keep only characters under an S-character window the other text
//!    also has. In the first round, if even the skeletons cannot reach any threshold, the pair is
//!    rejected without a diff.
//! 2. **Diff** ([`myers`]): Myers' O(ND) on the skeletons (for pairs it would find dear, anchors
//!    or bit vectors: see below); the runs map back to the texts.
//! 3. **TLCS** ([`tlcs`]): the trusted region of the alignment.
//!
//! The trusted region is then removed from the shorter text and its matched characters from the
//! other, and the next round looks for another (paragraphs that moved), until a round's region is
//! shorter than `round_min_chars`, or `max_rounds` rounds or the work budget ran out. Past the
//! first eight rounds only a region out of order with an earlier one counts: in order, it is text
//! the trusted region left out for what lies between (a form's template sentences, each followed
//! by its own filling), not a block that moved. TLCS is the sum over rounds. Alignment runs in
//! the coordinates of the shorter text, which makes the result symmetric (but see "Long texts").
//!
//! **Near misses.** Two bulletins cut from one boilerplate (weather, market closes) align almost
//! fully while their facts differ. Inside the trusted regions, every small gap where the texts
//! disagree on a number is a *numeric conflict*; when conflicts are frequent relative to the aligned
//! sentences, the pages are different pages, not an edit of one another.
//!
//! **Long texts.** Past [`Params::max_verify_chars`] the diff could cost O(N·D), so a longer text
//! is aligned only where the other one is in it: a chapter against the stretch of a whole book's
//! page that holds most of its windows, with the book's whole length in the measures (the
//! chapter is contained in it). When both texts are over the limit, the first
//! `max_verify_chars` characters of the shorter are compared with the stretch of the longer
//! where they are, and the measures are of those two parts, except that a page is a duplicate
//! only of one at least `dup_coverage` as long (a book's second half is contained in the book)
//! and never contains the longer. What lies past the shorter's first part is not read: two long
//! pages sharing only their first 200,000 characters are duplicates, and the result depends on
//! which is the shorter (on the order, at equal lengths). Texts are read up to sixteen times
//! the limit (see `LONG_TEXT_FACTOR`).
//!
//! **Moved blocks and work.** A block of text that moved makes the edit distance twice its
//! length: a plain diff of an article whose sections were reordered, or of a digest whose items
//! were reshuffled, costs O(N·D) with D near N, tens of milliseconds per pair, and past
//! `max_edit_distance` it matches nothing. So each round's first plain diff gets only the work
//! ordinary pairs need; a pair that needs more is diffed around anchors, windows each text holds
//! once, along their longest chain in both texts' order ([`myers::Myers::diff_along`]). When
//! the anchors kept their order (a heavily edited pair), or are few (a block pasted again and
//! again), and matched under half, the answer is the longest common subsequence after all: by
//! bit vectors ([`bitlcs`]), whose cost does not grow with the edit distance, or, for a pair too
//! long for them or for what is left of the budget, by the plain diff again. When the anchors
//! were out of order and matched more, the rounds after look for the blocks that moved the same
//! way, one chain per round (see `Verifier::diff_round`). The diffs of one comparison share one
//! work budget (see `compare_budget`), and rounds past the eighth pay for their windows from it:
//! texts that repeat themselves make every diff run far, round after round.
//!
//! **Boilerplate.** A prepared side may mark sentences as boilerplate (the index finds them: a
//! disclaimer or a reprint notice that many pages carry beside unrelated text). They count
//! neither for nor against a match: out of that side's length and, where they aligned, out of the
//! shared characters and the other side's length. Without this a caption followed by its site's
//! disclaimer is "contained" in every article of that site.

mod align;
pub mod bitlcs;
mod budget;
mod edges;
mod figures;
pub mod myers;
pub mod skeleton;
#[cfg(test)]
mod tests;
pub mod tlcs;

use serde::Serialize;

use crate::features::Features;
use crate::params::Params;
use bitlcs::BitLcs;
use budget::{cannot_reach, considered};
use myers::{Myers, Run};
use skeleton::{Bitmap, Windows};

/// The relation of page A to page B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// Mostly the same text.
    Duplicate,
    /// A contains (most of) B; B is a small part of A.
    Contains,
    /// A is (mostly) contained in B.
    Contained,
    /// They share a passage long enough to be a key paragraph, a minor part of both.
    Overlaps,
    /// Not near-duplicates.
    Different,
}

impl Relation {
    /// The relation of B to A.
    pub fn mirror(self) -> Relation {
        match self {
            Relation::Contains => Relation::Contained,
            Relation::Contained => Relation::Contains,
            r => r,
        }
    }

    /// Lower-case name, as in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Relation::Duplicate => "duplicate",
            Relation::Contains => "contains",
            Relation::Contained => "contained",
            Relation::Overlaps => "overlaps",
            Relation::Different => "different",
        }
    }

    /// True for every relation but `Different`.
    pub fn is_similar(self) -> bool {
        self != Relation::Different
    }

    /// True for a relation that claims a copy: a duplicate or a containment either way (not an
    /// overlap, a quoted passage).
    pub fn is_claim(self) -> bool {
        matches!(self, Relation::Duplicate | Relation::Contains | Relation::Contained)
    }
}

impl std::fmt::Display for Relation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One trusted region: character ranges of the normalized texts of A and B.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Span {
    /// Start in A (normalized characters).
    pub a_start: usize,
    /// End in A, exclusive.
    pub a_end: usize,
    /// Start in B.
    pub b_start: usize,
    /// End in B, exclusive.
    pub b_end: usize,
    /// LCS characters inside the region.
    pub matched: usize,
    /// Round that found it (0 first).
    pub round: usize,
}

/// The verdict on a pair and the evidence for it.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    /// Relation of A to B.
    pub relation: Relation,
    /// TLCS / (|A| + |B| - TLCS).
    pub resemble: f64,
    /// TLCS / min(|A|, |B|).
    pub contain: f64,
    /// Period features shared / the smaller feature set (CCDet).
    pub ccs: f64,
    /// Smaller period-feature set / larger (CCDet).
    pub clr: f64,
    /// Trusted LCS, in characters, summed over rounds.
    pub tlcs_chars: usize,
    /// Length of A's normalized main text.
    pub a_chars: usize,
    /// Length of B's normalized main text.
    pub b_chars: usize,
    /// Trusted regions, in A's order.
    pub spans: Vec<Span>,
    /// Rounds run.
    pub rounds: usize,
    /// Disagreements on numbers inside the trusted regions.
    pub numeric_conflicts: usize,
    /// Set when numeric conflicts made an aligned pair "different".
    pub near_miss: bool,
    /// Set when the skeletons alone ruled the pair out, without a diff.
    pub rejected_early: bool,
    /// Matched characters of the largest trusted region that is not at the same edge of both
    /// texts (a shared head or tail is where templates live): the evidence for
    /// [`Relation::Overlaps`].
    pub overlap_chars: usize,
    /// At most how many characters the texts share outside the prepared side's boilerplate:
    /// for a pair ruled out early, what the candidate's skeleton against the prepared side
    /// kept, less that boilerplate; else [`Comparison::tlcs_chars`]. A pair ruled out whose
    /// bound is large may still be a match once the candidate's own boilerplate is discounted.
    #[serde(skip)]
    pub shared_bound: usize,
}

impl Comparison {
    /// Two texts known to be identical (the same exact hash): nothing to align.
    pub fn identical(chars: usize) -> Comparison {
        Comparison {
            relation: Relation::Duplicate,
            resemble: 1.0,
            contain: 1.0,
            ccs: 1.0,
            clr: 1.0,
            tlcs_chars: chars,
            a_chars: chars,
            b_chars: chars,
            spans: Vec::new(),
            rounds: 0,
            numeric_conflicts: 0,
            near_miss: false,
            rejected_early: false,
            overlap_chars: 0,
            shared_bound: chars,
        }
    }

    /// A pair the skeleton filter ruled out before any diff; `bound`: see
    /// [`Comparison::shared_bound`].
    fn rejected(a_chars: usize, b_chars: usize, (ccs, clr): (f64, f64), bound: usize) -> Comparison {
        Comparison {
            relation: Relation::Different,
            resemble: 0.0,
            contain: 0.0,
            ccs,
            clr,
            tlcs_chars: 0,
            a_chars,
            b_chars,
            spans: Vec::new(),
            rounds: 1,
            numeric_conflicts: 0,
            near_miss: false,
            rejected_early: true,
            overlap_chars: 0,
            shared_bound: bound,
        }
    }
}

/// The relation of an aligned pair that neither copies nor holds the other: an overlap when a
/// passage away from the same edge of both texts (`overlap_chars`, see
/// [`Comparison::overlap_chars`]) is long enough to be a key paragraph, different otherwise.
pub fn short_of_a_claim(overlap_chars: usize, p: &Params) -> Relation {
    if overlap_chars >= p.overlap_min_chars {
        Relation::Overlaps
    } else {
        Relation::Different
    }
}

/// CCS and CLR of two sorted, distinct period-feature sets.
pub fn ccs_clr(a: &[u64], b: &[u64]) -> (f64, f64) {
    let (small, large) = if a.len() <= b.len() { (a.len(), b.len()) } else { (b.len(), a.len()) };
    if small == 0 {
        return (0.0, if large == 0 { 1.0 } else { 0.0 });
    }
    let (mut i, mut j, mut shared) = (0, 0, 0usize);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                shared += 1;
                i += 1;
                j += 1;
            }
        }
    }
    (shared as f64 / small as f64, small as f64 / large as f64)
}

/// Compares two analyzed pages.
pub fn compare(a: &crate::Page, b: &crate::Page, p: &Params) -> Comparison {
    let mut c = Verifier::default().compare(&a.norm.chars, &a.features, &b.norm.chars, &b.features, p);
    c.relation = unless_listed(&c, &a.norm.chars, a.extracted.listing || b.extracted.listing, p);
    c
}

/// The relation of comparison `c` of text `a` with another, when one of the two is a listing's
/// page (`listed`, see [`crate::extract::Extracted::listing`]): a listing's excerpt of one
/// paragraph (a teaser, a whole lead paragraph) points to the page it opens and is no overlap;
/// an excerpt of several paragraphs (a topic page quoting a story) still is. Copies and
/// containment stand.
pub fn unless_listed(c: &Comparison, a: &[char], listed: bool, p: &Params) -> Relation {
    if !listed || c.relation != Relation::Overlaps {
        return c.relation;
    }
    let paragraphs = |s: &Span| {
        let passage = &a[s.a_start.min(a.len())..s.a_end.min(a.len())];
        let inner = passage.iter().position(|&ch| ch != '\n').map_or(&[][..], |i| &passage[i..]);
        let end = inner.iter().rposition(|&ch| ch != '\n').map_or(0, |i| i + 1);
        inner[..end].contains(&'\n')
    };
    if c.spans.iter().any(|s| s.matched >= p.overlap_min_chars && paragraphs(s)) {
        Relation::Overlaps
    } else {
        Relation::Different
    }
}

/// Reusable scratch space for many comparisons (the index verifies many candidates per page).
#[derive(Debug, Default)]
pub struct Verifier {
    myers: Myers,
    bitmap: Bitmap,
    wx: Windows,
    wy: Windows,
    keep_a: Vec<u32>,
    keep_b: Vec<u32>,
    sx: Vec<char>,
    sy: Vec<char>,
    runs: Vec<Run>,
    anchored: Vec<Run>,
    bits: BitLcs,
    /// Work the current comparison's diffs may still spend (see [`budget::compare_budget`]).
    budget: u64,
}

/// One side of many comparisons, prepared once: its windows and their bitmap. An index query
/// prepares the query page and checks every candidate against it; most candidates are then
/// rejected after hashing only their own windows.
#[derive(Debug, Default)]
pub struct Prepared {
    windows: Windows,
    bitmap: Bitmap,
    len: usize,
    /// Sentences of the text that are boilerplate, sorted, not overlapping.
    boilerplate: Vec<std::ops::Range<usize>>,
    /// Their characters.
    boilerplate_chars: usize,
    /// The text's other sentences when it is compared whole for being mostly boilerplate:
    /// what it says of its own, which a match must hold (see [`Prepared::set_boilerplate`]).
    own: Vec<std::ops::Range<usize>>,
}

impl Prepared {
    /// Prepares `text` for [`Verifier::compare_prepared`].
    pub fn new(text: &[char], p: &Params) -> Prepared {
        let text = considered(text, p);
        let windows = Windows::new(text, p.skeleton_window);
        let mut bitmap = Bitmap::default();
        bitmap.fill(&windows.hashes);
        Prepared { windows, bitmap, len: text.len(), boilerplate: Vec::new(), boilerplate_chars: 0, own: Vec::new() }
    }

    /// Marks sentences of the text as boilerplate (a disclaimer or a reprint notice inside the
    /// article that many pages carry): they count neither for nor against a match, unless they
    /// are over three quarters of the text. Then the text is compared whole, as what it holds
    /// is its content, but its `own` sentences (the others) must be at least half matched: a
    /// one-line post under an account's long fixed head, bio and tail says nothing else, and
    /// all of that is on every post. `ranges` and `own` are sorted and do not overlap.
    pub fn set_boilerplate(&mut self, ranges: Vec<std::ops::Range<usize>>, own: Vec<std::ops::Range<usize>>) {
        let len = self.len;
        let clip = |v: Vec<std::ops::Range<usize>>| -> Vec<std::ops::Range<usize>> {
            v.into_iter().map(|r| r.start.min(len)..r.end.min(len)).filter(|r| !r.is_empty()).collect()
        };
        let ranges = clip(ranges);
        let chars: usize = ranges.iter().map(|r| r.len()).sum();
        (self.boilerplate, self.boilerplate_chars, self.own) =
            if chars * 4 > len * 3 { (Vec::new(), 0, clip(own)) } else { (ranges, chars, Vec::new()) };
    }
}

/// Matched pieces of one round in original coordinates, and the round's trusted region.
pub(super) struct RoundResult {
    pub(super) runs: Vec<Run>,
    pub(super) span: Span,
}

impl Verifier {
    /// Compares a prepared text `a` with `b`: the same result as [`Verifier::compare`], cheaper
    /// when `b` cannot match (its skeleton against `a` is checked first).
    pub fn compare_prepared(
        &mut self,
        a: &[char],
        prep: &Prepared,
        b: &[char],
        ccs_clr: (f64, f64),
        p: &Params,
    ) -> Comparison {
        let bt = considered(b, p);
        self.wy.fill(bt, p.skeleton_window);
        skeleton::kept(&self.wy, bt.len(), &prep.bitmap, &mut self.keep_b);
        if bt.len() < p.skeleton_window.max(1)
            || prep.len < p.skeleton_window.max(1)
            || cannot_reach(
                self.keep_b.len(),
                &self.keep_b,
                prep.len.min(bt.len()).saturating_sub(prep.boilerplate_chars),
                p,
            )
        {
            let bound = self.keep_b.len().saturating_sub(prep.boilerplate_chars);
            return Comparison::rejected(prep.len, bt.len(), ccs_clr, bound);
        }
        // Round 0 reuses both sides' windows and b's skeleton against a: computed above.
        let mut c = self.compare_texts_from(a, b, p, Some(&prep.windows), &prep.boilerplate, &prep.own, &[]);
        (c.ccs, c.clr) = ccs_clr;
        c
    }

    /// [`Verifier::compare_prepared`] with sentences of `b` as boilerplate too (`b_boilerplate`,
    /// sorted, not overlapping): they count neither for nor against a match, as the prepared
    /// side's do. Both sides' boilerplate is left out of the shared characters where either
    /// side's aligned, and out of each side's length where it is that side's or aligned with
    /// the other's. An index reads a candidate's boilerplate from its stored text only when the
    /// plain comparison fell short of a claim (see `Index::candidate_boilerplate`), so there is
    /// no pre-check: the pair is known to share text.
    pub fn compare_prepared_discounting(
        &mut self,
        a: &[char],
        prep: &Prepared,
        b: &[char],
        b_boilerplate: &[std::ops::Range<usize>],
        ccs_clr: (f64, f64),
        p: &Params,
    ) -> Comparison {
        let mut c = self.compare_texts_from(a, b, p, None, &prep.boilerplate, &prep.own, b_boilerplate);
        (c.ccs, c.clr) = ccs_clr;
        c
    }

    /// Compares texts `a` and `b` with their features.
    pub fn compare(&mut self, a: &[char], fa: &Features, b: &[char], fb: &Features, p: &Params) -> Comparison {
        let mut c = self.compare_texts(a, b, p);
        (c.ccs, c.clr) = ccs_clr(&fa.period, &fb.period);
        c
    }

    /// Compares texts; `ccs` and `clr` are left at zero for the caller to fill.
    fn compare_texts(&mut self, a: &[char], b: &[char], p: &Params) -> Comparison {
        self.compare_texts_from(a, b, p, None, &[], &[], &[])
    }
}

/// A stretch of a text, in characters.
pub(super) type Range = std::ops::Range<usize>;
/// A pair of gaps, one in each text.
pub(super) type Gap = (Range, Range);
