//! A listing's excerpts point to the pages they open. A channel's page that shows an article's
//! whole lead paragraph under its headline link shares a passage with that article, long enough
//! to be an overlap between two articles; between a listing and an article it is no relation.
//! Copies and containment stand (a listing that excerpts a whole news flash contains it).

use crate::common::{ask, insert_page_of_site, prose, relation_to};
use dedupdb::store::Index;
use dedupdb::verify::{Relation, Verifier};
use dedupdb::{Body, Page, Params};

const SITE: &str = "news.channel.example";

fn html(bytes: &str) -> Page {
    Page::analyze(Body::Html { bytes: bytes.as_bytes(), charset: None }, &Params::default())
}

/// An article: a lead paragraph of its own, then three more.
fn article_paragraphs() -> Vec<String> {
    (0..4).map(|i| prose(300 + i, if i == 0 { 160 } else { 220 })).collect()
}

fn article() -> Page {
    let body: String = article_paragraphs().iter().map(|p| format!("<p>{p}</p>")).collect();
    html(&format!(
        "<html><head><title>城南社区食堂开始供应早餐_新闻频道</title></head><body><h1>城南社区食堂开始供应早餐</h1>\
         <div class='content'>{body}</div><div class='footer'><p>Copyright © 2026 新闻频道 版权所有</p></div></body></html>"
    ))
}

/// A channel's page: ten items, each a headline link and a lead paragraph, the fourth the
/// article's whole lead; a pager after them.
fn listing() -> Page {
    let heads = [
        "老码头改建成滨江步道",
        "秋季蔬菜价格小幅回落",
        "少年宫开设周末编程课",
        "城南社区食堂开始供应早餐",
        "夜间公交线路延长运营",
        "全市新增三条公交线路",
        "冬季流感高发期来临",
        "新建图书馆下月开放",
        "老城区改造方案公布",
        "乡村小学迎来新校舍",
    ];
    let lead = article_paragraphs().swap_remove(0);
    let items: String = heads
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let text = if i == 3 { lead.clone() } else { prose(400 + i as u64, 150) };
            format!(
                "<li class='item'><h3><a href='/n/{i}.html'>{h}</a></h3><p class='lead'>{text}</p>\
                 <span class='date'>2026-03-0{}</span></li>",
                1 + i % 9
            )
        })
        .collect();
    html(&format!(
        "<html><head><title>本地新闻列表_新闻频道</title></head><body><h1>本地新闻列表</h1><ul class='list'>{items}</ul>\
         <div class='pages'><a href='?p=2'>下一页</a> <a href='?p=9'>尾页</a></div>\
         <div class='footer'><p>Copyright © 2026 新闻频道 版权所有</p></div></body></html>"
    ))
}

#[test]
fn a_listing_showing_an_article_s_lead_shares_no_passage_with_it() {
    let (article, listing) = (article(), listing());
    assert!(listing.extracted.listing && !article.extracted.listing, "the channel's page is read as a listing");
    // What the two texts share is a passage by the verifier's measure: the case the rule is for.
    let mut v = Verifier::default();
    let plain =
        v.compare(&listing.norm.chars, &listing.features, &article.norm.chars, &article.features, &Params::default());
    assert_eq!(plain.relation, Relation::Overlaps, "{plain:?}");
    // Pages compared as pages (`dedupdb compare`) know the listing.
    for (a, b) in [(&listing, &article), (&article, &listing)] {
        assert_eq!(dedupdb::compare(a, b, &Params::default()).relation, Relation::Different);
    }

    // The article first, then the listing asked about; and the other way round. From the
    // memtable and from a segment.
    for listing_first in [false, true] {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
        let (first, second) = if listing_first { (&listing, &article) } else { (&article, &listing) };
        let id = insert_page_of_site(&mut index, "http://news.channel.example/first", SITE, first, None);
        for flushed in [false, true] {
            if flushed {
                index.flush().expect("flush");
            }
            let answer = ask(&index, second, SITE);
            assert_eq!(
                relation_to(&answer, id),
                None,
                "listing first {listing_first}, flushed {flushed}: {:?}",
                answer.matches
            );
        }
    }
}
