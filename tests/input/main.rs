//! Reading inputs: JSONL, WARC and directories, opening them, memory bounds on huge records,
//! and bad records and bad pages met on the way (reported, never a panic). One test binary;
//! each module was a binary of its own (run one with `cargo test --test input warc::`).

#[path = "../common/mod.rs"]
mod common;
mod common_input;
#[path = "../common_store/mod.rs"]
mod common_store;

mod bad_input;
mod dir;
mod ingest_bad_records;
mod jsonl;
mod memory;
mod open;
mod warc;
