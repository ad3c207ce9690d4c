//! Figures and numbers: two texts that state other figures, and gaps where they disagree on a
//! number (in digits or Chinese numerals).

use super::edges::prose_lines;
use super::myers::Run;
use super::Range;
use crate::lexicon::{self, zh};

/// Longest gap on either side still read as a local disagreement rather than a different passage.
const CONFLICT_MAX_GAP: usize = 16;

fn is_ascii_digit(c: &char) -> bool {
    c.is_ascii_digit()
}

/// The digits of `t` in `ranges`, in order, but those of dates and times: a repost's dateline
/// and source line carry its own day, in its own format ("3月5日" against "2024年3月6日讯",
/// "2024-03-05"), and are no fact of the text.
pub(super) fn figures(t: &[char], ranges: &[std::ops::Range<usize>]) -> Vec<char> {
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
    let duration = t.get(end).is_some_and(zh::is_duration_unit) && t.get(end + 1) == Some(&zh::DURATION_SUFFIX);
    if !duration && t.get(end).is_some_and(zh::is_date_unit) {
        return true;
    }
    let digit = |i: usize| t.get(i).is_some_and(char::is_ascii_digit);
    let joined = |sep: &[char]| {
        (t.get(end).is_some_and(|c| sep.contains(c)) && digit(end + 1))
            || (start >= 2 && sep.contains(&t[start - 1]) && digit(start - 2))
    };
    if joined(&[lexicon::TIME_SEPARATOR]) {
        return true;
    }
    if !joined(&lexicon::DATE_SEPARATORS) {
        return false;
    }
    // The date's extent: runs of digits joined by '-' or '/'; a year among them.
    let mut lo = start;
    while lo >= 2 && lexicon::is_date_separator(t[lo - 1]) && digit(lo - 2) {
        lo -= 1;
        while lo > 0 && digit(lo - 1) {
            lo -= 1;
        }
    }
    let mut hi = end;
    while t.get(hi).is_some_and(|&c| lexicon::is_date_separator(c)) && digit(hi + 1) {
        hi += 1;
        while digit(hi) {
            hi += 1;
        }
    }
    t[lo..hi].split(|&c| lexicon::is_date_separator(c)).any(|run| run.len() == 4)
}

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
pub(super) fn figures_disagree(
    x: &[char],
    read_x: &[Range],
    y: &[char],
    read_y: &[Range],
    stops: crate::features::Stops,
) -> bool {
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
/// ([`each_figure`]), but a note's mark ("\[2\]", "【3】"): one wiki marks its sources, another
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
            && lexicon::opens_note(t[run.start - 1])
            && t.get(run.end).is_some_and(|&c| lexicon::closes_note(c));
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
pub(super) fn same_number(a: &[char], b: &[char]) -> bool {
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
        let digit = |c: &char| zh::NUMERAL_DIGITS.chars().position(|d| d == *c).map(|i| i.saturating_sub(1) as u64);
        match t.iter().position(|&c| c == zh::NUMERAL_TEN) {
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
pub(super) fn numeric_conflicts(x: &[char], y: &[char], runs: &[Run]) -> usize {
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
        let cjk = !gx.is_empty() && !gy.is_empty() && gx.iter().any(zh::is_numeral) && gy.iter().any(zh::is_numeral);
        if (ascii || cjk) && !same_number(gx, gy) {
            n += 1;
        }
    }
    n
}
