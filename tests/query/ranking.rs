//! Candidate filtering and ranking: a short earlier page is found by the longer page that
//! contains it, even when the longer page's site puts the same boilerplate sentences (a
//! disclaimer) inside every article, so that every other page of that site shares more keys
//! with the query than the short page does.

use crate::common::{self, insert_page_of_site, text_page};
use dedupdb::dedup::QueryLimits;
use dedupdb::dedup::Searcher;
use dedupdb::store::Index;
use dedupdb::verify::Relation;
use dedupdb::Params;

/// The site's disclaimer: three sentences at the end of every one of its articles.
const DISCLAIMER: &str = "【免责声明】本文只代表作者本人的看法，同本网站的立场没有关系。\
                          本网站对文中的陈述和观点判断保持中立，不作任何保证。\
                          请读者仅作参考，并请自行核实相关内容。";

/// A one-sentence news item first published elsewhere.
const ITEM: &str = "新华社北京三月二日电，国务委员今天在中南海会见了来访的南方某国新闻部长一行。";

/// Builds the index: the item on its own site, then `site_pages` articles of another site, each
/// its own text and the disclaimer. Queries that site's repost of the item (the item and the
/// disclaimer) with `max_candidates`; returns whether the item's page was found, and how.
fn repost_finds_the_item(site_pages: usize, max_candidates: usize) -> Option<Relation> {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let limits = QueryLimits { max_candidates, ..QueryLimits::default() };
    let item = text_page(ITEM);
    let item_id = insert_page_of_site(&mut index, "http://wire.example/1", "wire.example", &item, None);
    for n in 0..site_pages {
        let own = common::prose(100 + n as u64, 80);
        let page = text_page(&format!("{own}\n{DISCLAIMER}"));
        insert_page_of_site(&mut index, &format!("http://site.example/{n}"), "site.example", &page, None);
    }
    let repost = text_page(&format!("{ITEM}\n{DISCLAIMER}"));
    assert!(repost.features.period.len() > 2, "the repost has more than two period features");
    let answer = Searcher::new(index.view(), limits).query(&repost.norm.chars, &repost.features, None).expect("query");
    answer.matches.iter().find(|m| m.doc_id == item_id).map(|m| m.cmp.relation)
}

#[test]
fn one_shared_period_feature_suffices_when_the_earlier_page_has_at_most_two() {
    // No crowd: the item shares one period feature with a repost that has four. It used to be
    // a candidate only when the *query* had at most two. (Its feature is also rare, which now
    // suffices too: see the last test.)
    assert_eq!(repost_finds_the_item(0, 24), Some(Relation::Contains));
}

#[test]
fn boilerplate_shared_by_a_whole_site_does_not_crowd_out_a_rarer_match() {
    // A hundred pages share the disclaimer's three period features with the repost, the item
    // only its one sentence; only four candidates are verified. Keys held by many pages weigh
    // less (these, on a hundred pages of one site, nothing), so the item ranks first; and with
    // the disclaimer discounted as the site's template, the repost is the item.
    assert_eq!(repost_finds_the_item(100, 4), Some(Relation::Duplicate));
}

#[test]
fn one_rare_shared_period_feature_suffices_for_an_edited_copy() {
    // Five sentences; the copy changes the character before four of the five "。", which
    // changes their period features and every fingerprint, and little else.
    let sentences = [
        "今年春天，南方多个省份的农民提前开始了播种，农技人员下乡指导，帮助解决了不少实际困难",
        "据了解，今年全省共安排了三百多个农业技术推广项目，覆盖了绝大多数的县和乡镇",
        "一些地方还组织了专门的培训班，请专家为种植大户讲解新品种的特点和管理要点",
        "农业部门表示，将继续加大投入，让更多的新技术尽快走进农民的田间地头",
        "专家提醒，近期气温变化较大，各地要注意防范倒春寒对早稻秧苗的影响",
    ];
    let original: String = sentences.iter().map(|s| format!("{s}。")).collect();
    let edited: String =
        sentences.iter().enumerate().map(|(i, s)| if i == 2 { format!("{s}。") } else { format!("{s}呀。") }).collect();
    let (a, b) = (text_page(&original), text_page(&edited));
    let shared = a.features.period.iter().filter(|k| b.features.period.contains(k)).count();
    assert_eq!(shared, 1, "the copies share one period feature");
    assert!(a.features.fingerprints.iter().all(|k| !b.features.fingerprints.contains(k)), "and no fingerprint");
    assert!(a.features.period.len() > 2 && b.features.period.len() > 2);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let id = insert_page_of_site(&mut index, "http://a.example/1", "a.example", &a, None);
    let answer = Searcher::of(&index).query(&b.norm.chars, &b.features, None).expect("query");
    let found = answer.matches.iter().find(|m| m.doc_id == id).map(|m| m.cmp.relation);
    assert_eq!(found, Some(Relation::Duplicate));
}
