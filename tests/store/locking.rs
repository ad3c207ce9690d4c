//! One writer at a time: a second `dedupdb ingest` on an index that a writer holds exits with
//! code 3 and says "index is locked by another process", and changes nothing; `dedupdb query`,
//! `dedupdb clusters` and the integrity check keep working beside the writer, and see what it
//! has committed.

use std::io::Write;
use std::path::Path;
use std::process::{Child, ChildStdin, Stdio};
use std::time::{Duration, Instant};

use crate::common_store::{
    assert_sound, clusters, crawl, dedupdb, read_report, run, s, stderr, verdict, Crawl, INSERTED,
};
use dedupdb::store::Index;
use dedupdb::Params;

/// Lines in one ingest batch (`RunOptions::default().batch`): a batch is analyzed, committed and
/// reported once that many records have been read.
const BATCH: usize = 256;

/// Runs a second writer on `db` and checks that it is refused and changes nothing.
fn assert_second_writer_refused(db: &Path, input: &Path, dir: &Path) {
    let before = clusters(db);
    let report = dir.join("refused-report.jsonl");
    let out = run(&["ingest", "--db", s(db), "--report", s(&report), s(input)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(3), "a second writer should exit with 3: {err}");
    assert!(err.contains("index is locked by another process"), "unclear message: {err}");
    assert!(err.contains(s(db)), "the message should name the index: {err}");
    assert!(read_report(&report).is_empty(), "the refused writer reported pages");
    assert_eq!(clusters(db), before, "the refused writer changed the index");
}

/// Exact copies of `pages` of `crawl` under new URLs, as a JSONL query file.
fn copies(crawl: &Crawl, pages: &[usize], path: &Path) -> Vec<String> {
    let mut lines = Vec::new();
    let mut originals = Vec::new();
    for &i in pages {
        let mut v: serde_json::Value = serde_json::from_str(&crawl.lines[i]).expect("crawl line");
        originals.push(v["url"].as_str().expect("url").to_string());
        v["url"] = format!("https://copies.example/{i}").into();
        lines.push(v.to_string());
    }
    std::fs::write(path, lines.join("\n") + "\n").expect("write");
    originals
}

/// Queries exact copies of `originals` and checks that each is found as an exact copy, with
/// its original among the matches (the crawl repeats some texts: the best match may be another
/// copy).
fn assert_query_finds(db: &Path, queries: &Path, originals: &[String]) {
    let out = run(&["query", "--json", "--db", s(db), s(queries)]);
    assert_eq!(out.status.code(), Some(0), "query beside a writer: {}", stderr(&out));
    let lines: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).expect("UTF-8").lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(lines.len(), originals.len());
    for (line, url) in lines.iter().zip(originals) {
        assert_eq!(verdict(line), "exact", "a copy of {url}: {line}");
        let found = line["matches"]
            .as_array()
            .expect("matches")
            .iter()
            .any(|m| m["url"].as_str() == Some(url.as_str()) && m["resemble"].as_f64() == Some(1.0));
        assert!(found, "a copy of {url} does not find it: {line}");
    }
}

/// Indices (in `crawl.lines`) of pages with text among the first `n` lines, at most `k` of them,
/// spread out.
fn pages_with_text(crawl: &Crawl, n: usize, k: usize) -> Vec<usize> {
    let with: Vec<usize> = (0..n)
        .filter(|&i| {
            let v: serde_json::Value = serde_json::from_str(&crawl.lines[i]).expect("line");
            crawl.with_text.iter().any(|u| u == v["url"].as_str().expect("url"))
        })
        .collect();
    let step = (with.len() / k).max(1);
    with.into_iter().step_by(step).take(k).collect()
}

#[test]
fn a_writer_in_this_process_locks_out_a_second_writer_but_not_readers() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    let pages = crawl(11, 40, "held");
    let input = dir.path().join("pages.jsonl");
    pages.write(&input);
    let out = run(&["ingest", "--db", s(&db), s(&input)]);
    assert!(out.status.success(), "ingest: {}", stderr(&out));
    let more = crawl(12, 20, "more");
    let more_input = dir.path().join("more.jsonl");
    more.write(&more_input);
    let queries = dir.path().join("queries.jsonl");
    let originals = copies(&pages, &pages_with_text(&pages, 40, 5), &queries);

    let writer = Index::open_writer(&db, &Params::default()).expect("open the writer");
    assert_second_writer_refused(&db, &more_input, dir.path());
    assert_query_finds(&db, &queries, &originals);
    let report = assert_sound(&db, "while this process holds the writer");
    assert_eq!(report.live_docs as usize, pages.with_text.len());
    // A second writer in this same process is refused too.
    match Index::open_writer(&db, &Params::default()) {
        Err(e @ dedupdb::store::StoreError::Locked { .. }) => {
            assert!(e.to_string().contains("index is locked by another process"), "{e}")
        }
        other => panic!("a second writer in the same process: {other:?}"),
    }

    // Once the writer is gone, the next one gets the index.
    drop(writer);
    let out = run(&["ingest", "--db", s(&db), s(&more_input)]);
    assert!(out.status.success(), "ingest after the writer closed: {}", stderr(&out));
    assert_eq!(clusters(&db).len(), pages.with_text.len() + more.with_text.len());
}

