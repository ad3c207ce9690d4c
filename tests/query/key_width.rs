//! Period features and fingerprints keep the top `key_bits` bits of their hashes (48 for a new
//! index): the key tables store 16 bits less per entry. Keys only find candidates and
//! verification decides, so the answers must be those of full-width keys.

use crate::common::{html_page, insert_page_of_site, prose};
use dedupdb::dedup::Searcher;
use dedupdb::store::Index;
use dedupdb::verify::Relation;
use dedupdb::{Body, Page, Params};

fn analyze(html: &str, p: &Params) -> Page {
    Page::analyze(Body::Html { bytes: html.as_bytes(), charset: None }, p)
}

/// The best relation (and doc id) each query page finds in an index of `p`: 40 unrelated pages
/// and an article, half of them flushed to a segment, the index closed and opened again.
fn answers(p: &Params, queries: &[String]) -> Vec<Option<(u32, Relation)>> {
    let dir = tempfile::tempdir().expect("tempdir");
    let paragraphs: Vec<String> = (0..6).map(|k| prose(900 + k, 300)).collect();
    let article: Vec<&str> = paragraphs.iter().map(String::as_str).collect();
    {
        let mut index = Index::open_writer(dir.path(), p).expect("open");
        for k in 0..40 {
            if k == 20 {
                index.flush().expect("flush");
                let page = analyze(&html_page("a.example", &article), p);
                insert_page_of_site(&mut index, "http://a.example/article", "a.example", &page, None);
            }
            let other = analyze(&html_page("c.example", &[&prose(k, 350), &prose(100 + k, 250)]), p);
            insert_page_of_site(&mut index, &format!("http://c.example/{k}"), "c.example", &other, None);
        }
        index.close().expect("close");
    }
    let index = Index::open_writer(dir.path(), p).expect("reopen");
    assert_eq!(index.params().key_bits, p.key_bits, "the width is stored");
    queries
        .iter()
        .map(|q| {
            let page = analyze(q, p);
            let a = Searcher::of(&index).query(&page.norm.chars, &page.features, None).expect("query");
            a.best().map(|m| (m.doc_id, m.cmp.relation))
        })
        .collect()
}

#[test]
fn an_index_answers_the_same_whatever_its_key_width() {
    let paragraphs: Vec<String> = (0..6).map(|k| prose(900 + k, 300)).collect();
    let p = |s: &[usize]| s.iter().map(|&i| paragraphs[i].as_str()).collect::<Vec<_>>();
    let extra: Vec<String> = (0..3).map(|k| prose(5000 + k, 400)).collect();
    let mut longer = p(&[0, 1, 2, 3, 4, 5]);
    longer.extend(extra.iter().map(String::as_str));
    let queries = [
        html_page("b.example", &p(&[0, 1, 2, 3, 4, 5])),
        html_page("d.example", &p(&[2, 3])),
        html_page("e.example", &longer),
        html_page("f.example", &[&prose(7000, 500)]),
    ];
    let full = Params { key_bits: 64, ..Params::default() };
    let want = answers(&full, &queries);
    let relations: Vec<Option<Relation>> = want.iter().map(|a| a.map(|(_, r)| r)).collect();
    assert_eq!(
        relations,
        vec![Some(Relation::Duplicate), Some(Relation::Contained), Some(Relation::Contains), None],
        "full-width keys find the article from its repost, excerpt and extension, and nothing for a new page"
    );
    for bits in [48, 32] {
        let narrow = Params { key_bits: bits, ..Params::default() };
        assert_eq!(answers(&narrow, &queries), want, "{bits}-bit keys");
    }
}

#[test]
fn an_index_with_too_narrow_keys_is_not_created() {
    let parent = tempfile::tempdir().expect("tempdir");
    let dir = parent.path().join("narrow.db");
    let Err(err) = Index::open_writer(&dir, &Params { key_bits: 20, ..Params::default() }) else {
        panic!("an index with 20-bit keys was created")
    };
    assert!(err.to_string().contains("key_bits is 20"), "{err}");
    // Nothing is left behind: no directory holding a lock and no manifest.
    assert!(!dir.exists(), "{} was made", dir.display());
}
