//! A disk that cannot read: `libddfaultfs.so` (tools/faultfs), preloaded, makes one page of one
//! file unreadable, as a failing sector would. A `read` or `pread` over it returns EIO; in a
//! memory map of it the page raises SIGBUS when touched, as the kernel does. Segments are mapped,
//! so for them the process's SIGBUS handler (`dedupdb::report_unreadable_pages`) must name the
//! file and the offset. Either way a run fails with exit 1 and a message naming the file, and
//! whatever it printed before failing is what a healthy disk gives: never a wrong answer. A
//! writer that cannot read the catalog fails the same way, and nothing stored is lost.

use std::path::Path;
use std::process::{Command, Output};

use crate::common_store::{self, crawl, s, seed, stderr};

const PAGE: u64 = 4096;

/// Runs `cmd` with reads of `file` (a path suffix, under `root`) at `offset` failing.
fn with_fault(mut cmd: Command, root: &Path, file: &str, offset: u64) -> Output {
    cmd.env("LD_PRELOAD", common_store::faultfs())
        .env("DDFAULT_ROOT", root)
        .env("DDFAULT_EIO_FILE", file)
        .env("DDFAULT_EIO_OFFSET", offset.to_string())
        .output()
        .expect("run with a fault")
}

/// The offset a SIGBUS message names, when the message is one.
fn named_offset(err: &str, file: &str) -> Option<u64> {
    let line = err.lines().find(|l| l.contains(file) && l.contains("offset "))?;
    let after = &line[line.find("offset ")? + 7..];
    after.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// A run under a fault either answers as a healthy disk does, or fails with exit 1 after
/// printing only answers a healthy disk gives, naming `file` (and for a map, the faulted page).
/// Returns whether it failed.
fn judged(out: &Output, healthy: &str, file: &str, offset: Option<u64>, what: &str) -> bool {
    let printed = String::from_utf8_lossy(&out.stdout);
    if out.status.success() {
        assert_eq!(printed, healthy, "{what}: succeeded with other answers than a healthy disk gives");
        return false;
    }
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(1), "{what}: failed with {} (not exit 1): {err}", out.status);
    assert!(err.contains(file), "{what}: the error does not name {file}: {err}");
    assert!(!err.contains("panicked"), "{what}: panicked: {err}");
    if let Some(at) = offset {
        let named = named_offset(&err, file).unwrap_or_else(|| panic!("{what}: no offset named: {err}"));
        assert_eq!(named / PAGE, at / PAGE, "{what}: names offset {named}, the failed page holds {at}: {err}");
        assert!(err.contains("I/O error"), "{what}: does not say it is an I/O error: {err}");
    }
    // Answers come one line per page, in order: what was printed is a prefix of the healthy run's.
    let complete = &printed[..printed.rfind('\n').map_or(0, |i| i + 1)];
    assert!(healthy.starts_with(complete), "{what}: printed an answer a healthy disk does not give before failing");
    true
}

