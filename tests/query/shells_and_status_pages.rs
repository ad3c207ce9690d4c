//! Pages with no text of their own in their markup. A page rendered in the browser, a site's
//! shell (a loading line, the footer) with the article as its script's data, is read as the
//! article its script carries, so that the site's pages are not copies of its shell, and a copy
//! of the article elsewhere finds it; a shell that carries no article is a page without text, not
//! a copy of the site's other shells. So is a site's status page (not found, redirecting, deleted,
//! no results): an error that says so, not a copy of the site's other status pages.

use std::process::Command;

use crate::common::{self, prose};

/// A shell of `site` whose script sets `state` (a JavaScript statement).
fn shell(site: &str, title: &str, state: &str) -> String {
    format!(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title} - {site}</title></head><body>\
         <div id='app'><div class='loading'>正在加载中，请稍候。</div></div>\
         <noscript>您的浏览器未开启JavaScript，请开启后刷新页面。</noscript>\
         <div class='footer'>{site}版权所有，未经授权不得转载。京ICP备12345678号。</div>\
         <script src='/static/app.js'></script><script>{state}</script></body></html>"
    )
}

/// An article's paragraphs as markup.
fn markup(paragraphs: &[String]) -> String {
    paragraphs.iter().map(|p| format!("<p>{p}</p>")).collect()
}

fn paragraphs(seed: u64) -> Vec<String> {
    prose(seed, 420).split('\n').filter(|p| !p.is_empty()).map(str::to_owned).collect()
}

/// Ingests `pages` (url, html) into a fresh index; the report's lines.
fn ingest(pages: &[(String, String)]) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("crawl.jsonl");
    let lines: Vec<String> = pages.iter().map(|(u, h)| serde_json::json!({"url": u, "html": h}).to_string()).collect();
    std::fs::write(&input, lines.join("\n") + "\n").expect("write crawl");
    let report = dir.path().join("report.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_dedupdb"))
        .args(["ingest", "--db"])
        .arg(dir.path().join("db"))
        .arg("--report")
        .arg(&report)
        .arg(&input)
        .output()
        .expect("run dedupdb");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::read_to_string(&report)
        .expect("report")
        .lines()
        .map(|l| serde_json::from_str(l).expect("report line"))
        .collect()
}

#[test]
fn a_sites_script_rendered_pages_are_their_articles() {
    let arts: Vec<Vec<String>> = (0..4).map(|k| paragraphs(7_100 + k)).collect();
    let json = |v: serde_json::Value| v.to_string();
    let mut pages: Vec<(String, String)> = Vec::new();
    // Three articles of one news app, each in its page's state as JSON, markup escaped the way
    // serializers do it ("<" as \u003c, "/" as \/).
    for (k, a) in arts.iter().take(3).enumerate() {
        let state = json(serde_json::json!({"article": {"title": format!("新闻{k}"), "content": markup(a)}}))
            .replace('<', "\\u003c")
            .replace('/', "\\/");
        pages.push((
            format!("https://m.kx.example/a/{k}"),
            shell("快讯", &format!("新闻{k}"), &format!("window.__INITIAL_STATE__={state};")),
        ));
    }
    // A portal's plain copy of article 1.
    pages.push((
        "https://portal.example/n/1".into(),
        common::html_page("门户网", &arts[1].iter().map(String::as_str).collect::<Vec<_>>()),
    ));
    // Another app's shell holding article 0 as escaped markup in a single-quoted literal.
    let escaped = markup(&arts[0]).replace('<', "&lt;").replace('>', "&gt;");
    pages.push((
        "https://tt.example/i/9".into(),
        shell(
            "头条",
            "转载",
            &format!("var BASE_DATA = {{ articleInfo: {{ title: '转载', content: '{escaped}' }} }};"),
        ),
    ));
    // A site that declares article 2 in JSON-LD only, its paragraphs one per line.
    let ld = json(serde_json::json!({"@type": "NewsArticle", "headline": "新闻2", "articleBody": arts[2].join("\n")}));
    pages.push((
        "https://ld.example/2".into(),
        shell("链点", "新闻2", "")
            .replace("<script>", &format!("<script type='application/ld+json'>{ld}</script><script>")),
    ));
    // Two shells whose script fetches the article later: nothing to read.
    for k in 0..2 {
        pages.push((format!("https://m.kx.example/b/{k}"), shell("快讯", &format!("新闻b{k}"), "loadArticle();")));
    }
    // Article 3 as a short page's markup, its hydration state holding it again and a long
    // unrelated prompt under a key that names none: the markup is read.
    let prompt = prose(9_999, 600).replace('\n', "");
    let state = json(serde_json::json!({"privacyText": prompt, "content": markup(&arts[3][..1])}));
    let short = arts[3][0].clone();
    pages.push((
        "https://ssr.example/3".into(),
        format!(
            "<html><head><title>短讯 - 服务端</title></head><body><div class='article'><p>{short}</p></div>\
             <script>window.__NUXT__={state}</script></body></html>"
        ),
    ));

    let rows = ingest(&pages);
    let verdict = |i: usize| rows[i]["verdict"].as_str().unwrap_or("?").to_owned();
    let best = |i: usize| rows[i]["matches"][0]["url"].as_str().unwrap_or("").to_owned();
    for (i, row) in rows.iter().enumerate().take(3) {
        assert_eq!(row["verdict"], "new", "the app's article {i} is not a copy of its shell: {row}");
    }
    for (i, of) in [(3, 1), (4, 0), (5, 2)] {
        assert!(matches!(verdict(i).as_str(), "exact" | "duplicate"), "page {i}: {}", rows[i]);
        assert_eq!(best(i), pages[of].0, "page {i}");
    }
    for row in &rows[6..8] {
        assert_eq!(row["verdict"], "error", "a shell with no article: {row}");
        assert!(row["error"].as_str().unwrap_or("").contains("no main text"), "{row}");
    }
    assert_eq!(verdict(8), "new", "{}", rows[8]);

    // The short page's markup was read: its text is its one paragraph, not the prompt; the
    // shells' text came from their scripts.
    let e = dedupdb::extract::extract_html(&pages[8].1);
    assert_eq!((e.main_text(), e.from_script), (short, false));
    let e = dedupdb::extract::extract_html(&pages[4].1);
    assert_eq!((e.main_text(), e.from_script), (arts[0].join("\n"), true));
}

