//! Features of a normalized text: what the index stores and looks up.
//!
//! * Period features (CCDet, algorithms.md §1): for each "。", the [`Params::period_len`]
//!   characters before it, back to the previous "。" or paragraph break at most; a set of keys.
//! * Sentence fingerprints (the LCS paper's step 1, §2): up to `fp_rotations x fp_groups` keys, any
//!   one of which shared makes two pages candidates.
//! * An exact hash of the whole normalized text.
//!
//! **Fallback for pages with no fingerprint** (too few or too short sentences to fill any group):
//! the page's fingerprints are instead the keys of its longest sentences (up to
//! [`FALLBACK_SENTENCES`], each longer than `fp_min_sentence`), or, when it has no such sentence,
//! the exact hash. [`Features::fingerprint_fallback`] says so; such candidates need a verified
//! match like any other, so the looser rule costs time, not precision.

pub mod hash;

use serde::Serialize;

use crate::params::Params;

/// How many sentence keys a page with no regular fingerprint gets.
pub const FALLBACK_SENTENCES: usize = 16;

/// Seeds that keep the key kinds apart.
const SEED_FINGERPRINT: u64 = 0x6670_0001;
const SEED_FALLBACK: u64 = 0x6670_0002;

/// All features of one text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Features {
    /// Period-feature keys, sorted and distinct.
    pub period: Vec<u64>,
    /// Number of "。" that yielded a feature (with repeats).
    pub period_count: u32,
    /// Fingerprint keys, sorted and distinct.
    pub fingerprints: Vec<u64>,
    /// True when `fingerprints` holds the fallback keys.
    pub fingerprint_fallback: bool,
    /// Hash of the whole normalized text.
    pub exact: u64,
}

impl Features {
    /// Computes every feature of a normalized text.
    pub fn compute(chars: &[char], p: &Params) -> Features {
        let (period, period_count) = period_features(chars, p.period_len);
        let sentences = sentences(chars);
        let mut fingerprints = fingerprints(chars, &sentences, p);
        let exact = hash::hash64(chars);
        let fingerprint_fallback = fingerprints.is_empty();
        if fingerprint_fallback {
            fingerprints = fallback_keys(chars, &sentences, p, exact);
        }
        Features { period, period_count, fingerprints, fingerprint_fallback, exact }
    }
}

/// Period features: sorted distinct keys and the number of "。" that gave one.
pub fn period_features(chars: &[char], len: usize) -> (Vec<u64>, u32) {
    let mut keys = Vec::new();
    let mut sentence_start = 0;
    for (i, &c) in chars.iter().enumerate() {
        if c == '\n' {
            sentence_start = i + 1;
        } else if c == '。' {
            let start = sentence_start.max(i.saturating_sub(len));
            if start < i {
                keys.push(hash::hash64(&chars[start..i]));
            }
            sentence_start = i + 1;
        }
    }
    let count = keys.len() as u32;
    keys.sort_unstable();
    keys.dedup();
    (keys, count)
}

/// True for the punctuation that ends a sentence for fingerprinting (normalized text: full-width
/// commas and the like are ASCII by now).
#[inline]
pub fn is_sentence_break(c: char) -> bool {
    matches!(c, '。' | '!' | '?' | ';' | ',' | ':' | '、' | '\n' | '…' | '｡' | '；' | '，')
}

/// Sentence ranges: runs between punctuation, surrounding spaces trimmed, empty runs left out.
pub fn sentences(chars: &[char]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::with_capacity(chars.len() / 12);
    let mut start = 0;
    for i in 0..=chars.len() {
        if i == chars.len() || is_sentence_break(chars[i]) {
            let (mut lo, mut hi) = (start, i);
            while lo < hi && chars[lo] == ' ' {
                lo += 1;
            }
            while hi > lo && chars[hi - 1] == ' ' {
                hi -= 1;
            }
            if hi > lo {
                out.push(lo..hi);
            }
            start = i + 1;
        }
    }
    out
}

