//! Boilerplate and site templates: when a key the page shares with other pages is their
//! template's rather than an article's, judged from its holders.

use super::Searcher;
use crate::store::{DocRef, Result};

/// Keys held by at most this many documents count fully in candidate ranking; a key held by more
/// counts `RARE_HOLDERS / holders` (nothing if it is boilerplate): a sentence on every page of a
/// site is weak evidence that two of its pages share an article.
pub(crate) const RARE_HOLDERS: usize = 32;

/// Whether a key held by more than [`RARE_HOLDERS`] pages is boilerplate is judged from this many
/// of its newest holders.
pub(crate) const HOLDER_SAMPLE: usize = 16;

/// A key held by at least this many pages, and at most [`RARE_HOLDERS`], is boilerplate when
/// they are one site's pages with text of their own beside it (see `Index::site_template`).
pub(crate) const TEMPLATE_MIN_HOLDERS: usize = 3;

/// Ranking weight of a key held by `holders` documents.
pub(crate) fn rarity(holders: usize) -> f32 {
    if holders <= RARE_HOLDERS {
        1.0
    } else {
        RARE_HOLDERS as f32 / holders as f32
    }
}

/// True when a document with `period` period features holds some beside the `shared` ones it
/// has of the page's and the page's `margin` (its pruned ones, which a holder with the same text
/// holds too and which are not counted as shared): text of its own.
pub(crate) fn holds_own(period: usize, shared: u16, margin: usize) -> bool {
    period > usize::from(shared) + margin
}

/// True when three quarters of a key's newest holders (their `sites`, sorted on the way) are
/// one site's pages: its template. At least `HOLDER_SAMPLE / 2` of them.
pub(crate) fn one_site(sites: &mut [u32]) -> bool {
    let n = sites.len();
    n >= HOLDER_SAMPLE / 2 && most_common(sites) * 4 >= n * 3
}

/// True when no cluster holds half of a key's newest holders (their `clusters`, sorted on the
/// way): a notice many sites put under unrelated articles.
pub(crate) fn many_stories(clusters: &mut [u32]) -> bool {
    most_common(clusters) * 2 < clusters.len()
}

/// True when a key on a few pages is a site's template text around each page's own (see
/// [`Searcher::site_template`]): of its newest holders (`sites`), three quarters are one site's,
/// and `own` of them, as many, hold text beside the page's.
pub(crate) fn site_template_of(sites: &mut [u32], own: usize) -> bool {
    let n = sites.len();
    n >= TEMPLATE_MIN_HOLDERS && most_common(sites) * 4 >= n * 3 && own * 4 >= n * 3
}

/// How often the most common value of `v` occurs (`v` is sorted on the way).
fn most_common(v: &mut [u32]) -> usize {
    v.sort_unstable();
    v.chunk_by(|a, b| a == b).map(<[u32]>::len).max().unwrap_or(0)
}

