//! Which blocks are the main text.
//!
//! 0. The site footer is found: the region around a copyright or licence line ("Copyright ©
//!    2026", "版权所有：示例网", "京ICP备...") or a line of the site's own links ("关于我们 |
//!    联系我们 | 网站地图"), grown to the largest enclosing element that adds no prose and stays
//!    footer-sized (larger when the template names it a footer: `<footer>`, class "footer",
//!    "bottom", "copyright"). Footers often hold full sentences ("如需转载，请与本网联系。")
//!    that would outscore a short post, and are shared by every page of a site: their text scores
//!    at [`FOOTER_WEIGHT`] and is left out, unless the footer-like region is all the page has and
//!    holds a sentence that is neither a legal line nor about the site (a short article with its
//!    own copyright line): a listing or login page whose only sentences are the footer's has no
//!    text. A site's notices beside the text (a safety box, a disclaimer: see `notice`) are
//!    treated the same way.
//! 1. Repeated lists are set aside: three or more sibling elements of the same tag and class whose
//!    items mostly hold a short link or time-stamp block beside other text. These are comment
//!    threads and "related reading" boxes, whose sentences end in "。" like the article's and would
//!    otherwise be shared between unrelated pages. When no prose comes before such a list, its
//!    first item is the page's lead (a forum thread whose opening post has the replies' layout):
//!    it is kept, and it is the main text. A news article comes before its comments, so its
//!    first comment is not taken for the lead; nor is a list above the page's headline (a box
//!    of the latest news), or after prose under it (a news flash shorter than its comments), or
//!    after a listing under it (a channel's page with visitors' comments). A listing of other
//!    pages (tag, channel, topic and search-result pages: items that lead with headline links
//!    set as headings, a quarter of them repeated at most, then go on in prose) has no lead: its
//!    first item is another page's opening. A dated listing under the headline with nothing
//!    before it but its own short introduction, or any listing under it that a pager follows
//!    ("下一页", "1 2 3": one page of a channel, whose description comes before it on every page) with at most
//!    one paragraph before it (more are an article, whose pages the pager turns), is the main
//!    text, all of it, unless more prose stands beside it; so is a listing whose longest excerpt
//!    would otherwise be taken for the article. Other listings ("related reading" with
//!    summaries) are set aside, an item too large for a list too when it lies below the
//!    headline and opens with a link like the others (a summary quoting a whole page). A list
//!    marked only by bare dates spanning months is a timeline: the article's own text, dates
//!    included. A page with none of these whose best container is one short paragraph beside
//!    far more prose set aside is a listing: that paragraph is its site's notice, and the page
//!    has no text (see [`scrap`]).
//! 2. Every remaining block with sentence-like text scores its element and the nearest ancestors;
//!    an element's score is damped by its link density and moved by class/id hints. The best
//!    element is the article container; when one child holds nearly all of its score, the child
//!    is, unless a table of figures lies beside it (short cells score nothing) or it is one
//!    paragraph among its like (a long paragraph beside a short lead).
//! 3. Blocks inside the container are kept unless they are link lists, credit lines
//!    ("（责任编辑：张三）", "来源：新华社": see [`is_credit_line`]) or short and without
//!    sentence punctuation (the cells of a table inside it are kept however short: rates,
//!    specs, scores; so is a run of three or more lines that set a sentence one phrase to a
//!    line: see [`keep_broken_lines`]), and a related-reading box set flat among the
//!    paragraphs (a label, then links each perhaps followed by its summary: see
//!    [`drop_related_boxes`]) is left out; siblings of the container with its signature or an
//!    article-like hint join it (articles split over several containers). On a page that
//!    closes more elements than it opens, the bare paragraphs right after the container in one
//!    of its ancestors continue it (see [`orphaned_run`]).
//! 4. On a question page, the question and its answer boxes are the text (see `answers`).

use super::{DropReason, Extracted};
use crate::decode::find_ascii_ci;
use crate::lexicon::zh::{CREDIT_WORDS, LICENCES, RELATED_LABELS};
use crate::lexicon::{
    en, zh, ADDRESS_PREFIXES, CLOSING_BRACKETS, COPYRIGHT_MARKS, CREDIT_LABEL_SEPARATORS, CREDIT_SENTENCE_ENDS,
    HEADLINE_SEPARATORS, LABEL_COLONS, OPENING_BRACKETS, SITE_PAGES,
};

/// A legal line (copyright, licence number) is at most this long.
const LEGAL_MAX_CHARS: u32 = 120;
/// A footer region holds at most this many characters ...
const FOOTER_MAX_CHARS: u32 = 600;
/// ... and no block this long: a paragraph of prose is never furniture.
const FOOTER_MAX_BLOCK_CHARS: u32 = 80;
/// A region that is, or lies within this many levels of, an element named a footer (`<footer>`,
/// class or id "footer", "bottom", "copyright", "banquan") holds at most this many characters,
/// and no block this long (a site's statement on reposts runs to a hundred).
const FOOTER_NAMED_MAX_CHARS: u32 = 2400;
const FOOTER_NAMED_MAX_BLOCK_CHARS: u32 = 160;
const FOOTER_NAME_LEVELS: usize = 3;
/// A legal line's footer is at most this many elements above it.
const FOOTER_MAX_CLIMB: usize = 16;
/// What footer text weighs in the container score, against 1 for other text.
const FOOTER_WEIGHT: f64 = 0.2;
/// A block's characters that are link text above this share: a link list.
pub(super) const MAX_LINK_DENSITY: f64 = 0.5;
/// A thread's opening post without a sentence end holds a block of this many characters with
/// some punctuation ("坏了,因为...", "……心里师竟然需要…… ~~总之到最后 觉得浪费了时间").
const LEAD_MIN_CLAUSE_CHARS: u32 = 20;
/// Blocks shorter than this add nothing to an element's score.
const MIN_SCORING_CHARS: u32 = 8;
/// Weights of a block's score on its element, the parent, grandparent, great-grandparent.
const LEVEL_WEIGHTS: [f64; 4] = [1.0, 1.0, 0.5, 0.25];
/// A child with at least this share of its parent's score is the container instead ...
const DESCEND_SHARE: f64 = 0.8;
/// ... unless the parent holds, beside it, this many link-free table cells with figures.
const TABLE_MIN_FIGURES: usize = 4;
/// A furniture hint (comment, footer, ...) of an element counts against its descendants this many
/// levels down.
const PENALTY_LEVELS: usize = 3;
/// A sibling joins the container at this share of its score.
const SIBLING_SHARE: f64 = 0.25;
/// A first paragraph whose first this many characters open the next one as well is a summary
/// repeating the article's opening.
const SUMMARY_PROBE_CHARS: usize = 16;
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
/// Below this many characters of other scoring text, a comment-like list's first item is kept.
const LONE_LIST_CHARS: u32 = 100;
/// A comment-like list with less prose than this before it (and less than its first item has)
/// starts with the page's lead post.
const LEAD_MAX_PROSE_BEFORE: u32 = 100;
/// The page's headline (a short block the `<title>` repeats) heads its article: prose after it,
/// within the nearest element above it that holds some (at most this many levels up) and up to
/// the next heading, weighs [`HEADLINE_WEIGHT`] times more. A short post must not lose to a
/// longer paragraph of a sidebar ("about me") whose classes say nothing, nor a short product
/// description to the shop's policy under its own heading after it.
const HEADLINE_LEVELS: usize = 3;
const HEADLINE_WEIGHT: f64 = 3.0;
/// A headline has at least this many characters (shorter ones match too much) ...
const HEADLINE_MIN_CHARS: usize = 4;
/// ... and at most this many.
const HEADLINE_MAX_CHARS: u32 = 80;
/// Paragraphs orphaned by stray end tags sit directly in one of the container's nearest this many
/// ancestors (a stray `</div></div>` closes the container and its parent).
const ORPHAN_LEVELS: usize = 3;

/// Prefix sums over the blocks: `chars[i]` and `links[i]` count the characters and link
/// characters of blocks `..i`, so any element's totals are two subtractions.
pub(super) struct BlockSums {
    chars: Vec<u64>,
    links: Vec<u64>,
}

impl BlockSums {
    fn new(e: &Extracted) -> BlockSums {
        let mut chars = Vec::with_capacity(e.blocks.len() + 1);
        let mut links = Vec::with_capacity(e.blocks.len() + 1);
        let (mut c, mut l) = (0u64, 0u64);
        chars.push(0);
        links.push(0);
        for b in &e.blocks {
            c += u64::from(b.chars);
            l += u64::from(b.link_chars);
            chars.push(c);
            links.push(l);
        }
        BlockSums { chars, links }
    }

    pub(super) fn chars(&self, r: std::ops::Range<usize>) -> u64 {
        self.chars[r.end] - self.chars[r.start]
    }
}

