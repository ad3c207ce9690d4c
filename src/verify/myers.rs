//! Myers' O(ND) difference algorithm, linear-space variant (Myers 1986, §4b).
//!
//! [`lcs_runs`] returns the matching runs of a longest common subsequence. Common prefixes and
//! suffixes are stripped first; the middle snake splits the rest and both halves recurse. One
//! scratch buffer serves every call, since a middle-snake search ends before its halves start.
//!
//! A subproblem whose edit distance exceeds `max_d`, or any subproblem once the work budget is
//! spent, is left unmatched, so the result is then a common subsequence but maybe not the
//! longest: a lower bound, which can only make the verifier more cautious. Within the budgets the
//! result is exact. Work is counted in diagonal steps and in characters compared along them: the
//! latter are most of the time when the texts repeat themselves (a paragraph pasted ten times),
//! where every diagonal a repeat lies on runs far. The budget bounds the time of a diff whatever
//! the input; [`Myers::diff`] takes it from the caller, who may share one over several diffs.

/// A run of equal elements: `a[a..a+len] == b[b..b+len]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// Start in the first sequence.
    pub a: u32,
    /// Start in the second sequence.
    pub b: u32,
    /// Length.
    pub len: u32,
}

/// Work (diagonal steps and characters compared) [`lcs_runs`] may spend, about 0.2 s; also the
/// most one verification's diffs may spend together.
pub const WORK_BUDGET: u64 = 40_000_000;

/// Reusable state of the diff.
#[derive(Debug, Default)]
pub struct Myers {
    vf: Vec<usize>,
    vb: Vec<usize>,
    /// Work left in the current diff.
    work: u64,
    /// Whether the current diff left a subproblem unmatched for want of work.
    exhausted: bool,
    /// Whether it left one unmatched for any reason (work, or an edit distance over `max_d`).
    cut: bool,
}

/// The LCS of `a` and `b` as runs in increasing order; `max_d` bounds the edit distance explored in
/// any one subproblem. Convenience wrapper around [`Myers::diff`] with [`WORK_BUDGET`].
pub fn lcs_runs<T: Eq>(a: &[T], b: &[T], max_d: usize) -> Vec<Run> {
    let mut out = Vec::new();
    let mut budget = WORK_BUDGET;
    Myers::default().diff(a, b, max_d, &mut budget, &mut out);
    out
}

impl Myers {
    /// Appends the LCS runs of `a` and `b` to `out` (cleared first), spending at most `budget`
    /// work, which is left holding what remains. True when the budget ran out before the diff was
    /// done: the runs are then a common subsequence, maybe not the longest.
    pub fn diff<T: Eq>(&mut self, a: &[T], b: &[T], max_d: usize, budget: &mut u64, out: &mut Vec<Run>) -> bool {
        self.spending(budget, out, |m, out| m.rec(a, 0, b, 0, max_d.max(1), out))
    }

    /// Runs `diff` on `out` (cleared first) with `budget` as its work, leaves what remains in
    /// `budget` and merges the runs the recursion split; true when the work ran out.
    fn spending(&mut self, budget: &mut u64, out: &mut Vec<Run>, diff: impl FnOnce(&mut Self, &mut Vec<Run>)) -> bool {
        out.clear();
        (self.work, self.exhausted, self.cut) = (*budget, false, false);
        diff(self, out);
        *budget = self.work;
        merge_adjacent(out);
        self.exhausted
    }

    /// Whether the last diff left some part of the texts unmatched (for want of work, or because
    /// its edit distance was over `max_d`): its runs may then be far from the longest.
    pub fn cut(&self) -> bool {
        self.cut
    }

    /// [`Myers::diff`] around anchors: windows of `w` characters that each text holds once, the
    /// longest chain of them in the same order in both. Each anchor extends into a run and the
    /// stretches between runs are diffed. When a block of text moved, the edit distance of the
    /// whole is twice the block, past any `max_d` worth its cost, and a plain diff matches
    /// nothing; here the chain follows the text that kept its order, and the moved block is left
    /// for a later round. Not always the longest common subsequence: a fallback for when the
    /// plain diff is cut, or would be dear.
    pub fn diff_anchored(
        &mut self,
        a: &[char],
        b: &[char],
        w: usize,
        max_d: usize,
        budget: &mut u64,
        out: &mut Vec<Run>,
    ) -> bool {
        let anchors = Anchors::new(a, b, w);
        self.diff_along(a, b, &anchors, max_d, budget, out)
    }

