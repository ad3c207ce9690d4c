//! A summary above the article that repeats its opening, said once.

use super::block::{DropReason, Extracted};

/// A first paragraph whose first this many characters open the next one as well is a summary
/// repeating the article's opening.
const SUMMARY_PROBE_CHARS: usize = 16;

/// A summary above the article that repeats its opening (DedeCMS's "intro", a lead cut off with
/// "……", the whole of a one-paragraph article) is said once: the first kept paragraph is left
/// out when the next one opens with its first [`SUMMARY_PROBE_CHARS`] characters.
pub(super) fn drop_repeated_opening(e: &mut Extracted) {
    let mut kept = e.blocks.iter().enumerate().filter(|(_, b)| b.dropped.is_none());
    let (Some((first, a)), Some((_, b))) = (kept.next(), kept.next()) else { return };
    let (a, b) = (e.block_text(a).trim(), e.block_text(b).trim());
    let Some((end, _)) = a.char_indices().nth(SUMMARY_PROBE_CHARS) else { return };
    if b.starts_with(&a[..end]) {
        e.blocks[first].dropped = Some(DropReason::Summary);
    }
}
