//! The batch stages (`dedupdb::batch`, what the Spark job runs in its executors), driven in one
//! process: they answer as `dedupdb ingest` does, page for page, and their bulk-loaded index
//! answers queries as an ingested one does, verifies clean and takes the next day's ingest.

use crate::common_store::{crawl, read_report, run, s, seed, stderr};
use dedupdb::batch::{run_local, Batch};
use dedupdb::{Db, PageInput};

/// A report line's verdict and best match, as the batch must agree with ingest on them.
fn decision(v: &serde_json::Value) -> (String, Option<String>) {
    let verdict = v["verdict"].as_str().unwrap_or_default().to_string();
    (verdict, v["matches"].get(0).and_then(|m| m["url"].as_str()).map(str::to_owned))
}

#[test]
fn batch_stages_answer_as_ingest_and_bulk_load_continues_as_an_index() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = crawl(seed(977), 260, "batch");
    let mut lines = c.lines.clone();
    // The same URLs again: one unchanged (skipped), one changed (replaces), and a bad record.
    let revisit = |i: usize, with: usize| {
        let mut v: serde_json::Value = serde_json::from_str(&c.lines[i]).expect("line");
        let other: serde_json::Value = serde_json::from_str(&c.lines[with]).expect("line");
        v["html"] = other["html"].clone();
        v.to_string()
    };
    lines.insert(150, revisit(10, 10));
    lines.insert(160, revisit(20, 200));
    lines.insert(170, "{\"url\": \"https://a.example/cut\", \"html\": ".into());
    let (day1, day2) = lines.split_at(230);
    let input = dir.path().join("day1.jsonl");
    std::fs::write(&input, day1.join("\n") + "\n").expect("write");
    let later = dir.path().join("day2.jsonl");
    std::fs::write(&later, day2.join("\n") + "\n").expect("write");

    let ingested_db = dir.path().join("ingested.db");
    let report = dir.path().join("report.jsonl");
    let out = run(&["ingest", "--db", s(&ingested_db), "--report", s(&report), s(&input)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let ingested = read_report(&report);

    let bulk_db = dir.path().join("bulk.db");
    let batch = Batch::new(&[]).expect("defaults");
    let bytes = std::fs::read(&input).expect("read");
    let lines = run_local(&batch, vec![(s(&input).to_string(), bytes)], Some(&bulk_db)).expect("batch run");
    let judged: Vec<serde_json::Value> =
        lines.iter().map(|l| serde_json::from_str(l).expect("a report line")).collect();
    assert_eq!(judged.len(), ingested.len(), "one line per record");
    let kinds: std::collections::HashSet<String> = ingested.iter().map(|v| decision(v).0).collect();
    for k in ["new", "exact", "duplicate", "skipped", "error"] {
        assert!(kinds.contains(k), "the crawl exercises '{k}': {kinds:?}");
    }
    for (i, (a, b)) in ingested.iter().zip(&judged).enumerate() {
        // Same verdict, best match, doc id and cluster: the batch is ingest, page for page.
        assert_eq!(a, b, "record {i}: the line ingest writes");
    }

    // The bulk-loaded index verifies clean, holds the same clusters and answers as the
    // ingested one.
    let verified = dedupdb::maintenance::verify(&bulk_db).expect("verify");
    assert!(verified.problems.is_empty(), "bulk index verifies clean: {:?}", verified.problems);
    assert_eq!(verified.live_docs, dedupdb::maintenance::verify(&ingested_db).expect("verify").live_docs);
    let clusters = |db: &std::path::Path| {
        let out = run(&["clusters", "--db", s(db)]);
        assert!(out.status.success(), "{}", stderr(&out));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert_eq!(clusters(&bulk_db), clusters(&ingested_db), "the same clusters");
    let (a, b) = (Db::open(&ingested_db).expect("open"), Db::open(&bulk_db).expect("open"));
    let (ra, rb) = (a.reader().expect("reader"), b.reader().expect("reader"));
    for line in day2.iter().chain(day1.iter().step_by(7)) {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else { continue };
        let page = PageInput::from_json(&v).expect("a page");
        let (qa, qb) = (ra.query(&page).expect("query"), rb.query(&page).expect("query"));
        assert_eq!(qa, qb, "the same answer from both indexes for {}", v["url"]);
    }
    drop((ra, rb, a, b));

    // Tomorrow's ingest goes on from either with the same answers.
    let (r1, r2) = (dir.path().join("r1.jsonl"), dir.path().join("r2.jsonl"));
    for (db, r) in [(&ingested_db, &r1), (&bulk_db, &r2)] {
        let out = run(&["ingest", "--db", s(db), "--report", s(r), s(&later)]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let (n1, n2) = (read_report(&r1), read_report(&r2));
    assert_eq!(n1.len(), day2.len());
    assert_eq!(n1.iter().map(decision).collect::<Vec<_>>(), n2.iter().map(decision).collect::<Vec<_>>());
    assert_eq!(
        n1.iter().map(|v| v["cluster"].clone()).collect::<Vec<_>>(),
        n2.iter().map(|v| v["cluster"].clone()).collect::<Vec<_>>()
    );
}
