//! What `dedupdb compare --json [--explain]` prints: a comparison with each page's reading and,
//! for `--explain`, the blocks kept and left out and the aligned regions' text. The CLI, the HTTP
//! service and the Python package give the same object.

use serde_json::json;

use crate::{Comparison, Page};

/// What `compare --json` prints (with `explain`, `--explain` too): the comparison, each page's
/// reading, and the blocks and aligned regions.
pub fn comparison_json(
    (na, pa): (&str, &Page),
    (nb, pb): (&str, &Page),
    cmp: &Comparison,
    explain: bool,
) -> serde_json::Value {
    let mut v = serde_json::to_value(cmp).unwrap_or_else(|_| json!({}));
    v["a"] = page_json(na, pa);
    v["b"] = page_json(nb, pb);
    if explain {
        v["explain"] = explain_json(pa, pb, cmp);
    }
    v
}

fn page_json(name: &str, p: &Page) -> serde_json::Value {
    json!({
        "input": name,
        "title": p.title(),
        "charset": p.charset,
        "charset_source": p.charset_source,
        "decode_errors": p.decode_errors,
        "script": p.script.as_str(),
        "language": p.script.language().as_str(),
        "chars": p.norm.len(),
        "period_features": p.features.period.len(),
        "fingerprints": p.features.fingerprints.len(),
        "fingerprint_fallback": p.features.fingerprint_fallback,
    })
}

/// Text of the extracted main text behind normalized range `lo..hi`.
pub fn span_text(p: &Page, lo: usize, hi: usize) -> String {
    let r = p.norm.origin_range(lo, hi);
    p.main_text.chars().skip(r.start).take(r.len()).collect()
}

fn explain_json(pa: &Page, pb: &Page, c: &Comparison) -> serde_json::Value {
    let blocks = |p: &Page| -> Vec<serde_json::Value> {
        p.extracted
            .blocks
            .iter()
            .map(|b| {
                json!({
                    "text": p.extracted.block_text(b),
                    "kept": b.dropped.is_none(),
                    "dropped": b.dropped,
                    "link_density": b.link_density(),
                })
            })
            .collect()
    };
    let regions: Vec<serde_json::Value> = c
        .spans
        .iter()
        .map(|s| json!({"a_text": span_text(pa, s.a_start, s.a_end), "b_text": span_text(pb, s.b_start, s.b_end)}))
        .collect();
    json!({"a_blocks": blocks(pa), "b_blocks": blocks(pb), "regions": regions})
}
