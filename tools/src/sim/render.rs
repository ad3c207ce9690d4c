//! HTML for one page: a site's template around the page's text and its changing parts.

use std::fmt::Write as _;

use super::rng::Rng;
use super::sites::{Layout, MetaCharset, Site};
use super::text::{civil, digits, esc, pick_share, CHANNELS, TOOLS};

/// Beijing time, the zone every page prints.
pub const CST: i64 = 8 * 3600;

/// What goes into the article container, in order.
#[derive(Debug, Clone)]
pub enum Item {
    /// A paragraph of the page's text.
    Para(String),
    /// A section headline of a digest page.
    Heading(String),
    /// A "details" link after a digest section.
    More(String),
    /// An editor's or poster's note that is not the article: "原标题：...", "转自...".
    Note(String),
}

#[derive(Debug, Clone)]
pub struct Comment {
    pub user: String,
    pub time: i64,
    pub text: String,
}

/// Everything a page shows besides the template.
#[derive(Debug, Clone)]
pub struct View {
    pub url: String,
    pub title: String,
    pub channel: String,
    pub publish: i64,
    pub source: String,
    pub author: Option<String>,
    pub editor: String,
    pub items: Vec<Item>,
    /// (this part, parts, url of part 1, url of part 2) for articles split over two pages.
    pub pages: Option<(u8, u8, String, String)>,
    /// (title, url, snippet).
    pub related: Vec<(String, String, Option<String>)>,
    /// Sidebar boxes: label and (title, url) items.
    pub side: Vec<(String, Vec<(String, String)>)>,
    pub comments: Vec<Comment>,
    pub views: u32,
    pub board: String,
    pub poster: String,
}

fn date(site: &Site, t: i64, style: u8) -> String {
    let c = civil(t, CST);
    match style {
        0 => format!("{:04}-{:02}-{:02} {:02}:{:02}", c.year, c.month, c.day, c.hour, c.min),
        1 => format!("{:04}年{:02}月{:02}日 {:02}:{:02}", c.year, c.month, c.day, c.hour, c.min),
        2 => format!("{}年{}月{}日 {:02}:{:02}:{:02}", c.year, c.month, c.day, c.hour, c.min, c.sec),
        3 => format!("{:04}/{:02}/{:02} {:02}:{:02}", c.year, c.month, c.day, c.hour, c.min),
        _ => {
            let _ = site;
            format!("{:04}-{:02}-{:02}", c.year, c.month, c.day)
        }
    }
}

fn attr(site: &Site, name: &str, is_id: bool) -> String {
    if is_id {
        format!("id=\"{name}\"")
    } else {
        let _ = site;
        format!("class=\"{name}\"")
    }
}

fn head(site: &Site, v: &View, rng: &mut Rng, out: &mut String) {
    match site.layout {
        Layout::Html5 => out.push_str("<!DOCTYPE html>\n<html lang=\"zh-CN\">\n<head>\n"),
        Layout::Table => out.push_str("<html>\n<head>\n"),
        _ => out.push_str(
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\">\n<head>\n",
        ),
    }
    match site.meta {
        MetaCharset::None => {}
        MetaCharset::Charset => {
            let _ = writeln!(out, "<meta charset=\"{}\" />", site.meta_label);
        }
        MetaCharset::HttpEquiv => {
            let _ = writeln!(
                out,
                "<meta http-equiv=\"Content-Type\" content=\"text/html; charset={}\" />",
                site.meta_label
            );
        }
    }
    let t = match site.layout {
        Layout::Discuz => format!("{} - {} - {} - Powered by Discuz!", v.title, v.board, site.name),
        Layout::Floors => format!("{}{}{}", v.title, site.title_sep, site.name),
        _ if rng.chance(0.5) || v.channel.is_empty() => format!("{}{}{}", v.title, site.title_sep, site.name),
        _ => format!("{}{}{}{}{}", v.title, site.title_sep, v.channel, site.title_sep, site.name),
    };
    let _ = writeln!(out, "<title>{}</title>", esc(&t));
    if site.idx % 2 == 1 {
        let _ = writeln!(out, "<link rel=\"canonical\" href=\"{}\" />", esc(&v.url));
    }
    let _ = writeln!(
        out,
        "<meta name=\"keywords\" content=\"{},{},{}\" />",
        esc(&v.channel),
        esc(&site.name),
        esc(&v.board)
    );
    if site.description_meta {
        let first = v.items.iter().find_map(|i| if let Item::Para(p) = i { Some(p.as_str()) } else { None });
        if let Some(p) = first {
            let d: String = p.chars().take(70).collect();
            let _ = writeln!(out, "<meta name=\"description\" content=\"{}\" />", esc(&d));
        }
    }
    let _ = writeln!(out, "<link rel=\"stylesheet\" type=\"text/css\" href=\"/css/{}.css\" />", rng.token(6));
    out.push_str("<style type=\"text/css\">body{font-size:12px;margin:0}a{color:#333;text-decoration:none}</style>\n");
    for i in 0..site.scripts {
        let _ = writeln!(
            out,
            "<script type=\"text/javascript\">var _c{i} = _c{i} || []; (function() {{ var s = document.createElement(\"script\"); s.src = \"//stat.{}/s.js?{}\"; document.getElementsByTagName(\"head\")[0].appendChild(s); }})();</script>",
            site.dom,
            rng.token(8)
        );
    }
    out.push_str("</head>\n");
}

