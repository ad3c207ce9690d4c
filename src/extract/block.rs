//! The blocks of a page and the elements holding them: what every pass reads and marks.

use std::ops::Range;

use serde::Serialize;

/// Why a block is not part of the main text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DropReason {
    /// Mostly link text: navigation, link lists.
    Links,
    /// Short and without sentence punctuation: menus, labels, bylines.
    Short,
    /// An item of a repeated list whose items carry links or time stamps: comments, related reading.
    ListItem,
    /// Outside the element chosen as the article container.
    OutsideMain,
    /// The site footer: a small region around a copyright or licence line.
    Footer,
    /// A site's notice beside the text: a safety box, a disclaimer (see `notice`).
    Notice,
    /// A credit line inside the article: its editor, source or author ("（责任编辑：张三）",
    /// "来源：新华社"), or the copy's own address or page count ("本文网址：http://…", "本文共3页，
    /// 当前第2页"), which copies of one article write each their own way.
    Credit,
    /// A summary above the article that repeats its opening (see `summary`).
    Summary,
    /// A site's status line on a page with nothing else: not found, deleted, redirecting, no
    /// results, nothing yet (see `status::status_line`).
    Status,
}

/// A run of text between block boundaries.
#[derive(Debug, Clone, Serialize)]
pub struct Block {
    /// Byte range of the block's text in [`Extracted::text`].
    pub range: Range<usize>,
    /// Characters other than white space.
    pub chars: u32,
    /// Of those, characters inside links.
    pub link_chars: u32,
    /// Index of the innermost element holding the block.
    #[serde(skip)]
    pub elem: u32,
    /// Sentence and clause punctuation marks (a colon alone labels, it is not prose).
    #[serde(skip)]
    pub punct: u32,
    /// Whether the block ends like a sentence.
    #[serde(skip)]
    pub ends_sentence: bool,
    /// Whether the block lies in a heading element (`<h1>`..`<h6>`).
    #[serde(skip)]
    pub heading: bool,
    /// The innermost table cell (`<td>`, `<th>`) holding the block, 0 if none.
    #[serde(skip)]
    pub cell: u32,
    /// `None` when the block is main text.
    pub dropped: Option<DropReason>,
}

impl Block {
    /// Share of the block's characters that are link text.
    pub fn link_density(&self) -> f64 {
        if self.chars == 0 {
            0.0
        } else {
            f64::from(self.link_chars) / f64::from(self.chars)
        }
    }
}

/// An element of the (repaired) document tree, as much as selection needs.
#[derive(Debug, Clone)]
pub(crate) struct Elem {
    pub parent: u32,
    /// Structural weight from the tag and its class/id.
    pub hint: i32,
    /// Hash of the tag name, class and digit-less id: siblings with the same signature form a list.
    pub sig: u64,
    /// The signature with the class's digits left out too: the parts of one article split in
    /// numbered wrappers (`txt0`, `txt1`) are alike (see `container`), though not a list.
    pub stem: u64,
    /// Blocks `first_block..end_block` lie inside this element.
    pub first_block: u32,
    pub end_block: u32,
    /// Its class or id names an answer (see `answers`).
    pub answer: bool,
    /// Its only furniture name is "reply" (see `answers`: an office's or a doctor's reply).
    pub reply: bool,
    /// It is a `<footer>`, or its class or id names a footer (see `footer::footer_blocks`).
    pub footer: bool,
}

/// The text of a page cut into blocks.
#[derive(Debug, Clone, Default)]
pub struct Extracted {
    /// The `<title>`, if any.
    pub title: String,
    /// The text of all blocks, back to back.
    pub text: String,
    /// All blocks in document order, main text or not.
    pub blocks: Vec<Block>,
    pub(crate) elems: Vec<Elem>,
    /// Block end tags that closed nothing: the page closes more elements than it opens, so some
    /// earlier end tag was stray and closed an element too soon.
    pub(crate) unmatched_ends: u32,
    /// The blocks were read from the article the page's scripts carry, not from its markup, which
    /// held little text (see `embedded`).
    pub from_script: bool,
    /// Most of the main text is a listing's excerpts (a channel's, a tag's or a search's page:
    /// see `listings`), each a pointer to another page rather than text of its own.
    pub listing: bool,
}

impl Extracted {
    /// Text of one block.
    pub fn block_text(&self, b: &Block) -> &str {
        &self.text[b.range.clone()]
    }

    /// Characters of the main text (white space not counted).
    pub fn main_chars(&self) -> u64 {
        self.blocks.iter().filter(|b| b.dropped.is_none()).map(|b| u64::from(b.chars)).sum()
    }

    /// The main text: kept blocks joined by newlines.
    pub fn main_text(&self) -> String {
        let mut out = String::with_capacity(self.text.len());
        for b in self.blocks.iter().filter(|b| b.dropped.is_none()) {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(self.block_text(b));
        }
        out
    }
}

pub(super) fn root_elem() -> Elem {
    Elem {
        parent: 0,
        hint: 0,
        sig: 0,
        stem: 0,
        first_block: 0,
        end_block: 0,
        answer: false,
        reply: false,
        footer: false,
    }
}

/// A block's characters that are link text above this share: a link list.
pub(super) const MAX_LINK_DENSITY: f64 = 0.5;

/// Blocks shorter than this add nothing to an element's score.
pub(super) const MIN_SCORING_CHARS: u32 = 8;

/// Prefix sums over the blocks: `chars[i]` and `links[i]` count the characters and link
/// characters of blocks `..i`, so any element's totals are two subtractions.
pub(super) struct BlockSums {
    chars: Vec<u64>,
    pub(super) links: Vec<u64>,
}

impl BlockSums {
    pub(super) fn new(e: &Extracted) -> BlockSums {
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

/// A paragraph of prose: long enough to score, with sentence punctuation, not a link list. What a
/// footer or a notice may not take from the page.
pub(super) fn is_prose(b: &Block) -> bool {
    b.chars >= MIN_SCORING_CHARS && b.punct >= 1 && b.link_density() <= MAX_LINK_DENSITY
}

/// Characters of the readable blocks in `range`: neither set aside nor footer nor links, of at
/// least `min` characters, and with punctuation if `prose`.
pub(super) fn readable_chars(
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

/// Takes blocks `lo..hi` back from the list items set aside.
pub(super) fn keep(excluded: &mut [bool], lo: u32, hi: u32) {
    excluded[lo as usize..hi as usize].fill(false);
}
