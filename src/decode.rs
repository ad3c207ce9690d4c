//! Bytes to text: which charset, and decoding that never fails.
//!
//! The charset is taken, in order, from the HTTP header, a byte-order mark, a `<meta charset>` or
//! `<meta http-equiv="Content-Type">` declaration in the first [`META_SCAN_BYTES`], and finally a
//! statistical detector. GBK and GB2312 labels decode as GB18030, their superset. Invalid sequences
//! become U+FFFD.
//!
//! One correction to the order: a declared charset (header or meta) that yields malformed
//! sequences on bytes that are valid UTF-8 is a mislabelled UTF-8 page (common on Chinese sites that
//! moved to UTF-8 and kept an old template), so UTF-8 is used instead. And the reverse: a
//! declared UTF-8 that reads the bytes as a run of malformed sequences gives way to the page's
//! `<meta>` or the detector (GBK pages behind a server whose default header says UTF-8).

use encoding_rs::{Encoding, GB18030, UTF_8};
use serde::Serialize;

/// How far into a document `<meta>` declarations are looked for.
pub const META_SCAN_BYTES: usize = 8192;
/// How much of a document the detector reads; more changes little and costs time.
const DETECT_BYTES: usize = 64 * 1024;

/// Where the charset of a decoded document came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CharsetSource {
    /// The HTTP `Content-Type` header (or the caller's explicit charset).
    Header,
    /// A byte-order mark.
    Bom,
    /// A `<meta>` declaration.
    Meta,
    /// The statistical detector (chardetng).
    Detector,
    /// A declaration was overruled because the bytes are valid UTF-8 and the declared charset is not.
    Utf8Override,
}

/// A decoded document.
#[derive(Debug, Clone)]
pub struct Decoded {
    /// The text, with invalid sequences replaced by U+FFFD.
    pub text: String,
    /// The encoding used.
    pub encoding: &'static Encoding,
    /// Where the encoding came from.
    pub source: CharsetSource,
    /// Whether malformed sequences were replaced.
    pub had_errors: bool,
}

/// Resolves a charset label; GBK and GB2312 become GB18030. `None` for unknown labels.
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    let enc = Encoding::for_label_no_replacement(label.trim().as_bytes())?;
    if enc == encoding_rs::GBK {
        return Some(GB18030);
    }
    // A document cannot really be UTF-16 once it is read as ASCII-compatible HTML (WHATWG rule).
    if enc == encoding_rs::UTF_16LE || enc == encoding_rs::UTF_16BE {
        return Some(UTF_8);
    }
    Some(enc)
}

/// Decodes `bytes`; `http_charset` is the charset from the transport, when known.
pub fn decode(bytes: &[u8], http_charset: Option<&str>) -> Decoded {
    let declared = http_charset.and_then(encoding_for_label).map(|e| (e, CharsetSource::Header));
    let (encoding, source, body) = if let Some((enc, src)) = declared {
        // The header wins, but a BOM is still stripped if it agrees.
        let body = match Encoding::for_bom(bytes) {
            Some((bom_enc, len)) if bom_enc == enc => &bytes[len..],
            _ => bytes,
        };
        (enc, src, body)
    } else if let Some((enc, len)) = Encoding::for_bom(bytes) {
        (enc, CharsetSource::Bom, &bytes[len..])
    } else if let Some(enc) = meta_charset(bytes) {
        (enc, CharsetSource::Meta, bytes)
    } else if let Ok(text) = simdutf8::basic::from_utf8(bytes) {
        // Valid UTF-8 with nothing declared is UTF-8 (the detector is not asked); validated
        // once, copied as it is.
        return Decoded { text: text.to_owned(), encoding: UTF_8, source: CharsetSource::Detector, had_errors: false };
    } else {
        (detect(bytes), CharsetSource::Detector, bytes)
    };

    if encoding != UTF_8 && matches!(source, CharsetSource::Header | CharsetSource::Meta) && !body.is_ascii() {
        if let Ok(text) = simdutf8::basic::from_utf8(body) {
            // The declared charset is kept if it reads the bytes without a malformed sequence.
            // This read stops at the first one, where UTF-8 read as GBK fails within its first
            // lines: a full decode to learn that would be wasted.
            return match encoding.decode_without_bom_handling_and_without_replacement(body) {
                Some(read) => Decoded { text: read.into_owned(), encoding, source, had_errors: false },
                None => Decoded {
                    text: text.to_owned(),
                    encoding: UTF_8,
                    source: CharsetSource::Utf8Override,
                    had_errors: false,
                },
            };
        }
    }
    let (text, had_errors) = encoding.decode_without_bom_handling(body);
    if had_errors && encoding == UTF_8 && matches!(source, CharsetSource::Header | CharsetSource::Meta) {
        if let Some(other) = not_utf8(&text, body, source) {
            return other;
        }
    }
    Decoded { text: text.into_owned(), encoding, source, had_errors }
}

