//! `ddtool page` shows what dedupdb reads in a page.

use std::process::Command;

#[test]
fn page_json_lists_kept_and_dropped_blocks_and_features() {
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/article1_site_b.html");
    let out =
        Command::new(env!("CARGO_BIN_EXE_ddtool")).args(["page", "--json", fixture]).output().expect("run ddtool");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let blocks = v["blocks"].as_array().expect("blocks");
    assert!(blocks.iter().any(|b| b["dropped"].is_null()), "no kept block");
    assert!(blocks.iter().any(|b| b["dropped"] == "links"), "no link block dropped");
    assert!(v["main_text"].as_str().unwrap_or("").contains("玉带河"));
    assert!(v["features"]["period"].as_array().map_or(0, Vec::len) > 10);
    let out = Command::new(env!("CARGO_BIN_EXE_ddtool")).args(["page", "/no/such/file.html"]).output().expect("run");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/no/such/file.html"));
}