/// The LCS paper's fingerprints: for each of `fp_rotations` byte rotations of the 128-bit
/// sentence hashes, split the distinct sentences longer than `fp_min_sentence` into `fp_groups`
/// groups by hash; in each group take the smallest hashes until there are `fp_sentences` of them
/// covering `fp_min_cover` characters, and hash them together. A group that cannot fill gives none.
pub fn fingerprints(chars: &[char], sentences: &[std::ops::Range<usize>], p: &Params) -> Vec<u64> {
    let mut sent: Vec<(u128, u32)> = sentences
        .iter()
        .filter(|r| r.len() > p.fp_min_sentence)
        .map(|r| (hash::hash128(&chars[r.clone()]), r.len() as u32))
        .collect();
    // Distinct sentences: a repeated sentence counts once.
    sent.sort_unstable_by_key(|s| s.0);
    sent.dedup_by_key(|s| s.0);
    let groups = p.fp_groups.max(1);
    if sent.len() < p.fp_sentences.max(1) {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(p.fp_rotations * groups);
    // Per rotation, sentences go to their group's bucket as (order key, length): the top 64 bits
    // of the rotated hash order them ("smallest hash"), its low 64 bits pick the group.
    let mut buckets: Vec<Vec<(u64, u32)>> = vec![Vec::with_capacity(sent.len() / groups + 4); groups];
    let mut buf: Vec<u8> = Vec::with_capacity(8 * (p.fp_sentences.max(1) + 4));
    for rot in 0..p.fp_rotations.min(16) {
        buckets.iter_mut().for_each(Vec::clear);
        for &(h, len) in &sent {
            let r = h.rotate_left(8 * rot as u32);
            buckets[((r as u64) % groups as u64) as usize].push(((r >> 64) as u64, len));
        }
        for bucket in &mut buckets {
            // An empty group has no fingerprint, whatever `fp_sentences` (0 included) says.
            if bucket.is_empty() || bucket.len() < p.fp_sentences {
                continue;
            }
            // Only the smallest few matter: select about as many as should fill the group, sort
            // those, and sort the rest only if they did not cover enough text.
            let avg = (bucket.iter().map(|b| b.1 as usize).sum::<usize>() / bucket.len()).max(1);
            let guess = p.fp_sentences.max(p.fp_min_cover.div_ceil(avg) + 1).min(bucket.len());
            if guess < bucket.len() {
                bucket.select_nth_unstable(guess - 1);
            }
            bucket[..guess].sort_unstable();
            buf.clear();
            let (mut count, mut cover) = (0usize, 0usize);
            let mut i = 0;
            while i < bucket.len() && !(count >= p.fp_sentences && cover >= p.fp_min_cover) {
                if i == guess {
                    bucket[guess..].sort_unstable();
                }
                let (key, len) = bucket[i];
                buf.extend_from_slice(&key.to_le_bytes());
                count += 1;
                cover += len as usize;
                i += 1;
            }
            if count >= p.fp_sentences && cover >= p.fp_min_cover {
                out.push(xxhash_rust::xxh3::xxh3_64_with_seed(&buf, SEED_FINGERPRINT ^ rot as u64));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Keys for a page with no fingerprint; see the module documentation.
fn fallback_keys(chars: &[char], sentences: &[std::ops::Range<usize>], p: &Params, exact: u64) -> Vec<u64> {
    let mut long: Vec<&std::ops::Range<usize>> = sentences.iter().filter(|r| r.len() > p.fp_min_sentence).collect();
    if long.is_empty() {
        return if chars.is_empty() { Vec::new() } else { vec![exact] };
    }
    long.sort_by(|a, b| b.len().cmp(&a.len()).then(a.start.cmp(&b.start)));
    let mut keys: Vec<u64> = long
        .iter()
        .take(FALLBACK_SENTENCES)
        .map(|r| hash::hash64_seeded(&chars[(*r).clone()], SEED_FALLBACK))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn period_feature_is_ten_chars_or_the_sentence() {
        let t = chars("短句。这是一个比较长的句子用来测试十个字符。。\n段落开头。");
        let (keys, n) = period_features(&t, 10);
        assert_eq!(n, 3, "the empty feature of 。。 is skipped");
        let expect =
            [hash::hash64(&chars("短句")), hash::hash64(&chars("来测试十个字符")), hash::hash64(&chars("段落开头"))];
        // "用来测试十个字符" is 8 chars; take the 10 before the stop: "子用来测试十个字符" would be 9...
        let long = chars("这是一个比较长的句子用来测试十个字符");
        let ten = hash::hash64(&long[long.len() - 10..]);
        assert!(keys.contains(&expect[0]));
        assert!(keys.contains(&ten));
        assert!(keys.contains(&expect[2]));
        assert_eq!(keys.len(), 3);
    }

    #[test]
    fn fingerprints_survive_template_and_order_changes_but_not_new_text() {
        let p = Params::default();
        let body: Vec<String> = (0..30).map(|i| format!("第{i}个句子讲述城市更新工作的不同侧面和细节内容")).collect();
        let a = chars(&body.join("。"));
        let mut rev = body.clone();
        rev.reverse();
        let b = chars(&rev.join("，"));
        let fa = Features::compute(&a, &p);
        let fb = Features::compute(&b, &p);
        assert!(!fa.fingerprint_fallback);
        assert!(fa.fingerprints.len() > 20 && fa.fingerprints.len() <= 112);
        assert_eq!(fa.fingerprints, fb.fingerprints, "same sentence set, same fingerprints");
        let other: Vec<String> = (0..30).map(|i| format!("另一篇文章的第{i}句话描述完全不同的事情")).collect();
        let fc = Features::compute(&chars(&other.join("。")), &p);
        assert!(fa.fingerprints.iter().all(|k| fc.fingerprints.binary_search(k).is_err()));
    }

    #[test]
    fn short_pages_get_fallback_keys() {
        let p = Params::default();
        let f = Features::compute(&chars("今天天气很好，适合出门散步。"), &p);
        assert!(f.fingerprint_fallback);
        assert_eq!(f.fingerprints.len(), 2);
        let g = Features::compute(&chars("短"), &p);
        assert_eq!(g.fingerprints, vec![g.exact]);
        assert!(Features::compute(&[], &p).fingerprints.is_empty());
    }
}
