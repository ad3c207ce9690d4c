//! The `dedupdb` command.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    dedupdb::die_on_closed_pipe();
    dedupdb::report_unreadable_pages("dedupdb");
    cli::run()
}
