//! A site's furniture: the intro, outro and notices a site puts around its articles, found from
//! a site's second page (the page's own lookup) or in a candidate's text (its site's pages).

use super::boilerplate::holds_own;
use super::relation::another_article;
use super::{Origin, Searcher};
use crate::features::Features;
use crate::store::format::KeyKind;
use crate::store::{DocRef, Result, TextCache};

/// At most this many holders' texts are read in one query to tell whether what the page shares
/// with them lies at their edges (see `Index::sibling_edges`): a page sharing its edges with
/// many of its site's pages, each on no more than two, stays bounded.
const SIBLING_TEXTS_READ: usize = 8;

/// At most this many candidates of one query have their own boilerplate looked up (see
/// `Index::candidate_boilerplate`): each costs a lookup of its sentences' keys, and candidates
/// come best first.
pub(super) const CANDIDATE_RECHECKS: usize = 4;

/// The keys of `order` (a text's period features in text order) on the runs from its start and
/// to its end whose keys all pass `is`, or none when one run is the whole text (nothing of the
/// text's own lies between them). Sorted, distinct.
pub(super) fn edge_keys(order: &[u64], is: impl Fn(&u64) -> bool) -> Vec<u64> {
    let head = order.iter().take_while(|k| is(k)).count();
    if head == order.len() {
        return Vec::new();
    }
    let tail = order[head..].iter().rev().take_while(|k| is(k)).count();
    let mut out: Vec<u64> = order[..head].iter().chain(&order[order.len() - tail..]).copied().collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// [`Searcher::sibling_edges`] given the page's period features in text order (`order`) and
/// sorted (`period`), the sibling keys with their holders, and a reader of a holder's period
/// features in text order (`None`: not stored); the batch judge reads them from records.
pub(crate) fn sibling_edge_keys(
    order: &[u64],
    period: &[u64],
    siblings: &[(u64, &[u32])],
    common: &[u64],
    mut holder_order: impl FnMut(u32) -> Result<Option<Vec<u64>>>,
) -> Result<Vec<u64>> {
    // Both lists come in the order of the page's period features, which are sorted.
    debug_assert!(siblings.windows(2).all(|w| w[0].0 < w[1].0) && common.windows(2).all(|w| w[0] < w[1]));
    let sibling = |k: &u64| siblings.binary_search_by_key(k, |s| s.0).ok();
    let mut out = edge_keys(order, |k| sibling(k).is_some() || common.binary_search(k).is_ok());
    out.retain(|k| sibling(k).is_some());
    // Each holder's own edges, over the sentences the page holds too; past
    // `SIBLING_TEXTS_READ` holders, none (their keys stay text).
    let mut edges: rustc_hash::FxHashMap<u32, Vec<u64>> = rustc_hash::FxHashMap::default();
    let mut keep = Vec::with_capacity(out.len());
    for &key in &out {
        let Some(holders) = sibling(&key).map(|i| siblings[i].1) else { continue };
        let mut at_edges = true;
        for &d in holders {
            let read = edges.len() < SIBLING_TEXTS_READ;
            let theirs = match edges.entry(d) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(v) => v.insert(match read {
                    true => match holder_order(d)? {
                        Some(theirs) => edge_keys(&theirs, |k| period.binary_search(k).is_ok()),
                        None => Vec::new(),
                    },
                    false => Vec::new(),
                }),
            };
            at_edges &= theirs.binary_search(&key).is_ok();
        }
        if at_edges {
            keep.push(key);
        }
    }
    Ok(keep)
}