pub(super) fn select(e: &mut Extracted) {
    let sums = BlockSums::new(e);
    let (headed, headline, article) = after_headline(e);
    // Notices (a job board's safety box, a repost's disclaimer) are furniture as the footer is.
    let notice = super::notice::notice_blocks(e, &sums, headed.clone(), article);
    let mut footer = footer_blocks(e, &sums, headline);
    footer.iter_mut().zip(&notice).for_each(|(f, &n)| *f |= n);
    let Lists { mut excluded, first_items, listings, dates, long_items } = list_items(e, &sums, headline, &footer);
    // Characters of the readable blocks in `range` of at least `min` characters (and with
    // punctuation, if `prose`). List items and footer text are neither "other prose" on the page
    // nor prose before a list.
    let readable =
        |range: std::ops::Range<usize>, min: u32, prose: bool| readable_chars(e, &excluded, &footer, range, min, prose);
    let other_chars = readable(0..e.blocks.len(), MIN_SCORING_CHARS, false);
    // Whether a list whose first item spans blocks `lo..hi` may be the page's text: not when it
    // ends before the page's headline (a box of the latest news above the article), nor when
    // prose lies between the headline and it: an article, however short (a news flash), whose
    // comments or related reading the list is. A thread's subject may be set inside its opening
    // post, after the poster's panel.
    // Nor when a listing lies between the headline and it: a channel's page whose excerpts (set
    // aside as a list) its visitors' comments follow.
    let below_headline = |lo: usize| headed.is_empty() || headed.start <= lo;
    let listing_between = |lo: usize| {
        !headed.is_empty()
            && listings.iter().any(|l| match (l.items.first(), l.items.last()) {
                (Some(first), Some(last)) => headed.start <= first.0 as usize && last.1 as usize <= lo,
                _ => false,
            })
    };
    let may_lead = |&(lo, hi): &(u32, u32)| {
        let (lo, hi) = (lo as usize, hi as usize);
        (headed.is_empty() || headed.start <= hi)
            && readable(headed.start..lo.min(headed.end).max(headed.start), 10, true) == 0
            && !listing_between(lo)
    };
    let mut lead: Option<(u32, u32)> = None;
    for &(lo, hi) in first_items.iter().filter(|i| may_lead(i)) {
        let prose_before = readable(0..lo as usize, 10, true);
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
    let keep = |excluded: &mut [bool], lo: u32, hi: u32| excluded[lo as usize..hi as usize].fill(false);
    // The excerpts of a listing under the headline compete for the main text with whatever else
    // the page has (a sidebar's "about us") when the listing is dated and has at most a short
    // introduction of its own (inside the element holding the items) before it: a short article
    // is not its related reading, nor is an undated box on a page of pictures. Or when a pager
    // follows it ("下一页", "1 2 3": one page of a channel's, a tag's, a search's) and at most one
    // paragraph comes before it: the channel's description, the same on every page; more are an
    // article, whose pages the pager turns (its related reading may come before the pager).
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
    let listed: Vec<&Listing> = listings.iter().filter(listed).collect();
    // A long comment (a review of 800 characters) under an article is set aside with the shorter
    // ones: a list that may not lead is the article's comments, however long one of them is. (An
    // item of that size is otherwise kept: an old portal's article table between its header and
    // footer tables is one of three siblings.)
    let long_comments: Vec<(u32, u32)> =
        long_items.iter().filter(|(first, _)| headline.is_some() && !may_lead(first)).map(|x| x.1).collect();
    if let Some((lo, hi)) = lead {
        keep(&mut excluded, lo, hi);
    } else if other_chars < LONE_LIST_CHARS {
        // A page that is only lists: a thread's opening post.
        let firsts: Vec<(u32, u32)> = first_items.iter().filter(|i| may_lead(i)).copied().collect();
        firsts.iter().for_each(|&(lo, hi)| keep(&mut excluded, lo, hi));
    }
    long_comments.iter().for_each(|&(lo, hi)| excluded[lo as usize..hi as usize].fill(true));
    listed.iter().flat_map(|l| &l.items).filter(|i| i.2).for_each(|&(lo, hi, _)| keep(&mut excluded, lo, hi));

    let mut question = None;
    let ranges = match lead {
        Some(l) => vec![l],
        None => {
            let mut ranges = container_ranges(e, &excluded, &footer, &sums, headed.clone());
            // The best text lies in one excerpt of a listing (one too long to be set aside): the
            // page is the listing, and its text is all of it, not its longest excerpt.
            if let Some(&(lo, hi)) = ranges.first() {
                if let Some(l) = listings.iter().find(|l| l.items.iter().any(|i| i.0 <= lo && hi <= i.1)) {
                    l.items.iter().filter(|i| i.2).for_each(|&(lo, hi, _)| keep(&mut excluded, lo, hi));
                    let p = &e.elems[l.parent as usize];
                    ranges = vec![(p.first_block, p.end_block)];
                }
            }
            // A listing that is the page's content outweighs a paragraph beside it (a sidebar's
            // "about us"), which scores higher than any one short excerpt.
            let prose = |lo: usize, hi: usize| readable_chars(e, &excluded, &footer, lo..hi, 10, true);
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
                let besides = if inside {
                    chosen.saturating_sub(prose(p.first_block as usize, p.end_block as usize))
                } else {
                    chosen
                };
                if chars > besides {
                    ranges = vec![(p.first_block, p.end_block)];
                }
            }
            // A question page: its answers after the question (see `answers`).
            let readable_at = |i: usize| !footer[i] && is_prose(&e.blocks[i]);
            question = super::answers::question_page(e, headline, &ranges, readable_at);
            if let Some(q) = &question {
                // Answers with a user and a time each are a repeated list: kept here.
                q.answer_ranges().iter().for_each(|&(lo, hi)| keep(&mut excluded, lo, hi));
                ranges = q.ranges().to_vec();
            }
            if headline.is_none() && question.is_none() && listed.is_empty() && scrap(e, &excluded, &footer, &ranges) {
                ranges.clear();
            }
            ranges
        }
    };
    // A table inside the container holds data (rates, specs, scores): its short cells are text,
    // and what tells two bulletins of one template apart.
    let in_table = |b: &super::Block| ranges.iter().any(|r| in_inner_cell(&e.elems, b, r.0, r.1));
    // Footer text stays out unless the container is itself footer-like, all the page has, and
    // says something of its own: a short article with its own copyright line. Legal lines and
    // sentences about the site ("本站部分内容来源于网络……") are what every page of the site
    // says; as a page's text they made a site's listings and login pages copies of each other.
    let site = super::notice::site_name(&e.title);
    let footer_is_main = !ranges.is_empty()
        && ranges.iter().all(|r| footer[r.0 as usize..r.1 as usize].iter().all(|f| *f))
        && ranges.iter().flat_map(|r| r.0 as usize..r.1 as usize).any(|i| {
            let (b, text) = (&e.blocks[i], e.block_text(&e.blocks[i]));
            is_prose(b)
                && !is_legal_line(text)
                && !super::notice::names_site(text, site, false)
                && !super::notice::law_reminder(text)
                && !super::notice::shell_prompt(b, text)
        });
    // A notice line inside the container that disclaims (see `notice::disclaiming_line`), unless
    // no other prose is left there.
    let mut disclaiming = vec![false; e.blocks.len()];
    let mut prose_left = 0usize;
    for i in ranges.iter().flat_map(|r| r.0 as usize..r.1 as usize) {
        let b = &e.blocks[i];
        if excluded[i] || (footer[i] && !footer_is_main) {
            continue;
        }
        disclaiming[i] = super::notice::disclaiming_line(e, b, site);
        prose_left += usize::from(!disclaiming[i] && is_prose(b));
    }
    if prose_left == 0 {
        disclaiming.fill(false);
    }
    // A site's question whether the page helped, under an answer or an article (see
    // `notice::feedback_prompt`); never the page's own headline or question.
    let question_head = |i: usize| question.as_ref().is_some_and(|q| q.headline == i);
    let text = &e.text;
    let feedback = |i: usize, b: &super::Block| {
        headline != Some(i) && !question_head(i) && super::notice::feedback_prompt(b, &text[b.range.clone()])
    };
    // A shell's loading line or call to open the app (see `notice::shell_prompt`).
    let prompt =
        |i: usize, b: &super::Block| headline != Some(i) && super::notice::shell_prompt(b, &text[b.range.clone()]);
    // A credit line, or the copy's own address or page count (a line of one clause at most).
    let credit = |i: usize, b: &super::Block| {
        let line = &text[b.range.clone()];
        headline != Some(i)
            && (b.chars <= CREDIT_MAX_CHARS && is_credit_line(line) || b.punct <= 1 && is_copy_line(line))
    };
    for (i, b) in e.blocks.iter_mut().enumerate() {
        let inside = ranges.iter().any(|r| r.0 <= i as u32 && (i as u32) < r.1);
        b.dropped = if excluded[i] {
            Some(DropReason::ListItem)
        } else if b.link_density() > MAX_LINK_DENSITY {
            Some(DropReason::Links)
        } else if footer[i] && !footer_is_main {
            Some(if notice[i] { DropReason::Notice } else { DropReason::Footer })
        } else if !inside {
            Some(DropReason::OutsideMain)
        } else if disclaiming[i] || feedback(i, b) || prompt(i, b) {
            Some(DropReason::Notice)
        } else if credit(i, b) {
            Some(DropReason::Credit)
        } else if !(b.chars >= 40 || (b.chars >= 10 && b.punct >= 1) || (b.chars >= 4 && b.ends_sentence))
            && dates.binary_search(&(i as u32)).is_err()
            && !question_head(i)
            && !(lead.is_none() && in_table(b))
        {
            Some(DropReason::Short)
        } else {
            None
        };
    }
    drop_site_lines_alone(e, headline);
    // The headline names the text; it is not the text, even inside the container (a print
    // version sets it there, "……（图片）" ends like a sentence): copies elsewhere set it apart. A
    // question ("……吗？"), the page's if it has answers, or a headline with nothing else kept,
    // stays.
    let asks = |h: usize| question_head(h) || super::answers::is_question(e.block_text(&e.blocks[h]));
    if let Some(h) = headline.filter(|&h| !asks(h) && e.blocks[h].dropped.is_none()) {
        if e.blocks.iter().enumerate().any(|(i, b)| i != h && b.dropped.is_none()) {
            e.blocks[h].dropped = Some(DropReason::Short);
        }
    }
    drop_repeated_opening(e);
    keep_broken_lines(e);
    drop_related_boxes(e, &ranges);
    // A listing's page: at least half of what is kept lies in its items.
    let mut listed_block = vec![false; e.blocks.len()];
    for i in listings.iter().flat_map(|l| &l.items) {
        listed_block[i.0 as usize..i.1 as usize].fill(true);
    }
    let (mut all, mut in_items) = (0u64, 0u64);
    for (b, &listed) in e.blocks.iter().zip(&listed_block).filter(|(b, _)| b.dropped.is_none()) {
        all += u64::from(b.chars);
        in_items += if listed { u64::from(b.chars) } else { 0 };
    }
    e.listing = all > 0 && in_items * 2 >= all;
}

