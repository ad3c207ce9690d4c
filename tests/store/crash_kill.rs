//! Crash safety: `dedupdb ingest` is killed with SIGKILL at random moments, many times over, on
//! the same index. After every kill the index opens, the integrity check finds nothing wrong, and
//! every page the report acknowledged before the kill is stored exactly once (under the doc id
//! the report gave). Each next run ingests the same input again; at the end a complete run
//! finishes the index, and it holds exactly what an uninterrupted run produces.
//!
//! Kill moments are drawn from a seeded generator (set `DEDUPDB_TEST_SEED` to replay a failure):
//! very early (opening or creating the index); at a random time within a window measured on this
//! machine by an uninterrupted run; once the report has reached a random size (just after pages
//! were acknowledged); or once a flush or merge is seen in progress on disk (the segment being
//! written, or written and about to be published). Flushes run in the background, beside newer
//! inserts in a newer WAL, so kills also leave several live WALs. The flush threshold (`--flush-docs`) is drawn per run
//! too: a segment after every batch, after every other batch, or only at the end (the WAL holds
//! several batches). The first run is always a long ingest killed midway after acknowledgements.
//! Each epoch starts a fresh index and ends with the first run that completes.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::common_store::{self, assert_sound, clusters, crawl, read_report, s, seed, verdict, Rng, Stored, INSERTED};

/// Pages in the crawl: a few ingest batches (256 pages each).
const PAGES: usize = 1200;
/// Memtable flush thresholds, one drawn per run: a segment after every batch, after every other
/// batch, or only at the end of a run (the WAL then holds several batches).
const FLUSH_DOCS: [&str; 3] = ["40", "300", "1000000"];
/// Killed runs.
const RUNS: usize = 30;

fn spawn_ingest(db: &Path, input: &Path, report: &Path, flush_docs: &str) -> Child {
    common_store::dedupdb()
        // Merges of two segments at a time: a run merges after every other flush, so kills land
        // in merges (on their own thread) as well as in flushes.
        .args(["ingest", "--json", "--flush-docs", flush_docs, "--merge-factor", "2"])
        .args(["--db", s(db), "--report", s(report), s(input)])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start dedupdb ingest")
}

/// When to kill a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Moment {
    /// At a random time after the start.
    At(Instant),
    /// As soon as a flush or merge is seen in progress, plus a little; or at the deadline. With
    /// `switch`, once its segment is complete under its final name (the manifest is about to
    /// name it and the WAL that followed, or has just done so and the old files are being
    /// removed); else once the segment is being written.
    InFlush(Instant, bool, Duration),
    /// As soon as the report file has grown to this many bytes (pages were just acknowledged),
    /// plus a few milliseconds; or at the deadline.
    AfterAck(Instant, u64, Duration),
    /// As soon as the manifest lists a segment (a flush was published), plus a few
    /// milliseconds; or at the deadline.
    AfterSegment(Instant, Duration),
}

/// Waits for the moment to kill the child, unless it exits first; kills it with SIGKILL then.
/// Returns true when the child was killed (it was still running).
fn kill_at(child: &mut Child, db: &Path, report: &Path, moment: Moment) -> bool {
    let mut deadline = match moment {
        Moment::At(t) | Moment::InFlush(t, _, _) | Moment::AfterAck(t, _, _) | Moment::AfterSegment(t, _) => t,
    };
    let mut watching = !matches!(moment, Moment::At(..));
    // Stray files of an earlier kill are not a flush: wait until the writer has removed them.
    let mut armed = debris(db).segments == 0;
    loop {
        if child.try_wait().expect("try_wait").is_some() {
            return false;
        }
        let now = Instant::now();
        if now >= deadline {
            // Child::kill sends SIGKILL on Unix.
            child.kill().expect("SIGKILL");
            return true;
        }
        if let (true, Moment::InFlush(_, switch, extra)) = (watching, moment) {
            let stray = debris(db);
            armed |= stray.segments == 0;
            if armed && if switch { stray.written > 0 } else { stray.segments > 0 } {
                watching = false;
                deadline = now + extra;
                continue;
            }
            std::thread::sleep(Duration::from_micros(200));
        } else if let (true, Moment::AfterAck(_, bytes, extra)) = (watching, moment) {
            if std::fs::metadata(report).is_ok_and(|m| m.len() >= bytes) {
                watching = false;
                deadline = now + extra;
                continue;
            }
            std::thread::sleep(Duration::from_micros(200));
        } else if let (true, Moment::AfterSegment(_, extra)) = (watching, moment) {
            if dedupdb::store::manifest::Manifest::load(db).is_ok_and(|m| !m.segments.is_empty()) {
                watching = false;
                deadline = now + extra;
                continue;
            }
            std::thread::sleep(Duration::from_micros(200));
        } else {
            std::thread::sleep((deadline - now).min(Duration::from_millis(2)));
        }
    }
}

