//! The simulated crawl and its truth agree with each other and with the issue's requirements.

use std::collections::{BTreeMap, HashSet};
use std::io::Read;

use crate::common::{self, read_jsonl, simulate};

#[test]
fn truth_is_consistent_and_covers_every_role() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = simulate(tmp.path(), 600, 4, 3);
    let truth = read_jsonl(&dir.join("truth.jsonl"));
    assert_eq!(truth.len(), 600);

    let mut roles: BTreeMap<String, usize> = BTreeMap::new();
    let mut positives = 0;
    for (i, t) in truth.iter().enumerate() {
        assert_eq!(t["n"].as_u64(), Some(i as u64));
        *roles.entry(t["role"].as_str().unwrap().to_string()).or_default() += 1;
        let matches = t["matches"].as_array().unwrap();
        assert_eq!(t["earlier_dup"].as_bool(), Some(!matches.is_empty()), "page {i}");
        positives += usize::from(!matches.is_empty());
        for m in matches {
            let j = m["n"].as_u64().unwrap() as usize;
            assert!(j < i, "page {i} matches a later page {j}");
            assert_eq!(m["url"], truth[j]["url"]);
            let rel = m["relation"].as_str().unwrap();
            assert!(["duplicate", "contains", "contained", "overlaps"].contains(&rel), "{rel}");
            if rel != "overlaps" {
                assert_eq!(t["cluster"], truth[j]["cluster"], "pages {j} and {i} are in different clusters");
            }
        }
        assert!(t["cluster"].as_u64().unwrap() <= i as u64);
        assert!(!t["sources"].as_array().unwrap().is_empty());
        // Bulletins are never near-duplicates of other issues.
        if t["kind"] == "bulletin" {
            for m in matches {
                assert_eq!(truth[m["n"].as_u64().unwrap() as usize]["sources"], t["sources"]);
            }
        }
    }
    for role in
        ["original", "repost", "edited", "excerpt", "abridged", "extended", "reorder", "digest", "split", "bulletin"]
    {
        assert!(roles.get(role).copied().unwrap_or(0) > 0, "no {role} pages: {roles:?}");
    }
    let share = positives as f64 / truth.len() as f64;
    assert!((0.38..=0.55).contains(&share), "{share} of pages have an earlier near-duplicate");
    // Digests overlap the stories they quote; excerpts are contained.
    assert!(truth.iter().filter(|t| t["role"] == "digest").any(|t| t["matches"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["relation"] == "overlaps")));
    assert!(truth.iter().filter(|t| t["role"] == "excerpt").any(|t| t["matches"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["relation"] == "contained")));

    // The summary counts what the truth says.
    let summary: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["pages"], 600);
    assert_eq!(summary["pages_with_earlier_dup"], positives);

    // JSONL and WARC hold the same pages in the same (crawl) order, day by day.
    let mut jsonl_urls = Vec::new();
    let mut warc_urls = Vec::new();
    let mut gbk_checked = 0;
    for day in 1..=4 {
        let d = dir.join(format!("day-{day:02}"));
        for line in read_jsonl(&d.join("crawl.jsonl")) {
            assert!(line["html"].as_str().unwrap().contains("<html"));
            assert!(line["fetched_at"].as_i64().unwrap() > 883_000_000);
            jsonl_urls.push(line["url"].as_str().unwrap().to_string());
        }
        let mut raw = Vec::new();
        flate2::read::MultiGzDecoder::new(std::fs::File::open(d.join("crawl.warc.gz")).unwrap())
            .read_to_end(&mut raw)
            .unwrap();
        let text = String::from_utf8_lossy(&raw);
        for rec in text.split("WARC/1.0\r\n").skip(1) {
            if !rec.contains("WARC-Type: response") {
                continue;
            }
            let uri = rec.split("WARC-Target-URI: ").nth(1).unwrap().split("\r\n").next().unwrap();
            warc_urls.push(uri.to_string());
            assert!(rec.contains("HTTP/1.1 200 OK\r\n") && rec.contains("Content-Type: text/html"));
        }
        // A GBK page: its body is GBK, and the header says so.
        let mut pos = 0;
        while let Some(off) = raw[pos..].windows(12).position(|w| w.eq_ignore_ascii_case(b"charset=gbk\r")) {
            let start = pos + off;
            let body_at = start + raw[start..].windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
            let end = body_at + raw[body_at..].windows(7).position(|w| w == b"</html>").unwrap();
            let body = &raw[body_at..end];
            assert!(std::str::from_utf8(body).is_err(), "a GBK body is valid UTF-8");
            let (text, bad) = encoding_rs::GBK.decode_without_bom_handling(body);
            assert!(!bad && text.contains("<body"));
            gbk_checked += 1;
            pos = end;
        }
    }
    assert_eq!(jsonl_urls.len(), 600);
    assert_eq!(jsonl_urls, warc_urls);
    let truth_urls: Vec<String> = truth.iter().map(|t| t["url"].as_str().unwrap().to_string()).collect();
    assert_eq!(jsonl_urls, truth_urls);
    assert_eq!(truth_urls.iter().collect::<HashSet<_>>().len(), 600, "URLs are not unique");
    let sites = read_jsonl(&dir.join("sites.jsonl"));
    if sites
        .iter()
        .any(|s| s["gbk"] == true && s["header_charset"].as_str().is_some_and(|c| c.eq_ignore_ascii_case("gbk")))
    {
        assert!(gbk_checked > 0, "no GBK page found");
    }
}

#[test]
fn pages_carry_the_template_parts_that_make_the_test_hard() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("many-sites");
    let out = common::ddtool(&[
        "simulate",
        "--builtin-text",
        "--out",
        dir.to_str().unwrap(),
        "--pages",
        "300",
        "--days",
        "2",
        "--seed",
        "5",
        "--sites",
        "30",
    ]);
    common::ok(&out);
    let mut all = String::new();
    for day in 1..=2 {
        for line in read_jsonl(&dir.join(format!("day-{day:02}/crawl.jsonl"))) {
            all.push_str(line["html"].as_str().unwrap());
        }
    }
    for part in ["<table", "<article", "Discuz!", "id=\"floor1\"", "楼主", "分享到", "。</p>", "charset=", "相关"]
    {
        assert!(all.contains(part), "no page has {part}");
    }
    let sites = read_jsonl(&dir.join("sites.jsonl"));
    assert!(sites.iter().any(|s| s["gbk"] == true), "no GBK site");
    assert!(sites.iter().any(|s| s["halfwidth_digits"] == true), "no site turns digits half-width");
    let layouts: std::collections::HashSet<&str> = sites.iter().map(|s| s["layout"].as_str().unwrap()).collect();
    assert_eq!(layouts.len(), 5, "{layouts:?}");
    assert!(sites.iter().any(|s| s["kind"] == "forum") && sites.iter().any(|s| s["kind"] == "portal"));
}
