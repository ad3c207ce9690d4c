//! A shell's prompts: what a page rendered in the browser shows before its script has run
//! (loading lines, a call to enable JavaScript or to open the app).

use super::block::Block;
use crate::lexicon::zh::SHELL_PROMPTS;

/// A shell's prompt is a line of at most this many characters.
const SHELL_PROMPT_MAX_CHARS: u32 = 30;

/// An automaton for a word list, ASCII letters in either case (`None` only if building fails,
/// which a fixed list of a few words does not make it).
pub(super) fn any_case(words: &[&str]) -> Option<aho_corasick::AhoCorasick> {
    aho_corasick::AhoCorasick::builder().ascii_case_insensitive(true).build(words).ok()
}

static SHELL_PROMPT_WORDS: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> =
    std::sync::LazyLock::new(|| any_case(&SHELL_PROMPTS));

/// Whether a block is a shell's prompt ("正在加载中，请稍候。", "请开启JavaScript后刷新页面",
/// "打开APP阅读全文"): the text of a page rendered in the browser before its script has run, the
/// same on all of the site's pages. Read as the page's text, it made every such page an exact
/// copy of the site's first. The caller keeps the page's headline, which may speak of these.
pub(super) fn shell_prompt(b: &Block, text: &str) -> bool {
    b.chars <= SHELL_PROMPT_MAX_CHARS && SHELL_PROMPT_WORDS.as_ref().is_some_and(|w| w.is_match(text))
}
