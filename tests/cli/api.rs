//! The embedding API (`dedupdb::Db`): a `Writer` answers as `dedupdb ingest` does, a `Reader` as `dedupdb query`
//! does, readers on many threads see only committed pages on consistent snapshots while the
//! writer adds, flushes and merges, and there is one writer at a time.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::common_store::{comparable, crawl, read_report, run, s, same_answers, seed, stderr};
use dedupdb::db::RunOptions;
use dedupdb::error::OpenError;
use dedupdb::{Answer, Db, Error, PageInput, Reader, Verdict};

/// The crawl's pages as the API takes them.
fn pages(lines: &[String]) -> Vec<PageInput> {
    lines
        .iter()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a crawl line");
            let (url, site, html) = (v["url"].as_str(), v["site"].as_str(), v["html"].as_str());
            PageInput::html(url.expect("url"), html.expect("html")).site(site.expect("site"))
        })
        .collect()
}

/// An answer as a report line, as `comparable` reads the CLI's.
fn line(a: &Answer) -> serde_json::Value {
    comparable(serde_json::to_value(a).expect("an answer serializes"))
}

fn _reader_is_send_sync_and_clone() {
    fn is<T: Send + Sync + Clone>() {}
    is::<Reader>();
}

#[test]
fn writer_add_answers_as_ingest_and_reader_query_as_query() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = crawl(seed(531), 160, "api");
    let (first, second) = c.lines.split_at(120);
    let input = dir.path().join("first.jsonl");
    std::fs::write(&input, first.join("\n") + "\n").expect("write");
    let later = dir.path().join("second.jsonl");
    std::fs::write(&later, second.join("\n") + "\n").expect("write");

    // The command line.
    let cli_db = dir.path().join("cli.db");
    let report = dir.path().join("report.jsonl");
    let out = run(&["ingest", "--db", s(&cli_db), "--report", s(&report), s(&input)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let ingested: Vec<serde_json::Value> = read_report(&report).into_iter().map(comparable).collect();

    // The library, one page at a time and in a batch.
    let db = Db::open(dir.path().join("api.db")).expect("open");
    let mut writer = db.writer().expect("writer");
    let one_by_one: Vec<serde_json::Value> = pages(first).iter().map(|p| line(&writer.add(p).expect("add"))).collect();
    writer.commit().expect("commit");
    same_answers(&one_by_one, &ingested, "Writer::add answers as dedupdb ingest does");
    let batch_db = Db::open(dir.path().join("batch.db")).expect("open");
    let mut batch_writer = batch_db.writer().expect("writer");
    let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().expect("pool");
    let batched: Vec<serde_json::Value> =
        pool.install(|| batch_writer.add_batch(&pages(first))).expect("add_batch").iter().map(line).collect();
    same_answers(&batched, &ingested, "add_batch answers as adding one by one");
    assert!(ingested.iter().any(|v| v["verdict"] != "new"), "the crawl has known pages to tell apart");

    // Queries of the later pages: the reader as `dedupdb query --json`.
    let out = run(&["query", "--db", s(&cli_db), "--json", s(&later)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let queried: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| comparable(serde_json::from_str(l).expect("a JSON line")))
        .collect();
    writer.close().expect("close");
    let reader = db.reader().expect("reader");
    let asked: Vec<serde_json::Value> = pages(second).iter().map(|p| line(&reader.query(p).expect("query"))).collect();
    same_answers(&asked, &queried, "Reader::query answers as dedupdb query does");
    let mut streamed = Vec::new();
    reader
        .query_inputs(&[s(&later).to_string()], &RunOptions::default(), |a| {
            streamed.push(line(a));
            Ok(())
        })
        .expect("query_inputs");
    same_answers(&streamed, &queried, "Reader::query_inputs answers as dedupdb query does");
}

#[test]
fn readers_see_committed_pages_on_snapshots_while_the_writer_goes_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = Db::builder().flush_docs(40).open(dir.path().join("db")).expect("open");
    let c = crawl(seed(77), 240, "snap");
    // Pages with main text: the others are errors, whatever the index holds.
    let pages: Vec<PageInput> = pages(&c.lines).into_iter().filter(|p| c.with_text.contains(&p.url)).collect();
    let mut writer = db.writer().expect("writer");
    let reader = db.reader().expect("reader");
    // A page added is not seen before its commit.
    let a = writer.add(&pages[0]).expect("add");
    assert_eq!(a.verdict, Verdict::New);
    assert_eq!(reader.query(&pages[0]).expect("query").verdict, Verdict::New, "not committed yet");
    writer.commit().expect("commit");
    assert_eq!(reader.query(&pages[0]).expect("query").verdict, Verdict::Skipped, "committed: the same URL and text");
    let late = db.reader().expect("a reader made after the commit");
    assert_eq!(late.query(&pages[0]).expect("query").verdict, Verdict::Skipped, "a later reader sees it too");

    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let readers: Vec<_> = (0..3)
            .map(|t| {
                let reader = reader.clone();
                let (pages, done) = (&pages, &done);
                scope.spawn(move || {
                    let mut asked = 0;
                    // Pages committed stay known: a snapshot never loses one, whatever flush or
                    // merge the writer runs meanwhile.
                    while !done.load(Ordering::Relaxed) || asked < 20 {
                        let p = &pages[(asked * 7 + t) % 40];
                        let v = reader.query(p).expect("query").verdict;
                        assert_ne!(v, Verdict::Error, "{}", p.url);
                        asked += 1;
                    }
                    asked
                })
            })
            .collect();
        for chunk in pages[1..].chunks(17) {
            writer.add_batch(chunk).expect("add_batch");
            writer.commit().expect("commit");
        }
        writer.flush().expect("flush");
        done.store(true, Ordering::Relaxed);
        for r in readers {
            assert!(r.join().expect("a reader thread") >= 20);
        }
    });
    // Every committed page is now known to a reader, as ingest would skip it.
    for p in pages.iter().step_by(11) {
        let a = reader.query(p).expect("query");
        assert_eq!(a.verdict, Verdict::Skipped, "{}", p.url);
    }
    writer.close().expect("close");
}

