//! The trustable part of an LCS (the LCS paper's step 3, fig. 4).
//!
//! Along the coordinate text A, the shortest edit script rises by one for every character of A not
//! in the LCS and for every character of B inserted between two positions of A. The slope of a
//! region is its edits over its length; templates sit at the head and tail of a page, where the
//! slope is steep, and the body is a flat stretch. Insertions at a region's two ends do not count
//! against it: what B has before or after the shared body is B's template, not a break in it.
//!
//! A is cut into k blocks weighted towards the centre, `w_i = ceil(k/2) - |ceil(k/2) - i|`; every
//! block run with slope ≤ θ is a base region; the heaviest (then shortest) wins, its ends are
//! extended within the neighbouring blocks while the slope stays ≤ θ, and the longest extension is
//! the trusted region.

use std::ops::Range;

use super::myers::Run;

/// A trusted region of A and what it matches in B.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trusted {
    /// Range of A, from its first to its last matched character.
    pub a: Range<usize>,
    /// Range of B spanned by the matched characters.
    pub b: Range<usize>,
    /// LCS characters inside the region: the TLCS.
    pub matched: usize,
}

/// Block geometry for a text of `n` characters.
fn block_size(n: usize, min_block: usize, max_blocks: usize) -> usize {
    min_block.max(n.div_ceil(max_blocks.max(1))).max(1)
}

/// The trusted region of the alignment `runs` of A (`n` chars) against B (`m` chars), if any.
pub fn trusted_region(
    runs: &[Run],
    n: usize,
    m: usize,
    theta: f64,
    min_block: usize,
    max_blocks: usize,
) -> Option<Trusted> {
    region_of(runs, n, m, theta, min_block, max_blocks, true)
}

/// The longest stretch of A that can be flat with `matched` characters of the LCS in it and
/// beyond it: a stretch of length L has at least L - matched unmatched characters, at most θ·L.
/// One character more than the exact bound, against rounding; `None` when θ bounds nothing.
fn flat_reach(matched: u32, theta: f64) -> Option<usize> {
    let room = 1.0 - theta;
    // θ of 1 or more, or not a number: any length may be flat.
    if room.is_nan() || room <= 0.0 {
        return None;
    }
    let reach = (f64::from(matched) / room).floor() + 1.0;
    (reach < 1e15).then_some(reach as usize)
}

/// [`trusted_region`]; `prune`: skip block runs too long to be flat (see `flat_reach`), which
/// the tests check changes nothing.
fn region_of(
    runs: &[Run],
    n: usize,
    m: usize,
    theta: f64,
    min_block: usize,
    max_blocks: usize,
    prune: bool,
) -> Option<Trusted> {
    if runs.is_empty() || n == 0 {
        return None;
    }
    let (matched, ins) = prefix_tables(runs, n, m);
    let edits = |l: usize, r: usize| -> f64 {
        let del = (r - l) as u32 - (matched[r] - matched[l]);
        let inner = if r > l + 1 { ins[r] - ins[l + 1] } else { 0 };
        f64::from(del + inner)
    };
    let flat = |l: usize, r: usize| r > l && edits(l, r) <= theta * (r - l) as f64;

    let s = block_size(n, min_block, max_blocks);
    let k = n.div_ceil(s);
    let c = k.div_ceil(2) as i64;
    let weight = |i: usize| (c - (c - (i as i64 + 1)).abs()).max(0) as u64;
    let mut wpre = vec![0u64; k + 1];
    for i in 0..k {
        wpre[i + 1] = wpre[i] + weight(i);
    }
    let candidate = |i: usize, j: usize| {
        let (l, r) = (i * s, ((j + 1) * s).min(n));
        matched[r] != matched[l] && flat(l, r)
    };
    // A flat region has at most θ of its length unmatched, so it is no longer than what is
    // matched from its start to A's end over 1 - θ: blocks past that bound are no candidates.
    // A region's second round has a few paragraphs matched among much unmatched text, where
    // trying every run of blocks cost more than the rest of the round's alignment.
    let last_block = |i: usize| -> Option<usize> {
        let l = i * s;
        let Some(reach) = flat_reach(matched[n] - matched[l], theta) else { return Some(k - 1) };
        if n - l <= reach {
            Some(k - 1)
        } else {
            // Blocks i..=j span (j + 1 - i) * s characters.
            (reach / s).checked_sub(1).map(|extra| i + extra)
        }
    };
    let last_block = |i: usize| if prune { last_block(i) } else { Some(k - 1) };
    let best: Vec<(usize, usize)> =
        base_regions(&wpre, last_block, candidate).into_iter().map(|(i, j)| (i * s, ((j + 1) * s).min(n))).collect();
    // Extend each within its neighbouring blocks; keep the longest.
    let mut region: Option<(usize, usize)> = None;
    for (l, r) in best {
        let xl = (l.saturating_sub(s - 1)..=l).find(|&x| flat(x, r)).unwrap_or(l);
        let xr = (r..=(r + s - 1).min(n)).rev().find(|&x| flat(xl, x)).unwrap_or(r);
        if region.is_none_or(|(a, b)| xr - xl > b - a) {
            region = Some((xl, xr));
        }
    }
    let (xl, xr) = region?;
    // Report the region from its first to its last matched character, with B's span.
    let mut a_lo = usize::MAX;
    let mut a_hi = 0;
    let mut b_lo = usize::MAX;
    let mut b_hi = 0;
    for r in runs {
        let (ra, rb, len) = (r.a as usize, r.b as usize, r.len as usize);
        let lo = ra.max(xl);
        let hi = (ra + len).min(xr);
        if lo < hi {
            a_lo = a_lo.min(lo);
            a_hi = a_hi.max(hi);
            b_lo = b_lo.min(rb + (lo - ra));
            b_hi = b_hi.max(rb + (hi - ra));
        }
    }
    let total = (matched[xr] - matched[xl]) as usize;
    (total > 0).then_some(Trusted { a: a_lo..a_hi, b: b_lo..b_hi, matched: total })
}

