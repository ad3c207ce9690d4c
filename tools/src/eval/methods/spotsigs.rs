//! SpotSigs (algorithms.md §5; Theobald, Siddharth and Paepcke, 2008), for Chinese.
//!
//! A spot signature is an antecedent (a function word: [`ANTECEDENTS`](super::words::ANTECEDENTS))
//! with the chain of the next [`CHAIN`] words that are neither stop words nor antecedents; running
//! text is dense with them and navigation is not, which is the method's point. A page is the set of
//! its signatures; signatures on more than [`MAX_DF_SHARE`] of the crawl's pages are dropped (the
//! paper prunes by document frequency as well). Two pages are near-duplicates when the Jaccard
//! similarity of their sets reaches τ. The paper's length partitions and pruned inverted index
//! only skip pairs that cannot reach τ; here an inverted index counts the exact overlap with every
//! earlier page sharing a signature, which gives the same answers. τ is run from 0.10 to 0.90.
//! Matches: highest Jaccard first.

use std::collections::HashMap;
use std::time::Instant;

use xxhash_rust::xxh3::xxh3_64;

use super::words::Words;
use super::{decisions, scored_pairs, Decisions};

/// Words in a chain after the antecedent.
pub const CHAIN: usize = 2;
/// Signatures on more than this share of pages are dropped.
pub const MAX_DF_SHARE: f64 = 0.02;
/// The lowest τ run; pairs below it are not kept.
pub const MIN_TAU: f64 = 0.10;

/// The spot signatures of a page's words, sorted and distinct.
pub fn signatures(words: &Words, page: &[u32]) -> Vec<u64> {
    let mut out = Vec::new();
    for (i, &w) in page.iter().enumerate() {
        if !words.antecedent[w as usize] {
            continue;
        }
        let mut sig = vec![w];
        sig.extend(
            page[i + 1..]
                .iter()
                .copied()
                .filter(|&x| !words.stop[x as usize] && !words.antecedent[x as usize])
                .take(CHAIN),
        );
        if sig.len() == CHAIN + 1 {
            out.push(xxh3_64(&sig.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>()));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Every page's earlier pages with Jaccard ≥ [`MIN_TAU`]: (Jaccard, page), highest first.
pub struct Scored {
    pub pairs: Vec<Vec<(f64, usize)>>,
    pub seconds: f64,
}

pub fn score_pairs(words: &Words) -> Scored {
    let start = Instant::now();
    let sigs: Vec<Vec<u64>> = words.pages.iter().map(|p| signatures(words, p)).collect();
    let mut df: HashMap<u64, u32> = HashMap::new();
    for s in &sigs {
        for &k in s {
            *df.entry(k).or_default() += 1;
        }
    }
    let max_df = (MAX_DF_SHARE * sigs.len() as f64).max(2.0) as u32;
    let sigs: Vec<Vec<u64>> = sigs.into_iter().map(|s| s.into_iter().filter(|k| df[k] <= max_df).collect()).collect();
    let pairs = scored_pairs(&sigs, MIN_TAU, |shared, a, b| shared as f64 / (a + b - shared) as f64);
    Scored { pairs, seconds: start.elapsed().as_secs_f64() }
}

/// Decisions at threshold `tau`.
pub fn decide(s: &Scored, tau: f64, seconds: f64) -> Decisions {
    let matches = s.pairs.iter().map(|v| v.iter().filter(|(j, _)| *j >= tau).map(|&(_, p)| p).collect()).collect();
    decisions(format!("SpotSigs (tau={tau:.2})"), matches, seconds + s.seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_follow_antecedents_and_jaccard_is_exact() {
        let a = "政府的 城市 建设 计划 和 道路 改造 工程 在 今年 春天 开工 对 沿岸 村庄 影响 很大";
        let b = "政府的 城市 建设 计划 和 道路 改造 工程 在 明年 秋天 开工";
        let texts: Vec<Vec<char>> = [a, b, "火车 飞机 轮船"].iter().map(|s| s.chars().collect()).collect();
        let w = Words::segment(&texts);
        let sa = signatures(&w, &w.pages[0]);
        let sb = signatures(&w, &w.pages[1]);
        assert!(signatures(&w, &w.pages[2]).is_empty(), "no antecedent, no signature");
        assert!(sa.len() >= 3, "的, 和, 在, 对 start chains: {}", sa.len());
        let shared = sa.iter().filter(|k| sb.contains(k)).count();
        assert!(shared >= 1 && shared < sb.len(), "在 starts different chains");
        // Three pages only: no signature is pruned for frequency at max(2% of 3, 2) pages.
        let s = score_pairs(&w);
        let jac = shared as f64 / (sa.len() + sb.len() - shared) as f64;
        assert_eq!(s.pairs[1], if jac >= MIN_TAU { vec![(jac, 0)] } else { vec![] });
        assert!(decide(&s, jac, 0.0).positive[1] == (jac >= MIN_TAU));
        assert!(!decide(&s, jac + 0.01, 0.0).positive[1]);
    }
}
