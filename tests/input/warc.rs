//! WARC input: which records are pages, HTTP codings, gzip members, truncation, resynchronization,
//! limits, and no panic on damaged input.

use std::io::Write;

use crate::common_input::{error, gzip, gzip_members, page, read, skipped, warc_record as record, write};
use dedupdb::input::{BodyKind, Item, Limits};

const DATE: &str = "2026-03-05T02:21:00Z";
const T: i64 = 1_772_677_260;

/// A response record for `url` with an HTTP head (status line and headers, CRLF-separated) and
/// a body.
fn response(url: &str, head: &str, body: &[u8]) -> Vec<u8> {
    let mut block = format!("{head}\r\n\r\n").into_bytes();
    block.extend_from_slice(body);
    let fields = [
        ("WARC-Type", "response"),
        ("WARC-Target-URI", url),
        ("WARC-Date", DATE),
        ("WARC-Record-ID", "<urn:uuid:00000000-0000-0000-0000-000000000000>"),
        ("Content-Type", "application/http; msgtype=response"),
    ];
    record("WARC/1.1", &fields, &block)
}

fn html_response(url: &str, body: &str) -> Vec<u8> {
    response(url, "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8", body.as_bytes())
}

fn warcinfo() -> Vec<u8> {
    let block = b"software: test\r\nformat: WARC File Format 1.1\r\n";
    record(
        "WARC/1.1",
        &[("WARC-Type", "warcinfo"), ("WARC-Date", DATE), ("Content-Type", "application/warc-fields")],
        block,
    )
}

fn request(url: &str) -> Vec<u8> {
    let block = format!("GET / HTTP/1.1\r\nHost: {url}\r\n\r\n");
    let fields =
        [("WARC-Type", "request"), ("WARC-Target-URI", url), ("Content-Type", "application/http; msgtype=request")];
    record("WARC/1.1", &fields, block.as_bytes())
}

fn metadata(url: &str) -> Vec<u8> {
    let fields = [("WARC-Type", "metadata"), ("WARC-Target-URI", url), ("Content-Type", "application/warc-fields")];
    record("WARC/1.1", &fields, b"via: http://x/\r\n")
}

/// The offset of each record in their concatenation.
fn offsets(records: &[Vec<u8>]) -> Vec<usize> {
    records
        .iter()
        .scan(0, |at, r| {
            let start = *at;
            *at += r.len();
            Some(start)
        })
        .collect()
}

#[test]
fn pages_skipped_records_and_silent_records() {
    let dir = tempfile::tempdir().unwrap();
    let records = vec![
        warcinfo(),
        request("https://a.example/"),
        response("<https://a.example/>", "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=GBK", b"<p>gbk</p>"),
        metadata("https://a.example/"),
        response("https://a.example/logo.png", "HTTP/1.1 200 OK\r\nContent-Type: image/png", b"\x89PNG\r\n\x1a\n"),
        response("https://a.example/robots.txt", "HTTP/1.1 200 OK\r\nContent-Type: text/plain", b"line one\nline two"),
        response("https://a.example/x.xhtml", "HTTP/1.1 200 OK\r\nContent-Type: application/xhtml+xml", b"<html/>"),
        response("https://a.example/gone", "HTTP/1.1 404 Not Found\r\nContent-Type: text/html", b"<p>404</p>"),
        response("https://a.example/sniff", "HTTP/1.1 200 OK\r\nServer: x", b" \r\n<!doctype html><p>s</p>"),
        response("https://a.example/blob", "HTTP/1.1 200 OK", b"\x00\x01binary"),
        record(
            "WARC/1.1",
            &[("WARC-Type", "resource"), ("WARC-Target-URI", "https://a.example/r"), ("Content-Type", "text/html")],
            b"<p>resource</p>",
        ),
        record(
            "WARC/1.1",
            &[("WARC-Type", "resource"), ("WARC-Target-URI", "https://a.example/shot"), ("Content-Type", "image/jpeg")],
            b"\xff\xd8",
        ),
        record(
            "WARC/1.1",
            &[("WARC-Type", "response"), ("WARC-Target-URI", "dns:a.example"), ("Content-Type", "text/dns")],
            b"20260305022100\na.example. 300 IN A 1.2.3.4\n",
        ),
    ];
    let at = offsets(&records);
    let name = write(dir.path(), "crawl.warc", &records.concat());
    let items = read(&name, Limits::default());
    let loc = |n: usize| format!("{name} record {} (offset {})", n + 1, at[n]);
    assert_eq!(items.len(), 10, "{items:#?}");

    let p = page(&items[0]);
    assert_eq!(p.url, "https://a.example/", "<> around the URI are taken off");
    assert_eq!((p.body.as_slice(), p.kind), (&b"<p>gbk</p>"[..], BodyKind::Html));
    assert_eq!(p.charset.as_deref(), Some("GBK"));
    assert_eq!((p.fetched_at, p.site.as_deref()), (Some(T), None));
    assert_eq!(p.location, loc(2));

    assert_eq!(skipped(&items[1]), (loc(4).as_str(), Some("https://a.example/logo.png"), "not HTML: image/png"));
    let p = page(&items[2]);
    assert_eq!((p.body.as_slice(), p.kind, p.charset.as_deref()), (&b"line one\nline two"[..], BodyKind::Text, None));
    assert_eq!(page(&items[3]).kind, BodyKind::Html);
    assert_eq!(skipped(&items[4]).2, "HTTP status 404");
    let p = page(&items[5]);
    assert_eq!((p.kind, p.location.as_str()), (BodyKind::Html, loc(8).as_str()), "no Content-Type: sniffed");
    assert!(skipped(&items[6]).2.contains("does not look like HTML"));
    let p = page(&items[7]);
    assert_eq!(
        (p.url.as_str(), p.body.as_slice(), p.kind),
        ("https://a.example/r", &b"<p>resource</p>"[..], BodyKind::Html)
    );
    assert_eq!(p.fetched_at, None, "no WARC-Date");
    assert_eq!(skipped(&items[8]).2, "not HTML: image/jpeg");
    assert_eq!(skipped(&items[9]), (loc(12).as_str(), Some("dns:a.example"), "not an HTTP response: text/dns"));
}