/// Lines a site says of itself are left out when, but for the headline, they are all that is
/// kept: legal lines ("版权所有", "京ICP备……") and the site's statements ("本站部分内容来源于网络，
/// 如有侵权请联系删除。", see `notice::site_statement`), a footer that no region beside it tells
/// for one on a page with no text of its own (a script's shell, a login form, an empty listing:
/// the footer then holds all of the page's prose); and status lines
/// (see `notice::status_line`): a soft 404, a redirect stub, a deleted post, an empty search. A
/// headline that is a status line ("页面不存在") goes with them. Every page of the site says
/// them; as its text they made such pages copies of each other.
fn drop_site_lines_alone(e: &mut Extracted, headline: Option<usize>) {
    let mut lines = Vec::new();
    let site = super::notice::site_name(&e.title);
    // Statements alone may be the page's own: a site's disclaimer page, a notice box that is all
    // a page says. Beside a legal line (kept or left out as short) or a status line they are the
    // footer's.
    let legal = |b: &super::Block, text: &str| b.chars <= LEGAL_MAX_CHARS && may_be_legal(text) && is_legal_line(text);
    let mut footer_or_status = false;
    for (i, b) in e.blocks.iter().enumerate() {
        if b.dropped.is_some() || headline == Some(i) {
            continue;
        }
        let text = e.block_text(b);
        let short = b.chars <= LEGAL_MAX_CHARS;
        if legal(b, text) {
            lines.push((i, DropReason::Footer));
            footer_or_status = true;
        } else if short && super::notice::site_statement(text, site) {
            lines.push((i, DropReason::Footer));
        } else if super::notice::status_line(b, text) {
            lines.push((i, DropReason::Status));
            footer_or_status = true;
        } else {
            return;
        }
    }
    let status_headline = headline.filter(|&h| {
        let b = &e.blocks[h];
        b.dropped.is_none() && super::notice::status_line(b, e.block_text(b))
    });
    if !footer_or_status && status_headline.is_none() && !e.blocks.iter().any(|b| legal(b, e.block_text(b))) {
        return;
    }
    for (i, why) in lines {
        e.blocks[i].dropped = Some(why);
    }
    if let Some(h) = status_headline {
        e.blocks[h].dropped = Some(DropReason::Status);
    }
}

/// A summary above the article that repeats its opening (DedeCMS's "intro", a lead cut off with
/// "……", the whole of a one-paragraph article) is said once: the first kept paragraph is left
/// out when the next one opens with its first [`SUMMARY_PROBE_CHARS`] characters.
fn drop_repeated_opening(e: &mut Extracted) {
    let mut kept = e.blocks.iter().enumerate().filter(|(_, b)| b.dropped.is_none());
    let (Some((first, a)), Some((_, b))) = (kept.next(), kept.next()) else { return };
    let (a, b) = (e.block_text(a).trim(), e.block_text(b).trim());
    let Some((end, _)) = a.char_indices().nth(SUMMARY_PROBE_CHARS) else { return };
    if b.starts_with(&a[..end]) {
        e.blocks[first].dropped = Some(DropReason::Summary);
    }
}

/// Whether a block is a related-reading label alone ("相关阅读：", "【延伸阅读】").
fn is_related_label(e: &Extracted, b: &super::Block) -> bool {
    if b.link_chars > 0 || b.chars > 8 {
        return false;
    }
    let t = e.block_text(b).trim().trim_start_matches(OPENING_BRACKETS);
    let t = t.trim_end_matches(['：', ':', ' ']).trim_end_matches(CLOSING_BRACKETS);
    RELATED_LABELS.contains(&t)
}

/// Leaves out a related-reading box set flat among the article's paragraphs: its label, then at
/// least two links, each perhaps followed by its story's summary. Set in a box of its own, it is
/// a list set aside (step 1); set as the article's own paragraphs, the summaries read as its
/// text, and every page that links the same stories would share them. A paragraph that no link
/// follows ends the box unless only left-out lines follow it to the container's end: it is
/// either the last summary or the article going on, and only the end tells them apart.
fn drop_related_boxes(e: &mut Extracted, ranges: &[(u32, u32)]) {
    let is_link = |b: &super::Block| b.dropped == Some(DropReason::Links);
    for &(lo, hi) in ranges {
        let (lo, hi) = (lo as usize, hi as usize);
        let Some(label) = (lo..hi).find(|&i| is_related_label(e, &e.blocks[i])) else { continue };
        // The links and kept paragraphs after the label; other left-out lines do not count.
        let seen: Vec<usize> =
            (label + 1..hi).filter(|&k| is_link(&e.blocks[k]) || e.blocks[k].dropped.is_none()).collect();
        let (mut links, mut summaries) = (0usize, Vec::new());
        for (n, &i) in seen.iter().enumerate() {
            if is_link(&e.blocks[i]) {
                links += 1;
            } else if links > 0 && seen.get(n + 1).is_none_or(|&k| is_link(&e.blocks[k])) {
                summaries.push(i);
            } else {
                break;
            }
        }
        if links >= 2 {
            for k in summaries {
                e.blocks[k].dropped = Some(DropReason::ListItem);
            }
        }
    }
}

/// How many times a scrap's prose the lists set aside hold, at least (see [`scrap`]).
const SCRAP_LIST_SHARE: u32 = 10;

