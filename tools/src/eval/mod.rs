//! `ddtool eval`: how well dedupdb finds near-duplicates in a simulated crawl, next to every
//! method of the founding papers on the same pages.
//!
//! dedupdb runs as `dedupdb ingest --report` over the crawl's day files in order (JSONL by default,
//! `--format warc` for the WARC.gz files). The other methods ([`methods`]: CCDet and the LCS paper
//! on their own, feature codes, simhash against all earlier pages and with single-pass
//! clustering, shingling, MinHash LSH, I-Match, keyword fingerprints, SpotSigs) read the same
//! files, decode and extract every page with dedupdb's own `decode`, `extract` and `normalize` (so
//! all compare detection on equal text), then run in crawl order. A method with a threshold the
//! papers leave open runs several settings; the table shows the best by decision F1 and the
//! results file keeps them all.
//!
//! Every method gives, for every page, a decision ("has an earlier near-duplicate"), its matched
//! earlier pages best first, and a cluster label (dedupdb's `cluster`; for the baselines, the
//! cluster of the page's best match, as single-pass clustering does). Verdicts `exact`,
//! `duplicate`, `contained`, `contains` and `overlaps` are positive; `new`, `skipped`, `error` and
//! a missing report line are negative.
//!
//! # Metrics
//!
//! The truth (`truth.jsonl`, see `sim::truth`) lists every page's true earlier near-duplicates.
//!
//! * **Decision P/R/F1**: over all pages, TP = positive and truly has an earlier near-duplicate,
//!   FP = positive and has none, FN = negative and has one. P = TP/(TP+FP), R = TP/(TP+FN),
//!   F1 = 2PR/(P+R). (P = 1 when nothing is positive.)
//! * **Top-match precision**: among positive pages, the share whose first (best) reported match is
//!   a true near-duplicate of the page; a positive page without a match counts as wrong.
//! * **Pairwise P/R/F1**: the reported pairs are the unordered pairs {page, reported match}, all
//!   matches of all pages, each pair once; the true pairs are {page, true earlier near-duplicate}.
//!   P = correct reported / reported (a match naming no page of the crawl is a wrong pair),
//!   R = correct reported / true.
//! * **Cluster P/R/F1**: pairs of pages in the same predicted cluster vs pairs in the same true
//!   cluster (true clusters: connected components of duplicate and containment pairs), counted
//!   from the contingency table: TP = Σ C(n_ij, 2), P = TP / Σ C(a_i, 2), R = TP / Σ C(b_j, 2).
//! * **Recall per role** (and per kind): decision recall among the truly positive pages of that
//!   role; the number of such pages is shown with it.
//! * **Same-site / cross-site precision**: pairwise precision of the reported pairs whose two pages
//!   are on the same site / on different sites (recall of each is in the JSON).
//! * **Near-miss false-positive rate**: among bulletin pages with no earlier near-duplicate (issues
//!   of a series: same boilerplate, different facts), the share decided positive. The JSON also
//!   counts reported pairs joining two different issues of one bulletin family.
//! * **Pages/s**: pages divided by wall-clock seconds: the whole `dedupdb ingest` process (reading,
//!   analysis, index writes); for a baseline, reading the text through dedupdb's stages plus its
//!   own fingerprinting and search at the reported setting (the sweep's other settings excluded).

pub mod crawl;
pub mod methods;
pub mod prep;
pub mod report;
pub mod score;

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use serde_json::json;

use crawl::Format;
use methods::words::Words;
use methods::{ccdet, featcode, imatch, keywords, lcs, minhash, shingling, simhash, spotsigs, Decisions};
use score::{score, Scores};

/// A method of the founding papers, for `--method`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// Period features and CCS alone (CCDet paper).
    Ccdet,
    /// Sentence fingerprints, then TLCS with r >= 0.28 or c >= 0.7 (LCS paper).
    Lcs,
    /// Paragraph main and aux codes.
    Featcode,
    /// 64-bit simhash against all earlier pages, k <= 3.
    Simhash,
    /// simhash with single-pass clustering (centres only).
    Simhash1,
    /// Broder's word shingles and super-shingles.
    Shingling,
    /// MinHash LSH over character 5-grams.
    Minhash,
    /// I-Match, one lexicon and randomised lexicons.
    Imatch,
    /// Keyword fingerprints (digest, top keywords, weights).
    Keywords,
    /// SpotSigs: chains after function words, Jaccard.
    Spotsigs,
}

