//! `dedupdb ingest` and `dedupdb query`.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use dedupdb::db::{MergePolicy, RunOptions, Summary};
use dedupdb::input::{Format, InputError, Limits};
use dedupdb::{Answer, Db, Params};

/// Where the index lives unless --db says otherwise.
pub const DEFAULT_DB: &str = "./dedup.db";

/// Options shared by ingest and query.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Index directory (created by ingest if missing).
    #[arg(long, default_value = DEFAULT_DB)]
    pub db: PathBuf,
    /// Input format: jsonl, warc (also .warc.gz) or dir; default: from each input's name.
    #[arg(long)]
    pub format: Option<Format>,
    /// Pages larger than this many MiB are reported as errors and not read.
    #[arg(long, default_value_t = 32)]
    pub max_page_mb: usize,
    /// Worker threads for page analysis (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// List at most N earlier pages per page. Candidates are verified best first until N are
    /// found similar: fewer is faster (a crawl whose articles have many copies ingests about 8%
    /// faster at 4, 14% at 2) but names fewer of a page's earlier copies. The verdict and the
    /// cluster come from the best match and rarely change.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub max_matches: u64,
    /// Inputs: JSONL files (one {"url", "html"|"text", "site"?, "fetched_at"?, "charset"?} per
    /// line), WARC or WARC.gz files (response bodies chunked or not, in gzip, deflate, br or
    /// zstd coding, or stored decoded), directories of .html files, or - for JSONL on stdin.
    #[arg(required = true)]
    pub inputs: Vec<String>,
}

/// Add a crawl to the index, reporting for each page whether it was already known.
///
/// For each page in input order: the index is queried as it stands (earlier pages of this run
/// included), then the page is inserted. The same URL with the same content is skipped; with new
/// content the new version replaces the old. A page's site is its "site" field or its URL's host.
///
/// --report writes one JSON line per input record, in input order, once the page is durable:
///   {"url", "doc_id", "verdict", "cluster", "matches": [{"url", "doc_id", "relation",
///    "resemble", "contain", "ccs"}], "error", "reason" (skipped pages), "location"}
/// verdict: new | exact | duplicate | contained | contains | overlaps | skipped | error
/// ("contains": this page contains the earlier one). Bad records are reported and skipped; they
/// never stop the run.
///
/// Pages are durable once reported. A run ending with fewer pages in memory than a tenth of the
/// flush size (5,000) leaves them in the write-ahead log for the next run to add to, instead of
/// a small segment of their own.
///
/// Exit codes: 0 the run completed (even with per-page errors), 1 failure (the index or an input
/// cannot be opened, corruption), 2 usage error, 3 the index is locked by another writer.
///
/// Examples:
///   dedupdb ingest --report day1.report.jsonl day1/crawl.warc.gz
///   zcat pages.jsonl.gz | dedupdb ingest --db /data/dedup.db -
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct IngestArgs {
    #[command(flatten)]
    pub common: InputArgs,
    /// Write one JSON line per input record here.
    #[arg(long)]
    pub report: Option<PathBuf>,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write the memtable out as a segment whenever it holds this many pages (for tests and
    /// tuning; default 50,000).
    #[arg(long, hide = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub flush_docs: Option<u64>,
    /// Segments of one size tier merged at a time (for tests and tuning; default 4).
    #[arg(long, hide = true, value_parser = clap::value_parser!(u64).range(2..=64))]
    pub merge_factor: Option<u64>,
    /// Query every page in order on one thread instead of early on the worker threads (same
    /// answers; for benchmarks).
    #[arg(long, hide = true)]
    pub in_order: bool,
    /// Leave segments unmerged (merge later with `ddtool compact`). By default segments of
    /// similar size merge four at a time on a background thread while pages keep coming, which
    /// keeps a query's cost down as the index grows; the run waits for a merge in progress
    /// before it exits.
    #[arg(long)]
    pub no_merge: bool,
    /// Set a parameter of a NEW index, NAME=VALUE (repeatable; names as in src/params.rs, e.g.
    /// theta=0.1, overlap_min_chars=100, or fold_traditional=false to keep a page and its copy in
    /// the other Chinese script apart). An existing index keeps the parameters it was built with
    /// (they are in its manifest).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
}

/// Ask whether pages are already known, without inserting them.
///
/// Same inputs as ingest. Prints one line per page: the verdict and the best earlier match; with
/// --json, the same JSON object as an ingest report line (doc_id null, cluster the one it would
/// join). Works while an ingest is running on the same index.
///
/// Exit codes: 0 answered, 1 failure (no index, corruption), 2 usage error.
///
/// Examples:
///   dedupdb query page.html
///   dedupdb query --json --db /data/dedup.db today.jsonl
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct QueryArgs {
    #[command(flatten)]
    pub common: InputArgs,
    /// Print JSON lines.
    #[arg(long)]
    pub json: bool,
}

fn options(common: &InputArgs) -> Result<RunOptions> {
    if let Some(n) = common.threads {
        rayon::ThreadPoolBuilder::new().num_threads(n.max(1)).build_global().context("starting worker threads")?;
    }
    Ok(RunOptions {
        format: common.format,
        limits: Limits { max_page_bytes: common.max_page_mb.max(1) << 20 },
        ..RunOptions::default()
    })
}

fn progress() -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let pb = indicatif::ProgressBar::new_spinner();
    // indicatif's own {per_sec} prints four decimals ("5,337.4637/s"): a whole number reads better.
    let style =
        indicatif::ProgressStyle::with_template("{spinner} {human_pos} pages, {rate} [{elapsed_precise}] {msg}")
            .map(|s| {
                s.with_key("rate", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0} pages/s", state.per_sec());
                })
            })
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
    pb.set_style(style);
    Some(pb)
}

