//! The order in which the passes run: [`select`], one call per line, each line commented.
//!
//! Every pass is a rule family in a file of its own (see the module list in `extract`); this
//! file only says in what order they run and what each hands the next. The regions found
//! first (headline, notices, footer, lists) decide where the article container is looked for;
//! then each block gets its verdict, and the last passes mend what the verdicts got wrong on
//! particular page shapes.

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
