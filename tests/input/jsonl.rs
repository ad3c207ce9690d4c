//! JSON Lines input: fields, body kinds, fetch times, bad lines, over-long lines, gzip.

use std::io::Write;

use crate::common_input::{error, page, read, write};
use dedupdb::input::{BodyKind, Item, Limits};

const T: i64 = 1_772_677_260; // 2026-03-05T02:21:00Z

#[test]
fn fields_kinds_and_times() {
    let dir = tempfile::tempdir().unwrap();
    let lines = [
        r#"{"url":"https://a.example/1","html":"<p>one</p>","site":"a","fetched_at":1772677260,"charset":"gbk"}"#,
        r#"{"url":"https://a.example/2","text":"plain\ntext","fetched_at":"2026-03-05T10:21:00+08:00"}"#,
        r#"{"url":"https://a.example/3","html":"<p>h</p>","text":"t","fetched_at":"2026-03-05 02:21:00"}"#,
        r#"{"url":"https://a.example/4","html":"<p>\u4e2d\u6587 \"q\"</p>","fetched_at":1772677260.75,"extra":[1,2]}"#,
        r#"{"url":"https://a.example/5","html":"","site":null,"charset":null,"fetched_at":"2026-03-05T02:21:00Z"}"#,
    ];
    let name = write(dir.path(), "crawl.jsonl", lines.join("\n").as_bytes());
    let items = read(&name, Limits::default());
    assert_eq!(items.len(), 5);

    let p = page(&items[0]);
    assert_eq!(p.url, "https://a.example/1");
    assert_eq!(p.body, b"<p>one</p>");
    assert_eq!(p.kind, BodyKind::Html);
    assert_eq!(p.site.as_deref(), Some("a"));
    assert_eq!(p.fetched_at, Some(T));
    assert_eq!(p.charset.as_deref(), Some("gbk"));
    assert_eq!(p.location, format!("{name}:1"));

    let p = page(&items[1]);
    assert_eq!((p.body.as_slice(), p.kind), (&b"plain\ntext"[..], BodyKind::Text));
    assert_eq!((p.site.as_deref(), p.charset.as_deref()), (None, None));
    assert_eq!(p.fetched_at, Some(T), "RFC 3339 with an offset");

    let p = page(&items[2]);
    assert_eq!((p.body.as_slice(), p.kind), (&b"<p>h</p>"[..], BodyKind::Html), "html wins over text");
    assert_eq!(p.fetched_at, Some(T), "no offset: UTC");

    let p = page(&items[3]);
    assert_eq!(p.body, "<p>中文 \"q\"</p>".as_bytes(), "the UTF-8 bytes of the JSON string");
    assert_eq!(p.fetched_at, Some(T), "fractional seconds are rounded down");

    let p = page(&items[4]);
    assert!(p.body.is_empty());
    assert_eq!((p.site.as_deref(), p.charset.as_deref(), p.fetched_at), (None, None, Some(T)));
    assert_eq!(p.location, format!("{name}:5"));
}

#[test]
fn empty_lines_are_skipped_and_lines_keep_their_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let text = "\u{feff}{\"url\":\"u1\",\"html\":\"a\"}\r\n\r\n   \n\t\r\n{\"url\":\"u2\",\"text\":\"b\"}\r\n\n";
    let name = write(dir.path(), "c.ndjson", text.as_bytes());
    let items = read(&name, Limits::default());
    assert_eq!(items.len(), 2);
    assert_eq!(page(&items[0]).location, format!("{name}:1"), "a BOM on the first line is passed over");
    assert_eq!(page(&items[1]).location, format!("{name}:5"));
    assert_eq!(page(&items[1]).body, b"b");
}

