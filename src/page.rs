//! One page through decode, extract, normalize and features.

use crate::decode::{self, CharsetSource};
use crate::extract::{self, Extracted};
use crate::features::Features;
use crate::normalize::{self, NormText};
use crate::params::Params;

/// What a page arrives as.
#[derive(Debug, Clone, Copy)]
pub enum Body<'a> {
    /// HTML bytes, with the transport's charset when known (an HTTP header).
    Html {
        /// The raw bytes.
        bytes: &'a [u8],
        /// Charset label from the transport.
        charset: Option<&'a str>,
    },
    /// Plain text bytes: every line a paragraph, all of it main text.
    Text {
        /// The raw bytes.
        bytes: &'a [u8],
        /// Charset label, when known.
        charset: Option<&'a str>,
    },
}

impl<'a> Body<'a> {
    /// HTML or text as `kind` says, or by a look at the content when it says nothing.
    pub fn with_kind(bytes: &'a [u8], kind: Option<crate::input::BodyKind>, charset: Option<&'a str>) -> Body<'a> {
        match kind {
            Some(crate::input::BodyKind::Html) => Body::Html { bytes, charset },
            Some(crate::input::BodyKind::Text) => Body::Text { bytes, charset },
            None => Body::sniff(bytes, charset),
        }
    }

    /// HTML or text by a look at the content: markup near the start means HTML.
    pub fn sniff(bytes: &'a [u8], charset: Option<&'a str>) -> Body<'a> {
        let head = &bytes[..bytes.len().min(1024)];
        let start = head.iter().position(|b| !b.is_ascii_whitespace()).map_or(&[][..], |i| &head[i..]);
        let markup = start.first() == Some(&b'<')
            || decode::find_ascii_ci(head, b"<html").is_some()
            || decode::find_ascii_ci(head, b"<body").is_some()
            || decode::find_ascii_ci(head, b"<p>").is_some();
        if markup {
            Body::Html { bytes, charset }
        } else {
            Body::Text { bytes, charset }
        }
    }
}

/// A page analyzed up to its features: everything the index stores and the verifier needs.
#[derive(Debug, Clone)]
pub struct Page {
    /// Blocks and title as extracted.
    pub extracted: Extracted,
    /// The main text as extracted (kept blocks joined by newlines).
    pub main_text: String,
    /// The main text normalized, with its map back to `main_text`.
    pub norm: NormText,
    /// Period features, fingerprints, exact hash.
    pub features: Features,
    /// The sketch of the `<title>` (see [`crate::features::title`]; zeros: none).
    pub title_sketch: crate::features::title::TitleSketch,
    /// Name of the charset the bytes were decoded with.
    pub charset: &'static str,
    /// Where that charset came from.
    pub charset_source: CharsetSource,
    /// True when invalid byte sequences were replaced.
    pub decode_errors: bool,
}

impl Page {
    /// Decodes, extracts, normalizes and computes features. Never fails: bad bytes are replaced,
    /// broken markup is read as well as it can be, and a page with no text has empty features.
    pub fn analyze(input: Body<'_>, p: &Params) -> Page {
        let (decoded, extracted) = decode_and_extract(input, p);
        let main_text = extracted.main_text();
        let norm = normalize::normalize_folded(&main_text, p);
        let features = Features::compute(&norm.chars, p);
        let title_sketch = crate::features::title::title_sketch(&extracted.title);
        Page {
            extracted,
            main_text,
            norm,
            features,
            title_sketch,
            charset: decoded.encoding.name(),
            charset_source: decoded.source,
            decode_errors: decoded.had_errors,
        }
    }

    /// The normalized main text alone (no features): what other detectors compare, read exactly
    /// as [`Page::analyze`] reads it.
    pub fn normalized_text(input: Body<'_>, p: &Params) -> NormText {
        let (_, extracted) = decode_and_extract(input, p);
        normalize::normalize_folded(&extracted.main_text(), p)
    }

    /// The page's `<title>`.
    pub fn title(&self) -> &str {
        &self.extracted.title
    }
}

/// Stages 1 and 2: bytes to text, text to blocks. With `p.fold_traditional`, extraction reads
/// the text with traditional characters folded: its word rules are written in simplified ones.
fn decode_and_extract(input: Body<'_>, p: &Params) -> (decode::Decoded, Extracted) {
    let (bytes, charset, html) = match input {
        Body::Html { bytes, charset } => (bytes, charset, true),
        Body::Text { bytes, charset } => (bytes, charset, false),
    };
    let mut decoded = decode::decode(bytes, charset);
    if p.fold_traditional {
        crate::script_fold::fold_text(&mut decoded.text);
    }
    let extracted = if html { extract::extract_html(&decoded.text) } else { extract::extract_text(&decoded.text) };
    (decoded, extracted)
}
