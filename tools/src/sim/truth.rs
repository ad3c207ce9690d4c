//! Ground truth: which earlier pages each page truly matches.
//!
//! A page's *text* is the set of source sentences it quotes plus any text added to it; template,
//! notes, sidebars, related reading, comments and replies are not text. For two pages P and Q let
//! `s` be the characters of the source sentences both quote (the same sentence of the same source;
//! small edits do not matter), `r` the longest run of them that is consecutive in the source, and
//! `m_P`, `m_Q` the characters of each page's text. Then, after the labelling guide of the LCS paper
//! (algorithms.md §2):
//!
//! * **duplicate**: `s >= 0.6 * max(m_P, m_Q)` and `s >= 30`: paragraphs added or removed stay under
//!   40% of the text; edits and moved paragraphs do not change `s`;
//! * **contains / contained**: otherwise, `s >= 0.7 * min(m_P, m_Q)` and `s >= 100`: one page holds
//!   (nearly) all of the other; the longer one contains the shorter;
//! * **overlaps**: otherwise, `r >= 150` characters and `r >= 0.15 * min(m_P, m_Q)`: one page holds a
//!   key paragraph of the other (a digest quoting a story's lead);
//! * otherwise **not similar**, however much template, boilerplate or comment text they share.
//!   Different sources never share sentences (the corpus is cleaned of repeats), so issues of a
//!   bulletin series, different stories of a site and the two halves of a split story are never
//!   similar to each other.
//!
//! A page *has an earlier near-duplicate* when any page before it in crawl order is in one of the
//! first three relations with it. Truth clusters are the connected components of duplicate and
//! containment pairs (not overlaps, so that a digest does not merge three stories).

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rel {
    Duplicate,
    /// This page contains the earlier one.
    Contains,
    /// This page is contained in the earlier one.
    Contained,
    Overlaps,
}

impl Rel {
    pub fn strong(self) -> bool {
        !matches!(self, Rel::Overlaps)
    }
}

/// The text of a page as source sentences.
#[derive(Debug, Clone, Default)]
pub struct Content {
    /// (source, sentence) sorted, with the sentence's length.
    pub units: Vec<(u32, u32, u32)>,
    /// Characters of the page's text.
    pub total: u32,
}

impl Content {
    /// From quoted sentences (any order, repeats ignored) and added characters.
    pub fn new(mut units: Vec<(u32, u32, u32)>, added: u32) -> Content {
        units.sort_unstable();
        units.dedup_by_key(|u| (u.0, u.1));
        let total = units.iter().map(|u| u.2).sum::<u32>() + added;
        Content { units, total }
    }
}

/// The relation of `p` to `q`, from `p`'s side.
pub fn relation(p: &Content, q: &Content) -> Option<Rel> {
    let (mut i, mut j) = (0, 0);
    let (mut s, mut run, mut best) = (0u32, 0u32, 0u32);
    let mut prev: Option<(u32, u32)> = None;
    while i < p.units.len() && j < q.units.len() {
        let (a, b) = (p.units[i], q.units[j]);
        match (a.0, a.1).cmp(&(b.0, b.1)) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                s += a.2;
                run = match prev {
                    Some((src, sent)) if src == a.0 && sent + 1 == a.1 => run + a.2,
                    _ => a.2,
                };
                best = best.max(run);
                prev = Some((a.0, a.1));
                i += 1;
                j += 1;
            }
        }
    }
    let (mp, mq) = (p.total, q.total);
    let (lo, hi) = (mp.min(mq), mp.max(mq));
    if s >= 30 && s * 10 >= hi * 6 {
        Some(Rel::Duplicate)
    } else if s >= 100 && s * 10 >= lo * 7 {
        Some(if mp >= mq { Rel::Contains } else { Rel::Contained })
    } else if best >= 150 && best * 100 >= lo * 15 {
        Some(Rel::Overlaps)
    } else {
        None
    }
}

/// For every page (in crawl order), the earlier pages it truly matches.
pub fn pairs(contents: &[Content], sources_of: &[Vec<u32>], n_sources: usize) -> Vec<Vec<(usize, Rel)>> {
    let mut by_source: Vec<Vec<usize>> = vec![Vec::new(); n_sources];
    let mut seen = vec![usize::MAX; contents.len()];
    let mut out = Vec::with_capacity(contents.len());
    for (i, c) in contents.iter().enumerate() {
        let mut found = Vec::new();
        for &s in &sources_of[i] {
            for &j in &by_source[s as usize] {
                if seen[j] == i {
                    continue;
                }
                seen[j] = i;
                if let Some(rel) = relation(c, &contents[j]) {
                    found.push((j, rel));
                }
            }
        }
        found.sort_by_key(|f| f.0);
        out.push(found);
        for &s in &sources_of[i] {
            by_source[s as usize].push(i);
        }
    }
    out
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Cluster id of every page: the crawl index of the first page of its component of strong pairs.
pub fn clusters(pairs: &[Vec<(usize, Rel)>]) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..pairs.len()).collect();
    for (i, ps) in pairs.iter().enumerate() {
        for &(j, rel) in ps {
            if rel.strong() {
                let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                if a != b {
                    parent[a.max(b)] = a.min(b);
                }
            }
        }
    }
    (0..pairs.len()).map(|i| find(&mut parent, i)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(src: u32, sents: std::ops::Range<u32>, len: u32, added: u32) -> Content {
        Content::new(sents.map(|g| (src, g, len)).collect(), added)
    }

    #[test]
    fn relations_follow_the_rules() {
        let full = c(1, 0..20, 50, 0);
        assert_eq!(relation(&full, &full), Some(Rel::Duplicate));
        // Extended by 30%: still a duplicate.
        assert_eq!(relation(&c(1, 0..20, 50, 300), &full), Some(Rel::Duplicate));
        // An excerpt of 30%.
        assert_eq!(relation(&c(1, 5..11, 50, 0), &full), Some(Rel::Contained));
        assert_eq!(relation(&full, &c(1, 5..11, 50, 0)), Some(Rel::Contains));
        // A digest: a 4-sentence lead plus 600 other characters.
        let digest = Content::new((0..4).map(|g| (1, g, 50)).chain((0..12).map(|g| (2, g, 50))).collect(), 0);
        assert_eq!(relation(&digest, &full), Some(Rel::Overlaps));
        // Different sources: nothing.
        assert_eq!(relation(&c(2, 0..20, 50, 0), &full), None);
        // Two halves of a split story: nothing.
        assert_eq!(relation(&c(1, 0..10, 50, 0), &c(1, 10..20, 50, 0)), None);
    }

    #[test]
    fn pairs_and_clusters() {
        let contents = vec![c(1, 0..20, 50, 0), c(2, 0..20, 50, 0), c(1, 0..20, 50, 0), c(1, 0..6, 50, 0)];
        let sources = vec![vec![1], vec![2], vec![1], vec![1]];
        let p = pairs(&contents, &sources, 3);
        assert!(p[0].is_empty() && p[1].is_empty());
        assert_eq!(p[2], vec![(0, Rel::Duplicate)]);
        assert_eq!(p[3], vec![(0, Rel::Contained), (2, Rel::Contained)]);
        assert_eq!(clusters(&p), vec![0, 1, 0, 0]);
    }
}
