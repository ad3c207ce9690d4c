//! The HTTP response inside a WARC record: status line, headers, transfer and content codings.
//!
//! Crawlers store responses as they came off the wire, but not all of them: some keep the
//! `Transfer-Encoding: chunked` or `Content-Encoding: gzip` header after storing the decoded body.
//! So a body that does not look chunked, or not compressed, is taken as it is. Content codings
//! read: gzip, deflate (zlib or raw), br and zstd.

use std::io::Read;

use flate2::bufread::{DeflateDecoder, MultiGzDecoder, ZlibDecoder};

/// The parts of an HTTP response head that decide whether and how the body is a page.
#[derive(Debug, Default)]
pub(crate) struct Head {
    /// The status code.
    pub(crate) status: u16,
    /// The first Content-Type header.
    pub(crate) content_type: Option<String>,
    /// Transfer-Encoding, all headers joined with commas.
    pub(crate) transfer_encoding: String,
    /// Content-Encoding, all headers joined with commas.
    pub(crate) content_encoding: String,
}

/// Where the head ends in a block that starts with one: the offset of the body, after the
/// blank line (`\r\n\r\n`, or `\n\n` from tolerant writers); None if not within `block`.
pub(crate) fn body_start(block: &[u8]) -> Option<usize> {
    let crlf = memchr::memmem::find(block, b"\r\n\r\n").map(|i| i + 4);
    let lf = memchr::memmem::find(block, b"\n\n").map(|i| i + 2);
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Parses a response head (the status line and header lines). Header names are case-insensitive;
/// header lines without a colon are passed over, as browsers do.
pub(crate) fn parse_head(head: &[u8]) -> Result<Head, String> {
    let mut lines = head.split(|&b| b == b'\n').map(|l| l.strip_suffix(b"\r").unwrap_or(l));
    let status_line = lines.next().unwrap_or_default();
    let status = parse_status(status_line)
        .ok_or_else(|| format!("bad HTTP status line {:?}", String::from_utf8_lossy(shorten(status_line))))?;
    let mut out = Head { status, ..Head::default() };
    // The kept header a continuation line (starting with a space) belongs to.
    let mut last = Kept::None;
    for line in lines {
        if line.is_empty() {
            break;
        }
        if line[0] == b' ' || line[0] == b'\t' {
            let more = String::from_utf8_lossy(line);
            let more = more.trim();
            match last {
                Kept::ContentType => {
                    if let Some(t) = out.content_type.as_mut() {
                        t.push(' ');
                        t.push_str(more);
                    }
                }
                Kept::TransferEncoding => join(&mut out.transfer_encoding, more),
                Kept::ContentEncoding => join(&mut out.content_encoding, more),
                Kept::None => {}
            }
            continue;
        }
        last = Kept::None;
        let Some(colon) = memchr::memchr(b':', line) else {
            continue;
        };
        let name = String::from_utf8_lossy(&line[..colon]);
        let value = String::from_utf8_lossy(&line[colon + 1..]);
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "content-type" if out.content_type.is_none() && !value.is_empty() => {
                out.content_type = Some(value.to_string());
                last = Kept::ContentType;
            }
            "transfer-encoding" => {
                join(&mut out.transfer_encoding, value);
                last = Kept::TransferEncoding;
            }
            "content-encoding" => {
                join(&mut out.content_encoding, value);
                last = Kept::ContentEncoding;
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The headers [`parse_head`] keeps.
#[derive(Clone, Copy)]
enum Kept {
    None,
    ContentType,
    TransferEncoding,
    ContentEncoding,
}

/// Appends a header value to a comma-separated list.
fn join(list: &mut String, value: &str) {
    if value.is_empty() {
        return;
    }
    if !list.is_empty() {
        list.push_str(", ");
    }
    list.push_str(value);
}

/// The status code of `HTTP/1.1 200 OK`.
fn parse_status(line: &[u8]) -> Option<u16> {
    let line = std::str::from_utf8(line).ok()?;
    let mut parts = line.split_ascii_whitespace();
    if !parts.next()?.starts_with("HTTP/") {
        return None;
    }
    let code = parts.next()?;
    if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    code.parse().ok()
}

/// At most the first 80 bytes, for messages.
pub(crate) fn shorten(bytes: &[u8]) -> &[u8] {
    &bytes[..bytes.len().min(80)]
}

/// What a media type makes of a body.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Media {
    /// text/html or application/xhtml+xml.
    Html,
    /// text/plain.
    Text,
    /// No media type given: look at the body.
    Unknown,
    /// Anything else (the media type, lower-cased, for the skip reason).
    Other(String),
}

/// The media type and charset parameter of a Content-Type value.
pub(crate) fn classify(content_type: Option<&str>) -> (Media, Option<String>) {
    let Some(ct) = content_type else {
        return (Media::Unknown, None);
    };
    let mut parts = ct.split(';');
    let essence = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
    let charset = parts.find_map(|p| {
        let (key, value) = p.split_once('=')?;
        if !key.trim().eq_ignore_ascii_case("charset") {
            return None;
        }
        let value = value.trim().trim_matches(|c| c == '"' || c == '\'').trim();
        (!value.is_empty()).then(|| value.to_string())
    });
    let media = match essence.as_str() {
        "" => Media::Unknown,
        "text/html" | "application/xhtml+xml" => Media::Html,
        "text/plain" => Media::Text,
        _ => Media::Other(essence),
    };
    (media, charset)
}

/// Markup at the start (after a UTF-8 BOM and whitespace): the test for a body without a media
/// type.
pub(crate) fn looks_like_html(body: &[u8]) -> bool {
    let body = body.strip_prefix(b"\xef\xbb\xbf").unwrap_or(body);
    body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<')
}

/// Undoes the chunked transfer coding. A body whose first line is not a chunk size is taken as
/// already de-chunked (Ok(None)). A body cut off before the last chunk keeps what arrived, as a
/// browser would show it.
pub(crate) fn dechunk(body: &[u8]) -> Result<Option<Vec<u8>>, String> {
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    loop {
        let Some(nl) = memchr::memchr(b'\n', &body[i..]) else {
            if i == 0 {
                return Ok(None);
            }
            // Cut off in a size line, or no last chunk.
            return Ok(Some(out));
        };
        let line = &body[i..i + nl];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let size_text = line.split(|&b| b == b';').next().unwrap_or_default();
        let size = std::str::from_utf8(size_text).ok().and_then(|s| u64::from_str_radix(s.trim(), 16).ok());
        let Some(size) = size else {
            if i == 0 {
                return Ok(None);
            }
            return Err(format!(
                "bad chunk size line {:?} at byte {i} of the chunked body",
                String::from_utf8_lossy(shorten(line))
            ));
        };
        i += nl + 1;
        if size == 0 {
            return Ok(Some(out));
        }
        let available = (body.len() - i) as u64;
        if size > available {
            out.extend_from_slice(&body[i..]);
            return Ok(Some(out));
        }
        let end = i + size as usize;
        out.extend_from_slice(&body[i..end]);
        i = end;
        let rest = &body[i..];
        if rest.starts_with(b"\r\n") {
            i += 2;
        } else if rest.starts_with(b"\n") {
            i += 1;
        } else if !rest.is_empty() {
            return Err(format!("a chunk is not followed by a line end at byte {i} of the chunked body"));
        }
    }
}

/// Undoes the content codings listed in `encodings` (comma-separated, applied in order, so undone
/// last first), holding at most `max` bytes of the result: Err says what is wrong, including a
/// result over `max` (the size is then "more than max").
pub(crate) fn decode_content(mut body: Vec<u8>, encodings: &str, max: usize) -> Result<Vec<u8>, DecodeError> {
    for coding in encodings.rsplit(',') {
        let coding = coding.trim().to_ascii_lowercase();
        body = match coding.as_str() {
            "" | "identity" | "none" => continue,
            "gzip" | "x-gzip" => {
                if !body.starts_with(&[0x1f, 0x8b]) {
                    continue; // stored decoded, header kept
                }
                inflate(MultiGzDecoder::new(&body[..]), "gzip", max)?
            }
            "deflate" => {
                if looks_like_html(&body) {
                    continue;
                }
                let zlib =
                    body.len() >= 2 && body[0] & 0x0f == 8 && u16::from_be_bytes([body[0], body[1]]).is_multiple_of(31);
                if zlib {
                    inflate(ZlibDecoder::new(&body[..]), "deflate", max)?
                } else {
                    // Servers that send raw deflate instead of zlib, as many did.
                    inflate(DeflateDecoder::new(&body[..]), "deflate", max)?
                }
            }
            "br" => {
                // A brotli stream has no magic number: try it, and take a body that does not
                // decode but reads as markup as stored decoded (its header kept).
                // The decoder reports a stream cut short as invalid data, like a corrupt one:
                // what it gave before is kept either way, as a browser would show it (unlike
                // gzip's, a corrupt brotli stream is not told apart from a cut one).
                let mut decoder = brotli_decompressor::Decompressor::new(&body[..], 4096);
                // HTTP's br is RFC 7932 brotli, windows up to 16 MiB; the decoder also takes the
                // large-window variant (up to 1 GiB) unless told not to. (Not tested: the
                // brotli encoder's large-window streams would not decode here either way.)
                decoder
                    .set_parameter(brotli_decompressor::BrotliDecoderParameter::BROTLI_DECODER_PARAM_LARGE_WINDOW, 0);
                match inflate_with(decoder, "br", max, |e| e.kind() == std::io::ErrorKind::InvalidData) {
                    Err(DecodeError::Bad(_)) if looks_like_html(&body) => continue,
                    r => r?,
                }
            }
            "zstd" => {
                if !body.starts_with(&ZSTD_MAGIC) {
                    continue;
                }
                let bad = |e: std::io::Error| DecodeError::Bad(format!("cannot decompress the zstd body: {e}"));
                let mut decoder = zstd::stream::read::Decoder::with_buffer(&body[..]).map_err(bad)?;
                // HTTP's zstd coding keeps windows to 8 MiB (RFC 9659); a frame asking for more
                // would make one page cost up to the decoder's default limit, 128 MiB.
                decoder.window_log_max(ZSTD_HTTP_WINDOW_LOG).map_err(bad)?;
                inflate(decoder, "zstd", max)?
            }
            other => return Err(DecodeError::Bad(format!("unsupported Content-Encoding {other:?}"))),
        };
    }
    Ok(body)
}

/// The first bytes of a zstd frame (RFC 8878).
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];

/// The largest window a zstd-coded HTTP body may use: 2^23 bytes (RFC 9659).
const ZSTD_HTTP_WINDOW_LOG: u32 = 23;

/// Why a body could not be decoded.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum DecodeError {
    /// Decompressed, it is larger than the limit.
    TooLarge,
    /// Anything else, said in words.
    Bad(String),
}

/// Reads a decompressor to its end, holding at most `max` bytes. A stream cut short keeps what
/// it gave, as with chunked bodies; a corrupt one is an error.
fn inflate<R: Read>(decoder: R, what: &str, max: usize) -> Result<Vec<u8>, DecodeError> {
    inflate_with(decoder, what, max, |e| e.kind() == std::io::ErrorKind::UnexpectedEof)
}

/// As [`inflate`], with `cut_short` telling which of the decoder's errors mean the stream ended
/// early (after some output, that output is kept).
fn inflate_with<R: Read>(
    decoder: R,
    what: &str,
    max: usize,
    cut_short: impl Fn(&std::io::Error) -> bool,
) -> Result<Vec<u8>, DecodeError> {
    let mut out = Vec::new();
    match decoder.take(max as u64 + 1).read_to_end(&mut out) {
        Ok(_) => {}
        Err(e) if cut_short(&e) && !out.is_empty() => {}
        Err(e) => return Err(DecodeError::Bad(format!("cannot decompress the {what} body: {e}"))),
    }
    if out.len() > max {
        return Err(DecodeError::TooLarge);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn heads() {
        let head = b"HTTP/1.1 200 OK\r\ncontent-TYPE: text/html;\r\n charset=gbk\r\nX: y\r\nbad line\r\n\
                     Transfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n";
        let h = parse_head(head).unwrap();
        assert_eq!(h.status, 200);
        assert_eq!(h.content_type.as_deref(), Some("text/html; charset=gbk"));
        assert_eq!((h.transfer_encoding.as_str(), h.content_encoding.as_str()), ("chunked", "gzip"));
        assert_eq!(parse_head(b"HTTP/1.0 404\n\n").unwrap().status, 404);
        assert!(parse_head(b"HTTP/1.1 OK 200\r\n").is_err());
        assert!(parse_head(b"<html>").is_err());
        assert_eq!(body_start(b"HTTP/1.1 200 OK\nA: b\n\nbody"), Some(22));
        assert_eq!(body_start(b"HTTP/1.1 200 OK\r\n\r\nx\n\n"), Some(19));
    }

    #[test]
    fn media_types() {
        assert_eq!(classify(Some("Text/HTML; Charset=\"UTF-8\"")), (Media::Html, Some("UTF-8".to_string())));
        assert_eq!(classify(Some("application/xhtml+xml")), (Media::Html, None));
        assert_eq!(classify(Some("text/plain;charset=")), (Media::Text, None));
        assert_eq!(classify(Some("image/png")), (Media::Other("image/png".to_string()), None));
        assert_eq!(classify(Some(" ; charset=gbk")), (Media::Unknown, Some("gbk".to_string())));
        assert_eq!(classify(None), (Media::Unknown, None));
        assert!(looks_like_html(b"\xef\xbb\xbf \n<!doctype html>"));
        assert!(!looks_like_html(b"\x89PNG"));
    }

    #[test]
    fn chunked() {
        assert_eq!(
            dechunk(b"4;ext=1\r\nWiki\r\n5\r\npedia\r\n0\r\nTrailer: x\r\n\r\n").unwrap().unwrap(),
            b"Wikipedia"
        );
        assert_eq!(dechunk(b"4\nWiki\n5\npe").unwrap().unwrap(), b"Wikipe");
        assert_eq!(dechunk(b"<html>\r\n</html>").unwrap(), None);
        assert!(dechunk(b"4\r\nWikiXX\r\n").is_err());
        assert!(dechunk(b"4\r\nWiki\r\nzz\r\n").is_err());
    }

    #[test]
    fn content_codings() {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(b"<p>hello</p>").unwrap();
        let gz = gz.finish().unwrap();
        assert_eq!(decode_content(gz.clone(), "gzip", 100).unwrap(), b"<p>hello</p>");
        assert_eq!(decode_content(gz.clone(), "gzip", 5), Err(DecodeError::TooLarge));
        let cut = gz[..gz.len() - 6].to_vec();
        assert!(decode_content(cut, "gzip", 100).unwrap().starts_with(b"<p>hel"));
        assert_eq!(decode_content(b"<p>plain".to_vec(), "gzip", 100).unwrap(), b"<p>plain");
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(b"zlib body").unwrap();
        assert_eq!(decode_content(z.finish().unwrap(), "deflate", 100).unwrap(), b"zlib body");
        let mut d = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
        d.write_all(b"raw body").unwrap();
        assert_eq!(decode_content(d.finish().unwrap(), "Deflate", 100).unwrap(), b"raw body");
        assert!(matches!(decode_content(b"x".to_vec(), "br", 100), Err(DecodeError::Bad(_))));
        assert!(matches!(decode_content(b"x".to_vec(), "compress", 100), Err(DecodeError::Bad(_))));
        assert!(matches!(decode_content(vec![0x1f, 0x8b, 0, 0, 1, 2, 3], "gzip", 100), Err(DecodeError::Bad(_))));
    }

    /// A page long enough that a stream cut short has given some of it.
    fn long_page() -> Vec<u8> {
        let mut page = b"<html><body>".to_vec();
        for i in 0..400 {
            page.extend_from_slice(format!("<p>第{i}段正文，内容各不相同。</p>").as_bytes());
        }
        page
    }

    #[test]
    fn brotli_bodies() {
        let page = long_page();
        let mut br = Vec::new();
        {
            let mut w = brotli::CompressorWriter::new(&mut br, 4096, 5, 22);
            w.write_all(&page).unwrap();
        }
        assert!(br.len() * 2 < page.len(), "the test stream is not compressed");
        assert_eq!(decode_content(br.clone(), "br", page.len()).unwrap(), page);
        assert_eq!(decode_content(br.clone(), "BR", page.len() - 1), Err(DecodeError::TooLarge));
        // Two codings, undone last first: "gzip", listed last, was applied last.
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&br).unwrap();
        assert_eq!(decode_content(gz.finish().unwrap(), "br, gzip", page.len()).unwrap(), page);
        // Cut short: what arrived is kept, as for gzip.
        let cut = decode_content(br[..br.len() / 2].to_vec(), "br", page.len()).unwrap();
        assert!(!cut.is_empty() && cut.len() < page.len() && page.starts_with(&cut), "{} bytes", cut.len());
        // Stored decoded with its header kept.
        assert_eq!(decode_content(page.clone(), "br", page.len()).unwrap(), page);
        // Neither brotli nor markup.
        let err = decode_content(b"\x00\x01\x02 not a page".to_vec(), "br", 100);
        assert!(matches!(err, Err(DecodeError::Bad(ref m)) if m.contains("br")), "{err:?}");
    }

    #[test]
    fn zstd_bodies() {
        let page = long_page();
        let z = zstd::encode_all(&page[..], 3).unwrap();
        assert!(z.starts_with(&ZSTD_MAGIC));
        assert_eq!(decode_content(z.clone(), "zstd", page.len()).unwrap(), page);
        assert_eq!(decode_content(z.clone(), "zstd", page.len() - 1), Err(DecodeError::TooLarge));
        assert_eq!(decode_content(page.clone(), "zstd", page.len()).unwrap(), page);
        // Cut short: the blocks that arrived are kept (a frame's blocks hold up to 128 KiB).
        let big: Vec<u8> = (0..20).flat_map(|_| page.iter().copied()).collect();
        let zb = zstd::encode_all(&big[..], 3).unwrap();
        let cut = decode_content(zb[..zb.len() - 3].to_vec(), "zstd", big.len()).unwrap();
        assert!(!cut.is_empty() && cut.len() < big.len() && big.starts_with(&cut), "{} bytes", cut.len());
        // A frame with a window past HTTP's 8 MiB is refused, not decoded at any memory cost.
        let mut wide = zstd::stream::write::Encoder::new(Vec::new(), 3).unwrap();
        wide.window_log(24).unwrap();
        wide.set_pledged_src_size(None).unwrap();
        wide.write_all(&big).unwrap();
        let wide = wide.finish().unwrap();
        let err = decode_content(wide, "zstd", big.len());
        assert!(matches!(err, Err(DecodeError::Bad(ref m)) if m.contains("zstd")), "{err:?}");
        // Cut inside its only block: nothing arrived, an error.
        assert!(matches!(decode_content(z[..z.len() / 2].to_vec(), "zstd", page.len()), Err(DecodeError::Bad(_))));
    }
}
