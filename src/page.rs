//! One page through decode, extract, normalize and features.

use crate::decode::{self, CharsetSource};
use crate::extract::{self, Extracted};
use crate::features::Features;
use crate::lang::{self, Script};
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
    /// Its script ([`crate::lang`]), which tells whether it was folded to simplified Chinese.
    pub script: Script,
}

impl Page {
    /// Decodes, extracts, normalizes and computes features. Never fails: bad bytes are replaced,
    /// broken markup is read as well as it can be, and a page with no text has empty features.
    pub fn analyze(input: Body<'_>, p: &Params) -> Page {
        let (decoded, extracted, read) = decode_and_extract(input, p);
        let main_text = extracted.main_text();
        let script = read.script(&main_text);
        let norm = normalize::normalize_folded(&main_text, read.fold);
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
            script,
        }
    }

    /// The normalized main text alone (no features): what other detectors compare, read exactly
    /// as [`Page::analyze`] reads it.
    pub fn normalized_text(input: Body<'_>, p: &Params) -> NormText {
        let (_, extracted, read) = decode_and_extract(input, p);
        normalize::normalize_folded(&extracted.main_text(), read.fold)
    }

    /// The page's `<title>`.
    pub fn title(&self) -> &str {
        &self.extracted.title
    }
}

/// How a page was read: its CJK characters, what they made it, and whether it was folded.
struct Reading {
    count: lang::CjkCount,
    cjk: lang::Cjk,
    /// Characters folding changed (or, on an index that does not fold, would have).
    folds: u32,
    /// Traditional characters folded to simplified (in extraction and normalization).
    fold: bool,
}

impl Reading {
    /// The page's script, given its main text (which tells it when no CJK does).
    fn script(&self, main_text: &str) -> Script {
        match self.cjk {
            lang::Cjk::Chinese => lang::chinese_script(self.count.han, self.folds),
            lang::Cjk::Japanese => Script::Jpan,
            lang::Cjk::Korean => Script::Kore,
            lang::Cjk::None => lang::alphabet_of(main_text),
        }
    }
}

/// Stages 1 and 2: bytes to text, text to blocks. With `p.fold_traditional`, extraction reads a
/// Chinese page with traditional characters folded: its word rules are written in simplified
/// ones. With `p.fold_chinese_only` a Japanese or Korean page ([`crate::lang`]) is not folded.
fn decode_and_extract(input: Body<'_>, p: &Params) -> (decode::Decoded, Extracted, Reading) {
    let (bytes, charset, html) = match input {
        Body::Html { bytes, charset } => (bytes, charset, true),
        Body::Text { bytes, charset } => (bytes, charset, false),
    };
    let mut decoded = decode::decode(bytes, charset);
    let count = lang::CjkCount::of(&decoded.text);
    let cjk = count.cjk();
    let fold = p.fold_traditional && (cjk == lang::Cjk::Chinese || !p.fold_chinese_only);
    let folds = if fold {
        crate::script_fold::fold_text(&mut decoded.text)
    } else if cjk == lang::Cjk::Chinese {
        crate::script_fold::folds_in(&decoded.text)
    } else {
        0
    };
    let extracted = if html { extract::extract_html(&decoded.text) } else { extract::extract_text(&decoded.text) };
    (decoded, extracted, Reading { count, cjk, folds, fold })
}
