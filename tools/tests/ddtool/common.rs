//! Helpers shared by the simulator and evaluation tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn ddtool(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ddtool")).args(args).output().expect("run ddtool")
}

pub fn ok(out: &Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A small crawl from the built-in text.
pub fn simulate(dir: &Path, pages: usize, days: usize, seed: u64) -> PathBuf {
    let out = dir.join(format!("crawl-{pages}-{days}-{seed}"));
    let o = ddtool(&[
        "simulate",
        "--builtin-text",
        "--out",
        out.to_str().unwrap(),
        "--pages",
        &pages.to_string(),
        "--days",
        &days.to_string(),
        "--seed",
        &seed.to_string(),
    ]);
    ok(&o);
    out
}

pub fn read_jsonl(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

/// A report that agrees with the truth in every respect.
pub fn perfect_report(truth: &[serde_json::Value]) -> Vec<serde_json::Value> {
    truth
        .iter()
        .map(|t| {
            let matches: Vec<serde_json::Value> = t["matches"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| serde_json::json!({"url": m["url"], "doc_id": m["n"], "relation": m["relation"]}))
                .collect();
            let verdict = if matches.is_empty() { "new" } else { "duplicate" };
            serde_json::json!({
                "url": t["url"], "doc_id": t["n"], "verdict": verdict, "cluster": t["cluster"], "matches": matches,
            })
        })
        .collect()
}

pub fn write_jsonl(path: &Path, lines: &[serde_json::Value]) {
    let s: String = lines.iter().map(|l| l.to_string() + "\n").collect();
    std::fs::write(path, s).unwrap();
}
