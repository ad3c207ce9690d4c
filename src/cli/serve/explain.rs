//! `POST /v1/compare` and `GET /explain`: two pages compared, as JSON and as a page for people.

use dedupdb::{Body, Comparison, Page, Params, StoredPage};
use html_escape::encode_text;

/// Analyzes a stored page's text again: it is the normalized main text, every line a paragraph,
/// which normalizing leaves as it is.
pub(crate) fn analyze_stored(p: &StoredPage, params: &Params) -> Page {
    Page::analyze(Body::Text { bytes: p.text.as_bytes(), charset: Some("utf-8") }, params)
}

/// The text of `p`'s normalized characters with the ranges `marks` (sorted, disjoint) marked,
/// each `<mark>` carrying its region's number.
fn marked(p: &Page, marks: &[(usize, usize, usize)]) -> String {
    let chars = &p.norm.chars;
    let mut out = String::new();
    let mut at = 0;
    for &(start, end, n) in marks {
        let (start, end) = (start.min(chars.len()), end.min(chars.len()));
        if start < at {
            continue;
        }
        out.push_str(&encode_text(&chars[at..start].iter().collect::<String>()));
        let text: String = chars[start..end].iter().collect();
        out.push_str(&format!("<mark class=\"aligned\" data-region=\"{n}\">{}</mark>", encode_text(&text)));
        at = end;
    }
    out.push_str(&encode_text(&chars[at..].iter().collect::<String>()));
    out.replace('\n', "<br>\n")
}

/// The explain page of stored pages `a` and `b`.
pub(crate) fn page(a: &StoredPage, pa: &Page, b: &StoredPage, pb: &Page, c: &Comparison) -> String {
    let mut spans_a: Vec<(usize, usize, usize)> =
        c.spans.iter().enumerate().map(|(i, s)| (s.a_start, s.a_end, i + 1)).collect();
    let mut spans_b: Vec<(usize, usize, usize)> =
        c.spans.iter().enumerate().map(|(i, s)| (s.b_start, s.b_end, i + 1)).collect();
    spans_a.sort_unstable();
    spans_b.sort_unstable();
    let mut why = Vec::new();
    why.push(format!("{}.", super::super::compare::describe(c.relation)));
    why.push(format!(
        "{} characters lie in {} trusted region(s), found in {} round(s) of alignment.",
        c.tlcs_chars,
        c.spans.len(),
        c.rounds
    ));
    if c.near_miss {
        why.push(format!(
            "A near miss: {} figures differ inside the aligned text, so a copy is not claimed.",
            c.numeric_conflicts
        ));
    }
    if c.rejected_early {
        why.push("The skeleton filter ruled the pair out before alignment.".to_string());
    }
    let why: String = why.iter().map(|w| format!("<li>{}</li>", encode_text(w))).collect();
    let side = |tag: &str, p: &StoredPage, page: &Page, marks: &[(usize, usize, usize)]| {
        format!(
            "<section class=\"page\" id=\"{tag}\"><h2>{tag}: <a href=\"{href}\">{url}</a></h2>\
             <p class=\"meta\">doc {doc}, cluster {cluster}, site {site}, {chars} characters</p>\
             <div class=\"text\">{text}</div></section>",
            href = html_escape::encode_double_quoted_attribute(&p.url),
            url = encode_text(&p.url),
            doc = p.doc_id,
            cluster = p.cluster,
            site = encode_text(&p.site),
            chars = page.norm.chars.len(),
            text = marked(page, marks),
        )
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"zh\"><head><meta charset=\"utf-8\"><title>dedupdb: {rel} ({ua} / {ub})</title>\
         <style>body{{font-family:sans-serif;margin:1.5em}}main{{display:flex;gap:1.5em}}\
         .page{{flex:1;min-width:0}}.text{{line-height:1.7;border:1px solid #ccc;padding:.8em}}\
         mark.aligned{{background:#ffe08a}}table td{{padding:.1em .8em}}.meta{{color:#555}}</style></head>\
         <body><h1>{rel}</h1><table id=\"scores\"><tr><td>relation</td><td id=\"relation\">{rel}</td></tr>\
         <tr><td>resemble</td><td>{res:.3}</td></tr><tr><td>contain</td><td>{con:.3}</td></tr>\
         <tr><td>CCS</td><td>{ccs:.3}</td></tr><tr><td>CLR</td><td>{clr:.3}</td></tr>\
         <tr><td>TLCS characters</td><td>{tlcs}</td></tr></table><ul id=\"why\">{why}</ul>\
         <main>{sa}{sb}</main>\
         <script type=\"application/json\" id=\"comparison\">{island}</script></body></html>\n",
        rel = c.relation,
        ua = encode_text(&a.url),
        ub = encode_text(&b.url),
        res = c.resemble,
        con = c.contain,
        ccs = c.ccs,
        clr = c.clr,
        tlcs = c.tlcs_chars,
        sa = side("A", a, pa, &spans_a),
        sb = side("B", b, pb, &spans_b),
        // The comparison as data, for scripts and tests; `<` escaped so no text ends the element.
        island = serde_json::to_string(c).unwrap_or_default().replace('<', "\\u003c"),
    )
}
