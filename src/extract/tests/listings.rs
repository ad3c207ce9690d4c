//! Listings and pagers: a listing's page is all its excerpts; a board's notice above its threads is no text.

use super::*;

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