/// Whether the chosen container (`ranges`) holds only what a listing's lists left: one short
/// paragraph (under [`LONE_LIST_CHARS`]), while the list items set aside hold
/// [`SCRAP_LIST_SHARE`] times its prose. On a page without a headline, an opening post or a
/// listing taken as its text, that paragraph is a site's notice above every board's thread list
/// ("本吧头图……由第三方提供……") or a ranking's explanation, the same on every listing of the
/// site, and as the page's text it made them all copies of each other.
fn scrap(e: &Extracted, excluded: &[bool], footer: &[bool], ranges: &[(u32, u32)]) -> bool {
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

/// Fewest lines, and characters, of a run that [`keep_broken_lines`] keeps: a subhead or a
/// caption stands alone between paragraphs, and a pair of them is no sentence.
const BROKEN_MIN_LINES: usize = 3;
const BROKEN_MIN_CHARS: u32 = 30;
/// A kept block shorter than this is a line too: a phrase with a comma in it, an exclamation,
/// or the last line of a sentence, ending with its full stop.
const BROKEN_LINE_MAX_CHARS: u32 = 40;

/// Keeps sentences set one phrase to a line ("广州南沙国际邮轮母港<br>位于中国广东自贸区南沙湾区块
/// <br>地处粤港澳大湾区的地理几何中心<br>规划岸线1600米"), as articles written for phones (WeChat's
/// and its reposts') often are: each line is too short to be prose, but a run of them inside the
/// article says as much as a paragraph, and a repost that joins the lines keeps it. The run is
/// of lines next to each other, those dropped as short and those kept but short (see
/// [`BROKEN_LINE_MAX_CHARS`]), none a link, heading, table cell, mark (see [`is_mark_line`]) or
/// label ("来源：", "地址：": a colon labels, so a metadata list or a contact box never runs).
fn keep_broken_lines(e: &mut Extracted) {
    // The tests on the block first, those on its text only inside a stretch of such blocks that
    // could hold a run and has a line left out: most blocks are long, links or kept on their own.
    let maybe = |b: &super::Block| {
        (b.dropped == Some(DropReason::Short) || (b.dropped.is_none() && b.chars < BROKEN_LINE_MAX_CHARS))
            && b.link_chars == 0
            && !b.heading
            && b.cell == 0
    };
    let worth = |r: std::ops::Range<usize>| {
        let blocks = &e.blocks[r];
        blocks.len() >= BROKEN_MIN_LINES
            && blocks.iter().map(|b| b.chars).sum::<u32>() >= BROKEN_MIN_CHARS
            && blocks.iter().any(|b| b.dropped == Some(DropReason::Short))
    };
    let line = |b: &super::Block| {
        let text = e.block_text(b);
        // Two single-character searches: memchr's, where a set of characters decodes each.
        !text.contains('：') && !text.contains(':') && !is_mark_line(text)
    };
    // A short paragraph ending with a full stop ends a run, the last line of a broken sentence
    // or a paragraph of its own: never the middle of one.
    let stops = |b: &super::Block| b.dropped.is_none() && e.block_text(b).trim_end().ends_with('。');
    let mut runs = Vec::new();
    let mut lo = 0;
    while lo < e.blocks.len() {
        let hi = lo + e.blocks[lo..].iter().take_while(|b| maybe(b)).count();
        if worth(lo..hi) {
            let mut i = lo;
            while i < hi {
                let mut j = i;
                while j < hi && line(&e.blocks[j]) {
                    j += 1;
                    if stops(&e.blocks[j - 1]) {
                        break;
                    }
                }
                if worth(i..j) && all_different(e, i..j) {
                    runs.push(i..j);
                }
                i = j.max(i + 1);
            }
        }
        lo = hi.max(lo + 1);
    }
    for r in runs {
        e.blocks[r].iter_mut().for_each(|b| b.dropped = None);
    }
}

/// Whether the blocks in `range` all read differently: a sentence never repeats a line, and a
/// gallery's controls and captions ("HIDE CAPTION" under every picture) do.
fn all_different(e: &Extracted, range: std::ops::Range<usize>) -> bool {
    let mut texts: Vec<&str> = e.blocks[range].iter().map(|b| e.block_text(b).trim()).collect();
    texts.sort_unstable();
    texts.windows(2).all(|w| w[0] != w[1])
}

/// Whether a line is a mark rather than words: a bracketed note ("（完）", "【图】", "(资料图)")
/// or a number ("1", "02"), numbering what follows. Copies keep or drop such marks each their
/// own way, so they are no part of a run of lines.
fn is_mark_line(text: &str) -> bool {
    let t = text.trim();
    let bracketed = t.starts_with(OPENING_BRACKETS) && t.ends_with(CLOSING_BRACKETS);
    bracketed || t.chars().all(|c| c.is_ascii_digit() || c.is_whitespace() || matches!(c, '.' | '、' | '．'))
}

/// How far into a line [`is_credit_line`] looks for its label's colon or bar, in characters:
/// past a label of six and the spaces around it.
const CREDIT_LABEL_SCAN: usize = 16;
/// Longest credit line (see [`is_credit_line`]), in characters.
const CREDIT_MAX_CHARS: u32 = 40;

/// Whether a line credits the article's editor, source or author: a label of at most six
/// characters ending in one of [`CREDIT_WORDS`], then a colon or a bar, maybe inside brackets
/// ("（责任编辑：张三）", "文章来源：新华社", "作者：何勇 编辑：严杰", "编辑 | 李明"); no sentence end
/// after it.
/// Copies of one article credit it each their own way, and a line that differs on every copy
/// made exact copies "duplicates" and moved short ones under the near-miss rules.
fn is_credit_line(text: &str) -> bool {
    let t = text.trim().trim_start_matches(OPENING_BRACKETS).trim_start();
    // The label is short: a separator further in is a sentence's colon, and scanning every
    // short block to its end for one cost more than the rest of the test.
    let Some((label, rest)) = split_label(t, CREDIT_LABEL_SCAN, &CREDIT_LABEL_SEPARATORS) else { return false };
    let label = label.trim();
    !label.is_empty()
        && label.chars().count() <= 6
        && CREDIT_WORDS.iter().any(|w| label.ends_with(w))
        && !rest.contains(CREDIT_SENTENCE_ENDS)
}

/// A line's label and what follows it: the text before and after the first of `seps` within its
/// first `scan` characters.
fn split_label<'a>(t: &'a str, scan: usize, seps: &[char]) -> Option<(&'a str, &'a str)> {
    let (at, sep) = t.char_indices().take(scan).find(|(_, c)| seps.contains(c))?;
    Some((&t[..at], &t[at + sep.len_utf8()..]))
}

/// Whether a line gives the copy's own address or page: an address alone or after a short label
/// ("本文网址：http://…", "原文链接: www.…"), or the page count of an article in pages ("本文共3页，
/// 当前第2页", "第2页/共3页"). Each copy of an article writes these its own way, as it credits it.
fn is_copy_line(text: &str) -> bool {
    let t = text.trim();
    let address = |s: &str| {
        let s = s.trim();
        ADDRESS_PREFIXES.iter().any(|p| s.starts_with(p)) && !s.contains(char::is_whitespace)
    };
    if address(t) {
        return true;
    }
    if split_label(t, COPY_LABEL_MAX_CHARS + 1, &LABEL_COLONS).is_some_and(|(_, rest)| address(rest)) {
        return true;
    }
    // "共3页" and "第2页", in a line not much longer than both.
    let counted = |prefix: char| {
        t.match_indices(prefix).any(|(at, _)| {
            let rest = &t[at + prefix.len_utf8()..];
            let digits = rest.find(|c: char| !(c.is_ascii_digit() || ('０'..='９').contains(&c))).unwrap_or(rest.len());
            digits > 0 && rest[digits..].starts_with('页')
        })
    };
    t.len() <= 4 * PAGE_COUNT_MAX_CHARS && t.chars().count() <= PAGE_COUNT_MAX_CHARS && counted('共') && counted('第')
}

/// The label before a copy's address ("本文网址", "原文链接地址") is at most this many characters.
const COPY_LABEL_MAX_CHARS: usize = 8;
/// A page count line ("本文共3页，当前第2页") is at most this many characters.
const PAGE_COUNT_MAX_CHARS: usize = 24;

/// A paragraph of prose: long enough to score, with sentence punctuation, not a link list. What a
/// footer or a notice may not take from the page.
pub(super) fn is_prose(b: &super::Block) -> bool {
    b.chars >= MIN_SCORING_CHARS && b.punct >= 1 && b.link_density() <= MAX_LINK_DENSITY
}

/// Marks the blocks of the site footer; see the module documentation. Linear in the page: range
/// sums come from prefix sums, and a line climbs at most [`FOOTER_MAX_CLIMB`] elements. The
/// page's `headline` counts as prose whatever it speaks of.
fn footer_blocks(e: &Extracted, sums: &BlockSums, headline: Option<usize>) -> Vec<bool> {
    let n = e.blocks.len();
    let mut footer = vec![false; n];
    let legal = |b: &super::Block| {
        let text = e.block_text(b);
        b.chars <= LEGAL_MAX_CHARS
            && ((may_be_legal(text) && is_legal_line(text))
                || (b.link_density() > MAX_LINK_DENSITY && is_site_links(text)))
    };
    // Most pages have one legal line near the end, some none: nothing more to do before it.
    let Some(first) = e.blocks.iter().position(legal) else { return footer };
    // Prefix counts of blocks too long for a footer and of prose blocks.
    let (mut long, mut longer, mut prose) = (vec![0u32; n + 1], vec![0u32; n + 1], vec![0u32; n + 1]);
    for (i, b) in e.blocks.iter().enumerate() {
        long[i + 1] = long[i] + u32::from(b.chars >= FOOTER_MAX_BLOCK_CHARS);
        longer[i + 1] = longer[i] + u32::from(b.chars >= FOOTER_NAMED_MAX_BLOCK_CHARS);
        // A shell's loading line is no paragraph: the footer beside it is still the footer.
        let prose_here = is_prose(b) && (headline == Some(i) || !super::notice::shell_prompt(b, e.block_text(b)));
        prose[i + 1] = prose[i] + u32::from(prose_here);
    }
    let range = |el: usize| e.elems[el].first_block as usize..e.elems[el].end_block as usize;
    let chars_in = |r: std::ops::Range<usize>| sums.chars(r);
    // A region its template names a footer (the element or one of its nearest ancestors) may be
    // larger: a portal's footer lists its licences and statements, a dozen lines of them, that
    // would otherwise outscore a short article.
    let named = |el: usize| {
        let mut at = el;
        for _ in 0..FOOTER_NAME_LEVELS {
            if at == 0 {
                return false;
            }
            if e.elems[at].footer {
                return true;
            }
            at = e.elems[at].parent as usize;
        }
        false
    };
    let footer_sized = |el: usize| {
        let r = range(el);
        let (max, long) = if named(el) { (FOOTER_NAMED_MAX_CHARS, &longer) } else { (FOOTER_MAX_CHARS, &long) };
        chars_in(r.clone()) <= u64::from(max) && long[r.end] == long[r.start]
    };
    let prose_in = |r: std::ops::Range<usize>| prose[r.end] > prose[r.start];
    // A region holding every paragraph of prose on the page is the page (`<body>`, a wrapper),
    // not its footer: a short news item whose paragraphs and comments are all under
    // FOOTER_MAX_BLOCK_CHARS is footer-sized as a whole, and its legal line sits in the body.
    let all_prose = |r: std::ops::Range<usize>| prose[n] > 0 && prose[r.start] == 0 && prose[r.end] == prose[n];
    // Nor is a region holding the page's headline: a footer follows the article it closes. A
    // one-sentence post (no block long enough for prose) in a theme whose page is footer-sized
    // as a whole was otherwise all footer, headline and post with it.
    let heads = |r: &std::ops::Range<usize>| headline.is_some_and(|h| r.contains(&h));
    for (i, b) in e.blocks.iter().enumerate().skip(first) {
        if footer[i] || !legal(b) {
            continue;
        }
        // The nearest element holding other text than the line: a footer's lines are its
        // paragraphs, or sit in it directly.
        let mut el = b.elem as usize;
        let mut climbed = 0;
        while el != 0 && climbed < FOOTER_MAX_CLIMB && chars_in(range(el)) <= u64::from(b.chars) {
            el = e.elems[el].parent as usize;
            climbed += 1;
        }
        // The whole page is never its own footer, nor is a region with a paragraph of prose.
        if el == 0 || !footer_sized(el) || all_prose(range(el)) || heads(&range(el)) {
            continue;
        }
        // Grow while the parent adds no prose ("Powered by ..." beside the legal lines).
        while climbed < FOOTER_MAX_CLIMB {
            let parent = e.elems[el].parent as usize;
            if parent == 0 || !footer_sized(parent) || all_prose(range(parent)) || heads(&range(parent)) {
                break;
            }
            let (inner, outer) = (range(el), range(parent));
            if prose_in(outer.start..inner.start) || prose_in(inner.end..outer.end) {
                break;
            }
            el = parent;
            climbed += 1;
        }
        footer[range(el)].iter_mut().for_each(|f| *f = true);
    }
    footer
}

