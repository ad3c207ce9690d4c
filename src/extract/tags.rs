//! What the extractor needs to know about tag names and class/id hints.

use crate::lexicon::{ANSWER_CLASSES, CONTENT_CLASSES, FURNITURE_CLASSES};

/// How a tag affects text blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TagKind {
    /// Starts and ends a block (p, div, li, td, h1, ...).
    Block,
    /// A line break or rule inside a block: ends the current block, opens no element.
    Break,
    /// Inline markup (span, b, font, ...): text flows through.
    Inline,
    /// A link: text flows through and counts as link text.
    Link,
    /// An element whose whole content is dropped (svg, select, form controls, head metadata).
    Skip,
    /// A void element with no text (img, meta, input, ...).
    Void,
}

/// Classifies a tag name (any case).
pub fn kind(name: &str) -> TagKind {
    let mut buf = [0u8; 12];
    if name.len() > buf.len() {
        return TagKind::Inline;
    }
    for (d, s) in buf.iter_mut().zip(name.bytes()) {
        *d = s.to_ascii_lowercase();
    }
    match &buf[..name.len()] {
        b"a" => TagKind::Link,
        b"br" | b"hr" => TagKind::Break,
        b"p" | b"div" | b"li" | b"ul" | b"ol" | b"dl" | b"dt" | b"dd" | b"td" | b"th" | b"tr" | b"table" | b"tbody"
        | b"thead" | b"tfoot" | b"caption" | b"h1" | b"h2" | b"h3" | b"h4" | b"h5" | b"h6" | b"section"
        | b"article" | b"header" | b"footer" | b"nav" | b"aside" | b"main" | b"blockquote" | b"pre" | b"figure"
        | b"figcaption" | b"center" | b"form" | b"fieldset" | b"address" | b"body" | b"html" | b"details"
        | b"summary" | b"menu" | b"dir" | b"legend" | b"frameset" | b"noindex" => TagKind::Block,
        b"svg" | b"math" | b"select" | b"option" | b"button" | b"object" | b"video" | b"audio" | b"canvas" | b"map"
        | b"template" | b"head" | b"datalist" => TagKind::Skip,
        b"img" | b"meta" | b"link" | b"input" | b"area" | b"base" | b"col" | b"embed" | b"source" | b"track"
        | b"wbr" | b"param" | b"keygen" | b"basefont" | b"bgsound" | b"frame" => TagKind::Void,
        _ => TagKind::Inline,
    }
}

/// Whether an element may sit in `<head>` (HTML's "in head" insertion mode). Any other start tag
/// ends a head left open, as `<body>` does: browsers then put it and what follows in the body.
pub fn allowed_in_head(name: &str) -> bool {
    const HEAD: [&str; 12] = [
        "head", "title", "meta", "link", "base", "basefont", "bgsound", "style", "script", "noscript", "noframes",
        "template",
    ];
    HEAD.iter().any(|n| n.eq_ignore_ascii_case(name))
}

/// Structural weight of a tag itself: page furniture (nav, footer, ...) is negative, article-like
/// containers positive.
pub fn tag_hint(name: &str) -> i32 {
    const NEG: [&str; 5] = ["nav", "footer", "header", "aside", "menu"];
    const POS: [&str; 2] = ["article", "main"];
    if NEG.iter().any(|n| n.eq_ignore_ascii_case(name)) {
        -2
    } else if POS.iter().any(|n| n.eq_ignore_ascii_case(name)) {
        2
    } else {
        0
    }
}

// The words' set is a u64 of pattern ids: furniture, then content, then answer words.
const _: () = assert!(FURNITURE_CLASSES.len() + CONTENT_CLASSES.len() + ANSWER_CLASSES.len() <= 64);

/// What the words of one class or id value say.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClassWords {
    /// Weight: page furniture scores negative, article-like names positive; each word counts
    /// once however often it appears, and a word inside another counts too ("footer" holds
    /// "foot").
    pub hint: i32,
    /// A word names an answer box (answer, huida, daan).
    pub answer: bool,
    /// "reply" is among the words.
    pub reply: bool,
    /// A word names a page's footer (footer, foot, bottom, copyright, banquan): see
    /// `footer::footer_blocks`, which lets such a region be larger.
    pub footer: bool,
}

/// The words of a class or id value, read in one pass: its weight and whether it names an
/// answer box or a reply.
pub fn class_words(class_or_id: &str) -> ClassWords {
    // One automaton for all lists, its overlapping matches collected as a set of words: a
    // substring search per word cost more than the rest of reading the tag.
    static WORDS: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> = std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .kind(Some(aho_corasick::AhoCorasickKind::DFA))
            .build(FURNITURE_CLASSES.iter().chain(CONTENT_CLASSES.iter()).chain(ANSWER_CLASSES.iter()))
            .ok()
    });
    const REPLY: u64 = word_bit(b"reply");
    const FOOTER: u64 =
        word_bit(b"footer") | word_bit(b"foot") | word_bit(b"bottom") | word_bit(b"copyright") | word_bit(b"banquan");
    if class_or_id.is_empty() {
        return ClassWords::default();
    }
    let Some(words) = WORDS.as_ref() else { return ClassWords::default() };
    let mut seen = 0u64;
    for m in words.find_overlapping_iter(class_or_id) {
        seen |= 1 << m.pattern().as_u32();
    }
    let furniture = (seen & ((1 << FURNITURE_CLASSES.len()) - 1)).count_ones() as i32;
    let content = ((seen >> FURNITURE_CLASSES.len()) & ((1 << CONTENT_CLASSES.len()) - 1)).count_ones() as i32;
    // A furniture word next to a content word ("sidebar-content") is still furniture.
    let hint = if furniture > 0 { -(2 * furniture).min(4) } else { content.min(2) };
    ClassWords {
        hint,
        answer: seen >> (FURNITURE_CLASSES.len() + CONTENT_CLASSES.len()) != 0,
        reply: seen & REPLY != 0,
        footer: seen & FOOTER != 0,
    }
}

