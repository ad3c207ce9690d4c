//! HTML character references in text, decoded exactly as `html_escape::decode_html_entities`
//! does, with the references Chinese pages are full of (`&nbsp;` paragraph indents, curly quotes,
//! `&#12288;`) taken without a search of the 2,000-name table.

use std::borrow::Cow;

/// Decodes the character references of `raw` (`&name;`, `&#digits;`, `&#xhex;`; a reference
/// without its `;`, an unknown name, or a code point HTML forbids stays as written).
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
            None => out.push_str(&html_escape::decode_html_entities(piece)),
        }
        at = end;
    }
    Cow::Owned(out)
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

    #[test]
    fn decodes_as_html_escape_does() {
        // Random texts of plain text and references, well formed or broken, decoded both ways.
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
            let want = html_escape::decode_html_entities(&text);
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
