//! Feature codes (algorithms.md §3): a page is coded by its paragraphs.
//!
//! * Main code: the first character of every paragraph (paragraphs are the lines of the
//!   normalized main text). Aux code of a paragraph: the character before each of its first
//!   [`AUX_MARKS`] punctuation marks.
//! * Two pages are the same when their main codes are equal; or when the paragraphs their main
//!   codes share (a longest common subsequence of the two codes) are at least 80% of either code
//!   (one code within the other is the limit case) and at least 80% of those shared paragraphs
//!   have equal aux codes. Otherwise they differ (the paper calls a share under 20% different and
//!   leaves the middle to tuning; it is "different" here).
//! * The paper files codes in a forest of trees, one per interval of the clustering factor
//!   text length (GBK bytes, two per Chinese character) / main-code length, intervals 50 wide.
//!   Here a page is compared with the earlier pages of its own and the two neighbouring intervals
//!   (a copy near an interval's edge would otherwise be missed) that share its main code or one
//!   paragraph's first character and aux code; the [`MAX_CHECKED`] sharing the most are checked
//!   with the rule. Matches: same pages, most shared paragraphs first.

use std::time::Instant;

use dedupdb::features::is_sentence_break;
use dedupdb::verify::myers::lcs_runs;
use xxhash_rust::xxh3::xxh3_64;

use super::{decisions, CrawlIndex, Decisions};

/// Punctuation marks per paragraph that give its aux code (paper: n = 3).
pub const AUX_MARKS: usize = 3;
/// Share of a main code, and of the shared paragraphs' aux codes, that makes pages the same.
pub const SHARE: f64 = 0.8;
/// Width of an interval of the clustering factor (paper: 50).
pub const INTERVAL: usize = 50;
/// Candidates checked per page.
pub const MAX_CHECKED: usize = 64;
/// Index lists longer than this are skipped (a paragraph code found everywhere).
pub const MAX_LIST: usize = 2_000;

/// A page's codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Code {
    /// First character of every paragraph.
    pub main: Vec<char>,
    /// Aux code of every paragraph, in the same order.
    pub aux: Vec<Vec<char>>,
    /// Clustering-factor interval.
    pub interval: usize,
}

