//! A page's writing system and, where the script tells it, its language.
//!
//! Folding traditional Chinese to simplified ([`crate::script_fold`]) is right for Chinese only.
//! Japanese writes many of the same ideographs in forms of its own ("販売", "図書館"), and a
//! folded Japanese page is a mix no copy of it under another template would be folded into the
//! same way; Korean pages quote Hanja. So the script is told first, from the page's decoded text,
//! and only a page of Chinese is folded:
//!
//! * kana (hiragana and katakana, but for the middle dot and the long-vowel mark, which Chinese
//!   pages use too) in at least [`JAPANESE_SHARE`] of its CJK characters, and at least
//!   [`MIN_MARKS`] of them, make a page Japanese: Japanese prose is a third to a half kana, while
//!   a Chinese page naming a Japanese brand has a handful;
//! * Hangul syllables and jamo in at least [`KOREAN_SHARE`] of them, and [`MIN_MARKS`] at least,
//!   make it Korean;
//! * any other page with ideographs is Chinese: traditional ([`Script::Hant`]) when at least
//!   [`TRADITIONAL_SHARE`] of its ideographs fold, else simplified;
//! * a page without ideographs, kana or Hangul takes the script most letters of its main text are
//!   in (Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai), its language unknown.
//!
//! The counts run over the whole decoded page, markup included: a page's navigation and titles are
//! in its language too, and the scan is one pass over bytes that skips ASCII eight at a time.

use crate::utf8;

/// Kana in at least this share of a page's CJK characters make it Japanese.
pub const JAPANESE_SHARE: f64 = 0.05;
/// Hangul in at least this share of a page's CJK characters make it Korean.
pub const KOREAN_SHARE: f64 = 0.20;
/// Fewer kana (or Hangul) than this never make a page Japanese (or Korean).
pub const MIN_MARKS: u32 = 8;
/// At least this share of a Chinese page's ideographs folding make it traditional.
pub const TRADITIONAL_SHARE: f64 = 0.08;

/// A writing system, by its ISO 15924 code. Stored in a document's flags as its `code()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
pub enum Script {
    /// Not recorded (a document stored before scripts were), or no letters at all.
    #[default]
    Zzzz,
    /// Simplified Chinese.
    Hans,
    /// Traditional Chinese (folded to simplified before keys are made).
    Hant,
    /// Japanese: ideographs with kana.
    Jpan,
    /// Korean: Hangul, with or without Hanja.
    Kore,
    /// Latin.
    Latn,
    /// Cyrillic.
    Cyrl,
    /// Greek.
    Grek,
    /// Arabic.
    Arab,
    /// Hebrew.
    Hebr,
    /// Devanagari.
    Deva,
    /// Thai.
    Thai,
    /// Letters of another script.
    Zyyy,
}

impl Script {
    /// Every script, in code order (a script's code is its place here).
    pub const ALL: [Script; 13] = [
        Script::Zzzz,
        Script::Hans,
        Script::Hant,
        Script::Jpan,
        Script::Kore,
        Script::Latn,
        Script::Cyrl,
        Script::Grek,
        Script::Arab,
        Script::Hebr,
        Script::Deva,
        Script::Thai,
        Script::Zyyy,
    ];

    /// The 4-bit code a doc record stores (`format-spec.md`, DocMeta flags).
    pub fn code(self) -> u32 {
        Script::ALL.iter().position(|&s| s == self).unwrap_or(0) as u32
    }

    /// The script of `code`; an unknown code reads as not recorded.
    pub fn from_code(code: u32) -> Script {
        Script::ALL.get(code as usize).copied().unwrap_or(Script::Zzzz)
    }

    /// The ISO 15924 code.
    pub fn as_str(self) -> &'static str {
        match self {
            Script::Zzzz => "Zzzz",
            Script::Hans => "Hans",
            Script::Hant => "Hant",
            Script::Jpan => "Jpan",
            Script::Kore => "Kore",
            Script::Latn => "Latn",
            Script::Cyrl => "Cyrl",
            Script::Grek => "Grek",
            Script::Arab => "Arab",
            Script::Hebr => "Hebr",
            Script::Deva => "Deva",
            Script::Thai => "Thai",
            Script::Zyyy => "Zyyy",
        }
    }

    /// The language the script tells: Chinese, Japanese or Korean; undetermined for the others
    /// (dedupdb tells no language apart within one alphabet).
    pub fn language(self) -> Language {
        match self {
            Script::Hans | Script::Hant => Language::Zh,
            Script::Jpan => Language::Ja,
            Script::Kore => Language::Ko,
            _ => Language::Und,
        }
    }

    /// True for Chinese in either script: the pages folded to simplified.
    pub fn is_chinese(self) -> bool {
        matches!(self, Script::Hans | Script::Hant)
    }
}

