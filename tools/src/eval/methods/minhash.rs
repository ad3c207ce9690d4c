//! Baseline 1: MinHash over character 5-grams with LSH banding.
//!
//! Shingles are the 5-character windows of the normalized main text (white space removed), hashed
//! with xxh3 and deduplicated. The signature holds 128 minima, one per hash function
//! `h_i(x) = a_i * x + b_i` (mod 2^64, `a_i` odd; the minimum is taken over the whole 64-bit value,
//! whose high bits carry the mixing). For a threshold `t`, the 128 values are cut into `b` bands of
//! `r` rows, with `(b, r)` minimizing the summed false-positive and false-negative probability
//! areas (as datasketch's `MinHashLSH` chooses them). In crawl order, a page's candidates are the
//! earlier pages sharing a band; those whose estimated Jaccard (equal signature values / 128) is at
//! least `t` are its matches, best first; then the page is added to the bands.

use std::collections::HashMap;
use std::time::Instant;

use xxhash_rust::xxh3::xxh3_64;

use super::{clusters_from_top_match, Decisions};

pub const PERMS: usize = 128;
pub const SHINGLE: usize = 5;

/// Signatures of all pages (`None` for a page without text).
pub struct Signatures {
    pub sigs: Vec<Option<Box<[u64; PERMS]>>>,
    pub seconds: f64,
}

fn coefficients() -> ([u64; PERMS], [u64; PERMS]) {
    let mut state = 0x005E_ED0F_D00D_u64;
    let mut next = || crate::sim::rng::splitmix(&mut state);
    let mut a = [0u64; PERMS];
    let mut b = [0u64; PERMS];
    for i in 0..PERMS {
        a[i] = next() | 1;
        b[i] = next();
    }
    (a, b)
}

/// The shingle hashes of a text (sorted, unique).
pub fn shingles(text: &[char]) -> Vec<u64> {
    let chars: Vec<char> = text.iter().copied().filter(|c| !c.is_whitespace()).collect();
    if chars.is_empty() {
        return Vec::new();
    }
    let mut buf = String::new();
    let mut out: Vec<u64> = if chars.len() < SHINGLE {
        buf.extend(chars.iter());
        vec![xxh3_64(buf.as_bytes())]
    } else {
        chars
            .windows(SHINGLE)
            .map(|w| {
                buf.clear();
                buf.extend(w.iter());
                xxh3_64(buf.as_bytes())
            })
            .collect()
    };
    out.sort_unstable();
    out.dedup();
    out
}

pub fn signatures(texts: &[Vec<char>]) -> Signatures {
    let start = Instant::now();
    let (a, b) = coefficients();
    let sigs = texts
        .iter()
        .map(|t| {
            let sh = shingles(t);
            if sh.is_empty() {
                return None;
            }
            let mut sig = Box::new([u64::MAX; PERMS]);
            for &x in &sh {
                for i in 0..PERMS {
                    let h = a[i].wrapping_mul(x).wrapping_add(b[i]);
                    if h < sig[i] {
                        sig[i] = h;
                    }
                }
            }
            Some(sig)
        })
        .collect();
    Signatures { sigs, seconds: start.elapsed().as_secs_f64() }
}

/// (bands, rows) for a threshold: minimizes the false-positive plus false-negative areas.
pub fn lsh_params(t: f64) -> (usize, usize) {
    let prob = |s: f64, b: usize, r: usize| 1.0 - (1.0 - s.powi(r as i32)).powi(b as i32);
    let integrate = |lo: f64, hi: f64, f: &dyn Fn(f64) -> f64| {
        let steps = 200;
        let h = (hi - lo) / steps as f64;
        (0..steps).map(|k| f(lo + (k as f64 + 0.5) * h) * h).sum::<f64>()
    };
    let mut best = (1, PERMS);
    let mut best_err = f64::MAX;
    for b in 1..=PERMS {
        for r in 1..=PERMS / b {
            let fp = integrate(0.0, t, &|s| prob(s, b, r));
            let fn_ = integrate(t, 1.0, &|s| 1.0 - prob(s, b, r));
            let err = 0.5 * fp + 0.5 * fn_;
            if err < best_err {
                best_err = err;
                best = (b, r);
            }
        }
    }
    best
}

fn similarity(a: &[u64; PERMS], b: &[u64; PERMS]) -> f64 {
    a.iter().zip(b.iter()).filter(|(x, y)| x == y).count() as f64 / PERMS as f64
}

/// One single pass at threshold `t`.
pub fn run(sigs: &Signatures, t: f64) -> Decisions {
    let start = Instant::now();
    let (bands, rows) = lsh_params(t);
    let n = sigs.sigs.len();
    let mut tables: Vec<HashMap<u64, Vec<u32>>> = vec![HashMap::new(); bands];
    let mut stamp = vec![u32::MAX; n];
    let mut positive = Vec::with_capacity(n);
    let mut matches = Vec::with_capacity(n);
    let mut keybuf = [0u8; 8 * PERMS];
    for (i, sig) in sigs.sigs.iter().enumerate() {
        let Some(sig) = sig else {
            positive.push(false);
            matches.push(Vec::new());
            continue;
        };
        let mut found: Vec<(f64, usize)> = Vec::new();
        let mut keys = Vec::with_capacity(bands);
        for (band, table) in tables.iter().enumerate() {
            let vals = &sig[band * rows..(band + 1) * rows];
            for (k, v) in vals.iter().enumerate() {
                keybuf[k * 8..k * 8 + 8].copy_from_slice(&v.to_le_bytes());
            }
            let key = xxh3_64(&keybuf[..rows * 8]);
            keys.push(key);
            if let Some(list) = table.get(&key) {
                for &j in list {
                    let j = j as usize;
                    if stamp[j] == i as u32 {
                        continue;
                    }
                    stamp[j] = i as u32;
                    if let Some(other) = &sigs.sigs[j] {
                        let s = similarity(sig, other);
                        if s >= t {
                            found.push((s, j));
                        }
                    }
                }
            }
        }
        // Best first; among equals the most recent.
        found.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
        positive.push(!found.is_empty());
        matches.push(found.into_iter().map(|f| Some(f.1)).collect::<Vec<_>>());
        for (band, key) in keys.into_iter().enumerate() {
            tables[band].entry(key).or_default().push(i as u32);
        }
    }
    let cluster = clusters_from_top_match(&matches);
    Decisions {
        name: format!("MinHash LSH (t={t:.2}, b={bands}, r={rows})"),
        positive,
        matches,
        cluster,
        seconds: start.elapsed().as_secs_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_follow_the_threshold() {
        let (b_lo, r_lo) = lsh_params(0.2);
        let (b_hi, r_hi) = lsh_params(0.8);
        assert!(b_lo * r_lo <= PERMS && b_hi * r_hi <= PERMS);
        assert!(r_lo < r_hi, "({b_lo},{r_lo}) vs ({b_hi},{r_hi})");
    }

    #[test]
    fn copies_match_and_strangers_do_not() {
        let a: Vec<char> = "今天上午，市政府召开新闻发布会，介绍了今年城市建设的主要任务和具体措施。".chars().collect();
        let b: Vec<char> = "春节期间，铁路部门增开临时列车，方便外出务工人员返乡过年，车站秩序良好。".chars().collect();
        let sigs = signatures(&[a.clone(), b, a, Vec::new()]);
        let d = run(&sigs, 0.5);
        assert_eq!(d.positive, vec![false, false, true, false]);
        assert_eq!(d.matches[2], vec![Some(0)]);
    }
}
