//! A question page's answers: the question and the answers after it are the page's text.
//!
//! On a Q&A page (百度知道, 知乎, a law or health site's 问答) the headline is the question, and
//! the box holding it and its description gets the headline's weight; the answers sit after it,
//! in boxes of their own, often deeper and split over several (a best answer, then the others).
//! The container score then takes the question alone, or one answer alone. The answers are what
//! content farms copy, and two pages asking the same question are not copies when they are
//! answered differently: both need the answers in the text.
//!
//! A page is read so when:
//! - its headline asks a question: its last clause ends with a question mark or holds one of
//!   [`QUESTION_WORDS`] ("……怎么办", "……吗"). A news headline that asks and then answers
//!   ("油价还会涨吗？下一轮调价窗口周五开启") is a story's;
//! - going up from the headline, the first element whose later children include answer boxes
//!   has them: boxes with prose and no furniture name that name themselves answers, by a class or
//!   id ("best-answer", "AnswerList", "huida") on them or inside them, by a short line inside
//!   them holding one of [`ANSWER_WORDS`] ("最佳答案", "3个回答", "回答者：") or a paragraph
//!   labelled with one ("病情分析：……"), or that follow such a line standing alone
//!   ("全部回答（3）" over unmarked items). A box headed as other content ([`NOT_ANSWERS`]:
//!   "相关问答", "热门回答", "网友评论") is not one: its questions are others'. Nor are the floors
//!   of a thread whose question names its poster [`OPENING_POSTER`]. A box whose only furniture
//!   name is "reply" is one when it names the office that handled the letter or a doctor's
//!   labels ([`OFFICIAL_REPLY_WORDS`]: "办理单位：……", "病情分析：……"): 问政 sites and health
//!   sites call their answers replies, as forums and comment threads do;
//! - the container chosen lies in the question (the headline's branch and what stands between
//!   it and the first answer: a description in a box of its own) or in an answer box.
//!
//! The text is then the question and every answer box, with the headline kept however short
//! ("孕妇可以吃螃蟹吗"). Answers that carry a user and a time each are a repeated list, which the
//! list rule sets aside as comments: inside an answer box they are kept, unless they sit in a
//! furniture-named element there (the comments under one answer). Sidebars, related questions
//! and a site's notices stay out. A news story whose headline is a question has no answer boxes:
//! its comments, even as replies, are not answers.

use super::block::{Block, Extracted};
use super::notice;
use crate::lexicon::zh::{
    ANSWER_LABEL, ANSWER_WORDS, NOT_ANSWERS, OFFICIAL_REPLY_WORDS, OPENING_POSTER, QUESTION_WORDS,
};
use crate::lexicon::{CLAUSE_BREAKS, QUESTION_MARKS};

/// A line that heads or signs an answer is at most this long.
const MARKER_MAX_CHARS: u32 = 40;
/// Answer boxes are later children of the headline's element or of one of its ancestors, at
/// most this many levels up (Zhihu sets the question in a header band and the answers in a
/// column three levels further).
const MAX_LEVELS: usize = 5;

/// A question page's parts (see the module documentation).
#[derive(Debug)]
pub(super) struct QuestionPage {
    /// Block ranges of the question's elements, then of the answer boxes without the
    /// furniture-named elements inside them (the comments under an answer, a share bar).
    ranges: Vec<(u32, u32)>,
    /// Where the answers' ranges start in `ranges`.
    answers_from: usize,
    /// The headline's block.
    pub headline: usize,
}

impl QuestionPage {
    /// Collects the block ranges of the `question` elements and of the `answers` boxes.
    fn new(e: &Extracted, question: &[usize], answers: &[usize], headline: usize) -> QuestionPage {
        let span = |el: usize| (e.elems[el].first_block, e.elems[el].end_block);
        let mut ranges: Vec<(u32, u32)> = question.iter().map(|&el| span(el)).collect();
        let answers_from = ranges.len();
        for &a in answers {
            let (mut at, end) = span(a);
            // In an office's reply box named "reply", its parts are named so too ("reply-content").
            let own = |d: usize| e.elems[a].reply && e.elems[d].reply;
            let mut skip = descendants(e, a).filter(|&d| e.elems[d].hint < 0 && !own(d)).map(span).peekable();
            while let Some((lo, hi)) = skip.next() {
                if lo > at {
                    ranges.push((at, lo));
                }
                at = at.max(hi);
                // Furniture nested in furniture is skipped with it.
                while skip.peek().is_some_and(|&(l, _)| l < at) {
                    skip.next();
                }
            }
            if at < end {
                ranges.push((at, end));
            }
        }
        QuestionPage { ranges, answers_from, headline }
    }

