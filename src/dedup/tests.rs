//! Unit tests of the query rules on small indexes.

use super::*;
use crate::page::{Body, Page};
use crate::store::{Index, NewDoc, TextCache};
use crate::testutil::prose;
use crate::Params;

fn page(text: &str) -> Page {
    Page::analyze(Body::Text { bytes: text.as_bytes(), charset: None }, &Params::default())
}

fn insert(index: &mut Index, url: &str, p: &Page) -> u32 {
    insert_on(index, url, "example.com", p)
}

fn insert_on(index: &mut Index, url: &str, site: &str, p: &Page) -> u32 {
    let doc = NewDoc {
        url,
        site,
        fetched_at: 0,
        chars: &p.norm.chars,
        features: &p.features,
        cluster: None,
        replaces: None,
        title: p.title_sketch,
        listing: p.extracted.listing,
        script: p.script,
    };
    index.insert(doc).expect("insert")
}

#[test]
fn lines_a_short_page_shares_with_many_pages_do_not_crowd_out_its_copy() {
    // Thirty short pages of as many forums, each with two lines their forum software
    // writes on every post (exclaimed: no period feature) and two sentences of its own; the
    // article a short post quotes four sentences of; the post itself, with the two lines.
    // Each of the thirty shares two of the post's six sentence keys; the article shares
    // none (its many fingerprints leave it none), only the four sentences' period features.
    // Ranked by sentence keys one by one, as fingerprints, the thirty came first and the
    // article was never verified.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let lines = "本帖仅代表作者观点！请各位文明发言！";
    let article = prose(10, 23 * 30);
    let t = insert(&mut index, "http://news.example.com/a", &page(&article));
    for i in 0..30 {
        let (own, site) = (prose(100 + i, 46), format!("bbs{i}.example.net"));
        insert_on(&mut index, &format!("http://{site}/t"), &site, &page(&format!("{lines}{own}")));
    }
    let quoted: String = article.split_inclusive('。').take(4).collect();
    let post = page(&format!("{lines}{quoted}"));
    assert!(post.features.fingerprint_fallback, "the post has sentence keys");
    let answer = Searcher::of(&index).query(&post.norm.chars, &post.features, None).expect("query");
    assert!(answer.matches.iter().any(|m| m.doc_id == t), "the article is not found: {answer:?}");
}

#[test]
fn carried_comparisons_are_taken_only_for_their_page_and_boilerplate_with_the_new_ranking() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let article = prose(1, 2000);
    insert(&mut index, "http://example.com/a", &page(&article));
    insert(&mut index, "http://example.com/b", &page(&format!("{article}{}", prose(2, 400))));
    let q = page(&format!("{}{article}", prose(3, 300)));
    let first = Searcher::of(&index).query(&q.norm.chars, &q.features, None).expect("query");
    assert_eq!(first.verified, 2);
    let fresh = Searcher::of(&index).query(&q.norm.chars, &q.features, None).expect("fresh");

    // Comparisons marked so that a carried one shows: its CCS and CLR must be replaced by
    // the ranking's, the rest kept.
    let mut marked = first.alignments.clone();
    for (_, c) in &mut marked.by_text {
        (c.ccs, c.clr, c.rounds) = (-1.0, -1.0, 999);
    }
    let mut scratch = QueryScratch::default();
    let again = Searcher::of(&index)
        .query_with(&mut scratch, &q.norm.chars, &q.features, None, None, Some(&marked))
        .expect("again");
    assert_eq!(again.carried, 2);
    assert_eq!((fresh.matches.len(), again.matches.len()), (2, 2), "both earlier pages are matches");
    for (a, f) in again.matches.iter().zip(&fresh.matches) {
        assert_eq!((a.doc_id, a.cmp.ccs, a.cmp.clr, a.cmp.rounds), (f.doc_id, f.cmp.ccs, f.cmp.clr, 999));
    }

    // Another boilerplate, or another page: nothing is carried.
    let mut other_boilerplate = first.alignments.clone();
    other_boilerplate.boilerplate.push(12345);
    let other_page = page(&prose(4, 2000));
    let mut other_page_alignments = first.alignments.clone();
    other_page_alignments.page = (other_page.features.exact, other_page.norm.chars.len() as u32);
    for earlier in [&other_boilerplate, &other_page_alignments] {
        let again = Searcher::of(&index)
            .query_with(&mut scratch, &q.norm.chars, &q.features, None, None, Some(earlier))
            .expect("again");
        assert_eq!((again.carried, again.verified), (0, fresh.verified));
    }
}

