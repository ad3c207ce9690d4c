//! Creating an index survives a crash at any point: a kill while the catalog was being created
//! (sled cannot open a database killed mid-creation) leaves nothing that stops the next writer,
//! and a directory holding segments but no MANIFEST is refused rather than wiped.

use dedupdb::store::Index;
use dedupdb::Params;

#[test]
fn a_catalog_left_half_created_by_a_crash_is_built_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    // What a kill during the first open left behind: sled files with garbage in them, and a
    // temporary catalog directory. No MANIFEST: the index was never published.
    let catalog = db.join("catalog");
    std::fs::create_dir_all(&catalog).expect("mkdir");
    std::fs::write(catalog.join("conf"), b"\xff\x00garbage").expect("write");
    std::fs::write(catalog.join("db"), vec![0xA5u8; 4096]).expect("write");
    std::fs::write(catalog.join("snap.0000000000000000"), b"").expect("write");
    let tmp = db.join(".tmp-catalog-x");
    std::fs::create_dir_all(tmp.join("blobs")).expect("mkdir");
    std::fs::write(tmp.join("db"), b"partial").expect("write");

    let index = Index::open_writer(&db, &Params::default()).expect("the writer starts afresh");
    drop(index);
    assert!(!tmp.exists(), "the temporary catalog is garbage");
    assert!(db.join("MANIFEST").exists());
    let index = Index::open_writer(&db, &Params::default()).expect("and opens again");
    assert_eq!(index.memtable_len(), 0);
}

#[test]
fn segments_without_a_manifest_are_refused_not_wiped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    let seg = db.join("segments").join("seg-0000000000000001.ddb");
    std::fs::create_dir_all(seg.parent().expect("parent")).expect("mkdir");
    std::fs::write(&seg, b"pages someone still needs").expect("write");
    let e = Index::open_writer(&db, &Params::default()).expect_err("no new index over old segments");
    let e = e.to_string();
    assert!(e.contains("no MANIFEST") && e.contains("seg-0000000000000001.ddb"), "{e}");
    assert_eq!(std::fs::read(&seg).expect("still there"), b"pages someone still needs");
    assert!(!db.join("MANIFEST").exists());
}
