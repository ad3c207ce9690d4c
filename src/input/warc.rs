//! WARC 1.0 and 1.1: record framing, resynchronization, and which records are pages.
//!
//! A record is a version line (`WARC/1.1`), header fields, a blank line, `Content-Length` bytes of
//! block and two line ends. Only `response` records holding an HTTP response with an HTML or
//! plain-text body and a 2xx status are pages (and `resource` records of those media types); other
//! responses are [`Item::Skipped`]; warcinfo, request, metadata, revisit and conversion records are
//! passed over silently. The reader streams: a block is held in memory only when it is a page
//! within the limit (the limit applies to the HTTP body, before and after content decoding), and
//! everything else is read past.
//!
//! Damage is contained to the record it is in. A header that cannot be read (no version line, a
//! line that is not a field, `Content-Length` missing or not a number) is reported and the reader
//! scans forward to the next line starting with `WARC/<digit>`. An input that ends inside a record
//! is reported as truncated. So is a page record cut short in the middle of the input (a writer
//! stopped inside it and the next record follows at once, inside the length the header gives): a
//! version line (`WARC/1.1`) is inside its block and the block is not followed by the end of a
//! record; the record is reported and reading resumes at that version line, so the records
//! swallowed by the wrong length are still read. In a `.warc.gz`, a damaged gzip member (see
//! `gzip.rs`) is an error for the record it broke, and reading resumes at the next member. Header names are case-insensitive, and LF-only line ends are
//! accepted.

use std::io::BufRead;

use super::gzip;
use super::http::{self, DecodeError, Media};
use super::lines::{self, Counted, Line};
use super::time;
use super::{fmt_size, too_large, BodyKind, Item, Limits, RawPage};

/// The longest header line kept; WARC-Target-URI values of several KiB exist, 64 KiB do not.
const MAX_HEADER_LINE: usize = 64 << 10;
/// The most header bytes one record may have.
const MAX_HEADER_BYTES: u64 = 1 << 20;
/// The longest HTTP response head read before deciding whether the body is a page.
const MAX_HTTP_HEAD: u64 = 64 << 10;

/// Reads pages from a WARC stream.
pub(crate) struct WarcReader {
    name: String,
    src: Counted<Box<dyn BufRead + Send>>,
    decompressed: bool,
    limits: Limits,
    /// Records started so far (the number of the current one, counting from 1).
    record: u64,
    state: State,
    /// A version line found while resynchronizing, with its offset: the next record's start.
    pending: Option<(Vec<u8>, u64)>,
    line: Vec<u8>,
}

/// Where the reader is between records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// At a record boundary.
    Ready,
    /// After a header that could not be read: scan for the next version line first.
    Resync,
    /// At the end, or after an error that leaves nothing readable.
    Done,
}

/// A record header as read.
struct Header {
    /// Field names lower-cased, values trimmed, in order.
    fields: Vec<(String, String)>,
}

impl Header {
    fn get(&self, name: &str) -> Option<&str> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// The outcome of reading a record header.
enum HeaderRead {
    /// A readable header and its block length.
    Ok(Header, u64),
    /// Not readable: report, then resynchronize.
    Bad(String),
    /// The input ended inside the header.
    Truncated,
}

/// Why a block could not be read whole.
enum BlockError {
    /// The input ended `got` bytes into the block.
    Truncated { got: u64 },
    /// The input could not be read.
    Io(std::io::Error),
}

impl WarcReader {
    /// Reads `src`; `name` is used in locations, and `decompressed` says that offsets are in a
    /// decompressed stream.
    pub(crate) fn new(name: String, src: Box<dyn BufRead + Send>, decompressed: bool, limits: Limits) -> WarcReader {
        WarcReader {
            name,
            src: Counted::new(src),
            decompressed,
            limits,
            record: 0,
            state: State::Ready,
            pending: None,
            line: Vec::new(),
        }
    }

    fn location(&self, start: u64) -> String {
        let stream = if self.decompressed { " in the decompressed stream" } else { "" };
        format!("{} record {} (offset {start}{stream})", self.name, self.record)
    }

    fn error(&self, start: u64, url: Option<String>, message: String) -> Item {
        Item::Error { location: self.location(start), url, message }
    }

    /// An error after which nothing more can be read.
    fn fatal(&mut self, start: u64, url: Option<String>, message: String) -> Item {
        self.state = State::Done;
        self.error(start, url, message)
    }

