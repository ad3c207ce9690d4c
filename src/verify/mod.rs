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

pub mod bitlcs;
pub mod myers;
pub mod skeleton;
pub mod tlcs;

use serde::Serialize;

use crate::features::Features;
use crate::params::Params;
use bitlcs::BitLcs;
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

/// True when an aligned passage that ends at `held_end` in `held` and at `holder_end` in
/// `holder` is an excerpt its holder cut short: right after it `holder` says so with an
/// ellipsis ("……", "...") while `held` goes on. A listing, a search result or a "related
/// reading" box shows the first lines of a page and marks the cut; however much of a short
/// page those lines are, the listing is neither its copy nor a page sharing a passage with it.
fn excerpt_cut(held: &[char], holder: &[char], held_end: usize, holder_end: usize) -> bool {
    // Something of its own is left out, not a closing character or two the cut ate.
    if held.len().saturating_sub(held_end) < EXCERPT_MIN_REST.max(held.len() / 20) {
        return false;
    }
    // The ellipsis follows the held text within a character or two (a space, a stray mark).
    let after = &holder[holder_end.min(holder.len())..];
    let at = after.iter().take(3).position(|&c| c == '…' || c == '⋯' || c == '.');
    at.is_some_and(|i| match after[i] {
        '.' => after.get(i + 1) == Some(&'.'),
        _ => true,
    })
}

/// What a held text must go on with, in characters, past an excerpt's cut (see
/// [`excerpt_cut`]).
const EXCERPT_MIN_REST: usize = 10;

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
    /// Work the current comparison's diffs may still spend (see [`compare_budget`]).
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

