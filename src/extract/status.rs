//! Status pages: a site's status line (not found, deleted, redirecting, no results, nothing yet)
//! and the lines a site says of itself, left out when they are all a page keeps.

use super::block::{Block, DropReason, Extracted};
use super::footer::{is_legal_line, may_be_legal, LEGAL_MAX_CHARS};
use super::notice;
use super::shells::{any_case, shell_prompt};
use crate::lexicon::zh::STATUS_WORDS;

/// Lines a site says of itself are left out when, but for the headline, they are all that is
/// kept: legal lines ("版权所有", "京ICP备……") and the site's statements ("本站部分内容来源于网络，
/// 如有侵权请联系删除。", see `notice::site_statement`), a footer that no region beside it tells
/// for one on a page with no text of its own (a script's shell, a login form, an empty listing:
/// the footer then holds all of the page's prose); and status lines
/// (see [`status_line`]): a soft 404, a redirect stub, a deleted post, an empty search. A
/// headline that is a status line ("页面不存在") goes with them. Every page of the site says
/// them; as its text they made such pages copies of each other.
pub(super) fn drop_site_lines_alone(e: &mut Extracted, headline: Option<usize>) {
    let mut lines = Vec::new();
    let site = notice::site_name(&e.title);
    // Statements alone may be the page's own: a site's disclaimer page, a notice box that is all
    // a page says. Beside a legal line (kept or left out as short) or a status line they are the
    // footer's.
    let legal = |b: &Block, text: &str| b.chars <= LEGAL_MAX_CHARS && may_be_legal(text) && is_legal_line(text);
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
        } else if short && notice::site_statement(text, site) {
            lines.push((i, DropReason::Footer));
        } else if status_line(b, text) {
            lines.push((i, DropReason::Status));
            footer_or_status = true;
        } else {
            return;
        }
    }
    let status_headline = headline.filter(|&h| {
        let b = &e.blocks[h];
        b.dropped.is_none() && status_line(b, e.block_text(b))
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

/// A status line has at most this many characters.
const STATUS_MAX_CHARS: u32 = 40;

static STATUS_AUTOMATON: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> =
    std::sync::LazyLock::new(|| any_case(&STATUS_WORDS));

/// Whether a block is a site's status line ("抱歉，您访问的页面不存在或已被删除！", "页面跳转中，
/// 请稍候……", "搜索结果：找到相关结果约0个", "暂无内容"), or a shell's prompt (its words are not
/// repeated here).
pub(super) fn status_line(b: &Block, text: &str) -> bool {
    b.chars <= STATUS_MAX_CHARS
        && (STATUS_AUTOMATON.as_ref().is_some_and(|w| w.is_match(text)) || shell_prompt(b, text))
}
