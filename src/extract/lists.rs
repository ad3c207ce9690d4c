//! Repeated lists: three or more sibling elements of the same tag and class whose items mostly
//! hold a short link or time-stamp block beside other text (comment threads, "related reading"
//! boxes), set aside; listings of other pages among them (items led by headline links); and
//! timelines, whose dates are the article's text.

use super::block::{is_prose, Block, BlockSums, Elem, Extracted, MAX_LINK_DENSITY, MIN_SCORING_CHARS};
use super::dates::{has_time_stamp, is_bare_year, is_entry_date, year_month};

/// Repeated items: at least this many siblings ...
const LIST_MIN_ITEMS: usize = 3;

/// ... of which at least this share carry a link or time-stamp block.
const LIST_MARKED_SHARE: f64 = 0.6;

/// A marker block (user name, time, title link) is at most this long.
const MARKER_MAX_CHARS: u32 = 40;

/// A list item holds at most this many blocks (a forum post's user panel alone has a dozen:
/// name, level, posts, points, floor, time, "reply", "report") ...
const ITEM_MAX_BLOCKS: usize = 24;

/// ... and this many characters: layout tables and sections repeat too, but are not items (an
/// element this large is neither counted nor set aside with its list).
const ITEM_MAX_CHARS: u32 = 600;

/// A listing's headline link has at least this many ideographs ...
const HEADLINE_MIN_IDEOGRAPHS: usize = 5;

/// ... or this many words of letters.
const HEADLINE_MIN_WORDS: usize = 3;

/// The repeated lists of a page.
pub(super) struct Lists {
    /// Blocks set aside as list items.
    pub(super) excluded: Vec<bool>,
    /// The first item of each list whose items carry dates and do not lead with headlines: a
    /// thread's opening post when nothing comes before it, else a comment.
    pub(super) first_items: Vec<(u32, u32)>,
    /// Listings of other pages (see [`listing`]), set aside or not.
    pub(super) listings: Vec<Listing>,
    /// The date blocks of timelines, in order: text, however short.
    pub(super) dates: Vec<u32>,
    /// Items too large to count, in a list of dated items, that open as those do (a time stamp
    /// before their first prose): a long comment. With the first item of their list, since they
    /// are set aside only when that list may not lead (see `threads::keep_posts`).
    pub(super) long_items: Vec<LongItem>,
}

/// A long item's block range, with the first item's of its list (see [`Lists::long_items`]).
pub(super) type LongItem = ((u32, u32), (u32, u32));

/// A list whose items lead with headline links to other pages and go on in prose: excerpts on a
/// tag, channel, topic or search-result page, or a "related reading" box with summaries.
pub(super) struct Listing {
    /// The element holding the items.
    pub(super) parent: u32,
    /// Block range of every item, and whether the item was set aside with its list.
    pub(super) items: Vec<(u32, u32, bool)>,
    /// Whether most items carry a date, as on tag, channel and search-result pages.
    pub(super) dated: bool,
    /// The median item's prose, in characters.
    pub(super) excerpt_chars: u32,
}

