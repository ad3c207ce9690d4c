//! The detection methods of the founding papers (algorithms.md), each run over the same extracted
//! text in crawl order so that `ddtool eval` can set them side by side with dedupdb.
//!
//! Every method gives, for every page, its matched earlier pages best first; a page with a match is
//! "positive", and its cluster is its best match's (single-pass clustering). Where a method has a
//! threshold the papers leave open, a few settings are run and all of them land in the results
//! file; the table shows the best by decision F1, named with its setting.
//!
//! | module | method |
//! |---|---|
//! | [`ccdet`] | CCDet: period features, CCS over an inverted index, site-template pruning (§1) |
//! | [`lcs`] | the LCS paper: sentence fingerprints, then TLCS on whole texts, r ≥ 0.28 or c ≥ 0.7 (§2) |
//! | [`featcode`] | feature codes: paragraph main and aux codes (§3) |
//! | [`simhash`] | simhash over words, against all earlier pages or single-pass clustering (§4) |
//! | [`shingling`] | Broder's word shingles with super-shingles (§5) |
//! | [`minhash`] | MinHash LSH over character 5-grams (the evaluation issue's baseline) |
//! | [`imatch`] | I-Match, one lexicon and randomised lexicons (§5) |
//! | [`keywords`] | keyword fingerprints: digest, top keywords and their weights (§5) |
//! | [`spotsigs`] | SpotSigs: chains after function words, Jaccard with length partitions (§5) |

pub mod ccdet;
pub mod featcode;
pub mod imatch;
pub mod keywords;
pub mod lcs;
pub mod minhash;
pub mod shingling;
pub mod simhash;
pub mod spotsigs;
pub mod words;

use std::collections::HashMap;

pub use super::score::{clusters_from_top_match, Decisions};

/// Decisions from every page's matches (earlier pages, best first).
pub fn decisions(name: String, matches: Vec<Vec<usize>>, seconds: f64) -> Decisions {
    let matches: Vec<Vec<Option<usize>>> = matches.into_iter().map(|m| m.into_iter().map(Some).collect()).collect();
    let positive = matches.iter().map(|m| !m.is_empty()).collect();
    let cluster = clusters_from_top_match(&matches);
    Decisions { name, positive, matches, cluster, seconds }
}

/// An inverted index filled in crawl order: each page is looked up against the pages before it,
/// then added.
#[derive(Default)]
pub struct CrawlIndex {
    lists: HashMap<u64, Vec<u32>>,
    counts: HashMap<u32, u32>,
    /// Lists longer than this are skipped at lookup (template-like keys).
    max_list: usize,
}

impl CrawlIndex {
    pub fn new(max_list: usize) -> CrawlIndex {
        CrawlIndex { max_list, ..CrawlIndex::default() }
    }

    /// (shared keys, page) for every indexed page sharing at least one of `keys` (distinct), most
    /// shared first, then the latest.
    pub fn lookup(&mut self, keys: &[u64]) -> Vec<(u32, usize)> {
        self.counts.clear();
        for k in keys {
            if let Some(list) = self.lists.get(k) {
                if list.len() <= self.max_list {
                    for &j in list {
                        *self.counts.entry(j).or_default() += 1;
                    }
                }
            }
        }
        let mut out: Vec<(u32, usize)> = self.counts.iter().map(|(&j, &n)| (n, j as usize)).collect();
        out.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
        out
    }

    /// Adds a page's keys.
    pub fn add(&mut self, page: usize, keys: &[u64]) {
        for &k in keys {
            self.lists.entry(k).or_default().push(page as u32);
        }
    }
}

/// For key sets in crawl order (sorted, distinct): every page's earlier pages scored by
/// `score(shared, own size, their size)`, those at `min` or above, highest first, then the latest.
pub fn scored_pairs(sets: &[Vec<u64>], min: f64, score: impl Fn(usize, usize, usize) -> f64) -> Vec<Vec<(f64, usize)>> {
    let mut index = CrawlIndex::new(usize::MAX);
    let mut pairs = Vec::with_capacity(sets.len());
    for (i, s) in sets.iter().enumerate() {
        let mut found: Vec<(f64, usize)> = index
            .lookup(s)
            .into_iter()
            .map(|(n, j)| (score(n as usize, s.len(), sets[j].len()), j))
            .filter(|&(x, _)| x >= min)
            .collect();
        found.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
        pairs.push(found);
        index.add(i, s);
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisions_follow_the_best_match() {
        let d = decisions("x".into(), vec![vec![], vec![0], vec![], vec![2, 1]], 1.0);
        assert_eq!(d.positive, vec![false, true, false, true]);
        assert_eq!(d.cluster, vec![0, 0, 2, 2]);
        assert_eq!(d.matches[3], vec![Some(2), Some(1)]);
    }

    #[test]
    fn lookups_rank_and_skip_long_lists() {
        let mut index = CrawlIndex::new(3);
        index.add(0, &[1, 3]);
        index.add(1, &[1, 2, 3]);
        index.add(2, &[3]);
        index.add(3, &[3]);
        assert_eq!(index.lookup(&[1, 2, 3, 9]), vec![(2, 1), (1, 0)], "key 3 is on four pages");
        index.max_list = 10;
        assert_eq!(index.lookup(&[1, 3]), vec![(2, 1), (2, 0), (1, 3), (1, 2)]);
    }

    #[test]
    fn scored_pairs_look_only_backwards() {
        let sets = vec![vec![1, 2], vec![2, 3], vec![1, 2, 3]];
        let jaccard = |n: usize, a: usize, b: usize| n as f64 / (a + b - n) as f64;
        let p = scored_pairs(&sets, 0.3, jaccard);
        assert_eq!(p[0], vec![]);
        assert_eq!(p[1], vec![(1.0 / 3.0, 0)]);
        assert_eq!(p[2], vec![(2.0 / 3.0, 1), (2.0 / 3.0, 0)]);
        assert_eq!(scored_pairs(&sets, 0.5, jaccard)[1], vec![]);
    }
}