#[test]
fn bad_lines_are_errors_and_reading_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let good = r#"{"url":"https://ok.example/","html":"<p>ok</p>"}"#;
    let bad: [(&str, Option<&str>, &str); 11] = [
        ("this is not json", None, "not valid JSON"),
        ("42", None, "expected a JSON object, found a number"),
        (r#"["a"]"#, None, "expected a JSON object, found an array"),
        (r#"{"html":"<p>x</p>"}"#, None, "no \"url\" field"),
        (r#"{"url":"","html":"<p>x</p>"}"#, None, "no \"url\" field"),
        (r#"{"url":5,"html":"<p>x</p>"}"#, None, "\"url\" is a number, expected a string"),
        (r#"{"url":"https://b.example/"}"#, Some("https://b.example/"), "no \"html\" or \"text\" field"),
        (r#"{"url":"https://b.example/","html":{"a":1}}"#, Some("https://b.example/"), "\"html\" is an object"),
        (
            r#"{"url":"https://b.example/","html":"x","fetched_at":"yesterday"}"#,
            Some("https://b.example/"),
            "\"fetched_at\" \"yesterday\" is not a time",
        ),
        (r#"{"url":"https://b.example/","html":"x","site":7}"#, Some("https://b.example/"), "\"site\" is a number"),
        (r#"{"url":"https://b.example/","html":"cut off"#, None, "not valid JSON: EOF while parsing"),
    ];
    let mut text = String::new();
    for (line, _, _) in &bad {
        text.push_str(line);
        text.push('\n');
        text.push_str(good);
        text.push('\n');
    }
    // A line that is not UTF-8.
    let mut bytes = text.into_bytes();
    bytes.extend_from_slice(b"{\"url\":\"u\",\"html\":\"\xff\"}\n");
    bytes.extend_from_slice(good.as_bytes());
    let name = write(dir.path(), "bad.jsonl", &bytes);
    let items = read(&name, Limits::default());
    assert_eq!(items.len(), 2 * bad.len() + 2);
    for (i, (line, url, words)) in bad.iter().enumerate() {
        let (location, got_url, message) = error(&items[2 * i]);
        assert_eq!(location, format!("{name}:{}", 2 * i + 1), "{line}");
        assert_eq!(got_url, *url, "{line}");
        assert!(message.contains(words), "{line}: {message}");
        assert_eq!(page(&items[2 * i + 1]).url, "https://ok.example/");
    }
    let (location, _, message) = error(&items[2 * bad.len()]);
    assert_eq!(location, format!("{name}:{}", 2 * bad.len() + 1));
    assert!(message.contains("not valid JSON"), "{message}");
    page(&items[2 * bad.len() + 1]);
}

#[test]
fn a_json_array_is_one_error() {
    let dir = tempfile::tempdir().unwrap();
    let name =
        write(dir.path(), "array.json", b"[\n{\"url\":\"u\",\"html\":\"x\"},\n{\"url\":\"v\",\"html\":\"y\"}\n]\n");
    let items = read(&name, Limits::default());
    assert_eq!(items.len(), 1);
    let (location, _, message) = error(&items[0]);
    assert_eq!(location, format!("{name}:1"));
    assert!(message.contains("JSON array, not JSON Lines"), "{message}");
}

#[test]
fn a_line_over_the_limit_is_passed_over() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = Vec::new();
    bytes.extend_from_slice(b"{\"url\":\"https://small.example/1\",\"html\":\"<p>1</p>\"}\n");
    bytes.extend_from_slice(b"{\"url\":\"https://big.example/\",\"html\":\"");
    bytes.resize(bytes.len() + (5 << 20), b'x');
    bytes.extend_from_slice(b"\"}\n");
    bytes.extend_from_slice(b"{\"url\":\"https://small.example/3\",\"html\":\"<p>3</p>\"}");
    let name = write(dir.path(), "big.jsonl", &bytes);
    let items = read(&name, Limits { max_page_bytes: 1 << 20 });
    assert_eq!(items.len(), 3);
    assert_eq!(page(&items[0]).url, "https://small.example/1");
    let (location, url, message) = error(&items[1]);
    assert_eq!(location, format!("{name}:2"));
    assert_eq!(url, Some("https://big.example/"), "the URL is read from the start of the line");
    assert!(message.starts_with("page larger than the 1 MiB limit"), "{message}");
    let p = page(&items[2]);
    assert_eq!((p.url.as_str(), p.location.clone()), ("https://small.example/3", format!("{name}:3")));

    // Just within the limit: read.
    let line = format!("{{\"url\":\"u\",\"html\":\"{}\"}}", "y".repeat(100));
    let name = write(dir.path(), "edge.jsonl", line.as_bytes());
    assert!(matches!(read(&name, Limits { max_page_bytes: line.len() })[..], [Item::Page(_)]));
    assert!(matches!(read(&name, Limits { max_page_bytes: line.len() - 1 })[..], [Item::Error { .. }]));
}

#[test]
fn gzip_compressed_jsonl_in_several_members() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = Vec::new();
    for i in 0..3 {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        writeln!(gz, "{{\"url\":\"https://gz.example/{i}\",\"html\":\"<p>{i}</p>\"}}").unwrap();
        bytes.extend_from_slice(&gz.finish().unwrap());
    }
    let name = write(dir.path(), "crawl.jsonl.gz", &bytes);
    let items = read(&name, Limits::default());
    let urls: Vec<&str> = items.iter().map(|i| page(i).url.as_str()).collect();
    assert_eq!(urls, ["https://gz.example/0", "https://gz.example/1", "https://gz.example/2"]);
    assert_eq!(page(&items[2]).location, format!("{name}:3"));

    // A corrupt compressed stream: an error, then the end; never a panic.
    let mut cut = bytes.clone();
    cut.truncate(bytes.len() - 10);
    let name = write(dir.path(), "cut.jsonl.gz", &cut);
    let items = read(&name, Limits::default());
    assert!(matches!(items.last(), Some(Item::Error { .. })), "{items:?}");
}
