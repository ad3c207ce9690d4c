//! The words, labels, separators and numeral tables that decide answers, in one place.
//!
//! The rules that read them live beside the code they serve (`extract`'s rule families,
//! `features`, `verify`); what they look for is here, per language: [`zh`] for Chinese words,
//! [`en`] for English ones, and this module for punctuation, separators, brackets and the few
//! lists that mix both languages because one search runs over them. Changing a list changes
//! answers: each says what it is for, and its rule's tests say what it must find.
//!
//! Lists keep the types they had beside their rules (fixed-size arrays, `const`): some are read
//! at compile time (lengths, pattern bits), and an array's search compiles as it did.

pub mod en;
pub mod zh;

// ---- Title separators (two sets that disagree: see each) ----

/// What separates a `<title>`'s parts ("标题_频道_网站", "标题 - 网站") when extraction looks for
/// the page's headline among them and takes the last for the site's name (`extract`'s headline
/// and notice rules).
///
/// Not the same set as [`SKETCH_SEPARATORS`]: this one lacks the full-width hyphen '－'
/// (U+FF0D), which the sketch cuts at. Kept apart on purpose: unifying them changes answers.
pub const HEADLINE_SEPARATORS: [char; 6] = ['_', '|', '-', '—', '–', '｜'];

/// Characters that separate a headline from a site's or channel's name in a `<title>`, where
/// `features::title` cuts a title for its sketch.
///
/// Not the same set as [`HEADLINE_SEPARATORS`]: this one also holds the full-width hyphen '－'
/// (U+FF0D), which extraction's headline and site-name rules do not cut at. Kept apart on
/// purpose: unifying them changes answers.
pub const SKETCH_SEPARATORS: [char; 7] = ['_', '|', '｜', '-', '－', '–', '—'];

// ---- Brackets, labels and punctuation ----

/// Brackets a credit line or a mark may be set in ("（责任编辑：张三）", "【图】").
pub const OPENING_BRACKETS: [char; 5] = ['（', '(', '【', '[', '〔'];
/// The closing brackets matching [`OPENING_BRACKETS`].
pub const CLOSING_BRACKETS: [char; 5] = ['）', ')', '】', ']', '〕'];

/// What ends a credit line's label ("编辑：", "来源 |"): colons and bars, full-width or ASCII.
pub const CREDIT_LABEL_SEPARATORS: [char; 4] = ['：', ':', '|', '｜'];

/// Sentence ends that tell a sentence from a credit line's name after its label.
pub const CREDIT_SENTENCE_ENDS: [char; 5] = ['。', '！', '？', '!', '?'];

/// What ends a short label before a copy's address ("本文网址：", "原文链接:").
pub const LABEL_COLONS: [char; 2] = ['：', ':'];

/// How a copy's own address starts ("http://…", "www.…").
pub const ADDRESS_PREFIXES: [&str; 3] = ["http://", "https://", "www."];

/// Where a headline's last clause starts: what ends the clause before it, full-width or ASCII
/// (see `extract::answers::is_question`).
pub const CLAUSE_BREAKS: [char; 13] = ['？', '?', '！', '!', '。', '，', ',', '：', ':', '；', ' ', '　', '|'];

/// A question's last mark, full-width or ASCII: a headline ending so asks.
pub const QUESTION_MARKS: [char; 2] = ['？', '?'];

/// What ends a notice's label before its text: a colon, full-width or ASCII, or the closing
/// "】" of "【免责声明】".
#[inline]
pub fn ends_label(c: char) -> bool {
    c == '：' || c == ':' || c == '】'
}

/// What may stand between a feedback prompt's question and its options, and between the
/// options ("有帮助(3) | 没帮助(1)"), beside white space and digits.
pub const FEEDBACK_SEPARATORS: &str = "?？()（）[]【】/|、,，:：";

/// The marks of a line that numbers what follows ("1.", "二、", "３．").
#[inline]
pub fn is_numbering_mark(c: char) -> bool {
    matches!(c, '.' | '、' | '．')
}

/// What a bare date holds beside digits and white space: "2005年3月", "2024-12-01", "3.5".
#[inline]
pub fn is_date_mark(c: char) -> bool {
    matches!(c, '年' | '月' | '日' | '号' | '-' | '/' | '.')
}

/// What joins the parts of a date written in digits ("2024-03-05", "3/5/2024").
pub const DATE_SEPARATORS: [char; 2] = ['-', '/'];

/// One of [`DATE_SEPARATORS`].
#[inline]
pub fn is_date_separator(c: char) -> bool {
    matches!(c, '-' | '/')
}