fn nav(site: &Site, out: &mut String) {
    let n = &site.names;
    match site.layout {
        Layout::Table => {
            let _ = write!(out, "<table width=\"778\" border=\"0\" align=\"center\" cellpadding=\"0\" cellspacing=\"0\" class=\"{}\"><tr><td>", n.nav);
            let links: Vec<String> =
                site.nav.iter().enumerate().map(|(i, c)| format!("<a href=\"/{i}/\">{c}</a>")).collect();
            out.push_str(&links.join(" | "));
            out.push_str("</td></tr></table>\n");
        }
        Layout::Html5 => {
            let _ = write!(out, "<nav class=\"{}\"><ul>", n.nav);
            for (i, c) in site.nav.iter().enumerate() {
                let _ = write!(out, "<li><a href=\"/{i}/\">{c}</a></li>");
            }
            out.push_str("</ul></nav>\n");
        }
        _ => {
            let _ = write!(out, "<div class=\"{}\"><ul>", n.nav);
            for (i, c) in site.nav.iter().enumerate() {
                let _ = write!(out, "<li><a href=\"http://{}/{}/\">{c}</a></li>", site.host, i);
            }
            out.push_str("</ul></div>\n");
        }
    }
}

fn header(site: &Site, rng: &mut Rng, out: &mut String) {
    let n = &site.names;
    let tag = if site.layout == Layout::Html5 { "header" } else { "div" };
    let _ = write!(
        out,
        "<div class=\"topbar\"><a href=\"#\">设为首页</a> | <a href=\"#\">加入收藏</a> | <a href=\"#\">手机版</a> <span>{}</span> <a href=\"/login\">登录</a> <a href=\"/reg\">注册</a></div>\n<{tag} class=\"{}\"><a href=\"http://{}/\" class=\"logo\"><img src=\"/images/logo_{}.gif\" alt=\"{}\" /></a>",
        if rng.chance(0.5) { "欢迎光临" } else { "" },
        n.header,
        site.host,
        rng.token(4),
        esc(&site.name)
    );
    out.push_str("<form action=\"/search\" method=\"get\"><input type=\"text\" name=\"q\" value=\"请输入关键字\" /><input type=\"submit\" value=\"搜索\" /></form>");
    let _ = writeln!(out, "</{tag}>");
    nav(site, out);
}

fn crumb(site: &Site, v: &View, out: &mut String) {
    if !site.breadcrumb {
        return;
    }
    let n = &site.names;
    let label = match site.idx % 4 {
        0 => "您的位置：",
        1 => "当前位置：",
        2 => "位置：",
        _ => "",
    };
    let _ = writeln!(
        out,
        "<div class=\"{}\">{label}<a href=\"http://{}/\">首页</a>{sep}<a href=\"/{}/\">{}</a>{sep}正文</div>",
        n.crumb,
        site.host,
        v.channel,
        v.channel,
        sep = site.crumb_sep
    );
}

