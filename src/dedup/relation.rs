//! Relation rules a query applies on top of a comparison: two articles of one site, and the
//! order of the matches.

use super::Origin;
use crate::store::{DocRef, Result};
use crate::verify::{Comparison, Relation};

/// A near-whole match is resemblance of at least this ...
const WHOLE_RESEMBLE: f64 = 0.85;

/// ... or the shorter text contained to at least this share.
const WHOLE_CONTAIN: f64 = 0.97;

/// The relation of a page from `origin` to `doc`, as `cmp` found it, but for two pages of one
/// site whose titles differ: those are two articles, and they are copies of each other, or one
/// holds the other, only when the match is near-whole ([`WHOLE_RESEMBLE`], [`WHOLE_CONTAIN`]).
/// A lesser one is the site's furniture inside its articles (a job board's safety notice, an
/// account's intro and outro, a shop's policy), which the index learns only once it is on
/// three pages (`Searcher::site_template`): on a site's second and third page it made a duplicate
/// or a containment of the first. Such a pair is an overlap when a passage not at the same
/// edge of both texts is long enough, as for any pair, and different otherwise. A story's
/// update keeps most of its title, and a print view under another title is near-whole; a
/// digest of the site's stories shares a passage with each, and stays an overlap.
pub(super) fn two_articles(
    cmp: &Comparison,
    origin: Origin<'_>,
    doc: &DocRef<'_>,
    p: &crate::Params,
) -> Result<Relation> {
    if !cmp.relation.is_claim() || whole(cmp) {
        return Ok(cmp.relation);
    }
    Ok(unless_two_articles(cmp, another_article(origin, doc)?, p))
}

/// A near-whole match ([`WHOLE_RESEMBLE`], [`WHOLE_CONTAIN`]).
fn whole(cmp: &Comparison) -> bool {
    cmp.resemble >= WHOLE_RESEMBLE || cmp.contain >= WHOLE_CONTAIN
}

/// [`two_articles`] once it is known whether the candidate is `another` article of the page's
/// site: the batch judge knows both pages' records, not a stored document.
pub(crate) fn unless_two_articles(cmp: &Comparison, another: bool, p: &crate::Params) -> Relation {
    if !cmp.relation.is_claim() || whole(cmp) || !another {
        return cmp.relation;
    }
    crate::verify::short_of_a_claim(cmp.overlap_chars, p)
}

/// True when `doc` is another article of the page's site: a page of `origin`'s site under a
/// different title (see [`crate::features::title::titles_differ`]).
pub(super) fn another_article(origin: Origin<'_>, doc: &DocRef<'_>) -> Result<bool> {
    Ok(crate::features::title::titles_differ(&origin.title, &doc.title()?) && doc.on_site(origin.site)?)
}

/// The order of relations among an answer's matches: copies first, overlaps last.
pub(crate) fn rank(r: Relation) -> u8 {
    match r {
        Relation::Duplicate => 0,
        Relation::Contains | Relation::Contained => 1,
        Relation::Overlaps => 2,
        Relation::Different => 3,
    }
}
