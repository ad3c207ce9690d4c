//! Pages longer than the verifier's limit (`Params::max_verify_chars`, 200,000 characters): a
//! novel's every chapter on one page. A chapter is contained in it wherever it sits, in both
//! orders of arrival, and half of the book is found in it.

use crate::common::{self, insert_page, insert_page_of_site, text_page};
use dedupdb::dedup::Searcher;
use dedupdb::store::Index;
use dedupdb::{Params, Relation};

#[test]
fn a_chapter_is_found_anywhere_in_a_whole_book_page_and_the_book_finds_its_chapters() {
    let p = Params::default();
    let chapters: Vec<String> = (0..150).map(|i| common::prose(900 + i, 3_000)).collect();
    let book = text_page(&chapters.join("\n"));
    assert!(book.norm.chars.len() > 2 * p.max_verify_chars);
    // Chapters near the start, the middle and the end of the book.
    let picked = [2usize, 75, 147];

    // The book first, then its chapters.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &p).expect("open");
    let book_id = insert_page_of_site(&mut index, "http://books.example/full/1", "books.example", &book, None);
    for &i in &picked {
        let chapter = text_page(&chapters[i]);
        let answer = Searcher::of(&index).query(&chapter.norm.chars, &chapter.features, None).expect("query");
        let m = answer.matches.iter().find(|m| m.doc_id == book_id);
        let m = m.unwrap_or_else(|| panic!("chapter {i} not found in the book: {:?}", answer.matches));
        assert_eq!(m.cmp.relation, Relation::Contained, "chapter {i}: {:?}", m.cmp);
        assert!(m.cmp.contain > 0.95 && m.cmp.resemble < 0.02, "chapter {i}: {:?}", m.cmp);
    }
    // The book's second half, over the limit too: found where it is in the book (their first
    // characters differ), and contained in it; and a copy of the book with a sentence changed in
    // every third chapter: a duplicate.
    let half = text_page(&chapters[75..].join("\n"));
    assert!(half.norm.chars.len() > p.max_verify_chars);
    let answer = Searcher::of(&index).query(&half.norm.chars, &half.features, None).expect("query");
    let m = answer.matches.iter().find(|m| m.doc_id == book_id).expect("the half finds the book");
    assert_eq!(m.cmp.relation, Relation::Contained, "{:?}", m.cmp);
    assert!(m.cmp.spans[0].b_start > p.max_verify_chars, "{:?}", m.cmp.spans);
    let edited: Vec<String> = chapters
        .iter()
        .enumerate()
        .map(|(i, c)| if i % 3 == 0 { format!("{}{}", common::prose(2_000 + i as u64, 40), c) } else { c.clone() })
        .collect();
    let copy = text_page(&edited.join("\n"));
    let answer = Searcher::of(&index).query(&copy.norm.chars, &copy.features, None).expect("query");
    let m = answer.matches.iter().find(|m| m.doc_id == book_id).expect("the copy finds the book");
    assert_eq!(m.cmp.relation, Relation::Duplicate, "{:?}", m.cmp);

    // The chapters first, then the book: it contains each of them.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &p).expect("open");
    let ids: Vec<u32> = picked
        .iter()
        .map(|&i| insert_page(&mut index, &format!("http://novels.example/ch/{i}"), &text_page(&chapters[i]), None))
        .collect();
    let answer = Searcher::of(&index).query(&book.norm.chars, &book.features, None).expect("query");
    for (&i, id) in picked.iter().zip(&ids) {
        let m = answer.matches.iter().find(|m| m.doc_id == *id);
        let m = m.unwrap_or_else(|| panic!("the book does not find chapter {i}: {:?}", answer.matches));
        assert_eq!(m.cmp.relation, Relation::Contains, "chapter {i}: {:?}", m.cmp);
    }
}
