//! Repeated lists, threads and comments: a thread's lead post, comments set aside, timelines, layout tables that are no list.

use super::*;

#[test]
fn repeated_comment_items_are_dropped() {
    let body: String = (0..4).map(|i| format!("<p>文章正文第{i}段，讲述了一个完整的故事，内容充实。</p>")).collect();
    let replies: String = (0..6)
        .map(|i| {
            format!(
                "<div class='item'><span>网友{i}</span><span>2026-03-0{i} 10:2{i}</span>\
                 <p>我觉得这篇文章写得很好，值得一读，第{i}条评论。</p></div>"
            )
        })
        .collect();
    let e = extract_html(&format!("<body><div class='post'>{body}</div><div>{replies}</div></body>"));
    let k = kept(&e);
    assert_eq!(k.len(), 4, "{k:?}");
}

#[test]
fn forum_opening_post_with_the_replies_layout_is_the_main_text() {
    let floors: String = (0..6)
        .map(|i| {
            format!(
                "<div class='floor'><span>用户{i}</span><span>{}楼 发表于 2026-03-0{} 10:2{i}</span>\
                 <p>第{i}楼的内容，讲述了一次旅行中的见闻和感受，字数比较充足。</p></div>",
                i + 1,
                i + 1
            )
        })
        .collect();
    let html = format!(
        "<body><h1>帖子标题</h1><div class='posts'>{floors}</div>\
         <div>本站所有帖子仅代表作者本人观点，与本站立场无关，请勿轻信。转载请注明出处，谢谢合作。</div></body>"
    );
    let e = extract_html(&html);
    let k = kept(&e);
    assert_eq!(k.len(), 1, "{k:?}");
    assert!(k[0].contains("第0楼"), "{k:?}");
}

#[test]
fn forum_post_with_a_large_user_panel_is_the_main_text_not_the_footer() {
    let lead = "读完全书后，感觉到一种面对战争的真实感，作者写得非常克制。";
    for legal in ["Copyright © 2001-2026 example.cn", "站长信箱：admin@example.cn"] {
        let e = extract_html(&panel_forum(lead, legal));
        assert_eq!(kept(&e), vec![lead], "footer line {legal:?}");
    }
}

#[test]
fn a_dated_box_before_the_article_is_neither_its_lead_nor_its_text() {
    // With its headlines set as headings the box is a listing; with plain title links it
    // looks like a thread, whose opening post never comes before the page's headline.
    let plain = |i: usize, t: &str, s: &str| {
        format!("<li><a href='/n/{i}.html'>{t}</a><p>{s}</p><span>2026-03-0{}</span></li>", i + 1)
    };
    let article: Vec<String> =
        (0..4).map(|i| format!("这是正文的第{i}段，记者从有关部门了解到，相关工作正在稳步推进之中。")).collect();
    for item in [&listed as &dyn Fn(usize, &str, &str) -> String, &plain] {
        let items: String = EXCERPTS.iter().enumerate().map(|(i, (t, s))| item(i, t, s)).collect();
        let body = format!(
            "<div class='latest'><h3>最新动态</h3><ul>{items}</ul></div><div class='article'><h1>春耕备耕有序推进</h1>{}</div>",
            article.iter().map(|p| format!("<p>{p}</p>")).collect::<String>()
        );
        let e = extract_html(&site_page("春耕备耕有序推进", &body));
        assert_eq!(kept(&e), article, "{}", item(0, "标题", "摘要"));
    }
}

