//! `ddbench script-copies`: is a page found from its copy in the other script?
//!
//! Every page of a crawl is indexed; then each is converted whole (template and text) to
//! traditional characters by OpenCC, as Taiwan and Hong Kong sites and two-script CMSs do, four
//! ways in turn: standard traditional, Taiwan's and Hong Kong's character forms, and Taiwan's
//! forms with its vocabulary ("软件" becomes "軟體"). Each copy is queried (not inserted, so it
//! can only be found through its original), and the answer is tallied per way: an exact copy of
//! the original, a relation with it, or the original not found.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use dedupdb::dedup::Searcher;
use dedupdb::input::{self, BodyKind};
use dedupdb::store::{Index, NewDoc};
use dedupdb::{Body, Page, Params};
use ferrous_opencc::config::BuiltinConfig;
use ferrous_opencc::OpenCC;
use serde_json::{json, Value};

/// The conversions, applied to the pages in turn.
const WAYS: [(&str, BuiltinConfig); 4] = [
    ("s2t", BuiltinConfig::S2t),
    ("s2tw", BuiltinConfig::S2tw),
    ("s2hk", BuiltinConfig::S2hk),
    ("s2twp", BuiltinConfig::S2twp),
];

/// One page of the crawl, decoded.
struct Original {
    url: String,
    text: String,
    kind: BodyKind,
}

/// Indexes the pages of `crawl` (JSONL or WARC files) in a new index at `db` with `params`,
/// queries each page's copy in the other script, and returns the tally; `out`, when given,
/// receives the copies as a JSONL crawl (`url`, `html` or `text`, `site`) for `dedupdb ingest`.
pub fn run(crawl: &[PathBuf], db: &Path, params: &Params, out: Option<&Path>) -> Result<Value> {
    let ways: Vec<(&str, OpenCC)> = WAYS
        .iter()
        .map(|&(name, cfg)| Ok((name, OpenCC::from_config(cfg).with_context(|| format!("OpenCC {name}"))?)))
        .collect::<Result<_>>()?;
    if db.exists() {
        bail!("{}: exists; script-copies builds a new index (with the parameters asked for)", db.display());
    }
    let mut index = Index::open_writer(db, params)?;
    let mut originals: Vec<(Original, u32)> = Vec::new();
    for raw in super::crawl_pages(crawl) {
        let raw = raw?;
        let text = dedupdb::decode::decode(&raw.body, raw.charset.as_deref()).text;
        let page = analyze(&text, raw.kind, params);
        if page.norm.is_empty() {
            continue;
        }
        let site = raw.site.clone().or_else(|| input::host_of(&raw.url)).unwrap_or_default();
        let id = index.insert(NewDoc {
            url: &raw.url,
            site: &site,
            fetched_at: 0,
            chars: &page.norm.chars,
            features: &page.features,
            cluster: None,
            replaces: None,
            title: page.title_sketch,
            listing: page.extracted.listing,
            script: page.script,
        })?;
        originals.push((Original { url: raw.url, text, kind: raw.kind }, id));
    }
    let mut w = match out {
        Some(o) => Some(std::io::BufWriter::new(
            std::fs::File::create(o).with_context(|| format!("creating {}", o.display()))?,
        )),
        None => None,
    };
    let mut tally: BTreeMap<&str, BTreeMap<String, u64>> = BTreeMap::new();
    for (i, (orig, id)) in originals.iter().enumerate() {
        let (way, cc) = &ways[i % ways.len()];
        let copy = cc.convert(&orig.text);
        let url = orig.url.replacen("://", &format!("://{way}."), 1);
        if let Some(w) = w.as_mut() {
            use std::io::Write;
            let field = if orig.kind == BodyKind::Html { "html" } else { "text" };
            let site = input::host_of(&url).unwrap_or_default();
            serde_json::to_writer(&mut *w, &json!({"url": url, field: copy, "site": site}))?;
            w.write_all(b"\n")?;
        }
        let page = analyze(&copy, orig.kind, params);
        let answer = Searcher::of(&index).query(&page.norm.chars, &page.features, None)?;
        let found = if answer.exact.as_ref().is_some_and(|e| e.doc_id == *id) {
            "exact".to_string()
        } else {
            match answer.matches.iter().find(|m| m.doc_id == *id) {
                Some(m) => m.cmp.relation.as_str().to_string(),
                None => "not found".to_string(),
            }
        };
        *tally.entry(way).or_default().entry(found).or_default() += 1;
    }
    let found: u64 = tally.values().flat_map(|t| t.iter()).filter(|(k, _)| *k != "not found").map(|(_, n)| n).sum();
    Ok(json!({"pages": originals.len(), "originals_found": found, "by_conversion": tally}))
}

fn analyze(text: &str, kind: BodyKind, p: &Params) -> Page {
    // The copy is UTF-8 whatever its `<meta>` says: the transport says so, as a JSON line would.
    Page::analyze(Body::with_kind(text.as_bytes(), Some(kind), Some("utf-8")), p)
}
