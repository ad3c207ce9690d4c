//! Crash-safe file writes: a temporary file in the same directory, fsync, rename, fsync the
//! directory. A crash leaves either the old file or the new one, never a torn one.

use std::io::Write;
use std::path::Path;

use tempfile::NamedTempFile;

use super::error::{Result, StoreError};

/// Name prefix of temporary files: garbage when a writer opens the index.
pub const TMP_PREFIX: &str = ".tmp-";

/// A new temporary file in `dir`, to be [`publish`]ed under its final name.
pub fn temp_in(dir: &Path) -> Result<NamedTempFile> {
    tempfile::Builder::new().prefix(TMP_PREFIX).tempfile_in(dir).map_err(|e| StoreError::io(dir, e))
}

/// Makes a fully written temporary file `path`: fsync, rename, fsync the directory.
pub fn publish(tmp: NamedTempFile, path: &Path) -> Result<()> {
    // Temporary files are private; published index files are readable like any other data file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))
            .map_err(|e| StoreError::io(tmp.path(), e))?;
    }
    tmp.as_file().sync_all().map_err(|e| StoreError::io(tmp.path(), e))?;
    tmp.persist(path).map_err(|e| StoreError::io(path, e.error))?;
    sync_dir(path.parent().unwrap_or(Path::new(".")))
}

/// Atomically replaces `path` with `bytes`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut tmp = temp_in(path.parent().unwrap_or(Path::new(".")))?;
    tmp.write_all(bytes).map_err(|e| StoreError::io(tmp.path(), e))?;
    publish(tmp, path)
}

/// Fsyncs a directory so that renames and creations in it are durable.
pub fn sync_dir(dir: &Path) -> Result<()> {
    let f = std::fs::File::open(dir).map_err(|e| StoreError::io(dir, e))?;
    f.sync_all().map_err(|e| StoreError::io(dir, e))
}