/// `matched[x]`: LCS characters of A before x; `ins[x + 1] - ins[x]`: characters of B inserted
/// at boundary x of A (n + 1 boundaries). Built run by run: the tables are constant between
/// runs and `matched` rises by one inside them, so no character is visited twice.
fn prefix_tables(runs: &[Run], n: usize, m: usize) -> (Vec<u32>, Vec<u32>) {
    let mut matched: Vec<u32> = Vec::with_capacity(n + 1);
    let mut ins: Vec<u32> = Vec::with_capacity(n + 2);
    let (mut in_lcs, mut inserted, mut prev_b) = (0u32, 0u32, 0u32);
    matched.push(0);
    ins.push(0);
    for r in runs {
        let a = r.a as usize;
        matched.resize(a + 1, in_lcs);
        matched.extend((1..=r.len).map(|i| in_lcs + i));
        in_lcs += r.len;
        // B's characters between the previous run and this one are inserted at boundary a.
        if ins.len() < a + 1 {
            ins.resize(a + 1, inserted);
        }
        inserted += r.b - prev_b;
        prev_b = r.b + r.len;
    }
    matched.resize(n + 1, in_lcs);
    // What B has after the last run is inserted where the last run ends.
    let end = runs.last().map_or(0, |r| (r.a + r.len) as usize);
    if ins.len() < end + 1 {
        ins.resize(end + 1, inserted);
    }
    inserted += (m as u32).saturating_sub(prev_b);
    ins.resize(n + 2, inserted);
    (matched, ins)
}

