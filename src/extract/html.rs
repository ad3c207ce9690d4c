//! A small, forgiving HTML tokenizer: tags, text and nothing else.
//!
//! It does what text extraction needs and no more: start and end tags with their raw attribute
//! text, text runs, and the raw-text elements (script, style, ...) swallowed whole. Comments,
//! doctypes and processing instructions are skipped. Malformed input never fails: an unterminated
//! tag or comment ends at the end of the input, a `<` that opens no tag is text.

use memchr::{memchr, memchr2, memmem};

/// One token of an HTML document; all slices borrow from the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    /// `<name attrs>`; `attrs` is the raw text between the name and `>`.
    Start { name: &'a str, attrs: &'a str, self_closing: bool },
    /// `</name>`.
    End { name: &'a str },
    /// Text between tags, entities not yet decoded.
    Text(&'a str),
    /// The content of a raw-text element (script, style, title, ...) that was opened just before.
    Raw(&'a str),
}

/// Iterator over the tokens of `html`.
pub struct Tokenizer<'a> {
    s: &'a str,
    pos: usize,
    /// Set after the start tag of a raw-text element: its content comes next as one `Raw` token.
    raw_end: Option<&'static str>,
}

impl<'a> Tokenizer<'a> {
    /// Tokenizes `html`.
    pub fn new(html: &'a str) -> Self {
        Tokenizer { s: html, pos: 0, raw_end: None }
    }
}

/// Elements whose content is not markup.
fn raw_text_end(name: &str) -> Option<&'static str> {
    const RAW: [&str; 10] =
        ["script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext"];
    RAW.iter().find(|r| r.eq_ignore_ascii_case(name)).copied()
}

impl<'a> Iterator for Tokenizer<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let s = self.s;
        let bytes = s.as_bytes();
        if let Some(name) = self.raw_end.take() {
            let start = self.pos;
            let end = find_end_tag(&bytes[start..], name).map_or(bytes.len(), |e| start + e);
            self.pos = end;
            if end > start {
                return Some(Token::Raw(&s[start..end]));
            }
        }
        loop {
            if self.pos >= bytes.len() {
                return None;
            }
            let start = self.pos;
            if bytes[start] != b'<' {
                let end = memchr(b'<', &bytes[start..]).map_or(bytes.len(), |e| start + e);
                self.pos = end;
                return Some(Token::Text(&s[start..end]));
            }
            // At '<'.
            let next = bytes.get(start + 1).copied();
            match next {
                Some(b'!') => {
                    if bytes[start..].starts_with(b"<!--") {
                        let body = start + 4;
                        self.pos = memmem::find(&bytes[body..], b"-->").map_or(bytes.len(), |e| body + e + 3);
                    } else {
                        self.pos = memchr(b'>', &bytes[start..]).map_or(bytes.len(), |e| start + e + 1);
                    }
                }
                Some(b'?') => {
                    self.pos = memchr(b'>', &bytes[start..]).map_or(bytes.len(), |e| start + e + 1);
                }
                Some(b'/') => {
                    let name_start = start + 2;
                    let name_len = bytes[name_start..].iter().take_while(|b| is_name_byte(**b)).count();
                    self.pos = memchr(b'>', &bytes[name_start..]).map_or(bytes.len(), |e| name_start + e + 1);
                    if name_len > 0 {
                        return Some(Token::End { name: &s[name_start..name_start + name_len] });
                    }
                }
                Some(c) if c.is_ascii_alphabetic() => {
                    let name_start = start + 1;
                    let name_len = bytes[name_start..].iter().take_while(|b| is_name_byte(**b)).count();
                    let name_end = name_start + name_len;
                    let tag_end = find_tag_end(bytes, name_end);
                    self.pos = (tag_end + 1).min(bytes.len());
                    let inner_end = tag_end.min(bytes.len());
                    let mut attrs = &s[name_end..inner_end];
                    let self_closing = attrs.ends_with('/');
                    if self_closing {
                        attrs = &attrs[..attrs.len() - 1];
                    }
                    let name = &s[name_start..name_end];
                    if !self_closing {
                        self.raw_end = raw_text_end(name);
                    }
                    return Some(Token::Start { name, attrs, self_closing });
                }
                _ => {
                    // A lone '<' is text.
                    let end = memchr(b'<', &bytes[start + 1..]).map_or(bytes.len(), |e| start + 1 + e);
                    self.pos = end;
                    return Some(Token::Text(&s[start..end]));
                }
            }
        }
    }
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b':' || b == b'_'
}

/// Position of the `>` closing a start tag whose attributes begin at `from`, honouring quotes.
fn find_tag_end(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    loop {
        let Some(rel) = memchr2(b'>', b'"', &bytes[i.min(bytes.len())..]).map(|r| i + r) else {
            return bytes.len();
        };
        // Single quotes are rarer; handle them in the same scan only when seen before '>'.
        if let Some(sq) = memchr(b'\'', &bytes[i..rel]) {
            let q = i + sq;
            if is_attr_quote(bytes, q) {
                match memchr(b'\'', &bytes[q + 1..]) {
                    Some(e) => {
                        i = q + 1 + e + 1;
                        continue;
                    }
                    None => return bytes.len(),
                }
            }
        }
        if bytes[rel] == b'>' {
            return rel;
        }
        if !is_attr_quote(bytes, rel) {
            i = rel + 1;
            continue;
        }
        match memchr(b'"', &bytes[rel + 1..]) {
            Some(e) => i = rel + 1 + e + 1,
            None => return bytes.len(),
        }
    }
}

