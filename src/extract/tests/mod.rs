//! End-to-end tests of extraction: pages in, kept blocks out, one per page shape, grouped by
//! the rule family that decides them; the helpers that build pages are here.

mod container;
mod footers;
mod headlines;
mod in_article;
mod listings;
mod reading;
mod shells_and_status;
mod threads_and_lists;

use super::*;

fn kept(e: &Extracted) -> Vec<&str> {
    e.blocks.iter().filter(|b| b.dropped.is_none()).map(|b| e.block_text(b)).collect()
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

/// A one-paragraph article, then `rest` (comments, a footer).
fn short_article(rest: &str) -> String {
    format!(
        "<body><div class='nav'><a href='/'>首页</a> | <a href='/n'>新闻</a></div><div class='wrap'>\
         <h1>火山喷发</h1><div class='info'>2026-03-02 10:21 来源：示例报</div>\
         <div class='x7k'><p>图为火山东南面喷射出熔融的岩浆。上星期，一系列地震使火山重又活跃。</p></div>{rest}</div></body>"
    )
}

const SHORT_LEAD: &str = "图为火山东南面喷射出熔融的岩浆。上星期，一系列地震使火山重又活跃。";

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
