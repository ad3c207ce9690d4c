//! The seventh probe: sites whose pages arrive one after another (tests/fixtures/probes/p7).
//! Some answers depend on what the index already holds (a site's template is known from its
//! fourth page), so each scenario is ingested in order into a fresh index by the `dedupdb`
//! binary, and every page's matches are checked against `sequences.tsv`.
//!
//! As for the probe pairs: every page marked `ok` must give its expected answer, and a known
//! failure (`bad`) that starts to pass fails this test too, so that the table and the notes
//! citing it are brought up to date.

use std::collections::{BTreeSet, HashMap};
use std::process::Command;

use crate::common;

/// One row of the table.
struct Row {
    page: String,
    url: String,
    site: String,
    expected: String,
    ok: bool,
    note: String,
}

#[test]
fn page_sequences_give_their_expected_answers_and_known_failures_are_listed() {
    let path = common::fixture("probes/p7/sequences.tsv");
    let table = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut scenarios: Vec<(String, Vec<Row>)> = Vec::new();
    for line in table.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [scenario, page, url, site, expected, status, note] = fields[..] else {
            panic!("{}: malformed line {line:?}", path.display())
        };
        let ok = common::probe_ok(status, line);
        let row = Row {
            page: page.into(),
            url: url.into(),
            site: site.into(),
            expected: expected.into(),
            ok,
            note: note.into(),
        };
        match scenarios.last_mut() {
            Some((name, rows)) if name == scenario => rows.push(row),
            _ => scenarios.push((scenario.into(), vec![row])),
        }
    }
    let tmp = tempfile::tempdir().expect("tempdir");
    let (mut pages, mut tally) = (0, common::ProbeTally::default());
    for (scenario, rows) in &scenarios {
        let dir = tmp.path().join(scenario);
        std::fs::create_dir_all(&dir).expect("mkdir");
        let mut crawl = String::new();
        for r in rows {
            let html = std::fs::read_to_string(common::fixture(&format!("probes/p7/{scenario}/{}.html", r.page)))
                .expect("page");
            let mut obj = serde_json::json!({ "url": r.url, "html": html });
            if !r.site.is_empty() {
                obj["site"] = serde_json::Value::from(r.site.as_str());
            }
            crawl.push_str(&obj.to_string());
            crawl.push('\n');
        }
        std::fs::write(dir.join("crawl.jsonl"), crawl).expect("write crawl");
        let report = dir.join("report.jsonl");
        let out = Command::new(env!("CARGO_BIN_EXE_dedupdb"))
            .args(["ingest", "--threads", "1", "--db"])
            .arg(dir.join("db"))
            .arg("--report")
            .arg(&report)
            .arg(dir.join("crawl.jsonl"))
            .output()
            .expect("run dedupdb");
        assert!(out.status.success(), "{scenario}: {}", String::from_utf8_lossy(&out.stderr));
        let name_of: HashMap<&str, &str> = rows.iter().map(|r| (r.url.as_str(), r.page.as_str())).collect();
        let either: BTreeSet<&str> = rows.iter().filter(|r| r.expected == "either").map(|r| r.page.as_str()).collect();
        let report = std::fs::read_to_string(&report).expect("report");
        let lines: Vec<serde_json::Value> =
            report.lines().map(|l| serde_json::from_str(l).expect("report line")).collect();
        assert_eq!(lines.len(), rows.len(), "{scenario}: a report line per page");
        for (r, line) in rows.iter().zip(&lines) {
            assert_eq!(line["url"], r.url.as_str(), "{scenario}: the report is in input order");
            pages += 1;
            if r.expected == "either" {
                continue;
            }
            let got: BTreeSet<&str> = line["matches"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|m| matches!(m["relation"].as_str(), Some("duplicate" | "contained" | "contains" | "exact")))
                .filter_map(|m| m["url"].as_str().and_then(|u| name_of.get(u).copied()))
                .filter(|p| !either.contains(p))
                .collect();
            let want: BTreeSet<&str> = match r.expected.as_str() {
                "new" => BTreeSet::new(),
                e => e.split(',').filter(|p| !either.contains(p)).collect(),
            };
            tally.record(r.ok, got == want, || {
                format!("{scenario} {}: expected {}, got {got:?} ({})", r.page, r.expected, r.note)
            });
        }
    }
    assert!(pages >= 150, "the table lost pages: {pages}");
    tally.assert_unchanged("pages");
    eprintln!("{pages} pages in {} scenarios, {} known failures", scenarios.len(), tally.known_bad);
}
