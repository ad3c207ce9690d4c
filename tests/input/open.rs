//! Opening inputs: format from the name or the argument, gzip by content, errors of `open`,
//! standard input, format names, limits and hosts.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common_input::{gzip, write};
use dedupdb::input::{self, Format, InputError, Item, Limits};

const JSONL: &[u8] = b"{\"url\":\"https://o.example/\",\"html\":\"<p>o</p>\"}\n";
const WARC: &[u8] = b"WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: https://o.example/\r\n\
Content-Type: text/html\r\nContent-Length: 8\r\n\r\n<p>o</p>\r\n\r\n";

/// The URLs of the pages read; panics on anything but pages.
fn urls(name: &str, format: Option<Format>) -> Vec<String> {
    input::open(name, format, Limits::default())
        .unwrap()
        .map(|item| match item {
            Item::Page(p) => p.url,
            other => panic!("{name}: {other:?}"),
        })
        .collect()
}

fn open_error(name: &str, format: Option<Format>) -> InputError {
    match input::open(name, format, Limits::default()) {
        Ok(_) => panic!("{name} opened"),
        Err(e) => e,
    }
}

#[test]
fn format_from_the_name_and_gzip_from_the_content() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let one = ["https://o.example/"];
    for (file, bytes) in [
        ("a.jsonl", JSONL.to_vec()),
        ("a.NDJSON", JSONL.to_vec()),
        ("a.json", JSONL.to_vec()),
        ("a.jsonl.gz", gzip(JSONL)),
        ("a.warc", WARC.to_vec()),
        ("a.warc.gz", gzip(WARC)),
        // Named as compressed but plain, and the reverse: the content decides.
        ("plain.warc.gz", WARC.to_vec()),
        ("zipped.jsonl", gzip(JSONL)),
    ] {
        assert_eq!(urls(&write(d, file, &bytes), None), one, "{file}");
    }
    // The format argument wins over the name.
    assert_eq!(urls(&write(d, "crawl.dat", &gzip(WARC)), Some(Format::Warc)), one);
    assert_eq!(urls(&write(d, "pages.warc", JSONL), Some(Format::Jsonl)), one);
    std::fs::create_dir(d.join("site")).unwrap();
    write(&d.join("site"), "i.html", b"<p>o</p>");
    assert_eq!(urls(d.join("site").to_str().unwrap(), None).len(), 1);
}

#[test]
fn open_fails_only_when_the_input_cannot_be_opened_or_told() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();

    let missing = d.join("missing.jsonl");
    let e = open_error(missing.to_str().unwrap(), None);
    assert!(matches!(e, InputError::Open { .. }), "{e:?}");
    assert!(e.to_string().starts_with(&format!("{}: cannot open: ", missing.display())), "{e}");

    let unknown = write(d, "crawl.dat", JSONL);
    let e = open_error(&unknown, None);
    assert!(matches!(e, InputError::UnknownFormat { .. }), "{e:?}");
    assert!(e.to_string().starts_with(&format!("{unknown}: cannot tell the input format")), "{e}");

    let arc = write(d, "old.arc.gz", b"");
    let e = open_error(&arc, None);
    assert_eq!(e.to_string(), format!("{arc}: the ARC format (only WARC) is not supported"));

    let e = open_error(&unknown, Some(Format::Dir));
    assert_eq!(e.to_string(), format!("{unknown}: not a directory"));
    let e = open_error(d.to_str().unwrap(), Some(Format::Warc));
    assert!(e.to_string().contains("is a directory, not a warc file"), "{e}");
    let e = open_error("-", Some(Format::Dir));
    assert!(matches!(e, InputError::Mismatch { .. }), "{e:?}");

    // An empty file is not an error: it has no pages.
    assert!(urls(&write(d, "empty.warc.gz", b""), None).is_empty());
    assert!(urls(&write(d, "empty.jsonl", b""), None).is_empty());

    // A file that is not what its name says reads as errors, not as a failure to open.
    let items: Vec<Item> =
        input::open(&write(d, "png.warc", b"\x89PNG\r\n\x1a\n\0\0"), None, Limits::default()).unwrap().collect();
    assert!(matches!(items[..], [Item::Error { .. }]), "{items:?}");
}

