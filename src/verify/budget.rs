//! The work a comparison may spend, and what of a text it reads at all.

use super::{myers, skeleton};
use crate::params::Params;

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
pub(super) fn compare_budget(chars: usize) -> u64 {
    (COMPARE_WORK_BASE + COMPARE_WORK_PER_CHAR * chars as u64).min(myers::WORK_BUDGET)
}

/// See [`compare_budget`].
const COMPARE_WORK_BASE: u64 = 6_000_000;
/// See [`compare_budget`].
const COMPARE_WORK_PER_CHAR: u64 = 512;

/// Rounds that may find a region in order with the earlier ones, as the extra rounds for a
/// paragraph inserted or moved do, and that cost no work from the budget (see
/// [`ROUND_WORK_PER_CHAR`]); the rounds after, up to `max_rounds`, find only blocks that moved.
pub(super) const FREE_ROUNDS: usize = 8;
/// Work a round past [`FREE_ROUNDS`] takes from the comparison's budget per character of what is
/// left of the two texts: about what its windows, skeletons and trusted region cost next to the
/// diff's units.
pub(super) const ROUND_WORK_PER_CHAR: u64 = 16;

/// The work of a round's first plain diff (see [`super::Verifier::diff_round`]): this and
/// [`FIRST_TRY_WORK_PER_CHAR`] per character of the two skeletons.
pub(super) const FIRST_TRY_WORK_BASE: u64 = 16_384;
/// See [`FIRST_TRY_WORK_BASE`].
pub(super) const FIRST_TRY_WORK_PER_CHAR: u64 = 8;

/// Verification reads at most this many times [`Params::max_verify_chars`] characters of a text
/// (3.2 million by default, a long novel): its windows take eight bytes per character, and a
/// 32 MiB page of ASCII would otherwise hold a quarter of a gigabyte of them per thread.
const LONG_TEXT_FACTOR: usize = 16;

/// The part of `text` verification reads: see [`LONG_TEXT_FACTOR`].
pub(super) fn considered<'t>(text: &'t [char], p: &Params) -> &'t [char] {
    &text[..text.len().min(p.max_verify_chars.max(1).saturating_mul(LONG_TEXT_FACTOR))]
}

/// True when skeletons of these sizes cannot reach any relation: the early reject of step 2.
pub(super) fn cannot_reach(bound: usize, keep_x: &[u32], shorter: usize, p: &Params) -> bool {
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
