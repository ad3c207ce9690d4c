//! The write-ahead log: inserts acknowledged but not yet in a segment.
//!
//! A WAL file is a 32-byte header and a sequence of records `len u32 | len_crc u32 | crc u32 |
//! kind u8 | payload`, where `len` counts kind and payload, `len_crc` is the CRC of the four
//! length bytes (so a damaged length is told from a record cut short), and `crc` covers kind and
//! payload. Records are appended in
//! groups and the file is fsynced once per group ([`Wal::commit`]); an insert is acknowledged only
//! after that. A record cut short at the end of the file is the trace of a crash during an append
//! and is dropped (the writer truncates it away); a complete record with a bad CRC, or a cut record
//! followed by more data, is corruption and an error naming the file and offset.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::doc::{record_error, DocRecord};
use super::error::{Result, StoreError};
use super::format::{FORMAT_VERSION, WAL_MAGIC};
use super::fsutil::sync_dir;

const HEADER_LEN: usize = 32;
/// An insert as written before title sketches were kept: read, never written.
const RECORD_INSERT_UNTITLED: u8 = 1;
/// An insert with its page's title sketch.
const RECORD_INSERT: u8 = 2;
/// A record longer than this is taken for garbage (a page's record is text plus keys).
const MAX_RECORD: u32 = 256 << 20;

/// File name of WAL generation `gen`.
pub fn wal_file_name(gen: u64) -> String {
    format!("wal-{gen:016x}.log")
}

/// The generation a WAL file name stands for, if it is one.
pub fn wal_gen_of(name: &str) -> Option<u64> {
    let hex = name.strip_prefix("wal-")?.strip_suffix(".log")?;
    if hex.len() != 16 {
        return None;
    }
    u64::from_str_radix(hex, 16).ok()
}

fn header(gen: u64) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[..8].copy_from_slice(&WAL_MAGIC);
    h[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    h[16..24].copy_from_slice(&gen.to_le_bytes());
    let crc = crc32fast::hash(&h[..24]);
    h[24..28].copy_from_slice(&crc.to_le_bytes());
    h
}

/// What reading a WAL found.
#[derive(Debug)]
pub struct WalContents {
    /// The records, in order.
    pub docs: Vec<DocRecord>,
    /// Length of the valid prefix of the file.
    pub valid_len: u64,
    /// True when a record was cut short at the end (a crash during an append).
    pub torn_tail: bool,
}

/// Reads a WAL file. A missing file is an error (the manifest names it).
pub fn read_wal(path: &Path, gen: u64) -> Result<WalContents> {
    let mut buf = Vec::new();
    File::open(path).and_then(|mut f| f.read_to_end(&mut buf)).map_err(|e| StoreError::io(path, e))?;
    let bad = |off: usize, what: &str| StoreError::corrupt(path, off as u64, what);
    if buf.len() < HEADER_LEN {
        // A crash right after creating the file, before the header was synced.
        if buf.iter().all(|&b| b == 0) || WAL_MAGIC.starts_with(&buf[..buf.len().min(8)]) {
            return Ok(WalContents { docs: Vec::new(), valid_len: 0, torn_tail: !buf.is_empty() });
        }
        return Err(bad(0, "not a dedupdb WAL (short header)"));
    }
    if buf[..8] != WAL_MAGIC {
        return Err(bad(0, "not a dedupdb WAL (bad magic)"));
    }
    if buf[..HEADER_LEN] != header(gen) {
        // The checksum first: a damaged version field is corruption, not a newer format.
        let crc = u32::from_le_bytes([buf[24], buf[25], buf[26], buf[27]]);
        if crc32fast::hash(&buf[..24]) != crc {
            return Err(bad(0, "WAL header checksum mismatch"));
        }
        let version = u32::from_le_bytes([buf[8], buf[9], buf[10], buf[11]]);
        if version != FORMAT_VERSION {
            return Err(StoreError::Version {
                path: path.into(),
                found: version,
                oldest: FORMAT_VERSION,
                supported: FORMAT_VERSION,
            });
        }
        return Err(bad(0, "WAL header generation mismatch or reserved bytes not zero"));
    }
    let mut docs = Vec::new();
    let mut pos = HEADER_LEN;
    let mut torn_tail = false;
    while pos < buf.len() {
        let rest = &buf[pos..];
        if rest.len() < 12 {
            torn_tail = true;
            break;
        }
        let word = |i: usize| u32::from_le_bytes([rest[i], rest[i + 1], rest[i + 2], rest[i + 3]]);
        let (len, len_crc, crc) = (word(0), word(4), word(8));
        if len == 0 && rest.iter().all(|&b| b == 0) {
            // Zero-filled tail: space allocated but never written before a crash.
            torn_tail = true;
            break;
        }
        if crc32fast::hash(&rest[..4]) != len_crc {
            return Err(bad(pos, "record length checksum mismatch"));
        }
        if len == 0 || len > MAX_RECORD {
            return Err(bad(pos, &format!("record length {len} out of range")));
        }
        let end = 12 + len as usize;
        if rest.len() < end {
            torn_tail = true;
            break;
        }
        let body = &rest[12..end];
        if crc32fast::hash(body) != crc {
            return Err(bad(pos, "record checksum mismatch"));
        }
        match body[0] {
            k @ (RECORD_INSERT | RECORD_INSERT_UNTITLED) => {
                docs.push(DocRecord::decode(&body[1..], k == RECORD_INSERT, &record_error(path, pos as u64))?)
            }
            k => return Err(bad(pos, &format!("unknown record kind {k}"))),
        }
        pos += end;
    }
    Ok(WalContents { docs, valid_len: pos as u64, torn_tail })
}

