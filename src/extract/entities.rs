//! HTML character references in text, decoded as `html_escape::decode_html_entities` does, with
//! the references Chinese pages are full of (`&nbsp;` paragraph indents, curly quotes,
//! `&#12288;`) taken without a search of the 2,000-name table, and the legacy names browsers
//! decode without their `;` (`&nbsp&nbsp`, `&copy 2026`) decoded too.

use std::borrow::Cow;

/// Decodes the character references of `raw` (`&name;`, `&#digits;`, `&#xhex;`, and a name of
/// [`LEGACY`] without its `;` when no ASCII letter or digit follows; any other reference without
/// its `;`, an unknown name, or a code point HTML forbids stays as written).
pub fn decode(raw: &str) -> Cow<'_, str> {
    let bytes = raw.as_bytes();
    let Some(first) = memchr::memchr(b'&', bytes) else {
        return Cow::Borrowed(raw);
    };
    let mut out = String::with_capacity(raw.len());
    out.push_str(&raw[..first]);
    let mut at = first;
    while at < raw.len() {
        // A reference never holds a second '&': each piece from one '&' to the next decodes on
        // its own, the same as the whole text would.
        let end = memchr::memchr(b'&', &bytes[at + 1..]).map_or(raw.len(), |i| at + 1 + i);
        let piece = &raw[at..end];
        match common(piece) {
            Some((c, used)) => {
                out.push(c);
                out.push_str(&piece[used..]);
            }
            None => match legacy(piece) {
                Some(name_len) => {
                    // The same reference with its ';', decoded by the table.
                    let mut buf = [0u8; LEGACY_MAX + 2];
                    buf[0] = b'&';
                    buf[1..=name_len].copy_from_slice(&piece.as_bytes()[1..=name_len]);
                    buf[name_len + 1] = b';';
                    let with_semi = std::str::from_utf8(&buf[..name_len + 2]).unwrap_or_default();
                    html_escape::decode_html_entities_to_string(with_semi, &mut out);
                    out.push_str(&piece[name_len + 1..]);
                }
                None => out.push_str(&html_escape::decode_html_entities(piece)),
            },
        }
        at = end;
    }
    Cow::Owned(out)
}

/// The named references HTML decodes without a `;` (its "legacy" names: the Latin-1 set and
/// `amp`, `lt`, `gt`, `quot` in both cases), sorted. Pages write `&nbsp&nbsp` for an indent and
/// `&copy 2026`, and browsers show them decoded.
const LEGACY: [&str; 106] = [
    "AElig", "AMP", "Aacute", "Acirc", "Agrave", "Aring", "Atilde", "Auml", "COPY", "Ccedil", "ETH", "Eacute", "Ecirc",
    "Egrave", "Euml", "GT", "Iacute", "Icirc", "Igrave", "Iuml", "LT", "Ntilde", "Oacute", "Ocirc", "Ograve", "Oslash",
    "Otilde", "Ouml", "QUOT", "REG", "THORN", "Uacute", "Ucirc", "Ugrave", "Uuml", "Yacute", "aacute", "acirc",
    "acute", "aelig", "agrave", "amp", "aring", "atilde", "auml", "brvbar", "ccedil", "cedil", "cent", "copy",
    "curren", "deg", "divide", "eacute", "ecirc", "egrave", "eth", "euml", "frac12", "frac14", "frac34", "gt",
    "iacute", "icirc", "iexcl", "igrave", "iquest", "iuml", "laquo", "lt", "macr", "micro", "middot", "nbsp", "not",
    "ntilde", "oacute", "ocirc", "ograve", "ordf", "ordm", "oslash", "otilde", "ouml", "para", "plusmn", "pound",
    "quot", "raquo", "reg", "sect", "shy", "sup1", "sup2", "sup3", "szlig", "thorn", "times", "uacute", "ucirc",
    "ugrave", "uml", "uuml", "yacute", "yen", "yuml",
];
/// The longest name of [`LEGACY`].
const LEGACY_MAX: usize = 6;

/// The length of the name when `piece` (which starts with '&') opens with a name of [`LEGACY`]
/// followed by neither `;` (a whole reference, decoded by the table) nor an ASCII letter or digit
/// (`&copy2026` or `&ampx` may be anything, and stay as written).
fn legacy(piece: &str) -> Option<usize> {
    let name = piece.as_bytes()[1..].iter().take_while(|b| b.is_ascii_alphanumeric()).count();
    if name == 0 || name > LEGACY_MAX || piece.as_bytes().get(1 + name) == Some(&b';') {
        return None;
    }
    LEGACY.binary_search(&&piece[1..=name]).ok().map(|_| name)
}

/// The reference at the start of `piece` (which starts with '&') when it is a common named one or
/// a valid numeric one: its character and its length in bytes. `None` leaves it to the table.
fn common(piece: &str) -> Option<(char, usize)> {
    let b = piece.as_bytes();
    // Longest handled: "&#x10FFFF;" and "&#1114111;" (10 bytes).
    let semi = memchr::memchr(b';', &b[1..b.len().min(11)])? + 1;
    let name = &b[1..semi];
    let c = match name {
        b"nbsp" => '\u{a0}',
        b"amp" => '&',
        b"lt" => '<',
        b"gt" => '>',
        b"quot" => '"',
        b"apos" => '\'',
        b"ldquo" => '\u{201c}',
        b"rdquo" => '\u{201d}',
        b"lsquo" => '\u{2018}',
        b"rsquo" => '\u{2019}',
        b"middot" => '\u{b7}',
        b"hellip" => '\u{2026}',
        b"mdash" => '\u{2014}',
        b"ndash" => '\u{2013}',
        b"bull" => '\u{2022}',
        b"copy" => '\u{a9}',
        b"reg" => '\u{ae}',
        b"times" => '\u{d7}',
        b"yen" => '\u{a5}',
        b"emsp" => '\u{2003}',
        b"ensp" => '\u{2002}',
        [b'#', b'x' | b'X', hex @ ..] => numeric(hex, 16)?,
        [b'#', dec @ ..] => numeric(dec, 10)?,
        _ => return None,
    };
    Some((c, semi + 1))
}

