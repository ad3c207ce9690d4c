//! Helpers shared by the input tests: writing files, reading them through `input::open`, taking
//! items apart, and building WARC records and gzip members.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;

use dedupdb::input::{self, Item, Limits, RawPage};

/// Writes `bytes` to `dir/name` and returns the path as a string.
pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

/// Every item of an input, its format from its name.
pub fn read(name: &str, limits: Limits) -> Vec<Item> {
    input::open(name, None, limits).unwrap().collect()
}

/// The page of a page item; panics on anything else.
pub fn page(item: &Item) -> &RawPage {
    match item {
        Item::Page(p) => p,
        other => panic!("expected a page, got {other:?}"),
    }
}

/// The location, URL and reason of a skipped item.
pub fn skipped(item: &Item) -> (&str, Option<&str>, &str) {
    match item {
        Item::Skipped { location, url, reason } => (location, url.as_deref(), reason),
        other => panic!("expected a skipped record, got {other:?}"),
    }
}

/// The location, URL and message of an error item.
pub fn error(item: &Item) -> (&str, Option<&str>, &str) {
    match item {
        Item::Error { location, url, message } => (location, url.as_deref(), message),
        other => panic!("expected an error, got {other:?}"),
    }
}

/// A WARC record: version line, the fields, Content-Length, blank line, block, two line ends.
pub fn warc_record(version: &str, fields: &[(&str, &str)], block: &[u8]) -> Vec<u8> {
    let mut out = format!("{version}\r\n").into_bytes();
    for (name, value) in fields {
        out.extend_from_slice(format!("{name}: {value}\r\n").as_bytes());
    }
    out.extend_from_slice(format!("Content-Length: {}\r\n\r\n", block.len()).as_bytes());
    out.extend_from_slice(block);
    out.extend_from_slice(b"\r\n\r\n");
    out
}

/// Each record compressed as its own gzip member, as .warc.gz files are written.
pub fn gzip_members(records: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for r in records {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(r).unwrap();
        out.extend_from_slice(&gz.finish().unwrap());
    }
    out
}

/// `bytes` as one gzip member.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    gzip_members(&[bytes.to_vec()])
}