/// A running `dedupdb ingest` reading JSONL from a pipe.
struct PipedIngest {
    child: Option<Child>,
    stdin: Option<ChildStdin>,
}

impl PipedIngest {
    fn start(db: &Path, report: &Path) -> PipedIngest {
        let mut child = dedupdb()
            .args(["ingest", "--db", s(db), "--report", s(report), "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start dedupdb ingest");
        let stdin = child.stdin.take();
        PipedIngest { child: Some(child), stdin }
    }

    fn send(&mut self, lines: &[String]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        for l in lines {
            stdin.write_all(l.as_bytes()).and_then(|_| stdin.write_all(b"\n")).expect("write to ingest");
        }
        stdin.flush().expect("flush");
    }

    /// Closes the input and waits for the run to end.
    fn finish(mut self) -> std::process::Output {
        drop(self.stdin.take());
        self.child.take().expect("running").wait_with_output().expect("wait")
    }

    fn try_wait(&mut self) -> Option<std::process::ExitStatus> {
        self.child.as_mut().expect("running").try_wait().expect("try_wait")
    }
}

impl Drop for PipedIngest {
    fn drop(&mut self) {
        // On a failed assertion: do not leave the child behind.
        if let Some(child) = self.child.as_mut() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Waits until `report` has `n` complete lines (the writer's progress signal).
fn wait_for_report(report: &Path, n: usize, ingest: &mut PipedIngest) -> Vec<serde_json::Value> {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let lines = read_report(report);
        if lines.len() >= n {
            return lines;
        }
        if let Some(status) = ingest.try_wait() {
            panic!("the writer ended early ({status}) with {} report lines", lines.len());
        }
        assert!(Instant::now() < deadline, "the writer reported {} of {n} pages in 120 s", lines.len());
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_running_ingest_locks_out_a_second_writer_and_readers_see_its_committed_pages() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    let report = dir.path().join("report.jsonl");
    let pages = crawl(21, BATCH + 40, "piped");

    // The first batch goes in; the writer then waits for more input, holding the lock, with the
    // batch committed to the WAL and not yet in a segment.
    let mut ingest = PipedIngest::start(&db, &report);
    ingest.send(&pages.lines[..BATCH]);
    let lines = wait_for_report(&report, BATCH, &mut ingest);
    let inserted = lines.iter().filter(|l| INSERTED.contains(&verdict(l))).count();
    assert!(inserted > BATCH / 2, "{inserted} pages inserted of {BATCH}");

    let other = dir.path().join("other.jsonl");
    crawl(22, 10, "other").write(&other);
    assert_second_writer_refused(&db, &other, dir.path());
    let queries = dir.path().join("queries.jsonl");
    let originals = copies(&pages, &pages_with_text(&pages, BATCH, 6), &queries);
    assert_query_finds(&db, &queries, &originals);
    let v = assert_sound(&db, "while an ingest is running");
    assert_eq!((v.segments, v.wal_docs, v.live_docs as usize), (0, inserted, inserted), "{v:?}");
    assert!(!v.wal_torn_tail, "the WAL of an idle writer ends in a complete record");
    assert_eq!(clusters(&db).len(), inserted);

    // The rest of the input, then the end: the writer completes normally.
    ingest.send(&pages.lines[BATCH..]);
    let out = ingest.finish();
    assert!(out.status.success(), "the writer failed: {}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(read_report(&report).len(), pages.lines.len());
    let v = assert_sound(&db, "after the writer finished");
    assert_eq!(v.live_docs as usize, pages.with_text.len());
}

#[test]
fn readers_work_beside_a_busy_writer() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    let first = crawl(31, 60, "first");
    let input = dir.path().join("first.jsonl");
    first.write(&input);
    let out = run(&["ingest", "--db", s(&db), s(&input)]);
    assert!(out.status.success(), "ingest: {}", stderr(&out));
    let queries = dir.path().join("queries.jsonl");
    let originals = copies(&first, &pages_with_text(&first, 60, 3), &queries);

    // A writer flushing a segment after every batch, while readers check and query over and over.
    let busy = crawl(32, 3 * BATCH, "busy");
    let busy_input = dir.path().join("busy.jsonl");
    busy.write(&busy_input);
    let mut child = dedupdb()
        .args(["ingest", "--flush-docs", "10", "--db", s(&db), s(&busy_input)])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the writer");
    let (mut checks, mut last_live, mut torn) = (0, 0u64, 0);
    while child.try_wait().expect("try_wait").is_none() {
        let v = assert_sound(&db, &format!("check {checks} beside the writer"));
        assert!(v.live_docs >= last_live, "live pages went from {last_live} to {}", v.live_docs);
        last_live = v.live_docs;
        torn += usize::from(v.wal_torn_tail);
        assert_query_finds(&db, &queries, &originals);
        checks += 1;
    }
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success(), "the writer failed: {}", String::from_utf8_lossy(&out.stderr));
    println!("{checks} checks and queries beside the writer ({torn} saw a WAL append in progress)");
    assert!(checks >= 3, "the writer finished before the readers could run");
    let v = assert_sound(&db, "after the writer");
    assert_eq!(v.live_docs as usize, first.with_text.len() + busy.with_text.len());
}
