//! The site footer: the region around a copyright or licence line, or a line of the site's own
//! links, grown to the largest enclosing element that adds no prose and stays footer-sized.

use super::block::{is_prose, Block, BlockSums, Extracted, MAX_LINK_DENSITY};
use super::shells::shell_prompt;
use crate::decode::find_ascii_ci;
use crate::lexicon::zh::{self, LICENCES};
use crate::lexicon::{COPYRIGHT_MARKS, SITE_PAGES};

/// A legal line (copyright, licence number) is at most this long.
pub(super) const LEGAL_MAX_CHARS: u32 = 120;

/// A footer region holds at most this many characters ...
const FOOTER_MAX_CHARS: u32 = 600;

/// ... and no block this long: a paragraph of prose is never furniture.
const FOOTER_MAX_BLOCK_CHARS: u32 = 80;

/// A region that is, or lies within this many levels of, an element named a footer (`<footer>`,
/// class or id "footer", "bottom", "copyright", "banquan") holds at most this many characters,
/// and no block this long (a site's statement on reposts runs to a hundred).
const FOOTER_NAMED_MAX_CHARS: u32 = 2400;

const FOOTER_NAMED_MAX_BLOCK_CHARS: u32 = 160;

const FOOTER_NAME_LEVELS: usize = 3;

/// A legal line's footer is at most this many elements above it.
const FOOTER_MAX_CLIMB: usize = 16;

/// What footer text weighs in the container score, against 1 for other text.
pub(super) const FOOTER_WEIGHT: f64 = 0.2;

/// Marks the blocks of the site footer; see step 0 of `passes`' documentation. Linear in the page: range
/// sums come from prefix sums, and a line climbs at most [`FOOTER_MAX_CLIMB`] elements. The
/// page's `headline` counts as prose whatever it speaks of.
pub(super) fn footer_blocks(e: &Extracted, sums: &BlockSums, headline: Option<usize>) -> Vec<bool> {
    let n = e.blocks.len();
    let mut footer = vec![false; n];
    let legal = |b: &Block| {
        let text = e.block_text(b);
        b.chars <= LEGAL_MAX_CHARS
            && ((may_be_legal(text) && is_legal_line(text))
                || (b.link_density() > MAX_LINK_DENSITY && is_site_links(text)))
    };
    // Most pages have one legal line near the end, some none: nothing more to do before it.
    let Some(first) = e.blocks.iter().position(legal) else { return footer };
    // Prefix counts of blocks too long for a footer and of prose blocks.
    let (mut long, mut longer, mut prose) = (vec![0u32; n + 1], vec![0u32; n + 1], vec![0u32; n + 1]);
    for (i, b) in e.blocks.iter().enumerate() {
        long[i + 1] = long[i] + u32::from(b.chars >= FOOTER_MAX_BLOCK_CHARS);
        longer[i + 1] = longer[i] + u32::from(b.chars >= FOOTER_NAMED_MAX_BLOCK_CHARS);
        // A shell's loading line is no paragraph: the footer beside it is still the footer.
        let prose_here = is_prose(b) && (headline == Some(i) || !shell_prompt(b, e.block_text(b)));
        prose[i + 1] = prose[i] + u32::from(prose_here);
    }
    let range = |el: usize| e.elems[el].first_block as usize..e.elems[el].end_block as usize;
    let chars_in = |r: std::ops::Range<usize>| sums.chars(r);
    // A region its template names a footer (the element or one of its nearest ancestors) may be
    // larger: a portal's footer lists its licences and statements, a dozen lines of them, that
    // would otherwise outscore a short article.
    let named = |el: usize| {
        let mut at = el;
        for _ in 0..FOOTER_NAME_LEVELS {
            if at == 0 {
                return false;
            }
            if e.elems[at].footer {
                return true;
            }
            at = e.elems[at].parent as usize;
        }
        false
    };
    let footer_sized = |el: usize| {
        let r = range(el);
        let (max, long) = if named(el) { (FOOTER_NAMED_MAX_CHARS, &longer) } else { (FOOTER_MAX_CHARS, &long) };
        chars_in(r.clone()) <= u64::from(max) && long[r.end] == long[r.start]
    };
    let prose_in = |r: std::ops::Range<usize>| prose[r.end] > prose[r.start];
    // A region holding every paragraph of prose on the page is the page (`<body>`, a wrapper),
    // not its footer: a short news item whose paragraphs and comments are all under
    // FOOTER_MAX_BLOCK_CHARS is footer-sized as a whole, and its legal line sits in the body.
    let all_prose = |r: std::ops::Range<usize>| prose[n] > 0 && prose[r.start] == 0 && prose[r.end] == prose[n];
    // Nor is a region holding the page's headline: a footer follows the article it closes. A
    // one-sentence post (no block long enough for prose) in a theme whose page is footer-sized
    // as a whole was otherwise all footer, headline and post with it.
    let heads = |r: &std::ops::Range<usize>| headline.is_some_and(|h| r.contains(&h));
    for (i, b) in e.blocks.iter().enumerate().skip(first) {
        if footer[i] || !legal(b) {
            continue;
        }
        // The nearest element holding other text than the line: a footer's lines are its
        // paragraphs, or sit in it directly.
        let mut el = b.elem as usize;
        let mut climbed = 0;
        while el != 0 && climbed < FOOTER_MAX_CLIMB && chars_in(range(el)) <= u64::from(b.chars) {
            el = e.elems[el].parent as usize;
            climbed += 1;
        }
        // The whole page is never its own footer, nor is a region with a paragraph of prose.
        if el == 0 || !footer_sized(el) || all_prose(range(el)) || heads(&range(el)) {
            continue;
        }
        // Grow while the parent adds no prose ("Powered by ..." beside the legal lines).
        while climbed < FOOTER_MAX_CLIMB {
            let parent = e.elems[el].parent as usize;
            if parent == 0 || !footer_sized(parent) || all_prose(range(parent)) || heads(&range(parent)) {
                break;
            }
            let (inner, outer) = (range(el), range(parent));
            if prose_in(outer.start..inner.start) || prose_in(inner.end..outer.end) {
                break;
            }
            el = parent;
            climbed += 1;
        }
        footer[range(el)].iter_mut().for_each(|f| *f = true);
    }
    footer
}

