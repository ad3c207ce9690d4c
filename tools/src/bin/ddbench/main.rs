//! `ddbench`: scale benchmarks of the index (figures go to BENCHMARKS.md).
//!
//! * `ddbench build --db D --pages N --checkpoints 10000,100000,...`: builds an index of synthetic
//!   ~3,000-character articles in process (about 45% near-duplicates of earlier ones: exact
//!   reposts, edits, excerpts, extensions), and at each checkpoint flushes and measures query
//!   latency (p50/p99) of fresh pages, half near-duplicates, half new.
//! * `ddbench query --db D --queries Q`: the same measurement from a fresh read-only process, with
//!   its peak RSS, to show that query memory does not grow with the index.
//! * `ddbench gen-crawl --pages N --out F`: a JSONL crawl of ~20 KB HTML pages for timing
//!   `dedupdb ingest` (one core: `--threads 1`) under `/usr/bin/time -v`.
//! * `ddbench hard --db D --pages N`: pages whose verification is dear (sections moved, digests
//!   of other pages in any order, threads quoting one block in every reply) ingested in process,
//!   with the query time per shape (see `hard.rs`); `--out F` also writes them as JSONL.
//! * `ddbench script-copies --db D CRAWL...`: every page of a crawl indexed, then its copy in
//!   traditional characters (four OpenCC conversions in turn) queried: how many find their
//!   original, and how (see `script.rs`).
//! * `ddbench analyze CRAWL...`: the page analysis alone (decode to features) over a crawl's
//!   pages held in memory, one thread (see `analyze.rs`).
//!
//! The generator draws words from a fixed vocabulary with a skewed distribution, so texts share
//! common words and phrases as real ones do, while articles differ.

mod analyze;
mod hard;
mod http;
mod script;

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use dedupdb::dedup::Searcher;
use dedupdb::store::{Index, NewDoc};
use dedupdb::{Body, Page, Params};
use serde_json::json;

#[derive(Debug, Parser)]
#[command(name = "ddbench", about = "Scale benchmarks of the dedupdb index")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// Build an index in process and measure query latency at checkpoints.
    Build {
        #[arg(long)]
        db: PathBuf,
        #[arg(long)]
        pages: u64,
        /// Comma-separated page counts at which to measure.
        #[arg(long, default_value = "10000")]
        checkpoints: String,
        #[arg(long, default_value_t = 1000)]
        queries: u64,
        /// Insert without querying first (same documents and keys; clusters are not assigned).
        /// Builds large indexes for latency and size figures several times faster.
        #[arg(long)]
        insert_only: bool,
        /// Leave segments unmerged (the layout before size-tiered merging).
        #[arg(long)]
        no_merge: bool,
        /// Set a parameter of a new index, NAME=VALUE (repeatable; as `dedupdb ingest --param`),
        /// e.g. fp_budget=0 to compare with every fingerprint rotation.
        #[arg(long = "param", value_name = "NAME=VALUE")]
        params: Vec<String>,
    },
    /// Measure query latency and peak RSS in a fresh read-only process.
    Query {
        #[arg(long)]
        db: PathBuf,
        #[arg(long, default_value_t = 1000)]
        queries: u64,
        /// Pages the index was built with (to pick near-duplicates of existing pages).
        #[arg(long)]
        pages: u64,
    },
    /// Write a JSONL crawl of ~20 KB HTML pages.
    GenCrawl {
        #[arg(long)]
        pages: u64,
        #[arg(long)]
        out: PathBuf,
    },
    /// Ingest pages whose verification is dear in process; query time per shape.
    Hard {
        #[arg(long)]
        db: PathBuf,
        #[arg(long, default_value_t = 3000)]
        pages: u64,
        /// Also write the pages as a JSONL crawl (`url`, `text`) for `dedupdb ingest`.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Index a crawl, then query each page's copy in traditional characters: is its original
    /// found? Prints the tally per conversion as JSON.
    ScriptCopies {
        /// A new index to build.
        #[arg(long)]
        db: PathBuf,
        /// Also write the copies as a JSONL crawl for `dedupdb ingest`.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Build the index as one created before traditional characters were folded.
        #[arg(long)]
        no_fold: bool,
        /// The crawl: JSONL or WARC files.
        #[arg(required = true)]
        crawl: Vec<PathBuf>,
    },
    /// Write the pages `ddbench query` asks about (half near-copies of an index of `--pages`
    /// pages built by `ddbench build`, half fresh articles) as JSONL `{"url", "text"}`, for
    /// `ddbench http`.
    QueryPages {
        /// Pages the index was built with.
        #[arg(long)]
        pages: u64,
        #[arg(long, default_value_t = 2000)]
        queries: u64,
        #[arg(long)]
        out: PathBuf,
    },
    /// Load a running `dedupdb serve` on loopback: requests per second and p50/p99 latency at
    /// each number of concurrent clients (keep-alive connections), as JSON lines. Bounded by
    /// --requests and --seconds per level.
    Http {
        /// The server's address.
        #[arg(long, default_value = "127.0.0.1:7700")]
        addr: String,
        /// The endpoint: /v1/query or /v1/ingest.
        #[arg(long, default_value = "/v1/query")]
        path: String,
        /// Concurrent clients per level, comma-separated.
        #[arg(long, default_value = "1,8,64")]
        clients: String,
        /// Requests per level at most.
        #[arg(long, default_value_t = 20_000)]
        requests: usize,
        /// Seconds per level at most.
        #[arg(long, default_value_t = 20)]
        seconds: u64,
        /// Pages per request (a batch `{"pages": [...]}` above 1).
        #[arg(long, default_value_t = 1)]
        batch: usize,
        /// Requests per second over all clients, each client on a schedule (open loop); without
        /// it every client sends as soon as it is answered (closed loop).
        #[arg(long)]
        rate: Option<f64>,
        /// The pages: a JSONL crawl, its lines sent in order (cycled).
        crawl: PathBuf,
    },
    /// Analyze a crawl's pages (decode, extract, normalize, features) on one thread, nothing
    /// indexed: pages/s and MiB/s of the best of the rounds, as JSON. The pages are read into
    /// memory first; under `valgrind --tool=cachegrind` use one round.
    Analyze {
        /// Pages to read at most.
        #[arg(long, default_value_t = 2000)]
        pages: usize,
        /// Times to analyze them all; the fastest round is reported.
        #[arg(long, default_value_t = 3)]
        rounds: u32,
        /// The crawl: JSONL or WARC files.
        #[arg(required = true)]
        crawl: Vec<PathBuf>,
    },
}

