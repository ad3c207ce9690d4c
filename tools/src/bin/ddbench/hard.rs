//! `ddbench hard`: pages whose verification is dear, in the shapes real crawls have and the
//! plain crawl (`gen-crawl`) has not, ingested in process; the cost of a query per shape.
//!
//! * `article`: a new ~3,000-character article (the cheap case, for scale).
//! * `edited`: an earlier article with 2% of its characters changed.
//! * `reordered`: an earlier article whose paragraphs were shuffled (a CMS that moved sections).
//! * `digest`: a hub page, the headline and lead paragraph of 8-12 earlier articles in any order.
//! * `digest_again`: an earlier digest the next day, its items reshuffled, one or two replaced.
//! * `thread`: a forum thread whose replies each quote the opening post's first lines, so one
//!   block is pasted ten to twenty times with a short reply after each.
//! * `thread_again`: an earlier thread crawled again with two replies more and one edited.
//! * `pasted`: an earlier article, or an earlier pasted copy of it, with an advertisement pasted
//!   after four to eight of its paragraphs (a spam site's copy; each copy puts it elsewhere).
//!
//! Reordered and repeated text is where a diff is dearest: a moved block makes the edit distance
//! twice its length, and a repeated one makes every diagonal it lies on run far.

use std::time::Instant;

use super::{edit, percentile, Rng, Vocab};

/// The shapes, in the order the summary lists them.
pub const SHAPES: [&str; 8] =
    ["article", "edited", "reordered", "digest", "digest_again", "thread", "thread_again", "pasted"];

/// Page `i` of the hard crawl, given the pages before it (`earlier[shape]`, in order): its
/// shape and its text.
pub fn page(vocab: &Vocab, i: u64, earlier: &[Vec<String>]) -> (usize, String) {
    let mut r = Rng::new(i ^ 0x5EED_4A2D);
    let pick = |r: &mut Rng, shape: usize| -> Option<&str> {
        let of = &earlier[shape];
        (!of.is_empty()).then(|| of[r.below(of.len() as u64) as usize].as_str())
    };
    let roll = r.below(100);
    let want = match roll {
        0..=29 => 0,
        30..=39 => 1,
        40..=49 => 2,
        50..=64 => 3,
        65..=72 => 4,
        73..=82 => 5,
        83..=91 => 6,
        _ => 7,
    };
    let built = match want {
        1 => pick(&mut r, 0).map(|a| edit(a.chars().collect(), &mut r).into_iter().collect()),
        2 => pick(&mut r, 0).map(|a| reordered(a, &mut r)),
        3 => digest(&mut r, &earlier[0]),
        4 => pick(&mut r, 3).map(|d| digest_again(vocab, d, &mut r, i)),
        5 => Some(thread(vocab, &mut r, i)),
        6 => pick(&mut r, 5).map(|t| thread_again(vocab, t, &mut r, i)),
        7 => {
            let of = if r.below(2) == 0 { 0 } else { 7 };
            pick(&mut r, of).map(|a| pasted(vocab, a, &mut r))
        }
        _ => None,
    };
    match built {
        Some(text) => (want, text),
        None => (0, vocab.article(i, 3000)),
    }
}

fn paragraphs(text: &str) -> Vec<&str> {
    text.split('\n').filter(|p| !p.is_empty()).collect()
}

fn shuffle<T>(v: &mut [T], r: &mut Rng) {
    for k in (1..v.len()).rev() {
        v.swap(k, r.below(k as u64 + 1) as usize);
    }
}

fn reordered(a: &str, r: &mut Rng) -> String {
    let mut ps = paragraphs(a);
    shuffle(&mut ps, r);
    ps.join("\n")
}

/// An item of a digest: the article's first characters as a headline, then its lead.
fn item(article: &str, r: &mut Rng) -> String {
    let head: String = article.chars().take(16).collect();
    let lead: String = article.chars().skip(16).take(200 + r.below(200) as usize).collect();
    format!("{head}\n{lead}")
}

fn digest(r: &mut Rng, articles: &[String]) -> Option<String> {
    if articles.len() < 12 {
        return None;
    }
    let n = 8 + r.below(5) as usize;
    let items: Vec<String> = (0..n).map(|_| item(&articles[r.below(articles.len() as u64) as usize], r)).collect();
    Some(items.join("\n"))
}

fn digest_again(vocab: &Vocab, d: &str, r: &mut Rng, i: u64) -> String {
    // Items are headline + lead: two lines each.
    let lines = paragraphs(d);
    let mut items: Vec<String> = lines.chunks(2).map(|c| c.join("\n")).collect();
    shuffle(&mut items, r);
    for k in 0..1 + r.below(2) as usize {
        if let Some(it) = items.get_mut(k) {
            *it = item(&vocab.article(i * 31 + k as u64, 600), r);
        }
    }
    items.join("\n")
}

