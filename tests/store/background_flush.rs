//! Flushes in the background: while the frozen memtable is written, inserts go on into a new
//! memtable and WAL generation, and queries, URL lookups and readers see every page. A flush that
//! never got published (the writer stopped first) loses nothing: the manifest's WAL and the newer
//! one are both replayed.

use std::path::Path;

use crate::common::{self, insert_page, text_page};
use dedupdb::dedup::Searcher;
use dedupdb::store::wal::wal_file_name;
use dedupdb::store::{verify, Index, StoreError};
use dedupdb::{Page, Params};

/// Inserts `n` distinct articles under `prefix` and commits; returns (doc id, page) of each.
fn batch(index: &mut Index, prefix: &str, seed: u64, n: usize) -> Vec<(u32, Page)> {
    let out: Vec<(u32, Page)> = (0..n)
        .map(|i| {
            let p = text_page(&common::prose(seed * 1000 + i as u64, 900));
            (insert_page(index, &format!("http://example.com/{prefix}/{i}"), &p, None), p)
        })
        .collect();
    index.commit().expect("commit");
    out
}

fn wal_files(db: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(db.join("wal"))
        .expect("wal dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The doc ids of a query's exact and similar matches.
fn found(index: &mut Index, p: &Page) -> Vec<u32> {
    let a = Searcher::of(index).query(&p.norm.chars, &p.features, None).expect("query");
    a.exact.iter().chain(&a.matches).map(|m| m.doc_id).collect()
}

#[test]
fn every_page_is_seen_while_a_flush_runs_and_after_it_is_published() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path();
    let mut index = Index::open_writer(db, &Params::default()).expect("open");
    let first = batch(&mut index, "a", 1, 30);
    index.start_flush().expect("start a flush");
    // Inserts go on beside the running flush: a new WAL generation takes them.
    assert_eq!(wal_files(db), [wal_file_name(1), wal_file_name(2)]);
    let second = batch(&mut index, "b", 2, 20);
    // A new version of a page being flushed replaces it.
    let (old_id, _) = &first[3];
    let changed = text_page(&common::prose(77, 900));
    let url = "http://example.com/a/3";
    assert_eq!(index.lookup_url(url).expect("lookup").map(|e| e.doc_id), Some(*old_id));
    let new_id = insert_page(&mut index, url, &changed, Some(*old_id));
    index.commit().expect("commit");
    assert_eq!(index.memtable_len(), 51);
    assert!(index.is_deleted(*old_id).expect("deleted?"));
    assert_eq!(index.lookup_url(url).expect("lookup").map(|e| e.doc_id), Some(new_id));

    // A copy of a page in the frozen memtable and one of a page in the live memtable are found.
    let (frozen_id, frozen_page) = &first[10];
    let (live_id, live_page) = &second[5];
    let before = (found(&mut index, frozen_page), found(&mut index, live_page));
    assert_eq!(before.0.first(), Some(frozen_id));
    assert_eq!(before.1.first(), Some(live_id));
    assert_eq!(index.doc_text(*frozen_id).expect("text"), Some(frozen_page.norm.chars.clone()));
    assert!(found(&mut index, &first[3].1).is_empty(), "the replaced version is no match");

    // A reader opened now reads both WALs and sees every live page once.
    let reader = Index::open_reader(db).expect("open reader");
    assert_eq!(reader.memtable_len(), 51);
    assert_eq!(reader.live_docs().expect("live"), 50);
    drop(reader);
    let report = verify(db).expect("verify");
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert_eq!(report.live_docs, 50);

    assert!(index.poll_flush(true).expect("publish"), "a flush was running");
    assert_eq!(index.segments().len(), 1);
    assert_eq!(index.segments()[0].doc_count(), 30);
    assert_eq!(index.memtable_len(), 21);
    assert_eq!(index.manifest().wal_gen, 2);
    assert_eq!(wal_files(db), [wal_file_name(2)], "the flushed WAL is deleted");
    let after = (found(&mut index, frozen_page), found(&mut index, live_page));
    assert_eq!(after, before, "publishing changes no answer");
    assert_eq!(index.lookup_url(url).expect("lookup").map(|e| e.doc_id), Some(new_id));
    index.close().expect("close");

    let index = Index::open_writer(db, &Params::default()).expect("reopen");
    assert_eq!(index.live_docs().expect("live"), 50);
    assert_eq!(index.memtable_len(), 21);
}

#[test]
fn a_flush_stopped_before_it_was_published_loses_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path();
    let mut index = Index::open_writer(db, &Params::default()).expect("open");
    let a = batch(&mut index, "a", 3, 25);
    index.start_flush().expect("start a flush");
    let b = batch(&mut index, "b", 4, 15);
    // Dropped without publishing: the segment may be written, but no manifest names it.
    drop(index);
    assert_eq!(wal_files(db), [wal_file_name(1), wal_file_name(2)]);

    let reader = Index::open_reader(db).expect("open reader");
    assert!(reader.segments().is_empty());
    assert_eq!(reader.live_docs().expect("live"), 40);
    drop(reader);
    let report = verify(db).expect("verify");
    assert!(report.problems.is_empty(), "{:?}", report.problems);

    // The writer replays both WALs, appends to the newer and removes the orphan segment.
    let mut index = Index::open_writer(db, &Params::default()).expect("reopen");
    assert_eq!(index.memtable_len(), 40);
    assert_eq!(std::fs::read_dir(db.join("segments")).expect("segments").count(), 0, "orphan collected");
    let c = batch(&mut index, "c", 5, 10);
    for (id, p) in a.iter().chain(&b).chain(&c).step_by(7) {
        assert_eq!(found(&mut index, p).first(), Some(id));
    }
    index.flush().expect("flush");
    assert_eq!(wal_files(db), [wal_file_name(3)], "one flush retires both older WALs");
    assert_eq!(index.segments().len(), 1);
    assert_eq!(index.segments()[0].doc_count(), 50);
    index.close().expect("close");
    let report = verify(db).expect("verify");
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert_eq!(report.live_docs, 50);
}

#[test]
fn a_torn_record_in_a_wal_that_a_newer_one_follows_is_corruption() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path();
    let mut index = Index::open_writer(db, &Params::default()).expect("open");
    batch(&mut index, "a", 6, 5);
    index.start_flush().expect("start a flush");
    batch(&mut index, "b", 7, 5);
    drop(index);
    // Cut the last record of the older WAL: it was committed whole before the newer one existed.
    let old = db.join("wal").join(wal_file_name(1));
    let len = std::fs::metadata(&old).expect("wal").len();
    let f = std::fs::OpenOptions::new().write(true).open(&old).expect("open wal");
    f.set_len(len - 10).expect("truncate");
    drop(f);
    for open in [Index::open_reader(db), Index::open_writer(db, &Params::default())] {
        match open {
            Err(StoreError::Corrupt(c)) => {
                assert_eq!(c.file, old);
                assert!(c.to_string().contains("newer WAL"), "{c}");
            }
            other => panic!("a torn record followed by a newer WAL was accepted: {other:?}"),
        }
    }
}