/// Runs this test binary again as a child reading standard input (the child branch of
/// `standard_input_is_jsonl`).
#[test]
fn standard_input_is_jsonl() {
    const CHILD: &str = "DEDUPDB_INPUT_TEST_STDIN_CHILD";
    if std::env::var_os(CHILD).is_some() {
        let format = std::env::var("DEDUPDB_INPUT_TEST_FORMAT").ok().map(|f| f.parse::<Format>().unwrap());
        for item in input::open("-", format, Limits::default()).unwrap() {
            match item {
                Item::Page(p) => println!("page {} at {}", p.url, p.location),
                Item::Skipped { location, .. } => println!("skipped at {location}"),
                Item::Error { location, .. } => println!("error at {location}"),
            }
        }
        return;
    }
    let run = |format: Option<&str>, input: &[u8]| -> String {
        // The test's name as the harness knows it: the module path without the crate's name.
        let module = module_path!().split_once("::").map_or("", |(_, m)| m);
        let name = format!("{module}::standard_input_is_jsonl");
        let mut command = Command::new(std::env::current_exe().unwrap());
        command.args([name.as_str(), "--exact", "--nocapture", "--test-threads=1"]).env(CHILD, "1");
        if let Some(format) = format {
            command.env("DEDUPDB_INPUT_TEST_FORMAT", format);
        }
        let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let mut jsonl = JSONL.to_vec();
    jsonl.extend_from_slice(b"not json\n");
    jsonl.extend_from_slice(JSONL);
    let out = run(None, &jsonl);
    assert!(out.contains("page https://o.example/ at <stdin>:1\n"), "{out}");
    assert!(out.contains("error at <stdin>:2\n"), "{out}");
    assert!(out.contains("page https://o.example/ at <stdin>:3\n"), "{out}");
    let out = run(Some("warc"), WARC);
    assert!(out.contains("page https://o.example/ at <stdin> record 1 (offset 0)\n"), "{out}");
}

#[test]
fn format_names_limits_and_hosts() {
    for (s, f) in [
        ("jsonl", Format::Jsonl),
        ("NDJSON", Format::Jsonl),
        ("warc", Format::Warc),
        ("dir", Format::Dir),
        ("html-dir", Format::Dir),
    ] {
        assert_eq!(s.parse::<Format>().unwrap(), f);
    }
    assert_eq!(Format::Warc.to_string(), "warc");
    let e = "xml".parse::<Format>().unwrap_err();
    assert_eq!(e.to_string(), "unknown input format 'xml' (expected jsonl, warc or dir)");

    assert_eq!(Limits::default().max_page_bytes, 32 << 20);

    assert_eq!(input::host_of("https://News.Example.COM:8080/a?b#c").as_deref(), Some("news.example.com"));
    assert_eq!(input::host_of(" http://例子.中国/页 ").as_deref(), Some("xn--fsqu00a.xn--fiqs8s"));
    assert_eq!(input::host_of("http://[::1]/").as_deref(), Some("[::1]"));
    assert_eq!(input::host_of("file:///tmp/a.html"), None);
    assert_eq!(input::host_of("not a url"), None);
    assert_eq!(input::host_of("example.com/page"), None);

    // The reader runs in its own thread.
    fn is_send<T: Send>(_: &T) {}
    let it = input::open("-", None, Limits::default()).unwrap();
    is_send(&it);
}

#[test]
fn a_single_page_file_is_an_input_of_one_record() {
    let dir = tempfile::tempdir().unwrap();
    let page = write(dir.path(), "saved.HTML", "<p>一页正文。</p>".as_bytes());
    let items: Vec<Item> = input::open(&page, None, Limits::default()).unwrap().collect();
    assert_eq!(items.len(), 1);
    match &items[0] {
        Item::Page(p) => {
            assert_eq!(p.kind, input::BodyKind::Html);
            assert!(p.url.starts_with("file://") && p.url.ends_with("saved.HTML"), "{}", p.url);
        }
        other => panic!("{other:?}"),
    }
    // Too large for the limit: one error record naming the size, not a failure to open.
    let items: Vec<Item> = input::open(&page, None, Limits { max_page_bytes: 4 }).unwrap().collect();
    assert!(matches!(&items[..], [Item::Error { message, .. }] if message.contains("limit")), "{items:?}");
    // The named-page reader used by `compare` and `ddtool page`: kind from the name, errors name it.
    let (bytes, kind) = input::read_named_page(&page, Limits::default()).unwrap();
    assert_eq!((bytes.len(), kind), ("<p>一页正文。</p>".len(), Some(input::BodyKind::Html)));
    let missing = dir.path().join("missing.html");
    let e = input::read_named_page(missing.to_str().unwrap(), Limits::default()).unwrap_err();
    assert!(e.to_string().starts_with(&missing.display().to_string()), "{e}");
}

/// A .warc.gz read from a pipe (`dedupdb ingest <(curl ...)`): it cannot seek, so it is read with
/// a plain multi-member decoder, every member in order.
#[cfg(unix)]
#[test]
fn gzip_from_a_pipe_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("crawl.warc.gz");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let bytes: Vec<u8> = (0..3).flat_map(|_| gzip(WARC)).collect();
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::OpenOptions::new().write(true).open(&fifo).unwrap().write_all(&bytes))
    };
    let got = urls(fifo.to_str().unwrap(), None);
    writer.join().unwrap().unwrap();
    assert_eq!(got, vec!["https://o.example/".to_string(); 3]);
}
