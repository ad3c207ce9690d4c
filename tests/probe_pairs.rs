//! The probes: hand-written pages in the shapes of real sites that the simulator does not build
//! (forum threads of several engines, listings, boxes of news beside articles, timelines,
//! digests, hidden filler, odd charsets...), and the relation each pair of them should have. See
//! tests/fixtures/probes/README.md.
//!
//! Every pair marked `ok` must give an expected relation. Pairs marked `bad` are known failures,
//! written down in the table: one that starts to pass fails this test too, so that the table (and
//! the notes that cite it) are brought up to date, and a fix is seen for what it fixed.

mod common;

use common::page;
use dedupdb::{compare, Params};

#[test]
fn probe_pairs_give_their_expected_relations_and_known_failures_are_listed() {
    let path = common::fixture("probes/pairs.tsv");
    let table = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let params = Params::default();
    let (mut pairs, mut known_bad, mut wrong) = (0, 0, Vec::new());
    for line in table.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [probe, a, b, expected, status, note] = fields[..] else {
            panic!("{}: malformed line {line:?}", path.display())
        };
        let (pa, pb) = (page(&format!("probes/{probe}/{a}.html")), page(&format!("probes/{probe}/{b}.html")));
        let got = compare(&pa, &pb, &params).relation;
        let holds = expected == "(report)" || expected.split('|').any(|e| e == got.as_str());
        pairs += 1;
        match (status, holds) {
            ("ok", true) => {}
            ("bad", false) => known_bad += 1,
            ("ok", false) => wrong.push(format!("{probe} {a} vs {b}: expected {expected}, got {got} ({note})")),
            ("bad", true) => {
                wrong.push(format!("{probe} {a} vs {b}: a known failure now gives {got}; mark it ok ({note})"))
            }
            _ => panic!("{}: status {status:?} is neither ok nor bad in {line:?}", path.display()),
        }
    }
    assert!(pairs >= 150, "the table lost pairs: {pairs}");
    assert!(wrong.is_empty(), "{} of {pairs} pairs changed:\n{}", wrong.len(), wrong.join("\n"));
    eprintln!("{pairs} probe pairs, {known_bad} known failures");
}
