//! Keyword fingerprints (algorithms.md §5; the Tianwang search engine's five rules).
//!
//! A page's keywords are its [`TOP`] content words of highest weight, TF x IDF over the crawl (stop
//! words left out), with weights normalized to sum to 1; its digest Des is the first 512 bytes of
//! its text (GBK, two per Chinese character: [`DES_CHARS`] characters). Con is the keywords in
//! weight order, Sort the keywords sorted. The five rules call two pages copies when
//!
//! 1. MD5(Des) agree;
//! 2. MD5(Con) agree;
//! 3. MD5(Sort) agree;
//! 4. rule 2 holds and `Σ(Wi - Wj)² / (ΣWi² + ΣWj²) < a`;
//! 5. rule 3 holds and the same.
//!
//! Rule 2 implies rule 3 and rule 4 implies rule 5, so two families of settings are run: rules
//! 1-3 (Des or Sort agree) and rules 1, 4, 5 (Des agree, or Sort agree with the weights within
//! `a`) for several `a`. (xxh3 stands in for MD5: only equality is used.) Matches: latest first.

use std::collections::HashMap;
use std::time::Instant;

use xxhash_rust::xxh3::xxh3_64;

use super::words::Words;
use super::{decisions, Decisions};

/// Keywords per page (the Tianwang experiments: about 10).
pub const TOP: usize = 10;
/// Characters of the digest: 512 GBK bytes.
pub const DES_CHARS: usize = 256;
/// Weight-distance thresholds `a` run with rules 1, 4, 5.
pub const A: [f64; 4] = [0.001, 0.01, 0.05, 0.1];

/// Every page's earlier pages that agree on Des or Sort: (page, Des agrees, weight distance when
/// Sort agrees).
pub struct Agreements {
    pub pairs: Vec<Vec<(usize, bool, Option<f64>)>>,
    pub seconds: f64,
}

/// A page's keywords, by weight (highest first; ties by word id), with normalized weights.
pub fn keywords(words: &Words, page: usize) -> Vec<(u32, f64)> {
    let mut kw: Vec<(u32, f64)> =
        words.term_counts(page).into_iter().map(|(w, tf)| (w, f64::from(tf) * words.idf(w))).collect();
    kw.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    kw.truncate(TOP);
    let sum: f64 = kw.iter().map(|k| k.1).sum();
    if sum > 0.0 {
        for k in &mut kw {
            k.1 /= sum;
        }
    }
    kw
}

/// Weight distance of two keyword lists with the same words.
fn distance(a: &[(u32, f64)], b: &[(u32, f64)]) -> f64 {
    let weight = |list: &[(u32, f64)], w: u32| list.iter().find(|k| k.0 == w).map_or(0.0, |k| k.1);
    let num: f64 = a.iter().map(|&(w, x)| (x - weight(b, w)).powi(2)).sum();
    let den: f64 = a.iter().chain(b).map(|k| k.1 * k.1).sum();
    if den == 0.0 {
        0.0
    } else {
        num / den
    }
}

pub fn agreements(texts: &[Vec<char>], words: &Words) -> Agreements {
    let start = Instant::now();
    let kws: Vec<Vec<(u32, f64)>> = (0..words.pages.len()).map(|p| keywords(words, p)).collect();
    let mut by_des: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut by_sort: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut buf: Vec<u8> = Vec::new();
    let mut pairs = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let mut found: HashMap<usize, (bool, Option<f64>)> = HashMap::new();
        if !text.is_empty() {
            buf.clear();
            buf.extend(text.iter().take(DES_CHARS).flat_map(|c| u32::from(*c).to_le_bytes()));
            let list = by_des.entry(xxh3_64(&buf)).or_default();
            for &j in list.iter() {
                found.entry(j).or_default().0 = true;
            }
            list.push(i);
        }
        if !kws[i].is_empty() {
            let mut sorted: Vec<u32> = kws[i].iter().map(|k| k.0).collect();
            sorted.sort_unstable();
            buf.clear();
            buf.extend(sorted.iter().flat_map(|w| w.to_le_bytes()));
            let list = by_sort.entry(xxh3_64(&buf)).or_default();
            for &j in list.iter() {
                found.entry(j).or_default().1 = Some(distance(&kws[i], &kws[j]));
            }
            list.push(i);
        }
        let mut v: Vec<(usize, bool, Option<f64>)> = found.into_iter().map(|(j, (d, s))| (j, d, s)).collect();
        v.sort_unstable_by_key(|p| std::cmp::Reverse(p.0));
        pairs.push(v);
    }
    Agreements { pairs, seconds: start.elapsed().as_secs_f64() }
}

/// Decisions under rules 1-3 (`a` None) or rules 1, 4, 5 with threshold `a`.
pub fn decide(ag: &Agreements, a: Option<f64>, seconds: f64) -> Decisions {
    let matches = ag
        .pairs
        .iter()
        .map(|v| {
            v.iter()
                .filter(|(_, des, dist)| *des || dist.is_some_and(|d| a.is_none_or(|a| d < a)))
                .map(|p| p.0)
                .collect()
        })
        .collect();
    let name = match a {
        None => "keywords (rules 1-3)".to_string(),
        Some(a) => format!("keywords (rules 1,4,5; a={a})"),
    };
    decisions(name, matches, seconds + ag.seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_see_digests_keyword_sets_and_weights() {
        // 36 characters, eight times: longer than the digest.
        let intro = "城市 建设 道路 河流 工程 村庄 堤坝 水渠 汛期 农田 学校 医院。".repeat(8);
        let strangers: Vec<String> = (0..6).map(|i| format!("铁路 车站 旅客 第{i}趟 列车 晚点。")).collect();
        let texts: Vec<String> = vec![
            intro.clone(),
            // The same digest, then other words: rule 1.
            format!("{intro}{}", "火车 飞机 轮船 汽车 码头 机场 ".repeat(30)),
            // The same keywords, reordered and weighted alike: rules 3 and 5 with any a.
            "医院 学校 农田 汛期 水渠 堤坝 村庄 工程 河流 道路 建设 城市。".repeat(8),
            // The same keywords, one weighted far more: rule 3 but not rule 5 at small a.
            format!("{}{}", "医院 学校 农田 汛期 水渠 堤坝 村庄 工程 河流 道路 建设 城市。", "城市 ".repeat(40)),
        ]
        .into_iter()
        .chain(strangers)
        .collect();
        let chars: Vec<Vec<char>> = texts.iter().map(|s| s.chars().collect()).collect();
        let w = Words::segment(&chars);
        assert_eq!(keywords(&w, 0).len(), TOP);
        let ag = agreements(&chars, &w);
        assert!(ag.pairs[1].iter().any(|&(j, des, _)| j == 0 && des));
        let loose = decide(&ag, None, 0.0);
        assert_eq!(&loose.positive[..4], &[false, true, true, true]);
        let strict = decide(&ag, Some(0.01), 0.0);
        assert_eq!(&strict.positive[..4], &[false, true, true, false]);
        assert!(strict.positive[4..].iter().all(|&p| !p), "strangers share neither digest nor keywords");
    }
}
