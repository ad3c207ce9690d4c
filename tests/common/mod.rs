//! Helpers shared by the integration tests and benchmarks.
#![allow(dead_code)]

use std::path::PathBuf;

use dedupdb::{Body, Page, Params};

/// Path of a fixture file.
pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

/// Reads and analyzes a fixture (HTML or text by extension).
pub fn page(name: &str) -> Page {
    let bytes = std::fs::read(fixture(name)).unwrap_or_else(|e| panic!("fixture {name}: {e}"));
    let input = if name.ends_with(".txt") {
        Body::Text { bytes: &bytes, charset: None }
    } else {
        Body::Html { bytes: &bytes, charset: None }
    };
    Page::analyze(input, &Params::default())
}

/// Analyzes plain text as a page.
pub fn text_page(text: &str) -> Page {
    Page::analyze(Body::Text { bytes: text.as_bytes(), charset: None }, &Params::default())
}

/// Inserts an analyzed page into `index` under `url` (site `example.com`); returns its doc id.
pub fn insert_page(index: &mut dedupdb::store::Index, url: &str, p: &Page, replaces: Option<u32>) -> u32 {
    insert_page_of_site(index, url, "example.com", p, replaces)
}

/// [`insert_page`] with the page's site.
pub fn insert_page_of_site(
    index: &mut dedupdb::store::Index,
    url: &str,
    site: &str,
    p: &Page,
    replaces: Option<u32>,
) -> u32 {
    insert_page_in_cluster(index, url, site, p, replaces, None)
}

/// [`insert_page_of_site`] into a given cluster (`None`: its own).
pub fn insert_page_in_cluster(
    index: &mut dedupdb::store::Index,
    url: &str,
    site: &str,
    p: &Page,
    replaces: Option<u32>,
    cluster: Option<u32>,
) -> u32 {
    index
        .insert(dedupdb::store::NewDoc {
            url,
            site,
            fetched_at: 0,
            chars: &p.norm.chars,
            features: &p.features,
            cluster,
            replaces,
            title: p.title_sketch,
            listing: p.extracted.listing,
            script: p.script,
        })
        .expect("insert")
}

/// Asks `index` about page `p` as a page of `site` (its title from the page).
pub fn ask(index: &dedupdb::store::Index, p: &Page, site: &str) -> dedupdb::dedup::QueryAnswer {
    let mut scratch = dedupdb::dedup::QueryScratch::default();
    let origin = dedupdb::dedup::Origin { site, title: p.title_sketch, listing: p.extracted.listing };
    let searcher = dedupdb::dedup::Searcher::of(index);
    searcher.query_with(&mut scratch, &p.norm.chars, &p.features, Some(origin), None, None).expect("query")
}

/// The relation an answer gives to document `doc`, if it lists it.
pub fn relation_to(answer: &dedupdb::dedup::QueryAnswer, doc: u32) -> Option<dedupdb::verify::Relation> {
    answer.matches.iter().find(|m| m.doc_id == doc).map(|m| m.cmp.relation)
}

/// True for a relation that claims a copy: a duplicate or a containment either way.
pub fn claims(r: Option<dedupdb::verify::Relation>) -> bool {
    r.is_some_and(dedupdb::verify::Relation::is_claim)
}

/// Common Chinese characters, for generated text.
const POOL: &str = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理";

/// Deterministic pseudo-random Chinese prose: `n` characters with "，" and "。" sprinkled in and a
/// paragraph break every few sentences. Different seeds share only chance characters.
pub fn prose(seed: u64, n: usize) -> String {
    let pool: Vec<char> = POOL.chars().collect();
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut out = String::with_capacity(n * 3);
    let mut since = 0;
    let mut sentences = 0;
    for _ in 0..n {
        out.push(pool[(next() % pool.len() as u64) as usize]);
        since += 1;
        if since > 6 && next() % 9 == 0 {
            if next() % 3 == 0 {
                out.push('。');
                sentences += 1;
                if sentences % 4 == 0 {
                    out.push('\n');
                }
            } else {
                out.push('，');
            }
            since = 0;
        }
    }
    out.push('。');
    out
}

/// Wraps paragraphs in a page template with navigation, sidebar and footer.
pub fn html_page(site: &str, paragraphs: &[&str]) -> String {
    let nav: String = (0..12).map(|i| format!("<li><a href='/c{i}'>{site}栏目{i}</a></li>")).collect();
    let side: String = (0..8).map(|i| format!("<li><a href='/n{i}'>{site}热点新闻标题第{i}条</a></li>")).collect();
    let body: String = paragraphs.iter().map(|p| format!("<p>{p}</p>\n")).collect();
    format!(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>{site}</title><script>var x=1;</script></head>\
         <body><div class='header'><ul class='nav'>{nav}</ul></div>\
         <div class='wrap'><div class='content'>{body}</div><div class='sidebar'><ul>{side}</ul></div></div>\
         <div class='footer'>{site}版权所有 | 关于我们 | 联系方式</div></body></html>"
    )
}

/// Whether a probe table's status field says `ok` (else `bad`: a known failure, its cause in the
/// row's note). Panics naming `line` on anything else.
pub fn probe_ok(status: &str, line: &str) -> bool {
    match status {
        "ok" => true,
        "bad" => false,
        _ => panic!("status {status:?} is neither ok nor bad in {line:?}"),
    }
}

/// The probes' rows against what was got. A row marked ok that no longer holds, or a known
/// failure that now holds, is a change: the table (and the notes that cite it) must be brought
/// up to date, and a fix is seen for what it fixed.
#[derive(Default)]
pub struct ProbeTally {
    /// Rows checked.
    pub rows: usize,
    /// Known failures that still fail.
    pub known_bad: usize,
    changed: Vec<String>,
}

impl ProbeTally {
    /// Records one row; `what` names it, what was expected and what was got.
    pub fn record(&mut self, ok: bool, holds: bool, what: impl FnOnce() -> String) {
        self.rows += 1;
        match (ok, holds) {
            (true, true) => {}
            (false, false) => self.known_bad += 1,
            (true, false) => self.changed.push(what()),
            (false, true) => self.changed.push(format!("a known failure now holds; mark it ok: {}", what())),
        }
    }

    /// Fails listing every changed row (`unit` names what a row is: "pairs", "pages").
    pub fn assert_unchanged(&self, unit: &str) {
        assert!(
            self.changed.is_empty(),
            "{} of {} {unit} changed:\n{}",
            self.changed.len(),
            self.rows,
            self.changed.join("\n")
        );
    }
}
