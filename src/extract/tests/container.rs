//! The article container: scores, tables of figures, sections, stray end tags, split articles.

use super::*;

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
fn a_short_lead_beside_one_long_paragraph_is_the_article_too() {
    // Two paragraphs in one element: the long one alone outscores their parent by far, but
    // a paragraph is no container.
    let lead = "本报讯 记者从市交通局获悉，城东快速路二期工程今天全线贯通，比原计划提前一个月。";
    let long = "城东快速路二期全长十二公里，设互通立交四座，跨河大桥一座。".repeat(12)
        + "工程建设期间，施工单位采用夜间作业、分段封闭等方式，尽量减少对市民出行的影响。";
    let html = format!("<html><body><div><p>{lead}</p><p>{long}</p></div></body></html>");
    assert_eq!(kept(&extract_html(&html)), vec![lead, long.as_str()]);
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
