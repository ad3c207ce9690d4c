//! Unit tests of the comparison: alignment, budgets, figures and boilerplate.

use super::align::{overlap, overlap_both};
use super::budget::compare_budget;
use super::*;
use crate::testutil::Rng;

/// `n` paragraphs of 120 to 300 characters drawn from 3,000 ideographs.
fn paragraphs(rng: &mut Rng, n: usize) -> Vec<Vec<char>> {
    (0..n)
        .map(|_| {
            let len = 120 + rng.below(181) as usize;
            (0..len).map(|_| char::from_u32(0x4e00 + rng.below(3_000) as u32).unwrap_or('字')).collect()
        })
        .collect()
}

#[test]
fn a_reshuffled_article_is_aligned_around_anchors_for_a_fraction_of_the_budget() {
    let mut rng = Rng::new(0x00D1_6E57);
    let paras = paragraphs(&mut rng, 20);
    let a: Vec<char> = paras.join(&'\n');
    let mut order: Vec<usize> = (0..paras.len()).collect();
    for k in (1..order.len()).rev() {
        order.swap(k, rng.below(k as u64 + 1) as usize);
    }
    let b: Vec<char> = order.iter().map(|&i| paras[i].clone()).collect::<Vec<_>>().join(&'\n');
    let p = Params::default();
    let mut v = Verifier::default();
    let c = v.compare_texts(&a, &b, &p);
    assert_eq!(c.relation, Relation::Duplicate, "{c:?}");
    assert!(c.contain > 0.95, "every paragraph found: {c:?}");
    // A plain diff of the whole pair would take about the square of its length; around
    // anchors each round costs about its length.
    let budget = compare_budget(a.len() + b.len());
    let spent = budget - v.budget;
    assert!(spent * 20 < budget, "spent {spent} of {budget}");
}

#[test]
fn adverts_pasted_in_another_order_are_aligned_by_bit_vectors_for_a_fraction_of_the_budget() {
    // What is left of two spam copies of one article once the article is aligned: the
    // adverts they pasted (three of them, any one each time), one copy more of them than the
    // other. The copies a text holds in excess are all edits: a plain diff costs about the
    // square of the length. The longest common subsequence is found all the same.
    let mut rng = Rng::new(0x00AD_5EED);
    let adverts: Vec<Vec<char>> = paragraphs(&mut rng, 3).into_iter().map(|ad| ad[..120].to_vec()).collect();
    let pasted = |rng: &mut Rng, times: usize| -> (Vec<char>, Vec<usize>) {
        let kinds: Vec<usize> = (0..times).map(|_| rng.below(3) as usize).collect();
        (kinds.iter().flat_map(|&k| adverts[k].iter().copied()).collect(), kinds)
    };
    let p = Params::default();
    let mut v = Verifier::default();
    for _ in 0..4 {
        let ((a, ka), (b, kb)) = (pasted(&mut rng, 14), pasted(&mut rng, 20));
        let c = v.compare_texts(&a, &b, &p);
        let budget = compare_budget(a.len() + b.len());
        let spent = budget - v.budget;
        // Adverts in the same order in both, at the least (but for a few characters the
        // trusted region may trim at its ends).
        let bound = crate::testutil::dp_lcs(&ka, &kb) * 120;
        assert!(c.tlcs_chars + 2 * p.skeleton_window >= bound, "{c:?}");
        assert!(c.relation.is_similar(), "{c:?}");
        // The plain diff spent 30-65% of the budget on these pairs, the bit vectors 2.2-2.6%.
        assert!(spent * 20 < budget, "spent {spent} of {budget}");
    }
}

#[test]
fn a_thread_quoting_its_opening_post_in_every_reply_is_found_in_its_copy() {
    // The quoted block is in every reply, so most windows are no anchors, should the first
    // plain diff not be enough; a copy with two replies more and two edited holds it whole.
    let mut rng = Rng::new(0x7EAD);
    let post = paragraphs(&mut rng, 4).concat();
    let quote = &post[..200];
    let mut replies = paragraphs(&mut rng, 18);
    let thread = |replies: &[Vec<char>]| -> Vec<char> {
        let mut t = post.clone();
        for r in replies {
            t.push('\n');
            t.extend_from_slice(quote);
            t.extend_from_slice(&r[..40]);
        }
        t
    };
    let a = thread(&replies[..16]);
    replies[3][5] = '某';
    replies[9][20] = '某';
    let b = thread(&replies);
    let p = Params::default();
    let c = Verifier::default().compare_texts(&a, &b, &p);
    assert!(matches!(c.relation, Relation::Contained | Relation::Duplicate), "{c:?}");
    assert!(c.contain > 0.99, "{c:?}");
}