/// True when `text` holds a character every word of a legal line has one of (`i`, `c`, `a` in
/// either case, ©, 备, 证, 举, 版): a screen that spares nearly every block the word searches of
/// [`is_legal_line`] (this runs on every short block of every page).
pub(super) fn may_be_legal(text: &str) -> bool {
    // Short paragraphs of an article pass through here too. Each test is a fold without
    // branches over the whole text, which the compiler turns into vector instructions; a
    // character's UTF-8 bytes are matched whole, as neighbouring bytes.
    let b = text.as_bytes();
    let n = b.len();
    let hit = |v: bool| u8::from(v);
    // i, c, a in either case (bit 5 set makes a capital small).
    let ascii = b.iter().fold(0u8, |a, &x| {
        let y = x | 0x20;
        a | hit(y == b'i') | hit(y == b'c') | hit(y == b'a')
    });
    if ascii != 0 {
        return true;
    }
    if n < 2 {
        return false;
    }
    // ©
    let copy = b[..n - 1].iter().zip(&b[1..]).fold(0u8, |a, (&p, &q)| a | (hit(p == 0xc2) & hit(q == 0xa9)));
    if copy != 0 {
        return true;
    }
    if n < 3 {
        return false;
    }
    // 备, 证, 举, 版
    let three = |p: u8, q: u8, r: u8, c: [u8; 3]| hit(p == c[0]) & hit(q == c[1]) & hit(r == c[2]);
    let cjk = b[..n - 2].iter().zip(&b[1..n - 1]).zip(&b[2..]).fold(0u8, |a, ((&p, &q), &r)| {
        a | three(p, q, r, [0xe5, 0xa4, 0x87])
            | three(p, q, r, [0xe8, 0xaf, 0x81])
            | three(p, q, r, [0xe4, 0xb8, 0xbe])
            | three(p, q, r, [0xe7, 0x89, 0x88])
    });
    cjk != 0
}

/// A copyright or licence line as site footers write them: a licence or the notices Chinese sites
/// must show ("京ICP备12345678号", "公网安备", "增值电信业务经营许可证", "违法和不良信息举报电话"),
/// a copyright mark with a year or a second mark ("Copyright © 2026", "版权所有 2004-2026",
/// "© ... All Rights Reserved"), or a line that opens with "版权所有" ("版权所有：示例网", as many
/// sites name themselves without a year). "本文版权所有" inside a line, as an article may
/// end, is not.
pub(super) fn is_legal_line(text: &str) -> bool {
    // ASCII letters match either case (no lowered copy of the text).
    let has = |w: &str| find_ascii_ci(text.as_bytes(), w.as_bytes()).is_some();
    if LICENCES.iter().any(|w| has(w)) {
        return true;
    }
    // Not "©" or "Copyright" alone: a photo credit opens so ("© 新华社").
    if text.trim_start().starts_with(zh::RIGHTS_RESERVED) {
        return true;
    }
    let marks = COPYRIGHT_MARKS.iter().filter(|w| has(w)).count();
    marks >= 2 || (marks == 1 && has_year(text))
}