/// What the reports have acknowledged so far: URL -> doc id.
#[derive(Default)]
struct Acked {
    docs: HashMap<String, u64>,
}

impl Acked {
    /// Takes in the complete lines of one run's report.
    fn absorb(&mut self, report: &Path, with_text: &HashSet<String>, run: usize) -> usize {
        let lines = read_report(report);
        let mut inserted = 0;
        for l in &lines {
            let url = l["url"].as_str().unwrap_or_default().to_string();
            let v = verdict(l);
            if INSERTED.contains(&v) {
                let doc_id = l["doc_id"].as_u64().unwrap_or_else(|| panic!("run {run}: {v} without a doc id: {l}"));
                assert!(with_text.contains(&url), "run {run}: a page without text was inserted: {l}");
                if let Some(before) = self.docs.insert(url.clone(), doc_id) {
                    panic!("run {run}: {url} inserted again as doc {doc_id} (already acknowledged as doc {before})");
                }
                inserted += 1;
            } else if v == "skipped" {
                // Already stored: by an earlier run, acknowledged or not (a run can be killed
                // between its WAL commit and its report lines).
                let doc_id = l["doc_id"].as_u64().unwrap_or_else(|| panic!("run {run}: skipped without doc id: {l}"));
                let before = *self.docs.entry(url.clone()).or_insert(doc_id);
                assert_eq!(before, doc_id, "run {run}: {url} skipped as doc {doc_id}, acknowledged as doc {before}");
            } else {
                assert_eq!(v, "error", "run {run}: unexpected verdict: {l}");
                assert!(!with_text.contains(&url), "run {run}: a page with text was refused: {l}");
            }
        }
        inserted
    }
}

/// The index after a kill: sound, every acknowledged page stored once under its doc id, nothing
/// stored twice, nothing stored that is not in the input. Returns (segments, WAL docs, stored).
fn check_index(db: &Path, acked: &Acked, with_text: &HashSet<String>, run: usize) -> (usize, usize, usize) {
    let when = format!("after run {run}");
    let report = assert_sound(db, &when);
    let stored = clusters(db);
    for (url, docs) in &stored {
        assert_eq!(docs.len(), 1, "{when}: {url} is stored {} times: {docs:?}", docs.len());
        assert!(with_text.contains(url), "{when}: {url} is stored but is not a page with text of the input");
    }
    for (url, &doc_id) in &acked.docs {
        let docs = stored.get(url).unwrap_or_else(|| panic!("{when}: acknowledged page {url} (doc {doc_id}) is lost"));
        assert_eq!(docs[0].doc_id, doc_id, "{when}: {url} acknowledged as doc {doc_id}, stored as {:?}", docs[0]);
    }
    assert_eq!(report.live_docs as usize, stored.len(), "{when}: verify and clusters disagree on the count");
    (report.segments, report.wal_docs, stored.len())
}

/// Files beside what the manifest names: segment files (and temporary files) a flush or merge is
/// writing or left behind when killed (the next writer removes them), and WAL files past the
/// manifest's, which a background flush creates (they stay live until a flush retires them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Debris {
    segments: usize,
    /// Of those, complete segment files (renamed into place): a flush about to be published.
    written: usize,
    wals: usize,
}

impl Debris {
    fn any(self) -> bool {
        self.segments + self.wals > 0
    }
}

fn debris(db: &Path) -> Debris {
    let Ok(m) = dedupdb::store::manifest::Manifest::load(db) else { return Debris::default() };
    let segs: HashSet<String> = m.segments.iter().map(|r| dedupdb::store::segment::segment_file_name(r.id)).collect();
    let wal = HashSet::from([dedupdb::store::wal::wal_file_name(m.wal_gen)]);
    let stray = |sub: &str, keep: &HashSet<String>| -> Vec<String> {
        let entries = std::fs::read_dir(db.join(sub)).map(|rd| rd.flatten().collect::<Vec<_>>()).unwrap_or_default();
        entries
            .iter()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| !keep.contains(name))
            .collect()
    };
    let segments = stray("segments", &segs);
    let written = segments.iter().filter(|n| n.starts_with("seg-")).count();
    Debris { segments: segments.len(), written, wals: stray("wal", &wal).len() }
}

/// Tallies over all runs.
#[derive(Default)]
struct Tally {
    runs: usize,
    killed: usize,
    killed_early: usize,
    acked_by_killed: usize,
    killed_with_wal: usize,
    killed_with_debris: usize,
    killed_with_segments: usize,
}

