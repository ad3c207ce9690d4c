//! Normalization of the main text, with a map back to the extracted text.
//!
//! * Full-width ASCII (U+FF01..U+FF5E) becomes half-width: "１９９８" and "1998" compare equal, and
//!   so do "，" and ",". "。" (U+3002) is not full-width ASCII and stays.
//! * Curly quotes become straight ones (sites convert them both ways).
//! * Ideographic space, NBSP and the other Unicode spaces are spaces; zero-width characters and soft
//!   hyphens are removed.
//! * White space is collapsed; a space next to a CJK character or punctuation is dropped, since
//!   spacing around Chinese text is layout, not content. A run containing a paragraph break becomes
//!   one `'\n'`.
//! * ASCII is lower-cased.
//! * With [`crate::Params::fold_traditional`] (every index created since it exists), traditional Chinese
//!   characters and their Taiwan and Hong Kong variants become simplified ones
//!   ([`crate::script_fold`]): a copy converted to the other script is the same text. The page's
//!   decoded text is folded before extraction ([`crate::script_fold::fold_text`]), and the main
//!   text again here ([`normalize_folded`]): extraction decodes character references.

use crate::script_fold;
use crate::utf8;

/// True when a '.' right after `prev` ends a sentence: after a CJK ideograph it is a full stop
/// typed half-width (or "．" normalized). Extraction and features both read '.' so (features
/// under `Params::halfwidth_stops`).
#[inline]
pub fn dot_ends_sentence_after(prev: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&prev)
}

/// A '.' ends a sentence of Latin-script (or other alphabetic) text when it comes right after a
/// letter or digit other than a CJK ideograph (this) and before a space, a paragraph break, the
/// end of the text or a non-ASCII character ([`latin_dot_before`]): "passed. The", "Ltd.公司";
/// not "3.5" or "example.cn", nor the last dot of "...". Extraction and features both read '.'
/// so (features under `Params::latin_stops`).
#[inline]
pub fn latin_dot_after(prev: char) -> bool {
    prev.is_alphanumeric() && !dot_ends_sentence_after(prev)
}

/// The second half of the rule of [`latin_dot_after`]: what follows the '.' (`None`: the end).
#[inline]
pub fn latin_dot_before(next: Option<char>) -> bool {
    next.is_none_or(|n| n == ' ' || n == '\n' || !n.is_ascii())
}

/// `chars` as a `String` whose allocation is its exact size (a text collected from characters
/// reserves one byte per character and doubles from there: a third of a Chinese text's buffer
/// would sit unused in the memtable). The bytes are written into a scratch buffer of four per
/// character, checked as UTF-8 (vectorized, well under an instruction a byte) and copied once at
/// their size: `String::push` per character cost several times as much (a capacity check and
/// the length's branches each time).
pub fn chars_to_string(chars: &[char]) -> String {
    let mut buf = vec![0u8; chars.len().saturating_mul(4)];
    let mut o = 0;
    for &c in chars {
        // (`o` is at most four bytes a character so far: these four are in the buffer, and four
        // hold any character.)
        let Some(d) = buf.get_mut(o..o + 4) else { break };
        o += c.encode_utf8(d).len();
    }
    match simdutf8::basic::from_utf8(&buf[..o]) {
        Ok(s) => s.to_owned(),
        // Not reached: every character was encoded whole. The standard library's way is right
        // whatever happens above.
        Err(_) => chars.iter().collect(),
    }
}

/// The characters of `text`, which the caller knows to hold `chars` of them (a stored length:
/// only a hint, the result is right whatever it says). Sized once, where collecting would grow
/// the vector from a quarter of its length.
pub fn string_to_chars(text: &str, chars: usize) -> Vec<char> {
    let mut out = Vec::with_capacity(chars.min(text.len()));
    out.extend(text.chars());
    out
}

/// A normalized text and the position of each of its characters in the text it came from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NormText {
    /// The normalized characters; `'\n'` separates paragraphs.
    pub chars: Vec<char>,
    /// For each normalized character, the index of the character it came from (in `char`s).
    pub origin: Vec<u32>,
}

impl NormText {
    /// Number of characters.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    /// True when there is no text.
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// The normalized text as a `String`.
    pub fn to_string_lossy(&self) -> String {
        chars_to_string(&self.chars)
    }

    /// The original character range covering normalized range `lo..hi`.
    pub fn origin_range(&self, lo: usize, hi: usize) -> std::ops::Range<usize> {
        if lo >= hi || hi > self.origin.len() {
            return 0..0;
        }
        self.origin[lo] as usize..self.origin[hi - 1] as usize + 1
    }
}

