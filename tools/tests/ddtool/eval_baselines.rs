//! Every method beside dedupdb finds exact copies and leaves unrelated pages alone; they read JSONL
//! and WARC alike.

use crate::common::{ddtool, ok, read_jsonl, simulate, write_jsonl};

fn page(title: &str, body: &str, nav: &str) -> String {
    let paras: String = body.split('\n').map(|p| format!("<p>{p}</p>")).collect();
    format!(
        "<html><head><title>{title}</title></head><body><div class=\"nav\"><a href=\"/\">首页</a> <a href=\"/a\">{nav}</a></div><h1>{title}</h1><div class=\"content\">{paras}</div><div class=\"foot\">版权所有</div></body></html>"
    )
}

const A: &str = "今年入冬以来，河湾县组织农民兴修水利，全县共整修渠道四百多公里，新建小型水库十二座，受益农田达到三万多亩。\n县里的干部说，过去一到夏天就为灌溉发愁，现在这个问题基本解决了，农民种粮的积极性明显提高。\n记者在河湾村看到，村民们正在给新修的水渠铺设石板，几台拖拉机来回运送材料，工地上一片忙碌的景象。";
const B: &str = "市图书馆昨天举办读书交流会，来自工厂、学校和机关的两百多名读者参加了活动，大家围绕近年出版的优秀图书畅谈体会。\n一位退休教师说，读书让他的晚年生活更加充实，他每个月都要到图书馆借阅十几本书，还在社区办起了读书小组。\n据了解，图书馆去年接待读者超过六十万人次，新增藏书五万多册，并在全市设立了二十个流动借书点。";
const C: &str = "春运即将开始，火车站提前做好了各项准备工作，增开临时售票窗口，延长售票时间，并在候车大厅增设了座椅。\n铁路部门预计，今年春运期间的旅客发送量将比去年增长一成左右，车站将加强安全检查，严厉打击倒卖车票的行为。\n车站还专门开设了团体购票窗口，由用工单位统一办理购票手续，方便外出务工人员返乡过年。";

#[test]
fn exact_copies_found_unrelated_pages_ignored() {
    let tmp = tempfile::tempdir().unwrap();
    let crawl = tmp.path().join("crawl");
    std::fs::create_dir_all(crawl.join("day-01")).unwrap();
    let pages = [
        ("http://a.cn/1.html", page("兴修水利", A, "新闻")),
        ("http://b.cn/1.html", page("读书交流", B, "文化")),
        ("http://c.cn/1.html", page("兴修水利", A, "要闻")),
        ("http://d.cn/1.html", page("春运准备", C, "社会")),
    ];
    let lines: Vec<serde_json::Value> = pages
        .iter()
        .map(|(u, h)| serde_json::json!({"url": u, "site": u[7..11], "fetched_at": 883_600_000, "html": h}))
        .collect();
    write_jsonl(&crawl.join("day-01/crawl.jsonl"), &lines);
    std::fs::write(crawl.join("day-01/crawl.warc.gz"), b"").unwrap();
    let truth: Vec<serde_json::Value> = pages
        .iter()
        .enumerate()
        .map(|(i, (u, _))| {
            let matches = if i == 2 { serde_json::json!([{"n": 0, "url": pages[0].0, "relation": "duplicate"}]) } else { serde_json::json!([]) };
            serde_json::json!({"n": i, "url": u, "site": &u[7..11], "kind": "story", "role": if i == 2 { "repost" } else { "original" },
                "earlier_dup": i == 2, "cluster": if i == 2 { 0 } else { i }, "matches": matches})
        })
        .collect();
    write_jsonl(&crawl.join("truth.jsonl"), &truth);
    let out = tmp.path().join("r.json");
    let o = ddtool(&["eval", "--crawl", crawl.to_str().unwrap(), "--no-dedupdb", "--out", out.to_str().unwrap()]);
    ok(&o);
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let results = v["results"].as_array().unwrap();
    let names: Vec<&str> = results.iter().map(|r| r["method"].as_str().unwrap()).collect();
    let expected = [
        "CCDet",
        "LCS paper",
        "feature codes",
        "simhash (",
        "simhash 1-pass",
        "shingling",
        "MinHash",
        "I-Match",
        "keywords",
        "SpotSigs",
    ];
    assert_eq!(names.len(), expected.len(), "{names:?}");
    for (n, e) in names.iter().zip(expected) {
        assert!(n.starts_with(e), "{names:?}");
    }
    for r in results {
        assert_eq!(r["decision"]["tp"].as_u64(), Some(1), "{}", r["method"]);
        assert_eq!(r["decision"]["fp"].as_u64(), Some(0), "{}", r["method"]);
        assert_eq!(r["pairs"]["precision"].as_f64(), Some(1.0), "{}", r["method"]);
        assert_eq!(r["clusters"]["f1"].as_f64(), Some(1.0), "{}", r["method"]);
    }
    // --method picks methods; the table keeps its order.
    let picked = tmp.path().join("picked.json");
    let args =
        ["eval", "--crawl", crawl.to_str().unwrap(), "--no-dedupdb", "--method", "spotsigs", "--method", "ccdet"];
    ok(&ddtool(&[&args[..], &["--out", picked.to_str().unwrap()]].concat()));
    let p: serde_json::Value = serde_json::from_slice(&std::fs::read(&picked).unwrap()).unwrap();
    let names: Vec<&str> = p["results"].as_array().unwrap().iter().map(|r| r["method"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names[0].starts_with("CCDet") && names[1].starts_with("SpotSigs"), "{names:?}");
    // Every MinHash threshold finds the copy and nothing else.
    for s in v["details"]["minhash_sweep"].as_array().unwrap() {
        assert_eq!(s["decision"]["f1"].as_f64(), Some(1.0), "{s}");
    }
}

#[test]
fn baselines_read_warc_like_jsonl() {
    let tmp = tempfile::tempdir().unwrap();
    let crawl = simulate(tmp.path(), 250, 2, 9);
    let mut results = Vec::new();
    for format in ["jsonl", "warc"] {
        let out = tmp.path().join(format!("{format}.json"));
        let o = ddtool(&[
            "eval",
            "--crawl",
            crawl.to_str().unwrap(),
            "--no-dedupdb",
            "--format",
            format,
            "--out",
            out.to_str().unwrap(),
        ]);
        ok(&o);
        let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
        let r: Vec<serde_json::Value> =
            v["results"].as_array().unwrap().iter().map(|r| r["decision"].clone()).collect();
        results.push(r);
    }
    // The same text whatever the container (GBK pages included): the same decisions.
    assert_eq!(results[0], results[1]);
    let truth = read_jsonl(&crawl.join("truth.jsonl"));
    assert_eq!(truth.len(), 250);
}
