//! The probes: hand-written pages in the shapes of real sites that the simulator does not build
//! (forum threads of several engines, listings, boxes of news beside articles, timelines,
//! digests, hidden filler, odd charsets...), and the relation each pair of them should have. See
//! tests/fixtures/probes/README.md.
//!
//! Every pair marked `ok` must give an expected relation. Pairs marked `bad` are known failures,
//! written down in the table: one that starts to pass fails this test too, so that the table (and
//! the notes that cite it) are brought up to date, and a fix is seen for what it fixed.

use crate::common::{self, page};
use dedupdb::{compare, Params};

#[test]
fn probe_pairs_give_their_expected_relations_and_known_failures_are_listed() {
    let path = common::fixture("probes/pairs.tsv");
    let table = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let params = Params::default();
    let mut tally = common::ProbeTally::default();
    for line in table.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [probe, a, b, expected, status, note] = fields[..] else {
            panic!("{}: malformed line {line:?}", path.display())
        };
        let ok = common::probe_ok(status, line);
        let (pa, pb) = (page(&format!("probes/{probe}/{a}.html")), page(&format!("probes/{probe}/{b}.html")));
        let got = compare(&pa, &pb, &params).relation;
        let holds = expected == "(report)" || expected.split('|').any(|e| e == got.as_str());
        tally.record(ok, holds, || format!("{probe} {a} vs {b}: expected {expected}, got {got} ({note})"));
    }
    assert!(tally.rows >= 150, "the table lost pairs: {}", tally.rows);
    tally.assert_unchanged("pairs");
    eprintln!("{} probe pairs, {} known failures", tally.rows, tally.known_bad);
}
