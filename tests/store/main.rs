//! The storage engine as a whole: creating an index, flushes in the background, merges, the
//! catalog and its rebuild, corruption, crashes (SIGKILL at random moments) and the writer's
//! lock, power loss, unreadable pages. One test binary; each module was a binary of its own (run one with
//! `cargo test --test store crash_kill::`).

#[path = "../common/mod.rs"]
mod common;
#[path = "../common_store/mod.rs"]
mod common_store;

mod background_flush;
mod catalog_rebuild;
mod corruption;
mod crash_kill;
mod disk_full;
mod eio;
mod index_create;
mod locking;
mod merge;
mod power_loss;
mod readers_under_merges;