    /// An error reading the input. After a damaged gzip member the reader resynchronizes (the
    /// next member starts a record); after any other error nothing more can be read.
    fn read_failed(&mut self, start: u64, url: Option<String>, e: &std::io::Error) -> Item {
        if let Some(d) = gzip::damage_of(e) {
            // The member's output was held back; its first bytes may still name the record.
            let url = url.or_else(|| target_uri_in(&d.head));
            self.state = State::Resync;
            self.error(start, url, read_error(e))
        } else {
            self.fatal(start, url, read_error(e))
        }
    }

    /// Scans forward to the next line that starts a record and keeps it for the next call.
    /// Returns false at the end of the input.
    fn resync(&mut self) -> std::io::Result<bool> {
        loop {
            let start = self.src.pos();
            match lines::read_line(&mut self.src, &mut self.line, MAX_HEADER_LINE)? {
                (Line::Eof, _) => return Ok(false),
                (Line::Whole, _) if is_version_line(&self.line) => {
                    self.pending = Some((std::mem::take(&mut self.line), start));
                    return Ok(true);
                }
                _ => {}
            }
        }
    }

    /// Reads header fields up to the blank line, and the block length.
    fn read_header(&mut self) -> std::io::Result<HeaderRead> {
        let mut fields: Vec<(String, String)> = Vec::new();
        let mut bytes = 0u64;
        loop {
            let (found, consumed) = lines::read_line(&mut self.src, &mut self.line, MAX_HEADER_LINE)?;
            bytes += consumed;
            match found {
                Line::Eof => return Ok(HeaderRead::Truncated),
                Line::TooLong => {
                    let message = format!("a header line is longer than {}", fmt_size(MAX_HEADER_LINE as u64));
                    return Ok(HeaderRead::Bad(message));
                }
                Line::Whole => {}
            }
            if bytes > MAX_HEADER_BYTES {
                return Ok(HeaderRead::Bad(format!("the header is longer than {}", fmt_size(MAX_HEADER_BYTES))));
            }
            let line = &self.line[..];
            if line.is_empty() {
                break;
            }
            if line[0] == b' ' || line[0] == b'\t' {
                if let Some((_, value)) = fields.last_mut() {
                    value.push(' ');
                    value.push_str(String::from_utf8_lossy(line).trim());
                    continue;
                }
            }
            let field = memchr::memchr(b':', line)
                .filter(|&colon| colon > 0 && line[..colon].iter().all(|&b| b.is_ascii_graphic() && b != b':'));
            let Some(colon) = field else {
                let shown = String::from_utf8_lossy(http::shorten(line)).into_owned();
                return Ok(HeaderRead::Bad(format!("header line {shown:?} is not a \"Name: value\" field")));
            };
            let name = String::from_utf8_lossy(&line[..colon]).to_ascii_lowercase();
            let value = String::from_utf8_lossy(&line[colon + 1..]).trim().to_string();
            fields.push((name, value));
        }
        let header = Header { fields };
        let length = match header.get("content-length") {
            None => return Ok(HeaderRead::Bad("no Content-Length field".to_string())),
            Some(v) => match v.parse::<u64>() {
                Ok(n) => n,
                Err(_) => return Ok(HeaderRead::Bad(format!("Content-Length {v:?} is not a number"))),
            },
        };
        Ok(HeaderRead::Ok(header, length))
    }

    /// Appends up to `n` bytes of the block to `buf`.
    fn read_block(&mut self, buf: &mut Vec<u8>, n: u64) -> Result<(), BlockError> {
        let got = lines::read_up_to(&mut self.src, buf, n).map_err(BlockError::Io)?;
        if got < n {
            return Err(BlockError::Truncated { got });
        }
        Ok(())
    }

    /// Streams past the rest of a block of `length` bytes, `done` of which were read, then
    /// returns `item`; or the error that the input ended or broke inside the block.
    fn finish(&mut self, start: u64, item: Option<Item>, length: u64, done: u64) -> Option<Item> {
        match lines::skip(&mut self.src, length - done) {
            Ok(n) if n == length - done => item,
            Ok(n) => Some(self.truncated(start, url_of(&item), length, done + n)),
            Err(e) => Some(self.read_failed(start, url_of(&item), &e)),
        }
    }

    /// The error for an input that ends inside a block.
    fn truncated(&mut self, start: u64, url: Option<String>, length: u64, got: u64) -> Item {
        let message = format!("truncated record: the input ends {got} bytes into a block of {length} bytes");
        self.fatal(start, url, message)
    }