/// A quote opens an attribute value only right after `=` (spaces allowed).
fn is_attr_quote(bytes: &[u8], q: usize) -> bool {
    bytes[..q].iter().rev().find(|b| !b.is_ascii_whitespace()) == Some(&b'=')
}

/// Offset of `</name` (any case) in `hay`.
fn find_end_tag(hay: &[u8], name: &str) -> Option<usize> {
    let n = name.as_bytes();
    let finder = memmem::Finder::new(b"</");
    let mut from = 0;
    while let Some(off) = finder.find(&hay[from..]) {
        let at = from + off;
        let after = &hay[at + 2..];
        if after.len() >= n.len()
            && after[..n.len()].eq_ignore_ascii_case(n)
            && after.get(n.len()).is_none_or(|b| !is_name_byte(*b))
        {
            return Some(at);
        }
        from = at + 2;
    }
    None
}

/// Looks up an attribute's raw value (quotes removed, entities not decoded); the first of
/// repeated ones, as browsers do.
pub fn attr<'a>(attrs: &'a str, name: &str) -> Option<&'a str> {
    Attrs::new(attrs).find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, value)| value)
}

/// The `class` and `id` values of a tag's attribute text ("" for one it lacks; the first of
/// repeated ones, as [`attr`]): one pass over the attributes, for every block element.
pub fn class_and_id(attrs: &str) -> (&str, &str) {
    let (mut class, mut id) = (None, None);
    for (key, value) in Attrs::new(attrs) {
        if class.is_none() && key.eq_ignore_ascii_case("class") {
            class = Some(value);
        } else if id.is_none() && key.eq_ignore_ascii_case("id") {
            id = Some(value);
        }
        if class.is_some() && id.is_some() {
            break;
        }
    }
    (class.unwrap_or(""), id.unwrap_or(""))
}

/// The attributes of a tag's attribute text, in order: (name as written, raw value: quotes
/// removed, entities not decoded; "" when it has none).
pub struct Attrs<'a> {
    attrs: &'a str,
    i: usize,
}

impl<'a> Attrs<'a> {
    /// The attributes of `attrs` (the text after the tag name).
    pub fn new(attrs: &'a str) -> Attrs<'a> {
        Attrs { attrs, i: 0 }
    }
}

impl<'a> Iterator for Attrs<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        let (attrs, b) = (self.attrs, self.attrs.as_bytes());
        let mut i = self.i;
        while i < b.len() {
            while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b'/') {
                i += 1;
            }
            let ns = i;
            while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'=' && b[i] != b'>' {
                i += 1;
            }
            let key = &attrs[ns..i];
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            let mut value = "";
            if i < b.len() && b[i] == b'=' {
                i += 1;
                while i < b.len() && b[i].is_ascii_whitespace() {
                    i += 1;
                }
                if i < b.len() && (b[i] == b'"' || b[i] == b'\'') {
                    let q = b[i];
                    let vs = i + 1;
                    let ve = memchr(q, &b[vs..]).map_or(b.len(), |e| vs + e);
                    value = &attrs[vs..ve];
                    i = (ve + 1).min(b.len());
                } else {
                    let vs = i;
                    while i < b.len() && !b[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    value = &attrs[vs..i];
                }
            }
            if ns == i {
                // A stray '=' or '>': step over it.
                i += 1;
                continue;
            }
            self.i = i;
            return Some((key, value));
        }
        self.i = i;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(s: &str) -> Vec<Token<'_>> {
        Tokenizer::new(s).collect()
    }

    #[test]
    fn tags_text_and_raw() {
        let t = tokens("<P class=\"a>b\">正文<br/><script>if (a<b) x='</p>';</script>尾</p>");
        assert_eq!(t[0], Token::Start { name: "P", attrs: " class=\"a>b\"", self_closing: false });
        assert_eq!(t[1], Token::Text("正文"));
        assert_eq!(t[2], Token::Start { name: "br", attrs: "", self_closing: true });
        assert!(matches!(t[3], Token::Start { name: "script", .. }));
        assert_eq!(t[4], Token::Raw("if (a<b) x='</p>';"));
        assert_eq!(t[5], Token::End { name: "script" });
        assert_eq!(t[6], Token::Text("尾"));
        assert_eq!(t[7], Token::End { name: "p" });
    }

    #[test]
    fn comments_and_broken_markup() {
        let t = tokens("a<!-- <p>x</p> -->b<!doctype html>c < d<");
        let text: String = t
            .iter()
            .filter_map(|t| match t {
                Token::Text(s) => Some(*s),
                _ => None,
            })
            .collect();
        assert_eq!(text, "abc < d<");
        // Unterminated things end at the end of input.
        assert_eq!(tokens("x<!-- never closed").len(), 1);
        assert_eq!(tokens("<div class=\"open").len(), 1);
        assert_eq!(tokens("<script>never closed").len(), 2);
    }

    #[test]
    fn attribute_lookup() {
        let a = " id=main class='article content' data-x=1 hidden";
        assert_eq!(attr(a, "class"), Some("article content"));
        assert_eq!(attr(a, "ID"), Some("main"));
        assert_eq!(attr(a, "data-x"), Some("1"));
        assert_eq!(attr(a, "hidden"), Some(""));
        assert_eq!(attr(a, "href"), None);
        assert_eq!(class_and_id(a), ("article content", "main"));
        assert_eq!(class_and_id("id=b class=x CLASS=y ID=c"), ("x", "b"), "the first of repeated ones");
        assert_eq!(class_and_id("href=x"), ("", ""));
        assert_eq!(class_and_id(" ID='only'"), ("", "only"));
    }
}