#[test]
fn a_short_article_keeps_its_text_over_the_list_after_it() {
    // A news flash shorter than half an excerpt, and than a comment: the prose under the
    // headline is the article, however short.
    let lead = "今天下午有大风，请关好门窗。";
    let related = |dated: bool| -> String {
        EXCERPTS
            .iter()
            .enumerate()
            .map(|(i, (t, s))| {
                let date = if dated { format!("<span>2026-03-0{}</span>", i + 1) } else { String::new() };
                format!("<li><h4><a href='/n/{i}.html'>{t}</a></h4><p>{s}</p>{date}</li>")
            })
            .collect()
    };
    let comments: String = EXCERPTS
        .iter()
        .enumerate()
        .map(|(i, (_, s))| format!("<li><div><a href='/u/{i}'>网友{i}</a> 2026-03-02 10:2{i}</div><p>{s}</p></li>"))
        .collect();
    for (what, list) in [("related", related(false)), ("dated related", related(true)), ("comments", comments)] {
        let body = format!(
            "<h1>大风蓝色预警</h1><div class='text'><p>{lead}</p></div><h3>相关</h3><ul class='rel'>{list}</ul>"
        );
        let e = extract_html(&site_page("大风蓝色预警", &body));
        assert_eq!(kept(&e), vec![lead], "{what}");
    }
}

#[test]
fn a_timeline_is_the_articles_text_and_dated_comments_are_not() {
    let entries = [
        ("2005年3月", "文物部门首次对城墙进行全面勘察，发现东段有三处墙体开裂。"),
        ("2008年9月", "东段抢险加固工程完工，施工中采用了传统的灰浆工艺。"),
        ("2012年5月", "城墙被列为省级文物保护单位，沿线违章建筑开始拆除。"),
        ("2016年10月", "南门瓮城修缮工程启动，考古人员在地基中发现明代城砖。"),
    ];
    let intro = "老城墙始建于明代，近二十年来经历了多次修缮，以下是几个重要节点。";
    // Dated by months, and by years alone.
    let by_years: Vec<(String, &str)> = entries.iter().map(|&(d, t)| (format!("{}年", &d[..4]), t)).collect();
    let by_months: Vec<(String, &str)> = entries.iter().map(|&(d, t)| (d.to_string(), t)).collect();
    for dated in [by_months, by_years] {
        let timeline: String =
            dated.iter().map(|(d, t)| format!("<li><span class='date'>{d}</span><p>{t}</p></li>")).collect();
        for before in ["", intro] {
            let body = format!(
                "<h1>老城墙修缮大事记</h1><div class='article-content'><p>{before}</p><ul class='timeline'>{timeline}</ul></div>"
            );
            let e = extract_html(&site_page("老城墙修缮大事记", &body));
            // The dates are kept, short as they are: a copy may run them into the entries.
            let want: Vec<&str> = [before]
                .into_iter()
                .filter(|b| !b.is_empty())
                .chain(dated.iter().flat_map(|(d, t)| [d.as_str(), t]))
                .collect();
            assert_eq!(kept(&e), want, "introduction {before:?}, dates {}", dated[0].0);
        }
    }
    // The same layout with the commenters' names beside the dates is a comment thread.
    let comments: String = entries
        .iter()
        .enumerate()
        .map(|(i, (d, t))| format!("<li><span>网友{i}</span><span>{d}</span><p>{t}</p></li>"))
        .collect();
    let article = format!("{intro}{}", entries.iter().map(|x| x.1).collect::<String>());
    let body = format!(
        "<h1>老城墙修缮大事记</h1><div class='article-content'><p>{article}</p><ul class='c'>{comments}</ul></div>"
    );
    assert_eq!(kept(&extract_html(&site_page("老城墙修缮大事记", &body))), vec![article.as_str()]);
    // So is the layout with the names inside the comments' text, under dates days apart.
    let comments: String = entries
        .iter()
        .enumerate()
        .map(|(i, (_, t))| format!("<li><span>2026-03-0{}</span><p>网友{i}：{t}</p></li>", i + 2))
        .collect();
    let body = format!(
        "<h1>老城墙修缮大事记</h1><div class='article-content'><p>{article}</p><ul class='c'>{comments}</ul></div>"
    );
    assert_eq!(kept(&extract_html(&site_page("老城墙修缮大事记", &body))), vec![article]);
}

