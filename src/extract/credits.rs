//! Credit lines inside the article: its editor, source or author ("（责任编辑：张三）", "来源：新华社"),
//! and the copy's own address or page count, which copies of one article write each their own
//! way.

use crate::lexicon::zh::CREDIT_WORDS;
use crate::lexicon::{ADDRESS_PREFIXES, CREDIT_LABEL_SEPARATORS, CREDIT_SENTENCE_ENDS, LABEL_COLONS, OPENING_BRACKETS};

/// How far into a line [`is_credit_line`] looks for its label's colon or bar, in characters:
/// past a label of six and the spaces around it.
const CREDIT_LABEL_SCAN: usize = 16;

/// Longest credit line (see [`is_credit_line`]), in characters.
pub(super) const CREDIT_MAX_CHARS: u32 = 40;

/// Whether a line credits the article's editor, source or author: a label of at most six
/// characters ending in one of [`CREDIT_WORDS`], then a colon or a bar, maybe inside brackets
/// ("（责任编辑：张三）", "文章来源：新华社", "作者：何勇 编辑：严杰", "编辑 | 李明"); no sentence end
/// after it.
/// Copies of one article credit it each their own way, and a line that differs on every copy
/// made exact copies "duplicates" and moved short ones under the near-miss rules.
pub(super) fn is_credit_line(text: &str) -> bool {
    let t = text.trim().trim_start_matches(OPENING_BRACKETS).trim_start();
    // The label is short: a separator further in is a sentence's colon, and scanning every
    // short block to its end for one cost more than the rest of the test.
    let Some((label, rest)) = split_label(t, CREDIT_LABEL_SCAN, &CREDIT_LABEL_SEPARATORS) else { return false };
    let label = label.trim();
    !label.is_empty()
        && label.chars().count() <= 6
        && CREDIT_WORDS.iter().any(|w| label.ends_with(w))
        && !rest.contains(CREDIT_SENTENCE_ENDS)
}

/// A line's label and what follows it: the text before and after the first of `seps` within its
/// first `scan` characters.
fn split_label<'a>(t: &'a str, scan: usize, seps: &[char]) -> Option<(&'a str, &'a str)> {
    let (at, sep) = t.char_indices().take(scan).find(|(_, c)| seps.contains(c))?;
    Some((&t[..at], &t[at + sep.len_utf8()..]))
}

/// Whether a line gives the copy's own address or page: an address alone or after a short label
/// ("本文网址：http://…", "原文链接: www.…"), or the page count of an article in pages ("本文共3页，
/// 当前第2页", "第2页/共3页"). Each copy of an article writes these its own way, as it credits it.
pub(super) fn is_copy_line(text: &str) -> bool {
    let t = text.trim();
    let address = |s: &str| {
        let s = s.trim();
        ADDRESS_PREFIXES.iter().any(|p| s.starts_with(p)) && !s.contains(char::is_whitespace)
    };
    if address(t) {
        return true;
    }
    if split_label(t, COPY_LABEL_MAX_CHARS + 1, &LABEL_COLONS).is_some_and(|(_, rest)| address(rest)) {
        return true;
    }
    // "共3页" and "第2页", in a line not much longer than both.
    let counted = |prefix: char| {
        t.match_indices(prefix).any(|(at, _)| {
            let rest = &t[at + prefix.len_utf8()..];
            let digits = rest.find(|c: char| !(c.is_ascii_digit() || ('０'..='９').contains(&c))).unwrap_or(rest.len());
            digits > 0 && rest[digits..].starts_with('页')
        })
    };
    t.len() <= 4 * PAGE_COUNT_MAX_CHARS && t.chars().count() <= PAGE_COUNT_MAX_CHARS && counted('共') && counted('第')
}

/// The label before a copy's address ("本文网址", "原文链接地址") is at most this many characters.
const COPY_LABEL_MAX_CHARS: usize = 8;

/// A page count line ("本文共3页，当前第2页") is at most this many characters.
const PAGE_COUNT_MAX_CHARS: usize = 24;

#[cfg(test)]
mod tests {
    use super::is_copy_line;

    #[test]
    fn copy_lines() {
        for line in [
            "本文网址：http://www.example.com/news/2026-03/01/content_1.htm",
            "https://www.example.com/a/1.html",
            "原文链接: www.example.cn/p?id=3",
            "本文共3页，当前第2页",
            "第２页/共３页",
            "共3页 第1页",
        ] {
            assert!(is_copy_line(line), "{line}");
        }
        for line in [
            "详情请访问：www.example.com 了解更多。",
            "市民可登录市政府网站查询：http://www.example.gov.cn",
            "全书共12页，第3页起是附录，请在仔细阅读后签字确认。",
            "共有3页，第几页都行",
            "第2页",
            "来源：新华社",
        ] {
            assert!(!is_copy_line(line), "{line}");
        }
    }
}