/// Malformed sequences from which a declared UTF-8 is taken for a mislabel; a page that is UTF-8
/// with a stray or truncated byte has one or two.
const NOT_UTF8_MIN_ERRORS: usize = 8;

/// The opposite mislabel: UTF-8 declared (a server's default header, a template's `<meta>`) on
/// bytes of another charset, as GBK pages behind a server set up for UTF-8 are. When the UTF-8
/// reading is full of malformed sequences, the page's own `<meta>` (if the header was what said
/// UTF-8), or else the detector, is used, provided it reads the bytes without error.
fn not_utf8(as_utf8: &str, body: &[u8], source: CharsetSource) -> Option<Decoded> {
    if as_utf8.chars().filter(|&c| c == '\u{FFFD}').take(NOT_UTF8_MIN_ERRORS).count() < NOT_UTF8_MIN_ERRORS {
        return None;
    }
    let meta = if source == CharsetSource::Header { meta_charset(body).filter(|&e| e != UTF_8) } else { None };
    let (encoding, source) = match meta {
        Some(e) => (e, CharsetSource::Meta),
        None => (detect(body), CharsetSource::Detector),
    };
    if encoding == UTF_8 {
        return None;
    }
    let (text, bad) = encoding.decode_without_bom_handling(body);
    (!bad).then(|| Decoded { text: text.into_owned(), encoding, source, had_errors: false })
}

/// Runs the detector on bytes that are not valid UTF-8.
///
/// Big5 when the bytes read best as Big5 on their own; otherwise the detector's guess for a
/// Chinese site. Not simply the latter: told "cn", chardetng takes GBK whenever the bytes are
/// valid GBK, which most Big5 text is, so an undeclared Big5 page became mojibake. Not simply the
/// former: with no hint, a GBK page of a few characters can read as EUC-KR or KOI8.
fn detect(bytes: &[u8]) -> &'static Encoding {
    let head = &bytes[..bytes.len().min(DETECT_BYTES)];
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    det.feed(head, head.len() == bytes.len());
    if det.guess(None, chardetng::Utf8Detection::Allow) == encoding_rs::BIG5 {
        return encoding_rs::BIG5;
    }
    let enc = det.guess(Some(b"cn"), chardetng::Utf8Detection::Allow);
    if enc == encoding_rs::GBK {
        GB18030
    } else {
        enc
    }
}

