//! Command-line interface: argument parsing, logging, exit codes.

mod compare;
mod input;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit code for a failure at run time (unreadable input, ...). Usage errors exit with 2 (clap).
pub const EXIT_FAILURE: u8 = 1;

/// dedupdb: a near-duplicate index for web pages, Chinese first.
///
/// It answers, for a page, whether it or a page containing it or contained in it is already
/// known, verified on the text with the trustable longest common subsequence (TLCS).
///
/// Logs go to stderr; set RUST_LOG (e.g. RUST_LOG=debug) for more.
///
/// Exit codes: 0 success (whatever the verdict), 1 failure (unreadable input), 2 usage error.
#[derive(Debug, Parser)]
#[command(name = "dedupdb", version, about, long_about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Compare(compare::CompareArgs),
}

/// Parses arguments, runs the command, maps the outcome to an exit code.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    init_logging();
    let result = match cli.command {
        Command::Compare(args) => compare::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dedupdb: error: {e:#}");
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ =
        tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_target(false).try_init();
}
