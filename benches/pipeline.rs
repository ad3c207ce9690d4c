//! Throughput of the page pipeline and latency of verification.
//!
//! * `extract_features`: decode + extract + normalize + features on ~20 KB HTML pages (a ~3,000
//!   character article under a heavy template). Throughput in bytes; pages/s = 1 / time per page.
//! * `verify/similar`: a ~3,000-character body against a copy with 2% of characters edited and a
//!   paragraph added, texts and features prepared beforehand (as the index has them).
//! * `verify/dissimilar`: two different ~3,000-character bodies.
//! * `verify/dissimilar_3000_query_prepared`: the same, with the first side prepared once, as an
//!   index query checks many candidates against one page.
//!
//! Run: `cargo bench --bench pipeline`. Figures go to BENCHMARKS.md.

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;

use common::prose;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dedupdb::features::Features;
use dedupdb::normalize::normalize;
use dedupdb::verify::Verifier;
use dedupdb::{Body, Page, Params};

/// A ~20 KB page: scripts, styles, navigation, breadcrumbs, sidebars, comments, footer.
fn page(seed: u64) -> String {
    let body = prose(seed, 3000);
    let paras: String = body.split('\n').map(|p| format!("<p>&nbsp;&nbsp;{p}</p>\n")).collect();
    let nav: String = (0..50).map(|i| format!("<li><a href=\"/channel/{i}/index.html\">频道{i}</a></li>")).collect();
    let side: String = (0..56)
        .map(|i| {
            format!(
                "<li><a href=\"/news/2026/{seed}{i}.html\" target=\"_blank\">{}</a></li>",
                prose(seed * 100 + i, 14)
            )
        })
        .collect();
    let script = "function track(){var a=document.getElementsByTagName('a');for(var i=0;i<a.length;i++){a[i].onclick=function(){return true;};}}\n".repeat(12);
    format!(
        "<!DOCTYPE html><html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">\
         <title>新闻标题 - 示例网</title><style>body{{font:12px/1.5 sans-serif}} .nav li{{float:left}}</style>\
         <script type=\"text/javascript\">{script}</script></head><body>\
         <div id=\"header\"><ul class=\"nav\">{nav}</ul></div>\
         <div class=\"crumb\">当前位置：<a href=\"/\">首页</a> &gt; <a href=\"/news/\">新闻</a> &gt; 正文</div>\
         <div class=\"main\"><div class=\"article\"><h1>新闻标题</h1><div class=\"info\">2026-03-05 10:21 来源：本站</div>\
         <div class=\"content\">{paras}</div><div class=\"share\">分享到：微博 微信 QQ空间</div></div>\
         <div class=\"sidebar\"><h3>热点新闻</h3><ul>{side}</ul></div></div>\
         <div class=\"footer\"><p>关于我们 | 联系方式 | 广告服务 | 网站地图</p><p>版权所有 © 2026 示例网 未经授权禁止转载</p></div>\
         </body></html>"
    )
}

fn bench_extract(c: &mut Criterion) {
    let p = Params::default();
    let pages: Vec<String> = (0..64).map(page).collect();
    let avg = pages.iter().map(String::len).sum::<usize>() / pages.len();
    let mut g = c.benchmark_group("extract_features");
    g.throughput(Throughput::Bytes(avg as u64));
    let mut i = 0;
    g.bench_function(format!("html_{}kb", avg / 1024), |b| {
        b.iter(|| {
            i = (i + 1) % pages.len();
            let page = Page::analyze(Body::Html { bytes: pages[i].as_bytes(), charset: None }, &p);
            black_box(page.features.fingerprints.len())
        })
    });
    g.finish();
}

struct Prepared {
    chars: Vec<char>,
    features: Features,
}

fn prepare(text: &str, p: &Params) -> Prepared {
    let n = normalize(text);
    let features = Features::compute(&n.chars, p);
    Prepared { chars: n.chars, features }
}

fn bench_verify(c: &mut Criterion) {
    let p = Params::default();
    let body = prose(1, 3000);
    let mut edited: Vec<char> = body.chars().collect();
    for i in (0..edited.len()).step_by(50) {
        edited[i] = '某';
    }
    let extra: Vec<char> = prose(2, 300).chars().collect();
    let mid = edited.len() / 2;
    edited.splice(mid..mid, extra);
    let edited: String = edited.into_iter().collect();
    let (a, b, d) = (prepare(&body, &p), prepare(&edited, &p), prepare(&prose(3, 3000), &p));

    let mut v = Verifier::default();
    let sim = v.compare(&a.chars, &a.features, &b.chars, &b.features, &p);
    assert!(sim.relation.is_similar(), "bench pair must be similar: {sim:?}");
    let dis = v.compare(&a.chars, &a.features, &d.chars, &d.features, &p);
    assert!(!dis.relation.is_similar(), "bench pair must be dissimilar: {dis:?}");

    let mut g = c.benchmark_group("verify");
    g.bench_function("similar_3000", |bn| {
        bn.iter(|| black_box(v.compare(&a.chars, &a.features, &b.chars, &b.features, &p).tlcs_chars))
    });
    g.bench_function("dissimilar_3000", |bn| {
        bn.iter(|| black_box(v.compare(&a.chars, &a.features, &d.chars, &d.features, &p).tlcs_chars))
    });
    // The index's case: the query page is prepared once, candidates are checked against it.
    let prep = dedupdb::verify::Prepared::new(&a.chars, &p);
    g.bench_function("dissimilar_3000_query_prepared", |bn| {
        let cc = dedupdb::verify::ccs_clr(&a.features.period, &d.features.period);
        bn.iter(|| black_box(v.compare_prepared(&a.chars, &prep, &d.chars, cc, &p).tlcs_chars))
    });
    g.bench_function("similar_3000_query_prepared", |bn| {
        let cc = dedupdb::verify::ccs_clr(&a.features.period, &b.features.period);
        bn.iter(|| black_box(v.compare_prepared(&a.chars, &prep, &b.chars, cc, &p).tlcs_chars))
    });
    g.finish();
}

criterion_group!(benches, bench_extract, bench_verify);
criterion_main!(benches);
