//! Broder's shingling with super-shingles (algorithms.md §5).
//!
//! Shingles are the runs of [`WORDS`] consecutive words ([`Words`]: jieba, punctuation and white
//! space dropped, stop words kept: they are part of the text's wording); a page with fewer words
//! has its whole word sequence as one shingle. [`MINHASHES`] = 84 min-hashes of the shingle set
//! are cut into [`SUPER`] = 6 groups of 14, each hashed into a super-shingle. Two pages sharing at
//! least `b` super-shingles are similar (the paper: b = 2; b = 1 and 3 are run too). Matches: most
//! shared super-shingles first.

use std::time::Instant;

use xxhash_rust::xxh3::{xxh3_64, xxh3_64_with_seed};

use super::words::Words;
use super::{decisions, CrawlIndex, Decisions};

/// Words per shingle.
pub const WORDS: usize = 4;
/// Min-hashes per page (paper: m = 84).
pub const MINHASHES: usize = 84;
/// Super-shingles per page (paper: m' = 6).
pub const SUPER: usize = 6;

/// The super-shingles of a word sequence (empty for no words).
pub fn super_shingles(words: &[u32]) -> Vec<u64> {
    if words.is_empty() {
        return Vec::new();
    }
    let bytes = |ws: &[u32]| ws.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>();
    let mut shingles: Vec<u64> = if words.len() < WORDS {
        vec![xxh3_64(&bytes(words))]
    } else {
        words.windows(WORDS).map(|w| xxh3_64(&bytes(w))).collect()
    };
    shingles.sort_unstable();
    shingles.dedup();
    let mins: Vec<u64> = (0..MINHASHES as u64)
        .map(|seed| shingles.iter().map(|&s| xxh3_64_with_seed(&s.to_le_bytes(), seed)).min().unwrap_or(0))
        .collect();
    let per = MINHASHES / SUPER;
    mins.chunks(per)
        .enumerate()
        .map(|(g, c)| {
            let mut b = bytes(&[g as u32]);
            b.extend(c.iter().flat_map(|m| m.to_le_bytes()));
            xxh3_64(&b)
        })
        .collect()
}

/// Every page's earlier pages with a shared super-shingle: (shared, page), most first.
pub struct Shared {
    pub pairs: Vec<Vec<(u32, usize)>>,
    pub seconds: f64,
}

pub fn shared(words: &Words) -> Shared {
    let start = Instant::now();
    let mut index = CrawlIndex::new(usize::MAX);
    let mut pairs = Vec::with_capacity(words.pages.len());
    for (i, page) in words.pages.iter().enumerate() {
        let sup = super_shingles(page);
        pairs.push(index.lookup(&sup));
        index.add(i, &sup);
    }
    Shared { pairs, seconds: start.elapsed().as_secs_f64() }
}

/// Decisions with at least `b` shared super-shingles.
pub fn decide(s: &Shared, b: u32, seconds: f64) -> Decisions {
    let matches = s.pairs.iter().map(|v| v.iter().filter(|(n, _)| *n >= b).map(|&(_, j)| j).collect()).collect();
    decisions(format!("shingling (b={b})"), matches, seconds + s.seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_share_every_super_shingle_and_strangers_none() {
        let article = "市政府今天召开新闻发布会，介绍今年城市建设的主要任务，包括修建道路、改造旧城和治理河流。";
        let texts: Vec<Vec<char>> = [article, "春节期间铁路部门增开临时列车，方便外出务工人员返乡过年。", article, ""]
            .iter()
            .map(|s| s.chars().collect())
            .collect();
        let w = Words::segment(&texts);
        assert_eq!(super_shingles(&w.pages[0]).len(), SUPER);
        assert!(super_shingles(&w.pages[3]).is_empty());
        let s = shared(&w);
        assert_eq!(s.pairs[2], vec![(SUPER as u32, 0)]);
        assert!(s.pairs[1].is_empty());
        let d = decide(&s, 2, 0.0);
        assert_eq!(d.positive, vec![false, false, true, false]);
    }

    #[test]
    fn shared_super_shingles_fall_with_the_jaccard_of_the_shingles() {
        // 200 distinct words; the second page replaces every tenth word.
        let a: Vec<u32> = (0..200).collect();
        let b: Vec<u32> = a.iter().map(|&w| if w % 10 == 0 { 1000 + w } else { w }).collect();
        let same = |x: &[u32], y: &[u32]| {
            let (p, q) = (super_shingles(x), super_shingles(y));
            p.iter().zip(&q).filter(|(u, v)| u == v).count()
        };
        assert_eq!(same(&a, &a), SUPER);
        // Shingle Jaccard is about 0.4: a group of 14 min-hashes all equal has odds ~0.4^14.
        assert_eq!(same(&a, &b), 0);
    }
}
