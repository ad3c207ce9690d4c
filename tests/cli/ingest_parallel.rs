//! Early answers: pages queried on the worker threads against the index as it stood before their
//! batch give exactly the answers of querying one page at a time in order, including when pages
//! of one batch duplicate, replace or repeat each other.

use std::path::Path;

use crate::common;
use crate::common_store::{crawl, jsonl_line, s, seed};
use dedupdb::db::{RunOptions, Summary};
use dedupdb::Db;

fn ingest_all(db: &Path, inputs: &[String], early_answers: bool) -> (Vec<String>, Summary) {
    let db = Db::builder().flush_docs(200).open(db).expect("open");
    let mut writer = db.writer().expect("writer");
    let opts = RunOptions { batch: 64, early_answers, ..RunOptions::default() };
    let mut lines = Vec::new();
    let summary = writer
        .ingest(inputs, &opts, |o| {
            lines.push(serde_json::to_string(o).expect("outcome"));
            Ok(())
        })
        .expect("ingest");
    writer.close().expect("close");
    (lines, summary)
}

#[test]
fn early_answers_are_the_in_order_answers() {
    let dir = tempfile::tempdir().expect("tempdir");
    let seed = seed(77);
    // A crawl dense in near-duplicates, exact repeats and excerpts of nearby pages, then the same
    // URLs again: half unchanged (skipped), half with new content (replacing, within and across
    // batches), and the first crawl's texts under new URLs.
    let first = crawl(seed, 500, "a");
    let mut lines = first.lines.clone();
    for (n, line) in first.lines.iter().enumerate().step_by(3) {
        let v: serde_json::Value = serde_json::from_str(line).expect("line");
        let (url, site, html) =
            (v["url"].as_str().expect("url"), v["site"].as_str().expect("site"), v["html"].as_str().expect("html"));
        let html = if n % 2 == 0 {
            let extra = format!("<p>{}</p></div><div class='sidebar'>", common::prose(seed + n as u64, 150));
            html.replacen("</div><div class='sidebar'>", &extra, 1)
        } else {
            html.to_string()
        };
        lines.push(jsonl_line(url, site, &html));
    }
    lines.extend(crawl(seed, 200, "b").lines);
    let input = dir.path().join("crawl.jsonl");
    std::fs::write(&input, lines.join("\n") + "\n").expect("write");
    let inputs = vec![s(&input).to_string()];

    // Early answers need worker threads, whatever the machine has.
    let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().expect("thread pool");
    let (in_order, plain) = pool.install(|| ingest_all(&dir.path().join("in-order"), &inputs, false));
    let (early, summary) = pool.install(|| ingest_all(&dir.path().join("early"), &inputs, true));
    assert_eq!(plain.requeried, 0);
    assert_eq!(in_order.len(), early.len());
    for (a, b) in in_order.iter().zip(&early) {
        assert_eq!(a, b, "answers differ");
    }
    let verdicts = |v: &str| early.iter().filter(|l| l.contains(&format!("\"verdict\":\"{v}\""))).count();
    assert!(verdicts("duplicate") > 20 && verdicts("exact") > 20 && verdicts("skipped") > 20, "a varied crawl");
    // Both paths ran: most early answers held, and pages of a batch that touch each other were
    // queried again.
    assert!(summary.requeried > 0, "no page was queried again");
    assert!(summary.requeried * 2 < summary.pages, "{} of {} pages queried again", summary.requeried, summary.pages);
}
