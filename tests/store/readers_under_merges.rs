//! Readers under merges: while the one writer ingests, commits, flushes, merges and compacts,
//! readers query without pause: threads of the writer's process on its published snapshots, a
//! thread of a second `Db` of the same process that opens the index from disk for every round,
//! and a `dedupdb query` process run again and again. The pages the writer adds are other
//! articles, so every query's answer must stay the one a quiescent index gave before the writer
//! started: no error (a segment or WAL deleted under a reader would be one), no answer that
//! differs. At the end the index verifies clean and holds every page.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use crate::common::prose;
use dedupdb::{Answer, Db, PageInput, Verdict};

/// Articles stored before the readers start.
const BASE: usize = 90;
/// Rounds of the writer: each adds `PER_ROUND` other articles, commits and flushes, then
/// merges or compacts.
const ROUNDS: usize = 8;
const PER_ROUND: usize = 30;

fn article(seed: u64) -> String {
    prose(seed, 700)
}

/// The queries: exact copies, excerpts (the first paragraphs) and edited copies of stored
/// articles, and articles never stored.
fn queries() -> Vec<PageInput> {
    let mut q = Vec::new();
    for i in (0..BASE as u64).step_by(9) {
        let text = article(i);
        q.push(PageInput::text(format!("http://copy.example/{i}"), text.clone()));
        let half: String = text.chars().take(text.chars().count() / 2).collect();
        q.push(PageInput::text(format!("http://excerpt.example/{i}"), half));
        q.push(PageInput::text(format!("http://edited.example/{i}"), format!("{text}\n{}", prose(50_000 + i, 60))));
    }
    for i in 0..4 {
        q.push(PageInput::text(format!("http://never.example/{i}"), article(90_000 + i)));
    }
    q
}

/// The queries as a JSONL file for `dedupdb query`.
fn write_queries(path: &Path) {
    let lines: Vec<String> = queries()
        .iter()
        .map(|p| {
            let text = String::from_utf8(p.body.to_vec()).expect("utf-8");
            serde_json::json!({"url": p.url, "text": text}).to_string()
        })
        .collect();
    std::fs::write(path, lines.join("\n") + "\n").expect("write queries");
}