pub fn run_ingest(args: &IngestArgs) -> Result<()> {
    let mut opts = options(&args.common)?;
    opts.early_answers = !args.in_order;
    let params = Params::with_overrides(&args.params).map_err(anyhow::Error::msg)?;
    let mut merge = MergePolicy { disabled: args.no_merge, ..MergePolicy::default() };
    if let Some(f) = args.merge_factor {
        merge.factor = usize::try_from(f).unwrap_or(4);
    }
    let mut builder =
        Db::builder().params(params.clone()).merge_policy(merge).max_matches(args.common.max_matches as usize);
    if let Some(n) = args.flush_docs {
        builder = builder.flush_docs(usize::try_from(n).unwrap_or(usize::MAX));
    }
    // A missing input fails the run before the index is made or opened for writing.
    for name in args.common.inputs.iter().filter(|n| n.as_str() != "-") {
        if let Err(cause) = std::fs::metadata(name) {
            return Err(dedupdb::Error::from(InputError::Open { name: name.clone(), cause }).into());
        }
    }
    let db = builder.open(&args.common.db)?;
    let mut writer = db.writer()?;
    // Nothing else reads: without a `Db` or `Reader` left, the writer keeps one live memtable
    // instead of sealing it at every commit for snapshots to share.
    drop(db);
    if !args.params.is_empty() && writer.params() != &params {
        tracing::warn!(
            "--param ignored: {} exists and keeps the parameters it was built with",
            args.common.db.display()
        );
    }
    let mut report = match &args.report {
        Some(p) => Some(std::io::BufWriter::new(
            std::fs::File::create(p).with_context(|| format!("{}: cannot create the report", p.display()))?,
        )),
        None => None,
    };
    let pb = progress();
    let summary = writer.ingest(&args.common.inputs, &opts, |o: &Answer| {
        if let Some(r) = report.as_mut() {
            serde_json::to_writer(&mut *r, o)?;
            r.write_all(b"\n")?;
            r.flush()?;
        }
        if let Some(pb) = &pb {
            pb.inc(1);
        }
        Ok(())
    })?;
    if let Some(pb) = &pb {
        pb.finish_and_clear();
    }
    writer.close()?;
    print_summary(&summary, args.json)
}

fn print_summary(s: &Summary, json: bool) -> Result<()> {
    if json {
        println!("{}", serde_json::to_string(s)?);
    } else {
        let rate = if s.seconds > 0.0 { s.pages as f64 / s.seconds } else { 0.0 };
        let pages = if s.pages == 1 { "page" } else { "pages" };
        println!(
            "{} {pages}: {} new, {} exact, {} duplicates, {} overlaps, {} skipped, {} errors in {:.1}s ({:.0} pages/s)",
            s.pages, s.new, s.exact, s.duplicates, s.overlaps, s.skipped, s.errors, s.seconds, rate
        );
    }
    Ok(())
}

pub fn run_query(args: &QueryArgs) -> Result<()> {
    let opts = options(&args.common)?;
    let reader =
        Db::builder().max_matches(args.common.max_matches as usize).open_existing(&args.common.db)?.reader()?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    reader.query_inputs(&args.common.inputs, &opts, |o: &Answer| {
        if args.json {
            serde_json::to_writer(&mut out, o)?;
            out.write_all(b"\n")?;
        } else {
            let url = o.url.as_deref().unwrap_or(&o.location);
            match (o.matches.first(), &o.error) {
                (_, Some(e)) => writeln!(out, "{url}\terror\t{e}")?,
                (Some(m), _) => writeln!(
                    out,
                    "{url}\t{}\t{} ({}, resemble {:.2}, contain {:.2})",
                    o.verdict, m.url, m.relation, m.resemble, m.contain
                )?,
                (None, None) => writeln!(out, "{url}\t{}", o.verdict)?,
            }
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(())
}

/// Print every stored page's cluster, as JSON lines {"url", "cluster", "doc_id"}.
///
/// A cluster is named by the doc id of its first page; each page joined the cluster of its best
/// verified earlier match (exact, duplicate or containment), or started its own.
#[derive(Debug, Args)]
pub struct ClustersArgs {
    /// Index directory.
    #[arg(long, default_value = DEFAULT_DB)]
    pub db: PathBuf,
}

pub fn run_clusters(args: &ClustersArgs) -> Result<()> {
    let reader = Db::open_existing(&args.db)?.reader()?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    reader.for_each_page(|doc_id, url, cluster| {
        serde_json::to_writer(&mut out, &serde_json::json!({"url": url, "cluster": cluster, "doc_id": doc_id}))?;
        out.write_all(b"\n")
    })?;
    out.flush()?;
    Ok(())
}
