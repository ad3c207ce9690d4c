//! `ddtool`: maintenance and inspection programs for dedupdb, kept out of the library.

mod page;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Maintenance and inspection tools for dedupdb.
///
/// Exit codes: 0 success, 1 failure, 2 usage error.
#[derive(Debug, Parser)]
#[command(name = "ddtool", version, about, long_about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Page(page::PageArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Page(args) => page::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ddtool: error: {e:#}");
            ExitCode::from(1)
        }
    }
}
