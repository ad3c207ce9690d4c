//! A story republished in the other script: Taiwan and Hong Kong sites convert mainland stories
//! to traditional characters, and Chinese CMSs serve each page in both scripts. Character by
//! character the two share little, so before traditional characters were folded no key found
//! the copy and the index called it new. The fixtures are written for this test: the simplified
//! story, and the same story typed in traditional characters (with Taiwan's variant forms in
//! places, as "啟" and "爲"), on a site whose own template and disclaimer are traditional too.

use crate::common::insert_page_of_site;
use dedupdb::dedup::Searcher;
use dedupdb::store::Index;
use dedupdb::verify::Relation;
use dedupdb::{Body, Page, Params};

const SIMPLIFIED: [&str; 6] = [
    "市水务局昨天通报，今年新建的两座防洪闸已经全部完工，比原计划提前了三个星期。工程人员介绍，新闸门的排水能力是旧闸门的两倍，整个工程历时十四个月。",
    "下游沿河的农民多年来一直希望修建新闸。去年夏天，洪水淹没了两千多公顷稻田，许多家庭损失了整季的收成。",
    "新闸门由城里的控制中心统一调度。上游的传感器每十分钟报告一次水位，水位上涨过快时闸门会自动开启，值班人员也可以手动操作。",
    "也有人对此表示担忧。渔民说，水流变急以后，鱼群已经离开了原来的地方。水务局表示将对这个问题进行研究，并在年底前发布报告。",
    "这项工程总投资约四亿元，大部分资金来自省级财政，其余来自国家水利安全专项资金。第三座闸门计划在更上游的地方修建。",
    "市民可以从东岸新修的步道上参观闸门。步道每天早上八点开放，周末还有讲解员为游客介绍系统的工作原理。",
];

const TRADITIONAL: [&str; 6] = [
    "市水務局昨天通報，今年新建的兩座防洪閘已經全部完工，比原計劃提前了三個星期。工程人員介紹，新閘門的排水能力是舊閘門的兩倍，整個工程歷時十四個月。",
    "下游沿河的農民多年來一直希望修建新閘。去年夏天，洪水淹沒了兩千多公頃稻田，許多家庭損失了整季的收成。",
    "新閘門由城裡的控制中心統一調度。上游的傳感器每十分鐘報告一次水位，水位上漲過快時閘門會自動開啟，值班人員也可以手動操作。",
    "也有人對此表示擔憂。漁民說，水流變急以後，魚群已經離開了原來的地方。水務局表示將對這個問題進行研究，並在年底前發佈報告。",
    "這項工程總投資約四億元，大部分資金來自省級財政，其餘來自國家水利安全專項資金。第三座閘門計劃在更上游的地方修建。",
    "市民可以從東岸新修的步道上參觀閘門。步道每天早上八點開放，週末還有講解員爲遊客介紹系統的工作原理。",
];

/// A news page: the site's navigation, the headline and story, what the site puts under a story,
/// and its footer.
fn news_page(nav: [&str; 6], title: &str, paragraphs: &[&str], under: &str, footer: &str) -> String {
    let nav: String = nav.iter().map(|n| format!("<li><a href='/{n}'>{n}</a></li>")).collect();
    let body: String = paragraphs.iter().map(|p| format!("<p>{p}</p>\n")).collect();
    let headline = title.split(['_', ' ']).next().unwrap_or(title);
    format!(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title></head>\
         <body><ul class='nav'>{nav}</ul><div class='article'><h1>{headline}</h1>{body}{under}</div>\
         <div class='footer'>{footer}</div></body></html>"
    )
}

/// A mainland news page.
fn mainland_page(paragraphs: &[&str]) -> String {
    let nav = ["首页", "新闻", "财经", "体育", "娱乐", "科技"];
    news_page(
        nav,
        "两座防洪闸提前完工_江城日报",
        paragraphs,
        "<p>（责任编辑：王明）</p>",
        "江城日报版权所有 | 关于我们 | 联系方式",
    )
}

/// A Taiwan site's copy: traditional navigation and footer, and a disclaimer under the story
/// that extraction leaves out as it does the simplified one's.
fn taiwan_page(paragraphs: &[&str]) -> String {
    let nav = ["首頁", "新聞", "財經", "體育", "娛樂", "科技"];
    let under = "<p>【免責聲明】本文僅代表作者本人觀點，與本網無關。本網對文中陳述、觀點判斷保持中立，不對所包含內容的準確性提供任何保證。</p>\
                 <p>（責任編輯：王明）</p>";
    news_page(nav, "兩座防洪閘提前完工 - 東岸新聞網", paragraphs, under, "東岸新聞網版權所有 | 關於我們 | 聯繫方式")
}

fn analyze(html: &str, p: &Params) -> Page {
    Page::analyze(Body::Html { bytes: html.as_bytes(), charset: None }, p)
}

