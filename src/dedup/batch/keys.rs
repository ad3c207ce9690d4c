//! The key stage: one key's holders, in crawl order, turned into what each of them would read
//! of that key when it was queried against the pages before it.

use crate::dedup::boilerplate::{many_stories, one_site, HOLDER_SAMPLE, RARE_HOLDERS};
use crate::dedup::QueryLimits;
use crate::features::title::TitleSketch;
use crate::store::format::KeyKind;
use crate::store::PrunePolicy;

/// Of a key on more than [`RARE_HOLDERS`] earlier pages, this many of the newest are passed on:
/// the query ranks a long list's holders alike and verifies at most
/// `8 × QueryLimits::max_candidates` of them, newest first.
pub const NEWEST_PASSED: usize = 192;

/// What the key stage knows of a page holding a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holder {
    /// Its doc id (its place among the crawl's stored pages).
    pub doc_id: u32,
    /// Its site's id.
    pub site_id: u32,
    /// How many period features it has.
    pub period: u32,
    /// The doc id of the later version of its URL that replaces it (`u32::MAX`: none).
    pub replaced_by: u32,
    /// Its cluster, once known (`u32::MAX` before: see [`key_rows`]).
    pub cluster: u32,
    /// Its title's sketch.
    pub title: TitleSketch,
}

/// Encoded size of a [`Holder`].
pub const HOLDER_BYTES: usize = 52;

impl Holder {
    /// Fixed-size little-endian encoding.
    pub fn to_bytes(&self) -> [u8; HOLDER_BYTES] {
        let mut b = [0u8; HOLDER_BYTES];
        for (i, v) in [self.doc_id, self.site_id, self.period, self.replaced_by, self.cluster].into_iter().enumerate() {
            b[i * 4..i * 4 + 4].copy_from_slice(&v.to_le_bytes());
        }
        for (i, t) in self.title.iter().enumerate() {
            b[20 + i * 2..22 + i * 2].copy_from_slice(&t.to_le_bytes());
        }
        b
    }

    /// Decodes [`Holder::to_bytes`]; `None` when `b` is not one.
    pub fn from_bytes(b: &[u8]) -> Option<Holder> {
        if b.len() != HOLDER_BYTES {
            return None;
        }
        let u = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let mut title = [0u16; 16];
        for (i, t) in title.iter_mut().enumerate() {
            *t = u16::from_le_bytes([b[20 + i * 2], b[21 + i * 2]]);
        }
        Some(Holder { doc_id: u(0), site_id: u(4), period: u(8), replaced_by: u(12), cluster: u(16), title })
    }
}

/// One key as one of its holders reads it: the pages before it holding the key.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyRow {
    /// The key's kind.
    pub kind: KeyKind,
    /// The key.
    pub key: u64,
    /// How many earlier pages hold it.
    pub holders: usize,
    /// Pruned by then (see [`key_rows`]): ignored, as the query ignores pruned keys.
    pub pruned: bool,
    /// Whether it is boilerplate, when its holders alone tell (more than [`RARE_HOLDERS`]);
    /// `None` when the reading page's own features decide.
    pub boilerplate: Option<bool>,
    /// The earlier holders the query reads, oldest first: all of them up to [`RARE_HOLDERS`],
    /// else the newest [`NEWEST_PASSED`] (the query's `long_list_tail` above its posting cap).
    pub earlier: Vec<Holder>,
}

impl KeyRow {
    /// Encodes: kind, key, holders, boilerplate (0 unknown, 1 no, 2 yes, 3 pruned), count, holders.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(18 + self.earlier.len() * HOLDER_BYTES);
        out.push(self.kind as u8);
        out.extend_from_slice(&self.key.to_le_bytes());
        out.extend_from_slice(&(self.holders as u32).to_le_bytes());
        out.push(match self.boilerplate {
            _ if self.pruned => 3,
            None => 0,
            Some(false) => 1,
            Some(true) => 2,
        });
        out.extend_from_slice(&(self.earlier.len() as u32).to_le_bytes());
        for h in &self.earlier {
            out.extend_from_slice(&h.to_bytes());
        }
        out
    }

    /// Decodes [`KeyRow::to_bytes`].
    pub fn from_bytes(b: &[u8]) -> Result<KeyRow, String> {
        let bad = || "not a dedupdb key row".to_string();
        if b.len() < 18 {
            return Err(bad());
        }
        let kind = KeyKind::ALL.into_iter().find(|&k| k as u8 == b[0]).ok_or_else(bad)?;
        let key = u64::from_le_bytes(b[1..9].try_into().map_err(|_| bad())?);
        let holders = u32::from_le_bytes(b[9..13].try_into().map_err(|_| bad())?) as usize;
        let (pruned, boilerplate) = match b[13] {
            0 => (false, None),
            1 => (false, Some(false)),
            2 => (false, Some(true)),
            3 => (true, None),
            _ => return Err(bad()),
        };
        let n = u32::from_le_bytes(b[14..18].try_into().map_err(|_| bad())?) as usize;
        if b.len() != 18 + n.saturating_mul(HOLDER_BYTES) {
            return Err(bad());
        }
        let earlier = b[18..].chunks_exact(HOLDER_BYTES).filter_map(Holder::from_bytes).collect();
        Ok(KeyRow { kind, key, holders, pruned, boilerplate, earlier })
    }
}

