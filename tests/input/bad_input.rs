//! Bad pages get a verdict or a clear error, never a panic.

use std::process::Command;

use crate::common::{self, fixture, page, prose};
use dedupdb::{compare, Body, Page, Params, Relation};

fn analyze(bytes: &[u8]) -> Page {
    Page::analyze(Body::Html { bytes, charset: None }, &Params::default())
}

fn garbage(n: usize, seed: u64) -> Vec<u8> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

#[test]
fn empty_garbage_and_broken_markup_give_verdicts() {
    let article = page("article1_site_a.html");
    let p = Params::default();
    let cases: Vec<Vec<u8>> = vec![
        Vec::new(),
        garbage(100_000, 7),
        b"<div><p>\xe6\x96\xb0\xff\xfe\xe9\x97\xbb<a href='x".to_vec(),
        b"<html><body><div class=\"a><p>unterminated attribute".to_vec(),
        b"<!-- never closed comment <p>text</p>".to_vec(),
        b"<script>".to_vec(),
        b"<<<<>>>></></></p></div></body>".to_vec(),
        "<p>".repeat(10_000).into_bytes(),
        "<div>".repeat(5_000).into_bytes(),
        b"<p>&#xFFFFFFFF; &#0; &bogus; &amp</p>".to_vec(),
    ];
    for bytes in &cases {
        let page = analyze(bytes);
        let c = compare(&page, &article, &p);
        assert_eq!(c.relation, Relation::Different);
        let c = compare(&page, &page, &p);
        assert!(c.relation == Relation::Different || page.norm.len() >= p.min_shared_chars);
    }
}

#[test]
fn invalid_utf8_inside_an_article_is_replaced_and_the_article_still_matches() {
    let mut bytes = std::fs::read(fixture("article1_site_a.html")).expect("fixture");
    let at = bytes.len() / 2;
    bytes.splice(at..at, [0xff, 0xfe, 0xc0]);
    let broken = Page::analyze(Body::Html { bytes: &bytes, charset: Some("utf-8") }, &Params::default());
    assert!(broken.decode_errors);
    let c = compare(&broken, &page("article1_site_b.html"), &Params::default());
    assert_eq!(c.relation, Relation::Duplicate);
}

/// About 20 MB of HTML: a huge article body plus a huge link list.
fn huge_page() -> String {
    let mut s = String::from("<html><body><ul>");
    for i in 0..100_000 {
        s.push_str(&format!("<li><a href='/{i}'>链接{i}</a></li>"));
    }
    s.push_str("</ul><div class='content'>");
    let mut seed = 0;
    while s.len() < 20 << 20 {
        s.push_str("<p>");
        s.push_str(&prose(seed, 400));
        s.push_str("</p>");
        seed += 1;
    }
    s.push_str("</div></body></html>");
    s
}

#[test]
fn a_twenty_megabyte_page_gets_a_verdict() {
    let big = huge_page();
    let page = analyze(big.as_bytes());
    assert!(page.norm.len() > 1_000_000);
    let p = Params::default();
    assert_eq!(compare(&page, &page, &p).relation, Relation::Duplicate);
    let other = analyze(common::html_page("站", &[&prose(12345, 3000)]).as_bytes());
    assert_eq!(compare(&page, &other, &p).relation, Relation::Different);
}

#[test]
fn the_cli_survives_every_bad_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let files = [
        ("empty.html", Vec::new()),
        ("garbage.html", garbage(50_000, 3)),
        ("garbage.txt", garbage(50_000, 4)),
        ("invalid.html", b"<p>\xe4\xb8\xad\xff\xfe</p>".to_vec()),
        ("unterminated.html", b"<div><p class='x>text".to_vec()),
        ("huge.html", huge_page().into_bytes()),
    ];
    for (name, bytes) in &files {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).expect("write");
        let out = Command::new(env!("CARGO_BIN_EXE_dedupdb"))
            .args(["compare", "--json"])
            .arg(&path)
            .arg(fixture("article1.txt"))
            .output()
            .expect("run dedupdb");
        assert_eq!(out.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v["relation"], "different", "{name}");
    }
}