/// Maps one character; `None` removes it.
#[inline]
pub fn map_char(c: char) -> Option<char> {
    let u = c as u32;
    Some(match u {
        0x41..=0x5A => (u as u8 + 32) as char,
        0x00..=0x7F => c,
        0xFF01..=0xFF5E => {
            let h = u - 0xFEE0;
            char::from_u32(if (0x41..=0x5A).contains(&h) { h + 32 } else { h }).unwrap_or(c)
        }
        0x3000 | 0x00A0 | 0x2000..=0x200A | 0x202F | 0x205F | 0x1680 => ' ',
        0x200B..=0x200D | 0x2060 | 0xFEFF | 0x00AD => return None,
        0x201C | 0x201D | 0x201E | 0x201F | 0x2033 => '"',
        0x2018 | 0x2019 | 0x201A | 0x201B | 0x2032 => '\'',
        _ => c,
    })
}

/// True for characters around which spaces are layout: everything outside ASCII.
#[inline]
fn spaces_are_layout(c: char) -> bool {
    !c.is_ascii()
}

/// Normalizes `text` as an index reads a page's main text: [`normalize`], and, with `fold` (a
/// Chinese page of an index with [`crate::Params::fold_traditional`]: see [`crate::page`]), every
/// character folded ([`crate::script_fold::fold`]): extraction read the page folded
/// ([`crate::script_fold::fold_text`]), but characters of the supplementary planes and those
/// written as character references reach this step unfolded.
pub fn normalize_folded(text: &str, fold: bool) -> NormText {
    if fold {
        normalize_impl::<true>(text)
    } else {
        normalize_impl::<false>(text)
    }
}

/// Normalizes `text`, characters of either Chinese script kept as they are (as indexes created
/// before [`crate::Params::fold_traditional`] read texts).
pub fn normalize(text: &str) -> NormText {
    normalize_impl::<false>(text)
}

