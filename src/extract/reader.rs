//! The markup reader: one walk over the token stream, cutting text into blocks at block-level
//! tags and line breaks, and remembering for every block its element, its length and how much
//! of it is link text.

use super::block::{root_elem, Block, Elem, Extracted};
use super::tags::{TagKind, TagName};
use super::{answers, entities, hidden, html, tags};
use crate::lexicon::{ends_sentence, is_prose_punct};
use html::Token;

/// Reads markup into blocks (no selection yet); `scripts`, when given, receives the bodies of
/// the page's scripts.
pub(super) fn read<'a>(html: &'a str, mut scripts: Option<&mut Vec<&'a str>>) -> Extracted {
    let mut b = Builder::new(html.len());
    let mut in_title = false;
    let mut in_style = false;
    let mut in_script = false;
    for tok in html::Tokenizer::new(html) {
        match tok {
            Token::Start { name, attrs, self_closing } => {
                in_title = name.eq_ignore_ascii_case("title") && !self_closing;
                in_style = name.eq_ignore_ascii_case("style") && !self_closing;
                in_script = name.eq_ignore_ascii_case("script") && !self_closing;
                b.start(name, attrs, self_closing);
            }
            Token::End { name } => b.end(name),
            Token::Text(t) => b.text(t),
            Token::Raw(t) => {
                if in_title && b.out.title.is_empty() {
                    b.out.title = collapse_ws(&entities::decode(t));
                }
                if in_style {
                    hidden::classes_hidden_by(t, &mut b.hidden_classes);
                }
                if in_script {
                    if let Some(s) = scripts.as_deref_mut() {
                        s.push(t);
                    }
                }
            }
        }
    }
    b.finish()
}

/// [`is_prose_punct`], and an ASCII full stop after a Chinese character: forum posts typed with
/// half-width punctuation ("第三天就坏了.因为出差...") are prose too. After a digit or a Latin
/// letter it may be a decimal point or a domain name: the HTML reader counts it once it sees what
/// follows ([`crate::normalize::latin_dot_after`]).
#[inline]
pub(super) fn is_prose_punct_after(prev: char, c: char) -> bool {
    if c == '.' {
        crate::normalize::dot_ends_sentence_after(prev)
    } else {
        is_prose_punct(c)
    }
}

#[inline]
fn is_space(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_whitespace() || c.is_ascii_control()
    } else {
        // No space or control character lies above the ideographic space (U+3000), and CJK text
        // lives there: one test instead of a table search.
        c <= '\u{3000}' && (c.is_whitespace() || c.is_control())
    }
}

pub(super) fn collapse_ws(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        if c.is_whitespace() {
            space = !out.is_empty();
        } else {
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
    }
    out
}

/// Elements that close an open element of the same name when they start (`<p>a<p>b`).
const SELF_NESTING_FORBIDDEN: [&[u8]; 7] = [b"p", b"li", b"dt", b"dd", b"td", b"th", b"tr"];

/// How far down the stack an end tag may look for its element; deeper means stray.
const MAX_POP_SEARCH: usize = 64;

/// Element stack depth beyond which new elements are not pushed (pathological nesting).
const MAX_DEPTH: usize = 512;

struct Builder {
    out: Extracted,
    stack: Vec<(u32, TagName)>,
    block_start: usize,
    chars: u32,
    link_chars: u32,
    punct: u32,
    last: char,
    /// `last` is a '.' that ends a Latin sentence if what follows allows it
    /// ([`crate::normalize::latin_dot_after`]): decided at the next character or the block's end.
    latin_dot: bool,
    /// The open link, as the element-stack depth it was opened at: the link ends with `</a>`, the
    /// next `<a>` (links do not nest) or the end of the element holding it, so one never closed
    /// does not make the rest of the page link text.
    link: Option<usize>,
    pending_space: bool,
    skip_depth: u32,
    skip_stack_len: usize,
    /// The skip in progress began at `<head>`: the first body tag or text ends it.
    skip_head: bool,
    /// Classes that the page's own `<style>` rules hide (`.x{display:none}`).
    hidden_classes: Vec<String>,
    /// An inline element that is never shown (anti-copy filler, ruby annotations), and how many
    /// elements of its name are open inside it: its text is not the page's.
    hidden: Option<(TagName, u32)>,
}