impl Searcher<'_> {
    /// What `facts` reads of document `d`, cached in `info` for the rest of the query (`None`:
    /// no such document).
    pub(super) fn holder_facts<T: Copy>(
        &self,
        d: u32,
        info: &mut rustc_hash::FxHashMap<u32, Option<T>>,
        facts: impl FnOnce(&DocRef<'_>) -> Result<T>,
    ) -> Result<Option<T>> {
        if let Some(&known) = info.get(&d) {
            return Ok(known);
        }
        let known = match self.view.find(d)? {
            Some(doc) => Some(facts(&doc)?),
            None => None,
        };
        info.insert(d, known);
        Ok(known)
    }

    /// True when a key's newest holders (`ids`, in increasing order) show it to be boilerplate:
    /// three quarters of them are pages of one site (its template), or no cluster holds half of
    /// them (a notice many sites put under unrelated articles). A popular article's sentences
    /// are on many pages too, but those pages are its copies, in its cluster.
    pub(super) fn boilerplate(&self, ids: &[u32]) -> Result<bool> {
        let newest = &ids[ids.len().saturating_sub(HOLDER_SAMPLE)..];
        let (mut sites, mut clusters) = (Vec::with_capacity(newest.len()), Vec::with_capacity(newest.len()));
        for &d in newest {
            if let Some(doc) = self.view.find(d)? {
                sites.push(doc.site_id());
                clusters.push(doc.summary().1);
            }
        }
        if sites.len() < HOLDER_SAMPLE / 2 {
            return Ok(false);
        }
        Ok(one_site(&mut sites) || many_stories(&mut clusters))
    }

    /// True when a key on a few pages (`ids`, in increasing order) is a site's template text
    /// around each page's own: three quarters of its newest holders are pages of one site, and
    /// as many hold period features the page does not (`shared_period(d)`: how many of the
    /// page's they hold; `margin`: the page's pruned ones, which are not counted). A site's
    /// shop policy or job-board notice is on its first pages too, where [`Searcher::boilerplate`]
    /// waits for more than [`RARE_HOLDERS`]: before this, every product page of a new shop was
    /// a "duplicate" of the ones before. Copies of one article on one site (a print view, a
    /// mobile page) hold nothing beside it, so their sentences stay the article's. Nor is a
    /// holder whose title is the page's, reworded (`title`, the page's sketch; see
    /// [`crate::features::title`]), text of its own beside a template: a story updated at new
    /// URLs, each version with a new lead, or a product's colours, each with a line of its own.
    /// An identical title is no such evidence: many sites give every page the same one. `info`
    /// caches each holder's (site, period features, reworded title) for the query.
    pub(super) fn site_template(
        &self,
        ids: &[u32],
        shared_period: impl Fn(u32) -> u16,
        margin: usize,
        title: Option<&crate::features::title::TitleSketch>,
        info: &mut rustc_hash::FxHashMap<u32, Option<(u32, u32, bool)>>,
    ) -> Result<bool> {
        let newest = &ids[ids.len().saturating_sub(HOLDER_SAMPLE)..];
        let mut sites = Vec::with_capacity(newest.len());
        let mut own = 0usize;
        for &d in newest {
            let known = self.holder_facts(d, info, |doc| {
                let reworded = match title {
                    Some(t) => crate::features::title::title_reworded(t, &doc.title()?),
                    None => false,
                };
                Ok((doc.site_id(), doc.summary().0, reworded))
            })?;
            if let Some((site, period, reworded)) = known {
                sites.push(site);
                own += usize::from(!reworded && holds_own(period as usize, shared_period(d), margin));
            }
        }
        Ok(site_template_of(&mut sites, own))
    }

    /// Of the keys of `lists` (a document's period features with their other holders, see
    /// [`Searcher::holder_lists`], `margin` of its others pruned) that `judged` picks, those that are
    /// boilerplate or its site's template (see [`Searcher::candidate_boilerplate`]), each holder's
    /// shared count taken over all of `lists`. `title` is the document's; `info` caches holders'
    /// facts. Sorted.
    pub(super) fn template_keys(
        &self,
        lists: &[(u64, usize, Vec<u32>)],
        judged: impl Fn(&u64) -> bool,
        margin: usize,
        title: &crate::features::title::TitleSketch,
        info: &mut rustc_hash::FxHashMap<u32, Option<(u32, u32, bool)>>,
    ) -> Result<Vec<u64>> {
        // How many of the keys a holder shares, counted only for the few holders a template's
        // test reads (a key on every page of a site lists hundreds).
        let shared_period = |h: u32| {
            let n = lists.iter().filter(|l| l.2.binary_search(&h).is_ok()).count();
            u16::try_from(n).unwrap_or(u16::MAX)
        };
        let mut boiler = Vec::new();
        for (key, holders, ids) in lists.iter().filter(|l| judged(&l.0)) {
            let is = if *holders > RARE_HOLDERS {
                self.boilerplate(ids)?
            } else if *holders >= TEMPLATE_MIN_HOLDERS {
                self.site_template(ids, shared_period, margin, Some(title), info)?
            } else {
                false
            };
            if is {
                boiler.push(*key);
            }
        }
        boiler.sort_unstable();
        Ok(boiler)
    }

    /// The holder (of `ids`, in increasing order) whose words a candidate's furniture is read
    /// against (see [`Searcher::furniture_verbatim`]): the newest page of `site` among the newest
    /// holders, or else the newest.
    pub(super) fn witness(&self, ids: &[u32], site: u32) -> Result<Option<u32>> {
        let newest = &ids[ids.len().saturating_sub(HOLDER_SAMPLE)..];
        for &h in newest.iter().rev() {
            if self.view.find(h)?.is_some_and(|doc| doc.site_id() == site) {
                return Ok(Some(h));
            }
        }
        Ok(newest.last().copied())
    }
}
