//! Site notices: the boxes and lines a site sets beside the text of many of its pages.
//!
//! A job board's "求职安全提示", a Q&A site's "问知社区提醒：本页内容由网友提供……", a shop's
//! "购买须知", a repost's "免责声明：本文仅代表作者观点……". They are written in full sentences,
//! are often longer than the page's own text (a two-line answer, a three-line job advert), so the
//! container score would choose them, and they are the same on every page of the site. A notice
//! opens with its name: a short heading, or a label before a colon ("温馨提示：", "【免责声明】"),
//! that holds one of [`NOTICE_WORDS`], and it speaks of the site: its name (the `<title>`'s last
//! part) or one of [`SITE_WORDS`] ("本站", "本页", "本店", "网友"), or the site signs it ("新浪声明："
//! under "…_新浪新闻": see [`label_names_site`]). Articles have boxes and
//! paragraphs named so too ("医生提示", "出行提醒", "品牌方声明：……"), which speak of their
//! subject instead.
//!
//! - A **notice box** is the nearest element holding more than its opener, when the opener is its
//!   first block, it is small ([`NOTICE_MAX_CHARS`], no block over [`NOTICE_MAX_BLOCK_CHARS`]),
//!   and it holds neither the first sentence under the page's headline (the article: "关于国庆
//!   假期的温馨提示", "市气象台提醒：明天有暴雨"), unless it opens with a heading of its own and the
//!   article's prose goes on after it, nor all of the page's prose. Without a headline, some
//!   prose must come before it.
//! - A **disclaimer line** outside such a box (a "声明：" paragraph at the end of an article) is
//!   left out alone, on the same conditions.
//!
//! Both are then treated as the footer is: they weigh little in the container score and are left
//! out of the text, unless they are all the page has.
//!
//! - A **feedback prompt** ("此回答对您是否有帮助？有帮助 没帮助") inside the container is left
//!   out; see [`feedback_prompt`].
//! - A **notice line that disclaims** inside the container ("温馨提示：……由网友提供，不代表本站
//!   观点") is left out of the text but still counts for the container; see [`disclaiming_line`].

use super::block::{is_prose, Block, BlockSums, Extracted, MAX_LINK_DENSITY};
use crate::lexicon::zh::{
    ASKING_WORDS, DISCLAIMER_WORDS, DISCLAIMING, HELP_WORDS, LAW_WORDS, NOTICE_WORDS, OBEY_WORDS, OPTION_WORDS,
    PAGE_WORDS, SITE_USERS, SITE_WORDS, STATEMENT_WORDS,
};
use crate::lexicon::{ends_label, FEEDBACK_SEPARATORS, HEADLINE_SEPARATORS};

/// A notice's heading, or its label before the colon, has at most this many characters.
const LABEL_MAX_CHARS: usize = 12;

/// A notice box holds at most this many characters ...
const NOTICE_MAX_CHARS: u64 = 600;

/// ... and no block longer than this (a disclaimer line counts the same).
const NOTICE_MAX_BLOCK_CHARS: u32 = 200;

/// An opener is at most this many elements below its box.
const NOTICE_MAX_CLIMB: usize = 8;

/// How a block opens a notice, if it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opener {
    /// A notice's name as a heading or label: it may open a box.
    Notice,
    /// A disclaimer's label: a box, or the line alone.
    Disclaimer,
}

/// The name a block opens with: the whole of a short block without sentence punctuation, or the
/// words before a colon or a closing 】 near its start (a leading 【 left out).
pub(super) fn label(text: &str, chars: u32, punct: u32) -> Option<&str> {
    let text = text.trim_start();
    if punct == 0 && chars as usize <= LABEL_MAX_CHARS {
        return Some(text);
    }
    let (end, _) = text.char_indices().take(LABEL_MAX_CHARS + 2).find(|&(_, c)| ends_label(c))?;
    Some(text[..end].trim_start_matches('【'))
}

/// The site's name: the `<title>`'s last part after a separator ("诊所前台招聘-汇才招聘网"),
/// with at least two letters or ideographs (not a date's "08"); none for a title without one.
pub(super) fn site_name(title: &str) -> Option<&str> {
    let (_, last) = title.trim().rsplit_once(HEADLINE_SEPARATORS)?;
    let last = last.trim();
    (last.chars().filter(|c| c.is_alphabetic()).count() >= 2).then_some(last)
}

