//! Myers' diff against a plain dynamic-programming LCS, on random and near-equal strings.

use dedupdb::verify::myers::lcs_runs;
use proptest::prelude::*;

fn dp_lcs(a: &[char], b: &[char]) -> usize {
    let mut prev = vec![0usize; b.len() + 1];
    let mut cur = vec![0usize; b.len() + 1];
    for x in a {
        for (j, y) in b.iter().enumerate() {
            cur[j + 1] = if x == y { prev[j] + 1 } else { prev[j + 1].max(cur[j]) };
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Checks that the runs are a common subsequence, in order, as long as the DP's LCS.
fn check(a: &[char], b: &[char]) -> Result<(), TestCaseError> {
    let runs = lcs_runs(a, b, usize::MAX / 4);
    let (mut pa, mut pb) = (0usize, 0usize);
    for r in &runs {
        let (ra, rb, len) = (r.a as usize, r.b as usize, r.len as usize);
        prop_assert!(ra >= pa && rb >= pb, "runs overlap or go backwards");
        prop_assert_eq!(&a[ra..ra + len], &b[rb..rb + len]);
        pa = ra + len;
        pb = rb + len;
    }
    let total: usize = runs.iter().map(|r| r.len as usize).sum();
    prop_assert_eq!(total, dp_lcs(a, b));
    Ok(())
}

/// Characters from a small alphabet mixing ASCII and CJK, so that random strings share a lot.
fn alphabet() -> impl Strategy<Value = char> {
    prop::sample::select(vec!['a', 'b', 'c', '新', '闻', '正', '文', '。', '，', '的'])
}

/// A string and a copy with a few random edits.
fn near_equal() -> impl Strategy<Value = (Vec<char>, Vec<char>)> {
    (prop::collection::vec(alphabet(), 0..300), prop::collection::vec((0usize..400, 0u8..3, alphabet()), 0..12))
        .prop_map(|(a, edits)| {
            let mut b = a.clone();
            for (pos, kind, c) in edits {
                let i = if b.is_empty() { 0 } else { pos % (b.len() + 1) };
                match kind {
                    0 => b.insert(i, c),
                    1 if i < b.len() => {
                        b.remove(i);
                    }
                    _ if i < b.len() => b[i] = c,
                    _ => b.push(c),
                }
            }
            (a, b)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_strings(a in prop::collection::vec(alphabet(), 0..120), b in prop::collection::vec(alphabet(), 0..120)) {
        check(&a, &b)?;
    }

    #[test]
    fn near_equal_strings((a, b) in near_equal()) {
        check(&a, &b)?;
    }

    #[test]
    fn any_unicode(a in "\\PC{0,60}", b in "\\PC{0,60}") {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        check(&a, &b)?;
    }
}