/// True when `text` holds a character every word of a legal line has one of (`i`, `c`, `a` in
/// either case, ©, 备, 证, 举, 版): a screen that spares nearly every block the word searches of
/// [`is_legal_line`] (this runs on every short block of every page).
fn may_be_legal(text: &str) -> bool {
    // Short paragraphs of an article pass through here too. Each test is a fold without
    // branches over the whole text, which the compiler turns into vector instructions; a
    // character's UTF-8 bytes are matched whole, as neighbouring bytes.
    let b = text.as_bytes();
    let n = b.len();
    let hit = |v: bool| u8::from(v);
    // i, c, a in either case (bit 5 set makes a capital small).
    let ascii = b.iter().fold(0u8, |a, &x| {
        let y = x | 0x20;
        a | hit(y == b'i') | hit(y == b'c') | hit(y == b'a')
    });
    if ascii != 0 {
        return true;
    }
    if n < 2 {
        return false;
    }
    // ©
    let copy = b[..n - 1].iter().zip(&b[1..]).fold(0u8, |a, (&p, &q)| a | (hit(p == 0xc2) & hit(q == 0xa9)));
    if copy != 0 {
        return true;
    }
    if n < 3 {
        return false;
    }
    // 备, 证, 举, 版
    let three = |p: u8, q: u8, r: u8, c: [u8; 3]| hit(p == c[0]) & hit(q == c[1]) & hit(r == c[2]);
    let cjk = b[..n - 2].iter().zip(&b[1..n - 1]).zip(&b[2..]).fold(0u8, |a, ((&p, &q), &r)| {
        a | three(p, q, r, [0xe5, 0xa4, 0x87])
            | three(p, q, r, [0xe8, 0xaf, 0x81])
            | three(p, q, r, [0xe4, 0xb8, 0xbe])
            | three(p, q, r, [0xe7, 0x89, 0x88])
    });
    cjk != 0
}

/// A copyright or licence line as site footers write them: a licence or the notices Chinese sites
/// must show ("京ICP备12345678号", "公网安备", "增值电信业务经营许可证", "违法和不良信息举报电话"),
/// a copyright mark with a year or a second mark ("Copyright © 2026", "版权所有 2004-2026",
/// "© ... All Rights Reserved"), or a line that opens with "版权所有" ("版权所有：示例网", as many
/// sites name themselves without a year). "本文版权所有" inside a line, as an article may
/// end, is not.
pub(crate) fn is_legal_line(text: &str) -> bool {
    // ASCII letters match either case (no lowered copy of the text).
    let has = |w: &str| find_ascii_ci(text.as_bytes(), w.as_bytes()).is_some();
    if LICENCES.iter().any(|w| has(w)) {
        return true;
    }
    // Not "©" or "Copyright" alone: a photo credit opens so ("© 新华社").
    if text.trim_start().starts_with("版权所有") {
        return true;
    }
    let marks = COPYRIGHT_MARKS.iter().filter(|w| has(w)).count();
    marks >= 2 || (marks == 1 && has_year(text))
}

/// A line of links to pages about the site ("关于我们 | 联系我们 | 网站地图"): at least two
/// different words of [`SITE_PAGES`]. One alone may sit in a top bar; a footer lists several.
fn is_site_links(text: &str) -> bool {
    // One automaton for all the words: a byte search per word would stop at nearly every
    // character of Chinese text (the words' first bytes are those of most CJK characters).
    static WORDS: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> = std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder().ascii_case_insensitive(true).build(SITE_PAGES).ok()
    });
    // Two different words take at least the two shortest words' bytes: this spares the search
    // (~1,000 instructions however short the line) the single links of navigation bars.
    const TWO_WORDS: usize = {
        let (mut a, mut b, mut i) = (usize::MAX, usize::MAX, 0);
        while i < SITE_PAGES.len() {
            let n = SITE_PAGES[i].len();
            if n < a {
                (a, b) = (n, a);
            } else if n < b {
                b = n;
            }
            i += 1;
        }
        a + b
    };
    if text.len() < TWO_WORDS {
        return false;
    }
    let Some(words) = WORDS.as_ref() else { return false };
    let mut seen = 0u32;
    for m in words.find_iter(text) {
        seen |= 1 << m.pattern().as_u32();
        if seen.count_ones() >= 2 {
            return true;
        }
    }
    false
}

/// Four digits that read as a year of the web (1990-2099), not part of a longer number.
fn has_year(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i - start == 4 && (b[start..start + 2] == *b"19" && b[start + 2] >= b'9' || b[start..start + 2] == *b"20") {
            return true;
        }
    }
    false
}

/// The repeated lists of a page.
struct Lists {
    /// Blocks set aside as list items.
    excluded: Vec<bool>,
    /// The first item of each list whose items carry dates and do not lead with headlines: a
    /// thread's opening post when nothing comes before it, else a comment.
    first_items: Vec<(u32, u32)>,
    /// Listings of other pages (see [`listing`]), set aside or not.
    listings: Vec<Listing>,
    /// The date blocks of timelines, in order: text, however short.
    dates: Vec<u32>,
    /// Items too large to count, in a list of dated items, that open as those do (a time stamp
    /// before their first prose): a long comment. With the first item of their list, since they
    /// are set aside only when that list may not lead (see `select`).
    long_items: Vec<((u32, u32), (u32, u32))>,
}

/// A list whose items lead with headline links to other pages and go on in prose: excerpts on a
/// tag, channel, topic or search-result page, or a "related reading" box with summaries.
struct Listing {
    /// The element holding the items.
    parent: u32,
    /// Block range of every item, and whether the item was set aside with its list.
    items: Vec<(u32, u32, bool)>,
    /// Whether most items carry a date, as on tag, channel and search-result pages.
    dated: bool,
    /// The median item's prose, in characters.
    excerpt_chars: u32,
}

/// Characters of the readable blocks in `range`: neither set aside nor footer nor links, of at
/// least `min` characters, and with punctuation if `prose`.
fn readable_chars(
    e: &Extracted,
    excluded: &[bool],
    footer: &[bool],
    range: std::ops::Range<usize>,
    min: u32,
    prose: bool,
) -> u32 {
    (range.clone())
        .zip(&e.blocks[range])
        .filter(|(i, b)| {
            !excluded[*i]
                && !footer[*i]
                && b.link_density() <= MAX_LINK_DENSITY
                && b.chars >= min
                && (!prose || b.punct >= 1)
        })
        .map(|(_, b)| b.chars)
        .sum()
}

