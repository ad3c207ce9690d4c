//! The order in which the passes run: [`select`], one call per line, each line commented.
//!
//! Every pass is a rule family in a file of its own (see the module list in `extract`); this
//! file only says in what order they run and what each hands the next. The regions found
//! first (headline, notices, footer, lists) decide where the article container is looked for;
//! then each block gets its verdict, and the last passes mend what the verdicts got wrong on
//! particular page shapes.
//!
//! What the passes find, step by step:
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
//!    of its ancestors continue it (see `container::orphaned_run`).
//! 4. On a question page, the question and its answer boxes are the text (see `answers`).
//!
//! [`FOOTER_WEIGHT`]: super::footer::FOOTER_WEIGHT
//! [`scrap`]: super::listings::scrap
//! [`is_credit_line`]: super::credits::is_credit_line
//! [`keep_broken_lines`]: super::broken_lines::keep_broken_lines
//! [`drop_related_boxes`]: super::related::drop_related_boxes

use super::block::{is_prose, keep, BlockSums, Extracted};
use super::lists::Lists;
use super::{
    answers, broken_lines, container, footer, headline, listings, lists, mark, notice, related, status, summary,
    threads,
};

/// Chooses the main text of `e`: sets every block's `dropped` (`None` for main text) and
/// whether the text is mostly a listing's excerpts.
pub(super) fn select(e: &mut Extracted) {
    let sums = BlockSums::new(e);
    // 1. The headline (a short block the `<title>` repeats): `headed` are the blocks under it up
    //    to the next heading, `article` those after it in the element holding its first sentence.
    let (headed, headline, article) = headline::after_headline(e);
    // 2. The site's notices beside the text: a job board's safety box, a repost's disclaimer.
    let notice = notice::notice_blocks(e, &sums, headed.clone(), article);
    // 3. The site footer, around its copyright or licence line; notices are furniture as it is.
    let mut footer = footer::footer_blocks(e, &sums, headline);
    footer.iter_mut().zip(&notice).for_each(|(f, &n)| *f |= n);
    // 4. Repeated lists set aside (comments, related reading), listings and timelines found.
    let Lists { mut excluded, first_items, listings, dates, long_items } =
        lists::list_items(e, &sums, headline, &footer);
    // 5. A thread's opening post, when a comment-like list starts the page: its lead.
    let lead = threads::lead_post(e, &excluded, &footer, &headed, &first_items, &listings);
    // 6. The listings that are the page's text (dated, or one page of a channel's before a pager).
    let listed = listings::listed(e, &excluded, &footer, &headed, lead, &listings);
    // 7. The lead kept (or every first post of a page of lists); long comments set aside.
    threads::keep_posts(e, &mut excluded, &footer, &headed, headline, lead, &first_items, &long_items, &listings);
    // 8. The listed listings' items kept.
    listings::keep_listed(&mut excluded, &listed);

    let mut question = None;
    let ranges = match lead {
        // 9a. The lead post is the text.
        Some(l) => vec![l],
        None => {
            // 9b. The article container: the best-scoring element and the siblings that join it.
            let mut ranges = container::container_ranges(e, &excluded, &footer, &sums, headed.clone());
            // 9c. A container inside one excerpt of a listing: the page is the listing, all of it.
            listings::widen_to_listing(e, &mut excluded, &listings, &mut ranges);
            // 9d. A listing that is the page's text outweighs a paragraph beside it.
            listings::prefer_listed(e, &excluded, &footer, &listed, &mut ranges);
            // 9e. A question page: the question and its answers are the text (see `answers`).
            question = answers::question_page(e, headline, &ranges, |i: usize| !footer[i] && is_prose(&e.blocks[i]));
            if let Some(q) = &question {
                // Answers with a user and a time each are a repeated list: kept here.
                q.answer_ranges().iter().for_each(|&(lo, hi)| keep(&mut excluded, lo, hi));
                ranges = q.ranges().to_vec();
            }
            // 9f. What a listing's lists leave (a site's notice above a board's threads) is no text.
            if headline.is_none()
                && question.is_none()
                && listed.is_empty()
                && listings::scrap(e, &excluded, &footer, &ranges)
            {
                ranges.clear();
            }
            ranges
        }
    };
    // 10. Every block's verdict: list item, links, footer or notice, outside the container, a
    //     notice line, a credit line, short; or main text.
    mark::mark_blocks(e, &excluded, &footer, &notice, &ranges, &dates, headline, lead, question.as_ref());
    // 11. Legal lines, the site's statements and status lines, when they are all that is kept.
    status::drop_site_lines_alone(e, headline);
    // 12. The headline names the text; it is not the text (a question stays).
    headline::drop_headline(e, headline, question.as_ref());
    // 13. A summary above the article that repeats its opening.
    summary::drop_repeated_opening(e);
    // 14. A sentence set one phrase to a line is kept, though each line is short.
    broken_lines::keep_broken_lines(e);
    // 15. A related-reading box set flat among the article's paragraphs.
    related::drop_related_boxes(e, &ranges);
    // 16. Whether the text is mostly a listing's excerpts.
    e.listing = listings::listing_page(e, &listings);
}