/// A page's language, by its BCP 47 tag. Stored in a document's flags as its `code()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// Undetermined.
    #[default]
    Und,
    /// Chinese.
    Zh,
    /// Japanese.
    Ja,
    /// Korean.
    Ko,
}

impl Language {
    /// Every language, in code order.
    pub const ALL: [Language; 4] = [Language::Und, Language::Zh, Language::Ja, Language::Ko];

    /// The 4-bit code a doc record stores.
    pub fn code(self) -> u32 {
        Language::ALL.iter().position(|&l| l == self).unwrap_or(0) as u32
    }

    /// The language of `code`; an unknown code reads as undetermined.
    pub fn from_code(code: u32) -> Language {
        Language::ALL.get(code as usize).copied().unwrap_or(Language::Und)
    }

    /// The BCP 47 tag.
    pub fn as_str(self) -> &'static str {
        match self {
            Language::Und => "und",
            Language::Zh => "zh",
            Language::Ja => "ja",
            Language::Ko => "ko",
        }
    }
}

/// The CJK characters of a decoded page, counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CjkCount {
    /// Ideographs (U+3400..U+9FFF, and the compatibility ideographs U+F900..U+FAFF).
    pub han: u32,
    /// Hiragana and katakana (U+3041..U+30FF but for U+30FB and U+30FC; U+31F0..U+31FF).
    pub kana: u32,
    /// Hangul syllables (U+AC00..U+D7A3) and jamo (U+1100..U+11FF, U+3131..U+318E).
    pub hangul: u32,
}

/// What a page is, as far as its CJK characters tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cjk {
    /// Chinese: folded to simplified.
    Chinese,
    /// Japanese.
    Japanese,
    /// Korean.
    Korean,
    /// No ideograph, kana or Hangul worth counting.
    None,
}

impl CjkCount {
    /// Counts the CJK characters of `text`.
    pub fn of(text: &str) -> CjkCount {
        let b = text.as_bytes();
        let mut n = CjkCount::default();
        let mut i = 0;
        while i < b.len() {
            let lead = b[i];
            if lead < 0x80 {
                i = utf8::skip_ascii(b, i);
                continue;
            }
            // Every counted character is in the BMP, beyond U+0800: three bytes.
            let len = utf8::seq_len(lead);
            if len == 3 {
                if let Some(c) = utf8::three_byte_at(b, i) {
                    n.add(c as u32);
                }
            }
            i += len;
        }
        n
    }

    fn add(&mut self, u: u32) {
        match u {
            0x3400..=0x9FFF | 0xF900..=0xFAFF => self.han += 1,
            0x30FB | 0x30FC => {}
            0x3041..=0x30FF | 0x31F0..=0x31FF => self.kana += 1,
            0xAC00..=0xD7A3 | 0x1100..=0x11FF | 0x3131..=0x318E => self.hangul += 1,
            _ => {}
        }
    }

    /// Whether the page is Chinese, Japanese, Korean or none of them (see the module's rules).
    pub fn cjk(&self) -> Cjk {
        let all = f64::from(self.han) + f64::from(self.kana) + f64::from(self.hangul);
        let japanese = self.kana >= MIN_MARKS && f64::from(self.kana) >= JAPANESE_SHARE * all;
        let korean = self.hangul >= MIN_MARKS && f64::from(self.hangul) >= KOREAN_SHARE * all;
        match (japanese, korean) {
            (true, true) if self.hangul > self.kana => Cjk::Korean,
            (true, _) => Cjk::Japanese,
            (false, true) => Cjk::Korean,
            (false, false) if self.han > 0 => Cjk::Chinese,
            (false, false) => Cjk::None,
        }
    }
}