/// What round 0 of an alignment may take from a prepared comparison's pre-check: the prepared
/// side's windows, the candidate's (in `wy`) and the candidate's skeleton against the prepared
/// side.
#[derive(Debug, Clone, Copy)]
enum Round0<'w> {
    /// Nothing: compute both sides' windows and skeletons.
    Fresh,
    /// x is the candidate (its skeleton is in `keep_a`); y's windows are these.
    XKept(&'w Windows),
    /// x is the prepared side, with these windows; y's skeleton is in `keep_b`.
    YKept(&'w Windows),
}

/// What is left of both texts after a round: original indices and the characters.
struct Rest {
    xi: Vec<u32>,
    yi: Vec<u32>,
    xc: Vec<char>,
    yc: Vec<char>,
    /// The length of x in the round before, and the stretch of it that round took out.
    x_before: usize,
    x_cut: std::ops::Range<usize>,
}

/// Matched pieces of one round in original coordinates, and the round's trusted region.
struct RoundResult {
    runs: Vec<Run>,
    span: Span,
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

    /// [`Verifier::compare_texts`]; with `a_windows`, the windows of `a` are those, and `wy`
    /// and `keep_b` already hold b's windows and b's skeleton against a (a prepared comparison's
    /// pre-check), so round 0 does not compute them again. `a_boilerplate`: sentences of `a` that
    /// count neither way; `a_own`: sentences of `a` a match must hold (both: see
    /// [`Prepared::set_boilerplate`]); `b_boilerplate`: sentences of `b` that count neither way
    /// (see [`Verifier::compare_prepared_discounting`]).
    #[allow(clippy::too_many_arguments)]
    fn compare_texts_from(
        &mut self,
        a: &[char],
        b: &[char],
        p: &Params,
        a_windows: Option<&Windows>,
        a_boilerplate: &[std::ops::Range<usize>],
        a_own: &[std::ops::Range<usize>],
        b_boilerplate: &[std::ops::Range<usize>],
    ) -> Comparison {
        let (ccs, clr) = (0.0, 0.0);
        let (a, b) = (considered(a, p), considered(b, p));
        // Align in the shorter text's coordinates; mirror back at the end.
        let swapped = a.len() > b.len();
        let (x, y) = if swapped { (b, a) } else { (a, b) };
        // What is compared: x whole, or its first `max_verify_chars` characters when it is over
        // the limit too; y whole, or, when it is over the limit, where x is in it (see
        // `align_long`): the stretch alone when x was cut, as both are then known in part.
        let cap = p.max_verify_chars.max(1);
        let x = &x[..x.len().min(cap)];
        // Both texts over the limit: parts of them are compared.
        let x_cut = x.len() < a.len().min(b.len());
        self.budget = compare_budget(x.len() + y.len().min(cap));
        let a_range = |yr: &std::ops::Range<usize>| if swapped { yr.clone() } else { 0..x.len() };
        let b_range = |yr: &std::ops::Range<usize>| if swapped { 0..x.len() } else { yr.clone() };
        // Both sides' boilerplate as the early reject's slack: an upper bound of what is compared.
        let slack = a_boilerplate.iter().chain(b_boilerplate).map(|r| r.len()).sum();
        let (rounds, rejected_early, nrounds, yr) = if y.len() > cap {
            // y's windows: the prepared side's, or, when y is the candidate, those the prepared
            // comparison's pre-check left in `wy`.
            let taken;
            let y_windows = match a_windows {
                Some(_) if swapped => a_windows,
                Some(_) => {
                    taken = std::mem::take(&mut self.wy);
                    Some(&taken)
                }
                None => None,
            };
            let (rounds, rejected, n, region) = self.align_long(x, y, y_windows, p, slack);
            (rounds, rejected, n, if x_cut { region } else { 0..y.len() })
        } else {
            let reuse = match a_windows {
                Some(aw) if swapped => {
                    // x is b: its skeleton against y (a) is the pre-check's, now in keep_a.
                    std::mem::swap(&mut self.keep_a, &mut self.keep_b);
                    Round0::XKept(aw)
                }
                Some(aw) => Round0::YKept(aw),
                None => Round0::Fresh,
            };
            let (rounds, rejected, n) = self.align(x, y, p, reuse, slack);
            (rounds, rejected, n, 0..y.len())
        };
        // a's boilerplate and own sentences inside what was compared.
        let a_boilerplate_chars = overlap(a_range(&yr), a_boilerplate);
        let b_boilerplate_chars = overlap(b_range(&yr), b_boilerplate);
        let a_own_chars = overlap(a_range(&yr), a_own);

        let tlcs: usize = rounds.iter().map(|r| r.span.matched).sum();
        // Sentence ends as the index's rules read them: an English text's '.' counts (without
        // it, two corrected figures in a long English article were a near miss of one sentence).
        let stops = crate::features::Stops::of(p);
        let sentences_in = |r: std::ops::Range<usize>| r.filter(|&i| sentence_end(x, i, stops)).count();
        let mut conflicts: usize = rounds.iter().map(|r| numeric_conflicts(x, y, &r.runs)).sum();
        let mut sentences: usize = rounds.iter().map(|r| sentences_in(r.span.a_start..r.span.a_end)).sum();
        // A head or tail sentence both texts state with other figures is a conflict too, and its
        // sentences count: two cities' weather bulletins differ in their first sentence (city,
        // sky, temperatures) and share the rest of the template. Only lines with a sentence end
        // are read: a copy's dateline and hit counter ("1998年01月06日 04:34 | 点击：8688")
        // differ on every copy of an article.
        let gaps: Vec<_> = edge_gaps(x, y, yr.end, &rounds).collect();
        for (gx, gy) in gaps.iter().cloned() {
            // Figures are digits inside the gaps: without one on each side, no line need be read.
            let digit_in = |t: &[char], g: &Range| t[g.clone()].iter().any(char::is_ascii_digit);
            if !digit_in(x, &gx) || !digit_in(y, &gy) {
                continue;
            }
            let (px, py) = (prose_lines(x, gx, stops), prose_lines(y, gy, stops));
            let (fx, fy) = (figures(x, &px), figures(y, &py));
            if !fx.is_empty() && !fy.is_empty() && fx != fy {
                conflicts += 1;
                sentences += px.into_iter().map(&sentences_in).sum::<usize>();
            }
        }
        let (lx, ly) = (x.len(), yr.len());
        // Overlap evidence: a passage that is not aligned at the same edge of both texts. A shared
        // head or tail is where templates live; a quoted key paragraph sits elsewhere in at least
        // one of the pages.
        let edge = 2 * p.skeleton_window.max(1);
        // An excerpt one side cut short is no evidence either: a listing's teaser of a page.
        let excerpt = |s: &Span| excerpt_cut(x, y, s.a_end, s.b_end) || excerpt_cut(y, x, s.b_end, s.a_end);
        let longest = rounds
            .iter()
            .filter(|r| {
                let s = &r.span;
                let head = s.a_start <= edge && s.b_start <= edge;
                let tail = s.a_end + edge >= lx && s.b_end + edge >= yr.end;
                !head && !tail && !excerpt(s)
            })
            .map(|r| r.span.matched)
            .max()
            .unwrap_or(0);
        // The last of x's (of y's) text that the other holds, when the other cut it short there.
        let last_in = |end: fn(&Span) -> usize| rounds.iter().map(|r| &r.span).max_by_key(|s| end(s));
        let x_excerpted = || last_in(|s| s.a_end).is_some_and(|s| excerpt_cut(x, y, s.a_end, s.b_end));
        let y_excerpted = || last_in(|s| s.b_end).is_some_and(|s| excerpt_cut(y, x, s.b_end, s.a_end));
        // Boilerplate in a's text counts neither way: out of a's length, and, where it aligned,
        // out of the shared characters and out of b's length (b's copy of it is what aligned).
        // The same for b's, and an aligned pair of characters either side's boilerplate holds
        // is taken out once.
        let (tlcs, lx, ly) = if a_boilerplate.is_empty() && b_boilerplate.is_empty() {
            (tlcs, lx, ly)
        } else {
            let (mut in_a, mut in_b, mut in_either) = (0usize, 0usize, 0usize);
            for r in rounds.iter().flat_map(|r| &r.runs) {
                let (sa, sb) = if swapped { (r.b, r.a) } else { (r.a, r.b) };
                let (sa, sb, len) = (sa as usize, sb as usize, r.len as usize);
                let (oa, ob) = (overlap(sa..sa + len, a_boilerplate), overlap(sb..sb + len, b_boilerplate));
                let both = if oa > 0 && ob > 0 { overlap_both(sa, sb, len, a_boilerplate, b_boilerplate) } else { 0 };
                (in_a, in_b, in_either) = (in_a + oa, in_b + ob, in_either + oa + ob - both);
            }
            let (la, lb) = if swapped { (ly, lx) } else { (lx, ly) };
            let la = la.saturating_sub(a_boilerplate_chars + (in_either - in_a));
            let lb = lb.saturating_sub(b_boilerplate_chars + (in_either - in_b));
            let (lx, ly) = if swapped { (lb, la) } else { (la, lb) };
            (tlcs.saturating_sub(in_either), lx, ly)
        };
        let resemble = if lx + ly > tlcs { tlcs as f64 / (lx + ly - tlcs) as f64 } else { 0.0 };
        let contain = if lx == 0 { 0.0 } else { tlcs as f64 / lx as f64 };
        let cov_y = if ly == 0 { 0.0 } else { tlcs as f64 / ly as f64 };
        let mut near_miss =
            conflicts >= p.near_miss_min && conflicts as f64 >= p.near_miss_ratio * sentences.max(1) as f64;
        // A text compared whole for being mostly boilerplate is a match only where its own
        // sentences are: at least half of their characters matched.
        let own_missing = !a_own.is_empty() && {
            let total = a_own_chars;
            let matched: usize = rounds
                .iter()
                .flat_map(|r| &r.runs)
                .map(|r| {
                    let start = if swapped { r.b } else { r.a } as usize;
                    overlap(start..start + r.len as usize, a_own)
                })
                .sum();
            matched * 2 < total
        };

        // Both texts over the limit: parts were compared, and a whole page is a duplicate only of
        // a page about as long (a book's half is contained in it), and never contains the longer.
        let whole_ratio = a.len().min(b.len()) as f64 / a.len().max(b.len()).max(1) as f64;
        // x is the shorter: "x contained in y" is the containment direction. (Only discounted
        // boilerplate can make y the shorter: then "y contained in x".)
        let rel_xy = if tlcs < p.min_shared_chars || near_miss || own_missing {
            Relation::Different
        } else if contain >= p.dup_coverage && cov_y >= p.dup_coverage {
            if x_cut && whole_ratio < p.dup_coverage {
                Relation::Contained
            } else {
                Relation::Duplicate
            }
        } else if contain >= p.contain_rate && !x_excerpted() {
            Relation::Contained
        } else if cov_y >= p.contain_rate && !x_cut && !y_excerpted() {
            Relation::Contains
        } else {
            short_of_a_claim(longest, p)
        };
        // A claim between texts that state other figures is a near miss too (see
        // `figures_disagree`); an overlap is a passage, whose figures the texts share. Read only
        // when a figure differs inside the aligned text: filings of one template state theirs in
        // shared sentence shapes, and most copies have no conflict at all.
        // What is read of each text: a duplicate's whole, as both are to be one text; of a
        // holder, from its first character aligned with the held text to its last, and the heads
        // and tails both state in their own words (`edge_gaps`), not what it adds beside the
        // held text (a digest's other stories, an update's new paragraphs).
        let read =
            |whole: Range, held: bool, start: fn(&Span) -> usize, end: fn(&Span) -> usize, gap: fn(&Gap) -> &Range| {
                if held || rel_xy == Relation::Duplicate {
                    return vec![whole];
                }
                let lo = rounds.iter().map(|r| start(&r.span)).min().unwrap_or(0);
                let hi = rounds.iter().map(|r| end(&r.span)).max().unwrap_or(0).max(lo);
                std::iter::once(lo..hi).chain(gaps.iter().map(|g| gap(g).clone())).collect::<Vec<_>>()
            };
        let disagree = || {
            let read_x = read(0..x.len(), rel_xy == Relation::Contained, |s| s.a_start, |s| s.a_end, |g| &g.0);
            let read_y = read(yr.clone(), rel_xy == Relation::Contains, |s| s.b_start, |s| s.b_end, |g| &g.1);
            figures_disagree(x, &read_x, y, &read_y, stops)
        };
        let rel_xy = if rel_xy.is_claim() && conflicts > 0 && disagree() {
            near_miss = true;
            Relation::Different
        } else {
            rel_xy
        };

        let mut spans: Vec<Span> = rounds.into_iter().map(|r| r.span).collect();
        let relation = if swapped {
            for s in &mut spans {
                std::mem::swap(&mut s.a_start, &mut s.b_start);
                std::mem::swap(&mut s.a_end, &mut s.b_end);
            }
            rel_xy.mirror()
        } else {
            rel_xy
        };
        spans.sort_by_key(|s| s.a_start);
        Comparison {
            relation,
            resemble,
            contain,
            ccs,
            clr,
            tlcs_chars: tlcs,
            a_chars: a.len(),
            b_chars: b.len(),
            spans,
            rounds: nrounds,
            numeric_conflicts: conflicts,
            near_miss,
            rejected_early,
            overlap_chars: longest,
            shared_bound: tlcs,
        }
    }

    /// The diff of one round, of the skeletons `sx` and `sy` into `runs`; true when the work
    /// budget ran out. `mode` carries what earlier rounds found about the pair.
    ///
    /// A first plain diff gets [`FIRST_TRY_WORK_BASE`] and [`FIRST_TRY_WORK_PER_CHAR`] per
    /// character of the skeletons, which every diff of the 10k crawl and all but 606 of the
    /// 219,013 of a simulated 20k crawl need no more than. A pair that needs more is *dear*: it
    /// is heavily edited, repeats itself (adverts pasted again and again), or has blocks that
    /// moved (sections reordered, a digest's items reshuffled); the plain diff would spend the
    /// whole budget, tens of milliseconds, and its later rounds skip the first try. Such a pair
    /// is diffed around anchors. When they show blocks moved ([`myers::Anchors::moved`]), that
    /// diff is the answer and the rounds after use anchors alone. When they do not (they kept
    /// their order, or are too few to tell, as when what the texts share is mostly copies of
    /// one block) and matched under half of what could match, the answer is the longest common
    /// subsequence: by bit vectors ([`bitlcs`]), whose cost grows with the lengths and not with
    /// the edit distance, when the pair fits; else by the plain diff again with the rest of the
    /// budget. A plain diff cut short by `max_edit_distance`, matching under half, is tried
    /// around anchors too.
    fn diff_round(&mut self, w: usize, p: &Params, mode: &mut Mode) -> bool {
        let matched = |runs: &[Run]| runs.iter().map(|r| r.len as usize).sum::<usize>();
        let (sx, sy) = (&self.sx[..], &self.sy[..]);
        let shorter = sx.len().min(sy.len());
        let max_d = p.max_edit_distance;
        if mode.moved {
            return self.myers.diff_anchored(sx, sy, w, max_d, &mut self.budget, &mut self.runs);
        }
        let mut ran_out = false;
        if mode.dear {
            self.runs.clear();
        } else {
            let first = self.budget.min(FIRST_TRY_WORK_BASE + FIRST_TRY_WORK_PER_CHAR * (sx.len() + sy.len()) as u64);
            let mut left = first;
            let short = self.myers.diff(sx, sy, max_d, &mut left, &mut self.runs);
            self.budget -= first - left;
            ran_out = short && self.budget == left;
            mode.dear = short && !ran_out;
            if !(mode.dear || self.myers.cut() && 2 * matched(&self.runs) < shorter) {
                return ran_out;
            }
        }
        let anchors = myers::Anchors::new(sx, sy, w);
        let blocks_moved = anchors.moved(shorter);
        ran_out |= self.myers.diff_along(sx, sy, &anchors, max_d, &mut self.budget, &mut self.anchored);
        if mode.dear && !ran_out && !blocks_moved && 2 * matched(&self.anchored) < shorter {
            // The longest common subsequence after all: by bit vectors when the pair fits, else
            // by the plain diff again with the rest of the budget.
            let (cost, words) = BitLcs::cost(sx.len(), sy.len());
            if words <= bitlcs::MAX_WORDS && cost <= self.budget {
                self.budget -= cost;
                self.bits.lcs(sx, sy, &mut self.runs);
            } else {
                ran_out = self.myers.diff(sx, sy, max_d, &mut self.budget, &mut self.runs);
            }
        }
        if matched(&self.anchored) > matched(&self.runs) {
            std::mem::swap(&mut self.runs, &mut self.anchored);
            mode.moved = blocks_moved;
        }
        ran_out
    }

    /// Rounds of skeleton, diff and TLCS over `x` (the shorter text) and `y`.
    fn align(
        &mut self,
        x: &[char],
        y: &[char],
        p: &Params,
        reuse: Round0<'_>,
        slack: usize,
    ) -> (Vec<RoundResult>, bool, usize) {
        let mut out = Vec::new();
        let w = p.skeleton_window.max(1);
        // After the first round, the characters still in play: original indices and the texts.
        let mut rest: Option<Rest> = None;
        let mut nrounds = 0;
        // What earlier rounds' diffs found about the pair (see `diff_round`).
        let mut mode = Mode::default();
        // Buffers reused across rounds.
        let mut cur_runs: Vec<Run> = Vec::new();
        let mut y_used: Vec<bool> = Vec::new();
        // Where the last round's windows of x are.
        let mut last_round = reuse;
        for round in 0..p.max_rounds.max(1) {
            let (xc, yc): (&[char], &[char]) = match &rest {
                None => (x, y),
                Some(r) => (&r.xc, &r.yc),
            };
            // A later round must match round_min_chars, which needs that many characters left.
            if xc.len() < w || yc.len() < w || (round > 0 && xc.len().min(yc.len()) < p.round_min_chars) {
                break;
            }
            // Rounds past the first few pay for their windows and skeletons from the budget:
            // long texts cut in many moved pieces get fewer.
            if round >= FREE_ROUNDS {
                let charge = ROUND_WORK_PER_CHAR * (xc.len() + yc.len()) as u64;
                if self.budget < charge {
                    break;
                }
                self.budget -= charge;
            }
            nrounds += 1;
            // x lost one stretch to the last round: its windows are that round's but across the
            // cut (they were the candidate's or the prepared side's after round 0).
            if let Some(r) = &rest {
                match last_round {
                    Round0::Fresh => {}
                    Round0::XKept(_) => self.wx.hashes.clone_from(&self.wy.hashes),
                    Round0::YKept(aw) => self.wx.hashes.clone_from(&aw.hashes),
                }
                self.wx.window = w;
                self.wx.cut_out(xc, r.x_before, r.x_cut.clone());
            }
            let reuse = if round == 0 { reuse } else { Round0::Fresh };
            if matches!(reuse, Round0::Fresh) {
                if round == 0 {
                    self.wx.fill(xc, w);
                }
                self.wy.fill(yc, w);
            }
            last_round = reuse;
            // The prepared side's windows are borrowed, the candidate's are in wy.
            let (wx, wy): (&Windows, &Windows) = match reuse {
                Round0::Fresh => (&self.wx, &self.wy),
                Round0::XKept(aw) => (&self.wy, aw),
                Round0::YKept(aw) => (aw, &self.wy),
            };
            if !matches!(reuse, Round0::XKept(_)) {
                self.bitmap.fill(&wy.hashes);
                skeleton::kept(wx, xc.len(), &self.bitmap, &mut self.keep_a);
            }
            // x's skeleton alone bounds what can match: reject before building y's.
            if round == 0 && cannot_reach(self.keep_a.len(), &self.keep_a, x.len().saturating_sub(slack), p) {
                return (out, true, nrounds);
            }
            let too_few = p.round_min_chars.min(p.min_shared_chars).max(1);
            if round > 0 && self.keep_a.len() < too_few {
                break;
            }
            if !matches!(reuse, Round0::YKept(_)) {
                self.bitmap.fill(&wx.hashes);
                skeleton::kept(wy, yc.len(), &self.bitmap, &mut self.keep_b);
            }
            let bound = self.keep_a.len().min(self.keep_b.len());
            if round == 0 && cannot_reach(bound, &self.keep_a, x.len().saturating_sub(slack), p) {
                return (out, true, nrounds);
            }
            if bound < too_few {
                break;
            }
            self.sx.clear();
            self.sx.extend(self.keep_a.iter().map(|&i| xc[i as usize]));
            self.sy.clear();
            self.sy.extend(self.keep_b.iter().map(|&i| yc[i as usize]));
            let ran_out = self.diff_round(w, p, &mut mode);
            cur_runs.clear();
            split_runs(&self.runs, &self.keep_a, &self.keep_b, &mut cur_runs);
            let Some(t) =
                tlcs::trusted_region(&cur_runs, xc.len(), yc.len(), p.theta, p.tlcs_min_block, p.tlcs_max_blocks)
            else {
                break;
            };
            if round > 0 && t.matched < p.round_min_chars {
                break;
            }
            // Matched pieces inside the region, in original coordinates.
            let (xi, yi) = match &rest {
                None => (None, None),
                Some(r) => (Some(r.xi.as_slice()), Some(r.yi.as_slice())),
            };
            let mut in_region: Vec<Run> = Vec::new();
            y_used.clear();
            y_used.resize(yc.len(), false);
            for r in &cur_runs {
                let lo = (r.a as usize).max(t.a.start);
                let hi = ((r.a + r.len) as usize).min(t.a.end);
                if lo >= hi {
                    continue;
                }
                let yb = r.b as usize + (lo - r.a as usize);
                y_used[yb..yb + (hi - lo)].iter_mut().for_each(|u| *u = true);
                let piece = Run { a: lo as u32, b: yb as u32, len: (hi - lo) as u32 };
                match (xi, yi) {
                    (Some(xi), Some(yi)) => split_runs(&[piece], xi, yi, &mut in_region),
                    _ => in_region.push(piece),
                }
            }
            let orig_x = |k: usize| xi.map_or(k, |v| v[k] as usize);
            let (a_start, a_end) = (orig_x(t.a.start), orig_x(t.a.end - 1) + 1);
            let b_start = in_region.iter().map(|r| r.b as usize).min().unwrap_or(0);
            let b_end = in_region.iter().map(|r| (r.b + r.len) as usize).max().unwrap_or(0);
            // Past the first few rounds, only a block that moved counts: a region in order with
            // all those found before is one the trusted region left out for the text between
            // (a form's template sentences, each followed by a different filling). It is taken
            // out of the texts all the same, for the next round to look past it.
            let counts =
                round < FREE_ROUNDS || out.iter().any(|r| (r.span.a_start < a_start) != (r.span.b_start < b_start));
            if counts {
                out.push(RoundResult {
                    runs: in_region,
                    span: Span { a_start, a_end, b_start, b_end, matched: t.matched, round },
                });
            }
            if ran_out {
                tracing::debug!(
                    chars = x.len() + y.len(),
                    round,
                    "verification stopped at its work budget: what the texts share is a lower bound"
                );
                break;
            }
            // Remove the region from x and its matched characters from y.
            let x_before = xc.len();
            let (mut xi, mut yi) = match rest.take() {
                None => ((0..x.len() as u32).collect::<Vec<u32>>(), (0..y.len() as u32).collect::<Vec<u32>>()),
                Some(r) => (r.xi, r.yi),
            };
            xi.drain(t.a.clone());
            let mut k = 0;
            yi.retain(|_| {
                let keep = !y_used[k];
                k += 1;
                keep
            });
            let xc: Vec<char> = xi.iter().map(|&i| x[i as usize]).collect();
            let yc: Vec<char> = yi.iter().map(|&i| y[i as usize]).collect();
            rest = Some(Rest { xi, yi, xc, yc, x_before, x_cut: t.a.clone() });
        }
        (out, false, nrounds)
    }
}

/// What the diffs of a comparison's earlier rounds found about the pair.
#[derive(Debug, Default)]
struct Mode {
    /// A round's first plain diff needed more than ordinary pairs do: later rounds skip it.
    dear: bool,
    /// A round's runs came from anchors out of order (blocks moved): later rounds use anchors
    /// alone.
    moved: bool,
}

/// Work (see [`myers`]) the diffs of one comparison may spend over all its rounds, for `chars`
/// characters compared (the shorter text and at most the limit of the longer):
/// [`COMPARE_WORK_BASE`] and [`COMPARE_WORK_PER_CHAR`] per character, at most
/// [`myers::WORK_BUDGET`]. Past it, the shared text found so far is the answer, a lower bound.
/// Measured per character of the pair: at most 180 on simulated crawls; a plain diff that gives
/// up at `max_edit_distance` spends about 4M however short the texts (the base covers it), one
/// whose edit distance is near it up to twice that, which only pairs whose anchors kept their
/// order and that are too long for the bit vectors (or their cost) still run (see
/// `Verifier::diff_round`); 4,000-5,700 for texts that repeat themselves (a block pasted many
/// times on a page and on its copies) when the plain diff aligned them, where each diff had a
/// budget of its own before and eight rounds of them took 0.2-0.9 s per pair.
fn compare_budget(chars: usize) -> u64 {
    (COMPARE_WORK_BASE + COMPARE_WORK_PER_CHAR * chars as u64).min(myers::WORK_BUDGET)
}

/// See [`compare_budget`].
const COMPARE_WORK_BASE: u64 = 6_000_000;
/// See [`compare_budget`].
const COMPARE_WORK_PER_CHAR: u64 = 512;

/// Rounds that may find a region in order with the earlier ones, as the extra rounds for a
/// paragraph inserted or moved do, and that cost no work from the budget (see
/// [`ROUND_WORK_PER_CHAR`]); the rounds after, up to `max_rounds`, find only blocks that moved.
const FREE_ROUNDS: usize = 8;
/// Work a round past [`FREE_ROUNDS`] takes from the comparison's budget per character of what is
/// left of the two texts: about what its windows, skeletons and trusted region cost next to the
/// diff's units.
const ROUND_WORK_PER_CHAR: u64 = 16;

/// The work of a round's first plain diff (see [`Verifier::diff_round`]): this and
/// [`FIRST_TRY_WORK_PER_CHAR`] per character of the two skeletons.
const FIRST_TRY_WORK_BASE: u64 = 16_384;
/// See [`FIRST_TRY_WORK_BASE`].
const FIRST_TRY_WORK_PER_CHAR: u64 = 8;

/// Verification reads at most this many times [`Params::max_verify_chars`] characters of a text
/// (3.2 million by default, a long novel): its windows take eight bytes per character, and a
/// 32 MiB page of ASCII would otherwise hold a quarter of a gigabyte of them per thread.
const LONG_TEXT_FACTOR: usize = 16;

/// The part of `text` verification reads: see [`LONG_TEXT_FACTOR`].
fn considered<'t>(text: &'t [char], p: &Params) -> &'t [char] {
    &text[..text.len().min(p.max_verify_chars.max(1).saturating_mul(LONG_TEXT_FACTOR))]
}

