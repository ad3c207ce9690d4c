//! A related-reading box set flat among the article's paragraphs: its label, then links each
//! perhaps followed by its story's summary, left out.

use super::block::{Block, DropReason, Extracted};
use crate::lexicon::zh::RELATED_LABELS;
use crate::lexicon::{CLOSING_BRACKETS, OPENING_BRACKETS};

/// Whether a block is a related-reading label alone ("相关阅读：", "【延伸阅读】").
fn is_related_label(e: &Extracted, b: &Block) -> bool {
    if b.link_chars > 0 || b.chars > 8 {
        return false;
    }
    let t = e.block_text(b).trim().trim_start_matches(OPENING_BRACKETS);
    let t = t.trim_end_matches(['：', ':', ' ']).trim_end_matches(CLOSING_BRACKETS);
    RELATED_LABELS.contains(&t)
}

/// Leaves out a related-reading box set flat among the article's paragraphs: its label, then at
/// least two links, each perhaps followed by its story's summary. Set in a box of its own, it is
/// a list set aside (see `lists`); set as the article's own paragraphs, the summaries read as its
/// text, and every page that links the same stories would share them. A paragraph that no link
/// follows ends the box unless only left-out lines follow it to the container's end: it is
/// either the last summary or the article going on, and only the end tells them apart.
pub(super) fn drop_related_boxes(e: &mut Extracted, ranges: &[(u32, u32)]) {
    let is_link = |b: &Block| b.dropped == Some(DropReason::Links);
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