/// Score dedupdb and every method of the founding papers on a simulated crawl.
///
/// Runs `dedupdb ingest --report` over CRAWL/day-*/crawl.jsonl (or crawl.warc.gz) in order, scores
/// the report against CRAWL/truth.jsonl, runs the other methods on the same pages (CCDet and the
/// LCS paper on their own, feature codes, simhash two ways, shingling, MinHash LSH, I-Match,
/// keyword fingerprints, SpotSigs), and prints a markdown table, one column per method. The
/// metrics are defined in tools/src/eval/mod.rs, the methods in tools/src/eval/methods/.
///
/// Examples:
///   ddtool eval --crawl data/crawl --out results.json
///   ddtool eval --crawl data/crawl --format warc --ingest-arg=--threads=2
///   ddtool eval --crawl data/crawl --report old.report.jsonl --no-baselines
///   ddtool eval --crawl data/crawl --no-dedupdb --method ccdet --method spotsigs
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct EvalArgs {
    /// Crawl directory written by `ddtool simulate`.
    #[arg(long)]
    pub crawl: PathBuf,
    /// The dedupdb binary (default: dedupdb next to ddtool).
    #[arg(long)]
    pub dedupdb: Option<PathBuf>,
    /// Index directory for the run; must not exist or be empty (default: a temporary directory,
    /// removed afterwards).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// Write every number (sweeps included) to this JSON file.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Which day files to read.
    #[arg(long, value_enum, default_value_t = Format::Jsonl)]
    pub format: Format,
    /// Score this existing ingest report instead of running dedupdb.
    #[arg(long, conflicts_with_all = ["dedupdb", "db", "no_dedupdb"])]
    pub report: Option<PathBuf>,
    /// Keep the report of the dedupdb run here.
    #[arg(long, conflicts_with = "report")]
    pub keep_report: Option<PathBuf>,
    /// Extra argument for `dedupdb ingest` (repeatable), e.g. --ingest-arg=--threads=2.
    #[arg(long, allow_hyphen_values = true)]
    pub ingest_arg: Vec<String>,
    /// Do not run dedupdb (the other methods only).
    #[arg(long)]
    pub no_dedupdb: bool,
    /// Do not run the other methods (dedupdb alone).
    #[arg(long)]
    pub no_baselines: bool,
    /// Run only these methods beside dedupdb (repeatable; default: all).
    #[arg(long, value_enum, conflicts_with = "no_baselines")]
    pub method: Vec<Method>,
}

/// Scores every setting of a method, records them under `key` in `extra`, and returns the best by
/// decision F1 (the first on a tie).
fn best_of(
    truth: &[crawl::TruthPage],
    runs: Vec<Decisions>,
    key: &str,
    extra: &mut serde_json::Map<String, serde_json::Value>,
) -> Option<Scores> {
    let mut sweep = Vec::new();
    let mut best: Option<Scores> = None;
    for d in runs {
        let s = score(truth, &d);
        sweep.push(json!({"setting": d.name, "seconds": d.seconds, "decision": s.decision, "pairs": s.pairs, "clusters": s.clusters}));
        if best.as_ref().is_none_or(|b| s.decision.f1 > b.decision.f1) {
            best = Some(s);
        }
    }
    extra.insert(key.to_string(), json!(sweep));
    best
}

