//! Features of a normalized text: what the index stores and looks up.
//!
//! * Period features (CCDet, algorithms.md §1): for each full stop, the [`Params::period_len`]
//!   characters before it, back to the previous full stop or paragraph break at most; a set of
//!   keys. A full stop is "。" and, by the index's stored rules ([`Stops`]), a '.' right after a
//!   Chinese character, or a '.' that ends a sentence of Latin-script text.
//! * Sentence fingerprints (the LCS paper's step 1, §2): up to `fp_rotations x fp_groups` keys,
//!   rotations stopping once a page has `fp_budget`; any one of them shared makes two pages
//!   candidates.
//! * An exact hash of the whole normalized text.
//!
//! **Fallback for pages with few fingerprints** (too few or too short sentences to fill more
//! than a group or two): the keys of the page's longest sentences (up to [`FALLBACK_SENTENCES`],
//! each longer than `fp_min_sentence`) join its fingerprints, or, when it has no fingerprint
//! and no such sentence, the exact hash is its one fingerprint. Below
//! [`Params::fp_fallback_below`] fingerprints, so that a page that barely fills a group shares
//! keys with its copy that fills none. [`Features::fingerprint_fallback`] says so; such
//! candidates need a verified match like any other, so the looser rule costs time, not
//! precision.

pub mod hash;
pub mod title;

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
    /// Number of full stops that yielded a feature (with repeats).
    pub period_count: u32,
    /// Fingerprint keys, sorted and distinct.
    pub fingerprints: Vec<u64>,
    /// True when `fingerprints` holds the fallback keys (alone, or beside fewer fingerprints
    /// than [`Params::fp_fallback_below`]).
    pub fingerprint_fallback: bool,
    /// The fallback sentence keys among `fingerprints`, sorted and distinct: a query ranks a
    /// candidate holding them otherwise than one holding fingerprints. Empty when there are none
    /// (the exact hash standing for a page with no sentence is no sentence key).
    pub sentence_keys: Vec<u64>,
    /// Hash of the whole normalized text.
    pub exact: u64,
}

impl Features {
    /// Computes every feature of a normalized text.
    pub fn compute(chars: &[char], p: &Params) -> Features {
        let (period, period_count) = period_features(chars, p);
        let sentences = sentences(chars, Stops::of(p));
        let mut fingerprints = fingerprints(chars, &sentences, p);
        let exact = hash::hash64(chars);
        let fingerprint_fallback = fingerprints.len() < p.fp_fallback_below.max(1);
        let mut sentence_keys = Vec::new();
        if fingerprint_fallback {
            sentence_keys = fallback_keys(chars, &sentences, p);
            let some = !fingerprints.is_empty();
            fingerprints.extend_from_slice(&sentence_keys);
            if some {
                fingerprints.sort_unstable();
                fingerprints.dedup();
            } else if fingerprints.is_empty() && !chars.is_empty() {
                fingerprints.push(exact);
            }
        }
        let width = KeyWidth::of(p);
        let (fingerprints, sentence_keys) = (width.cut_sorted(fingerprints), width.cut_sorted(sentence_keys));
        Features { period, period_count, fingerprints, fingerprint_fallback, sentence_keys, exact }
    }
}

/// Which '.' are full stops, by the index's stored rules: the same text must give the keys
/// the index was built with, so each rule added later is a parameter an older index reads as off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stops {
    /// [`Params::halfwidth_stops`]: a '.' right after a Chinese character.
    pub halfwidth: bool,
    /// [`Params::latin_stops`]: a '.' that ends a sentence of Latin-script (or other alphabetic)
    /// text.
    pub latin: bool,
}

impl Stops {
    /// The rules of an index with these parameters.
    pub fn of(p: &Params) -> Stops {
        Stops { halfwidth: p.halfwidth_stops, latin: p.latin_stops }
    }

