//! Myers' O(ND) difference algorithm, linear-space variant (Myers 1986, §4b).
//!
//! [`lcs_runs`] returns the matching runs of a longest common subsequence. Common prefixes and
//! suffixes are stripped first; the middle snake splits the rest and both halves recurse. One
//! scratch buffer serves every call, since a middle-snake search ends before its halves start.
//!
//! A subproblem whose edit distance exceeds `max_d`, or any subproblem once the whole diff has
//! spent [`WORK_BUDGET`] diagonal steps, is left unmatched, so the result is then a common
//! subsequence but maybe not the longest: a lower bound, which can only make the verifier more
//! cautious. Within the budgets the result is exact. The work budget bounds the time of one diff
//! (tens of milliseconds) whatever the input.

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

/// Diagonal steps one diff may take before it stops refining.
pub const WORK_BUDGET: u64 = 40_000_000;

/// Reusable state of the diff.
#[derive(Debug, Default)]
pub struct Myers {
    vf: Vec<usize>,
    vb: Vec<usize>,
    work: u64,
}

/// The LCS of `a` and `b` as runs in increasing order; `max_d` bounds the edit distance explored in
/// any one subproblem. Convenience wrapper around [`Myers::diff`].
pub fn lcs_runs<T: Eq>(a: &[T], b: &[T], max_d: usize) -> Vec<Run> {
    let mut out = Vec::new();
    Myers::default().diff(a, b, max_d, &mut out);
    out
}

impl Myers {
    /// Appends the LCS runs of `a` and `b` to `out` (cleared first).
    pub fn diff<T: Eq>(&mut self, a: &[T], b: &[T], max_d: usize, out: &mut Vec<Run>) {
        out.clear();
        self.work = WORK_BUDGET;
        self.rec(a, 0, b, 0, max_d.max(1), out);
        // Adjacent runs (split by the recursion) are merged, in place (`out` is a reused buffer).
        out.retain(|r| r.len > 0);
        out.dedup_by(|r, last| {
            let adjacent = last.a + last.len == r.a && last.b + last.len == r.b;
            if adjacent {
                last.len += r.len;
            }
            adjacent
        });
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
        let (n, m) = (a.len() as isize, b.len() as isize);
        let delta = n - m;
        let odd = delta & 1 != 0;
        let dmax = ((n + m + 1) / 2) as usize;
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
        self.vf[(off + 1) as usize] = 0;
        self.vb[(off + 1) as usize] = 0;
        for d in 0..=dlim as isize {
            let cost = 2 * d as u64 + 1;
            if self.work < cost {
                return None;
            }
            self.work -= cost;
            let mut k = -d;
            while k <= d {
                let i = (k + off) as usize;
                let mut x = if k == -d || (k != d && self.vf[i - 1] < self.vf[i + 1]) {
                    self.vf[i + 1]
                } else {
                    self.vf[i - 1] + 1
                };
                let mut y = (x as isize - k) as usize;
                let (x0, y0) = (x, y);
                while x < n as usize && y < m as usize && a[x] == b[y] {
                    x += 1;
                    y += 1;
                }
                self.vf[i] = x;
                let kr = delta - k;
                if odd && kr >= -(d - 1) && kr < d && self.vf[i] + self.vb[(kr + off) as usize] >= n as usize {
                    return Some((x0, y0, x, y));
                }
                k += 2;
            }
            let mut k = -d;
            while k <= d {
                let i = (k + off) as usize;
                let mut x = if k == -d || (k != d && self.vb[i - 1] < self.vb[i + 1]) {
                    self.vb[i + 1]
                } else {
                    self.vb[i - 1] + 1
                };
                let mut y = (x as isize - k) as usize;
                let (x0, y0) = (x, y);
                while x < n as usize && y < m as usize && a[n as usize - 1 - x] == b[m as usize - 1 - y] {
                    x += 1;
                    y += 1;
                }
                self.vb[i] = x;
                let kf = delta - k;
                if !odd && kf >= -d && kf <= d && self.vb[i] + self.vf[(kf + off) as usize] >= n as usize {
                    let (n, m) = (n as usize, m as usize);
                    return Some((n - x, m - y, n - x0, m - y0));
                }
                k += 2;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dp_lcs<T: Eq>(a: &[T], b: &[T]) -> usize {
        let mut prev = vec![0usize; b.len() + 1];
        let mut cur = vec![0usize; b.len() + 1];
        for x in a {
            for (j, y) in b.iter().enumerate() {
                cur[j + 1] = if x == y { prev[j] + 1 } else { prev[j + 1].max(cur[j]) };
            }
            std::mem::swap(&mut prev, &mut cur);
        }
        prev[b.len()]
    }

    fn check(a: &[char], b: &[char]) {
        let runs = lcs_runs(a, b, usize::MAX / 4);
        let (mut pa, mut pb) = (0u32, 0u32);
        for r in &runs {
            assert!(r.a >= pa && r.b >= pb, "runs out of order");
            assert_eq!(a[r.a as usize..(r.a + r.len) as usize], b[r.b as usize..(r.b + r.len) as usize]);
            pa = r.a + r.len;
            pb = r.b + r.len;
        }
        let total: usize = runs.iter().map(|r| r.len as usize).sum();
        assert_eq!(total, dp_lcs(a, b), "a={a:?} b={b:?}");
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
        let mut myers = Myers { vf: vec![usize::MAX / 3; 4096], vb: vec![7; 4096], work: 0 };
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
            myers.diff(&a, &b, usize::MAX / 4, &mut out);
            let mut at = (0, 0);
            for r in &out {
                assert!(r.a >= at.0 && r.b >= at.1);
                assert_eq!(a[r.a as usize..(r.a + r.len) as usize], b[r.b as usize..(r.b + r.len) as usize]);
                at = (r.a + r.len, r.b + r.len);
            }
            assert_eq!(out.iter().map(|r| r.len as usize).sum::<usize>(), dp_lcs(&a, &b), "{a:?} {b:?}");
        }
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
