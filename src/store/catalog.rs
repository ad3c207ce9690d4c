//! The catalog: small metadata in sled (pinned 0.34), opened by the writer only.
//!
//! Trees: `meta` (format version, parameters, next site id), `sites` (site name -> id),
//! `pruned` (kind + key -> frequency, sites, reason as JSON). A query needs none of it: the
//! parameters are in the manifest, site ids and names in the segments, pruned keys in the
//! pruned-keys file.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::error::{Result, StoreError};
use super::format::{KeyKind, FORMAT_VERSION};

/// Why and how often a key was pruned.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PrunedInfo {
    /// Documents holding the key when it was pruned.
    pub frequency: u64,
    /// Distinct sites among them.
    pub sites: u64,
    /// "global" (over the global cap) or "site" (over the site cap while concentrated in few sites).
    pub reason: String,
}

/// The open catalog.
pub struct Catalog {
    path: PathBuf,
    db: sled::Db,
    meta: sled::Tree,
    sites: sled::Tree,
    pruned: sled::Tree,
    site_cache: HashMap<String, u32>,
    /// The id the next new site gets (kept in `meta` too).
    next_site_id: u32,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog").field("path", &self.path).finish()
    }
}

/// Opens sled in `dir`. The index's own LOCK already keeps other writers out; sled's file lock
/// can still be held for a moment by the background thread of a handle this process just
/// dropped (an index closed and opened again at once), so a lock refused is retried for up to
/// two seconds.
fn open_sled(dir: &Path) -> sled::Result<sled::Db> {
    let mut tries = 0;
    loop {
        match sled::Config::new().path(dir).mode(sled::Mode::LowSpace).open() {
            // (sled reports its lock as ErrorKind::Other with this message.)
            Err(sled::Error::Io(e)) if e.to_string().starts_with("could not acquire lock") && tries < 40 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            other => return other,
        }
    }
}

impl Catalog {
    /// Opens (creating) the catalog in `dir`.
    pub fn open(dir: &Path) -> Result<Catalog> {
        let err = |e: sled::Error| StoreError::Catalog { path: dir.into(), message: e.to_string() };
        remove_unfinished_snapshots(dir)?;
        let db = open_sled(dir).map_err(err)?;
        let meta = db.open_tree("meta").map_err(err)?;
        match meta.get("format_version").map_err(err)? {
            Some(v) => {
                let found = v.as_ref().try_into().map(u32::from_le_bytes).unwrap_or(0);
                if found != FORMAT_VERSION {
                    return Err(StoreError::Version {
                        path: dir.into(),
                        found,
                        oldest: FORMAT_VERSION,
                        supported: FORMAT_VERSION,
                    });
                }
            }
            None => {
                meta.insert("format_version", &FORMAT_VERSION.to_le_bytes()).map_err(err)?;
            }
        }
        let sites = db.open_tree("sites").map_err(err)?;
        let pruned = db.open_tree("pruned").map_err(err)?;
        let next_site_id = match meta.get(NEXT_SITE_ID).map_err(err)? {
            Some(v) => v.as_ref().try_into().map(u32::from_le_bytes).map_err(|_| StoreError::Catalog {
                path: dir.into(),
                message: format!("meta {NEXT_SITE_ID:?} is {} bytes, not 4", v.len()),
            })?,
            None => {
                // A catalog from before the counter: past every id handed out so far.
                let mut max = 0u32;
                for item in sites.iter() {
                    let (_, v) = item.map_err(err)?;
                    max = max.max(site_id_of(&v));
                }
                let next = max
                    .checked_add(1)
                    .ok_or_else(|| StoreError::Exhausted { path: dir.to_path_buf(), what: "site ids" })?;
                meta.insert(NEXT_SITE_ID, &next.to_le_bytes()).map_err(err)?;
                next
            }
        };
        Ok(Catalog { path: dir.into(), db, meta, sites, pruned, site_cache: HashMap::new(), next_site_id })
    }

