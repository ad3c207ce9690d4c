//! CCDet on its own (algorithms.md §1): period features, an inverted index, CCS.
//!
//! A page is the set of its period features (the 10 characters before each full stop, dedupdb's
//! own [`period_features`] with its default rule for full stops). Template pruning as the paper does it, over the whole collection: a
//! feature found on more than [`PRUNE_SITE_PAGES`] pages of one site (the URL's host, or the
//! input's `site`) is a template feature and leaves the index. In crawl order, the index counts
//! the features every earlier page shares with the page; CCS = shared / the smaller set. The
//! paper picks T_ccs from experiment, so thresholds 0.10 ... 0.90 are run; CLR only tells a
//! duplicate from a containment, both of which are positive here. Matches: CCS ≥ T, highest first.

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use dedupdb::features::period_features;
use dedupdb::Params;

use super::{decisions, scored_pairs, Decisions};

/// The paper's feature length L.
pub const PERIOD_LEN: usize = 10;
/// A feature on more pages of one site than this is a template feature.
pub const PRUNE_SITE_PAGES: u32 = 10;
/// The lowest threshold run; pairs below it are not kept.
pub const MIN_T: f64 = 0.10;

/// Every page's earlier pages with CCS ≥ [`MIN_T`]: (CCS, page), highest first.
pub struct Scored {
    pub pairs: Vec<Vec<(f64, usize)>>,
    /// Features pruned as site templates.
    pub pruned: usize,
    pub seconds: f64,
}

pub fn score_pairs(texts: &[Vec<char>], sites: &[String]) -> Scored {
    let start = Instant::now();
    let feats: Vec<Vec<u64>> = texts
        .iter()
        .map(|t| period_features(t, &Params { period_len: PERIOD_LEN, key_bits: 64, ..Params::default() }).0)
        .collect();
    let mut site_ids: HashMap<&str, u32> = HashMap::new();
    let mut per_site: HashMap<(u32, u64), u32> = HashMap::new();
    for (f, s) in feats.iter().zip(sites) {
        let n = site_ids.len() as u32;
        let site = *site_ids.entry(s.as_str()).or_insert(n);
        for &k in f {
            *per_site.entry((site, k)).or_default() += 1;
        }
    }
    let pruned: HashSet<u64> = per_site.iter().filter(|(_, &n)| n > PRUNE_SITE_PAGES).map(|(&(_, k), _)| k).collect();
    let feats: Vec<Vec<u64>> =
        feats.into_iter().map(|f| f.into_iter().filter(|k| !pruned.contains(k)).collect()).collect();

    let pairs = scored_pairs(&feats, MIN_T, |shared, a, b| shared as f64 / a.min(b).max(1) as f64);
    Scored { pairs, pruned: pruned.len(), seconds: start.elapsed().as_secs_f64() }
}

/// Decisions at threshold `t`.
pub fn decide(s: &Scored, t: f64, seconds: f64) -> Decisions {
    let matches = s.pairs.iter().map(|v| v.iter().filter(|(c, _)| *c >= t).map(|&(_, j)| j).collect()).collect();
    decisions(format!("CCDet (T={t:.2})"), matches, seconds + s.seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn excerpts_reach_full_ccs_and_site_templates_are_pruned() {
        let article = "河流治理工程今年春天全面开工。沿岸十二个村庄将修建新的堤坝。工程预计明年汛期前完成。";
        let other = "铁路部门增开临时列车方便旅客。车站秩序总体良好运行平稳。";
        let footer = "本站所有文章未经许可不得转载。";
        let mut texts = vec![chars(article), chars("沿岸十二个村庄将修建新的堤坝。另有一句评论在这里写着。")];
        let mut sites = vec!["a".to_string(), "b".to_string()];
        // Twelve unrelated pages of site c share a footer sentence.
        for i in 0..12 {
            texts.push(chars(&format!("{other}第{i}期{footer}")));
            sites.push("c".to_string());
        }
        let s = score_pairs(&texts, &sites);
        assert_eq!(s.pruned, 1 + 2, "the footer and the two shared sentences of site c");
        assert_eq!(s.pairs[1], vec![(0.5, 0)]);
        let d = decide(&s, 0.5, 0.0);
        assert!(d.positive[1]);
        assert!(!decide(&s, 0.55, 0.0).positive[1]);
        // Site c's pages share nothing but pruned features.
        assert!(d.positive[2..].iter().all(|&p| !p), "{:?}", &s.pairs[2..]);
    }
}