#[test]
fn chunked_and_compressed_bodies() {
    let dir = tempfile::tempdir().unwrap();
    let html = "<html><body><p>正文 body text</p></body></html>";
    let chunked = |body: &[u8]| -> Vec<u8> {
        let mut out = Vec::new();
        for piece in body.chunks(7) {
            out.extend_from_slice(format!("{:x};name=v\r\n", piece.len()).as_bytes());
            out.extend_from_slice(piece);
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(b"0\r\nX-Trailer: 1\r\n\r\n");
        out
    };
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    zlib.write_all(html.as_bytes()).unwrap();
    let zlib = zlib.finish().unwrap();
    let mut raw = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
    raw.write_all(html.as_bytes()).unwrap();
    let raw = raw.finish().unwrap();
    let mut br = Vec::new();
    brotli::CompressorWriter::new(&mut br, 4096, 5, 22).write_all(html.as_bytes()).unwrap();
    let zst = zstd::encode_all(html.as_bytes(), 3).unwrap();
    let ok = "HTTP/1.1 200 OK\r\nContent-Type: text/html";
    let records = vec![
        response(
            "https://c.example/chunked",
            &format!("{ok}\r\nTransfer-Encoding: chunked"),
            &chunked(html.as_bytes()),
        ),
        response("https://c.example/gzip", &format!("{ok}\r\nContent-Encoding: gzip"), &gzip(html.as_bytes())),
        response(
            "https://c.example/both",
            &format!("{ok}\r\ntransfer-encoding: Chunked\r\ncontent-encoding: x-gzip"),
            &chunked(&gzip(html.as_bytes())),
        ),
        response("https://c.example/zlib", &format!("{ok}\r\nContent-Encoding: deflate"), &zlib),
        response("https://c.example/raw-deflate", &format!("{ok}\r\nContent-Encoding: deflate"), &raw),
        response("https://c.example/br", &format!("{ok}\r\nContent-Encoding: br"), &br),
        response("https://c.example/zstd", &format!("{ok}\r\nContent-Encoding: zstd"), &zst),
        // Stored decoded by the crawler, headers kept: taken as they are.
        response(
            "https://c.example/stored-decoded",
            &format!("{ok}\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip"),
            html.as_bytes(),
        ),
        // Cut off before the last chunk: what arrived is kept.
        response("https://c.example/cut", &format!("{ok}\r\nTransfer-Encoding: chunked"), b"5\r\n<p>ab\r\n20\r\n</p>"),
        response(
            "https://c.example/bad-chunk",
            &format!("{ok}\r\nTransfer-Encoding: chunked"),
            b"5\r\n<p>ab\r\nzz\r\n",
        ),
        response("https://c.example/bad-br", &format!("{ok}\r\nContent-Encoding: br"), b"\x0b\x02"),
        response("https://c.example/compress", &format!("{ok}\r\nContent-Encoding: compress"), b"\x1f\x9d\x90"),
        response("https://c.example/bad-gzip", &format!("{ok}\r\nContent-Encoding: gzip"), b"\x1f\x8b\x08\x00garbage"),
        html_response("https://c.example/after", "<p>after</p>"),
    ];
    let name = write(dir.path(), "codings.warc", &records.concat());
    let items = read(&name, Limits::default());
    assert_eq!(items.len(), records.len(), "{items:#?}");
    for item in &items[..8] {
        let p = page(item);
        assert_eq!(std::str::from_utf8(&p.body).unwrap(), html, "{}", p.url);
    }
    assert_eq!(page(&items[8]).body, b"<p>ab</p>");
    let (_, url, message) = error(&items[9]);
    assert_eq!(url, Some("https://c.example/bad-chunk"));
    assert!(message.contains("bad chunk size line \"zz\""), "{message}");
    let (_, url, message) = error(&items[10]);
    assert_eq!(url, Some("https://c.example/bad-br"));
    assert!(message.contains("cannot decompress the br body"), "{message}");
    assert!(error(&items[11]).2.contains("unsupported Content-Encoding \"compress\""));
    assert!(error(&items[12]).2.contains("cannot decompress the gzip body"));
    assert_eq!(page(&items[13]).body, b"<p>after</p>");
}

#[test]
fn multi_member_gzip_warc_1_0_lowercase_names_and_bare_line_feeds() {
    let dir = tempfile::tempdir().unwrap();
    let lf_block = b"HTTP/1.0 200 OK\ncontent-type: TEXT/HTML\n\n<p>lf line ends\n";
    let mut lf_only = format!(
        "WARC/1.0\nwarc-type: response\nwarc-target-uri: https://lf.example/\nwarc-date: {DATE}\n\
         content-length: {}\n\n",
        lf_block.len()
    )
    .into_bytes();
    lf_only.extend_from_slice(lf_block);
    lf_only.extend_from_slice(b"\n\n");
    let records = vec![
        warcinfo(),
        record(
            "WARC/1.0",
            &[
                ("WARC-TYPE", "response"),
                ("warc-target-uri", "https://g.example/1"),
                ("Warc-Date", "2026-03-05T02:21:00.123456Z"),
            ],
            b"HTTP/1.1 200 OK\r\nCONTENT-TYPE: text/html;charset=utf-8\r\n\r\n<p>one</p>",
        ),
        lf_only,
        html_response("https://g.example/3", "<p>three</p>"),
    ];
    let at = offsets(&records);
    let name = write(dir.path(), "crawl.warc.gz", &gzip_members(&records));
    let items = read(&name, Limits::default());
    assert_eq!(items.len(), 3, "{items:#?}");
    let p = page(&items[0]);
    assert_eq!((p.url.as_str(), p.body.as_slice()), ("https://g.example/1", &b"<p>one</p>"[..]));
    assert_eq!((p.fetched_at, p.charset.as_deref()), (Some(T), Some("utf-8")));
    assert_eq!(p.location, format!("{name} record 2 (offset {} in the decompressed stream)", at[1]));
    let p = page(&items[1]);
    assert_eq!(
        (p.url.as_str(), p.body.as_slice(), p.kind),
        ("https://lf.example/", &b"<p>lf line ends\n"[..], BodyKind::Html)
    );
    let p = page(&items[2]);
    assert_eq!(p.location, format!("{name} record 4 (offset {} in the decompressed stream)", at[3]));
}

#[test]
fn a_truncated_last_record_is_an_error_then_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let records = vec![
        html_response("https://t.example/1", "<p>1</p>"),
        html_response("https://t.example/2", &"<p>2</p>".repeat(100)),
    ];
    let at = offsets(&records);
    let whole = records.concat();

    // The input ends inside the second block.
    let cut = &whole[..whole.len() - 300];
    for (file, bytes, suffix) in [
        ("cut.warc", cut.to_vec(), ""),
        (
            "cut-members.warc.gz",
            gzip_members(&[records[0].clone(), cut[at[1]..].to_vec()]),
            " in the decompressed stream",
        ),
    ] {
        let name = write(dir.path(), file, &bytes);
        let items = read(&name, Limits::default());
        assert_eq!(items.len(), 2, "{items:#?}");
        assert_eq!(page(&items[0]).url, "https://t.example/1");
        let (location, url, message) = error(&items[1]);
        assert_eq!(location, format!("{name} record 2 (offset {}{suffix})", at[1]));
        assert_eq!(url, Some("https://t.example/2"));
        assert!(message.starts_with("truncated record: the input ends"), "{message}");
    }

    // The input ends inside the header.
    let name = write(dir.path(), "cut-header.warc", &whole[..at[1] + 30]);
    let items = read(&name, Limits::default());
    assert_eq!(items.len(), 2);
    let (location, _, message) = error(&items[1]);
    assert_eq!(location, format!("{name} record 2 (offset {})", at[1]));
    assert!(message.contains("ends inside the record header"), "{message}");

    // The compressed stream itself is cut: an error, then the end.
    let gz = gzip(&whole);
    let name = write(dir.path(), "cut-stream.warc.gz", &gz[..gz.len() - 40]);
    let items = read(&name, Limits::default());
    assert!(matches!(items.last(), Some(Item::Error { .. })), "{items:#?}");
    assert!(items.len() <= 2);
}

