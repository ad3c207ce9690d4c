//! dedupdb: a near-duplicate index for web pages, Chinese first.
//!
//! For every page it answers whether the page, a page containing it, or a page it contains is
//! already known, verified on the text with the trustable longest common subsequence (TLCS) after
//! a candidate search by CCDet period features and sentence fingerprints.
//!
//! ```
//! use dedupdb::{Db, PageInput, Verdict};
//!
//! # fn main() -> Result<(), dedupdb::Error> {
//! # let dir = tempfile::tempdir()?;
//! let db = Db::open(dir.path().join("dedup.db"))?; // created when missing
//! let mut writer = db.writer()?; // the one writer
//! let html = "<html><head><title>长江防汛进入关键期</title></head><body><article>\
//!     <p>记者从水利部获悉，长江中下游干流水位持续上涨，多个水文站超过警戒水位。</p>\
//!     <p>各地防汛指挥部已启动应急响应，组织力量巡堤查险，确保人民群众生命财产安全。</p>\
//!     </article></body></html>";
//! let first = writer.add(&PageInput::html("https://a.example/news/1.html", html))?;
//! assert_eq!(first.verdict, Verdict::New);
//! writer.commit()?; // durable, and visible to readers
//!
//! let reader = db.reader()?; // Send + Sync, cheap to clone
//! let again = reader.query(&PageInput::html("https://b.example/copy.html", html))?;
//! assert_eq!(again.verdict, Verdict::Exact);
//! assert_eq!(again.matches[0].url, "https://a.example/news/1.html");
//! # Ok(())
//! # }
//! ```
//!
//! The layers, each importing only those below it:
//!
//! ```text
//! db           Db, Reader, Writer: verdicts, clusters, batch ingest      (the API)
//! dedup        candidates, ranking, boilerplate, furniture, relations    (query policy)
//! store        segments, WAL, memtables, manifest, catalog                (storage engine)
//! analysis     decode -> extract -> normalize -> features;  verify (TLCS)
//! ```
//!
//! * [`db`]: the embedding API; [`input`] reads crawls (JSONL, WARC, directories); [`compare`]
//!   tells the relation of two pages; [`error`] the typed errors.
//! * [`dedup`]: what a page's postings mean.
//! * `store`: the storage engine, public for the tests and benchmarks only (not a stable API);
//!   the maintenance tools reach it through [`maintenance`].
//! * [`decode`], [`extract`], [`normalize`], [`features`], [`verify`]: page analysis, one module
//!   per stage; [`page::Page::analyze`] runs the first four.

pub mod batch;
pub mod db;
pub mod decode;
pub mod dedup;
pub mod error;
pub mod extract;
pub mod features;
pub mod input;
pub mod lang;
mod lexicon;
pub mod maintenance;
pub mod normalize;
pub mod page;
pub mod params;
pub mod script_fold;
#[doc(hidden)]
pub mod store;
#[cfg(test)]
mod testutil;
mod utf8;
pub mod verify;

pub use params::Params;

pub use db::{Answer, Db, DbBuilder, Matched, PageInput, Reader, StoredPage, Verdict, Writer};
pub use error::{Error, Result};
pub use page::{Body, Page};
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

/// Makes a segment page the disk cannot read end the process with a message naming the file and
/// the offset (status 1), where it would die of a bare "Bus error": segments are memory-mapped,
/// and the kernel reports a failed read of a mapped page with `SIGBUS`, not an error code. For a
/// program's `main` (the handler is process-wide); `program` begins the message.
pub fn report_unreadable_pages(program: &'static str) {
    store::sigbus::report_unreadable_pages(program);
}

/// Sends `tracing` events to stderr, filtered by `RUST_LOG` (warnings by default): the setup
/// `dedupdb` and `ddtool` share. Does nothing when a subscriber is already installed.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ =
        tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_target(false).try_init();
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