/// The normalization; `FOLD`: characters folded (a parameter of the type, so that the loop over
/// the characters tests nothing more when it is off).
fn normalize_impl<const FOLD: bool>(text: &str) -> NormText {
    let mut out = NormText { chars: Vec::with_capacity(text.len() / 2), origin: Vec::with_capacity(text.len() / 2) };
    // 0: nothing pending, 1: a space, 2: a paragraph break.
    let mut pending = 0u8;
    let mut pending_at = 0u32;
    let bytes = text.as_bytes();
    // `at`: the byte offset of character `i`.
    let (mut at, mut i) = (0usize, 0usize);
    while at < bytes.len() {
        // Ideographs are most of a Chinese text: those of lead bytes E4..E9 (U+4000..U+9FFF) are
        // decoded here, three bytes at a time, with nothing to map.
        if pending == 0 && utf8::leads_ideograph(bytes[at]) {
            if let Some(c) = utf8::three_byte_at(bytes, at) {
                out.chars.push(if FOLD { script_fold::fold(c) } else { c });
                out.origin.push(i as u32);
                at += 3;
                i += 1;
                continue;
            }
        }
        let Some(c) = text.get(at..).and_then(|s| s.chars().next()) else { break };
        at += c.len_utf8();
        let ci = i as u32;
        i += 1;
        // CJK ideographs and kana are by far the most common characters: nothing to map.
        if ('\u{3040}'..='\u{9FFF}').contains(&c) && pending == 0 {
            // Folded again: extraction read the page folded, but it decodes character references
            // after that ("&#33274;" is "臺").
            out.chars.push(if FOLD { script_fold::fold(c) } else { c });
            out.origin.push(ci);
            continue;
        }
        let Some(m) = map_char(c) else { continue };
        let m = if FOLD { script_fold::fold(m) } else { m };
        if m == '\n' || m == '\r' || m == '\u{2029}' {
            pending = 2;
            pending_at = ci;
            continue;
        }
        if m.is_whitespace() || m.is_control() {
            if pending == 0 {
                pending = 1;
                pending_at = ci;
            }
            continue;
        }
        if let Some(&prev) = out.chars.last() {
            match pending {
                2 if prev != '\n' => {
                    out.chars.push('\n');
                    out.origin.push(pending_at);
                }
                1 if prev != '\n' && !spaces_are_layout(prev) && !spaces_are_layout(m) => {
                    out.chars.push(' ');
                    out.origin.push(pending_at);
                }
                _ => {}
            }
        }
        pending = 0;
        out.chars.push(m);
        out.origin.push(ci);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> String {
        normalize(s).to_string_lossy()
    }

    #[test]
    fn folding_is_told_by_the_caller() {
        let text = "臺灣 颱風 &#33274; 後來\n發現𠮶 simplified 中文 ＡＢＣ";
        assert_eq!(normalize_folded(text, false), normalize(text), "an index created before the rule");
        let new = normalize_folded(text, true);
        assert_eq!(new.origin, normalize(text).origin, "one character for one");
        assert_eq!(new.to_string_lossy(), "台湾台风&#33274;后来\n发现嗰simplified中文abc");
    }

    /// Every normalized character is the character its origin names, mapped and folded (the
    /// ideographs decoded three bytes at a time as well), or a space or break put in for the run
    /// of white space its origin starts; origins increase, and every other character is kept.
    #[test]
    fn each_character_is_its_origin_mapped() {
        let pool = [
            "字", "國", "乙", "龥", "䀀", "㐀", "。", "ぁ", "ア", "Ａ", "a", "Z", " ", "\n", "\u{3000}", "\u{a0}",
            "\u{200b}", "é", "😀", "𠮶", "“", "\r\n", "\t",
        ];
        let mut rng = crate::testutil::Rng::new(0x0a11_ce55);
        for case in 0..3000 {
            let mut t = String::new();
            for _ in 0..rng.below(40) {
                t.push_str(pool[rng.below(pool.len() as u64) as usize]);
            }
            let src: Vec<char> = t.chars().collect();
            for fold in [false, true] {
                let n = normalize_folded(&t, fold);
                assert_eq!(n.chars.len(), n.origin.len());
                let mut prev_origin = None;
                for (&c, &o) in n.chars.iter().zip(&n.origin) {
                    let from = src[o as usize];
                    if c == ' ' || c == '\n' {
                        // Put in for a run of spaces or breaks (or a space that is itself one).
                        assert!(from.is_whitespace() || map_char(from).is_none_or(char::is_whitespace), "case {case}");
                    } else {
                        let m = map_char(from).map(|m| if fold { script_fold::fold(m) } else { m });
                        assert_eq!(Some(c), m, "case {case}: {t:?}");
                    }
                    assert!(prev_origin < Some(o), "case {case}: origins in order");
                    prev_origin = Some(o);
                }
                let kept = src.iter().filter(|&&c| map_char(c).is_some_and(|m| !m.is_whitespace() && !m.is_control()));
                assert_eq!(n.chars.iter().filter(|&&c| c != ' ' && c != '\n').count(), kept.count(), "case {case}");
            }
        }
    }

    #[test]
    fn chars_to_string_is_exact() {
        for text in [
            "",
            "a",
            "新闻正文。",
            "mixed ASCII 与中文 ¥ and 𠀀𝄞 astral",
            "é\u{7ff}\u{800}\u{ffff}\u{10000}",
            "\u{7f}\u{80}\u{10ffff}\n",
        ] {
            let chars: Vec<char> = text.chars().collect();
            let s = chars_to_string(&chars);
            assert_eq!(s, text);
            assert_eq!(s.capacity(), text.len(), "{text:?} allocated {} bytes for {}", s.capacity(), text.len());
            for hint in [0, chars.len(), chars.len() + 7, usize::MAX] {
                assert_eq!(string_to_chars(text, hint), chars, "{text:?} with a hint of {hint}");
            }
        }
    }

    #[test]
    fn full_width_and_case() {
        assert_eq!(n("１９９８年ＧＤＰ增长８．５％，“好”"), "1998年gdp增长8.5%,\"好\"");
        assert_eq!(n("1998年GDP增长8.5%，”好“"), "1998年gdp增长8.5%,\"好\"");
    }

    #[test]
    fn spaces_and_breaks() {
        assert_eq!(
            n("\u{3000}\u{3000}第一段 文字。\u{a0}\n\n第二段\u{200b}。 Hello   World"),
            "第一段文字。\n第二段。hello world"
        );
        assert_eq!(n("  \n "), "");
    }

    #[test]
    fn origin_points_back() {
        let src = "ａ　中\u{200b}文";
        let t = normalize(src);
        assert_eq!(t.chars, vec!['a', '中', '文']);
        assert_eq!(t.origin, vec![0, 2, 4]);
        assert_eq!(t.origin_range(1, 3), 2..5);
    }
}
