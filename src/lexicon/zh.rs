//! Chinese words, labels and numerals the rules look for.
//!
//! Some lists hold the Latin words Chinese pages write among them ("JavaScript", "APP",
//! "404 Not Found"), matched in either ASCII case: they are searched as one list.

// ---- Footers, credit lines, related reading ----

/// Labels that open a box of links to other articles.
pub const RELATED_LABELS: [&str; 10] = [
    "相关阅读",
    "相关新闻",
    "相关文章",
    "相关报道",
    "相关链接",
    "延伸阅读",
    "扩展阅读",
    "拓展阅读",
    "推荐阅读",
    "更多阅读",
];

/// What a credit line's label ends with: the article's editors, source, author, reporters.
pub const CREDIT_WORDS: [&str; 16] = [
    "编辑",
    "责编",
    "来源",
    "稿源",
    "出处",
    "作者",
    "记者",
    "通讯员",
    "校对",
    "审核",
    "审校",
    "终审",
    "监制",
    "编审",
    "摄影",
    "供稿",
];

/// Words of which a legal line holds at least one, lower case: licences and notices ...
pub const LICENCES: [&str; 6] = ["icp备", "icp证", "公网安备", "经营许可证", "服务许可证", "违法和不良信息举报"];

/// A legal line that opens with these words is one ("版权所有：示例网"), with or without a year.
pub const RIGHTS_RESERVED: &str = "版权所有";

/// Links to a list's next or last page ("下一页", "尾页").
pub const PAGER_WORDS: [&str; 4] = ["下一页", "下页", "尾页", "末页"];

// ---- Notices, prompts and status lines ----

/// The word of [`SITE_WORDS`] that names the site's users, not the site: a notice's sentence
/// may name them, a site's statement or a disclaimer must name the site itself.
pub const SITE_USERS: &str = "网友";

/// Words that name a notice: 提示, 声明, 须知, 提醒, 免责 ("温馨提示", "免责声明", "购买须知"),
/// and a shop's policy on every product: 售后, 退换 ("售后保障", "退换货说明").
pub const NOTICE_WORDS: [&str; 7] = ["提示", "声明", "须知", "提醒", "免责", "售后", "退换"];

/// Words that name a disclaimer, which is left out even as a single line inside an article. Not
/// 提醒 or 提示 alone: news quotes advice so ("交警提醒：……", "温馨提示：市民可拨打……").
pub const DISCLAIMER_WORDS: [&str; 2] = ["声明", "免责"];

/// Words by which a notice speaks of the site, its pages, its shop or its users.
pub const SITE_WORDS: [&str; 10] =
    ["本站", "本网", "本平台", "本页", "本店", "本社区", "本论坛", "本文", "本帖", "网友"];

/// What a disclaimer says, under any notice's name ("温馨提示：本站内容由网友提供，不代表本站
/// 观点"): whole phrases, which news quoting a notice's advice ("温馨提示：市民可拨打……", "警方提醒：
/// 网友发布未经证实的信息可能涉嫌违法") does not use.
pub const DISCLAIMING: [&str; 9] = [
    "不代表本站",
    "不代表本网",
    "不代表本平台",
    "不代表本社区",
    "不代表本论坛",
    "不代表本号",
    "由网友提供",
    "由网友发布",
    "如有侵权",
];

/// A feedback prompt's question names what it asks about with one of these ...
pub const HELP_WORDS: [&str; 4] = ["帮助", "有用", "满意", "解决"];

/// ... asks the reader, or whether ("是否") ...
pub const ASKING_WORDS: [&str; 3] = ["您", "你", "是否"];

/// ... and speaks of the page it is on ("此回答对您是否有帮助？", "以上内容是否解决了您的问题？"),
/// or offers its answers after it ("对您有用吗？ 有用 没用"), as a headline asking its subject
/// ("这些习惯对你有帮助吗？") never does.
pub const PAGE_WORDS: [&str; 14] = [
    "此回答",
    "该回答",
    "这个回答",
    "本回答",
    "本文",
    "此文",
    "这篇",
    "本页",
    "此页",
    "该页",
    "以上内容",
    "以上回答",
    "该内容",
    "此内容",
];

/// The answers a feedback prompt offers, a word before any it starts with (the first that
/// matches is taken; between them only counts and separators).
pub const OPTION_WORDS: [&str; 16] = [
    "没有帮助",
    "有帮助",
    "没帮助",
    "无帮助",
    "不满意",
    "满意",
    "已解决",
    "未解决",
    "没解决",
    "解决",
    "没有用",
    "有用",
    "没用",
    "无用",
    "是",
    "否",
];

/// What a page shows while its script loads, or asks for instead of it: loading lines, a call
/// to enable JavaScript or to change browser, a call to open the site's app. Matched without
/// regard to ASCII case.
pub const SHELL_PROMPTS: [&str; 16] = [
    "正在加载",
    "加载中",
    "努力加载",
    "加载失败",
    "请稍候",
    "javascript",
    "浏览器版本",
    "升级浏览器",
    "更换浏览器",
    "浏览器打开",
    "浏览器中打开",
    "打开app",
    "下载app",
    "客户端打开",
    "客户端查看",
    "微信中打开",
];

/// Words of a site's statement on its rights and its users' duties ...
/// (not "责任" or "法律" alone: a report says "责任制度", "法律援助").
pub const STATEMENT_WORDS: [&str; 8] = ["版权", "转载", "侵权", "授权", "法律责任", "不代表", "免责", "同意其观点"];