#[test]
fn bad_headers_are_reported_and_reading_resyncs() {
    let dir = tempfile::tempdir().unwrap();
    let good = |n: usize| html_response(&format!("https://r.example/{n}"), &format!("<p>{n}</p>"));
    let mut no_length = good(0);
    let cut = memchr_find(&no_length, b"Content-Length");
    no_length.splice(cut..cut + b"Content-Length".len(), b"Content-Lenght".iter().copied());
    let records = vec![
        good(1),
        // A header line that is not a field.
        b"WARC/1.1\r\nWARC-Type: response\r\nthis is not a header\r\nContent-Length: 5\r\n\r\nWARC/\r\n\r\n".to_vec(),
        good(2),
        no_length,
        good(3),
        record("WARC/1.1", &[("WARC-Type", "response"), ("Content-Length", "12ab")], b"x"),
        good(4),
        // Garbage between records.
        b"\x00\x01garbage\xff\r\nmore garbage WARC/1.1\r\n".to_vec(),
        good(5),
        record(
            "WARC/1.1",
            &[("WARC-Type", "response"), ("WARC-Date", "not a date"), ("WARC-Target-URI", "https://r.example/d")],
            b"HTTP/1.1 200 OK\r\n\r\n<p>",
        ),
        record("WARC/1.1", &[("WARC-Type", "response"), ("Content-Type", "text/html")], b"HTTP/1.1 200 OK\r\n\r\n<p>"),
        record("WARC/1.1", &[("WARC-Target-URI", "https://r.example/t")], b"x"),
        record(
            "WARC/1.1",
            &[("WARC-Type", "response"), ("WARC-Target-URI", "https://r.example/s")],
            b"HTTP/1.1 abc\r\n\r\n<p>",
        ),
        record(
            "WARC/1.1",
            &[
                ("WARC-Type", "response"),
                ("WARC-Target-URI", "https://r.example/h"),
                ("Content-Type", "application/http"),
            ],
            b"<p>no status line</p>",
        ),
        good(6),
    ];
    let at = offsets(&records);
    let name = write(dir.path(), "bad.warc", &records.concat());
    let items = read(&name, Limits::default());
    let summary: Vec<String> = items
        .iter()
        .map(|i| match i {
            Item::Page(p) => format!("page {}", p.url),
            Item::Skipped { reason, .. } => format!("skipped {reason}"),
            Item::Error { message, .. } => format!("error {message}"),
        })
        .collect();
    let expected = [
        "page https://r.example/1",
        "error header line \"this is not a header\" is not a \"Name: value\" field",
        "page https://r.example/2",
        "error no Content-Length field",
        "page https://r.example/3",
        "error Content-Length \"12ab\" is not a number",
        "page https://r.example/4",
        "error expected a record header line such as \"WARC/1.1\", found \"\\0\\u{1}garbage\u{fffd}\"",
        "page https://r.example/5",
        "error WARC-Date \"not a date\" is not a date",
        "error response record without a WARC-Target-URI",
        "error no WARC-Type field",
        "error bad HTTP status line \"HTTP/1.1 abc\"",
        "error the block does not start with an HTTP status line",
        "page https://r.example/6",
    ];
    assert_eq!(summary, expected);
    let locations: Vec<&str> = items
        .iter()
        .map(|i| match i {
            Item::Page(p) => p.location.as_str(),
            Item::Skipped { location, .. } | Item::Error { location, .. } => location.as_str(),
        })
        .collect();
    for (n, location) in locations.iter().enumerate() {
        assert_eq!(*location, format!("{name} record {} (offset {})", n + 1, at[n]));
    }
}

