//! Crawl input readers: JSON Lines, WARC and directories of saved pages.
//!
//! [`open`] turns one input named on the command line into a stream of [`Item`]s. Reading
//! streams: memory is bounded by [`Limits::max_page_bytes`] plus fixed buffers, whatever the size
//! of the input or of any one line or record. A bad record never stops reading: it becomes an
//! [`Item::Error`] that names the input, the position and what is wrong, and reading goes on (a
//! WARC reader resynchronizes at the next record header). Only an input that cannot be opened at
//! all, or whose format cannot be told, fails [`open`].
//!
//! * `jsonl.rs`: one JSON object per line (`url`, `html` or `text`, optional `site`, `fetched_at`,
//!   `charset`).
//! * `warc.rs`: WARC 1.0/1.1 record framing and resynchronization; `http.rs`: the HTTP response
//!   inside a record (status, headers, chunked transfer coding, gzip/deflate content coding).
//! * `dir.rs`: `.html`/`.htm`/`.txt` files under a directory, in sorted order.
//! * `gzip.rs`: multi-member gzip read member by member; a damaged member is reported and skipped.
//! * `lines.rs`: bounded line reading and byte counting shared by the readers.
//! * `time.rs`: fetch times (Unix seconds, RFC 3339, WARC-Date).

mod dir;
mod gzip;
mod http;
mod jsonl;
mod lines;
mod time;

pub use time::parse_time;
pub(crate) use time::seconds_of_number;
mod warc;

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek};
use std::path::Path;

/// Buffer size for reading inputs and their decompressed streams: large reads keep system calls
/// and decompressor calls few on multi-GB crawls.
const BUF_SIZE: usize = 256 << 10;

/// How a page body is to be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyKind {
    /// HTML markup: goes through extraction.
    Html,
    /// Plain text: every line a paragraph, all of it main text.
    Text,
}

/// One page read from an input.
#[derive(Clone, Debug)]
pub struct RawPage {
    /// The page's URL as the input gives it (WARC-Target-URI without `<>`; `file://` for files).
    pub url: String,
    /// The body bytes, undecoded: the charset is decided later from `charset` and the content.
    pub body: Vec<u8>,
    /// Whether the body is HTML or plain text.
    pub kind: BodyKind,
    /// The `site` field (JSONL) if given; None otherwise (the caller then uses the URL's host).
    pub site: Option<String>,
    /// Fetch time, Unix seconds (JSONL `fetched_at` as a number or an RFC 3339 string; WARC-Date).
    pub fetched_at: Option<i64>,
    /// Charset from the transport: JSONL `charset` field, or the HTTP Content-Type header of a
    /// WARC response.
    pub charset: Option<String>,
    /// Where it came from, for messages: "crawl.jsonl:17" (line), "crawl.warc.gz record 5 (offset
    /// 1234 in the decompressed stream)", "pages/a.html".
    pub location: String,
}

/// What reading one record produced.
#[derive(Clone, Debug)]
pub enum Item {
    /// A page to ingest.
    Page(RawPage),
    /// A record that is not a page to ingest (a WARC response that is not HTML, e.g. image/png,
    /// or whose HTTP status is not 2xx), counted by the caller. Not used for
    /// warcinfo/request/metadata records, which are not pages at all and are passed over silently.
    Skipped {
        /// Where the record is.
        location: String,
        /// Its URL, when known.
        url: Option<String>,
        /// Why it is not a page, e.g. "not HTML: image/png".
        reason: String,
    },
    /// A record that should have been a page but is bad: the caller reports it and goes on.
    Error {
        /// Where the record is.
        location: String,
        /// Its URL, when it could be read.
        url: Option<String>,
        /// What is wrong.
        message: String,
    },
}

/// The format of an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// JSON Lines: one object per line.
    Jsonl,
    /// WARC 1.0 or 1.1, plain or gzip-compressed.
    Warc,
    /// A directory of `.html`/`.htm`/`.txt` files.
    Dir,
}

impl Format {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Jsonl => "jsonl",
            Format::Warc => "warc",
            Format::Dir => "dir",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is not one of `jsonl`, `warc`, `dir`.
#[derive(Debug, Clone, thiserror::Error)]
#[error("unknown input format '{0}' (expected jsonl, warc or dir)")]
pub struct ParseFormatError(pub String);

impl std::str::FromStr for Format {
    type Err = ParseFormatError;

