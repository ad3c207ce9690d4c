//! A query aligns a text once however many identical copies of it are candidates, and its
//! answer is what aligning every copy would give.

use crate::common::{self, insert_page, text_page};
use dedupdb::dedup::QueryScratch;
use dedupdb::dedup::Searcher;
use dedupdb::store::Index;
use dedupdb::Params;

/// The comparison as JSON without CCS/CLR, which the index counts from postings.
fn shape(c: &dedupdb::Comparison) -> serde_json::Value {
    let mut v = serde_json::to_value(c).expect("comparison");
    let o = v.as_object_mut().expect("object");
    o.remove("ccs");
    o.remove("clr");
    v
}

#[test]
fn identical_candidates_are_aligned_once_with_the_same_answer() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let article = common::prose(1, 2500);
    let copy = text_page(&article);
    // An edited version and an excerpt: texts of their own.
    let half: String = article.chars().take(1250).collect();
    let edited = text_page(&format!("{half}{}", common::prose(2, 400)));
    let cut: String = article.chars().take(1500).collect();
    let excerpt = text_page(&cut);
    let mut texts = Vec::new();
    // Copies both in a segment and in the memtable: two each.
    for (n, p) in [&copy, &copy, &edited].into_iter().enumerate() {
        texts.push((insert_page(&mut index, &format!("http://example.com/{n}"), p, None), p));
    }
    index.flush().expect("flush");
    for (n, p) in [&copy, &excerpt, &copy].into_iter().enumerate() {
        texts.push((insert_page(&mut index, &format!("http://example.com/m{n}"), p, None), p));
    }
    let query = text_page(&format!("{article}{}", common::prose(3, 600)));
    let answer = Searcher::of(&index).query(&query.norm.chars, &query.features, None).expect("query");
    let copies: Vec<u32> = texts.iter().filter(|(_, p)| p.norm.chars == copy.norm.chars).map(|(d, _)| *d).collect();
    assert_eq!(copies.len(), 4);
    assert_eq!(answer.reused, 3, "four identical copies, one alignment");
    assert!(answer.matches.len() >= 4, "{} matches", answer.matches.len());
    for m in &answer.matches {
        let (_, p) = texts.iter().find(|(d, _)| *d == m.doc_id).expect("a stored page");
        let direct = dedupdb::compare(&query, p, &Params::default());
        assert_eq!(shape(&m.cmp), shape(&direct), "doc {}", m.doc_id);
    }
    assert!(copies.iter().all(|d| answer.matches.iter().any(|m| m.doc_id == *d)), "every copy is a match");
}

#[test]
fn a_page_asked_again_takes_the_first_answers_alignments_and_gets_a_fresh_querys_answer() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let article = common::prose(11, 2400);
    let half: String = article.chars().take(1200).collect();
    let earlier = [
        text_page(&article),
        text_page(&format!("{half}{}", common::prose(12, 500))),
        text_page(&article.chars().take(1600).collect::<String>()),
    ];
    for (n, p) in earlier.iter().enumerate() {
        insert_page(&mut index, &format!("http://example.com/e{n}"), p, None);
    }
    index.flush().expect("flush");
    let query = text_page(&format!("{article}{}", common::prose(13, 500)));
    let first = Searcher::of(&index).query(&query.norm.chars, &query.features, None).expect("query");
    let aligned_first = first.verified - first.reused;
    assert!(aligned_first >= 3, "{aligned_first} texts aligned");
    // Pages inserted since (as a batch's pages are): one more copy of the article's text, and
    // a repost that is a text of its own.
    let repost = text_page(&format!("{}{article}", common::prose(14, 300)));
    let new_copy = insert_page(&mut index, "http://example.com/n0", &earlier[0], None);
    let new_repost = insert_page(&mut index, "http://example.com/n1", &repost, None);

    let mut scratch = QueryScratch::default();
    let again = Searcher::of(&index)
        .query_with(&mut scratch, &query.norm.chars, &query.features, None, None, Some(&first.alignments))
        .expect("again");
    let fresh = Searcher::of(&index).query(&query.norm.chars, &query.features, None).expect("fresh");
    assert_eq!(fresh.carried, 0);
    assert_eq!(again.carried, aligned_first, "every text the first answer aligned is taken from it");
    assert_eq!(again.verified, fresh.verified);
    assert_eq!(again.verified - again.reused - again.carried, 1, "only the repost's text is aligned now");
    let ids = |a: &dedupdb::dedup::QueryAnswer| a.matches.iter().map(|m| m.doc_id).collect::<Vec<_>>();
    assert_eq!(ids(&again), ids(&fresh));
    assert!(ids(&again).contains(&new_copy) && ids(&again).contains(&new_repost), "{:?}", ids(&again));
    for (a, f) in again.matches.iter().zip(&fresh.matches) {
        // Every field, CCS and CLR included.
        assert_eq!(serde_json::to_value(&a.cmp).expect("json"), serde_json::to_value(&f.cmp).expect("json"));
    }
}
