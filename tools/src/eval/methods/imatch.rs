//! I-Match (algorithms.md §5), with and without randomised lexicons.
//!
//! The lexicon is the content words (stop words left out) whose normalized IDF,
//! `ln(N/df) / ln(N)` over the crawl, lies in a band: words on nearly every page carry no
//! meaning and words on a handful of pages are likely typos, numbers and names that vary between
//! copies. A page's signature is one hash of its sorted distinct lexicon words; pages with equal
//! signatures are duplicates; a page with no lexicon word has none. The randomised variant
//! (Kołcz, Chowdhury and Alspector) adds [`EXTRA_LEXICONS`] lexicons, each the main one with a
//! random third of its words removed, and calls two pages duplicates when any of their signatures
//! agree. The band's upper end and the variant are the settings run. Matches: the earlier pages
//! with an equal signature, latest first (all are equally good).

use std::collections::HashMap;
use std::time::Instant;

use xxhash_rust::xxh3::{xxh3_64, xxh3_64_with_seed};

use super::words::Words;
use super::{decisions, Decisions};

/// Lower end of the band of normalized IDF.
pub const LOW: f64 = 0.2;
/// Upper ends run.
pub const HIGH: [f64; 3] = [0.8, 0.9, 1.0];
/// Extra lexicons of the randomised variant.
pub const EXTRA_LEXICONS: u64 = 10;

/// Decisions of I-Match with the band [LOW, `high`] and `extra` extra lexicons.
pub fn run(words: &Words, high: f64, extra: u64, seconds: f64) -> Decisions {
    let start = Instant::now();
    let n = words.pages.len().max(2) as f64;
    let in_band: Vec<bool> = (0..words.vocab.len())
        .map(|w| {
            let nidf = (n / f64::from(words.df[w].max(1))).ln() / n.ln();
            !words.stop[w] && (LOW..=high).contains(&nidf)
        })
        .collect();
    // Lexicon 0 is the whole band; lexicon l > 0 drops the words whose hash under seed l is 0 mod 3.
    let in_lexicon = |w: u32, l: u64| l == 0 || !xxh3_64_with_seed(&w.to_le_bytes(), l).is_multiple_of(3);
    let mut seen: HashMap<(u64, u64), Vec<usize>> = HashMap::new();
    let mut matches = Vec::with_capacity(words.pages.len());
    for (i, page) in words.pages.iter().enumerate() {
        let mut terms: Vec<u32> = page.iter().copied().filter(|&w| in_band[w as usize]).collect();
        terms.sort_unstable();
        terms.dedup();
        let mut found: Vec<usize> = Vec::new();
        for l in 0..=extra {
            let bytes: Vec<u8> = terms.iter().filter(|&&w| in_lexicon(w, l)).flat_map(|w| w.to_le_bytes()).collect();
            if bytes.is_empty() {
                continue;
            }
            let list = seen.entry((l, xxh3_64(&bytes))).or_default();
            found.extend(list.iter().copied());
            list.push(i);
        }
        found.sort_unstable_by(|a, b| b.cmp(a));
        found.dedup();
        matches.push(found);
    }
    let name = if extra == 0 {
        format!("I-Match (nidf {LOW}-{high})")
    } else {
        format!("I-Match {} lexicons (nidf {LOW}-{high})", extra + 1)
    };
    decisions(name, matches, seconds + start.elapsed().as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(texts: &[&str]) -> Words {
        Words::segment(&texts.iter().map(|s| s.chars().collect()).collect::<Vec<Vec<char>>>())
    }

    #[test]
    fn equal_lexicon_words_match_and_a_changed_word_breaks_one_lexicon_only_sometimes() {
        let base = "城市 建设 道路 河流 工程 村庄 堤坝 水渠 汛期 农田 学校 医院 工厂 铁路 车站 旅客";
        let reordered = "旅客 车站 铁路 工厂 医院 学校 农田 汛期 水渠 堤坝 村庄 工程 河流 道路 建设 城市";
        let changed = base.replace("医院", "公园");
        // Unrelated pages give the words a middling document frequency.
        let mut texts = vec![base, reordered, changed.as_str()];
        let fillers: Vec<String> = (0..8).map(|i| format!("第{i}号 其他 消息")).collect();
        texts.extend(fillers.iter().map(String::as_str));
        let w = words(&texts);
        let one = run(&w, 1.0, 0, 0.0);
        assert!(one.positive[1], "the same words in another order");
        assert!(!one.positive[2], "one word changed breaks the single signature");
        let many = run(&w, 1.0, EXTRA_LEXICONS, 0.0);
        assert!(many.positive[1]);
        // 公园 and 医院 both fall out of a lexicon with odds 1/9 each time; over 10 lexicons the
        // changed page nearly always survives in one. Checked, not assumed:
        let survives = (1..=EXTRA_LEXICONS).any(|l| {
            let out = |s: &str| {
                w.vocab
                    .iter()
                    .position(|v| v == s)
                    .map(|x| xxh3_64_with_seed(&(x as u32).to_le_bytes(), l).is_multiple_of(3))
            };
            out("医院") == Some(true) && out("公园") == Some(true)
        });
        assert_eq!(many.positive[2], survives);
    }
}
