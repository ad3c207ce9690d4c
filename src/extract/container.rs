//! The article container: every block with sentence-like text scores its element and the
//! nearest ancestors, damped by link density and moved by class/id hints; the best element (or
//! the child holding nearly all of its score) is the container, and its like siblings join it.

use super::block::{Block, BlockSums, Elem, Extracted, MAX_LINK_DENSITY, MIN_SCORING_CHARS};
use super::footer::FOOTER_WEIGHT;
use super::headline::HEADLINE_WEIGHT;

/// Weights of a block's score on its element, the parent, grandparent, great-grandparent.
const LEVEL_WEIGHTS: [f64; 4] = [1.0, 1.0, 0.5, 0.25];

/// A child with at least this share of its parent's score is the container instead ...
const DESCEND_SHARE: f64 = 0.8;

/// ... unless the parent holds, beside it, this many link-free table cells with figures.
const TABLE_MIN_FIGURES: usize = 4;

/// A furniture hint (comment, footer, ...) of an element counts against its descendants this many
/// levels down.
const PENALTY_LEVELS: usize = 3;

/// A sibling joins the container at this share of its score.
const SIBLING_SHARE: f64 = 0.25;

/// Paragraphs orphaned by stray end tags sit directly in one of the container's nearest this many
/// ancestors (a stray `</div></div>` closes the container and its parent).
const ORPHAN_LEVELS: usize = 3;

/// The most negative class/id hint of an element's nearest [`PENALTY_LEVELS`] ancestors, or 0: a
/// comment's own elements rarely say "comment", the section around them does, and a short
/// article must not lose to its first comment. Not further up: a page-wide wrapper named
/// "inside" or "main-side" would penalise everything under it.
fn inherited_penalty(e: &Extracted, el: &Elem) -> i32 {
    let mut worst = 0;
    let mut at = el.parent as usize;
    for _ in 0..PENALTY_LEVELS {
        if at == 0 {
            break;
        }
        worst = worst.min(e.elems[at].hint);
        at = e.elems[at].parent as usize;
    }
    worst
}

/// Block ranges of the article container and the siblings that join it; empty when no element
/// holds sentence-like text.
pub(super) fn container_ranges(
    e: &Extracted,
    excluded: &[bool],
    footer: &[bool],
    sums: &BlockSums,
    headed: std::ops::Range<usize>,
) -> Vec<(u32, u32)> {
    let n = e.elems.len();
    let mut raw = vec![0f64; n];
    for (i, b) in e.blocks.iter().enumerate() {
        let ld = b.link_density();
        if excluded[i] || ld > MAX_LINK_DENSITY || b.chars < MIN_SCORING_CHARS {
            continue;
        }
        let weight = if footer[i] {
            FOOTER_WEIGHT
        } else if headed.contains(&i) {
            HEADLINE_WEIGHT
        } else {
            1.0
        };
        let s = (1.0 + f64::from(b.punct) + (f64::from(b.chars) / 40.0).min(4.0)) * (1.0 - ld) * weight;
        let mut el = b.elem as usize;
        for w in LEVEL_WEIGHTS {
            raw[el] += s * w;
            if el == 0 {
                break;
            }
            el = e.elems[el].parent as usize;
        }
    }
    let score: Vec<f64> = e
        .elems
        .iter()
        .zip(&raw)
        .map(|(el, &r)| {
            if r <= 0.0 {
                return 0.0;
            }
            let (lo, hi) = (el.first_block as usize, el.end_block as usize);
            // Element link density over all its blocks.
            let chars = sums.chars(lo..hi);
            let links = sums.links[hi] - sums.links[lo];
            let ld = if chars == 0 { 0.0 } else { links as f64 / chars as f64 };
            let hint = (1.0 + 0.2 * f64::from(el.hint + inherited_penalty(e, el))).clamp(0.2, 1.6);
            r * (1.0 - ld) * hint
        })
        .collect();

    let Some(mut best) =
        (0..n).filter(|&i| score[i] > 0.0).max_by(|&a, &b| score[a].total_cmp(&score[b]).then(b.cmp(&a)))
    else {
        return Vec::new();
    };
    // Short cells score nothing, but a table of figures beside the child (a lottery draw's or
    // the day's rates under one sentence) is the parent's text: no descending past it.
    let table_beside = |parent: usize, child: usize| {
        let (p, c) = (&e.elems[parent], &e.elems[child]);
        let outside = (p.first_block..c.first_block).chain(c.end_block..p.end_block);
        outside
            .filter(|&i| {
                let b = &e.blocks[i as usize];
                b.link_chars == 0
                    && in_inner_cell(&e.elems, b, p.first_block, p.end_block)
                    && e.block_text(b).bytes().any(|x| x.is_ascii_digit())
            })
            .take(TABLE_MIN_FIGURES)
            .count()
            >= TABLE_MIN_FIGURES
    };
    // A paragraph is no container: a long one beside a short lead ("<div><p>69 chars</p><p>410
    // chars</p></div>") outscores its parent's other paragraphs, which are the article too.
    let paragraph_among_paragraphs = |parent: usize, child: usize| {
        let c = &e.elems[child];
        c.end_block == c.first_block + 1
            && (parent + 1..n).any(|o| {
                o != child && e.elems[o].parent as usize == parent && e.elems[o].sig == c.sig && score[o] > 0.0
            })
    };
    loop {
        let child = (best + 1..n)
            .filter(|&c| e.elems[c].parent as usize == best)
            .max_by(|&a, &b| score[a].total_cmp(&score[b]));
        match child {
            Some(c)
                if score[c] >= DESCEND_SHARE * score[best]
                    && !table_beside(best, c)
                    && !paragraph_among_paragraphs(best, c) =>
            {
                best = c
            }
            _ => break,
        }
    }
    let mut ranges = vec![(e.elems[best].first_block, e.elems[best].end_block)];
    if best != 0 {
        // Siblings are looked for beside the outermost element that is only the container (a
        // `<p>` alone in its `<div class="textWrap">`, the container a paragraph's `<span>`): a
        // paragraph's wrapper is what the article's other parts repeat. Not past a table cell:
        // the rows of a layout table are the page's regions (the next may hold a comment).
        let mut part = best;
        loop {
            let (el, p) = (&e.elems[part], e.elems[part].parent as usize);
            let cell = e.blocks[el.first_block as usize].cell as usize == part;
            if p == 0 || cell || (e.elems[p].first_block, e.elems[p].end_block) != (el.first_block, el.end_block) {
                break;
            }
            part = p;
        }
        // Siblings alike (or named as content) with a fair share of the container's score (its
        // own: an ancestor counts its text at a lower level's weight). Under the headline,
        // numbered alike too (`txt0`, `txt1`: an article split by an advert, a picture or a
        // video) when they say something in sentences (not the dateline, "…… 评论(5)"). Not a
        // shorter one however alike: a WeChat account's fixed opening line is a `<section>` as
        // the article is.
        let headed_part = |el: &Elem| {
            let range = el.first_block as usize..el.end_block as usize;
            headed.start <= range.start
                && range.end <= headed.end
                && range.clone().any(|i| {
                    let b = &e.blocks[i];
                    !excluded[i] && !footer[i] && b.ends_sentence && b.punct >= 1
                })
        };
        let p = &e.elems[part];
        for (i, el) in e.elems.iter().enumerate().skip(1) {
            if i != part
                && el.parent == p.parent
                && score[i] >= SIBLING_SHARE * score[best]
                && (el.sig == p.sig || el.hint > 0 || el.stem == p.stem && headed_part(el))
            {
                ranges.push((el.first_block, el.end_block));
            }
        }
        if e.unmatched_ends > 0 {
            let run = orphaned_run(e, best, excluded, footer);
            if !run.is_empty() {
                ranges.push((run.start as u32, run.end as u32));
            }
        }
    }
    ranges
}