impl Verifier {
    /// [`Verifier::align`] when `y`, the longer text, is over [`Params::max_verify_chars`] (a
    /// novel's every chapter on one page, a long report), and `x` is at most that long (the
    /// caller cuts it): aligning all of y could cost O(N·D), and its first characters would
    /// miss a chapter deep inside the book. x is aligned against the stretch of y, at most the
    /// limit long, where most of its windows are. `y_windows`: y's windows, if already
    /// computed. Runs and regions come back in y's whole coordinates, with the stretch.
    fn align_long(
        &mut self,
        x: &[char],
        y: &[char],
        y_windows: Option<&Windows>,
        p: &Params,
        slack: usize,
    ) -> (Vec<RoundResult>, bool, usize, std::ops::Range<usize>) {
        let cap = p.max_verify_chars.max(1);
        let w = p.skeleton_window.max(1);
        let computed;
        let y_windows = match y_windows {
            Some(yw) => yw,
            None => {
                computed = Windows::new(y, w);
                &computed
            }
        };
        self.wx.fill(x, w);
        self.bitmap.fill(&self.wx.hashes);
        skeleton::kept(y_windows, y.len(), &self.bitmap, &mut self.keep_b);
        let region = densest(&self.keep_b, cap).unwrap_or(0..y.len().min(cap));
        let (mut rounds, rejected, n) = self.align(x, &y[region.clone()], p, Round0::Fresh, slack);
        let dy = region.start;
        for r in &mut rounds {
            for run in &mut r.runs {
                run.b += dy as u32;
            }
            (r.span.b_start, r.span.b_end) = (r.span.b_start + dy, r.span.b_end + dy);
        }
        (rounds, rejected, n, region)
    }
}

