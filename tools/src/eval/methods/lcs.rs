//! The LCS paper on its own (algorithms.md §2): sentence fingerprints find candidates, the
//! trustable LCS of the whole texts decides, with the paper's thresholds.
//!
//! Fingerprints are dedupdb's (`Features::compute`: 16 rotations x 7 groups, X/Y/Z in
//! characters, and the looser keys for pages without a fingerprint, which the paper asks for). In
//! crawl order, a page's candidates are the earlier pages sharing a fingerprint, most shared first;
//! the first [`MAX_VERIFIED`] are verified by dedupdb's skeleton filter, Myers diff and TLCS with
//! rounds for moved paragraphs, and a pair is similar when r ≥ 0.28 or c ≥ 0.7 (resemble and contain
//! rates of the TLCS). None of dedupdb's own additions decide here: no near-miss rule on numbers,
//! no minimum shared length, no overlap rule. Fingerprints on more than 10,000 pages are dropped
//! (the paper's pruning; it does not fire at this scale). Matches: similar candidates by resemble
//! rate, highest first.

use std::time::Instant;

use dedupdb::features::Features;
use dedupdb::verify::{Prepared, Verifier};
use dedupdb::Params;

use super::{decisions, CrawlIndex, Decisions};

/// The paper's resemble-rate threshold.
pub const RESEMBLE: f64 = 0.28;
/// The paper's contain-rate threshold.
pub const CONTAIN: f64 = 0.70;
/// Candidates verified per page, most shared fingerprints first.
pub const MAX_VERIFIED: usize = 64;
/// Fingerprints on more pages are dropped (the paper's template and spam pruning).
pub const MAX_LIST: usize = 10_000;

/// Verification parameters: dedupdb's, with nothing that rejects a pair the paper's thresholds
/// accept (r ≥ 0.28 needs the TLCS to cover 28/128 = 0.4375 of the shorter text at least, so the
/// skeleton pre-check may only reject below that). Fingerprints are the paper's: every rotation,
/// and sentence keys only for a page with none (dedupdb's fallback, as this method has had it).
pub fn params() -> Params {
    Params { dup_coverage: 0.43, min_shared_chars: 1, fp_budget: 0, fp_fallback_below: 0, ..Params::default() }
}

pub fn run(texts: &[Vec<char>]) -> Decisions {
    let start = Instant::now();
    let p = params();
    let fps: Vec<Vec<u64>> = texts.iter().map(|t| Features::compute(t, &p).fingerprints).collect();
    let mut index = CrawlIndex::new(MAX_LIST);
    let mut verifier = Verifier::default();
    let mut matches = Vec::with_capacity(texts.len());
    for (i, f) in fps.iter().enumerate() {
        let cands = index.lookup(f);
        let mut similar: Vec<(f64, usize)> = Vec::new();
        if !cands.is_empty() {
            let prep = Prepared::new(&texts[i], &p);
            for &(_, j) in cands.iter().take(MAX_VERIFIED) {
                let c = verifier.compare_prepared(&texts[i], &prep, &texts[j], (0.0, 0.0), &p);
                if c.resemble >= RESEMBLE || c.contain >= CONTAIN {
                    similar.push((c.resemble, j));
                }
            }
        }
        similar.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
        matches.push(similar.into_iter().map(|(_, j)| j).collect());
        index.add(i, f);
    }
    decisions("LCS paper (r>=0.28 or c>=0.7)".to_string(), matches, start.elapsed().as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_passages_decide_by_the_papers_rates() {
        let sentences: Vec<String> = (0..30)
            .map(|i| format!("第{i}段说明河流治理工程的进展，沿岸村庄修建新的堤坝和水渠，预计汛期前完成全部任务。"))
            .collect();
        let whole: String = sentences.concat();
        let half: String = sentences[..15].concat();
        let stranger: String =
            (0..30).map(|i| format!("铁路部门第{i}次增开临时列车，车站秩序总体良好，旅客出行平稳有序。")).collect();
        // A page that is the article with a different ending: TLCS covers most of both.
        let edited: String =
            sentences[..27].concat() + "以上内容由本报记者整理发布，如需转载请联系编辑部获得授权许可。";
        let texts: Vec<Vec<char>> = [whole, half, stranger, edited].iter().map(|s| s.chars().collect()).collect();
        let d = run(&texts);
        assert_eq!(d.positive, vec![false, true, false, true]);
        assert_eq!(d.matches[1], vec![Some(0)]);
        assert_eq!(d.matches[3][0], Some(0), "the whole article resembles the edit more than the half does");
    }
}
