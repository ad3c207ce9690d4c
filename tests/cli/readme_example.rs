//! The README's quick start runs on the bundled example crawl as it says: each kind of page it
//! names gets the verdict it names, and the query finds the known duplicate.

use std::path::Path;

use crate::common_store::{read_report, run, s, stderr, verdict};

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples").join(name).display().to_string()
}

#[test]
fn quick_start_on_the_bundled_crawl() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (db, report) = (dir.path().join("dedup.db"), dir.path().join("report.jsonl"));
    let (day1, day2) = (example("crawl-day1.jsonl"), example("crawl-day2.warc.gz"));
    let out = run(&["ingest", "--db", s(&db), "--report", s(&report), &day1, &day2]);
    assert!(out.status.success(), "ingest failed: {}", stderr(&out));
    let lines = read_report(&report);
    let of = |url_part: &str| {
        let line = lines.iter().find(|l| l["url"].as_str().is_some_and(|u| u.contains(url_part)));
        verdict(line.unwrap_or_else(|| panic!("no report line for {url_part}"))).to_string()
    };
    assert_eq!(of("jlrx.example.com/news"), "exact", "the day-2 GBK repost");
    assert_eq!(of("yudaihe-excerpt"), "contained", "the excerpt on a third site");
    assert_eq!(of("yudaihe-v2"), "duplicate", "the reordered copy");
    assert_eq!(of("weekly/0319/digest"), "overlaps", "the weekly digest");
    assert_eq!((of("qingchuan/0305"), of("qingchuan/0306")), ("new".into(), "new".into()), "the bulletins");
    assert_eq!(of("logo.png"), "skipped");
    let nav = lines.iter().find(|l| l["url"] == "http://jlrx.example.com/").expect("the navigation-only page");
    assert_eq!(verdict(nav), "error");

    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/article1_site_b.html");
    let out = run(&["query", "--json", "--db", s(&db), s(&page)]);
    assert!(out.status.success(), "query failed: {}", stderr(&out));
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).expect("query JSON");
    assert!(["exact", "duplicate"].contains(&verdict(&answer)), "{answer}");
    assert!(!answer["matches"].as_array().expect("matches").is_empty());
}
