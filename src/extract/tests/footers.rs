//! The site footer: legal lines, site links, named footers, and a page that is all footer.

use super::*;

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
