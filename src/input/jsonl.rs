//! JSON Lines: one page per line.
//!
//! Each line is an object with `url` (required string), `html` or `text` (the body; `html` wins
//! when both are given), and optional `site`, `fetched_at` (Unix seconds or an RFC 3339 string)
//! and `charset`. Other fields are ignored, and `null` counts as absent. Empty lines are passed
//! over. A bad line becomes an [`Item::Error`] located at `file:line`, and reading goes on with the
//! next line; a line longer than the page limit is streamed past without being held. In a gzip
//! file, a damaged member costs the lines it holds, and reading goes on at the next member.

use std::borrow::Cow;
use std::io::BufRead;

use serde_json::{Map, Value};

use super::lines::{self, Line};
use super::time;
use super::{too_large, BodyKind, Item, Limits, RawPage};

/// Reads pages from JSON Lines.
pub(crate) struct JsonlReader {
    name: String,
    src: Box<dyn BufRead + Send>,
    limits: Limits,
    line_no: u64,
    buf: Vec<u8>,
    seen_content: bool,
    done: bool,
}

impl JsonlReader {
    /// Reads `src`; `name` is used in locations.
    pub(crate) fn new(name: String, src: Box<dyn BufRead + Send>, limits: Limits) -> JsonlReader {
        JsonlReader { name, src, limits, line_no: 0, buf: Vec::new(), seen_content: false, done: false }
    }

    fn location(&self) -> String {
        format!("{}:{}", self.name, self.line_no)
    }

    fn error(&self, url: Option<String>, message: String) -> Item {
        Item::Error { location: self.location(), url, message }
    }
}

impl Iterator for JsonlReader {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            if self.done {
                return None;
            }
            self.line_no += 1;
            let (line, consumed) = match lines::read_line(&mut *self.src, &mut self.buf, self.limits.max_page_bytes) {
                Ok(found) => found,
                // A damaged gzip member: the line it broke is lost, reading resumes at the next
                // member (whose first line may be the tail of another line: a JSON error then).
                Err(e) if super::gzip::damage_of(&e).is_some() => return Some(self.error(None, e.to_string())),
                Err(e) => {
                    self.done = true;
                    return Some(self.error(None, format!("cannot read further: {e}")));
                }
            };
            match line {
                Line::Eof => {
                    self.done = true;
                    return None;
                }
                Line::TooLong => {
                    self.seen_content = true;
                    let url = url_near_start(&self.buf);
                    return Some(self.error(url, too_large(consumed, self.limits)));
                }
                Line::Whole => {}
            }
            let mut text = &self.buf[..];
            if self.line_no == 1 {
                text = text.strip_prefix(b"\xef\xbb\xbf").unwrap_or(text);
            }
            let Some(start) = text.iter().position(|b| !b.is_ascii_whitespace()) else {
                continue;
            };
            if !self.seen_content && text[start] == b'[' {
                // A JSON array would give an error on every line; one clear message is better.
                self.done = true;
                let message = "the input is a JSON array, not JSON Lines (one object per line)".to_string();
                return Some(self.error(None, message));
            }
            self.seen_content = true;
            return Some(match parse_line(text) {
                Ok(mut page) => {
                    page.location = self.location();
                    Item::Page(page)
                }
                Err((url, message)) => self.error(url, message),
            });
        }
    }
}

/// The page of one line, or the URL (when known) and what is wrong. The location is left empty.
fn parse_line(line: &[u8]) -> Result<RawPage, (Option<String>, String)> {
    // Well-formed lines take the typed path; anything it refuses is read again as a `Value`,
    // which says precisely what is wrong (or accepts what the typed path is too strict for,
    // such as a repeated field).
    match serde_json::from_slice::<FastLine<'_>>(line) {
        Ok(fast) => match fast.into_page() {
            Some(page) => Ok(page),
            None => parse_value(line),
        },
        Err(_) => parse_value(line),
    }
}

/// A line as the common case has it: strings where strings belong. The body is taken as raw
/// bytes and checked to be UTF-8 with SIMD: the JSON parser's own check of a large body was most
/// of the time spent reading a JSONL crawl.
#[derive(serde::Deserialize)]
struct FastLine<'a> {
    #[serde(borrow, default)]
    url: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    html: Option<Body<'a>>,
    #[serde(borrow, default)]
    text: Option<Body<'a>>,
    #[serde(borrow, default)]
    site: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    charset: Option<Cow<'a, str>>,
    #[serde(default)]
    fetched_at: Option<Value>,
}

