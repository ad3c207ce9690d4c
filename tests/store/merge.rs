//! Segment merges: an index whose segments merge as it grows (size-tiered, after flushes) and a
//! fully compacted one answer every page exactly as the same index left unmerged; replaced pages
//! are dropped; template keys concentrated on one site are pruned and recorded.

use std::path::{Path, PathBuf};

use crate::common;
use crate::common_store::{assert_sound, crawl, jsonl_line, s, seed, Crawl};
use dedupdb::db::RunOptions;
use dedupdb::store::catalog::Catalog;
use dedupdb::store::format::KeyKind;
use dedupdb::store::{Index, MergePolicy, PrunePolicy};
use dedupdb::{Body, Db, Page, Params};

/// Period-feature keys of a text as a page of its own.
fn period_keys(text: &str) -> Vec<u64> {
    let page = Page::analyze(Body::Text { bytes: text.as_bytes(), charset: None }, &Params::default());
    page.features.period.clone()
}

/// Two crawls; the second re-fetches some pages of the first with new content (replacing them).
fn crawls(dir: &Path, seed: u64) -> Vec<String> {
    let first = crawl(seed, 360, "one");
    let mut second = crawl(seed + 1, 240, "two");
    for (n, line) in first.lines.iter().enumerate().filter(|(n, l)| n % 37 == 5 && l.contains("sidebar")) {
        let v: serde_json::Value = serde_json::from_str(line).expect("crawl line");
        let html = v["html"].as_str().expect("html");
        let extra = format!("<p>{}</p></div><div class='sidebar'>", common::prose(seed + 500 + n as u64, 300));
        let edited = html.replacen("</div><div class='sidebar'>", &extra, 1);
        let url = v["url"].as_str().expect("url");
        second.lines.push(jsonl_line(url, v["site"].as_str().expect("site"), &edited));
    }
    let mut paths = Vec::new();
    for (name, c) in [("one.jsonl", &first), ("two.jsonl", &second)] {
        let p = dir.join(name);
        Crawl::write(c, &p);
        paths.push(s(&p).to_string());
    }
    paths
}

/// Ingests `inputs` in small batches with a flush every 30 pages; returns the report lines.
fn build(db: &Path, inputs: &[String], merge: MergePolicy) -> Vec<String> {
    let db = Db::builder().flush_docs(30).merge_policy(merge).open(db).expect("open");
    let mut writer = db.writer().expect("writer");
    let opts = RunOptions { batch: 16, ..RunOptions::default() };
    let mut lines = Vec::new();
    writer
        .ingest(inputs, &opts, |o| {
            lines.push(serde_json::to_string(o).expect("outcome"));
            Ok(())
        })
        .expect("ingest");
    writer.flush().expect("flush");
    writer.merge().expect("merge");
    writer.close().expect("close");
    lines
}

/// Every live document: (doc id, url, cluster, text).
fn contents(db: &Path) -> Vec<(u32, String, u32, String)> {
    let index = Index::open_reader(db).expect("open reader");
    let mut docs = Vec::new();
    index
        .for_each_doc(|d, url, cluster| {
            docs.push((d, url.to_string(), cluster));
            Ok(())
        })
        .expect("walk");
    docs.into_iter()
        .map(|(d, url, cluster)| {
            let text: String = index.doc_text(d).expect("text").expect("stored").into_iter().collect();
            (d, url, cluster, text)
        })
        .collect()
}

/// Answers (report lines) of a read-only query run.
fn answers(db: &Path, inputs: &[String]) -> Vec<String> {
    let reader = Db::open_existing(db).expect("open").reader().expect("reader");
    let mut lines = Vec::new();
    reader
        .query_inputs(inputs, &RunOptions::default(), |o| {
            lines.push(serde_json::to_string(o).expect("outcome"));
            Ok(())
        })
        .expect("query");
    lines
}

fn segments(db: &Path) -> usize {
    Index::open_reader(db).expect("open reader").segments().len()
}

#[test]
fn merged_and_compacted_indexes_answer_like_the_unmerged_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let seed = seed(41);
    let inputs = crawls(dir.path(), seed);
    let queries = {
        let q = crawl(seed, 120, "query");
        let p = dir.path().join("q.jsonl");
        q.write(&p);
        vec![s(&p).to_string()]
    };
    let flat: PathBuf = dir.path().join("flat");
    let tiered: PathBuf = dir.path().join("tiered");
    let unmerged = MergePolicy { disabled: true, ..MergePolicy::default() };
    let report_flat = build(&flat, &inputs, unmerged);
    let report_tiered = build(&tiered, &inputs, MergePolicy { factor: 3, ..MergePolicy::default() });

    // Merging while ingesting changes no answer.
    assert_eq!(report_flat.len(), report_tiered.len());
    for (a, b) in report_flat.iter().zip(&report_tiered) {
        assert_eq!(a, b, "ingest answers differ");
    }
    let (n_flat, n_tiered) = (segments(&flat), segments(&tiered));
    assert!(n_flat >= 15, "the unmerged index has {n_flat} segments");
    assert!(n_tiered <= 6, "tiered merging left {n_tiered} segments");
    assert_sound(&flat, "unmerged");
    assert_sound(&tiered, "tiered");
    let docs = contents(&flat);
    assert_eq!(docs, contents(&tiered), "stored documents differ");
    let q_flat = answers(&flat, &queries);
    assert!(q_flat.iter().any(|l| l.contains("\"relation\":\"duplicate\"")), "the queries find duplicates");
    assert_eq!(q_flat, answers(&tiered, &queries), "query answers differ after tiered merges");

    // A full compaction: one segment, replaced pages dropped, the same documents and answers.
    let mut index = Index::open_writer(&flat, &Params::default()).expect("open writer");
    let before: u64 = index.segments().iter().map(|s| u64::from(s.doc_count())).sum();
    let stats = index.compact(PrunePolicy::default(), true).expect("compact");
    assert_eq!(index.segments().len(), 1);
    assert_eq!(stats.segments_in, n_flat);
    assert_eq!(stats.docs + stats.dropped_docs, before as usize);
    assert_eq!(stats.docs, docs.len(), "every live document is kept, nothing else");
    assert!(stats.dropped_docs > 0, "the replaced versions are dropped");
    assert_eq!(index.segments()[0].deletes().expect("deletes").len(), 0, "no delete left to apply");
    drop(index);
    assert_sound(&flat, "compacted");
    assert_eq!(docs, contents(&flat), "stored documents differ after compaction");
    assert_eq!(q_flat, answers(&flat, &queries), "query answers differ after compaction");
    // Replaced URLs still resolve to their newest version.
    let index = Index::open_reader(&flat).expect("open reader");
    for (d, url, _, _) in docs.iter().step_by(7) {
        assert_eq!(index.lookup_url(url).expect("lookup").map(|u| u.doc_id), Some(*d), "{url}");
    }
}

