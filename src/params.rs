//! Every tunable of the pipeline in one place, with the papers' values as defaults.
//!
//! The papers counted GBK bytes (two per Chinese character); the values here are characters of the
//! normalized text, so the papers' byte figures are halved.

use serde::{Deserialize, Serialize};

/// Parameters of feature extraction and verification.
///
/// Evidence for the defaults: BENCHMARKS.md, "Parameter evidence" (one-at-a-time sweeps on
/// simulated crawls of two seeds). The response is flat around the papers' values for θ, S, L,
/// X, Y, Z and the rotations, which therefore stay; `overlap_min_chars` was raised on that
/// evidence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
// A manifest written before a parameter existed reads it as its default.
#[serde(default)]
pub struct Params {
    /// CCDet: characters before each full stop that make a period feature (paper: L = 10).
    pub period_len: usize,
    /// A '.' right after a Chinese character (typed half-width, or "．" normalized) is a full
    /// stop like "。": it makes a period feature and ends a sentence for fingerprints. Without it
    /// a page so punctuated had no period feature and other sentences than its copy with "。".
    /// An index created before this rule has no such field in its manifest and reads false: its
    /// keys keep the definition they were stored with.
    #[serde(default)]
    pub halfwidth_stops: bool,
    /// A '.' that ends a sentence of Latin-script text (after a letter or digit, before a space or
    /// a paragraph's end: see [`crate::features::Stops::at`]) is a full stop too. Without it an
    /// English page's sentences ran from comma to comma across its full stops: it had no period
    /// feature and a handful of long "sentences", too few for a fingerprint, so ingest never
    /// found its copies. Missing from a manifest (an index created before the rule): false.
    #[serde(default)]
    pub latin_stops: bool,
    /// Traditional Chinese characters (and their Taiwan and Hong Kong variants) are folded to
    /// simplified ones ([`crate::script_fold`]) as a page is read, before extraction, and so
    /// before keys are made and texts compared and stored: a copy converted to the other script,
    /// as Taiwan and Hong Kong sites republish mainland stories and as CMSs serve each page in
    /// both scripts, is the copy it is instead of a new page. Missing from a manifest (an index
    /// created before the rule): false, and its pages are read as they were.
    #[serde(default)]
    pub fold_traditional: bool,
    /// Folding ([`Params::fold_traditional`]) only for a page of Chinese: a Japanese page
    /// (kana) or a Korean one (Hangul) keeps its ideographs, which are not traditional Chinese
    /// ("販売" is not "贩売"); see [`crate::lang`]. Missing from a manifest (an index created
    /// before the rule): false, and every page is folded as it was.
    #[serde(default)]
    pub fold_chinese_only: bool,
    /// Period features and fingerprints keep the top `key_bits` bits of their 64-bit hashes
    /// (the exact hash keeps all 64: its match is taken without alignment). A key only finds
    /// candidates, which verification then confirms or drops, so a shorter key costs only a rare
    /// false candidate: with 48 bits and ~135 keys a page, an index of 10^8 pages gives one
    /// query in ~150 one chance candidate, 10^9 pages one in ~15; each costs one dissimilar
    /// alignment. It saves 16 bits in every key entry of a segment (the key tables store
    /// differences of sorted keys). Missing from a manifest (an index created before the rule):
    /// 64. Allowed: 32 to 64.
    #[serde(default = "Params::full_key_bits")]
    pub key_bits: u32,
    /// LCS step 1: a sentence takes part in fingerprints when longer than this many characters
    /// (paper: X > 10 bytes).
    pub fp_min_sentence: usize,
    /// LCS step 1: number of sentence groups, hash mod m (paper: m = 7).
    pub fp_groups: usize,
    /// LCS step 1: sentences hashed together into one fingerprint (paper: Y = 4).
    pub fp_sentences: usize,
    /// LCS step 1: characters the chosen sentences must cover (paper: Z > 100 bytes).
    pub fp_min_cover: usize,
    /// LCS step 1: byte rotations of the sentence hashes, each giving up to m fingerprints (paper: 16).
    pub fp_rotations: usize,
    /// LCS step 1: rotations stop once a page has this many fingerprints (0: no limit, the
    /// paper's rule). A long page fills all m groups at every rotation and reaches it after
    /// budget / m rotations; a short one fills few groups, and keeps every rotation's chance of
    /// sharing a group with its copy. Rotations run in the same order on every page, so two pages
    /// share the chances of the fewer rotations either took. Fingerprints were most of a
    /// segment's key bytes, and long pages, which have many period features besides, most of
    /// them. Evidence (BENCHMARKS.md, "Fingerprint budget"): 28, 14 and 56 left every decision
    /// on three simulated and two alternative crawls as 0 did, 7 lost two; on the 10k crawl of
    /// ~3,000-character pages 28 takes 4 rotations and 46% of the postings' bytes off. Missing from a
    /// manifest (an index created before the rule): 0.
    #[serde(default)]
    pub fp_budget: usize,
    /// A page with fewer fingerprints than this gets the fallback sentence keys of a page with
    /// none beside them (see [`crate::features`]). A page that fills one or two groups is a
    /// sentence or two from filling none: its copy with a sentence fewer, another paragraph
    /// break or a full stop more or less (a list of names, a thread's short posts) has the
    /// fallback keys alone, and the two shared no key. Missing from a manifest (an index created
    /// before the rule): 0, only a page with no fingerprint has them.
    #[serde(default)]
    pub fp_fallback_below: usize,
    /// LCS step 2: window of the skeleton filter's rolling hash, in characters (paper: 16 bytes).
    pub skeleton_window: usize,
    /// LCS step 3: slope threshold θ of the trustable region (paper: 0.10).
    pub theta: f64,
    /// TLCS: the page is cut into blocks of at least this many characters.
    pub tlcs_min_block: usize,
    /// TLCS: and into at most this many blocks (bounds the O(k²) base-region search).
    pub tlcs_max_blocks: usize,
    /// Extra rounds for reordered paragraphs stop when a round's trusted region is shorter than this.
    pub round_min_chars: usize,
    /// At most this many rounds. `round_min_chars` ends them sooner, and past the eighth a round
    /// counts only a region out of order with an earlier one (a block that moved) and pays for
    /// its windows from the comparison's work budget. A reshuffled digest or article has a
    /// region per item or paragraph: with 8 rounds most were "overlaps", with 32 duplicates.
    pub max_rounds: usize,
    /// Both coverages (TLCS / length) at least this: duplicate.
    pub dup_coverage: f64,
    /// The shorter page covered at least this much: containment (paper: c >= 0.7).
    pub contain_rate: f64,
    /// A single trusted passage at least this long, not aligned at the same edge of both texts, is a
    /// shared key paragraph: "overlaps". (Replaces the paper's r >= 0.28 on whole pages, which
    /// fires on shared templates once rates are measured on main text; see algorithms.md §6.)
    /// Evidence (scripts/tune.sh, 20k-page simulated crawls, seeds 1 and 2): 60 lets bulletin
    /// boilerplate through (precision 0.88, near-miss false positives 35%); 100 gave precision
    /// 0.977 / 0.988; 120 gives 0.988 / 0.994 with the same recall and digest recall, near-miss
    /// false positives 0.7% / 0.1%; 150 starts to lose digests.
    pub overlap_min_chars: usize,
    /// No relation other than "different" with fewer shared characters than this.
    pub min_shared_chars: usize,
    /// An identical main text shorter than this is not called an exact duplicate: text that
    /// short is as likely a template remnant (a footer line) as an article.
    pub min_exact_chars: usize,
    /// Near-miss rule: numeric conflicts at or above this fraction of the aligned sentences.
    pub near_miss_ratio: f64,
    /// Near-miss rule: and at least this many conflicts.
    pub near_miss_min: usize,
    /// Verification aligns at most this many characters of each text: the shorter whole (or its
    /// first this many), against the stretch of the longer where it is; a text is read up to
    /// sixteen times this long (see `verify`'s "Long texts").
    pub max_verify_chars: usize,
    /// Myers' diff stops refining a subproblem whose edit distance exceeds this (a lower bound results).
    pub max_edit_distance: usize,
}

