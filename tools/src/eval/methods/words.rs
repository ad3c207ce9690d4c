//! Word segmentation shared by the word-based methods (simhash, shingling, I-Match, keyword
//! fingerprints, SpotSigs): every page's normalized main text cut once with jieba (jieba-rs,
//! default dictionary, HMM for unknown words), punctuation and white space dropped, each word
//! interned to an id. Document frequencies over the crawl give the IDF that I-Match and keyword
//! fingerprints weigh terms by (the papers take them from a reference collection; the crawl is
//! the collection at hand).

use std::collections::HashMap;
use std::time::Instant;

use jieba_rs::Jieba;

/// Common function words and phrases that carry no topic: left out of the term vectors of
/// simhash, I-Match and keyword fingerprints.
#[rustfmt::skip]
pub const STOP_WORDS: &[&str] = &[
    "的", "了", "在", "是", "我", "有", "和", "就", "不", "人", "都", "一",
    "一个", "上", "也", "很", "到", "说", "要", "去", "你", "会", "着", "没有",
    "看", "好", "自己", "这", "那", "他", "她", "它", "我们", "你们", "他们", "她们",
    "它们", "这个", "那个", "这些", "那些", "之", "与", "及", "等", "对", "把", "被",
    "让", "向", "从", "以", "为", "于", "而", "并", "或", "但", "但是", "因为",
    "所以", "如果", "虽然", "然而", "而且", "并且", "还", "又", "再", "才", "只", "已",
    "已经", "将", "将要", "正在", "曾", "曾经", "可以", "可能", "能", "能够", "应", "应该",
    "需要", "必须", "就是", "也是", "还是", "只是", "不是", "其", "其中", "此", "此外", "该",
    "各", "每", "某", "些", "什么", "怎么", "如何", "为什么", "哪", "哪里", "谁", "吗",
    "呢", "吧", "啊", "呀", "哦", "嗯", "么", "地", "得", "所", "中", "里",
    "内", "外", "下", "前", "后", "时", "时候", "以及", "以上", "以下", "通过", "进行",
    "根据", "由于", "关于", "对于", "一些", "一种", "一样", "这样", "那样", "这种", "那种", "非常",
    "比较", "更", "最", "太", "越", "很多", "许多", "大家", "有关", "方面", "问题", "情况",
    "今年", "目前", "记者", "报道", "表示", "指出", "认为",
];

/// Function words that start a SpotSigs chain ("antecedents": the, a, is ... in the SpotSigs
/// paper): the commonest particles, copulas, prepositions and conjunctions of Chinese news text.
#[rustfmt::skip]
pub const ANTECEDENTS: &[&str] = &[
    "的", "了", "是", "在", "和", "与", "对", "为", "将", "把", "被", "从", "以", "向", "及",
    "并", "而", "也", "都", "就", "这", "该", "其", "一个",
];

/// The words of every page, as ids into a shared vocabulary.
pub struct Words {
    /// Word of every id.
    pub vocab: Vec<String>,
    /// Whether an id is a stop word.
    pub stop: Vec<bool>,
    /// Whether an id is a SpotSigs antecedent.
    pub antecedent: Vec<bool>,
    /// Pages containing each id.
    pub df: Vec<u32>,
    /// Every page's words in text order (punctuation and white space left out).
    pub pages: Vec<Vec<u32>>,
    /// Time spent segmenting.
    pub seconds: f64,
}

impl Words {
    /// Segments every text.
    pub fn segment(texts: &[Vec<char>]) -> Words {
        let start = Instant::now();
        let jieba = Jieba::new();
        let mut ids: HashMap<String, u32> = HashMap::new();
        let mut vocab: Vec<String> = Vec::new();
        let mut pages = Vec::with_capacity(texts.len());
        let mut s = String::new();
        for t in texts {
            s.clear();
            s.extend(t.iter());
            let mut page = Vec::new();
            for tok in jieba.cut(&s, true) {
                let w = tok.word.trim();
                if w.is_empty() || !w.chars().any(|c| c.is_alphanumeric()) {
                    continue;
                }
                let id = match ids.get(w) {
                    Some(&id) => id,
                    None => {
                        let id = vocab.len() as u32;
                        vocab.push(w.to_string());
                        ids.insert(w.to_string(), id);
                        id
                    }
                };
                page.push(id);
            }
            pages.push(page);
        }
        let mut df = vec![0u32; vocab.len()];
        let mut seen = vec![u32::MAX; vocab.len()];
        for (p, page) in pages.iter().enumerate() {
            for &w in page {
                if seen[w as usize] != p as u32 {
                    seen[w as usize] = p as u32;
                    df[w as usize] += 1;
                }
            }
        }
        let flag = |list: &[&str]| {
            let set: std::collections::HashSet<&str> = list.iter().copied().collect();
            vocab.iter().map(|w| set.contains(w.as_str())).collect::<Vec<bool>>()
        };
        let stop = flag(STOP_WORDS);
        let antecedent = flag(ANTECEDENTS);
        Words { vocab, stop, antecedent, df, pages, seconds: start.elapsed().as_secs_f64() }
    }

    /// The page's content words (stop words left out) with their counts, by id.
    pub fn term_counts(&self, page: usize) -> HashMap<u32, u32> {
        let mut tf: HashMap<u32, u32> = HashMap::new();
        for &w in &self.pages[page] {
            if !self.stop[w as usize] {
                *tf.entry(w).or_default() += 1;
            }
        }
        tf
    }

    /// Inverse document frequency of a word, `ln(N / df)`.
    pub fn idf(&self, w: u32) -> f64 {
        let n = self.pages.len().max(1) as f64;
        (n / f64::from(self.df[w as usize].max(1))).ln()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_interned_counted_and_flagged() {
        let a: Vec<char> = "我们的城市，城市的发展。".chars().collect();
        let b: Vec<char> = "城市建设".chars().collect();
        let w = Words::segment(&[a, b, Vec::new()]);
        assert!(w.pages[2].is_empty());
        let city = w.vocab.iter().position(|v| v == "城市").expect("城市 is a word") as u32;
        assert_eq!(w.pages[0].iter().filter(|&&x| x == city).count(), 2);
        assert_eq!(w.df[city as usize], 2, "a word counts once per page");
        let de = w.vocab.iter().position(|v| v == "的").expect("的 is a word");
        assert!(w.stop[de] && w.antecedent[de] && !w.stop[city as usize]);
        assert!(w.pages[0].iter().all(|&x| w.vocab[x as usize] != "，" && w.vocab[x as usize] != "。"));
        assert_eq!(w.term_counts(0).get(&city), Some(&2));
        assert!(w.idf(city) < w.idf(w.pages[1].iter().copied().find(|&x| x != city).expect("two words")));
    }
}
