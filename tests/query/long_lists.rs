//! A posting list longer than the query cap is template-like: of it, only the newest documents
//! count, wherever they are stored (segments, the memtable).

use crate::common::{self, insert_page, text_page};
use dedupdb::dedup::QueryLimits;
use dedupdb::dedup::Searcher;
use dedupdb::store::Index;
use dedupdb::Params;

/// Inserts `in_segment` copies of one text and flushes them, then `in_memtable` more; queries
/// the text with a cap of 3 and a tail of `tail`. Returns the doc ids in insert order and the
/// candidates the answer was built from, sorted.
fn considered(in_segment: usize, in_memtable: usize, tail: usize) -> (Vec<u32>, Vec<u32>, usize) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let limits = QueryLimits { posting_cap: 3, long_list_tail: tail, ..QueryLimits::default() };
    // Every copy shares every key of the page; a second text keeps the lists apart from its own.
    let page = text_page(&common::prose(7, 1500));
    let other = text_page(&common::prose(8, 1500));
    let mut ids = Vec::new();
    for n in 0..in_segment {
        ids.push(insert_page(&mut index, &format!("http://a.example/s{n}"), &page, None));
        insert_page(&mut index, &format!("http://b.example/s{n}"), &other, None);
    }
    index.flush().expect("flush");
    for n in 0..in_memtable {
        ids.push(insert_page(&mut index, &format!("http://a.example/m{n}"), &page, None));
    }
    let answer = Searcher::new(index.view(), limits).query(&page.norm.chars, &page.features, None).expect("query");
    let mut seen = answer.considered.clone();
    seen.sort_unstable();
    seen.dedup();
    (ids, seen, answer.long_lists)
}

#[test]
fn only_the_newest_documents_of_a_long_list_count() {
    // The newest copies all in the memtable; then split between the memtable and a segment;
    // then all in the segment.
    for (in_segment, in_memtable, tail) in [(4, 5, 2), (6, 1, 3), (7, 0, 2), (2, 3, 4)] {
        let (ids, seen, long_lists) = considered(in_segment, in_memtable, tail);
        assert!(long_lists > 0, "{in_segment}+{in_memtable}: the lists are longer than the cap");
        let newest = ids[ids.len() - tail..].to_vec();
        assert_eq!(seen, newest, "{in_segment} in a segment, {in_memtable} in the memtable, tail {tail}");
    }
}
