//! Bulk load: an index made from segments written elsewhere, in parallel (a batch engine's
//! executors each write one doc-id range with [`write_segment`]), then made live at once by
//! [`finish`]: the WAL, the pruned keys, the manifest, and the catalog rebuilt from them.
//! Until the manifest exists the directory is not an index, so a load that fails part-way
//! leaves nothing that opens as one.

use std::path::Path;

use super::error::{Result, StoreError};
use super::format::KeyKind;
use super::index::{segments_dir, wal_dir, LOCK_FILE};
use super::manifest::{Manifest, SegmentRef, MANIFEST_FILE};
use super::pruned::PrunedSet;
use super::segment::Segment;
use super::segment::{segment_file_name, write_segment as write_one, TextCodec};
use super::wal::Wal;
use crate::params::Params;

use super::doc::DocRecord;

/// Makes `dir` ready for segments: created when missing; refused when it already holds an
/// index (or the start of one: a manifest, a lock, segments).
pub fn prepare(dir: &Path) -> Result<()> {
    if dir.join(MANIFEST_FILE).exists() || dir.join(LOCK_FILE).exists() {
        return Err(StoreError::BadParams {
            path: dir.to_path_buf(),
            problem: "it already holds an index; bulk load writes a new one".into(),
        });
    }
    let segs = segments_dir(dir);
    std::fs::create_dir_all(&segs).map_err(|e| StoreError::io(&segs, e))
}

/// Writes segment `id` of a bulk load: `docs` in increasing doc-id order, their ranges
/// disjoint from every other segment's; `deletes` are doc ids these documents replace. Keys of
/// `pruned` get no postings. Returns the segment's entry for [`finish`].
pub fn write_segment(
    dir: &Path,
    id: u64,
    docs: &[DocRecord],
    deletes: &[u32],
    pruned: &PrunedSet,
) -> Result<SegmentRef> {
    let skip = |kind: KeyKind, key: u64| pruned.contains(kind, key);
    let path = write_one(&segments_dir(dir), id, docs, deletes, &skip, &TextCodec::default())?;
    let file_len = std::fs::metadata(&path).map_err(|e| StoreError::io(&path, e))?.len();
    Ok(SegmentRef { id, doc_count: docs.len() as u32, file_len })
}

/// Makes the bulk load at `dir` an index: checks every segment of `segments` (opened, in
/// doc-id order, disjoint), writes an empty WAL, the `pruned` keys and the manifest (the
/// commit point), then builds the catalog from them.
pub fn finish(dir: &Path, params: &Params, mut segments: Vec<SegmentRef>, pruned: &PrunedSet) -> Result<Manifest> {
    segments.sort_unstable_by_key(|s| s.id);
    let mut next_doc_id = 1u32;
    for s in &segments {
        let path = segments_dir(dir).join(segment_file_name(s.id));
        let seg = Segment::open(&path)?;
        let (first, last) = seg.doc_range();
        if seg.doc_count() != s.doc_count || (s.doc_count > 0 && first < next_doc_id) {
            return Err(StoreError::Internal {
                path,
                what: format!("segment {} overlaps the one before or is not the one written", s.id),
            });
        }
        if s.doc_count > 0 {
            next_doc_id = last + 1;
        }
    }
    let mut m = Manifest::new(params.clone());
    m.next_doc_id = next_doc_id;
    m.next_segment_id = segments.last().map_or(1, |s| s.id + 1);
    m.segments = segments;
    let wal = wal_dir(dir);
    std::fs::create_dir_all(&wal).map_err(|e| StoreError::io(&wal, e))?;
    drop(Wal::create(&wal, m.wal_gen)?);
    if !pruned.is_empty() {
        m.pruned_gen = 1;
        pruned.store(dir, m.pruned_gen)?;
    }
    super::fsutil::sync_dir(dir)?;
    super::fsutil::sync_parent(dir)?;
    m.store(dir)?;
    super::rebuild::rebuild_catalog(dir, true)?;
    Ok(m)
}
