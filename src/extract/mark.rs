//! Every block's verdict from the regions the passes found: kept as main text, or dropped with
//! its reason (a list item, links, the footer or a notice, outside the container, a notice
//! line inside it, a credit line, short).

use super::answers::QuestionPage;
use super::block::{is_prose, Block, DropReason, Extracted, MAX_LINK_DENSITY};
use super::container::in_inner_cell;
use super::credits::{is_copy_line, is_credit_line, CREDIT_MAX_CHARS};
use super::footer::is_legal_line;
use super::notice;
use super::shells::shell_prompt;

/// Marks every block of `e`: `excluded` are the list items set aside, `footer` the footer's and
/// the notices' blocks (`notice` the latter), `ranges` the main text's containers, `dates` a
/// timeline's date blocks (text however short); `lead` is a thread's opening post, if it is
/// the text, and `question` the question page, if the page is one.
#[allow(clippy::too_many_arguments)]
pub(super) fn mark_blocks(
    e: &mut Extracted,
    excluded: &[bool],
    footer: &[bool],
    notice: &[bool],
    ranges: &[(u32, u32)],
    dates: &[u32],
    headline: Option<usize>,
    lead: Option<(u32, u32)>,
    question: Option<&QuestionPage>,
) {
    // A table inside the container holds data (rates, specs, scores): its short cells are text,
    // and what tells two bulletins of one template apart.
    let in_table = |b: &Block| ranges.iter().any(|r| in_inner_cell(&e.elems, b, r.0, r.1));
    // Footer text stays out unless the container is itself footer-like, all the page has, and
    // says something of its own: a short article with its own copyright line. Legal lines and
    // sentences about the site ("本站部分内容来源于网络……") are what every page of the site
    // says; as a page's text they made a site's listings and login pages copies of each other.
    let site = notice::site_name(&e.title);
    let footer_is_main = !ranges.is_empty()
        && ranges.iter().all(|r| footer[r.0 as usize..r.1 as usize].iter().all(|f| *f))
        && ranges.iter().flat_map(|r| r.0 as usize..r.1 as usize).any(|i| {
            let (b, text) = (&e.blocks[i], e.block_text(&e.blocks[i]));
            is_prose(b)
                && !is_legal_line(text)
                && !notice::names_site(text, site, false)
                && !notice::law_reminder(text)
                && !shell_prompt(b, text)
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
        disclaiming[i] = notice::disclaiming_line(e, b, site);
        prose_left += usize::from(!disclaiming[i] && is_prose(b));
    }
    if prose_left == 0 {
        disclaiming.fill(false);
    }
    // A site's question whether the page helped, under an answer or an article (see
    // `notice::feedback_prompt`); never the page's own headline or question.
    let question_head = |i: usize| question.is_some_and(|q| q.headline == i);
    let text = &e.text;
    let feedback = |i: usize, b: &Block| {
        headline != Some(i) && !question_head(i) && notice::feedback_prompt(b, &text[b.range.clone()])
    };
    // A shell's loading line or call to open the app (see `shells::shell_prompt`).
    let prompt = |i: usize, b: &Block| headline != Some(i) && shell_prompt(b, &text[b.range.clone()]);
    // A credit line, or the copy's own address or page count (a line of one clause at most).
    let credit = |i: usize, b: &Block| {
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
}
