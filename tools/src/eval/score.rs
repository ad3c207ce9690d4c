//! Scoring per-page decisions against the truth (metric definitions are in the module doc of
//! [`super`]).

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Serialize;

use super::crawl::TruthPage;

/// What a method said about every page, in crawl order.
#[derive(Debug, Clone, Default)]
pub struct Decisions {
    pub name: String,
    /// "This page has an earlier near-duplicate."
    pub positive: Vec<bool>,
    /// Matched pages, best first (page numbers; `None` for a match the scorer cannot resolve).
    pub matches: Vec<Vec<Option<usize>>>,
    /// Cluster label of every page (pages with the same label are in one cluster).
    pub cluster: Vec<u64>,
    /// Wall-clock seconds the method took over all pages.
    pub seconds: f64,
}

/// Precision, recall, F1 with their counts.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Prf {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    pub tp: u64,
    pub fp: u64,
    #[serde(rename = "fn")]
    pub fn_: u64,
}

impl Prf {
    pub fn new(tp: u64, fp: u64, fn_: u64) -> Prf {
        let precision = if tp + fp == 0 { 1.0 } else { tp as f64 / (tp + fp) as f64 };
        let recall = if tp + fn_ == 0 { 1.0 } else { tp as f64 / (tp + fn_) as f64 };
        let f1 = if precision + recall == 0.0 { 0.0 } else { 2.0 * precision * recall / (precision + recall) };
        Prf { precision, recall, f1, tp, fp, fn_ }
    }
}

/// A share with its counts.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Rate {
    pub rate: f64,
    pub hits: u64,
    pub of: u64,
}

