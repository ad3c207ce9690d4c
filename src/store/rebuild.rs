//! Rebuilding the catalog from what the rest of the index stores.
//!
//! The catalog (sled) is the one part of an index whose format is not ours, and sled 0.34 can
//! refuse a database after a crash. Nothing a query needs lives in it, and almost everything in
//! it is stored again elsewhere: every document's site name and site id are in its segment (or
//! its WAL record), the parameters in the manifest, the pruned keys in the pruned-keys file.
//! Only why and how often a key was pruned is lost: those keys are recorded as "recovered", with
//! frequency and sites 0. The old catalog is kept beside the new one, renamed, for inspection.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::catalog::{Catalog, PrunedInfo};
use super::error::{Result, StoreError};
use super::index::{lock_writer, segments_dir, wal_dir};
use super::manifest::Manifest;
use super::pruned::PrunedSet;
use super::segment::{segment_file_name, Segment};
use super::wal::read_wal_chain;

/// The catalog's directory inside an index.
pub const CATALOG_DIR: &str = "catalog";

/// The reason recorded for a pruned key whose real reason was lost with the old catalog.
pub const RECOVERED: &str = "recovered";

/// What [`rebuild_catalog`] did.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CatalogRebuild {
    /// False when the catalog opened and no rebuild was forced: nothing was changed.
    pub rebuilt: bool,
    /// Why the old catalog was replaced (sled's error, "missing", or "forced").
    pub reason: String,
    /// Documents read (segments and WAL).
    pub docs: u64,
    /// Sites restored with their ids.
    pub sites: usize,
    /// Sites stored under two ids by different documents (the lower id is kept).
    pub site_conflicts: usize,
    /// Pruned keys restored from the pruned-keys file.
    pub pruned_keys: usize,
    /// Where the old catalog was moved, when there was one.
    pub old_catalog: Option<PathBuf>,
}

/// Rebuilds the catalog of the index at `dir` from its segments, WAL, manifest and pruned-keys
/// file, when the catalog is missing or sled cannot open it, or always with `force`. Takes the
/// writer's lock ([`StoreError::Locked`] while an ingest runs). The new catalog is built under a
/// temporary name and renamed into place; a crash leaves either the old catalog or the new one,
/// or (between the two renames) none, which the next writer reports instead of starting an empty
/// one, and a second run completes.
pub fn rebuild_catalog(dir: &Path, force: bool) -> Result<CatalogRebuild> {
    if !dir.is_dir() {
        return Err(StoreError::NotFound { path: dir.into() });
    }
    let _lock = lock_writer(dir)?;
    let manifest = Manifest::load(dir)?;
    let path = dir.join(CATALOG_DIR);
    let reason = if !path.is_dir() {
        "the catalog is missing".to_string()
    } else {
        match Catalog::open(&path) {
            Ok(_) if !force => return Ok(CatalogRebuild { reason: "the catalog opens".into(), ..Default::default() }),
            Ok(_) => "forced".to_string(),
            Err(e) => e.to_string(),
        }
    };
    tracing::info!(catalog = %path.display(), %reason, "rebuilding the catalog");
    let mut out = CatalogRebuild { rebuilt: true, reason, ..Default::default() };

    // Site name -> id, as the documents were stored with them.
    let mut sites: HashMap<String, u32> = HashMap::new();
    let mut note = |site: &str, id: u32, out: &mut CatalogRebuild| {
        out.docs += 1;
        if id == 0 {
            return;
        }
        match sites.get_mut(site) {
            Some(known) if *known != id => {
                out.site_conflicts += 1;
                *known = (*known).min(id);
            }
            Some(_) => {}
            None => {
                sites.insert(site.to_owned(), id);
            }
        }
    };
    for s in &manifest.segments {
        let seg = Segment::open(&segments_dir(dir).join(segment_file_name(s.id)))?;
        for meta in seg.docs()? {
            let (_, site) = seg.strings(meta)?;
            note(&site, meta.site_id, &mut out);
        }
    }
    for d in read_wal_chain(&wal_dir(dir), manifest.wal_gen, true)?.docs {
        note(&d.site, d.site_id, &mut out);
    }
    let pruned = match manifest.pruned_gen {
        0 => PrunedSet::default(),
        gen => PrunedSet::load(dir, gen)?,
    };

    let tmp = tempfile::Builder::new()
        .prefix(super::fsutil::TMP_PREFIX)
        .tempdir_in(dir)
        .map_err(|e| StoreError::io(dir, e))?;
    {
        let mut catalog = Catalog::open(tmp.path())?;
        catalog.record_params(&manifest.params)?;
        let mut by_id: Vec<(u32, &String)> = sites.iter().map(|(s, &id)| (id, s)).collect();
        by_id.sort_unstable();
        for (id, site) in by_id {
            catalog.restore_site(site, id)?;
        }
        let info = PrunedInfo { frequency: 0, sites: 0, reason: RECOVERED.into() };
        for (kind, key) in pruned.iter() {
            catalog.add_pruned(kind, key, &info)?;
        }
        catalog.flush()?;
    }
    out.sites = sites.len();
    out.pruned_keys = pruned.len();
    // Every file sled wrote (its `conf` is never fsynced by sled), before the name is taken.
    super::fsutil::sync_tree(tmp.path())?;
    let built = tmp.keep();
    if path.exists() {
        let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        // A name no earlier rebuild took (two can come in one second).
        let old = (0..)
            .map(|n| match n {
                0 => dir.join(format!("{CATALOG_DIR}.old-{secs}")),
                n => dir.join(format!("{CATALOG_DIR}.old-{secs}-{n}")),
            })
            .find(|p| !p.exists())
            .unwrap_or_else(|| dir.join(format!("{CATALOG_DIR}.old-{secs}")));
        std::fs::rename(&path, &old).map_err(|e| StoreError::io(&path, e))?;
        out.old_catalog = Some(old);
    }
    std::fs::rename(&built, &path).map_err(|e| StoreError::io(&path, e))?;
    super::fsutil::sync_dir(dir)?;
    tracing::info!(sites = out.sites, pruned_keys = out.pruned_keys, docs = out.docs, "catalog rebuilt");
    Ok(out)
}
