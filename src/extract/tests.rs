//! End-to-end tests of extraction: pages in, kept blocks out, one per page shape.

use super::*;

fn kept(e: &Extracted) -> Vec<&str> {
    e.blocks.iter().filter(|b| b.dropped.is_none()).map(|b| e.block_text(b)).collect()
}

#[test]
fn a_lead_post_typed_with_half_width_full_stops_is_the_main_text() {
    let floors: String = (2..6)
        .map(|i| {
            format!(
                "<div class='floor'><span>用户{i}</span><span>{i}楼 发表于 2026-03-02 10:2{i}</span>\
                 <p>第{i}楼的回复，说得很有道理，我也遇到过同样的情况。</p></div>"
            )
        })
        .collect();
    let lead = "第三天就坏了.因为出差我在第15天拿到维修中心的检测报告后.当天就发货了.到今天已经过去5天.还没有任何消息";
    let html = format!(
        "<body><h1>第三天就坏了</h1><div class='main'><div class='lz'><span>楼主：游客</span>\
         <span>发表于 2026-03-02 09:34</span><div class='c'>{lead}</div></div>\
         <div class='posts'>{floors}</div></div></body>"
    );
    let e = extract_html(&html);
    assert_eq!(kept(&e), vec![lead]);
}

#[test]
fn short_english_sentences_are_prose() {
    let e = extract_html(
        "<div class='article'><p>The river authority opened two new flood gates on Monday, three weeks \
         early.</p><p>The work took fourteen months.</p><p>Many families lost a <b>harvest</b>. <i>Not \
         all.</i></p><p>Farmers had asked for the gates for years, and they welcomed the news.</p>\
         <p>www.example.com</p><p>Version 3.5</p></div>",
    );
    let punct: Vec<(&str, u32, bool)> = e.blocks.iter().map(|b| (e.block_text(b), b.punct, b.ends_sentence)).collect();
    assert_eq!(punct[1], ("The work took fourteen months.", 1, true));
    assert_eq!(punct[2], ("Many families lost a harvest. Not all.", 2, true));
    assert_eq!(punct[4], ("www.example.com", 0, false));
    assert_eq!(punct[5], ("Version 3.5", 0, false));
    let main = e.main_text();
    assert!(main.contains("fourteen months.") && main.contains("Not all."), "{main}");
}

#[test]
fn blocks_cut_at_block_tags_and_breaks() {
    let e = extract_html("<div>一段文字，有标点。<br>第二行，也有标点。<p>第三段&nbsp;内容，有标点。</p></div>");
    let all: Vec<_> = e.blocks.iter().map(|b| e.block_text(b)).collect();
    assert_eq!(all, vec!["一段文字，有标点。", "第二行，也有标点。", "第三段 内容，有标点。"]);
}

#[test]
fn nbsp_without_its_semicolon_is_a_space() {
    let e = extract_html("<div><p>河边的柳树发芽了，引来不少游人。&nbsp&nbsp傍晚时分，湖面上还有人划船。</p></div>");
    assert_eq!(e.main_text(), "河边的柳树发芽了，引来不少游人。 傍晚时分，湖面上还有人划船。");
}

#[test]
fn script_style_comments_are_not_text() {
    let e = extract_html(
        "<html><head><title>标题 &amp; 副题</title><style>p{}</style><script>var a='。';</script></head>\
         <body><!-- 注释。 --><p>正文内容在这里，共有一句话。</p><noscript>请启用脚本。</noscript></body></html>",
    );
    assert_eq!(e.title, "标题 & 副题");
    assert_eq!(e.text, "正文内容在这里，共有一句话。");
}

#[test]
fn navigation_is_dropped_body_kept() {
    let nav: String = (0..12).map(|i| format!("<li><a href='/{i}'>栏目{i}</a></li>")).collect();
    let body: String =
        (0..5).map(|i| format!("<p>这是正文的第{i}段，记者从有关部门了解到，相关工作正在稳步推进之中。</p>")).collect();
    let html = format!(
        "<body><ul class='nav'>{nav}</ul><div class='main'><div class='article'>{body}</div>\
         <div class='share'>分享到：微博 微信</div></div><div class='footer'>关于我们 | 联系方式</div></body>"
    );
    let e = extract_html(&html);
    let k = kept(&e);
    assert_eq!(k.len(), 5, "{k:?}");
    assert!(k.iter().all(|t| t.contains("正文")));
}

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

/// A forum whose posts carry a user panel of a dozen blocks each, with short replies and a
/// footer of full sentences that would outscore them.
fn panel_forum(lead: &str, footer_legal: &str) -> String {
    let post = |i: usize, text: &str| {
        format!(
            "<div class='post'><table><tr><td><a href='#'>用户{i}</a><p>{}</p>主题<p>{}</p>帖子<p>{}</p>积分\
             <p>等级：中级会员</p></td><td><strong>{}楼</strong><em>发表于 2026-03-02 10:2{i}</em>\
             <a href='#'>只看该作者</a><div class='msg'>{text}</div><a href='#'>回复</a><a href='#'>举报</a>\
             </td></tr></table></div>",
            10 + i,
            200 + i,
            3000 + i,
            i + 1
        )
    };
    let replies = ["同意楼上的看法", "路过，顶一下", "写得不错，学习了", "说得有道理"];
    let posts: String =
        std::iter::once(post(0, lead)).chain(replies.iter().enumerate().map(|(i, r)| post(i + 1, r))).collect();
    format!(
        "<body><div class='nav'><a href='/'>首页</a><a href='/f'>论坛</a></div><div id='postlist'>{posts}</div>\
         <div id='ft'><div id='flk'><p>建议使用1024×768以上分辨率浏览本站。</p>\
         <p>本站所有内容仅供参考，不构成任何投资建议。</p><p>如需转载，请与本网联系。</p>\
         <p>{footer_legal}</p></div><div id='frt'>Powered by Forum X1.5</div></div></body>"
    )
}

#[test]
fn forum_post_with_a_large_user_panel_is_the_main_text_not_the_footer() {
    let lead = "读完全书后，感觉到一种面对战争的真实感，作者写得非常克制。";
    for legal in ["Copyright © 2001-2026 example.cn", "站长信箱：admin@example.cn"] {
        let e = extract_html(&panel_forum(lead, legal));
        assert_eq!(kept(&e), vec![lead], "footer line {legal:?}");
    }
}

/// Headlines and first sentences of five short news items, for listings of them.
const EXCERPTS: [(&str, &str); 5] = [
    ("城南社区食堂开始供应早餐", "城南社区的长者食堂从本周一起增加早餐供应，每份价格不超过五元。"),
    ("老码头改建成滨江步道", "废弃多年的老码头经过一年改造，变成了一段长约两公里的滨江步道。"),
    ("秋季蔬菜价格小幅回落", "随着本地秋菜大量上市，菜市场里青菜和萝卜的价格比上月有所下降。"),
    ("少年宫开设周末编程课", "市少年宫本学期新开周末编程兴趣班，报名第一天名额就已排满。"),
    ("夜间公交线路延长运营", "为方便夜班职工出行，三条夜间公交线路的末班车推迟到凌晨一点。"),
];

/// A page of site chrome around `body`.
fn site_page(title: &str, body: &str) -> String {
    format!(
        "<html><head><title>{title}_江岸网</title></head><body><div class='nav'><a href='/'>首页</a> | \
         <a href='/city/'>城事</a></div><div class='wrap'><div class='main'>{body}</div><div class='side'>\
         <h3>热门排行</h3><ul><li><a href='/n/90.html'>全市新增三条公交线路</a></li>\
         <li><a href='/n/91.html'>冬季流感高发期来临</a></li></ul></div></div><div class='footer'>\
         <p>Copyright © 2003-2026 江岸网 版权所有</p></div></body></html>"
    )
}

/// All of [`EXCERPTS`] as [`listed`] items.
fn listed_all() -> String {
    EXCERPTS.iter().enumerate().map(|(i, (t, s))| listed(i, t, s)).collect()
}

/// One dated excerpt under its headline link, as tag, channel and search-result pages list them.
fn listed(i: usize, title: &str, summary: &str) -> String {
    format!(
        "<li class='item'><h3><a href='/n/{i}.html'>{title}</a></h3><p class='summary'>{summary}</p>\
         <div class='meta'><span>2026-03-0{}</span> <a href='/tag/1'>城事</a></div></li>",
        i + 1
    )
}