/// What every epoch shares.
struct Setup {
    /// The test's temporary directory.
    dir: PathBuf,
    /// The crawl.
    input: PathBuf,
    /// Its URLs with text.
    with_text: HashSet<String>,
    /// What an uninterrupted run stores.
    reference: HashMap<String, Vec<Stored>>,
    /// Kill times are drawn up to this.
    window_ms: u64,
    /// Size of a whole run's report.
    report_len: u64,
}

/// One epoch: a fresh index, runs killed at random moments until one completes, then the final
/// checks.
fn epoch(setup: &Setup, n: usize, rng: &mut Rng, tally: &mut Tally) {
    let Setup { dir, input, with_text, reference, window_ms, report_len } = setup;
    let window_ms = *window_ms;
    let db = dir.join(format!("db-{n}"));
    let mut acked = Acked::default();
    let mut completed = false;
    // The flush size of the run that completed (pages the WAL may keep after it: less than a tenth).
    let mut completed_flush: usize = 0;
    while !completed && tally.runs < RUNS {
        let run = tally.runs;
        tally.runs += 1;
        let report = dir.join(format!("report-{run}.jsonl"));
        // One run in six is killed very early (opening the index, creating it on the first run),
        // one in five during a flush, three in ten just after the report shows pages up to a
        // random point of the input were acknowledged, the others at any time.
        // The very first run is always a long ingest killed midway: no flush before the end (the
        // WAL holds several batches), killed after a random part of the report was written. The
        // second flushes after every batch and is killed once a flush has been published (a
        // flush runs in the background and is published at a later batch's end).
        let (first, second) = (run == 0, run == 1);
        let roll = if first || second { 50 } else { rng.range(0, 100) };
        let (early, in_flush, after_ack) = (roll < 16, (16..36).contains(&roll), (36..66).contains(&roll));
        let delay = if early { rng.range(0, 15) } else { rng.range(0, window_ms) };
        let flush_docs = match (first, second) {
            (true, _) => FLUSH_DOCS[2],
            (_, true) => FLUSH_DOCS[0],
            _ => FLUSH_DOCS[rng.range(0, FLUSH_DOCS.len() as u64) as usize],
        };
        let ack_bytes = if first { rng.range(report_len / 10, report_len * 8 / 10) } else { rng.range(1, *report_len) };
        let started = Instant::now();
        let mut child = spawn_ingest(&db, input, &report, flush_docs);
        let (deadline, extra) = (started + Duration::from_millis(window_ms), Duration::from_micros(rng.range(0, 3000)));
        let moment = if second {
            Moment::AfterSegment(started + Duration::from_millis(window_ms * 2), extra * 5)
        } else if in_flush {
            // Half of them at the switch to the new files, within a millisecond.
            let switch = rng.chance(50);
            Moment::InFlush(deadline, switch, if switch { extra / 3 } else { extra })
        } else if after_ack {
            Moment::AfterAck(deadline, ack_bytes, extra)
        } else {
            Moment::At(started + Duration::from_millis(delay))
        };
        let killed = kill_at(&mut child, &db, &report, moment);
        let delay = started.elapsed().as_millis();
        let out = child.wait_with_output().expect("wait");
        if !killed {
            assert!(out.status.success(), "run {run} failed: {}", String::from_utf8_lossy(&out.stderr));
            completed = true;
            completed_flush = flush_docs.parse().expect("a number");
        }
        let inserted = acked.absorb(&report, with_text, run);
        if !db.join("MANIFEST").exists() {
            // Killed before the index was created: nothing can have been acknowledged.
            assert!(acked.docs.is_empty(), "run {run}: pages acknowledged but no index");
            println!("epoch {n} run {run:2}: killed after {delay:4} ms, before the index existed");
            tally.killed += 1;
            tally.killed_early += 1;
            continue;
        }
        let left = debris(&db);
        let (segments, wal_docs, stored) = check_index(&db, &acked, with_text, run);
        println!(
            "epoch {n} run {run:2} (flush at {flush_docs:>7}): {} after {delay:4} ms: {inserted:3} pages \
             acknowledged, {stored:3} stored, {segments} segments, {wal_docs:3} docs in the WAL, stray files: {} segment, {} WAL",
            if !killed {
                "done  "
            } else if second {
                "killed once a flush was published"
            } else if in_flush {
                "killed in a flush"
            } else if after_ack {
                "killed after acks"
            } else {
                "killed"
            },
            left.segments,
            left.wals,
        );
        if killed {
            tally.killed += 1;
            tally.killed_early += usize::from(early);
            tally.acked_by_killed += inserted;
            tally.killed_with_wal += usize::from(wal_docs > 0);
            tally.killed_with_debris += usize::from(left.any());
            tally.killed_with_segments += usize::from(segments > 0);
        }
    }
    if !completed {
        // Out of runs: a complete run finishes the index.
        let report = dir.join(format!("report-final-{n}.jsonl"));
        let out = spawn_ingest(&db, input, &report, FLUSH_DOCS[0]).wait_with_output().expect("wait");
        assert!(out.status.success(), "final run failed: {}", String::from_utf8_lossy(&out.stderr));
        completed_flush = FLUSH_DOCS[0].parse().expect("a number");
        acked.absorb(&report, with_text, tally.runs);
        assert_eq!(read_report(&report).len(), PAGES, "the final report should have a line per input page");
    }
    let when = format!("epoch {n} complete");
    let (_, wal_docs, stored) = check_index(&db, &acked, with_text, tally.runs);
    // A completed run writes out a segment when a tenth of its flush size is in memory; less
    // stays in the WAL for the next run.
    let enough = (completed_flush / 10).max(1);
    assert!(
        wal_docs == 0 || wal_docs < enough,
        "{when}: a completed run leaves {wal_docs} pages in the WAL, at least a tenth ({enough}) of its flush size"
    );
    assert_eq!(stored, with_text.len(), "{when}: every page with text should be stored exactly once");
    // Pages went in once each and in input order, so the result is the uninterrupted run's.
    let got = clusters(&db);
    let mut differ: Vec<String> = reference
        .iter()
        .filter(|(u, d)| got.get(*u) != Some(d))
        .map(|(u, d)| format!("{u}: {d:?} vs {:?}", got.get(u)))
        .collect();
    differ.sort();
    assert!(
        differ.is_empty(),
        "{when}: {} pages differ from the uninterrupted run (doc id, cluster), e.g. {:?}",
        differ.len(),
        &differ[..differ.len().min(5)]
    );
}