    fn block_error(&mut self, start: u64, url: Option<String>, length: u64, done: u64, e: BlockError) -> Item {
        match e {
            BlockError::Truncated { got } => self.truncated(start, url, length, done + got),
            BlockError::Io(e) => self.read_failed(start, url, &e),
        }
    }

    /// The item of a record whose header has been read; None for records passed over silently.
    fn item_of_record(&mut self, start: u64, header: Header, length: u64) -> Option<Item> {
        let kind = header.get("warc-type").unwrap_or_default().to_ascii_lowercase();
        let is_response = match kind.as_str() {
            "response" => true,
            "resource" => false,
            "" => {
                let message = "no WARC-Type field".to_string();
                return self.finish(start, Some(self.error(start, None, message)), length, 0);
            }
            _ => return self.finish(start, None, length, 0),
        };
        let url = header.get("warc-target-uri").map(|u| clean_uri(u).to_string());
        let Some(url) = url.filter(|u| !u.is_empty()) else {
            let item = self.error(start, None, format!("{kind} record without a WARC-Target-URI"));
            return self.finish(start, Some(item), length, 0);
        };
        let fetched_at = match header.get("warc-date") {
            None => None,
            Some(date) => match time::parse_time(date) {
                Some(t) => Some(t),
                None => {
                    let item = self.error(start, Some(url), format!("WARC-Date {date:?} is not a date"));
                    return self.finish(start, Some(item), length, 0);
                }
            },
        };
        let page = Page { start, url, fetched_at, length };
        if is_response {
            self.response(page, &header)
        } else {
            self.resource(page, &header)
        }
    }

    /// A response record: an HTTP response whose body may be a page.
    fn response(&mut self, page: Page, header: &Header) -> Option<Item> {
        let Page { start, ref url, length, .. } = page;
        let mut block = Vec::new();
        let first = length.min(MAX_HTTP_HEAD);
        if let Err(e) = self.read_block(&mut block, first) {
            if let Some(item) = self.cut_short(start, url, &block, length) {
                return Some(item);
            }
            return Some(self.block_error(start, Some(url.clone()), length, 0, e));
        }
        if !block.starts_with(b"HTTP/") {
            let record_type = header.get("content-type").unwrap_or_default();
            let item = if record_type.to_ascii_lowercase().starts_with("application/http") {
                self.error(start, Some(url.clone()), "the block does not start with an HTTP status line".to_string())
            } else {
                let shown = if record_type.is_empty() { "no Content-Type" } else { record_type };
                let reason = format!("not an HTTP response: {shown}");
                Item::Skipped { location: self.location(start), url: Some(url.clone()), reason }
            };
            return self.finish(start, Some(item), length, first);
        }
        let Some(body_start) = http::body_start(&block).or((length == first).then_some(block.len())) else {
            let message = format!("the HTTP header is longer than {}", fmt_size(MAX_HTTP_HEAD));
            let item = self.error(start, Some(url.clone()), message);
            return self.finish(start, Some(item), length, first);
        };
        let head = match http::parse_head(&block[..body_start]) {
            Ok(head) => head,
            Err(message) => {
                let item = self.error(start, Some(url.clone()), message);
                return self.finish(start, Some(item), length, first);
            }
        };
        if !(200..300).contains(&head.status) {
            let reason = format!("HTTP status {}", head.status);
            let item = Item::Skipped { location: self.location(start), url: Some(url.clone()), reason };
            return self.finish(start, Some(item), length, first);
        }
        let (media, charset) = http::classify(head.content_type.as_deref());
        if let Media::Other(media) = media {
            let reason = format!("not HTML: {media}");
            let item = Item::Skipped { location: self.location(start), url: Some(url.clone()), reason };
            return self.finish(start, Some(item), length, first);
        }
        let body_len = length - body_start as u64;
        if body_len > self.limits.max_page_bytes as u64 {
            let item = self.error(start, Some(url.clone()), too_large(body_len, self.limits));
            return self.finish(start, Some(item), length, first);
        }
        if let Err(e) = self.read_block(&mut block, length - first) {
            if let Some(item) = self.cut_short(start, url, &block, length) {
                return Some(item);
            }
            return Some(self.block_error(start, Some(url.clone()), length, first, e));
        }
        if let Some(item) = self.check_end(start, url, &block, length) {
            return Some(item);
        }
        block.drain(..body_start);
        let mut body = block;
        if head.transfer_encoding.to_ascii_lowercase().contains("chunked") {
            match http::dechunk(&body) {
                Ok(Some(dechunked)) => body = dechunked,
                Ok(None) => {}
                Err(message) => return Some(self.error(start, Some(url.clone()), message)),
            }
        }
        let body = match http::decode_content(body, &head.content_encoding, self.limits.max_page_bytes) {
            Ok(body) => body,
            Err(DecodeError::TooLarge) => {
                let limit = fmt_size(self.limits.max_page_bytes as u64);
                let message = format!("page larger than the {limit} limit once decompressed");
                return Some(self.error(start, Some(url.clone()), message));
            }
            Err(DecodeError::Bad(message)) => return Some(self.error(start, Some(url.clone()), message)),
        };
        Some(self.page(page, media, charset, body))
    }

