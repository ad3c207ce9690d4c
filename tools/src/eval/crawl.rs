//! Reading a simulated crawl: the truth file and the pages of every day, as JSONL or WARC.gz.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use dedupdb::input::{self, Item, Limits, RawPage};
use serde::Deserialize;

/// One line of `truth.jsonl`.
#[derive(Debug, Clone, Deserialize)]
pub struct TruthPage {
    pub n: usize,
    pub url: String,
    pub site: String,
    pub kind: String,
    pub role: String,
    #[serde(default)]
    pub family: Option<String>,
    pub earlier_dup: bool,
    pub cluster: u64,
    #[serde(default)]
    pub matches: Vec<TruthMatch>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct TruthMatch {
    pub n: usize,
}

/// Calls `f` with every non-blank line of a JSON Lines file, parsed, and its line number;
/// `what` names the file's kind in messages ("truth", "report").
pub fn for_each_json_line<T: serde::de::DeserializeOwned>(
    path: &Path,
    what: &str,
    mut f: impl FnMut(usize, T) -> Result<()>,
) -> Result<()> {
    let file = File::open(path).with_context(|| format!("{}: cannot open the {what}", path.display()))?;
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("{}:{}: cannot read", path.display(), i + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let v: T =
            serde_json::from_str(&line).with_context(|| format!("{}:{}: bad {what} line", path.display(), i + 1))?;
        f(i + 1, v)?;
    }
    Ok(())
}

/// Reads `truth.jsonl`; pages must be numbered 0, 1, 2... in order, and matches must point back.
pub fn read_truth(path: &Path) -> Result<Vec<TruthPage>> {
    let mut out: Vec<TruthPage> = Vec::new();
    for_each_json_line(path, "truth", |line, t: TruthPage| {
        if t.n != out.len() {
            bail!("{}:{line}: page number {} where {} was expected", path.display(), t.n, out.len());
        }
        if let Some(m) = t.matches.iter().find(|m| m.n >= t.n) {
            bail!("{}:{line}: match {} is not an earlier page", path.display(), m.n);
        }
        out.push(t);
        Ok(())
    })?;
    if out.is_empty() {
        bail!("{}: no pages", path.display());
    }
    Ok(out)
}

/// Input format of the day files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Jsonl,
    Warc,
}

/// The day files of a crawl in order: `DIR/day-*/crawl.jsonl` (or `crawl.warc.gz`).
pub fn day_files(dir: &Path, format: Format) -> Result<Vec<PathBuf>> {
    let mut days: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("{}: cannot read the crawl directory", dir.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("day-") && e.path().is_dir())
        .map(|e| e.path())
        .collect();
    days.sort();
    let name = match format {
        Format::Jsonl => "crawl.jsonl",
        Format::Warc => "crawl.warc.gz",
    };
    let files: Vec<PathBuf> = days.iter().map(|d| d.join(name)).collect();
    if files.is_empty() {
        bail!("{}: no day-* directories (is this the output of ddtool simulate?)", dir.display());
    }
    if let Some(missing) = files.iter().find(|f| !f.exists()) {
        bail!("{}: missing", missing.display());
    }
    Ok(files)
}

/// Calls `f` with every page of `files`, in order, read by dedupdb's own input readers (so the
/// baselines see exactly the pages, bytes and charsets dedupdb sees). A bad record stops the
/// evaluation: a simulated crawl has none.
pub fn for_each_page(files: &[PathBuf], format: Format, f: &mut dyn FnMut(RawPage)) -> Result<()> {
    let format = match format {
        Format::Jsonl => input::Format::Jsonl,
        Format::Warc => input::Format::Warc,
    };
    for file in files {
        let name = file.to_str().with_context(|| format!("{}: the path is not UTF-8", file.display()))?;
        for item in input::open(name, Some(format), Limits::default())? {
            match item {
                Item::Page(p) => f(p),
                Item::Skipped { .. } => {}
                Item::Error { location, message, .. } => bail!("{location}: {message}"),
            }
        }
    }
    Ok(())
}
