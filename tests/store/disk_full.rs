//! A full disk: `dedupdb ingest` into a small tmpfs, mounted by the test, runs out of space at
//! many points (a sweep of the free space left beside a ballast file), so that the failure lands
//! in a WAL append, a segment write (a flush or a merge) and the other files. Each time: exit 1,
//! a message that says the disk is full and how to go on, an index that verifies clean and holds
//! every page the report acknowledged; after the ballast is removed, the same command completes.
//! A compaction that runs out of space fails the same way and leaves the index as it was.
//!
//! Mounting needs root: without it the test says so and passes, unless
//! `DEDUPDB_REQUIRE_MOUNT=1` (set by `.ci/run`) makes that a failure.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common_store::{self, assert_sound, clusters, crawl, read_report, s, verdict, INSERTED};

/// The tmpfs: room for the catalog, a few segments and the WAL of the crawl.
const MOUNT_BYTES: u64 = 6 << 20;
/// Pages of the crawl: several flushes (`--flush-docs 40`), merged two at a time.
const PAGES: usize = 240;

/// A tmpfs mounted for the test, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(at: &Path) -> Option<Tmpfs> {
        std::fs::create_dir_all(at).expect("mount point");
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={MOUNT_BYTES}"), "tmpfs", s(at)])
            .output()
            .ok()?;
        out.status.success().then(|| Tmpfs(at.to_path_buf()))
    }

    fn available(&self) -> u64 {
        let out = Command::new("stat").args(["-f", "-c", "%a %S", s(&self.0)]).output().expect("stat -f");
        let text = String::from_utf8_lossy(&out.stdout);
        let mut it = text.split_whitespace().map(|v| v.parse::<u64>().expect("stat number"));
        it.next().expect("blocks") * it.next().expect("block size")
    }

    /// Empties the file system, then fills it up to `free` bytes left.
    fn leave_free(&self, free: u64) {
        for e in std::fs::read_dir(&self.0).expect("read tmpfs") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                std::fs::remove_dir_all(&p).expect("clear tmpfs");
            } else {
                std::fs::remove_file(&p).expect("clear tmpfs");
            }
        }
        self.fill(free);
    }

    /// A ballast file that leaves `free` bytes.
    fn fill(&self, free: u64) {
        let fill = self.available().saturating_sub(free);
        std::fs::write(self.ballast(), vec![0u8; fill as usize]).expect("ballast");
    }

    fn ballast(&self) -> PathBuf {
        self.0.join("ballast")
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

fn mounted(dir: &Path) -> Option<Tmpfs> {
    let m = Tmpfs::mount(&dir.join("mnt"));
    if m.is_none() {
        assert!(
            std::env::var("DEDUPDB_REQUIRE_MOUNT").as_deref() != Ok("1"),
            "cannot mount a tmpfs (root needed) and DEDUPDB_REQUIRE_MOUNT=1"
        );
        eprintln!("disk_full: skipped: cannot mount a tmpfs here (the test needs root)");
    }
    m
}

fn ingest(db: &Path, input: &Path, report: &Path) -> std::process::Output {
    common_store::dedupdb()
        .args(["ingest", "--flush-docs", "40", "--merge-factor", "2", "--db", s(db), "--report", s(report), s(input)])
        .output()
        .expect("run dedupdb ingest")
}

/// Which file the error names: where the space ran out.
fn phase(stderr: &str) -> &'static str {
    let first = stderr.lines().next().unwrap_or_default();
    if first.contains("/wal/") {
        "WAL append"
    } else if first.contains("/segments/") {
        "segment write (flush or merge)"
    } else if first.contains("MANIFEST") || first.contains(".db/.tmp-") {
        // The index's own directory holds one file written through a temporary during ingest:
        // the manifest.
        "manifest rewrite"
    } else if first.contains("catalog") {
        "catalog"
    } else {
        "other"
    }
}

/// The report's lines so far (none when the run failed before it made the report).
fn acknowledged(report: &Path) -> Vec<serde_json::Value> {
    if report.exists() {
        read_report(report)
    } else {
        Vec::new()
    }
}

/// Asserts the index holds every page the report acknowledged; returns how many lines it has.
fn holds_acknowledged(db: &Path, report: &Path, when: &str) -> usize {
    let stored = clusters(db);
    let acked = acknowledged(report);
    for line in &acked {
        if INSERTED.contains(&verdict(line)) {
            let url = line["url"].as_str().expect("url");
            assert!(stored.contains_key(url), "{when}: acknowledged page {url} is not stored");
        }
    }
    acked.len()
}

/// A test's crawl (outside the tmpfs) and the index path on the tmpfs. `fs` is declared before
/// `dir`, so it is unmounted before the directory holding it is removed.
struct Setup {
    fs: Tmpfs,
    /// Holds the crawl, the report and the mount point; removed after the unmount.
    _dir: tempfile::TempDir,
    input: PathBuf,
    pages: crate::common_store::Crawl,
    db: PathBuf,
    report: PathBuf,
}

