//! `ddtool rebuild-catalog`: exit codes, JSON, and a writer that starts again afterwards.

use std::process::Command;

use dedupdb::store::{Index, NewDoc};
use dedupdb::{Body, Page, Params};

fn ddtool(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ddtool")).args(args).output().expect("run ddtool")
}

#[test]
fn rebuilds_a_missing_catalog_and_leaves_a_sound_one_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    let text = "今天的天气很好，我们去公园散步。公园里有很多人在锻炼身体。孩子们在草地上玩耍。";
    let page = Page::analyze(Body::Text { bytes: text.as_bytes(), charset: None }, &Params::default());
    {
        let mut index = Index::open_writer(&db, &Params::default()).expect("index");
        for (i, site) in ["a.example", "b.example", "a.example"].iter().enumerate() {
            let url = format!("https://{site}/{i}");
            let doc = NewDoc {
                url: &url,
                site,
                fetched_at: 0,
                chars: &page.norm.chars,
                features: &page.features,
                cluster: None,
                replaces: None,
                title: page.title_sketch,
                listing: page.extracted.listing,
                script: page.script,
            };
            index.insert(doc).expect("insert");
        }
        index.close().expect("close");
    }
    let db_arg = db.to_str().expect("utf-8 path");

    let out = ddtool(&["rebuild-catalog", "--db", db_arg]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("nothing to do"));

    std::fs::remove_dir_all(db.join("catalog")).expect("remove the catalog");
    assert!(Index::open_writer(&db, &Params::default()).is_err(), "no writer without a catalog");
    let out = ddtool(&["rebuild-catalog", "--db", db_arg, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(r["rebuilt"], true);
    assert_eq!((r["docs"].as_u64(), r["sites"].as_u64()), (Some(3), Some(2)));
    Index::open_writer(&db, &Params::default()).expect("a writer starts again").close().expect("close");

    let out = ddtool(&["rebuild-catalog", "--db", dir.path().join("absent").to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let _writer = Index::open_writer(&db, &Params::default()).expect("writer");
    let out = ddtool(&["rebuild-catalog", "--db", db_arg, "--force"]);
    assert_eq!(out.status.code(), Some(3), "locked: {}", String::from_utf8_lossy(&out.stderr));
}
