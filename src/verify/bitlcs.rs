//! Longest common subsequence by bit vectors (Allison and Dix 1986; Hyyrö 2004), with the
//! alignment traced back from the stored rows.
//!
//! Myers' diff ([`super::myers`]) costs O((N + M)·D): nothing for a near-copy, but D² when the
//! texts differ much *in order*, as pages that paste one block many times do (an advert after
//! every few paragraphs, a post quoted in every reply): the copies each text holds in excess
//! are all edits, and the skeletons of such pages are mostly those copies. Here every row of
//! the dynamic programme over `b` is one bit vector, a row costs ⌈M/64⌉ word operations whatever
//! the texts, and the answer is always the longest common subsequence: no edit-distance cap.
//! The rows are kept for the trace back, so memory is N·⌈M/64⌉ words; [`BitLcs::cost`] says
//! what a pair would take, and callers keep to [`MAX_WORDS`].

use rustc_hash::FxHashMap;

use super::myers::Run;

/// The most words of stored rows [`BitLcs::lcs`] takes (8 MiB): pairs of skeletons up to about
/// 8,000 characters each.
pub const MAX_WORDS: usize = 1 << 20;

/// Reusable buffers of the bit-vector LCS.
#[derive(Debug, Default)]
pub struct BitLcs {
    /// Per character of `b`, where its match mask starts in `masks`.
    slots: FxHashMap<char, usize>,
    /// The match masks, `words` each: bit j of a character's mask is set when `b[j]` is it.
    masks: Vec<u64>,
    /// Rows 0..=n of the programme, `words` each: bit j of row i is clear when the LCS of
    /// `a[..i]` and `b[..=j]` is one longer than of `a[..i]` and `b[..j]`.
    rows: Vec<u64>,
}

/// The slot of a character of `a` that `b` lacks: no mask.
const NO_MASK: usize = usize::MAX;

impl BitLcs {
    /// Work units and words of stored rows that the LCS of texts of `n` and `m` characters
    /// takes. The work is in units of the time [`super::myers`] takes for one of its own: a word
    /// of a row, forward and then counting clear bits on the way back, took 2.2-3.5 ns on 3,000-
    /// to 8,000-character texts, related or not, against 4.2-6.7 ns per unit of a plain diff on the
    /// same texts: a unit per row and word, and one per character for the masks and the steps
    /// back.
    pub fn cost(n: usize, m: usize) -> (u64, usize) {
        let words = m.div_ceil(64);
        let stored = (n + 1) * words;
        ((n * words) as u64 + (n + m) as u64, stored)
    }