fn memchr_find(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len()).position(|w| w == needle).unwrap()
}

#[test]
fn records_over_the_limit_are_streamed_past() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits { max_page_bytes: 4096 };
    let big = format!("<p>{}</p>", "x".repeat(10_000));
    let mut bomb = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    bomb.write_all(&vec![b' '; 1 << 20]).unwrap();
    let bomb = bomb.finish().unwrap();
    assert!(bomb.len() < 4096);
    let records = [
        html_response("https://l.example/big", &big),
        html_response("https://l.example/small", "<p>small</p>"),
        response("https://l.example/big.png", "HTTP/1.1 200 OK\r\nContent-Type: image/png", &[0u8; 100_000]),
        response(
            "https://l.example/bomb",
            "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip",
            &bomb,
        ),
        record(
            "WARC/1.1",
            &[("WARC-Type", "resource"), ("WARC-Target-URI", "https://l.example/res"), ("Content-Type", "text/html")],
            big.as_bytes(),
        ),
        html_response("https://l.example/last", &"y".repeat(4096)),
    ];
    let name = write(dir.path(), "limits.warc", &records.concat());
    let items = read(&name, limits);
    assert_eq!(items.len(), 6, "{items:#?}");
    let (_, url, message) = error(&items[0]);
    assert_eq!(url, Some("https://l.example/big"));
    assert_eq!(message, "page larger than the 4 KiB limit (10007 bytes)");
    assert_eq!(page(&items[1]).body, b"<p>small</p>");
    assert_eq!(skipped(&items[2]).2, "not HTML: image/png", "not a page, whatever its size");
    assert_eq!(error(&items[3]).2, "page larger than the 4 KiB limit once decompressed");
    assert!(error(&items[4]).2.starts_with("page larger than the 4 KiB limit"));
    assert_eq!(page(&items[5]).body.len(), 4096, "exactly at the limit");
}

