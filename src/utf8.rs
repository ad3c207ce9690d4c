//! UTF-8 read by hand on the hot paths: a Chinese page is mostly three-byte sequences, and
//! decoding them here skips `str::chars`' general case.

/// The code point of a three-byte UTF-8 sequence (lead byte `b0`, continuation bytes `b1`, `b2`).
#[inline]
pub(crate) fn three_byte(b0: u8, b1: u8, b2: u8) -> u32 {
    (u32::from(b0) & 0x0F) << 12 | (u32::from(b1) & 0x3F) << 6 | (u32::from(b2) & 0x3F)
}

/// Whether `b` leads a three-byte sequence of U+4000..U+9FFF, the CJK ideographs most of a
/// Chinese text is made of: no space, punctuation or letter lies there.
#[inline]
pub(crate) fn leads_ideograph(b: u8) -> bool {
    (0xE4..=0xE9).contains(&b)
}

/// The character of the three-byte sequence at `at` in `s`, if one starts there.
#[inline]
pub(crate) fn three_byte_at(s: &[u8], at: usize) -> Option<char> {
    let &[b0, b1, b2] = s.get(at..at.checked_add(3)?)? else { return None };
    char::from_u32(three_byte(b0, b1, b2))
}

/// The offset of the first byte at or after `i` that is not ASCII (or `b.len()`): markup is
/// skipped eight bytes at a time.
#[inline]
pub(crate) fn skip_ascii(b: &[u8], mut i: usize) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    while let Some(w) = b.get(i..i + 8) {
        let high = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]) & HIGH;
        if high != 0 {
            return i + high.trailing_zeros() as usize / 8;
        }
        i += 8;
    }
    while b.get(i).is_some_and(|&x| x < 0x80) {
        i += 1;
    }
    i
}

/// The length of the UTF-8 sequence lead byte `lead` starts (1 for a stray continuation byte).
#[inline]
pub(crate) fn seq_len(lead: u8) -> usize {
    match lead {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0.. => 4,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_byte_sequences_decode_as_the_standard_library_does() {
        for c in (0x800..=0xFFFF).filter_map(char::from_u32) {
            let mut buf = [0u8; 4];
            let b = c.encode_utf8(&mut buf).as_bytes();
            assert_eq!(three_byte_at(b, 0), Some(c));
            assert_eq!(leads_ideograph(b[0]), ('\u{4000}'..='\u{9FFF}').contains(&c), "{c:?}");
        }
        assert_eq!(three_byte_at("字".as_bytes(), 1), None, "cut short");
    }

    #[test]
    fn ascii_is_skipped_to_the_first_other_byte() {
        let s = "0123456789abcdef字x".as_bytes();
        for from in 0..=16 {
            assert_eq!(skip_ascii(s, from), 16);
        }
        assert_eq!(skip_ascii(b"abc", 0), 3);
        assert_eq!(skip_ascii(b"", 0), 0);
        assert_eq!(seq_len("字".as_bytes()[0]), 3);
    }
}