impl Builder {
    fn new(cap: usize) -> Self {
        Builder {
            out: Extracted { text: String::with_capacity(cap / 3), elems: vec![root_elem()], ..Default::default() },
            stack: Vec::with_capacity(64),
            block_start: 0,
            chars: 0,
            link_chars: 0,
            punct: 0,
            last: ' ',
            latin_dot: false,
            link: None,
            pending_space: false,
            skip_depth: 0,
            skip_stack_len: 0,
            skip_head: false,
            hidden_classes: Vec::new(),
            hidden: None,
        }
    }

    fn current(&self) -> u32 {
        self.stack.last().map_or(0, |e| e.0)
    }

    fn start(&mut self, name: &str, attrs: &str, self_closing: bool) {
        let kind = tags::kind(name);
        let is_head = name.eq_ignore_ascii_case("head");
        if self.skip_depth > 0 {
            // Browsers end a head left open at the first tag that cannot live in one (`<body>`,
            // `<p>`, ...): without that, `<head><title>t</title><body>` would skip the page.
            if self.skip_head && self.skip_depth == 1 && !tags::allowed_in_head(name) {
                self.skip_depth = 0;
            } else {
                // A second `<head>` inside one is ignored, as browsers do, not nested.
                if kind == TagKind::Skip && !self_closing && !(self.skip_head && is_head) {
                    self.skip_depth += 1;
                }
                return;
            }
        }
        if let Some((tn, depth)) = self.hidden {
            // Block structure ends hidden inline text: a hidden `<span>` left open must not
            // swallow the paragraphs after it.
            if matches!(kind, TagKind::Block | TagKind::Break) || hidden::ends_annotation(&tn, name) {
                self.hidden = None;
            } else {
                if !self_closing && TagName::new(name) == tn {
                    self.hidden = Some((tn, depth + 1));
                }
                return;
            }
        }
        if matches!(kind, TagKind::Inline | TagKind::Link)
            && !self_closing
            && hidden::is_hidden_inline(name, attrs, &self.hidden_classes)
        {
            self.hidden = Some((TagName::new(name), 1));
            return;
        }
        match kind {
            TagKind::Skip => {
                if !self_closing {
                    self.flush();
                    self.skip_depth = 1;
                    self.skip_stack_len = self.stack.len();
                    self.skip_head = is_head;
                }
            }
            TagKind::Block => {
                self.flush();
                let tn = TagName::new(name);
                if SELF_NESTING_FORBIDDEN.iter().any(|n| tn.is(n)) {
                    if let Some(top) = self.stack.last() {
                        if top.1 == tn {
                            self.pop_to(self.stack.len() - 1);
                        }
                    }
                }
                if self_closing || self.stack.len() >= MAX_DEPTH {
                    return;
                }
                let (class, id) = html::class_and_id(attrs);
                let (class_words, id_words) = (tags::class_words(class), tags::class_words(id));
                let hint = tags::tag_hint(name) + class_words.hint + id_words.hint;
                let sig = sig_of(&tn, class, id, false);
                let stem = if class.bytes().any(|b| b.is_ascii_digit()) { sig_of(&tn, class, id, true) } else { sig };
                let answer = class_words.answer || id_words.answer;
                let reply = answers::names_reply(hint, class_words.reply || id_words.reply);
                let footer = class_words.footer || id_words.footer || tn.is(b"footer");
                let idx = self.out.elems.len() as u32;
                let first = self.out.blocks.len() as u32;
                self.out.elems.push(Elem {
                    parent: self.current(),
                    hint,
                    sig,
                    stem,
                    first_block: first,
                    end_block: first,
                    answer,
                    reply,
                    footer,
                });
                self.stack.push((idx, tn));
            }
            TagKind::Break => self.flush(),
            TagKind::Link => {
                // Only `<a href>` is a link; `<a name=top>`, often left open by old templates, is
                // a mere anchor.
                self.link = (!self_closing && html::attr(attrs, "href").is_some()).then_some(self.stack.len());
            }
            TagKind::Inline | TagKind::Void => {}
        }
    }