/// An index of unrelated pages and the mainland story, every page analyzed with `p`; the answer
/// for `query`: whether it is an exact copy of the story, and the relation of its match with
/// the story, if any.
fn found(p: &Params, query: &Page) -> (bool, Option<Relation>) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), p).expect("open");
    let mut insert = |url: &str, page: &Page| insert_page_of_site(&mut index, url, "x", page, None);
    for k in 0..6u64 {
        let text = format!("第{k}篇无关的报道。") + &SIMPLIFIED[(k as usize + 1) % 6].chars().rev().collect::<String>();
        insert(&format!("http://other.example/{k}"), &analyze(&mainland_page(&[&text]), p));
    }
    let id = insert("http://jiangcheng.example/1", &analyze(&mainland_page(&SIMPLIFIED), p));
    let answer = Searcher::of(&index).query(&query.norm.chars, &query.features, None).expect("query");
    let exact = answer.exact.as_ref().is_some_and(|e| e.doc_id == id);
    (exact, answer.matches.iter().find(|m| m.doc_id == id).map(|m| m.cmp.relation))
}

#[test]
fn a_story_in_traditional_characters_is_the_copy_of_its_simplified_original() {
    let p = Params::default();
    assert!(p.fold_traditional, "a new index folds");
    let (original, copy) = (analyze(&mainland_page(&SIMPLIFIED), &p), analyze(&taiwan_page(&TRADITIONAL), &p));
    // Extraction read the copy's template words folded: its disclaimer and editor line are left
    // out as the original's are, and the texts are the same characters.
    assert!(!copy.main_text.contains("免"), "the disclaimer is not text: {}", copy.main_text);
    assert_eq!(copy.norm.to_string_lossy(), original.norm.to_string_lossy());
    assert_eq!(copy.features.exact, original.features.exact);
    assert!(found(&p, &copy).0, "an exact copy, found by its exact hash");

    // Characters written as references (as GB2312 pages write what their charset lacks) are
    // decoded by extraction, after the page was folded: they are folded all the same, wherever
    // they stand (at a paragraph's start, normalization reads them on another path).
    let referenced: Vec<String> = TRADITIONAL
        .iter()
        .map(|t| {
            t.chars()
                .map(|c| if "兩閘民這市".contains(c) { format!("&#{};", c as u32) } else { c.to_string() })
                .collect()
        })
        .collect();
    let referenced: Vec<&str> = referenced.iter().map(String::as_str).collect();
    assert!(referenced[4].starts_with("&#36889;"), "{}", referenced[4]);
    let copy = analyze(&taiwan_page(&referenced), &p);
    assert_eq!(copy.norm.to_string_lossy(), original.norm.to_string_lossy());

    // A copy with an edit of its own is found through its keys and verified.
    let mut edited = TRADITIONAL;
    edited[5] = "市民可以從東岸新修的步道上參觀閘門，步道全天開放。";
    let edited = analyze(&taiwan_page(&edited), &p);
    assert_eq!(found(&p, &edited), (false, Some(Relation::Duplicate)));
    // A traditional excerpt of the story is contained in it.
    let excerpt = analyze(&taiwan_page(&TRADITIONAL[1..4]), &p);
    assert_eq!(found(&p, &excerpt), (false, Some(Relation::Contained)));
}

#[test]
fn an_index_created_before_the_rule_reads_texts_as_they_were() {
    // Its keys were made from texts in the script they came in: it goes on so.
    let old = Params { fold_traditional: false, ..Params::default() };
    let (original, copy) = (analyze(&mainland_page(&SIMPLIFIED), &old), analyze(&taiwan_page(&TRADITIONAL), &old));
    assert!(copy.main_text.contains("兩座") || copy.main_text.contains("水務局"), "{}", copy.main_text);
    assert_eq!(copy.norm, dedupdb::normalize::normalize(&copy.main_text), "nothing folded");
    assert_ne!(copy.features.exact, original.features.exact);
    assert_eq!(found(&old, &copy), (false, None), "not found: nothing in common character by character");
}

/// Through the command line: `dedupdb ingest` of the story and its copy, into a new index and
/// into one created with `--param fold_traditional=false`: the verdicts of the copy.
#[test]
fn ingest_reports_the_copy_unless_the_index_keeps_the_scripts_apart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let crawl = dir.path().join("crawl.jsonl");
    let lines: Vec<String> = [
        ("http://jiangcheng.example/1", mainland_page(&SIMPLIFIED)),
        ("http://dongan.example/1", taiwan_page(&TRADITIONAL)),
    ]
    .iter()
    .map(|(url, html)| serde_json::json!({"url": url, "html": html}).to_string())
    .collect();
    std::fs::write(&crawl, lines.join("\n") + "\n").expect("write crawl");
    let verdicts = |name: &str, extra: &[&str]| -> Vec<String> {
        let report = dir.path().join(format!("{name}.jsonl"));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dedupdb"))
            .args(["ingest", "--threads", "1", "--db"])
            .arg(dir.path().join(name))
            .args(extra)
            .arg("--report")
            .arg(&report)
            .arg(&crawl)
            .output()
            .expect("run dedupdb");
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let report = std::fs::read_to_string(&report).expect("report");
        report
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("report line")["verdict"].to_string())
            .collect()
    };
    assert_eq!(verdicts("new", &[]), ["\"new\"", "\"exact\""]);
    assert_eq!(verdicts("apart", &["--param", "fold_traditional=false"]), ["\"new\"", "\"new\""]);
}