/// Finds a charset declared by a `<meta>` tag in the head of the document.
pub fn meta_charset(bytes: &[u8]) -> Option<&'static Encoding> {
    // One search for "<meta" in any case over the head (aho-corasick's vectorized searcher),
    // not a byte search restarted at every '<' of it.
    static META: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> = std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder().ascii_case_insensitive(true).build(["<meta"]).ok()
    });
    let meta = META.as_ref()?;
    let head = &bytes[..bytes.len().min(META_SCAN_BYTES)];
    let mut pos = 0;
    while let Some(off) = meta.find(&head[pos..]).map(|m| m.start()) {
        let start = pos + off + 5;
        let end = memchr::memchr(b'>', &head[start..]).map_or(head.len(), |e| start + e);
        let tag = &head[start..end];
        if let Some(c) = find_ascii_ci(tag, b"charset") {
            let rest = &tag[c + 7..];
            let rest = trim_ascii_start(rest);
            if let Some(rest) = rest.strip_prefix(b"=") {
                let rest = trim_ascii_start(rest);
                let rest = match rest.first() {
                    Some(b'"') | Some(b'\'') => &rest[1..],
                    _ => rest,
                };
                let vend = rest
                    .iter()
                    .position(|&b| matches!(b, b'"' | b'\'' | b';' | b'/' | b'>') || b.is_ascii_whitespace())
                    .unwrap_or(rest.len());
                if let Ok(label) = std::str::from_utf8(&rest[..vend]) {
                    if let Some(enc) = encoding_for_label(label) {
                        return Some(enc);
                    }
                }
            }
        }
        pos = end;
    }
    None
}

fn trim_ascii_start(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|b| b.is_ascii_whitespace()).count();
    &s[n..]
}

