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
    /// A limit of the format was reached.
    #[error("{0}")]
    Limit(String),
}

impl StoreError {
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
