//! Dates and times as comment, post and timeline headers print them.

use crate::lexicon::{en, is_date_mark, zh};
/// A date or time as comment and post headers show them: 2026-03-02, 2026/3/2, 2026年3月,
/// 10:21, "3分钟前", and English dates and ages ("Dec 5", "3 hours ago").
pub(super) fn has_time_stamp(text: &str) -> bool {
    // Every form has a digit or "前"; most blocks have neither. Matched on bytes, with no
    // character vector (this runs on every short block): the forms are ASCII but for 年, and
    // the byte after an ASCII byte always starts the next character.
    let b = text.as_bytes();
    if !b.iter().any(u8::is_ascii_digit) && !text.contains(zh::AGO) {
        return false;
    }
    let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    for i in (0..b.len()).filter(|&i| b[i].is_ascii_digit()) {
        // d:dd or dd:dd
        let colon = match (b.get(i + 1), b.get(i + 2)) {
            (Some(b':'), _) => Some(i + 1),
            (Some(d), Some(b':')) if d.is_ascii_digit() => Some(i + 2),
            _ => None,
        };
        if colon.is_some_and(|k| digit(k + 1) && digit(k + 2)) {
            return true;
        }
        // dddd-d, dddd/d, dddd.d, dddd年d
        if (i + 1..i + 4).all(digit) {
            let after = &b[i + 4..];
            if matches!(after.first(), Some(b'-' | b'/' | b'.')) && digit(i + 5)
                || after.starts_with(zh::YEAR.as_bytes()) && digit(i + 4 + zh::YEAR.len())
            {
                return true;
            }
        }
    }
    // "3分钟前", "2小时前", "5天前": a character, then 钟, 时 or 天, then 前.
    let ago = text.match_indices(zh::AGO).any(|(at, _)| {
        let before = &text[..at];
        before.chars().next_back().is_some_and(zh::is_ago_unit) && before.len() > '钟'.len_utf8()
    });
    ago || has_english_date(text)
}

/// An English date or age as forums print them: "Dec 5", "5 December 2024", "3 hours ago".
fn has_english_date(text: &str) -> bool {
    if !text.bytes().any(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    let words: Vec<&str> = text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let day = |w: Option<&&str>| w.is_some_and(|w| w.len() <= 2 && w.bytes().all(|c| c.is_ascii_digit()));
    let number = |w: &str| w.bytes().all(|c| c.is_ascii_digit());
    words.iter().enumerate().any(|(i, w)| {
        // "Dec", "Sept", "December": three letters or more of a month's name, beside a day.
        let month =
            w.len() >= 3 && en::MONTHS.iter().any(|m| m.len() >= w.len() && m[..w.len()].eq_ignore_ascii_case(w));
        if month && (day(words.get(i + 1)) || (i > 0 && day(words.get(i - 1)))) {
            return true;
        }
        w.eq_ignore_ascii_case("ago")
            && i >= 2
            && number(words[i - 2])
            && en::AGE_UNITS.iter().any(|u| words[i - 1].trim_end_matches(['s', 'S']).eq_ignore_ascii_case(u))
    })
}

/// A block that is a date and nothing else, without a time of day: "2005年3月", "2024-12-01".
/// Posts and comments carry their author or the minute beside the date.
fn is_bare_date(text: &str) -> bool {
    text.chars().all(|c| c.is_ascii_digit() || c.is_whitespace() || is_date_mark(c))
}

/// A timeline entry's date: a bare date with a time stamp's form, or a year alone.
pub(super) fn is_entry_date(text: &str) -> bool {
    is_bare_date(text) && (is_bare_year(text) || has_time_stamp(text))
}

/// A year and nothing else: "1956年", "2005".
pub(super) fn is_bare_year(text: &str) -> bool {
    let digits = text.trim().trim_end_matches('年');
    digits.len() == 4 && digits.bytes().all(|c| c.is_ascii_digit())
}

/// The year and month (0 when none is given) of a bare date: "2005年3月" (2005, 3), "2024-12-01"
/// (2024, 12), "2005" (2005, 0); `None` without a four-digit year.
pub(super) fn year_month(text: &str) -> Option<(u32, u32)> {
    let mut numbers = text.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty());
    let year = numbers.next().filter(|y| y.len() == 4)?.parse().ok()?;
    let month = numbers.next().and_then(|m| m.parse().ok()).unwrap_or(0);
    Some((year, month))
}

#[cfg(test)]
mod tests {
    use super::has_time_stamp;

    /// The character-by-character reading `has_time_stamp` replaced, kept to check it against.
    fn time_stamp_by_chars(text: &str) -> bool {
        let b: Vec<char> = text.chars().collect();
        for i in 0..b.len() {
            let c = b[i];
            if c.is_ascii_digit() {
                let colon = match (b.get(i + 1), b.get(i + 2)) {
                    (Some(':'), _) => Some(i + 1),
                    (Some(d), Some(':')) if d.is_ascii_digit() => Some(i + 2),
                    _ => None,
                };
                let digit = |k: usize| b.get(k).is_some_and(char::is_ascii_digit);
                if colon.is_some_and(|k| digit(k + 1) && digit(k + 2)) {
                    return true;
                }
                if i + 5 < b.len()
                    && b[i..i + 4].iter().all(char::is_ascii_digit)
                    && matches!(b[i + 4], '-' | '/' | '年' | '.')
                    && b[i + 5].is_ascii_digit()
                {
                    return true;
                }
            }
            if c == '前' && i >= 2 && matches!(b[i - 1], '钟' | '时' | '天') {
                return true;
            }
        }
        super::has_english_date(text)
    }

    #[test]
    fn time_stamps_on_bytes_read_as_by_characters() {
        let pool: Vec<char> = "0123456789::--//..年年月日前前钟时天分小 a发表於Dec ago hours".chars().collect();
        let mut rng = crate::testutil::Rng::new(11);
        let mut found = 0;
        for _ in 0..200_000 {
            let n = rng.below(12) as usize;
            let text: String = (0..n).map(|_| pool[rng.below(pool.len() as u64) as usize]).collect();
            let want = time_stamp_by_chars(&text);
            assert_eq!(has_time_stamp(&text), want, "{text:?}");
            found += usize::from(want);
        }
        assert!(found > 1000, "only {found} time stamps drawn");
    }

    #[test]
    fn time_stamps() {
        assert!(has_time_stamp("网友甲 2026-03-02 10:21"));
        assert!(has_time_stamp("发表于 9:05"));
        assert!(has_time_stamp("3分钟前"));
        assert!(has_time_stamp("2026年3月"));
        assert!(!has_time_stamp("今年增长了12%"));
        assert!(!has_time_stamp("第3条"));
        for english in ["Dec 5", "posted Sept 30, 2024", "5 December 2024", "3 hours ago", "1 day ago"] {
            assert!(has_time_stamp(english), "{english}");
        }
        for not_a_date in ["May I ask 5 questions", "Top 10 marches", "December", "12 days", "Decimal 5"] {
            assert!(!has_time_stamp(not_a_date), "{not_a_date}");
        }
    }
}