#[test]
fn merges_prune_keys_concentrated_on_one_site() {
    let dir = tempfile::tempdir().expect("tempdir");
    // 40 pages of one site repeat a boilerplate notice beside their own article; 10 pages of
    // other sites carry it too.
    let notice = "本网站所刊登的各种新闻信息和专栏资料均为本网版权所有未经协议授权禁止下载使用。\
                  如需转载请与本站联系并注明出处否则将依法追究其法律责任。";
    let mut lines = Vec::new();
    for i in 0..50u64 {
        let site = if i < 40 { "模板站" } else { "别的站" };
        let html = common::html_page(site, &[&common::prose(9000 + i, 400), notice]);
        lines.push(jsonl_line(&format!("https://t{}.example/{i}.html", i % 3), site, &html));
    }
    let input = dir.path().join("t.jsonl");
    std::fs::write(&input, lines.join("\n") + "\n").expect("write");
    let db = dir.path().join("db");
    build(&db, &[s(&input).to_string()], MergePolicy { disabled: true, ..MergePolicy::default() });

    let mut index = Index::open_writer(&db, &Params::default()).expect("open writer");
    let notice_keys = period_keys(notice);
    assert!(!notice_keys.is_empty());
    let held = |index: &Index, key: u64| {
        index.segments().iter().any(|s| s.postings(KeyKind::Period, key).expect("read").is_some())
    };
    assert!(notice_keys.iter().all(|&k| held(&index, k)), "before: every notice key is stored");
    let stats = index.compact(PrunePolicy { global_cap: 1000, site_cap: 30, site_share: 0.5 }, false).expect("compact");
    assert!(stats.pruned_keys >= notice_keys.len(), "pruned {} keys", stats.pruned_keys);
    for &k in &notice_keys {
        assert!(index.pruned().contains(KeyKind::Period, k), "notice key {k:016x} is pruned");
        assert!(!held(&index, k), "a pruned key is not stored");
    }
    // An article's own keys (held by one page) are kept.
    let own = period_keys(&common::prose(9003, 400));
    assert!(own.iter().any(|&k| held(&index, k)));
    drop(index);
    // The catalog records why, for each key the pruned-keys file lists.
    let catalog = Catalog::open(&db.join("catalog")).expect("catalog");
    let recorded = catalog.pruned().expect("pruned keys");
    assert_eq!(recorded.len(), stats.pruned_keys);
    for &k in &notice_keys {
        let (_, _, info) =
            recorded.iter().find(|(kind, key, _)| *kind == KeyKind::Period && *key == k).expect("recorded");
        assert_eq!((info.reason.as_str(), info.frequency), ("site", 50), "{k:016x}");
    }
    drop(catalog);
    assert_sound(&db, "after pruning");
}

#[test]
fn dropping_an_index_cancels_its_background_merge_cleanly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("c.jsonl");
    crawl(seed(5), 400, "c").write(&input);
    let db = dir.path().join("db");
    build(&db, &[s(&input).to_string()], MergePolicy { disabled: true, ..MergePolicy::default() });
    let before = contents(&db);
    let n = segments(&db);
    assert!(n >= 8, "{n} segments");
    for _ in 0..3 {
        // A merge of every segment starts in the background; the index is dropped at once.
        let mut index = Index::open_writer(&db, &Params::default()).expect("open writer");
        index.merge_policy = MergePolicy { factor: n, ..MergePolicy::default() };
        index.maybe_flush().expect("start a merge");
        drop(index);
        let left: Vec<String> = std::fs::read_dir(db.join("segments"))
            .expect("segments dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        // Either it finished before the drop (and was left unpublished) or it was cancelled;
        // nothing is lost, and the next writer collects what it left.
        assert!(left.len() <= n + 2, "{left:?}");
        assert_sound(&db, "after a cancelled merge");
        assert_eq!(contents(&db), before);
    }
    let mut index = Index::open_writer(&db, &Params::default()).expect("open writer");
    let left = std::fs::read_dir(db.join("segments")).expect("segments dir").count();
    assert_eq!(left, n, "the next writer removed the cancelled merge's files");
    // Started again and waited for, the merge lands.
    index.merge_policy = MergePolicy { factor: n, ..MergePolicy::default() };
    index.maybe_flush().expect("start a merge");
    let stats = index.poll_merge(true).expect("merge").expect("a merge was running");
    assert_eq!(stats.segments_in, n);
    assert_eq!(index.segments().len(), 1);
    drop(index);
    assert_sound(&db, "after the merge");
    assert_eq!(contents(&db), before);
}