/// What joins the hours and minutes of a time of day ("10:21").
pub const TIME_SEPARATOR: char = ':';

/// The marks of an excerpt cut short: an ellipsis ("……", "⋯"), or '.' when another follows
/// ("...": see `verify::edges::excerpt_cut`).
#[inline]
pub fn is_ellipsis_mark(c: char) -> bool {
    c == '…' || c == '⋯' || c == '.'
}

/// Sentence-ending punctuation, full-width or ASCII, as extraction reads a block.
#[inline]
pub fn is_sentence_end(c: char) -> bool {
    matches!(c, '。' | '！' | '？' | '!' | '?' | '…' | '．')
}

/// Punctuation of prose as extraction reads it: sentence ends and clause marks.
#[inline]
pub fn is_prose_punct(c: char) -> bool {
    // Ideographs, most of the text, sit between '。' and the full-width forms: one test.
    if ('\u{3003}'..'\u{ff01}').contains(&c) {
        return false;
    }
    is_sentence_end(c) || matches!(c, '，' | '、' | '；' | ',' | ';')
}

/// A block ending in this character ends like a sentence (closing quotes and brackets count).
#[inline]
pub fn ends_sentence(c: char) -> bool {
    is_sentence_end(c) || matches!(c, '”' | '」' | '）' | ')')
}

/// True for the punctuation that ends a sentence for fingerprinting (normalized text: full-width
/// commas and the like are ASCII by now).
#[inline]
pub fn is_sentence_break(c: char) -> bool {
    // Ideographs, the bulk of the text, sit between '。' and the full-width forms: one test.
    if ('\u{3003}'..'\u{ff0c}').contains(&c) {
        return false;
    }
    matches!(c, '。' | '!' | '?' | ';' | ',' | ':' | '、' | '\n' | '…' | '｡' | '；' | '，')
}

/// Brackets a note's mark opens with ("\[2\]", "［3］", "【4】"): one wiki marks its sources,
/// another lists them, so a mark is no figure of the text.
#[inline]
pub fn opens_note(c: char) -> bool {
    matches!(c, '[' | '［' | '【')
}

/// The brackets closing a note's mark (see [`opens_note`]).
#[inline]
pub fn closes_note(c: char) -> bool {
    matches!(c, ']' | '］' | '】')
}

// ---- Lists of both languages ----

/// Copyright marks, lower case, of which a legal line holds one with a year, or two (beside
/// [`zh::LICENCES`]).
pub const COPYRIGHT_MARKS: [&str; 4] = ["©", "copyright", "all rights reserved", "版权所有"];

/// Names of the pages about the site itself that footers link to, lower case, Chinese and
/// English in one list (one automaton searches it).
pub const SITE_PAGES: [&str; 16] = [
    "关于我们",
    "联系我们",
    "网站地图",
    "广告服务",
    "隐私",
    "法律声明",
    "免责声明",
    "友情链接",
    "招聘",
    "投稿",
    "意见反馈",
    "合作伙伴",
    "about us",
    "contact",
    "privacy",
    "sitemap",
];

// ---- Class and id words (English and pinyin) ----

/// Class and id words of page furniture (navigation, footers, comments, ads, ...), matched as
/// substrings of the names, ASCII letters in either case.
pub const FURNITURE_CLASSES: [&str; 37] = [
    "nav",
    "menu",
    "footer",
    "foot",
    "header",
    "sidebar",
    "side",
    "comment",
    "reply",
    "share",
    "related",
    "recommend",
    "crumb",
    "copyright",
    "banner",
    "login",
    "search",
    "rank",
    "hotnews",
    "tags",
    "pager",
    "pagination",
    "toolbar",
    "advert",
    "links",
    "friend",
    "bottom",
    // Pinyin and abbreviated names of Chinese templates: comments (评论, 跟帖), recommended
    // and related reading (推荐, 相关), ads (广告), navigation (导航), copyright (版权),
    // friend links (友链), rankings (排行). Not 分享 or 位置: a "经验分享" section and a job's
    // "工作位置" are content.
    "cmt",
    "pinglun",
    "gentie",
    "tuijian",
    "xiangguan",
    "guanggao",
    "daohang",
    "banquan",
    "youlian",
    "paihang",
];

/// Class and id words of article-like containers.
pub const CONTENT_CLASSES: [&str; 12] = [
    "article", "content", "main", "post", "entry", "story", "detail", "body", "zhengwen", "text", "neirong", "wenzhang",
];

/// Class and id words of answer boxes, English and pinyin (回答, 答案): they weigh nothing in
/// the hint; see `answers`.
pub const ANSWER_CLASSES: [&str; 3] = ["answer", "huida", "daan"];
