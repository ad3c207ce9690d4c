//! Bounded line reading and byte counting, shared by the JSONL and WARC readers.
//!
//! A crawl file can hold a 50 MB line or a binary block without a newline; `BufRead::read_line`
//! would hold all of it. [`read_line`] keeps at most a given number of bytes and streams past the
//! rest, so memory stays bounded whatever the input.

use std::io::{self, BufRead, Read};

/// How much of an over-long line is kept, for messages (a URL near the start, say).
pub(crate) const KEEP_OF_LONG_LINE: usize = 4 << 10;

/// What [`read_line`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Line {
    /// The end of the input, before any byte of a new line.
    Eof,
    /// A whole line, now in the buffer without its `\n` or `\r\n`.
    Whole,
    /// A line longer than the limit: read to its end and dropped; the buffer keeps its first
    /// [`KEEP_OF_LONG_LINE`] bytes.
    TooLong,
}

/// Reads one line into `buf` (cleared first), holding at most `max` bytes of it. Returns what was
/// found and how many bytes were consumed from the input (the line with its terminator).
pub(crate) fn read_line<R: BufRead + ?Sized>(r: &mut R, buf: &mut Vec<u8>, max: usize) -> io::Result<(Line, u64)> {
    buf.clear();
    let mut consumed = 0u64;
    let mut too_long = false;
    loop {
        let avail = match r.fill_buf() {
            Ok(avail) => avail,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            if consumed == 0 {
                return Ok((Line::Eof, 0));
            }
            break;
        }
        let (chunk, used, end) = match memchr::memchr(b'\n', avail) {
            Some(i) => (&avail[..i], i + 1, true),
            None => (avail, avail.len(), false),
        };
        if !too_long {
            if buf.len() + chunk.len() > max {
                too_long = true;
                let keep = KEEP_OF_LONG_LINE.min(max).saturating_sub(buf.len()).min(chunk.len());
                buf.extend_from_slice(&chunk[..keep]);
                buf.truncate(KEEP_OF_LONG_LINE);
            } else {
                buf.extend_from_slice(chunk);
            }
        }
        r.consume(used);
        consumed += used as u64;
        if end {
            break;
        }
    }
    if too_long {
        // The buffer grew to the limit for nothing: give the memory back.
        buf.shrink_to(KEEP_OF_LONG_LINE);
        return Ok((Line::TooLong, consumed));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok((Line::Whole, consumed))
}

/// Streams past up to `n` bytes; returns how many there were (fewer only at the end of the input).
pub(crate) fn skip<R: BufRead + ?Sized>(r: &mut R, n: u64) -> io::Result<u64> {
    let mut left = n;
    while left > 0 {
        let avail = match r.fill_buf() {
            Ok(avail) => avail,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            break;
        }
        let k = (avail.len() as u64).min(left) as usize;
        r.consume(k);
        left -= k as u64;
    }
    Ok(n - left)
}

/// Appends up to `n` bytes to `buf`; returns how many there were (fewer only at the end of the
/// input). The caller bounds `n`.
pub(crate) fn read_up_to<R: BufRead + ?Sized>(r: &mut R, buf: &mut Vec<u8>, n: u64) -> io::Result<u64> {
    let before = buf.len();
    buf.reserve(n as usize);
    r.take(n).read_to_end(buf)?;
    Ok((buf.len() - before) as u64)
}

/// A buffered reader that counts the bytes consumed from it: the offset of the next byte, for
/// messages that say where a record starts. Bytes can be given back ([`Counted::unread`]) to be
/// read again.
pub(crate) struct Counted<R> {
    inner: R,
    pos: u64,
    /// Bytes given back, read before `inner` from `front_at` on.
    front: Vec<u8>,
    front_at: usize,
}

impl<R> Counted<R> {
    /// Counts from zero.
    pub(crate) fn new(inner: R) -> Counted<R> {
        Counted { inner, pos: 0, front: Vec::new(), front_at: 0 }
    }

    /// The offset of the next byte to be read.
    pub(crate) fn pos(&self) -> u64 {
        self.pos
    }

    /// Gives back `bytes`, the last bytes consumed: they are read again next, and the offset
    /// moves back by their length.
    pub(crate) fn unread(&mut self, bytes: &[u8]) {
        let mut front = Vec::with_capacity(bytes.len() + self.front.len() - self.front_at);
        front.extend_from_slice(bytes);
        front.extend_from_slice(&self.front[self.front_at..]);
        self.front = front;
        self.front_at = 0;
        self.pos = self.pos.saturating_sub(bytes.len() as u64);
    }
}

impl<R: BufRead> Read for Counted<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = if self.front_at < self.front.len() {
            let n = out.len().min(self.front.len() - self.front_at);
            out[..n].copy_from_slice(&self.front[self.front_at..self.front_at + n]);
            self.advance_front(n);
            n
        } else {
            self.inner.read(out)?
        };
        self.pos += n as u64;
        Ok(n)
    }
}

impl<R> Counted<R> {
    fn advance_front(&mut self, n: usize) {
        self.front_at += n;
        if self.front_at >= self.front.len() {
            self.front = Vec::new();
            self.front_at = 0;
        }
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.front_at < self.front.len() {
            return Ok(&self.front[self.front_at..]);
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        self.pos += amt as u64;
        if self.front_at < self.front.len() {
            self.advance_front(amt);
        } else {
            self.inner.consume(amt);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor};

    #[test]
    fn lines_are_bounded_and_counted() {
        let data = b"short\r\nabcdefghijklmnop\nlast".to_vec();
        // A tiny buffer so that lines span several fill_buf calls.
        let mut r = Counted::new(BufReader::with_capacity(3, Cursor::new(data)));
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut r, &mut buf, 8).unwrap(), (Line::Whole, 7));
        assert_eq!(buf, b"short");
        assert_eq!(read_line(&mut r, &mut buf, 8).unwrap(), (Line::TooLong, 17));
        assert_eq!(buf, b"abcdefgh");
        assert_eq!(read_line(&mut r, &mut buf, 8).unwrap(), (Line::Whole, 4));
        assert_eq!(buf, b"last");
        assert_eq!(read_line(&mut r, &mut buf, 8).unwrap(), (Line::Eof, 0));
        assert_eq!(r.pos(), 28);
    }

    #[test]
    fn unread_bytes_come_first_and_move_the_offset_back() {
        let mut r = Counted::new(BufReader::with_capacity(4, Cursor::new(b"abcdef\nghij".to_vec())));
        let mut buf = Vec::new();
        assert_eq!(read_up_to(&mut r, &mut buf, 5).unwrap(), 5);
        r.unread(b"de");
        r.unread(b"c");
        assert_eq!(r.pos(), 2);
        assert_eq!(read_line(&mut r, &mut buf, 100).unwrap(), (Line::Whole, 5));
        assert_eq!(buf, b"cdef");
        let mut rest = Vec::new();
        r.read_to_end(&mut rest).unwrap();
        assert_eq!((rest.as_slice(), r.pos()), (&b"ghij"[..], 11));
    }

    #[test]
    fn skip_and_read_stop_at_the_end() {
        let mut r = Counted::new(BufReader::with_capacity(4, Cursor::new(b"0123456789".to_vec())));
        assert_eq!(skip(&mut r, 3).unwrap(), 3);
        let mut buf = Vec::new();
        assert_eq!(read_up_to(&mut r, &mut buf, 4).unwrap(), 4);
        assert_eq!(buf, b"3456");
        assert_eq!(skip(&mut r, 100).unwrap(), 3);
        assert_eq!(r.pos(), 10);
    }
}
