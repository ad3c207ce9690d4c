//! English pages (the English editions of Chinese sites, and foreign news they repost): a '.'
//! that ends a Latin sentence is a full stop. Before the rule an English page had no period
//! feature and only its comma-to-comma runs as sentences, few and long; an excerpt of it had no
//! key in common with it, so the index never made them candidates, though `compare` called the
//! excerpt contained.

use crate::common::{self, html_page, insert_page_of_site};
use dedupdb::dedup::Searcher;
use dedupdb::store::Index;
use dedupdb::verify::Relation;
use dedupdb::{Body, Page, Params};

/// An English news item, written for this test.
const ARTICLE: [&str; 6] = [
    "The river authority opened two new flood gates on Monday, three weeks ahead of the rainy season. \
     Engineers said the gates can move twice as much water as the old ones. The work took fourteen months.",
    "Farmers along the lower river had asked for the gates for years. In the summer of last year, water \
     covered more than two thousand hectares of rice fields. Many families lost a whole harvest.",
    "The new gates are controlled from a station in the city. Sensors upstream report the water level every \
     ten minutes, and the gates open on their own when it rises too fast. Staff can also open them by hand.",
    "Not everyone is pleased. Fishermen say the faster current has already moved the fish away from their \
     usual places. The authority has promised to study the problem and report before the end of the year.",
    "The project cost about four hundred million yuan. Most of the money came from the provincial budget, \
     and the rest from a national fund for water safety. A third gate is planned further upstream.",
    "Visitors can see the gates from a new path on the east bank. The path is open every day from eight \
     in the morning, and guides explain how the system works on weekends.",
];

fn analyze(html: &str, p: &Params) -> Page {
    Page::analyze(Body::Html { bytes: html.as_bytes(), charset: None }, p)
}

/// An index of unrelated pages and the article, every page analyzed with `p`: the relation of
/// the best match of a page of `site` holding `paragraphs` of the article, if any.
fn found(p: &Params, site: &str, paragraphs: &[&str]) -> Option<Relation> {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), p).expect("open");
    for k in 0..6 {
        let other = analyze(&html_page("c.example", &[&common::prose(40 + k, 400)]), p);
        insert_page_of_site(&mut index, &format!("http://c.example/{k}"), "c.example", &other, None);
    }
    let first = analyze(&html_page("a.example", &ARTICLE), p);
    let id = insert_page_of_site(&mut index, "http://a.example/1", "a.example", &first, None);
    let page = analyze(&html_page(site, paragraphs), p);
    assert!(page.main_text.contains(paragraphs[0]), "{}", page.main_text);
    let answer = Searcher::of(&index).query(&page.norm.chars, &page.features, None).expect("query");
    answer.matches.iter().find(|m| m.doc_id == id).map(|m| m.cmp.relation)
}

#[test]
fn an_english_article_is_found_from_its_repost_and_its_excerpt() {
    let p = Params::default();
    let mut repost: Vec<&str> = ARTICLE.to_vec();
    repost.push("This story first appeared in the river authority's newsletter.");
    assert_eq!(found(&p, "b.example", &repost), Some(Relation::Duplicate));
    let excerpt = [ARTICLE[1], ARTICLE[2]];
    assert_eq!(found(&p, "d.example", &excerpt), Some(Relation::Contained));
    // The excerpt is contained in the article to verification whatever the index's keys: the
    // rule is what makes them candidates. An index built before it keeps its keys.
    let old = Params { latin_stops: false, ..Params::default() };
    let (a, e) = (analyze(&html_page("a.example", &ARTICLE), &old), analyze(&html_page("d.example", &excerpt), &old));
    assert_eq!(dedupdb::compare(&e, &a, &old).relation, Relation::Contained);
    assert_eq!(found(&old, "d.example", &excerpt), None);
}
