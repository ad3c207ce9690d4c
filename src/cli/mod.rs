//! Command-line interface: argument parsing, logging, exit codes.

mod compare;
mod ingest;
mod serve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// dedupdb: a near-duplicate index for web pages, Chinese first.
///
/// It answers, for a page, whether it or a page containing it or contained in it is already
/// known, verified on the text with the trustable longest common subsequence (TLCS).
///
/// Logs go to stderr; set RUST_LOG (e.g. RUST_LOG=debug) for more.
///
/// Quick start: `dedupdb ingest --report report.jsonl crawl.warc.gz`, then `dedupdb query page.html`.
/// The index lives in ./dedup.db unless --db says otherwise; nothing needs to be started.
///
/// Exit codes: 0 success (whatever the verdicts), 1 failure (unreadable input, corrupt index),
/// 2 usage error, 3 index locked by another writer.
#[derive(Debug, Parser)]
#[command(name = "dedupdb", version, about, long_about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Ingest(ingest::IngestArgs),
    Query(ingest::QueryArgs),
    Clusters(ingest::ClustersArgs),
    Compare(compare::CompareArgs),
    Serve(serve::ServeArgs),
}

/// Parses arguments, runs the command, maps the outcome to an exit code.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    dedupdb::init_logging();
    let result = match cli.command {
        Command::Ingest(args) => ingest::run_ingest(&args),
        Command::Query(args) => ingest::run_query(&args),
        Command::Clusters(args) => ingest::run_clusters(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Serve(args) => serve::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dedupdb: error: {e:#}");
            if dedupdb::error::disk_full_in(e.as_ref()) {
                eprintln!("dedupdb: {}", dedupdb::error::DISK_FULL_HINT);
            }
            ExitCode::from(exit_code(&e))
        }
    }
}

/// The exit code of a failed run: 3 when the index is locked by another writer (retry later),
/// 1 for any other failure.
fn exit_code(e: &anyhow::Error) -> u8 {
    if dedupdb::error::locked_in(e.as_ref()) {
        3
    } else {
        1
    }
}
