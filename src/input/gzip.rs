//! Multi-member gzip that survives a damaged member.
//!
//! `.warc.gz` files are one gzip member per record, concatenated. A plain multi-member decoder
//! stops for good at the first damaged member (a writer killed mid-record, a torn copy, a flipped
//! bit): it reads the next member's bytes as the rest of the broken one, gives garbage, then fails,
//! and every later record is lost. [`GzMembers`] decodes member by member from a seekable file.
//!
//! * A member's output is held back until its CRC and length check out, so what a damaged member
//!   decodes to never reaches the readers above: a page is never stored with garbage for its tail.
//!   Only a member larger than [`HOLD_LIMIT`] (1 MiB, more than nearly any HTML page) is passed on
//!   as it is decoded, to keep memory bounded; damage in such a member is still reported where the
//!   decoder meets it, but what it decoded before that has been passed on.
//! * When a member fails, the reader returns one [`GzDamage`] error (with the first bytes the
//!   member gave, where a WARC header names the lost record), rewinds to just after that member's
//!   start, and scans for the next gzip header (`1f 8b 08`, no reserved flag bits). Reading goes
//!   on from there, so the readers above resynchronize at the next record.
//!
//! The scan checks 27 bits (about one false match per 128 MiB of random bytes). A false header
//! inside compressed data fails to decode in turn (its CRC would have to match) and the scan goes
//! on past it, so a real member is never skipped; each such false start is reported like a damaged
//! member. One exception: a damaged member that stores another gzip stream verbatim (a gzip body
//! in a stored deflate block) has that inner stream found and read.
//!
//! Only format errors count as damage; an I/O error of the file itself is returned as it is. The
//! file must be seekable (`open_file` in `input/mod.rs` falls back to a plain multi-member decoder
//! for pipes).

use std::fmt;
use std::io::{self, BufRead, Read, Seek, SeekFrom};

use flate2::bufread::GzDecoder;

/// The first bytes of a gzip member with the deflate method.
const MAGIC: [u8; 3] = [0x1f, 0x8b, 0x08];
/// Bytes decoded or scanned at a time.
const CHUNK: usize = 64 << 10;
/// A member's output held back until the member checks out, at most: HTML page records are
/// nearly all smaller, and memory stays bounded on members of any size.
pub(crate) const HOLD_LIMIT: usize = 1 << 20;
/// Bytes of a damaged member's output kept in its [`GzDamage`].
const HEAD: usize = 4 << 10;

/// A damaged gzip member: where it started, what the decoder said, and where reading resumes.
/// Carried inside an [`io::Error`] of kind `InvalidData`; see [`damage_of`].
#[derive(Debug)]
pub(crate) struct GzDamage {
    /// Offset of the damaged member (or of bytes that are no member) in the compressed file.
    pub start: u64,
    /// What was wrong, from the decoder.
    pub cause: String,
    /// Offset of the next member, where reading resumes; None: no member follows.
    pub next: Option<u64>,
    /// Whether the input simply ended inside the member (a truncated file).
    pub at_end: bool,
    /// The first bytes the member decoded to before it failed (not passed on; may be garbage),
    /// for naming what was lost. Empty when the member was already being passed on.
    pub head: Vec<u8>,
}

impl fmt::Display for GzDamage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.at_end { "is truncated: the file ends inside it" } else { "is truncated or corrupt" };
        write!(f, "the gzip member at byte {} of the compressed file {what} ({})", self.start, self.cause)?;
        match self.next {
            Some(next) => write!(f, "; reading resumes at the next member, byte {next}"),
            None => write!(f, "; no gzip member follows"),
        }
    }
}

impl std::error::Error for GzDamage {}

/// The damage report inside `e`, if `e` is one: reading may go on after it.
pub(crate) fn damage_of(e: &io::Error) -> Option<&GzDamage> {
    e.get_ref().and_then(|inner| inner.downcast_ref::<GzDamage>())
}

/// Where the reader is in the compressed file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// At a member boundary (or at the end): the next read starts a member.
    Between,
    /// Inside the member that starts at this offset; `passing` once it outgrew the hold limit.
    Member { start: u64, passing: bool },
}

/// The compressed file, lent to the decoder: one decoder serves every member (its state is reset
/// between members rather than allocated anew) while the reader seeks and scans between them.
/// Empty only for the moment a reset hands it over.
struct Raw<R>(Option<R>);

impl<R> Raw<R> {
    fn get(&mut self) -> io::Result<&mut R> {
        self.0.as_mut().ok_or_else(|| io::Error::other("the compressed input is not attached"))
    }
}

impl<R: Read> Read for Raw<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.get()?.read(out)
    }
}