    /// Block ranges of the question and the answers, in document order: the page's text.
    pub fn ranges(&self) -> &[(u32, u32)] {
        &self.ranges
    }

    /// The answers' part of [`QuestionPage::ranges`]: a repeated list there (answers with a user
    /// and a time each) is not set aside.
    pub fn answer_ranges(&self) -> &[(u32, u32)] {
        &self.ranges[self.answers_from..]
    }
}

/// Whether an element whose class and id weigh as one furniture word (`hint`, the sum of their
/// `tags::ClassWords::hint`) is named "reply" (`named_reply`: "docreply", "reply-box"; not
/// "comment-reply", which weighs as two): see [`OFFICIAL_REPLY_WORDS`].
pub(super) fn names_reply(hint: i32, named_reply: bool) -> bool {
    hint == -2 && named_reply
}

/// Whether a headline asks a question: its last clause does.
pub(super) fn is_question(text: &str) -> bool {
    let text = text.trim();
    if text.ends_with(QUESTION_MARKS) {
        return true;
    }
    let last = text.rsplit(CLAUSE_BREAKS).find(|c| !c.trim().is_empty()).unwrap_or("");
    QUESTION_WORDS.iter().any(|w| last.contains(w))
}

/// The question and its answers, when the page is a question page whose container (`ranges`)
/// lies in them; see the module documentation. `headline` is the headline's block;
/// `readable(i)` tells a block that is prose the page may keep (not footer, notice or link list).
pub(super) fn question_page(
    e: &Extracted,
    headline: Option<usize>,
    ranges: &[(u32, u32)],
    readable: impl Fn(usize) -> bool,
) -> Option<QuestionPage> {
    let at = headline?;
    if !is_question(e.block_text(&e.blocks[at])) {
        return None;
    }
    let prose = |el: usize| (e.elems[el].first_block as usize..e.elems[el].end_block as usize).any(&readable);
    let mut branch = e.blocks[at].elem as usize;
    for _ in 0..MAX_LEVELS {
        if branch == 0 {
            return None;
        }
        let parent = e.elems[branch].parent as usize;
        let later: Vec<usize> =
            children(e, parent).filter(|&c| e.elems[c].first_block >= e.elems[branch].end_block).collect();
        let mut question = vec![branch];
        let mut answers = Vec::new();
        let mut marked = false;
        for c in later {
            let official = official_reply(e, c);
            if e.elems[c].hint < 0 && !official {
                continue;
            }
            let has_prose = prose(c);
            if is_marker_line(e, c) && !has_prose {
                // "全部回答（3）" standing alone: the items after it are the answers.
                marked = true;
            } else if has_prose && !headed_otherwise(e, c) && (marked || official || names_itself_answer(e, c)) {
                answers.push(c);
            } else if has_prose && answers.is_empty() {
                question.push(c);
            }
        }
        if !answers.is_empty() {
            if question.iter().any(|&q| short_lines(e, q).any(|t| t.contains(OPENING_POSTER))) {
                return None;
            }
            let page = QuestionPage::new(e, &question, &answers, at);
            // The container must be the question or an answer: not a sidebar, not a wrapper.
            let inside = |r: &(u32, u32)| page.ranges.iter().any(|b| b.0 <= r.0 && r.1 <= b.1 && r.0 < r.1);
            return (!ranges.is_empty() && ranges.iter().all(inside)).then_some(page);
        }
        branch = parent;
    }
    None
}

/// The children of element `parent`, in document order.
fn children(e: &Extracted, parent: usize) -> impl Iterator<Item = usize> + '_ {
    descendants(e, parent).filter(move |&i| e.elems[i].parent as usize == parent)
}

/// The elements inside element `el`, in document order: elements are stored in the order they
/// open, each after its parent, so these are the ones right after it.
fn descendants(e: &Extracted, el: usize) -> impl Iterator<Item = usize> + '_ {
    (el + 1..e.elems.len()).take_while(move |&i| is_below(e, i, el))
}

/// Whether element `i` lies inside element `ancestor` (a parent is stored before its children).
fn is_below(e: &Extracted, mut i: usize, ancestor: usize) -> bool {
    while i > ancestor {
        i = e.elems[i].parent as usize;
    }
    i == ancestor
}

