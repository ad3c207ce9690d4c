//! The batch stages driven in one process, each shuffle a hash map: the reference the Spark job
//! (`spark/dedup_job.py`) follows step for step, and what the tests hold against `ingest`.

use std::collections::HashMap;
use std::path::Path;

use super::{assign, finish_index, holder, prepare_index, unchanged_answer, write_segment, Batch, BatchError, Key};
use crate::verify::Verifier;

/// Documents per segment of a bulk load.
pub const SEGMENT_DOCS: usize = 50_000;

/// Rounds of reading the cluster-dependent keys again, at most.
pub const MAX_ROUNDS: usize = 8;

/// A holder entry with its page's cluster filled in.
fn with_cluster(h: &[u8], cluster: &[u32]) -> Vec<u8> {
    let mut h = h.to_vec();
    let doc = u32::from_le_bytes([h[0], h[1], h[2], h[3]]);
    let c = cluster.get((doc as usize).wrapping_sub(1)).copied().unwrap_or(u32::MAX);
    h[16..20].copy_from_slice(&c.to_le_bytes());
    h
}

/// Judges the crawl `files` (name and bytes, in crawl order) with `batch`'s stages and returns
/// one report line per record, in crawl order; with `index`, also bulk-loads every stored page
/// into a new index there.
pub fn run_local(
    batch: &Batch,
    files: Vec<(String, Vec<u8>)>,
    index: Option<&Path>,
) -> Result<Vec<String>, BatchError> {
    let mut analyzed = Vec::new();
    for (i, (name, bytes)) in files.into_iter().enumerate() {
        analyzed.extend(batch.analyze(&name, bytes, i as u32)?);
    }
    analyzed.sort_by_key(|a| a.order);
    // Per URL, in crawl order: an unchanged version is skipped, a changed one replaces the
    // live one. Doc ids follow crawl order over the stored pages; site ids, first sight.
    let mut live: HashMap<String, (u32, u64)> = HashMap::new();
    let mut sites: HashMap<String, u32> = HashMap::new();
    let mut replaced_by: HashMap<u32, u32> = HashMap::new();
    // (place in `analyzed`, doc id, unchanged)
    let mut stored: Vec<(usize, u32, bool)> = Vec::new();
    let mut records: Vec<Vec<u8>> = Vec::new();
    let mut next = 1u32;
    for (i, a) in analyzed.iter().enumerate() {
        let (Some(rec), Some(url)) = (&a.record, &a.url) else { continue };
        match live.get(url) {
            Some(&(doc, exact)) if exact == a.exact => stored.push((i, doc, true)),
            prev => {
                let replaces = prev.map(|p| p.0);
                let n = sites.len() as u32 + 1;
                let site = *sites.entry(a.site.clone()).or_insert(n);
                records.push(assign(rec, next, site, replaces)?);
                if let Some(old) = replaces {
                    replaced_by.insert(old, next);
                }
                live.insert(url.clone(), (next, a.exact));
                stored.push((i, next, false));
                next += 1;
            }
        }
    }
    let record_of = |d: u32| &records[(d - 1) as usize];
    // Keys: every holder of a key, then each holder's row.
    let mut by_key: HashMap<Key, Vec<Vec<u8>>> = HashMap::new();
    for (i, r) in records.iter().enumerate() {
        let doc = i as u32 + 1;
        let (keys, h) = holder(r, replaced_by.get(&doc).copied(), None)?;
        for k in keys {
            by_key.entry(k).or_default().push(h.clone());
        }
    }
    by_key.retain(|_, holders| holders.len() >= 2);
    // Each page's rows by key, and the keys whose rows need the clusters.
    let mut rows: HashMap<u32, HashMap<Key, Vec<u8>>> = HashMap::new();
    let mut pruned: Vec<Key> = Vec::new();
    let mut dependent: Vec<Key> = Vec::new();
    for (&(kind, key), holders) in &by_key {
        let hs: Vec<&[u8]> = holders.iter().map(|h| h.as_slice()).collect();
        let (key_rows, was_pruned, needs_clusters) = batch.key_rows(kind, key, &hs)?;
        if was_pruned {
            pruned.push((kind, key));
        }
        if needs_clusters {
            dependent.push((kind, key));
        }
        for (d, row) in key_rows {
            rows.entry(d).or_default().insert((kind, key), row);
        }
    }
    // Rank and judge each page; clusters follow the joins, each to an earlier page. Keys that
    // need their holders' clusters are read again with them, and the pages whose rows change
    // judged again, until none do: a page's cluster depends only on earlier pages', so each
    // round settles at least the next of them.
    let mut verifier = Verifier::default();
    let mut judge = |doc: u32, rows: &HashMap<u32, HashMap<Key, Vec<u8>>>| -> Result<_, BatchError> {
        let r = record_of(doc);
        let mine: Vec<&[u8]> = rows.get(&doc).map(|m| m.values().map(|r| r.as_slice()).collect()).unwrap_or_default();
        let (ranked, needed) = match batch.rank(r, &mine, &[])? {
            (Some(ranked), needed) => (ranked, needed),
            (None, siblings) => {
                let sibs: Vec<&[u8]> = siblings.iter().map(|&d| record_of(d).as_slice()).collect();
                match batch.rank(r, &mine, &sibs)? {
                    (Some(ranked), needed) => (ranked, needed),
                    (None, _) => return Err(BatchError::Bytes("a ranking still needs texts it was given".into())),
                }
            }
        };
        let cands: Vec<&[u8]> = needed.iter().map(|&d| record_of(d).as_slice()).collect();
        batch.judge_answer(&mut verifier, r, &ranked, &cands)
    };
    let mut answers = Vec::with_capacity(records.len());
    for i in 0..records.len() {
        answers.push(judge(i as u32 + 1, &rows)?);
    }
    let clusters_of = |answers: &[(crate::db::Answer, Option<u32>)]| {
        let mut cluster: Vec<u32> = Vec::with_capacity(answers.len());
        for (i, (_, joined)) in answers.iter().enumerate() {
            let c = joined.map_or(i as u32 + 1, |p| cluster[(p - 1) as usize]);
            cluster.push(c);
        }
        cluster
    };
    let mut cluster = clusters_of(&answers);
    for _round in 0..MAX_ROUNDS {
        let mut again: Vec<u32> = Vec::new();
        for &(kind, key) in &dependent {
            let hs: Vec<Vec<u8>> = by_key[&(kind, key)].iter().map(|h| with_cluster(h, &cluster)).collect();
            let hs: Vec<&[u8]> = hs.iter().map(|h| h.as_slice()).collect();
            for (d, row) in batch.key_rows(kind, key, &hs)?.0 {
                let slot = rows.entry(d).or_default().entry((kind, key)).or_default();
                if *slot != row {
                    *slot = row;
                    again.push(d);
                }
            }
        }
        if again.is_empty() {
            break;
        }
        again.sort_unstable();
        again.dedup();
        for d in again {
            answers[(d - 1) as usize] = judge(d, &rows)?;
        }
        cluster = clusters_of(&answers);
    }
    let answers: Vec<crate::db::Answer> = answers
        .into_iter()
        .zip(&cluster)
        .map(|((mut a, _), &c)| {
            a.cluster = Some(c);
            a
        })
        .collect();
    let mut lines: Vec<Option<String>> = analyzed.iter().map(|a| a.answer.clone()).collect();
    for &(i, doc, unchanged) in &stored {
        let a = &analyzed[i];
        lines[i] = Some(if unchanged {
            unchanged_answer(a.url.as_deref().unwrap_or_default(), &a.location, doc, cluster[(doc - 1) as usize])
        } else {
            super::to_json(&answers[(doc - 1) as usize])
        });
    }
    if let Some(dir) = index {
        prepare_index(dir)?;
        let mut segments = Vec::new();
        for (n, chunk) in records.chunks(SEGMENT_DOCS).enumerate() {
            let first = n * SEGMENT_DOCS;
            let recs: Vec<(&[u8], u32)> =
                chunk.iter().enumerate().map(|(j, r)| (r.as_slice(), cluster[first + j])).collect();
            segments.push(write_segment(dir, n as u64 + 1, &recs, &pruned)?);
        }
        finish_index(dir, &batch.params, &segments, &pruned)?;
    }
    Ok(lines.into_iter().map(Option::unwrap_or_default).collect())
}
