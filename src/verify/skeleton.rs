//! The LCS paper's step 2: filter each text down to its "skeleton" before the diff.
//!
//! A window of S characters slides over each text; a character is kept in A only if some window
//! covering it has a rolling hash that also occurs among B's windows, and vice versa. The other
//! text's hashes go into a bitmap much larger than the number of windows (the paper's suggestion),
//! so a lookup is one word test. A false positive keeps characters that should have gone: they
//! cost diff time, and the diff may pair a few of them with equal characters nearby, which raises
//! the shared count a little (the old two-word filter, at ~0.4% false positives, moved a few
//! borderline pairs from "contains" to "duplicate" on the 10k crawl).

/// Multiplier of the polynomial rolling hash used for windows longer than eight characters.
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
    ///
    /// Windows of up to eight characters are read exactly through a 128-bit shift register of the
    /// characters' low 16 bits (all of the BMP, where Chinese text lives), then mixed: no multiply
    /// sits in the loop-carried chain, which makes this several times faster than a polynomial
    /// hash. Longer windows use a polynomial rolling hash.
    pub fn new(text: &[char], window: usize) -> Windows {
        let mut w = Windows::default();
        w.fill(text, window);
        w
    }

    /// As [`Windows::new`], reusing this value's allocation.
    pub fn fill(&mut self, text: &[char], window: usize) {
        let window = window.max(1);
        self.window = window;
        self.hashes.clear();
        if text.len() < window {
            return;
        }
        let n = text.len() + 1 - window;
        let mut hashes = std::mem::take(&mut self.hashes);
        if window <= 8 {
            let mask: u128 = if window == 8 { u128::MAX } else { (1u128 << (16 * window)) - 1 };
            let mut v: u128 = 0;
            for &c in &text[..window - 1] {
                v = (v << 16) | u128::from(c as u32 & 0xFFFF);
            }
            hashes.extend(text[window - 1..].iter().map(|&c| {
                v = ((v << 16) | u128::from(c as u32 & 0xFFFF)) & mask;
                mix128(v)
            }));
        } else {
            let top = (0..window - 1).fold(1u64, |p, _| p.wrapping_mul(BASE));
            let mut h = 0u64;
            for &c in &text[..window] {
                h = h.wrapping_mul(BASE).wrapping_add(u64::from(c as u32) + 1);
            }
            hashes.push(mix(h));
            hashes.extend(text.windows(window + 1).map(|w| {
                let out = u64::from(w[0] as u32) + 1;
                h = h
                    .wrapping_sub(out.wrapping_mul(top))
                    .wrapping_mul(BASE)
                    .wrapping_add(u64::from(w[window] as u32) + 1);
                mix(h)
            }));
        }
        debug_assert_eq!(hashes.len(), n);
        self.hashes = hashes;
    }

    /// As [`Windows::fill`] for `text`, which is the text these windows were computed on (its
    /// first `old_len` characters) with `cut` taken out: the windows on either side of the cut
    /// are kept, and only those across it are hashed. An alignment's later round sees the
    /// shorter text so, its last trusted region taken out.
    pub fn cut_out(&mut self, text: &[char], old_len: usize, cut: std::ops::Range<usize>) {
        let w = self.window.max(1);
        debug_assert_eq!(text.len() + cut.len(), old_len);
        if text.len() < w {
            self.hashes.clear();
            return;
        }
        let hashes = &mut self.hashes;
        hashes.truncate(old_len + 1 - w);
        let end = cut.end.min(hashes.len());
        if cut.start < end {
            hashes.drain(cut.start..end);
        }
        hashes.truncate(text.len() + 1 - w);
        let across = cut.start.saturating_sub(w - 1)..cut.start.min(hashes.len());
        if !across.is_empty() {
            let mut joined = Windows::default();
            joined.fill(&text[across.start..across.end + w - 1], w);
            hashes[across].copy_from_slice(&joined.hashes);
        }
    }
}