/// Whether element `el` names itself an answer: a class or id on it or inside it, a short line
/// inside it holding an answer word, or a paragraph opening with such a label ("病情分析：……",
/// "答：……").
fn names_itself_answer(e: &Extracted, el: usize) -> bool {
    let (lo, hi) = (e.elems[el].first_block as usize, e.elems[el].end_block as usize);
    let labelled = |b: &Block| {
        notice::label(e.block_text(b), b.chars, b.punct)
            .is_some_and(|l| l.trim() == ANSWER_LABEL || ANSWER_WORDS.iter().any(|w| l.contains(w)))
    };
    e.elems[el].answer
        || descendants(e, el).any(|d| e.elems[d].answer)
        || marker_lines(e, el).next().is_some()
        || e.blocks[lo..hi].iter().any(labelled)
}

/// Whether element `el` is named "reply" alone and shows itself an office's or a doctor's
/// answer: a short line or a label in it holds one of [`OFFICIAL_REPLY_WORDS`].
fn official_reply(e: &Extracted, el: usize) -> bool {
    let (lo, hi) = (e.elems[el].first_block as usize, e.elems[el].end_block as usize);
    let official = |t: &str| OFFICIAL_REPLY_WORDS.iter().any(|w| t.contains(w));
    e.elems[el].reply
        && (short_lines(e, el).any(official)
            || e.blocks[lo..hi].iter().any(|b| notice::label(e.block_text(b), b.chars, b.punct).is_some_and(official)))
}

/// The texts of the short lines of element `el` (headings, labels, signatures).
fn short_lines(e: &Extracted, el: usize) -> impl Iterator<Item = &str> + '_ {
    let (lo, hi) = (e.elems[el].first_block as usize, e.elems[el].end_block as usize);
    e.blocks[lo..hi].iter().filter(|b| b.chars <= MARKER_MAX_CHARS).map(|b| e.block_text(b))
}

/// The short lines of element `el` holding an answer word.
fn marker_lines(e: &Extracted, el: usize) -> impl Iterator<Item = &str> + '_ {
    short_lines(e, el).filter(|t| ANSWER_WORDS.iter().any(|w| t.contains(w)))
}

/// Whether element `el` is one short line holding an answer word.
fn is_marker_line(e: &Extracted, el: usize) -> bool {
    e.elems[el].end_block == e.elems[el].first_block + 1 && marker_lines(e, el).next().is_some()
}

