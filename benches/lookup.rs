//! Latency of key lookups in a large segment, apart from page analysis and verification.
//!
//! One segment holds `DOCS` documents of `KEYS_PER_DOC` random fingerprint keys each (the
//! shape of a real page's keys: uniform 64-bit hashes, ~110 fingerprints and ~80 period
//! features), far more than the CPU caches hold, as in a day's index.
//!
//! * `lookup/postings_present`: `Segment::postings` of a key the segment holds.
//! * `lookup/postings_absent`: the same for a key it does not hold (mostly the Bloom filter).
//! * `lookup/query_keys_present`: `Searcher::query_with` for a page whose ~190 keys are all those
//!   of one stored page (its text a few characters, so that verification costs next to
//!   nothing): the lookups of a near-duplicate's keys, with the query's first passes.
//! * `lookup/query_keys_absent`: the same for a page none of whose keys is stored.
//!
//! Run: `cargo bench --bench lookup` (builds a 100,000-document segment first). Under
//! `cargo test` the segment is small and each bench runs once. Figures go to BENCHMARKS.md.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use dedupdb::dedup::QueryScratch;
use dedupdb::dedup::Searcher;
use dedupdb::features::Features;
use dedupdb::store::format::KeyKind;
use dedupdb::store::{Index, NewDoc};
use dedupdb::Params;

const KEYS_PER_DOC: usize = 190;

/// xorshift64*: the bench's keys, reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

fn features(rng: &mut Rng) -> Features {
    let mut fingerprints: Vec<u64> = (0..KEYS_PER_DOC).map(|_| rng.next()).collect();
    fingerprints.sort_unstable();
    Features {
        period: Vec::new(),
        period_count: 0,
        fingerprints,
        fingerprint_fallback: false,
        sentence_keys: Vec::new(),
        exact: rng.next(),
    }
}

fn bench_lookup(c: &mut Criterion) {
    let full = std::env::args().any(|a| a == "--bench");
    let docs = if full { 100_000 } else { 2_000 };
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut rng = Rng(0x5eed);
    let mut stored = Vec::with_capacity(docs);
    {
        let mut index = Index::open_writer(dir.path(), &Params::default()).expect("new index");
        index.flush_policy.max_docs = usize::MAX;
        index.flush_policy.max_text_bytes = usize::MAX;
        let chars: Vec<char> = "一段很短的正文。".chars().collect();
        for i in 0..docs {
            let f = features(&mut rng);
            let url = format!("https://example.com/{i}");
            let doc = NewDoc {
                url: &url,
                site: "example.com",
                fetched_at: 0,
                chars: &chars,
                features: &f,
                cluster: None,
                replaces: None,
                title: [0; 16],
                listing: false,
                script: dedupdb::lang::Script::Zzzz,
            };
            index.insert(doc).expect("insert");
            stored.push(f);
        }
        index.commit().expect("commit");
        index.flush().expect("flush");
    }
    let index = Index::open_reader(dir.path()).expect("reader");
    let seg = index.segments().first().expect("one segment").clone();
    let present: Vec<u64> = (0..4096).map(|_| stored[(rng.next() % docs as u64) as usize].fingerprints[5]).collect();
    let absent: Vec<u64> = (0..4096).map(|_| rng.next()).collect();
    let mut g = c.benchmark_group("lookup");
    for (name, keys) in [("postings_present", &present), ("postings_absent", &absent)] {
        let mut i = 0;
        g.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) % keys.len();
                black_box(seg.postings(KeyKind::Fingerprint, keys[i]).map(|p| p.map(|p| p.len())))
            })
        });
    }
    let query_chars: Vec<char> = "另一段很短的正文。".chars().collect();
    let present: Vec<&Features> = (0..256).map(|_| &stored[(rng.next() % docs as u64) as usize]).collect();
    let absent: Vec<Features> = (0..256).map(|_| features(&mut rng)).collect();
    let absent: Vec<&Features> = absent.iter().collect();
    let mut scratch = QueryScratch::default();
    for (name, pages) in [("query_keys_present", &present), ("query_keys_absent", &absent)] {
        let mut i = 0;
        g.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) % pages.len();
                black_box(
                    Searcher::of(&index)
                        .query_with(&mut scratch, &query_chars, pages[i], None, None, None)
                        .map(|a| a.considered.len()),
                )
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench_lookup);
criterion_main!(benches);