#[test]
fn a_number_in_chinese_numerals_is_the_same_in_digits() {
    let same = |a: &str, b: &str| {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        super::figures::same_number(&a, &b) && super::figures::same_number(&b, &a)
    };
    for (cn, digits) in [
        ("一九九五", "1995"),
        ("二〇二四", "2024"),
        ("十二", "12"),
        ("三十一", "31"),
        ("十", "10"),
        ("二十", "20"),
        ("五", "5"),
    ] {
        assert!(same(cn, digits), "{cn} {digits}");
    }
    assert!(same("规划，二〇〇五年前", "规划，2005年前"), "around the numbers");
    for (a, b) in
        [("一九九五", "1996"), ("三十一", "13"), ("1995", "1995"), ("一九", "一九"), ("一百", "100"), ("", "")]
    {
        assert!(!same(a, b), "{a} {b}");
    }
}

#[test]
fn figures_leave_out_dates_and_times() {
    let figures = |s: &str| {
        let t: Vec<char> = s.chars().collect();
        super::figures::figures(&t, std::slice::from_ref(&(0..t.len()))).into_iter().collect::<String>()
    };
    assert_eq!(figures("2024年3月5日17时，气温3℃到14℃"), "314");
    assert_eq!(figures("（来源：2024-03-05 10:21）共240辆"), "240");
    assert_eq!(figures("3/5/2024 发布，指数62"), "62");
    assert_eq!(figures("气温10-15℃，风力3-4级"), "101534", "ranges are figures");
    assert_eq!(figures("03-05 比分 2:1，增长3.5%"), "030535", "no year: figures; a ratio reads as a time");
    assert_eq!(figures("10时25分出发，步行15分钟，休息30秒钟"), "1530", "durations are figures, times of day not");
    // Only the part inside the ranges counts, the date read in the whole text.
    let t: Vec<char> = "3月5日共240辆".chars().collect();
    assert_eq!(super::figures::figures(&t, &[0..1, 4..7]), vec!['2', '4'], "the run cut at the range's end");
}

#[test]
fn characters_of_a_run_inside_ranges() {
    let ranges = [2..5, 8..10, 20..30];
    assert_eq!(overlap(0..2, &ranges), 0);
    assert_eq!(overlap(0..3, &ranges), 1);
    assert_eq!(overlap(3..9, &ranges), 3, "the end of one range and the start of the next");
    assert_eq!(overlap(0..40, &ranges), 15);
    assert_eq!(overlap(25..26, &ranges), 1);
    assert_eq!(overlap(10..20, &ranges), 0, "between ranges, ends exclusive");
    assert_eq!(overlap(0..40, &[]), 0);
}

#[test]
fn characters_both_sides_ranges_hold_of_a_run() {
    // A run of 10 from 5 in a and 105 in b.
    let one = |r: std::ops::Range<usize>| vec![r; 1];
    assert_eq!(overlap_both(5, 105, 10, &one(0..8), &one(100..110)), 3, "a's 5..8 is b's 105..108");
    assert_eq!(overlap_both(5, 105, 10, &one(0..8), &one(108..120)), 0, "a's part and b's part do not meet");
    assert_eq!(overlap_both(5, 105, 10, &[6..7, 9..12], &one(100..200)), 4);
    assert_eq!(overlap_both(5, 105, 10, &[], &one(100..200)), 0);
}

/// Furniture, article and furniture: (text, ranges of the furniture).
fn framed(head: &[char], article: &[char], tail: &[char]) -> (Vec<char>, Vec<std::ops::Range<usize>>) {
    let text: Vec<char> = [head, article, tail].concat();
    let ranges = vec![0..head.len(), head.len() + article.len()..text.len()];
    (text, ranges)
}

