//! Article text a page carries in its scripts instead of its markup.
//!
//! A page rendered in the browser (a news app's mobile page, a single-page site) is sent as a
//! shell: a loading line, the footer, and the article as data for its script
//! (`window.__INITIAL_STATE__ = {"content": "<p>…"}`, `articleInfo: {content: '&lt;p&gt;…'}`, a
//! JSON-LD `"articleBody"`). Read as markup, every page of such a site is the same shell, an
//! exact copy of the site's first page. When the markup yields little text, the string literals
//! of the page's inline scripts that are stored under a content-like key ([`content_key`]) are
//! read instead: the one with the most Chinese text, or all of those under one key when they are
//! the article's paragraphs, each too short to be the article alone.
//!
//! Scanning is a quote-to-quote walk of the script, not a JavaScript parser: a quote inside a
//! regular expression or a comment can pair quotes wrongly until the next line break, which
//! costs a literal at worst. Only strings holding non-ASCII text or a `\u` escape are decoded.

use memchr::{memchr2, memchr3, memrchr};

/// Script bytes scanned per page at most: a shell's cost stays bounded whatever its scripts.
const MAX_SCAN_BYTES: usize = 8 << 20;
/// Literals remembered per page at most.
const MAX_LITERALS: usize = 4096;
/// The chosen text has at least this many ideographs, and a sentence end.
const MIN_IDEOGRAPHS: usize = 20;
/// A quoted key is at most this long.
const MAX_KEY_BYTES: usize = 64;

/// A decoded string literal under a content-like key.
struct Literal {
    /// Which script, and the key it was stored under (lower-cased): literals under one key of one
    /// script may be one article's paragraphs.
    script: usize,
    key: Vec<u8>,
    /// The literal as markup (plain text is wrapped in paragraphs).
    markup: String,
    ideographs: usize,
}

/// The article's markup from the page's inline script bodies, if any of them holds one: see
/// the module documentation. `None` when no literal under a content-like key has at least
/// [`MIN_IDEOGRAPHS`] ideographs and a sentence end.
pub(super) fn article_markup(scripts: &[&str]) -> Option<String> {
    let mut found: Vec<Literal> = Vec::new();
    let mut budget = MAX_SCAN_BYTES;
    for (script, body) in scripts.iter().enumerate() {
        let s = body.as_bytes();
        // Library code is ASCII without escapes: one vectorized pass each rules it out.
        if budget == 0 || (s.is_ascii() && memchr::memmem::find(s, b"\\u").is_none()) {
            continue;
        }
        let s = &s[..s.len().min(budget)];
        budget -= s.len();
        literals(s, |open, close| {
            if found.len() >= MAX_LITERALS {
                return;
            }
            let key = key_before(s, open).to_ascii_lowercase();
            if !content_key(&key) {
                return;
            }
            // `open` and `close` are ASCII quotes, so the slice between them is whole UTF-8.
            let Ok(raw) = std::str::from_utf8(&s[open + 1..close]) else { return };
            let markup = as_markup(&unescape(raw));
            let ideographs = markup.chars().filter(|&c| is_ideograph(c)).count();
            if ideographs > 0 {
                found.push(Literal { script, key, markup, ideographs });
            }
        });
    }
    let best = found.iter().max_by_key(|l| l.ideographs)?;
    // The paragraphs of one article stored one literal each: the key holding the most text, when
    // its best literal is less than half of it (a single article string beside its comments,
    // stored under the same key, stays alone).
    let mut keys: Vec<(usize, &[u8], usize)> = Vec::new();
    for l in &found {
        match keys.iter_mut().find(|k| k.0 == l.script && k.1 == l.key.as_slice()) {
            Some(k) => k.2 += l.ideographs,
            None => keys.push((l.script, &l.key, l.ideographs)),
        }
    }
    let (markup, ideographs) = match keys.iter().max_by_key(|k| k.2) {
        Some(&(script, key, total)) if total > 2 * best.ideographs => {
            let parts: Vec<&str> =
                found.iter().filter(|l| l.script == script && l.key == key).map(|l| l.markup.as_str()).collect();
            (parts.join("\n"), total)
        }
        _ => (best.markup.clone(), best.ideographs),
    };
    (ideographs >= MIN_IDEOGRAPHS && markup.chars().any(crate::lexicon::is_sentence_end)).then_some(markup)
}

