//! The edges of an alignment: an excerpt a listing cut short, the unaligned heads and tails
//! of both texts, and the lines of prose around a gap.

use super::{Gap, RoundResult, Span};

/// True when an aligned passage that ends at `held_end` in `held` and at `holder_end` in
/// `holder` is an excerpt its holder cut short: right after it `holder` says so with an
/// ellipsis ("……", "...") while `held` goes on. A listing, a search result or a "related
/// reading" box shows the first lines of a page and marks the cut; however much of a short
/// page those lines are, the listing is neither its copy nor a page sharing a passage with it.
pub(super) fn excerpt_cut(held: &[char], holder: &[char], held_end: usize, holder_end: usize) -> bool {
    // Something of its own is left out, not a closing character or two the cut ate.
    if held.len().saturating_sub(held_end) < EXCERPT_MIN_REST.max(held.len() / 20) {
        return false;
    }
    // The ellipsis follows the held text within a character or two (a space, a stray mark).
    let after = &holder[holder_end.min(holder.len())..];
    let at = after.iter().take(3).position(|&c| crate::lexicon::is_ellipsis_mark(c));
    at.is_some_and(|i| match after[i] {
        '.' => after.get(i + 1) == Some(&'.'),
        _ => true,
    })
}

/// What a held text must go on with, in characters, past an excerpt's cut (see
/// [`excerpt_cut`]).
const EXCERPT_MIN_REST: usize = 10;

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
pub(super) fn edge_gaps(
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
pub(super) fn sentence_end(t: &[char], i: usize, stops: crate::features::Stops) -> bool {
    matches!(t[i], '!' | '?') || stops.at(t, i)
}

/// The parts inside `g` of the lines of `t` that `g` touches and that hold a sentence end (the
/// whole line is read: a gap may stop short of its sentence's full stop).
pub(super) fn prose_lines(
    t: &[char],
    g: std::ops::Range<usize>,
    stops: crate::features::Stops,
) -> Vec<std::ops::Range<usize>> {
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
