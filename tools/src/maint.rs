//! Index maintenance: `ddtool verify`, `ddtool inspect`, `ddtool compact`,
//! `ddtool rebuild-catalog`.

use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::Args;
use dedupdb::maintenance::{self as store, Index, KeyKind, PrunePolicy, SectionKind};
use dedupdb::Params;
use serde_json::json;

/// Check every byte of an index: checksums of every segment page, WAL record, manifest and
/// pruned-keys file; segment structure; doc-id ranges; that no URL is stored live twice.
///
/// Takes no lock and works while an ingest is writing to the index.
/// Exit codes: 0 the index is sound, 1 problems found (each is printed, naming the file and
/// offset), 2 usage error.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Index directory.
    #[arg(long, default_value = "./dedup.db")]
    pub db: PathBuf,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn verify(args: &VerifyArgs) -> Result<()> {
    let report = store::verify(&args.db)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!(
            "{}: generation {}, {} segments ({} docs), {} docs in the WAL, {} live",
            args.db.display(),
            report.generation,
            report.segments,
            report.segment_docs,
            report.wal_docs,
            report.live_docs
        );
        for p in &report.problems {
            println!("problem: {p}");
        }
        if report.problems.is_empty() {
            println!("ok");
        }
    }
    if !report.problems.is_empty() {
        bail!("{} problem(s) found", report.problems.len());
    }
    Ok(())
}