#[test]
fn sigkill_at_random_moments_never_loses_or_duplicates_an_acknowledged_page() {
    let t0 = Instant::now();
    let seed = seed(0x5eed_c4a5);
    let mut rng = Rng::new(seed);
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("crawl.jsonl");
    let crawl = crawl(seed, PAGES, "crash");
    crawl.write(&input);
    let with_text: HashSet<String> = crawl.with_text.iter().cloned().collect();
    assert!(!crawl.without_text.is_empty(), "the crawl should hold pages without text too");

    // An uninterrupted run: the reference result, and the length of a run on this machine.
    let reference_db = dir.path().join("reference.db");
    let started = Instant::now();
    let reference_report = dir.path().join("reference.jsonl");
    let status = spawn_ingest(&reference_db, &input, &reference_report, FLUSH_DOCS[0]).wait().expect("wait");
    let full_run = started.elapsed();
    assert!(status.success(), "uninterrupted ingest failed: {status}");
    let reference = clusters(&reference_db);
    assert_eq!(reference.len(), with_text.len(), "the uninterrupted run should store every page with text");
    let clustered = reference.values().filter(|d| d[0].cluster != d[0].doc_id).count();
    assert!(clustered > PAGES / 5, "the crawl should have many near-duplicates, found {clustered}");
    println!("seed {seed}; uninterrupted run of {PAGES} pages: {full_run:.2?}");

    // Kill times up to a bit less than a whole run: most runs are killed, some complete.
    let window_ms = (full_run.as_millis() as u64 * 85 / 100).max(50);
    let report_len = std::fs::metadata(&reference_report).expect("reference report").len();
    let setup = Setup { dir: dir.path().to_path_buf(), input, with_text, reference, window_ms, report_len };
    let mut tally = Tally::default();
    let mut epochs = 0;
    while tally.runs < RUNS {
        epoch(&setup, epochs, &mut rng, &mut tally);
        epochs += 1;
    }
    println!(
        "{epochs} epochs, {} runs, {} killed ({} early, {} with WAL records left, {} with segments, \
         {} with stray files), {} pages acknowledged by killed runs; total {:.1?}",
        tally.runs,
        tally.killed,
        tally.killed_early,
        tally.killed_with_wal,
        tally.killed_with_segments,
        tally.killed_with_debris,
        tally.acked_by_killed,
        t0.elapsed()
    );
    // The kills must have hit runs at work, or the test shows nothing.
    assert!(tally.killed >= RUNS / 3, "only {} of {RUNS} runs were killed", tally.killed);
    assert!(tally.acked_by_killed > 0, "no killed run had acknowledged pages: the window is too short");
    assert!(tally.killed_with_wal > 0, "no kill left WAL records behind");
    assert!(tally.killed_with_segments > 0, "no killed run had flushed a segment");
}
