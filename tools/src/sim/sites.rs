//! Simulated sites: every one with its own template, charset and habits.
//!
//! A site draws, once, its layout family (a `<div>` portal, an old `<table>` page, HTML5 sectioning
//! elements; for forums a Discuz-like table of posts or a list of floors), its class and id names
//! (meaningful, random, or both), its navigation, breadcrumbs, share and tool bars, the order of the
//! parts around the article, footer lines (some full sentences ending in "。"), a note some sites put
//! inside the article container, its editor line, date format, URL pattern, how often it shows
//! related reading (with or without first-sentence snippets) and comments, and its charset: about one
//! site in five serves GBK, declared in the HTTP header and in some cases also in a `<meta>`. About one in
//! four turns full-width digits half-width.

use serde::Serialize;

use super::rng::Rng;
use super::text::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SiteKind {
    /// Publishes originals, sometimes reposts.
    News,
    /// Reposts, edits and digests what others publish.
    Portal,
    /// Threads with replies; users repost news.
    Forum,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    Div,
    Table,
    Html5,
    Discuz,
    Floors,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MetaCharset {
    None,
    Charset,
    HttpEquiv,
}

/// Class or id names of the parts of a page.
#[derive(Debug, Clone, Serialize)]
pub struct Names {
    pub wrap: String,
    pub header: String,
    pub nav: String,
    pub crumb: String,
    pub article: String,
    pub title: String,
    pub info: String,
    pub share: String,
    pub content: String,
    pub editor: String,
    pub pages: String,
    pub related: String,
    pub comments: String,
    pub item: String,
    pub side: String,
    pub footer: String,
    /// `id` instead of `class` for the content container.
    pub content_is_id: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Site {
    pub idx: usize,
    pub name: String,
    /// Host name, also the `site` label of pages.
    pub host: String,
    /// Registered domain.
    pub dom: String,
    pub kind: SiteKind,
    pub layout: Layout,
    pub gbk: bool,
    /// Charset label in the HTTP header (`None`: no charset parameter).
    pub header_charset: Option<String>,
    pub meta: MetaCharset,
    pub meta_label: String,
    pub halfwidth_digits: bool,
    pub names: Names,
    pub nav: Vec<String>,
    pub footer_links: Vec<String>,
    pub footer_lines: Vec<String>,
    /// A note inside the article container after the text.
    pub body_note: Option<String>,
    /// 0 none, 1 "（责任编辑：X）", 2 "[编辑：X]", 3 "编辑：X 校对：Y", 4 "作者：X" before the text.
    pub editor_style: u8,
    pub editors: Vec<String>,
    pub date_style: u8,
    pub url_style: u8,
    pub city: String,
    pub related_p: f64,
    pub related_snippets: bool,
    pub related_label: String,
    pub comment_p: f64,
    pub comments_label: String,
    pub side_boxes: Vec<String>,
    pub side_items: (usize, usize),
    pub share: bool,
    pub tools: bool,
    pub breadcrumb: bool,
    pub crumb_sep: String,
    /// Full-width spaces at the start of each paragraph.
    pub indent: bool,
    /// 0 `<p>`, 1 `<br><br>` in one container, 2 `<div>` per paragraph, 3 `<p><span>`.
    pub para_style: u8,
    pub title_sep: String,
    /// Info line before the title (some templates put the date above the headline).
    pub info_first: bool,
    /// Sidebar markup before the main column.
    pub side_first: bool,
    /// Comments before related reading.
    pub comments_first: bool,
    pub description_meta: bool,
    pub scripts: usize,
    /// Mean hours between publication and the crawler's visit.
    pub lag_hours: f64,
    pub own_source: String,
    pub boards: Vec<String>,
    pub signature_p: f64,
    /// Forums: the opening post in a block of its own rather than as the first of the floors.
    pub first_post_own_block: bool,
}

fn name_for(rng: &mut Rng, pool: &[&str], style: u8) -> String {
    match style {
        0 => rng.pick(pool).to_string(),
        1 => {
            let k = rng.range(3, 7);
            rng.token(k)
        }
        _ => {
            let base = rng.pick(pool);
            match rng.range(0, 4) {
                0 => format!("{base}_{}", rng.range(1, 10)),
                1 => format!("m-{base}"),
                2 => format!("{base}{}", rng.token(2)),
                _ => format!("{}-{base}", rng.token(2)),
            }
        }
    }
}

fn names(rng: &mut Rng) -> Names {
    let style = rng.weighted(&[0.5, 0.2, 0.3]) as u8;
    let mut n = |pool: &[&str]| {
        let s = if rng.chance(0.8) { style } else { rng.range(0, 3) as u8 };
        name_for(rng, pool, s)
    };
    Names {
        wrap: n(&["wrap", "container", "main", "page", "body_box", "w980", "layout", "bd", "w1000"]),
        header: n(&["header", "head", "top", "hd", "logo_bar", "topbar", "site_head"]),
        nav: n(&["nav", "menu", "navbar", "daohang", "channel", "topnav", "mainnav", "lanmu"]),
        crumb: n(&["crumb", "breadcrumb", "position", "location", "weizhi", "path", "here", "dqwz"]),
        article: n(&["article", "news", "art", "left_box", "main_box", "l_main", "con_main", "mainbox", "wenzhang"]),
        title: n(&["title", "tit", "art_title", "news_title", "h_title", "headline", "biaoti", "t1"]),
        info: n(&["info", "meta", "source", "time_source", "art_info", "pubtime", "date", "msgbox", "laiyuan"]),
        share: n(&["share", "fenxiang", "bdshare", "share_box", "jiathis", "sharebar"]),
        content: n(&[
            "content",
            "article-content",
            "art_content",
            "text",
            "txt",
            "zw",
            "news_txt",
            "detail",
            "TRS_Editor",
            "article_body",
            "con_text",
            "newsContent",
            "artibody",
            "endText",
            "box_con",
            "left_zw",
        ]),
        editor: n(&["editor", "bianji", "zrbj", "edit", "author_box"]),
        pages: n(&["pages", "page_nav", "fenye", "pagination", "pg"]),
        related: n(&["related", "xgyd", "relnews", "about", "xiangguan", "extend", "more_news", "tuijian"]),
        comments: n(&["comment", "pinglun", "cmt", "reply", "remark", "gentie", "discuss"]),
        item: n(&["item", "cmt_item", "reply_item", "pl_li", "c_item", "post", "li"]),
        side: n(&["side", "sidebar", "right", "r_box", "aside", "col-r", "rightcol", "sd"]),
        footer: n(&["footer", "foot", "bottom", "copyright", "ft", "btm", "footer_wrap"]),
        content_is_id: rng.chance(0.3),
    }
}

/// Generates `n` sites: about 35% news, 40% portals, 25% forums (at least two of each).
pub fn generate(n: usize, seed: u64) -> Vec<Site> {
    let n = n.max(6);
    let n_forum = (n / 4).max(2);
    let n_news = ((n * 35) / 100).max(2);
    let mut used_names = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(n);
    for idx in 0..n {
        let mut rng = Rng::for_purpose(seed, "site", idx as u64);
        let kind = if idx < n_news {
            SiteKind::News
        } else if idx < n - n_forum {
            SiteKind::Portal
        } else {
            SiteKind::Forum
        };
        // A unique name and domain.
        let (name, dom) = loop {
            let p = rng.range(0, SITE_PREFIX.len());
            let (suf, suf_py) = if kind == SiteKind::Forum { *rng.pick(FORUM_SUFFIX) } else { *rng.pick(NEWS_SUFFIX) };
            let name = format!("{}{}", SITE_PREFIX[p], suf);
            let dom = format!("{}{}{}", SITE_PINYIN[p % SITE_PINYIN.len()], suf_py, rng.pick(TLDS));
            if used_names.insert(name.clone()) {
                break (name, dom);
            }
        };
        let host = match (kind, rng.range(0, 3)) {
            (SiteKind::Forum, 0) => format!("bbs.{dom}"),
            (SiteKind::Forum, _) => format!("www.{dom}"),
            (_, 0) => format!("news.{dom}"),
            _ => format!("www.{dom}"),
        };
        let layout = match kind {
            SiteKind::Forum => {
                if rng.chance(0.55) {
                    Layout::Discuz
                } else {
                    Layout::Floors
                }
            }
            _ => [Layout::Div, Layout::Table, Layout::Html5][rng.weighted(&[0.45, 0.25, 0.3])],
        };
        let gbk = rng.chance(0.2);
        let header_charset = if gbk {
            Some(rng.pick(&["gbk", "GBK", "gb2312", "GB2312"]).to_string())
        } else if rng.chance(0.8) {
            Some(rng.pick(&["utf-8", "UTF-8"]).to_string())
        } else {
            None
        };
        let meta = if gbk {
            [MetaCharset::None, MetaCharset::Charset, MetaCharset::HttpEquiv][rng.weighted(&[0.4, 0.3, 0.3])]
        } else if layout == Layout::Html5 || rng.chance(0.5) {
            MetaCharset::Charset
        } else {
            MetaCharset::HttpEquiv
        };
        let meta_label = if gbk { rng.pick(&["gbk", "gb2312", "GBK"]).to_string() } else { "utf-8".to_string() };
        let city = rng.pick(CITIES).to_string();
        let mut channels: Vec<&str> = CHANNELS.to_vec();
        rng.shuffle(&mut channels);
        let mut nav = vec!["首页".to_string()];
        nav.extend(channels[..rng.range(5, 16)].iter().map(|s| s.to_string()));
        let mut links: Vec<&str> = FOOT_LINKS.to_vec();
        rng.shuffle(&mut links);
        let footer_links = links[..rng.range(3, 9)].iter().map(|s| s.to_string()).collect();
        let source = rng.pick(SOURCES).to_string();
        let mut footer_lines = Vec::new();
        let mut pool: Vec<&str> = FOOT_SENTENCES.to_vec();
        rng.shuffle(&mut pool);
        for t in &pool[..rng.range(1, 5)] {
            footer_lines.push(fill(t, &name, &dom, &city, &source, &mut rng));
        }
        footer_lines.push(match rng.range(0, 4) {
            0 => format!("Copyright © 1996-1998 {dom} All Rights Reserved"),
            1 => format!(
                "{name} 版权所有 {}ICP备{}号",
                rng.pick(&["京", "沪", "粤", "浙", "苏", "川", "鄂", "湘", "鲁", "闽", "津", "渝"]),
                digits(&mut rng, 8)
            ),
            2 => format!(
                "版权所有：{name}　地址：{city}市{}路{}号　邮编：{}",
                rng.pick(ROADS),
                rng.range(1, 300),
                digits(&mut rng, 6)
            ),
            _ => format!("主办：{name}　协办：{city}市{}信息中心", rng.pick(CHANNELS)),
        });
        let body_note = if rng.chance(0.35) {
            Some(fill(rng.pick::<&str>(BODY_NOTES), &name, &dom, &city, &source, &mut rng))
        } else {
            None
        };
        let editors = (0..rng.range(2, 6)).map(|_| person(&mut rng)).collect();
        let own_source = if kind == SiteKind::News && rng.chance(0.6) {
            name.clone()
        } else {
            format!("{city}{}", rng.pick(&["日报", "晚报", "商报", "青年报"]))
        };
        let side_boxes: Vec<String> = {
            let mut labels: Vec<&str> = vec![
                "热点新闻",
                "排行榜",
                "最新文章",
                "图片新闻",
                "推荐阅读",
                "点击排行",
                "今日关注",
                "专题推荐",
                "热门评论",
            ];
            rng.shuffle(&mut labels);
            labels[..rng.range(1, 4)].iter().map(|s| s.to_string()).collect()
        };
        let lo = rng.range(4, 9);
        let mut boards: Vec<&str> = BOARDS.to_vec();
        rng.shuffle(&mut boards);
        out.push(Site {
            idx,
            name,
            host,
            dom,
            kind,
            layout,
            gbk,
            header_charset,
            meta,
            meta_label,
            halfwidth_digits: rng.chance(0.25),
            names: names(&mut rng),
            nav,
            footer_links,
            footer_lines,
            body_note,
            editor_style: rng.weighted(&[0.2, 0.3, 0.2, 0.15, 0.15]) as u8,
            editors,
            date_style: rng.range(0, 5) as u8,
            url_style: rng.range(0, 5) as u8,
            city,
            related_p: if kind == SiteKind::Forum { rng.uniform(0.0, 0.4) } else { rng.uniform(0.2, 1.0) },
            related_snippets: rng.chance(0.5),
            related_label: rng
                .pick(&["相关阅读", "延伸阅读", "相关新闻", "相关链接", "猜你喜欢", "相关文章"])
                .to_string(),
            comment_p: match kind {
                SiteKind::Forum => 1.0,
                _ if rng.chance(0.4) => 0.0,
                _ => rng.uniform(0.2, 0.8),
            },
            comments_label: rng.pick(&["网友评论", "热门评论", "我来说两句", "最新评论", "网友留言"]).to_string(),
            side_boxes,
            side_items: (lo, lo + rng.range(0, 7)),
            share: rng.chance(0.6),
            tools: rng.chance(0.5),
            breadcrumb: rng.chance(0.75),
            crumb_sep: rng.pick(&[" &gt; ", " » ", " - ", " / ", " → ", "&gt;&gt;"]).to_string(),
            indent: rng.chance(0.5),
            para_style: rng.weighted(&[0.55, 0.15, 0.15, 0.15]) as u8,
            title_sep: rng.pick(&["_", " - ", "|", "——", " "]).to_string(),
            info_first: rng.chance(0.15),
            side_first: rng.chance(0.3),
            comments_first: rng.chance(0.3),
            description_meta: rng.chance(0.4),
            scripts: rng.range(0, 4),
            lag_hours: rng.uniform(0.3, 8.0),
            own_source,
            boards: boards[..3].iter().map(|s| s.to_string()).collect(),
            signature_p: rng.uniform(0.0, 0.6),
            first_post_own_block: rng.chance(0.5),
        });
    }
    out
}