/// Show what an index holds: segments, documents, pruned keys, and bytes on disk per page split
/// into postings, text, document tables and catalog.
///
/// Takes no lock; works beside a running ingest.
#[derive(Debug, Args)]
pub struct InspectArgs {
    /// Index directory.
    #[arg(long, default_value = "./dedup.db")]
    pub db: PathBuf,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

fn dir_size(p: &std::path::Path) -> u64 {
    let Ok(rd) = std::fs::read_dir(p) else { return 0 };
    rd.flatten()
        .map(|e| match e.metadata() {
            Ok(m) if m.is_dir() => dir_size(&e.path()),
            Ok(m) => m.len(),
            Err(_) => 0,
        })
        .sum()
}

pub fn inspect(args: &InspectArgs) -> Result<()> {
    let index = Index::open_reader(&args.db)?;
    let m = index.manifest();
    let mut segs = Vec::new();
    let (mut postings, mut text, mut tables, mut files) = (0u64, 0u64, 0u64, 0u64);
    let mut docs = 0u64;
    let mut keys = [0u64; 3];
    for s in index.segments() {
        let sec = |k| s.section_len(k);
        // Postings: key tables, lists, their indexes, and the Bloom filter over all keys.
        let p: u64 = KeyKind::ALL
            .into_iter()
            .flat_map(|k| {
                let (keys, lists) = SectionKind::keys_of(k);
                [keys, lists, SectionKind::index_of(k)]
            })
            .chain([SectionKind::Bloom])
            .map(sec)
            .sum();
        let t =
            sec(SectionKind::Text) + sec(SectionKind::Dict) + sec(SectionKind::CharCode) + sec(SectionKind::TextIndex);
        postings += p;
        text += t;
        // Sections are checked to lie inside the file, not to be disjoint: never underflow.
        tables += s.file_len().saturating_sub(p + t);
        files += s.file_len();
        docs += u64::from(s.doc_count());
        for k in KeyKind::ALL {
            keys[k as usize] += s.key_count(k)?;
        }
        segs.push(json!({
            "id": s.id(), "version": s.version(), "docs": s.doc_count(), "doc_range": s.doc_range(), "bytes": s.file_len(),
            "postings_bytes": p, "text_bytes": t,
        }));
    }
    let catalog = dir_size(&args.db.join("catalog"));
    let wal = dir_size(&args.db.join("wal"));
    let per = |b: u64| if docs == 0 { 0.0 } else { b as f64 / docs as f64 };
    let v = json!({
        "db": args.db, "generation": m.generation, "next_doc_id": m.next_doc_id,
        "segments": segs, "segment_docs": docs, "wal_docs": index.memtable_len(),
        "pruned_keys": index.pruned().len(),
        "keys": {"period": keys[0], "fingerprint": keys[1], "exact": keys[2]},
        "bytes": {"segments": files, "postings": postings, "text": text, "doc_tables": tables, "catalog": catalog, "wal": wal},
        "bytes_per_page": {
            "total": per(files + catalog), "postings": per(postings), "text": per(text),
            "doc_tables": per(tables), "catalog": per(catalog),
        },
        "params": m.params,
    });
    if args.json {
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    println!(
        "{}: generation {}, {} segments, {} docs in segments, {} in the WAL, {} pruned keys",
        args.db.display(),
        m.generation,
        m.segments.len(),
        docs,
        index.memtable_len(),
        index.pruned().len()
    );
    for s in &segs {
        println!("  segment {}: {} docs, {} bytes", s["id"], s["docs"], s["bytes"]);
    }
    println!(
        "bytes per page: {:.0} total = postings {:.0} + text {:.0} + doc tables {:.0} + catalog {:.0}",
        per(files + catalog),
        per(postings),
        per(text),
        per(tables),
        per(catalog)
    );
    Ok(())
}

/// Merge all segments into one, drop replaced pages, and prune keys whose frequency marks them
/// as site templates or spam: held by more than --global-cap pages, or by more than --site-cap
/// pages of which one site holds at least --site-share. Pruned keys are remembered (catalog and
/// pruned-keys file) and ignored by later ingests and queries.
///
/// Texts are stored anew in cluster order across the whole index, so that copies of a page that
/// arrived on different days compress together (~13% less text on a crawl where half the pages
/// are near-copies); this recompresses every text and holds ~24 bytes per page in memory.
/// --keep-blocks moves the compressed text blocks as they are instead, as background merges do.
///
/// Needs the writer's lock (exit code 3 while an ingest runs). Queries keep working during it.
#[derive(Debug, Args)]
pub struct CompactArgs {
    /// Index directory.
    #[arg(long, default_value = "./dedup.db")]
    pub db: PathBuf,
    /// Prune keys held by more pages than this (LCS paper: 10,000).
    #[arg(long, default_value_t = 10_000)]
    pub global_cap: usize,
    /// Prune keys held by more pages than this when concentrated in one site (paper: 400).
    #[arg(long, default_value_t = 400)]
    pub site_cap: usize,
    /// Share of a key's pages one site must hold for --site-cap to apply.
    #[arg(long, default_value_t = 0.5)]
    pub site_share: f64,
    /// Move text blocks as they are (faster, less memory) instead of regrouping texts.
    #[arg(long)]
    pub keep_blocks: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn compact(args: &CompactArgs) -> Result<()> {
    let mut index = Index::open_writer(&args.db, &Params::default())?;
    let stats = index.compact(
        PrunePolicy { global_cap: args.global_cap, site_cap: args.site_cap, site_share: args.site_share },
        !args.keep_blocks,
    )?;
    index.close()?;
    if args.json {
        println!("{}", serde_json::to_string(&stats)?);
    } else {
        println!(
            "merged {} segments: {} pages kept, {} replaced pages dropped, {} keys pruned; \
             {} text blocks copied, {} recompressed",
            stats.segments_in,
            stats.docs,
            stats.dropped_docs,
            stats.pruned_keys,
            stats.blocks_copied,
            stats.blocks_recompressed
        );
    }
    Ok(())
}

/// Rebuild the catalog from the index's own files, when it is missing or sled refuses to open it.
///
/// The catalog is the small sled database of site ids and pruned-key reasons. Queries never need
/// the catalog, but a writer (ingest, compact) cannot start without it, and says so, naming this
/// command. Site names and ids are read back from every stored page (segments and WAL), the
/// parameters from the manifest, the pruned keys from the pruned-keys file; only why and how often
/// a key was pruned is lost (recorded as "recovered"). The old catalog is kept beside the new one
/// as catalog.old-<unix time>. A catalog that opens is left alone unless --force is given.
///
/// Reads every page's metadata once: minutes for hundreds of millions of pages. Needs the
/// writer's lock (exit code 3 while an ingest runs).
///
/// Examples:
///   ddtool rebuild-catalog --db /data/dedup.db
///   ddtool rebuild-catalog --db /data/dedup.db --force --json
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct RebuildCatalogArgs {
    /// Index directory.
    #[arg(long, default_value = "./dedup.db")]
    pub db: PathBuf,
    /// Rebuild even when the catalog opens.
    #[arg(long)]
    pub force: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn rebuild_catalog(args: &RebuildCatalogArgs) -> Result<()> {
    let r = store::rebuild_catalog(&args.db, args.force)?;
    if args.json {
        println!("{}", serde_json::to_string(&r)?);
    } else if !r.rebuilt {
        println!("{}: {}; nothing to do (--force rebuilds it anyway)", args.db.display(), r.reason);
    } else {
        println!(
            "{}: catalog rebuilt ({}): {} sites from {} pages, {} pruned keys{}{}",
            args.db.display(),
            r.reason,
            r.sites,
            r.docs,
            r.pruned_keys,
            match r.site_conflicts {
                0 => String::new(),
                n => format!(", {n} sites found under two ids (the lower kept)"),
            },
            r.old_catalog.as_ref().map_or(String::new(), |p| format!("; the old one is kept as {}", p.display()))
        );
    }
    Ok(())
}