/// The stretch of at most `reach` characters holding the most of `kept` (sorted positions), from
/// its first to its last; none when `kept` is empty.
fn densest(kept: &[u32], reach: usize) -> Option<std::ops::Range<usize>> {
    let (mut best, mut lo) = (None::<(usize, usize)>, 0usize);
    for hi in 0..kept.len() {
        while (kept[hi] - kept[lo]) as usize >= reach {
            lo += 1;
        }
        if best.is_none_or(|(i, j)| hi - lo > j - i) {
            best = Some((lo, hi));
        }
    }
    best.map(|(i, j)| kept[i] as usize..kept[j] as usize + 1)
}

/// True when skeletons of these sizes cannot reach any relation: the early reject of step 2.
fn cannot_reach(bound: usize, keep_x: &[u32], shorter: usize, p: &Params) -> bool {
    if bound < p.min_shared_chars {
        return true;
    }
    let contain = bound as f64 / shorter.max(1) as f64;
    if contain >= p.contain_rate.min(p.dup_coverage) {
        return false;
    }
    // An overlap needs one flat region of overlap_min_chars matched characters; its gaps add up to
    // at most θ/(1-θ) of that.
    let theta = p.theta.clamp(0.0, 0.9);
    let max_gap = (theta / (1.0 - theta) * p.overlap_min_chars as f64).ceil() as u32;
    skeleton::max_stretch(keep_x, max_gap) < p.overlap_min_chars
}