impl<R: BufRead> BufRead for Raw<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.get()?.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        if let Some(r) = &mut self.0 {
            r.consume(amt);
        }
    }
}

/// The decompressed bytes of every member of a gzip file, in order, with damaged members
/// reported and skipped (see the module documentation).
pub(crate) struct GzMembers<R> {
    dec: Box<GzDecoder<Raw<R>>>,
    state: State,
    /// Output ready to be read, from `at` on.
    out: Filled,
    at: usize,
    /// The current member's output, held until the member checks out.
    held: Filled,
    /// Members whose output grows past this are passed on unchecked.
    hold_limit: usize,
}

impl<R: BufRead + Seek> GzMembers<R> {
    /// Reads the members of `raw` from its current position, holding back up to `hold_limit`
    /// bytes of a member's output until the member checks out.
    pub(crate) fn new(raw: R, hold_limit: usize) -> GzMembers<R> {
        // A decoder made without input (making one reads a header at once); `start_member`
        // attaches the file.
        let mut dec = Box::new(GzDecoder::new(Raw(None)));
        dec.get_mut().0 = Some(raw);
        GzMembers { dec, state: State::Between, out: Filled::default(), at: 0, held: Filled::default(), hold_limit }
    }

    fn raw(&mut self) -> io::Result<&mut R> {
        self.dec.get_mut().get()
    }

    /// Starts decoding a member at the compressed file's current position.
    fn start_member(&mut self) {
        let file = self.dec.get_mut().0.take();
        self.dec.reset(Raw(file));
    }

    /// Puts more output into `out` (empty on entry). Returns false at the end of the input.
    fn produce(&mut self) -> io::Result<bool> {
        loop {
            match self.state {
                State::Between => {
                    let member_here = match self.raw()?.fill_buf()? {
                        [] => return Ok(false),
                        head => head.starts_with(&MAGIC[..head.len().min(2)]),
                    };
                    let start = self.raw()?.stream_position()?;
                    if member_here {
                        self.held.clear();
                        self.start_member();
                        self.state = State::Member { start, passing: false };
                        continue;
                    }
                    // Bytes that are no member: trailing junk, or a member whose header is gone.
                    let next = next_member(self.raw()?, start + 1)?;
                    let cause = "no gzip header here".to_string();
                    return Err(damage(GzDamage { start, cause, next, at_end: false, head: Vec::new() }));
                }
                State::Member { start, passing } => {
                    let into = if passing { &mut self.out } else { &mut self.held };
                    match into.read_from(&mut *self.dec) {
                        Ok(0) => {
                            // The member checked out: its held output may go.
                            if !passing {
                                std::mem::swap(&mut self.out, &mut self.held);
                            }
                            self.state = State::Between;
                            if self.out.len > 0 {
                                return Ok(true);
                            }
                        }
                        Ok(_) if passing => return Ok(true),
                        Ok(_) if self.held.len > self.hold_limit => {
                            // Larger than any page: pass it on as it comes.
                            std::mem::swap(&mut self.out, &mut self.held);
                            self.held = Filled::default();
                            self.state = State::Member { start, passing: true };
                            return Ok(true);
                        }
                        Ok(_) => {}
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        // The file could not be read: not the member's fault, and not resumable.
                        Err(e) if !is_format_error(&e) => {
                            self.held.clear();
                            self.state = State::Between;
                            return Err(e);
                        }
                        Err(e) => {
                            let head = self.held.bytes()[..self.held.len.min(HEAD)].to_vec();
                            self.held.clear();
                            self.state = State::Between;
                            let next = next_member(self.raw()?, start + 1)?;
                            let at_end = next.is_none() && e.kind() == io::ErrorKind::UnexpectedEof;
                            return Err(damage(GzDamage { start, cause: e.to_string(), next, at_end, head }));
                        }
                    }
                }
            }
        }
    }
}

/// A buffer whose first `len` bytes are data; the rest stays allocated and zeroed once, so a read
/// into it does not zero its space again every time.
#[derive(Default)]
struct Filled {
    buf: Vec<u8>,
    len: usize,
}

impl Filled {
    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends what one read of `r` gives (up to [`CHUNK`] bytes).
    fn read_from(&mut self, r: &mut impl Read) -> io::Result<usize> {
        if self.buf.len() < self.len + CHUNK {
            // Exact growth: the held output is bounded by the space it needs, not by doubling.
            self.buf.reserve_exact(self.len + CHUNK - self.buf.len());
            self.buf.resize(self.len + CHUNK, 0);
        }
        let n = r.read(&mut self.buf[self.len..self.len + CHUNK])?;
        self.len += n;
        Ok(n)
    }
}

