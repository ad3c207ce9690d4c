//! Listings and pagers: a listing of other pages (a channel's, a tag's, a search's) that is
//! the page's text, all of its excerpts; the pager that marks one page of a channel; a
//! listing's leftover paragraph (a site's notice) that is no text; and whether a page's text
//! is mostly a listing's excerpts.

use std::ops::Range;

use super::block::{is_prose, keep, readable_chars, Extracted, MAX_LINK_DENSITY};
use super::headline::HEADLINE_MAX_CHARS;
use super::lists::Listing;
use super::threads::LONE_LIST_CHARS;
use crate::decode::find_ascii_ci;
use crate::lexicon::{en, zh};

/// The listings under the headline that are the page's text: the excerpts of a listing under
/// the headline compete for the main text with whatever else the page has (a sidebar's "about
/// us") when the listing is dated and has at most a short introduction of its own (inside the
/// element holding the items) before it: a short article is not its related reading, nor is
/// an undated box on a page of pictures. Or when a pager follows it ("下一页", "1 2 3": one page
/// of a channel's, a tag's, a search's) and at most one paragraph comes before it: the
/// channel's description, the same on every page; more are an article, whose pages the pager
/// turns (its related reading may come before the pager). Never beside a lead post.
pub(super) fn listed<'l>(
    e: &Extracted,
    excluded: &[bool],
    footer: &[bool],
    headed: &Range<usize>,
    lead: Option<(u32, u32)>,
    listings: &'l [Listing],
) -> Vec<&'l Listing> {
    let readable = |range: Range<usize>, min: u32, prose: bool| readable_chars(e, excluded, footer, range, min, prose);
    let below_headline = |lo: usize| headed.is_empty() || headed.start <= lo;
    let paragraphs = |r: std::ops::Range<usize>| r.filter(|&i| readable(i..i + 1, 10, true) > 0).take(2).count();
    let listed = |l: &&Listing| {
        let (start, first) = (e.elems[l.parent as usize].first_block as usize, l.items[0].0 as usize);
        lead.is_none()
            && below_headline(first)
            && ((paged(e, l) && paragraphs(headed.start.min(start)..start) <= 1)
                || (l.dated
                    && readable(0..start, 10, true) == 0
                    && readable(start..first, 10, true) * 2 < l.excerpt_chars))
    };
    listings.iter().filter(listed).collect()
}

/// Keeps the items of the `listed` listings that their lists set aside.
pub(super) fn keep_listed(excluded: &mut [bool], listed: &[&Listing]) {
    listed.iter().flat_map(|l| &l.items).filter(|i| i.2).for_each(|&(lo, hi, _)| keep(excluded, lo, hi));
}

/// The best text lies in one excerpt of a listing (one too long to be set aside): the page is
/// the listing, and its text is all of it, not its longest excerpt.
pub(super) fn widen_to_listing(
    e: &Extracted,
    excluded: &mut [bool],
    listings: &[Listing],
    ranges: &mut Vec<(u32, u32)>,
) {
    if let Some(&(lo, hi)) = ranges.first() {
        if let Some(l) = listings.iter().find(|l| l.items.iter().any(|i| i.0 <= lo && hi <= i.1)) {
            l.items.iter().filter(|i| i.2).for_each(|&(lo, hi, _)| keep(excluded, lo, hi));
            let p = &e.elems[l.parent as usize];
            *ranges = vec![(p.first_block, p.end_block)];
        }
    }
}

/// A listing that is the page's content outweighs a paragraph beside it (a sidebar's "about
/// us"), which scores higher than any one short excerpt.
pub(super) fn prefer_listed(
    e: &Extracted,
    excluded: &[bool],
    footer: &[bool],
    listed: &[&Listing],
    ranges: &mut Vec<(u32, u32)>,
) {
    let prose = |lo: usize, hi: usize| readable_chars(e, excluded, footer, lo..hi, 10, true);
    let chosen: u32 = ranges.iter().map(|r| prose(r.0 as usize, r.1 as usize)).sum();
    let best = listed
        .iter()
        .map(|l| (l, l.items.iter().map(|i| prose(i.0 as usize, i.1 as usize)).sum::<u32>()))
        .max_by_key(|x| x.1);
    if let Some((l, chars)) = best {
        // Against the prose the chosen ranges hold besides the listing: a container around
        // both (a channel's description and its listing) is narrowed to the listing.
        let p = &e.elems[l.parent as usize];
        let inside = ranges.iter().any(|r| r.0 <= p.first_block && p.end_block <= r.1);
        let besides =
            if inside { chosen.saturating_sub(prose(p.first_block as usize, p.end_block as usize)) } else { chosen };
        if chars > besides {
            *ranges = vec![(p.first_block, p.end_block)];
        }
    }
}