#[test]
fn a_listing_is_read_as_all_its_excerpts_not_as_its_first_article() {
    // Its dated items look like a thread's posts; read as one, the page would be its first
    // item, and that article, arriving later, would "contain" a tag page.
    let items: String = listed_all();
    // Alone, and beside a paragraph about the site longer than the page's other text may be
    // for a list to be all there is.
    let about = "<div class='about'><p>江岸网是一家立足本地的综合新闻网站，创办于二〇〇三年，\
                 每天发布城事、民生、教育、交通等方面的消息，欢迎读者来信提供新闻线索，我们会认真\
                 核实每一条线索，并及时回复读者的来信和留言。</p></div>";
    for after in ["", about] {
        let html = site_page("标签：社区", &format!("<h1>标签：社区</h1><ul class='list'>{items}</ul>{after}"));
        let e = extract_html(&html);
        assert_eq!(kept(&e), EXCERPTS.iter().map(|x| x.1).collect::<Vec<_>>(), "{after}");
    }
}

#[test]
fn a_listing_with_two_stories_under_one_column_name_is_still_a_listing_and_its_comments_no_lead() {
    // Two of the excerpts under one column's name ("天气趋势分析" twice on a real channel), then
    // visitors' comments, a pager between. Read as a thread, the listing was set aside and its
    // first comment taken for the page's lead post.
    let mut items: String = listed_all();
    items.push_str(&listed(5, "老码头改建成滨江步道", "滨江步道周末迎来大批市民，沿岸新开了三家小店和一处观景平台。"));
    let comments: String = ["说得好，支持一下！", "这条步道我周末刚去过，风景很好。", "希望多开几条这样的线路。"]
        .iter()
        .enumerate()
        .map(|(i, c)| {
            format!(
                "<div class='cm'><span class='u'>网友{i}</span> <span>2026-03-0{} 10:2{i}</span><p>{c}</p></div>",
                i + 1
            )
        })
        .collect();
    let body = format!(
        "<h1>城事新闻列表</h1><ul class='list'>{items}</ul><div class='pg'><a href='?p=2'>下一页</a></div>\
         <div class='comments'>{comments}</div>"
    );
    let e = extract_html(&site_page("城事新闻列表", &body));
    let mut want: Vec<&str> = EXCERPTS.iter().map(|x| x.1).collect();
    want.push("滨江步道周末迎来大批市民，沿岸新开了三家小店和一处观景平台。");
    assert_eq!(kept(&e), want);
    // A forum whose every post leads with the thread's subject is no listing: its opening
    // post stays the page's lead.
    let post = |i: usize, text: &str| {
        format!(
            "<div class='post'><h3><a href='/t/1#p{i}'>回复：城南社区食堂开始供应早餐</a></h3><p>{text}</p>\
             <div class='meta'><span>2026-03-0{} 08:1{i}</span></div></div>",
            i + 1
        )
    };
    let thread: String = [
        "社区食堂的早餐我今天去吃了，豆浆油条加一个鸡蛋才四块五，味道也不错，推荐大家去试试。",
        "同意，比外面的早餐店便宜多了。",
        "老人去吃还能再打折吗？",
        "听说下个月还要增加午餐的品种。",
    ]
    .iter()
    .enumerate()
    .map(|(i, t)| post(i, t))
    .collect();
    let e = extract_html(&format!(
        "<html><head><title>城南社区食堂开始供应早餐</title></head><body>{thread}</body></html>"
    ));
    assert_eq!(kept(&e), vec!["社区食堂的早餐我今天去吃了，豆浆油条加一个鸡蛋才四块五，味道也不错，推荐大家去试试。"]);
}

#[test]
fn a_portals_long_named_footer_does_not_outscore_a_short_article() {
    // An old portal's layout tables: the article's cell under a headline too short to be
    // told (two characters), then a footer of a dozen statements (one over 80 characters)
    // under `class="footer"` that the site's links open, longer than the article and more
    // punctuated. Larger than an unnamed footer may be, it was scored as text and won.
    let statements = [
        "投稿须知：来稿请注明作者真实姓名、工作单位、通讯地址、邮政编码及联系电话，一经采用即付稿酬。",
        "本站手机版同步上线，随时随地浏览新闻资讯，扫描二维码即可下载客户端，第一时间获取权威新闻。",
        "增值电信业务经营许可证：京B2-20260001　京公网安备11010502000001号",
        "本站郑重提醒：请文明上网，理性发言，网友评论仅供其表达个人看法，并不表明本站同意其观点或证实其描述。",
        "网站始终坚持正确的舆论导向，以权威、及时、丰富的新闻报道服务广大网民，努力打造有影响力的主流媒体。",
        "凡本网注明“来源：某某（非江岸网）”的作品，均转载自其它媒体，转载目的在于传递更多信息，并不代表本网赞同其观点和对其真实性负责，如有异议请与本网编辑部联系，我们将在核实后及时处理。",
        "欢迎广大读者通过电子邮件、电话和信函等方式向我们提出宝贵的意见和建议，我们将认真研究并及时改进工作。",
        "用户需对自己在使用本站服务过程中的行为承担法律责任（直接或间接导致的）。",
        "为了给您提供更好的服务，本网站的部分栏目需要注册后方可使用，注册完全免费，欢迎您加入我们的大家庭。",
        "违法和不良信息举报电话：010-65360000　举报邮箱：jubao@example.cn",
        "Copyright © 2003-2026 江岸网 版权所有 All Rights Reserved",
    ];
    assert!(statements.iter().any(|s| s.chars().count() > 80), "a statement longer than an unnamed footer's lines");
    let links = "<p><a href='/about'>关于我们</a>｜<a href='/contact'>联系我们</a>｜<a href='/ad'>广告服务</a>｜\
                 <a href='/map'>网站地图</a></p>";
    let footer: String =
        std::iter::once(links.to_owned()).chain(statements.iter().map(|s| format!("<p>{s}</p>"))).collect();
    let article = [
        "本报讯，城南社区的长者食堂从本周一起增加早餐供应，每份价格不超过五元，七十岁以上老人再享八折优惠。",
        "社区负责人介绍，早餐供应时间为每天六点半到八点半，品种每周更换，居民可以提前一天在服务台预订。",
    ];
    let paragraphs: String = article.iter().map(|p| format!("<p>{p}</p>")).collect();
    for class in ["footer", "bottom", "copyright"] {
        let html = format!(
            "<html><head><title>食堂_江岸网</title></head><body><table width='960'><tr><td>\
             <div class='crumb'>您现在的位置：<a href='/'>首页</a> &gt; 正文</div><table>\
             <tr><td class='t'>食堂</td></tr><tr><td class='c'>{paragraphs}</td></tr></table></td></tr></table>\
             <table width='960'><tr><td><div class='{class}'>{footer}</div></td></tr></table></body></html>"
        );
        let e = extract_html(&html);
        assert_eq!(kept(&e), article.to_vec(), "{class}");
    }
}

/// A channel's page: its description, then a listing, then a pager. Every page of the channel
/// has the description; read as the page's text, pages 1 and 2 were "duplicates". Without the
/// pager the same shape is a news flash and its related reading, and the prose is the text.
#[test]
fn a_listing_with_a_pager_is_the_page_whatever_comes_before_it() {
    let desc = "城事频道关注本地民生、城市建设与社区生活，每天更新市内重要新闻和便民信息，欢迎提供线索。";
    let items = |dated: bool| -> String {
        let items: String = listed_all();
        if dated {
            items
        } else {
            items.replace("<span>2026-03-0", "<span>第").replace("</span> <a", "期</span> <a")
        }
    };
    let excerpts: Vec<&str> = EXCERPTS.iter().map(|x| x.1).collect();
    for pager in [
        "<a href='?p=2'>下一页</a> <a href='?p=9'>尾页</a>",
        "<a href='?p=1'>1</a> <a href='?p=2'>2</a> <a href='?p=3'>3</a>",
        "<a href='/page/2'>Next ›</a>",
    ] {
        for dated in [true, false] {
            let body = format!(
                "<h1>城事</h1><p class='d'>{desc}</p><ul class='list'>{}</ul><div class='pg'>{pager}</div>",
                items(dated)
            );
            let e = extract_html(&site_page("城事", &body));
            assert_eq!(kept(&e), excerpts, "{pager} dated {dated}");
        }
    }
    // The pager as script-driven spans (no links), inside the list's element after its items,
    // or after a feed link and a box of related searches.
    let between = "<p><a href='/rss'>订阅本频道</a></p><div class='rs'>相关搜索：<a href='/s?q=1'>早餐</a> \
                   <a href='/s?q=2'>步道</a></div>";
    for (inside, after) in [
        ("", "<div class='pg'><span class='prev'>上一页</span> <span class='next'>下一页</span></div>".to_owned()),
        ("<li class='pg'><a href='?p=2'>下一页</a></li>", String::new()),
        ("", format!("{between}<div class='pg'><a href='?p=2'>下一页</a></div>")),
    ] {
        let body = format!("<h1>城事</h1><p class='d'>{desc}</p><ul class='list'>{}{inside}</ul>{after}", items(true));
        let e = extract_html(&site_page("城事", &body));
        assert_eq!(kept(&e), excerpts, "{inside}{after}");
    }
    let body = format!("<h1>城事</h1><p class='d'>{desc}</p><ul class='list'>{}</ul>", items(true));
    let e = extract_html(&site_page("城事", &body));
    assert_eq!(kept(&e), vec![desc]);
}