impl Searcher<'_> {
    /// True when a key on fewer pages than [`TEMPLATE_MIN_HOLDERS`] (`ids`) is furniture of the
    /// page's own site: every holder is a page of that site under a different title (another
    /// article, see [`crate::features::title::titles_differ`]), and both it and the page hold
    /// period features beside the ones they share (`shared_period(d)`; `margin`: the page's
    /// pruned ones; `mine`: the page's count). An account's intro and outro or a job board's
    /// notice is then known from a site's second page, where [`Searcher::site_template`] waits
    /// for three holders; until then a repost of another site's article under it was neither
    /// contained in the original nor a copy, as the furniture counted against the match. A
    /// whole earlier article inside the page (a roundup) leaves its holder nothing of its own,
    /// and a retitled copy leaves the page nothing: their sentences stay the article's. `info`
    /// caches each holder's (period features, same site under another title) for the query.
    pub(super) fn sibling_furniture(
        &self,
        ids: &[u32],
        shared_period: impl Fn(u32) -> u16,
        margin: usize,
        mine: usize,
        origin: Origin<'_>,
        info: &mut rustc_hash::FxHashMap<u32, Option<(u32, bool)>>,
    ) -> Result<bool> {
        for &d in ids {
            let known = self.holder_facts(d, info, |doc| Ok((doc.summary().0, another_article(origin, doc)?)))?;
            let Some((period, other_article)) = known else { return Ok(false) };
            let shared = shared_period(d);
            if !other_article || !holds_own(period as usize, shared, margin) || !holds_own(mine, shared, margin) {
                return Ok(false);
            }
        }
        Ok(!ids.is_empty())
    }

    /// Of the page's period features that may be its site's furniture (`siblings`, each with
    /// its holders in `held`; see [`Searcher::sibling_furniture`]), those that are: at an edge of
    /// the page, on a run of its sentences from its start or to its end that are all such
    /// features or `common` ones (on as many pages as a template, such as a reprint line many
    /// sites end with), and at an edge of each holder, on a run of its sentences that the page
    /// holds too. An account's intro and outro, a board's notice are at the edges of every page
    /// that carries them. A roundup quotes a story's lead between lines of its own, and a story
    /// whose lead a roundup quoted holds it at its start but the roundup does not: those leads
    /// stay text. Sorted.
    pub(super) fn sibling_edges(
        &self,
        chars: &[char],
        features: &Features,
        siblings: &[(u64, std::ops::Range<usize>)],
        held: &[u32],
        common: &[u64],
        cache: &mut TextCache,
    ) -> Result<Vec<u64>> {
        let params = self.view.params;
        let mut order = Vec::new();
        crate::features::each_period_feature(chars, params, |key, _| order.push(key));
        let siblings: Vec<(u64, &[u32])> = siblings.iter().map(|(k, r)| (*k, &held[r.clone()])).collect();
        sibling_edge_keys(&order, &features.period, &siblings, common, |d| {
            let Some(doc) = self.view.find(d)? else { return Ok(None) };
            let text = doc.text(cache)?;
            let mut theirs = Vec::new();
            crate::features::each_period_feature(&text, params, |key, _| theirs.push(key));
            Ok(Some(theirs))
        })
    }

    /// The sentences of candidate `d` (`doc`, its stored `text`) that are its boilerplate, by
    /// the rules a query applies to its own page: a period feature on more than
    /// [`RARE_HOLDERS`] other pages that [`Searcher::boilerplate`] calls so, or on
    /// [`TEMPLATE_MIN_HOLDERS`] or more that are its site's template ([`Searcher::site_template`],
    /// with the candidate's title). A query looks up its own keys only, so an article another
    /// site reposted under its own furniture was held by its original, under the original
    /// site's furniture, only when the repost's part was the larger: the original site's pages
    /// tell its furniture, and this reads it.
    ///
    /// Only sentences the page lacks are the candidate's to discount: a period feature the page
    /// holds too (`page_period`, sorted) was judged by the page's own lookup, and that verdict
    /// stands for both (two bulletins of one template share their closing lines, and the rest of
    /// each is its facts). And none unless the first or the last of those sentences is such:
    /// furniture a repost lacks is an intro or an outro around what it shares, and most
    /// candidates that fall short of a claim are another story sharing a passage, whose every
    /// sentence would otherwise be looked up. Those two keys are looked up first, their
    /// holders' shared counts taken from them alone (fewer shared keys make a holder's text of
    /// its own likelier, so this lets through whatever the whole count would). None either when
    /// the boilerplate would be over three quarters of the text: then it is what the candidate
    /// says, as [`Prepared::set_boilerplate`] has it. The period features looked up are
    /// appended to `looked_up`. Sorted ranges, each with a holder of its key to read its words
    /// in (see [`Searcher::furniture_verbatim`]).
    pub(super) fn candidate_boilerplate(
        &self,
        d: u32,
        doc: &DocRef<'_>,
        text: &[char],
        page_period: &[u64],
        looked_up: &mut Vec<u64>,
    ) -> Result<Vec<(std::ops::Range<usize>, u32)>> {
        let params = self.view.params;
        let mut sentences: Vec<(u64, std::ops::Range<usize>)> = Vec::new();
        crate::features::each_period_feature(text, params, |key, sentence| sentences.push((key, sentence)));
        let mut keys: Vec<u64> = sentences.iter().map(|s| s.0).collect();
        keys.sort_unstable();
        keys.dedup();
        let distinct = keys.len();
        keys.retain(|&k| !self.view.pruned.contains(KeyKind::Period, k));
        let margin = distinct - keys.len();
        let lacked = |k: &u64| page_period.binary_search(k).is_err();
        // The first and last of the sentences the page lacks.
        let mut own = sentences.iter().map(|s| s.0).filter(|k| lacked(k) && keys.binary_search(k).is_ok());
        let Some(first) = own.next() else { return Ok(Vec::new()) };
        let mut edges = vec![first];
        if let Some(last) = own.next_back().filter(|&k| k != first) {
            edges.push(last);
            edges.sort_unstable();
        }
        // The edges' holders first, their shared counts over the edges alone; the rest's only
        // when an edge is furniture.
        let title = doc.title()?;
        let mut info = rustc_hash::FxHashMap::default();
        let mut lists = self.holder_lists(d, &edges, looked_up)?;
        if self.template_keys(&lists, |_| true, margin, &title, &mut info)?.is_empty() {
            return Ok(Vec::new());
        }
        keys.retain(|k| edges.binary_search(k).is_err());
        lists.extend(self.holder_lists(d, &keys, looked_up)?);
        lists.sort_unstable_by_key(|l| l.0);
        let boiler = self.template_keys(&lists, lacked, margin, &title, &mut info)?;
        let mut ranges: Vec<(std::ops::Range<usize>, u32)> = Vec::new();
        let mut witnesses: rustc_hash::FxHashMap<u64, Option<u32>> = rustc_hash::FxHashMap::default();
        for (k, r) in sentences {
            if boiler.binary_search(&k).is_err() {
                continue;
            }
            let witness = match witnesses.get(&k) {
                Some(&w) => w,
                None => {
                    let ids = lists.binary_search_by_key(&k, |l| l.0).map_or(&[][..], |j| &lists[j].2[..]);
                    let w = self.witness(ids, doc.site_id())?;
                    witnesses.insert(k, w);
                    w
                }
            };
            if let Some(h) = witness {
                ranges.push((r, h));
            }
        }
        let chars: usize = ranges.iter().map(|r| r.0.len()).sum();
        Ok(if chars * 4 > text.len() * 3 { Vec::new() } else { ranges })
    }

    /// True when every sentence of `text` in `ranges` is word for word in the text of the
    /// holder given with it (see [`Searcher::candidate_boilerplate`]): a period feature is a
    /// sentence's last characters, and a sentence of a template with other facts (another
    /// book's title and page count before the shop's line) ends as the template does.
    pub(super) fn furniture_verbatim(
        &self,
        text: &[char],
        ranges: &[(std::ops::Range<usize>, u32)],
        cache: &mut TextCache,
    ) -> Result<bool> {
        let mut read: rustc_hash::FxHashMap<u32, Vec<char>> = rustc_hash::FxHashMap::default();
        for (r, h) in ranges {
            let theirs = match read.entry(*h) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(v) => match self.view.find(*h)? {
                    Some(doc) => v.insert(doc.text(cache)?),
                    None => return Ok(false),
                },
            };
            let sentence = &text[r.clone()];
            if sentence.is_empty() || !theirs.windows(sentence.len()).any(|w| w == sentence) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Each of `keys` (period features of document `d`) with how many documents other than `d`
    /// hold it and the newest of them (see [`crate::store::View::gather`]), in increasing order. The keys are
    /// appended to `looked_up`.
    pub(super) fn holder_lists(
        &self,
        d: u32,
        keys: &[u64],
        looked_up: &mut Vec<u64>,
    ) -> Result<Vec<(u64, usize, Vec<u32>)>> {
        let limits = self.limits;
        looked_up.extend_from_slice(keys);
        let mut lists = Vec::with_capacity(keys.len());
        let mut segs = Vec::with_capacity(self.view.segments().len());
        for &key in keys {
            segs.clear();
            self.view.segments_passing(KeyKind::Period, key, &mut segs)?;
            let mut ids = Vec::new();
            let holders = self.view.gather(
                KeyKind::Period,
                key,
                segs.iter().copied(),
                limits.posting_cap,
                limits.long_list_tail,
                &mut ids,
            )?;
            let before = ids.len();
            ids.retain(|&h| h != d);
            lists.push((key, holders - (before - ids.len()), ids));
        }
        Ok(lists)
    }
}