/// One automaton for both lists (notice words, then disclaimer words): [`opener`] runs on every
/// readable block, and nine substring searches cost more than reading its label.
fn notice_words() -> Option<&'static aho_corasick::AhoCorasick> {
    static WORDS: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> = std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder().build(NOTICE_WORDS.iter().chain(DISCLAIMER_WORDS.iter())).ok()
    });
    WORDS.as_ref()
}

fn opener(text: &str, chars: u32, punct: u32) -> Option<Opener> {
    let name = label(text, chars, punct)?;
    let words = notice_words()?;
    let mut notice = false;
    for m in words.find_overlapping_iter(name) {
        if m.pattern().as_usize() >= NOTICE_WORDS.len() {
            return Some(Opener::Disclaimer);
        }
        notice = true;
    }
    notice.then_some(Opener::Notice)
}

/// Marks the blocks of the page's notices; see the module documentation. `headed` is the range of
/// blocks under the page's headline (empty when none was found), `article` the blocks after it
/// in the element holding its first sentence. Linear in the page but for the climb from each
/// opener, at most [`NOTICE_MAX_CLIMB`] elements.
pub(super) fn notice_blocks(
    e: &Extracted,
    sums: &BlockSums,
    headed: std::ops::Range<usize>,
    article: std::ops::Range<usize>,
) -> Vec<bool> {
    let n = e.blocks.len();
    let mut notice = vec![false; n];
    let readable = |b: &Block| b.link_density() <= MAX_LINK_DENSITY;
    let mut prose = vec![0u32; n + 1];
    for (i, b) in e.blocks.iter().enumerate() {
        prose[i + 1] = prose[i] + u32::from(is_prose(b));
    }
    // The article's first sentence under the headline.
    let first = headed.clone().find(|&i| is_prose(&e.blocks[i]));
    // A region may be a notice when it leaves the article's first sentence and some prose out;
    // or, under a heading of its own, the article's prose after it (a job board's safety box
    // between the job's name and its description).
    let may_be_notice = |r: std::ops::Range<usize>| {
        let outside = prose[n] - (prose[r.end] - prose[r.start]);
        let article_kept = match first {
            Some(f) => {
                !r.contains(&f)
                    || (e.blocks[r.start].heading && r.end < article.end && prose[article.end] > prose[r.end])
            }
            None => prose[r.start] > 0,
        };
        outside > 0 && article_kept
    };
    let range = |el: usize| e.elems[el].first_block as usize..e.elems[el].end_block as usize;
    let site = site_name(&e.title);
    let of_site = |r: std::ops::Range<usize>| e.blocks[r].iter().any(|b| names_site(e.block_text(b), site, true));
    let by_site = |b: &Block| site.is_some_and(|s| label_names_site(e.block_text(b), b.chars, b.punct, s));
    let mut i = 0;
    while i < n {
        let b = &e.blocks[i];
        let kind = if readable(b) { opener(e.block_text(b), b.chars, b.punct) } else { None };
        let Some(kind) = kind else {
            i += 1;
            continue;
        };
        // The nearest element holding more than the opener.
        let mut el = b.elem as usize;
        let mut climbed = 0;
        while el != 0 && climbed < NOTICE_MAX_CLIMB && sums.chars(range(el)) <= u64::from(b.chars) {
            el = e.elems[el].parent as usize;
            climbed += 1;
        }
        let r = range(el);
        let boxed = el != 0
            && r.start == i
            && sums.chars(r.clone()) <= NOTICE_MAX_CHARS
            && e.blocks[r.clone()].iter().all(|b| b.chars <= NOTICE_MAX_BLOCK_CHARS)
            && may_be_notice(r.clone())
            && (of_site(r.clone()) || by_site(b));
        if boxed {
            notice[r.clone()].iter_mut().for_each(|x| *x = true);
            i = r.end;
            continue;
        }
        let line = i..i + 1;
        if kind == Opener::Disclaimer
            && b.chars <= NOTICE_MAX_BLOCK_CHARS
            && b.punct >= 1
            && may_be_notice(line.clone())
            && (of_site(line) || by_site(b))
        {
            notice[i] = true;
        }
        i += 1;
    }
    notice
}

