//! Reading markup into blocks: block boundaries, character references, skipped and hidden elements, links, prose punctuation.

use super::*;

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

#[test]
fn plain_text_keeps_every_line() {
    let e = extract_text("第一段。\n\n  第二段，  有空格。\n");
    assert_eq!(e.main_text(), "第一段。\n第二段， 有空格。");
}