    /// [`Myers::diff_anchored`] with the anchors already found.
    pub fn diff_along(
        &mut self,
        a: &[char],
        b: &[char],
        anchors: &Anchors,
        max_d: usize,
        budget: &mut u64,
        out: &mut Vec<Run>,
    ) -> bool {
        // Between anchors in order, the texts differ by edits; a gap holding a block that moved
        // differs wholly, and a diff that would give up anyway gives up sooner.
        let max_d = (max_d / GAP_D_DIVISOR).max(1);
        self.spending(budget, out, |m, out| {
            let (mut at_a, mut at_b) = (0usize, 0usize);
            for &(i, j) in &anchors.chain {
                if i < at_a || j < at_b {
                    continue;
                }
                let len = a[i..].iter().zip(&b[j..]).take_while(|(x, y)| x == y).count();
                m.rec(&a[at_a..i], at_a, &b[at_b..j], at_b, max_d, out);
                out.push(Run { a: i as u32, b: j as u32, len: len as u32 });
                (at_a, at_b) = (i + len, j + len);
            }
            m.rec(&a[at_a..], at_a, &b[at_b..], at_b, max_d, out);
        })
    }

    fn rec<T: Eq>(&mut self, a: &[T], ao: usize, b: &[T], bo: usize, max_d: usize, out: &mut Vec<Run>) {
        let pre = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        if pre > 0 {
            out.push(Run { a: ao as u32, b: bo as u32, len: pre as u32 });
        }
        let (a, b) = (&a[pre..], &b[pre..]);
        let (ao, bo) = (ao + pre, bo + pre);
        let suf = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count();
        let (a, b) = (&a[..a.len() - suf], &b[..b.len() - suf]);
        if !a.is_empty() && !b.is_empty() {
            if let Some((x, y, u, v)) = self.middle_snake(a, b, max_d) {
                self.rec(&a[..x], ao, &b[..y], bo, max_d, out);
                if u > x {
                    out.push(Run { a: (ao + x) as u32, b: (bo + y) as u32, len: (u - x) as u32 });
                }
                self.rec(&a[u..], ao + u, &b[v..], bo + v, max_d, out);
            }
        }
        if suf > 0 {
            out.push(Run { a: (ao + a.len()) as u32, b: (bo + b.len()) as u32, len: suf as u32 });
        }
    }

    /// The middle snake `(x, y) -> (u, v)` of an optimal path, or `None` past the budget.
    fn middle_snake<T: Eq>(&mut self, a: &[T], b: &[T], max_d: usize) -> Option<(usize, usize, usize, usize)> {
        let (n, m) = (a.len(), b.len());
        let delta = n as isize - m as isize;
        let odd = delta & 1 != 0;
        let dmax = (n + m).div_ceil(2);
        let dlim = dmax.min(max_d.div_ceil(2) + 1);
        let off = dlim as isize + 1;
        let size = 2 * dlim + 3;
        // No clearing: step d reads only diagonals written at step d - 1 (or, in the overlap
        // tests, at step d itself), except step 0, which reads diagonal 1. Clearing both
        // arrays for every subproblem was a tenth of a verification.
        if self.vf.len() < size {
            self.vf.resize(size, 0);
            self.vb.resize(size, 0);
        }
        // The arrays and the work in locals: stores into the arrays through `self` made the
        // compiler reload every field of it on each diagonal.
        let (vf, vb) = (&mut self.vf[..size], &mut self.vb[..size]);
        let mut work = self.work;
        let found = 'search: {
            vf[(off + 1) as usize] = 0;
            vb[(off + 1) as usize] = 0;
            for d in 0..=dlim as isize {
                let cost = 2 * d as u64 + 1;
                if work < cost {
                    self.work = work;
                    (self.exhausted, self.cut) = (true, true);
                    return None;
                }
                work -= cost;
                let mut k = -d;
                while k <= d {
                    let i = (k + off) as usize;
                    let mut x = if k == -d || (k != d && vf[i - 1] < vf[i + 1]) { vf[i + 1] } else { vf[i - 1] + 1 };
                    let mut y = (x as isize - k) as usize;
                    let (x0, y0) = (x, y);
                    while x < n && y < m && a[x] == b[y] {
                        x += 1;
                        y += 1;
                    }
                    work = work.saturating_sub((x - x0) as u64);
                    vf[i] = x;
                    let kr = delta - k;
                    if odd && kr >= -(d - 1) && kr < d && x + vb[(kr + off) as usize] >= n {
                        break 'search Some((x0, y0, x, y));
                    }
                    k += 2;
                }
                let mut k = -d;
                while k <= d {
                    let i = (k + off) as usize;
                    let mut x = if k == -d || (k != d && vb[i - 1] < vb[i + 1]) { vb[i + 1] } else { vb[i - 1] + 1 };
                    let mut y = (x as isize - k) as usize;
                    let (x0, y0) = (x, y);
                    while x < n && y < m && a[n - 1 - x] == b[m - 1 - y] {
                        x += 1;
                        y += 1;
                    }
                    work = work.saturating_sub((x - x0) as u64);
                    vb[i] = x;
                    let kf = delta - k;
                    if !odd && kf >= -d && kf <= d && x + vf[(kf + off) as usize] >= n {
                        break 'search Some((n - x, m - y, n - x0, m - y0));
                    }
                    k += 2;
                }
            }
            None
        };
        self.work = work;
        if found.is_none() {
            self.cut = true;
        }
        found
    }
}