    /// Case-insensitive: `jsonl` (or `ndjson`), `warc`, `dir` (or `html-dir`).
    fn from_str(s: &str) -> Result<Format, ParseFormatError> {
        match s.to_ascii_lowercase().as_str() {
            "jsonl" | "ndjson" => Ok(Format::Jsonl),
            "warc" => Ok(Format::Warc),
            "dir" | "html-dir" => Ok(Format::Dir),
            _ => Err(ParseFormatError(s.to_string())),
        }
    }
}

/// Limits applied while reading.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The largest page body read into memory (also the largest JSONL line, and the largest
    /// decompressed body). Larger pages become [`Item::Error`]s and are streamed past.
    pub max_page_bytes: usize,
}

impl Default for Limits {
    /// 32 MiB: far above real article pages, small enough for several reader threads.
    fn default() -> Limits {
        Limits { max_page_bytes: 32 << 20 }
    }
}

/// The error of [`open`]: names the input and says what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The path does not exist or cannot be read.
    #[error("{name}: cannot open: {cause}")]
    Open {
        /// The input as named.
        name: String,
        /// The system's reason (in the message, so not also a `source()`: printed with its
        /// chain, it would read twice).
        cause: io::Error,
    },
    /// Neither the format argument nor the name tells the format.
    #[error(
        "{name}: cannot tell the input format from the name (expected a directory, .jsonl, .ndjson, \
         .json, .warc, or any of these with .gz); give the format explicitly (jsonl, warc or dir)"
    )]
    UnknownFormat {
        /// The input as named.
        name: String,
    },
    /// A format dedupdb does not read, such as ARC.
    #[error("{name}: {what} is not supported")]
    Unsupported {
        /// The input as named.
        name: String,
        /// What it is.
        what: String,
    },
    /// The format given does not fit the input (a directory read as a file, or the reverse).
    #[error("{name}: {problem}")]
    Mismatch {
        /// The input as named.
        name: String,
        /// How it does not fit.
        problem: String,
    },
    /// A single page cannot be read (too large, unreadable).
    #[error("{name}: {message}")]
    Page {
        /// The page as named.
        name: String,
        /// What is wrong.
        message: String,
    },
}

/// Opens an input: a path or "-" (JSONL on stdin, or WARC with `Some(Format::Warc)`). The format
/// comes from `format` or else from the name: directory -> Dir; `*.warc`, `*.warc.gz` -> Warc;
/// `*.jsonl`, `*.ndjson`, `*.json` and these with `.gz` -> Jsonl. Files starting with the gzip
/// magic bytes are decompressed whatever their name (multi-member gzip, as `.warc.gz` files are;
/// in a file that can seek, a damaged member is an error and reading resumes at the next member).
/// Fails only when the input cannot be opened at all or its format cannot be told; every problem
/// inside the input is an [`Item::Error`] and reading goes on.
pub fn open(
    name: &str,
    format: Option<Format>,
    limits: Limits,
) -> Result<Box<dyn Iterator<Item = Item> + Send>, InputError> {
    if name == "-" {
        let stdin: Box<dyn Read + Send> = Box::new(io::stdin());
        let src: Box<dyn BufRead + Send> = Box::new(BufReader::with_capacity(BUF_SIZE, stdin));
        return match format.unwrap_or(Format::Jsonl) {
            Format::Jsonl => Ok(Box::new(jsonl::JsonlReader::new("<stdin>".to_string(), src, limits))),
            Format::Warc => Ok(Box::new(warc::WarcReader::new("<stdin>".to_string(), src, false, limits))),
            Format::Dir => Err(InputError::Mismatch {
                name: name.to_string(),
                problem: "standard input cannot be read as a directory".to_string(),
            }),
        };
    }
    let path = Path::new(name);
    let meta = std::fs::metadata(path).map_err(|cause| InputError::Open { name: name.to_string(), cause })?;
    // A single saved page (`dedupdb query page.html`) is an input of one record.
    if let (None, true, Some(kind)) = (format, meta.is_file(), page_kind(path)) {
        return Ok(Box::new(std::iter::once(dir::read_page(path, meta.len(), kind, limits))));
    }
    let format = match format {
        Some(f) => f,
        None if meta.is_dir() => Format::Dir,
        None => format_from_name(name)?,
    };
    match format {
        Format::Dir => {
            if !meta.is_dir() {
                return Err(InputError::Mismatch { name: name.to_string(), problem: "not a directory".to_string() });
            }
            let reader = dir::DirReader::new(path, limits)
                .map_err(|cause| InputError::Open { name: name.to_string(), cause })?;
            Ok(Box::new(reader))
        }
        Format::Jsonl | Format::Warc => {
            if meta.is_dir() {
                let problem = format!("is a directory, not a {format} file (read it with the dir format)");
                return Err(InputError::Mismatch { name: name.to_string(), problem });
            }
            let (src, gzip) = open_file(path).map_err(|cause| InputError::Open { name: name.to_string(), cause })?;
            if format == Format::Jsonl {
                Ok(Box::new(jsonl::JsonlReader::new(name.to_string(), src, limits)))
            } else {
                Ok(Box::new(warc::WarcReader::new(name.to_string(), src, gzip, limits)))
            }
        }
    }
}

