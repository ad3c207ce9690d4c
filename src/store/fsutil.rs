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
    // Renamed through std (libc's rename), not `persist` (a raw system call on Linux): the
    // power-loss test's recording library sees only what goes through libc. A failed rename
    // leaves the temporary file to be removed when `tmp` drops.
    let tmp = tmp.into_temp_path();
    std::fs::rename(&tmp, path).map_err(|e| StoreError::io(path, e))?;
    // Renamed away: nothing left to delete (`keep` only disarms the removal).
    let _ = tmp.keep();
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

/// Fsyncs every file and directory under `dir`, and `dir` itself: a directory another library
/// wrote, made durable before it is renamed into place.
pub fn sync_tree(dir: &Path) -> Result<()> {
    for entry in std::fs::read_dir(dir).map_err(|e| StoreError::io(dir, e))? {
        let path = entry.map_err(|e| StoreError::io(dir, e))?.path();
        if path.is_dir() {
            sync_tree(&path)?;
        } else {
            let f = std::fs::File::open(&path).map_err(|e| StoreError::io(&path, e))?;
            f.sync_all().map_err(|e| StoreError::io(&path, e))?;
        }
    }
    sync_dir(dir)
}

/// Fsyncs the directory holding `path`, making `path`'s own name durable (an fsync of `path`
/// itself covers only the names inside it).
pub fn sync_parent(path: &Path) -> Result<()> {
    sync_dir(path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")))
}
