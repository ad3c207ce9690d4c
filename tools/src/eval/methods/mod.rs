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

pub use super::score::{clusters_from_top_match, Decisions};

/// Decisions from every page's matches (earlier pages, best first).
pub fn decisions(name: String, matches: Vec<Vec<usize>>, seconds: f64) -> Decisions {
    let matches: Vec<Vec<Option<usize>>> = matches.into_iter().map(|m| m.into_iter().map(Some).collect()).collect();
    let positive = matches.iter().map(|m| !m.is_empty()).collect();
    let cluster = clusters_from_top_match(&matches);
    Decisions { name, positive, matches, cluster, seconds }
}

/// Counts, for one page, the earlier pages sharing its keys through an inverted index: (shared,
/// page) for every earlier page that shares at least one, most shared first, then the latest.
/// Lists longer than `max_list` are skipped (template-like keys).
pub fn shared_counts(
    keys: &[u64],
    index: &std::collections::HashMap<u64, Vec<u32>>,
    max_list: usize,
    counts: &mut std::collections::HashMap<u32, u32>,
) -> Vec<(u32, usize)> {
    counts.clear();
    for k in keys {
        if let Some(list) = index.get(k) {
            if list.len() <= max_list {
                for &j in list {
                    *counts.entry(j).or_default() += 1;
                }
            }
        }
    }
    let mut out: Vec<(u32, usize)> = counts.iter().map(|(&j, &n)| (n, j as usize)).collect();
    out.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn decisions_follow_the_best_match() {
        let d = decisions("x".into(), vec![vec![], vec![0], vec![], vec![2, 1]], 1.0);
        assert_eq!(d.positive, vec![false, true, false, true]);
        assert_eq!(d.cluster, vec![0, 0, 2, 2]);
        assert_eq!(d.matches[3], vec![Some(2), Some(1)]);
    }

    #[test]
    fn shared_counts_rank_and_skip_long_lists() {
        let mut index: HashMap<u64, Vec<u32>> = HashMap::new();
        index.insert(1, vec![0, 1]);
        index.insert(2, vec![1]);
        index.insert(3, vec![0, 1, 2, 3]);
        let mut counts = HashMap::new();
        assert_eq!(shared_counts(&[1, 2, 3, 9], &index, 3, &mut counts), vec![(2, 1), (1, 0)]);
        assert_eq!(shared_counts(&[1, 3], &index, 10, &mut counts), vec![(2, 1), (2, 0), (1, 3), (1, 2)]);
    }
}