    /// A resource record: the block is the document itself, its media type the record's.
    fn resource(&mut self, page: Page, header: &Header) -> Option<Item> {
        let Page { start, ref url, length, .. } = page;
        let (media, charset) = http::classify(header.get("content-type"));
        if let Media::Other(media) = media {
            let reason = format!("not HTML: {media}");
            let item = Item::Skipped { location: self.location(start), url: Some(url.clone()), reason };
            return self.finish(start, Some(item), length, 0);
        }
        if length > self.limits.max_page_bytes as u64 {
            let item = self.error(start, Some(url.clone()), too_large(length, self.limits));
            return self.finish(start, Some(item), length, 0);
        }
        let mut body = Vec::new();
        if let Err(e) = self.read_block(&mut body, length) {
            if let Some(item) = self.cut_short(start, url, &body, length) {
                return Some(item);
            }
            return Some(self.block_error(start, Some(url.clone()), length, 0, e));
        }
        if let Some(item) = self.check_end(start, url, &body, length) {
            return Some(item);
        }
        Some(self.page(page, media, charset, body))
    }

    /// After a page's whole block: when a record starts inside the block and the block is not
    /// followed by the end of a record, the record was cut short there ([`WarcReader::cut_short`]).
    fn check_end(&mut self, start: u64, url: &str, block: &[u8], length: u64) -> Option<Item> {
        record_start_in(block)?;
        match self.at_record_end() {
            Ok(true) => None,
            Ok(false) => self.cut_short(start, url, block, length),
            Err(e) => Some(self.read_failed(start, Some(url.to_string()), &e)),
        }
    }

    /// Whether the input after a block is the end of a record: line ends, then a version line
    /// or the end of the input. The bytes looked at are given back.
    fn at_record_end(&mut self) -> std::io::Result<bool> {
        let mut peek = Vec::new();
        let read = lines::read_up_to(&mut self.src, &mut peek, 64);
        self.src.unread(&peek);
        read?;
        let rest = &peek[peek.iter().position(|&b| b != b'\r' && b != b'\n').unwrap_or(peek.len())..];
        Ok(rest.is_empty() || is_version_line(rest))
    }

    /// A page record whose block (or the part of it the input holds) contains the start of
    /// another record was cut short there: reports it, and gives the rest of the block back to be
    /// read as the next records. None when no record starts inside the block.
    fn cut_short(&mut self, start: u64, url: &str, block: &[u8], length: u64) -> Option<Item> {
        let at = record_start_in(block)?;
        self.src.unread(&block[at..]);
        self.state = State::Ready;
        let message = format!("truncated record: a new record starts {at} bytes into its block of {length} bytes");
        Some(self.error(start, Some(url.to_string()), message))
    }

