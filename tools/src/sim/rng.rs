//! A small seeded generator (xoshiro256**, seeded through SplitMix64), written out here so that the
//! same seed gives the same crawl whatever crate versions the workspace resolves to.

/// SplitMix64 step: also used to derive independent streams from a seed and a label.
pub fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Mixes a seed with a label and a number into a new seed (FNV-1a over the label, then SplitMix).
pub fn derive(seed: u64, label: &str, n: u64) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for b in label.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    let mut s = seed ^ h.rotate_left(17) ^ n.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    splitmix(&mut s)
}

/// xoshiro256**.
#[derive(Debug, Clone)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut sm = seed;
        let s = [splitmix(&mut sm), splitmix(&mut sm), splitmix(&mut sm), splitmix(&mut sm)];
        Rng { s }
    }

    /// A generator for one purpose (`label`, `n`) under a master seed: streams do not interfere, so
    /// adding draws in one place does not change what another place draws.
    pub fn for_purpose(seed: u64, label: &str, n: u64) -> Rng {
        Rng::new(derive(seed, label, n))
    }

    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// Uniform in `[0, 1)`.
    pub fn f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `lo..hi` (`lo` when the range is empty).
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        if hi <= lo {
            return lo;
        }
        let span = (hi - lo) as u64;
        // Multiply-shift: bias is below 2^-32 for the spans used here.
        lo + ((u128::from(self.next_u64()) * u128::from(span)) >> 64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn incl(&mut self, lo: usize, hi: usize) -> usize {
        self.range(lo, hi + 1)
    }

    /// Uniform real in `[lo, hi)`.
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.f64()
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.f64() < p
    }

    /// One element (panics on an empty slice: callers pass constant, non-empty pools).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.range(0, items.len())]
    }

    /// An index drawn with the given weights (the last index when all weights are zero).
    pub fn weighted(&mut self, weights: &[f64]) -> usize {
        let total: f64 = weights.iter().sum();
        let mut x = self.f64() * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        weights.len().saturating_sub(1)
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.range(0, i + 1);
            items.swap(i, j);
        }
    }

    /// `k` distinct indices of `0..n`, in random order (all of them when `k >= n`).
    pub fn sample_indices(&mut self, n: usize, k: usize) -> Vec<usize> {
        let k = k.min(n);
        if k * 4 >= n {
            let mut all: Vec<usize> = (0..n).collect();
            self.shuffle(&mut all);
            all.truncate(k);
            return all;
        }
        let mut out = Vec::with_capacity(k);
        while out.len() < k {
            let i = self.range(0, n);
            if !out.contains(&i) {
                out.push(i);
            }
        }
        out
    }

    /// Exponential with the given mean.
    pub fn exp(&mut self, mean: f64) -> f64 {
        -mean * (1.0 - self.f64()).ln()
    }

    /// A short lowercase alphanumeric token (random CSS class names, ids).
    pub fn token(&mut self, len: usize) -> String {
        const ALPHA: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
        (0..len)
            .map(|i| {
                let pool = if i == 0 { &ALPHA[..26] } else { ALPHA };
                pool[self.range(0, pool.len())] as char
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_streams_differ() {
        let a: Vec<u64> = (0..5)
            .map({
                let mut r = Rng::new(7);
                move |_| r.next_u64()
            })
            .collect();
        let b: Vec<u64> = (0..5)
            .map({
                let mut r = Rng::new(7);
                move |_| r.next_u64()
            })
            .collect();
        assert_eq!(a, b);
        assert_ne!(Rng::for_purpose(7, "a", 1).next_u64(), Rng::for_purpose(7, "a", 2).next_u64());
        assert_ne!(Rng::for_purpose(7, "a", 1).next_u64(), Rng::for_purpose(7, "b", 1).next_u64());
    }

    #[test]
    fn ranges_stay_in_bounds() {
        let mut r = Rng::new(1);
        for _ in 0..1000 {
            let x = r.range(3, 9);
            assert!((3..9).contains(&x));
            assert!(r.f64() < 1.0);
        }
        assert_eq!(r.range(5, 5), 5);
        assert_eq!(r.sample_indices(10, 3).len(), 3);
    }
}
