//! Two pages from one input (split at a position the first two bytes give), analyzed and
//! compared. Asserts: no panic; the ratios (resemble, contain, CCS, CLR) are in [0, 1]; the
//! trusted LCS fits both texts; comparing B with A mirrors comparing A with B (alignment runs in
//! the shorter text's coordinates, so that holds whenever the lengths differ); a page compared
//! with itself is a duplicate once it is long enough to share `min_shared_chars`.
#![no_main]

use dedupdb::{compare, Comparison, Page, Body, Params, Relation};
use libfuzzer_sys::fuzz_target;

fn check(c: &Comparison, what: &str) {
    for (name, v) in [("resemble", c.resemble), ("contain", c.contain), ("ccs", c.ccs), ("clr", c.clr)] {
        assert!((0.0..=1.0).contains(&v), "{what}: {name} = {v} is not in [0, 1]");
    }
    assert!(
        c.tlcs_chars <= c.a_chars.min(c.b_chars),
        "{what}: TLCS {} longer than a text ({}, {})",
        c.tlcs_chars,
        c.a_chars,
        c.b_chars
    );
    for s in &c.spans {
        assert!(s.a_start <= s.a_end && s.a_end <= c.a_chars, "{what}: span outside A: {s:?}");
        assert!(s.b_start <= s.b_end && s.b_end <= c.b_chars, "{what}: span outside B: {s:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let split = usize::from(u16::from_le_bytes([data[0], data[1]]));
    let text = data[2] & 1 == 1;
    let rest = &data[3..];
    let (a, b) = rest.split_at(split.min(rest.len()));
    let input = |bytes| if text { Body::Text { bytes, charset: None } } else { Body::sniff(bytes, None) };
    let p = Params::default();
    let pa = Page::analyze(input(a), &p);
    let pb = Page::analyze(input(b), &p);

    let ab = compare(&pa, &pb, &p);
    check(&ab, "A vs B");
    let ba = compare(&pb, &pa, &p);
    check(&ba, "B vs A");
    let (la, lb) = (pa.norm.chars.len().min(p.max_verify_chars), pb.norm.chars.len().min(p.max_verify_chars));
    if la != lb {
        assert_eq!(ab.relation.mirror(), ba.relation, "A vs B and B vs A disagree");
        assert_eq!(ab.tlcs_chars, ba.tlcs_chars, "A vs B and B vs A share different lengths");
    }

    let aa = compare(&pa, &pa, &p);
    check(&aa, "A vs A");
    if la >= p.min_shared_chars.max(p.skeleton_window) {
        assert_eq!(aa.relation, Relation::Duplicate, "a page of {la} chars is not a duplicate of itself: {aa:?}");
    }
});
