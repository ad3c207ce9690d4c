//! Arbitrary bytes as an input file, read to the end with the input readers. The first byte picks
//! the file's name (.jsonl, .warc, .warc.gz, .jsonl.gz), whether the bytes are written as they
//! are or gzip-compressed first (as one member, or as two members the second of which may be cut
//! short), and the page size limit. Asserts: no panic, the reader ends (libFuzzer's timeout finds
//! one that does not), no page over the size limit is handed out, every problem names where it is.
#![no_main]

use std::io::Write;
use std::path::PathBuf;
use std::sync::OnceLock;

use dedupdb::input::{self, Item, Limits};
use flate2::write::GzEncoder;
use flate2::Compression;
use libfuzzer_sys::fuzz_target;

fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().expect("tempdir").keep())
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = GzEncoder::new(Vec::new(), Compression::fast());
    e.write_all(bytes).expect("gzip into memory");
    e.finish().expect("gzip into memory")
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, body)) = data.split_first() else { return };
    let name = ["in.jsonl", "in.warc", "in.warc.gz", "in.jsonl.gz"][usize::from(sel & 3)];
    let bytes = match (sel >> 2) & 3 {
        0 => body.to_vec(),
        1 => gzip(body),
        2 => {
            // Two members: the first half, then the second half cut short by its last byte's
            // value (a damaged or truncated member after a good one).
            let (x, y) = body.split_at(body.len() / 2);
            let mut out = gzip(x);
            let second = gzip(y);
            let cut = body.last().map_or(0, |&b| usize::from(b) % 16);
            out.extend_from_slice(&second[..second.len().saturating_sub(cut)]);
            out
        }
        _ => {
            // Gzip with some of the fuzz bytes damaging the compressed stream.
            let mut out = gzip(body);
            if out.len() > 20 && !body.is_empty() {
                let at = 10 + usize::from(body[0]) % (out.len() - 18);
                out[at] ^= body[body.len() - 1] | 1;
            }
            out
        }
    };
    let max_page_bytes = if sel & 0x10 != 0 { 64 } else { 1 << 20 };
    let path = dir().join(name);
    std::fs::write(&path, &bytes).expect("write the input file");
    let name = path.to_str().expect("utf-8 temp path");
    let Ok(items) = input::open(name, None, Limits { max_page_bytes }) else { return };
    for (n, item) in items.enumerate() {
        // Gzip expands at most ~1032 times; a record takes at least a byte.
        assert!(n <= (bytes.len() + 16) * 1100, "more records than bytes: the reader does not end");
        match item {
            Item::Page(p) => {
                assert!(p.body.len() <= max_page_bytes, "a page over the limit: {} bytes", p.body.len());
                assert!(!p.location.is_empty(), "a page without a location");
            }
            Item::Skipped { location, .. } => assert!(!location.is_empty(), "a skip without a location"),
            Item::Error { location, message, .. } => {
                assert!(!location.is_empty(), "an error without a location: {message}");
                assert!(!message.is_empty(), "an error without a message at {location}");
            }
        }
    }
});
