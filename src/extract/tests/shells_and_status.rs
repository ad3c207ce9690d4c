//! Shells and status pages: a script's shell, its article read from the script, a status page.

use super::*;

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
