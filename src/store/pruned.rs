//! Pruned keys: template and spam keys that queries and new segments ignore.
//!
//! The writer's catalog (sled) holds each pruned key with its frequency and the reason; this file
//! is the snapshot readers use, so that a query never needs the catalog (sled locks it for the
//! writer). Written atomically, named by generation, referenced by the manifest.

use std::path::{Path, PathBuf};

use super::error::{Result, StoreError};
use super::format::{KeyKind, FORMAT_VERSION, PRUNED_MAGIC};
use super::fsutil::write_atomic;

/// File name of pruned-keys generation `gen`.
pub fn pruned_file_name(gen: u64) -> String {
    format!("pruned-{gen:016x}.ddp")
}

/// Caps of compaction's key pruning (the LCS paper's values as defaults).
#[derive(Debug, Clone, Copy)]
pub struct PrunePolicy {
    /// Keys held by more documents than this are pruned (paper: 10,000).
    pub global_cap: usize,
    /// Keys held by more documents than this are pruned when one site holds at least
    /// `site_share` of them (paper: 400, "concentrated in a few sites").
    pub site_cap: usize,
    /// See `site_cap`.
    pub site_share: f64,
}

impl Default for PrunePolicy {
    fn default() -> Self {
        PrunePolicy { global_cap: 10_000, site_cap: 400, site_share: 0.5 }
    }
}

impl PrunePolicy {
    /// Lists up to this long are never pruned (no need to look at their sites).
    pub fn threshold(&self) -> usize {
        self.site_cap.min(self.global_cap)
    }

    /// Why a key held by `freq` documents, `top_site` of them on its most frequent site, is
    /// pruned: "global", "site", or `None` (kept).
    pub fn judge(&self, freq: usize, top_site: usize) -> Option<&'static str> {
        if freq > self.global_cap {
            Some("global")
        } else if freq > self.site_cap && top_site as f64 >= self.site_share * freq as f64 {
            Some("site")
        } else {
            None
        }
    }
}

/// A sorted set of (kind, key).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrunedSet {
    keys: Vec<(u8, u64)>,
}

impl PrunedSet {
    /// From any list of keys.
    pub fn new(mut keys: Vec<(KeyKind, u64)>) -> PrunedSet {
        keys.sort_unstable();
        keys.dedup();
        PrunedSet { keys: keys.into_iter().map(|(k, v)| (k as u8, v)).collect() }
    }

    /// True when `key` of `kind` is pruned.
    pub fn contains(&self, kind: KeyKind, key: u64) -> bool {
        self.keys.binary_search(&(kind as u8, key)).is_ok()
    }

    /// Number of pruned keys.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True when nothing is pruned.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The keys, sorted.
    pub fn iter(&self) -> impl Iterator<Item = (KeyKind, u64)> + '_ {
        self.keys.iter().filter_map(|&(k, v)| Some((KeyKind::from_u8(k)?, v)))
    }

    /// Writes generation `gen` into `dir`; returns its path.
    pub fn store(&self, dir: &Path, gen: u64) -> Result<PathBuf> {
        let mut b = Vec::with_capacity(24 + 16 * self.keys.len());
        b.extend_from_slice(&PRUNED_MAGIC);
        b.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        b.extend_from_slice(&(self.keys.len() as u32).to_le_bytes());
        for &(k, v) in &self.keys {
            b.extend_from_slice(&u32::from(k).to_le_bytes());
            b.extend_from_slice(&0u32.to_le_bytes());
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&crc32fast::hash(&b).to_le_bytes());
        let path = dir.join(pruned_file_name(gen));
        write_atomic(&path, &b)?;
        Ok(path)
    }

    /// Reads generation `gen` from `dir`.
    pub fn load(dir: &Path, gen: u64) -> Result<PrunedSet> {
        let path = dir.join(pruned_file_name(gen));
        let b = std::fs::read(&path).map_err(|e| StoreError::io(&path, e))?;
        let bad = |off: usize, what: &str| StoreError::corrupt(&path, off as u64, what);
        if b.len() < 20 || b[..8] != PRUNED_MAGIC {
            return Err(bad(0, "not a dedupdb pruned-keys file"));
        }
        let n = b.len();
        if crc32fast::hash(&b[..n - 4]) != u32::from_le_bytes([b[n - 4], b[n - 3], b[n - 2], b[n - 1]]) {
            return Err(bad(n - 4, "checksum mismatch"));
        }
        let version = u32::from_le_bytes([b[8], b[9], b[10], b[11]]);
        if version != FORMAT_VERSION {
            return Err(StoreError::Version {
                path,
                found: version,
                oldest: FORMAT_VERSION,
                supported: FORMAT_VERSION,
            });
        }
        let count = u32::from_le_bytes([b[12], b[13], b[14], b[15]]) as usize;
        if count.checked_mul(16).and_then(|x| x.checked_add(20)) != Some(n) {
            return Err(bad(12, "entry count does not match the file size"));
        }
        let mut keys = Vec::with_capacity(count);
        for i in 0..count {
            let o = 16 + 16 * i;
            let kind = KeyKind::from_u8(b[o]).ok_or_else(|| bad(o, "unknown key kind"))?;
            let mut v = [0u8; 8];
            v.copy_from_slice(&b[o + 8..o + 16]);
            keys.push((kind, u64::from_le_bytes(v)));
        }
        Ok(PrunedSet::new(keys))
    }
}
