//! `ddtool` as its users run it: `page`, `rebuild-catalog`, the crawl simulator and the
//! evaluation with its baselines. One test binary; each module was a binary of its own (run one
//! with `cargo test -p dedupdb-tools --test ddtool sim_truth::`).

mod common;

mod eval_baselines;
mod eval_scorer;
mod page;
mod rebuild_catalog;
mod sim_reproducible;
mod sim_truth;