/// Finds repeated lists: three or more sibling elements with the same signature. Lists whose
/// items mostly carry a short link or time stamp are set aside; see step 1 of `passes`' documentation.
/// An item holding the page's headline (block `headline`) is never set aside, nor, without a
/// headline, the one item holding prose that is not the `footer`'s: see below.
pub(super) fn list_items(e: &Extracted, sums: &BlockSums, headline: Option<usize>, footer: &[bool]) -> Lists {
    let mut lists = Lists {
        excluded: vec![false; e.blocks.len()],
        first_items: Vec::new(),
        listings: Vec::new(),
        dates: Vec::new(),
        long_items: Vec::new(),
    };
    // Siblings of one signature, found by sorting (parent, signature, element): most elements
    // have no such sibling, and a map of lists spent an allocation and a hash on each.
    let mut keyed: Vec<(u32, u64, u32)> = e
        .elems
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, el)| el.end_block > el.first_block)
        .map(|(i, el)| (el.parent, el.sig, i as u32))
        .collect();
    keyed.sort_unstable();
    let mut groups: Vec<Vec<u32>> = keyed
        .chunk_by(|a, b| (a.0, a.1) == (b.0, b.1))
        .filter(|g| g.len() >= LIST_MIN_ITEMS)
        .map(|g| g.iter().map(|k| k.2).collect())
        .collect();
    // In document order.
    groups.sort_unstable_by_key(|g| g[0]);
    let too_large = |el: &Elem| {
        let range = el.first_block as usize..el.end_block as usize;
        range.len() > ITEM_MAX_BLOCKS || sums.chars(range) > u64::from(ITEM_MAX_CHARS)
    };
    // The page's own section, not an item: an old portal lays a page out as sibling tables or
    // `<center>`s (header, article, footer), alike as a list's items, and a short article's
    // section is no larger than a comment. It holds the headline (a thread's subject may head
    // its opening post, which is its text anyway); or, when no headline is found, it is the one
    // item holding prose other than the footer's, and no such prose lies outside the list: posts
    // and comments each hold some, and a list beside an article leaves the article.
    let holds_headline =
        |el: &Elem| headline.is_some_and(|h| (el.first_block as usize..el.end_block as usize).contains(&h));
    // (Counted only when needed: most pages have a headline.)
    let mut prose_prefix = vec![0u32];
    if headline.is_none() {
        prose_prefix.reserve(e.blocks.len());
        for (b, &f) in e.blocks.iter().zip(footer) {
            prose_prefix.push(prose_prefix[prose_prefix.len() - 1] + u32::from(is_prose(b) && !f));
        }
    }
    let prose_in = |el: &Elem| prose_prefix[el.end_block as usize] - prose_prefix[el.first_block as usize];
    let only_prose = |items: &[u32]| {
        if headline.is_some() {
            return None;
        }
        let mut holding = items.iter().filter(|&&it| prose_in(&e.elems[it as usize]) > 0);
        let (first, second) = (holding.next(), holding.next());
        first
            .filter(|&&it| second.is_none() && prose_in(&e.elems[it as usize]) == prose_prefix[e.blocks.len()])
            .copied()
    };
    for items in &groups {
        let mut marked = 0usize;
        let mut timed = 0usize;
        // Items whose only marker is a bare date: entries of a timeline.
        let mut dated_only = 0usize;
        // Whether some item has a marker other than a bare date.
        let mut undated_marker = false;
        // The months of the items' bare dates, for a timeline's span.
        let mut months: Vec<(u32, u32)> = Vec::new();
        for &it in items {
            let el = &e.elems[it as usize];
            let range = el.first_block as usize..el.end_block as usize;
            if range.len() < 2 || too_large(el) {
                continue;
            }
            let mut link_marker = false;
            let mut time_marker = false;
            // A year alone ("1956年") dates a timeline's entry, never a post or a comment.
            let mut year_marker = false;
            let mut other_marker = false;
            for b in &e.blocks[range] {
                if b.chars > MARKER_MAX_CHARS {
                    continue;
                }
                let text = e.block_text(b);
                link_marker |= b.link_density() > MAX_LINK_DENSITY;
                let year = is_bare_year(text);
                if year || has_time_stamp(text) {
                    time_marker |= !year;
                    year_marker |= year;
                    if is_entry_date(text) {
                        months.extend(year_month(text));
                    } else {
                        other_marker = true;
                    }
                } else {
                    other_marker |= b.punct == 0;
                }
            }
            if link_marker || time_marker {
                marked += 1;
            }
            if time_marker {
                timed += 1;
            }
            if (time_marker || year_marker) && !link_marker && !other_marker {
                dated_only += 1;
            } else if link_marker || time_marker || other_marker {
                undated_marker = true;
            }
        }
        // An element too large to be an item stays: an old portal's article table between its
        // header and footer tables is one of three siblings, not a comment. A timeline (entries
        // under bare dates, "2005年3月": no author, no time of day, and spanning months, where
        // comments whose authors sit in their text fall within days) is the article's own text.
        let is_list = (marked as f64) >= LIST_MARKED_SHARE * items.len() as f64;
        months.sort_unstable();
        months.dedup();
        let timeline =
            (dated_only as f64) >= LIST_MARKED_SHARE * items.len() as f64 && !undated_marker && months.len() >= 2;
        let set_aside = is_list && !timeline;
        if timeline {
            // Its dates are text too: a copy may run them into the entries ("2005年3月，...").
            for &it in items {
                let el = &e.elems[it as usize];
                for i in el.first_block..el.end_block {
                    let b = &e.blocks[i as usize];
                    let text = e.block_text(b);
                    if b.chars <= MARKER_MAX_CHARS && is_entry_date(text) {
                        lists.dates.push(i);
                    }
                }
            }
        }
        let section = if set_aside { only_prose(items) } else { None };
        let comments = set_aside && timed * 2 >= marked;
        // A box of other pages' links under the article (no time stamps: not comments, whose
        // long items are weighed below) is set aside whole, its one long summary too: headed by
        // a link like its neighbours, below the page's headline, it is another story's opening,
        // however long ("猜你喜欢" quoting a whole page of names beside a two-sentence flash).
        let another_story = |el: &Elem| {
            !comments
                && headline.is_some_and(|h| h < el.first_block as usize)
                && e.blocks.get(el.first_block as usize).is_some_and(|b| b.link_density() > MAX_LINK_DENSITY)
        };
        let ranges: Vec<(u32, u32, bool)> = items
            .iter()
            .map(|&it| {
                let el = &e.elems[it as usize];
                let own = holds_headline(el) || section == Some(it);
                (el.first_block, el.end_block, set_aside && (!too_large(el) || another_story(el)) && !own)
            })
            .collect();
        for &(lo, hi, aside) in &ranges {
            if aside {
                lists.excluded[lo as usize..hi as usize].fill(true);
            }
        }
        let first = (ranges[0].0, ranges[0].1);
        if comments && timed >= LIST_MIN_ITEMS {
            for (&it, &(lo, hi, aside)) in items.iter().zip(&ranges) {
                let el = &e.elems[it as usize];
                if !aside && too_large(el) && !holds_headline(el) && section != Some(it) && dated_byline(e, lo, hi) {
                    lists.long_items.push((first, (lo, hi)));
                }
            }
        }
        if let Some(listing) = listing(e, e.elems[items[0] as usize].parent, ranges) {
            lists.listings.push(listing);
        } else if comments {
            // Even when too large: a thread's opening post often is.
            lists.first_items.push(first);
        }
    }
    // Nested timelines add their dates out of order.
    lists.dates.sort_unstable();
    lists.dates.dedup();
    lists
}

