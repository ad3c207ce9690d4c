//! The headline: the block the title repeats, dresses or rewords, and what it heads.

use super::*;

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