#[test]
fn a_thread_whose_posters_have_long_names_keeps_its_opening_post() {
    // Long names lead the posts as headlines lead excerpts, all different when the opening
    // poster does not answer; they are not headings. A forum that heads every post with a
    // subject repeats it.
    let texts = [
        "上周末带孩子去了城郊的植物园，温室里的热带植物长得特别好，孩子看得都不想走了。",
        "请问植物园周末人多吗？",
        "上午人不多，下午就多起来了，建议早点去。",
        "收藏了，下次也去看看。",
    ];
    let names = ["山水之间的闲云野鹤", "城市边缘的追梦少年", "安静地听一场春雨", "每天都要开心的小鱼"];
    let named = |i: usize| format!("<div class='u'><a href='/u/{i}'>{}</a></div>", names[i]);
    let subject = |i: usize| {
        let re = if i == 0 { "" } else { "Re: " };
        format!(
            "<h3><a href='#p{i}'>{re}周末去城郊植物园看热带植物</a></h3><div class='u'><a href='/u/{i}'>{}</a></div>",
            names[i]
        )
    };
    for head in [&named as &dyn Fn(usize) -> String, &subject] {
        let posts: String = texts
            .iter()
            .enumerate()
            .map(|(i, t)| {
                format!("<div class='post'>{}<span>2026-03-02 10:2{i}</span><div class='msg'>{t}</div></div>", head(i))
            })
            .collect();
        let html = site_page("周末去植物园", &format!("<h1>周末去植物园</h1><div class='posts'>{posts}</div>"));
        assert_eq!(kept(&extract_html(&html)), vec![texts[0]], "{}", head(0));
    }
}

/// A thread whose subject is set inside its opening post, after the poster's panel, and
/// repeated by the `<title>` with the forum's name: the opening post still leads.
#[test]
fn a_thread_whose_subject_is_inside_its_opening_post_keeps_that_post() {
    let posts = [
        "老房子的墙面起皮很严重，这个周末打算自己动手铲掉重刷，先把准备的工具和材料列一下。",
        "铲墙皮之前一定要先喷水，等十分钟再铲，灰会少很多。",
        "腻子要薄刮两遍，第一遍干透了再刮第二遍。",
        "记得买好一点的滚筒，便宜的掉毛，刷完墙上全是毛。",
    ];
    let rows: String = posts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let subject =
                if i == 0 { "<h3 class='sub'>记录一下老房子自己刷墙的全过程</h3>" } else { "" };
            format!(
                "<tr class='row'><td class='u'><a href='/u/{i}'>用户{i}</a></td><td class='c'>\
                 <span>2026-03-0{} 10:2{i}</span>{subject}<p>{p}</p></td></tr>",
                i + 1
            )
        })
        .collect();
    let html = format!(
        "<html><head><title>记录一下老房子自己刷墙的全过程 某某社区</title></head><body>\
         <table class='forum'>{rows}</table></body></html>"
    );
    let e = extract_html(&html);
    assert_eq!(kept(&e), vec![posts[0]]);
}

#[test]
fn a_single_comment_inside_a_comment_section_does_not_beat_a_short_article() {
    let comment = "<div class='remark' id='comment'><h3>我来说两句</h3><ul><li class='li'>\
                   <span class='u'>南京网友 海浪的老张</span> <span class='t'>2026-03-02 16:04</span>\
                   <p>这台机器用了一个月，散热一般，其他都还可以。</p>\
                   <span class='act'>支持(3) 反对(1) 回复</span></li></ul></div>";
    let page = |comment: &str| short_article(comment).replace("x7k", "art_content");
    let e = extract_html(&page(comment));
    assert_eq!(kept(&e), vec![SHORT_LEAD]);
    // The same comment outside a section named so is a rival the article loses to.
    let e = extract_html(&page(&comment.replace(" id='comment'", "")));
    assert_ne!(kept(&e), vec![SHORT_LEAD]);
}