/// Between two anchors, [`Myers::diff_anchored`] explores edit distances up to `max_d` divided by
/// this.
const GAP_D_DIVISOR: usize = 32;

/// Merges runs that continue one another (the recursion splits them), in place.
fn merge_adjacent(out: &mut Vec<Run>) {
    out.retain(|r| r.len > 0);
    out.dedup_by(|r, last| {
        let adjacent = last.a + last.len == r.a && last.b + last.len == r.b;
        if adjacent {
            last.len += r.len;
        }
        adjacent
    });
}

/// The anchors of two texts: windows of `w` characters each text holds once, and the longest
/// chain of them in the same order in both.
#[derive(Debug, Default)]
pub struct Anchors {
    /// Positions `(i, j)` of the chained windows in the two texts, increasing in both.
    pub chain: Vec<(usize, usize)>,
    /// How many windows each text holds once (the chain's pick is among them).
    pub common: usize,
}

impl Anchors {
    /// Finds the anchors of `a` and `b` (patience sorting: O(n log n)).
    pub fn new(a: &[char], b: &[char], w: usize) -> Anchors {
        use super::skeleton::Windows;
        let (wa, wb) = (Windows::new(a, w.max(1)), Windows::new(b, w.max(1)));
        // Per hash: where it is in a and in b, with u32::MAX once it is seen twice on a side.
        let mut seen: rustc_hash::FxHashMap<u64, (u32, u32)> = rustc_hash::FxHashMap::default();
        seen.reserve(wa.hashes.len());
        for (i, &h) in wa.hashes.iter().enumerate() {
            seen.entry(h).and_modify(|e| e.0 = u32::MAX).or_insert((i as u32, u32::MAX - 1));
        }
        for (j, &h) in wb.hashes.iter().enumerate() {
            if let Some(e) = seen.get_mut(&h) {
                e.1 = if e.1 == u32::MAX - 1 { j as u32 } else { u32::MAX };
            }
        }
        // The windows both hold once, in a's order: each looked up again at its place in a
        // (sorting the map's pairs instead was a third of the time here).
        let pairs: Vec<(u32, u32)> = wa
            .hashes
            .iter()
            .enumerate()
            .filter_map(|(i, h)| seen.get(h).filter(|&&(at, j)| at == i as u32 && j < u32::MAX - 1).copied())
            .collect();
        // Longest strictly increasing subsequence of the j's: `tails[k]` ends the best chain of k + 1.
        let (mut tails, mut prev): (Vec<usize>, Vec<usize>) = (Vec::new(), vec![usize::MAX; pairs.len()]);
        for (k, &(_, j)) in pairs.iter().enumerate() {
            let at = tails.partition_point(|&t| pairs[t].1 < j);
            if at > 0 {
                prev[k] = tails[at - 1];
            }
            if at == tails.len() {
                tails.push(k);
            } else {
                tails[at] = k;
            }
        }
        let mut chain = Vec::with_capacity(tails.len());
        let mut k = tails.last().copied().unwrap_or(usize::MAX);
        while k != usize::MAX {
            chain.push((pairs[k].0 as usize, pairs[k].1 as usize));
            k = prev[k];
        }
        chain.reverse();
        Anchors { chain, common: pairs.len() }
    }

