//! The alignment rounds of a comparison: each round diffs what earlier rounds left, trusts the
//! longest stretch of matches (TLCS) and cuts it out; then the relation is decided from what
//! the rounds found, with the figures, edges and excerpts rules (see `figures`, `edges`).

use super::budget::{
    compare_budget, considered, FIRST_TRY_WORK_BASE, FIRST_TRY_WORK_PER_CHAR, FREE_ROUNDS, ROUND_WORK_PER_CHAR,
};
use super::edges::{edge_gaps, excerpt_cut, prose_lines, sentence_end};
use super::figures::{figures, figures_disagree, numeric_conflicts};
use super::*;

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

impl Verifier {
    /// [`Verifier::compare_texts`]; with `a_windows`, the windows of `a` are those, and `wy`
    /// and `keep_b` already hold b's windows and b's skeleton against a (a prepared comparison's
    /// pre-check), so round 0 does not compute them again. `a_boilerplate`: sentences of `a` that
    /// count neither way; `a_own`: sentences of `a` a match must hold (both: see
    /// [`Prepared::set_boilerplate`]); `b_boilerplate`: sentences of `b` that count neither way
    /// (see [`Verifier::compare_prepared_discounting`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn compare_texts_from(
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

/// Characters of `run` inside `ranges` (sorted, not overlapping).
pub(super) fn overlap(run: std::ops::Range<usize>, ranges: &[std::ops::Range<usize>]) -> usize {
    let first = ranges.partition_point(|r| r.end <= run.start);
    ranges[first..]
        .iter()
        .take_while(|r| r.start < run.end)
        .map(|r| r.end.min(run.end).saturating_sub(r.start.max(run.start)))
        .sum()
}

/// Of a run of `len` aligned characters from `sa` in a and `sb` in b, those that both `a_ranges`
/// (a's coordinates) and `b_ranges` (b's) hold. Both sorted, not overlapping.
pub(super) fn overlap_both(
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