/// A line of links to pages about the site ("关于我们 | 联系我们 | 网站地图"): at least two
/// different words of [`SITE_PAGES`]. One alone may sit in a top bar; a footer lists several.
fn is_site_links(text: &str) -> bool {
    // One automaton for all the words: a byte search per word would stop at nearly every
    // character of Chinese text (the words' first bytes are those of most CJK characters).
    static WORDS: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> = std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder().ascii_case_insensitive(true).build(SITE_PAGES).ok()
    });
    // Two different words take at least the two shortest words' bytes: this spares the search
    // (~1,000 instructions however short the line) the single links of navigation bars.
    const TWO_WORDS: usize = {
        let (mut a, mut b, mut i) = (usize::MAX, usize::MAX, 0);
        while i < SITE_PAGES.len() {
            let n = SITE_PAGES[i].len();
            if n < a {
                (a, b) = (n, a);
            } else if n < b {
                b = n;
            }
            i += 1;
        }
        a + b
    };
    if text.len() < TWO_WORDS {
        return false;
    }
    let Some(words) = WORDS.as_ref() else { return false };
    let mut seen = 0u32;
    for m in words.find_iter(text) {
        seen |= 1 << m.pattern().as_u32();
        if seen.count_ones() >= 2 {
            return true;
        }
    }
    false
}

/// Four digits that read as a year of the web (1990-2099), not part of a longer number.
fn has_year(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i - start == 4 && (b[start..start + 2] == *b"19" && b[start + 2] >= b'9' || b[start..start + 2] == *b"20") {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{is_legal_line, may_be_legal};
    use crate::lexicon::zh::LICENCES;
    use crate::lexicon::COPYRIGHT_MARKS;

    #[test]
    fn legal_lines() {
        assert!(is_legal_line("Copyright © 1996-2026 example.cn All Rights Reserved"));
        assert!(is_legal_line("版权所有 © 2026 示例网 未经授权禁止转载"));
        assert!(is_legal_line("COPYRIGHT 2004 示例网"));
        assert!(is_legal_line("京ICP备12345678号-1"));
        assert!(is_legal_line("沪公网安备 31010602000123号"));
        assert!(is_legal_line("增值电信业务经营许可证 京B2-20260001"));
        assert!(is_legal_line("违法和不良信息举报电话：010-12345678"));
        assert!(!is_legal_line("本文版权所有，转载请注明出处。"), "an article's own notice");
        assert!(!is_legal_line("© 新华社"), "a photo credit");
        assert!(!is_legal_line("本报版权所有 12345"), "not a year");
        assert!(is_legal_line("版权所有：示例网 地址：北京市示例路1号"), "opens with a mark");
        assert!(!is_legal_line("Copyright 新华社"), "a photo credit");
        assert!(!is_legal_line("2026年版权保护工作会议召开"));
        // Every word passes the byte prefilter, and the prefilter is the character rule it
        // stands for, on every character of the BMP (after another one, so its bytes follow
        // other bytes).
        for w in LICENCES.iter().chain(&COPYRIGHT_MARKS) {
            assert!(may_be_legal(w) && may_be_legal(&w.to_uppercase()), "{w}");
        }
        let rule = |c: char| matches!(c, 'i' | 'I' | 'c' | 'C' | 'a' | 'A' | '©' | '备' | '证' | '举' | '版');
        for c in (1..0x1_0000).filter_map(char::from_u32) {
            let text = format!("新{c}");
            assert_eq!(may_be_legal(&text), rule(c), "{c:?}");
        }
        // A mark after runs of every length, and bytes that come close without being one (ç, ¡
        // and 穿 share bytes with the marks).
        for k in 0..70 {
            let pad: String = std::iter::repeat_n('x', k).collect();
            for (tail, want) in [("版", true), ("©", true), ("证", true), ("b", false), ("ç¡穿", false), ("", false)]
            {
                let text = format!("{pad}{tail}");
                assert_eq!(may_be_legal(&text), want, "{text:?}");
            }
        }
    }
}
