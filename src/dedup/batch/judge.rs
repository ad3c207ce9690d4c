//! The judge stage: a page and the texts of its ranked candidates (see [`super::rank`]),
//! verified with TLCS as the query verifies them.

use super::rank::Ranked;
use crate::dedup::{relation, Match};
use crate::params::Params;
use crate::store::doc::DocRecord;
use crate::store::format::DOC_FLAG_LISTING;
use crate::verify::{Comparison, Prepared, Verifier};

/// A page's verified earlier matches.
#[derive(Debug, Clone, Default)]
pub struct Judged {
    /// The live earlier page with the same text.
    pub exact: Option<Match>,
    /// Verified similar pages, best first.
    pub matches: Vec<Match>,
}

impl Judged {
    /// The best match, exact first.
    pub fn best(&self) -> Option<&Match> {
        self.exact.as_ref().or(self.matches.first())
    }
}

/// Verifies `page` against its `ranked` candidates, `docs` holding (at least) every page of
/// [`Ranked::needed`]; one missing is skipped. `max_matches` stops verification as the query
/// stops it. A match's `cluster` is left `u32::MAX`: clusters are known once every page is judged.
pub fn judge(
    verifier: &mut Verifier,
    page: &DocRecord,
    ranked: &Ranked,
    docs: &rustc_hash::FxHashMap<u32, &DocRecord>,
    max_matches: usize,
    params: &Params,
) -> Judged {
    let chars = crate::normalize::string_to_chars(&page.text, page.chars as usize);
    let mut out = Judged::default();
    if let Some(d) = ranked.exact.and_then(|d| docs.get(&d)) {
        let cmp = Comparison::identical(chars.len());
        out.exact = Some(Match { doc_id: d.doc_id, url: d.url.clone(), cluster: u32::MAX, cmp });
    }
    let mut prep: Option<Prepared> = None;
    let prepare = |chars: &[char]| {
        let mut prep = Prepared::new(chars, params);
        if !ranked.boilerplate.is_empty() {
            let (mut ranges, mut own) = (Vec::new(), Vec::new());
            crate::features::each_period_feature(chars, params, |key, sentence| {
                let side = if ranked.boilerplate.contains(&key) { &mut ranges } else { &mut own };
                side.push(sentence);
            });
            prep.set_boilerplate(ranges, own);
        }
        prep
    };
    // Identical candidate texts are aligned once (the query reuses them the same way).
    let mut aligned: Vec<((u64, u32), Comparison)> = Vec::new();
    let page_listed = page.flags & DOC_FLAG_LISTING != 0;
    for &(d, ccs, clr) in &ranked.candidates {
        if out.matches.len() >= max_matches {
            break;
        }
        let Some(doc) = docs.get(&d) else { continue };
        let identity = (doc.exact, doc.chars);
        let mut cmp = match aligned.iter().find(|(id, _)| *id == identity) {
            Some((_, c)) => {
                let mut c = c.clone();
                (c.ccs, c.clr) = (ccs, clr);
                c
            }
            None => {
                let text = crate::normalize::string_to_chars(&doc.text, doc.chars as usize);
                let prep = prep.get_or_insert_with(|| prepare(&chars));
                let c = verifier.compare_prepared(&chars, prep, &text, (ccs, clr), params);
                aligned.push((identity, c.clone()));
                c
            }
        };
        let another = crate::features::title::titles_differ(&page.title, &doc.title) && doc.site == page.site;
        cmp.relation = relation::unless_two_articles(&cmp, another, params);
        let listed = page_listed || doc.flags & DOC_FLAG_LISTING != 0;
        cmp.relation = crate::verify::unless_listed(&cmp, &chars, listed, params);
        if cmp.relation.is_similar() {
            out.matches.push(Match { doc_id: d, url: doc.url.clone(), cluster: u32::MAX, cmp });
        }
    }
    out.matches.sort_by(|a, b| {
        relation::rank(a.cmp.relation)
            .cmp(&relation::rank(b.cmp.relation))
            .then(b.cmp.tlcs_chars.cmp(&a.cmp.tlcs_chars))
            .then(b.doc_id.cmp(&a.doc_id))
    });
    out
}