/// Reads an input held in memory, as [`open`] reads a file of that `name` (the name gives the
/// format unless `format` does, and names the records' locations): for engines that hand a
/// task a whole file's bytes (Spark's `binaryFiles`). Gzip is told by the magic bytes; a damaged
/// member is an error and reading resumes at the next one, as for a file.
pub fn read_bytes(
    name: &str,
    bytes: Vec<u8>,
    format: Option<Format>,
    limits: Limits,
) -> Result<Box<dyn Iterator<Item = Item> + Send>, InputError> {
    let format = match format {
        Some(Format::Dir) => {
            let problem = "bytes in memory cannot be read as a directory".to_string();
            return Err(InputError::Mismatch { name: name.to_string(), problem });
        }
        Some(f) => f,
        None => format_from_name(name)?,
    };
    let gzip = bytes.starts_with(&[0x1f, 0x8b]);
    let raw = io::Cursor::new(bytes);
    let src: Box<dyn BufRead + Send> =
        if gzip { Box::new(gzip::GzMembers::new(raw, gzip::HOLD_LIMIT)) } else { Box::new(raw) };
    Ok(match format {
        Format::Warc => Box::new(warc::WarcReader::new(name.to_string(), src, gzip, limits)),
        _ => Box::new(jsonl::JsonlReader::new(name.to_string(), src, limits)),
    })
}

/// The body kind a page file's name tells: `.html`, `.htm`, `.xhtml`, `.shtml` are HTML, `.txt`
/// is text; `None` for any other name.
pub fn page_kind(path: &Path) -> Option<BodyKind> {
    dir::kind_of(path)
}

/// Reads one saved page file within the size limit: an `Item::Page`, or an `Item::Error` that
/// says why not (missing, unreadable, too large).
pub fn read_page_file(path: &Path, kind: BodyKind, limits: Limits) -> Item {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => dir::read_page(path, m.len(), kind, limits),
        Ok(_) => Item::Error { location: path.display().to_string(), url: None, message: "not a file".to_string() },
        Err(e) => Item::Error { location: path.display().to_string(), url: None, message: format!("cannot read: {e}") },
    }
}

/// Reads one page named on a command line: a page file, or `-` for standard input. Returns the
/// bytes and the body kind the name tells (`None`: decide by content, as for stdin or an
/// unfamiliar extension).
pub fn read_named_page(name: &str, limits: Limits) -> Result<(Vec<u8>, Option<BodyKind>), InputError> {
    let page_error = |message: String| InputError::Page { name: name.to_string(), message };
    if name == "-" {
        let mut body = Vec::new();
        io::stdin()
            .take(limits.max_page_bytes as u64 + 1)
            .read_to_end(&mut body)
            .map_err(|cause| InputError::Open { name: name.to_string(), cause })?;
        if body.len() > limits.max_page_bytes {
            return Err(page_error(too_large(body.len() as u64, limits)));
        }
        return Ok((body, None));
    }
    let path = Path::new(name);
    let kind = page_kind(path);
    match read_page_file(path, kind.unwrap_or(BodyKind::Html), limits) {
        Item::Page(raw) => Ok((raw.body, kind)),
        Item::Error { message, .. } | Item::Skipped { reason: message, .. } => Err(page_error(message)),
    }
}