    /// True when `chars[i]` is a full stop: "。"; with `halfwidth`, a '.' right after a CJK
    /// ideograph ([`crate::normalize::dot_ends_sentence_after`]); with `latin`, a '.' that ends a
    /// Latin sentence ([`crate::normalize::latin_dot_after`]). An abbreviation ("Mr. Li") is cut
    /// like a sentence end: harmless, as a copy is cut the same way.
    #[inline]
    pub fn at(self, chars: &[char], i: usize) -> bool {
        match chars.get(i) {
            Some('。') => true,
            Some('.') if i > 0 => {
                let prev = chars[i - 1];
                if crate::normalize::dot_ends_sentence_after(prev) {
                    self.halfwidth
                } else {
                    self.latin
                        && crate::normalize::latin_dot_after(prev)
                        && crate::normalize::latin_dot_before(chars.get(i + 1).copied())
                }
            }
            _ => false,
        }
    }
}

/// How many high bits of its 64-bit hash a period feature or fingerprint keeps, by the index's
/// stored [`Params::key_bits`]: an index is queried with keys made as its own were.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyWidth(u32);

impl KeyWidth {
    /// The whole hash (indexes created before [`Params::key_bits`]).
    pub const FULL: KeyWidth = KeyWidth(64);

    /// The width of an index with these parameters.
    pub fn of(p: &Params) -> KeyWidth {
        KeyWidth(p.key_bits.clamp(1, 64))
    }

    /// The key of a hash: its top bits, as a number below `2^width`.
    #[inline]
    pub fn cut(self, hash: u64) -> u64 {
        hash >> (64 - self.0)
    }

    /// Sorted distinct keys of sorted distinct hashes (cutting keeps the order; two hashes may
    /// become one key).
    pub fn cut_sorted(self, mut hashes: Vec<u64>) -> Vec<u64> {
        if self != Self::FULL {
            hashes.iter_mut().for_each(|h| *h = self.cut(*h));
            hashes.dedup();
        }
        hashes
    }
}

/// Period features by the rules of `p` (length, full stops, key width): sorted distinct keys and
/// the number of full stops that gave one.
pub fn period_features(chars: &[char], p: &Params) -> (Vec<u64>, u32) {
    let mut keys = Vec::new();
    each_period_feature(chars, p, |key, _| keys.push(key));
    let count = keys.len() as u32;
    keys.sort_unstable();
    keys.dedup();
    (keys, count)
}

/// Calls `f` with each period feature by the rules of `p`, in text order, and the sentence it
/// ends (up to and including its full stop).
pub fn each_period_feature(chars: &[char], p: &Params, mut f: impl FnMut(u64, std::ops::Range<usize>)) {
    let (len, stops, width) = (p.period_len, Stops::of(p), KeyWidth::of(p));
    let mut sentence_start = 0;
    for (i, &c) in chars.iter().enumerate() {
        if c == '\n' {
            sentence_start = i + 1;
        } else if c == '。' || (c == '.' && stops.at(chars, i)) {
            let start = sentence_start.max(i.saturating_sub(len));
            if start < i {
                f(width.cut(hash::hash64(&chars[start..i])), sentence_start..i + 1);
            }
            sentence_start = i + 1;
        }
    }
}

// The punctuation that ends a sentence for fingerprinting: see the lexicon.
pub use crate::lexicon::is_sentence_break;