    /// Creates an empty catalog at `dir` (which must not exist) all at once: it is built under
    /// a temporary name beside `dir`, flushed, renamed into place and the rename made durable.
    /// sled 0.34 cannot open a database killed while it was being created, so a crash during
    /// creation must leave no catalog at all (and the temporary directory, which a writer
    /// removes as garbage).
    pub fn create(dir: &Path) -> Result<()> {
        let parent = dir.parent().unwrap_or(Path::new("."));
        let tmp = tempfile::Builder::new()
            .prefix(super::fsutil::TMP_PREFIX)
            .tempdir_in(parent)
            .map_err(|e| StoreError::io(parent, e))?;
        Catalog::open(tmp.path())?.flush()?;
        // sled fsyncs its log but not the `conf` file it writes at creation, nor the directory:
        // after a power cut the catalog could be a name with an empty `conf`, which sled refuses.
        super::fsutil::sync_tree(tmp.path())?;
        let built = tmp.keep();
        std::fs::rename(&built, dir).map_err(|e| StoreError::io(dir, e))?;
        super::fsutil::sync_dir(parent)
    }

    fn err(&self, e: sled::Error) -> StoreError {
        StoreError::Catalog { path: self.path.clone(), message: e.to_string() }
    }

    /// Records the index's parameters (the manifest holds the copy readers use).
    pub fn record_params(&self, params: &crate::params::Params) -> Result<()> {
        let v = serde_json::to_vec(params)
            .map_err(|e| StoreError::Serialize { what: "the parameters", message: e.to_string() })?;
        self.meta.insert("params", v).map_err(|e| self.err(e))?;
        Ok(())
    }

    /// The parameters recorded by [`Catalog::record_params`].
    pub fn params(&self) -> Result<Option<crate::params::Params>> {
        Ok(self.meta.get("params").map_err(|e| self.err(e))?.and_then(|v| serde_json::from_slice(&v).ok()))
    }

    /// The id of `site` if the catalog has one (cached from then on).
    fn known_site(&mut self, site: &str) -> Result<Option<u32>> {
        if let Some(&id) = self.site_cache.get(site) {
            return Ok(Some(id));
        }
        let id = match self.sites.get(site).map_err(|e| self.err(e))? {
            Some(v) if v.len() >= 4 => site_id_of(&v),
            _ => return Ok(None),
        };
        self.site_cache.insert(site.to_owned(), id);
        Ok(Some(id))
    }

    /// The id of `site`, assigned on first sight.
    pub fn site_id(&mut self, site: &str) -> Result<u32> {
        if let Some(id) = self.known_site(site)? {
            return Ok(id);
        }
        let id = self.next_site_id;
        // The counter first: sled replays its log in order, so a crash between the two writes
        // can skip an id but never hand one out twice.
        self.count_past(id)?;
        self.sites.insert(site, &id.to_le_bytes()).map_err(|e| self.err(e))?;
        self.site_cache.insert(site.to_owned(), id);
        Ok(id)
    }

    /// Records that `site` has id `id`, as the documents stored with it say (a catalog rebuilt
    /// from the segments); later new sites get ids above it.
    pub fn restore_site(&mut self, site: &str, id: u32) -> Result<()> {
        self.sites.insert(site, &id.to_le_bytes()).map_err(|e| self.err(e))?;
        if id >= self.next_site_id {
            self.count_past(id)?;
        }
        self.site_cache.insert(site.to_owned(), id);
        Ok(())
    }

    /// Records that `site` has id `id` unless the catalog already names it: the writer's WAL
    /// says so after a crash that lost the catalog's newest writes (sled makes them durable
    /// only on a flush) while the WAL, synced on every commit, kept the pages stored with the
    /// id. Without it the site's next page got another id, and rules that compare pages' sites
    /// read one site as two. Returns whether it was missing.
    pub fn recover_site(&mut self, site: &str, id: u32) -> Result<bool> {
        if self.known_site(site)?.is_some() {
            return Ok(false);
        }
        self.restore_site(site, id)?;
        Ok(true)
    }

    /// Moves the next new site's id to one past `id`, in `meta` too.
    fn count_past(&mut self, id: u32) -> Result<()> {
        let next =
            id.checked_add(1).ok_or_else(|| StoreError::Exhausted { path: self.path.clone(), what: "site ids" })?;
        self.meta.insert(NEXT_SITE_ID, &next.to_le_bytes()).map_err(|e| self.err(e))?;
        self.next_site_id = next;
        Ok(())
    }