impl Code {
    pub fn of(text: &[char]) -> Code {
        let (mut main, mut aux) = (Vec::new(), Vec::new());
        for para in text.split(|&c| c == '\n') {
            let start = para.iter().position(|c| !c.is_whitespace());
            let Some(start) = start else { continue };
            let para = &para[start..];
            main.push(para[0]);
            let marks = para
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(_, &c)| is_sentence_break(c))
                .take(AUX_MARKS)
                .map(|(i, _)| para[i - 1]);
            aux.push(marks.collect());
        }
        let interval = if main.is_empty() { 0 } else { 2 * text.len() / main.len() / INTERVAL };
        Code { main, aux, interval }
    }

    /// The paper's rule: are the two pages the same?
    pub fn same(&self, other: &Code) -> bool {
        if self.main.is_empty() || other.main.is_empty() {
            return false;
        }
        if self.main == other.main {
            return true;
        }
        let runs = lcs_runs(&self.main, &other.main, self.main.len() + other.main.len());
        let shared: usize = runs.iter().map(|r| r.len as usize).sum();
        let need = |n: usize| shared as f64 >= SHARE * n as f64;
        if shared == 0 || !(need(self.main.len()) || need(other.main.len())) {
            return false;
        }
        let equal_aux = runs
            .iter()
            .flat_map(|r| (0..r.len as usize).map(move |k| (r.a as usize + k, r.b as usize + k)))
            .filter(|&(i, j)| self.aux[i] == other.aux[j])
            .count();
        equal_aux as f64 >= SHARE * shared as f64
    }

    /// Index keys: the main code, and every paragraph's first character with its aux code, within
    /// an interval.
    fn keys(&self, interval: usize) -> Vec<u64> {
        let mut buf: Vec<u8> = Vec::new();
        let mut key = |tag: u8, chars: &mut dyn Iterator<Item = char>| {
            buf.clear();
            buf.push(tag);
            buf.extend_from_slice(&(interval as u64).to_le_bytes());
            for c in chars {
                buf.extend_from_slice(&u32::from(c).to_le_bytes());
            }
            xxh3_64(&buf)
        };
        let mut out = vec![key(0, &mut self.main.iter().copied())];
        for (m, a) in self.main.iter().zip(&self.aux) {
            out.push(key(1, &mut std::iter::once(*m).chain(a.iter().copied())));
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

pub fn run(texts: &[Vec<char>]) -> Decisions {
    let start = Instant::now();
    let codes: Vec<Code> = texts.iter().map(|t| Code::of(t)).collect();
    let mut index = CrawlIndex::new(MAX_LIST);
    let mut matches = Vec::with_capacity(codes.len());
    for (i, c) in codes.iter().enumerate() {
        let mut found = Vec::new();
        if !c.main.is_empty() {
            let keys: Vec<u64> = (c.interval.saturating_sub(1)..=c.interval + 1).flat_map(|iv| c.keys(iv)).collect();
            for (_, j) in index.lookup(&keys).into_iter().take(MAX_CHECKED) {
                if c.same(&codes[j]) {
                    found.push(j);
                }
            }
            index.add(i, &c.keys(c.interval));
        }
        matches.push(found);
    }
    decisions("feature codes".to_string(), matches, start.elapsed().as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(s: &str) -> Code {
        Code::of(&s.chars().collect::<Vec<char>>())
    }

    #[test]
    fn codes_are_first_characters_and_characters_before_marks() {
        let c = code("今天下雨，路很滑，车慢行，人少。\n  明天放晴。\n\n后天，");
        assert_eq!(c.main, vec!['今', '明', '后']);
        assert_eq!(c.aux, vec![vec!['雨', '滑', '行'], vec!['晴'], vec!['天']]);
        // 3 paragraphs, 29 characters: 58 GBK bytes / 3 = 19, interval 0.
        assert_eq!(c.interval, 0);
    }

    #[test]
    fn the_rule_accepts_subsets_with_equal_aux_codes_only() {
        let paras: Vec<String> = ["春", "夏", "秋", "冬", "东", "南", "西", "北", "上", "下"]
            .iter()
            .map(|c| format!("{c}天的河流，水位上涨，村民忙着加固堤坝。"))
            .collect();
        let whole = code(&paras.join("\n"));
        let most = code(&paras[..9].join("\n"));
        assert!(whole.same(&most) && most.same(&whole), "nine of ten paragraphs");
        let few = code(&paras[..7].join("\n"));
        assert!(whole.same(&few), "one code within the other");
        let mixed = code(&[&paras[..5], &vec!["甲乙丙丁。".to_string(); 5][..]].concat().join("\n"));
        assert!(!whole.same(&mixed), "half the main code shared");
        let reworded: Vec<String> = paras.iter().map(|p| p.replace("流，", "道，").replace("涨，", "升，")).collect();
        assert!(!whole.same(&code(&reworded[..9].join("\n"))), "same first characters, other aux codes");
        assert!(whole.same(&code(&reworded.join("\n"))), "equal main codes decide alone");
    }

    #[test]
    fn run_finds_copies_in_neighbouring_intervals() {
        let paras: Vec<String> = (0..8)
            .map(|i| {
                format!("{}号文件要求各地加强管理，落实责任。", ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛"][i])
            })
            .collect();
        let a: Vec<char> = paras.join("\n").chars().collect();
        // The same paragraphs, each a little longer: another interval.
        let b: Vec<char> = paras
            .iter()
            .map(|p| format!("{p}特此通知，请各地遵照执行。"))
            .collect::<Vec<_>>()
            .join("\n")
            .chars()
            .collect();
        let stranger: Vec<char> = "铁路部门增开临时列车，车站秩序良好，旅客平稳。".chars().collect();
        assert_ne!(Code::of(&a).interval, Code::of(&b).interval);
        let d = run(&[a, stranger, b]);
        assert_eq!(d.positive, vec![false, false, true]);
        assert_eq!(d.matches[2], vec![Some(0)]);
    }
}