impl<R: BufRead + Seek> BufRead for GzMembers<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at >= self.out.len {
            self.out.clear();
            self.at = 0;
            if !self.produce()? {
                return Ok(&[]);
            }
        }
        Ok(&self.out.bytes()[self.at..])
    }

    fn consume(&mut self, amt: usize) {
        self.at = (self.at + amt).min(self.out.len);
    }
}

impl<R: BufRead + Seek> Read for GzMembers<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let avail = self.fill_buf()?;
        let n = avail.len().min(out.len());
        out[..n].copy_from_slice(&avail[..n]);
        self.consume(n);
        Ok(n)
    }
}

/// Whether a decoder error is about the bytes (corrupt or cut short) rather than reading them.
fn is_format_error(e: &io::Error) -> bool {
    matches!(e.kind(), io::ErrorKind::InvalidInput | io::ErrorKind::InvalidData | io::ErrorKind::UnexpectedEof)
}

fn damage(d: GzDamage) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, d)
}

/// Moves `raw` to the first gzip header at or after offset `from` and returns its offset; at the
/// end of the input (leaving `raw` there) when there is none.
fn next_member<R: BufRead + Seek>(raw: &mut R, from: u64) -> io::Result<Option<u64>> {
    raw.seek(SeekFrom::Start(from))?;
    let mut buf = vec![0u8; CHUNK + 3];
    // `buf[..keep]` holds the last bytes of the previous chunk: a header split across two reads.
    let (mut keep, mut at) = (0usize, from);
    loop {
        let n = match raw.read(&mut buf[keep..]) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let end = keep + n;
        let data = &buf[..end];
        // The flags byte after the magic has its reserved bits clear; a magic at the very end
        // waits for the next read to show its flags (unless the input ends there).
        let found = memchr::memmem::find_iter(data, &MAGIC)
            .find(|&i| data.get(i + 3).map_or(n == 0, |&flags| flags & 0xe0 == 0));
        if let Some(i) = found {
            let offset = at + i as u64;
            raw.seek(SeekFrom::Start(offset))?;
            return Ok(Some(offset));
        }
        if n == 0 {
            return Ok(None);
        }
        let tail = end.min(3);
        buf.copy_within(end - tail..end, 0);
        at += (end - tail) as u64;
        keep = tail;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor, Write};

    fn member(text: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(text).expect("compress");
        e.finish().expect("compress")
    }

    /// Reads everything, collecting the text and the damage reports in order.
    fn read_all(bytes: Vec<u8>, buf_size: usize, hold: usize) -> (Vec<u8>, Vec<String>) {
        let mut r = GzMembers::new(BufReader::with_capacity(buf_size, Cursor::new(bytes)), hold);
        let (mut text, mut damages) = (Vec::new(), Vec::new());
        let mut chunk = [0u8; 1000];
        loop {
            match r.read(&mut chunk) {
                Ok(0) => return (text, damages),
                Ok(n) => text.extend_from_slice(&chunk[..n]),
                Err(e) => {
                    let d = damage_of(&e).unwrap_or_else(|| panic!("not a damage report: {e}"));
                    damages.push(d.to_string());
                }
            }
        }
    }

    /// Four texts that compress poorly (so each member has many deflate blocks' worth of bytes).
    fn texts() -> Vec<Vec<u8>> {
        let mut rng = crate::testutil::Rng::new(0x9E37_79B9_7F4A_7C15);
        (0..4)
            .map(|n| {
                let mut t = format!("member {n}:").into_bytes();
                for _ in 0..6000 + n * 500 {
                    t.push(b'a' + rng.below(26) as u8);
                }
                t
            })
            .collect()
    }

    /// The texts and each one compressed as a member.
    fn texts_and_members() -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
        let t = texts();
        let members = t.iter().map(|x| member(x)).collect();
        (t, members)
    }

    #[test]
    fn whole_members_read_as_one_stream() {
        let t = texts();
        let bytes: Vec<u8> = t.iter().flat_map(|x| member(x)).collect();
        for (buf_size, hold) in [(7, 1 << 20), (64, 100), (1 << 16, 1 << 20)] {
            let (text, damages) = read_all(bytes.clone(), buf_size, hold);
            assert_eq!(text, t.concat());
            assert!(damages.is_empty(), "{damages:?}");
        }
    }

    #[test]
    fn a_member_cut_short_is_reported_and_nothing_of_it_is_passed_on() {
        let (t, members) = texts_and_members();
        let cut = members[1].len() / 2;
        let mut bytes = members[0].clone();
        bytes.extend_from_slice(&members[1][..cut]);
        let resume = bytes.len();
        bytes.extend_from_slice(&members[2]);
        bytes.extend_from_slice(&members[3]);
        for buf_size in [5, 100, 1 << 16] {
            let (text, damages) = read_all(bytes.clone(), buf_size, 1 << 20);
            assert_eq!(damages.len(), 1, "{damages:?}");
            let start = members[0].len();
            assert!(damages[0].contains(&format!("member at byte {start} ")), "{}", damages[0]);
            assert!(damages[0].contains(&format!("resumes at the next member, byte {resume}")), "{}", damages[0]);
            assert_eq!(text, [t[0].clone(), t[2].clone(), t[3].clone()].concat());
        }
        // The damage keeps the first bytes the member gave, which name what was lost.
        let mut r = GzMembers::new(BufReader::new(Cursor::new(bytes)), 1 << 20);
        let mut sink = Vec::new();
        let e = r.read_to_end(&mut sink).expect_err("damage");
        let d = damage_of(&e).expect("a damage report");
        assert!(!d.head.is_empty() && t[1].starts_with(&d.head[..d.head.len().min(200)]));
    }

    #[test]
    fn a_flipped_byte_costs_one_member() {
        let (t, members) = texts_and_members();
        let mut bytes = members.concat();
        let at = members[0].len() + members[1].len() + members[2].len() / 2;
        bytes[at] ^= 0x55;
        let (text, damages) = read_all(bytes, 4096, 1 << 20);
        assert_eq!(damages.len(), 1, "{damages:?}");
        assert_eq!(text, [t[0].clone(), t[1].clone(), t[3].clone()].concat());
    }

    #[test]
    fn a_member_over_the_hold_limit_is_passed_on_and_its_damage_still_reported() {
        let (t, members) = texts_and_members();
        let mut bytes = members[0].clone();
        bytes.extend_from_slice(&members[1][..members[1].len() - 20]);
        bytes.extend_from_slice(&members[2]);
        let (text, damages) = read_all(bytes, 4096, 100);
        assert_eq!(damages.len(), 1, "{damages:?}");
        assert!(text.starts_with(&t[0]) && text.ends_with(&t[2]));
    }

    #[test]
    fn a_file_ending_inside_a_member_and_trailing_junk_are_reported() {
        let (t, members) = texts_and_members();
        let mut bytes = members[0].clone();
        bytes.extend_from_slice(&members[1][..members[1].len() - 3]);
        let (text, damages) = read_all(bytes, 4096, 1 << 20);
        assert_eq!(text, t[0]);
        assert_eq!(damages.len(), 1, "{damages:?}");
        assert!(damages[0].contains("no gzip member follows"), "{}", damages[0]);

        let mut bytes = members[0].clone();
        bytes.extend_from_slice(b"\0\0\0 not gzip at all");
        let (text, damages) = read_all(bytes, 4096, 1 << 20);
        assert_eq!(text, t[0]);
        assert_eq!(damages.len(), 1, "{damages:?}");
        assert!(damages[0].contains("no gzip header here"), "{}", damages[0]);
    }

    #[test]
    fn the_scan_finds_a_header_split_between_two_reads() {
        let t = texts();
        let (first, next) = (member(&t[0]), member(&t[1]));
        // A member cut after its header, then junk, then a good member whose header lands on both
        // sides of a scan chunk's end for some junk length in the sweep.
        for junk in 65_510..65_540 {
            let mut bytes = first[..10].to_vec();
            bytes.extend(std::iter::repeat_n(b'x', junk));
            let resume = bytes.len();
            bytes.extend_from_slice(&next);
            let (text, damages) = read_all(bytes, 4096, 1 << 20);
            assert_eq!(text, t[1], "junk {junk}");
            assert_eq!(damages.len(), 1, "junk {junk}: {damages:?}");
            assert!(damages[0].contains(&format!("byte {resume}")), "junk {junk}: {}", damages[0]);
        }
    }

    #[test]
    fn an_io_error_of_the_file_is_not_damage() {
        /// A file whose reads fail after `ok` bytes.
        struct Failing(Cursor<Vec<u8>>, usize);
        impl Read for Failing {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                let left = self.1.saturating_sub(self.0.position() as usize);
                if left == 0 {
                    return Err(io::Error::other("device error"));
                }
                let n = out.len().min(left);
                self.0.read(&mut out[..n])
            }
        }
        impl Seek for Failing {
            fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
                self.0.seek(to)
            }
        }
        let t = texts();
        let bytes = [member(&t[0]), member(&t[1])].concat();
        let ok = bytes.len() - 100;
        let mut r = GzMembers::new(BufReader::with_capacity(512, Failing(Cursor::new(bytes), ok)), 1 << 20);
        let mut sink = Vec::new();
        let e = r.read_to_end(&mut sink).expect_err("the device error");
        assert!(damage_of(&e).is_none(), "{e}");
        assert!(e.to_string().contains("device error"), "{e}");
    }
}