#[test]
fn a_notices_metadata_grid_above_it_is_no_thread() {
    // A government site's notice: its metadata in dated rows of a grid (索引号, 主题分类,
    // 发文字号, 发布日期), alike as a thread's posts, then the notice in paragraphs.
    let notice = [
        "为做好今年春节期间的安全生产工作，确保全市人民群众度过一个欢乐祥和的节日，现将有关事项通知如下。",
        "一、各区县要组织开展一次安全生产大检查，重点检查人员密集场所、建筑工地和危险化学品企业。",
        "二、各有关部门要严格执行值班制度，遇有突发事件要及时报告，不得迟报、漏报。",
    ];
    let body: String = notice.iter().map(|p| format!("<p>{p}</p>")).collect();
    let html = format!(
        "<html><body><div class='main'><div class='xxgk'><table><tbody>\
         <tr><td>索引号：11530/2026-00412</td><td>主题分类：安全生产、应急管理</td></tr>\
         <tr><td>发文字号：西政办发〔2026〕3号</td><td>发布日期：2026年1月18日</td></tr>\
         <tr><td>成文日期：2026年1月16日</td><td>有效性：有效</td></tr></tbody></table></div>\
         <div class='article'><div class='TRS_Editor'>{body}</div></div></div></body></html>"
    );
    assert_eq!(kept(&extract_html(&html)), notice.to_vec());
}

#[test]
fn an_article_table_between_layout_tables_is_not_a_list_item() {
    // An old portal laid out as three sibling tables: header, article (paragraphs separated by
    // <br><br>), footer. Two of the three carry links or a date, as list items do.
    let article = LONG_ARTICLE.join("<br><br>");
    let html = format!(
        "<body><table><tr><td><a href='/'>首页</a> <a href='/n'>新闻</a> <a href='/s'>社会</a></td></tr>\
         <tr><td>2026年1月12日 星期一</td></tr></table>\
         <table><tr><td>{article}</td></tr></table>\
         <table><tr><td><a href='/about'>关于本站</a> | <a href='/contact'>联系方式</a></td></tr>\
         <tr><td>西关新闻网主办</td></tr></table></body>"
    );
    let e = extract_html(&html);
    assert_eq!(kept(&e), LONG_ARTICLE.to_vec());
}

#[test]
fn a_short_article_between_layout_sections_is_not_a_list_item() {
    // The same layout with `<center>`s and a news flash: the article's section, with its
    // date line and a box of related links, is no larger than a comment, and two of the three
    // sections carry links or a date as list items do. It holds the headline: the page.
    let flash = [
        "本报讯 昨天上午，西关大桥主桥伸缩缝更换工程完工，大桥恢复双向六车道通行。",
        "市政部门提醒，夜间仍有零星养护作业，过往车辆请减速慢行。",
    ];
    let html = format!(
        "<html><head><title>西关大桥恢复通行 - 西关新闻网</title></head><body>\
         <center><table><tr><td><img src='logo.gif'></td></tr><tr><td><a href='/'>首页</a> | \
         <a href='/n'>新闻</a> | <a href='/s'>社会</a></td></tr></table></center>\
         <center><table><tr><td>您现在的位置：<a href='/'>首页</a>-&gt;正文</td></tr>\
         <tr><td><b>西关大桥恢复通行</b></td></tr><tr><td>2026年1月12日 来源：西关日报 点击：213次</td></tr>\
         <tr><td>{}<br><br>{}</td></tr><tr><td>编辑：李明</td></tr>\
         <tr><td><h3>相关文章</h3><ul><li><a href='/a/1'>城南菜市场改造完成</a></li>\
         <li><a href='/a/2'>西关区新增三处停车场</a></li><li><a href='/a/3'>环湖绿道今起开放</a></li></ul></td></tr>\
         </table></center>\
         <center><a href='/about'>关于我们</a> | <a href='/contact'>联系我们</a><br>\
         Copyright &copy; 2026 西关新闻网 版权所有</center></body></html>",
        flash[0], flash[1]
    );
    let e = extract_html(&html);
    assert_eq!(kept(&e), flash.to_vec());
    // No headline to be found (a title that names only the site): the section is the one
    // item holding prose, the footer's aside, and nothing readable lies outside the list.
    let untitled =
        html.replace("西关大桥恢复通行 - 西关新闻网", "西关新闻网").replace("<b>西关大桥恢复通行</b>", "图片：");
    let e = extract_html(&untitled);
    assert_eq!(kept(&e), flash.to_vec());
}

