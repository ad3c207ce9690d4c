//! The page's headline: the short block the `<title>` repeats (or rewords), the element it heads
//! and the article under it; and, at the end, the headline left out of the text it names.

use super::answers::{self, QuestionPage};
use super::block::{is_prose, Block, DropReason, Extracted, MAX_LINK_DENSITY};
use crate::lexicon::HEADLINE_SEPARATORS;

/// The page's headline (a short block the `<title>` repeats) heads its article: prose after it,
/// within the nearest element above it that holds some (at most this many levels up) and up to
/// the next heading, weighs [`HEADLINE_WEIGHT`] times more. A short post must not lose to a
/// longer paragraph of a sidebar ("about me") whose classes say nothing, nor a short product
/// description to the shop's policy under its own heading after it.
const HEADLINE_LEVELS: usize = 3;

pub(super) const HEADLINE_WEIGHT: f64 = 3.0;

/// A headline has at least this many characters (shorter ones match too much) ...
const HEADLINE_MIN_CHARS: usize = 4;

/// ... and at most this many.
pub(super) const HEADLINE_MAX_CHARS: u32 = 80;

/// The blocks after the page's headline that lie in the nearest element above it holding a
/// sentence after it, up to the first heading after that sentence (see [`HEADLINE_LEVELS`]).
/// The headline is a short, link-free block whose text is the `<title>`, one of its leading
/// runs of parts, or one of its parts between separators ("标题_频道_网站", "标题 - 网站"), the
/// first some block repeats: Chinese sites name the article before the channel and themselves
/// (whose names are also in their logos and menus), and a headline may hold a separator itself
/// ("禾田 HT-3300 料理机-禾田旗舰店-商城"). Empty when there is none. With it, the headline's
/// block, and the blocks after it in that element (past the next heading).
pub(super) fn after_headline(e: &Extracted) -> (std::ops::Range<usize>, Option<usize>, std::ops::Range<usize>) {
    let title = e.title.trim();
    let leading = title.match_indices(HEADLINE_SEPARATORS).map(|(i, _)| title[..i].trim()).rev();
    let parts = std::iter::once(title).chain(leading).chain(title.split(HEADLINE_SEPARATORS).map(str::trim));
    let candidate = |b: &Block| b.chars <= HEADLINE_MAX_CHARS && b.link_chars == 0;
    let found = parts
        .filter(|p| p.chars().count() >= HEADLINE_MIN_CHARS)
        .find_map(|part| e.blocks.iter().position(|b| candidate(b) && e.block_text(b).trim() == part));
    // Else a heading that is most of one of the title's parts: the title dresses the headline
    // ("「行政前台招聘」" for "行政前台", "【图】" ...).
    let found = found.or_else(|| {
        title.split(HEADLINE_SEPARATORS).map(str::trim).find_map(|part| {
            let n = part.chars().count() as u32;
            e.blocks.iter().position(|b| {
                b.heading && candidate(b) && b.chars >= (HEADLINE_MIN_CHARS as u32).max(n.div_ceil(2)) && {
                    let text = e.block_text(b).trim();
                    !text.is_empty() && part.contains(text)
                }
            })
        })
    });
    // Else a heading the title rewords.
    let found = found.or_else(|| reworded_headline(e, title));
    let Some(h) = found else { return (0..0, None, 0..0) };
    let Some((el, first)) = headed_element(e, h) else { return (0..0, None, 0..0) };
    let after = h + 1..e.elems[el].end_block as usize;
    // The article under the headline ends at the next heading after its first sentence: a
    // section of its own (a shop's "售后保障" after a short description), or the article's own
    // second section, which its container holds anyway.
    let end = (first + 1..after.end).find(|&i| e.blocks[i].heading).unwrap_or(after.end);
    (after.start..end, Some(h), after)
}

/// The element a headline at block `h` heads: the nearest above it (at most [`HEADLINE_LEVELS`]
/// up) that holds a sentence after it; with that sentence's block.
fn headed_element(e: &Extracted, h: usize) -> Option<(usize, usize)> {
    let mut el = e.blocks[h].elem as usize;
    for _ in 0..HEADLINE_LEVELS {
        if el == 0 {
            break;
        }
        el = e.elems[el].parent as usize;
        let end = e.elems[el].end_block as usize;
        let sentence = (h + 1..end).find(|&i| e.blocks[i].punct >= 1 && e.blocks[i].link_density() <= MAX_LINK_DENSITY);
        if let Some(first) = sentence {
            return Some((el, first));
        }
    }
    None
}