/// Whether a notice's label names the site as the one who speaks: the words before its notice
/// word ("新浪声明：", "【凤凰网提示】") are, two characters or more, how the site's name starts
/// ("新浪新闻", "凤凰网"). The notice then need not name the site again in its sentences, as a
/// portal's reprint disclaimer does not ("此消息系转载自合作媒体……"), while "外交部声明：" in an
/// article stays the article's.
fn label_names_site(text: &str, chars: u32, punct: u32, site: &str) -> bool {
    let Some(name) = label(text, chars, punct) else { return false };
    let Some(at) = notice_words().and_then(|w| w.find_overlapping_iter(name).map(|m| m.start()).min()) else {
        return false;
    };
    let party = name[..at].trim().trim_start_matches(['【', '[']);
    party.chars().count() >= 2 && site.starts_with(party)
}

/// Whether `text` speaks of the site: one of [`SITE_WORDS`] (without "网友" unless `users`), or
/// the site's name.
pub(super) fn names_site(text: &str, site: Option<&str>, users: bool) -> bool {
    SITE_WORDS.iter().any(|w| (users || *w != SITE_USERS) && text.contains(w)) || site.is_some_and(|s| text.contains(s))
}

/// Whether a block inside the article's container is a notice line that disclaims: it opens
/// with a notice's name ("温馨提示：", "问知社区提醒："), says what a disclaimer says, and speaks
/// of the site (its users alone do not count: a disclaimer's phrase names them already). Left
/// out of the text, it still counts for the container: a Q&A page's answers and the line under
/// them are one box, and without the line a lone answer may win it.
pub(super) fn disclaiming_line(e: &Extracted, b: &Block, site: Option<&str>) -> bool {
    if b.chars > NOTICE_MAX_BLOCK_CHARS || b.punct == 0 {
        return false;
    }
    let text = e.block_text(b);
    opener(text, b.chars, b.punct).is_some()
        && DISCLAIMING.iter().any(|w| text.contains(w))
        && names_site(text, site, false)
}

/// A feedback prompt's question has at most this many characters, and its options as many.
const FEEDBACK_MAX_CHARS: usize = 24;

/// Whether a block is a feedback prompt: a site's question whether the page helped ("此回答对您
/// 是否有帮助？有帮助 没帮助"), under every answer or article of the site. Its sentence would be
/// shared by all of them, a template's, without a template's frequency yet on a site's first
/// pages. Never a heading; the caller keeps the page's own headline and question.
pub(super) fn feedback_prompt(b: &Block, text: &str) -> bool {
    if b.heading || b.punct == 0 || b.chars as usize > 2 * FEEDBACK_MAX_CHARS + 1 {
        return false;
    }
    // Most short blocks ask nothing: one byte search each for the two question marks.
    let bytes = text.as_bytes();
    let q = match (memchr::memmem::find(bytes, "？".as_bytes()), memchr::memchr(b'?', bytes)) {
        (Some(x), Some(y)) => x.min(y),
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => return false,
    };
    let (question, after) = (&text[..q], &text[q..]);
    let count = |s: &str| s.chars().filter(|c| !c.is_whitespace()).count();
    let has = |s: &str, words: &[&str]| words.iter().any(|w| s.contains(w));
    if count(question) > FEEDBACK_MAX_CHARS || !has(question, &HELP_WORDS) || !has(question, &ASKING_WORDS) {
        return false;
    }
    // After the question: only answer words, counts and separators, read left to right.
    let separators = |c: char| c.is_whitespace() || c.is_ascii_digit() || FEEDBACK_SEPARATORS.contains(c);
    let (mut rest, mut offers) = (after, false);
    while let Some(c) = rest.chars().next() {
        if separators(c) {
            rest = &rest[c.len_utf8()..];
        } else if let Some(w) = OPTION_WORDS.iter().find(|w| rest.starts_with(**w)) {
            (rest, offers) = (&rest[w.len()..], true);
        } else {
            return false;
        }
    }
    has(question, &PAGE_WORDS) || offers
}