impl Setup {
    fn new(seed: u64, tag: &str) -> Option<Setup> {
        let dir = tempfile::tempdir().expect("tempdir");
        let fs = mounted(dir.path())?;
        let input = dir.path().join("crawl.jsonl");
        let pages = crawl(seed, PAGES, tag);
        pages.write(&input);
        let db = fs.0.join("x.db");
        let report = dir.path().join("report.jsonl");
        Some(Setup { fs, _dir: dir, input, pages, db, report })
    }
}

#[test]
fn a_full_disk_fails_cleanly_and_a_rerun_completes() {
    let Some(setup) = Setup::new(7, "full") else { return };
    let Setup { fs, input, pages, db, report, .. } = &setup;

    let mut phases: BTreeMap<&str, usize> = BTreeMap::new();
    // One run with `free` bytes left: true when it completed; when it failed, the failure is
    // checked, then the same command is run again with room and must complete.
    let mut trial = |free: u64| -> bool {
        let when = format!("{free} bytes free");
        fs.leave_free(free);
        let _ = std::fs::remove_file(report);
        let out = ingest(db, input, report);
        if out.status.success() {
            return true;
        }
        let err = common_store::stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{when}: exit 1: {err}");
        assert!(err.contains("No space left on device"), "{when}: says the disk is full: {err}");
        assert!(err.contains(dedupdb::error::DISK_FULL_HINT), "{when}: says how to go on: {err}");
        if phase(&err) == "other" {
            eprintln!("disk_full: {when}: out of space in another file: {}", err.lines().next().unwrap_or_default());
        }
        *phases.entry(phase(&err)).or_default() += 1;
        if db.join("MANIFEST").exists() {
            assert_sound(db, &when);
            holds_acknowledged(db, report, &when);
        } else {
            // Out of space before the index existed: nothing was acknowledged.
            assert!(acknowledged(report).is_empty(), "{when}: nothing acknowledged");
        }
        std::fs::remove_file(fs.ballast()).expect("remove ballast");
        let again = ingest(db, input, report);
        assert!(again.status.success(), "{when}: the rerun completes: {}", common_store::stderr(&again));
        assert_sound(db, &format!("{when}, rerun"));
        let stored = clusters(db);
        for url in &pages.with_text {
            assert!(stored.contains_key(url), "{when}, rerun: {url} stored");
        }
        false
    };
    // The least room the run completes in (its peak use, to a few KiB), by bisection.
    let (mut lo, mut hi) = (0, MOUNT_BYTES / 2);
    assert!(trial(hi), "the run fits in {hi} bytes");
    while hi - lo > 4096 {
        let mid = (lo + hi) / 2;
        if trial(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    // Just under the peak, the space runs out where the peak is reached: a segment being written
    // (a flush or a merge) beside the WAL it replaces, or the manifest naming it. Further down,
    // earlier: in WAL appends, or while the catalog is made.
    for k in 1..=16 {
        trial(hi.saturating_sub(k * 6 * 1024));
    }
    for k in 0..12 {
        trial(hi * k / 12);
    }
    eprintln!("disk_full: peak use {hi} bytes; failures by phase: {phases:?}");
    assert!(phases.contains_key("WAL append"), "a WAL append ran out of space: {phases:?}");
    assert!(phases.contains_key("segment write (flush or merge)"), "a segment write ran out of space: {phases:?}");
}

#[test]
fn a_compaction_out_of_space_leaves_the_index_as_it_was() {
    let Some(setup) = Setup::new(8, "compact") else { return };
    let Setup { fs, input, db, report, .. } = &setup;
    fs.leave_free(u64::MAX);
    // Several segments, unmerged, for compaction to rewrite.
    let out = common_store::dedupdb()
        .args(["ingest", "--flush-docs", "40", "--no-merge", "--db", s(db), "--report", s(report), s(input)])
        .output()
        .expect("run dedupdb ingest");
    assert!(out.status.success(), "{}", common_store::stderr(&out));
    let before = clusters(db);
    let acked = holds_acknowledged(db, report, "before");
    assert!(acked > 0);
    // Less room than the new segment needs.
    fs.fill(16 << 10);
    let db_handle = dedupdb::Db::open(db).expect("open");
    let mut writer = db_handle.writer().expect("writer");
    let e = writer.compact(false).expect_err("no room to compact");
    assert!(dedupdb::error::disk_full_in(&e), "a full disk, said as such: {e}");
    drop(writer);
    drop(db_handle);
    assert_sound(db, "after the failed compaction");
    assert_eq!(clusters(db).len(), before.len(), "every page still there");
    std::fs::remove_file(fs.ballast()).expect("remove ballast");
    let db_handle = dedupdb::Db::open(db).expect("open");
    let mut writer = db_handle.writer().expect("writer");
    writer.compact(false).expect("compaction completes with room");
    writer.close().expect("close");
    drop(db_handle);
    assert_sound(db, "after compaction");
    assert_eq!(clusters(db).len(), before.len(), "every page still there");
}