/// Whether block `b` lies in a table cell inside blocks `lo..hi` that is not all of them (a cell
/// that holds a whole region is the page's layout, not a table of data).
pub(super) fn in_inner_cell(elems: &[Elem], b: &Block, lo: u32, hi: u32) -> bool {
    let c = &elems[b.cell as usize];
    b.cell != 0 && lo <= c.first_block && c.end_block <= hi && c.end_block - c.first_block < hi - lo
}

/// The blocks right after the container `best` that stray end tags cut off from it. A CMS that
/// leaves `</div></div>` in an article closes the container and its parent there (browsers do
/// the same): the rest of the article then lies directly in an ancestor, beside the sidebars,
/// and, when the headline boost covered only the first part, is left out. Called only when the
/// page has end tags that closed nothing, the trace such strays leave; a well-formed page's
/// notes after its article (a disclaimer in a bare `<p>`) stay out.
///
/// The run takes the blocks after the container whose element is one of its nearest
/// [`ORPHAN_LEVELS`] ancestors or a child of one without a furniture hint (a bare `<p>`), and
/// ends at the first other block: one in a wrapper of its own (a sidebar, comments, related
/// reading), link text, a list item or the footer.
fn orphaned_run(e: &Extracted, best: usize, excluded: &[bool], footer: &[bool]) -> std::ops::Range<usize> {
    let mut ancestors = [usize::MAX; ORPHAN_LEVELS];
    let mut at = best;
    for slot in &mut ancestors {
        if at == 0 {
            break;
        }
        at = e.elems[at].parent as usize;
        *slot = at;
    }
    let start = e.elems[best].end_block as usize;
    let mut end = start;
    for (i, b) in e.blocks.iter().enumerate().skip(start) {
        let el = b.elem as usize;
        let bare =
            ancestors.contains(&el) || (e.elems[el].hint >= 0 && ancestors.contains(&(e.elems[el].parent as usize)));
        if !bare || excluded[i] || footer[i] || b.link_density() > MAX_LINK_DENSITY {
            break;
        }
        end = i + 1;
    }
    start..end
}
