//! Answers: the verifier, verdicts on the fixtures and the probes, and the query rules
//! (candidates, ranking, templates, site titles, listings, scripts, stops, key widths, long
//! pages and lists). One test binary; each module was a binary of its own (run one with
//! `cargo test --test query probe_pairs::`).

#[path = "../common/mod.rs"]
mod common;

mod candidate_furniture;
mod compare_fixtures;
mod halfwidth_stops;
mod identical;
mod key_width;
mod latin_stops;
mod listings;
mod long_lists;
mod long_pages;
mod probe_blocks;
mod probe_pairs;
mod probe_sequences;
mod ranking;
mod scripts;
mod shells_and_status_pages;
mod site_titles;
mod templates;
mod traditional;
mod verify_cases;