fn info_line(site: &Site, v: &View, rng: &mut Rng) -> String {
    let mut parts = vec![date(site, v.publish, site.date_style)];
    if site.date_style == 4 {
        parts[0] = format!("发布时间：{}", parts[0]);
    }
    parts.push(format!("来源：{}", esc(&v.source)));
    if let Some(a) = &v.author {
        parts.push(format!("作者：{}", esc(a)));
    }
    if rng.chance(0.5) {
        parts.push(format!("点击：{}", v.views));
    }
    if site.tools {
        parts.push("【字号：<a href=\"#\">大</a> <a href=\"#\">中</a> <a href=\"#\">小</a>】".to_string());
    }
    if site.comment_p > 0.0 {
        parts.push(format!("<a href=\"#comment\">评论({})</a>", v.comments.len()));
    }
    parts.join(if site.idx & 1 == 0 { "　" } else { " | " })
}

fn share(site: &Site, rng: &mut Rng) -> String {
    if !site.share {
        return String::new();
    }
    let items: Vec<String> =
        pick_share(rng).iter().map(|s| format!("<a href=\"#\" title=\"分享到{s}\">{s}</a>")).collect();
    format!("<div class=\"{}\">分享到：{}</div>\n", site.names.share, items.join(" "))
}

fn para_html(site: &Site, text: &str, out: &mut String) {
    let indent = if site.indent {
        if site.idx & 1 == 0 {
            "　　"
        } else {
            "&nbsp;&nbsp;&nbsp;&nbsp;"
        }
    } else {
        ""
    };
    let t = esc(text);
    match site.para_style {
        0 => {
            let _ = writeln!(out, "<p>{indent}{t}</p>");
        }
        1 => {
            let _ = writeln!(out, "{indent}{t}<br /><br />");
        }
        2 => {
            let _ = writeln!(out, "<div>{indent}{t}</div>");
        }
        _ => {
            let _ = writeln!(out, "<p><span style=\"font-size:14px;\">{indent}{t}</span></p>");
        }
    }
}

fn editor_line(site: &Site, v: &View) -> Option<String> {
    let n = &site.names;
    match site.editor_style {
        1 => Some(format!("<p class=\"{}\">（责任编辑：{}）</p>", n.editor, v.editor)),
        2 => Some(format!("<div class=\"{}\">[编辑：{}]</div>", n.editor, v.editor)),
        3 => Some(format!("<p class=\"{}\">编辑：{}　校对：{}</p>", n.editor, v.editor, site.editors[0])),
        _ => None,
    }
}

fn content(site: &Site, v: &View, out: &mut String) {
    let n = &site.names;
    let tag = if site.layout == Layout::Html5 && site.idx % 3 == 1 { "section" } else { "div" };
    let _ = writeln!(out, "<{tag} {}>", attr(site, &n.content, n.content_is_id));
    if site.editor_style == 4 {
        if let Some(a) = &v.author {
            let _ = writeln!(out, "<p>作者：{}</p>", esc(a));
        }
    }
    for item in &v.items {
        match item {
            Item::Para(p) => para_html(site, p, out),
            Item::Heading(h) => {
                let _ = writeln!(out, "<p><strong>{}</strong></p>", esc(h));
            }
            Item::More(u) => {
                let _ = writeln!(out, "<p><a href=\"{}\">【详细】</a></p>", esc(u));
            }
            Item::Note(t) => {
                let _ = writeln!(out, "<p>{}</p>", esc(t));
            }
        }
    }
    if let Some(e) = editor_line(site, v) {
        let _ = writeln!(out, "{e}");
    }
    if let Some(note) = &site.body_note {
        let _ = writeln!(out, "<p>{}</p>", esc(note));
    }
    let _ = writeln!(out, "</{tag}>");
    if let Some((part, parts, u1, u2)) = &v.pages {
        let _ = write!(out, "<div class=\"{}\">共{parts}页 ", n.pages);
        if *part == 1 {
            let _ = write!(out, "<span>1</span> <a href=\"{u2}\">2</a> <a href=\"{u2}\">下一页</a>");
        } else {
            let _ = write!(out, "<a href=\"{u1}\">上一页</a> <a href=\"{u1}\">1</a> <span>2</span>");
        }
        out.push_str("</div>\n");
    }
}