fn thread(vocab: &Vocab, r: &mut Rng, i: u64) -> String {
    let post = vocab.article(i, 800 + r.below(800) as usize).replace('\n', "");
    let quoted: String = post.chars().take(120 + r.below(120) as usize).collect();
    let mut out = post.clone();
    for k in 0..10 + r.below(11) {
        out.push_str(&format!("\n引用楼主的帖子：{quoted}\n"));
        out.push_str(&vocab.article(i * 101 + k, 30 + r.below(50) as usize).replace('\n', ""));
    }
    out
}

fn thread_again(vocab: &Vocab, t: &str, r: &mut Rng, i: u64) -> String {
    let mut lines: Vec<String> = paragraphs(t).into_iter().map(String::from).collect();
    let quote = lines.get(1).cloned().unwrap_or_default();
    if lines.len() > 3 {
        let k = 2 + 2 * r.below((lines.len() as u64 - 2) / 2) as usize;
        if let Some(l) = lines.get_mut(k) {
            *l = vocab.article(i * 7 + 1, 40).replace('\n', "");
        }
    }
    for k in 0..2 {
        lines.push(quote.clone());
        lines.push(vocab.article(i * 13 + k, 60).replace('\n', ""));
    }
    lines.join("\n")
}

fn pasted(vocab: &Vocab, a: &str, r: &mut Rng) -> String {
    let ad = vocab.article(r.below(5), 100 + r.below(50) as usize).replace('\n', "");
    let mut ps: Vec<String> = paragraphs(a).into_iter().map(String::from).collect();
    for _ in 0..4 + r.below(5) {
        let at = r.below(ps.len() as u64 + 1) as usize;
        ps.insert(at, ad.clone());
    }
    ps.join("\n")
}

/// Per shape: query µs, pages answered with a similar page, candidates verified, and how often
/// each relation was the best match's.
#[derive(Default)]
pub struct Tally {
    times: Vec<Vec<f64>>,
    similar: Vec<u64>,
    verified: Vec<usize>,
    /// Rounds of alignment of the matches found, and how many matches.
    rounds: Vec<(usize, usize)>,
    relations: Vec<std::collections::BTreeMap<&'static str, u64>>,
}

impl Tally {
    pub fn new() -> Tally {
        let n = SHAPES.len();
        Tally {
            times: vec![Vec::new(); n],
            similar: vec![0; n],
            verified: vec![0; n],
            rounds: vec![(0, 0); n],
            relations: vec![Default::default(); n],
        }
    }

    /// A page of `shape` whose query started at `t`, with its best match's relation, the
    /// candidates it verified and the rounds of alignment of each match.
    pub fn record(&mut self, shape: usize, t: Instant, best: Option<&'static str>, verified: usize, rounds: &[usize]) {
        self.times[shape].push(t.elapsed().as_secs_f64() * 1e6);
        self.rounds[shape].0 += rounds.iter().sum::<usize>();
        self.rounds[shape].1 += rounds.len();
        self.similar[shape] += best.is_some() as u64;
        self.verified[shape] += verified;
        *self.relations[shape].entry(best.unwrap_or("new")).or_default() += 1;
    }

    /// One JSON object per shape and one for all pages.
    pub fn report(mut self) -> Vec<serde_json::Value> {
        let mut all: Vec<f64> = self.times.iter().flatten().copied().collect();
        all.sort_by(f64::total_cmp);
        let mut out = Vec::new();
        for (k, name) in SHAPES.iter().enumerate() {
            let t = &mut self.times[k];
            t.sort_by(f64::total_cmp);
            out.push(serde_json::json!({
                "shape": name, "pages": t.len(), "similar": self.similar[k],
                "verified_per_page": self.verified[k] as f64 / t.len().max(1) as f64,
                "best": self.relations[k],
                "rounds_per_match": self.rounds[k].0 as f64 / self.rounds[k].1.max(1) as f64,
                "query_us": {"p50": percentile(t, 0.5), "p99": percentile(t, 0.99), "max": percentile(t, 1.0),
                             "total_s": t.iter().sum::<f64>() / 1e6},
            }));
        }
        out.push(serde_json::json!({
            "shape": "all", "pages": all.len(),
            "query_us": {"p50": percentile(&all, 0.5), "p99": percentile(&all, 0.99), "max": percentile(&all, 1.0),
                         "total_s": all.iter().sum::<f64>() / 1e6},
        }));
        out
    }
}