    /// Whether the texts kept their order: all but a thirty-second of the windows both hold
    /// once lie on the chain. A block that moved leaves its windows off it.
    pub fn in_order(&self) -> bool {
        (self.common - self.chain.len()) * OUT_OF_ORDER_SHARE <= self.common
    }

    /// Whether blocks moved, as far as anchors can tell for texts of which the shorter has
    /// `shorter` characters: out of order, and anchors for at least half of it. Fewer say little
    /// either way (a block pasted again and again, whose copies no anchor tells apart).
    pub fn moved(&self, shorter: usize) -> bool {
        !self.in_order() && 2 * self.common >= shorter
    }
}

/// See [`Anchors::in_order`].
const OUT_OF_ORDER_SHARE: usize = 32;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{common_runs, dp_lcs};
    use proptest::prelude::*;

    /// The runs are a common subsequence, in order, as long as the plain programme's LCS.
    fn check(a: &[char], b: &[char]) {
        let runs = lcs_runs(a, b, usize::MAX / 4);
        assert_eq!(common_runs(a, b, &runs), dp_lcs(a, b), "a={a:?} b={b:?}");
    }

    /// Characters from a small alphabet mixing ASCII and CJK, so that random strings share a lot.
    fn alphabet() -> impl Strategy<Value = char> {
        prop::sample::select(vec!['a', 'b', 'c', '新', '闻', '正', '文', '。', '，', '的'])
    }

    /// A string and a copy with a few random edits.
    fn near_equal() -> impl Strategy<Value = (Vec<char>, Vec<char>)> {
        (prop::collection::vec(alphabet(), 0..300), prop::collection::vec((0usize..400, 0u8..3, alphabet()), 0..12))
            .prop_map(|(a, edits)| {
                let mut b = a.clone();
                for (pos, kind, c) in edits {
                    let i = if b.is_empty() { 0 } else { pos % (b.len() + 1) };
                    match kind {
                        0 => b.insert(i, c),
                        1 if i < b.len() => {
                            b.remove(i);
                        }
                        _ if i < b.len() => b[i] = c,
                        _ => b.push(c),
                    }
                }
                (a, b)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        #[test]
        fn random_strings(a in prop::collection::vec(alphabet(), 0..120), b in prop::collection::vec(alphabet(), 0..120)) {
            check(&a, &b);
        }

        #[test]
        fn near_equal_strings((a, b) in near_equal()) {
            check(&a, &b);
        }

        #[test]
        fn any_unicode(a in "\\PC{0,60}", b in "\\PC{0,60}") {
            let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            check(&a, &b);
        }
    }

    #[test]
    fn small_cases() {
        let c = |s: &str| s.chars().collect::<Vec<_>>();
        check(&c(""), &c("abc"));
        check(&c("abc"), &c("abc"));
        check(&c("abcabba"), &c("cbabac"));
        check(&c("新闻正文内容"), &c("新的正文和内容"));
        check(&c("ab"), &c("ba"));
    }

    /// One diff state reused across many diffs, its arrays full of garbage at the start: the
    /// middle snake must never read a diagonal it has not written in the current search.
    #[test]
    fn reused_state_reads_nothing_stale() {
        let mut myers =
            Myers { vf: vec![usize::MAX / 3; 4096], vb: vec![7; 4096], work: 0, exhausted: false, cut: false };
        let mut rng = crate::testutil::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: u64| rng.below(n);
        let mut out = Vec::new();
        for _ in 0..400 {
            let a: Vec<u8> = (0..next(150)).map(|_| next(4) as u8).collect();
            let mut b = a.clone();
            for _ in 0..next(20) {
                let i = next(b.len() as u64 + 1) as usize;
                match next(3) {
                    0 => b.insert(i, next(4) as u8),
                    _ if i < b.len() => {
                        b.remove(i);
                    }
                    _ => b.push(9),
                }
            }
            let mut budget = WORK_BUDGET;
            assert!(!myers.diff(&a, &b, usize::MAX / 4, &mut budget, &mut out), "small diffs stay in budget");
            assert_eq!(common_runs(&a, &b, &out), dp_lcs(&a, &b), "{a:?} {b:?}");
        }
    }

    #[test]
    fn characters_compared_count_as_work_and_a_budget_is_shared() {
        // Shifted by one, a repeating text matches along a diagonal for its whole length: two
        // diagonal steps find it, but 4,000 characters are compared on the way.
        let a: Vec<u8> = [0u8, 1].repeat(2_000);
        let b: Vec<u8> = [1u8, 0].repeat(2_000);
        let (mut myers, mut out) = (Myers::default(), Vec::new());
        let mut budget = 6_000;
        assert!(!myers.diff(&a, &b, usize::MAX / 4, &mut budget, &mut out));
        assert_eq!(out.iter().map(|r| r.len).sum::<u32>(), 3_999);
        let spent = 6_000 - budget;
        assert!(spent >= 3_999, "the characters compared count: {spent}");
        // What is left is what the next diff gets: not enough for a second one.
        assert!(myers.diff(&a, &b, usize::MAX / 4, &mut budget, &mut out), "a shared budget runs out");
        assert!(out.iter().map(|r| r.len).sum::<u32>() < 3_999, "a lower bound");
        assert!(budget < spent);
    }

    #[test]
    fn anchors_match_what_kept_its_order_when_a_block_moved() {
        // b is a with its first block moved to the end: the edit distance is twice the block,
        // past `max_d`, and the plain diff matches nothing.
        let mut rng = crate::testutil::Rng::new(0x5eed);
        let text: Vec<char> =
            (0..3_000).map(|_| char::from_u32(0x4e00 + rng.below(3_000) as u32).unwrap_or('字')).collect();
        let (head, rest) = text.split_at(1_000);
        let b: Vec<char> = rest.iter().chain(head).copied().collect();
        let (mut myers, mut out) = (Myers::default(), Vec::new());
        let mut budget = WORK_BUDGET;
        myers.diff(&text, &b, 1_000, &mut budget, &mut out);
        assert!(myers.cut());
        assert_eq!(out.iter().map(|r| r.len).sum::<u32>(), 0, "{out:?}");
        let mut budget = WORK_BUDGET;
        assert!(!myers.diff_anchored(&text, &b, 8, 1_000, &mut budget, &mut out));
        // The 2,000 characters that kept their order, as one run.
        assert_eq!(out, vec![Run { a: 1_000, b: 0, len: 2_000 }]);
        // Every run is a common run, in order.
        common_runs(&text, &b, &out);
        // Windows found twice in a text are no anchors: a text of one repeated window has none,
        // and the stretches between (here, all of it) are diffed as before.
        let same: Vec<char> = "重复".repeat(50).chars().collect();
        assert!(Anchors::new(&same, &same, 8).chain.is_empty());
        let mut budget = WORK_BUDGET;
        myers.diff_anchored(&same, &same, 8, 1_000, &mut budget, &mut out);
        assert_eq!(out, vec![Run { a: 0, b: 0, len: 100 }]);
    }

    #[test]
    fn anchors_tell_a_moved_block_from_edits() {
        let mut rng = crate::testutil::Rng::new(0xA7C4);
        let text: Vec<char> =
            (0..4_000).map(|_| char::from_u32(0x4e00 + rng.below(3_000) as u32).unwrap_or('字')).collect();
        // Edits everywhere, in place: every window both hold once lies on the chain.
        let edited: Vec<char> = text.iter().enumerate().map(|(i, &c)| if i % 50 == 7 { '某' } else { c }).collect();
        let anchors = Anchors::new(&text, &edited, 8);
        assert!(anchors.common > 3_000 && anchors.in_order(), "{} of {}", anchors.chain.len(), anchors.common);
        // A tenth of the text moved to the front: its windows are off the chain.
        let moved: Vec<char> = text[1_800..2_200].iter().chain(&text[..1_800]).chain(&text[2_200..]).copied().collect();
        let anchors = Anchors::new(&text, &moved, 8);
        assert!(!anchors.in_order(), "{} of {}", anchors.chain.len(), anchors.common);
        assert!(anchors.chain.len() >= anchors.common - 400, "the rest is chained");
        // Texts with no window in common have no anchors, and nothing is out of order.
        let other: Vec<char> = "别的文字".repeat(100).chars().collect();
        let none = Anchors::new(&text, &other, 8);
        assert_eq!((none.common, none.chain.len()), (0, 0));
        assert!(none.in_order());
    }

    #[test]
    fn budget_gives_a_lower_bound() {
        let a: Vec<u32> = (0..400).collect();
        let b: Vec<u32> = (0..400).rev().collect();
        let full: u32 = lcs_runs(&a, &b, usize::MAX / 4).iter().map(|r| r.len).sum();
        let capped: u32 = lcs_runs(&a, &b, 10).iter().map(|r| r.len).sum();
        assert_eq!(full, 1);
        assert!(capped <= full);
    }
}