/// The heading that says most nearly what one of the title's parts says, when no block repeats
/// the title: sites shorten or reword the `<title>` for search engines ("电脑开机黑屏怎么办" over
/// "电脑开机后黑屏，只有一个鼠标箭头…如何修复？", "寒潮来袭！上海最低气温跌至零下2℃" over
/// "上海今冬首场寒潮来袭 最低气温跌至零下2℃"), or put it beside a translation. The two share, in
/// order, at least [`REWORDED_SHARE`] of the shorter one's words ([`words`]) and
/// [`REWORDED_MIN_WORDS`] of them, and no sentence of its article comes before it; the best
/// share wins, then the first in the page.
fn reworded_headline(e: &Extracted, title: &str) -> Option<usize> {
    // Each part with its distinct words, sorted: how many of a heading's words a part holds at
    // all bounds what the two share in order, and rules most headings out cheaply.
    let parts: Vec<(Vec<u64>, Vec<u64>)> = title
        .split(HEADLINE_SEPARATORS)
        .map(words)
        .filter(|p| p.len() >= REWORDED_MIN_WORDS && p.len() <= 2 * HEADLINE_MAX_CHARS as usize)
        .map(|p| {
            let mut set = p.clone();
            set.sort_unstable();
            set.dedup();
            (p, set)
        })
        .collect();
    if parts.is_empty() {
        return None;
    }
    // A headline comes before the text it heads: a heading after a sentence of the element it
    // would head is a section's ("清炒荷兰豆的做法" after a recipe's introduction), however like
    // the title it is; a heading that heads nothing is no headline.
    let sectional = |h: usize| {
        headed_element(e, h).is_none_or(|(el, _)| e.blocks[e.elems[el].first_block as usize..h].iter().any(is_prose))
    };
    let headings = e
        .blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| {
            b.heading && b.link_chars == 0 && b.chars <= HEADLINE_MAX_CHARS && b.chars as usize >= REWORDED_MIN_WORDS
        })
        .take(REWORDED_MAX_HEADINGS)
        .filter(|&(i, _)| !sectional(i));
    let mut best: Option<(f64, usize)> = None;
    let mut row = Vec::new();
    for (i, b) in headings {
        let text = words(e.block_text(b));
        for (part, set) in &parts {
            let shorter = text.len().min(part.len());
            let need = ((REWORDED_SHARE * shorter as f64).ceil() as usize).max(REWORDED_MIN_WORDS);
            if text.iter().filter(|w| set.binary_search(w).is_ok()).count() < need {
                continue;
            }
            let shared = lcs_len(&text, part, &mut row);
            let share = shared as f64 / shorter as f64;
            if shared >= need && best.is_none_or(|(s, _)| share > s) {
                best = Some((share, i));
            }
        }
    }
    best.map(|(_, i)| i)
}

/// Of the shorter of a reworded headline and the title's part, the share of words the two must
/// have in common, in order ...
const REWORDED_SHARE: f64 = 2.0 / 3.0;

/// ... and at least this many: four or five characters in common are too often a section's
/// name ("考生须知", "新闻速览") or another job's ("行政前台" in "行政前台及会务专员招聘").
const REWORDED_MIN_WORDS: usize = 6;

/// Headings a page's reworded headline is looked for among, in page order (the headline comes
/// before the article's own subheadings and the sidebars' boxes).
const REWORDED_MAX_HEADINGS: usize = 32;

/// The words of a heading or title part, for comparing them: each ideograph (and any other
/// letter or digit outside ASCII) is a word, and so is each run of ASCII letters and digits,
/// lowercased; the rest is left out. A run counts once, so that a short English word is not
/// found letter by letter inside a long title.
fn words(s: &str) -> Vec<u64> {
    let mut out = Vec::new();
    let mut run: Option<u64> = None;
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            // FNV-1a over the run's lowercased bytes, with the top bit set: never a character.
            let h = run.unwrap_or(0xcbf2_9ce4_8422_2325);
            run = Some((h ^ u64::from(c.to_ascii_lowercase() as u8)).wrapping_mul(0x100_0000_01b3));
            continue;
        }
        if let Some(h) = run.take() {
            out.push(h | 1 << 63);
        }
        if c.is_alphanumeric() {
            out.push(u64::from(c as u32));
        }
    }
    if let Some(h) = run {
        out.push(h | 1 << 63);
    }
    out
}

/// Length of the longest common subsequence of two short sequences (`row`: scratch).
fn lcs_len(a: &[u64], b: &[u64], row: &mut Vec<u32>) -> usize {
    row.clear();
    row.resize(b.len() + 1, 0);
    for &x in a {
        let mut diag = 0;
        for (j, &y) in b.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = if x == y { diag + 1 } else { up.max(row[j]) };
            diag = up;
        }
    }
    row[b.len()] as usize
}

/// The headline names the text; it is not the text, even inside the container (a print version
/// sets it there, "……（图片）" ends like a sentence): copies elsewhere set it apart. A question
/// ("……吗？"), the page's if it has answers, or a headline with nothing else kept, stays.
pub(super) fn drop_headline(e: &mut Extracted, headline: Option<usize>, question: Option<&QuestionPage>) {
    let question_head = |i: usize| question.is_some_and(|q| q.headline == i);
    let asks = |h: usize| question_head(h) || answers::is_question(e.block_text(&e.blocks[h]));
    if let Some(h) = headline.filter(|&h| !asks(h) && e.blocks[h].dropped.is_none()) {
        if e.blocks.iter().enumerate().any(|(i, b)| i != h && b.dropped.is_none()) {
            e.blocks[h].dropped = Some(DropReason::Short);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{lcs_len, words};

    #[test]
    fn heading_words() {
        let (mut row, lcs) = (Vec::new(), |a: &str, b: &str, row: &mut Vec<u32>| lcs_len(&words(a), &words(b), row));
        assert_eq!(words("小米 Air-4 Pro！").len(), 5, "小, 米, air, 4, pro");
        assert_eq!(words("Pro"), words("PRO"));
        assert_ne!(words("pro"), words("pr"));
        assert_eq!(lcs("电脑开机黑屏怎么办", "电脑开机后黑屏，只有一个鼠标箭头，如何修复？", &mut row), 6);
        // An English word is one word: not found letter by letter in a long title.
        assert_eq!(lcs("Comments", "Common mistakes when moving to a new city", &mut row), 0);
        assert_eq!(lcs("new city", "Common mistakes when moving to a new city", &mut row), 2);
        assert_eq!(lcs("", "新闻", &mut row), 0);
    }
}