fn related(site: &Site, v: &View, out: &mut String) {
    if v.related.is_empty() {
        return;
    }
    let n = &site.names;
    let _ = writeln!(out, "<div class=\"{}\"><h3>{}</h3><ul>", n.related, site.related_label);
    for (t, u, snip) in &v.related {
        match snip {
            Some(s) => {
                let _ = writeln!(out, "<li><h4><a href=\"{}\">{}</a></h4><p>{}</p></li>", esc(u), esc(t), esc(s));
            }
            None => {
                let _ = writeln!(out, "<li><a href=\"{}\">{}</a></li>", esc(u), esc(t));
            }
        }
    }
    out.push_str("</ul></div>\n");
}

fn comments(site: &Site, v: &View, out: &mut String) {
    if v.comments.is_empty() {
        return;
    }
    let n = &site.names;
    let _ = writeln!(out, "<div class=\"{}\" id=\"comment\"><h3>{}</h3>", n.comments, site.comments_label);
    let list = site.idx % 3;
    if list == 0 {
        out.push_str("<ul>\n");
    }
    for (i, c) in v.comments.iter().enumerate() {
        let who = format!("{}网友 {}", site.city, esc(&c.user));
        let when = date(site, c.time, 0);
        match list {
            0 => {
                let _ = writeln!(
                    out,
                    "<li class=\"{}\"><span class=\"u\">{who}</span> <span class=\"t\">{when}</span><p>{}</p><span class=\"act\">支持({}) 反对({}) 回复</span></li>",
                    n.item,
                    esc(&c.text),
                    (i * 7 + 3) % 40,
                    (i * 3 + 1) % 9
                );
            }
            1 => {
                let _ = writeln!(
                    out,
                    "<div class=\"{}\"><div class=\"info\"><b>{who}</b> 发表于 {when}</div><div class=\"txt\">{}</div></div>",
                    n.item,
                    esc(&c.text)
                );
            }
            _ => {
                let _ = writeln!(out, "<dl class=\"{}\"><dt>{who}　{when}</dt><dd>{}</dd></dl>", n.item, esc(&c.text));
            }
        }
    }
    if list == 0 {
        out.push_str("</ul>\n");
    }
    let _ =
        writeln!(out, "<div class=\"more\">已有{}条评论，<a href=\"#\">查看全部</a></div></div>", v.comments.len() + 3);
}

fn side(site: &Site, v: &View, out: &mut String) {
    let n = &site.names;
    let tag = if site.layout == Layout::Html5 { "aside" } else { "div" };
    let _ = writeln!(out, "<{tag} class=\"{}\">", n.side);
    for (label, items) in &v.side {
        let _ = write!(out, "<div class=\"box\"><h3>{label}</h3><ul>");
        for (t, u) in items {
            let _ = write!(out, "<li><a href=\"{}\">{}</a></li>", esc(u), esc(t));
        }
        out.push_str("</ul></div>\n");
    }
    let _ =
        writeln!(out, "<div class=\"ad\"><a href=\"#\"><img src=\"/ad/{}.jpg\" alt=\"广告\" /></a></div>", site.idx);
    let _ = writeln!(out, "</{tag}>");
}

fn footer(site: &Site, out: &mut String) {
    let n = &site.names;
    let tag = if site.layout == Layout::Html5 { "footer" } else { "div" };
    let links: Vec<String> = site.footer_links.iter().map(|l| format!("<a href=\"#\">{l}</a>")).collect();
    let _ = write!(out, "<{tag} class=\"{}\"><p>{}</p>", n.footer, links.join(" | "));
    for l in &site.footer_lines {
        let _ = write!(out, "<p>{}</p>", esc(l));
    }
    let _ = writeln!(out, "</{tag}>");
}

