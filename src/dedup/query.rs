//! The query: a page's keys looked up, candidates counted and ranked, the best verified with
//! TLCS against their stored text, and the relation rules applied.

use super::boilerplate::{rarity, RARE_HOLDERS, TEMPLATE_MIN_HOLDERS};
use super::furniture::CANDIDATE_RECHECKS;
use super::{relation, Alignments, Match, Origin, QueryAnswer, Searcher};
use crate::features::Features;
use crate::store::format::KeyKind;
use crate::store::{DocRef, Result, TextCache};
use crate::verify::{Comparison, Prepared, Verifier};

/// What one thread's queries reuse: alignment buffers and a bounded cache of decompressed text
/// blocks. [`Searcher::query_with`] takes one so that many threads can query one index at once.
#[derive(Default)]
pub struct QueryScratch {
    pub(super) verifier: Verifier,
    pub(super) cache: TextCache,
    /// Every key's holders, one list after another, and where each key's list is (see
    /// [`Searcher::query_with`]).
    pub(super) held: Vec<u32>,
    pub(super) lists: Vec<(u32, usize, std::ops::Range<usize>)>,
}

impl Searcher<'_> {
    /// Finds the verified earlier near-duplicates of a page. `exclude` is left out of the
    /// answer (the older version of the same URL, when re-ingesting a changed page).
    pub fn query(&self, chars: &[char], features: &Features, exclude: Option<u32>) -> Result<QueryAnswer> {
        self.query_with(&mut QueryScratch::default(), chars, features, None, exclude, None)
    }

    /// [`Searcher::query`] with the caller's scratch space: any number of threads may query the
    /// same index at once, each with its own.
    ///
    /// `earlier`, for a page already asked about, is an earlier answer's
    /// [`QueryAnswer::alignments`] for the same page, possibly against fewer documents: its
    /// comparisons are taken instead of aligning the same texts again, when the page's
    /// boilerplate is the same; alignments of another page are ignored. The answer is the one
    /// `None` gives, but for [`QueryAnswer::carried`] and [`QueryAnswer::reused`], which say
    /// where comparisons came from.
    ///
    /// `origin`, when known, is the page's site and title (see [`Origin`]); [`Searcher::query`]
    /// asks without it.
    pub fn query_with(
        &self,
        scratch: &mut QueryScratch,
        chars: &[char],
        features: &Features,
        origin: Option<Origin<'_>>,
        exclude: Option<u32>,
        earlier: Option<&Alignments>,
    ) -> Result<QueryAnswer> {
        let mut answer = QueryAnswer::default();
        if chars.is_empty() {
            return Ok(answer);
        }
        let params = self.view.params;
        let limits = self.limits;
        #[derive(Default, Clone, Copy)]
        struct Counts {
            period: u16,
            fp: u16,
            exact: bool,
            /// Shared fingerprints and period features, each weighted by its rarity.
            fp_weight: f32,
            period_weight: f32,
            /// Shared sentence keys, each weighted by its rarity (see `single_sentences`).
            sentence_weight: f32,
        }
        let mut counts: rustc_hash::FxHashMap<u32, Counts> = rustc_hash::FxHashMap::default();
        let mut ids = Vec::new();
        // The query's period features that are boilerplate (see `boilerplate`).
        let mut boilerplate_keys: Vec<u64> = Vec::new();
        let exact = [features.exact];
        // The query's keys that are not pruned (a pruned key is ignored at ingest and query), in
        // the order their lookups count them: exact, fingerprints, period features.
        let keys: Vec<(KeyKind, u64)> = [
            (KeyKind::Exact, &exact[..]),
            (KeyKind::Fingerprint, &features.fingerprints[..]),
            (KeyKind::Period, &features.period[..]),
        ]
        .into_iter()
        .flat_map(|(kind, keys)| keys.iter().map(move |&key| (kind, key)))
        .filter(|&(kind, key)| !self.view.pruned.contains(kind, key))
        .collect();
        // (the key's place in `keys`, segment) for every key a segment may hold, in key order;
        // the lookups' cache misses, brought in for all keys at once.
        let mut passed: Vec<(u32, u32)> = Vec::new();
        self.view.prefetch(&keys, &mut passed)?;
        // Every key's holders first, counted per document; then whether each key is
        // boilerplate, which for a key on few pages depends on what else its holders share with
        // the page (see `site_template`); then the ranking weights, in key order.
        // (the key's place in `keys`, holders, its ids in `held`)
        let (held, lists) = (&mut scratch.held, &mut scratch.lists);
        held.clear();
        lists.clear();
        let mut at = 0usize;
        for (i, &(kind, key)) in keys.iter().enumerate() {
            let from = at;
            while passed.get(at).is_some_and(|p| p.0 as usize == i) {
                at += 1;
            }
            let segs = passed[from..at].iter().map(|p| p.1);
            let holders = self.view.gather(kind, key, segs, limits.posting_cap, limits.long_list_tail, &mut ids)?;
            if holders > limits.posting_cap {
                answer.long_lists += 1;
            }
            if ids.is_empty() {
                continue;
            }
            for &d in &ids {
                let c = counts.entry(d).or_default();
                match kind {
                    KeyKind::Exact => c.exact = true,
                    KeyKind::Fingerprint => c.fp = c.fp.saturating_add(1),
                    KeyKind::Period => c.period = c.period.saturating_add(1),
                }
            }
            lists.push((i as u32, holders, held.len()..held.len() + ids.len()));
            held.extend_from_slice(&ids);
        }
        // The page's period features left out as pruned: a holder with the same text holds them
        // too, and they are not among the shared ones counted.
        let pruned_period =
            features.period.len().saturating_sub(keys.iter().filter(|k| k.0 == KeyKind::Period).count());
        // A page with few fingerprints or none has its sentences' keys (see `features`). One
        // shared sentence says less than a shared fingerprint (four sentences), and a short
        // page's sentences include its site's lines, which other pages of the site share: a
        // shared sentence key weighs a quarter of a fingerprint times the share of the page's
        // sentence keys the candidate holds. A copy holding all n of them ranks as n/4
        // fingerprints would; the site's pages, holding a few lines, rank little and do not
        // crowd it out. An index made before pages with fingerprints had sentence keys
        // too (`fp_fallback_below` 0) counts them one by one as fingerprints, as it did.
        let single_sentences: &[u64] = if params.fp_fallback_below > 1 { &features.sentence_keys } else { &[] };
        let mut holder_info = rustc_hash::FxHashMap::default();
        let mut sibling_info = rustc_hash::FxHashMap::default();
        // Whether each key is boilerplate. A period feature that may be furniture of the page's
        // own site (see `sibling_furniture`) is so only at the page's edges, decided once all
        // are known.
        let mut verdicts: Vec<Option<bool>> = Vec::with_capacity(lists.len());
        // (key, its holders in `held`)
        let mut siblings: Vec<(u64, std::ops::Range<usize>)> = Vec::new();
        for &(i, holders, ref range) in lists.iter() {
            let (kind, key) = keys[i as usize];
            let ids = &held[range.clone()];
            let shared = |d: u32| counts.get(&d).map_or(0, |c| c.period);
            verdicts.push(match kind {
                KeyKind::Exact => Some(false),
                _ if holders > RARE_HOLDERS => Some(self.boilerplate(ids)?),
                _ if holders >= TEMPLATE_MIN_HOLDERS => {
                    let title = origin.as_ref().map(|o| &o.title);
                    Some(self.site_template(ids, shared, pruned_period, title, &mut holder_info)?)
                }
                KeyKind::Period => match origin {
                    Some(o) => {
                        let mine = features.period.len();
                        if self.sibling_furniture(ids, shared, pruned_period, mine, o, &mut sibling_info)? {
                            siblings.push((key, range.clone()));
                            None
                        } else {
                            Some(false)
                        }
                    }
                    None => Some(false),
                },
                KeyKind::Fingerprint => Some(false),
            });
        }
        let furniture = if siblings.is_empty() {
            Vec::new()
        } else {
            // Period features on as many pages as a site's template: not the page's own either.
            let common: Vec<u64> = lists
                .iter()
                .map(|&(i, holders, _)| (keys[i as usize], holders))
                .filter(|&((kind, _), holders)| kind == KeyKind::Period && holders >= TEMPLATE_MIN_HOLDERS)
                .map(|((_, key), _)| key)
                .collect();
            self.sibling_edges(chars, features, &siblings, held, &common, &mut scratch.cache)?
        };
        for ((i, holders, range), verdict) in lists.drain(..).zip(verdicts) {
            let (kind, key) = keys[i as usize];
            let ids = &held[range];
            // Boilerplate (see `boilerplate`) weighs nothing in the ranking, and its sentences
            // count neither way in verification.
            let boiler = verdict.unwrap_or_else(|| furniture.binary_search(&key).is_ok());
            if boiler && kind == KeyKind::Period {
                boilerplate_keys.push(key);
            }
            // An exact key or a weight of nothing adds nothing (the sums start at +0.0): no lookups.
            let weight = if boiler { 0.0 } else { rarity(holders) };
            let sentence = kind == KeyKind::Fingerprint && single_sentences.binary_search(&key).is_ok();
            if kind == KeyKind::Exact || weight == 0.0 {
                continue;
            }
            for &d in ids {
                let c = counts.entry(d).or_default();
                if sentence {
                    c.sentence_weight += weight;
                } else if kind == KeyKind::Fingerprint {
                    c.fp_weight += weight;
                } else {
                    c.period_weight += weight;
                }
            }
        }
        if let Some(x) = exclude {
            counts.remove(&x);
        }
        let my_period = features.period.len();
        // Exact copies first: identical normalized text needs no alignment.
        let mut exact_ids: Vec<u32> = if chars.len() >= params.min_exact_chars {
            counts.iter().filter(|(_, c)| c.exact).map(|(&d, _)| d).collect()
        } else {
            Vec::new()
        };
        exact_ids.sort_unstable();
        answer.considered.extend_from_slice(&exact_ids);
        for d in exact_ids.into_iter().rev() {
            if self.view.is_deleted(d)? {
                continue;
            }
            if let Some(doc) = self.view.find(d)? {
                let (url, (_, cluster)) = (doc.url()?, doc.summary());
                let cmp = Comparison::identical(chars.len());
                answer.exact = Some(Match { doc_id: d, url, cluster, cmp });
                break;
            }
        }
        let exact_doc = answer.exact.as_ref().map(|m| m.doc_id);
        // Filter: a shared fingerprint, or two shared period features, or one when either page
        // has at most two (a short page, and a longer one that contains it) or when it is rare
        // (on at most RARE_HOLDERS pages: an edit that touched every other sentence's end leaves
        // one such key, and boilerplate is never rare). Rank by shared
        // fingerprints plus CCS, each key weighted by its rarity: a site's boilerplate sentences
        // inside its articles (a disclaimer, a reprint notice) are shared with every page of
        // the site, and must not crowd out the one earlier page that shares the article.
        let mut pre: Vec<(u32, Counts)> =
            counts.into_iter().filter(|(d, c)| Some(*d) != exact_doc && (c.fp >= 1 || c.period >= 1)).collect();
        let sentence_share = |c: &Counts| {
            let n = single_sentences.len().max(1) as f32;
            c.sentence_weight * c.sentence_weight / (n * params.fp_sentences.max(1) as f32)
        };
        let pre_rank = |c: &Counts| c.fp_weight + c.period_weight + sentence_share(c);
        pre.sort_unstable_by(|a, b| pre_rank(&b.1).total_cmp(&pre_rank(&a.1)).then(b.0.cmp(&a.0)));
        // (doc, rank, ccs, clr, cluster, where it is)
        let mut ranked: Vec<(u32, f32, f64, f64, u32, DocRef<'_>)> = Vec::with_capacity(limits.max_candidates * 8);
        for (d, c) in pre {
            if ranked.len() >= limits.max_candidates * 8 {
                break;
            }
            let Some(doc) = self.view.find(d)? else { continue };
            let (their_period, cluster) = doc.summary();
            let (small, large) = ((my_period as u32).min(their_period), (my_period as u32).max(their_period));
            if c.fp == 0 && c.period < 2 && small > 2 && c.period_weight < 1.0 {
                continue;
            }
            let ccs = if small == 0 { 0.0 } else { f64::from(c.period) / f64::from(small) };
            let clr = if large == 0 { 1.0 } else { f64::from(small) / f64::from(large) };
            let weighted_ccs = if small == 0 { 0.0 } else { c.period_weight / small as f32 };
            ranked.push((d, c.fp_weight + weighted_ccs + sentence_share(&c), ccs, clr, cluster, doc));
            answer.considered.push(d);
        }
        ranked.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(b.0.cmp(&a.0)));
        // Most new pages have no candidate left here: prepare the query side on first need.
        let mut prep: Option<Prepared> = None;
        let prepare = |chars: &[char]| {
            let mut prep = Prepared::new(chars, params);
            if !boilerplate_keys.is_empty() {
                let (mut ranges, mut own) = (Vec::new(), Vec::new());
                crate::features::each_period_feature(chars, params, |key, sentence| {
                    let side = if boilerplate_keys.contains(&key) { &mut ranges } else { &mut own };
                    side.push(sentence);
                });
                prep.set_boilerplate(ranges, own);
            }
            prep
        };
        let mut aligned: Vec<((u64, u32), Comparison)> = Vec::new();
        let page = (features.exact, chars.len() as u32);
        let carried: &[((u64, u32), Comparison)] = match earlier {
            Some(e) if e.page == page && e.boilerplate == boilerplate_keys => &e.by_text,
            _ => &[],
        };
        let mut rechecks = 0;
        for (d, _, ccs, clr, cluster, doc) in ranked {
            if answer.verified >= limits.max_candidates || answer.matches.len() >= limits.max_matches {
                break;
            }
            if self.view.is_deleted(d)? {
                continue;
            }
            answer.verified += 1;
            // Popular pages have many identical copies among the candidates: their text is
            // aligned once. They still count against `max_candidates`, so answers are those of
            // aligning each.
            let identity = doc.identity();
            let same_text = |list: &[((u64, u32), Comparison)]| {
                list.iter().find(|(id, _)| *id == identity).map(|(_, c)| {
                    let mut c = c.clone();
                    (c.ccs, c.clr) = (ccs, clr);
                    c
                })
            };
            // The candidate's text, when it was read for the comparison.
            let mut read: Option<Vec<char>> = None;
            let cmp = if let Some(c) = same_text(&aligned) {
                answer.reused += 1;
                c
            } else if let Some(c) = same_text(carried) {
                answer.carried += 1;
                aligned.push((identity, c.clone()));
                c
            } else {
                let text = doc.text(&mut scratch.cache)?;
                let prep = prep.get_or_insert_with(|| prepare(chars));
                let c = scratch.verifier.compare_prepared(chars, prep, &text, (ccs, clr), params);
                aligned.push((identity, c.clone()));
                read = Some(text);
                c
            };
            let mut cmp = cmp;
            if let Some(o) = origin {
                cmp.relation = relation::two_articles(&cmp, o, &doc, params)?;
            }
            let listed = origin.is_some_and(|o| o.listing) || doc.listing();
            cmp.relation = crate::verify::unless_listed(&cmp, chars, listed, params);
            // Short of a claim with text in common: the candidate's furniture, which its own
            // site's pages show and the page's keys never look up, may be what it lacks.
            if !cmp.relation.is_claim()
                && cmp.shared_bound >= params.min_shared_chars
                && !cmp.near_miss
                && rechecks < CANDIDATE_RECHECKS
            {
                rechecks += 1;
                let text = match read {
                    Some(text) => text,
                    None => doc.text(&mut scratch.cache)?,
                };
                let ranges =
                    self.candidate_boilerplate(d, &doc, &text, &features.period, &mut answer.candidate_keys)?;
                // Aligned again only when what the two share could then be enough: the
                // candidate's text less its boilerplate is what the share is of.
                let boiler_chars: usize = ranges.iter().map(|r| r.0.len()).sum();
                let rest = text.len().saturating_sub(boiler_chars);
                let enough = cmp.shared_bound as f64 >= params.dup_coverage.min(params.contain_rate) * rest as f64;
                if !ranges.is_empty() && enough {
                    let prep = prep.get_or_insert_with(|| prepare(chars));
                    let plain: Vec<std::ops::Range<usize>> = ranges.iter().map(|r| r.0.clone()).collect();
                    let mut again =
                        scratch.verifier.compare_prepared_discounting(chars, prep, &text, &plain, (ccs, clr), params);
                    if let Some(o) = origin {
                        again.relation = relation::two_articles(&again, o, &doc, params)?;
                    }
                    // Taken only when each sentence discounted is its site's word for word.
                    if again.relation.is_claim() && self.furniture_verbatim(&text, &ranges, &mut scratch.cache)? {
                        answer.discounted += 1;
                        cmp = again;
                    }
                }
            }
            if cmp.relation.is_similar() {
                let url = doc.url()?;
                answer.matches.push(Match { doc_id: d, url, cluster, cmp });
            }
        }
        answer.matches.sort_by(|a, b| {
            relation::rank(a.cmp.relation)
                .cmp(&relation::rank(b.cmp.relation))
                .then(b.cmp.tlcs_chars.cmp(&a.cmp.tlcs_chars))
                .then(b.doc_id.cmp(&a.doc_id))
        });
        answer.alignments = Alignments { page, boilerplate: boilerplate_keys, by_text: aligned };
        Ok(answer)
    }
}
