//! Fetch times: Unix seconds from the forms crawlers write.
//!
//! RFC 3339 (`2026-03-05T10:21:00+08:00`, `...Z`, fractional seconds, a space for the `T`); the
//! same without an offset (`2026-03-05 10:21:00`), taken as UTC since crawlers that leave the
//! offset out nearly always log UTC; and the shorter W3C forms WARC-Date allows (`2026-03-05T10:21Z`,
//! `2026-03-05`).

use chrono::{DateTime, NaiveDate, NaiveDateTime};

/// Unix seconds for a time string, or None when it is none of the accepted forms.
pub fn parse_time(s: &str) -> Option<i64> {
    let s = s.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Some(t.timestamp());
    }
    // An offset without a colon (+0800) or without seconds (10:21Z): the permissive %#z takes
    // "Z", "+08", "+0800" and "+08:00".
    for fmt in ["%Y-%m-%dT%H:%M:%S%.f%#z", "%Y-%m-%d %H:%M:%S%.f%#z", "%Y-%m-%dT%H:%M%#z", "%Y-%m-%d %H:%M%#z"] {
        if let Ok(t) = DateTime::parse_from_str(s, fmt) {
            return Some(t.timestamp());
        }
    }
    for fmt in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"] {
        if let Ok(t) = NaiveDateTime::parse_from_str(s, fmt) {
            return Some(t.and_utc().timestamp());
        }
    }
    let date = NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()?;
    Some(date.and_hms_opt(0, 0, 0)?.and_utc().timestamp())
}

/// Unix seconds for a JSON number: whole seconds, fractions rounded down; None for numbers no
/// time can have.
pub(crate) fn seconds_of_number(n: &serde_json::Number) -> Option<i64> {
    if let Some(i) = n.as_i64() {
        return Some(i);
    }
    let f = n.as_f64()?;
    // i64::MAX as f64 rounds up to 2^63, so the bound is exclusive.
    if f.is_finite() && f >= i64::MIN as f64 && f < i64::MAX as f64 {
        Some(f.floor() as i64)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: i64 = 1_772_677_260; // 2026-03-05T02:21:00Z

    #[test]
    fn accepted_forms() {
        assert_eq!(parse_time("2026-03-05T10:21:00+08:00"), Some(T));
        assert_eq!(parse_time("2026-03-05T02:21:00Z"), Some(T));
        assert_eq!(parse_time("2026-03-05t02:21:00.123456z"), Some(T));
        assert_eq!(parse_time("2026-03-05 10:21:00+08:00"), Some(T));
        assert_eq!(parse_time("2026-03-05T10:21:00+0800"), Some(T));
        assert_eq!(parse_time(" 2026-03-05 02:21:00 "), Some(T));
        assert_eq!(parse_time("2026-03-05T02:21:00.5"), Some(T));
        assert_eq!(parse_time("2026-03-05T02:21Z"), Some(T));
        assert_eq!(parse_time("2026-03-05 02:21"), Some(T));
        assert_eq!(parse_time("2026-03-05"), Some(T - (2 * 3600 + 21 * 60)));
    }

    #[test]
    fn rejected_forms() {
        for s in ["", "yesterday", "2026-13-05T00:00:00Z", "2026-03-05T25:00:00Z", "1772677260", "05/03/2026"] {
            assert_eq!(parse_time(s), None, "{s}");
        }
    }

    #[test]
    fn numbers() {
        let n = |s: &str| serde_json::from_str::<serde_json::Number>(s).unwrap();
        assert_eq!(seconds_of_number(&n("1772677260")), Some(T));
        assert_eq!(seconds_of_number(&n("1772677260.9")), Some(T));
        assert_eq!(seconds_of_number(&n("-1.5")), Some(-2));
        assert_eq!(seconds_of_number(&n("1e300")), None);
    }
}
