//! `ddbench analyze`: the page analysis alone (decode, fold, extract, normalize, features) over a
//! crawl's own pages, held in memory, on one thread: the part of an ingest that every page pays
//! whatever the index holds. Run it under `valgrind --tool=cachegrind` for instruction counts
//! that the machine's noise does not move.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Result};
use dedupdb::input::RawPage;
use dedupdb::{Body, Page, Params};
use serde_json::{json, Value};

/// Reads up to `limit` pages of `crawl` (JSONL or WARC files), then analyzes all of them
/// `rounds` times with new-index parameters; returns the figures as JSON (the best round's).
pub fn run(crawl: &[PathBuf], limit: usize, rounds: u32) -> Result<Value> {
    let pages: Vec<RawPage> = super::crawl_pages(crawl).take(limit).collect::<Result<_>>()?;
    if pages.is_empty() {
        bail!("no pages in {crawl:?}");
    }
    let bytes: usize = pages.iter().map(|p| p.body.len()).sum();
    let params = Params::default();
    let mut best = f64::INFINITY;
    // Checked on every round, so the work cannot be optimized away.
    let (mut chars, mut keys) = (0usize, 0usize);
    for _ in 0..rounds.max(1) {
        (chars, keys) = (0, 0);
        let start = Instant::now();
        for raw in &pages {
            let input = Body::with_kind(&raw.body, Some(raw.kind), raw.charset.as_deref());
            let page = Page::analyze(input, &params);
            chars += page.norm.chars.len();
            keys += page.features.fingerprints.len() + page.features.period.len();
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    let n = pages.len() as f64;
    Ok(json!({
        "pages": pages.len(),
        "bytes": bytes,
        "rounds": rounds.max(1),
        "best_seconds": best,
        "us_per_page": best * 1e6 / n,
        "pages_per_s": n / best,
        "mib_per_s": bytes as f64 / (1024.0 * 1024.0) / best,
        "chars_per_page": chars as f64 / n,
        "keys_per_page": keys as f64 / n,
    }))
}