/// The base regions among blocks `0..k` (`wpre` = prefix sums of the `k` block weights, never
/// negative): of the block runs `(i, j)` that `candidate` accepts, the heaviest, then those with
/// the fewest blocks; every one so keyed, in order of `i`. `candidate` accepts no run from block
/// `i` past `last_block(i)`, and none at all when that is `None`.
///
/// A run's weight only grows with its last block, so for each first block the last blocks are
/// tried from the far end down, and the search stops once no nearer end can weigh as much as the
/// best found (for this first block, or overall). A near-duplicate's whole text is one flat
/// region, found at once.
fn base_regions(
    wpre: &[u64],
    last_block: impl Fn(usize) -> Option<usize>,
    candidate: impl Fn(usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    let k = wpre.len() - 1;
    let mut best = Best::new();
    for i in 0..k {
        if wpre[k] - wpre[i] < best.key.0 {
            continue;
        }
        // No run from block i ends past `last`: starting there breaks off where starting at the
        // far end would, as a run's weight only falls with its last block.
        let Some(last) = last_block(i).map(|j| j.min(k - 1)).filter(|&j| j >= i) else { continue };
        // The best run starting at block i: (weight, blocks, last block).
        let mut mine: Option<(u64, usize, usize)> = None;
        for j in (i..=last).rev() {
            let w = wpre[j + 1] - wpre[i];
            if w < best.key.0 || mine.is_some_and(|m| w < m.0) {
                break;
            }
            // Equal weight nearer the start means fewer blocks: better.
            if candidate(i, j) {
                mine = Some((w, j - i + 1, j));
            }
        }
        if let Some((w, blocks, j)) = mine {
            best.offer(w, blocks, (i, j));
        }
    }
    best.runs
}

/// The block runs with the best key seen so far: the heaviest, then the fewest blocks.
struct Best {
    runs: Vec<(usize, usize)>,
    key: (u64, usize),
}

impl Best {
    fn new() -> Best {
        Best { runs: Vec::new(), key: (0, usize::MAX) }
    }

    /// Offers run `run` of weight `w` and `blocks` blocks.
    fn offer(&mut self, w: u64, blocks: usize, run: (usize, usize)) {
        let better = w > self.key.0 || (w == self.key.0 && blocks < self.key.1);
        if better {
            self.runs.clear();
            self.key = (w, blocks);
        }
        if better || (w, blocks) == self.key {
            self.runs.push(run);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::myers::lcs_runs;

    /// The tables the plain way: mark, then sum.
    fn prefix_tables_by_marking(runs: &[Run], n: usize, m: usize) -> (Vec<u32>, Vec<u32>) {
        let mut matched = vec![0u32; n + 1];
        let mut ins_at = vec![0u32; n + 1];
        let mut prev_b = 0u32;
        for r in runs {
            ins_at[r.a as usize] += r.b - prev_b;
            prev_b = r.b + r.len;
            for x in r.a..r.a + r.len {
                matched[x as usize + 1] = 1;
            }
        }
        let last = runs[runs.len() - 1];
        ins_at[(last.a + last.len) as usize] += (m as u32).saturating_sub(prev_b);
        for x in 1..=n {
            matched[x] += matched[x - 1];
        }
        let mut ins = vec![0u32; n + 2];
        for x in 0..=n {
            ins[x + 1] = ins[x] + ins_at[x];
        }
        (matched, ins)
    }

    #[test]
    fn prefix_tables_are_the_marked_sums() {
        let mut rng = crate::testutil::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut next = |n: u64| rng.below(n);
        for case in 0..2000 {
            // Runs in order in both texts, with gaps of any size (none too), from the very start
            // or not, up to the very end or not.
            let mut runs = Vec::new();
            let (mut a, mut b) = (next(3) as u32, next(3) as u32);
            for _ in 0..1 + next(12) {
                let len = 1 + next(20) as u32;
                runs.push(Run { a, b, len });
                a += len + next(4) as u32 * (case % 3) as u32;
                b += len + next(6) as u32;
            }
            let last = runs[runs.len() - 1];
            let n = (last.a + last.len) as usize + next(3) as usize;
            let m = (last.b + last.len) as usize + next(3) as usize;
            assert_eq!(prefix_tables(&runs, n, m), prefix_tables_by_marking(&runs, n, m), "{runs:?} {n} {m}");
        }
    }

    fn region(a: &str, b: &str) -> Option<Trusted> {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        let runs = lcs_runs(&a, &b, usize::MAX / 4);
        trusted_region(&runs, a.len(), b.len(), 0.1, 8, 96)
    }

    /// Pseudo-random Chinese text: different seeds share only chance characters.
    fn body(seed: u64, n: usize) -> String {
        const POOL: &str = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理";
        let pool: Vec<char> = POOL.chars().collect();
        let mut rng = crate::testutil::Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut out = String::new();
        for i in 0..n {
            out.push(pool[rng.below(pool.len() as u64) as usize]);
            if i % 17 == 16 {
                out.push('。');
            }
        }
        out
    }

    #[test]
    fn shared_body_between_different_templates_is_trusted() {
        let shared = body(1, 400);
        let a = format!("{}{}{}", "甲网站导航首页新闻体育财经", shared, "甲网站版权所有联系我们");
        let b = format!("{}{}{}", "乙站头部频道列表娱乐汽车房产", shared, "乙站底部关于我们广告服务");
        let t = region(&a, &b).expect("a trusted region");
        let n = shared.chars().count();
        assert!(t.matched >= n && t.matched <= n + 8, "matched {} of {n}", t.matched);
    }

    #[test]
    fn shared_head_template_with_different_bodies_is_not_trusted_as_body() {
        let head = "本站首页新闻中心专题报道图片频道视频直播";
        let a = format!("{head}{}", body(2, 600));
        let b = format!("{head}{}", body(3, 600));
        let t = region(&a, &b);
        // Whatever is trusted is at most the template plus chance matches, far from the body.
        let matched = t.map_or(0, |t| t.matched);
        assert!(matched < 60, "matched {matched}");
    }

    #[test]
    fn runs_too_long_to_be_flat_are_skipped_without_changing_the_region() {
        // Alignments of every shape: one long run (a near-copy), scattered short runs (a later
        // round among unmatched text), runs with inserted text between them; thresholds from
        // strict to loose, blocks from a few characters to many.
        let mut rng = crate::testutil::Rng::new(0x5DEE_CE66_D1CE_4E5B);
        let mut next = |n: u64| rng.below(n);
        let mut pruned_some = 0;
        for case in 0..4000 {
            let mut runs = Vec::new();
            let (mut a, mut b) = (next(50) as u32, next(50) as u32);
            let dense = next(4) as u32;
            for _ in 0..next(40) {
                let len = 1 + next(if dense == 0 { 200 } else { 12 }) as u32;
                runs.push(Run { a, b, len });
                a += len + next(u64::from(1 + dense * 60)) as u32;
                b += len + next(u64::from(1 + dense * 20)) as u32;
            }
            let n = runs.last().map_or(1 + next(500) as usize, |r| (r.a + r.len) as usize) + next(300) as usize;
            let m = runs.last().map_or(1 + next(500) as usize, |r| (r.b + r.len) as usize) + next(300) as usize;
            let theta = [0.0, 0.05, 0.1, 0.1, 0.1, 0.3, 0.9, 1.0, 1.5][case % 9];
            let (min_block, max_blocks) = ([1, 8, 24, 24, 40][case % 5], [1, 16, 96, 96, 500][(case / 5) % 5]);
            let want = region_of(&runs, n, m, theta, min_block, max_blocks, false);
            let got = region_of(&runs, n, m, theta, min_block, max_blocks, true);
            assert_eq!(got, want, "case {case}: θ {theta}, blocks {min_block}/{max_blocks}, n {n}, {runs:?}");
            let s = block_size(n, min_block, max_blocks);
            let matched: u32 = runs.iter().map(|r| r.len).sum();
            pruned_some += usize::from(flat_reach(matched, theta).is_some_and(|r| r < n && r / s < n.div_ceil(s)));
        }
        // The cases prune: the bound is not vacuous.
        assert!(pruned_some > 1000, "{pruned_some} cases pruned");
    }

    /// The definition, every run tried: the oracle for [`base_regions`].
    fn base_regions_by_definition(wpre: &[u64], candidate: impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
        let k = wpre.len() - 1;
        let mut best = Best::new();
        for i in 0..k {
            for j in (i..k).filter(|&j| candidate(i, j)) {
                best.offer(wpre[j + 1] - wpre[i], j - i + 1, (i, j));
            }
        }
        best.runs
    }

    #[test]
    fn pruned_base_region_search_equals_the_definition() {
        let mut x = crate::testutil::Rng::new(0x2545_F491_4F6C_DD1D);
        let mut next = || x.next_u64();
        for case in 0..3000 {
            let k = 1 + (next() % 40) as usize;
            // Centre-weighted like the real weights, with zero-weight blocks at the ends sometimes.
            let c = k.div_ceil(2) as i64;
            let zero_ends = case % 3 == 0;
            let mut wpre = vec![0u64];
            for i in 0..k {
                let w = (c - (c - (i as i64 + 1)).abs()).max(0) as u64;
                let w = if zero_ends && (i == 0 || i + 1 == k) { 0 } else { w };
                wpre.push(wpre[i] + w);
            }
            // Random flat blocks; a run is a candidate when all its blocks are (plus noise).
            let density = next() % 100;
            let flat: Vec<bool> = (0..k).map(|_| next() % 100 < density).collect();
            let noise = next();
            // Runs no longer than a bound per first block, or any length.
            let reach: Vec<Option<usize>> = (0..k)
                .map(|i| if case % 2 == 0 { Some(k - 1) } else { (i + (next() % 8) as usize).checked_sub(2) })
                .collect();
            let within = |i: usize, j: usize| reach[i].is_some_and(|r| j <= r);
            let candidate = |i: usize, j: usize| {
                within(i, j)
                    && (flat[i..=j].iter().all(|&f| f) || (noise >> ((i * 7 + j) % 64)) & 1 == 1 && (noise % 5 == 0))
            };
            assert_eq!(
                base_regions(&wpre, |i| reach[i], candidate),
                base_regions_by_definition(&wpre, candidate),
                "case {case}: k {k}, flat {flat:?}"
            );
        }
    }
}