/// A numeric reference's digits as the character HTML allows (C0 controls other than tab, line
/// feed, form feed and carriage return are not).
fn numeric(digits: &[u8], radix: u32) -> Option<char> {
    if digits.is_empty() {
        return None;
    }
    let mut v: u32 = 0;
    for &d in digits {
        v = v.checked_mul(radix)?.checked_add(char::from(d).to_digit(radix)?)?;
    }
    let c = char::from_u32(v)?;
    match c {
        '\t' | '\n' | '\u{c}' | '\r' => Some(c),
        '\0'..='\u{1f}' => None,
        _ => Some(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_names_are_the_table_s() {
        let names = [
            "nbsp", "amp", "lt", "gt", "quot", "apos", "ldquo", "rdquo", "lsquo", "rsquo", "middot", "hellip", "mdash",
            "ndash", "bull", "copy", "reg", "times", "yen", "emsp", "ensp",
        ];
        for name in names {
            let text = format!("前&{name};后");
            assert!(common(&text[3..]).is_some(), "{name} is not on the fast path");
            assert_eq!(decode(&text), html_escape::decode_html_entities(&text), "{name}");
        }
    }

    /// `text` with a `;` after each name of [`LEGACY`] written without one and followed by no
    /// ASCII letter or digit: what browsers read it as.
    fn legacy_completed(text: &str) -> String {
        let mut out = String::with_capacity(text.len() + 8);
        let mut rest = text;
        while let Some(at) = rest.find('&') {
            out.push_str(&rest[..=at]);
            rest = &rest[at + 1..];
            let name = rest.bytes().take_while(u8::is_ascii_alphanumeric).count();
            out.push_str(&rest[..name]);
            if LEGACY.contains(&&rest[..name]) && !rest[name..].starts_with(';') {
                out.push(';');
            }
            rest = &rest[name..];
        }
        out.push_str(rest);
        out
    }

    #[test]
    fn legacy_names_decode_without_their_semicolon() {
        assert!(LEGACY.windows(2).all(|w| w[0] < w[1]), "sorted for the binary search");
        assert_eq!(LEGACY.iter().map(|n| n.len()).max(), Some(LEGACY_MAX));
        for name in LEGACY {
            let want = html_escape::decode_html_entities(&format!("前&{name};后")).into_owned();
            assert_ne!(want, format!("前&{name};后"), "{name} is not a name of the table");
            assert_eq!(decode(&format!("前&{name}后")), want, "{name}");
            assert_eq!(decode(&format!("前&{name}")), want.trim_end_matches('后'), "{name} at the end");
        }
        assert_eq!(decode("&nbsp&nbsp正文第一段。"), "\u{a0}\u{a0}正文第一段。");
        assert_eq!(decode("版权所有&copy 2026 示例网&lt首页&gt"), "版权所有© 2026 示例网<首页>");
        // A letter or digit after the name: it may be another name or a URL's parameter.
        for kept in ["&copy2026", "a&ampb", "?id=1&regionid=2", "&notin", "&NBSP 正文", "&nbspx"] {
            assert_eq!(decode(kept), kept);
        }
    }

    #[test]
    fn decodes_as_html_escape_does() {
        // Random texts of plain text and references, well formed or broken, decoded both ways:
        // html_escape reads a legacy name only with its ';'.
        let heads = ["&", "&#", "&#x", "&#X", "", "&&"];
        let bodies = [
            "nbsp",
            "amp",
            "ldquo",
            "copy",
            "eacute",
            "notin",
            "nosuch",
            "12288",
            "160",
            "0",
            "9",
            "31",
            "a",
            "3002",
            "F",
            "0x",
            "1114111",
            "10FFFF",
            "110000",
            "4294967296",
            "",
            "中文",
            "-1",
            "+5",
            "AElig",
            "frac12",
            "copy2026",
            "sup2",
            "NBSP",
            "nbsp中文",
        ];
        let tails = [";", ";", ";", "", " ", "&", "；"];
        let mut rng = crate::testutil::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: usize| rng.below(n as u64) as usize;
        let piece = |next: &mut dyn FnMut(usize) -> usize| {
            format!("{}{}{}", heads[next(heads.len())], bodies[next(bodies.len())], tails[next(tails.len())])
        };
        let mut decoded_some = 0;
        for _ in 0..20_000 {
            let text: String = (0..next(6)).map(|_| piece(&mut next)).collect();
            let want = html_escape::decode_html_entities(&legacy_completed(&text)).into_owned();
            assert_eq!(decode(&text), want, "{text:?}");
            decoded_some += usize::from(want != text);
        }
        assert!(decoded_some > 1_000, "too few texts held a reference: {decoded_some}");
    }

    #[test]
    fn text_without_references_is_borrowed() {
        assert!(matches!(decode("没有实体的文字"), Cow::Borrowed(_)));
        assert_eq!(decode("&nbsp;&nbsp;正文&#12290;&#x3002;&unknown; a&b"), "\u{a0}\u{a0}正文。。&unknown; a&b");
    }
}