/// The script of a Chinese page whose decoded text had `han` ideographs, `folded` of which
/// folding changed.
pub fn chinese_script(han: u32, folded: u32) -> Script {
    if han > 0 && f64::from(folded) >= TRADITIONAL_SHARE * f64::from(han) {
        Script::Hant
    } else {
        Script::Hans
    }
}

/// The script most letters of `text` (a page's main text) are in, for a page with no CJK to
/// tell it; [`Script::Zzzz`] when it has no letter.
pub fn alphabet_of(text: &str) -> Script {
    // Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai, other letters.
    let mut n = [0u32; 8];
    for c in text.chars().filter(|c| c.is_alphabetic()) {
        let k = match c as u32 {
            0x41..=0x5A | 0x61..=0x7A | 0xC0..=0x24F | 0x1E00..=0x1EFF => 0,
            0x400..=0x52F => 1,
            0x370..=0x3FF | 0x1F00..=0x1FFF => 2,
            0x600..=0x6FF | 0x750..=0x77F => 3,
            0x590..=0x5FF => 4,
            0x900..=0x97F => 5,
            0xE00..=0xE7F => 6,
            _ => 7,
        };
        n[k] += 1;
    }
    let (k, &most) = n.iter().enumerate().max_by_key(|&(k, &v)| (v, std::cmp::Reverse(k))).unwrap_or((0, &0));
    if most == 0 {
        return Script::Zzzz;
    }
    [Script::Latn, Script::Cyrl, Script::Grek, Script::Arab, Script::Hebr, Script::Deva, Script::Thai, Script::Zyyy][k]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kana_make_a_page_japanese_and_a_few_of_them_do_not() {
        let ja = "<p>当店では図書館向けの書籍を販売しています。ご注文はこちらからお願いします。</p>";
        assert_eq!(CjkCount::of(ja).cjk(), Cjk::Japanese);
        // A Chinese story naming a Japanese brand in katakana.
        let zh = "<p>记者了解到，优衣库（ユニクロ）今年在华新开门店超过八十家，销售额同比增长明显。</p>";
        let n = CjkCount::of(zh);
        assert_eq!(n.kana, 4);
        assert_eq!(n.cjk(), Cjk::Chinese);
        // The middle dot and long-vowel mark are in Chinese pages too.
        assert_eq!(CjkCount::of("约翰・史密斯ーーーーーーーーーー说").cjk(), Cjk::Chinese);
    }

    #[test]
    fn hangul_makes_a_page_korean() {
        let ko = "<p>서울시는 올해 도서관 예산을 늘리기로 했다. 시민들의 반응은 좋다.</p>";
        assert_eq!(CjkCount::of(ko).cjk(), Cjk::Korean);
        let with_hanja = "<p>大韓民國 憲法 제1조 대한민국은 민주공화국이다. 주권은 국민에게 있다.</p>";
        assert_eq!(CjkCount::of(with_hanja).cjk(), Cjk::Korean);
    }

    #[test]
    fn a_page_without_cjk_is_none_and_takes_its_letters_script() {
        assert_eq!(CjkCount::of("<p>The council met on Tuesday.</p>").cjk(), Cjk::None);
        assert_eq!(alphabet_of("The council met on Tuesday."), Script::Latn);
        assert_eq!(alphabet_of("Городской совет собрался во вторник. OK"), Script::Cyrl);
        assert_eq!(alphabet_of("Η βουλή συνεδρίασε"), Script::Grek);
        assert_eq!(alphabet_of("١٢٣ — 456"), Script::Zzzz);
    }

    #[test]
    fn traditional_is_told_by_the_share_that_folds() {
        assert_eq!(chinese_script(1000, 300), Script::Hant);
        assert_eq!(chinese_script(1000, 5), Script::Hans);
        assert_eq!(chinese_script(0, 0), Script::Hans);
    }

    #[test]
    fn codes_round_trip_and_name_the_language() {
        for s in Script::ALL {
            assert_eq!(Script::from_code(s.code()), s);
        }
        assert_eq!(Script::from_code(15), Script::Zzzz);
        for l in Language::ALL {
            assert_eq!(Language::from_code(l.code()), l);
        }
        assert_eq!(Script::Jpan.language().as_str(), "ja");
        assert_eq!(Script::Hant.language(), Language::Zh);
        assert_eq!(Script::Latn.language(), Language::Und);
        assert!(Script::Hant.is_chinese() && !Script::Jpan.is_chinese());
    }
}