#[test]
fn an_unreadable_segment_page_or_file_fails_naming_it_and_never_gives_another_answer() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let db = tmp.path().join("db");
    // Three runs of 100 pages, a segment each (no merges); four more pages stay in the WAL.
    let input = tmp.path().join("crawl.jsonl");
    let mut all = Vec::new();
    for (run, n) in [100, 100, 100, 4].into_iter().enumerate() {
        let pages = crawl(seed(5) + run as u64, n, &format!("run{run}"));
        let path = tmp.path().join(format!("run{run}.jsonl"));
        pages.write(&path);
        all.extend(pages.lines);
        let out = common_store::run(&["ingest", "--flush-docs", "60", "--no-merge", "--db", s(&db), s(&path)]);
        assert!(out.status.success(), "ingest: {}", stderr(&out));
    }
    std::fs::write(&input, all.join("\n") + "\n").expect("the whole crawl");
    let query = || {
        let mut c = common_store::dedupdb();
        c.args(["query", "--json", "--db", s(&db), s(&input)]);
        c
    };
    let verify = || {
        let mut c = common_store::ddtool();
        c.args(["verify", "--db", s(&db)]);
        c
    };
    let healthy = query().output().expect("query");
    assert!(healthy.status.success(), "healthy query: {}", stderr(&healthy));
    let healthy = String::from_utf8(healthy.stdout).expect("UTF-8");
    assert_eq!(healthy.lines().count(), 304, "one answer a page");
    let healthy_verify = verify().output().expect("verify");
    assert!(healthy_verify.status.success(), "healthy verify: {}", stderr(&healthy_verify));
    let healthy_verify = String::from_utf8(healthy_verify.stdout).expect("UTF-8");

    let mut segments: Vec<(String, u64)> = std::fs::read_dir(db.join("segments"))
        .expect("segments dir")
        .map(|e| e.expect("entry"))
        .map(|e| (format!("segments/{}", e.file_name().to_string_lossy()), e.metadata().expect("meta").len()))
        .collect();
    segments.sort();
    assert!(segments.len() >= 3, "a few segments: {segments:?}");

    // Sixteen pages spread over one segment, and the first, middle and last page of the others.
    let mut cases: Vec<(String, u64)> = Vec::new();
    let (first, len) = &segments[0];
    let count = len.div_ceil(PAGE);
    let step = count.div_ceil(16).max(1);
    cases.extend((0..count).step_by(step as usize).map(|p| (first.clone(), (p * PAGE + 17).min(len - 1))));
    for (name, len) in &segments[1..] {
        cases.extend([0, len / 2, len - 1].map(|o| (name.clone(), o)));
    }
    let (mut queries_failed, mut queries_answered) = (0, 0);
    for (file, offset) in &cases {
        let what = format!("query with {file} unreadable at {offset}");
        if judged(&with_fault(query(), &db, file, *offset), &healthy, file, Some(*offset), &what) {
            queries_failed += 1;
        } else {
            queries_answered += 1;
        }
        // verify reads every page of every segment: it always meets the fault.
        let what = format!("verify with {file} unreadable at {offset}");
        assert!(
            judged(&with_fault(verify(), &db, file, *offset), &healthy_verify, file, Some(*offset), &what),
            "{what}: verify read every page, yet did not fail"
        );
    }
    // The header page is read at open, so some queries fail; pages of texts no query needs
    // are never touched, so some answer.
    assert!(queries_failed > 0, "no query met a fault ({} cases)", cases.len());
    eprintln!("eio: {} segment pages made unreadable: {queries_failed} queries failed, {queries_answered} answered as healthy", cases.len());

    // Files read with read(2): the manifest, the WAL, the catalog.
    let wal = std::fs::read_dir(db.join("wal"))
        .expect("wal dir")
        .map(|e| format!("wal/{}", e.expect("entry").file_name().to_string_lossy()))
        .max()
        .expect("a WAL");
    assert!(Path::new(&db).join(&wal).metadata().expect("wal").len() > 64, "the WAL holds pages");
    for file in ["MANIFEST", wal.as_str()] {
        let what = format!("query with {file} unreadable");
        assert!(
            judged(&with_fault(query(), &db, file, 0), &healthy, file, None, &what),
            "{what}: read by every query, yet did not fail"
        );
        let what = format!("verify with {file} unreadable");
        assert!(
            judged(&with_fault(verify(), &db, file, 0), &healthy_verify, file, None, &what),
            "{what}: did not fail"
        );
    }
    // The catalog is read by a writer only.
    let more = tmp.path().join("more.jsonl");
    crawl(seed(5) + 9, 3, "more").write(&more);
    let mut ingest = common_store::dedupdb();
    ingest.args(["ingest", "--db", s(&db), s(&more)]);
    let out = with_fault(ingest, &db, "catalog/conf", 0);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "ingest with the catalog unreadable: {err}");
    assert!(err.contains("catalog") && err.contains("Input/output error"), "names the catalog and the error: {err}");
    // The faults were in the reads only: the index is untouched.
    let report = common_store::assert_sound(&db, "after the faults");
    assert_eq!(report.live_docs as usize, common_store::clusters(&db).len(), "every page still listed");
    let after = query().output().expect("query");
    assert_eq!(String::from_utf8_lossy(&after.stdout), healthy, "the same answers after the faults");
}

/// The handler acts on faults only: a SIGBUS another process sends ends the program as it always
/// did (killed by the signal), with no message about a page.
#[test]
fn a_sigbus_sent_by_kill_is_not_taken_for_an_unreadable_page() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let db = tmp.path().join("db");
    let input = tmp.path().join("crawl.jsonl");
    crawl(seed(6), 20, "kill").write(&input);
    let out = common_store::run(&["ingest", "--db", s(&db), s(&input)]);
    assert!(out.status.success(), "ingest: {}", stderr(&out));
    let mut server = common_store::dedupdb()
        .args(["serve", "--read-only", "--listen", "127.0.0.1:0", "--db", s(&db)])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start dedupdb serve");
    // The address line comes once the index is open (its segments mapped, the handler long
    // installed).
    let mut line = String::new();
    // Kept open to the end: a closed pipe would end the server with SIGPIPE at its next line.
    let mut stdout = std::io::BufReader::new(server.stdout.take().expect("stdout"));
    std::io::BufRead::read_line(&mut stdout, &mut line).expect("the address line");
    assert!(line.contains("127.0.0.1"), "the server says where it listens: {line:?}");
    // SAFETY: a signal to our own child.
    assert_eq!(unsafe { libc::kill(server.id() as libc::pid_t, libc::SIGBUS) }, 0);
    // A server the signal did not end is a failure, not a hang.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while server.try_wait().expect("try_wait").is_none() {
        if std::time::Instant::now() > deadline {
            let _ = server.kill();
            panic!("the server did not die of a SIGBUS sent to it");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = server.wait_with_output().expect("wait for the server");
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(out.status.signal(), Some(libc::SIGBUS), "killed by the signal: {}", out.status);
    assert!(!stderr(&out).contains("cannot read"), "no word of a page: {}", stderr(&out));
    drop(stdout);
}
