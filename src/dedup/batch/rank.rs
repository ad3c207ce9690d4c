//! The rank stage: a page's key rows (see [`super::keys`]) turned into the candidates its query
//! would verify, as [`crate::dedup::Searcher::query_with`] ranks them against the index as it
//! stood before the page.

use super::keys::{Holder, KeyRow};
use crate::dedup::boilerplate::{
    holds_own, rarity, site_template_of, HOLDER_SAMPLE, RARE_HOLDERS, TEMPLATE_MIN_HOLDERS,
};
use crate::dedup::furniture::sibling_edge_keys;
use crate::dedup::QueryLimits;
use crate::features::title::{title_reworded, titles_differ};
use crate::params::Params;
use crate::store::doc::DocRecord;
use crate::store::format::KeyKind;

/// Magic of an encoded [`Ranked`].
const MAGIC: &[u8; 4] = b"DDRK";
/// Its version.
const VERSION: u8 = 1;

/// What a page's query would verify.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ranked {
    /// The newest live earlier page with the same text, when the page is long enough.
    pub exact: Option<u32>,
    /// The candidates to verify, best first, with their CCS and CLR: live pages only, at most
    /// [`QueryLimits::max_candidates`].
    pub candidates: Vec<(u32, f64, f64)>,
    /// The page's period features that are boilerplate: their sentences count neither way in
    /// verification.
    pub boilerplate: Vec<u64>,
}

impl Ranked {
    /// Every page the judge needs the text of: the exact copy, then the candidates.
    pub fn needed(&self) -> Vec<u32> {
        self.exact.iter().copied().chain(self.candidates.iter().map(|c| c.0)).collect()
    }

    /// Encodes: magic, version, exact (0: none), candidate count, (doc u32, ccs f64, clr f64)
    /// each, boilerplate count, keys u64; all little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(17 + 20 * self.candidates.len() + 8 * self.boilerplate.len());
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.extend_from_slice(&self.exact.unwrap_or(0).to_le_bytes());
        out.extend_from_slice(&(self.candidates.len() as u32).to_le_bytes());
        for &(d, ccs, clr) in &self.candidates {
            out.extend_from_slice(&d.to_le_bytes());
            out.extend_from_slice(&ccs.to_le_bytes());
            out.extend_from_slice(&clr.to_le_bytes());
        }
        out.extend_from_slice(&(self.boilerplate.len() as u32).to_le_bytes());
        for k in &self.boilerplate {
            out.extend_from_slice(&k.to_le_bytes());
        }
        out
    }

    /// Decodes [`Ranked::to_bytes`].
    pub fn from_bytes(b: &[u8]) -> Result<Ranked, String> {
        let bad = |what: &str| format!("not a dedupdb ranking: {what}");
        if b.len() < 13 || &b[..4] != MAGIC {
            return Err(bad("no magic"));
        }
        if b[4] != VERSION {
            return Err(bad(&format!("version {} (this build reads {VERSION})", b[4])));
        }
        let mut pos = 5;
        let mut take = |n: usize| -> Result<&[u8], String> {
            let s = b.get(pos..pos + n).ok_or_else(|| bad("cut short"))?;
            pos += n;
            Ok(s)
        };
        let u32_at = |s: &[u8]| u32::from_le_bytes([s[0], s[1], s[2], s[3]]);
        let u64_at = |s: &[u8]| u64::from_le_bytes([s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]]);
        let exact = Some(u32_at(take(4)?)).filter(|&d| d != 0);
        let n = u32_at(take(4)?) as usize;
        let mut candidates = Vec::with_capacity(n.min(1024));
        for _ in 0..n {
            let s = take(20)?;
            candidates.push((u32_at(s), f64::from_bits(u64_at(&s[4..])), f64::from_bits(u64_at(&s[12..]))));
        }
        let n = u32_at(take(4)?) as usize;
        let mut boilerplate = Vec::with_capacity(n.min(1024));
        for _ in 0..n {
            boilerplate.push(u64_at(take(8)?));
        }
        if pos != b.len() {
            return Err(bad("trailing bytes"));
        }
        Ok(Ranked { exact, candidates, boilerplate })
    }
}

#[derive(Default, Clone, Copy)]
struct Counts {
    period: u16,
    fp: u16,
    exact: bool,
    fp_weight: f32,
    period_weight: f32,
    sentence_weight: f32,
}