/// The format a file name tells.
fn format_from_name(name: &str) -> Result<Format, InputError> {
    let lower = name.to_ascii_lowercase();
    let stem = lower.strip_suffix(".gz").unwrap_or(&lower);
    if stem.ends_with(".warc") {
        Ok(Format::Warc)
    } else if stem.ends_with(".jsonl") || stem.ends_with(".ndjson") || stem.ends_with(".json") {
        Ok(Format::Jsonl)
    } else if stem.ends_with(".arc") {
        Err(InputError::Unsupported { name: name.to_string(), what: "the ARC format (only WARC)".to_string() })
    } else {
        Err(InputError::UnknownFormat { name: name.to_string() })
    }
}

/// Opens a file for buffered reading, decompressing it when it starts with the gzip magic bytes.
/// Returns the stream and whether it is decompressed (offsets in messages then refer to the
/// decompressed stream).
fn open_file(path: &Path) -> io::Result<(Box<dyn BufRead + Send>, bool)> {
    let mut raw = BufReader::with_capacity(BUF_SIZE, File::open(path)?);
    let gzip = loop {
        match raw.fill_buf() {
            Ok(head) => break head.starts_with(&[0x1f, 0x8b]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    };
    if gzip {
        if raw.stream_position().is_ok() {
            Ok((Box::new(gzip::GzMembers::new(raw, gzip::HOLD_LIMIT)), true))
        } else {
            // A pipe cannot be rewound to look for the member after a damaged one: the first
            // damage ends the input, as with any multi-member decoder.
            Ok((Box::new(BufReader::with_capacity(BUF_SIZE, flate2::bufread::MultiGzDecoder::new(raw))), true))
        }
    } else {
        Ok((Box::new(raw), false))
    }
}

/// The site of a page: its host, lower-cased (from the url crate); None when the URL does not
/// parse or has no host (`file:` URLs, for instance).
pub fn host_of(url: &str) -> Option<String> {
    let parsed = url::Url::parse(url.trim()).ok()?;
    let host = parsed.host_str()?;
    if host.is_empty() {
        None
    } else {
        Some(host.to_ascii_lowercase())
    }
}

/// A size for messages: "32 MiB", "1.5 MiB", "64 KiB" or "1000 bytes".
pub(crate) fn fmt_size(n: u64) -> String {
    const KIB: u64 = 1 << 10;
    const MIB: u64 = 1 << 20;
    if n >= MIB && n.is_multiple_of(MIB) {
        format!("{} MiB", n / MIB)
    } else if n >= MIB {
        format!("{:.1} MiB", n as f64 / MIB as f64)
    } else if n >= KIB && n.is_multiple_of(KIB) {
        format!("{} KiB", n / KIB)
    } else {
        format!("{n} bytes")
    }
}

/// "page larger than the 32 MiB limit (50.0 MiB)", the words every reader uses for an oversized
/// page, so that the caller's reports read the same whatever the format.
pub(crate) fn too_large(size: u64, limits: Limits) -> String {
    format!("page larger than the {} limit ({})", fmt_size(limits.max_page_bytes as u64), fmt_size(size))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_well() {
        assert_eq!(fmt_size(32 << 20), "32 MiB");
        assert_eq!(fmt_size(3 << 19), "1.5 MiB");
        assert_eq!(fmt_size(64 << 10), "64 KiB");
        assert_eq!(fmt_size(1000), "1000 bytes");
    }

    #[test]
    fn format_from_names() {
        assert_eq!(format_from_name("a.WARC.GZ").ok(), Some(Format::Warc));
        assert_eq!(format_from_name("a.jsonl.gz").ok(), Some(Format::Jsonl));
        assert!(matches!(format_from_name("a.arc.gz"), Err(InputError::Unsupported { .. })));
        assert!(matches!(format_from_name("a.txt"), Err(InputError::UnknownFormat { .. })));
    }
}
