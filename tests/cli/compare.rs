//! `dedupdb compare` as a user runs it: output, JSON, exit codes, stdin.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use crate::common::fixture;

fn dedupdb(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dedupdb"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn dedupdb");
    if let Some(data) = stdin {
        child.stdin.take().expect("stdin").write_all(data).expect("write stdin");
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("wait dedupdb")
}

fn f(name: &str) -> String {
    fixture(name).to_string_lossy().into_owned()
}

#[test]
fn json_output_has_the_documented_keys() {
    let out = dedupdb(&["compare", "--json", &f("article1_site_a.html"), &f("article1_excerpt_site_c.html")], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    for key in ["relation", "resemble", "contain", "ccs", "clr", "tlcs_chars", "a_chars", "b_chars", "spans"] {
        assert!(v.get(key).is_some(), "missing key {key} in {v}");
    }
    assert_eq!(v["relation"], "contains");
    let span = &v["spans"][0];
    assert!(span["a_end"].as_u64() > span["a_start"].as_u64());
    assert!(v["tlcs_chars"].as_u64().unwrap_or(0) > 300);
}

#[test]
fn exit_code_is_zero_whatever_the_relation() {
    let out = dedupdb(&["compare", &f("heavy_template_article3.html"), &f("heavy_template_article4.html")], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("relation: different"));
}

#[test]
fn explain_marks_template_and_shows_aligned_text() {
    let out = dedupdb(&["compare", "--explain", &f("digest_site_c.html"), &f("article1_site_a.html")], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("relation: overlaps"), "{text}");
    assert!(text.contains("- [links]") || text.contains("- [outside article]"), "template not marked:\n{text}");
    assert!(text.contains("A| "), "no aligned text:\n{text}");
    // The aligned text is a passage of article 1.
    let article = std::fs::read_to_string(fixture("article1.txt")).expect("article1.txt");
    let aligned: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("  A| ")).collect();
    assert!(aligned.iter().any(|l| l.chars().count() > 40 && article.contains(l.trim())), "{aligned:?}");
}

#[test]
fn standard_input_is_read_for_dash() {
    let page = std::fs::read(fixture("article1_site_b.html")).expect("fixture");
    let out = dedupdb(&["compare", "--json", "-", &f("article1.txt")], Some(&page));
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["relation"], "duplicate");
}

#[test]
fn unreadable_input_is_a_clear_error_with_exit_1() {
    let out = dedupdb(&["compare", "/nonexistent/page.html", &f("article1.txt")], None);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent/page.html"), "error does not name the input: {err}");
    let out = dedupdb(&["compare", "-", "-"], Some(b""));
    assert_eq!(out.status.code(), Some(1));
    let out = dedupdb(&["compare", &f("")], None);
    assert_eq!(out.status.code(), Some(2), "usage errors exit 2");
}

#[test]
fn help_teaches() {
    let out = dedupdb(&["compare", "--help"], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("contains (A contains B)") && text.contains("Examples"), "{text}");
}

#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::os::unix::process::ExitStatusExt;
    // `dedupdb compare ... | head -0`: the reader is gone before the first write. Rust ignores
    // SIGPIPE, so without restoring it the write fails and println! panics (exit code 101).
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_dedupdb"))
        .args(["compare", &f("article1_site_a.html"), &f("article1_excerpt_site_c.html")])
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("run dedupdb");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.signal(), Some(libc::SIGPIPE), "{:?}: {stderr}", out.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
}