/// ... which names the site ("本站部分内容来源于网络，如有侵权请联系删除。", "凡本网注明“来源：……”
/// 的作品，均转载自其它媒体……"): a footer's sentence. Only on a page that says nothing else
/// (see `status::drop_site_lines_alone`): a short report of the site's own ("本网讯……") may use those words.
pub(super) fn site_statement(text: &str, site: Option<&str>) -> bool {
    STATEMENT_WORDS.iter().any(|w| text.contains(w)) && names_site(text, site, false)
}

/// Whether a line asks its reader to obey the law ("请遵守《互联网电子公告服务管理规定》及中华人民
/// 共和国其他各项有关法律法规。", "发言请遵守国家法律法规"): a forum's or a portal's footer line,
/// which names neither the site nor a licence. Only inside a footer region (see `mark`): a
/// report may give the advice ("提醒市民出行遵守交通法规").
pub(super) fn law_reminder(text: &str) -> bool {
    OBEY_WORDS.iter().any(|w| text.contains(w)) && LAW_WORDS.iter().any(|w| text.contains(w))
}

#[cfg(test)]
mod tests {
    use super::super::{extract_html, Block, DropReason, Extracted};
    use super::{feedback_prompt, site_name};
    use super::{opener, Opener, DISCLAIMER_WORDS, NOTICE_WORDS};