impl FastLine<'_> {
    /// The page, or None for anything the precise path must explain (or decide).
    fn into_page(self) -> Option<RawPage> {
        let url = self.url.filter(|u| !u.trim().is_empty())?.into_owned();
        let (body, kind) = match (self.html, self.text) {
            (Some(html), _) => (html.0.into_owned(), BodyKind::Html),
            (None, Some(text)) => (text.0.into_owned(), BodyKind::Text),
            (None, None) => return None,
        };
        // JSON is UTF-8: a body that is not (raw bytes of another charset, or a `\uD800`-style
        // escape without its pair, which comes out as a surrogate's bytes here) is left to the
        // precise path, which reports it. The SIMD check is several times faster than the
        // JSON parser's own.
        if simdutf8::basic::from_utf8(&body).is_err() {
            return None;
        }
        let named = |s: Option<Cow<'_, str>>| s.filter(|s| !s.trim().is_empty()).map(Cow::into_owned);
        let fetched_at = match self.fetched_at {
            None | Some(Value::Null) => None,
            Some(Value::Number(n)) => Some(time::seconds_of_number(&n)?),
            Some(Value::String(s)) => Some(time::parse_time(&s)?),
            Some(_) => return None,
        };
        let (site, charset) = (named(self.site), named(self.charset));
        Some(RawPage { url, body, kind, site, fetched_at, charset, location: String::new() })
    }
}

/// A JSON string's bytes with escapes resolved, not checked to be UTF-8; any other JSON type is
/// an error (the line is then read again by the precise path).
struct Body<'a>(Cow<'a, [u8]>);

impl<'de: 'a, 'a> serde::Deserialize<'de> for Body<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Bytes;
        impl<'de> serde::de::Visitor<'de> for Bytes {
            type Value = Body<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_bytes<E>(self, v: &'de [u8]) -> Result<Body<'de>, E> {
                Ok(Body(Cow::Borrowed(v)))
            }
            fn visit_bytes<E>(self, v: &[u8]) -> Result<Body<'de>, E> {
                Ok(Body(Cow::Owned(v.to_vec())))
            }
            fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Body<'de>, E> {
                Ok(Body(Cow::Owned(v)))
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Body<'de>, E> {
                Ok(Body(Cow::Borrowed(v.as_bytes())))
            }
            fn visit_str<E>(self, v: &str) -> Result<Body<'de>, E> {
                Ok(Body(Cow::Owned(v.as_bytes().to_vec())))
            }
        }
        d.deserialize_bytes(Bytes)
    }
}

/// [`parse_line`] through a `Value`: slower, and exact about what is wrong.
fn parse_value(line: &[u8]) -> Result<RawPage, (Option<String>, String)> {
    let value: Value = serde_json::from_slice(line).map_err(|e| (None, format!("not valid JSON: {e}")))?;
    let Value::Object(mut obj) = value else {
        return Err((None, format!("expected a JSON object, found {}", kind_of(&value))));
    };
    let url = match take_string(&mut obj, "url") {
        Ok(Some(url)) if !url.trim().is_empty() => url,
        Ok(_) => return Err((None, "no \"url\" field (a non-empty string is required)".to_string())),
        Err(e) => return Err((None, e)),
    };
    let fail = |message: String| (Some(url.clone()), message);
    let (body, kind) = match take_string(&mut obj, "html").map_err(fail)? {
        Some(html) => (html, BodyKind::Html),
        None => match take_string(&mut obj, "text").map_err(fail)? {
            Some(text) => (text, BodyKind::Text),
            None => return Err(fail("no \"html\" or \"text\" field (the page body)".to_string())),
        },
    };
    let site = take_string(&mut obj, "site").map_err(fail)?.filter(|s| !s.trim().is_empty());
    let charset = take_string(&mut obj, "charset").map_err(fail)?.filter(|s| !s.trim().is_empty());
    let fetched_at = match obj.get("fetched_at") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) => match time::seconds_of_number(n) {
            Some(t) => Some(t),
            None => return Err(fail(format!("\"fetched_at\" {n} is not a time in Unix seconds"))),
        },
        Some(Value::String(s)) => match time::parse_time(s) {
            Some(t) => Some(t),
            None => {
                return Err(fail(format!(
                    "\"fetched_at\" {s:?} is not a time (expected Unix seconds or RFC 3339, \
                     e.g. 2026-03-05T10:21:00+08:00)"
                )))
            }
        },
        Some(other) => {
            return Err(fail(format!("\"fetched_at\" is {}, expected a number or a string", kind_of(other))))
        }
    };
    Ok(RawPage { url, body: body.into_bytes(), kind, site, fetched_at, charset, location: String::new() })
}

