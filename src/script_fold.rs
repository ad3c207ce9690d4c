//! Traditional Chinese characters folded to simplified ones.
//!
//! Sites republish articles in the other script: a Taiwan or Hong Kong site converts a mainland
//! story to traditional characters, and many Chinese CMSs serve every page in both scripts at two
//! URLs. Character by character such a copy shares almost nothing with its original, so no key
//! would find it and no alignment would match it. Folding both scripts to one before keys are
//! made and texts compared makes it the copy it is.
//!
//! The table is generated at build time (`build.rs`) from OpenCC's character dictionaries:
//! characters that any of its conversions (traditional, Taiwan and Hong Kong forms to simplified,
//! and back) turns into one another form a class, folded to one member (simplified, but for a
//! few rare classes whose simplified form lies outside the BMP and a traditional one in it). It
//! is a canonical form, not a conversion: "乾" and "幹" fold to "干" in simplified text too,
//! which makes the folding the same whichever way a copy was converted. Where dedupdb prints a
//! page's text (`ddtool page`, `dedupdb compare`), it prints it folded: "著名" reads "着名".
//! Vocabulary a region words otherwise ("軟體" for "软件") is not folded: such a copy aligns
//! around those words, as around any edit.

include!(concat!(env!("OUT_DIR"), "/script_fold_table.rs"));

/// `c` folded: its class's representative (see `build.rs`), or `c` itself.
#[inline]
pub fn fold(c: char) -> char {
    let u = c as u32;
    if u < 0x1_0000 {
        // Most characters of a simplified text do not fold: one bit test.
        if !bmp_folds(u as usize) {
            return c;
        }
    } else if u < 0x2_0000 {
        return c;
    }
    looked_up(c)
}

/// What `c`, a character the bitmap marks or one of the supplementary planes, folds to: kept out
/// of line, so that [`fold`] inlines as the bit test most characters stop at.
#[inline(never)]
fn looked_up(c: char) -> char {
    match FOLDS.binary_search_by_key(&(c as u32), |&(from, _)| from) {
        Ok(k) => char::from_u32(FOLDS[k].1).unwrap_or(c),
        Err(_) => c,
    }
}

/// Whether BMP code point `u` folds.
#[inline]
fn bmp_folds(u: usize) -> bool {
    FOLD_BITS[(u >> 6) & (FOLD_BITS.len() - 1)] & (1 << (u & 63)) != 0
}

/// Folds the traditional characters of `text` in place, for extraction to read: its rules look
/// for simplified words (a disclaimer's "免责声明", a footer's "版权所有"), which a page in the
/// other script spells "免責聲明" and "版權所有". Only BMP characters are folded here, each
/// rewritten in its own three UTF-8 bytes (no BMP character folds outside the BMP); the few
/// folding characters of the supplementary planes, and characters extraction decodes from
/// references, are folded in normalization ([`crate::normalize::normalize_folded`]). A
/// simplified page has few to fold (the "著" of "著名"), so the cost is one scan, markup skipped
/// eight bytes at a time. Returns the number of characters folded.
pub fn fold_text(text: &mut String) -> u32 {
    let mut from = 0;
    let mut folded_n = 0;
    while let Some(i) = next_fold(text.as_bytes(), from) {
        let b = text.as_bytes();
        let c = char::from_u32(crate::utf8::three_byte(b[i], b[i + 1], b[i + 2])).unwrap_or('\0');
        let mut buf = [0u8; 4];
        let folded = fold(c).encode_utf8(&mut buf);
        if folded.len() == 3 {
            // Three bytes for three: nothing after them moves.
            text.replace_range(i..i + 3, folded);
        }
        folded_n += 1;
        from = i + 3;
    }
    folded_n
}

/// The number of characters [`fold_text`] would fold in `text`, which is left as it is.
pub fn folds_in(text: &str) -> u32 {
    let (mut n, mut from) = (0, 0);
    while let Some(i) = next_fold(text.as_bytes(), from) {
        n += 1;
        from = i + 3;
    }
    n
}

/// Offset of the first three-byte character at or after `from` (a character boundary of UTF-8
/// `b`) that folds. ASCII (the markup) is skipped eight bytes at a time.
fn next_fold(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(&lead) = b.get(i) {
        match lead {
            0x00..=0x7F => i = crate::utf8::skip_ascii(b, i + 1),
            0xE0..=0xEF => {
                // A run of three-byte characters (Chinese text), read without bounds checks.
                for ch in b[i..].chunks_exact(3) {
                    if ch[0] & 0xF0 != 0xE0 {
                        break;
                    }
                    if bmp_folds(crate::utf8::three_byte(ch[0], ch[1], ch[2]) as usize) {
                        return Some(i);
                    }
                    i += 3;
                }
                if b.len() - i < 3 && b.get(i).is_some_and(|&l| l & 0xF0 == 0xE0) {
                    // A cut sequence at the end (never, in a `String`).
                    return None;
                }
            }
            0xC0..=0xDF => i += 2,
            0xF0.. => i += 4,
            // A continuation byte: not at a boundary (never, in a `String`).
            _ => i += 1,
        }
    }
    None
}

