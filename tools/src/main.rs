//! `ddtool`: maintenance, inspection and evaluation programs for dedupdb, kept out of the library.

mod eval;
mod maint;
mod page;
mod sim;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Maintenance and inspection tools for dedupdb.
///
/// Exit codes: 0 success, 1 failure (or problems found by verify), 2 usage error, 3 the index is
/// locked by another writer. Logs go to stderr; `RUST_LOG=info` shows what merges and flushes
/// did (e.g. text blocks copied or recompressed), `RUST_LOG=debug` more.
#[derive(Debug, Parser)]
#[command(name = "ddtool", version, about, long_about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Page(page::PageArgs),
    Verify(maint::VerifyArgs),
    Inspect(maint::InspectArgs),
    Compact(maint::CompactArgs),
    RebuildCatalog(maint::RebuildCatalogArgs),
    Simulate(sim::SimulateArgs),
    Eval(eval::EvalArgs),
}

fn main() -> ExitCode {
    dedupdb::die_on_closed_pipe();
    dedupdb::report_unreadable_pages("ddtool");
    let cli = Cli::parse();
    dedupdb::init_logging();
    let result = match cli.command {
        Command::Page(args) => page::run(&args),
        Command::Simulate(args) => sim::run(&args),
        Command::Eval(args) => eval::run(&args),
        Command::Verify(args) => maint::verify(&args),
        Command::Inspect(args) => maint::inspect(&args),
        Command::Compact(args) => maint::compact(&args),
        Command::RebuildCatalog(args) => maint::rebuild_catalog(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ddtool: error: {e:#}");
            if dedupdb::error::disk_full_in(e.as_ref()) {
                eprintln!("ddtool: {}", dedupdb::error::DISK_FULL_HINT);
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