/// Page 2 of an article, its related reading (longer than the page) before its pager: the
/// pager turns the article's pages, and the page is the article's paragraphs.
#[test]
fn an_article_page_with_related_reading_before_its_pager_is_the_article() {
    let paras = [
        "九十年代中期，录像厅开始流行，影院的观众一年比一年少。",
        "为了维持运转，影院把一楼大厅租出去开过台球室，但都没能撑太久。",
    ];
    let related: String = listed_all();
    let body = format!(
        "<h1>小城电影院的四十年</h1><div class='art'><p>{}</p><p>{}</p></div><h3>延伸阅读</h3>\
         <ul class='rel'>{related}</ul><div class='pg'><a href='?p=1'>上一页</a> <a href='?p=1'>1</a> \
         <a href='?p=2'>2</a> <a href='?p=3'>3</a> <a href='?p=3'>下一页</a></div>",
        paras[0], paras[1]
    );
    let e = extract_html(&site_page("小城电影院的四十年(第2页)", &body));
    assert_eq!(kept(&e), paras.to_vec());
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
fn a_topic_page_with_long_excerpts_is_read_as_all_of_them() {
    // Some excerpts are too long to be set aside as list items, and the longest would be
    // taken for the article; the others are set aside, and the introduction would be.
    let items: String = EXCERPTS[..3]
        .iter()
        .enumerate()
        .map(|(i, (t, s))| {
            let paras: String = (0..=i + 6).map(|k| format!("<p>第{k}段。{s}{s}</p>")).collect();
            format!(
                "<div class='zt-item'><h2><a href='/n/{i}.html'>{t}</a></h2><div class='zt-summary'>{paras}</div>\
                 <span class='time'>2026-03-0{} 10:00</span></div>",
                i + 1
            )
        })
        .collect();
    let intro = "<div class='zt-intro'><p>本专题汇集近期关于城市更新的报道。</p></div>";
    let body = format!("<h1>专题：城市更新</h1><div class='zt'>{intro}{items}</div>");
    let main = extract_html(&site_page("专题：城市更新", &body)).main_text();
    for (_, s) in &EXCERPTS[..3] {
        assert!(main.contains(s), "{s} missing from {main}");
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

#[test]
fn footer_around_a_legal_line_is_dropped_as_footer() {
    let html = "<body><div class='a'><p>短讯：今天全市气温回升，市民纷纷外出踏青。</p></div>\
                <div class='b'><p>举报邮箱：jubao@example.cn，我们将在三个工作日内处理。</p>\
                <p>客服热线：010-12345678（工作日9:00-18:00）</p><p>如需转载，请与本网联系。</p>\
                <p>Copyright © 1996-2026 example.cn All Rights Reserved</p></div></body>";
    let e = extract_html(html);
    assert_eq!(kept(&e), vec!["短讯：今天全市气温回升，市民纷纷外出踏青。"]);
    let footer: Vec<&str> =
        e.blocks.iter().filter(|b| b.dropped == Some(DropReason::Footer)).map(|b| e.block_text(b)).collect();
    assert_eq!(footer.len(), 4, "{footer:?}");
}

/// A one-paragraph article, then `rest` (comments, a footer).
fn short_article(rest: &str) -> String {
    format!(
        "<body><div class='nav'><a href='/'>首页</a> | <a href='/n'>新闻</a></div><div class='wrap'>\
         <h1>火山喷发</h1><div class='info'>2026-03-02 10:21 来源：示例报</div>\
         <div class='x7k'><p>图为火山东南面喷射出熔融的岩浆。上星期，一系列地震使火山重又活跃。</p></div>{rest}</div></body>"
    )
}

const SHORT_LEAD: &str = "图为火山东南面喷射出熔融的岩浆。上星期，一系列地震使火山重又活跃。";

#[test]
fn a_footer_without_a_year_is_found_by_its_copyright_opening_or_its_site_links() {
    let sentences = "<p>本网站由示例网主办，示例市互联网信息办公室指导。</p>\
                     <p>欢迎广大网友提供新闻线索，一经采用，即付稿酬。</p>\
                     <p>举报邮箱：jubao@example.cn，我们将在三个工作日内处理。</p>";
    let links = "<p><a href='#'>关于我们</a> | <a href='#'>友情链接</a> | <a href='#'>网站地图</a></p>";
    for (what, footer) in [
        ("copyright opening", format!("<div class='q9z'>{sentences}<p>版权所有：示例网 地址：示例路8号</p></div>")),
        ("site links", format!("<div class='q9z'>{links}{sentences}</div>")),
    ] {
        let e = extract_html(&short_article("").replace("</div></body>", &format!("</div>{footer}</body>")));
        assert_eq!(kept(&e), vec![SHORT_LEAD], "{what}");
        let dropped = e.blocks.iter().filter(|b| b.dropped == Some(DropReason::Footer)).count();
        assert!(dropped >= 3, "{what}: {dropped} footer blocks");
    }
    // Without either anchor the footer's three sentences outscore the short article: the
    // anchors, not something else, found it.
    let e = extract_html(
        &short_article("").replace("</div></body>", &format!("</div><div class='q9z'>{sentences}</div></body>")),
    );
    assert_ne!(kept(&e), vec![SHORT_LEAD]);
}

#[test]
fn a_licence_line_that_is_a_link_still_anchors_the_footer() {
    // ICP numbers usually link to the registry: the line is all link text.
    let footer = "<div class='q9z'><p>本网站由示例网主办，示例市互联网信息办公室指导。</p>\
                  <p>欢迎广大网友提供新闻线索，一经采用，即付稿酬。</p>\
                  <p>举报邮箱：jubao@example.cn，我们将在三个工作日内处理。</p>\
                  <p><a href='https://beian.example/'>京ICP备12345678号</a></p></div>";
    let e = extract_html(&short_article("").replace("</div></body>", &format!("</div>{footer}</body>")));
    assert_eq!(kept(&e), vec![SHORT_LEAD]);
    assert!(e.blocks.iter().filter(|b| b.dropped == Some(DropReason::Footer)).count() >= 3);
}

#[test]
fn site_links_in_a_top_bar_take_nothing_from_the_article() {
    let top = "<div class='t1'><p>欢迎光临示例网</p><p><a href='#'>关于我们</a> | \
               <a href='#'>联系我们</a> | <a href='#'>网站地图</a></p></div>";
    let e = extract_html(&short_article("").replace("<body>", &format!("<body>{top}")));
    assert_eq!(kept(&e), vec![SHORT_LEAD]);
    // The top bar is taken for a footer region (it is furniture all the same), and nothing
    // beyond it: the region grows only while it adds no prose.
    let footer: Vec<&str> =
        e.blocks.iter().filter(|b| b.dropped == Some(DropReason::Footer)).map(|b| e.block_text(b)).collect();
    assert!(!footer.is_empty() && footer.iter().all(|t| !t.contains("火山")), "{footer:?}");
}

/// The one-sentence post of [`blog_page`].
const BLOG_POST: &str = "今天终于把阳台上的多肉换了盆，旧盆底下的根已经盘成了一团。";

/// A blog page whose classes say nothing: its logo (an `<h1>`), a sidebar "about me" of three
/// sentences, and [`BLOG_POST`] under `heading`.
fn blog_page(title: &str, heading: &str) -> String {
    format!(
        "<html><head><title>{title}</title></head><body>\
         <div class='c0'><h1>麦田里的烤箱</h1></div>\
         <div class='c1'><div class='c1a'><div class='c1b'>一个在城市里做面包、在周末去山里走路的普通人。\
         白天在一家设计公司上班，晚上写写字，记录一些生活里的小事。这个博客开了快十年，\
         欢迎留言交流，看到都会回复。</div></div></div>\
         <div class='c2'><div class='c2a'><h2>{heading}</h2><span>(2024-10-20 10:12)</span></div>\
         <div class='c2b'><p>{BLOG_POST}</p></div></div></body></html>"
    )
}

/// A blog whose classes say nothing: a sidebar "about me" of three sentences, then a post of
/// one under a heading the `<title>` repeats. The post is the page's text (without the
/// headline rule every short post of the blog read as the sidebar: "exact" copies of each
/// other). The blog's name, also in the title and in its logo, is not taken for the headline.
#[test]
fn a_short_post_under_the_headline_beats_a_longer_sidebar_paragraph() {
    let post = BLOG_POST;
    let page = |title: &str| blog_page(title, "阳台上的多肉");
    for title in ["阳台上的多肉_麦田里的烤箱_博客", "阳台上的多肉 - 麦田里的烤箱", "阳台上的多肉"]
    {
        let e = extract_html(&page(title));
        assert_eq!(kept(&e), vec![post], "{title}");
    }
    // With no headline in the title, the longer paragraph wins: the rule is what decides.
    let e = extract_html(&page("麦田里的烤箱的博客"));
    assert_ne!(kept(&e), vec![post]);
}

/// A shop's product page: a short description under the product's name, then the shop's
/// after-sales policy, longer and the same on every product, under a heading of its own. The
/// name holds a separator ("QH-200"), so the `<title>`'s first part is not the headline, its
/// leading run is; and the headline's weight ends at the policy's heading. Without either,
/// every product of the shop read as the policy: "duplicates" of each other.
#[test]
fn a_product_description_beats_the_shops_policy_after_it() {
    let desc =
        ["壶身采用双层防烫设计，烧开水后外壁摸上去也只是温热。", "底座可以三百六十度旋转，左右手都能方便地提起来。"];
    let policy = [
        "本店商品均为品牌正品，签收之日起七天内，在不影响二次销售的前提下支持无理由退换货，退回时请保持配件和包装完整。",
        "签收后十五天内出现非人为质量问题可以换货，一年内出现非人为质量问题由本店免费维修，来回运费由本店承担。",
        "由于拍摄光线和显示器的差异，图片颜色可能与实物略有不同，请以收到的实物为准，有疑问请先咨询在线客服。",
    ];
    let page = |title: &str, name: &str| {
        format!(
            "<html><head><title>{title}</title></head><body><div class='c0'><a href='/'>首页</a> \
             <a href='/cart'>购物车</a></div><div class='c1'><div class='c1a'><h1>{name}</h1>\
             <div class='c1b'>¥129.00</div></div></div><div class='c2'><p>{}</p><p>{}</p></div>\
             <div class='c3'><h3>服务说明</h3><p>{}</p><p>{}</p><p>{}</p></div></body></html>",
            desc[0], desc[1], policy[0], policy[1], policy[2]
        )
    };
    let e = extract_html(&page("青禾 QH-200 电热水壶 1.5升-青禾旗舰店-示例商城", "青禾 QH-200 电热水壶 1.5升"));
    assert_eq!(kept(&e), desc.to_vec());
    // A product name without a separator is a part of the title: the same answer.
    let e = extract_html(&page("青禾电热水壶 1.5升-青禾旗舰店-示例商城", "青禾电热水壶 1.5升"));
    assert_eq!(kept(&e), desc.to_vec());
    // With no headline the policy wins: the headline's weight is what decides. (Under a
    // notice's name, "售后保障", the policy would be left out anyway: see `notice`.)
    let e = extract_html(&page("青禾旗舰店-示例商城", "青禾 QH-200 电热水壶 1.5升"));
    assert_eq!(kept(&e), policy.to_vec());
}

/// A job posting: the `<title>` dresses the job's name ("「行政前台招聘」_公司招聘-网站"), so
/// no part of it is a block; the heading that is most of a part is the headline. Without
/// it the company's introduction, longer than the duties and the same on every posting of
/// the company, was the text: two postings were "duplicates".
#[test]
fn a_heading_the_title_dresses_is_the_headline() {
    let duties = ["负责前台接待和访客登记，每天整理并分发快递和信件。", "协助安排会议室，做好会后的整理和记录工作。"];
    let intro = "青禾数字科技有限公司成立于二〇一六年，是一家专注于农产品供应链数字化的科技企业，\
                 总部位于江州市高新区，在省内设有六个区域服务中心，服务超过三千家合作社和家庭农场。";
    let page = |title: &str| {
        format!(
            "<html><head><title>{title}</title></head><body><div class='c0'><div class='c0a'><h1>行政前台</h1>\
             <span>4-6K</span></div><p>江州·高新区 1-3年 大专</p></div><div class='c1'><div class='c2'>\
             <h3>职位描述</h3><div class='c3'>{}<br>{}</div></div><div class='c2 c4'><h3>公司介绍</h3>\
             <div class='c3'>{intro}</div></div></div></body></html>",
            duties[0], duties[1]
        )
    };
    let e = extract_html(&page("「行政前台招聘」_青禾数字科技有限公司招聘-示例直聘"));
    assert_eq!(kept(&e), duties.to_vec());
    // A heading that is less than half of every part is not the headline.
    let e = extract_html(&page("「行政前台及会务专员招聘」_青禾数字科技有限公司招聘-示例直聘"));
    assert_eq!(kept(&e), vec![intro]);
}

/// A `<title>` that rewords the headline for search engines ("阳台多肉换盆记" over "给阳台上的
/// 多肉换了新盆"): no block repeats any of its parts, and the heading that shares two thirds
/// of the shorter one's words, in order, is the headline. Five words in common are not
/// enough: the blog's sidebar then wins, as it does with no headline at all. (A part some
/// block repeats comes first: the blog's name, were it its logo's text, would be taken.)
#[test]
fn a_heading_the_title_rewords_is_the_headline() {
    let post = BLOG_POST;
    let page = |title: &str| blog_page(title, "给阳台上的多肉换了新盆");
    for title in ["阳台多肉换盆记_麦田烤箱博客", "Repotting my succulents 阳台上的多肉换新盆 - 麦田烤箱博客"]
    {
        let e = extract_html(&page(title));
        assert_eq!(kept(&e), vec![post], "{title}");
    }
    for title in ["多肉换盆记_麦田烤箱博客", "麦田烤箱博客"] {
        let e = extract_html(&page(title));
        assert_ne!(kept(&e), vec![post], "{title}");
    }
    // After a sentence of its own article the heading is a section's, not the headline.
    let lead = "周末去花市逛了一圈。";
    let sectioned =
        page("阳台多肉换盆记_麦田烤箱博客").replace("<div class='c2a'>", &format!("<p>{lead}</p><div class='c2a'>"));
    let e = extract_html(&sectioned);
    assert!(!kept(&e).contains(&post), "{:?}", kept(&e));
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

/// A notice whose facts are a table (exchange rates, specs, scores): its short cells are
/// text, or two days' notices, alike in their prose, are "duplicates"; beside a single
/// sentence too. A page laid out in a table keeps dropping its short blocks: the cell that
/// is the container is layout.
#[test]
fn short_cells_of_a_table_in_the_article_are_text() {
    let prose = "中国外汇交易中心受权公布，今日银行间外汇市场人民币汇率中间价如下，仅供参考。";
    let note = "以上数据以外汇交易中心公布为准，转载请注明出处。";
    let rows = [("美元", "7.1234"), ("欧元", "7.7021"), ("日元", "4.7316")];
    let table: String = rows.iter().map(|(c, r)| format!("<tr><td>{c}</td><td>{r}</td></tr>")).collect();
    let html = format!(
        "<html><head><title>人民币汇率中间价_示例财经</title></head><body><div class='nav'><a href='/'>首页</a></div>\
         <div class='art'><h1>人民币汇率中间价</h1><p>{prose}</p><table><tr><th>币种</th><th>中间价</th></tr>\
         {table}</table><p>{note}</p><p>分享</p></div></body></html>"
    );
    let e = extract_html(&html);
    let mut want = vec![prose, "币种", "中间价"];
    rows.iter().for_each(|(c, r)| want.extend([*c, *r]));
    want.push(note);
    assert_eq!(kept(&e), want);
    // One sentence and the table, nothing after: the sentence holds all the score, and the
    // container stays its parent for the figures beside it.
    let rows = [("美元", "7.1234"), ("欧元", "7.7021"), ("日元", "4.7316"), ("英镑", "9.0312")];
    let table: String = rows.iter().map(|(c, r)| format!("<tr><td>{c}</td><td>{r}</td></tr>")).collect();
    let html = format!(
        "<html><head><title>人民币汇率中间价_示例财经</title></head><body><div class='art'>\
         <h1>人民币汇率中间价</h1><p>{prose}</p><table>{table}</table></div></body></html>"
    );
    let mut want = vec![prose];
    rows.iter().for_each(|(c, r)| want.extend([*c, *r]));
    assert_eq!(kept(&extract_html(&html)), want);
    // The article in a layout table's cell: its short block ("分享") stays out.
    let paras = ["这是一篇放在表格布局里的文章，它的第一段文字有标点。", "第二段文字也有标点，和第一段一起构成正文。"];
    let html = format!(
        "<html><body><table><tr><td class='nav'><a href='/'>首页</a></td></tr><tr><td>\
         <p>{}</p><p>{}</p><p>分享</p></td></tr></table></body></html>",
        paras[0], paras[1]
    );
    assert_eq!(kept(&extract_html(&html)), paras.to_vec());
}

/// The headline's weight ends at the next heading, but an article's later sections are
/// still its text: its container holds them.
#[test]
fn an_article_with_sections_is_read_whole_beside_a_sidebar() {
    let paras = [
        "这次改造把老城区的三条背街小巷连成了一条步行路线，沿途保留了原来的青石板路面。",
        "施工期间居民反映最多的是噪音问题，施工方随后把作业时间调整到了上午九点以后。",
        "改造完成后，小巷两侧陆续开出了几家茶馆和手工作坊，周末来散步的人明显多了。",
        "下一步，街道计划在巷口增设两处公共厕所和一个小型停车场，方便外地游客。",
    ];
    let about = "这里是一个记录城市变化的个人网站，站长是一名退休的中学地理老师，喜欢骑车走街串巷，\
                 拍下老房子和新街道。网站上的文字和照片都是站长自己写的、拍的，转载请先联系。";
    let html = format!(
        "<html><head><title>三条小巷连成步行路线_城市笔记</title></head><body><div class='c0'>\
         <h1>三条小巷连成步行路线</h1><div class='c0a'><p>{}</p><h2>施工</h2><p>{}</p><h2>变化</h2>\
         <p>{}</p><p>{}</p></div></div><div class='c1'><p>{about}</p></div></body></html>",
        paras[0], paras[1], paras[2], paras[3]
    );
    let e = extract_html(&html);
    let kept = kept(&e);
    assert_eq!(kept.iter().filter(|k| paras.contains(k)).count(), 4, "{kept:?}");
    assert!(!kept.contains(&about), "{kept:?}");
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
fn a_short_page_is_not_its_own_footer() {
    // Every block under 80 characters and the page under 600: the body around the legal line
    // is footer-sized, and was the footer; the comments' first item became the lead post.
    let lead = [
        "古井位于槐花巷内，井口直径约六十厘米，井壁由青砖砌成，至今仍有清水。",
        "此次修缮加固了井台，更换了破损的石板，并加装了防护盖。",
    ];
    let comments: String = [
        "小时候天天在井边玩，夏天打上来的水冰凉，大人用它镇西瓜。",
        "建议旁边立一块说明牌，介绍一下这口井的历史。",
        "保护是好事，但别一修缮就把路封了好几个月。",
    ]
    .iter()
    .enumerate()
    .map(|(i, c)| format!("<dl><dt>网友 老街坊{i}：</dt><dd>{c}</dd><dd class='t'>{}小时前</dd></dl>", i + 1))
    .collect();
    let html = format!(
        "<body><div id='top'><a href='/'>看点资讯</a> <a href='/sh/'>社会</a></div><div id='content'>\
         <h2>百年古井完成修缮</h2><div class='text'><p>{}</p><p>{}</p></div><div class='pl'>{comments}</div></div>\
         <div id='ft'>© 2024 看点资讯 蜀ICP备11111111号</div></body>",
        lead[0], lead[1]
    );
    assert_eq!(kept(&extract_html(&html)), lead.to_vec());
}

#[test]
fn a_one_sentence_post_under_its_headline_is_not_the_footer() {
    // A blog theme's page: no block long enough for prose, the page short, the site's footer
    // named so. The region around its legal line grew to the post, headline and all, and
    // the page had no text.
    let post = "据本网记者报道，今冬的大部分日子里，城里人又不用穿得厚厚实实地过冬。";
    let li = |items: &[&str]| items.iter().map(|t| format!("<li><a href='/p'>{t}</a></li>")).collect::<String>();
    let comments: String =
        [("老街坊", "旧城改造何时开工"), ("跑步的人", "江边步道夜里亮灯了"), ("小雨", "菜价这周又降了")]
            .iter()
            .map(|(who, on)| {
                format!("<li><span class='comment-author-link'>{who}</span>发表在《<a href='#'>{on}</a>》</li>")
            })
            .collect();
    let html = format!(
        "<html><head><title>暖冬已十年 – 河畔资讯</title></head><body><div id='page' class='site'>\
         <header id='masthead' class='site-header'><p class='site-title'><a href='/'>河畔资讯</a></p>\
         <p class='site-description'>每天五分钟，读懂新闻背后</p><nav><ul>{}</ul></nav></header>\
         <div class='site-content-contain'><div id='content' class='site-content'><div class='wrap'>\
         <div id='primary' class='content-area'><main id='main' class='site-main'><article class='post'>\
         <header class='entry-header'><div class='entry-meta'><time>2024年03月12日</time> 由 <a href='/a'>admin</a></div>\
         <h1 class='entry-title'>暖冬已十年</h1></header><div class='entry-content'><p>{post}</p></div>\
         <footer class='entry-footer'>分类：<a href='/n'>要闻</a>标签：<a>暖冬</a></footer></article>\
         <nav class='post-navigation'><h2>文章导航</h2><a href='#'>上一篇文章 老桥今起封闭维修</a>\
         <a href='#'>下一篇文章 图书馆延长开放时间</a></nav></main></div>\
         <aside id='secondary' class='widget-area'><section><h2>近期文章</h2><ul>{}</ul></section>\
         <section><h2>近期评论</h2><ul>{comments}</ul></section>\
         <section><h2>关于本站</h2><p>河畔资讯致力于为读者提供及时、客观的本地资讯。本站部分文章转载自其他媒体，不代表本站观点。</p></section>\
         <section><h2>文章归档</h2><ul>{}</ul></section></aside></div></div>\
         <footer id='colophon' class='site-footer'><div class='wrap'><div class='site-info'>© 2024 河畔资讯 | \
         <a href='/b'>浙ICP备20239999号-2</a> | 自豪地采用WordPress</div></div></footer></div></div></body></html>",
        li(&["首页", "要闻", "社会", "财经", "生活", "关于"]),
        li(&["城东新建两所小学", "地铁三号线试运行", "老年食堂开到社区", "春季花展下周开幕", "夜市延长营业"]),
        li(&["2024年3月", "2024年2月", "2024年1月"]),
    );
    let e = extract_html(&html);
    assert_eq!(kept(&e), vec![post]);
}

#[test]
fn a_copyright_line_inside_an_article_does_not_make_it_a_footer() {
    let paras: String = (0..4)
        .map(|i| {
            format!("<p>第{i}段正文，记者从有关部门了解到，今年的工作重点放在民生领域的具体项目上，进展顺利。</p>")
        })
        .collect();
    let html = format!(
        "<body><div class='content'>{paras}<p>版权所有 © 2026 新华社</p></div>\
         <div class='foot'><p>关于我们 | 联系方式</p></div></body>"
    );
    let e = extract_html(&html);
    let k = kept(&e);
    // The copyright line itself is short and unpunctuated: dropped as any such line is.
    assert_eq!(k.len(), 4, "{k:?}");
    assert!(k.iter().all(|t| t.starts_with('第')), "{k:?}");
    assert!(e.blocks.iter().all(|b| b.dropped != Some(DropReason::Footer)));
}

#[test]
fn a_page_whose_only_prose_is_the_sites_footer_has_no_text_but_a_short_article_keeps_its_own() {
    // A channel page of bare headline links (or a login page): all it says in sentences is
    // its footer, the same on every page of the site.
    let footer = "<div class='ft'><p>关于我们 | 联系我们 | 网站地图</p>\
                  <p>Copyright © 2012-2026 龙城日报网 All Rights Reserved</p>\
                  <p>本站部分内容来源于网络，如有侵权请联系删除。</p>\
                  <p>本网站所载文字、图片等内容，版权归本网所有，未经授权不得转载。</p></div>";
    let links: String = (0..12)
        .map(|i| {
            format!(
                "<li><a href='/a/{i}.html'>第{i}条新闻的标题</a><span>[01-0{}]</span>\
                 <p>第{i}条新闻的摘要，说的是本市今天发生的一件事情。</p></li>",
                i % 9 + 1
            )
        })
        .collect();
    let html =
        format!("<html><head><title>体育要闻_龙城日报网</title></head><body><ul>{links}</ul>{footer}</body></html>");
    let e = extract_html(&html);
    assert!(kept(&e).is_empty(), "{:?}", kept(&e));
    // A short item inside the same footer-like region says something of its own: it is the
    // page's text, and the site's own lines stay out.
    let item = "<p>西关大桥主桥伸缩缝更换工程今天完工，大桥恢复双向六车道通行。</p>";
    let html = format!(
        "<html><head><title>快讯_龙城日报网</title></head><body><ul>{links}</ul>{}</body></html>",
        footer.replace("<div class='ft'>", &format!("<div class='ft'>{item}"))
    );
    let e = extract_html(&html);
    assert!(kept(&e).contains(&"西关大桥主桥伸缩缝更换工程今天完工，大桥恢复双向六车道通行。"), "{:?}", kept(&e));
}

#[test]
fn a_short_lead_beside_one_long_paragraph_is_the_article_too() {
    // Two paragraphs in one element: the long one alone outscores their parent by far, but
    // a paragraph is no container.
    let lead = "本报讯 记者从市交通局获悉，城东快速路二期工程今天全线贯通，比原计划提前一个月。";
    let long = "城东快速路二期全长十二公里，设互通立交四座，跨河大桥一座。".repeat(12)
        + "工程建设期间，施工单位采用夜间作业、分段封闭等方式，尽量减少对市民出行的影响。";
    let html = format!("<html><body><div><p>{lead}</p><p>{long}</p></div></body></html>");
    assert_eq!(kept(&extract_html(&html)), vec![lead, long.as_str()]);
}

#[test]
fn credit_lines_inside_the_article_are_not_text() {
    let paras = [
        "市气象台今天发布寒潮蓝色预警，预计明天起气温将下降八到十度，并伴有四到五级偏北风。",
        "气象专家提醒，市民要及时添衣保暖，农业生产要做好大棚设施的防风加固工作。",
        "来源：市气象台。今天下午四时，预警信号已经通过短信发送到全市手机用户。",
    ];
    let html = format!(
        "<html><body><div class='article'><p>{}</p><p>{}</p><p>{}</p>\
         <p>（责任编辑：邱伟浩）</p><p>文章来源：中国日报</p><p>作者：何勇 编辑：严杰</p></div></body></html>",
        paras[0], paras[1], paras[2]
    );
    let e = extract_html(&html);
    // The third paragraph opens with a label but goes on in sentences: text.
    assert_eq!(kept(&e), paras.to_vec());
    let credits = e.blocks.iter().filter(|b| b.dropped == Some(DropReason::Credit)).count();
    assert_eq!(credits, 3);
}

#[test]
fn a_sentence_set_one_phrase_to_a_line_is_text_a_subhead_or_a_label_list_is_not() {
    // An article written for phones and reposted: a sentence broken over <br>s, one of its
    // lines with a comma and long enough to be kept on its own, the rest without; an end
    // mark; a lone subhead between paragraphs; a contact box of labels; an editor's line; a
    // gallery's control repeated under each caption.
    let paras = [
        "近日，新建的江北客运码头完成了全部主体工程，预计明年春天正式投入使用。",
        "码头距离地铁二号线终点站约三百米，旅客下车后步行五分钟即可到达候船大厅。",
    ];
    let broken = ["新码头", "位于江北新区滨江大道东侧", "规划岸线八百米、泊位四个", "年客运能力两百万人次"];
    let html = format!(
        "<html><body><div class='article'>{}<br>{}<br>{}<br>{}<br>（完）<br><img src='a.jpg'>\
         <p>{}</p><p>配套设施抢先看</p><p>{}</p><p>地址：江北新区滨江大道东</p>\
         <p>电话：0571-86001234</p><p>邮编：310000</p><p>编辑 | 李明</p>\
         <p>查看原图</p><p>滨江大道夜景灯光璀璨</p><p>查看原图</p><p>候船大厅宽敞明亮可容纳千人</p></div></body></html>",
        broken[0], broken[1], broken[2], broken[3], paras[0], paras[1]
    );
    let e = extract_html(&html);
    let mut want = broken.to_vec();
    want.extend(paras);
    assert_eq!(kept(&e), want);
    let dropped = |r: DropReason| e.blocks.iter().filter(|b| b.dropped == Some(r)).count();
    assert_eq!(dropped(DropReason::Short), 9, "the end mark, the subhead, the labels and the gallery stay out");
    assert_eq!(dropped(DropReason::Credit), 1);
}

#[test]
fn a_related_box_set_among_the_articles_paragraphs_is_left_out_but_the_article_after_it_is_not() {
    let paras = [
        "本报讯 全市今年计划新建和改造城市公园二十个，其中滨江公园二期将于五月底开放。",
        "市园林局负责人介绍，新建公园将增加儿童游乐和健身设施，并同步建设公共厕所。",
    ];
    let later = [
        "此外，今年还将完成三十条道路的绿化提升工程，新增行道树一万余株。",
        "园林部门提醒市民，施工期间请注意绕行，爱护新栽的花草树木。",
    ];
    // A title link then its summary, as flat paragraphs; a label alone before them.
    let pairs: String = EXCERPTS
        .iter()
        .enumerate()
        .take(3)
        .map(|(i, (t, s))| format!("<p><a href='/n/{i}.html'><strong>{t}</strong></a></p><p>{s}</p>"))
        .collect();
    let article = |after: &str| {
        let body = format!(
            "<h1>今年新建城市公园二十个</h1><div class='content'><p>{}</p><p>{}</p>\
             <p><strong>相关阅读：</strong></p>{pairs}{after}<p>（责任编辑：王芳）</p></div>",
            paras[0], paras[1]
        );
        extract_html(&site_page("今年新建城市公园二十个", &body))
    };
    assert_eq!(kept(&article("")), paras.to_vec(), "the box ends the article");
    // When the article goes on after the box, the last summary cannot be told from it.
    let mut want = paras.to_vec();
    want.extend([EXCERPTS[2].1, later[0], later[1]]);
    assert_eq!(kept(&article(&format!("<p>{}</p><p>{}</p>", later[0], later[1]))), want);
    // One link after the label is a reference inside the text, not a box.
    let one = format!(
        "<h1>今年新建城市公园二十个</h1><div class='content'><p>{}</p><p>延伸阅读</p>\
         <p><a href='/n/7.html'>去年公园建设回顾</a></p><p>{}</p><p>{}</p></div>",
        paras[0], paras[1], later[0]
    );
    assert_eq!(kept(&extract_html(&site_page("今年新建城市公园二十个", &one))), vec![paras[0], paras[1], later[0]]);
}

#[test]
fn a_boards_notice_above_its_thread_list_is_no_text_but_a_flash_under_its_headline_is() {
    // A board's thread list (undated, unpaged: not taken as a listing) under the notice
    // every board of the site shows; then the same list under a short news flash.
    let notice = "本版头图和右侧信息由合作方提供，可能含有推广内容，请注意辨别。";
    let threads: String = (0..12)
        .map(|i| {
            let (title, summary) = EXCERPTS[i % EXCERPTS.len()];
            format!(
                "<li class='thread'><a href='/p/{i}'>{title}</a><div class='abs'>{summary}</div>\
                 <span class='author'>网友{i}</span></li>"
            )
        })
        .collect();
    let board = format!(
        "<html><head><title>城事吧_江岸社区</title></head><body><div class='head'><p>{notice}</p></div>\
         <div class='main'><ul>{threads}</ul></div></body></html>"
    );
    let e = extract_html(&board);
    assert!(e.blocks.iter().any(|b| e.block_text(b) == notice && b.dropped == Some(DropReason::OutsideMain)));
    assert_eq!(e.main_text(), "");
    let flash = "城南新建的两座过街天桥今天上午同时通车，附近居民过马路不用再绕行。";
    let page = format!(
        "<html><head><title>两座过街天桥今天通车_江岸社区</title></head><body><div class='head'>\
         <p>{notice}</p></div><div class='main'><h1>两座过街天桥今天通车</h1><p>{flash}</p>\
         <ul>{threads}</ul></div></body></html>"
    );
    assert_eq!(extract_html(&page).main_text(), flash);
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
fn unclosed_skip_element_does_not_swallow_page() {
    let e = extract_html("<div><select><option>甲</div><div><p>后面的正文仍然需要保留下来，这很重要。</p></div>");
    assert!(e.main_text().contains("后面的正文"));
}

#[test]
fn a_link_left_open_ends_with_its_element_and_an_anchor_is_no_link() {
    let body = "<p>山脚下的小站每天只停两趟慢车，站长老周在这里守了十九年，站台上的每一块砖他都认得。</p>\
                <p>春运那几天，回乡的人挤满了候车室，老周就搬出家里的暖水瓶，给排队的旅客倒热水。</p>";
    // An anchor that old templates open at the top and never close.
    let e = extract_html(&format!("<body><a name=\"top\"><div class=\"content\">{body}</div></body>"));
    assert!(e.main_text().contains("站长老周") && e.main_text().contains("暖水瓶"), "{:?}", e.main_text());
    // A link never closed ends with the element that holds it.
    let e = extract_html(&format!("<body><div class=\"nav\"><a href=\"/\">首页</div><div>{body}</div></body>"));
    assert!(e.main_text().contains("站长老周") && e.main_text().contains("暖水瓶"), "{:?}", e.main_text());
    assert_eq!(e.blocks[0].dropped, Some(DropReason::Links));
}

/// A CMS left `</div></div>` in the middle of an article: as in browsers, they close the
/// container and its parent, and the second half sits directly in the page wrapper. The
/// headline boost covers only the first half, which then wins alone; the end tags the
/// template still has at the end close nothing, and mark the page as broken.
#[test]
fn paragraphs_cut_off_by_stray_end_tags_continue_the_article() {
    let [a, b, c, d, f, ..] = LONG_ARTICLE;
    let side = "<div class='hot'><h3>热门排行</h3><ul><li><a href='/1'>全市新增三条公交线路</a></li>\
                <li><a href='/2'>老旧小区加装电梯进展</a></li></ul></div>";
    let comments = "<div class='remark'><p>网友：这篇文章写得很真实，让人感动，希望图书室越办越好。</p></div>";
    let page = |stray: &str, after: &str| {
        format!(
            "<html><head><title>工地旁的图书室_晨读</title></head><body><div class='wrap'><div class='main'>\
             <h1>工地旁的图书室</h1><div class='info'>2024-12-05 09:30</div><div class='article-content'>\
             <p>{a}</p><p>{b}</p>{stray}<p>{c}</p><p>{d}</p></div></div>{after}{comments}</div>{side}\
             <div class='foot'><p>Copyright © 2003-2024 示例网</p></div></body></html>"
        )
    };
    let e = extract_html(&page("</div></div>", ""));
    assert_eq!(kept(&e), vec![a, b, c, d]);
    // Well-formed, the article is what it was; a bare note after it stays out.
    let e = extract_html(&page("", &format!("<p>{f}</p>")));
    assert_eq!(kept(&e), vec![a, b, c, d]);
    // Broken, the run of bare paragraphs after the container ends at the comment section.
    let e = extract_html(&page("</div></div>", &format!("<p>{f}</p>")));
    assert_eq!(kept(&e), vec![a, b, c, d, f]);
}

/// Paragraphs of an article longer than any list item (over 600 characters).
const LONG_ARTICLE: [&str; 7] = [
    "入冬以来，西关老街的社区图书室迎来了一批特别的读者：附近工地上的建筑工人。每天傍晚收工以后，总有十几个人带着安全帽走进来，\
     有的看报纸，有的翻杂志，也有人只是坐在暖气旁边歇一会儿。",
    "图书室的管理员姓陈，今年五十八岁，在这里已经工作了九年。她说，最开始工人们进门时都有些拘谨，怕鞋上的泥弄脏了地板，\
     站在门口不敢往里走。后来她在门边放了几双拖鞋，又贴了一张纸条，写着欢迎大家随时来坐坐。",
    "渐渐地，来的人多了起来。有位来自河南的钢筋工每天都要借一本历史书，看完第二天准时还回来，还会跟陈阿姨聊上几句书里的故事。\
     他说自己小时候家里穷，初中没读完就出来打工，现在终于有时间把当年没读的书补上。",
    "为了方便工人们，图书室把晚上的闭馆时间从六点推迟到了八点半，还专门添置了一批关于技能培训和劳动保障的书籍。\
     街道办事处得知情况后，送来了两台饮水机和一些折叠椅，让这间不大的屋子显得更加温暖。",
    "工地项目经理告诉记者，以前工人下班后不是玩手机就是喝酒，有时还会因为小事发生争吵。自从有了这个去处，\
     宿舍里安静了许多，大家的精神面貌也有了明显变化，不少人还主动报名参加了工地组织的安全知识竞赛。",
    "陈阿姨说，她最高兴的是看到有人在借书卡上认认真真地写下自己的名字。等到明年春天工程结束，这些工人又要去别的城市，\
     她准备给每个人送一本书作为纪念，希望他们走到哪里，都能记得这间小小的图书室。",
    "记者离开的时候，天已经完全黑了。图书室的灯光从窗户里透出来，照在门口那排沾着泥点的胶鞋上。\
     屋里有人在小声念着报纸上的新闻，旁边几个人听得很认真，偶尔插一句话，又引来一阵轻轻的笑声。",
];

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

#[test]
fn a_head_left_open_ends_where_the_body_begins() {
    let first = "春节前后，城南的花市一年比一年热闹，摊位从街口一直摆到河边。";
    let second = "卖花的老人说，今年的水仙长得特别好，价格也比去年便宜一些。";
    let body = format!("<p>{first}</p><p>{second}</p>");
    let head = "<head><meta charset='utf-8'><title>花市</title><link rel='stylesheet' href='a.css'>\
                <style>p{}</style><template><div>模板里的说明文字，不是正文。</div></template>";
    for (what, html) in [
        ("a body tag", format!("<html>{head}\n<body>{body}</body></html>")),
        ("a body element", format!("<html>{head}\n{body}</html>")),
        ("text", format!("<html>{head}\n{first}<p>{second}</p></html>")),
        ("a second head", format!("<html>{head}<head>{body}</html>")),
    ] {
        let e = extract_html(&html);
        assert_eq!(e.title, "花市", "{what}");
        assert_eq!(kept(&e), vec![first, second], "{what}");
    }
    // A closed head hides what it holds as before.
    let e = extract_html(&format!("<html>{head}</head><body>{body}</body></html>"));
    assert_eq!(e.text, format!("{first}{second}"));
}

#[test]
fn hidden_anti_copy_filler_and_ruby_annotations_are_not_text() {
    let clean = "老街的豆腐坊开了三十年。每天清晨四点，磨豆子的声音就会准时响起。";
    let html = "<html><head><style>.hid { display: none } @media print { .pr { display: none } }</style></head>\
                <body><div class='content'><p>老街的豆腐<span style=\"display:none\">临川网</span>坊开了三十年。\
                <font class=\"hid\">的<b>了</b>是</font>每天清晨<i style='DISPLAY : none'>xk9</i>四点，\
                磨<ruby>豆<rp>(</rp><rt>dòu</rt><rp>)</rp></ruby>子的声音就<span hidden>要</span>会准时响起。</p>\
                <p>打印时<span class='pr'>才</span>不显示的字还在。<span style='display:none'>未闭合的隐藏</p>\
                <p>下一段照常是正文。</p></div></body></html>";
    let e = extract_html(html);
    assert_eq!(kept(&e), vec![clean, "打印时才不显示的字还在。", "下一段照常是正文。"]);
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

#[test]
fn an_article_split_by_an_advert_or_a_picture_is_whole() {
    let parts = [
        "今年全省粮食总产量再创新高，比上年增产百分之三，连续八年稳定在六百亿斤以上。",
        "省农业农村厅介绍，高标准农田建设和良种推广是增产的主要原因，全省新建高标准农田两百万亩。",
        "与此同时，粮食收购价格保持稳定，种粮农民收入明显增加，农机合作社的服务范围进一步扩大。",
        "明年，全省将继续推进耕地保护和种业振兴，确保粮食生产稳中有增。",
    ];
    let title = "全省粮食总产量再创新高";
    let page = |body: String| {
        site_page(title, &format!("<h1>{title}</h1><div class='meta'>2026-12-01 08:00 | 来源：江岸网</div>{body}"))
    };
    // Parts told apart by their classes, an advert between them; a summary that repeats the
    // opening above them.
    let summary = format!("<div class='intro'>{}……</div>", &parts[0][..parts[0].len() / 2]);
    let classes = format!(
        "{summary}<div class='article-body'><div class='txt0'><p>{}</p><p>{}</p></div>\
         <div class='ad'><span>推荐阅读：</span><a href='/n/3.html'>冬季流感高发期来临</a></div>\
         <div class='txt1'><p>{}</p><p>{}</p></div></div>",
        parts[0], parts[1], parts[2], parts[3]
    );
    assert_eq!(kept(&extract_html(&page(classes))), parts.to_vec());
    // Each paragraph alone in its wrapper, the longer one in a span, a picture between.
    let wrapped = format!(
        "<div class='content'><div class='textWrap'><p>{}</p></div><div class='img'><img src='/1.jpg'></div>\
         <div class='textWrap'><p><span>{}{}{}</span></p></div></div>",
        parts[3], parts[0], parts[1], parts[2]
    );
    let joined = format!("{}{}{}", parts[0], parts[1], parts[2]);
    assert_eq!(kept(&extract_html(&page(wrapped))), vec![parts[3], joined.as_str()]);
}

#[test]
fn a_print_versions_headline_and_a_summary_repeating_the_opening_are_not_text() {
    let para = "江岸区今年将新建社区食堂十二个，为辖区老人提供午餐和晚餐，六十岁以上老人就餐享受八折优惠。";
    let more = "区民政局表示，首批六个食堂将于三月底开业，其余六个年底前建成。";
    // A print version: the headline, which ends like a sentence, inside the one container.
    let print = format!(
        "<html><head><title>社区食堂今年再建十二个（图）</title></head><body><div class='print'>\
         <h2>社区食堂今年再建十二个（图）</h2><p>来源：江岸网 2026-03-01</p><p>{para}</p><p>{more}</p>\
         </div></body></html>"
    );
    assert_eq!(kept(&extract_html(&print)), vec![para, more]);
    // A headline alone stays: it is all the page says.
    let alone = "<html><head><title>社区食堂今年再建十二个（图）</title></head><body><div class='print'>\
                 <h2>社区食堂今年再建十二个（图）</h2><img src='/1.jpg'></div></body></html>";
    assert_eq!(kept(&extract_html(alone)), vec!["社区食堂今年再建十二个（图）"]);
    // A summary that repeats the opening, cut off or whole, then the article.
    let cut: String = para.chars().take(24).chain("……".chars()).collect();
    for summary in [cut.as_str(), para] {
        let body = format!(
            "<h1>社区食堂今年再建十二个</h1><div class='info'>2026-03-01</div><div class='intro'>{summary}</div>\
             <div class='content'><p>{para}</p><p>{more}</p></div>"
        );
        assert_eq!(kept(&extract_html(&site_page("社区食堂今年再建十二个", &body))), vec![para, more], "{summary}");
    }
}

#[test]
fn plain_text_keeps_every_line() {
    let e = extract_text("第一段。\n\n  第二段，  有空格。\n");
    assert_eq!(e.main_text(), "第一段。\n第二段， 有空格。");
}

#[test]
fn a_shell_without_its_article_has_no_text() {
    // A page its script renders, fetched before the script ran: a loading line, a call to
    // enable JavaScript or open the app, and the footer. All of the site's pages say that.
    let shells = [
        "<div id='app'><p class='loading'>正在加载中，请稍候。</p></div>",
        "<div id='root'><div class='tip'>请开启JavaScript后刷新页面。</div></div>",
        "<div class='open'>打开APP，阅读全文。</div>",
    ];
    for body in shells {
        let html = format!(
            "<html><head><title>某条新闻 - 快讯</title></head><body>{body}                 <div class='footer'>快讯版权所有，未经授权不得转载。京ICP备12345678号。</div>                 <script>load();</script></body></html>"
        );
        let e = extract_html(&html);
        assert_eq!(e.main_text(), "", "{body}");
        assert!(!e.from_script);
    }
    // The same lines around an article are left out of it; a headline that speaks of them
    // is the headline.
    let article = "记者今天从市交通局获悉，地铁三号线二期工程将于年底开通试运营，全线设站十二座。";
    let body = format!("<h1>地铁三号线二期年底开通</h1><p>{article}</p><p>打开APP阅读全文</p><p>加载中……</p>");
    assert_eq!(extract_html(&site_page("地铁三号线二期年底开通", &body)).main_text(), article);
    let headline = "要求“打开App阅读全文”合理吗？";
    let body = format!("<h1>{headline}</h1><p>{article}</p><p>打开APP阅读全文</p>");
    assert_eq!(extract_html(&site_page(headline, &body)).main_text(), format!("{headline}\n{article}"));
}

#[test]
fn a_shells_article_is_read_from_its_script() {
    let paras = [
        "记者今天从市交通局获悉，地铁三号线二期工程将于年底开通试运营，全线设站十二座。",
        "据介绍，二期工程全长十八公里，开通后从城东到机场只需四十分钟，比现在节省一半时间。",
    ];
    let content: String = paras.iter().map(|p| format!("<p>{p}</p>")).collect();
    let state = serde_json::json!({"title": "地铁三号线二期年底开通", "content": content}).to_string();
    let html = format!(
        "<html><head><title>地铁三号线二期年底开通 - 快讯</title></head><body>             <div id='app'><p>正在加载中，请稍候。</p></div>             <div class='footer'>快讯版权所有。京ICP备12345678号。</div>             <script>window.__INITIAL_STATE__={state};</script></body></html>"
    );
    let e = extract_html(&html);
    assert!(e.from_script);
    assert_eq!(e.main_text(), paras.join("\n"));
    assert_eq!(e.title, "地铁三号线二期年底开通 - 快讯");
    // A forum's thread list sent as a script's string (Baidu's pagelets) is no article:
    // its links are most of its text.
    let threads: String =
        (0..20).map(|i| format!("<li><a href='/p/{i}'>第{i}个帖子的标题写得比较长一些</a></li>")).collect();
    let pagelet = format!("<ul class='threads'>{threads}</ul><p>{}</p>", paras[0]);
    let state = serde_json::json!({"id": "frs-list", "content": pagelet}).to_string();
    let html = html.replace(
        &format!(
            "window.__INITIAL_STATE__={}",
            serde_json::json!({"title": "地铁三号线二期年底开通", "content": content})
        ),
        &format!("pagelet({state})"),
    );
    let e = extract_html(&html);
    assert!(!e.from_script, "{}", e.main_text());
}

/// A listing of dated items set aside as a list (a headline listed twice: no listing), whose
/// footer asks its readers to obey the law, has no text: the footer's reminder is no sentence
/// of the page's own, and as its text it made the site's listings copies of each other. A
/// flash that gives the same advice keeps it.
#[test]
fn a_footer_reminding_of_the_law_is_no_text_of_its_own() {
    let page = |title: &str, body: &str| {
        format!(
            "<html><head><title>{title}_江岸网</title></head><body><div class='nav'><a href='/'>首页</a> | \
             <a href='/city/'>城事</a></div><div class='main'>{body}</div><div class='db'>\
             <p><a href='/about/'>关于我们</a> | <a href='/contact/'>联系我们</a> | <a href='/map/'>网站地图</a></p>\
             <p>Copyright © 2003-2026 jiangan.example All Rights Reserved</p>\
             <p>违法和不良信息举报电话：0123-12345678</p>\
             <p>凡本网注明“来源：XXX（非本网）”的作品，均转载自其它媒体，转载目的在于传递更多信息，\
             并不代表本网赞同其观点和对其真实性负责。</p>\
             <p>请遵守《互联网电子公告服务管理规定》及中华人民共和国其他各项有关法律法规。</p>\
             <p>本网站所载文字、图片、音视频等内容，版权归本网所有，未经授权不得转载。</p></div></body></html>"
        )
    };
    let items: String = [
        ("城南新建两座过街天桥今天通车", "附近居民过马路不用再绕行。"),
        ("冬季流感高发期来临专家提醒", "专家建议老人和儿童尽早接种疫苗。"),
        ("全市新增三条公交线路", "新线路串起了城东的三个大型社区。"),
        ("冬季流感高发期来临专家提醒", "专家建议老人和儿童尽早接种疫苗。"),
        ("江岸大桥封闭检修三天", "过江车辆请绕行二桥。"),
    ]
    .iter()
    .enumerate()
    .map(|(i, (t, p))| {
        format!(
            "<div class='item'><h3><a href='/n/{i}.html'>{t}</a></h3><p class='summary'>{p}</p>\
             <span class='date'>01月0{}日</span></div>",
            i + 1
        )
    })
    .collect();
    let e = extract_html(&page("社会频道 第20页", &format!("<h2>社会频道 第20页</h2><div class='box'>{items}</div>")));
    assert_eq!(e.main_text(), "");
    let flash = "今冬首场寒潮来袭，交警提醒市民出行遵守交通法规，注意安全。";
    let e = extract_html(&page("快讯", &format!("<p>{flash}</p>")));
    assert_eq!(e.main_text(), flash);
}

#[test]
fn a_status_page_has_no_text_and_a_flash_that_sounds_like_one_keeps_it() {
    let page = |title: &str, body: &str| {
        format!(
            "<html><head><title>{title}_江岸网</title></head><body><div class='nav'><a href='/'>首页</a> | \
             <a href='/city/'>城事</a></div><table><tr><td>{body}</td></tr></table><div class='foot'>\
             <p>Copyright © 2003-2026 jiangan.example All Rights Reserved</p>\
             <p>本站部分内容来源于网络，如有侵权请联系删除。</p>\
             <p>凡本网注明“来源：江岸网”的作品，版权均属于江岸网，未经授权不得转载。</p></div></body></html>"
        )
    };
    let statuses = [
        (
            "页面不存在",
            "<h2>404 Not Found</h2><p>抱歉，您访问的页面不存在或已被删除！</p><p><a href='/'>返回首页</a></p>",
        ),
        ("页面跳转中", "<p>页面跳转中，请稍候……如果您的浏览器没有自动跳转，请点击这里。</p>"),
        ("提示信息", "<p>抱歉，指定的主题不存在或已被删除或正在被审核。</p>"),
        ("搜索结果", "<p>搜索结果：找到相关结果约0个</p><p>建议您检查输入的关键词是否有误。</p>"),
        ("专题", "<div class='empty'><p>暂无内容</p></div>"),
        (
            "会员登录",
            "<form><p>用户名：<input name='u'></p><p>密码：<input type='password'></p><button>登录</button></form>",
        ),
    ];
    for (title, body) in statuses {
        let e = extract_html(&page(title, body));
        assert_eq!(e.main_text(), "", "{title}");
    }
    let e = extract_html(&page("页面不存在", statuses[0].1));
    assert!(e.blocks.iter().any(|b| b.dropped == Some(DropReason::Status)));
    // News flashes alone that use such words stay.
    for flash in [
        "经核查，网传江岸大桥出现裂缝的消息不存在。",
        "今晨六时，城东一仓库起火，暂无人员伤亡。",
        "涉事视频已被删除，警方已介入调查。",
        "本网讯 江岸大桥今晚起封闭检修三天，过江车辆请绕行二桥。",
        "【江岸网讯】市公安局建立健全责任制度，全年破获案件三百余起。",
    ] {
        let e = extract_html(&page("快讯", &format!("<p>{flash}</p>")));
        assert_eq!(e.main_text(), flash);
    }
}