/// Finds repeated lists: three or more sibling elements with the same signature. Lists whose
/// items mostly carry a short link or time stamp are set aside; see the module documentation.
/// An item holding the page's headline (block `headline`) is never set aside, nor, without a
/// headline, the one item holding prose that is not the `footer`'s: see below.
fn list_items(e: &Extracted, sums: &BlockSums, headline: Option<usize>, footer: &[bool]) -> Lists {
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
    let too_large = |el: &super::Elem| {
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
        |el: &super::Elem| headline.is_some_and(|h| (el.first_block as usize..el.end_block as usize).contains(&h));
    // (Counted only when needed: most pages have a headline.)
    let mut prose_prefix = vec![0u32];
    if headline.is_none() {
        prose_prefix.reserve(e.blocks.len());
        for (b, &f) in e.blocks.iter().zip(footer) {
            prose_prefix.push(prose_prefix[prose_prefix.len() - 1] + u32::from(is_prose(b) && !f));
        }
    }
    let prose_in = |el: &super::Elem| prose_prefix[el.end_block as usize] - prose_prefix[el.first_block as usize];
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
        let another_story = |el: &super::Elem| {
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
    let is_prose = |b: &super::Block| {
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

/// A link text that reads as a headline, not a label or a floor number: at least
/// [`HEADLINE_MIN_IDEOGRAPHS`] ideographs, or [`HEADLINE_MIN_WORDS`] words of letters, and no
/// date or time.
fn is_headline(text: &str) -> bool {
    let ideographs = text.chars().filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c)).count();
    let words = text.split_whitespace().filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 2).count();
    (ideographs >= HEADLINE_MIN_IDEOGRAPHS || words >= HEADLINE_MIN_WORDS) && !has_time_stamp(text)
}

/// A date or time as comment and post headers show them: 2026-03-02, 2026/3/2, 2026年3月,
/// 10:21, "3分钟前", and English dates and ages ("Dec 5", "3 hours ago").
pub(crate) fn has_time_stamp(text: &str) -> bool {
    // Every form has a digit or "前"; most blocks have neither. Matched on bytes, with no
    // character vector (this runs on every short block): the forms are ASCII but for 年, and
    // the byte after an ASCII byte always starts the next character.
    let b = text.as_bytes();
    if !b.iter().any(u8::is_ascii_digit) && !text.contains('前') {
        return false;
    }
    let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    for i in (0..b.len()).filter(|&i| b[i].is_ascii_digit()) {
        // d:dd or dd:dd
        let colon = match (b.get(i + 1), b.get(i + 2)) {
            (Some(b':'), _) => Some(i + 1),
            (Some(d), Some(b':')) if d.is_ascii_digit() => Some(i + 2),
            _ => None,
        };
        if colon.is_some_and(|k| digit(k + 1) && digit(k + 2)) {
            return true;
        }
        // dddd-d, dddd/d, dddd.d, dddd年d
        if (i + 1..i + 4).all(digit) {
            let after = &b[i + 4..];
            if matches!(after.first(), Some(b'-' | b'/' | b'.')) && digit(i + 5)
                || after.starts_with("年".as_bytes()) && digit(i + 4 + "年".len())
            {
                return true;
            }
        }
    }
    // "3分钟前", "2小时前", "5天前": a character, then 钟, 时 or 天, then 前.
    let ago = text.match_indices('前').any(|(at, _)| {
        let before = &text[..at];
        before.chars().next_back().is_some_and(|c| matches!(c, '钟' | '时' | '天')) && before.len() > '钟'.len_utf8()
    });
    ago || has_english_date(text)
}

/// An English date or age as forums print them: "Dec 5", "5 December 2024", "3 hours ago".
fn has_english_date(text: &str) -> bool {
    if !text.bytes().any(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    let words: Vec<&str> = text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let day = |w: Option<&&str>| w.is_some_and(|w| w.len() <= 2 && w.bytes().all(|c| c.is_ascii_digit()));
    let number = |w: &str| w.bytes().all(|c| c.is_ascii_digit());
    words.iter().enumerate().any(|(i, w)| {
        // "Dec", "Sept", "December": three letters or more of a month's name, beside a day.
        let month =
            w.len() >= 3 && en::MONTHS.iter().any(|m| m.len() >= w.len() && m[..w.len()].eq_ignore_ascii_case(w));
        if month && (day(words.get(i + 1)) || (i > 0 && day(words.get(i - 1)))) {
            return true;
        }
        w.eq_ignore_ascii_case("ago")
            && i >= 2
            && number(words[i - 2])
            && en::AGE_UNITS.iter().any(|u| words[i - 1].trim_end_matches(['s', 'S']).eq_ignore_ascii_case(u))
    })
}

/// A block that is a date and nothing else, without a time of day: "2005年3月", "2024-12-01".
/// Posts and comments carry their author or the minute beside the date.
fn is_bare_date(text: &str) -> bool {
    text.chars()
        .all(|c| c.is_ascii_digit() || c.is_whitespace() || matches!(c, '年' | '月' | '日' | '号' | '-' | '/' | '.'))
}

/// A timeline entry's date: a bare date with a time stamp's form, or a year alone.
fn is_entry_date(text: &str) -> bool {
    is_bare_date(text) && (is_bare_year(text) || has_time_stamp(text))
}

/// A year and nothing else: "1956年", "2005".
fn is_bare_year(text: &str) -> bool {
    let digits = text.trim().trim_end_matches('年');
    digits.len() == 4 && digits.bytes().all(|c| c.is_ascii_digit())
}

/// The year and month (0 when none is given) of a bare date: "2005年3月" (2005, 3), "2024-12-01"
/// (2024, 12), "2005" (2005, 0); `None` without a four-digit year.
fn year_month(text: &str) -> Option<(u32, u32)> {
    let mut numbers = text.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty());
    let year = numbers.next().filter(|y| y.len() == 4)?.parse().ok()?;
    let month = numbers.next().and_then(|m| m.parse().ok()).unwrap_or(0);
    Some((year, month))
}

/// The most negative class/id hint of an element's nearest [`PENALTY_LEVELS`] ancestors, or 0: a
/// comment's own elements rarely say "comment", the section around them does, and a short
/// article must not lose to its first comment. Not further up: a page-wide wrapper named
/// "inside" or "main-side" would penalise everything under it.
fn inherited_penalty(e: &Extracted, el: &super::Elem) -> i32 {
    let mut worst = 0;
    let mut at = el.parent as usize;
    for _ in 0..PENALTY_LEVELS {
        if at == 0 {
            break;
        }
        worst = worst.min(e.elems[at].hint);
        at = e.elems[at].parent as usize;
    }
    worst
}

/// The blocks after the page's headline that lie in the nearest element above it holding a
/// sentence after it, up to the first heading after that sentence (see [`HEADLINE_LEVELS`]).
/// The headline is a short, link-free block whose text is the `<title>`, one of its leading
/// runs of parts, or one of its parts between separators ("标题_频道_网站", "标题 - 网站"), the
/// first some block repeats: Chinese sites name the article before the channel and themselves
/// (whose names are also in their logos and menus), and a headline may hold a separator itself
/// ("禾田 HT-3300 料理机-禾田旗舰店-商城"). Empty when there is none. With it, the headline's
/// block, and the blocks after it in that element (past the next heading).
fn after_headline(e: &Extracted) -> (std::ops::Range<usize>, Option<usize>, std::ops::Range<usize>) {
    let title = e.title.trim();
    let leading = title.match_indices(HEADLINE_SEPARATORS).map(|(i, _)| title[..i].trim()).rev();
    let parts = std::iter::once(title).chain(leading).chain(title.split(HEADLINE_SEPARATORS).map(str::trim));
    let candidate = |b: &super::Block| b.chars <= HEADLINE_MAX_CHARS && b.link_chars == 0;
    let found = parts
        .filter(|p| p.chars().count() >= HEADLINE_MIN_CHARS)
        .find_map(|part| e.blocks.iter().position(|b| candidate(b) && e.block_text(b).trim() == part));
    // Else a heading that is most of one of the title's parts: the title dresses the headline
    // ("「行政前台招聘」" for "行政前台", "【图】" ...).
    let found = found.or_else(|| {
        title.split(HEADLINE_SEPARATORS).map(str::trim).find_map(|part| {
            let n = part.chars().count() as u32;
            e.blocks.iter().position(|b| {
                b.heading && candidate(b) && b.chars >= (HEADLINE_MIN_CHARS as u32).max(n.div_ceil(2)) && {
                    let text = e.block_text(b).trim();
                    !text.is_empty() && part.contains(text)
                }
            })
        })
    });
    // Else a heading the title rewords.
    let found = found.or_else(|| reworded_headline(e, title));
    let Some(h) = found else { return (0..0, None, 0..0) };
    let Some((el, first)) = headed_element(e, h) else { return (0..0, None, 0..0) };
    let after = h + 1..e.elems[el].end_block as usize;
    // The article under the headline ends at the next heading after its first sentence: a
    // section of its own (a shop's "售后保障" after a short description), or the article's own
    // second section, which its container holds anyway.
    let end = (first + 1..after.end).find(|&i| e.blocks[i].heading).unwrap_or(after.end);
    (after.start..end, Some(h), after)
}

/// The element a headline at block `h` heads: the nearest above it (at most [`HEADLINE_LEVELS`]
/// up) that holds a sentence after it; with that sentence's block.
fn headed_element(e: &Extracted, h: usize) -> Option<(usize, usize)> {
    let mut el = e.blocks[h].elem as usize;
    for _ in 0..HEADLINE_LEVELS {
        if el == 0 {
            break;
        }
        el = e.elems[el].parent as usize;
        let end = e.elems[el].end_block as usize;
        let sentence = (h + 1..end).find(|&i| e.blocks[i].punct >= 1 && e.blocks[i].link_density() <= MAX_LINK_DENSITY);
        if let Some(first) = sentence {
            return Some((el, first));
        }
    }
    None
}

/// The heading that says most nearly what one of the title's parts says, when no block repeats
/// the title: sites shorten or reword the `<title>` for search engines ("电脑开机黑屏怎么办" over
/// "电脑开机后黑屏，只有一个鼠标箭头…如何修复？", "寒潮来袭！上海最低气温跌至零下2℃" over
/// "上海今冬首场寒潮来袭 最低气温跌至零下2℃"), or put it beside a translation. The two share, in
/// order, at least [`REWORDED_SHARE`] of the shorter one's words ([`words`]) and
/// [`REWORDED_MIN_WORDS`] of them, and no sentence of its article comes before it; the best
/// share wins, then the first in the page.
fn reworded_headline(e: &Extracted, title: &str) -> Option<usize> {
    // Each part with its distinct words, sorted: how many of a heading's words a part holds at
    // all bounds what the two share in order, and rules most headings out cheaply.
    let parts: Vec<(Vec<u64>, Vec<u64>)> = title
        .split(HEADLINE_SEPARATORS)
        .map(words)
        .filter(|p| p.len() >= REWORDED_MIN_WORDS && p.len() <= 2 * HEADLINE_MAX_CHARS as usize)
        .map(|p| {
            let mut set = p.clone();
            set.sort_unstable();
            set.dedup();
            (p, set)
        })
        .collect();
    if parts.is_empty() {
        return None;
    }
    // A headline comes before the text it heads: a heading after a sentence of the element it
    // would head is a section's ("清炒荷兰豆的做法" after a recipe's introduction), however like
    // the title it is; a heading that heads nothing is no headline.
    let sectional = |h: usize| {
        headed_element(e, h).is_none_or(|(el, _)| e.blocks[e.elems[el].first_block as usize..h].iter().any(is_prose))
    };
    let headings = e
        .blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| {
            b.heading && b.link_chars == 0 && b.chars <= HEADLINE_MAX_CHARS && b.chars as usize >= REWORDED_MIN_WORDS
        })
        .take(REWORDED_MAX_HEADINGS)
        .filter(|&(i, _)| !sectional(i));
    let mut best: Option<(f64, usize)> = None;
    let mut row = Vec::new();
    for (i, b) in headings {
        let text = words(e.block_text(b));
        for (part, set) in &parts {
            let shorter = text.len().min(part.len());
            let need = ((REWORDED_SHARE * shorter as f64).ceil() as usize).max(REWORDED_MIN_WORDS);
            if text.iter().filter(|w| set.binary_search(w).is_ok()).count() < need {
                continue;
            }
            let shared = lcs_len(&text, part, &mut row);
            let share = shared as f64 / shorter as f64;
            if shared >= need && best.is_none_or(|(s, _)| share > s) {
                best = Some((share, i));
            }
        }
    }
    best.map(|(_, i)| i)
}