fn title_block(site: &Site, v: &View, rng: &mut Rng, out: &mut String) {
    let n = &site.names;
    let info = info_line(site, v, rng);
    let h = match site.layout {
        Layout::Html5 => format!("<h1>{}</h1>", esc(&v.title)),
        _ if site.idx & 1 == 0 => format!("<h1 class=\"{}\">{}</h1>", n.title, esc(&v.title)),
        _ => format!("<div class=\"{}\"><h1>{}</h1></div>", n.title, esc(&v.title)),
    };
    let i = if site.layout == Layout::Html5 {
        format!("<p class=\"{}\"><time>{}</time></p>", n.info, info)
    } else {
        format!("<div class=\"{}\">{}</div>", n.info, info)
    };
    if site.info_first {
        let _ = writeln!(out, "{i}\n{h}");
    } else {
        let _ = writeln!(out, "{h}\n{i}");
    }
}

fn news_div(site: &Site, v: &View, rng: &mut Rng, out: &mut String) {
    let n = &site.names;
    out.push_str("<body>\n");
    header(site, rng, out);
    let _ = writeln!(out, "<div class=\"{}\">", n.wrap);
    crumb(site, v, out);
    let main_open = format!("<div class=\"{}\">", n.article);
    let mut main = String::new();
    main.push_str(&main_open);
    main.push('\n');
    title_block(site, v, rng, &mut main);
    main.push_str(&share(site, rng));
    content(site, v, &mut main);
    if site.tools {
        let tools: Vec<String> = TOOLS.iter().map(|t| format!("<a href=\"#\">{t}</a>")).collect();
        let _ = writeln!(main, "<div class=\"tools\">{}</div>", tools.join(" "));
    }
    if site.comments_first {
        comments(site, v, &mut main);
        related(site, v, &mut main);
    } else {
        related(site, v, &mut main);
        comments(site, v, &mut main);
    }
    main.push_str("</div>\n");
    let mut s = String::new();
    side(site, v, &mut s);
    if site.side_first {
        out.push_str(&s);
        out.push_str(&main);
    } else {
        out.push_str(&main);
        out.push_str(&s);
    }
    out.push_str("</div>\n");
    footer(site, out);
}

fn news_html5(site: &Site, v: &View, rng: &mut Rng, out: &mut String) {
    out.push_str("<body>\n");
    header(site, rng, out);
    crumb(site, v, out);
    out.push_str("<main>\n<article>\n<header>\n");
    title_block(site, v, rng, out);
    out.push_str("</header>\n");
    content(site, v, out);
    out.push_str(&share(site, rng));
    out.push_str("</article>\n");
    if site.comments_first {
        comments(site, v, out);
        related(site, v, out);
    } else {
        related(site, v, out);
        comments(site, v, out);
    }
    side(site, v, out);
    out.push_str("</main>\n");
    footer(site, out);
}

