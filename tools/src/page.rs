//! `ddtool page FILE`: what dedupdb sees in one page.

use anyhow::Result;
use clap::Args;
use dedupdb::input::{read_named_page, Limits};
use dedupdb::{Body, Page, Params};
use serde_json::json;

/// Show how dedupdb reads a page: charset, blocks kept and left out, main text, features.
///
/// Use it to find out why two pages did or did not match: the main text printed here is exactly
/// what verification aligns, as a new index reads it: traditional characters appear folded to
/// simplified ones, so that a page and its copy in the other script read the same.
///
/// Examples:
///   ddtool page article.html
///   ddtool page --json article.html | jq .features
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct PageArgs {
    /// An .html/.htm or .txt file, or - for standard input (HTML or text by content).
    pub file: String,
    /// Charset to assume, as an HTTP header would give it.
    #[arg(long)]
    pub charset: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &PageArgs) -> Result<()> {
    let (bytes, kind) = read_named_page(&args.file, Limits::default())?;
    let input = Body::with_kind(&bytes, kind, args.charset.as_deref());
    let params = Params::default();
    let page = Page::analyze(input, &params);
    let blocks: Vec<_> = page
        .extracted
        .blocks
        .iter()
        .map(|b| {
            json!({
                "text": page.extracted.block_text(b),
                "chars": b.chars,
                "link_density": (b.link_density() * 1000.0).round() / 1000.0,
                "dropped": b.dropped,
            })
        })
        .collect();
    let f = &page.features;
    let hex = |keys: &[u64]| keys.iter().map(|k| format!("{k:016x}")).collect::<Vec<_>>();
    let v = json!({
        "input": args.file,
        "title": page.title(),
        "charset": page.charset,
        "charset_source": page.charset_source,
        "decode_errors": page.decode_errors,
        "script": page.script.as_str(),
        "language": page.script.language().as_str(),
        "from_script": page.extracted.from_script,
        "blocks": blocks,
        "main_text": page.main_text,
        "normalized_chars": page.norm.len(),
        "features": {
            "period": hex(&f.period),
            "period_count": f.period_count,
            "fingerprints": hex(&f.fingerprints),
            "fingerprint_fallback": f.fingerprint_fallback,
            "exact": format!("{:016x}", f.exact),
        },
    });
    if args.json {
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    println!(
        "{}: {} ({:?}), {} ({}), title: {}",
        args.file,
        page.charset,
        page.charset_source,
        page.script.as_str(),
        page.script.language().as_str(),
        page.title()
    );
    if page.extracted.from_script {
        println!("the markup holds little text: blocks read from the article in the page's script data");
    }
    println!("blocks ('+' main text, '-' left out):");
    for b in &page.extracted.blocks {
        let t: String = page.extracted.block_text(b).chars().take(70).collect();
        match b.dropped {
            None => println!("  + {t}"),
            Some(r) => println!("  - [{}] {t}", serde_json::to_value(r)?.as_str().unwrap_or("?")),
        }
    }
    println!(
        "main text: {} chars normalized; {} period features ({} stops), {} fingerprints{}",
        page.norm.len(),
        f.period.len(),
        f.period_count,
        f.fingerprints.len(),
        if f.fingerprint_fallback { " (with fallback sentence keys)" } else { "" }
    );
    Ok(())
}