/// Calls `f(open, close)` with the offsets of the quotes around every string literal that holds
/// non-ASCII text or a `\u` escape. A quote left open at a line break (not a template literal)
/// was not a string's: the walk goes on after the break.
fn literals(s: &[u8], mut f: impl FnMut(usize, usize)) {
    let mut i = 0;
    while let Some(off) = memchr3(b'"', b'\'', b'`', &s[i..]) {
        let open = i + off;
        let quote = s[open];
        let mut j = open + 1;
        let mut text = false;
        let close = loop {
            let rest = &s[j..];
            let hit = if quote == b'`' { memchr2(quote, b'\\', rest) } else { memchr3(quote, b'\\', b'\n', rest) };
            let Some(k) = hit else { break None };
            text |= !rest[..k].is_ascii();
            let at = j + k;
            match s[at] {
                b'\\' if at + 1 < s.len() => {
                    text |= s[at + 1] == b'u';
                    j = at + 2;
                }
                b'\\' => break None,
                b'\n' => {
                    j = at;
                    break None;
                }
                _ => break Some(at),
            }
        };
        match close {
            Some(close) => {
                if text {
                    f(open, close);
                }
                i = close + 1;
            }
            // Unterminated at a line break: resume after it; at the end: done.
            None if j < s.len() && s[j] == b'\n' => i = j + 1,
            None => return,
        }
    }
}

/// The key a literal is stored under: the identifier or quoted name before the `:` or `=` that
/// precedes its opening quote (`"content": "…"`, `content: '…'`, `info.content = "…"`); empty
/// when there is none (an array's element, a call's argument).
fn key_before(s: &[u8], open: usize) -> &[u8] {
    let skip_ws = |mut i: usize| {
        while i > 0 && s[i - 1].is_ascii_whitespace() {
            i -= 1;
        }
        i
    };
    let i = skip_ws(open);
    if i == 0 || !matches!(s[i - 1], b':' | b'=') {
        return b"";
    }
    let end = skip_ws(i - 1);
    if end == 0 {
        return b"";
    }
    if matches!(s[end - 1], b'"' | b'\'') {
        let close = end - 1;
        let from = close.saturating_sub(MAX_KEY_BYTES);
        return match memrchr(s[close], &s[from..close]) {
            Some(k) => &s[from + k + 1..close],
            None => b"",
        };
    }
    let mut start = end;
    while start > 0 && (s[start - 1].is_ascii_alphanumeric() || matches!(s[start - 1], b'_' | b'$')) {
        start -= 1;
    }
    &s[start..end]
}

/// Keys under which sites store an article's text: any holding "content" or "body"
/// (`content`, `articleBody`, `content_noencode`, `bodyHtml`), and a few whole names. Not
/// summaries (`desc`, `abstract`): they repeat the article's opening, and not names ending in
/// "text" (`privacyText`, `loadingText`): a site's prompts, the same on every page. `key` is
/// lower case.
fn content_key(key: &[u8]) -> bool {
    if key.is_empty() || key.len() > MAX_KEY_BYTES {
        return false;
    }
    let holds = |w: &[u8]| key.windows(w.len()).any(|x| x == w);
    holds(b"content") || holds(b"body") || matches!(key, b"text" | b"html" | b"article" | b"detail")
}