fn news_table(site: &Site, v: &View, rng: &mut Rng, out: &mut String) {
    let n = &site.names;
    out.push_str("<body topmargin=\"0\" leftmargin=\"0\">\n");
    let _ = writeln!(
        out,
        "<table width=\"778\" border=\"0\" align=\"center\" cellpadding=\"0\" cellspacing=\"0\"><tr><td width=\"200\"><img src=\"/images/logo.gif\" alt=\"{}\"></td><td><img src=\"/images/banner{}.gif\"></td></tr></table>",
        esc(&site.name),
        rng.range(1, 9)
    );
    nav(site, out);
    out.push_str("<table width=\"778\" border=\"0\" align=\"center\" cellpadding=\"0\" cellspacing=\"0\"><tr>\n");
    let side_td = |out: &mut String| {
        out.push_str("<td width=\"200\" valign=\"top\">");
        side(site, v, out);
        out.push_str("</td>\n");
    };
    if site.side_first {
        side_td(out);
    }
    out.push_str("<td valign=\"top\"><table width=\"100%\" border=\"0\" cellspacing=\"0\" cellpadding=\"4\">\n");
    if site.breadcrumb {
        let _ = writeln!(
            out,
            "<tr><td class=\"{}\">当前位置：<a href=\"/\">首页</a>{sep}<a href=\"#\">{}</a>{sep}正文</td></tr>",
            n.crumb,
            v.channel,
            sep = site.crumb_sep
        );
    }
    let _ = writeln!(out, "<tr><td align=\"center\" class=\"{}\"><b>{}</b></td></tr>", n.title, esc(&v.title));
    let _ = writeln!(out, "<tr><td align=\"center\" class=\"{}\">{}</td></tr>", n.info, info_line(site, v, rng));
    out.push_str("<tr><td>");
    content(site, v, out);
    out.push_str("</td></tr>\n");
    if site.tools {
        out.push_str("<tr><td align=\"right\">【<a href=\"#\">打印本页</a>】【<a href=\"javascript:window.close()\">关闭窗口</a>】</td></tr>\n");
    }
    if !v.related.is_empty() {
        out.push_str("<tr><td>");
        related(site, v, out);
        out.push_str("</td></tr>\n");
    }
    if !v.comments.is_empty() {
        out.push_str("<tr><td>");
        comments(site, v, out);
        out.push_str("</td></tr>\n");
    }
    out.push_str("</table></td>\n");
    if !site.side_first {
        side_td(out);
    }
    out.push_str("</tr></table>\n");
    out.push_str("<table width=\"778\" align=\"center\"><tr><td align=\"center\">");
    footer(site, out);
    out.push_str("</td></tr></table>\n");
}

/// Post markup, shared by the opening post and the replies.
fn post_body(paras: &[String]) -> String {
    paras.iter().map(|p| esc(p)).collect::<Vec<_>>().join("<br />\n")
}

#[allow(clippy::too_many_arguments)]
fn discuz_post(
    site: &Site,
    pid: u64,
    floor: usize,
    user: &str,
    time: i64,
    paras: &[String],
    rng: &mut Rng,
    out: &mut String,
) {
    let label = match floor {
        1 => "楼主".to_string(),
        2 => "沙发".to_string(),
        3 => "板凳".to_string(),
        4 => "地板".to_string(),
        f => format!("{f}<sup>#</sup>"),
    };
    let _ = writeln!(
        out,
        "<div id=\"post_{pid}\"><table id=\"pid{pid}\" class=\"plhin\" summary=\"pid{pid}\" cellspacing=\"0\" cellpadding=\"0\"><tr><td class=\"pls\" rowspan=\"2\"><div class=\"pi\"><div class=\"authi\"><a href=\"space-uid-{}.html\" class=\"xw1\">{}</a></div></div><div class=\"tns xg2\"><table cellspacing=\"0\" cellpadding=\"0\"><tr><th><p>{}</p>主题</th><th><p>{}</p>帖子</th><td><p>{}</p>积分</td></tr></table></div></td>",
        rng.range(1000, 99999),
        esc(user),
        rng.range(0, 60),
        rng.range(1, 3000),
        rng.range(1, 9000)
    );
    let _ = write!(
        out,
        "<td class=\"plc\"><div class=\"pi\"><strong><a href=\"#pid{pid}\">{label}</a></strong><div class=\"pti\"><div class=\"authi\"><em id=\"authorposton{pid}\">发表于 {}</em><span class=\"pipe\">|</span><a href=\"#\">只看该作者</a></div></div></div>\n<div class=\"pct\"><div class=\"pcb\"><div class=\"t_fsz\"><table cellspacing=\"0\" cellpadding=\"0\"><tr><td class=\"t_f\" id=\"postmessage_{pid}\">\n{}\n</td></tr></table></div></div></div></td></tr>\n",
        date(site, time, 0),
        post_body(paras)
    );
    out.push_str("<tr><td class=\"plc plm\">");
    if rng.chance(site.signature_p) {
        let _ = write!(
            out,
            "<div class=\"sign\">{}</div>",
            super::text::SIGNATURES[rng.range(0, super::text::SIGNATURES.len())]
        );
    }
    out.push_str("</td></tr>\n<tr><td class=\"pls\"></td><td class=\"plc\"><div class=\"po hin\"><div class=\"pob cl\"><em><a class=\"fastre\" href=\"#\">回复</a></em><p><a href=\"#\">举报</a></p></div></div></td></tr></table></div>\n");
}

