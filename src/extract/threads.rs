//! Threads and comments: when a comment-like list starts the page, its first item is the lead
//! post (a forum thread whose opening post has the replies' layout) and the page's text; a
//! news article's comments, however long one of them is, stay set aside.

use std::ops::Range;

use super::block::{keep, readable_chars, Extracted, MIN_SCORING_CHARS};
use super::lists::{Listing, LongItem};

/// A thread's opening post without a sentence end holds a block of this many characters with
/// some punctuation ("坏了,因为...", "……心里师竟然需要…… ~~总之到最后 觉得浪费了时间").
const LEAD_MIN_CLAUSE_CHARS: u32 = 20;

/// Below this many characters of other scoring text, a comment-like list's first item is kept.
pub(super) const LONE_LIST_CHARS: u32 = 100;

/// A comment-like list with less prose than this before it (and less than its first item has)
/// starts with the page's lead post.
const LEAD_MAX_PROSE_BEFORE: u32 = 100;

/// Whether a list whose first item spans blocks `lo..hi` may be the page's text: not when it
/// ends before the page's headline (a box of the latest news above the article), nor when
/// prose lies between the headline and it: an article, however short (a news flash), whose
/// comments or related reading the list is. A thread's subject may be set inside its opening
/// post, after the poster's panel. Nor when a listing lies between the headline and it: a
/// channel's page whose excerpts (set aside as a list) its visitors' comments follow. List
/// items and footer text are neither "other prose" on the page nor prose before a list.
fn may_lead(
    e: &Extracted,
    excluded: &[bool],
    footer: &[bool],
    headed: &Range<usize>,
    listings: &[Listing],
    &(lo, hi): &(u32, u32),
) -> bool {
    let listing_between = |lo: usize| {
        !headed.is_empty()
            && listings.iter().any(|l| match (l.items.first(), l.items.last()) {
                (Some(first), Some(last)) => headed.start <= first.0 as usize && last.1 as usize <= lo,
                _ => false,
            })
    };
    let (lo, hi) = (lo as usize, hi as usize);
    (headed.is_empty() || headed.start <= hi)
        && readable_chars(e, excluded, footer, headed.start..lo.min(headed.end).max(headed.start), 10, true) == 0
        && !listing_between(lo)
}

/// The lead post: of the lists' `first_items` that may lead, the earliest that says something
/// in sentences with less prose before it than [`LEAD_MAX_PROSE_BEFORE`] (and than it holds).
pub(super) fn lead_post(
    e: &Extracted,
    excluded: &[bool],
    footer: &[bool],
    headed: &Range<usize>,
    first_items: &[(u32, u32)],
    listings: &[Listing],
) -> Option<(u32, u32)> {
    let mut lead: Option<(u32, u32)> = None;
    for &(lo, hi) in first_items.iter().filter(|i| may_lead(e, excluded, footer, headed, listings, i)) {
        let prose_before = readable_chars(e, excluded, footer, 0..lo as usize, 10, true);
        let item = &e.blocks[lo as usize..hi as usize];
        let own: u32 = item.iter().filter(|b| b.punct >= 1).map(|b| b.chars).sum();
        // An opening post says something in sentences; the dated rows of a government notice's
        // metadata grid (索引号, 发布机构 "农业、林业、水利", 发文日期) above its text do not.
        let says = item.iter().any(|b| b.ends_sentence || (b.punct >= 1 && b.chars >= LEAD_MIN_CLAUSE_CHARS));
        // The earliest item; of items starting at the same block (a list nested in another's
        // first item), the outer one.
        if says
            && prose_before < LEAD_MAX_PROSE_BEFORE.min(own)
            && lead.is_none_or(|l| lo < l.0 || (lo == l.0 && hi > l.1))
        {
            lead = Some((lo, hi));
        }
    }
    lead
}

/// What the lists keep and set aside around the lead: the lead post is kept; without one, on a
/// page that is only lists (less than [`LONE_LIST_CHARS`] of other text), the first item of
/// every list that may lead (a thread's opening post); and a long comment (a review of 800
/// characters) under an article is set aside with the shorter ones: a list that may not lead
/// is the article's comments, however long one of them is. (An item of that size is otherwise
/// kept: an old portal's article table between its header and footer tables is one of three
/// siblings.)
#[allow(clippy::too_many_arguments)]
pub(super) fn keep_posts(
    e: &Extracted,
    excluded: &mut [bool],
    footer: &[bool],
    headed: &Range<usize>,
    headline: Option<usize>,
    lead: Option<(u32, u32)>,
    first_items: &[(u32, u32)],
    long_items: &[LongItem],
    listings: &[Listing],
) {
    let other_chars = readable_chars(e, excluded, footer, 0..e.blocks.len(), MIN_SCORING_CHARS, false);
    let long_comments: Vec<(u32, u32)> = long_items
        .iter()
        .filter(|(first, _)| headline.is_some() && !may_lead(e, excluded, footer, headed, listings, first))
        .map(|x| x.1)
        .collect();
    if let Some((lo, hi)) = lead {
        keep(excluded, lo, hi);
    } else if other_chars < LONE_LIST_CHARS {
        // A page that is only lists: a thread's opening post.
        let firsts: Vec<(u32, u32)> =
            first_items.iter().filter(|i| may_lead(e, excluded, footer, headed, listings, i)).copied().collect();
        firsts.iter().for_each(|&(lo, hi)| keep(excluded, lo, hi));
    }
    long_comments.iter().for_each(|&(lo, hi)| excluded[lo as usize..hi as usize].fill(true));
}