impl Params {
    /// The narrowest [`Params::key_bits`] allowed: below it chance candidates would cost more
    /// than the bytes saved, already at 10^8 pages.
    pub const MIN_KEY_BITS: u32 = 32;

    fn full_key_bits() -> u32 {
        64
    }

    /// The defaults with `NAME=VALUE` overrides (names as the fields are spelt, values as JSON
    /// numbers or booleans), as `--param` gives them; the error names the override at fault.
    pub fn with_overrides(overrides: &[String]) -> Result<Params, String> {
        let mut v = serde_json::to_value(Params::default()).map_err(|e| e.to_string())?;
        for o in overrides {
            let (name, value) = o.split_once('=').ok_or_else(|| format!("--param {o}: expected NAME=VALUE"))?;
            let slot = v
                .get_mut(name)
                .ok_or_else(|| format!("--param {o}: no parameter named '{name}' (see src/params.rs)"))?;
            *slot = serde_json::from_str(value).map_err(|_| format!("--param {o}: '{value}' is not a number"))?;
        }
        serde_json::from_value(v).map_err(|e| format!("--param: a value has the wrong type: {e}"))
    }

    /// What is wrong with these parameters for an index, if anything.
    pub fn check(&self) -> Result<(), String> {
        if !(Self::MIN_KEY_BITS..=64).contains(&self.key_bits) {
            return Err(format!("key_bits is {}; it must be {} to 64", self.key_bits, Self::MIN_KEY_BITS));
        }
        Ok(())
    }
}

