//! 64-bit simhash over segmented words (algorithms.md §4), two ways of searching.
//!
//! The fingerprint is the usual Chinese practice: the words of the normalized main text
//! ([`Words`]: jieba, punctuation and white space dropped) without stop words, each weighted by its
//! frequency in the page, hashed to 64 bits (xxh3; the paper used SDBM, a weaker hash); `+w`/`-w`
//! per bit, and the signs kept.
//!
//! * **All earlier pages** ([`neighbours`], [`decide`]): every earlier page within Hamming
//!   distance `k` is a match, nearest first. At 20,000 pages a brute-force scan (popcount of XOR)
//!   is exact and faster than Manku's permuted tables; distances up to [`MAX_K`] are kept for the
//!   sweep in the results file.
//! * **Single-pass clustering** ([`single_pass`]), as the simhash paper runs it: each page is
//!   compared with the current cluster centres only (a cluster's first page) and joins the nearest
//!   within `k` bits, else founds a cluster. Its one match is that centre.

use std::time::Instant;

use xxhash_rust::xxh3::xxh3_64;

use super::words::Words;
use super::{decisions, Decisions};

/// The distance the method is defined with.
pub const K: u32 = 3;
/// Largest distance kept for the sweep in the results file.
pub const MAX_K: u32 = 8;

/// Fingerprints (`None` for a page without words) and the time spent.
pub struct Fingerprints {
    pub fps: Vec<Option<u64>>,
    pub seconds: f64,
}

pub fn fingerprints(words: &Words) -> Fingerprints {
    let start = Instant::now();
    let hashes: Vec<u64> = words.vocab.iter().map(|w| xxh3_64(w.as_bytes())).collect();
    let fps = (0..words.pages.len())
        .map(|p| {
            let tf = words.term_counts(p);
            if tf.is_empty() {
                return None;
            }
            let mut acc = [0i64; 64];
            for (w, c) in tf {
                let h = hashes[w as usize];
                let c = i64::from(c);
                for (bit, a) in acc.iter_mut().enumerate() {
                    if h >> bit & 1 == 1 {
                        *a += c;
                    } else {
                        *a -= c;
                    }
                }
            }
            Some(acc.iter().enumerate().fold(0u64, |f, (bit, &a)| if a > 0 { f | 1 << bit } else { f }))
        })
        .collect();
    Fingerprints { fps, seconds: start.elapsed().as_secs_f64() }
}

/// Earlier pages within [`MAX_K`] bits of every page: (distance, page), nearest first, and the time
/// the scan took.
pub fn neighbours(fps: &Fingerprints) -> (Vec<Vec<(u32, usize)>>, f64) {
    let start = Instant::now();
    let mut out = Vec::with_capacity(fps.fps.len());
    for (i, f) in fps.fps.iter().enumerate() {
        let mut found = Vec::new();
        if let Some(f) = f {
            for (j, g) in fps.fps[..i].iter().enumerate() {
                if let Some(g) = g {
                    let d = (f ^ g).count_ones();
                    if d <= MAX_K {
                        found.push((d, j));
                    }
                }
            }
        }
        found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        out.push(found);
    }
    (out, start.elapsed().as_secs_f64())
}

/// Decisions at distance `k` against all earlier pages.
pub fn decide(near: &[Vec<(u32, usize)>], k: u32, seconds: f64) -> Decisions {
    let matches: Vec<Vec<usize>> =
        near.iter().map(|v| v.iter().filter(|(d, _)| *d <= k).map(|&(_, j)| j).collect()).collect();
    decisions(format!("simhash (k<={k})"), matches, seconds)
}

/// Single-pass clustering at distance `k`: each page against the cluster centres only.
pub fn single_pass(fps: &Fingerprints, k: u32, seconds: f64) -> Decisions {
    let start = Instant::now();
    // (fingerprint, page) of every centre, in the order the clusters were founded.
    let mut centres: Vec<(u64, usize)> = Vec::new();
    let mut matches = Vec::with_capacity(fps.fps.len());
    for (i, f) in fps.fps.iter().enumerate() {
        let Some(f) = *f else {
            matches.push(Vec::new());
            continue;
        };
        // The nearest centre; on a tie, the oldest cluster.
        let nearest = centres.iter().map(|&(g, j)| ((f ^ g).count_ones(), j)).filter(|&(d, _)| d <= k).min();
        match nearest {
            Some((_, j)) => matches.push(vec![j]),
            None => {
                centres.push((f, i));
                matches.push(Vec::new());
            }
        }
    }
    decisions(format!("simhash 1-pass (k<={k})"), matches, seconds + start.elapsed().as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts() -> Vec<Vec<char>> {
        let a: Vec<char> = "今天上午，市政府召开新闻发布会，介绍了今年城市建设的主要任务和具体措施。".chars().collect();
        let b: Vec<char> = "春节期间，铁路部门增开临时列车，方便外出务工人员返乡过年，车站秩序良好。".chars().collect();
        vec![a.clone(), b, a.clone(), Vec::new(), a]
    }

    #[test]
    fn copies_match_and_strangers_do_not() {
        let f = fingerprints(&Words::segment(&texts()));
        assert!(f.fps[3].is_none());
        let (near, _) = neighbours(&f);
        let d = decide(&near, K, 0.0);
        assert_eq!(d.positive, vec![false, false, true, false, true]);
        assert_eq!(d.matches[2], vec![Some(0)]);
        assert_eq!(d.matches[4], vec![Some(2), Some(0)], "equally near: the later page first");
    }

    #[test]
    fn single_pass_matches_only_the_centre() {
        let f = fingerprints(&Words::segment(&texts()));
        let d = single_pass(&f, K, 0.0);
        assert_eq!(d.positive, vec![false, false, true, false, true]);
        // Page 4 is as near to page 2 as to page 0, but only page 0 is a centre.
        assert_eq!(d.matches[4], vec![Some(0)]);
        assert_eq!(d.cluster[4], d.cluster[0]);
        assert_ne!(d.cluster[1], d.cluster[0]);
    }
}