/// What reading the live WAL files of an index found.
#[derive(Debug)]
pub struct WalChain {
    /// The records of every live file, in order.
    pub docs: Vec<DocRecord>,
    /// Generation of the newest live file (the one a writer appends to).
    pub last_gen: u64,
    /// Length of the valid prefix of that file (0 when it is missing).
    pub last_valid_len: u64,
    /// True when the newest file ends in a record cut short (a crash during an append).
    pub torn_tail: bool,
}

/// Reads the live WALs in `dir`: generation `first` (the manifest's) and every consecutive later
/// generation that exists. A later one exists while an older memtable is being flushed in the
/// background: inserts go on in the new file, and the manifest moves past the old one once the
/// flushed segment is published. With `missing_ok`, a missing first file reads as empty (a
/// writer opening an index whose creation was interrupted); otherwise it is an I/O error.
pub fn read_wal_chain(dir: &Path, first: u64, missing_ok: bool) -> Result<WalChain> {
    let mut chain = WalChain { docs: Vec::new(), last_gen: first, last_valid_len: 0, torn_tail: false };
    let mut gen = first;
    loop {
        let path = dir.join(wal_file_name(gen));
        let mut contents = match read_wal(&path, gen) {
            Ok(c) => c,
            Err(StoreError::Io { cause: source, .. })
                if source.kind() == std::io::ErrorKind::NotFound && (gen > first || missing_ok) =>
            {
                return Ok(chain);
            }
            Err(e) => return Err(e),
        };
        let newer = dir.join(wal_file_name(gen + 1)).exists();
        if contents.torn_tail && newer {
            // A file is committed whole before the next generation is created, so a torn tail
            // here was a group being written while we read: read the file again.
            contents = read_wal(&path, gen)?;
            if contents.torn_tail {
                return Err(StoreError::corrupt(
                    &path,
                    contents.valid_len,
                    "incomplete record in a WAL that a newer WAL follows",
                ));
            }
        }
        chain.docs.extend(contents.docs);
        (chain.last_gen, chain.last_valid_len, chain.torn_tail) = (gen, contents.valid_len, contents.torn_tail);
        if !newer {
            return Ok(chain);
        }
        gen += 1;
    }
}

/// An open WAL for appending.
#[derive(Debug)]
pub struct Wal {
    path: PathBuf,
    gen: u64,
    file: File,
    pending: Vec<u8>,
    len: u64,
}

impl Wal {
    /// Creates WAL generation `gen` in `dir` (fsyncing the file and the directory).
    pub fn create(dir: &Path, gen: u64) -> Result<Wal> {
        let path = dir.join(wal_file_name(gen));
        let mut file = OpenOptions::new()
            .create(true)
            .truncate(true)
            .write(true)
            .open(&path)
            .map_err(|e| StoreError::io(&path, e))?;
        file.write_all(&header(gen)).and_then(|_| file.sync_all()).map_err(|e| StoreError::io(&path, e))?;
        sync_dir(dir)?;
        Ok(Wal { path, gen, file, pending: Vec::new(), len: HEADER_LEN as u64 })
    }

    /// Opens an existing WAL for appending after `valid_len` bytes (a torn tail is cut off).
    pub fn open_append(path: &Path, gen: u64, valid_len: u64) -> Result<Wal> {
        if valid_len < HEADER_LEN as u64 {
            let dir = path.parent().unwrap_or(Path::new("."));
            return Wal::create(dir, gen);
        }
        let mut file = OpenOptions::new().write(true).open(path).map_err(|e| StoreError::io(path, e))?;
        let io = |e| StoreError::io(path, e);
        file.set_len(valid_len).map_err(io)?;
        file.seek(SeekFrom::Start(valid_len)).map_err(io)?;
        file.sync_all().map_err(io)?;
        Ok(Wal { path: path.to_path_buf(), gen, file, pending: Vec::new(), len: valid_len })
    }