/// Moves a string field out of the object (no copy of a large body); `null` counts as absent.
fn take_string(obj: &mut Map<String, Value>, key: &str) -> Result<Option<String>, String> {
    match obj.remove(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(format!("\"{key}\" is {}, expected a string", kind_of(&other))),
    }
}

/// "a number", "an array"...: the JSON type, for messages.
fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The `url` of a line too long to parse, when it is near the start of what was kept: the
/// message can then say which page was dropped.
fn url_near_start(head: &[u8]) -> Option<String> {
    let key = memchr::memmem::find(head, b"\"url\"")?;
    let rest = &head[key + 5..];
    let rest = &rest[rest.iter().position(|b| !b.is_ascii_whitespace())?..];
    let rest = rest.strip_prefix(b":")?;
    let rest = &rest[rest.iter().position(|b| !b.is_ascii_whitespace())?..];
    if rest.first() != Some(&b'"') {
        return None;
    }
    let mut i = 1;
    while i < rest.len() {
        match rest[i] {
            b'\\' => i += 2,
            b'"' => return serde_json::from_slice(&rest[..=i]).ok(),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_of_a_long_line() {
        assert_eq!(url_near_start(br#"{"url" : "http://a/\"b", "html": "xxxx"#).as_deref(), Some("http://a/\"b"));
        assert_eq!(url_near_start(br#"{"html": "xxxx"#), None);
        assert_eq!(url_near_start(br#"{"url": "http://cut-sho"#), None);
    }

    #[test]
    fn fields() {
        let page = parse_line(br#"{"url":"u","html":"<p>h","text":"t","site":"","charset":"gbk"}"#).unwrap();
        assert_eq!((page.body.as_slice(), page.kind), (&b"<p>h"[..], BodyKind::Html));
        assert_eq!(page.site, None);
        assert_eq!(page.charset.as_deref(), Some("gbk"));
        let (url, message) = parse_line(br#"{"url":"u","html":null}"#).unwrap_err();
        assert_eq!(url.as_deref(), Some("u"));
        assert!(message.contains("no \"html\" or \"text\""), "{message}");
        let (_, message) = parse_line(br#"{"url":"u","text":"t","fetched_at":true}"#).unwrap_err();
        assert!(message.contains("a boolean"), "{message}");
    }

    /// The typed path and the precise one agree on what they both accept, and what the typed
    /// path leaves to the precise one still gets its answer.
    #[test]
    fn typed_and_precise_paths_agree() {
        let lines: [&[u8]; 7] = [
            br#"{"url":"http://a/1","html":"<p>\u4e2d\u6587\u3002 \"q\"</p>","site":"a","fetched_at":1700000000}"#,
            br#"{"url":"http://a/2","text":"plain","charset":"gbk","fetched_at":"2026-03-05T10:21:00+08:00","x":[1,{"y":2}]}"#,
            br#"{"url":"http://a/3","html":null,"text":"t"}"#,
            br#"{"url":"http://a/4","html":"h","html":"second"}"#,
            br#"{"url":"http://a/5","html":"\ud83d\ude00 pair"}"#,
            "{\"url\":\"http://a/6\",\"html\":\"直接的中文\"}".as_bytes(),
            br#"{"url":"http://a/7","html":"h","site":"  "}"#,
        ];
        for line in lines {
            let precise = parse_value(line).unwrap();
            let got = parse_line(line).unwrap();
            assert_eq!((&got.url, &got.body, got.kind), (&precise.url, &precise.body, precise.kind));
            assert_eq!(
                (&got.site, got.fetched_at, &got.charset),
                (&precise.site, precise.fetched_at, &precise.charset)
            );
        }
        // Left to the precise path, with its messages: a body of the wrong type, a lone surrogate,
        // a time that is no time, a missing URL.
        for (line, says) in [
            (&br#"{"url":"u","html":5}"#[..], "a number"),
            (br#"{"url":"u","html":"x\ud800y"}"#, "not valid JSON"),
            (br#"{"url":"u","html":"x","fetched_at":"yesterday"}"#, "is not a time"),
            (br#"{"html":"x"}"#, "no \"url\""),
        ] {
            let (_, message) = parse_line(line).unwrap_err();
            assert!(message.contains(says), "{message}");
        }
    }
}