    /// The runs of a longest common subsequence of `a` and `b`, in increasing order, into `out`
    /// (cleared first). Callers keep to [`BitLcs::cost`] and [`MAX_WORDS`]: positions are
    /// stored as `u32`, and memory grows with the product of the lengths.
    pub fn lcs(&mut self, a: &[char], b: &[char], out: &mut Vec<Run>) {
        out.clear();
        let (n, m) = (a.len(), b.len());
        if n == 0 || m == 0 {
            return;
        }
        let words = m.div_ceil(64);
        // Match masks of the characters of b that a has too (no more masks than rows).
        self.slots.clear();
        self.masks.clear();
        for &c in a {
            self.slots.entry(c).or_insert(NO_MASK);
        }
        for (j, c) in b.iter().enumerate() {
            if let Some(at) = self.slots.get_mut(c) {
                if *at == NO_MASK {
                    *at = self.masks.len();
                    self.masks.resize(*at + words, 0);
                }
                self.masks[*at + j / 64] |= 1 << (j % 64);
            }
        }
        // Row 0: the LCS with an empty prefix of a is 0 everywhere (no bit clear). Bits past m in
        // the last word stay set: nothing carries into them from below that clears them.
        self.rows.clear();
        self.rows.resize((n + 1) * words, u64::MAX);
        for (i, c) in a.iter().enumerate() {
            let (done, rest) = self.rows.split_at_mut((i + 1) * words);
            let (prev, row) = (&done[i * words..], &mut rest[..words]);
            let at = self.slots.get(c).copied().unwrap_or(NO_MASK);
            if at == NO_MASK {
                row.copy_from_slice(prev);
                continue;
            }
            let mask = &self.masks[at..at + words];
            // row = (v + u) | (v - u) with u = v & mask, the sum carried across words; v - u is
            // v & !mask (u's bits are v's: nothing to borrow).
            let mut carry = false;
            for ((r, &v), &mk) in row.iter_mut().zip(prev).zip(mask) {
                let (s1, c1) = v.overflowing_add(v & mk);
                let (s2, c2) = s1.overflowing_add(carry as u64);
                carry = c1 | c2;
                *r = s2 | (v & !mk);
            }
        }
        // Back from (n, m). `here` is the LCS of a[..i], b[..j]; `up` of a[..i-1], b[..j].
        let row = |i: usize| &self.rows[i * words..(i + 1) * words];
        // The LCS of a[..i] and b[..j]: the clear bits of row i below j.
        let prefix = |i: usize, j: usize| -> usize {
            let full: usize = row(i)[..j / 64].iter().map(|w| w.count_zeros() as usize).sum();
            let part = if j.is_multiple_of(64) {
                0
            } else {
                (!row(i)[j / 64] & ((1u64 << (j % 64)) - 1)).count_ones() as usize
            };
            full + part
        };
        let clear = |i: usize, j: usize| row(i)[j / 64] >> (j % 64) & 1 == 0;
        let (mut i, mut j) = (n, m);
        let mut here = prefix(n, m);
        let mut up = prefix(n - 1, m);
        while i > 0 && j > 0 && here > 0 {
            if a[i - 1] == b[j - 1] {
                // A match always lies on a longest path: L(i, j) = L(i-1, j-1) + 1.
                match out.last_mut() {
                    Some(r) if r.a as usize == i && r.b as usize == j => {
                        r.a -= 1;
                        r.b -= 1;
                        r.len += 1;
                    }
                    _ => out.push(Run { a: (i - 1) as u32, b: (j - 1) as u32, len: 1 }),
                }
                j -= 1;
                here -= 1;
            } else if up != here {
                // Left: L(i, j-1) and L(i-1, j-1) from the bits at j-1.
                here -= clear(i, j - 1) as usize;
                up -= clear(i - 1, j - 1) as usize;
                j -= 1;
                continue;
            }
            // Up (after a match, diagonally): the row above is counted afresh.
            i -= 1;
            if i > 0 {
                up = prefix(i - 1, j);
            }
        }
        out.reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{common_runs, dp_lcs};

    /// Runs in order, none empty, each a common run, adding up to the LCS the plain programme
    /// finds.
    fn check(lcs: &mut BitLcs, a: &[char], b: &[char]) {
        let mut out = Vec::new();
        lcs.lcs(a, b, &mut out);
        assert!(out.iter().all(|r| r.len > 0), "{out:?}");
        assert_eq!(common_runs(a, b, &out), dp_lcs(a, b), "a={a:?} b={b:?}");
    }

    #[test]
    fn small_cases() {
        let c = |s: &str| s.chars().collect::<Vec<_>>();
        let mut lcs = BitLcs::default();
        check(&mut lcs, &c(""), &c("abc"));
        check(&mut lcs, &c("abc"), &c(""));
        check(&mut lcs, &c("abc"), &c("abc"));
        check(&mut lcs, &c("abcabba"), &c("cbabac"));
        check(&mut lcs, &c("新闻正文内容"), &c("新的正文和内容"));
        check(&mut lcs, &c("ab"), &c("ba"));
        check(&mut lcs, &c("xyz"), &c("abc"));
    }

    #[test]
    fn random_texts_across_word_boundaries_match_the_plain_programme() {
        // Lengths around multiples of 64 (carries between words), small alphabets
        // (many equal characters: the trace back's choices), one buffer reused throughout.
        let mut rng = crate::testutil::Rng::new(0xB17_5EED);
        let mut lcs = BitLcs::default();
        for round in 0..300 {
            let alphabet = 2 + rng.below(if round % 3 == 0 { 3 } else { 40 }) as u32;
            let n = rng.below(200) as usize;
            let m = [63, 64, 65, 127, 128, 129, 200][round % 7] - rng.below(3) as usize;
            let gen = |rng: &mut crate::testutil::Rng, len: usize| -> Vec<char> {
                (0..len).map(|_| char::from_u32(0x4e00 + rng.below(alphabet as u64) as u32).unwrap_or('字')).collect()
            };
            let a = gen(&mut rng, n);
            // b: a edited, or unrelated.
            let b = if round % 2 == 0 {
                let mut b = a.clone();
                for _ in 0..rng.below(30) {
                    let at = rng.below(b.len() as u64 + 1) as usize;
                    match rng.below(3) {
                        0 => b.insert(at, '某'),
                        _ if at < b.len() => {
                            b.remove(at);
                        }
                        _ => b.push('尾'),
                    }
                }
                b.truncate(m.max(1));
                b
            } else {
                gen(&mut rng, m)
            };
            check(&mut lcs, &a, &b);
            check(&mut lcs, &b, &a);
        }
    }

    #[test]
    fn a_block_pasted_more_often_in_one_text_is_matched_as_often_as_the_other_has_it() {
        // Myers' diff pays D² here; the bit vectors pay the same as for any pair this size.
        let block: Vec<char> = "欢迎访问本站更多精彩内容请关注我们的公众号".chars().collect();
        let own: Vec<Vec<char>> = (0..12).map(|k| format!("第{k}段正文的内容各不相同").chars().collect()).collect();
        let page = |copies: &[usize]| -> Vec<char> {
            let mut t = Vec::new();
            for (k, o) in own.iter().enumerate() {
                t.extend(o);
                if copies.contains(&k) {
                    t.extend(&block);
                }
            }
            t
        };
        let (a, b) = (page(&[1, 4, 7]), page(&[0, 1, 2, 4, 5, 7, 8, 10, 11]));
        let mut out = Vec::new();
        BitLcs::default().lcs(&a, &b, &mut out);
        let total = common_runs(&a, &b, &out);
        assert_eq!(total, a.len(), "all of the page with fewer copies is in the other");
        assert_eq!(total, dp_lcs(&a, &b));
    }

    #[test]
    fn cost_counts_rows_and_words() {
        assert_eq!(BitLcs::cost(100, 64), (100 + 164, 101));
        assert_eq!(BitLcs::cost(100, 65), (200 + 165, 202));
        assert!(BitLcs::cost(8_000, 8_000).1 <= MAX_WORDS);
    }
}
