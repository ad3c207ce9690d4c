//! Sentences ended with '.' (typed half-width, or "．", which normalization makes '.') right
//! after a Chinese character: the page is found from its copy with "。" and the other way. Before
//! the rule such a page had no period feature and other sentences than its copy, so the index
//! never made the two candidates, though `compare` called them duplicates.

use crate::common::{self, html_page, insert_page_of_site};
use dedupdb::dedup::Searcher;
use dedupdb::store::Index;
use dedupdb::verify::Relation;
use dedupdb::{Body, Page, Params};

/// Three paragraphs of a local news item.
const ARTICLE: [&str; 3] = [
    "今年春天，南湖公园的樱花比往年早开了将近一周。园林部门的工作人员说，这和二月下旬持续的晴暖天气有关。\
     周末两天，公园共接待游客三万多人次，比去年同期增加了两成。",
    "为了避免拥挤，公园在东门和北门增设了临时售票点，并安排志愿者在主要路口引导游客分流。\
     不少市民带着孩子在草坪上野餐，也有摄影爱好者一早就赶来，等待最好的光线。",
    "管理处提醒游客，不要攀折花枝，垃圾请带离园区。赏花期间公园开放时间延长到晚上九点，\
     夜间还将开放湖边的灯光步道，供市民散步游览。",
];

fn analyze(html: &str, p: &Params) -> Page {
    Page::analyze(Body::Html { bytes: html.as_bytes(), charset: None }, p)
}

/// The article with its "。" replaced by `stop`, in the template of `site`.
fn article_page(site: &str, stop: &str, p: &Params) -> Page {
    let paras: Vec<String> = ARTICLE.iter().map(|t| t.replace('。', stop)).collect();
    let refs: Vec<&str> = paras.iter().map(String::as_str).collect();
    analyze(&html_page(site, &refs), p)
}

/// An index of unrelated pages and the article ended with `first_stop`, every page analyzed with
/// `p`: whether the article's copy ended with `copy_stop` finds it as a duplicate.
fn finds(p: &Params, first_stop: &str, copy_stop: &str) -> bool {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), p).expect("open");
    for k in 0..6 {
        let other = analyze(&html_page("c.example", &[&common::prose(40 + k, 400)]), p);
        insert_page_of_site(&mut index, &format!("http://c.example/{k}"), "c.example", &other, None);
    }
    let first = article_page("a.example", first_stop, p);
    let id = insert_page_of_site(&mut index, "http://a.example/1", "a.example", &first, None);
    let copy = article_page("b.example", copy_stop, p);
    assert!(copy.main_text.contains("南湖公园"), "{}", copy.main_text);
    let answer = Searcher::of(&index).query(&copy.norm.chars, &copy.features, None).expect("query");
    answer.matches.iter().any(|m| m.doc_id == id && m.cmp.relation == Relation::Duplicate)
}

#[test]
fn a_copy_with_half_width_full_stops_is_found_both_ways() {
    let p = Params::default();
    for stop in [".", "．"] {
        assert!(finds(&p, "。", stop), "the copy with {stop} finds the original");
        assert!(finds(&p, stop, "。"), "the copy with 。 finds the one with {stop}");
    }
    // The two pages are one article to verification whatever the index's keys: the rule is what
    // makes them candidates.
    let old = Params { halfwidth_stops: false, ..Params::default() };
    let (a, b) = (article_page("a.example", "。", &old), article_page("b.example", ".", &old));
    assert_eq!(dedupdb::compare(&a, &b, &old).relation, Relation::Duplicate);
    assert!(!finds(&old, "。", "."), "an index built before the rule keeps its keys");
}