/// Damaged inputs (bytes flipped, cut, repeated) give items and an end, never a panic or a hang.
#[test]
fn damaged_input_never_panics() {
    let dir = tempfile::tempdir().unwrap();
    let mut records = vec![warcinfo()];
    for i in 0..6 {
        records.push(request(&format!("https://f.example/{i}")));
        records.push(html_response(&format!("https://f.example/{i}"), &format!("<p>page {i}</p>")));
    }
    records.push(response(
        "https://f.example/c",
        "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip",
        &gzip(b"<p>zipped</p>"),
    ));
    let whole = records.concat();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut rand = move |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    for round in 0..300 {
        let mut bytes = whole.clone();
        for _ in 0..1 + rand(8) {
            match rand(4) {
                0 => {
                    let i = rand(bytes.len());
                    bytes[i] = rand(256) as u8;
                }
                1 => {
                    let i = rand(bytes.len());
                    bytes.truncate(i.max(1));
                }
                2 => {
                    let i = rand(bytes.len());
                    let j = (i + rand(64)).min(bytes.len());
                    bytes.drain(i..j);
                }
                _ => {
                    let i = rand(bytes.len());
                    let j = (i + rand(200)).min(bytes.len());
                    let copy = bytes[i..j].to_vec();
                    let k = rand(bytes.len());
                    bytes.splice(k..k, copy);
                }
            }
        }
        let compressed = round % 3 == 0;
        let (file, data) = if compressed { ("f.warc.gz", gzip(&bytes)) } else { ("f.warc", bytes) };
        let name = write(dir.path(), file, &data);
        let items = read(&name, Limits { max_page_bytes: 1 << 10 });
        assert!(items.len() <= 40, "round {round}: {} items", items.len());
    }
}