    /// Queues an insert; durable after the next [`Wal::commit`].
    pub fn append(&mut self, doc: &DocRecord) {
        let start = self.pending.len();
        self.pending.extend_from_slice(&[0u8; 12]);
        self.pending.push(RECORD_INSERT);
        doc.encode(&mut self.pending);
        let len = ((self.pending.len() - start - 12) as u32).to_le_bytes();
        let crc = crc32fast::hash(&self.pending[start + 12..]);
        self.pending[start..start + 4].copy_from_slice(&len);
        self.pending[start + 4..start + 8].copy_from_slice(&crc32fast::hash(&len).to_le_bytes());
        self.pending[start + 8..start + 12].copy_from_slice(&crc.to_le_bytes());
    }

    /// Writes the queued records and fsyncs: when it returns, they survive a crash.
    pub fn commit(&mut self) -> Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        self.file.write_all(&self.pending).map_err(|e| StoreError::io(&self.path, e))?;
        self.file.sync_data().map_err(|e| StoreError::io(&self.path, e))?;
        self.len += self.pending.len() as u64;
        self.pending.clear();
        Ok(())
    }

    /// Bytes in the file (committed).
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True when nothing but the header is committed.
    pub fn is_empty(&self) -> bool {
        self.len <= HEADER_LEN as u64
    }

    /// Its generation.
    pub fn gen(&self) -> u64 {
        self.gen
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::doc::sample;

    #[test]
    fn committed_records_come_back_and_a_torn_tail_is_dropped() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut wal = Wal::create(dir.path(), 3).expect("create");
        let docs: Vec<_> = (0..5).map(|i| sample(i, &format!("第{i}篇文章的正文内容。还有第二句话。"))).collect();
        for d in &docs {
            wal.append(d);
        }
        wal.commit().expect("commit");
        let path = wal.path().to_path_buf();
        let full = std::fs::read(&path).expect("read");
        let back = read_wal(&path, 3).expect("read wal");
        assert_eq!(back.docs, docs);
        assert!(!back.torn_tail);
        // Cut inside the last record: the first four survive.
        std::fs::write(&path, &full[..full.len() - 5]).expect("write");
        let back = read_wal(&path, 3).expect("read torn");
        assert_eq!(back.docs.len(), 4);
        assert!(back.torn_tail);
        let mut wal = Wal::open_append(&path, 3, back.valid_len).expect("reopen");
        wal.append(&docs[4]);
        wal.commit().expect("commit");
        assert_eq!(read_wal(&path, 3).expect("read").docs, docs);
    }

    #[test]
    fn inserts_written_before_titles_were_kept_read_as_untitled() {
        let dir = tempfile::tempdir().expect("tempdir");
        let doc = sample(7, "旧版本写下的记录。没有标题的草图。");
        assert_ne!(doc.title, [0; 16]);
        // A kind 1 record, laid out as a writer before kind 2 did: the payload ends before the title.
        let mut body = vec![RECORD_INSERT_UNTITLED];
        doc.encode(&mut body);
        body.truncate(body.len() - 32);
        let len = (body.len() as u32).to_le_bytes();
        let mut file = header(5).to_vec();
        file.extend_from_slice(&len);
        file.extend_from_slice(&crc32fast::hash(&len).to_le_bytes());
        file.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
        file.extend_from_slice(&body);
        let path = dir.path().join(wal_file_name(5));
        std::fs::write(&path, &file).expect("write");
        let back = read_wal(&path, 5).expect("read");
        assert_eq!(back.docs, vec![DocRecord { title: [0; 16], ..doc.clone() }]);
        // Appending goes on with titled records after it.
        let mut wal = Wal::open_append(&path, 5, back.valid_len).expect("reopen");
        wal.append(&doc);
        wal.commit().expect("commit");
        let titles: Vec<_> = read_wal(&path, 5).expect("read").docs.iter().map(|d| d.title).collect();
        assert_eq!(titles, vec![[0; 16], doc.title]);
    }

    #[test]
    fn a_flipped_byte_in_a_complete_record_is_an_error_with_its_offset() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut wal = Wal::create(dir.path(), 1).expect("create");
        for i in 0..3 {
            wal.append(&sample(i, "正文内容，用来检查校验和。"));
        }
        wal.commit().expect("commit");
        let path = wal.path().to_path_buf();
        let good = std::fs::read(&path).expect("read");
        for at in 0..good.len() {
            let mut bad = good.clone();
            bad[at] ^= 0x10;
            std::fs::write(&path, &bad).expect("write");
            match read_wal(&path, 1) {
                Err(StoreError::Corrupt(c)) => assert!(c.offset as usize <= at, "offset {} after flip {at}", c.offset),
                Err(StoreError::Version { .. }) => assert!((8..12).contains(&at)),
                other => panic!("flip at {at} undetected: {other:?}"),
            }
        }
    }
}
