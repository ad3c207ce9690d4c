//! Probes of which blocks of a page are its main text, on pages written to break one rule:
//! - the eighth (tests/fixtures/probes/p8), the notice rule: articles quoting advice and
//!   statements, government notices named as notices, job boards, Q&A sites, shops, boxes beside
//!   short articles;
//! - the ninth (p9), the question-page rule: Q&A and 问政 pages in many layouts, and stories,
//!   forum threads, shops and listings that ask questions or hold boxes named as answers.
//!
//! Every row marked `ok` must hold; rows marked `bad` are known failures with their cause, and
//! one that starts to hold fails this test too, so that the table is brought up to date.

use crate::common::{self, page};

/// Checks the table of probe `dir`, which must keep at least `min_pages` pages and `min_rows`
/// rows.
fn check(dir: &str, min_pages: usize, min_rows: usize) {
    let path = common::fixture(&format!("probes/{dir}/blocks.tsv"));
    let table = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut tally, mut pages) = (common::ProbeTally::default(), std::collections::BTreeSet::new());
    for line in table.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, text, expected, status, note] = fields[..] else {
            panic!("{}: malformed line {line:?}", path.display())
        };
        let ok = common::probe_ok(status, line);
        let p = page(&format!("probes/{dir}/{name}.html"));
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
    assert!(
        pages.len() >= min_pages && rows >= min_rows,
        "{dir}: the table lost rows: {} pages, {rows} rows",
        pages.len()
    );
    tally.assert_unchanged("rows");
    eprintln!("{dir}: {rows} rows of {} pages, {} known failures", pages.len(), tally.known_bad);
}

#[test]
fn probe_blocks_are_kept_or_dropped_as_expected_and_known_failures_are_listed() {
    check("p8", 50, 170);
}

#[test]
fn question_pages_keep_their_answers_and_look_alikes_do_not() {
    check("p9", 44, 260);
}