impl Default for Params {
    fn default() -> Self {
        Params {
            period_len: 10,
            halfwidth_stops: true,
            latin_stops: true,
            fold_traditional: true,
            fold_chinese_only: true,
            key_bits: 48,
            fp_min_sentence: 5,
            fp_groups: 7,
            fp_sentences: 4,
            fp_min_cover: 50,
            fp_rotations: 16,
            fp_budget: 28,
            fp_fallback_below: 3,
            skeleton_window: 8,
            theta: 0.10,
            tlcs_min_block: 24,
            tlcs_max_blocks: 96,
            round_min_chars: 40,
            max_rounds: 32,
            dup_coverage: 0.65,
            contain_rate: 0.70,
            overlap_min_chars: 120,
            min_shared_chars: 30,
            min_exact_chars: 60,
            near_miss_ratio: 0.25,
            near_miss_min: 2,
            max_verify_chars: 200_000,
            max_edit_distance: 4_000,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Params;

    #[test]
    fn a_manifest_without_a_parameter_reads_the_rule_it_was_written_under() {
        // Written before the rule for half-width stops existed: its keys were made without it.
        let old: Params = serde_json::from_str(r#"{"period_len": 10, "theta": 0.2}"#).expect("params");
        assert!(!old.halfwidth_stops && !old.latin_stops && !old.fold_traditional && !old.fold_chinese_only);
        assert_eq!(old.theta, 0.2);
        assert_eq!(old.fp_groups, Params::default().fp_groups, "other parameters default");
        let new = Params::default();
        assert!(
            new.halfwidth_stops && new.latin_stops && new.fold_traditional && new.fold_chinese_only,
            "a new index uses them"
        );
        assert_eq!(old.key_bits, 64, "keys keep the width they were stored with");
        assert_eq!(old.fp_budget, 0, "fingerprints keep every rotation they were stored with");
        assert_eq!(old.fp_fallback_below, 0, "fallback keys only where they were stored");
        assert_eq!(Params::default().key_bits, 48);
        let round: Params = serde_json::from_str(&serde_json::to_string(&Params::default()).expect("json")).expect("p");
        assert_eq!(round, Params::default());
    }

    #[test]
    fn overrides_set_the_named_parameters_and_name_a_bad_one() {
        let p = Params::with_overrides(&["fp_budget=0".into(), "theta=0.2".into(), "latin_stops=false".into()])
            .expect("overrides");
        assert_eq!((p.fp_budget, p.theta, p.latin_stops), (0, 0.2, false));
        assert_eq!(p.fp_groups, Params::default().fp_groups);
        for (bad, says) in [("fp_budget", "NAME=VALUE"), ("fp_budgets=3", "'fp_budgets'"), ("theta=x", "'x'")] {
            let e = Params::with_overrides(&[bad.into()]).expect_err(bad);
            assert!(e.contains(says), "{bad}: {e}");
        }
        assert!(Params::with_overrides(&["fp_budget=-1".into()]).expect_err("negative").contains("wrong type"));
    }

    #[test]
    fn key_widths_outside_32_to_64_are_refused() {
        assert!(Params::default().check().is_ok());
        for (bits, ok) in [(31, false), (32, true), (64, true), (65, false), (0, false)] {
            let p = Params { key_bits: bits, ..Params::default() };
            assert_eq!(p.check().is_ok(), ok, "{bits}");
            if !ok {
                assert!(p.check().unwrap_err().contains(&format!("key_bits is {bits}")));
            }
        }
    }
}