/// Sentence ranges: runs between punctuation ([`is_sentence_break`], and every '.' that
/// `stops` makes a full stop), surrounding spaces trimmed, empty runs left out.
pub fn sentences(chars: &[char], stops: Stops) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::with_capacity(chars.len() / 12);
    let mut start = 0;
    for i in 0..=chars.len() {
        if i == chars.len() || is_sentence_break(chars[i]) || (chars[i] == '.' && stops.at(chars, i)) {
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
/// No rotation starts once there are `fp_budget` fingerprints (when it is not 0).
pub fn fingerprints(chars: &[char], sentences: &[std::ops::Range<usize>], p: &Params) -> Vec<u64> {
    let sent = sentence_hashes(chars, sentences, p);
    let groups = p.fp_groups.max(1);
    if sent.len() < p.fp_sentences.max(1) {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(p.fp_rotations * groups);
    let group_of = FastMod::new(groups as u64);
    // Per rotation, each sentence goes to a group as (order key, length): the top 64 bits of the
    // rotated hash order them ("smallest hash"), its low 64 bits pick the group. Only a group's
    // few smallest keys matter, and keys are uniform: those below `cut` (about EXPECTED_BELOW_CUT
    // per group) are gathered without branches and sorted, which nearly always fills the group.
    // Every key left out is larger than every key gathered, so the sorted gathered keys are the
    // start of the group's sorted keys; when they do not fill it, the whole group is sorted.
    let per_group = (sent.len() / groups).max(1) as u128;
    let cut = ((u128::from(u64::MAX) * EXPECTED_BELOW_CUT as u128) / per_group).min(u128::from(u64::MAX)) as u64;
    // (key << 32 | length): one u128 compares as the (key, length) pair does, and sorts faster.
    let mut below = vec![0u128; groups * GATHER_CAP];
    let (mut n_below, mut n_all) = (vec![0usize; groups], vec![0usize; groups]);
    let mut buf: Vec<u8> = Vec::with_capacity(8 * (p.fp_sentences.max(1) + GATHER_CAP));
    for rot in 0..p.fp_rotations.min(16) {
        if p.fp_budget > 0 && out.len() >= p.fp_budget {
            break;
        }
        let rotated = |h: u128| h.rotate_left(8 * rot as u32);
        n_below.fill(0);
        n_all.fill(0);
        for &(h, len) in &sent {
            let r = rotated(h);
            let g = group_of.rem(r as u64) as usize;
            let key = (r >> 64) as u64;
            // Written always, kept only when below the cut (the slot is reused otherwise); a
            // group that overflows is sorted whole below.
            below[g * GATHER_CAP + n_below[g].min(GATHER_CAP - 1)] = u128::from(key) << 32 | u128::from(len);
            n_below[g] += usize::from(key < cut);
            n_all[g] += 1;
        }
        for g in 0..groups {
            // An empty group has no fingerprint, whatever `fp_sentences` (0 included) says.
            let n = n_all[g];
            if n == 0 || n < p.fp_sentences {
                continue;
            }
            buf.clear();
            let gathered = n_below[g];
            let filled = if gathered < GATHER_CAP {
                let some = &mut below[g * GATHER_CAP..g * GATHER_CAP + gathered];
                some.sort_unstable();
                fill_group(some.iter().map(|&v| ((v >> 32) as u64, v as u32)), p, &mut buf)
            } else {
                false
            };
            let filled = filled
                || ((gathered >= GATHER_CAP || gathered < n) && {
                    let mut all: Vec<(u64, u32)> = sent
                        .iter()
                        .map(|&(h, len)| (rotated(h), len))
                        .filter(|&(r, _)| group_of.rem(r as u64) as usize == g)
                        .map(|(r, len)| ((r >> 64) as u64, len))
                        .collect();
                    all.sort_unstable();
                    buf.clear();
                    fill_group(all.iter().copied(), p, &mut buf)
                });
            if filled {
                out.push(xxhash_rust::xxh3::xxh3_64_with_seed(&buf, SEED_FINGERPRINT ^ rot as u64));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The 128-bit hash and length of each distinct sentence longer than `fp_min_sentence`, by hash
/// (a repeated sentence counts once).
fn sentence_hashes(chars: &[char], sentences: &[std::ops::Range<usize>], p: &Params) -> Vec<(u128, u32)> {
    let mut sent: Vec<(u128, u32)> = sentences
        .iter()
        .filter(|r| r.len() > p.fp_min_sentence)
        .map(|r| (hash::hash128(&chars[r.clone()]), r.len() as u32))
        .collect();
    sent.sort_unstable_by_key(|s| s.0);
    sent.dedup_by_key(|s| s.0);
    sent
}

/// How many keys of a fingerprint group are expected below the gathering cut: enough for
/// `fp_sentences` = 4 covering `fp_min_cover` = 50 characters nearly always.
const EXPECTED_BELOW_CUT: u64 = 10;

/// Room for the keys of one group below the cut; a group with more is sorted whole (for ten
/// expected, rarer than one group in a million). Tests use a small room, so that they take
/// that path often.
const GATHER_CAP: usize = if cfg!(test) { 12 } else { 40 };

/// Writes the order keys of a group's smallest sentences (`sorted`, ascending) into `buf` until
/// there are `fp_sentences` of them covering `fp_min_cover` characters; false if `sorted` runs
/// out first.
fn fill_group(sorted: impl Iterator<Item = (u64, u32)>, p: &Params, buf: &mut Vec<u8>) -> bool {
    let (mut count, mut cover) = (0usize, 0usize);
    for (key, len) in sorted {
        if count >= p.fp_sentences && cover >= p.fp_min_cover {
            break;
        }
        buf.extend_from_slice(&key.to_le_bytes());
        count += 1;
        cover += len as usize;
    }
    count >= p.fp_sentences && cover >= p.fp_min_cover
}

/// `a % d` for a fixed `d` by multiplication (Lemire, Kaser and Kurz, "Faster remainder by direct
/// computation", 2019): three multiplications instead of a 64-bit division for every sentence
/// and rotation.
#[derive(Clone, Copy)]
struct FastMod {
    /// ceil(2^128 / d), wrapped to 0 for d = 1 (every remainder is then 0, as it should be).
    m: u128,
    d: u64,
}

impl FastMod {
    /// For `d` ≥ 1 (a divisor of 0 is taken as 1).
    fn new(d: u64) -> FastMod {
        let d = d.max(1);
        FastMod { m: (u128::MAX / u128::from(d)).wrapping_add(1), d }
    }

    #[inline]
    fn rem(self, a: u64) -> u64 {
        // The sums below stay within 128 bits for divisors below 2^32 (groups are a handful).
        if self.d >= 1 << 32 {
            return a % self.d;
        }
        let frac = self.m.wrapping_mul(u128::from(a));
        // The top 64 bits of the 192-bit product frac * d.
        let lo = u128::from(frac as u64) * u128::from(self.d);
        let hi = (frac >> 64) * u128::from(self.d);
        ((hi + (lo >> 64)) >> 64) as u64
    }
}

/// The sentence keys of a page with few fingerprints, sorted and distinct; see the module
/// documentation.
fn fallback_keys(chars: &[char], sentences: &[std::ops::Range<usize>], p: &Params) -> Vec<u64> {
    let mut long: Vec<&std::ops::Range<usize>> = sentences.iter().filter(|r| r.len() > p.fp_min_sentence).collect();
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
        let (keys, n) = period_features(&t, &full_keys());
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

    const ALL: Stops = Stops { halfwidth: true, latin: true };

    /// The default rules (every full stop, ten characters) with whole hashes as keys.
    fn full_keys() -> Params {
        Params { key_bits: 64, ..Params::default() }
    }
    const HALFWIDTH: Stops = Stops { halfwidth: true, latin: false };
    const NONE: Stops = Stops { halfwidth: false, latin: false };

    fn stops_in(text: &str, stops: Stops) -> Vec<usize> {
        let t = chars(text);
        (0..t.len()).filter(|&i| stops.at(&t, i)).collect()
    }

    #[test]
    fn a_dot_after_a_chinese_character_is_a_full_stop() {
        let text = "他来了.3.5公里.www.example.cn.“好”.";
        assert_eq!(stops_in(text, HALFWIDTH), vec![3, 9], "after 了 and 里; not in 3.5, the domain, after a quote");
        assert_eq!(stops_in(text, ALL), vec![3, 9, 24], "and the domain's last dot, before a quote");
        assert_eq!(stops_in(text, NONE), Vec::<usize>::new());
        assert!(!ALL.at(&chars(".开头"), 0) && NONE.at(&chars("。"), 0));
    }

    #[test]
    fn a_dot_that_ends_a_latin_sentence_is_a_full_stop() {
        let text = "the plan passed. officials paid 3.5 dollars at example.com on may 2. mr. li left...\nend.";
        let at: Vec<usize> = stops_in(text, Stops { halfwidth: false, latin: true });
        let want: Vec<usize> =
            ["passed.", "2.", "mr.", "end."].iter().map(|w| text.find(w).expect("in the text") + w.len() - 1).collect();
        assert_eq!(at, want, "not in 3.5, example.com or the ellipsis");
        assert_eq!(stops_in("Ltd.公司", ALL), vec![3], "before a Chinese character (a space dropped)");
        assert_eq!(stops_in("passed. The", HALFWIDTH), Vec::<usize>::new(), "an index built before the rule");
    }

    #[test]
    fn an_english_page_gets_period_features_and_fingerprints() {
        let sentences = [
            "The city council voted on Tuesday to approve a new budget for next year",
            "It expands public transport and adds money for schools and libraries",
            "Parking fees downtown will rise by a tenth from the first of March",
            "Officials said the plan would take effect after a final review",
            "Residents who spoke at the meeting were divided on the parking fees",
            "A group of shop owners asked the council to delay the increase",
            "The mayor said the money was needed to keep buses running at night",
            "Two members voted against the plan and one did not attend the meeting",
        ];
        let text: String = sentences.iter().map(|s| format!("{s}. ")).collect::<Vec<_>>().join("");
        let text = crate::normalize::normalize(&format!("{}\n{}", text, text.replace("council", "board")));
        let f = Features::compute(&text.chars, &Params::default());
        assert_eq!(f.period_count, 16);
        assert!(!f.fingerprint_fallback, "18 distinct sentences fill some groups of four");
        // Before the rule: two "sentences" (the paragraphs), no period feature.
        let old = Features::compute(&text.chars, &Params { latin_stops: false, ..Params::default() });
        assert_eq!(old.period_count, 0, "an index built before the rule keeps its keys");
        assert!(old.fingerprint_fallback);
    }

    #[test]
    fn half_width_stops_give_the_features_of_full_stops() {
        let p = Params::default();
        let text = "今年春天，南湖公园的樱花比往年早开了将近一周。园林部门的工作人员说，这和二月下旬持续的晴暖天气有关。\
                    周末两天，公园共接待游客三万多人次，比去年同期增加了两成。为了避免拥挤，公园在东门和北门增设了临时售票点，\
                    并安排志愿者在主要路口引导游客分流。不少市民带着孩子在草坪上野餐，也有摄影爱好者一早就赶来，等待最好的光线。\
                    管理处提醒游客，不要攀折花枝，垃圾请带离园区。门票价格为每人十元，六十五岁以上老人凭证免票。";
        let full = Features::compute(&crate::normalize::normalize(text).chars, &p);
        assert_eq!(full.period_count, 7);
        // Typed with '.', or with "．", which normalization makes '.'.
        for stop in ['.', '．'] {
            let typed = crate::normalize::normalize(&text.replace('。', &stop.to_string()));
            let f = Features::compute(&typed.chars, &p);
            assert_eq!((&f.period, f.period_count), (&full.period, full.period_count), "{stop}");
            assert_eq!(f.fingerprints, full.fingerprints, "{stop}");
            assert_ne!(f.exact, full.exact);
            // An index built before the rule keeps its keys: no period feature here.
            let old = Features::compute(&typed.chars, &Params { halfwidth_stops: false, ..Params::default() });
            assert_eq!(old.period_count, 0, "{stop}");
        }
        // A decimal point is no full stop: "3.5" adds no feature and cuts no sentence.
        let decimal = "今年的游客人数增长了3.5成，创下历史新高。";
        assert_eq!(period_features(&chars(decimal), &full_keys()).1, 1);
        assert_eq!(sentences(&chars(decimal), ALL).len(), 2);
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
    fn a_long_page_stops_at_the_budget_a_short_one_takes_every_rotation() {
        let every = Params { fp_budget: 0, ..Params::default() };
        let budget = Params { fp_budget: 28, ..Params::default() };
        let body: Vec<String> = (0..60).map(|i| format!("第{i}段文字说明本市交通改造工程的进度和安排")).collect();
        let long = chars(&body.join("。"));
        let (all, cut) =
            (Features::compute(&long, &every).fingerprints, Features::compute(&long, &budget).fingerprints);
        // Nearly every rotation fills all seven groups: four or five rotations, not sixteen.
        assert!(all.len() > 100, "{}", all.len());
        assert!((28..35).contains(&cut.len()), "{}", cut.len());
        assert!(cut.iter().all(|k| all.binary_search(k).is_ok()), "the first rotations' keys, the same");
        // Ten sentences fill a group now and then: every rotation is taken, as without a budget.
        let short = chars(&body[..10].join("。"));
        let (all, cut) = (Features::compute(&short, &every), Features::compute(&short, &budget));
        assert!(!all.fingerprint_fallback && all.fingerprints.len() < 28);
        assert_eq!(cut.fingerprints, all.fingerprints);
    }

    #[test]
    fn narrow_keys_are_the_top_bits_of_the_full_ones() {
        let text = chars(&(common_prose() + "短句很短。"));
        let full = Features::compute(&text, &Params { key_bits: 64, ..Params::default() });
        assert!(full.period.len() > 5 && full.fingerprints.len() > 5);
        for bits in [48u32, 32] {
            let narrow = Features::compute(&text, &Params { key_bits: bits, ..Params::default() });
            let cut = |keys: &[u64]| {
                let mut v: Vec<u64> = keys.iter().map(|k| k >> (64 - bits)).collect();
                v.dedup();
                v
            };
            assert_eq!(narrow.period, cut(&full.period), "{bits}");
            assert_eq!(narrow.fingerprints, cut(&full.fingerprints), "{bits}");
            assert!(narrow.period.iter().chain(&narrow.fingerprints).all(|&k| k < 1 << bits));
            assert_eq!(narrow.exact, full.exact, "the exact hash keeps its 64 bits");
            assert_eq!(narrow.period_count, full.period_count);
        }
        // A page with no fingerprint: its fallback keys are cut too.
        let short = chars("今天的天气非常好。");
        let (f, n) = (
            Features::compute(&short, &Params::default()),
            Features::compute(&short, &Params { key_bits: 64, ..Params::default() }),
        );
        assert!(f.fingerprint_fallback && !f.fingerprints.is_empty());
        assert_eq!(f.fingerprints, n.fingerprints.iter().map(|k| k >> 16).collect::<Vec<_>>());
    }

    /// Forty sentences of varied characters.
    fn common_prose() -> String {
        let mut rng = crate::testutil::Rng::new(7);
        (0..40)
            .map(|_| {
                let s: String = (0..8 + rng.below(20))
                    .map(|_| char::from_u32(0x4e00 + rng.below(3000) as u32).unwrap_or('字'))
                    .collect();
                s + if rng.below(2) == 0 { "。" } else { "，" }
            })
            .collect()
    }

    /// The fingerprint rule written the plain way: every group sorted whole.
    fn fingerprints_by_sorting(chars: &[char], sentences: &[std::ops::Range<usize>], p: &Params) -> Vec<u64> {
        let sent = sentence_hashes(chars, sentences, p);
        let groups = p.fp_groups.max(1);
        if sent.len() < p.fp_sentences.max(1) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for rot in 0..p.fp_rotations.min(16) {
            if p.fp_budget > 0 && out.len() >= p.fp_budget {
                break;
            }
            let mut buckets: Vec<Vec<(u64, u32)>> = vec![Vec::new(); groups];
            for &(h, len) in &sent {
                let r = h.rotate_left(8 * rot as u32);
                buckets[((r as u64) % groups as u64) as usize].push(((r >> 64) as u64, len));
            }
            for mut bucket in buckets {
                if bucket.is_empty() || bucket.len() < p.fp_sentences {
                    continue;
                }
                bucket.sort_unstable();
                let mut buf = Vec::new();
                if fill_group(bucket.iter().copied(), p, &mut buf) {
                    out.push(xxhash_rust::xxh3::xxh3_64_with_seed(&buf, SEED_FINGERPRINT ^ rot as u64));
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    #[test]
    fn fingerprints_match_the_plain_rule() {
        // Sentences of every length, so some groups need more than the TOP smallest to cover
        // enough text, under several group counts and thresholds.
        let mut rng = crate::testutil::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut next = |n: u64| rng.below(n);
        let mut gathered = 0;
        for case in 0..300 {
            let pieces: Vec<String> = (0..next(200))
                .map(|_| {
                    (0..1 + next(if case % 3 == 0 { 9 } else { 40 }))
                        .map(|_| char::from_u32(0x4e00 + next(60) as u32).unwrap_or('字'))
                        .collect()
                })
                .collect();
            let text = chars(&pieces.join(if case % 2 == 0 { "。" } else { "，" }));
            let sentences = sentences(&text, ALL);
            let p = Params {
                fp_groups: 1 + next(12) as usize,
                fp_sentences: next(7) as usize,
                fp_min_cover: next(120) as usize,
                fp_rotations: 1 + next(16) as usize,
                fp_budget: [0, 1, 7, 20, 56][next(5) as usize],
                ..Params::default()
            };
            let want = fingerprints_by_sorting(&text, &sentences, &p);
            assert_eq!(fingerprints(&text, &sentences, &p), want, "case {case}");
            gathered += usize::from(!want.is_empty());
        }
        assert!(gathered > 150, "too few cases had fingerprints: {gathered}");
    }

    #[test]
    fn fast_remainder_is_the_remainder() {
        let mut a = 0x9e37_79b9_7f4a_7c15u64;
        for d in (1..200u64).chain([255, 256, 1 << 20, (1 << 31) + 11, u32::MAX as u64, 1 << 32, u64::MAX]) {
            let m = FastMod::new(d);
            for k in [0, 1, d - 1, d, d.wrapping_add(1), u64::MAX, u64::MAX - 1, u64::MAX / d * d, u64::MAX / d * d - 1]
            {
                assert_eq!(m.rem(k), k % d, "{k} % {d}");
            }
            for _ in 0..200 {
                a = a.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                assert_eq!(m.rem(a), a % d, "{a} % {d}");
            }
        }
    }

    #[test]
    fn sentence_breaks_are_the_listed_marks() {
        let listed = ['。', '!', '?', ';', ',', ':', '、', '\n', '…', '｡', '；', '，'];
        for c in (0..0x11_0000).filter_map(char::from_u32) {
            assert_eq!(is_sentence_break(c), listed.contains(&c), "{c:?}");
        }
    }

    #[test]
    fn a_page_that_barely_fills_a_group_shares_keys_with_its_copy_that_fills_none() {
        // Pages of a few long sentences (a list of names split in lines) and the same page a
        // sentence shorter: wherever the longer fills a group or two and the shorter none, they
        // share keys through the fallback sentence keys, and shared none under the old rule.
        let p = Params::default();
        let old = Params { fp_fallback_below: 0, ..Params::default() };
        let mut rng = crate::testutil::Rng::new(0x7F4A_7C15_9E37_79B9);
        let (mut pairs, mut shared_before) = (0, 0);
        for _ in 0..400 {
            let lines: Vec<String> = (0..4 + rng.below(12))
                .map(|_| {
                    (0..6 + rng.below(30))
                        .map(|_| char::from_u32(0x4e00 + rng.below(8000) as u32).unwrap_or('字'))
                        .collect()
                })
                .collect();
            let page = chars(&lines.join("\n"));
            let copy = chars(&lines[1..].join("\n"));
            let shares = |p: &Params| {
                let (a, b) = (Features::compute(&page, p), Features::compute(&copy, p));
                (a.fingerprints.iter().any(|k| b.fingerprints.contains(k)), a, b)
            };
            let (now, a, b) = shares(&p);
            // The page fills one or two groups, the copy none (its keys are the same either way).
            let (a_old, b_old) = (Features::compute(&page, &old), Features::compute(&copy, &old));
            if !(1..p.fp_fallback_below).contains(&a_old.fingerprints.len()) || b_old != b || !b.fingerprint_fallback {
                continue;
            }
            pairs += 1;
            assert!(now && a.fingerprint_fallback, "{lines:?}");
            shared_before += usize::from(shares(&old).0);
        }
        assert!(pairs >= 10, "only {pairs} pages on the boundary");
        assert_eq!(shared_before, 0, "the old rule gave such pairs no shared key");
    }

    #[test]
    fn short_pages_get_fallback_keys() {
        let p = Params::default();
        let f = Features::compute(&chars("今天天气很好，适合出门散步。"), &p);
        assert!(f.fingerprint_fallback);
        assert_eq!(f.fingerprints.len(), 2);
        let g = Features::compute(&chars("短"), &p);
        assert_eq!(g.fingerprints, vec![g.exact >> (64 - p.key_bits)], "the exact hash, cut like every fingerprint");
        assert!(Features::compute(&[], &p).fingerprints.is_empty());
    }
}