#[inline]
fn mix(h: u64) -> u64 {
    let h = (h ^ (h >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^ (h >> 29)
}

#[inline]
fn mix128(v: u128) -> u64 {
    let (lo, hi) = (v as u64, (v >> 64) as u64);
    mix(lo.wrapping_mul(0xD6E8_FEB8_6659_FD93) ^ hi.rotate_left(23))
}

/// A set of window hashes as a blocked Bloom filter: each hash sets three bits of one 64-bit
/// word (32 bits per hash: about 0.1% false positives, each of which would keep up to a window
/// of characters for nothing). One word per hash makes a lookup a single load; two probes in
/// separate words cost two, and the skeleton tests every window of every candidate.
#[derive(Debug, Default)]
pub struct Bitmap {
    words: Vec<u64>,
    shift: u32,
}

impl Bitmap {
    /// Fills the bitmap with `hashes`.
    pub fn fill(&mut self, hashes: &[u64]) {
        let want_words = ((hashes.len().max(64) * 32) / 64).next_power_of_two();
        self.shift = 64 - want_words.trailing_zeros();
        self.words.clear();
        self.words.resize(want_words, 0);
        for &h in hashes {
            let (w, m) = self.probe(h);
            self.words[w] |= m;
        }
    }

    /// The word of `h` (its top bits) and the three bits it sets there (three 6-bit fields of
    /// its low bits, which the word index does not use).
    #[inline]
    fn probe(&self, h: u64) -> (usize, u64) {
        let m = (1u64 << (h & 63)) | (1u64 << ((h >> 6) & 63)) | (1u64 << ((h >> 12) & 63));
        ((h >> self.shift) as usize, m)
    }

    #[inline]
    fn contains(&self, h: u64) -> bool {
        let (w, m) = self.probe(h);
        self.words[w] & m == m
    }
}

/// Indices of the characters of a text that a shared window covers, in order.
pub fn kept(own: &Windows, len: usize, other: &Bitmap, out: &mut Vec<u32>) {
    out.clear();
    let w = own.window;
    // Character i is kept when one of the windows starting in i+1-w..=i is shared. The shared
    // windows are found 64 at a time into a word without branches; each run of shared windows
    // s..=e then keeps s..e+w at once. Characters below `covered` are already out.
    let hashes = &own.hashes[..own.hashes.len().min(len)];
    let mut covered = 0usize;
    for (c, chunk) in hashes.chunks(64).enumerate() {
        let mut hits = 0u64;
        for (j, &h) in chunk.iter().enumerate() {
            hits |= u64::from(other.contains(h)) << j;
        }
        while hits != 0 {
            let s = hits.trailing_zeros() as usize;
            let run = (!(hits >> s)).trailing_zeros() as usize;
            let (lo, hi) = ((c * 64 + s).max(covered), (c * 64 + s + run - 1 + w).min(len));
            if lo < hi {
                out.extend(lo as u32..hi as u32);
                covered = hi;
            }
            hits = if s + run >= 64 { 0 } else { hits & (u64::MAX << (s + run)) };
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

    /// The skeleton rule one character at a time, as the paper states it.
    fn kept_by_character(own: &Windows, len: usize, other: &Bitmap) -> Vec<u32> {
        (0..len)
            .filter(|&i| {
                (i.saturating_sub(own.window - 1)..=i).any(|s| s < own.hashes.len() && other.contains(own.hashes[s]))
            })
            .map(|i| i as u32)
            .collect()
    }

    #[test]
    fn kept_is_the_character_rule() {
        // Texts from a tiny alphabet share many windows in runs of every length, across the
        // 64-window words; some are cut short (`len` below the text).
        let mut rng = crate::testutil::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut next = |n: u64| rng.below(n);
        let mut out = Vec::new();
        let mut seen_kept = 0;
        for case in 0..500 {
            let alphabet = 2 + next(if case % 2 == 0 { 3 } else { 30 }) as u32;
            let (la, lb, w) = (next(400), next(400), 1 + next(10) as usize);
            let mut text = |n: u64| {
                (0..n)
                    .map(|_| char::from_u32(0x4e00 + next(u64::from(alphabet)) as u32).unwrap_or('字'))
                    .collect::<Vec<char>>()
            };
            let (a, b) = (text(la), text(lb));
            let (wa, wb) = (Windows::new(&a, w), Windows::new(&b, w));
            let mut bm = Bitmap::default();
            bm.fill(&wb.hashes);
            let len = if case % 5 == 0 { a.len() / 2 } else { a.len() };
            kept(&wa, len, &bm, &mut out);
            assert_eq!(out, kept_by_character(&wa, len, &bm), "case {case}");
            seen_kept += usize::from(!out.is_empty() && out.len() < len);
        }
        assert!(seen_kept > 100, "too few partly kept texts: {seen_kept}");
    }

    #[test]
    fn bitmap_holds_every_hash_and_few_others() {
        let mut rng = crate::testutil::Rng::new(0x9E37_79B9_7F4A_7C15);
        let mut next = || rng.next_u64();
        let mut bm = Bitmap::default();
        for n in [0usize, 1, 63, 64, 65, 1_000, 3_000, 20_000] {
            let held: Vec<u64> = (0..n).map(|_| next()).collect();
            bm.fill(&held);
            assert!(held.iter().all(|&h| bm.contains(h)), "a held hash is missing (n = {n})");
            let trials = 200_000;
            let false_hits = (0..trials).filter(|_| bm.contains(next())).count();
            // Three bits in one word at 32 bits per hash: ~0.1-0.2% (0.4% for two probes anywhere).
            assert!(false_hits * 400 < trials, "{false_hits} false positives in {trials} (n = {n})");
        }
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
    fn windows_of_a_text_with_a_stretch_cut_out_are_its_own() {
        // Cuts anywhere (none, at either end, all of it, a window or less from an end), windows
        // short and long, windows computed on a longer text than the one cut: the windows left
        // must be the text's own.
        let mut rng = crate::testutil::Rng::new(0x0123_4567_89AB_CDEF);
        let mut next = |n: u64| rng.below(n);
        let mut kept = 0usize;
        for case in 0..5000 {
            let len = next(120) as usize;
            let longer = len + if case % 4 == 0 { next(20) as usize } else { 0 };
            let old: Vec<char> =
                (0..longer).map(|_| char::from_u32(0x4e00 + next(40) as u32 * 977).unwrap_or('字')).collect();
            let w = [1, 2, 5, 8, 8, 9, 12][case % 7];
            let a = next(len as u64 + 1) as usize;
            let b = a + next((len - a) as u64 + 1) as usize;
            let text: Vec<char> = old[..a].iter().chain(&old[b..len]).copied().collect();
            let mut got = Windows::new(&old, w);
            got.cut_out(&text, len, a..b);
            let want = Windows::new(&text, w);
            assert_eq!(
                (got.window, &got.hashes),
                (want.window, &want.hashes),
                "case {case}: w {w}, len {len}, cut {a}..{b}"
            );
            kept += want.hashes.len().saturating_sub(w - 1);
        }
        assert!(kept > 100_000, "{kept} windows kept");
    }

    #[test]
    fn stretch_bound() {
        assert_eq!(max_stretch(&[1, 2, 3, 10, 11, 30], 6), 5);
        assert_eq!(max_stretch(&[1, 2, 3, 10, 11, 30], 2), 3);
        assert_eq!(max_stretch(&[], 2), 0);
    }
}
