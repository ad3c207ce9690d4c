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
    let (mut rows, mut pages, mut known_bad, mut wrong) = (0, std::collections::BTreeSet::new(), 0, Vec::new());
    for line in table.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, text, expected, status, note] = fields[..] else {
            panic!("{}: malformed line {line:?}", path.display())
        };
        let p = page(&format!("probes/p8/{name}.html"));
        let e = &p.extracted;
        let block = e.blocks.iter().find(|b| e.block_text(b).contains(text));
        let Some(block) = block else { panic!("{name}: no block holds {text:?}") };
        let got = if block.dropped.is_none() { "keep" } else { "drop" };
        let holds = got == expected;
        rows += 1;
        pages.insert(name);
        let what = format!("{name} {text:?}: expected {expected}, got {got} ({:?}) {note}", block.dropped);
        match (status, holds) {
            ("ok", true) => {}
            ("bad", false) => known_bad += 1,
            ("ok", false) => wrong.push(what),
            ("bad", true) => wrong.push(format!("a known failure now holds; mark it ok: {what}")),
            _ => panic!("{}: status {status:?} is neither ok nor bad in {line:?}", path.display()),
        }
    }
    assert!(pages.len() >= 50 && rows >= 170, "the table lost rows: {} pages, {rows} rows", pages.len());
    assert!(wrong.is_empty(), "{} of {rows} rows changed:\n{}", wrong.len(), wrong.join("\n"));
    eprintln!("{rows} rows of {} pages, {known_bad} known failures", pages.len());
}
