//! The eighth probe: which blocks of a page are its main text (tests/fixtures/probes/p8), on
//! pages written to break the notice rule: articles quoting advice and statements, government
//! notices named as notices, job boards, Q&A sites, shops, boxes beside short articles.
//!
//! Every row marked `ok` must hold; rows marked `bad` are known failures with their cause, and
//! one that starts to hold fails this test too, so that the table is brought up to date.

mod common;

use common::page;

#[test]
fn probe_blocks_are_kept_or_dropped_as_expected_and_known_failures_are_listed() {
    let path = common::fixture("probes/p8/blocks.tsv");
    let table = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut tally, mut pages) = (common::ProbeTally::default(), std::collections::BTreeSet::new());
    for line in table.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, text, expected, status, note] = fields[..] else {
            panic!("{}: malformed line {line:?}", path.display())
        };
        let ok = common::probe_ok(status, line);
        let p = page(&format!("probes/p8/{name}.html"));
        let e = &p.extracted;
        let block = e.blocks.iter().find(|b| e.block_text(b).contains(text));
        let Some(block) = block else { panic!("{name}: no block holds {text:?}") };
        let got = if block.dropped.is_none() { "keep" } else { "drop" };
        pages.insert(name);
        tally.record(ok, got == expected, || {
            format!("{name} {text:?}: expected {expected}, got {got} ({:?}) {note}", block.dropped)
        });
    }
    let rows = tally.rows;
    assert!(pages.len() >= 50 && rows >= 170, "the table lost rows: {} pages, {rows} rows", pages.len());
    tally.assert_unchanged("rows");
    eprintln!("{rows} rows of {} pages, {} known failures", pages.len(), tally.known_bad);
}