/// A box of other stories under a short article, each a link and its summary, whose first
/// summary is longer than any list item (a whole page of names) is set aside whole: the
/// article under the headline is the text.
#[test]
fn a_long_summary_in_a_box_of_other_stories_is_not_the_article() {
    let flash = "江岸大桥今晚起封闭检修三天，过江车辆请绕行二桥。交警部门提醒市民合理安排出行时间。";
    let names: String = (0..240)
        .map(|i| format!("{}{}、", ["王", "李", "张", "刘"][i % 4], ["建国", "秀英", "志强", "海燕", "立新"][i % 5]))
        .collect();
    let items = [
        ("/n/101.html", "全市文化艺术界代表名单（240人）", names.as_str()),
        ("/n/102.html", "城南新建两座过街天桥今天通车", "附近居民过马路不用再绕行。"),
        ("/n/103.html", "冬季流感高发期来临专家提醒", "专家建议老人和儿童尽早接种疫苗。"),
        ("/n/104.html", "全市新增三条公交线路", "新线路串起了城东的三个大型社区。"),
    ];
    let lis: String = items.iter().map(|(h, t, p)| format!("<li><a href='{h}'>{t}</a><p>{p}</p></li>")).collect();
    let body = format!(
        "<div class='article'><h1>江岸大桥封闭检修三天</h1><div class='info'>2026-03-01 09:00 来源：江岸网</div>\
         <div class='text'><p>{flash}</p></div><div>（编辑 张三）</div></div>\
         <div><h3>猜你喜欢</h3><ul>{lis}</ul></div>"
    );
    assert!(names.chars().count() > 600, "longer than any list item");
    assert_eq!(extract_html(&site_page("江岸大桥封闭检修三天", &body)).main_text(), flash);
}

#[test]
fn a_long_comment_under_a_short_article_is_a_comment() {
    let flash = "江岸大桥今晚起封闭检修三天，过江车辆请绕行二桥。";
    let review = "我每天上班都走这座桥，早就盼着检修了。桥面坑洼多，下雨天积水严重，电动车经过时溅得满身是泥。\
                  希望这次能把伸缩缝也一起换掉，晚上开车经过时咣当咣当响，住在桥头的居民意见很大。";
    let long: String = std::iter::repeat_n(review, 8).collect();
    assert!(long.chars().count() > 600, "longer than any list item");
    let row = |i: usize, text: &str| {
        format!("<tr><td class='user'>网友{i}<br>2026-03-0{} 1{i}:2{i}</td><td class='txt'>{text}</td></tr>", 1 + i % 8)
    };
    let short = [
        "检修是好事，就是时间选得不太好。",
        "二桥本来就堵，这下更堵了。",
        "支持，安全第一。",
        "能不能晚上施工白天通车？",
    ];
    let rows: String = short.iter().enumerate().map(|(i, t)| row(i, t)).chain(std::iter::once(row(7, &long))).collect();
    let body = format!(
        "<div class='article'><h1>江岸大桥封闭检修三天</h1><div class='info'>2026-03-01 09:00 来源：江岸网</div>\
         <div class='text'><p>{flash}</p></div></div>\
         <table class='pl'><tr><td colspan='2'><b>网友评论</b>（共5条）</td></tr>{rows}</table>"
    );
    assert_eq!(extract_html(&site_page("江岸大桥封闭检修三天", &body)).main_text(), flash);
    // A thread whose opening post is that long keeps it: nothing lies between its subject
    // and the posts.
    let thread = format!(
        "<h1>江岸大桥封闭检修三天</h1><table class='pl'>{}{rows}</table>",
        row(8, &long).replace("'txt'", "'txt first'")
    );
    let e = extract_html(&site_page("江岸大桥封闭检修三天", &thread));
    assert_eq!(e.main_text(), long, "the opening post");
}