    fn end(&mut self, name: &str) {
        let kind = tags::kind(name);
        if self.skip_depth > 0 {
            if kind == TagKind::Skip {
                self.skip_depth -= 1;
                return;
            }
            // An end tag of an element opened before the skipped one closes the skip too: an
            // unclosed <svg> or <select> must not swallow the rest of the page.
            if kind == TagKind::Block {
                let tn = TagName::new(name);
                if self.stack[..self.skip_stack_len].iter().rev().take(MAX_POP_SEARCH).any(|e| e.1 == tn) {
                    self.skip_depth = 0;
                } else {
                    return;
                }
            } else {
                return;
            }
        }
        if let Some((tn, depth)) = self.hidden {
            if TagName::new(name) == tn {
                self.hidden = (depth > 1).then_some((tn, depth - 1));
                return;
            }
            if kind == TagKind::Block || hidden::ends_annotation(&tn, name) {
                self.hidden = None;
            } else {
                return;
            }
        }
        match kind {
            TagKind::Block => {
                self.flush();
                let tn = TagName::new(name);
                let len = self.stack.len();
                let found = self.stack.iter().rev().take(MAX_POP_SEARCH).position(|e| e.1 == tn);
                match found {
                    Some(p) => self.pop_to(len - 1 - p),
                    None => self.out.unmatched_ends += 1,
                }
            }
            TagKind::Break => self.flush(),
            TagKind::Link => self.link = None,
            _ => {}
        }
    }

    /// Closes the elements at stack index `at` and above.
    fn pop_to(&mut self, at: usize) {
        if self.link.is_some_and(|l| l > at) {
            self.link = None;
        }
        let end = self.out.blocks.len() as u32;
        for (idx, _) in self.stack.drain(at..) {
            self.out.elems[idx as usize].end_block = end;
        }
    }

    fn text(&mut self, raw: &str) {
        if self.skip_depth > 0 {
            // Text other than white space ends a head left open, as a body tag does.
            let blank = raw.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\x0c' | b'\r'));
            if !(self.skip_head && self.skip_depth == 1 && !blank) {
                return;
            }
            self.skip_depth = 0;
        }
        if self.hidden.is_some() {
            return;
        }
        let decoded = entities::decode(raw);
        let t: &str = &decoded;
        let in_link = self.link.is_some();
        let text = &mut self.out.text;
        // Copy runs of non-space characters whole; spaces collapse to one.
        let mut run: Option<usize> = None;
        let bytes = t.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            // A stretch of CJK ideographs (lead bytes E4..E9: U+4000..U+9FFF, most of a Chinese
            // page) is counted three bytes at a time: none is a space, punctuation or a '.', so
            // each only counts, and only the first can follow a Latin '.'.
            if crate::utf8::leads_ideograph(bytes[i]) {
                let start = i;
                while i < bytes.len() && crate::utf8::leads_ideograph(bytes[i]) {
                    i += 3;
                }
                if run.is_none() {
                    if self.pending_space && text.len() > self.block_start {
                        text.push(' ');
                    }
                    self.pending_space = false;
                    run = Some(start);
                }
                let n = ((i - start) / 3) as u32;
                self.chars += n;
                self.link_chars += n * u32::from(in_link);
                // (`latin_dot_before` of a character that is not ASCII.)
                self.punct += u32::from(std::mem::take(&mut self.latin_dot));
                self.last = crate::utf8::three_byte_at(bytes, i - 3).unwrap_or(self.last);
                continue;
            }
            let Some(c) = t.get(i..).and_then(|s| s.chars().next()) else { break };
            let at = i;
            i += c.len_utf8();
            if is_space(c) {
                if let Some(s) = run.take() {
                    text.push_str(&t[s..at]);
                }
                self.pending_space = true;
                self.punct += u32::from(std::mem::take(&mut self.latin_dot));
                continue;
            }
            if run.is_none() {
                if self.pending_space && text.len() > self.block_start {
                    text.push(' ');
                }
                self.pending_space = false;
                run = Some(at);
            }
            self.chars += 1;
            self.link_chars += u32::from(in_link);
            self.punct += u32::from(is_prose_punct_after(self.last, c));
            if std::mem::take(&mut self.latin_dot) {
                self.punct += u32::from(crate::normalize::latin_dot_before(Some(c)));
            }
            self.latin_dot = c == '.' && crate::normalize::latin_dot_after(self.last);
            self.last = c;
        }
        if let Some(s) = run {
            text.push_str(&t[s..]);
        }
    }

    fn flush(&mut self) {
        self.pending_space = false;
        if self.chars == 0 {
            self.out.text.truncate(self.block_start);
            return;
        }
        let end = self.out.text.len();
        let latin_stop = std::mem::take(&mut self.latin_dot);
        // One pass over the open elements: whether one is a heading, and the innermost cell.
        let (mut heading, mut cell) = (false, 0);
        for &(i, t) in &self.stack {
            heading |= t.is_heading();
            if t.is(b"td") || t.is(b"th") {
                cell = i;
            }
        }
        self.out.blocks.push(Block {
            range: self.block_start..end,
            chars: self.chars,
            link_chars: self.link_chars,
            elem: self.current(),
            punct: self.punct + u32::from(latin_stop),
            ends_sentence: ends_sentence(self.last) || latin_stop,
            heading,
            cell,
            dropped: None,
        });
        self.block_start = end;
        self.chars = 0;
        self.link_chars = 0;
        self.punct = 0;
    }

    fn finish(mut self) -> Extracted {
        self.flush();
        self.pop_to(0);
        let n = self.out.blocks.len() as u32;
        self.out.elems[0].end_block = n;
        self.out
    }
}