struct Rng(u64);
impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03 | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

const CHARS: &str = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府研质";

struct Vocab(Vec<String>);

impl Vocab {
    fn new() -> Vocab {
        let pool: Vec<char> = CHARS.chars().collect();
        let mut r = Rng::new(7);
        Vocab(
            (0..4000)
                .map(|_| (0..2 + r.below(3)).map(|_| pool[r.below(pool.len() as u64) as usize]).collect())
                .collect(),
        )
    }

    /// An article of about `n` characters from `seed`.
    fn article(&self, seed: u64, n: usize) -> String {
        let mut r = Rng::new(seed);
        let mut s = String::with_capacity(n * 3 + 64);
        let mut count = 0;
        while count < n {
            let words = 6 + r.below(14);
            for w in 0..words {
                // Skewed: low indices are common words.
                let x = r.below(4000) * r.below(4000) / 4000;
                let word = &self.0[x as usize];
                s.push_str(word);
                count += word.chars().count();
                if w + 1 < words && r.below(6) == 0 {
                    s.push('，');
                }
            }
            s.push('。');
            if r.below(5) == 0 {
                s.push('\n');
            }
        }
        s
    }

    /// Page `i` of the synthetic crawl: new, or a near-duplicate of an earlier page.
    fn page(&self, i: u64, existing: u64) -> (String, &'static str) {
        let mut r = Rng::new(i ^ 0xABCD);
        let roll = r.below(100);
        if existing == 0 || roll < 55 {
            return (self.article(i, 3000), "new");
        }
        let j = r.below(existing);
        let base: Vec<char> = self.page(j, j).0.chars().collect();
        match roll {
            55..=69 => (base.iter().collect(), "repost"),
            70..=79 => (edit(base, &mut r).iter().collect(), "edited"),
            80..=89 => {
                let len = b_len(&base, &mut r);
                let start = r.below((base.len() - len) as u64 + 1) as usize;
                (base[start..start + len].iter().collect(), "excerpt")
            }
            _ => {
                let extra = self.article(i, base.len() / 5);
                let mut s: String = base.iter().collect();
                s.push('\n');
                s.push_str(&extra);
                (s, "extended")
            }
        }
    }
}

