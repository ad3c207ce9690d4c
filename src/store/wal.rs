//! The write-ahead log: inserts acknowledged but not yet in a segment.
//!
//! A WAL file is a 32-byte header and a sequence of records `len u32 | len_crc u32 | crc u32 |
//! kind u8 | payload`, where `len` counts kind and payload, `len_crc` is the CRC of the four
//! length bytes (so a damaged length is told from a record cut short), and `crc` covers kind and
//! payload. Records are appended in groups, each framed by a group record (its records' length
//! and CRC), and the file is fsynced once per group ([`Wal::commit`]); an insert is acknowledged
//! only after that. So only the last group can be incomplete after a crash: cut short, or, after
//! a power cut, with sectors missing. Such a tail is dropped (the writer truncates it away); a
//! record or group that does not check out anywhere else, or a flipped bit, is corruption and an
//! error naming the file and offset.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::doc::{record_error, DocRecord};
use super::error::{Result, StoreError};
use super::format::{WAL_MAGIC, WAL_VERSION, WAL_VERSION_UNGROUPED};
use super::fsutil::sync_dir;

const HEADER_LEN: usize = 32;
/// A commit group's frame: `bytes u64 | crc u32` of the group's records that follow.
const RECORD_GROUP: u8 = 3;
/// Length of a group record's kind and payload.
const GROUP_LEN: u32 = 13;
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

fn header(gen: u64, version: u32) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[..8].copy_from_slice(&WAL_MAGIC);
    h[8..12].copy_from_slice(&version.to_le_bytes());
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
    // A crash right after creating the file, before the header was synced: a power cut can
    // also leave its length grown and its bytes zero.
    if !buf.is_empty() && buf.iter().all(|&b| b == 0) {
        return Ok(WalContents { docs: Vec::new(), valid_len: 0, torn_tail: true });
    }
    if buf.len() < HEADER_LEN {
        if WAL_MAGIC.starts_with(&buf[..buf.len().min(8)]) {
            return Ok(WalContents { docs: Vec::new(), valid_len: 0, torn_tail: !buf.is_empty() });
        }
        return Err(bad(0, "not a dedupdb WAL (short header)"));
    }
    if buf[..8] != WAL_MAGIC {
        return Err(bad(0, "not a dedupdb WAL (bad magic)"));
    }
    let version = u32::from_le_bytes([buf[8], buf[9], buf[10], buf[11]]);
    if buf[..HEADER_LEN] != header(gen, version) {
        // The checksum first: a damaged version field is corruption, not a newer format.
        let crc = u32::from_le_bytes([buf[24], buf[25], buf[26], buf[27]]);
        if crc32fast::hash(&buf[..24]) != crc {
            return Err(bad(0, "WAL header checksum mismatch"));
        }
        return Err(bad(0, "WAL header generation mismatch or reserved bytes not zero"));
    }
    if !(WAL_VERSION_UNGROUPED..=WAL_VERSION).contains(&version) {
        return Err(StoreError::Version {
            path: path.into(),
            found: version,
            oldest: WAL_VERSION_UNGROUPED,
            supported: WAL_VERSION,
        });
    }
    let mut docs = Vec::new();
    let mut pos = HEADER_LEN;
    let mut torn_tail = false;
    // The end of the commit group being read (records before it are covered by its CRC).
    let mut group_end = 0usize;
    while pos < buf.len() {
        let rest = &buf[pos..];
        if rest.len() < 12 {
            torn_tail = true;
            break;
        }
        if rest.iter().all(|&b| b == 0) {
            // Zero-filled tail: space allocated but never written before a crash.
            torn_tail = true;
            break;
        }
        // Inside a group whose CRC checked out, the records' own CRCs add nothing.
        let record = match parse_record(rest, pos >= group_end) {
            Ok(r) => r,
            // Cut short by the end of the file.
            Err(None) => {
                torn_tail = true;
                break;
            }
            Err(Some(what)) => {
                // A damaged record outside a checked group: torn if it is in the last group,
                // the only one a crash can have left half on the disk (each is synced before
                // the next is written). With no whole group after it, it is.
                if pos >= group_end
                    && version >= WAL_VERSION
                    && !whole_group_after(&buf, pos + 1)
                    && has_lost_sector(&buf, pos, buf.len())
                {
                    torn_tail = true;
                    break;
                }
                return Err(bad(pos, what));
            }
        };
        let (kind, body) = (record[0], &record[1..]);
        let end = pos + 12 + record.len();
        if kind == RECORD_GROUP {
            if record.len() != GROUP_LEN as usize {
                return Err(bad(pos, "group record of the wrong length"));
            }
            let (bytes, crc) = group_frame(body);
            let Some(records) = end.checked_add(bytes).and_then(|e| buf.get(end..e)) else {
                // The group runs past the end of the file: it was being written.
                torn_tail = true;
                break;
            };
            if crc32fast::hash(records) != crc {
                if end + bytes == buf.len() && has_lost_sector(&buf, pos, buf.len()) {
                    // The last group, written in part (its pages reach the disk in any order).
                    torn_tail = true;
                    break;
                }
                return Err(bad(pos, "commit group checksum mismatch"));
            }
            group_end = end + bytes;
            pos = end;
            continue;
        }
        match kind {
            RECORD_INSERT | RECORD_INSERT_UNTITLED => {
                docs.push(DocRecord::decode(body, kind == RECORD_INSERT, &record_error(path, pos as u64))?)
            }
            k => return Err(bad(pos, &format!("unknown record kind {k}"))),
        }
        pos = end;
    }
    Ok(WalContents { docs, valid_len: pos as u64, torn_tail })
}

