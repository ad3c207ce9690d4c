//! `ddtool verify`: a whole index checked without the writer's lock.

use std::collections::HashMap;
use std::path::Path;

use super::error::{Result, StoreError};
use super::format::url_hash;
use super::index::{segments_dir, wal_dir, Index};
use super::manifest::Manifest;
use super::segment::{segment_file_name, Segment};
use super::wal::read_wal_chain;

/// What [`verify`] found.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct VerifyReport {
    /// Manifest generation checked.
    pub generation: u64,
    /// Live segments.
    pub segments: usize,
    /// Documents in segments.
    pub segment_docs: u64,
    /// Documents in the WAL.
    pub wal_docs: usize,
    /// Live documents (not replaced).
    pub live_docs: u64,
    /// Whether the WAL ends in an incomplete record (normal while a writer is appending, or
    /// after a crash: the next writer drops it).
    pub wal_torn_tail: bool,
    /// Every problem found, each naming its file (and offset for corruption).
    pub problems: Vec<String>,
}

/// Checks a whole index without the writer's lock: every checksum of every file, the structure
/// of segments, the WAL, the manifest's consistency, and that no URL is stored live twice.
pub fn verify(dir: &Path) -> Result<VerifyReport> {
    let mut report = VerifyReport::default();
    let index = match Index::open_reader(dir) {
        Ok(i) => i,
        Err(e @ (StoreError::Corrupt(_) | StoreError::Version { .. } | StoreError::UnknownParameter { .. })) => {
            report.problems.push(e.to_string());
            // Open failed on the first bad file; still check every segment file on its own.
            if let Ok(m) = Manifest::load(dir) {
                report.generation = m.generation;
                for r in &m.segments {
                    let path = segments_dir(dir).join(segment_file_name(r.id));
                    match Segment::open(&path) {
                        Ok(s) => report.problems.extend(s.verify().iter().map(ToString::to_string)),
                        Err(e) => report.problems.push(e.to_string()),
                    }
                }
            }
            report.problems.dedup();
            return Ok(report);
        }
        Err(e) => return Err(e),
    };
    report.generation = index.manifest().generation;
    report.segments = index.segments().len();
    report.wal_docs = index.memtable_len();
    if let Ok(c) = read_wal_chain(&wal_dir(dir), index.manifest().wal_gen, false) {
        report.wal_torn_tail = c.torn_tail;
    }
    let mut prev_max: Option<u32> = None;
    for seg in index.segments() {
        report.segment_docs += u64::from(seg.doc_count());
        report.problems.extend(seg.verify().iter().map(ToString::to_string));
        let (lo, hi) = seg.doc_range();
        if seg.doc_count() > 0 {
            if prev_max.is_some_and(|p| lo <= p) {
                report.problems.push(format!("{}: doc ids {lo}..={hi} overlap an older segment", seg.path().display()));
            }
            if hi >= index.manifest().next_doc_id {
                report
                    .problems
                    .push(format!("{}: doc id {hi} is not below the manifest's next id", seg.path().display()));
            }
            prev_max = Some(hi);
        }
    }
    if !report.problems.is_empty() {
        return Ok(report);
    }
    let mut seen: HashMap<u64, Vec<(u32, String)>> = HashMap::new();
    let walk = index.for_each_doc(|doc_id, url, _| {
        seen.entry(url_hash(url)).or_default().push((doc_id, url.to_owned()));
        Ok(())
    });
    if let Err(e) = walk {
        report.problems.push(e.to_string());
        return Ok(report);
    }
    for list in seen.values() {
        report.live_docs += list.len() as u64;
        let mut urls: Vec<&str> = list.iter().map(|(_, u)| u.as_str()).collect();
        urls.sort_unstable();
        for w in urls.windows(2) {
            if w[0] == w[1] {
                report.problems.push(format!("{}: URL {} is stored live more than once", dir.display(), w[0]));
            }
        }
    }
    report.problems.dedup();
    Ok(report)
}