/// `text` with 2% of its characters, drawn from `r`, changed to '某'.
fn edit(mut text: Vec<char>, r: &mut Rng) -> Vec<char> {
    for _ in 0..text.len() / 50 {
        let k = r.below(text.len() as u64) as usize;
        text[k] = '某';
    }
    text
}

fn b_len(base: &[char], r: &mut Rng) -> usize {
    (base.len() * (30 + r.below(25) as usize) / 100).max(1).min(base.len())
}

/// The pages of a crawl's JSONL or WARC files, in order, read as they are asked for; records
/// other than pages (skipped, or errors) are left out.
fn crawl_pages(crawl: &[PathBuf]) -> impl Iterator<Item = Result<dedupdb::input::RawPage>> + '_ {
    use dedupdb::input::{self, Item, Limits};
    crawl.iter().flat_map(|file| -> Box<dyn Iterator<Item = Result<input::RawPage>>> {
        let opened = file
            .to_str()
            .with_context(|| format!("{}: the path is not UTF-8", file.display()))
            .and_then(|name| Ok(input::open(name, None, Limits::default())?));
        match opened {
            Ok(items) => Box::new(items.filter_map(|item| match item {
                Item::Page(raw) => Some(Ok(raw)),
                _ => None,
            })),
            Err(e) => Box::new(std::iter::once(Err(e))),
        }
    })
}

/// A field of /proc/self/status in KiB (VmHWM: peak resident; RssAnon: heap and stacks now;
/// RssFile: mapped index pages now, which the kernel can drop at will).
fn status_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with(field)).map(|l| l.to_string()))
        .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        .unwrap_or(0)
}