#[test]
fn a_candidate_s_furniture_is_only_what_the_page_lacks_with_an_edge_of_it_its_site_s() {
    // Four pages of one site, each an article between the site's intro and outro, under
    // headlines unlike each other: the intro and outro are the site's template, which the
    // first page's lookup of its own keys calls so. Whatever of it the page holds too was
    // judged by the page's own lookup, and is not the candidate's to discount again.
    let html = |title: &str, body: &[String]| {
        let ps: String = body.iter().map(|p| format!("<p>{p}</p>")).collect();
        let html = format!("<html><head><title>{title}</title></head><body><h1>{title}</h1>{ps}</body></html>");
        Page::analyze(Body::Html { bytes: html.as_bytes(), charset: None }, &Params::default())
    };
    let (intro, outro) = (prose(501, 110), prose(502, 110));
    let titles = ["春运首日客流平稳", "新型材料研发取得突破", "老城区改造方案公布", "冬季流感防治指南"];
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let mut ids = Vec::new();
    for (k, title) in titles.iter().enumerate() {
        let p = html(title, &[intro.clone(), prose(600 + k as u64, 90), outro.clone()]);
        ids.push(insert_on(&mut index, &format!("http://s.example/{k}"), "s.example", &p));
    }
    let keys_of = |text: &str| html("无关的标题", &[text.to_string()]).features.period;
    let (intro_keys, outro_keys) = (keys_of(&intro), keys_of(&outro));
    assert!(!intro_keys.is_empty() && !outro_keys.is_empty(), "the furniture has period features");
    let mut both: Vec<u64> = intro_keys.iter().chain(&outro_keys).copied().collect();
    both.sort_unstable();

    let searcher = Searcher::of(&index);
    let doc = index.view().find(ids[0]).expect("find").expect("the first page");
    let mut cache = TextCache::default();
    let text = doc.text(&mut cache).expect("text");
    let params = index.params();
    let key_at = |r: &std::ops::Range<usize>| {
        let mut key = None;
        crate::features::each_period_feature(&text[r.clone()], params, |k, _| key = Some(k));
        key.expect("a discounted range is a sentence")
    };
    let discounted = |page_period: &[u64]| {
        let mut looked_up = Vec::new();
        let ranges =
            searcher.candidate_boilerplate(ids[0], &doc, &text, page_period, &mut looked_up).expect("boilerplate");
        assert!(ranges.iter().all(|(_, h)| ids[1..].contains(h)), "a witness of its site: {ranges:?}");
        let mut keys: Vec<u64> = ranges.iter().map(|(r, _)| key_at(r)).collect();
        keys.sort_unstable();
        keys.dedup();
        (keys, looked_up)
    };
    // A page holding none of it: the candidate's intro and outro both.
    assert_eq!(discounted(&[]).0, both);
    // A page holding the intro: only the outro is the candidate's.
    assert_eq!(discounted(&intro_keys).0, outro_keys);
    // A page holding both: the candidate's first and last sentences it lacks are its
    // article's, no furniture, and nothing more is looked up.
    let (keys, looked_up) = discounted(&both);
    assert!(keys.is_empty(), "{keys:?}");
    assert!(looked_up.len() <= 2, "only the two edges are looked up: {looked_up:?}");
}

#[test]
fn edge_keys_are_the_runs_from_either_end_with_the_text_s_own_between() {
    let furniture = |k: &u64| *k >= 100;
    // Intro 100, 101; the article 1, 2; a line quoted between them, 102; outro 103.
    assert_eq!(super::furniture::edge_keys(&[100, 101, 1, 102, 2, 103], furniture), vec![100, 101, 103]);
    assert_eq!(super::furniture::edge_keys(&[1, 2, 103, 104, 103], furniture), vec![103, 104]);
    assert_eq!(super::furniture::edge_keys(&[1, 102, 2], furniture), Vec::<u64>::new());
    // All of it: nothing of the text's own, so nothing is furniture around it.
    assert_eq!(super::furniture::edge_keys(&[100, 101, 102], furniture), Vec::<u64>::new());
    assert_eq!(super::furniture::edge_keys(&[], furniture), Vec::<u64>::new());
}