/// A pager is at most this many blocks after a listing's last item, with no prose between (a
/// feed link, a line of hot searches or a "related searches" box may be).
const PAGER_MAX_DISTANCE: usize = 6;

/// Whether a pager follows listing `l`; see [`PAGER_MAX_DISTANCE`].
fn paged(e: &Extracted, l: &Listing) -> bool {
    let Some(&(_, end, _)) = l.items.last() else { return false };
    let end = end as usize;
    for b in &e.blocks[end..e.blocks.len().min(end + PAGER_MAX_DISTANCE)] {
        if b.chars <= HEADLINE_MAX_CHARS && is_pager(e.block_text(b), b.link_chars > 0) {
            return true;
        }
        if b.punct >= 1 && b.chars >= 10 && b.link_density() <= MAX_LINK_DENSITY {
            return false;
        }
    }
    false
}

/// Links to the next or other pages of a list: "下一页", "尾页", "Next ›" (links, or spans a script
/// turns into links), or three page numbers in a row that are links (`linked`: "1 2 3").
fn is_pager(text: &str, linked: bool) -> bool {
    if zh::PAGER_WORDS.iter().any(|w| text.contains(w))
        || en::PAGER_WORDS.iter().any(|w| find_ascii_ci(text.as_bytes(), w.as_bytes()).is_some())
    {
        return true;
    }
    let numbers: Vec<u32> = text.split(|c: char| !c.is_ascii_digit()).filter_map(|t| t.parse().ok()).collect();
    linked && numbers.windows(3).any(|w| w[1] == w[0] + 1 && w[2] == w[1] + 1)
}

/// How many times a scrap's prose the lists set aside hold, at least (see [`scrap`]).
const SCRAP_LIST_SHARE: u32 = 10;

/// Whether the chosen container (`ranges`) holds only what a listing's lists left: one short
/// paragraph (under [`LONE_LIST_CHARS`]), while the list items set aside hold
/// [`SCRAP_LIST_SHARE`] times its prose. On a page without a headline, an opening post or a
/// listing taken as its text, that paragraph is a site's notice above every board's thread list
/// ("本吧头图……由第三方提供……") or a ranking's explanation, the same on every listing of the
/// site, and as the page's text it made them all copies of each other.
pub(super) fn scrap(e: &Extracted, excluded: &[bool], footer: &[bool], ranges: &[(u32, u32)]) -> bool {
    let paragraphs: Vec<u32> = ranges
        .iter()
        .flat_map(|r| r.0 as usize..r.1 as usize)
        .map(|i| readable_chars(e, excluded, footer, i..i + 1, 10, true))
        .filter(|&c| c > 0)
        .take(2)
        .collect();
    let [chars] = paragraphs[..] else { return false };
    let set_aside: u32 = e
        .blocks
        .iter()
        .enumerate()
        .filter(|&(i, b)| excluded[i] && !footer[i] && is_prose(b))
        .map(|(_, b)| b.chars)
        .sum();
    chars < LONE_LIST_CHARS && set_aside >= SCRAP_LIST_SHARE * chars
}

/// A listing's page: at least half of what is kept lies in its items.
pub(super) fn listing_page(e: &Extracted, listings: &[Listing]) -> bool {
    let mut listed_block = vec![false; e.blocks.len()];
    for i in listings.iter().flat_map(|l| &l.items) {
        listed_block[i.0 as usize..i.1 as usize].fill(true);
    }
    let (mut all, mut in_items) = (0u64, 0u64);
    for (b, &listed) in e.blocks.iter().zip(&listed_block).filter(|(b, _)| b.dropped.is_none()) {
        all += u64::from(b.chars);
        in_items += if listed { u64::from(b.chars) } else { 0 };
    }
    all > 0 && in_items * 2 >= all
}

#[cfg(test)]
mod tests {
    use super::is_pager;

    #[test]
    fn pagers() {
        for pager in [
            "上一页 下一页",
            "首页 1 2 3 4 5 下一页 尾页",
            "[1] [2] [3] ...",
            "Next ›",
            "« Older posts",
            "1 | 2 | 3 | 末页",
        ] {
            assert!(is_pager(pager, true), "{pager}");
        }
        for not_a_pager in ["更多>>", "1 3 5", "2026-03-04", "第1页 第3页", "返回首页", "12 13"] {
            assert!(!is_pager(not_a_pager, true), "{not_a_pager}");
        }
        assert!(is_pager("下一页", false), "a span a script handles");
        assert!(!is_pager("1 2 3", false), "numbers that link nowhere");
    }
}
