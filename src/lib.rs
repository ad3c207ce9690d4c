//! dedupdb: a near-duplicate index for web pages, Chinese first.
//!
//! The library turns page bytes into a verdict in a fixed pipeline, one module per stage:
//!
//! ```text
//! bytes -> decode -> extract -> normalize -> features -> verify
//! ```
//!
//! * [`decode`]: charset from the HTTP header, a BOM, `<meta>`, then a detector.
//! * [`extract`]: HTML to ordered text blocks, and the selection of the main text.
//! * [`normalize`]: full-width to half-width, whitespace, case; with a map back to the extracted text.
//! * [`features`]: period features (CCDet), sentence fingerprints (the LCS paper's step 1), exact hash.
//! * [`verify`]: skeleton filter, Myers' diff, trustable LCS (TLCS) and the relation of two pages.
//!
//! [`page::Page::analyze`] runs the first four stages; [`verify::compare`] the last.

pub mod decode;
pub mod extract;
pub mod features;
pub mod ingest;
pub mod input;
mod lexicon;
pub mod normalize;
pub mod page;
pub mod params;
pub mod script_fold;
pub mod store;
#[cfg(test)]
mod testutil;
mod utf8;
pub mod verify;

pub use params::Params;

pub use page::{Page, PageInput};
pub use verify::{compare, Comparison, Relation};

/// Lets a closed pipe end the process quietly, as it ends other Unix tools (`dedupdb clusters |
/// head`): Rust ignores SIGPIPE, so a write to a closed pipe fails and `println!` panics with exit
/// code 101. Call first thing in `main`.
pub fn die_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: restores the default disposition of one signal before any thread starts; no handler
    // is installed.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Sends `tracing` events to stderr, filtered by `RUST_LOG` (warnings by default): the setup
/// `dedupdb` and `ddtool` share. Does nothing when a subscriber is already installed.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ =
        tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_target(false).try_init();
}
