//! `ddtool simulate` is seeded: the same seed gives byte-identical files, another seed other files.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::{self, ddtool, simulate};

fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().to_string_lossy().to_string();
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

#[test]
fn same_seed_same_bytes_other_seed_other_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let a = simulate(&tmp.path().join("a"), 300, 3, 7);
    let b = simulate(&tmp.path().join("b"), 300, 3, 7);
    let c = simulate(&tmp.path().join("c"), 300, 3, 8);
    let (fa, fb, fc) = (files(&a), files(&b), files(&c));
    let names: Vec<&String> = fa.keys().collect();
    for want in ["truth.jsonl", "summary.json", "sites.jsonl", "day-01/crawl.jsonl", "day-03/crawl.warc.gz"] {
        assert!(fa.contains_key(want), "{want} missing: {names:?}");
    }
    assert_eq!(fa.keys().collect::<Vec<_>>(), fb.keys().collect::<Vec<_>>());
    for (name, bytes) in &fa {
        assert!(bytes == &fb[name], "{name} differs between two runs with the same seed");
    }
    for name in ["truth.jsonl", "day-01/crawl.jsonl", "day-02/crawl.warc.gz"] {
        assert!(fa[name] != fc[name], "{name} is the same with another seed");
    }
}

#[test]
fn output_directory_is_not_clobbered_without_force() {
    let tmp = tempfile::tempdir().unwrap();
    let a = simulate(tmp.path(), 60, 2, 1);
    let out = ddtool(&["simulate", "--builtin-text", "--out", a.to_str().unwrap(), "--pages", "60", "--days", "2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    // With --force, a shorter crawl replaces the longer one entirely.
    let out = ddtool(&[
        "simulate",
        "--builtin-text",
        "--force",
        "--out",
        a.to_str().unwrap(),
        "--pages",
        "40",
        "--days",
        "1",
    ]);
    common::ok(&out);
    assert!(!a.join("day-02").exists());
    assert_eq!(common::read_jsonl(&a.join("truth.jsonl")).len(), 40);
}

#[test]
fn missing_corpus_is_a_clear_error() {
    let tmp = tempfile::tempdir().unwrap();
    let out = ddtool(&[
        "simulate",
        "--out",
        tmp.path().join("x").to_str().unwrap(),
        "--corpus",
        "/no/such/199801.txt",
        "--pages",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/no/such/199801.txt") && err.contains("fetch-corpus.sh"), "{err}");
}
