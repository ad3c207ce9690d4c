//! The library's errors: one enum per operation, each `#[non_exhaustive]`, all converting into
//! [`Error`]. Every message names the file, input or index it concerns. Exit codes belong to the
//! binaries (`dedupdb`, `ddtool`), not here.

use std::path::PathBuf;

pub use crate::input::InputError;
pub use crate::store::{Corrupt, StoreError};

/// Any error of the library.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Opening or creating an index, or taking its writer.
    #[error(transparent)]
    Open(#[from] OpenError),
    /// Adding, committing or flushing pages.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// Answering a query.
    #[error(transparent)]
    Query(#[from] QueryError),
    /// Merging, compacting, checking or rebuilding an index.
    #[error(transparent)]
    Maintenance(#[from] MaintenanceError),
    /// An input (a crawl file, a directory, stdin) that cannot be opened.
    #[error(transparent)]
    Input(#[from] InputError),
    /// An I/O error outside the index: writing a report, starting a thread.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl Error {
    /// The storage error underneath, if this is one (corruption, I/O on an index file...).
    pub fn store(&self) -> Option<&StoreError> {
        match self {
            Error::Open(OpenError::Store(e))
            | Error::Write(WriteError::Store(e))
            | Error::Query(QueryError::Store(e))
            | Error::Maintenance(MaintenanceError::Store(e)) => Some(e),
            _ => None,
        }
    }

    /// True when another writer holds the index (retry later).
    pub fn is_locked(&self) -> bool {
        matches!(self, Error::Open(OpenError::Locked { .. } | OpenError::WriterOpen { .. }))
    }
}

/// Why an index cannot be opened or created, or its writer taken.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OpenError {
    /// Another process holds the index's writer lock.
    #[error("{}: index is locked by another process (another ingest is running); queries and `ddtool verify` still work", path.display())]
    Locked {
        /// The lock file.
        path: PathBuf,
    },
    /// This process already has the index's [`crate::Writer`].
    #[error("{}: this process already has the index's writer; there is one writer at a time", path.display())]
    WriterOpen {
        /// The index directory.
        path: PathBuf,
    },
    /// The path holds no index.
    #[error("{}: no dedupdb index here (no MANIFEST); create one with `dedupdb ingest --db {}`", path.display(), path.display())]
    NotFound {
        /// The index directory.
        path: PathBuf,
    },
    /// Damage, an unsupported format version, a refused creation or I/O.
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for OpenError {
    fn from(e: StoreError) -> OpenError {
        match e {
            StoreError::Locked { path } => OpenError::Locked { path },
            StoreError::NotFound { path } => OpenError::NotFound { path },
            other => OpenError::Store(other),
        }
    }
}

/// Why pages could not be added or made durable. Pages already committed are safe.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The index failed: I/O, damage, or a limit of the format.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a query could not be answered.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum QueryError {
    /// The index failed: I/O or damage.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a merge, a compaction, a check or a rebuild failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MaintenanceError {
    /// The index failed: I/O, damage, or a limit of the format.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// True when `e`, or an error its `source()` chain leads to, says another writer holds the index:
/// what the binaries turn into their "locked" exit code.
pub fn locked_in(e: &(dyn std::error::Error + 'static)) -> bool {
    any_in_chain(e, |e| {
        e.downcast_ref::<Error>().is_some_and(Error::is_locked)
            || matches!(e.downcast_ref::<StoreError>(), Some(StoreError::Locked { .. }))
            || matches!(e.downcast_ref::<OpenError>(), Some(OpenError::Locked { .. } | OpenError::WriterOpen { .. }))
    })
}

/// What the binaries add to an error of a full disk ([`disk_full_in`]).
pub const DISK_FULL_HINT: &str = "the disk holding the index is full: free space (or move the index) and run the \
command again; the index is intact, and every page already answered is stored";

/// True when `e`, or an error its `source()` chain leads to, says the disk holding the index is
/// full: the binaries then say so and how to go on.
pub fn disk_full_in(e: &(dyn std::error::Error + 'static)) -> bool {
    any_in_chain(e, |e| {
        e.downcast_ref::<Error>().and_then(Error::store).is_some_and(StoreError::is_disk_full)
            || e.downcast_ref::<StoreError>().is_some_and(StoreError::is_disk_full)
            || e.downcast_ref::<std::io::Error>().is_some_and(crate::store::error::io_disk_full)
    })
}

/// True when `e` or an error its `source()` chain leads to satisfies `test`.
fn any_in_chain(
    e: &(dyn std::error::Error + 'static),
    test: impl Fn(&(dyn std::error::Error + 'static)) -> bool,
) -> bool {
    std::iter::successors(Some(e), |e| e.source()).any(test)
}

/// Result of the library's operations.
pub type Result<T> = std::result::Result<T, Error>;
