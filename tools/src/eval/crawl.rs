//! Reading a simulated crawl: the truth file and the pages of every day, as JSONL or WARC.gz.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use flate2::read::MultiGzDecoder;
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

/// Reads `truth.jsonl`; pages must be numbered 0, 1, 2... in order, and matches must point back.
pub fn read_truth(path: &Path) -> Result<Vec<TruthPage>> {
    let f = File::open(path).with_context(|| format!("{}: cannot open", path.display()))?;
    let mut out: Vec<TruthPage> = Vec::new();
    for (i, line) in BufReader::new(f).lines().enumerate() {
        let line = line.with_context(|| format!("{}:{}: cannot read", path.display(), i + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let t: TruthPage =
            serde_json::from_str(&line).with_context(|| format!("{}:{}: bad truth line", path.display(), i + 1))?;
        if t.n != out.len() {
            bail!("{}:{}: page number {} where {} was expected", path.display(), i + 1, t.n, out.len());
        }
        if let Some(m) = t.matches.iter().find(|m| m.n >= t.n) {
            bail!("{}:{}: match {} is not an earlier page", path.display(), i + 1, m.n);
        }
        out.push(t);
    }
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

/// A page as stored in the crawl.
#[derive(Debug, Clone)]
pub struct RawPage {
    pub url: String,
    pub bytes: Vec<u8>,
    pub charset: Option<String>,
    /// HTML (true) or plain text.
    pub html: bool,
}

#[derive(Deserialize)]
struct JsonlLine {
    url: String,
    #[serde(default)]
    html: Option<String>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    charset: Option<String>,
}

/// Calls `f` with every page of `files`, in order.
pub fn for_each_page(files: &[PathBuf], format: Format, f: &mut dyn FnMut(RawPage)) -> Result<()> {
    for file in files {
        match format {
            Format::Jsonl => read_jsonl(file, f)?,
            Format::Warc => read_warc(file, f)?,
        }
    }
    Ok(())
}

fn read_jsonl(path: &Path, out: &mut dyn FnMut(RawPage)) -> Result<()> {
    let f = File::open(path).with_context(|| format!("{}: cannot open", path.display()))?;
    for (i, line) in BufReader::new(f).lines().enumerate() {
        let line = line.with_context(|| format!("{}:{}: cannot read", path.display(), i + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let l: JsonlLine =
            serde_json::from_str(&line).with_context(|| format!("{}:{}: bad JSONL record", path.display(), i + 1))?;
        let (bytes, html) = match (l.html, l.text) {
            (Some(h), _) => (h.into_bytes(), true),
            (None, Some(t)) => (t.into_bytes(), false),
            (None, None) => bail!("{}:{}: record has neither \"html\" nor \"text\"", path.display(), i + 1),
        };
        // The JSON string is already Unicode: a charset field describes the original page.
        let _ = l.charset;
        out(RawPage { url: l.url, bytes, charset: Some("utf-8".to_string()), html });
    }
    Ok(())
}

fn read_line_crlf(r: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<usize> {
    buf.clear();
    let n = r.read_until(b'\n', buf)?;
    while buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
        buf.pop();
    }
    Ok(n)
}

fn read_warc(path: &Path, out: &mut dyn FnMut(RawPage)) -> Result<()> {
    let f = File::open(path).with_context(|| format!("{}: cannot open", path.display()))?;
    let mut r = BufReader::new(MultiGzDecoder::new(BufReader::new(f)));
    let mut line = Vec::new();
    let mut record = 0usize;
    loop {
        // Skip blank lines between records.
        let n = read_line_crlf(&mut r, &mut line)
            .with_context(|| format!("{}: record {record}: cannot read", path.display()))?;
        if n == 0 {
            break;
        }
        if line.is_empty() {
            continue;
        }
        record += 1;
        if !line.starts_with(b"WARC/") {
            bail!("{}: record {record}: expected a WARC/1.x header line", path.display());
        }
        let (mut kind, mut uri, mut len) = (String::new(), String::new(), None::<usize>);
        loop {
            read_line_crlf(&mut r, &mut line)
                .with_context(|| format!("{}: record {record}: cannot read", path.display()))?;
            if line.is_empty() {
                break;
            }
            let l = String::from_utf8_lossy(&line);
            if let Some((k, v)) = l.split_once(':') {
                let v = v.trim();
                match k.trim().to_ascii_lowercase().as_str() {
                    "warc-type" => kind = v.to_string(),
                    "warc-target-uri" => uri = v.trim_matches(['<', '>']).to_string(),
                    "content-length" => len = v.parse().ok(),
                    _ => {}
                }
            }
        }
        let Some(len) = len else { bail!("{}: record {record}: no Content-Length", path.display()) };
        let mut block = vec![0u8; len];
        r.read_exact(&mut block).with_context(|| format!("{}: record {record}: truncated block", path.display()))?;
        if kind != "response" {
            continue;
        }
        let Some(split) = block.windows(4).position(|w| w == b"\r\n\r\n") else {
            bail!("{}: record {record}: response without an HTTP header", path.display());
        };
        let head = String::from_utf8_lossy(&block[..split]).to_string();
        let body = block[split + 4..].to_vec();
        let mut charset = None;
        for h in head.lines().skip(1) {
            if let Some((k, v)) = h.split_once(':') {
                if k.trim().eq_ignore_ascii_case("content-type") {
                    charset = dedupdb::decode::charset_from_content_type(v).map(str::to_string);
                }
            }
        }
        out(RawPage { url: uri, bytes: body, charset, html: true });
    }
    Ok(())
}