/// Runs the chosen methods on the prepared pages; the best setting of each, in table order.
fn run_methods(
    args: &EvalArgs,
    truth: &[crawl::TruthPage],
    prep: &prep::Prepared,
    extra: &mut serde_json::Map<String, serde_json::Value>,
) -> Vec<Scores> {
    let on = |m: Method| args.method.is_empty() || args.method.contains(&m);
    let base = prep.seconds;
    let texts = &prep.texts;
    let mut out = Vec::new();
    let thresholds = |lo: f64| (0..=16).map(move |k| 0.10 + 0.05 * f64::from(k)).filter(move |&t| t >= lo - 1e-9);
    if on(Method::Ccdet) {
        eprintln!("eval: CCDet");
        let s = ccdet::score_pairs(texts, &prep.sites);
        extra.insert("ccdet_pruned_features".into(), json!(s.pruned));
        let runs = thresholds(ccdet::MIN_T).map(|t| ccdet::decide(&s, t, base)).collect();
        out.extend(best_of(truth, runs, "ccdet_sweep", extra));
    }
    if on(Method::Lcs) {
        eprintln!("eval: LCS paper");
        let mut d = lcs::run(texts);
        d.seconds += base;
        out.extend(best_of(truth, vec![d], "lcs_paper", extra));
    }
    if on(Method::Featcode) {
        eprintln!("eval: feature codes");
        let mut d = featcode::run(texts);
        d.seconds += base;
        out.extend(best_of(truth, vec![d], "feature_codes", extra));
    }
    let word_based =
        [Method::Simhash, Method::Simhash1, Method::Shingling, Method::Imatch, Method::Keywords, Method::Spotsigs];
    let words = word_based.iter().any(|&m| on(m)).then(|| {
        eprintln!("eval: segmenting words");
        Words::segment(texts)
    });
    if let Some(words) = &words {
        let wbase = base + words.seconds;
        extra.insert("word_segmentation_seconds".into(), json!(words.seconds));
        if on(Method::Simhash) || on(Method::Simhash1) {
            eprintln!("eval: simhash");
            let fps = simhash::fingerprints(words);
            if on(Method::Simhash) {
                let (near, scan) = simhash::neighbours(&fps);
                let runs =
                    (0..=simhash::MAX_K).map(|k| simhash::decide(&near, k, wbase + fps.seconds + scan)).collect();
                // The method is defined at k = 3: the sweep goes to the results file, the table
                // shows k = 3.
                best_of(truth, runs, "simhash_sweep", extra);
                out.push(score(truth, &simhash::decide(&near, simhash::K, wbase + fps.seconds + scan)));
            }
            if on(Method::Simhash1) {
                out.extend(best_of(
                    truth,
                    vec![simhash::single_pass(&fps, simhash::K, wbase + fps.seconds)],
                    "simhash_single_pass",
                    extra,
                ));
            }
        }
        if on(Method::Shingling) {
            eprintln!("eval: shingling");
            let s = shingling::shared(words);
            let runs = (1..=3).map(|b| shingling::decide(&s, b, wbase)).collect();
            out.extend(best_of(truth, runs, "shingling_sweep", extra));
        }
    }
    if on(Method::Minhash) {
        eprintln!("eval: MinHash LSH sweep");
        let sigs = minhash::signatures(texts);
        let runs = (2..=18)
            .map(|k| {
                let mut d = minhash::run(&sigs, f64::from(k) * 0.05);
                d.seconds += base + sigs.seconds;
                d
            })
            .collect();
        out.extend(best_of(truth, runs, "minhash_sweep", extra));
    }
    if let Some(words) = &words {
        let wbase = base + words.seconds;
        if on(Method::Imatch) {
            eprintln!("eval: I-Match");
            let runs = [0, imatch::EXTRA_LEXICONS]
                .iter()
                .flat_map(|&x| imatch::HIGH.iter().map(move |&h| (h, x)))
                .map(|(h, x)| imatch::run(words, h, x, wbase))
                .collect();
            out.extend(best_of(truth, runs, "imatch_sweep", extra));
        }
        if on(Method::Keywords) {
            eprintln!("eval: keyword fingerprints");
            let ag = keywords::agreements(texts, words);
            let runs = std::iter::once(None)
                .chain(keywords::A.iter().map(|&a| Some(a)))
                .map(|a| keywords::decide(&ag, a, wbase))
                .collect();
            out.extend(best_of(truth, runs, "keywords_sweep", extra));
        }
        if on(Method::Spotsigs) {
            eprintln!("eval: SpotSigs");
            let s = spotsigs::score_pairs(words);
            let runs = thresholds(spotsigs::MIN_TAU).map(|t| spotsigs::decide(&s, t, wbase)).collect();
            out.extend(best_of(truth, runs, "spotsigs_sweep", extra));
        }
    }
    out
}

fn run_dedupdb(args: &EvalArgs, truth: &[crawl::TruthPage], files: &[PathBuf]) -> Result<(Scores, serde_json::Value)> {
    if let Some(report) = &args.report {
        let (d, stats) = report::read_report(report, truth, f64::NAN)?;
        return Ok((score(truth, &d), serde_json::to_value(stats)?));
    }
    let bin = match &args.dedupdb {
        Some(b) => b.clone(),
        None => report::default_binary()?,
    };
    let tmp = tempfile::tempdir().context("cannot create a temporary directory")?;
    let db = match &args.db {
        Some(db) => {
            if db.exists()
                && std::fs::read_dir(db).with_context(|| format!("{}: cannot read", db.display()))?.next().is_some()
            {
                bail!("{}: exists and is not empty; give a new directory to --db", db.display());
            }
            db.clone()
        }
        None => tmp.path().join("eval.db"),
    };
    let report_path = args.keep_report.clone().unwrap_or_else(|| tmp.path().join("report.jsonl"));
    eprintln!("eval: {} ingest over {} day files", bin.display(), files.len());
    let secs = report::run_ingest(&bin, &db, &report_path, &args.ingest_arg, files)?;
    let (d, stats) = report::read_report(&report_path, truth, secs)?;
    Ok((score(truth, &d), serde_json::to_value(stats)?))
}

