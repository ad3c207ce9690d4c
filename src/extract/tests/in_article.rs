//! Lines inside the article: credit lines, sentences set one phrase to a line, related-reading boxes.

use super::*;

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
