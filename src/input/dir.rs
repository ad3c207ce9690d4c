//! A directory of saved pages: `.html`, `.htm` (also `.xhtml`, `.shtml`, as `dedupdb compare`
//! reads them) and `.txt` files, found recursively, in sorted path order so that two runs over
//! the same tree ingest in the same order.
//!
//! The walk is depth-first with each directory's entries sorted by name, which is the same order
//! as sorting all paths component by component, without holding the whole tree's listing. Symbolic
//! links to files are read; links to directories are not followed (a link cycle would never end).

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::{too_large, BodyKind, Item, Limits, RawPage};

/// Reads the page files under a directory.
pub(crate) struct DirReader {
    /// One listing per directory level being walked, each sorted in reverse so `pop` gives the
    /// next entry.
    stack: Vec<Vec<PathBuf>>,
    limits: Limits,
}

impl DirReader {
    /// Lists the root; fails only when the root cannot be listed.
    pub(crate) fn new(root: &Path, limits: Limits) -> io::Result<DirReader> {
        let (listing, _) = list(root)?;
        Ok(DirReader { stack: vec![listing], limits })
    }
}

/// The item of one page file of `len` bytes (as its metadata said).
pub(super) fn read_page(path: &Path, len: u64, kind: BodyKind, limits: Limits) -> Item {
    let location = path.display().to_string();
    let max = limits.max_page_bytes as u64;
    if len > max {
        return Item::Error { location, url: None, message: too_large(len, limits) };
    }
    let read = || -> io::Result<(Vec<u8>, PathBuf)> {
        let mut body = Vec::with_capacity(len as usize);
        // The file may have grown since it was listed: never read past the limit.
        File::open(path)?.take(max + 1).read_to_end(&mut body)?;
        Ok((body, fs::canonicalize(path)?))
    };
    let (body, canonical) = match read() {
        Ok(read) => read,
        Err(e) => return Item::Error { location, url: None, message: format!("cannot read: {e}") },
    };
    if body.len() as u64 > max {
        return Item::Error { location, url: None, message: too_large(body.len() as u64, limits) };
    }
    let url = url::Url::from_file_path(&canonical)
        .map(String::from)
        .unwrap_or_else(|()| format!("file://{}", canonical.display()));
    Item::Page(RawPage { url, body, kind, site: None, fetched_at: None, charset: None, location })
}

/// A directory's entries, sorted in reverse, and the first error met while listing (the entries
/// that could be listed are still walked).
fn list(dir: &Path) -> io::Result<(Vec<PathBuf>, Option<io::Error>)> {
    let mut paths = Vec::new();
    let mut error = None;
    for entry in fs::read_dir(dir)? {
        match entry {
            Ok(entry) => paths.push(entry.path()),
            Err(e) => {
                error.get_or_insert(e);
            }
        }
    }
    paths.sort_unstable_by(|a, b| b.file_name().cmp(&a.file_name()));
    Ok((paths, error))
}

/// The body kind a file name tells, or None for files that are not pages.
pub(super) fn kind_of(path: &Path) -> Option<BodyKind> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "html" | "htm" | "xhtml" | "shtml" => Some(BodyKind::Html),
        "txt" => Some(BodyKind::Text),
        _ => None,
    }
}

impl Iterator for DirReader {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            let top = self.stack.last_mut()?;
            let Some(path) = top.pop() else {
                self.stack.pop();
                continue;
            };
            let meta = match fs::symlink_metadata(&path) {
                Ok(meta) => meta,
                Err(e) => {
                    let message = format!("cannot read: {e}");
                    return Some(Item::Error { location: path.display().to_string(), url: None, message });
                }
            };
            if meta.is_dir() {
                match list(&path) {
                    Ok((listing, error)) => {
                        self.stack.push(listing);
                        if let Some(e) = error {
                            let message = format!("cannot list the whole directory: {e}");
                            return Some(Item::Error { location: path.display().to_string(), url: None, message });
                        }
                    }
                    Err(e) => {
                        let message = format!("cannot list the directory: {e}");
                        return Some(Item::Error { location: path.display().to_string(), url: None, message });
                    }
                }
                continue;
            }
            let Some(kind) = kind_of(&path) else {
                continue;
            };
            let len = if meta.file_type().is_symlink() {
                match fs::metadata(&path) {
                    Ok(target) if target.is_file() => target.len(),
                    Ok(_) => continue,
                    Err(e) => {
                        let message = format!("cannot read: {e}");
                        return Some(Item::Error { location: path.display().to_string(), url: None, message });
                    }
                }
            } else if meta.is_file() {
                meta.len()
            } else {
                continue;
            };
            return Some(read_page(&path, len, kind, self.limits));
        }
    }
}
