//! Baseline 2: 64-bit simhash over segmented words, Hamming distance at most 3.
//!
//! The usual Chinese practice (algorithms.md §4): segment the normalized main text with jieba
//! (jieba-rs, default dictionary, HMM for unknown words), drop punctuation, white space and stop
//! words, weight each remaining word by its frequency in the page, hash it to 64 bits (xxh3; the
//! paper used SDBM, a weaker hash), add `+w`/`-w` per bit and keep the signs. In crawl order, every
//! earlier page within the Hamming distance is a match, nearest first. At 20,000 pages a brute-force
//! scan of the earlier fingerprints (popcount of XOR) is faster than building Manku's permuted
//! tables, and exact; distances up to [`MAX_K`] are kept so that the report can show other `k`.

use std::collections::HashMap;
use std::time::Instant;

use jieba_rs::Jieba;
use xxhash_rust::xxh3::xxh3_64;

use super::score::{clusters_from_top_match, Decisions};

/// The distance the method is defined with.
pub const K: u32 = 3;
/// Largest distance kept for the sweep in the results file.
pub const MAX_K: u32 = 8;

/// Common function words and phrases that carry no topic.
const STOP_WORDS: &[&str] = &[
    "的",
    "了",
    "在",
    "是",
    "我",
    "有",
    "和",
    "就",
    "不",
    "人",
    "都",
    "一",
    "一个",
    "上",
    "也",
    "很",
    "到",
    "说",
    "要",
    "去",
    "你",
    "会",
    "着",
    "没有",
    "看",
    "好",
    "自己",
    "这",
    "那",
    "他",
    "她",
    "它",
    "我们",
    "你们",
    "他们",
    "她们",
    "它们",
    "这个",
    "那个",
    "这些",
    "那些",
    "之",
    "与",
    "及",
    "等",
    "对",
    "把",
    "被",
    "让",
    "向",
    "从",
    "以",
    "为",
    "于",
    "而",
    "并",
    "或",
    "但",
    "但是",
    "因为",
    "所以",
    "如果",
    "虽然",
    "然而",
    "而且",
    "并且",
    "还",
    "又",
    "再",
    "才",
    "只",
    "已",
    "已经",
    "将",
    "将要",
    "正在",
    "曾",
    "曾经",
    "可以",
    "可能",
    "能",
    "能够",
    "应",
    "应该",
    "需要",
    "必须",
    "就是",
    "也是",
    "还是",
    "只是",
    "不是",
    "其",
    "其中",
    "此",
    "此外",
    "该",
    "各",
    "每",
    "某",
    "些",
    "什么",
    "怎么",
    "如何",
    "为什么",
    "哪",
    "哪里",
    "谁",
    "吗",
    "呢",
    "吧",
    "啊",
    "呀",
    "哦",
    "嗯",
    "么",
    "地",
    "得",
    "所",
    "中",
    "里",
    "内",
    "外",
    "下",
    "前",
    "后",
    "时",
    "时候",
    "以及",
    "以上",
    "以下",
    "通过",
    "进行",
    "根据",
    "由于",
    "关于",
    "对于",
    "一些",
    "一种",
    "一样",
    "这样",
    "那样",
    "这种",
    "那种",
    "非常",
    "比较",
    "更",
    "最",
    "太",
    "越",
    "很多",
    "许多",
    "大家",
    "有关",
    "方面",
    "问题",
    "情况",
    "今年",
    "目前",
    "记者",
    "报道",
    "表示",
    "指出",
    "认为",
];

/// Fingerprints (`None` for a page without words) and the time spent.
pub struct Fingerprints {
    pub fps: Vec<Option<u64>>,
    pub seconds: f64,
}

fn is_word(w: &str) -> bool {
    w.chars().any(|c| c.is_alphanumeric())
}

pub fn fingerprints(texts: &[Vec<char>]) -> Fingerprints {
    let start = Instant::now();
    let jieba = Jieba::new();
    let stop: std::collections::HashSet<&str> = STOP_WORDS.iter().copied().collect();
    let fps = texts
        .iter()
        .map(|t| {
            let s: String = t.iter().collect();
            let mut tf: HashMap<&str, u32> = HashMap::new();
            for tok in jieba.cut(&s, true) {
                let w = tok.word.trim();
                if w.is_empty() || !is_word(w) || stop.contains(w) {
                    continue;
                }
                *tf.entry(w).or_default() += 1;
            }
            if tf.is_empty() {
                return None;
            }
            let mut acc = [0i64; 64];
            for (w, c) in tf {
                let h = xxh3_64(w.as_bytes());
                let c = i64::from(c);
                for (bit, a) in acc.iter_mut().enumerate() {
                    if h >> bit & 1 == 1 {
                        *a += c;
                    } else {
                        *a -= c;
                    }
                }
            }
            Some(acc.iter().enumerate().fold(0u64, |f, (bit, &a)| if a > 0 { f | 1 << bit } else { f }))
        })
        .collect();
    Fingerprints { fps, seconds: start.elapsed().as_secs_f64() }
}

/// Earlier pages within [`MAX_K`] bits of every page: (distance, page), nearest first, and the time
/// the scan took.
pub fn neighbours(fps: &Fingerprints) -> (Vec<Vec<(u32, usize)>>, f64) {
    let start = Instant::now();
    let mut out = Vec::with_capacity(fps.fps.len());
    for (i, f) in fps.fps.iter().enumerate() {
        let mut found = Vec::new();
        if let Some(f) = f {
            for (j, g) in fps.fps[..i].iter().enumerate() {
                if let Some(g) = g {
                    let d = (f ^ g).count_ones();
                    if d <= MAX_K {
                        found.push((d, j));
                    }
                }
            }
        }
        found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        out.push(found);
    }
    (out, start.elapsed().as_secs_f64())
}

/// Decisions at distance `k`.
pub fn decide(near: &[Vec<(u32, usize)>], k: u32, seconds: f64) -> Decisions {
    let matches: Vec<Vec<Option<usize>>> =
        near.iter().map(|v| v.iter().filter(|(d, _)| *d <= k).map(|&(_, j)| Some(j)).collect()).collect();
    let positive = matches.iter().map(|m| !m.is_empty()).collect();
    let cluster = clusters_from_top_match(&matches);
    Decisions { name: format!("simhash (k<={k})"), positive, matches, cluster, seconds }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_match_and_strangers_do_not() {
        let a: Vec<char> = "今天上午，市政府召开新闻发布会，介绍了今年城市建设的主要任务和具体措施。".chars().collect();
        let b: Vec<char> = "春节期间，铁路部门增开临时列车，方便外出务工人员返乡过年，车站秩序良好。".chars().collect();
        let f = fingerprints(&[a.clone(), b, a, Vec::new()]);
        assert!(f.fps[3].is_none());
        let (near, _) = neighbours(&f);
        let d = decide(&near, K, 0.0);
        assert_eq!(d.positive, vec![false, false, true, false]);
        assert_eq!(d.matches[2], vec![Some(0)]);
    }
}
