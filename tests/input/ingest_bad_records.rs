//! Bad records in the middle of an input: a line that is not JSON, a page with no text, a 50 MB
//! page, a WARC record cut short. Each is reported as an error for that record, with a message,
//! and every other record of the file is ingested.

use std::path::Path;

use crate::common::{html_page, prose};
use crate::common_input::{gzip_members, warc_record};
use crate::common_store::{
    assert_sound, clusters, jsonl_line, nav_only_html, read_report, run, s, stderr, verdict, INSERTED,
};

/// What the report must say about one input record, in input order.
#[derive(Debug, Clone)]
enum Expect {
    /// Ingested (any verdict of an inserted page).
    Page(String),
    /// An error for this URL (None: the URL cannot be read) whose message contains the text.
    Error(Option<String>, &'static str),
}

/// A page with its own text (no two alike).
fn article(n: u64) -> String {
    html_page("坚实日报", &[&prose(9000 + n, 260), &prose(9100 + n, 220), &prose(9200 + n, 180)])
}

/// Ingests `input` into a fresh index; checks the report line by line against `expect`, and that
/// the index holds exactly the expected pages. Returns the report lines.
fn ingest_and_check(dir: &Path, input: &Path, expect: &[Expect]) -> Vec<serde_json::Value> {
    let db = dir.join(format!("{}.db", input.file_name().and_then(|n| n.to_str()).expect("name")));
    let report = dir.join("report.jsonl");
    let out = run(&["ingest", "--json", "--db", s(&db), "--report", s(&report), s(input)]);
    assert!(out.status.success(), "{}: ingest failed: {}", input.display(), stderr(&out));
    let lines = read_report(&report);
    let shown: Vec<String> = lines
        .iter()
        .map(|l| format!("{} {} {}", verdict(l), l["url"], l["error"].as_str().unwrap_or_default()))
        .collect();
    let all = shown.join("\n  ");
    println!("{}: report:\n  {all}", input.display());
    assert_eq!(lines.len(), expect.len(), "{}: report:\n  {all}", input.display());
    for (n, (line, e)) in lines.iter().zip(expect).enumerate() {
        let what = format!("{} record {}: {line}\nreport:\n  {all}\n", input.display(), n + 1);
        match e {
            Expect::Page(url) => {
                assert!(INSERTED.contains(&verdict(line)), "{what}: should be ingested");
                assert_eq!(line["url"].as_str(), Some(url.as_str()), "{what}");
            }
            Expect::Error(url, message) => {
                assert_eq!(verdict(line), "error", "{what}: should be an error");
                assert_eq!(line["url"].as_str(), url.as_deref(), "{what}");
                let got = line["error"].as_str().unwrap_or_default();
                assert!(got.contains(message), "{what}: the message should say {message:?}");
                assert!(line["doc_id"].is_null(), "{what}: an error has no doc id");
            }
        }
    }
    // The summary counts the errors; the index holds the good pages and nothing else.
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON summary");
    let errors = expect.iter().filter(|e| matches!(e, Expect::Error(..))).count();
    assert_eq!(summary["errors"].as_u64(), Some(errors as u64), "summary: {summary}");
    let mut stored: Vec<String> = clusters(&db).into_keys().collect();
    stored.sort();
    let mut good: Vec<String> =
        expect.iter().filter_map(|e| if let Expect::Page(u) = e { Some(u.clone()) } else { None }).collect();
    good.sort();
    assert_eq!(stored, good, "{}: stored pages", input.display());
    assert_sound(&db, &format!("after ingesting {}", input.display()));
    lines
}

/// Fifty million bytes of HTML: an article far over the 32 MiB page limit.
fn fifty_megabytes() -> String {
    let para = format!("<p>{}</p>\n", prose(77, 2000));
    let mut html = String::with_capacity(50_000_000 + para.len() + 100);
    html.push_str("<html><body><div class='content'>");
    while html.len() < 50_000_000 {
        html.push_str(&para);
    }
    html.push_str("</div></body></html>");
    html
}

#[test]
fn bad_jsonl_lines_are_errors_and_the_rest_is_ingested() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("crawl.jsonl");
    let url = |n: u64| format!("https://good.example/{n}.html");
    let mut lines = Vec::new();
    let mut expect = Vec::new();
    let good = |n: u64, lines: &mut Vec<String>, expect: &mut Vec<Expect>| {
        lines.push(jsonl_line(&url(n), "good.example", &article(n)));
        expect.push(Expect::Page(url(n)));
    };
    good(1, &mut lines, &mut expect);
    good(2, &mut lines, &mut expect);
    // A line that is not JSON: a record cut in the middle of its body.
    let whole = jsonl_line("https://bad.example/cut", "bad.example", &article(50));
    let half = (whole.len() / 2..).find(|&i| whole.is_char_boundary(i)).expect("a char boundary");
    lines.push(whole[..half].to_string());
    expect.push(Expect::Error(None, "not valid JSON"));
    good(3, &mut lines, &mut expect);
    // A page with nothing but navigation.
    lines.push(jsonl_line("https://bad.example/nav", "bad.example", &nav_only_html("坏站")));
    expect.push(Expect::Error(Some("https://bad.example/nav".into()), "no main text"));
    // A page of fifty megabytes.
    // (The URL first, as crawlers write it: the reader names the page from the head of the line.)
    let huge = serde_json::to_string(&fifty_megabytes()).expect("JSON string");
    lines.push(format!(r#"{{"url": "https://bad.example/huge", "site": "bad.example", "html": {huge}}}"#));
    expect.push(Expect::Error(Some("https://bad.example/huge".into()), "page larger than the 32 MiB limit"));
    // A page with an empty text.
    lines.push(serde_json::json!({ "url": "https://bad.example/empty", "text": "" }).to_string());
    expect.push(Expect::Error(Some("https://bad.example/empty".into()), "no main text"));
    for n in 4..8 {
        good(n, &mut lines, &mut expect);
    }
    std::fs::write(&input, lines.join("\n") + "\n").expect("write input");
    assert!(std::fs::metadata(&input).expect("input").len() > 50_000_000);

    let report = ingest_and_check(dir.path(), &input, &expect);
    // Errors are located at their line.
    for (n, line) in report.iter().enumerate() {
        let location = line["location"].as_str().expect("location");
        assert_eq!(location, format!("{}:{}", input.display(), n + 1));
        if let Some(e) = line["error"].as_str() {
            assert!(e.starts_with(location), "the error should say where: {e}");
        }
    }
}

/// A response record holding an HTML page.
fn warc_response(url: &str, html: &str) -> Vec<u8> {
    let mut block = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n".to_vec();
    block.extend_from_slice(html.as_bytes());
    let fields = [
        ("WARC-Type", "response"),
        ("WARC-Target-URI", url),
        ("WARC-Date", "2026-03-05T02:21:00Z"),
        ("Content-Type", "application/http; msgtype=response"),
    ];
    warc_record("WARC/1.1", &fields, &block)
}

fn warcinfo() -> Vec<u8> {
    warc_record(
        "WARC/1.1",
        &[("WARC-Type", "warcinfo"), ("Content-Type", "application/warc-fields")],
        b"software: test\r\n",
    )
}

/// The record with its block cut short: the writer stopped `cut` bytes before the end of the
/// block (no line ends after it), and the next record follows at once.
fn cut_short(record: &[u8], cut: usize) -> Vec<u8> {
    record[..record.len() - 4 - cut].to_vec()
}

/// Records with a truncated one in the middle (and with `big`, a 50 MB page), and what the
/// report must say.
fn warc_with_a_cut_record(big: bool) -> (Vec<Vec<u8>>, Vec<Expect>) {
    let url = |n: u64| format!("https://warc.example/{n}.html");
    let mut records = vec![warcinfo()];
    let mut expect = Vec::new();
    for n in 1..3 {
        records.push(warc_response(&url(n), &article(n)));
        expect.push(Expect::Page(url(n)));
    }
    let cut_url = "https://warc.example/cut.html";
    records.push(cut_short(&warc_response(cut_url, &article(60)), 700));
    expect.push(Expect::Error(Some(cut_url.into()), "truncated record"));
    for n in 3..5 {
        records.push(warc_response(&url(n), &article(n)));
        expect.push(Expect::Page(url(n)));
    }
    records.push(warc_response("https://warc.example/nav.html", &nav_only_html("坏站")));
    expect.push(Expect::Error(Some("https://warc.example/nav.html".into()), "no main text"));
    if big {
        records.push(warc_response("https://warc.example/huge.html", &fifty_megabytes()));
        expect.push(Expect::Error(Some("https://warc.example/huge.html".into()), "page larger than the 32 MiB limit"));
    }
    for n in 5..8 {
        records.push(warc_response(&url(n), &article(n)));
        expect.push(Expect::Page(url(n)));
    }
    // Cut short again just before the last record, which is shorter than what is missing: the
    // wrong length runs past the end of the input.
    let last_cut = "https://warc.example/last-cut.html";
    let long = html_page("坚实日报", &[&prose(9400, 2400), &prose(9401, 600)]);
    records.push(cut_short(&warc_response(last_cut, &long), 5000));
    expect.push(Expect::Error(Some(last_cut.into()), "truncated record"));
    records.push(warc_response(&url(8), &html_page("坚实日报", &[&prose(9300, 150)])));
    expect.push(Expect::Page(url(8)));
    assert!(records[records.len() - 1].len() < 5000, "the last record should end before the cut one's length");
    (records, expect)
}

/// Checks that each report line is located at its record (numbered from 1 with the warcinfo
/// record, offsets in the uncompressed stream): the records read again after a cut are found
/// where they are.
fn assert_located(input: &Path, records: &[Vec<u8>], report: &[serde_json::Value], suffix: &str) {
    let mut offset = records[0].len();
    for (n, (record, line)) in records[1..].iter().zip(report).enumerate() {
        let want = format!("{} record {} (offset {offset}{suffix})", input.display(), n + 2);
        assert_eq!(line["location"].as_str(), Some(want.as_str()), "{line}");
        offset += record.len();
    }
}

#[test]
fn a_warc_record_cut_short_in_the_middle_is_an_error_and_the_rest_is_ingested() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (records, expect) = warc_with_a_cut_record(true);
    let input = dir.path().join("crawl.warc");
    std::fs::write(&input, records.concat()).expect("write");
    let report = ingest_and_check(dir.path(), &input, &expect);
    assert_located(&input, &records, &report, "");
}

#[test]
fn a_warc_gz_record_cut_short_in_the_middle_is_an_error_and_the_rest_is_ingested() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (records, expect) = warc_with_a_cut_record(false);
    let input = dir.path().join("crawl.warc.gz");
    std::fs::write(&input, gzip_members(&records)).expect("write");
    let report = ingest_and_check(dir.path(), &input, &expect);
    assert_located(&input, &records, &report, " in the decompressed stream");
}