/// Characters of `run` inside `ranges` (sorted, not overlapping).
fn overlap(run: std::ops::Range<usize>, ranges: &[std::ops::Range<usize>]) -> usize {
    let first = ranges.partition_point(|r| r.end <= run.start);
    ranges[first..]
        .iter()
        .take_while(|r| r.start < run.end)
        .map(|r| r.end.min(run.end).saturating_sub(r.start.max(run.start)))
        .sum()
}

/// Of a run of `len` aligned characters from `sa` in a and `sb` in b, those that both `a_ranges`
/// (a's coordinates) and `b_ranges` (b's) hold. Both sorted, not overlapping.
fn overlap_both(
    sa: usize,
    sb: usize,
    len: usize,
    a_ranges: &[std::ops::Range<usize>],
    b_ranges: &[std::ops::Range<usize>],
) -> usize {
    let first = a_ranges.partition_point(|r| r.end <= sa);
    a_ranges[first..]
        .iter()
        .take_while(|r| r.start < sa + len)
        .map(|r| {
            let (from, to) = (r.start.max(sa) - sa, r.end.min(sa + len) - sa);
            overlap(sb + from..sb + to, b_ranges)
        })
        .sum()
}

/// Maps runs over kept characters back to the coordinates `xi`/`yi` index into, splitting a run
/// wherever either side skips a character; the pieces are appended to `out`.
fn split_runs(runs: &[Run], xi: &[u32], yi: &[u32], out: &mut Vec<Run>) {
    for r in runs {
        let xs = &xi[r.a as usize..(r.a + r.len) as usize];
        let ys = &yi[r.b as usize..(r.b + r.len) as usize];
        let mut start = 0;
        for k in 1..xs.len() {
            if xs[k] != xs[k - 1] + 1 || ys[k] != ys[k - 1] + 1 {
                out.push(Run { a: xs[start], b: ys[start], len: (k - start) as u32 });
                start = k;
            }
        }
        if start < xs.len() {
            out.push(Run { a: xs[start], b: ys[start], len: (xs.len() - start) as u32 });
        }
    }
}

/// Longest gap on either side still read as a local disagreement rather than a different passage.
const CONFLICT_MAX_GAP: usize = 16;

fn is_ascii_digit(c: &char) -> bool {
    c.is_ascii_digit()
}

fn is_cjk_numeral(c: &char) -> bool {
    matches!(
        c,
        '〇' | '零'
            | '一'
            | '二'
            | '三'
            | '四'
            | '五'
            | '六'
            | '七'
            | '八'
            | '九'
            | '十'
            | '百'
            | '千'
            | '万'
            | '亿'
            | '两'
    )
}

/// Longest unaligned head or tail, on either side, still read as the same sentence stated with
/// other facts (a bulletin's opening line) rather than text one of the pages has and the other
/// has not.
const EDGE_MAX_GAP: usize = 100;

/// The unaligned heads of both texts, before the region that starts first in both, and their
/// unaligned tails, after the region that ends last in both; each pair only when both sides are
/// non-empty, at most [`EDGE_MAX_GAP`] long and within a factor of two of each other (one
/// sentence written twice, not a paragraph one page adds). Regions found in other orders
/// (moved paragraphs) give no edge. When the whole gaps are not alike, their parts on the
/// region's own first (or last) line are, by the same test: a region that starts inside a
/// sentence ("…12毫米，待机…" against "…16毫米，待机…", a line one page has coming before)
/// leaves that sentence's other figures just outside it.
fn edge_gaps(
    x: &[char],
    y: &[char],
    ly: usize,
    rounds: &[RoundResult],
) -> impl Iterator<Item = (std::ops::Range<usize>, std::ops::Range<usize>)> {
    let alike = |(gx, gy): &Gap| {
        let (a, b) = (gx.len(), gy.len());
        a > 0 && b > 0 && a.max(b) <= EDGE_MAX_GAP && 2 * a.min(b) >= a.max(b)
    };
    // The gaps `pick` finds beside region `rx`, the first (or last) in x, when it is in y too,
    // and their parts on the region's line (`on_line`).
    let gap = |rx: Option<&RoundResult>,
               ry: Option<&RoundResult>,
               pick: &dyn Fn(&Span) -> Gap,
               on_line: &dyn Fn(&Gap) -> Gap| {
        let (rx, ry) = (rx?, ry?);
        if rx.span.round != ry.span.round {
            return None;
        }
        let whole = pick(&rx.span);
        if alike(&whole) {
            return Some(whole);
        }
        Some(on_line(&whole)).filter(alike)
    };
    let head = gap(
        rounds.iter().min_by_key(|r| r.span.a_start),
        rounds.iter().min_by_key(|r| r.span.b_start),
        &|s| (0..s.a_start, 0..s.b_start),
        &|(gx, gy)| (line_start(x, gx.end)..gx.end, line_start(y, gy.end)..gy.end),
    );
    let tail = gap(
        rounds.iter().max_by_key(|r| r.span.a_end),
        rounds.iter().max_by_key(|r| r.span.b_end),
        &|s| (s.a_end..x.len(), s.b_end..ly),
        &|(gx, gy)| (gx.start..line_end(x, gx.start, gx.end), gy.start..line_end(y, gy.start, gy.end)),
    );
    head.into_iter().chain(tail)
}

/// Where the line holding `t[at]` (or ending just before it) starts.
fn line_start(t: &[char], at: usize) -> usize {
    t[..at].iter().rposition(|&c| c == '\n').map_or(0, |i| i + 1)
}

/// Where the line holding `t[at]` ends: its line break, or `end` if none comes before it.
fn line_end(t: &[char], at: usize, end: usize) -> usize {
    t[at..end].iter().position(|&c| c == '\n').map_or(end, |i| at + i)
}

/// Whether `t[i]` ends a sentence: '!', '?' or a full stop as the index's rules read them.
fn sentence_end(t: &[char], i: usize, stops: crate::features::Stops) -> bool {
    matches!(t[i], '!' | '?') || stops.at(t, i)
}

/// The parts inside `g` of the lines of `t` that `g` touches and that hold a sentence end (the
/// whole line is read: a gap may stop short of its sentence's full stop).
fn prose_lines(t: &[char], g: std::ops::Range<usize>, stops: crate::features::Stops) -> Vec<std::ops::Range<usize>> {
    let mut start = line_start(t, g.start);
    let mut lines = Vec::new();
    while start < g.end {
        let end = line_end(t, start, t.len());
        if (start..end).any(|k| sentence_end(t, k, stops)) {
            lines.push(start.max(g.start)..end.min(g.end));
        }
        start = end + 1;
    }
    lines
}

