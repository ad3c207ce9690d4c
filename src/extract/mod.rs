//! HTML to ordered text blocks, and the choice of which blocks are the page's main text.
//!
//! [`extract_html`] reads the markup into blocks (`reader`: one walk over the token stream,
//! cutting text at block-level tags and line breaks, remembering every block's element, length
//! and link text), then runs the selection passes in the order `passes` lists them: each pass
//! is a rule family in a file of its own. Plain text goes through [`extract_text`]: every
//! non-empty line is a block and every block is kept. The words the rules look for are in
//! `crate::lexicon`.
//!
//! The files, by what they hold:
//!
//! - `block`: blocks, elements and the page (what every pass reads and marks);
//! - `reader`, `html`, `entities`, `tags`, `hidden`, `embedded`: reading markup (tokens,
//!   character references, tag kinds and class words, hidden text, an article carried in a
//!   script);
//! - `passes`: the order of the passes;
//! - `headline`, `notice`, `footer`, `lists`, `threads`, `listings`, `container`, `answers`:
//!   the regions found (the headline, a site's notices, the footer, repeated lists, a thread's
//!   lead post, listings and pagers, the article container, a question page's answers);
//! - `mark`, `credits`, `shells`, `status`: every block's verdict (credit lines, a shell's
//!   prompts, status pages);
//! - `summary`, `broken_lines`, `related`: the last mends (a repeated summary, sentences set
//!   one phrase to a line, a related-reading box among the paragraphs);
//! - `dates`: time stamps, which lists and listings read.

mod answers;
mod block;
mod broken_lines;
mod container;
mod credits;
mod dates;
mod embedded;
mod entities;
mod footer;
mod headline;
mod hidden;
pub mod html;
mod listings;
mod lists;
mod mark;
mod notice;
mod passes;
mod reader;
mod related;
mod shells;
mod status;
mod summary;
pub mod tags;
#[cfg(test)]
mod tests;
mod threads;

pub use block::{Block, DropReason, Extracted};

use crate::lexicon::ends_sentence;
use block::root_elem;
use reader::{collapse_ws, is_prose_punct_after};

/// A page whose markup yields fewer main-text characters than this is looked for an article in
/// its scripts (see `embedded`): a shell's loading line and footer, a summary above an article
/// the script renders. The script's article is taken when it reads as at least twice as much,
/// and as main text for at least half of its own.
const SCRIPT_ARTICLE_BELOW_CHARS: u64 = 200;

/// Extracts blocks from HTML and selects the main text.
pub fn extract_html(html: &str) -> Extracted {
    let mut scripts = Vec::new();
    let out = extract_markup(html, None, Some(&mut scripts));
    let chars = out.main_chars();
    if chars >= SCRIPT_ARTICLE_BELOW_CHARS || scripts.is_empty() {
        return out;
    }
    match embedded::article_markup(&scripts) {
        Some(markup) => {
            let mut inner = extract_markup(&markup, Some(&out.title), None);
            // An article is most of its own data; a pagelet of links (a forum's thread list sent
            // as a script's string) is not, and what little it keeps is its advert.
            let (kept, all) = (inner.main_chars(), inner.blocks.iter().map(|b| u64::from(b.chars)).sum::<u64>());
            if kept < 2 * chars.max(1) || kept * 2 < all {
                return out;
            }
            inner.from_script = true;
            inner
        }
        None => out,
    }
}

/// Reads markup into blocks and selects the main text. `title` stands in for a fragment's missing
/// `<title>`; `scripts`, when given, receives the bodies of the page's scripts.
fn extract_markup<'a>(html: &'a str, title: Option<&str>, scripts: Option<&mut Vec<&'a str>>) -> Extracted {
    let mut out = reader::read(html, scripts);
    if let Some(t) = title {
        out.title = t.to_owned();
    }
    passes::select(&mut out);
    out
}

/// Blocks from plain text: each non-empty line is a paragraph, and all are main text.
pub fn extract_text(text: &str) -> Extracted {
    let mut out = Extracted { elems: vec![root_elem()], ..Default::default() };
    for line in text.lines() {
        let line = collapse_ws(line);
        if line.is_empty() {
            continue;
        }
        let start = out.text.len();
        out.text.push_str(&line);
        let chars = line.chars().filter(|c| !c.is_whitespace()).count() as u32;
        let mut prev = ' ';
        let punct = line
            .chars()
            .filter(|&c| {
                let p = is_prose_punct_after(prev, c);
                prev = c;
                p
            })
            .count() as u32;
        let ends = line.chars().last().is_some_and(ends_sentence);
        out.blocks.push(Block {
            range: start..out.text.len(),
            chars,
            link_chars: 0,
            elem: 0,
            punct,
            ends_sentence: ends,
            heading: false,
            cell: 0,
            dropped: None,
        });
    }
    out.elems[0].end_block = out.blocks.len() as u32;
    out
}