fn f3(x: f64) -> String {
    if x.is_nan() {
        "–".to_string()
    } else {
        format!("{x:.3}")
    }
}

/// The markdown table, one column per method.
pub fn table(results: &[Scores]) -> String {
    let mut out = String::new();
    out.push_str("| metric |");
    for r in results {
        out.push_str(&format!(" {} |", r.method));
    }
    out.push_str("\n|---|");
    out.push_str(&"---:|".repeat(results.len()));
    out.push('\n');
    let mut row = |label: &str, f: &dyn Fn(&Scores) -> String| {
        out.push_str(&format!("| {label} |"));
        for r in results {
            out.push_str(&format!(" {} |", f(r)));
        }
        out.push('\n');
    };
    row("decision precision", &|r| f3(r.decision.precision));
    row("decision recall", &|r| f3(r.decision.recall));
    row("decision F1", &|r| f3(r.decision.f1));
    row("top-match precision", &|r| f3(r.top_match_precision.rate));
    row("pair precision", &|r| f3(r.pairs.precision));
    row("pair recall", &|r| f3(r.pairs.recall));
    row("pair F1", &|r| f3(r.pairs.f1));
    row("cluster precision", &|r| f3(r.clusters.precision));
    row("cluster recall", &|r| f3(r.clusters.recall));
    row("cluster F1", &|r| f3(r.clusters.f1));
    if let Some(first) = results.first() {
        for (role, rate) in &first.recall_by_role {
            let label = format!("recall: {role} ({})", rate.of);
            let role = role.clone();
            row(&label, &move |r| f3(r.recall_by_role.get(&role).map_or(f64::NAN, |x| x.rate)));
        }
        for kind in ["short", "thread", "bulletin"] {
            if let Some(rate) = first.recall_by_kind.get(kind) {
                let label = format!("recall: {kind} pages ({})", rate.of);
                row(&label, &move |r| f3(r.recall_by_kind.get(kind).map_or(f64::NAN, |x| x.rate)));
            }
        }
    }
    row("precision, same-site pairs", &|r| f3(r.same_site_pairs.precision));
    row("precision, cross-site pairs", &|r| f3(r.cross_site_pairs.precision));
    row("near-miss false positives", &|r| f3(r.near_miss_false_positive.rate));
    row("pages/s", &|r| {
        if r.pages_per_second.is_nan() {
            "–".to_string()
        } else {
            format!("{:.0}", r.pages_per_second)
        }
    });
    out
}

pub fn run(args: &EvalArgs) -> Result<()> {
    let truth_path = args.crawl.join("truth.jsonl");
    let truth = crawl::read_truth(&truth_path)?;
    let files = crawl::day_files(&args.crawl, args.format)?;
    let n = truth.len();
    let positives = truth.iter().filter(|t| t.earlier_dup).count();
    let mut results: Vec<Scores> = Vec::new();
    let mut extra = serde_json::Map::new();

    if !args.no_dedupdb {
        let (s, stats) = run_dedupdb(args, &truth, &files)?;
        extra.insert("dedupdb_report".into(), stats);
        results.push(s);
    }

    if !args.no_baselines {
        eprintln!("eval: other methods: reading and extracting {n} pages");
        let prep = prep::prepare(&files, args.format)?;
        if prep.urls.len() != n {
            bail!("{}: {} pages in the day files, {} in the truth", args.crawl.display(), prep.urls.len(), n);
        }
        if let Some((i, u)) = prep.urls.iter().enumerate().find(|(i, u)| **u != truth[*i].url) {
            bail!("{}: page {i} is {u} in the day files but {} in the truth", args.crawl.display(), truth[i].url);
        }
        extra.insert("read_and_extract_seconds".into(), json!(prep.seconds));
        results.extend(run_methods(args, &truth, &prep, &mut extra));
    }

    if results.is_empty() {
        bail!("nothing to score: --no-dedupdb and --no-baselines together");
    }
    println!(
        "{} pages, {} with an earlier near-duplicate ({:.1}%), {} true pairs\n",
        n,
        positives,
        positives as f64 * 100.0 / n as f64,
        truth.iter().map(|t| t.matches.len()).sum::<usize>()
    );
    print!("{}", table(&results));
    if let Some(out) = &args.out {
        let v = json!({
            "crawl": args.crawl.display().to_string(),
            "format": format!("{:?}", args.format).to_lowercase(),
            "pages": n,
            "pages_with_earlier_dup": positives,
            "results": results,
            "details": extra,
        });
        std::fs::write(out, serde_json::to_string_pretty(&v)? + "\n")
            .with_context(|| format!("{}: cannot write", out.display()))?;
    }
    Ok(())
}