/// The kind and payload of the record at the start of `rest` (at least 12 bytes), its CRC
/// checked when `check` says. `Err(None)`: the file ends inside it; `Err(Some(what))`: it is
/// damaged.
fn parse_record(rest: &[u8], check: bool) -> std::result::Result<&[u8], Option<&'static str>> {
    let word = |i: usize| u32::from_le_bytes([rest[i], rest[i + 1], rest[i + 2], rest[i + 3]]);
    let (len, len_crc, crc) = (word(0), word(4), word(8));
    if crc32fast::hash(&rest[..4]) != len_crc {
        return Err(Some("record length checksum mismatch"));
    }
    if len == 0 || len > MAX_RECORD {
        return Err(Some("record length out of range"));
    }
    let end = 12 + len as usize;
    let Some(record) = rest.get(12..end) else { return Err(None) };
    if check && crc32fast::hash(record) != crc {
        return Err(Some("record checksum mismatch"));
    }
    Ok(record)
}

/// Whether a whole, checked commit group starts anywhere at or after `from`: then the damage
/// before it was synced once, and is corruption, not a torn append.
fn whole_group_after(buf: &[u8], from: usize) -> bool {
    let group_len = GROUP_LEN.to_le_bytes();
    (from..buf.len().saturating_sub(12 + GROUP_LEN as usize - 1)).any(|at| {
        let rest = &buf[at..];
        if rest[..4] != group_len || rest[12] != RECORD_GROUP {
            return false;
        }
        let Ok(record) = parse_record(rest, true) else { return false };
        let (bytes, crc) = group_frame(&record[1..]);
        let start = at + 12 + GROUP_LEN as usize;
        start.checked_add(bytes).and_then(|end| buf.get(start..end)).is_some_and(|r| crc32fast::hash(r) == crc)
    })
}

/// Whether `buf[start..end]` holds a sector that never reached the disk: a 512-byte sector of
/// the file whose part in the range is all zeros (a lost sector of an append reads as zeros past
/// the old end of the file). A synced group damaged later (a flipped bit) has none, and stays
/// corruption rather than being dropped as a torn append.
fn has_lost_sector(buf: &[u8], start: usize, end: usize) -> bool {
    const SECTOR: usize = 512;
    let mut at = start;
    while at < end {
        let next = ((at / SECTOR + 1) * SECTOR).min(end);
        if buf[at..next].iter().all(|&b| b == 0) {
            return true;
        }
        at = next;
    }
    false
}