/// Whether element `el` opens with a short line naming other content (see [`NOT_ANSWERS`]).
fn headed_otherwise(e: &Extracted, el: usize) -> bool {
    let (lo, hi) = (e.elems[el].first_block as usize, e.elems[el].end_block as usize);
    e.blocks[lo..hi].first().is_some_and(|b| {
        b.chars <= MARKER_MAX_CHARS && {
            let t = e.block_text(b);
            NOT_ANSWERS.iter().any(|w| t.contains(w))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::{extract_html, Extracted};
    use super::*;

    fn kept(e: &Extracted) -> String {
        e.blocks.iter().filter(|b| b.dropped.is_none()).map(|b| e.block_text(b)).collect()
    }

    /// Three other answers, each signed with a user and a time: a repeated list, which the list
    /// rule would set aside as comments.
    fn others(class: &str) -> String {
        ["先去社区医院查血常规，排除感染再说。", "多喝温水，注意休息，一般三五天能好。", "持续高烧超过三天一定要去医院复诊。"]
            .iter()
            .enumerate()
            .map(|(i, a)| {
                format!("<div class=\"{class}\"><p>{a}</p><span class=\"u\"><a href=\"/u/{i}\">网友{i}</a> 2025-03-0{i}</span></div>")
            })
            .collect()
    }

    fn qa_page(answer_box: &str, others_box: &str) -> String {
        format!(
            "<html><head><title>孩子发烧反复怎么办？_问答社区</title></head><body>\
             <div class=\"nav\"><a href=\"/\">首页</a><a href=\"/q\">问答</a></div><div class=\"wrap\">\
             <div class=\"q\"><h1>孩子发烧反复怎么办？</h1><p>孩子三岁，发烧两天了，退烧药吃了又烧起来。</p></div>\
             <div class=\"{answer_box}\"><div class=\"t\">最佳答案</div><div class=\"c\">\
             <p>反复发烧多数是病毒感染，病程一般三到五天，体温超过三十八度五再用退烧药。</p>\
             <p>如果精神差、抽搐或者烧了三天以上，要及时去医院。</p></div></div>\
             <div class=\"{others_box}\"><h3>其他回答</h3>{}</div>\
             <div class=\"rel\"><h3>相关问题</h3><ul><li><a href=\"/q/1\">孩子咳嗽怎么办</a></li>\
             <li><a href=\"/q/2\">孩子不吃饭怎么办</a></li></ul></div></div>\
             <div class=\"side\"><p>问答社区是一个互助问答平台，欢迎提问和回答。</p></div></body></html>",
            others("item")
        )
    }

    #[test]
    fn a_question_page_keeps_the_question_and_every_answer() {
        for (answer_box, others_box) in [("best-answer", "other-answers"), ("zjda", "qtda"), ("box1", "box2")] {
            let e = extract_html(&qa_page(answer_box, others_box));
            let text = kept(&e);
            for part in [
                "孩子三岁，发烧两天了",
                "反复发烧多数是病毒感染",
                "要及时去医院。",
                "先去社区医院查血常规",
                "多喝温水",
                "一定要去医院复诊。",
            ] {
                assert!(text.contains(part), "{answer_box}/{others_box}: {part} missing from {text}");
            }
            for out in ["相关问题", "孩子咳嗽怎么办", "互助问答平台", "网友1"] {
                assert!(!text.contains(out), "{answer_box}/{others_box}: {out} kept in {text}");
            }
        }
    }

    /// A news story asking a question in its headline: its comments, replies and a box of
    /// other questions are not answers.
    #[test]
    fn a_storys_comments_are_not_answers() {
        let boxes = [("comment-list", ""), ("reply-list", ""), ("hot", ""), ("answer-box", "<h3>相关问答</h3>")];
        for (box_class, heading) in boxes {
            let html = format!(
                "<html><head><title>今年冬天为什么这么冷？_新闻网</title></head><body><div class=\"wrap\">\
                 <div class=\"art\"><h1>今年冬天为什么这么冷？</h1><p>气象专家表示，今年冷空气活动频繁。</p>\
                 <p>预计下周气温还将下降四到六度。</p></div><div class=\"{box_class}\">{heading}{}</div></div></body></html>",
                others("item")
            );
            let text = kept(&extract_html(&html));
            assert_eq!(
                text, "今年冬天为什么这么冷？气象专家表示，今年冷空气活动频繁。预计下周气温还将下降四到六度。",
                "{box_class}"
            );
        }
    }

    /// A product's buyers' questions and answers are not the product's text.
    #[test]
    fn a_headline_that_asks_nothing_takes_no_answers() {
        let html = format!(
            "<html><head><title>儿童电子体温计_母婴商城</title></head><body><div class=\"wrap\">\
             <div class=\"detail\"><h1>儿童电子体温计</h1><p>软头设计，十秒快速测温，适合三岁以上儿童使用。</p></div>\
             <div class=\"answer-list\"><h3>买家问答</h3>{}</div></div></body></html>",
            others("item")
        );
        assert_eq!(kept(&extract_html(&html)), "软头设计，十秒快速测温，适合三岁以上儿童使用。");
    }

    /// "全部回答（3）" on its own over unmarked items; comments under an answer stay out; the
    /// headline is the question even without a question mark.
    #[test]
    fn answers_under_a_heading_of_their_own_without_their_comments() {
        let html = "<html><head><title>孕妇可以吃螃蟹吗_育儿问答</title></head><body><div class=\"w\">\
             <div class=\"t\"><h1>孕妇可以吃螃蟹吗</h1></div><div class=\"d\"><p>怀孕五个月，特别想吃螃蟹，听说螃蟹性寒。</p></div>\
             <h3>全部回答（2）</h3><div class=\"i\"><p>少量吃蒸熟的螃蟹一般没有问题，蟹黄胆固醇高，要少吃。</p>\
             <ul class=\"comments\"><li>谢谢，说得很清楚，我也想知道。</li></ul></div>\
             <div class=\"i\"><p>一定要买鲜活的螃蟹，死蟹容易滋生细菌，千万别吃。</p></div></div></body></html>";
        assert_eq!(
            kept(&extract_html(html)),
            "孕妇可以吃螃蟹吗怀孕五个月，特别想吃螃蟹，听说螃蟹性寒。少量吃蒸熟的螃蟹一般没有问题，蟹黄胆固醇高，要少吃。\
             一定要买鲜活的螃蟹，死蟹容易滋生细菌，千万别吃。"
        );
    }

    /// Doctors' answers on a health site name themselves only by their paragraphs' labels.
    #[test]
    fn answers_labelled_as_a_doctors_are_answers() {
        let html = "<html><head><title>胃胀气吃什么药好？_健康问答</title></head><body><div class=\"l\">\
             <div class=\"q\"><h3>胃胀气吃什么药好？</h3><p>最近两周吃完饭就胃胀，总是打嗝，有时候还反酸。</p></div>\
             <div class=\"d\"><div class=\"n\">徐医生 消化内科</div><p><b>病情分析：</b>饭后胃胀、打嗝、反酸，多见于功能性消化不良或慢性胃炎，也可能与幽门螺杆菌感染有关。</p>\
             <p><b>指导意见：</b>饮食上少吃多餐，避免辛辣油腻和产气的食物，饭后不要马上躺下，症状持续的话建议做胃镜。</p></div>\
             <div class=\"d\"><div class=\"n\">王医生 中医科</div><p><b>指导意见：</b>中医认为属于脾胃虚弱，可以试试山楂、陈皮泡水，也可以在医生指导下服用保和丸。</p></div>\
             </div></body></html>";
        let text = kept(&extract_html(html));
        for part in ["最近两周吃完饭就胃胀", "感染有关。", "建议做胃镜。", "陈皮泡水"] {
            assert!(text.contains(part), "{part} missing from {text}");
        }
    }

    /// An office's reply to a citizen's letter in a box named "reply" (as 12345 lines and 问政
    /// sites name it): the office that handled it shows it an answer, and its parts, named
    /// "reply" too, are its text. Readers' replies in the same box name no office.
    #[test]
    fn an_offices_reply_is_an_answer_though_named_reply() {
        let page = |head: &str| {
            format!(
                "<html><head><title>公积金贷款额度为什么比网上算的少？_问政平台</title></head><body><div class=\"l\">\
                 <div class=\"msg\"><div class=\"t\"><h3>公积金贷款额度为什么比网上算的少？</h3></div>\
                 <div class=\"c\"><p>网上计算器算出来可以贷五十万，银行只批了三十八万，想问额度是怎么核定的？</p></div></div>\
                 <div class=\"reply-box\"><div class=\"reply-head\">{head}</div><div class=\"reply-content\">\
                 <p>您好：贷款额度按账户余额倍数、还款能力和房价比例分别计算，取其中最低值。</p>\
                 <p>您的情况经核查是受账户余额倍数的限制，可到服务网点查询计算明细。</p></div></div></div></body></html>"
            )
        };
        let text = kept(&extract_html(&page("办理单位：市住房公积金管理中心 2024-06-14")));
        for part in ["银行只批了三十八万", "取其中最低值。", "查询计算明细。"] {
            assert!(text.contains(part), "{part} missing from {text}");
        }
        let text = kept(&extract_html(&page("热心网友 回复于 2024-06-14")));
        assert!(!text.contains("取其中最低值。"), "{text}");
    }

    /// A thread's replies are not its text, even in boxes a template names answers.
    #[test]
    fn a_forum_threads_replies_are_not_answers() {
        let html = "<html><head><title>新房装修完多久可以入住？_家居论坛</title></head><body><div class=\"thread\">\
             <div class=\"floor\"><div class=\"au\">小鱼儿 楼主</div><div class=\"m\"><h1>新房装修完多久可以入住？</h1>\
             <div class=\"c\"><p>我家刚装修完，家里有个两岁的孩子，想问问通风多久比较安全？</p></div></div></div>\
             <div class=\"floor\"><div class=\"au\">装修老鸟</div><div class=\"answer-content\">\
             <p>至少通风三个月以上，有孩子的家庭最好半年，检测一定要做。</p></div></div></div></body></html>";
        assert_eq!(kept(&extract_html(html)), "我家刚装修完，家里有个两岁的孩子，想问问通风多久比较安全？");
    }

    #[test]
    fn questions_are_told_by_mark_or_word() {
        for q in [
            "租房合同到期房东不退押金怎么办？",
            "医保断缴三个月还能补交吗",
            "新手养猫需要准备哪些东西",
            "How to renew a passport?",
        ] {
            assert!(is_question(q), "{q}");
        }
        for h in ["市政府召开常务会议", "几代人的坚守", "可以预见的未来：城市更新"] {
            assert!(!is_question(h), "{h}");
        }
    }

    #[test]
    fn answer_names() {
        let answer = |s: &str| crate::extract::tags::class_words(s).answer;
        assert!(answer("best-answer") && answer("AnswerList") && answer("wd_huida") && answer("DaAn"));
        assert!(!answer("reply-list") && !answer("comment") && !answer("content") && !answer(""));
        let named = |class: &str, id: &str| {
            let (c, i) = (crate::extract::tags::class_words(class), crate::extract::tags::class_words(id));
            names_reply(c.hint + i.hint, c.reply || i.reply)
        };
        assert!(named("docreply", "") && named("reply-box", "r1") && named("Reply-Content", ""));
        assert!(!named("comment-reply", "") && !named("box", "") && !named("", "") && !named("reply", "nav"));
    }
}