fn forum_discuz(site: &Site, v: &View, paras: &[String], rng: &mut Rng, out: &mut String) {
    out.push_str("<body id=\"nv_forum\" class=\"pg_viewthread\">\n");
    let _ = writeln!(
        out,
        "<div id=\"toptb\" class=\"cl\"><div class=\"wp\"><div class=\"z\"><a href=\"#\">设为首页</a><a href=\"#\">收藏本站</a></div><div class=\"y\"><a href=\"member.php?mod=logging\">登录</a><a href=\"member.php?mod=register\">立即注册</a></div></div></div>"
    );
    let _ = write!(out, "<div id=\"hd\"><div class=\"wp\"><div class=\"hdc cl\"><h2><a href=\"./\" title=\"{0}\"><img src=\"static/image/common/logo.png\" alt=\"{0}\" /></a></h2></div><div id=\"nv\"><ul>", esc(&site.name));
    for (i, c) in site.nav.iter().take(8).enumerate() {
        let _ = write!(out, "<li><a href=\"forum-{i}-1.html\">{c}</a></li>");
    }
    out.push_str("</ul></div></div></div>\n<div id=\"wp\" class=\"wp\">\n");
    let _ = writeln!(
        out,
        "<div id=\"pt\" class=\"bm cl\"><div class=\"z\"><a href=\"./\" class=\"nvhm\">{}</a> <em>&rsaquo;</em> <a href=\"forum.php\">论坛</a> <em>&rsaquo;</em> <a href=\"#\">{}</a> <em>&rsaquo;</em> <a href=\"#\">{}</a></div></div>",
        esc(&site.name),
        esc(&v.board),
        esc(&v.title)
    );
    let _ = writeln!(
        out,
        "<div id=\"ct\" class=\"wp cl\"><div id=\"pgt\" class=\"pgs mbm cl\"><span class=\"y pgb\"><a href=\"#\">返回列表</a></span><a id=\"newspecial\" href=\"#\">发新帖</a></div>\n<div id=\"postlist\" class=\"pl bm\">"
    );
    let _ = writeln!(
        out,
        "<table cellspacing=\"0\" cellpadding=\"0\"><tr><td class=\"pls ptn pbn\"><div class=\"hm ptn\"><span class=\"xg1\">查看:</span> <span class=\"xi1\">{}</span><span class=\"pipe\">|</span><span class=\"xg1\">回复:</span> <span class=\"xi1\">{}</span></div></td><td class=\"plc ptm pbn vwthd\"><h1 class=\"ts\"><span id=\"thread_subject\">{}</span></h1></td></tr></table>",
        v.views,
        v.comments.len(),
        esc(&v.title)
    );
    let base = rng.range(100_000, 9_000_000) as u64;
    discuz_post(site, base, 1, &v.poster, v.publish, paras, rng, out);
    for (i, c) in v.comments.iter().enumerate() {
        discuz_post(
            site,
            base + 1 + i as u64 * rng.range(1, 40) as u64,
            i + 2,
            &c.user,
            c.time,
            std::slice::from_ref(&c.text),
            rng,
            out,
        );
    }
    out.push_str("</div></div></div>\n");
    let links: Vec<String> = site.footer_links.iter().map(|l| format!("<a href=\"#\">{l}</a>")).collect();
    let _ = write!(
        out,
        "<div id=\"ft\" class=\"wp cl\"><div id=\"flk\" class=\"y\"><p>{}</p>",
        links.join("<span class=\"pipe\">|</span>")
    );
    for l in &site.footer_lines {
        let _ = write!(out, "<p>{}</p>", esc(l));
    }
    out.push_str("</div><div id=\"frt\"><p>Powered by <strong><a href=\"#\">Discuz!</a></strong> <em>X1.5</em></p></div></div>\n");
}

