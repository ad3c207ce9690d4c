//! Sentences set one phrase to a line, as articles written for phones often are: a run of such
//! lines inside the article is kept though each is too short to be prose.

use super::block::{Block, DropReason, Extracted};
use crate::lexicon::{is_numbering_mark, CLOSING_BRACKETS, OPENING_BRACKETS};

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
pub(super) fn keep_broken_lines(e: &mut Extracted) {
    // The tests on the block first, those on its text only inside a stretch of such blocks that
    // could hold a run and has a line left out: most blocks are long, links or kept on their own.
    let maybe = |b: &Block| {
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
    let line = |b: &Block| {
        let text = e.block_text(b);
        // Two single-character searches: memchr's, where a set of characters decodes each.
        !text.contains('：') && !text.contains(':') && !is_mark_line(text)
    };
    // A short paragraph ending with a full stop ends a run, the last line of a broken sentence
    // or a paragraph of its own: never the middle of one.
    let stops = |b: &Block| b.dropped.is_none() && e.block_text(b).trim_end().ends_with('。');
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
    bracketed || t.chars().all(|c| c.is_ascii_digit() || c.is_whitespace() || is_numbering_mark(c))
}