/// The digits of `t` in `ranges`, in order, but those of dates and times: a repost's dateline
/// and source line carry its own day, in its own format ("3月5日" against "2024年3月6日讯",
/// "2024-03-05"), and are no fact of the text.
fn figures(t: &[char], ranges: &[std::ops::Range<usize>]) -> Vec<char> {
    let mut out = Vec::new();
    each_figure(t, ranges, |part, _| out.extend_from_slice(&t[part]));
    out
}

/// Calls `f` with each run of ASCII digits of `t` inside `ranges` that is no part of a date or
/// time ([`is_date_part`], read on the whole run in `t`): the part inside the range, and the
/// whole run.
fn each_figure(t: &[char], ranges: &[Range], mut f: impl FnMut(Range, Range)) {
    let digit = |i: usize| t.get(i).is_some_and(char::is_ascii_digit);
    for r in ranges {
        let mut i = r.start;
        while i < r.end.min(t.len()) {
            if !digit(i) {
                i += 1;
                continue;
            }
            // The whole run of digits and the date or time it may belong to, in the full text.
            let start = (0..i).rev().take_while(|&k| digit(k)).last().unwrap_or(i);
            let end = (i..t.len()).take_while(|&k| digit(k)).last().map_or(i, |k| k + 1);
            if !is_date_part(t, start, end) {
                f(i.max(start)..end.min(r.end), start..end);
            }
            i = end;
        }
    }
}

/// Whether the digits `t[start..end]` are part of a date or a time of day: followed by 年, 月,
/// 日, 号, 时, 点, 分 or 秒 (but not 分钟 or 秒钟: "步行10分钟" is a duration, a figure of the
/// text); or joined by ':' to other digits (10:21); or by '-' or '/' when the date has a
/// four-digit year ("2024-03-05", "3/5/2024"), not a range of figures ("10-15℃").
fn is_date_part(t: &[char], start: usize, end: usize) -> bool {
    let duration = matches!(t.get(end), Some('分' | '秒')) && t.get(end + 1) == Some(&'钟');
    if !duration && t.get(end).is_some_and(|c| matches!(c, '年' | '月' | '日' | '号' | '时' | '点' | '分' | '秒'))
    {
        return true;
    }
    let digit = |i: usize| t.get(i).is_some_and(char::is_ascii_digit);
    let joined = |sep: &[char]| {
        (t.get(end).is_some_and(|c| sep.contains(c)) && digit(end + 1))
            || (start >= 2 && sep.contains(&t[start - 1]) && digit(start - 2))
    };
    if joined(&[':']) {
        return true;
    }
    if !joined(&['-', '/']) {
        return false;
    }
    // The date's extent: runs of digits joined by '-' or '/'; a year among them.
    let mut lo = start;
    while lo >= 2 && matches!(t[lo - 1], '-' | '/') && digit(lo - 2) {
        lo -= 1;
        while lo > 0 && digit(lo - 1) {
            lo -= 1;
        }
    }
    let mut hi = end;
    while matches!(t.get(hi), Some('-' | '/')) && digit(hi + 1) {
        hi += 1;
        while digit(hi) {
            hi += 1;
        }
    }
    t[lo..hi].split(|c| matches!(c, '-' | '/')).any(|run| run.len() == 4)
}

/// A stretch of a text, in characters.
type Range = std::ops::Range<usize>;
/// A pair of gaps, one in each text.
type Gap = (Range, Range);

/// Two texts disagree on their figures when each states at least this many the other does not ...
const FIGURES_MIN_OWN: usize = 3;
/// ... and these are at least this share of the figures of both.
const FIGURES_MIN_OWN_SHARE: f64 = 1.0 / 3.0;

/// True when `x` and `y` state other figures (numbers, not dates or times; only on lines with a
/// sentence end, so a copy's hit counter or share counts are not read): each has at least
/// [`FIGURES_MIN_OWN`] the other lacks, and those are [`FIGURES_MIN_OWN_SHARE`] of all. Two
/// filings of one template (a penalty decision against another shop, for other goods, on
/// other days, for other sums) share their procedure word for word and the sentence shapes of
/// their facts, and a figure that differs breaks the alignment only for a character or two:
/// counted one by one they are a few conflicts among many template sentences, and the pair read
/// as a duplicate. A copy keeps its figures; an update or a correction changes one or two, and
/// a text that adds paragraphs adds figures on one side only.
fn figures_disagree(x: &[char], read_x: &[Range], y: &[char], read_y: &[Range], stops: crate::features::Stops) -> bool {
    let (mut fx, mut fy) = (numbers(x, read_x, stops), numbers(y, read_y, stops));
    if fx.len() < FIGURES_MIN_OWN || fy.len() < FIGURES_MIN_OWN {
        return false;
    }
    fx.sort_unstable();
    fy.sort_unstable();
    let (mut i, mut j, mut shared) = (0, 0, 0);
    while i < fx.len() && j < fy.len() {
        match fx[i].cmp(fy[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => (i, j, shared) = (i + 1, j + 1, shared + 1),
        }
    }
    let (own_x, own_y) = (fx.len() - shared, fy.len() - shared);
    own_x >= FIGURES_MIN_OWN
        && own_y >= FIGURES_MIN_OWN
        && (own_x + own_y) as f64 >= FIGURES_MIN_OWN_SHARE * (fx.len() + fy.len()) as f64
}

/// The figures of `t` inside `ranges` (disjoint) on its lines with a sentence end
/// ([`each_figure`]), but a note's mark ("[2]", "【3】"): one wiki marks its sources, another
/// lists them.
fn numbers<'t>(t: &'t [char], ranges: &[Range], stops: crate::features::Stops) -> Vec<&'t [char]> {
    let lines: Vec<Range> = ranges
        .iter()
        .filter(|r| r.start < r.end && r.end <= t.len())
        .flat_map(|r| prose_lines(t, r.clone(), stops))
        .collect();
    let mut out = Vec::new();
    each_figure(t, &lines, |part, run| {
        let note = run.start > 0
            && matches!(t[run.start - 1], '[' | '［' | '【')
            && matches!(t.get(run.end), Some(']' | '］' | '】'));
        if !note {
            out.push(&t[part]);
        }
    });
    out
}

/// True when one of `a` and `b` writes in Chinese numerals the number the other writes in
/// digits: "一九九五" and "1995", "三十一" and "31" (a copy that rewrote the dates), once what
/// both begin and end with is set aside (a gap between aligned pieces holds the characters
/// beside a difference that no shared window covered).
fn same_number(a: &[char], b: &[char]) -> bool {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[head..], &b[head..]);
    let tail = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[..a.len() - tail], &b[..b.len() - tail]);
    let value = |t: &[char]| -> Option<u64> {
        if t.is_empty() || t.len() > 12 {
            return None;
        }
        if t.iter().all(char::is_ascii_digit) {
            return t.iter().try_fold(0u64, |v, c| Some(v * 10 + u64::from(c.to_digit(10)?)));
        }
        let digit =
            |c: &char| "〇零一二三四五六七八九".chars().position(|d| d == *c).map(|i| i.saturating_sub(1) as u64);
        match t.iter().position(|&c| c == '十') {
            // "十", "十二", "三十", "三十一": tens and units.
            Some(at) if t.len() <= 3 => {
                let tens = if at == 0 {
                    Some(1)
                } else if at == 1 {
                    digit(&t[0]).filter(|&d| d > 0)
                } else {
                    None
                }?;
                let units = match &t[at + 1..] {
                    [] => 0,
                    [u] => digit(u).filter(|&d| d > 0)?,
                    _ => return None,
                };
                Some(tens * 10 + units)
            }
            Some(_) => None,
            // Digit by digit: "一九九五", "二〇二四".
            None => t.iter().try_fold(0u64, |v, c| Some(v * 10 + digit(c)?)),
        }
    };
    let ascii = |t: &[char]| !t.is_empty() && t.iter().all(char::is_ascii_digit);
    ascii(a) != ascii(b) && matches!((value(a), value(b)), (Some(u), Some(v)) if u == v)
}