/// The bit of furniture word `word` in [`class_words`]' set (compile time: a word not in
/// [`FURNITURE_CLASSES`] does not build).
const fn word_bit(word: &[u8]) -> u64 {
    let mut i = 0;
    loop {
        let w = FURNITURE_CLASSES[i].as_bytes();
        if w.len() == word.len() {
            let mut j = 0;
            while j < w.len() && w[j] == word[j] {
                j += 1;
            }
            if j == w.len() {
                return 1 << i;
            }
        }
        i += 1;
    }
}

/// Lower-cased tag name, small enough to keep on the element stack.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct TagName(pub(super) [u8; 12], pub(super) u8);

impl TagName {
    pub(crate) fn new(name: &str) -> Self {
        let mut buf = [0u8; 12];
        let n = name.len().min(12);
        for (d, s) in buf.iter_mut().zip(name.bytes()) {
            *d = s.to_ascii_lowercase();
        }
        TagName(buf, n as u8)
    }
    pub(crate) fn is(&self, lower: &[u8]) -> bool {
        &self.0[..self.1 as usize] == lower
    }
    /// `h1` to `h6`.
    pub(crate) fn is_heading(&self) -> bool {
        self.1 == 2 && self.0[0] == b'h' && (b'1'..=b'6').contains(&self.0[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds() {
        assert_eq!(kind("P"), TagKind::Block);
        assert_eq!(kind("a"), TagKind::Link);
        assert_eq!(kind("BR"), TagKind::Break);
        assert_eq!(kind("span"), TagKind::Inline);
        assert_eq!(kind("select"), TagKind::Skip);
        assert_eq!(kind("averyveryverylongname"), TagKind::Inline);
        assert!(allowed_in_head("META") && allowed_in_head("title"));
        assert!(!allowed_in_head("body") && !allowed_in_head("div") && !allowed_in_head("p"));
    }

    #[test]
    fn hints() {
        let class_hint = |s: &str| class_words(s).hint;
        assert!(class_hint("article-content") > 0);
        assert!(class_hint("sidebar-content") < 0);
        assert!(class_hint("footer") < 0);
        assert_eq!(class_hint("x1 y2"), 0);
        assert!(tag_hint("NAV") < 0);
        // Chinese templates' pinyin and abbreviated names.
        for furniture in ["ans-cmts", "cmt_row", "pinglun_list", "gentie", "tuijian", "xiangguan_news", "guanggao"] {
            assert!(class_hint(furniture) < 0, "{furniture}");
        }
        for furniture in ["daohang", "banquan", "youlian", "paihang_bang"] {
            assert!(class_hint(furniture) < 0, "{furniture}");
        }
        assert!(class_hint("wenzhang_neirong") > 0 && class_hint("neirong") > 0);
        assert!(class_hint("pinglun_neirong") < 0, "a comment's content is still a comment");
    }

    /// The rule as first written: a substring search per word.
    fn hint_by_search(s: &str) -> i32 {
        let lower = s.to_ascii_lowercase();
        let furniture = FURNITURE_CLASSES.iter().filter(|w| lower.contains(*w)).count() as i32;
        let content = CONTENT_CLASSES.iter().filter(|w| lower.contains(*w)).count() as i32;
        if furniture > 0 {
            -(2 * furniture).min(4)
        } else {
            content.min(2)
        }
    }

    #[test]
    fn the_automaton_counts_each_word_once_and_flags_words_as_substring_searches_do() {
        // Names built from the words, their pieces and separators, in mixed case, words
        // repeated and overlapping ("footer" holds "foot", "sidebar" holds "side").
        let pieces: Vec<&str> = FURNITURE_CLASSES
            .iter()
            .chain(CONTENT_CLASSES.iter())
            .chain(ANSWER_CLASSES.iter())
            .copied()
            .chain(["-", "_", " ", "x", "NAV", "Foo", "内容", "ba", "AnSwEr", "Repl", "y"])
            .collect();
        let mut rng = crate::testutil::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut next = |n: usize| rng.below(n as u64) as usize;
        let mut by_value = [0usize; 9];
        let mut flags = [0usize; 3];
        let has = |name: &str, w: &str| name.to_ascii_lowercase().contains(w);
        for _ in 0..20_000 {
            let name: String = (0..1 + next(6)).map(|_| pieces[next(pieces.len())]).collect();
            let want = hint_by_search(&name);
            let got = class_words(&name);
            assert_eq!(got.hint, want, "{name:?}");
            assert_eq!(got.answer, ANSWER_CLASSES.iter().any(|w| has(&name, w)), "{name:?}");
            assert_eq!(got.reply, has(&name, "reply"), "{name:?}");
            let footer = ["foot", "bottom", "copyright", "banquan"].iter().any(|w| has(&name, w));
            assert_eq!(got.footer, footer, "{name:?}");
            by_value[(want + 4) as usize] += 1;
            flags[0] += usize::from(got.answer);
            flags[1] += usize::from(got.reply);
            flags[2] += usize::from(got.footer);
        }
        // Every weight the rule gives (-4, -2, 0, 1, 2) was met, so each branch was compared;
        // and names with and without each flag.
        assert!([-4, -2, 0, 1, 2].iter().all(|&w| by_value[(w + 4) as usize] > 0), "{by_value:?}");
        assert!(flags.iter().all(|&n| n > 100 && n < 19_000), "{flags:?}");
    }
}
