//! The `dedupdb` commands as a user runs them (`compare`, `--max-matches`, the README's quick
//! start), the library API they are built on (`api`: `Db`, `Reader`, `Writer`) and the ingest run
//! behind `dedupdb ingest` (early answers on the worker threads). One
//! test binary; each module was a binary of its own (run one with
//! `cargo test --test cli compare::`).

#[path = "../common/mod.rs"]
mod common;
#[path = "../common_store/mod.rs"]
mod common_store;

mod api;
mod batch;
mod compare;
mod ingest_parallel;
mod max_matches;
mod readme_example;
mod serve;