    /// Every site and its id.
    pub fn sites(&self) -> Result<Vec<(String, u32)>> {
        let mut out = Vec::new();
        for item in self.sites.iter() {
            let (k, v) = item.map_err(|e| self.err(e))?;
            out.push((String::from_utf8_lossy(&k).into_owned(), site_id_of(&v)));
        }
        Ok(out)
    }

    /// Number of known sites.
    pub fn site_count(&self) -> usize {
        self.sites.len()
    }

    /// Records a pruned key.
    pub fn add_pruned(&self, kind: KeyKind, key: u64, info: &PrunedInfo) -> Result<()> {
        let mut k = vec![kind as u8];
        k.extend_from_slice(&key.to_be_bytes());
        let v = serde_json::to_vec(info)
            .map_err(|e| StoreError::Serialize { what: "a pruned key's record", message: e.to_string() })?;
        self.pruned.insert(k, v).map_err(|e| self.err(e))?;
        Ok(())
    }

    /// All pruned keys with their information.
    pub fn pruned(&self) -> Result<Vec<(KeyKind, u64, PrunedInfo)>> {
        let mut out = Vec::new();
        for item in self.pruned.iter() {
            let (k, v) = item.map_err(|e| self.err(e))?;
            let Some((&b, rest)) = k.split_first() else { continue };
            let (Some(kind), Ok(key)) = (KeyKind::from_u8(b), rest.try_into().map(u64::from_be_bytes)) else {
                continue;
            };
            if let Ok(info) = serde_json::from_slice(&v) {
                out.push((kind, key, info));
            }
        }
        Ok(out)
    }

    /// Makes everything written so far durable.
    pub fn flush(&self) -> Result<()> {
        self.db.flush().map_err(|e| self.err(e))?;
        // sled's flush ends in sync_file_range, which on Linux writes the pages but neither the
        // file's size nor the drive's cache: not durable across a power cut. An fsync of its log
        // file (any descriptor of it will do) and of the directories is.
        for name in [SLED_LOG, SLED_BLOBS, "."] {
            let path = self.path.join(name);
            let synced = std::fs::File::open(&path).and_then(|f| f.sync_all());
            match synced {
                Ok(()) => {}
                // No blobs directory: no value large enough for one was ever stored.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && name == SLED_BLOBS => {}
                Err(e) => return Err(StoreError::io(&path, e)),
            }
        }
        Ok(())
    }
}

/// sled 0.34's log file and directory of large values, in the catalog's directory.
const SLED_LOG: &str = "db";
const SLED_BLOBS: &str = "blobs";

/// The `meta` key of the next site id to hand out.
const NEXT_SITE_ID: &str = "next_site_id";

/// A site id as stored (u32 LE); 0 (unknown) for a value too short to be one.
fn site_id_of(v: &[u8]) -> u32 {
    v.get(..4).and_then(|b| b.try_into().ok()).map_or(0, u32::from_le_bytes)
}

