//! Boilerplate inside articles: sentences that many pages carry beside unrelated text (a
//! disclaimer, a reprint notice) count neither for nor against a match. Without that, a short
//! page of a site is "contained" in every later article of the site that ends with the same
//! notice, and a short item reposted with a notice added is missed.

mod common;

use common::{insert_page_of_site, text_page};
use dedupdb::store::Index;
use dedupdb::verify::Relation;
use dedupdb::Params;

/// A disclaimer that sites put under every article: four sentences, 76 characters.
const NOTICE: &str = "【声明】本文只代表作者本人的看法，同本网站的立场没有关系。\
                      本网站对文中的陈述和观点判断保持中立。\
                      请读者仅作参考，并请自行核实相关内容。\
                      如有问题请与本网站编辑部联系。";

/// An index holding `n` articles of several sites, each its own text followed by [`NOTICE`].
fn index_with_notice_pages(dir: &std::path::Path, n: usize) -> Index {
    let mut index = Index::open_writer(dir, &Params::default()).expect("open");
    for k in 0..n {
        let page = text_page(&format!("{}\n{NOTICE}", common::prose(500 + k as u64, 300)));
        let site = format!("s{}.example", k % 3);
        insert_page_of_site(&mut index, &format!("http://{site}/{k}"), &site, &page, None);
    }
    index
}

#[test]
fn a_short_page_is_not_contained_in_every_article_that_ends_with_the_same_notice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = index_with_notice_pages(dir.path(), 40);
    // A photo caption: one sentence of its own, then the notice.
    let caption = text_page(&format!("图为三月二日，市民在公园里观赏盛开的梅花。\n{NOTICE}"));
    let caption_id = insert_page_of_site(&mut index, "http://s0.example/photo", "s0.example", &caption, None);
    let article = text_page(&format!("{}\n{NOTICE}", common::prose(900, 400)));
    // Without the notice discounted the caption is over 70% covered: a false "contains".
    let raw = dedupdb::compare(&article, &caption, &Params::default());
    assert_eq!(raw.relation, Relation::Contains, "the page pair that the index must not call similar");
    let answer = index.query(&article.norm.chars, &article.features, None).expect("query");
    let found: Vec<_> = answer.matches.iter().map(|m| (m.doc_id, m.cmp.relation)).collect();
    assert!(found.iter().all(|&(d, _)| d != caption_id), "{found:?}");
}

#[test]
fn a_short_item_reposted_with_a_notice_added_is_found() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = index_with_notice_pages(dir.path(), 40);
    let item_text = "新华社北京三月二日电，国务委员今天在中南海会见了来访的南方某国新闻部长一行。";
    // The first publisher adds its own line, which no other page has.
    let item = text_page(&format!("{item_text}\n如您有新闻线索，请拨打本台热线电话，或者发送邮件到本台的新闻信箱。"));
    let item_id = insert_page_of_site(&mut index, "http://wire.example/1", "wire.example", &item, None);
    let repost = text_page(&format!("{item_text}\n{NOTICE}"));
    // Without the notice discounted, the shared item is under 70% of either page.
    let raw = dedupdb::compare(&repost, &item, &Params::default());
    assert!(!raw.relation.is_similar(), "{:?}: the pair the index must find", raw.relation);
    let answer = index.query(&repost.norm.chars, &repost.features, None).expect("query");
    let found = answer.matches.iter().find(|m| m.doc_id == item_id).map(|m| m.cmp.relation);
    let all: Vec<_> = answer.matches.iter().map(|m| (m.doc_id, m.cmp.relation, m.cmp.tlcs_chars)).collect();
    assert_eq!(found, Some(Relation::Contained), "verified {}, {all:?}, item {item_id}", answer.verified);
}

#[test]
fn a_popular_article_is_not_taken_for_boilerplate() {
    // Forty copies of one article (all in its cluster) and one more: its sentences are on many
    // pages, but always with each other, so they are the article, not a template.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let text = common::prose(77, 600);
    let first = text_page(&text);
    let first_id = insert_page_of_site(&mut index, "http://a0.example/0", "a0.example", &first, None);
    for k in 1..40 {
        let site = format!("a{}.example", k % 7);
        let copy = text_page(&format!("{text}\n补记：第{k}次转载。"));
        common::insert_page_in_cluster(&mut index, &format!("http://{site}/{k}"), &site, &copy, None, Some(first_id));
    }
    // An excerpt: the article's first half.
    let half: String = text.chars().take(text.chars().count() / 2).collect();
    let excerpt = text_page(&half);
    let answer = index.query(&excerpt.norm.chars, &excerpt.features, None).expect("query");
    let best = answer.matches.first().map(|m| m.cmp.relation);
    assert_eq!(best, Some(Relation::Contained), "{} matches", answer.matches.len());
}