/// What a site says on a page that has no content of its own: not found, deleted or under
/// review, redirecting, no results, nothing yet, log in first, go back. Whole phrases, matched
/// without regard to ASCII case, and only on a page that says nothing else (see `extract::status`): a
/// news flash alone says "……的消息不存在", "暂无人员伤亡" or "视频已被删除", which these are not.
pub const STATUS_WORDS: [&str; 42] = [
    "页面不存在",
    "页面未找到",
    "找不到页面",
    "找不到该页面",
    "找不到您",
    "页面找不到",
    "not found",
    "您访问的",
    "您要访问的",
    "您所访问的",
    "您请求的",
    "指定的主题",
    "主题不存在",
    "内容不存在",
    "文章不存在",
    "帖子不存在",
    "信息不存在",
    "被删除或",
    "正在被审核",
    "页面已失效",
    "链接已失效",
    "页面跳转",
    "自动跳转",
    "正在跳转",
    "秒后跳转",
    "暂无内容",
    "暂无数据",
    "暂无相关",
    "暂无记录",
    "搜索结果：",
    "找到相关结果",
    "没有找到相关",
    "未找到相关",
    "请输入关键词",
    "输入的关键词",
    "请先登录",
    "登录后查看",
    "登录后才能",
    "返回首页",
    "返回上一页",
    "没有权限",
    "无权访问",
];

/// Words of a line asking its reader to obey ("遵守") ...
pub const OBEY_WORDS: [&str; 3] = ["遵守", "遵循", "遵从"];
/// ... the law ("法律", "法规", a regulation's "《").
pub const LAW_WORDS: [&str; 3] = ["法律", "法规", "《"];

// ---- Questions and answers ----

/// Words of a question, one of which a question's headline holds in its last clause when it has
/// no question mark. "几" and "可以" are left out: headlines of news use them without asking
/// ("几代人的坚守").
pub const QUESTION_WORDS: [&str; 14] =
    ["吗", "呢", "怎么", "怎样", "如何", "什么", "为什么", "为何", "哪", "是否", "能否", "可否", "多少", "咋"];

/// Words of the short lines that head or sign answers, or of the labels answers open with:
/// "最佳答案", "推荐答案", "3个回答", "其他回答", "回答者：", "律师解答", "已采纳", "答：", an
/// office's "答复", and a doctor's "病情分析：……" and "指导意见：……" on health Q&A sites.
pub const ANSWER_WORDS: [&str; 8] = ["回答", "答案", "解答", "采纳", "答：", "答复", "病情分析", "指导意见"];

/// Words by which a box named "reply" shows itself an office's or a doctor's answer: the office
/// that handled a letter and its result ("办理单位：……", "答复意见", "处理结果"), a doctor's
/// labels. Forums and comment threads name their replies so too, and head them with a user, a
/// floor and "回复", never with these.
pub const OFFICIAL_REPLY_WORDS: [&str; 9] =
    ["答复", "办理单位", "承办单位", "回复单位", "办理结果", "处理结果", "办理情况", "病情分析", "指导意见"];

/// Words of a box's heading that make it other content than the answers: other questions
/// ("相关问答", "热门回答", "推荐问题", "猜你喜欢") and comments ("网友评论", "留言").
pub const NOT_ANSWERS: [&str; 6] = ["相关", "热门", "推荐", "猜你", "评论", "留言"];

/// An answer's label alone ("答：……").
pub const ANSWER_LABEL: &str = "答";

/// The forum's name for a thread's opening poster: a question posted as a thread, whose replies
/// are not its text however they are named.
pub const OPENING_POSTER: &str = "楼主";

// ---- Numerals and dates ----

/// "Ago": after a unit of time ("3分钟前", "2小时前", "5天前").
pub const AGO: char = '前';

/// The last character of a unit of time before [`AGO`]: 分钟, 小时, 天.
#[inline]
pub fn is_ago_unit(c: char) -> bool {
    matches!(c, '钟' | '时' | '天')
}

/// "Year", after four digits of a date ("2026年3月").
pub const YEAR: &str = "年";

/// The digits in Chinese numerals, in order from zero: both zeros ("〇", "零"), then one to nine
/// (the position less one is the value, zero for the first two).
pub const NUMERAL_DIGITS: &str = "〇零一二三四五六七八九";

/// The numeral ten, between tens and units ("三十一").
pub const NUMERAL_TEN: char = '十';

/// Chinese numerals: digits, the units ten to a hundred million, and "两" (two).
#[inline]
pub fn is_numeral(c: &char) -> bool {
    matches!(
        c,
        '〇' | '零'
            | '一'
            | '二'
            | '三'
            | '四'
            | '五'
            | '六'
            | '七'
            | '八'
            | '九'
            | '十'
            | '百'
            | '千'
            | '万'
            | '亿'
            | '两'
    )
}

/// What follows a number of a date or a time of day ("3月5日", "10时", "8点"), read as no figure
/// of the text.
#[inline]
pub fn is_date_unit(c: &char) -> bool {
    matches!(c, '年' | '月' | '日' | '号' | '时' | '点' | '分' | '秒')
}

/// Units of a duration ("10分钟", "30秒钟") when [`DURATION_SUFFIX`] follows: a figure of the
/// text, not a time of day.
#[inline]
pub fn is_duration_unit(c: &char) -> bool {
    matches!(c, '分' | '秒')
}

/// What turns a minute or a second into a duration ("分钟", "秒钟").
pub const DURATION_SUFFIX: char = '钟';