#[test]
fn a_sites_status_pages_are_errors_not_copies() {
    let page = |site: &str, title: &str, body: &str| {
        format!(
            "<html><head><title>{title}_{site}</title></head><body><div class='nav'><a href='/'>首页</a> | \
             <a href='/news/'>新闻</a></div><div class='main'>{body}</div><div class='footer'>\
             <p>Copyright © 2006-2026 {site} All Rights Reserved</p><p>本站部分内容来源于网络，如有侵权请联系删除。</p>\
             <p>用户需对自己在使用本站服务过程中的行为承担法律责任。</p></div></body></html>"
        )
    };
    let not_found = "<h2>404 Not Found</h2><p>抱歉，您访问的页面不存在或已被删除！</p><p><a href='/'>返回首页</a></p>";
    let redirect = "<p>页面跳转中，请稍候……如果您的浏览器没有自动跳转，请点击这里。</p>";
    let login = "<form><p>用户名：<input name='u'></p><p>密码：<input type='password'></p><button>登录</button></form>";
    let flash = prose(4_242, 60);
    let mut pages = Vec::new();
    for site in ["甲网", "乙网"] {
        for (k, (title, body)) in
            [("页面不存在", not_found), ("页面跳转中", redirect), ("会员登录", login)].iter().enumerate()
        {
            pages.push((format!("http://{site}.example/s/{k}"), page(site, title, body)));
        }
    }
    // A flash and its copy on the other site are still found.
    pages.push(("http://甲网.example/n/1".into(), page("甲网", "快讯", &format!("<p>{flash}</p>"))));
    pages.push(("http://乙网.example/n/1".into(), page("乙网", "快讯", &format!("<p>{flash}</p>"))));
    let rows = ingest(&pages);
    for row in &rows[..6] {
        assert_eq!(row["verdict"], "error", "{row}");
        assert!(row["matches"].as_array().is_none_or(|m| m.is_empty()), "{row}");
    }
    let error = |i: usize| rows[i]["error"].as_str().unwrap_or("").to_owned();
    assert!(error(0).contains("status page"), "{}", error(0));
    assert!(error(1).contains("status page"), "{}", error(1));
    assert!(error(2).contains("no main text"), "{}", error(2));
    assert_eq!(rows[6]["verdict"], "new", "{}", rows[6]);
    assert_eq!(rows[7]["verdict"], "exact", "{}", rows[7]);
}
