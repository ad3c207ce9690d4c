//! `--max-matches N`: ingest and query list at most N earlier pages, the best first, and the
//! verdict does not depend on it.

use crate::common::{html_page, prose};
use crate::common_store::{jsonl_line, read_report, run, s, stderr, verdict};

/// Five versions of one article on five sites: each repeats it with a sentence of its own.
fn versions() -> Vec<String> {
    let (a, b, c) = (prose(700, 300), prose(701, 260), prose(702, 240));
    (0..5u64)
        .map(|n| {
            let own = prose(800 + n, 40);
            let html = html_page(&format!("站点{n}"), &[&a, &b, &format!("{c}{own}")]);
            jsonl_line(&format!("http://site{n}.example.cn/a/{n}.html"), &format!("site{n}.example.cn"), &html)
        })
        .collect()
}

/// Ingests `lines` with the extra arguments; the report's lines.
fn ingest(dir: &std::path::Path, tag: &str, lines: &[String], extra: &[&str]) -> Vec<serde_json::Value> {
    let (input, db, report) =
        (dir.join(format!("{tag}.jsonl")), dir.join(format!("{tag}.db")), dir.join(format!("{tag}.report")));
    std::fs::write(&input, lines.join("\n") + "\n").expect("write input");
    let mut args = vec!["ingest", "--db", s(&db), "--report", s(&report)];
    args.extend_from_slice(extra);
    args.push(s(&input));
    let out = run(&args);
    assert!(out.status.success(), "ingest {tag}: {}", stderr(&out));
    read_report(&report)
}

fn match_urls(line: &serde_json::Value) -> Vec<String> {
    line["matches"]
        .as_array()
        .map_or(Vec::new(), |m| m.iter().filter_map(|m| m["url"].as_str().map(String::from)).collect())
}

#[test]
fn ingest_lists_at_most_n_matches_with_the_same_verdicts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lines = versions();
    let all = ingest(dir.path(), "all", &lines, &[]);
    let one = ingest(dir.path(), "one", &lines, &["--max-matches", "1"]);
    assert_eq!(match_urls(&all[4]).len(), 4, "the last version matches the four before it: {}", all[4]);
    for (n, (a, o)) in all.iter().zip(&one).enumerate() {
        assert_eq!(verdict(a), verdict(o), "page {n}");
        assert_eq!(a["cluster"], o["cluster"], "page {n}");
        let (am, om) = (match_urls(a), match_urls(o));
        assert_eq!(om.len(), am.len().min(1), "page {n}: {o}");
        assert!(om.iter().all(|u| am.contains(u)), "page {n}: {om:?} not among {am:?}");
    }
}

#[test]
fn query_lists_at_most_n_matches() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lines = versions();
    ingest(dir.path(), "base", &lines[..4], &[]);
    let probe = dir.path().join("probe.jsonl");
    std::fs::write(&probe, format!("{}\n", lines[4])).expect("write probe");
    let db = dir.path().join("base.db");
    let count = |extra: &[&str]| {
        let mut args = vec!["query", "--json", "--db", s(&db)];
        args.extend_from_slice(extra);
        args.push(s(&probe));
        let out = run(&args);
        assert!(out.status.success(), "query: {}", stderr(&out));
        let line: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("query output is not one JSON line ({e})"));
        (verdict(&line).to_string(), match_urls(&line).len())
    };
    let (v_all, n_all) = count(&[]);
    let (v_two, n_two) = count(&["--max-matches", "2"]);
    assert_eq!((n_all, n_two), (4, 2));
    assert_eq!(v_all, v_two);
    let bad = run(&["query", "--db", s(&db), "--max-matches", "0", s(&probe)]);
    assert_eq!(bad.status.code(), Some(2), "0 is a usage error: {}", stderr(&bad));
}
