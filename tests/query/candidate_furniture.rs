//! A candidate's furniture counts neither way. An article another site reposted under its own
//! furniture (a first page: nothing yet tells the repost's furniture from its text) shares only
//! the article with its original, which carries its own site's furniture. A query looks up the
//! page's own keys, so the original's furniture, which the original site's other pages show, was
//! counted against the match: with both sites' furniture longer than the article, neither held
//! the other. The candidate's sentences are now looked up when a comparison falls short of a
//! claim, and its site's template is discounted.

use crate::common::{ask, claims, insert_page_of_site, prose, relation_to};
use dedupdb::dedup::Searcher;
use dedupdb::store::Index;
use dedupdb::verify::Relation;
use dedupdb::{Body, Page, Params};

const ORIGINAL_SITE: &str = "wx.origin.example";
const REPOST_SITE: &str = "news.repost.example";

fn html_page(title: &str, paragraphs: &[String]) -> Page {
    let body: String = paragraphs.iter().map(|p| format!("<p>{p}</p>")).collect();
    let html = format!(
        "<html><head><title>{title}</title></head><body><div class='nav'><a href='/'>首页</a> <a href='/news'>资讯</a></div>\
         <div class='article'><h1>{title}</h1><div class='content'>{body}</div></div>\
         <div class='footer'>Copyright © 2026 版权所有</div></body></html>"
    );
    Page::analyze(Body::Html { bytes: html.as_bytes(), charset: None }, &Params::default())
}

/// The original site's intro and outro (an account's), 220 characters in all.
fn original_furniture() -> (Vec<String>, Vec<String>) {
    (vec![prose(501, 110)], vec![prose(502, 110)])
}

/// Article `k`: 90 characters of its own.
fn article(k: u64) -> String {
    prose(600 + k, 90)
}

/// Headlines of articles 1 to 5, unlike each other.
const TITLES: [&str; 5] =
    ["春运首日客流平稳", "新型材料研发取得突破", "老城区改造方案公布", "冬季流感防治指南", "乡村小学迎来新校舍"];

/// The original site's page of article `k` (1 to 5) under its furniture.
fn original(k: u64) -> Page {
    let (intro, outro) = original_furniture();
    let paragraphs: Vec<String> = intro.into_iter().chain([article(k)]).chain(outro).collect();
    html_page(TITLES[k as usize - 1], &paragraphs)
}

/// The repost site's first page: article 1 under furniture of its own, longer than the article.
fn repost() -> Page {
    html_page(TITLES[0], &[prose(701, 120), article(1), prose(702, 120)])
}

/// An index of the original site's articles 1..=n.
fn index_of_originals(dir: &std::path::Path, n: u64) -> (Index, u32) {
    let mut index = Index::open_writer(dir, &Params::default()).expect("open");
    let first = insert_page_of_site(&mut index, "http://wx.origin.example/1", ORIGINAL_SITE, &original(1), None);
    for k in 2..=n {
        insert_page_of_site(&mut index, &format!("http://wx.origin.example/{k}"), ORIGINAL_SITE, &original(k), None);
    }
    (index, first)
}

#[test]
fn a_repost_under_other_furniture_holds_its_original_once_the_original_site_shows_its_own() {
    // The original alone: its furniture is the larger part of it, and counts against the match.
    let dir = tempfile::tempdir().expect("tempdir");
    let (index, first) = index_of_originals(dir.path(), 1);
    let alone = ask(&index, &repost(), REPOST_SITE);
    assert!(!claims(relation_to(&alone, first)), "the case the rule is for: {:?}", alone.matches);
    assert_eq!(alone.discounted, 0);
    drop(index);

    // Three more of the site's pages under the same furniture: it is the site's template, and
    // the original says only the article, which the repost holds.
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut index, first) = index_of_originals(dir.path(), 4);
    let answer = ask(&index, &repost(), REPOST_SITE);
    assert_eq!(relation_to(&answer, first), Some(Relation::Contains), "{:?}", answer.matches);
    assert_eq!(answer.discounted, 1, "only the original is a match, and only once discounted");
    assert!(!answer.candidate_keys.is_empty(), "the original's keys were looked up");
    // Held by none of the site's other articles: they share only the furniture.
    assert_eq!(answer.matches.len(), 1, "{:?}", answer.matches);
    // The same from a segment.
    index.flush().expect("flush");
    let answer = ask(&index, &repost(), REPOST_SITE);
    assert_eq!(relation_to(&answer, first), Some(Relation::Contains), "{:?}", answer.matches);
}

#[test]
fn a_site_s_next_article_claims_none_of_its_earlier_ones_with_both_sides_discounted() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (index, _) = index_of_originals(dir.path(), 4);
    let next = original(5);
    let answer = ask(&index, &next, ORIGINAL_SITE);
    assert!(answer.matches.iter().all(|m| !claims(Some(m.cmp.relation))), "{:?}", answer.matches);
    // Asked without its site and title, the furniture is still the site's template.
    let plain = Searcher::of(&index).query(&next.norm.chars, &next.features, None).expect("query");
    assert!(plain.matches.iter().all(|m| !claims(Some(m.cmp.relation))), "{:?}", plain.matches);
}

#[test]
fn a_page_sharing_only_the_candidate_s_furniture_is_no_copy_of_it() {
    // Another site's first page that quotes the original site's intro beside text of its own:
    // once the intro is the candidate's template, nothing of the candidate's own is shared.
    let dir = tempfile::tempdir().expect("tempdir");
    let (index, _) = index_of_originals(dir.path(), 4);
    let (intro, _) = original_furniture();
    let quoting = html_page("转载的一段话", &[intro[0].clone(), prose(801, 60)]);
    let answer = ask(&index, &quoting, REPOST_SITE);
    assert!(answer.matches.iter().all(|m| !claims(Some(m.cmp.relation))), "{:?}", answer.matches);
    assert_eq!(answer.discounted, 0);
}

#[test]
fn a_template_s_sentence_naming_another_item_is_no_furniture_to_discount() {
    // A shop's books: each opens with a sentence naming the book that ends as every such
    // sentence of the shop does (one period feature on all of them), then a line of its own.
    // Another shop's first page lists a book of its own and quotes the first book's line:
    // with the opening discounted as the shop's template, the first book would be "held" by
    // it, though that opening names a book the page does not.
    const SHOP: &str = "books.shop.example";
    let opening = |k: u64| {
        let names = ["远方的家园", "城南旧事续编", "山海之间", "老街的回声", "北方的河流"];
        format!(
            "《{}》是一部作者的代表作品，全书共{}页，以小人物的视角描绘了时代变迁。",
            names[k as usize - 1],
            200 + 13 * k
        )
    };
    let book = |k: u64| html_page(TITLES[k as usize - 1], &[opening(k), prose(900 + k, 60)]);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let first = insert_page_of_site(&mut index, "http://books.shop.example/1", SHOP, &book(1), None);
    for k in 2..=4 {
        insert_page_of_site(&mut index, &format!("http://books.shop.example/{k}"), SHOP, &book(k), None);
    }
    let listing = html_page(
        "好书推荐",
        &[
            "《春天的故事》是另一位作者的成名作品，全书共264页，记录了作者多年的游历见闻。".to_string(),
            prose(901, 60),
            prose(950, 40),
        ],
    );
    let answer = ask(&index, &listing, REPOST_SITE);
    assert!(!claims(relation_to(&answer, first)), "{:?}", answer.matches);
    assert_eq!(answer.discounted, 0);
}