/// Case-insensitive search for an ASCII needle (given in lower case).
pub(crate) fn find_ascii_ci(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let first = needle[0];
    let upper = first.to_ascii_uppercase();
    let mut i = 0;
    while i + needle.len() <= hay.len() {
        let rel = memchr::memchr2(first, upper, &hay[i..=hay.len() - needle.len()])?;
        let at = i + rel;
        if hay[at..at + needle.len()].eq_ignore_ascii_case(needle) {
            return Some(at);
        }
        i = at + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_then_bom_then_meta_then_detector() {
        let (gbk, _, _) = GB18030.encode("新闻正文。");
        let mut page = b"<html><head><meta charset=\"gb2312\"></head><body>".to_vec();
        page.extend_from_slice(&gbk);
        let d = decode(&page, None);
        assert_eq!(d.source, CharsetSource::Meta);
        assert_eq!(d.encoding, GB18030);
        assert!(d.text.contains("新闻正文。"));

        let d = decode(&page, Some("gbk"));
        assert_eq!(d.source, CharsetSource::Header);
        assert!(d.text.contains("新闻正文。"));

        let mut bom = vec![0xEF, 0xBB, 0xBF];
        bom.extend_from_slice("<p>正文。</p>".as_bytes());
        let d = decode(&bom, None);
        assert_eq!(d.source, CharsetSource::Bom);
        assert_eq!(d.text, "<p>正文。</p>");
    }

    #[test]
    fn http_equiv_content_type_is_read() {
        let page = b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=GBK\">";
        assert_eq!(meta_charset(page), Some(GB18030));
        let page = b"<META HTTP-EQUIV=Content-Type CONTENT='text/html;charset=big5'>";
        assert_eq!(meta_charset(page), Some(encoding_rs::BIG5));
    }

    #[test]
    fn detector_finds_gbk_without_declaration() {
        let text = "据市气象台消息，今天白天本市多云转晴，偏北风三到四级。明天晴，最高气温十五度。".repeat(4);
        let (gbk, _, _) = GB18030.encode(&text);
        let d = decode(&gbk, None);
        assert_eq!(d.source, CharsetSource::Detector);
        assert_eq!(d.text, text);
    }

    #[test]
    fn detector_tells_big5_from_gbk_without_declaration() {
        let traditional = ["新聞", "今天天氣很好。", "據報道，長江流域今年汛期來得早，水利部門提前部署防汛工作。"];
        for text in traditional {
            let (big5, _, bad) = encoding_rs::BIG5.encode(text);
            assert!(!bad);
            let d = decode(&[b"<p>", &big5[..], b"</p>"].concat(), None);
            assert_eq!((d.encoding, d.text.as_str()), (encoding_rs::BIG5, format!("<p>{text}</p>").as_str()));
        }
        // Short GBK text, simplified or traditional, stays GBK (with no hint some reads as EUC-KR).
        for text in ["新闻", "价格：", "價格：", "今天天气很好。", "國務院常務會議今天召開。"]
        {
            let (gbk, _, _) = GB18030.encode(text);
            let d = decode(&[b"<p>", &gbk[..], b"</p>"].concat(), None);
            assert_eq!((d.encoding, d.text.as_str()), (GB18030, format!("<p>{text}</p>").as_str()));
        }
    }

    #[test]
    fn mislabelled_utf8_is_overruled() {
        let page = "<meta charset=gbk><p>这是一篇用UTF-8保存的网页。</p>";
        let d = decode(page.as_bytes(), None);
        assert_eq!((d.encoding, d.source, d.had_errors), (UTF_8, CharsetSource::Utf8Override, false));
        assert_eq!(d.text, page);
        // A long page as well, declared by the header.
        let long = format!("<meta charset=gbk>{}", "新闻正文。".repeat(2000));
        let d = decode(long.as_bytes(), Some("gb2312"));
        assert_eq!((d.encoding, d.source), (UTF_8, CharsetSource::Utf8Override));
        assert_eq!(d.text, long);
    }

    /// UTF-8 bytes that the declared charset also reads without error keep it: the rule
    /// overrules only a declaration the bytes contradict ("中文" in UTF-8 is three valid GBK
    /// pairs).
    #[test]
    fn a_declaration_the_bytes_do_not_contradict_is_kept() {
        let page = "<meta charset=gbk><p>中文</p>";
        let d = decode(page.as_bytes(), None);
        let (want, bad) = GB18030.decode_without_bom_handling(page.as_bytes());
        assert!(!bad);
        assert_eq!((d.encoding, d.source, d.had_errors), (GB18030, CharsetSource::Meta, false));
        assert_eq!(d.text, want);
        assert_ne!(d.text, page);
    }

    #[test]
    fn declared_utf8_on_gbk_bytes_is_overruled() {
        let text = "入冬以后，不少车主发现续航明显缩水。专家建议把车停在室内，出发前先预热电池。";
        let (gbk, _, _) = GB18030.encode(text);
        // A server's default header says UTF-8; the page's own meta says GBK.
        let mut page =
            b"<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=gbk\"></head><p>".to_vec();
        page.extend_from_slice(&gbk);
        let d = decode(&page, Some("utf-8"));
        assert_eq!((d.encoding, d.source, d.had_errors), (GB18030, CharsetSource::Meta, false));
        assert!(d.text.contains(text));
        // A template's meta says UTF-8 and nothing else is declared: the detector reads it.
        let mut page = b"<html><head><meta charset=\"utf-8\"></head><p>".to_vec();
        page.extend_from_slice(&gbk);
        let d = decode(&page, None);
        assert_eq!((d.encoding, d.source), (GB18030, CharsetSource::Detector));
        assert!(d.text.contains(text));
        // UTF-8 with one stray byte stays UTF-8.
        let mut page = format!("<meta charset=\"utf-8\"><p>{text}").into_bytes();
        page.insert(30, 0xff);
        let d = decode(&page, None);
        assert_eq!((d.encoding, d.source, d.had_errors), (UTF_8, CharsetSource::Meta, true));
    }

    #[test]
    fn invalid_bytes_are_replaced_not_fatal() {
        let d = decode(&[0x3c, 0x70, 0x3e, 0xff, 0xfe, 0xc3, 0x28, 0x80], Some("utf-8"));
        assert!(d.had_errors);
        assert!(d.text.contains('\u{FFFD}'));
    }

    #[test]
    fn unknown_labels_are_none() {
        assert_eq!(encoding_for_label("x-unknown"), None);
    }
}