/// Of the shorter of a reworded headline and the title's part, the share of words the two must
/// have in common, in order ...
const REWORDED_SHARE: f64 = 2.0 / 3.0;
/// ... and at least this many: four or five characters in common are too often a section's
/// name ("考生须知", "新闻速览") or another job's ("行政前台" in "行政前台及会务专员招聘").
const REWORDED_MIN_WORDS: usize = 6;
/// Headings a page's reworded headline is looked for among, in page order (the headline comes
/// before the article's own subheadings and the sidebars' boxes).
const REWORDED_MAX_HEADINGS: usize = 32;

/// The words of a heading or title part, for comparing them: each ideograph (and any other
/// letter or digit outside ASCII) is a word, and so is each run of ASCII letters and digits,
/// lowercased; the rest is left out. A run counts once, so that a short English word is not
/// found letter by letter inside a long title.
fn words(s: &str) -> Vec<u64> {
    let mut out = Vec::new();
    let mut run: Option<u64> = None;
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            // FNV-1a over the run's lowercased bytes, with the top bit set: never a character.
            let h = run.unwrap_or(0xcbf2_9ce4_8422_2325);
            run = Some((h ^ u64::from(c.to_ascii_lowercase() as u8)).wrapping_mul(0x100_0000_01b3));
            continue;
        }
        if let Some(h) = run.take() {
            out.push(h | 1 << 63);
        }
        if c.is_alphanumeric() {
            out.push(u64::from(c as u32));
        }
    }
    if let Some(h) = run {
        out.push(h | 1 << 63);
    }
    out
}

/// Length of the longest common subsequence of two short sequences (`row`: scratch).
fn lcs_len(a: &[u64], b: &[u64], row: &mut Vec<u32>) -> usize {
    row.clear();
    row.resize(b.len() + 1, 0);
    for &x in a {
        let mut diag = 0;
        for (j, &y) in b.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = if x == y { diag + 1 } else { up.max(row[j]) };
            diag = up;
        }
    }
    row[b.len()] as usize
}

/// Block ranges of the article container and the siblings that join it; empty when no element
/// holds sentence-like text.
fn container_ranges(
    e: &Extracted,
    excluded: &[bool],
    footer: &[bool],
    sums: &BlockSums,
    headed: std::ops::Range<usize>,
) -> Vec<(u32, u32)> {
    let n = e.elems.len();
    let mut raw = vec![0f64; n];
    for (i, b) in e.blocks.iter().enumerate() {
        let ld = b.link_density();
        if excluded[i] || ld > MAX_LINK_DENSITY || b.chars < MIN_SCORING_CHARS {
            continue;
        }
        let weight = if footer[i] {
            FOOTER_WEIGHT
        } else if headed.contains(&i) {
            HEADLINE_WEIGHT
        } else {
            1.0
        };
        let s = (1.0 + f64::from(b.punct) + (f64::from(b.chars) / 40.0).min(4.0)) * (1.0 - ld) * weight;
        let mut el = b.elem as usize;
        for w in LEVEL_WEIGHTS {
            raw[el] += s * w;
            if el == 0 {
                break;
            }
            el = e.elems[el].parent as usize;
        }
    }
    let score: Vec<f64> = e
        .elems
        .iter()
        .zip(&raw)
        .map(|(el, &r)| {
            if r <= 0.0 {
                return 0.0;
            }
            let (lo, hi) = (el.first_block as usize, el.end_block as usize);
            // Element link density over all its blocks.
            let chars = sums.chars(lo..hi);
            let links = sums.links[hi] - sums.links[lo];
            let ld = if chars == 0 { 0.0 } else { links as f64 / chars as f64 };
            let hint = (1.0 + 0.2 * f64::from(el.hint + inherited_penalty(e, el))).clamp(0.2, 1.6);
            r * (1.0 - ld) * hint
        })
        .collect();

    let Some(mut best) =
        (0..n).filter(|&i| score[i] > 0.0).max_by(|&a, &b| score[a].total_cmp(&score[b]).then(b.cmp(&a)))
    else {
        return Vec::new();
    };
    // Short cells score nothing, but a table of figures beside the child (a lottery draw's or
    // the day's rates under one sentence) is the parent's text: no descending past it.
    let table_beside = |parent: usize, child: usize| {
        let (p, c) = (&e.elems[parent], &e.elems[child]);
        let outside = (p.first_block..c.first_block).chain(c.end_block..p.end_block);
        outside
            .filter(|&i| {
                let b = &e.blocks[i as usize];
                b.link_chars == 0
                    && in_inner_cell(&e.elems, b, p.first_block, p.end_block)
                    && e.block_text(b).bytes().any(|x| x.is_ascii_digit())
            })
            .take(TABLE_MIN_FIGURES)
            .count()
            >= TABLE_MIN_FIGURES
    };
    // A paragraph is no container: a long one beside a short lead ("<div><p>69 chars</p><p>410
    // chars</p></div>") outscores its parent's other paragraphs, which are the article too.
    let paragraph_among_paragraphs = |parent: usize, child: usize| {
        let c = &e.elems[child];
        c.end_block == c.first_block + 1
            && (parent + 1..n).any(|o| {
                o != child && e.elems[o].parent as usize == parent && e.elems[o].sig == c.sig && score[o] > 0.0
            })
    };
    loop {
        let child = (best + 1..n)
            .filter(|&c| e.elems[c].parent as usize == best)
            .max_by(|&a, &b| score[a].total_cmp(&score[b]));
        match child {
            Some(c)
                if score[c] >= DESCEND_SHARE * score[best]
                    && !table_beside(best, c)
                    && !paragraph_among_paragraphs(best, c) =>
            {
                best = c
            }
            _ => break,
        }
    }
    let mut ranges = vec![(e.elems[best].first_block, e.elems[best].end_block)];
    if best != 0 {
        // Siblings are looked for beside the outermost element that is only the container (a
        // `<p>` alone in its `<div class="textWrap">`, the container a paragraph's `<span>`): a
        // paragraph's wrapper is what the article's other parts repeat. Not past a table cell:
        // the rows of a layout table are the page's regions (the next may hold a comment).
        let mut part = best;
        loop {
            let (el, p) = (&e.elems[part], e.elems[part].parent as usize);
            let cell = e.blocks[el.first_block as usize].cell as usize == part;
            if p == 0 || cell || (e.elems[p].first_block, e.elems[p].end_block) != (el.first_block, el.end_block) {
                break;
            }
            part = p;
        }
        // Siblings alike (or named as content) with a fair share of the container's score (its
        // own: an ancestor counts its text at a lower level's weight). Under the headline,
        // numbered alike too (`txt0`, `txt1`: an article split by an advert, a picture or a
        // video) when they say something in sentences (not the dateline, "…… 评论(5)"). Not a
        // shorter one however alike: a WeChat account's fixed opening line is a `<section>` as
        // the article is.
        let headed_part = |el: &super::Elem| {
            let range = el.first_block as usize..el.end_block as usize;
            headed.start <= range.start
                && range.end <= headed.end
                && range.clone().any(|i| {
                    let b = &e.blocks[i];
                    !excluded[i] && !footer[i] && b.ends_sentence && b.punct >= 1
                })
        };
        let p = &e.elems[part];
        for (i, el) in e.elems.iter().enumerate().skip(1) {
            if i != part
                && el.parent == p.parent
                && score[i] >= SIBLING_SHARE * score[best]
                && (el.sig == p.sig || el.hint > 0 || el.stem == p.stem && headed_part(el))
            {
                ranges.push((el.first_block, el.end_block));
            }
        }
        if e.unmatched_ends > 0 {
            let run = orphaned_run(e, best, excluded, footer);
            if !run.is_empty() {
                ranges.push((run.start as u32, run.end as u32));
            }
        }
    }
    ranges
}

