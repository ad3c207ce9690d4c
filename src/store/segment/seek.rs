//! Searching sorted tables of hash keys by interpolation.
//!
//! Keys are uniform 64-bit hashes, so a key's place in a sorted table is predictable from its
//! value: about `n * (key - first) / (last - first)`, off by about the square root of the
//! distance. A binary search ignores that and probes ~log2(n) places spread over the table, each
//! a cache miss in a mapped table of millions of entries; interpolating from each probe lands
//! within a few entries in two or three probes, all near one another. The result never depends
//! on the keys being uniform: after a few interpolation steps the search finishes by bisection
//! inside the bracket the probes have narrowed, so skewed keys only cost probes.

/// Interpolation steps before bisection takes over (uniform keys need two or three).
const INTERPOLATION_STEPS: u32 = 4;

/// Below this many candidates a bisection is as good as another guess.
const BISECT_BELOW: usize = 8;

/// Where `key` should be in a table of `n > 0` increasing keys spread evenly over
/// `lo_key..=hi_key`: an index below `n`. (Floating point: an exact 128-bit division is a call
/// into the runtime, and a guess needs no exactness.)
pub(super) fn guess(key: u64, lo_key: u64, hi_key: u64, n: usize) -> usize {
    let span = hi_key.saturating_sub(lo_key) as f64 + 1.0;
    let at = key.saturating_sub(lo_key) as f64 / span * n as f64;
    (at as usize).min(n.saturating_sub(1))
}

/// The first index `i` in `lo..hi` whose key is not less than `key` (`hi` when none), and
/// whether that key equals `key`. `key_at(i)` reads the key of entry `i`; the keys of `lo..hi`
/// must increase. `lo_key` and `hi_key` bound the keys of the range (a key of `lo..hi` lies in
/// `lo_key..=hi_key`); they steer the first guess only, so loose bounds cost probes, never
/// answers. An error of `key_at` is returned as is.
pub(super) fn seek<E>(
    mut lo: usize,
    mut hi: usize,
    mut lo_key: u64,
    mut hi_key: u64,
    key: u64,
    mut key_at: impl FnMut(usize) -> Result<u64, E>,
) -> Result<(usize, bool), E> {
    let mut steps = 0;
    while hi - lo > BISECT_BELOW {
        let mid = if steps < INTERPOLATION_STEPS && lo_key <= key && key <= hi_key && lo_key < hi_key {
            steps += 1;
            guess(key, lo_key, hi_key, hi - lo) + lo
        } else {
            lo + (hi - lo) / 2
        };
        let k = key_at(mid)?;
        match k.cmp(&key) {
            std::cmp::Ordering::Less => (lo, lo_key) = (mid + 1, k.saturating_add(1)),
            std::cmp::Ordering::Greater => (hi, hi_key) = (mid, k.saturating_sub(1)),
            std::cmp::Ordering::Equal => return Ok((mid, true)),
        }
    }
    bisect(lo, hi, &key, key_at)
}

/// [`seek`] by bisection alone, for keys of any order: the first index in `lo..hi` whose key is
/// not less than `key` (`hi` when none), and whether it equals `key`.
pub(super) fn bisect<K: Ord, E>(
    mut lo: usize,
    mut hi: usize,
    key: &K,
    mut key_at: impl FnMut(usize) -> Result<K, E>,
) -> Result<(usize, bool), E> {
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match key_at(mid)?.cmp(key) {
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
            std::cmp::Ordering::Equal => return Ok((mid, true)),
        }
    }
    Ok((lo, false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Rng;

    /// The plain answer: a binary search of the whole slice.
    fn reference(keys: &[u64], key: u64) -> (usize, bool) {
        match keys.binary_search(&key) {
            Ok(i) => (i, true),
            Err(i) => (i, false),
        }
    }

    fn check(keys: &[u64], key: u64, lo_key: u64, hi_key: u64) -> usize {
        let mut probes = 0;
        let got = seek(0, keys.len(), lo_key, hi_key, key, |i| {
            probes += 1;
            Ok::<u64, ()>(keys[i])
        });
        assert_eq!(got, Ok(reference(keys, key)), "key {key:#x} in a table of {}", keys.len());
        probes
    }

    fn sorted(mut keys: Vec<u64>) -> Vec<u64> {
        keys.sort_unstable();
        keys.dedup();
        keys
    }

    #[test]
    fn finds_what_a_binary_search_finds_however_the_keys_lie() {
        let mut rng = Rng::new(7);
        for round in 0..300 {
            let n = rng.below(5000) as usize;
            let keys = sorted(
                (0..n)
                    .map(|_| match round % 4 {
                        0 => rng.next_u64(),                    // uniform hashes
                        1 => rng.below(1 << 20),                // crowded low
                        2 => u64::MAX - rng.below(1000) * 1000, // crowded high
                        _ => rng.next_u64() >> rng.below(64),   // wildly skewed
                    })
                    .collect(),
            );
            let (first, last) = (keys.first().copied().unwrap_or(0), keys.last().copied().unwrap_or(0));
            for _ in 0..50 {
                let key = match rng.below(3) {
                    0 if !keys.is_empty() => keys[rng.below(keys.len() as u64) as usize],
                    1 if !keys.is_empty() => keys[rng.below(keys.len() as u64) as usize].wrapping_add(1),
                    _ => rng.next_u64(),
                };
                // Tight bounds, the loosest bounds, and bounds that are wrong.
                check(&keys, key, first, last);
                check(&keys, key, 0, u64::MAX);
                check(&keys, key, last, first);
            }
            for key in [0, 1, u64::MAX, u64::MAX - 1, first, last] {
                check(&keys, key, first, last);
            }
        }
    }

    #[test]
    fn uniform_keys_take_few_probes() {
        let mut rng = Rng::new(11);
        let keys = sorted((0..1_000_000).map(|_| rng.next_u64()).collect());
        let (first, last) = (keys[0], keys[keys.len() - 1]);
        let mut total = 0;
        for _ in 0..1000 {
            let key = keys[rng.below(keys.len() as u64) as usize];
            total += check(&keys, key, first, last);
        }
        // A binary search takes ~20 probes here.
        assert!(total < 1000 * 8, "{total} probes for 1000 lookups");
    }

    #[test]
    fn a_guess_is_always_an_index_of_the_table() {
        let mut rng = Rng::new(3);
        for _ in 0..10_000 {
            let n = 1 + rng.below(1 << 20) as usize;
            let (a, b, key) = (rng.next_u64() >> rng.below(64), rng.next_u64(), rng.next_u64() >> rng.below(64));
            assert!(guess(key, a, b, n) < n);
        }
        assert_eq!(guess(u64::MAX, 0, u64::MAX, 1000), 999);
        assert_eq!(guess(0, 0, u64::MAX, 1000), 0);
        assert_eq!(guess(1 << 63, 0, u64::MAX, 1000), 500);
        assert_eq!(guess(150, 100, 199, 10), 5, "halfway between the bounds");
    }

    #[test]
    fn the_range_given_is_searched_alone_and_errors_pass_through() {
        let keys: Vec<u64> = (0..100).map(|i| i * 10).collect();
        let got = seek(20, 40, 200, 390, 305, |i| Ok::<u64, ()>(keys[i]));
        assert_eq!(got, Ok((31, false)));
        let got = seek(20, 40, 200, 390, 150, |i| Ok::<u64, ()>(keys[i]));
        assert_eq!(got, Ok((20, false)));
        let got = seek(0, keys.len(), 0, 990, 500, |i| if i == 50 { Err(i) } else { Ok(keys[i]) });
        assert_eq!(got, Err(50));
    }
}
