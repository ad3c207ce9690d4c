//! Boilerplate inside articles: sentences that many pages carry beside unrelated text (a
//! disclaimer, a reprint notice) count neither for nor against a match. Without that, a short
//! page of a site is "contained" in every later article of the site that ends with the same
//! notice, and a short item reposted with a notice added is missed.

use crate::common::{self, insert_page_of_site, text_page};
use dedupdb::dedup::Searcher;
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
    let answer = Searcher::of(&index).query(&article.norm.chars, &article.features, None).expect("query");
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
    let answer = Searcher::of(&index).query(&repost.norm.chars, &repost.features, None).expect("query");
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
    let answer = Searcher::of(&index).query(&excerpt.norm.chars, &excerpt.features, None).expect("query");
    let best = answer.matches.first().map(|m| m.cmp.relation);
    assert_eq!(best, Some(Relation::Contained), "{} matches", answer.matches.len());
}

/// A shop's after-sales policy, printed under every product: six sentences, 196 characters.
const POLICY: &str = "购买须知：本店所有商品均为正品行货，支持全国联保，请放心选购。\
                      发货时间：付款后四十八小时内由合作快递发出，偏远地区顺延一至两天。\
                      售后服务：签收之日起七天内无理由退换，商品须保持原包装完好。\
                      质量问题由本店承担来回运费，非质量问题退换运费由买家承担。\
                      温馨提示：由于拍摄光线及显示器差异，图片与实物可能存在轻微色差。\
                      如有疑问请联系在线客服，工作时间为每天上午九点至晚上十点。";

/// Queries `page` and inserts it as ingest does (into its best match's cluster); returns the
/// doc ids of the earlier pages it matched.
fn ingest_one(index: &mut Index, url: &str, site: &str, page: &dedupdb::Page) -> Vec<u32> {
    let answer = Searcher::of(index).query(&page.norm.chars, &page.features, None).expect("query");
    let cluster = answer.matches.first().map(|m| m.cluster);
    common::insert_page_in_cluster(index, url, site, page, None, cluster);
    answer.matches.iter().map(|m| m.doc_id).collect()
}

#[test]
fn a_shops_policy_under_each_product_is_its_template_from_the_fourth_product_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    // Each product: a name and two or three sentences of its own, shorter than the policy.
    let product = |k: u64| text_page(&format!("商品{k}号\n{}\n{POLICY}", common::prose(300 + k, 70 + 5 * k as usize)));
    // The pair alone is what the index must not call similar: the policy is most of both.
    let pair = dedupdb::compare(&product(1), &product(2), &Params::default());
    assert_eq!(pair.relation, Relation::Duplicate, "the fixture's products must look alike without the index");
    for k in 0..12u64 {
        let matched = ingest_one(&mut index, &format!("http://shop.example/item/{k}"), "shop.example", &product(k));
        // Three earlier products hold the policy's keys, each with its own text beside it.
        if k >= 3 {
            assert!(matched.is_empty(), "product {k} matched earlier products {matched:?}");
        }
    }
}

#[test]
fn copies_of_an_article_on_one_site_are_not_its_template() {
    // A print view, a mobile page and channel copies of one article on its own site: the same
    // text under a different hit counter (a line that is not a sentence). They hold nothing
    // beside the article, so a later page that quotes the article with a long comment of its
    // own still contains it.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let article = common::prose(41, 500);
    let mut copies = Vec::new();
    for k in 0..6 {
        let copy = text_page(&format!("点击：{}\n{article}", 100 + 37 * k));
        copies.push(ingest_one(&mut index, &format!("http://news.example/a/9?from={k}"), "news.example", &copy));
    }
    assert!(copies[1..].iter().all(|m| !m.is_empty()), "a copy was not found: {copies:?}");
    let commented = text_page(&format!("{article}\n{}", common::prose(42, 400)));
    let answer = Searcher::of(&index).query(&commented.norm.chars, &commented.features, None).expect("query");
    let found: Vec<_> = answer.matches.iter().map(|m| (m.doc_id, m.cmp.relation)).collect();
    assert!(!found.is_empty() && found.iter().all(|&(_, r)| r == Relation::Contains), "{found:?}");
}

#[test]
fn an_article_reposted_by_a_few_sites_each_with_a_paragraph_of_its_own_is_not_a_template() {
    // Four sites repost one article, each adding a paragraph of its own: its sentences are on a few
    // pages that each hold text beside them, as a template's are, but on many sites.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let article = common::prose(51, 400);
    for k in 0..4u64 {
        let site = format!("r{k}.example");
        let repost = text_page(&format!("{article}\n{}", common::prose(60 + k, 140)));
        ingest_one(&mut index, &format!("http://{site}/{k}"), &site, &repost);
    }
    let fifth = text_page(&format!("{article}\n{}", common::prose(70, 140)));
    let answer = Searcher::of(&index).query(&fifth.norm.chars, &fifth.features, None).expect("query");
    let found: Vec<_> = answer.matches.iter().map(|m| m.cmp.relation).collect();
    assert_eq!(found, vec![Relation::Duplicate; 4]);
}

#[test]
fn copies_on_one_site_each_with_its_own_editor_line_are_still_duplicates() {
    // Each copy credits its own editor in a sentence: the article is then on several pages of
    // one site that each hold a sentence beside it, as a template is. The next copy is almost
    // all such sentences, so it is compared whole and found.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let article = common::prose(43, 500);
    let editors = ["张明", "李华", "王芳", "赵强", "陈静", "刘洋"];
    for (k, name) in editors.iter().enumerate() {
        let copy = text_page(&format!("{article}\n（责任编辑：{name}。）"));
        ingest_one(&mut index, &format!("http://news.example/b/{k}"), "news.example", &copy);
    }
    let next = text_page(&format!("{article}\n（责任编辑：周杰。）"));
    let answer = Searcher::of(&index).query(&next.norm.chars, &next.features, None).expect("query");
    let found: Vec<_> = answer.matches.iter().map(|m| m.cmp.relation).collect();
    assert_eq!(found, vec![Relation::Duplicate; editors.len()]);
}
