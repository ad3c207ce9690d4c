//! Helpers shared by the unit tests.

/// A seeded xorshift generator: reproducible random test inputs, the same on every machine.
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator started from `seed` (0 is taken as 1: xorshift stays at 0 forever).
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// The length of the longest common subsequence of `a` and `b` by the plain dynamic programme:
/// the reference the diffs are checked against.
pub(crate) fn dp_lcs<T: Eq>(a: &[T], b: &[T]) -> usize {
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

/// Asserts that `runs` are common runs of `a` and `b`, in increasing order in both, and returns
/// how many characters they cover.
pub(crate) fn common_runs<T: Eq + std::fmt::Debug>(a: &[T], b: &[T], runs: &[crate::verify::myers::Run]) -> usize {
    let (mut pa, mut pb) = (0u32, 0u32);
    for r in runs {
        assert!(r.a >= pa && r.b >= pb, "runs out of order: {runs:?}");
        assert_eq!(a[r.a as usize..(r.a + r.len) as usize], b[r.b as usize..(r.b + r.len) as usize]);
        (pa, pb) = (r.a + r.len, r.b + r.len);
    }
    runs.iter().map(|r| r.len as usize).sum()
}