/// Removes the snapshots sled 0.34 was still writing when its process died. It writes a
/// snapshot as `snap.<lsn>.generating`, syncs it and renames it to `snap.<lsn>`, keeping the
/// previous one until then; but on open it reads the highest-named `snap.*` file, which is such
/// a leftover when there is one, and then refuses the database as corrupt (sled issues 1527,
/// 1533). Without it, sled reads the last complete snapshot and replays its log from there. Seen
/// in the SIGKILL test: a writer killed moments after it opened a new index.
fn remove_unfinished_snapshots(dir: &Path) -> Result<()> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(()); // no catalog yet: sled creates it
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with("snap.") && name.ends_with(".generating") {
            let path = entry.path();
            tracing::warn!(file = %path.display(), "removing an unfinished catalog snapshot (interrupted write)");
            std::fs::remove_file(&path).map_err(|e| StoreError::io(&path, e))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sites_params_and_pruned_keys_persist() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = crate::params::Params { theta: 0.2, ..Default::default() };
        {
            let mut c = Catalog::open(dir.path()).expect("open");
            let a = c.site_id("a.example").expect("site");
            assert_ne!(a, c.site_id("b.example").expect("site"));
            assert_eq!(a, c.site_id("a.example").expect("site"));
            c.record_params(&p).expect("params");
            let info = PrunedInfo { frequency: 500, sites: 1, reason: "site".into() };
            c.add_pruned(KeyKind::Period, 42, &info).expect("pruned");
            c.flush().expect("flush");
        }
        let mut c = Catalog::open(dir.path()).expect("reopen");
        assert_eq!(c.params().expect("params"), Some(p));
        assert_eq!(c.site_count(), 2);
        let first = c.site_id("a.example").expect("site");
        assert_eq!(c.site_id("a.example").expect("site"), first);
        let pruned = c.pruned().expect("pruned");
        assert_eq!(pruned.len(), 1);
        assert_eq!((pruned[0].0, pruned[0].1, pruned[0].2.frequency), (KeyKind::Period, 42, 500));
    }

    /// sled's own lock, still held for a moment by a handle going away, is waited for.
    #[test]
    fn a_catalog_whose_lock_is_released_soon_after_opens() {
        let dir = tempfile::tempdir().expect("tempdir");
        drop(Catalog::open(dir.path()).expect("create"));
        // The handle just dropped may still hold the lock for a moment: the test's own holder
        // waits for it the same way (opening it at once failed about one run in fifteen).
        let held = open_sled(dir.path()).expect("sled");
        let (tx, rx) = std::sync::mpsc::channel();
        let holder = std::thread::spawn(move || {
            tx.send(()).expect("send");
            std::thread::sleep(std::time::Duration::from_millis(300));
            drop(held);
        });
        rx.recv().expect("holder started");
        let c = Catalog::open(dir.path()).expect("opens once the lock is released");
        assert_eq!(c.site_count(), 0);
        holder.join().expect("holder");
    }

    #[test]
    fn new_sites_are_numbered_after_restored_ones_and_ids_of_older_catalogs() {
        // A catalog from before the id counter: ids handed out by sled's generator.
        let dir = tempfile::tempdir().expect("tempdir");
        {
            let db = sled::Config::new().path(dir.path()).open().expect("sled");
            db.open_tree("meta").expect("meta").insert("format_version", &FORMAT_VERSION.to_le_bytes()).expect("v");
            let sites = db.open_tree("sites").expect("sites");
            sites.insert("a.example", &5u32.to_le_bytes()).expect("a");
            sites.insert("b.example", &9u32.to_le_bytes()).expect("b");
            db.flush().expect("flush");
        }
        {
            let mut c = Catalog::open(dir.path()).expect("open");
            assert_eq!(c.site_id("b.example").expect("old"), 9);
            assert_eq!(c.site_id("c.example").expect("new"), 10);
            c.restore_site("d.example", 40).expect("restore");
            c.restore_site("e.example", 12).expect("restore below the counter");
            assert_eq!(c.site_id("f.example").expect("new"), 41);
            c.flush().expect("flush");
        }
        let mut c = Catalog::open(dir.path()).expect("reopen");
        assert_eq!(c.site_id("g.example").expect("new"), 42, "the counter persists");
        let mut all = c.sites().expect("sites");
        all.sort();
        let ids: Vec<u32> = all.iter().map(|(_, id)| *id).collect();
        assert_eq!(ids, [5, 9, 10, 40, 12, 41, 42]);
    }

    #[test]
    fn a_snapshot_cut_short_by_a_crash_does_not_lose_the_catalog() {
        // What a kill leaves while sled writes its next snapshot: a name sorting after every
        // complete one, empty or cut anywhere. Each case gets a catalog of its own.
        for (i, body) in [&b""[..], &[7u8; 40][..]].into_iter().enumerate() {
            let dir = tempfile::tempdir().expect("tempdir");
            let site = {
                let mut c = Catalog::open(dir.path()).expect("open");
                let id = c.site_id("a.example").expect("site");
                c.flush().expect("flush");
                id
            };
            let leftover = dir.path().join(format!("snap.FFFFFFFFFFFFFF0{i}.generating"));
            std::fs::write(&leftover, body).expect("plant");
            let mut c = Catalog::open(dir.path()).expect("a catalog with an unfinished snapshot opens");
            assert!(!leftover.exists());
            assert_eq!(c.site_id("a.example").expect("site"), site);
            assert_eq!(c.site_count(), 1);
        }
    }
}
