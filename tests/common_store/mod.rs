//! Helpers shared by the store reliability tests: a seeded RNG, generated crawls, running the
//! `dedupdb` binary, and reading its report and cluster listings.
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use crate::common::{html_page, prose};

/// xorshift64*: a tiny seeded generator (no new crates for tests).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `lo..hi` (`hi > lo`).
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next_u64() % (hi - lo)
    }

    /// True with probability `pct` percent.
    pub fn chance(&mut self, pct: u64) -> bool {
        self.next_u64() % 100 < pct
    }
}

/// The seed of a test run: `DEDUPDB_TEST_SEED` when set (to replay a failure), else `default`.
pub fn seed(default: u64) -> u64 {
    std::env::var("DEDUPDB_TEST_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// A `dedupdb` command.
pub fn dedupdb() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_dedupdb"));
    // Keep logs terse and deterministic whatever the caller's environment says.
    c.env("RUST_LOG", "warn");
    c
}

/// Runs `dedupdb` with `args` to completion.
pub fn run(args: &[&str]) -> Output {
    dedupdb().args(args).output().expect("cannot run the dedupdb binary")
}

/// Text of a process's stderr, for messages.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Path as &str (temp paths are UTF-8).
pub fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

/// One JSONL input line for a page.
pub fn jsonl_line(url: &str, site: &str, html: &str) -> String {
    serde_json::json!({ "url": url, "site": site, "html": html }).to_string()
}

/// A generated crawl in JSONL.
#[derive(Debug, Clone, Default)]
pub struct Crawl {
    /// Input lines, in order.
    pub lines: Vec<String>,
    /// URLs of the pages that have main text (each URL occurs once in the crawl).
    pub with_text: Vec<String>,
    /// URLs of the pages without main text (navigation only).
    pub without_text: Vec<String>,
}

impl Crawl {
    /// Writes the crawl as a JSONL file.
    pub fn write(&self, path: &Path) {
        let mut text = self.lines.join("\n");
        text.push('\n');
        std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

const SITES: [&str; 6] = ["新华在线", "江岭热线", "清川日报", "东南网", "北方晨报", "海峡财经"];

/// A crawl of `n` pages: new articles (a few of them long), near-duplicates of earlier articles
/// under another site's template with an edit, exact repeats of earlier texts under new URLs,
/// excerpts of earlier articles inside new text, and now and then a page with no main text.
/// `tag` keeps URLs of different crawls apart.
pub fn crawl(seed: u64, n: usize, tag: &str) -> Crawl {
    let mut rng = Rng::new(seed);
    let mut articles: Vec<Vec<String>> = Vec::new();
    let mut out = Crawl::default();
    let mut para_seed = seed.wrapping_mul(1_000_003);
    let mut para = |rng: &mut Rng, len: u64| {
        para_seed += 1;
        prose(para_seed, rng.range(len / 2, len) as usize)
    };
    for i in 0..n {
        let site = SITES[rng.range(0, SITES.len() as u64) as usize];
        let url = format!("https://{}.example/{tag}/{i}.html", rng.range(0, SITES.len() as u64));
        let roll = rng.range(0, 100);
        let paragraphs: Option<Vec<String>> = if articles.is_empty() || roll < 45 {
            // A new article; one in ten is long.
            let (count, len) = if rng.chance(10) { (rng.range(20, 40), 500) } else { (rng.range(2, 7), 300) };
            let ps: Vec<String> = (0..count).map(|_| para(&mut rng, len)).collect();
            articles.push(ps.clone());
            Some(ps)
        } else if roll < 65 {
            // A near-duplicate: one paragraph rewritten, one added.
            let mut ps = articles[rng.range(0, articles.len() as u64) as usize].clone();
            let k = rng.range(0, ps.len() as u64) as usize;
            ps[k] = para(&mut rng, 200);
            ps.push(para(&mut rng, 120));
            Some(ps)
        } else if roll < 82 {
            // An exact repeat of an earlier text.
            Some(articles[rng.range(0, articles.len() as u64) as usize].clone())
        } else if roll < 97 {
            // An excerpt: a passage of an earlier article inside new text.
            let a = &articles[rng.range(0, articles.len() as u64) as usize];
            let mut ps = vec![para(&mut rng, 300)];
            ps.push(a[rng.range(0, a.len() as u64) as usize].clone());
            ps.push(para(&mut rng, 300));
            Some(ps)
        } else {
            None
        };
        let html = match &paragraphs {
            Some(ps) => {
                let refs: Vec<&str> = ps.iter().map(String::as_str).collect();
                html_page(site, &refs)
            }
            None => nav_only_html(site),
        };
        out.lines.push(jsonl_line(&url, site, &html));
        if paragraphs.is_some() {
            out.with_text.push(url);
        } else {
            out.without_text.push(url);
        }
    }
    out
}

/// A page of navigation links and nothing else: no main text.
pub fn nav_only_html(site: &str) -> String {
    let links: String = (0..30).map(|i| format!("<li><a href='/c{i}'>{site}栏目{i}</a></li>")).collect();
    format!("<html><head><title>{site}</title></head><body><ul class='nav'>{links}</ul></body></html>")
}

/// The complete lines of a report (a line still being written when the writer died, with no
/// line end yet, is left out), parsed.
pub fn read_report(path: &Path) -> Vec<Value> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
        Err(e) => panic!("{}: {e}", path.display()),
    };
    let complete = match text.rfind('\n') {
        Some(i) => &text[..i],
        None => return Vec::new(),
    };
    complete
        .lines()
        .enumerate()
        .map(|(n, l)| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{} line {}: not JSON ({e}): {l:?}", path.display(), n + 1))
        })
        .collect()
}

