//! Errors of the store. Every error names the file it concerns; corruption also names the byte
//! offset, so that an operator can look at it (`ddtool verify` lists them all).

use std::path::PathBuf;

/// A checksum or structure failure at a place in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Corrupt {
    /// The file.
    pub file: PathBuf,
    /// Byte offset of the damaged record, page or structure.
    pub offset: u64,
    /// What is wrong.
    pub what: String,
}

impl std::fmt::Display for Corrupt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: corrupt at offset {}: {}", self.file.display(), self.offset, self.what)
    }
}

/// Errors of opening, reading and writing an index.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// An I/O error on a file.
    #[error("{}: {cause}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error (in the message, so not also a `source()`: printed with its
        /// chain, it would read twice).
        cause: std::io::Error,
    },
    /// A file failed a checksum or does not parse.
    #[error("{0}")]
    Corrupt(Corrupt),
    /// A file of a format version this build does not read.
    #[error("{}: format version {found} is not supported (this build reads {})", path.display(), versions(*oldest, *supported))]
    Version {
        /// The file.
        path: PathBuf,
        /// Version in the file.
        found: u32,
        /// Oldest version this build reads.
        oldest: u32,
        /// Newest version this build reads (and writes).
        supported: u32,
    },
    /// The manifest holds a parameter this build does not know: a newer build created the index,
    /// and its keys may follow a rule this one would not apply.
    #[error("{}: parameter \"{name}\" is unknown to this build of dedupdb (a newer build created the index, and its keys may follow rules this one does not); use that build", path.display())]
    UnknownParameter {
        /// The manifest.
        path: PathBuf,
        /// The parameter's name.
        name: String,
    },
    /// Another process holds the index's writer lock.
    #[error("{}: index is locked by another process (another ingest is running); queries and `ddtool verify` still work", path.display())]
    Locked {
        /// The lock file.
        path: PathBuf,
    },
    /// The path holds no index.
    #[error("{}: no dedupdb index here (no MANIFEST); create one with `dedupdb ingest --db {}`", path.display(), path.display())]
    NotFound {
        /// The index directory.
        path: PathBuf,
    },
    /// The catalog (sled) failed.
    #[error("{}: catalog error: {message}", path.display())]
    Catalog {
        /// The catalog directory.
        path: PathBuf,
        /// sled's message.
        message: String,
    },
    /// A write through an index opened for reading.
    #[error("{}: index opened read-only", path.display())]
    ReadOnly {
        /// The index directory.
        path: PathBuf,
    },
    /// The parameters of a new index are invalid.
    #[error("{}: cannot create an index: {problem}", path.display())]
    BadParams {
        /// The index directory.
        path: PathBuf,
        /// What is wrong with them.
        problem: String,
    },
    /// Segment files without a manifest: someone removed it; starting afresh would lose them.
    #[error("{}: segment files but no MANIFEST ({} is one); refusing to start a new index over them", path.display(), segment.display())]
    ManifestMissing {
        /// The index directory.
        path: PathBuf,
        /// One of the segment files.
        segment: PathBuf,
    },
    /// A reader could not catch a stable state: the writer kept publishing while it opened.
    #[error("{}: the index kept changing while it was opened; try again", path.display())]
    KeptChanging {
        /// The index directory.
        path: PathBuf,
    },
    /// Ids of a kind ran out (2^32 documents or sites).
    #[error("{}: {what} exhausted", path.display())]
    Exhausted {
        /// The index directory or catalog.
        path: PathBuf,
        /// Which ids.
        what: &'static str,
    },
    /// A segment's structure would pass a limit of the format (4 GiB postings or texts...).
    #[error("{}: too large for a segment: {what}", path.display())]
    TooLarge {
        /// The segment file (or, for a text, the page's URL).
        path: PathBuf,
        /// What is too large.
        what: String,
    },
    /// A merge of segments the index does not have.
    #[error("{}: no segments {run:?} to merge (the index has {segments})", path.display())]
    NoSuchSegments {
        /// The index directory.
        path: PathBuf,
        /// The segments asked for.
        run: std::ops::Range<usize>,
        /// How many the index has.
        segments: usize,
    },
    /// An earlier background flush failed; a writer must be opened again.
    #[error("{}: an earlier flush failed; its pages are safe in the WAL and the next open replays them", path.display())]
    FlushFailed {
        /// The index directory.
        path: PathBuf,
    },
    /// A background flush or merge panicked (a bug); the pages are safe in the WAL.
    #[error("{}: a background flush or merge panicked (a bug in dedupdb; the pages are safe in the WAL)", path.display())]
    Background {
        /// The index directory.
        path: PathBuf,
    },
    /// A background merge was cancelled (the writer is closing).
    #[error("{}: merge cancelled", path.display())]
    Cancelled {
        /// The segments directory.
        path: PathBuf,
    },
    /// A record would not serialize.
    #[error("{what} do not serialize: {message}")]
    Serialize {
        /// What was serialized.
        what: &'static str,
        /// serde's message.
        message: String,
    },
    /// An invariant of the writer broke (a bug in dedupdb): nothing is published.
    #[error("{}: internal error (a bug in dedupdb; please report it): {what}", path.display())]
    Internal {
        /// The file being written.
        path: PathBuf,
        /// Which invariant.
        what: String,
    },
}

impl StoreError {
    /// True when the file system holding the index is full (or the user's quota is): nothing is
    /// wrong with the index, and the same operation succeeds once there is room.
    pub fn is_disk_full(&self) -> bool {
        match self {
            StoreError::Io { cause, .. } => io_disk_full(cause),
            // sled keeps only its message.
            StoreError::Catalog { message, .. } => {
                message.contains(&format!("os error {}", libc_codes::ENOSPC))
                    || message.contains(&format!("os error {}", libc_codes::EDQUOT))
            }
            _ => false,
        }
    }

    /// An I/O error on `path`.
    pub fn io(path: impl Into<PathBuf>, cause: std::io::Error) -> StoreError {
        StoreError::Io { path: path.into(), cause }
    }

    /// Corruption of `file` at `offset`.
    pub fn corrupt(file: impl Into<PathBuf>, offset: u64, what: impl Into<String>) -> StoreError {
        StoreError::Corrupt(Corrupt { file: file.into(), offset, what: what.into() })
    }
}

/// Result of store operations.
pub type Result<T> = std::result::Result<T, StoreError>;

/// "version 1" or "versions 1 to 2".
fn versions(oldest: u32, newest: u32) -> String {
    if oldest == newest {
        format!("version {newest}")
    } else {
        format!("versions {oldest} to {newest}")
    }
}

/// True when `e` says the file system (or a quota) is full.
pub fn io_disk_full(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::StorageFull
        || matches!(e.raw_os_error(), Some(libc_codes::ENOSPC | libc_codes::EDQUOT))
}

/// The Linux error numbers of a full disk, as the system's messages print them.
mod libc_codes {
    /// No space left on device.
    pub const ENOSPC: i32 = 28;
    /// Disk quota exceeded.
    pub const EDQUOT: i32 = 122;
}