/// Every holder's row of one key, `holders` in any order: for the holder at place `i` in crawl
/// order, the `i` before it, as its query would have read them. A key the prune policy would
/// have pruned by then (over the global cap, or over the site cap with one site holding
/// `site_share` of it) is read by no one after. Singletons and the first holder read nothing.
///
/// A key on more than [`RARE_HOLDERS`] pages of many sites is boilerplate when no cluster holds
/// half of its newest holders, which needs their clusters: until all are known (not
/// `u32::MAX`) it is not. The flag returned says whether some row depends on them, so that an
/// engine knows which keys to read again once the clusters are known.
pub fn key_rows(
    kind: KeyKind,
    key: u64,
    mut holders: Vec<Holder>,
    limits: &QueryLimits,
    prune: &PrunePolicy,
) -> (Vec<(u32, KeyRow)>, bool) {
    holders.sort_unstable_by_key(|h| h.doc_id);
    holders.dedup_by_key(|h| h.doc_id);
    let mut out = Vec::with_capacity(holders.len().saturating_sub(1));
    let mut per_site: rustc_hash::FxHashMap<u32, usize> = rustc_hash::FxHashMap::default();
    let mut top_site = 0usize;
    let mut dependent = false;
    for i in 0..holders.len() {
        if i > 0 && prune.judge(i, top_site).is_some() {
            for h in &holders[i..] {
                let row = KeyRow { kind, key, holders: 0, pruned: true, boilerplate: None, earlier: Vec::new() };
                out.push((h.doc_id, row));
            }
            break;
        }
        if i > 0 {
            let before = &holders[..i];
            let passed = if i > limits.posting_cap { limits.long_list_tail } else { NEWEST_PASSED.max(RARE_HOLDERS) };
            let earlier = before[i.saturating_sub(passed)..].to_vec();
            let boilerplate = (kind != KeyKind::Exact && i > RARE_HOLDERS).then(|| {
                let newest = &earlier[earlier.len().saturating_sub(HOLDER_SAMPLE)..];
                let mut sites: Vec<u32> = newest.iter().map(|h| h.site_id).collect();
                if one_site(&mut sites) {
                    return true;
                }
                dependent = true;
                let mut clusters: Vec<u32> = newest.iter().map(|h| h.cluster).collect();
                !clusters.contains(&u32::MAX) && many_stories(&mut clusters)
            });
            out.push((holders[i].doc_id, KeyRow { kind, key, holders: i, pruned: false, boilerplate, earlier }));
        }
        let n = per_site.entry(holders[i].site_id).or_default();
        *n += 1;
        top_site = top_site.max(*n);
    }
    (out, dependent)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holder(doc_id: u32, site_id: u32) -> Holder {
        Holder { doc_id, site_id, period: 9, replaced_by: u32::MAX, cluster: doc_id, title: [doc_id as u16; 16] }
    }

    #[test]
    fn each_holder_reads_the_ones_before_it_until_the_key_is_pruned() {
        let prune = PrunePolicy { global_cap: 5, ..PrunePolicy::default() };
        let holders: Vec<Holder> = (1..=8).rev().map(|d| holder(d, d)).collect();
        let (rows, _) = key_rows(KeyKind::Period, 77, holders, &QueryLimits::default(), &prune);
        // Doc 1 reads nothing; 2..=6 read the ones before; from the 7th holder on (6 before it,
        // over the cap of 5) the key is pruned.
        let read: Vec<(u32, Vec<u32>, bool)> =
            rows.iter().map(|(d, r)| (*d, r.earlier.iter().map(|h| h.doc_id).collect(), r.pruned)).collect();
        assert_eq!(read[0], (2, vec![1], false));
        assert_eq!(read[4], (6, vec![1, 2, 3, 4, 5], false));
        assert_eq!(read[5], (7, vec![], true));
        assert_eq!(read.len(), 7);
        for (_, r) in &rows {
            assert_eq!(KeyRow::from_bytes(&r.to_bytes()).as_ref(), Ok(r));
        }
    }

    #[test]
    fn a_long_list_passes_its_newest_holders_and_tells_a_sites_template() {
        let n = 300u32;
        let one_site: Vec<Holder> = (1..=n).map(|d| holder(d, 1)).collect();
        let (rows, dependent) =
            key_rows(KeyKind::Period, 5, one_site, &QueryLimits::default(), &PrunePolicy::default());
        assert!(!dependent, "a site's template needs no clusters");
        let (_, last) = rows.last().expect("rows");
        assert_eq!(last.holders, n as usize - 1);
        assert_eq!(last.earlier.len(), NEWEST_PASSED);
        assert_eq!(last.earlier.last().map(|h| h.doc_id), Some(n - 1));
        assert_eq!(last.boilerplate, Some(true), "one site's pages: its template");
        // Many sites: boilerplate when the holders are unrelated stories (each its own cluster),
        // not when they are one story's copies; not yet while the clusters are unknown.
        let many = |cluster: &dyn Fn(u32) -> u32| -> Vec<Holder> {
            (1..=40).map(|d| Holder { cluster: cluster(d), ..holder(d, d) }).collect()
        };
        let last = |hs: Vec<Holder>| {
            let (rows, dependent) =
                key_rows(KeyKind::Fingerprint, 5, hs, &QueryLimits::default(), &PrunePolicy::default());
            assert!(dependent);
            (rows.last().and_then(|r| r.1.boilerplate), rows[5].1.boilerplate)
        };
        assert_eq!(last(many(&|d| d)), (Some(true), None), "unrelated stories; few holders: the reader decides");
        assert_eq!(last(many(&|_| 1)), (Some(false), None), "one story's copies");
        assert_eq!(last(many(&|_| u32::MAX)).0, Some(false), "clusters not known yet");
    }
}
