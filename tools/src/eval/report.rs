//! Running `dedupdb ingest --report` over a crawl and reading its report.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use serde::Deserialize;
use serde_json::Value;
use xxhash_rust::xxh3::xxh3_64;

use super::crawl::{for_each_json_line, TruthPage};
use super::score::Decisions;

#[derive(Debug, Deserialize)]
struct ReportLine {
    #[serde(default)]
    url: Option<String>,
    #[serde(default)]
    doc_id: Option<Value>,
    #[serde(default)]
    verdict: Option<String>,
    #[serde(default)]
    cluster: Option<Value>,
    #[serde(default)]
    matches: Vec<ReportMatch>,
}

#[derive(Debug, Deserialize)]
struct ReportMatch {
    #[serde(default)]
    url: Option<String>,
    #[serde(default)]
    doc_id: Option<Value>,
}

/// Verdicts that mean "this page has an earlier near-duplicate".
pub const POSITIVE: &[&str] = &["exact", "duplicate", "contained", "contains", "overlaps"];

/// What the report said beyond the decisions.
#[derive(Debug, Default, serde::Serialize)]
pub struct ReportStats {
    pub lines: usize,
    pub verdicts: std::collections::BTreeMap<String, usize>,
    /// Lines whose URL is not a page of the crawl.
    pub unknown_urls: usize,
    /// Pages of the crawl with no report line.
    pub missing_pages: usize,
}

fn key(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Reads a report into decisions over the truth's pages.
pub fn read_report(path: &Path, truth: &[TruthPage], seconds: f64) -> Result<(Decisions, ReportStats)> {
    let by_url: HashMap<&str, usize> = truth.iter().map(|t| (t.url.as_str(), t.n)).collect();
    let n = truth.len();
    let mut lines: Vec<(usize, ReportLine)> = Vec::new();
    let mut stats = ReportStats::default();
    for_each_json_line(path, "report", |_, r: ReportLine| {
        stats.lines += 1;
        *stats.verdicts.entry(r.verdict.clone().unwrap_or_else(|| "(none)".into())).or_default() += 1;
        // Lines come in input order; the URL says which page when it is there.
        let idx = match r.url.as_deref().and_then(|u| by_url.get(u)) {
            Some(&j) => j,
            None if r.url.is_none() && lines.len() < n => lines.len(),
            None => {
                stats.unknown_urls += 1;
                return Ok(());
            }
        };
        lines.push((idx, r));
        Ok(())
    })?;
    let mut by_doc: HashMap<String, usize> = HashMap::new();
    for (idx, r) in &lines {
        if let Some(d) = &r.doc_id {
            if !d.is_null() {
                by_doc.insert(key(d), *idx);
            }
        }
    }
    let mut d = Decisions {
        name: "dedupdb".to_string(),
        positive: vec![false; n],
        matches: vec![Vec::new(); n],
        cluster: (0..n).map(|i| u64::MAX - i as u64).collect(),
        seconds,
    };
    let mut seen = vec![false; n];
    for (idx, r) in lines {
        seen[idx] = true;
        d.positive[idx] = r.verdict.as_deref().is_some_and(|v| POSITIVE.contains(&v));
        if let Some(c) = r.cluster.as_ref().filter(|c| !c.is_null()) {
            d.cluster[idx] = xxh3_64(key(c).as_bytes()) >> 1;
        }
        d.matches[idx] = r
            .matches
            .iter()
            .map(|m| {
                m.url
                    .as_deref()
                    .and_then(|u| by_url.get(u).copied())
                    .or_else(|| m.doc_id.as_ref().and_then(|d| by_doc.get(&key(d)).copied()))
            })
            .collect();
    }
    stats.missing_pages = seen.iter().filter(|s| !**s).count();
    Ok((d, stats))
}

/// `dedupdb` next to this program.
pub fn default_binary() -> Result<PathBuf> {
    let exe = std::env::current_exe().context("cannot find ddtool's own path")?;
    let dir = exe.parent().context("ddtool has no parent directory")?;
    let name = if cfg!(windows) { "dedupdb.exe" } else { "dedupdb" };
    // Test binaries live one level down (target/debug/deps).
    for d in [dir.to_path_buf(), dir.join("..")] {
        let p = d.join(name);
        if p.exists() {
            return Ok(p);
        }
    }
    bail!(
        "{}: not found next to ddtool; build it (cargo build --release) or pass --dedupdb PATH",
        dir.join(name).display()
    )
}

/// Runs `BIN ingest --db DB --report REPORT [extra] FILES...`; returns the wall-clock seconds.
pub fn run_ingest(bin: &Path, db: &Path, report: &Path, extra: &[String], files: &[PathBuf]) -> Result<f64> {
    let start = Instant::now();
    let mut cmd = Command::new(bin);
    cmd.arg("ingest").arg("--db").arg(db).arg("--report").arg(report).args(extra).args(files);
    let status = cmd.status().with_context(|| format!("{}: cannot run", bin.display()))?;
    let secs = start.elapsed().as_secs_f64();
    if !status.success() {
        bail!("{} ingest failed ({status}); see its messages above", bin.display());
    }
    Ok(secs)
}