/// Digest of the table, for the test that guards it: see [`tests`].
#[cfg(test)]
fn table_digest() -> u64 {
    let bytes: Vec<u8> = FOLDS.iter().flat_map(|&(f, t)| [f.to_le_bytes(), t.to_le_bytes()]).flatten().collect();
    xxhash_rust::xxh3::xxh3_64(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folded(s: &str) -> String {
        s.chars().map(fold).collect()
    }

    #[test]
    fn traditional_and_variant_forms_fold_to_the_simplified_form() {
        assert_eq!(folded("後來發現頭髮裡麵條"), folded("后来发现头发里面条"));
        assert_eq!(folded("臺灣颱風"), "台湾台风");
        assert_eq!(folded("國務院新聞辦公室舉行發佈會"), "国务院新闻办公室举行发布会");
        // Taiwan and Hong Kong variant forms fold with the standard traditional ones.
        assert_eq!(folded("爲"), folded("為"));
        assert_eq!(folded("着"), folded("著"));
        assert_eq!(folded("裏"), folded("裡"));
    }

    /// `fold_text` against folding `t` one character at a time (the three-byte characters whose
    /// fold is three bytes too: every one, as the table test asserts).
    fn folds_as_its_characters(t: &str) {
        let want: String =
            t.chars().map(|c| if c.len_utf8() == 3 && fold(c).len_utf8() == 3 { fold(c) } else { c }).collect();
        let mut text = t.to_string();
        fold_text(&mut text);
        assert_eq!(text, want, "{t:?}");
    }

    #[test]
    fn a_text_folds_as_its_characters_do() {
        let texts = [
            "",
            "plain ASCII <p>only</p>",
            "<p>責任編輯：劉勇平</p><div>版權所有 © 濱海信息港</div>",
            "简体页面，只有一个著名的著字。",
            "混合 é ß 𠀀 😀 臺灣 \u{3400}\u{9FFF}\u{3000} 後",
            "a𪚥b發", // a supplementary ideograph beside BMP ones
        ];
        for t in texts {
            folds_as_its_characters(t);
        }
    }

    /// Random texts of ASCII runs, two-, three- and four-byte characters and folding ones,
    /// against the character-by-character rule.
    #[test]
    fn a_random_text_folds_as_its_characters_do() {
        let mut rng = crate::testutil::Rng::new(7);
        let folding: Vec<char> = FOLDS.iter().filter_map(|&(f, _)| char::from_u32(f)).collect();
        for _ in 0..3_000 {
            let mut t = String::new();
            for _ in 0..rng.below(40) {
                match rng.below(5) {
                    0 => t.extend(std::iter::repeat_n('a', rng.below(20) as usize)),
                    // Any character of the BMP beyond ASCII (surrogates skipped), or beyond it.
                    1 => t.extend(char::from_u32(0x80 + rng.below(0xFF80) as u32)),
                    2 => t.extend(char::from_u32(0x1_0000 + rng.below(0x2_4000) as u32)),
                    _ => t.push(folding[rng.below(folding.len() as u64) as usize]),
                }
            }
            folds_as_its_characters(&t);
        }
    }

    #[test]
    fn simplified_text_and_other_characters_stay() {
        let s = "中华人民共和国成立七十周年，我们一起回顾这段历史。ABC abc 123 かな 한국어 😀";
        assert_eq!(folded(s), s);
        // Characters Taiwan's or Hong Kong's conversion reads otherwise than the standard one
        // (Taiwan's "么" is the numeral "幺") keep their simplified form.
        let s = "什么这么怎么多么，抬头，着急，干净，面条，头发";
        assert_eq!(folded(s), s);
        assert_eq!(fold('\u{0}'), '\u{0}');
        assert_eq!(fold(char::MAX), char::MAX);
    }

    #[test]
    fn the_table_is_a_canonical_form() {
        assert!(FOLDS.len() > 3_000, "{} folds", FOLDS.len());
        assert!(FOLDS.windows(2).all(|w| w[0].0 < w[1].0), "sorted by character, no repeats");
        for &(from, to) in FOLDS.iter() {
            let (f, t) = (char::from_u32(from).expect("valid"), char::from_u32(to).expect("valid"));
            assert_ne!(f, t);
            assert_eq!(fold(f), t, "U+{from:04X} is found");
            assert_eq!(fold(t), t, "U+{from:04X} folds to U+{to:04X}, which folds no further");
            // What `fold_text` relies on to fold in place.
            assert!(from > 0xFFFF || to <= 0xFFFF, "U+{from:04X} of the BMP folds outside it");
        }
        // The bitmap marks exactly the BMP characters of the table.
        let marked = (0..0x1_0000).filter(|&u| bmp_folds(u)).count();
        assert_eq!(marked, FOLDS.iter().filter(|&&(f, _)| f < 0x1_0000).count());
    }

    /// The table decides index keys: an index built with one table and queried with another
    /// would miss the copies whose text holds a character the tables fold differently. build.rs
    /// refuses to build with another table; this checks that the digest it checked is the one
    /// of the table compiled in.
    #[test]
    fn the_table_is_the_one_indexes_were_built_with() {
        assert_eq!(table_digest(), DIGEST, "{} folds", FOLDS.len());
        assert_eq!(DIGEST, 0x92b4_6536_89bc_c6d9, "format-spec.md names this digest");
        assert_eq!(FOLDS.len(), 4_162, "format-spec.md gives this count");
    }
}