    /// The page of a body whose media type is HTML, text, or unknown (then sniffed).
    fn page(&self, page: Page, media: Media, charset: Option<String>, body: Vec<u8>) -> Item {
        let location = self.location(page.start);
        let kind = match media {
            Media::Html => BodyKind::Html,
            Media::Text => BodyKind::Text,
            _ if http::looks_like_html(&body) => BodyKind::Html,
            _ => {
                let reason = "no Content-Type, and the body does not look like HTML".to_string();
                return Item::Skipped { location, url: Some(page.url), reason };
            }
        };
        Item::Page(RawPage { url: page.url, body, kind, site: None, fetched_at: page.fetched_at, charset, location })
    }
}

/// What is known of a record that may be a page.
struct Page {
    start: u64,
    url: String,
    fetched_at: Option<i64>,
    length: u64,
}

impl Iterator for WarcReader {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            match self.state {
                State::Done => return None,
                State::Resync => {
                    let start = self.src.pos();
                    match self.resync() {
                        Ok(true) => self.state = State::Ready,
                        Ok(false) => self.state = State::Done,
                        // Another damaged gzip member: the record it held is lost too.
                        Err(e) => {
                            self.record += 1;
                            return Some(self.read_failed(start, None, &e));
                        }
                    }
                    continue;
                }
                State::Ready => {}
            }
            let (line, start, whole) = match self.pending.take() {
                Some((line, start)) => (line, start, true),
                None => {
                    let start = self.src.pos();
                    match lines::read_line(&mut self.src, &mut self.line, MAX_HEADER_LINE) {
                        Ok((Line::Eof, _)) => {
                            self.state = State::Done;
                            return None;
                        }
                        // The two line ends after a block, or stray blank lines.
                        Ok((Line::Whole, _)) if self.line.iter().all(u8::is_ascii_whitespace) => continue,
                        Ok((found, _)) => (std::mem::take(&mut self.line), start, found == Line::Whole),
                        Err(e) => {
                            self.record += 1;
                            return Some(self.read_failed(start, None, &e));
                        }
                    }
                }
            };
            self.record += 1;
            // An over-long line is never a version line, whatever it starts with.
            if !whole || !is_version_line(&line) {
                self.state = State::Resync;
                let shown = String::from_utf8_lossy(http::shorten(&line)).into_owned();
                let message = format!("expected a record header line such as \"WARC/1.1\", found {shown:?}");
                self.line = line;
                return Some(self.error(start, None, message));
            }
            self.line = line;
            match self.read_header() {
                Ok(HeaderRead::Ok(header, length)) => {
                    if let Some(item) = self.item_of_record(start, header, length) {
                        return Some(item);
                    }
                }
                Ok(HeaderRead::Bad(message)) => {
                    self.state = State::Resync;
                    return Some(self.error(start, None, message));
                }
                Ok(HeaderRead::Truncated) => {
                    let message = "truncated record: the input ends inside the record header".to_string();
                    return Some(self.fatal(start, None, message));
                }
                Err(e) => return Some(self.read_failed(start, None, &e)),
            }
        }
    }
}

/// `WARC/1.0`, `WARC/1.1` (and the older `WARC/0.17`): a line that starts a record.
fn is_version_line(line: &[u8]) -> bool {
    line.strip_prefix(b"WARC/").and_then(|rest| rest.first()).is_some_and(u8::is_ascii_digit)
}

/// The offset of the first record start inside `block`: a whole version line (`WARC/1.1`), at a
/// line start or glued to the end of what a writer left of a record it did not finish.
fn record_start_in(block: &[u8]) -> Option<usize> {
    memchr::memmem::find_iter(block, b"WARC/").find(|&at| {
        let line = &block[at..];
        let end = memchr::memchr(b'\n', &line[..line.len().min(16)]);
        is_version_line(line)
            && end.is_some_and(|e| line[5..e].iter().all(|&b| b.is_ascii_digit() || b == b'.' || b == b'\r'))
    })
}

/// The WARC-Target-URI of the record header that `bytes` start with, if they do and it has one:
/// the URL of a record lost in a damaged gzip member.
fn target_uri_in(bytes: &[u8]) -> Option<String> {
    let header = &bytes[..memchr::memmem::find(bytes, b"\n\r\n").or_else(|| memchr::memmem::find(bytes, b"\n\n"))?];
    let mut lines = header.split(|&b| b == b'\n');
    if !lines.next().is_some_and(is_version_line) {
        return None;
    }
    lines.find_map(|line| {
        let colon = memchr::memchr(b':', line)?;
        let value = clean_uri(std::str::from_utf8(&line[colon + 1..]).ok()?);
        (line[..colon].eq_ignore_ascii_case(b"warc-target-uri") && !value.is_empty()).then(|| value.to_string())
    })
}

/// A WARC-Target-URI value without spaces around it or the `<>` of WARC 1.0 drafts.
fn clean_uri(value: &str) -> &str {
    let u = value.trim();
    u.strip_prefix('<').and_then(|u| u.strip_suffix('>')).unwrap_or(u).trim()
}

/// The URL an item names, for an error that replaces it.
fn url_of(item: &Option<Item>) -> Option<String> {
    match item {
        Some(Item::Page(page)) => Some(page.url.clone()),
        Some(Item::Skipped { url, .. } | Item::Error { url, .. }) => url.clone(),
        None => None,
    }
}

/// The message for an input that cannot be read further.
fn read_error(e: &std::io::Error) -> String {
    if let Some(d) = gzip::damage_of(e) {
        format!("{d}")
    } else if e.kind() == std::io::ErrorKind::UnexpectedEof {
        format!("cannot read further, the compressed input ends early (truncated file?): {e}")
    } else {
        format!("cannot read further: {e}")
    }
}