/// A .warc.gz with one record per gzip member (six of them), the members numbered in `damaged`
/// (from 1) damaged by `damage`.
fn warc_gz_with_damaged_members(
    dir: &Path,
    name: &str,
    damaged: &[u64],
    damage: impl Fn(&mut Vec<u8>),
) -> (std::path::PathBuf, Vec<Expect>) {
    let url = |n: u64| format!("https://gz.example/{n}.html");
    let mut bytes = Vec::new();
    let mut expect = Vec::new();
    for n in 1..7 {
        let mut member = gzip_members(&[warc_response(&url(n), &article(n))]);
        if damaged.contains(&n) {
            damage(&mut member);
            expect.push(Expect::Error(Some(url(n)), "gzip member"));
        } else {
            expect.push(Expect::Page(url(n)));
        }
        bytes.extend_from_slice(&member);
    }
    let input = dir.join(name);
    std::fs::write(&input, bytes).expect("write");
    (input, expect)
}

/// A .warc.gz whose gzip member is cut short in the middle (the compressed bytes end early and
/// the next member follows), or has a flipped byte: the record it held is an error naming its
/// URL, nothing of it is stored, and the records of the next members are ingested.
#[test]
fn a_damaged_warc_gz_member_in_the_middle_is_an_error_and_the_rest_is_ingested() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cut = |m: &mut Vec<u8>| m.truncate(m.len() / 2);
    let (input, expect) = warc_gz_with_damaged_members(dir.path(), "cut.warc.gz", &[2], cut);
    let report = ingest_and_check(dir.path(), &input, &expect);
    let message = report[1]["error"].as_str().unwrap_or_default();
    assert!(message.contains("truncated or corrupt") && message.contains("reading resumes"), "{message}");
    let flip = |m: &mut Vec<u8>| {
        let at = m.len() * 2 / 3;
        m[at] ^= 0x5a;
    };
    let (input, expect) = warc_gz_with_damaged_members(dir.path(), "flip.warc.gz", &[2], flip);
    ingest_and_check(dir.path(), &input, &expect);
    // Damage that spans neighbours (a bad disk block over small members): each lost record is
    // reported, the second one while the reader is still looking for a record after the first.
    let (input, expect) = warc_gz_with_damaged_members(dir.path(), "two.warc.gz", &[3, 4], cut);
    ingest_and_check(dir.path(), &input, &expect);
}

/// A .jsonl.gz written a line per member, with one member cut short: that line is an error, the
/// others are ingested.
#[test]
fn a_damaged_jsonl_gz_member_costs_its_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let url = |n: u64| format!("https://jz.example/{n}.html");
    let mut bytes = Vec::new();
    let mut expect = Vec::new();
    for n in 1..5 {
        let mut member = gzip_members(&[format!("{}\n", jsonl_line(&url(n), "jz.example", &article(n))).into_bytes()]);
        if n == 3 {
            member.truncate(member.len() / 2);
            expect.push(Expect::Error(None, "gzip member"));
        } else {
            expect.push(Expect::Page(url(n)));
        }
        bytes.extend_from_slice(&member);
    }
    let input = dir.path().join("crawl.jsonl.gz");
    std::fs::write(&input, bytes).expect("write");
    ingest_and_check(dir.path(), &input, &expect);
}