/// A group record's payload: the bytes of the group's records and their CRC.
fn group_frame(body: &[u8]) -> (usize, u32) {
    let bytes = u64::from_le_bytes(body[..8].try_into().unwrap_or_default());
    let crc = u32::from_le_bytes(body[8..12].try_into().unwrap_or_default());
    (usize::try_from(bytes).unwrap_or(usize::MAX), crc)
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
    /// Commit groups framed by a group record (version 2); false for a version 1 file.
    grouped: bool,
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
        file.write_all(&header(gen, WAL_VERSION))
            .and_then(|_| file.sync_all())
            .map_err(|e| StoreError::io(&path, e))?;
        sync_dir(dir)?;
        Ok(Wal { path, gen, file, pending: Vec::new(), len: HEADER_LEN as u64, grouped: true })
    }

    /// Opens an existing WAL for appending after `valid_len` bytes (a torn tail is cut off).
    pub fn open_append(path: &Path, gen: u64, valid_len: u64) -> Result<Wal> {
        if valid_len < HEADER_LEN as u64 {
            let dir = path.parent().unwrap_or(Path::new("."));
            return Wal::create(dir, gen);
        }
        let mut file = OpenOptions::new().read(true).write(true).open(path).map_err(|e| StoreError::io(path, e))?;
        let io = |e| StoreError::io(path, e);
        // Appends go on in the file's own format.
        let mut version = [0u8; 4];
        file.seek(SeekFrom::Start(8)).and_then(|_| file.read_exact(&mut version)).map_err(io)?;
        let grouped = u32::from_le_bytes(version) >= WAL_VERSION;
        file.set_len(valid_len).map_err(io)?;
        file.seek(SeekFrom::Start(valid_len)).map_err(io)?;
        file.sync_all().map_err(io)?;
        Ok(Wal { path: path.to_path_buf(), gen, file, pending: Vec::new(), len: valid_len, grouped })
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
        let io = |e| StoreError::io(&self.path, e);
        let mut frame = Vec::new();
        if self.grouped {
            // The group's frame first: a crash can leave any of the group's pages on the disk
            // and not others, and the frame's CRC tells such a group from damage.
            let mut body = vec![RECORD_GROUP];
            body.extend_from_slice(&(self.pending.len() as u64).to_le_bytes());
            body.extend_from_slice(&crc32fast::hash(&self.pending).to_le_bytes());
            let len = (body.len() as u32).to_le_bytes();
            frame.extend_from_slice(&len);
            frame.extend_from_slice(&crc32fast::hash(&len).to_le_bytes());
            frame.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
            frame.extend_from_slice(&body);
            self.file.write_all(&frame).map_err(io)?;
        }
        self.file.write_all(&self.pending).map_err(io)?;
        self.file.sync_data().map_err(io)?;
        self.len += (frame.len() + self.pending.len()) as u64;
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
        // One commit group a record.
        for d in &docs {
            wal.append(d);
            wal.commit().expect("commit");
        }
        let path = wal.path().to_path_buf();
        let full = std::fs::read(&path).expect("read");
        let back = read_wal(&path, 3).expect("read wal");
        assert_eq!(back.docs, docs);
        assert!(!back.torn_tail);
        // Cut inside the last group: the first four survive.
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
        let mut file = header(5, WAL_VERSION_UNGROUPED).to_vec();
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

    /// Two commit groups of three records each, of texts `repeat` sentences long; returns the
    /// file and where the second group starts.
    fn two_groups(dir: &Path, repeat: usize) -> (PathBuf, Vec<DocRecord>, usize) {
        let mut wal = Wal::create(dir, 1).expect("create");
        let docs: Vec<_> =
            (0..6).map(|i| sample(i, &format!("正文内容第{i}段，用来检查校验和。").repeat(repeat))).collect();
        for d in &docs[..3] {
            wal.append(d);
        }
        wal.commit().expect("commit");
        let second = wal.len() as usize;
        for d in &docs[3..] {
            wal.append(d);
        }
        wal.commit().expect("commit");
        (wal.path().to_path_buf(), docs, second)
    }

    #[test]
    fn a_flipped_byte_anywhere_is_an_error_with_its_offset() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (path, _, _) = two_groups(dir.path(), 1);
        let good = std::fs::read(&path).expect("read");
        for at in 0..good.len() {
            let mut bad = good.clone();
            bad[at] ^= 0x10;
            std::fs::write(&path, &bad).expect("write");
            // In the last group too: a flipped bit is not what a power cut leaves.
            match read_wal(&path, 1) {
                Err(StoreError::Corrupt(c)) => assert!(c.offset as usize <= at, "offset {} after flip {at}", c.offset),
                Err(StoreError::Version { .. }) => assert!((8..12).contains(&at)),
                other => panic!("flip at {at} undetected: {other:?}"),
            }
        }
    }

    /// A power cut can keep any pages of an unsynced append and not others: a hole of zeros
    /// inside the last group, with its later bytes on the disk.
    #[test]
    fn a_last_group_with_a_hole_is_a_torn_append_and_appends_go_on_after_the_group_before() {
        let dir = tempfile::tempdir().expect("tempdir");
        // Long enough for a group to span several 4 KiB pages.
        let (path, docs, second) = two_groups(dir.path(), 150);
        let good = std::fs::read(&path).expect("read");
        assert!(good.len() - second > 3 * 4096, "the last group spans pages");
        // Each page of the file the last group reaches, lost: its part in the group reads as
        // zeros (past the old end of the file), the pages after it on the disk.
        for page in second / 4096..=(good.len() - 1) / 4096 {
            let mut bad = good.clone();
            let (from, to) = ((page * 4096).max(second), ((page + 1) * 4096).min(bad.len()));
            bad[from..to].fill(0);
            let hole = from;
            std::fs::write(&path, &bad).expect("write");
            let back = read_wal(&path, 1).expect("a torn append reads");
            assert!(back.torn_tail, "hole at {hole}");
            assert_eq!(back.docs, docs[..3]);
            assert_eq!(back.valid_len as usize, second);
        }
        let back = read_wal(&path, 1).expect("read");
        let mut wal = Wal::open_append(&path, 1, back.valid_len).expect("reopen");
        wal.append(&docs[5]);
        wal.commit().expect("commit");
        let mut want = docs[..3].to_vec();
        want.push(docs[5].clone());
        assert_eq!(read_wal(&path, 1).expect("read").docs, want);
        // The same hole in the first group, with the second whole after it, is corruption.
        let mut bad = good.clone();
        bad[4096..8192].fill(0);
        std::fs::write(&path, &bad).expect("write");
        assert!(matches!(read_wal(&path, 1), Err(StoreError::Corrupt(_))), "a synced group damaged");
    }

    #[test]
    fn an_all_zero_file_of_any_length_is_a_creation_cut_short() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(wal_file_name(4));
        for len in [1, HEADER_LEN, HEADER_LEN + 700] {
            std::fs::write(&path, vec![0u8; len]).expect("write");
            let back = read_wal(&path, 4).expect("reads as empty");
            assert!(back.docs.is_empty() && back.torn_tail && back.valid_len == 0, "{len} zero bytes");
        }
        // A writer starts it afresh.
        let mut wal = Wal::open_append(&path, 4, 0).expect("open");
        let doc = sample(2, "重新开始的日志。第二句话在这里。");
        wal.append(&doc);
        wal.commit().expect("commit");
        assert_eq!(read_wal(&path, 4).expect("read").docs, vec![doc]);
    }

    #[test]
    fn a_version_1_file_is_appended_to_without_groups() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(wal_file_name(2));
        std::fs::write(&path, header(2, WAL_VERSION_UNGROUPED)).expect("write");
        let doc = sample(1, "旧格式的文件，没有提交组。第二句话。");
        let mut wal = Wal::open_append(&path, 2, HEADER_LEN as u64).expect("open");
        wal.append(&doc);
        wal.commit().expect("commit");
        let bytes = std::fs::read(&path).expect("read");
        assert_eq!(bytes[HEADER_LEN + 12], RECORD_INSERT, "an insert record first, no group record");
        assert_eq!(read_wal(&path, 2).expect("read").docs, vec![doc]);
    }
}