/// Ranks the candidates of `page` (its doc id assigned) from its key `rows`, in any order, as
/// the query does (see `dedup::query` for the reasons of each step). A site's furniture on its
/// first two pages (`sibling_furniture`) is told from the edges of the holders' texts:
/// `sibling_order` gives a holder's period features in text order, and when one it needs is
/// missing the answer is the doc ids whose records to bring (then rank again). A candidate's own
/// boilerplate (`candidate_boilerplate`), which reads more of the index, is left out.
pub fn rank(
    page: &DocRecord,
    sentence_keys: &[u64],
    rows: &[KeyRow],
    params: &Params,
    limits: &QueryLimits,
    sibling_order: &dyn Fn(u32) -> Option<Vec<u64>>,
) -> Result<Ranked, Vec<u32>> {
    let me = page.doc_id;
    let row_of: rustc_hash::FxHashMap<(u8, u64), &KeyRow> = rows.iter().map(|r| ((r.kind as u8, r.key), r)).collect();
    let exact = [page.exact];
    // The page's keys in the query's order (exact, fingerprints, period), with their rows; a
    // pruned key is not looked up.
    let mut pruned_period = 0usize;
    let mut lists: Vec<(KeyKind, u64, &KeyRow)> = Vec::new();
    for (kind, keys) in [
        (KeyKind::Exact, &exact[..]),
        (KeyKind::Fingerprint, &page.fingerprints[..]),
        (KeyKind::Period, &page.period[..]),
    ] {
        for &key in keys {
            match row_of.get(&(kind as u8, key)) {
                Some(r) if r.pruned => pruned_period += usize::from(kind == KeyKind::Period),
                Some(r) if !r.earlier.is_empty() => lists.push((kind, key, r)),
                _ => {}
            }
        }
    }
    let mut counts: rustc_hash::FxHashMap<u32, Counts> = rustc_hash::FxHashMap::default();
    let mut facts: rustc_hash::FxHashMap<u32, Holder> = rustc_hash::FxHashMap::default();
    for &(kind, _, row) in &lists {
        for h in &row.earlier {
            facts.entry(h.doc_id).or_insert(*h);
            let c = counts.entry(h.doc_id).or_default();
            match kind {
                KeyKind::Exact => c.exact = true,
                KeyKind::Fingerprint => c.fp = c.fp.saturating_add(1),
                KeyKind::Period => c.period = c.period.saturating_add(1),
            }
        }
    }
    let single_sentences: &[u64] = if params.fp_fallback_below > 1 { sentence_keys } else { &[] };
    let mut boilerplate_keys = Vec::new();
    let shared = |d: u32| counts.get(&d).map_or(0, |c| c.period);
    let mine = page.period.len();
    let sibling_of = |h: &Holder| {
        let shared = shared(h.doc_id);
        titles_differ(&page.title, &h.title)
            && h.site_id == page.site_id
            && holds_own(h.period as usize, shared, pruned_period)
            && holds_own(mine, shared, pruned_period)
    };
    // (key, its holders) of the period features that may be the site's furniture.
    let mut siblings: Vec<(u64, Vec<u32>)> = Vec::new();
    let verdicts: Vec<Option<bool>> = lists
        .iter()
        .map(|&(kind, key, row)| match kind {
            KeyKind::Exact => Some(false),
            _ if row.holders > RARE_HOLDERS => Some(row.boilerplate.unwrap_or(false)),
            _ if row.holders >= TEMPLATE_MIN_HOLDERS => {
                let newest = &row.earlier[row.earlier.len().saturating_sub(HOLDER_SAMPLE)..];
                let mut sites: Vec<u32> = newest.iter().map(|h| h.site_id).collect();
                let own = newest
                    .iter()
                    .filter(|h| {
                        !title_reworded(&page.title, &h.title)
                            && holds_own(h.period as usize, shared(h.doc_id), pruned_period)
                    })
                    .count();
                Some(site_template_of(&mut sites, own))
            }
            KeyKind::Period if !row.earlier.is_empty() && row.earlier.iter().all(sibling_of) => {
                siblings.push((key, row.earlier.iter().map(|h| h.doc_id).collect()));
                None
            }
            _ => Some(false),
        })
        .collect();
    let furniture = if siblings.is_empty() {
        Vec::new()
    } else {
        let common: Vec<u64> = lists
            .iter()
            .filter(|&&(kind, _, row)| kind == KeyKind::Period && row.holders >= TEMPLATE_MIN_HOLDERS)
            .map(|&(_, key, _)| key)
            .collect();
        let chars = crate::normalize::string_to_chars(&page.text, page.chars as usize);
        let mut order = Vec::new();
        crate::features::each_period_feature(&chars, params, |key, _| order.push(key));
        let lists: Vec<(u64, &[u32])> = siblings.iter().map(|(k, ids)| (*k, ids.as_slice())).collect();
        let mut missing = Vec::new();
        let read = sibling_edge_keys(&order, &page.period, &lists, &common, |d| {
            let theirs = sibling_order(d);
            if theirs.is_none() {
                missing.push(d);
            }
            Ok(theirs)
        });
        if !missing.is_empty() {
            return Err(missing);
        }
        read.unwrap_or_default()
    };
    for (&(kind, key, row), verdict) in lists.iter().zip(verdicts) {
        let boiler = verdict.unwrap_or_else(|| furniture.binary_search(&key).is_ok());
        if boiler && kind == KeyKind::Period {
            boilerplate_keys.push(key);
        }
        let weight = if boiler { 0.0 } else { rarity(row.holders) };
        let sentence = kind == KeyKind::Fingerprint && single_sentences.binary_search(&key).is_ok();
        if kind == KeyKind::Exact || weight == 0.0 {
            continue;
        }
        for h in &row.earlier {
            let c = counts.entry(h.doc_id).or_default();
            if sentence {
                c.sentence_weight += weight;
            } else if kind == KeyKind::Fingerprint {
                c.fp_weight += weight;
            } else {
                c.period_weight += weight;
            }
        }
    }
    if let Some(x) = page.replaces {
        counts.remove(&x);
    }
    // A page replaced by a later version of its URL is deleted from then on.
    let deleted = |d: u32| facts.get(&d).is_some_and(|h| h.replaced_by < me);
    let mut ranked = Ranked { boilerplate: boilerplate_keys, ..Ranked::default() };
    if page.chars as usize >= params.min_exact_chars {
        ranked.exact = counts.iter().filter(|(&d, c)| c.exact && !deleted(d)).map(|(&d, _)| d).max();
    }
    let my_period = mine;
    let mut pre: Vec<(u32, Counts)> =
        counts.into_iter().filter(|(d, c)| Some(*d) != ranked.exact && (c.fp >= 1 || c.period >= 1)).collect();
    let sentence_share = |c: &Counts| {
        let n = single_sentences.len().max(1) as f32;
        c.sentence_weight * c.sentence_weight / (n * params.fp_sentences.max(1) as f32)
    };
    let pre_rank = |c: &Counts| c.fp_weight + c.period_weight + sentence_share(c);
    pre.sort_unstable_by(|a, b| pre_rank(&b.1).total_cmp(&pre_rank(&a.1)).then(b.0.cmp(&a.0)));
    let mut scored: Vec<(u32, f32, f64, f64)> = Vec::with_capacity(limits.max_candidates * 8);
    for (d, c) in pre {
        if scored.len() >= limits.max_candidates * 8 {
            break;
        }
        let Some(h) = facts.get(&d) else { continue };
        let their_period = h.period;
        let (small, large) = ((my_period as u32).min(their_period), (my_period as u32).max(their_period));
        if c.fp == 0 && c.period < 2 && small > 2 && c.period_weight < 1.0 {
            continue;
        }
        let ccs = if small == 0 { 0.0 } else { f64::from(c.period) / f64::from(small) };
        let clr = if large == 0 { 1.0 } else { f64::from(small) / f64::from(large) };
        let weighted_ccs = if small == 0 { 0.0 } else { c.period_weight / small as f32 };
        scored.push((d, c.fp_weight + weighted_ccs + sentence_share(&c), ccs, clr));
    }
    scored.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(b.0.cmp(&a.0)));
    ranked.candidates =
        scored.into_iter().filter(|c| !deleted(c.0)).take(limits.max_candidates).map(|c| (c.0, c.2, c.3)).collect();
    Ok(ranked)
}