/// Whether block `b` lies in a table cell inside blocks `lo..hi` that is not all of them (a cell
/// that holds a whole region is the page's layout, not a table of data).
fn in_inner_cell(elems: &[super::Elem], b: &super::Block, lo: u32, hi: u32) -> bool {
    let c = &elems[b.cell as usize];
    b.cell != 0 && lo <= c.first_block && c.end_block <= hi && c.end_block - c.first_block < hi - lo
}

/// The blocks right after the container `best` that stray end tags cut off from it. A CMS that
/// leaves `</div></div>` in an article closes the container and its parent there (browsers do
/// the same): the rest of the article then lies directly in an ancestor, beside the sidebars,
/// and, when the headline boost covered only the first part, is left out. Called only when the
/// page has end tags that closed nothing, the trace such strays leave; a well-formed page's
/// notes after its article (a disclaimer in a bare `<p>`) stay out.
///
/// The run takes the blocks after the container whose element is one of its nearest
/// [`ORPHAN_LEVELS`] ancestors or a child of one without a furniture hint (a bare `<p>`), and
/// ends at the first other block: one in a wrapper of its own (a sidebar, comments, related
/// reading), link text, a list item or the footer.
fn orphaned_run(e: &Extracted, best: usize, excluded: &[bool], footer: &[bool]) -> std::ops::Range<usize> {
    let mut ancestors = [usize::MAX; ORPHAN_LEVELS];
    let mut at = best;
    for slot in &mut ancestors {
        if at == 0 {
            break;
        }
        at = e.elems[at].parent as usize;
        *slot = at;
    }
    let start = e.elems[best].end_block as usize;
    let mut end = start;
    for (i, b) in e.blocks.iter().enumerate().skip(start) {
        let el = b.elem as usize;
        let bare =
            ancestors.contains(&el) || (e.elems[el].hint >= 0 && ancestors.contains(&(e.elems[el].parent as usize)));
        if !bare || excluded[i] || footer[i] || b.link_density() > MAX_LINK_DENSITY {
            break;
        }
        end = i + 1;
    }
    start..end
}

#[cfg(test)]
mod tests {
    use super::{
        has_time_stamp, is_copy_line, is_legal_line, is_pager, lcs_len, may_be_legal, words, COPYRIGHT_MARKS, LICENCES,
    };

    /// The character-by-character reading `has_time_stamp` replaced, kept to check it against.
    fn time_stamp_by_chars(text: &str) -> bool {
        let b: Vec<char> = text.chars().collect();
        for i in 0..b.len() {
            let c = b[i];
            if c.is_ascii_digit() {
                let colon = match (b.get(i + 1), b.get(i + 2)) {
                    (Some(':'), _) => Some(i + 1),
                    (Some(d), Some(':')) if d.is_ascii_digit() => Some(i + 2),
                    _ => None,
                };
                let digit = |k: usize| b.get(k).is_some_and(char::is_ascii_digit);
                if colon.is_some_and(|k| digit(k + 1) && digit(k + 2)) {
                    return true;
                }
                if i + 5 < b.len()
                    && b[i..i + 4].iter().all(char::is_ascii_digit)
                    && matches!(b[i + 4], '-' | '/' | '年' | '.')
                    && b[i + 5].is_ascii_digit()
                {
                    return true;
                }
            }
            if c == '前' && i >= 2 && matches!(b[i - 1], '钟' | '时' | '天') {
                return true;
            }
        }
        super::has_english_date(text)
    }

    #[test]
    fn time_stamps_on_bytes_read_as_by_characters() {
        let pool: Vec<char> = "0123456789::--//..年年月日前前钟时天分小 a发表於Dec ago hours".chars().collect();
        let mut rng = crate::testutil::Rng::new(11);
        let mut found = 0;
        for _ in 0..200_000 {
            let n = rng.below(12) as usize;
            let text: String = (0..n).map(|_| pool[rng.below(pool.len() as u64) as usize]).collect();
            let want = time_stamp_by_chars(&text);
            assert_eq!(has_time_stamp(&text), want, "{text:?}");
            found += usize::from(want);
        }
        assert!(found > 1000, "only {found} time stamps drawn");
    }

    #[test]
    fn copy_lines() {
        for line in [
            "本文网址：http://www.example.com/news/2026-03/01/content_1.htm",
            "https://www.example.com/a/1.html",
            "原文链接: www.example.cn/p?id=3",
            "本文共3页，当前第2页",
            "第２页/共３页",
            "共3页 第1页",
        ] {
            assert!(is_copy_line(line), "{line}");
        }
        for line in [
            "详情请访问：www.example.com 了解更多。",
            "市民可登录市政府网站查询：http://www.example.gov.cn",
            "全书共12页，第3页起是附录，请在仔细阅读后签字确认。",
            "共有3页，第几页都行",
            "第2页",
            "来源：新华社",
        ] {
            assert!(!is_copy_line(line), "{line}");
        }
    }

    #[test]
    fn legal_lines() {
        assert!(is_legal_line("Copyright © 1996-2026 example.cn All Rights Reserved"));
        assert!(is_legal_line("版权所有 © 2026 示例网 未经授权禁止转载"));
        assert!(is_legal_line("COPYRIGHT 2004 示例网"));
        assert!(is_legal_line("京ICP备12345678号-1"));
        assert!(is_legal_line("沪公网安备 31010602000123号"));
        assert!(is_legal_line("增值电信业务经营许可证 京B2-20260001"));
        assert!(is_legal_line("违法和不良信息举报电话：010-12345678"));
        assert!(!is_legal_line("本文版权所有，转载请注明出处。"), "an article's own notice");
        assert!(!is_legal_line("© 新华社"), "a photo credit");
        assert!(!is_legal_line("本报版权所有 12345"), "not a year");
        assert!(is_legal_line("版权所有：示例网 地址：北京市示例路1号"), "opens with a mark");
        assert!(!is_legal_line("Copyright 新华社"), "a photo credit");
        assert!(!is_legal_line("2026年版权保护工作会议召开"));
        // Every word passes the byte prefilter, and the prefilter is the character rule it
        // stands for, on every character of the BMP (after another one, so its bytes follow
        // other bytes).
        for w in LICENCES.iter().chain(&COPYRIGHT_MARKS) {
            assert!(may_be_legal(w) && may_be_legal(&w.to_uppercase()), "{w}");
        }
        let rule = |c: char| matches!(c, 'i' | 'I' | 'c' | 'C' | 'a' | 'A' | '©' | '备' | '证' | '举' | '版');
        for c in (1..0x1_0000).filter_map(char::from_u32) {
            let text = format!("新{c}");
            assert_eq!(may_be_legal(&text), rule(c), "{c:?}");
        }
        // A mark after runs of every length, and bytes that come close without being one (ç, ¡
        // and 穿 share bytes with the marks).
        for k in 0..70 {
            let pad: String = std::iter::repeat_n('x', k).collect();
            for (tail, want) in [("版", true), ("©", true), ("证", true), ("b", false), ("ç¡穿", false), ("", false)]
            {
                let text = format!("{pad}{tail}");
                assert_eq!(may_be_legal(&text), want, "{text:?}");
            }
        }
    }

    #[test]
    fn heading_words() {
        let (mut row, lcs) = (Vec::new(), |a: &str, b: &str, row: &mut Vec<u32>| lcs_len(&words(a), &words(b), row));
        assert_eq!(words("小米 Air-4 Pro！").len(), 5, "小, 米, air, 4, pro");
        assert_eq!(words("Pro"), words("PRO"));
        assert_ne!(words("pro"), words("pr"));
        assert_eq!(lcs("电脑开机黑屏怎么办", "电脑开机后黑屏，只有一个鼠标箭头，如何修复？", &mut row), 6);
        // An English word is one word: not found letter by letter in a long title.
        assert_eq!(lcs("Comments", "Common mistakes when moving to a new city", &mut row), 0);
        assert_eq!(lcs("new city", "Common mistakes when moving to a new city", &mut row), 2);
        assert_eq!(lcs("", "新闻", &mut row), 0);
    }

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

    #[test]
    fn time_stamps() {
        assert!(has_time_stamp("网友甲 2026-03-02 10:21"));
        assert!(has_time_stamp("发表于 9:05"));
        assert!(has_time_stamp("3分钟前"));
        assert!(has_time_stamp("2026年3月"));
        assert!(!has_time_stamp("今年增长了12%"));
        assert!(!has_time_stamp("第3条"));
        for english in ["Dec 5", "posted Sept 30, 2024", "5 December 2024", "3 hours ago", "1 day ago"] {
            assert!(has_time_stamp(english), "{english}");
        }
        for not_a_date in ["May I ask 5 questions", "Top 10 marches", "December", "12 days", "Decimal 5"] {
            assert!(!has_time_stamp(not_a_date), "{not_a_date}");
        }
    }
}
