//! `dedupdb compare A B`: the relation of two pages, with the evidence.

use anyhow::{bail, Result};
use clap::Args;
use dedupdb::db::{comparison_json, span_text};
use dedupdb::extract::DropReason;
use dedupdb::input::{read_named_page, Limits};
use dedupdb::{Body, Comparison, Page, Params, Relation};

/// Compare two pages and print the relation of A to B.
///
/// A and B are .html/.htm or .txt files, or - for standard input (one of them). Each is decoded,
/// its main text extracted and normalized as a new index reads it (traditional characters folded
/// to simplified ones, so a page and its copy in the other script compare as copies, and the
/// text shown is folded), and the two are aligned with the trustable LCS.
///
/// Relations: duplicate; contains (A contains B); contained (A is contained in B); overlaps (a
/// shared key passage, a minor part of both, as when a digest quotes an article); different.
///
/// The exit code is 0 whatever the relation, 1 when a page cannot be read.
///
/// Examples:
///   dedupdb compare a.html b.html
///   dedupdb compare --json a.html b.txt | jq .relation
///   curl -s URL | dedupdb compare --explain - saved.html
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct CompareArgs {
    /// First page (.html, .htm, .txt, or - for stdin).
    pub a: String,
    /// Second page.
    pub b: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Show the aligned regions as text and the blocks left out as template.
    #[arg(long)]
    pub explain: bool,
}

pub fn run(args: &CompareArgs) -> Result<()> {
    if args.a == "-" && args.b == "-" {
        bail!("only one of A and B can be - (standard input)");
    }
    let params = Params::default();
    // Pages larger than this are refused with an error rather than read.
    let limits = Limits { max_page_bytes: 64 << 20 };
    let (bytes_a, kind_a) = read_named_page(&args.a, limits)?;
    let (bytes_b, kind_b) = read_named_page(&args.b, limits)?;
    let pa = Page::analyze(Body::with_kind(&bytes_a, kind_a, None), &params);
    let pb = Page::analyze(Body::with_kind(&bytes_b, kind_b, None), &params);
    let cmp = dedupdb::compare(&pa, &pb, &params);
    tracing::debug!(rounds = cmp.rounds, early = cmp.rejected_early, "compared");
    if args.json {
        let v = comparison_json((&args.a, &pa), (&args.b, &pb), &cmp, args.explain);
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        print_summary(args, &pa, &pb, &cmp);
        if args.explain {
            print_explain(&args.a, &pa, &args.b, &pb, &cmp);
        }
    }
    Ok(())
}

pub(crate) fn describe(rel: Relation) -> &'static str {
    match rel {
        Relation::Duplicate => "A and B are near-duplicates",
        Relation::Contains => "A contains B",
        Relation::Contained => "A is contained in B",
        Relation::Overlaps => "A and B share a key passage",
        Relation::Different => "A and B are different pages",
    }
}

fn print_summary(args: &CompareArgs, pa: &Page, pb: &Page, c: &Comparison) {
    for (tag, name, p) in [("A", &args.a, pa), ("B", &args.b, pb)] {
        println!(
            "{tag}: {name} ({}, charset from {:?}; {} chars of main text)",
            p.charset,
            p.charset_source,
            p.norm.len()
        );
    }
    println!("relation: {} ({})", c.relation, describe(c.relation));
    println!("resemble {:.3}  contain {:.3}  ccs {:.3}  clr {:.3}", c.resemble, c.contain, c.ccs, c.clr);
    println!("tlcs {} chars in {} region(s), {} round(s)", c.tlcs_chars, c.spans.len(), c.rounds);
    if c.near_miss {
        println!("near miss: {} numeric conflicts inside the aligned text", c.numeric_conflicts);
    }
}

fn reason(r: DropReason) -> &'static str {
    match r {
        DropReason::Links => "links",
        DropReason::Short => "short",
        DropReason::ListItem => "list item",
        DropReason::OutsideMain => "outside article",
        DropReason::Footer => "footer",
        DropReason::Notice => "notice",
        DropReason::Credit => "credit",
        DropReason::Summary => "summary",
        DropReason::Status => "status",
    }
}

fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let head: String = s.chars().take(max).collect();
        format!("{head}…")
    }
}

fn print_explain(na: &str, pa: &Page, nb: &str, pb: &Page, c: &Comparison) {
    for (tag, name, p) in [("A", na, pa), ("B", nb, pb)] {
        println!("\n== {tag}: {name} ==");
        if !p.title().is_empty() {
            println!("title: {}", p.title());
        }
        println!("blocks ('+' main text, '-' left out as template, with the reason):");
        for b in &p.extracted.blocks {
            let text = shorten(p.extracted.block_text(b), 60);
            match b.dropped {
                None => println!("  + {text}"),
                Some(r) => println!("  - [{}] {text}", reason(r)),
            }
        }
    }
    println!("\n== aligned regions ==");
    if c.spans.is_empty() {
        println!("(none{})", if c.rejected_early { ": ruled out by the skeleton filter" } else { "" });
    }
    for (i, s) in c.spans.iter().enumerate() {
        println!(
            "#{} round {}: A[{}..{}] ~ B[{}..{}], {} chars matched",
            i + 1,
            s.round,
            s.a_start,
            s.a_end,
            s.b_start,
            s.b_end,
            s.matched
        );
        let ta = span_text(pa, s.a_start, s.a_end);
        let tb = span_text(pb, s.b_start, s.b_end);
        for line in ta.lines() {
            println!("  A| {line}");
        }
        if tb != ta {
            for line in tb.lines() {
                println!("  B| {line}");
            }
        }
    }
}