    #[test]
    fn openers_are_found_as_substring_searches_find_them() {
        // The rule as first written: a disclaimer word anywhere in the label, else a notice word.
        let by_search = |name: &str| {
            if DISCLAIMER_WORDS.iter().any(|w| name.contains(w)) {
                Some(Opener::Disclaimer)
            } else if NOTICE_WORDS.iter().any(|w| name.contains(w)) {
                Some(Opener::Notice)
            } else {
                None
            }
        };
        let pieces: Vec<&str> =
            NOTICE_WORDS.iter().copied().chain(["温馨", "本站", "提", "明", "声", "后", "a", " ", "【"]).collect();
        let mut rng = crate::testutil::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: usize| rng.below(n as u64) as usize;
        let mut seen = [0usize; 3];
        for _ in 0..20_000 {
            // At most ten characters without punctuation: the label is the whole line.
            let name: String = (0..1 + next(5)).map(|_| pieces[next(pieces.len())]).collect();
            let want = by_search(name.trim_start());
            assert_eq!(opener(&name, name.chars().count() as u32, 0), want, "{name:?}");
            seen[match want {
                None => 0,
                Some(Opener::Notice) => 1,
                Some(Opener::Disclaimer) => 2,
            }] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    }

    /// A block of `text` as the extractor measures it.
    fn block(text: &str) -> Block {
        let e = extract_html(&format!("<html><body><p>{text}</p></body></html>"));
        e.blocks.into_iter().next().expect("one block")
    }

    #[test]
    fn feedback_prompts() {
        for prompt in [
            "此回答对您是否有帮助？有帮助 没帮助",
            "以上内容是否解决了您的问题？ 已解决 未解决",
            "这篇文章对你有用吗？",
            "本文对您有帮助吗? 有帮助(12) 没帮助(3)",
            "对您有用吗？ 有用 没用",
        ] {
            assert!(feedback_prompt(&block(prompt), prompt), "{prompt}");
        }
        for not in [
            "这些习惯对你有帮助吗？",
            "吃维生素C对感冒有帮助吗？",
            "60岁以上老人对养老服务满意吗？",
            "以上问题该如何解决？",
            "这对你有帮助吗？答案是肯定的。",
            "此回答对您是否有帮助",
            "本文介绍的方法能否解决这类问题？我们请教了三位专家，他们的看法并不一致，下面逐一说明。",
            "以上内容是否解决了您的问题？如果仍有疑问，请拨打12345政务服务便民热线，或者携带身份证原件到窗口咨询。",
        ] {
            assert!(!feedback_prompt(&block(not), not), "{not}");
        }
    }

    /// A notice line under the answers that disclaims is left out; one that advises, as news
    /// quotes, stays; and one that is all the prose there is stays too.
    #[test]
    fn a_notice_line_that_disclaims_is_not_text() {
        let page = |last: &str| {
            format!(
                "<html><head><title>驾照过期了还能开车吗？_问答_车主之家</title></head><body><div class=\"wd\">\
                 <h1>驾照过期了还能开车吗？</h1><div class=\"a\"><p>驾驶证有效期满后一年内可以申请换证，超过有效期\
                 驾驶机动车属于违法行为，被查到会被罚款。</p><p>超过一年没换的话驾照会被注销，两年内还可以通过考科目一恢复。</p>\
                 <p>{last}</p></div></div></body></html>"
            )
        };
        let e = extract_html(&page("温馨提示：车主之家问答内容由网友提供，仅供参考，不代表本站观点。"));
        assert!(kept(&e).ends_with("两年内还可以通过考科目一恢复。"), "{}", kept(&e));
        assert!(notices(&e).starts_with("温馨提示：车主之家"), "{}", notices(&e));
        let e = extract_html(&page("温馨提示：驾驶证到期前九十日内可在交管12123上办理换证，无需到窗口排队。"));
        assert!(kept(&e).ends_with("无需到窗口排队。"), "{}", kept(&e));
        // Advice about the site's users, not a disclaimer of the site.
        let e = extract_html(&page("警方提醒：网友发布、转发未经证实的信息可能涉嫌违法，请勿传播。"));
        assert!(kept(&e).ends_with("请勿传播。"), "{}", kept(&e));
        let alone = "<html><head><title>声明_车主之家</title></head><body><div class=\"ts\">\
                     温馨提示：车主之家问答内容由网友提供，仅供参考，不代表本站观点。</div></body></html>";
        assert!(kept(&extract_html(alone)).contains("不代表本站观点"));
    }

    #[test]
    fn a_feedback_prompt_under_an_answer_is_not_text() {
        let html = "<html><head><title>办理居住证需要哪些材料？_常见问题</title></head><body>\
            <div class=\"xq\"><h2>办理居住证需要哪些材料？</h2><div class=\"hd\">\
            <p>一、本人居民身份证原件；二、近期一寸白底免冠彩色照片一张；三、居住证明，包括房屋租赁合同。</p>\
            <p>申请人在居住地连续居住满半年的，可向居住地派出所提出申领。</p></div>\
            <div class=\"pj\">此回答对您是否有帮助？<a>有帮助</a> <a>没帮助</a></div></div></body></html>";
        let e = extract_html(html);
        assert!(!kept(&e).contains("有帮助"), "{}", kept(&e));
        assert!(kept(&e).contains("可向居住地派出所提出申领。"), "{}", kept(&e));
        assert!(notices(&e).starts_with("此回答对您是否有帮助"), "{}", notices(&e));
    }

    fn kept(e: &Extracted) -> String {
        e.blocks.iter().filter(|b| b.dropped.is_none()).map(|b| e.block_text(b)).collect()
    }

    fn notices(e: &Extracted) -> String {
        e.blocks.iter().filter(|b| b.dropped == Some(DropReason::Notice)).map(|b| e.block_text(b)).collect()
    }

    const SAFETY: &str = "<div class=\"box\"><h4>求职安全提示</h4>\
        <p>本站提醒您：用人单位以任何名义向求职者收取押金、培训费或体检费，均属违法行为。</p>\
        <p>求职过程中请勿向招聘方提供银行卡密码、短信验证码等个人敏感信息。</p>\
        <p>如对方要求您先垫付资金，请立即停止沟通并向平台举报。</p>\
        <p>面试地点如在偏僻场所，建议结伴前往并提前告知家人。</p></div>";

    #[test]
    fn a_job_boards_safety_box_longer_than_the_advert_is_not_its_text() {
        let html = format!(
            "<html><head><title>仓库理货员_招聘</title></head><body><div class=\"job\"><h1>仓库理货员</h1>\
             <div class=\"desc\"><p>负责仓库货物的清点和上架。</p><p>夜班有补贴，包住宿。</p></div>{SAFETY}</div></body></html>"
        );
        let e = extract_html(&html);
        assert_eq!(kept(&e), "负责仓库货物的清点和上架。夜班有补贴，包住宿。");
        assert!(notices(&e).starts_with("求职安全提示本站提醒您"), "{}", notices(&e));
    }

    /// The same box between the job's name and its description: it holds the first sentence
    /// under the headline, but it opens with a heading of its own and the advert goes on after
    /// it. A box that is all the headline heads is the article ("关于国庆假期的温馨提示").
    #[test]
    fn a_safety_box_right_under_the_headline_is_not_the_text() {
        let page = |after: &str| {
            format!(
                "<html><head><title>仓库理货员_招聘</title></head><body><div class=\"job\"><h1>仓库理货员</h1>\
                 {SAFETY}{after}</div></body></html>"
            )
        };
        let e = extract_html(&page(
            "<div class=\"desc\"><p>负责仓库货物的清点和上架。</p><p>夜班有补贴，包住宿。</p></div>",
        ));
        assert_eq!(kept(&e), "负责仓库货物的清点和上架。夜班有补贴，包住宿。");
        assert!(notices(&e).starts_with("求职安全提示本站提醒您"), "{}", notices(&e));
        let e = extract_html(&page(""));
        assert!(kept(&e).starts_with("本站提醒您"), "{}", kept(&e));
        assert_eq!(notices(&e), "");
    }

    #[test]
    fn the_site_is_named_by_the_titles_last_part() {
        assert_eq!(site_name("诊所前台招聘_青苗口腔诊所_上海招聘信息-汇才招聘网"), Some("汇才招聘网"));
        assert_eq!(site_name("地铁上可以带折叠自行车吗？ | 问知社区 "), Some("问知社区"));
        assert_eq!(site_name("Example News - BBC"), Some("BBC"));
        assert_eq!(site_name("天气预报 2024-10-08"), None, "a date");
        assert_eq!(site_name("春节假期温馨提示"), None);
    }

    /// The policy sits inside the description's own container, under a heading of its own.
    #[test]
    fn a_shops_after_sales_policy_is_not_the_products_text() {
        let html = "<html><head><title>黑胡桃木床头柜_悦木家居</title></head><body><div class=\"intro\">\
             <div class=\"name\">黑胡桃木床头柜</div></div><div class=\"detail\">\
             <p>床头柜采用黑胡桃木框架搭配两层抽屉，抽屉滑轨为静音阻尼款。</p><p>柜面预留了无线充电开孔。</p>\
             <div class=\"as\"><h3>售后保障</h3><p>本店所有商品均支持七天无理由退换货，退回商品须保持原包装完好。</p>\
             <p>商品签收后如发现运输破损，请在四十八小时内拍照联系在线客服。</p>\
             <p>大件家具默认送货到楼下，如需送货上楼或安装，请提前与客服确认费用标准。</p>\
             <p>非质量问题退货产生的来回运费由买家承担，质量问题运费由本店全额承担。</p></div></div></body></html>";
        let e = extract_html(html);
        assert_eq!(kept(&e), "床头柜采用黑胡桃木框架搭配两层抽屉，抽屉滑轨为静音阻尼款。柜面预留了无线充电开孔。");
    }

    #[test]
    fn a_labelled_disclaimer_box_under_a_short_answer_is_left_out() {
        let html = "<html><head><title>地铁能带自行车吗？_问答</title></head><body><div class=\"main\">\
             <h1>地铁能带自行车吗？</h1><div class=\"answer\"><p>可以带，但要折叠好装进袋子里。</p></div>\
             <div class=\"x\"><p>问答社区提醒：本页内容由网友提供，仅代表回答者个人观点。</p>\
             <p>涉及医疗、法律、投资等专业问题的回答仅供参考，请以专业人士的意见为准。</p>\
             <p>未经许可，任何单位和个人不得复制、转载本站内容。</p></div></div></body></html>";
        let e = extract_html(html);
        // A question page: the question and its answer (see `answers`), not the site's notice.
        assert_eq!(kept(&e), "地铁能带自行车吗？可以带，但要折叠好装进袋子里。");
    }

    #[test]
    fn a_disclaimer_line_at_the_end_of_an_article_is_left_out_alone() {
        let html = "<html><head><title>新桥通车</title></head><body><div class=\"article\"><h1>新桥通车</h1>\
             <p>城东新桥今天上午正式通车，全长一千二百米。</p><p>大桥通车后，两岸通行时间缩短一半。</p>\
             <p>声明：本文仅代表作者本人观点，不代表本站立场。</p></div></body></html>";
        let e = extract_html(html);
        assert_eq!(kept(&e), "城东新桥今天上午正式通车，全长一千二百米。大桥通车后，两岸通行时间缩短一半。");
        assert_eq!(notices(&e), "声明：本文仅代表作者本人观点，不代表本站立场。");
    }

    #[test]
    fn a_disclaimer_the_site_signs_is_a_notice_though_its_sentences_do_not_name_it() {
        // A portal's reprint disclaimer, longer than the one-sentence item it is under, in its
        // own box; it says "新浪网", the title "新浪新闻".
        let page = |signer: &str| {
            format!(
                "<html><head><title>农户收成好_新浪新闻</title></head><body><h1>农户收成好</h1>\
                 <div class=\"txt\"><p>“我们家承包了三十六亩地，全部种稻子，去年收粮食一万八千公斤。”</p></div>\
                 <div class=\"statement\"><p>{signer}声明：此消息系转载自合作媒体，新浪网登载此文出于传递更多信息之目的，\
                 并不意味着赞同其观点或证实其描述。文章内容仅供参考，不构成投资建议。</p></div></body></html>"
            )
        };
        let e = extract_html(&page("新浪"));
        assert_eq!(kept(&e), "“我们家承包了三十六亩地，全部种稻子，去年收粮食一万八千公斤。”");
        assert!(notices(&e).starts_with("新浪声明："));
        // Signed by another party (one character is no name), the statement is the page's.
        for other in ["外交部", "新"] {
            assert_eq!(notices(&extract_html(&page(other))), "", "{other}");
        }
    }

    /// Boxes and paragraphs named as notices that speak of their subject, not of the site.
    #[test]
    fn advice_and_statements_quoted_in_an_article_stay() {
        let html =
            "<html><head><title>暴雨来袭_本市新闻网</title></head><body><div class=\"article\"><h1>暴雨来袭</h1>\
             <p>气象台提醒：明天白天有暴雨，市民出行请注意安全。</p><p>交警提醒：雨天路滑，请减速慢行。</p>\
             <div class=\"box\"><h4>出行提示</h4><p>地铁二号线部分站点临时封闭，请乘客提前规划路线。</p>\
             <p>积水路段请绕行，不要涉水驾车。</p></div>\
             <p>商场声明：受暴雨影响，明天全天暂停营业，已购商品可延期提货。</p></div>\
             <div class=\"side\"><p>本市新闻网是本市的新闻门户网站，欢迎投稿。</p></div></body></html>";
        let e = extract_html(html);
        let text = kept(&e);
        for line in ["交警提醒：", "请乘客提前规划路线。", "不要涉水驾车。", "商场声明："] {
            assert!(text.contains(line), "{line}: {text}");
        }
        assert_eq!(notices(&e), "");
    }

    #[test]
    fn an_article_named_a_notice_is_the_text() {
        // The box holds the first sentence under the headline: the article, however it is named.
        let html = "<html><head><title>春节假期温馨提示_本市新闻</title></head><body><div class=\"side\">\
             <p>本站是本市的新闻门户网站，欢迎访问。</p></div><div class=\"n\"><h2>春节假期温馨提示</h2>\
             <p>春节期间，市内公交线路调整运营时间。</p><p>请市民提前规划出行，注意防火安全。</p></div></body></html>";
        let e = extract_html(html);
        assert_eq!(kept(&e), "春节期间，市内公交线路调整运营时间。请市民提前规划出行，注意防火安全。");
    }

    #[test]
    fn a_page_that_is_only_a_notice_keeps_it() {
        let html = format!("<html><head><title>招聘</title></head><body>{SAFETY}</body></html>");
        let e = extract_html(&html);
        assert!(kept(&e).contains("求职过程中请勿向招聘方提供银行卡密码"), "{}", kept(&e));
    }
}