fn peak_rss_kib() -> u64 {
    status_kib("VmHWM:")
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Runs `q` queries of fresh pages; returns (query-only µs sorted, end-to-end µs sorted, similar found).
fn measure(index: &mut Index, vocab: &Vocab, pages: u64, q: u64, params: &Params) -> Result<(Vec<f64>, Vec<f64>, u64)> {
    let mut verified = 0usize;
    let mut reused = 0usize;
    let mut only = Vec::with_capacity(q as usize);
    let mut total = Vec::with_capacity(q as usize);
    let mut found = 0;
    for k in 0..q {
        let i = 10_000_000_000 + k;
        let text = if k % 2 == 0 { vocab.page(i, pages).0 } else { vocab.article(i, 3000) };
        let t0 = Instant::now();
        let page = Page::analyze(Body::Text { bytes: text.as_bytes(), charset: None }, params);
        let t1 = Instant::now();
        let a = Searcher::of(index).query(&page.norm.chars, &page.features, None)?;
        let t2 = Instant::now();
        if a.best().is_some() {
            found += 1;
        }
        verified += a.verified;
        reused += a.reused;
        only.push((t2 - t1).as_secs_f64() * 1e6);
        total.push((t2 - t0).as_secs_f64() * 1e6);
    }
    only.sort_by(f64::total_cmp);
    total.sort_by(f64::total_cmp);
    eprintln!(
        "verified per query: {:.2} (of which identical to one already aligned: {:.2})",
        verified as f64 / q.max(1) as f64,
        reused as f64 / q.max(1) as f64
    );
    Ok((only, total, found))
}

/// Inserts page `i` of a run, committing and flushing if due every 256 pages.
fn insert(index: &mut Index, i: u64, url: &str, site: &str, page: &Page, cluster: Option<u32>) -> Result<()> {
    index.insert(NewDoc {
        url,
        site,
        fetched_at: 0,
        chars: &page.norm.chars,
        features: &page.features,
        cluster,
        replaces: None,
        title: page.title_sketch,
        listing: page.extracted.listing,
        script: page.script,
    })?;
    if i % 256 == 255 {
        index.commit()?;
        index.maybe_flush()?;
    }
    Ok(())
}

fn main() -> Result<()> {
    dedupdb::die_on_closed_pipe();
    dedupdb::report_unreadable_pages("ddbench");
    let cli = Cli::parse();
    let vocab = Vocab::new();
    let params = Params::default();
    match cli.cmd {
        Cmd::Build { db, pages, checkpoints, queries, insert_only, no_merge, params: overrides } => {
            let params = Params::with_overrides(&overrides).map_err(anyhow::Error::msg)?;
            let mut cps: Vec<u64> = checkpoints
                .split(',')
                .map(|c| c.trim().parse().with_context(|| format!("--checkpoints: '{c}' is not a page count")))
                .collect::<Result<_>>()?;
            cps.sort_unstable();
            let mut index = Index::open_writer(&db, &params)?;
            // An existing index is fed with its own rules (its keys were made with them).
            let params = index.params().clone();
            index.merge_policy.disabled = no_merge;
            let start = Instant::now();
            let mut since = Instant::now();
            let mut done_at_last = 0u64;
            for i in 0..pages {
                let (text, _) = vocab.page(i, i);
                let page = Page::analyze(Body::Text { bytes: text.as_bytes(), charset: None }, &params);
                let cluster = if insert_only {
                    None
                } else {
                    Searcher::of(&index).query(&page.norm.chars, &page.features, None)?.best().map(|m| m.cluster)
                };
                let url = format!("http://site{}.example/a/{i}.html", i % 500);
                insert(&mut index, i, &url, &format!("site{}.example", i % 500), &page, cluster)?;
                if cps.contains(&(i + 1)) {
                    index.flush()?;
                    index.merge_tiers()?;
                    let build_rate = (i + 1 - done_at_last) as f64 / since.elapsed().as_secs_f64();
                    let (only, total, found) = measure(&mut index, &vocab, i + 1, queries, &params)?;
                    println!(
                        "{}",
                        json!({
                            "pages": i + 1, "segments": index.segments().len(),
                            "build_pages_per_s_since_last": build_rate,
                            "elapsed_s": start.elapsed().as_secs_f64(),
                            "query_us": {"p50": percentile(&only, 0.5), "p99": percentile(&only, 0.99), "max": percentile(&only, 1.0)},
                            "analyze_plus_query_us": {"p50": percentile(&total, 0.5), "p99": percentile(&total, 0.99)},
                            "queries": queries, "with_match": found, "peak_rss_kib": peak_rss_kib(),
                        })
                    );
                    std::io::stdout().flush()?;
                    since = Instant::now();
                    done_at_last = i + 1;
                }
            }
            index.flush()?;
            index.close()?;
        }
        Cmd::Query { db, queries, pages } => {
            let t = Instant::now();
            let mut index = Index::open_reader(&db).with_context(|| format!("opening {}", db.display()))?;
            let open_ms = t.elapsed().as_secs_f64() * 1e3;
            let rss_open = peak_rss_kib();
            let params = index.params().clone();
            let (only, total, found) = measure(&mut index, &vocab, pages, queries, &params)?;
            // A second pass over other fresh pages: the index's pages are now mapped and checked.
            let (warm, _, _) = measure(&mut index, &vocab, pages + 7, queries, &params)?;
            println!(
                "{}",
                json!({
                    "warm_query_us": {"p50": percentile(&warm, 0.5), "p99": percentile(&warm, 0.99), "max": percentile(&warm, 1.0)},
                    "rss_anon_kib": status_kib("RssAnon:"), "rss_file_kib": status_kib("RssFile:"),
                    "pages": pages, "open_ms": open_ms, "peak_rss_after_open_kib": rss_open,
                    "query_us": {"p50": percentile(&only, 0.5), "p99": percentile(&only, 0.99), "max": percentile(&only, 1.0)},
                    "analyze_plus_query_us": {"p50": percentile(&total, 0.5), "p99": percentile(&total, 0.99)},
                    "queries": queries, "with_match": found, "peak_rss_kib": peak_rss_kib(),
                })
            );
        }
        Cmd::Hard { db, pages, out } => {
            let mut index = Index::open_writer(&db, &params)?;
            let params = index.params().clone();
            let mut w = match &out {
                Some(o) => {
                    Some(std::io::BufWriter::new(std::fs::File::create(o).with_context(|| format!("{}", o.display()))?))
                }
                None => None,
            };
            let mut earlier: Vec<Vec<String>> = vec![Vec::new(); hard::SHAPES.len()];
            let mut tally = hard::Tally::new();
            let start = Instant::now();
            for i in 0..pages {
                let (shape, text) = hard::page(&vocab, i, &earlier);
                let url = format!("http://site{}.example/{}/{i}.html", i % 50, hard::SHAPES[shape]);
                if let Some(w) = w.as_mut() {
                    serde_json::to_writer(&mut *w, &json!({"url": url, "text": text}))?;
                    w.write_all(b"\n")?;
                }
                let page = Page::analyze(Body::Text { bytes: text.as_bytes(), charset: None }, &params);
                let t = Instant::now();
                let a = Searcher::of(&index).query(&page.norm.chars, &page.features, None)?;
                let best = match (&a.exact, a.matches.first()) {
                    (Some(_), _) => Some("exact"),
                    (None, m) => m.map(|m| m.cmp.relation.as_str()),
                };
                let rounds: Vec<usize> = a.matches.iter().map(|m| m.cmp.rounds).collect();
                tally.record(shape, t, best, a.verified, &rounds);
                insert(&mut index, i, &url, &format!("site{}.example", i % 50), &page, a.best().map(|m| m.cluster))?;
                earlier[shape].push(text);
            }
            if let Some(mut w) = w {
                w.flush()?;
            }
            index.flush()?;
            index.close()?;
            for row in tally.report() {
                println!("{row}");
            }
            eprintln!("{pages} pages in {:.1} s", start.elapsed().as_secs_f64());
        }
        Cmd::ScriptCopies { db, out, no_fold, crawl } => {
            let start = Instant::now();
            let params = Params { fold_traditional: !no_fold, ..params };
            let tally = script::run(&crawl, &db, &params, out.as_deref())?;
            println!("{}", serde_json::to_string_pretty(&tally)?);
            eprintln!("{:.1} s", start.elapsed().as_secs_f64());
        }
        Cmd::QueryPages { pages, queries, out } => {
            let mut w =
                std::io::BufWriter::new(std::fs::File::create(&out).with_context(|| format!("{}", out.display()))?);
            for k in 0..queries {
                let i = 10_000_000_000 + k;
                let text = if k % 2 == 0 { vocab.page(i, pages).0 } else { vocab.article(i, 3000) };
                serde_json::to_writer(&mut w, &json!({"url": format!("http://query.example/{k}"), "text": text}))?;
                w.write_all(b"\n")?;
            }
            w.flush()?;
        }
        Cmd::Http { addr, path, clients, requests, seconds, batch, rate, crawl } => {
            let text = std::fs::read_to_string(&crawl).with_context(|| format!("{}", crawl.display()))?;
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            let bodies: Vec<Vec<u8>> = if batch <= 1 {
                lines.iter().map(|l| l.as_bytes().to_vec()).collect()
            } else {
                lines.chunks(batch).map(|c| format!("{{\"pages\": [{}]}}", c.join(",")).into_bytes()).collect()
            };
            for n in clients.split(',').map(str::trim).filter(|c| !c.is_empty()) {
                let n: usize = n.parse().with_context(|| format!("--clients: {n} is not a number"))?;
                let level = http::level(
                    &addr,
                    &path,
                    &bodies,
                    n.max(1),
                    requests,
                    std::time::Duration::from_secs(seconds),
                    rate,
                )?;
                println!("{}", serde_json::to_string(&level)?);
            }
        }
        Cmd::Analyze { pages, rounds, crawl } => {
            println!("{}", serde_json::to_string_pretty(&analyze::run(&crawl, pages, rounds)?)?);
        }
        Cmd::GenCrawl { pages, out } => {
            let mut w =
                std::io::BufWriter::new(std::fs::File::create(&out).with_context(|| format!("{}", out.display()))?);
            let nav: String = (0..50).map(|k| format!("<li><a href=\"/c/{k}.html\">频道{k}</a></li>")).collect();
            for i in 0..pages {
                let (text, _) = vocab.page(i, i);
                let side: String = (0..40)
                    .map(|k| {
                        format!("<li><a href=\"/n/{}.html\">{}</a></li>", i * 40 + k, vocab.article(i * 977 + k, 14))
                    })
                    .collect();
                let body: String = text.split('\n').map(|p| format!("<p>{p}</p>\n")).collect();
                let html = format!(
                    "<html><head><meta charset=\"utf-8\"><title>t{i}</title><script>var a={i};function f(){{return a*2;}}</script>\
                     <style>.nav li{{float:left}}</style></head><body><ul class=\"nav\">{nav}</ul>\
                     <div class=\"main\"><div class=\"content\">{body}</div><div class=\"side\"><ul>{side}</ul></div></div>\
                     <div class=\"footer\">版权所有 关于我们 联系方式</div></body></html>"
                );
                serde_json::to_writer(
                    &mut w,
                    &json!({"url": format!("http://site{}.example/p/{i}.html", i % 500), "html": html}),
                )?;
                w.write_all(b"\n")?;
            }
            w.flush()?;
        }
    }
    Ok(())
}