/// Verdicts that mean "inserted and durable".
pub const INSERTED: [&str; 6] = ["new", "exact", "duplicate", "contained", "contains", "overlaps"];

/// The verdict of a report line.
pub fn verdict(line: &Value) -> &str {
    line["verdict"].as_str().unwrap_or_else(|| panic!("report line without a verdict: {line}"))
}

/// A stored page as `dedupdb clusters` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    /// Doc id.
    pub doc_id: u64,
    /// Cluster.
    pub cluster: u64,
}

/// `dedupdb clusters --db DB`: every stored URL with its documents (more than one would be a
/// duplicate). Panics when the command fails.
pub fn clusters(db: &Path) -> HashMap<String, Vec<Stored>> {
    let out = run(&["clusters", "--db", s(db)]);
    assert!(out.status.success(), "dedupdb clusters failed ({}): {}", out.status, stderr(&out));
    let mut map: HashMap<String, Vec<Stored>> = HashMap::new();
    for line in String::from_utf8(out.stdout).expect("clusters output is UTF-8").lines() {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("clusters line {line:?}: {e}"));
        let url = v["url"].as_str().expect("url").to_string();
        let stored =
            Stored { doc_id: v["doc_id"].as_u64().expect("doc_id"), cluster: v["cluster"].as_u64().expect("cluster") };
        map.entry(url).or_default().push(stored);
    }
    map
}

/// Asserts that `dedupdb::store::verify` finds nothing wrong; returns its report.
pub fn assert_sound(db: &Path, when: &str) -> dedupdb::store::VerifyReport {
    let report = dedupdb::store::verify(db).unwrap_or_else(|e| panic!("{when}: verify cannot check the index: {e}"));
    assert!(report.problems.is_empty(), "{when}: verify found problems: {:#?}", report.problems);
    report
}

/// A report line or answer without what names where the page came from (a file and line, or the
/// request), read back through text as the CLI's lines are (a float may differ in its last bit).
pub fn comparable(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("location");
    }
    if let Some(e) = v.get("error").and_then(|e| e.as_str().map(str::to_owned)) {
        // "crawl.jsonl:7: no main text" from the CLI, "<url>: no main text" from a request.
        v["error"] = e.rsplit(": ").next().unwrap_or_default().into();
    }
    serde_json::from_str(&v.to_string()).expect("JSON")
}

/// Asserts two runs' answers are the same, naming the first that differs.
pub fn same_answers(a: &[Value], b: &[Value], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}: as many answers");
    if let Some(i) = (0..a.len()).find(|&i| a[i] != b[i]) {
        panic!("{what}: answer {i} differs:\n{}\n{}", a[i], b[i]);
    }
}

/// A sibling of the `dedupdb` binary in the target directory (another package's binary or
/// library), built when missing.
pub fn built(file: &str, package: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_BIN_EXE_dedupdb")).parent().expect("target directory").to_path_buf();
    let path = dir.join(file);
    if !path.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut cmd = Command::new(cargo);
        cmd.args(["build", "--quiet", "-p", package]);
        if dir.ends_with("release") {
            cmd.arg("--release");
        }
        let status = cmd.status().expect("run cargo build");
        assert!(status.success(), "cargo build -p {package} failed");
    }
    assert!(path.exists(), "{} is not built", path.display());
    path
}

/// `ddtool` (of the tools package).
pub fn ddtool() -> Command {
    Command::new(built("ddtool", "dedupdb-tools"))
}

/// The fault-injection library (tools/faultfs), for `LD_PRELOAD`.
pub fn faultfs() -> std::path::PathBuf {
    built("libddfaultfs.so", "dedupdb-faultfs")
}