#[test]
fn one_writer_at_a_time() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("db");
    let db = Db::open(&path).expect("open");
    let writer = db.writer().expect("writer");
    let again = db.writer().expect_err("a second writer in this process");
    assert!(matches!(again, Error::Open(OpenError::WriterOpen { .. })) && again.is_locked(), "{again}");
    // Another process's writer waits for the lock: the CLI exits with 3.
    let input = dir.path().join("c.jsonl");
    crawl(seed(5), 3, "lock").write(&input);
    let out = run(&["ingest", "--db", s(&path), s(&input)]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    drop(writer);
    assert!(db.writer().is_ok(), "the lock is free once the writer is dropped");
}

#[test]
fn open_existing_refuses_a_missing_index_and_names_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let missing = dir.path().join("nothing-here");
    let e = Db::open_existing(&missing).expect_err("no index");
    assert!(matches!(e, Error::Open(OpenError::NotFound { .. })), "{e:?}");
    assert!(e.to_string().contains("nothing-here"), "{e}");
    assert!(!missing.exists(), "nothing is created");
}

#[test]
fn small_ingests_stay_in_the_wal_until_there_is_enough_for_a_segment() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    let segments = |db: &Path| std::fs::read_dir(db.join("segments")).map(|d| d.count()).unwrap_or(0);
    let mut answers = Vec::new();
    for run_no in 0..4 {
        let input = dir.path().join(format!("run{run_no}.jsonl"));
        crawl(seed(900 + run_no), 3, &format!("r{run_no}")).write(&input);
        let report = dir.path().join(format!("run{run_no}.report"));
        let out = run(&["ingest", "--db", s(&db), "--report", s(&report), s(&input)]);
        assert!(out.status.success(), "{}", stderr(&out));
        answers.extend(read_report(&report));
    }
    assert_eq!(segments(&db), 0, "four runs of three pages leave no segment");
    // The pages are there: a query finds each known.
    let reader = Db::open_existing(&db).expect("open").reader().expect("reader");
    let mut known = 0;
    for a in answers.iter().filter(|a| a["verdict"] != "error") {
        let url = a["url"].as_str().expect("url");
        let mut found = false;
        reader
            .for_each_page(|_, u, _| {
                found |= u == url;
                Ok(())
            })
            .expect("pages");
        assert!(found, "{url} is stored");
        known += 1;
    }
    assert!(known >= 8, "{known}");
    // A run with enough pages for a segment writes one.
    let input = dir.path().join("big.jsonl");
    crawl(seed(950), 40, "big").write(&input);
    let out = run(&["ingest", "--db", s(&db), "--flush-docs", "300", s(&input)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(segments(&db), 1, "a run past a tenth of the flush size flushes");
}
