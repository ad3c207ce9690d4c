//! The LCS paper's step 2: filter each text down to its "skeleton" before the diff.
//!
//! A window of S characters slides over each text; a character is kept in A only if some window
//! covering it has a rolling hash that also occurs among B's windows, and vice versa. The other
//! text's hashes go into a bitmap much larger than the number of windows (the paper's suggestion),
//! so a lookup is one bit test. A false positive keeps a character that could have gone, which
//! costs a little diff time and never changes a match.

/// Multiplier of the polynomial rolling hash (odd, so powers never vanish mod 2^64).
const BASE: u64 = 0x100_0000_01b3;

/// Rolling hashes of every window of one text.
#[derive(Debug, Clone, Default)]
pub struct Windows {
    /// `hashes[i]` is the hash of `text[i..i + window]`.
    pub hashes: Vec<u64>,
    /// Window length used.
    pub window: usize,
}

impl Windows {
    /// Computes the window hashes of `text`; none when the text is shorter than a window.
    pub fn new(text: &[char], window: usize) -> Windows {
        let window = window.max(1);
        let mut hashes = Vec::with_capacity(text.len().saturating_sub(window - 1));
        if text.len() >= window {
            let top = (0..window - 1).fold(1u64, |p, _| p.wrapping_mul(BASE));
            let mut h = 0u64;
            for &c in &text[..window] {
                h = h.wrapping_mul(BASE).wrapping_add(u64::from(c as u32) + 1);
            }
            hashes.push(mix(h));
            for i in window..text.len() {
                let out = u64::from(text[i - window] as u32) + 1;
                h = h
                    .wrapping_sub(out.wrapping_mul(top))
                    .wrapping_mul(BASE)
                    .wrapping_add(u64::from(text[i] as u32) + 1);
                hashes.push(mix(h));
            }
        }
        Windows { hashes, window }
    }
}

#[inline]
fn mix(h: u64) -> u64 {
    let h = (h ^ (h >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^ (h >> 29)
}

/// A set of window hashes as a bitmap.
#[derive(Debug, Default)]
pub struct Bitmap {
    bits: Vec<u64>,
    shift: u32,
}

impl Bitmap {
    /// Fills the bitmap with `hashes`, sized at about 64 bits per hash.
    pub fn fill(&mut self, hashes: &[u64]) {
        let want = (hashes.len().max(64) * 64).next_power_of_two();
        let log = want.trailing_zeros();
        self.shift = 64 - log;
        self.bits.clear();
        self.bits.resize(want / 64, 0);
        for &h in hashes {
            let i = (h >> self.shift) as usize;
            self.bits[i >> 6] |= 1 << (i & 63);
        }
    }

    #[inline]
    fn contains(&self, h: u64) -> bool {
        let i = (h >> self.shift) as usize;
        self.bits[i >> 6] & (1 << (i & 63)) != 0
    }
}

/// Indices of the characters of a text that a shared window covers, in order.
pub fn kept(own: &Windows, len: usize, other: &Bitmap, out: &mut Vec<u32>) {
    out.clear();
    let w = own.window;
    // Characters up to `covered_to` (exclusive) are covered by the last shared window seen.
    let mut covered_to = 0usize;
    for (i, &h) in own.hashes.iter().enumerate() {
        if other.contains(h) {
            let from = covered_to.max(i);
            let to = (i + w).min(len);
            out.extend((from..to).map(|x| x as u32));
            covered_to = to;
        }
    }
}

/// The largest number of kept characters in any stretch whose gaps are at most `max_gap` long: a
/// bound on the matched characters of any one region with few edits.
pub fn max_stretch(kept: &[u32], max_gap: u32) -> usize {
    let (mut best, mut cur) = (0usize, 0usize);
    let mut prev: Option<u32> = None;
    for &i in kept {
        match prev {
            Some(p) if i - p - 1 <= max_gap => cur += 1,
            _ => cur = 1,
        }
        best = best.max(cur);
        prev = Some(i);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn shared_windows_keep_their_characters() {
        let a = c("甲乙丙丁戊己庚辛壬癸子丑寅卯");
        let b = c("前缀文字甲乙丙丁戊己庚辛后缀");
        let (wa, wb) = (Windows::new(&a, 4), Windows::new(&b, 4));
        let mut bm = Bitmap::default();
        bm.fill(&wb.hashes);
        let mut out = Vec::new();
        kept(&wa, a.len(), &bm, &mut out);
        assert_eq!(out, (0..8).collect::<Vec<u32>>());
        bm.fill(&wa.hashes);
        kept(&wb, b.len(), &bm, &mut out);
        assert_eq!(out, (4..12).collect::<Vec<u32>>());
    }

    #[test]
    fn rolling_equals_direct() {
        let t = c("abcdefgh新闻正文ijk");
        let w = Windows::new(&t, 5);
        for i in 0..w.hashes.len() {
            assert_eq!(w.hashes[i], Windows::new(&t[i..i + 5], 5).hashes[0]);
        }
        assert!(Windows::new(&t[..3], 5).hashes.is_empty());
    }

    #[test]
    fn stretch_bound() {
        assert_eq!(max_stretch(&[1, 2, 3, 10, 11, 30], 6), 5);
        assert_eq!(max_stretch(&[1, 2, 3, 10, 11, 30], 2), 3);
        assert_eq!(max_stretch(&[], 2), 0);
    }
}