/// A JavaScript or JSON string literal's value: `\n`, `\t`, `\uXXXX` (surrogate pairs joined),
/// `\u{…}`, `\xHH`, line continuations; any other escaped character stands for itself. A
/// malformed escape loses its backslash and letter, and a lone surrogate is dropped.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    let hex = |s: &str| u32::from_str_radix(s, 16).ok();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let rest = chars.as_str();
        let Some(e) = chars.next() else { break };
        match e {
            'n' | 'r' => out.push('\n'),
            't' | 'v' | 'f' => out.push(' '),
            'b' | '0' | '\n' => {}
            'x' => {
                if let Some(v) = rest.get(1..3).and_then(hex) {
                    out.extend(char::from_u32(v));
                    chars = rest[3..].chars();
                }
            }
            'u' if rest[1..].starts_with('{') => {
                if let Some(end) = rest.bytes().take(10).position(|b| b == b'}') {
                    out.extend(rest.get(2..end).and_then(hex).and_then(char::from_u32));
                    chars = rest[end + 1..].chars();
                }
            }
            'u' => {
                let Some(hi) = rest.get(1..5).and_then(hex) else { continue };
                chars = rest[5..].chars();
                if (0xD800..0xDC00).contains(&hi) {
                    let after = chars.as_str();
                    let lo = after.strip_prefix("\\u").and_then(|s| s.get(..4)).and_then(hex);
                    if let Some(lo @ 0xDC00..0xE000) = lo {
                        out.extend(char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)));
                        chars = after[6..].chars();
                    }
                } else {
                    out.extend(char::from_u32(hi));
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// A literal's value as markup: markup as it is, markup escaped as text (`&lt;p&gt;…`) unescaped
/// once, and plain text one paragraph per line.
fn as_markup(value: &str) -> String {
    if value.contains('<') {
        return value.to_owned();
    }
    if value.contains("&lt;") {
        return super::entities::decode(value).into_owned();
    }
    let mut out = String::with_capacity(value.len() + 16);
    for line in value.lines().map(str::trim).filter(|l| !l.is_empty()) {
        out.push_str("<p>");
        out.push_str(&html_escape::encode_text(line));
        out.push_str("</p>\n");
    }
    out
}

/// A CJK ideograph (the unified block and its first extension).
fn is_ideograph(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(script: &str) -> Vec<String> {
        let mut out = Vec::new();
        literals(script.as_bytes(), |open, _| {
            out.push(String::from_utf8_lossy(key_before(script.as_bytes(), open)).into())
        });
        out
    }

    #[test]
    fn literals_and_their_keys() {
        let s = "var a = {\"title\": \"标题\", content: '正文', 'x': 'ascii only'}; o.body = `多\n行`; f(\"参数\");";
        assert_eq!(keys(s), ["title", "content", "body", ""]);
        // A stray apostrophe in a comment costs its line, not the literal after it.
        let s = "// it's a comment\nvar c = {\"content\": \"正文\"};";
        assert_eq!(keys(s), ["content"]);
        // Escaped quotes stay inside; `\u` escapes count as text.
        let s = r#"{"content": "他说\"好\"", "text": "\u6b63\u6587"}"#;
        assert_eq!(keys(s), ["content", "text"]);
    }

    #[test]
    fn escapes() {
        assert_eq!(unescape(r"\u6b63\u6587\n\t\x3Cp\x3E\/\'"), "正文\n <p>/'");
        assert_eq!(unescape(r"\ud83d\ude00\u{1F600}"), "😀😀");
        // Broken escapes are dropped, not a panic: a lone surrogate, short hex, a final backslash.
        assert_eq!(unescape(r"a\ud800b\u12\x4\u{110000}"), "ab124");
        assert_eq!(unescape("末\\"), "末");
    }

    #[test]
    fn content_keys() {
        for k in ["content", "articleBody", "content_noencode", "bodyHtml", "text", "HTML", "detail"] {
            assert!(content_key(&k.as_bytes().to_ascii_lowercase()), "{k}");
        }
        for k in ["", "title", "desc", "abstract", "privacyText", "loadingText", "url"] {
            assert!(!content_key(&k.as_bytes().to_ascii_lowercase()), "{k}");
        }
    }

    #[test]
    fn the_longest_content_literal_is_the_article() {
        let article = "南方多地今日迎来强降雨天气，气象部门发布暴雨橙色预警。专家提醒市民减少外出。";
        let comment = "下雨了，大家注意安全。";
        let s = format!(
            r#"window.__STATE__ = {{"title":"暴雨预警","desc":"{article}{article}","content":"<p>{article}</p>","comments":[{{"content":"{comment}"}}]}};"#
        );
        assert_eq!(article_markup(&[&s]).as_deref(), Some(format!("<p>{article}</p>").as_str()));
        // Escaped markup, single quotes.
        let s = format!("var articleInfo = {{ content: '&lt;p&gt;{article}&lt;/p&gt;' }};");
        assert_eq!(article_markup(&[&s]).as_deref(), Some(format!("<p>{article}</p>").as_str()));
        // Nothing under a content key, or too little: none.
        assert_eq!(article_markup(&[&format!(r#"{{"desc":"{article}"}}"#)]), None);
        assert_eq!(article_markup(&[&format!(r#"{{"content":"{comment}"}}"#)]), None);
    }

    #[test]
    fn paragraphs_stored_one_per_literal_are_joined() {
        let paras = [
            "第一段讲述了事情的起因，村民们在河边发现了异常。",
            "第二段写到专家赶到现场进行了调查。",
            "第三段说明了最终的处理结果和后续安排。",
        ];
        let items: Vec<String> = paras.iter().map(|p| format!(r#"{{"type":"p","text":"{p}"}}"#)).collect();
        let s = format!(r#"{{"blocks":[{}]}}"#, items.join(","));
        let markup = article_markup(&[&s]).unwrap_or_default();
        assert_eq!(markup, paras.iter().map(|p| format!("<p>{p}</p>\n")).collect::<Vec<_>>().join("\n"));
    }
}
