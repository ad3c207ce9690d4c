//! Arbitrary bytes through the page analysis ingest runs (decode, extract, normalize, features).
//! The first byte picks the transport's charset label and how the body is read (sniffed, HTML,
//! text). Asserts: no panic; analysis is deterministic; the normalized text maps back into the
//! main text; feature keys are sorted and distinct; `Page::normalized_text` reads the bytes
//! exactly as `Page::analyze` does; only Japanese and Korean pages keep characters that fold.
#![no_main]

use dedupdb::{Page, Body, Params};
use libfuzzer_sys::fuzz_target;

fn sorted_distinct(keys: &[u64]) -> bool {
    keys.windows(2).all(|w| w[0] < w[1])
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, body)) = data.split_first() else { return };
    // A garbage label: a few of the body's own bytes, read lossily.
    let garbage = String::from_utf8_lossy(&body[..body.len().min(6)]).into_owned();
    let charset = match sel % 6 {
        0 => None,
        1 => Some("utf-8"),
        2 => Some("gbk"),
        3 => Some("big5"),
        4 => Some("x-no-such-charset"),
        _ => Some(garbage.as_str()),
    };
    let input = match (sel / 6) % 3 {
        0 => Body::sniff(body, charset),
        1 => Body::Html { bytes: body, charset },
        _ => Body::Text { bytes: body, charset },
    };
    let p = Params::default();
    let a = Page::analyze(input, &p);
    let b = Page::analyze(input, &p);
    assert_eq!(a.main_text, b.main_text, "main text differs between two analyses");
    assert_eq!(a.norm, b.norm, "normalized text differs between two analyses");
    assert_eq!(a.features, b.features, "features differ between two analyses");
    assert_eq!(a.charset, b.charset);
    assert_eq!(a.title(), b.title());

    assert_eq!(a.norm.chars.len(), a.norm.origin.len(), "one origin per normalized character");
    let main_chars = a.main_text.chars().count();
    assert!(a.norm.origin.iter().all(|&o| (o as usize) < main_chars), "origin outside the main text");
    assert!(a.norm.origin.windows(2).all(|w| w[0] <= w[1]), "origins go backwards");
    assert!(sorted_distinct(&a.features.period), "period keys not sorted and distinct");
    assert!(sorted_distinct(&a.features.fingerprints), "fingerprints not sorted and distinct");

    // A new index folds traditional characters on every page but Japanese and Korean ones,
    // which keep their kanji and Hanja (dedupdb::lang).
    let kept = matches!(a.script.language(), dedupdb::lang::Language::Ja | dedupdb::lang::Language::Ko);
    assert!(
        kept || a.norm.chars.iter().all(|&c| dedupdb::script_fold::fold(c) == c),
        "a new index's normalized text of a {:?} page holds a character that folds",
        a.script
    );

    let n = Page::normalized_text(input, &p);
    assert_eq!(n, a.norm, "normalized_text reads the page differently from analyze");
});