/// Gaps between consecutive matched pieces where the texts disagree on a number.
fn numeric_conflicts(x: &[char], y: &[char], runs: &[Run]) -> usize {
    let mut n = 0;
    for w in runs.windows(2) {
        let (r, s) = (w[0], w[1]);
        let (xa, xb) = ((r.a + r.len) as usize, s.a as usize);
        let (ya, yb) = ((r.b + r.len) as usize, s.b as usize);
        if xb < xa || yb < ya || (xb - xa) > CONFLICT_MAX_GAP || (yb - ya) > CONFLICT_MAX_GAP {
            continue;
        }
        let (gx, gy) = (&x[xa..xb], &y[ya..yb]);
        let ascii = if gx.is_empty() || gy.is_empty() {
            // Digits on one side only disagree on a number when they touch one ("30" against
            // "3"); standing alone they are a list item's "1." or a note's "[2]" that a copy
            // added or dropped, not a different fact.
            let touches = |i: usize| x.get(i).is_some_and(char::is_ascii_digit);
            (gx.iter().any(is_ascii_digit) || gy.iter().any(is_ascii_digit))
                && ((xa > 0 && touches(xa - 1)) || touches(xb))
        } else {
            gx.iter().any(is_ascii_digit) || gy.iter().any(is_ascii_digit)
        };
        let cjk = !gx.is_empty() && !gy.is_empty() && gx.iter().any(is_cjk_numeral) && gy.iter().any(is_cjk_numeral);
        if (ascii || cjk) && !same_number(gx, gy) {
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Rng;

    /// `n` paragraphs of 120 to 300 characters drawn from 3,000 ideographs.
    fn paragraphs(rng: &mut Rng, n: usize) -> Vec<Vec<char>> {
        (0..n)
            .map(|_| {
                let len = 120 + rng.below(181) as usize;
                (0..len).map(|_| char::from_u32(0x4e00 + rng.below(3_000) as u32).unwrap_or('字')).collect()
            })
            .collect()
    }

    #[test]
    fn a_reshuffled_article_is_aligned_around_anchors_for_a_fraction_of_the_budget() {
        let mut rng = Rng::new(0x00D1_6E57);
        let paras = paragraphs(&mut rng, 20);
        let a: Vec<char> = paras.join(&'\n');
        let mut order: Vec<usize> = (0..paras.len()).collect();
        for k in (1..order.len()).rev() {
            order.swap(k, rng.below(k as u64 + 1) as usize);
        }
        let b: Vec<char> = order.iter().map(|&i| paras[i].clone()).collect::<Vec<_>>().join(&'\n');
        let p = Params::default();
        let mut v = Verifier::default();
        let c = v.compare_texts(&a, &b, &p);
        assert_eq!(c.relation, Relation::Duplicate, "{c:?}");
        assert!(c.contain > 0.95, "every paragraph found: {c:?}");
        // A plain diff of the whole pair would take about the square of its length; around
        // anchors each round costs about its length.
        let budget = compare_budget(a.len() + b.len());
        let spent = budget - v.budget;
        assert!(spent * 20 < budget, "spent {spent} of {budget}");
    }

    #[test]
    fn adverts_pasted_in_another_order_are_aligned_by_bit_vectors_for_a_fraction_of_the_budget() {
        // What is left of two spam copies of one article once the article is aligned: the
        // adverts they pasted (three of them, any one each time), one copy more of them than the
        // other. The copies a text holds in excess are all edits: a plain diff costs about the
        // square of the length. The longest common subsequence is found all the same.
        let mut rng = Rng::new(0x00AD_5EED);
        let adverts: Vec<Vec<char>> = paragraphs(&mut rng, 3).into_iter().map(|ad| ad[..120].to_vec()).collect();
        let pasted = |rng: &mut Rng, times: usize| -> (Vec<char>, Vec<usize>) {
            let kinds: Vec<usize> = (0..times).map(|_| rng.below(3) as usize).collect();
            (kinds.iter().flat_map(|&k| adverts[k].iter().copied()).collect(), kinds)
        };
        let p = Params::default();
        let mut v = Verifier::default();
        for _ in 0..4 {
            let ((a, ka), (b, kb)) = (pasted(&mut rng, 14), pasted(&mut rng, 20));
            let c = v.compare_texts(&a, &b, &p);
            let budget = compare_budget(a.len() + b.len());
            let spent = budget - v.budget;
            // Adverts in the same order in both, at the least (but for a few characters the
            // trusted region may trim at its ends).
            let bound = crate::testutil::dp_lcs(&ka, &kb) * 120;
            assert!(c.tlcs_chars + 2 * p.skeleton_window >= bound, "{c:?}");
            assert!(c.relation.is_similar(), "{c:?}");
            // The plain diff spent 30-65% of the budget on these pairs, the bit vectors 2.2-2.6%.
            assert!(spent * 20 < budget, "spent {spent} of {budget}");
        }
    }

    #[test]
    fn a_thread_quoting_its_opening_post_in_every_reply_is_found_in_its_copy() {
        // The quoted block is in every reply, so most windows are no anchors, should the first
        // plain diff not be enough; a copy with two replies more and two edited holds it whole.
        let mut rng = Rng::new(0x7EAD);
        let post = paragraphs(&mut rng, 4).concat();
        let quote = &post[..200];
        let mut replies = paragraphs(&mut rng, 18);
        let thread = |replies: &[Vec<char>]| -> Vec<char> {
            let mut t = post.clone();
            for r in replies {
                t.push('\n');
                t.extend_from_slice(quote);
                t.extend_from_slice(&r[..40]);
            }
            t
        };
        let a = thread(&replies[..16]);
        replies[3][5] = '某';
        replies[9][20] = '某';
        let b = thread(&replies);
        let p = Params::default();
        let c = Verifier::default().compare_texts(&a, &b, &p);
        assert!(matches!(c.relation, Relation::Contained | Relation::Duplicate), "{c:?}");
        assert!(c.contain > 0.99, "{c:?}");
    }

    #[test]
    fn a_number_in_chinese_numerals_is_the_same_in_digits() {
        let same = |a: &str, b: &str| {
            let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            super::same_number(&a, &b) && super::same_number(&b, &a)
        };
        for (cn, digits) in [
            ("一九九五", "1995"),
            ("二〇二四", "2024"),
            ("十二", "12"),
            ("三十一", "31"),
            ("十", "10"),
            ("二十", "20"),
            ("五", "5"),
        ] {
            assert!(same(cn, digits), "{cn} {digits}");
        }
        assert!(same("规划，二〇〇五年前", "规划，2005年前"), "around the numbers");
        for (a, b) in
            [("一九九五", "1996"), ("三十一", "13"), ("1995", "1995"), ("一九", "一九"), ("一百", "100"), ("", "")]
        {
            assert!(!same(a, b), "{a} {b}");
        }
    }

    #[test]
    fn figures_leave_out_dates_and_times() {
        let figures = |s: &str| {
            let t: Vec<char> = s.chars().collect();
            super::figures(&t, std::slice::from_ref(&(0..t.len()))).into_iter().collect::<String>()
        };
        assert_eq!(figures("2024年3月5日17时，气温3℃到14℃"), "314");
        assert_eq!(figures("（来源：2024-03-05 10:21）共240辆"), "240");
        assert_eq!(figures("3/5/2024 发布，指数62"), "62");
        assert_eq!(figures("气温10-15℃，风力3-4级"), "101534", "ranges are figures");
        assert_eq!(figures("03-05 比分 2:1，增长3.5%"), "030535", "no year: figures; a ratio reads as a time");
        assert_eq!(figures("10时25分出发，步行15分钟，休息30秒钟"), "1530", "durations are figures, times of day not");
        // Only the part inside the ranges counts, the date read in the whole text.
        let t: Vec<char> = "3月5日共240辆".chars().collect();
        assert_eq!(super::figures(&t, &[0..1, 4..7]), vec!['2', '4'], "the run cut at the range's end");
    }

    #[test]
    fn characters_of_a_run_inside_ranges() {
        let ranges = [2..5, 8..10, 20..30];
        assert_eq!(overlap(0..2, &ranges), 0);
        assert_eq!(overlap(0..3, &ranges), 1);
        assert_eq!(overlap(3..9, &ranges), 3, "the end of one range and the start of the next");
        assert_eq!(overlap(0..40, &ranges), 15);
        assert_eq!(overlap(25..26, &ranges), 1);
        assert_eq!(overlap(10..20, &ranges), 0, "between ranges, ends exclusive");
        assert_eq!(overlap(0..40, &[]), 0);
    }

    #[test]
    fn characters_both_sides_ranges_hold_of_a_run() {
        // A run of 10 from 5 in a and 105 in b.
        let one = |r: std::ops::Range<usize>| vec![r; 1];
        assert_eq!(overlap_both(5, 105, 10, &one(0..8), &one(100..110)), 3, "a's 5..8 is b's 105..108");
        assert_eq!(overlap_both(5, 105, 10, &one(0..8), &one(108..120)), 0, "a's part and b's part do not meet");
        assert_eq!(overlap_both(5, 105, 10, &[6..7, 9..12], &one(100..200)), 4);
        assert_eq!(overlap_both(5, 105, 10, &[], &one(100..200)), 0);
    }

    /// Furniture, article and furniture: (text, ranges of the furniture).
    fn framed(head: &[char], article: &[char], tail: &[char]) -> (Vec<char>, Vec<std::ops::Range<usize>>) {
        let text: Vec<char> = [head, article, tail].concat();
        let ranges = vec![0..head.len(), head.len() + article.len()..text.len()];
        (text, ranges)
    }

    #[test]
    fn a_candidate_s_boilerplate_counts_neither_way() {
        let mut rng = Rng::new(0xF0_4417);
        let parts = paragraphs(&mut rng, 5);
        let (article, p) = (&parts[0][..100], Params::default());
        // Two sites' furniture around one article, each longer than it.
        let (a, a_bp) = framed(&parts[1][..120], article, &parts[2][..120]);
        let (b, b_bp) = framed(&parts[3][..120], article, &parts[4][..120]);
        let mut v = Verifier::default();
        let plain = v.compare_prepared(&a, &Prepared::new(&a, &p), &b, (0.0, 0.0), &p);
        assert!(!plain.relation.is_claim(), "{plain:?}");
        // b's furniture discounted: a holds all b says.
        let c = v.compare_prepared_discounting(&a, &Prepared::new(&a, &p), &b, &b_bp, (0.0, 0.0), &p);
        assert_eq!(c.relation, Relation::Contains, "{c:?}");
        assert!(c.tlcs_chars >= 95 && c.tlcs_chars <= 100, "{c:?}");
        // Both sides' discounted: copies. And the same the other way round.
        let mut prep_a = Prepared::new(&a, &p);
        prep_a.set_boilerplate(a_bp.clone(), Vec::new());
        let both = v.compare_prepared_discounting(&a, &prep_a, &b, &b_bp, (0.0, 0.0), &p);
        assert_eq!(both.relation, Relation::Duplicate, "{both:?}");
        let mut prep_b = Prepared::new(&b, &p);
        prep_b.set_boilerplate(b_bp.clone(), Vec::new());
        let back = v.compare_prepared_discounting(&b, &prep_b, &a, &a_bp, (0.0, 0.0), &p);
        assert_eq!((back.relation, back.tlcs_chars), (both.relation, both.tlcs_chars));
        assert!((back.resemble - both.resemble).abs() < 1e-9 && (back.contain - both.contain).abs() < 1e-9);
        let one_way = v.compare_prepared_discounting(&b, &Prepared::new(&b, &p), &a, &b_bp[..0], (0.0, 0.0), &p);
        assert!(!one_way.relation.is_claim());
    }

    #[test]
    fn the_candidate_s_boilerplate_the_page_holds_as_text_is_out_of_both() {
        // The page holds the candidate's furniture and the article, then text of its own: what
        // the two share is the article, and the page holds all of it.
        let mut rng = Rng::new(0xF0_4418);
        let parts = paragraphs(&mut rng, 4);
        let (article, p) = (&parts[0][..100], Params::default());
        let (b, b_bp) = framed(&parts[1][..120], article, &parts[2][..120]);
        let a: Vec<char> = [&parts[1][..120], article, &parts[3][..80]].concat();
        let mut v = Verifier::default();
        let plain = v.compare_prepared(&a, &Prepared::new(&a, &p), &b, (0.0, 0.0), &p);
        assert_eq!(plain.relation, Relation::Contained, "the intro and article are 73% of the page: {plain:?}");
        let c = v.compare_prepared_discounting(&a, &Prepared::new(&a, &p), &b, &b_bp, (0.0, 0.0), &p);
        assert_eq!(c.relation, Relation::Contains, "{c:?}");
        assert!((95..=100).contains(&c.tlcs_chars), "the article alone is shared: {c:?}");
    }

    #[test]
    fn an_excerpt_a_listing_cut_short_is_neither_held_nor_shared() {
        // A listing's teasers, each a page's opening cut with an ellipsis; one of them is three
        // quarters of a short article.
        let mut rng = Rng::new(0xE7_C3A7);
        let parts = paragraphs(&mut rng, 9);
        let article = &parts[0][..200];
        let p = Params::default();
        let listing = |teaser: &[char], mark: &str| -> Vec<char> {
            let mut text = Vec::new();
            for (i, other) in parts[1..].iter().enumerate() {
                if i == 4 {
                    text.extend_from_slice(teaser);
                    text.extend(mark.chars());
                    text.push('\n');
                }
                text.extend_from_slice(&other[..100]);
                text.extend("……\n".chars());
            }
            text
        };
        let mut v = Verifier::default();
        for mark in ["……", "...", " …"] {
            let cut = listing(&article[..150], mark);
            let c = v.compare_texts(&cut, article, &p);
            assert_eq!(c.relation, Relation::Different, "{mark}: {c:?}");
            assert!(c.contain >= p.contain_rate, "held as far as the cut: {c:?}");
            let back = v.compare_texts(article, &cut, &p);
            assert_eq!(back.relation, Relation::Different, "{mark}: {back:?}");
        }
        // Not cut short: the listing holds the same three quarters, then its next item.
        let held = v.compare_texts(&listing(&article[..150], ""), article, &p);
        assert_eq!(held.relation, Relation::Contains, "{held:?}");
        // Cut where the article ends (the ellipsis is the listing's habit): the whole is held.
        let whole = v.compare_texts(&listing(article, "……"), article, &p);
        assert_eq!(whole.relation, Relation::Contains, "{whole:?}");
        // A passage long enough to be a key paragraph, cut short, is no overlap either.
        let long = &parts[0];
        assert!(long.len() >= 240, "a paragraph of 120 to 300 characters");
        let teaser = &long[..p.overlap_min_chars + 20];
        let page = listing(teaser, "……");
        let against: Vec<char> = [&long[..], &parts[8][..]].concat();
        let c = v.compare_texts(&page, &against, &p);
        assert_eq!(c.relation, Relation::Different, "{c:?}");
        let uncut = v.compare_texts(&listing(teaser, ""), &against, &p);
        assert_eq!(uncut.relation, Relation::Overlaps, "{uncut:?}");
    }
}