fn forum_floors(site: &Site, v: &View, paras: &[String], rng: &mut Rng, out: &mut String) {
    let n = &site.names;
    out.push_str("<body>\n");
    header(site, rng, out);
    let _ = writeln!(out, "<div class=\"{}\">", n.wrap);
    let _ = writeln!(
        out,
        "<div class=\"{}\"><a href=\"/\">{}</a>{sep}<a href=\"#\">{}</a>{sep}浏览帖子</div>",
        n.crumb,
        esc(&site.name),
        esc(&v.board),
        sep = site.crumb_sep
    );
    let _ = writeln!(
        out,
        "<div class=\"{}\"><h1>{}</h1><span>浏览：{}　回复：{}</span></div>",
        n.title,
        esc(&v.title),
        v.views,
        v.comments.len()
    );
    let floor = |out: &mut String, k: usize, user: &str, time: i64, text: &str, rng: &mut Rng| {
        let _ = write!(
            out,
            "<div class=\"{}\" id=\"floor{k}\"><div class=\"user\"><a href=\"#\">{}</a><br />等级：{}</div><div class=\"msg\"><div class=\"time\">{}楼　发表于 {}</div><div class=\"text\">{}</div>",
            n.item,
            esc(user),
            rng.pick(&["新手上路", "初级会员", "中级会员", "高级会员", "版主"]),
            k,
            date(site, time, 2),
            text
        );
        if rng.chance(site.signature_p) {
            let _ = write!(
                out,
                "<div class=\"sig\">{}</div>",
                super::text::SIGNATURES[rng.range(0, super::text::SIGNATURES.len())]
            );
        }
        out.push_str("</div></div>\n");
    };
    if site.first_post_own_block {
        let _ = writeln!(
            out,
            "<div class=\"{}\"><div class=\"author\">楼主：{}　发表于 {}</div><div class=\"{}\">\n{}\n</div></div>",
            n.article,
            esc(&v.poster),
            date(site, v.publish, 2),
            n.content,
            paras.iter().map(|p| format!("<p>{}</p>", esc(p))).collect::<String>()
        );
        let _ = writeln!(out, "<div class=\"{}\">", n.comments);
    } else {
        let _ = writeln!(out, "<div class=\"{}\">", n.comments);
        let body = paras.iter().map(|p| format!("<p>{}</p>", esc(p))).collect::<String>();
        floor(out, 1, &v.poster, v.publish, &body, rng);
    }
    for (i, c) in v.comments.iter().enumerate() {
        floor(out, i + 2, &c.user, c.time, &esc(&c.text), rng);
    }
    out.push_str("</div>\n");
    related(site, v, out);
    out.push_str("</div>\n");
    footer(site, out);
}

/// The page's HTML (a Unicode string; GBK sites are encoded by the writer).
pub fn render(site: &Site, v: &View, rng: &mut Rng) -> String {
    let mut out = String::with_capacity(16 * 1024);
    head(site, v, rng, &mut out);
    match site.layout {
        Layout::Div => news_div(site, v, rng, &mut out),
        Layout::Html5 => news_html5(site, v, rng, &mut out),
        Layout::Table => news_table(site, v, rng, &mut out),
        Layout::Discuz | Layout::Floors => {
            // The opening post: notes (a reposter's words) and paragraphs in order.
            let paras: Vec<String> = v
                .items
                .iter()
                .map(|i| match i {
                    Item::Para(p) | Item::Note(p) | Item::Heading(p) => p.clone(),
                    Item::More(u) => format!("详细：{u}"),
                })
                .collect();
            if site.layout == Layout::Discuz {
                forum_discuz(site, v, &paras, rng, &mut out);
            } else {
                forum_floors(site, v, &paras, rng, &mut out);
            }
        }
    }
    if rng.chance(0.5) {
        let _ = writeln!(
            out,
            "<script type=\"text/javascript\">document.write('<a href=\"http://ad.{}/c?{}\">{}</a>');</script>",
            site.dom,
            digits(rng, 6),
            rng.pick(CHANNELS)
        );
    }
    out.push_str("</body>\n</html>\n");
    out
}