/// Whether blocks `lo..hi` open with a time stamp in a short block before their first longer one:
/// a post's or a comment's byline ("湖南网友 / 1998-01-17 22:49").
fn dated_byline(e: &Extracted, lo: u32, hi: u32) -> bool {
    e.blocks[lo as usize..hi as usize]
        .iter()
        .take_while(|b| b.chars <= MARKER_MAX_CHARS)
        .any(|b| has_time_stamp(e.block_text(b)))
}

/// The list as a listing, if its items lead with headline links: most items have a link in a
/// heading element (`<h3><a href>`) that reads as a headline before their first prose, and
/// most of those lead with one of their own (a quarter repeating one another's at most). A
/// listing heads each excerpt with a link to its page. A
/// thread's posts lead with their authors' names, links as well, and as long as a headline on
/// some forums ("山水之间的闲云野鹤"), but not set as headings; a forum that heads every post
/// with a subject repeats it ("Re: ..."). An article's paragraphs and a page's layout tables lead
/// with prose or with nothing.
fn listing(e: &Extracted, parent: u32, items: Vec<(u32, u32, bool)>) -> Option<Listing> {
    let is_prose = |b: &Block| {
        b.link_density() <= MAX_LINK_DENSITY
            && (b.chars > MARKER_MAX_CHARS || (b.punct >= 1 && b.chars >= MIN_SCORING_CHARS))
    };
    let mut heads: Vec<&str> = Vec::with_capacity(items.len());
    for &(lo, hi, _) in &items {
        let blocks = &e.blocks[lo as usize..hi as usize];
        let Some(body) = blocks.iter().position(is_prose) else { continue };
        let head = blocks[..body]
            .iter()
            .find(|b| b.heading && b.chars >= 2 && b.link_density() > MAX_LINK_DENSITY)
            .map(|b| e.block_text(b))
            .filter(|h| is_headline(h));
        heads.extend(head);
    }
    let led = heads.len();
    heads.sort_unstable();
    heads.dedup();
    // A channel may list two stories under one column's name ("天气趋势分析"); a forum's
    // subject line repeats on most posts.
    if heads.len() * 4 < led * 3 || (heads.len() as f64) < LIST_MARKED_SHARE * items.len() as f64 {
        return None;
    }
    let blocks = |&(lo, hi, _): &(u32, u32, bool)| &e.blocks[lo as usize..hi as usize];
    let dated = items
        .iter()
        .filter(|i| blocks(i).iter().any(|b| b.chars <= MARKER_MAX_CHARS && has_time_stamp(e.block_text(b))))
        .count();
    let mut prose: Vec<u32> =
        items.iter().map(|i| blocks(i).iter().filter(|b| is_prose(b)).map(|b| b.chars).sum()).collect();
    prose.sort_unstable();
    Some(Listing {
        parent,
        dated: dated as f64 >= LIST_MARKED_SHARE * items.len() as f64,
        excerpt_chars: prose[prose.len() / 2],
        items,
    })
}

/// A link text that reads as a headline, not a label or a floor number: at least
/// [`HEADLINE_MIN_IDEOGRAPHS`] ideographs, or [`HEADLINE_MIN_WORDS`] words of letters, and no
/// date or time.
fn is_headline(text: &str) -> bool {
    let ideographs = text.chars().filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c)).count();
    let words = text.split_whitespace().filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 2).count();
    (ideographs >= HEADLINE_MIN_IDEOGRAPHS || words >= HEADLINE_MIN_WORDS) && !has_time_stamp(text)
}