/// `dedupdb query --json` of the queries: its stdout, or what went wrong.
fn query_process(db: &Path, queries: &Path) -> Result<String, String> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dedupdb"))
        .args(["query", "--json", "--threads", "1", "--db"])
        .arg(db)
        .arg(queries)
        .output()
        .map_err(|e| format!("run dedupdb: {e}"))?;
    if !out.status.success() {
        return Err(format!("dedupdb query failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    String::from_utf8(out.stdout).map_err(|e| e.to_string())
}

fn answers(db: &Db, qs: &[PageInput]) -> Result<Vec<Answer>, String> {
    let reader = db.reader().map_err(|e| e.to_string())?;
    qs.iter().map(|q| reader.query(q).map_err(|e| format!("{}: {e}", q.url))).collect()
}

#[test]
fn queries_answer_the_same_while_the_writer_flushes_merges_and_compacts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("db");
    let qfile = dir.path().join("queries.jsonl");
    write_queries(&qfile);
    let qs = queries();

    // The stored articles, in three segments.
    let db = Db::builder().flush_docs(1_000_000).open(&path).expect("open");
    let mut w = db.writer().expect("writer");
    for i in 0..BASE {
        w.add(&PageInput::text(format!("http://base.example/{i}"), article(i as u64))).expect("add");
        if i % 30 == 29 {
            w.commit().expect("commit");
            w.flush().expect("flush");
        }
    }
    w.commit().expect("commit");
    let want = answers(&db, &qs).expect("quiescent answers");
    let verdicts = |a: &[Answer], v: Verdict| a.iter().filter(|x| x.verdict == v).count();
    assert_eq!(verdicts(&want, Verdict::Exact), 10, "every copy is exact");
    assert_eq!(verdicts(&want, Verdict::New), 4, "the articles never stored are new");
    assert_eq!(want.len() - 14, 20, "excerpts and edited copies are duplicates or contained");
    assert!(want.iter().skip(1).step_by(3).take(10).all(|a| a.verdict != Verdict::New), "{want:?}");
    let want_lines = query_process(&path, &qfile).expect("quiescent dedupdb query");
    assert_eq!(want_lines.lines().count(), qs.len());

    let stop = Arc::new(AtomicBool::new(false));
    // Passes over the queries each reader has made.
    let passes: Vec<Arc<AtomicUsize>> = (0..4).map(|_| Arc::new(AtomicUsize::new(0))).collect();
    // Each reader: passes over the queries until told to stop, counted; the first wrong
    // answer or error ends it.
    let reader = |done: Arc<AtomicUsize>, mut pass: Box<dyn FnMut() -> Result<(), String> + Send>| {
        let stop = stop.clone();
        std::thread::spawn(move || -> Result<usize, String> {
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                pass()?;
                n += 1;
                done.fetch_add(1, Ordering::Relaxed);
            }
            Ok(n)
        })
    };
    let same = |name: String, db: Db, qs: Vec<PageInput>, want: Vec<Answer>| {
        move || -> Result<(), String> {
            let got = answers(&db, &qs)?;
            match (0..qs.len()).find(|&k| got[k] != want[k]) {
                Some(k) => Err(format!("{name}: {} answered {:?}, quiescent {:?}", qs[k].url, got[k], want[k])),
                None => Ok(()),
            }
        }
    };
    let mut readers = Vec::new();
    // Readers of the writer's own published snapshots.
    for (t, count) in passes.iter().take(2).enumerate() {
        let pass = same(format!("thread {t}"), db.clone(), qs.clone(), want.clone());
        readers.push(reader(count.clone(), Box::new(pass)));
    }
    // A second Db of this process, without a writer: every reader it hands out opens the
    // index from disk (manifest, segments, WAL) while the writer retires files.
    let from_disk = Db::open_existing(&path).expect("open a second Db");
    readers.push(reader(passes[2].clone(), Box::new(same("from disk".into(), from_disk, qs.clone(), want.clone()))));
    // Another process.
    let (p, qf) = (path.clone(), qfile.clone());
    readers.push(reader(
        passes[3].clone(),
        Box::new(move || match query_process(&p, &qf)? {
            got if got == want_lines => Ok(()),
            got => Err(format!("dedupdb query answered\n{got}\nquiescent\n{want_lines}")),
        }),
    ));

    // The writer: other articles, flushed, then merged or compacted, round after round, each
    // round waiting until every reader has made a pass more (so each pass overlaps the writer).
    for r in 0..ROUNDS {
        let seen: Vec<usize> = passes.iter().map(|p| p.load(Ordering::Relaxed)).collect();
        for i in 0..PER_ROUND {
            let seed = 10_000 + (r * PER_ROUND + i) as u64;
            w.add(&PageInput::text(format!("http://other.example/{r}/{i}"), article(seed))).expect("add");
            if i == PER_ROUND / 2 {
                w.commit().expect("commit");
            }
        }
        w.commit().expect("commit");
        w.flush().expect("flush");
        if r % 3 == 2 {
            w.compact(r % 2 == 0).expect("compact");
        } else {
            w.merge().expect("merge");
        }
        let behind = || passes.iter().zip(&seen).any(|(p, &s)| p.load(Ordering::Relaxed) < s + 2);
        while behind() && readers.iter().all(|h| !h.is_finished()) {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
    stop.store(true, Ordering::Relaxed);
    let asked: Vec<usize> = readers.into_iter().map(|h| h.join().expect("reader thread").expect("reader")).collect();
    assert!(asked.iter().all(|&n| n >= 2 * ROUNDS), "every reader asked in every round: {asked:?}");
    w.close().expect("close");

    let report = dedupdb::store::verify(&path).expect("verify");
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert_eq!(report.live_docs, (BASE + ROUNDS * PER_ROUND) as u64);
    let db = Db::open_existing(&path).expect("reopen");
    assert_eq!(db.reader().expect("reader").stats().expect("stats").live_docs, (BASE + ROUNDS * PER_ROUND) as u64);
    assert_eq!(answers(&db, &qs).expect("answers"), want, "and after the writer stopped");
}