#[test]
fn a_candidate_s_boilerplate_counts_neither_way() {
    let mut rng = Rng::new(0xF0_4417);
    let parts = paragraphs(&mut rng, 5);
    let (article, p) = (&parts[0][..100], Params::default());
    // Two sites' furniture around one article, each longer than it.
    let (a, a_bp) = framed(&parts[1][..120], article, &parts[2][..120]);
    let (b, b_bp) = framed(&parts[3][..120], article, &parts[4][..120]);
    let mut v = Verifier::default();
    let plain = v.compare_prepared(&a, &Prepared::new(&a, &p), &b, (0.0, 0.0), &p);
    assert!(!plain.relation.is_claim(), "{plain:?}");
    // b's furniture discounted: a holds all b says.
    let c = v.compare_prepared_discounting(&a, &Prepared::new(&a, &p), &b, &b_bp, (0.0, 0.0), &p);
    assert_eq!(c.relation, Relation::Contains, "{c:?}");
    assert!(c.tlcs_chars >= 95 && c.tlcs_chars <= 100, "{c:?}");
    // Both sides' discounted: copies. And the same the other way round.
    let mut prep_a = Prepared::new(&a, &p);
    prep_a.set_boilerplate(a_bp.clone(), Vec::new());
    let both = v.compare_prepared_discounting(&a, &prep_a, &b, &b_bp, (0.0, 0.0), &p);
    assert_eq!(both.relation, Relation::Duplicate, "{both:?}");
    let mut prep_b = Prepared::new(&b, &p);
    prep_b.set_boilerplate(b_bp.clone(), Vec::new());
    let back = v.compare_prepared_discounting(&b, &prep_b, &a, &a_bp, (0.0, 0.0), &p);
    assert_eq!((back.relation, back.tlcs_chars), (both.relation, both.tlcs_chars));
    assert!((back.resemble - both.resemble).abs() < 1e-9 && (back.contain - both.contain).abs() < 1e-9);
    let one_way = v.compare_prepared_discounting(&b, &Prepared::new(&b, &p), &a, &b_bp[..0], (0.0, 0.0), &p);
    assert!(!one_way.relation.is_claim());
}

#[test]
fn the_candidate_s_boilerplate_the_page_holds_as_text_is_out_of_both() {
    // The page holds the candidate's furniture and the article, then text of its own: what
    // the two share is the article, and the page holds all of it.
    let mut rng = Rng::new(0xF0_4418);
    let parts = paragraphs(&mut rng, 4);
    let (article, p) = (&parts[0][..100], Params::default());
    let (b, b_bp) = framed(&parts[1][..120], article, &parts[2][..120]);
    let a: Vec<char> = [&parts[1][..120], article, &parts[3][..80]].concat();
    let mut v = Verifier::default();
    let plain = v.compare_prepared(&a, &Prepared::new(&a, &p), &b, (0.0, 0.0), &p);
    assert_eq!(plain.relation, Relation::Contained, "the intro and article are 73% of the page: {plain:?}");
    let c = v.compare_prepared_discounting(&a, &Prepared::new(&a, &p), &b, &b_bp, (0.0, 0.0), &p);
    assert_eq!(c.relation, Relation::Contains, "{c:?}");
    assert!((95..=100).contains(&c.tlcs_chars), "the article alone is shared: {c:?}");
}

#[test]
fn an_excerpt_a_listing_cut_short_is_neither_held_nor_shared() {
    // A listing's teasers, each a page's opening cut with an ellipsis; one of them is three
    // quarters of a short article.
    let mut rng = Rng::new(0xE7_C3A7);
    let parts = paragraphs(&mut rng, 9);
    let article = &parts[0][..200];
    let p = Params::default();
    let listing = |teaser: &[char], mark: &str| -> Vec<char> {
        let mut text = Vec::new();
        for (i, other) in parts[1..].iter().enumerate() {
            if i == 4 {
                text.extend_from_slice(teaser);
                text.extend(mark.chars());
                text.push('\n');
            }
            text.extend_from_slice(&other[..100]);
            text.extend("……\n".chars());
        }
        text
    };
    let mut v = Verifier::default();
    for mark in ["……", "...", " …"] {
        let cut = listing(&article[..150], mark);
        let c = v.compare_texts(&cut, article, &p);
        assert_eq!(c.relation, Relation::Different, "{mark}: {c:?}");
        assert!(c.contain >= p.contain_rate, "held as far as the cut: {c:?}");
        let back = v.compare_texts(article, &cut, &p);
        assert_eq!(back.relation, Relation::Different, "{mark}: {back:?}");
    }
    // Not cut short: the listing holds the same three quarters, then its next item.
    let held = v.compare_texts(&listing(&article[..150], ""), article, &p);
    assert_eq!(held.relation, Relation::Contains, "{held:?}");
    // Cut where the article ends (the ellipsis is the listing's habit): the whole is held.
    let whole = v.compare_texts(&listing(article, "……"), article, &p);
    assert_eq!(whole.relation, Relation::Contains, "{whole:?}");
    // A passage long enough to be a key paragraph, cut short, is no overlap either.
    let long = &parts[0];
    assert!(long.len() >= 240, "a paragraph of 120 to 300 characters");
    let teaser = &long[..p.overlap_min_chars + 20];
    let page = listing(teaser, "……");
    let against: Vec<char> = [&long[..], &parts[8][..]].concat();
    let c = v.compare_texts(&page, &against, &p);
    assert_eq!(c.relation, Relation::Different, "{c:?}");
    let uncut = v.compare_texts(&listing(teaser, ""), &against, &p);
    assert_eq!(uncut.relation, Relation::Overlaps, "{uncut:?}");
}
