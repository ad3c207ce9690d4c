//! End-to-end verdicts on the hand-written pages in tests/fixtures (see its README).

use crate::common::{self, page};
use dedupdb::{compare, Params, Relation};

fn relation(a: &str, b: &str) -> Relation {
    let (pa, pb) = (page(a), page(b));
    let c = compare(&pa, &pb, &Params::default());
    // The relation must not depend on the argument order, beyond the direction of containment.
    let back = compare(&pb, &pa, &Params::default());
    assert_eq!(back.relation, c.relation.mirror(), "{a} vs {b} is not symmetric: {c:?} / {back:?}");
    c.relation
}

#[test]
fn same_article_under_two_site_templates_is_duplicate() {
    assert_eq!(relation("article1_site_a.html", "article1_site_b.html"), Relation::Duplicate);
}

#[test]
fn excerpt_is_contained_and_source_contains_it() {
    assert_eq!(relation("article1_site_a.html", "article1_excerpt_site_c.html"), Relation::Contains);
    assert_eq!(relation("article1_excerpt_site_c.html", "article1_site_a.html"), Relation::Contained);
}

#[test]
fn different_articles_under_one_heavy_template_are_different() {
    assert_eq!(relation("heavy_template_article3.html", "heavy_template_article4.html"), Relation::Different);
    assert_eq!(relation("article1_site_a.html", "heavy_template_article3.html"), Relation::Different);
}

#[test]
fn gbk_and_utf8_versions_are_duplicates() {
    let gbk = page("article1_gbk.html");
    assert_eq!(gbk.charset, "gb18030");
    assert!(!gbk.decode_errors);
    assert_eq!(relation("article1_gbk.html", "article1_site_a.html"), Relation::Duplicate);
}

#[test]
fn reordered_paragraphs_are_duplicate_through_extra_rounds() {
    let (a, b) = (page("article1_reordered.html"), page("article1_site_a.html"));
    let c = compare(&a, &b, &Params::default());
    assert_eq!(c.relation, Relation::Duplicate);
    assert!(c.spans.len() >= 2, "a reordering needs more than one trusted region: {:?}", c.spans);
    assert!(c.contain > 0.95, "{c:?}");
}

#[test]
fn full_width_and_half_width_digits_are_duplicates() {
    let (a, b) = (page("article2_fullwidth.html"), page("article2_halfwidth.html"));
    assert_eq!(a.norm.chars, b.norm.chars, "normalization makes the bodies equal");
    assert_eq!(relation("article2_fullwidth.html", "article2_halfwidth.html"), Relation::Duplicate);
}

#[test]
fn navigation_only_page_is_different_and_has_no_text() {
    let nav = page("nav_only.html");
    assert!(nav.norm.is_empty(), "nav page kept: {}", nav.main_text);
    assert!(nav.features.period.is_empty() && nav.features.fingerprints.is_empty());
    assert_eq!(relation("nav_only.html", "article1_site_a.html"), Relation::Different);
    assert_eq!(relation("nav_only.html", "nav_only.html"), Relation::Different);
}

#[test]
fn weather_bulletins_with_different_facts_are_different() {
    assert_eq!(relation("bulletin_weather_day1.html", "bulletin_weather_day2.html"), Relation::Different);
}

#[test]
fn digest_quoting_a_passage_overlaps() {
    assert_eq!(relation("digest_site_c.html", "article1_site_a.html"), Relation::Overlaps);
    assert_eq!(relation("digest_site_c.html", "article2_halfwidth.html"), Relation::Overlaps);
}

#[test]
fn plain_text_matches_html() {
    assert_eq!(relation("article1.txt", "article1_site_b.html"), Relation::Duplicate);
}

#[test]
fn forum_replies_are_not_main_text() {
    let f = page("forum_thread.html");
    assert!(f.main_text.contains("云雾山"), "{}", f.main_text);
    assert!(!f.main_text.contains("已收藏"), "a reply leaked into the main text: {}", f.main_text);
}

#[test]
fn template_text_is_left_out_of_the_main_text() {
    for name in
        ["article1_site_a.html", "article1_site_b.html", "article1_excerpt_site_c.html", "heavy_template_article3.html"]
    {
        let p = page(name);
        for furniture in ["版权所有", "分享到", "热点新闻", "首页"] {
            assert!(!p.main_text.contains(furniture), "{name}: '{furniture}' in main text:\n{}", p.main_text);
        }
    }
}

#[test]
fn every_fixture_compared_with_itself_is_duplicate_unless_empty() {
    // The fixtures and the probes' pages below them, as paths relative to the fixtures directory.
    let mut names = Vec::new();
    let mut dirs = vec![String::new()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(common::fixture(&dir)).expect("fixtures dir") {
            let entry = entry.expect("entry");
            let name = format!("{dir}{}", entry.file_name().into_string().expect("utf-8 name"));
            if entry.file_type().expect("file type").is_dir() {
                dirs.push(format!("{name}/"));
            } else if !name.ends_with(".md") && !name.ends_with(".tsv") {
                names.push(name);
            }
        }
    }
    assert!(names.len() > 200, "the probes' pages are found too: {}", names.len());
    for name in names {
        let p = page(&name);
        let c = compare(&p, &p, &Params::default());
        let expect =
            if p.norm.len() >= Params::default().min_shared_chars { Relation::Duplicate } else { Relation::Different };
        assert_eq!(c.relation, expect, "{name}");
    }
}