impl Rate {
    fn new(hits: u64, of: u64) -> Rate {
        Rate { rate: if of == 0 { f64::NAN } else { hits as f64 / of as f64 }, hits, of }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Scores {
    pub method: String,
    pub pages: usize,
    pub decision: Prf,
    pub top_match_precision: Rate,
    pub pairs: Prf,
    pub clusters: Prf,
    /// Recall of the decision among truly positive pages of each role.
    pub recall_by_role: BTreeMap<String, Rate>,
    /// The same by kind of page.
    pub recall_by_kind: BTreeMap<String, Rate>,
    /// Positive decisions on truly negative pages of each role.
    pub false_positive_by_role: BTreeMap<String, Rate>,
    pub same_site_pairs: Prf,
    pub cross_site_pairs: Prf,
    /// Positive decisions on bulletin pages that have no earlier near-duplicate.
    pub near_miss_false_positive: Rate,
    /// Reported pairs joining two different issues of one bulletin family.
    pub near_miss_pairs: u64,
    /// Reported matches that named no page of the crawl.
    pub unresolved_matches: u64,
    pub seconds: f64,
    pub pages_per_second: f64,
}

fn pair(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

/// Pairwise precision/recall of two clusterings of the same pages, from their contingency table:
/// pairs in one predicted cluster vs pairs in one true cluster.
pub fn cluster_prf(predicted: &[u64], truth: &[u64]) -> Prf {
    let c2 = |n: u64| n * n.saturating_sub(1) / 2;
    let mut joint: HashMap<(u64, u64), u64> = HashMap::new();
    let mut pred: HashMap<u64, u64> = HashMap::new();
    let mut tru: HashMap<u64, u64> = HashMap::new();
    for (&p, &t) in predicted.iter().zip(truth) {
        *joint.entry((p, t)).or_default() += 1;
        *pred.entry(p).or_default() += 1;
        *tru.entry(t).or_default() += 1;
    }
    let tp: u64 = joint.values().map(|&n| c2(n)).sum();
    let pp: u64 = pred.values().map(|&n| c2(n)).sum();
    let tt: u64 = tru.values().map(|&n| c2(n)).sum();
    Prf::new(tp, pp - tp, tt - tp)
}

/// Scores `d` against `truth`.
pub fn score(truth: &[TruthPage], d: &Decisions) -> Scores {
    let n = truth.len();
    let positive = |i: usize| d.positive.get(i).copied().unwrap_or(false);
    let true_pairs: HashSet<(usize, usize)> =
        truth.iter().flat_map(|t| t.matches.iter().map(move |m| pair(t.n, m.n))).collect();

    let (mut tp, mut fp, mut fn_) = (0, 0, 0);
    let mut by_role: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let mut by_kind: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let mut fp_by_role: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let (mut near_fp, mut near_of) = (0, 0);
    let (mut top_ok, mut top_of) = (0, 0);
    for (i, t) in truth.iter().enumerate() {
        let p = positive(i);
        match (t.earlier_dup, p) {
            (true, true) => tp += 1,
            (false, true) => fp += 1,
            (true, false) => fn_ += 1,
            _ => {}
        }
        if t.earlier_dup {
            let e = by_role.entry(t.role.clone()).or_default();
            e.0 += u64::from(p);
            e.1 += 1;
            let e = by_kind.entry(t.kind.clone()).or_default();
            e.0 += u64::from(p);
            e.1 += 1;
        } else {
            let e = fp_by_role.entry(t.role.clone()).or_default();
            e.0 += u64::from(p);
            e.1 += 1;
            if t.kind == "bulletin" {
                near_of += 1;
                near_fp += u64::from(p);
            }
        }
        if p {
            top_of += 1;
            let first = d.matches.get(i).and_then(|m| m.first().copied().flatten());
            if first.is_some_and(|j| true_pairs.contains(&pair(i, j))) {
                top_ok += 1;
            }
        }
    }

    // Reported pairs, each once.
    let mut reported: HashSet<(usize, usize)> = HashSet::new();
    let mut unresolved = 0u64;
    for (i, ms) in d.matches.iter().enumerate().take(n) {
        for m in ms {
            match m {
                Some(j) if *j != i && *j < n => {
                    reported.insert(pair(i, *j));
                }
                _ => unresolved += 1,
            }
        }
    }
    let correct = reported.iter().filter(|p| true_pairs.contains(p)).count() as u64;
    let pairs = Prf::new(correct, reported.len() as u64 - correct + unresolved, true_pairs.len() as u64 - correct);

    let same = |p: &(usize, usize)| truth[p.0].site == truth[p.1].site;
    let (mut s_tp, mut s_fp, mut c_tp, mut c_fp) = (0, 0, 0, 0);
    let mut near_pairs = 0;
    for p in &reported {
        let ok = true_pairs.contains(p);
        match (same(p), ok) {
            (true, true) => s_tp += 1,
            (true, false) => s_fp += 1,
            (false, true) => c_tp += 1,
            (false, false) => c_fp += 1,
        }
        let (a, b) = (&truth[p.0], &truth[p.1]);
        if !ok && a.kind == "bulletin" && b.kind == "bulletin" && a.family.is_some() && a.family == b.family {
            near_pairs += 1;
        }
    }
    let s_all = true_pairs.iter().filter(|p| same(p)).count() as u64;
    let c_all = true_pairs.len() as u64 - s_all;

    let truth_clusters: Vec<u64> = truth.iter().map(|t| t.cluster).collect();
    let predicted: Vec<u64> = (0..n).map(|i| d.cluster.get(i).copied().unwrap_or(u64::MAX - i as u64)).collect();
    let to_rates = |m: BTreeMap<String, (u64, u64)>| m.into_iter().map(|(k, (h, o))| (k, Rate::new(h, o))).collect();
    Scores {
        method: d.name.clone(),
        pages: n,
        decision: Prf::new(tp, fp, fn_),
        top_match_precision: Rate::new(top_ok, top_of),
        pairs,
        clusters: cluster_prf(&predicted, &truth_clusters),
        recall_by_role: to_rates(by_role),
        recall_by_kind: to_rates(by_kind),
        false_positive_by_role: to_rates(fp_by_role),
        same_site_pairs: Prf::new(s_tp, s_fp, s_all - s_tp),
        cross_site_pairs: Prf::new(c_tp, c_fp, c_all - c_tp),
        near_miss_false_positive: Rate::new(near_fp, near_of),
        near_miss_pairs: near_pairs,
        unresolved_matches: unresolved,
        seconds: d.seconds,
        pages_per_second: if d.seconds > 0.0 { n as f64 / d.seconds } else { f64::NAN },
    }
}

/// Clusters from matches, as a single pass would build them: a page joins the cluster of its best
/// match, else starts one.
pub fn clusters_from_top_match(matches: &[Vec<Option<usize>>]) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::with_capacity(matches.len());
    for (i, m) in matches.iter().enumerate() {
        let c = match m.first().copied().flatten() {
            Some(j) if j < i => out[j],
            _ => i as u64,
        };
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::crawl::TruthMatch;

    fn page(n: usize, site: &str, role: &str, matches: &[usize], cluster: u64) -> TruthPage {
        TruthPage {
            n,
            url: format!("u{n}"),
            site: site.to_string(),
            kind: "story".to_string(),
            role: role.to_string(),
            family: None,
            earlier_dup: !matches.is_empty(),
            cluster,
            matches: matches.iter().map(|&m| TruthMatch { n: m }).collect(),
        }
    }

    fn truth() -> Vec<TruthPage> {
        vec![
            page(0, "a", "original", &[], 0),
            page(1, "b", "repost", &[0], 0),
            page(2, "a", "original", &[], 2),
            page(3, "c", "excerpt", &[0, 1], 0),
            page(4, "c", "original", &[], 4),
        ]
    }

    fn perfect(t: &[TruthPage]) -> Decisions {
        Decisions {
            name: "perfect".into(),
            positive: t.iter().map(|p| p.earlier_dup).collect(),
            matches: t.iter().map(|p| p.matches.iter().map(|m| Some(m.n)).collect()).collect(),
            cluster: t.iter().map(|p| p.cluster).collect(),
            seconds: 1.0,
        }
    }

    #[test]
    fn perfect_decisions_score_one() {
        let t = truth();
        let s = score(&t, &perfect(&t));
        for prf in [s.decision, s.pairs, s.clusters] {
            assert_eq!((prf.precision, prf.recall, prf.f1), (1.0, 1.0, 1.0));
        }
        assert_eq!(s.top_match_precision.rate, 1.0);
        assert_eq!(s.recall_by_role["excerpt"].rate, 1.0);
        assert_eq!(s.pairs.tp, 3);
    }

    #[test]
    fn one_wrong_match_costs_what_it_should() {
        let t = truth();
        let mut d = perfect(&t);
        d.positive[4] = true;
        d.matches[4] = vec![Some(2)];
        let s = score(&t, &d);
        assert_eq!(s.decision.precision, 2.0 / 3.0);
        assert_eq!(s.decision.recall, 1.0);
        assert_eq!(s.pairs.precision, 3.0 / 4.0);
        assert_eq!(s.top_match_precision.rate, 2.0 / 3.0);
        // The wrong pair is on site c vs site a: cross-site.
        assert_eq!(s.cross_site_pairs.fp, 1);
        // Missing one of page 3's two pairs costs pair recall only.
        let mut d = perfect(&t);
        d.matches[3] = vec![Some(1)];
        let s = score(&t, &d);
        assert_eq!(s.decision.f1, 1.0);
        assert_eq!(s.pairs.recall, 2.0 / 3.0);
    }

    #[test]
    fn cluster_pairs() {
        // Truth {0,1,3} {2} {4}: 3 pairs. Predicted {0,1} {2,3} {4}: 1 right pair of 2.
        let p = cluster_prf(&[0, 0, 2, 2, 4], &[0, 0, 2, 0, 4]);
        assert_eq!((p.tp, p.fp, p.fn_), (1, 1, 2));
        assert_eq!(clusters_from_top_match(&[vec![], vec![Some(0)], vec![None], vec![Some(1)]]), vec![0, 0, 2, 0]);
    }
}