/// The list signature: tag, class, and the id without its digits, so that numbered items
/// (`post_6449712`, `floor3`) stay alike while layout sections told apart only by their ids
/// (`hd`, `wp`, `ft`) are not taken for a list. With `stem`, the class's digits are left out too.
#[inline]
fn sig_of(tag: &TagName, class: &str, id: &str, stem: bool) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&tag.0[..tag.1 as usize]);
    h.update(b"|");
    if stem {
        for part in class.trim().split(|c: char| c.is_ascii_digit()) {
            h.update(part.as_bytes());
        }
    } else {
        h.update(class.trim().as_bytes());
    }
    h.update(b"|");
    for part in id.trim().split(|c: char| c.is_ascii_digit()) {
        h.update(part.as_bytes());
    }
    h.digest()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcuts for ideographs change no answer, on any character.
    #[test]
    fn character_classes_are_their_definitions() {
        for c in (0..0x11_0000).filter_map(char::from_u32) {
            assert_eq!(is_space(c), c.is_whitespace() || c.is_control(), "{c:?}");
            let listed = ['。', '！', '？', '!', '?', '…', '．', '，', '、', '；', ',', ';'];
            assert_eq!(is_prose_punct(c), listed.contains(&c), "{c:?}");
        }
        assert!(is_prose_punct_after('了', '.'), "a full stop typed half-width");
        assert!(!is_prose_punct_after('3', '.') && !is_prose_punct_after('w', '.'), "a decimal point, a domain");
    }

    /// A text node's counters and copied text as the per-character rule gives them: the
    /// stretch of ideographs counted three bytes at a time changes none of them.
    #[test]
    fn text_counters_are_the_per_character_rule() {
        let pool = [
            "字", "国", "乙", "龥", "䀀", "。", "，", "ぁ", "ア", "．", "！", "a", "Z", "3", ".", " ", "\n",
            "\u{3000}", "\u{a0}", "é", "€", "😀", "〃", "\u{ff01}", "(", "”",
        ];
        let mut rng = crate::testutil::Rng::new(0x7e57_c0de);
        for case in 0..3000 {
            let mut t = String::new();
            for _ in 0..rng.below(40) {
                t.push_str(pool[rng.below(pool.len() as u64) as usize]);
            }
            let (in_link, latin_dot, last) = (case % 3 == 0, case % 5 == 0, if case % 2 == 0 { 'w' } else { '国' });
            let mut b = Builder::new(64);
            b.link = in_link.then_some(1);
            b.latin_dot = latin_dot;
            b.last = last;
            b.pending_space = case % 7 == 0;
            b.text(&t);
            // The rule, one character at a time.
            let (mut chars, mut punct, mut dot, mut prev, mut copied) = (0u32, 0u32, latin_dot, last, String::new());
            let mut pending = case % 7 == 0;
            for c in t.chars() {
                if is_space(c) {
                    pending = true;
                    punct += u32::from(std::mem::take(&mut dot));
                    continue;
                }
                if pending && !copied.is_empty() {
                    copied.push(' ');
                }
                pending = false;
                copied.push(c);
                chars += 1;
                punct += u32::from(is_prose_punct_after(prev, c));
                if std::mem::take(&mut dot) {
                    punct += u32::from(crate::normalize::latin_dot_before(Some(c)));
                }
                dot = c == '.' && crate::normalize::latin_dot_after(prev);
                prev = c;
            }
            assert_eq!(b.out.text, copied, "case {case}: {t:?}");
            assert_eq!((b.chars, b.punct, b.latin_dot, b.last), (chars, punct, dot, prev), "case {case}: {t:?}");
            assert_eq!(b.link_chars, if in_link { chars } else { 0 }, "case {case}: {t:?}");
        }
    }
}
