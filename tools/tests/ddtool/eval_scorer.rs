//! `ddtool eval` scores reports correctly: synthetic reports made from the truth.

use crate::common::{ddtool, ok, perfect_report, read_jsonl, simulate, write_jsonl};

fn eval_report(crawl: &std::path::Path, report: &std::path::Path, out: &std::path::Path) -> serde_json::Value {
    let o = ddtool(&[
        "eval",
        "--crawl",
        crawl.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
        "--no-baselines",
        "--out",
        out.to_str().unwrap(),
    ]);
    ok(&o);
    assert!(String::from_utf8_lossy(&o.stdout).contains("| decision F1 |"));
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(out).unwrap()).unwrap();
    v["results"][0].clone()
}

#[test]
fn perfect_report_scores_one_and_one_wrong_match_costs_exactly_one() {
    let tmp = tempfile::tempdir().unwrap();
    let crawl = simulate(tmp.path(), 400, 3, 11);
    let truth = read_jsonl(&crawl.join("truth.jsonl"));
    let mut report = perfect_report(&truth);
    let rp = tmp.path().join("perfect.jsonl");
    write_jsonl(&rp, &report);
    let r = eval_report(&crawl, &rp, &tmp.path().join("r1.json"));
    for m in ["decision", "pairs", "clusters"] {
        for k in ["precision", "recall", "f1"] {
            assert_eq!(r[m][k].as_f64(), Some(1.0), "{m} {k}: {}", r[m]);
        }
    }
    assert_eq!(r["top_match_precision"]["rate"].as_f64(), Some(1.0));
    assert_eq!(r["near_miss_false_positive"]["rate"].as_f64(), Some(0.0));
    for (role, rate) in r["recall_by_role"].as_object().unwrap() {
        assert_eq!(rate["rate"].as_f64(), Some(1.0), "{role}");
    }
    let tp = r["decision"]["tp"].as_u64().unwrap();
    let true_pairs = r["pairs"]["tp"].as_u64().unwrap();
    assert_eq!(tp as usize, truth.iter().filter(|t| t["earlier_dup"] == true).count());

    // One page with no earlier near-duplicate now claims one: a bulletin issue matched to the
    // previous page.
    let i = truth
        .iter()
        .position(|t| t["kind"] == "bulletin" && t["earlier_dup"] == false && t["n"].as_u64() > Some(0))
        .unwrap();
    report[i]["verdict"] = "duplicate".into();
    report[i]["matches"] = serde_json::json!([{"url": truth[i - 1]["url"], "doc_id": i - 1, "relation": "duplicate"}]);
    let rp = tmp.path().join("one-wrong.jsonl");
    write_jsonl(&rp, &report);
    let r = eval_report(&crawl, &rp, &tmp.path().join("r2.json"));
    let p = r["decision"]["precision"].as_f64().unwrap();
    assert!((p - tp as f64 / (tp + 1) as f64).abs() < 1e-12, "{p}");
    assert_eq!(r["decision"]["recall"].as_f64(), Some(1.0));
    let pp = r["pairs"]["precision"].as_f64().unwrap();
    assert!((pp - true_pairs as f64 / (true_pairs + 1) as f64).abs() < 1e-12, "{pp}");
    assert_eq!(r["pairs"]["recall"].as_f64(), Some(1.0));
    let top = r["top_match_precision"]["rate"].as_f64().unwrap();
    assert!((top - tp as f64 / (tp + 1) as f64).abs() < 1e-12);
    let near = &r["near_miss_false_positive"];
    assert_eq!(near["hits"].as_u64(), Some(1));

    // A report that names matches by doc_id only, and misses every positive's verdict: decision
    // recall 0, but pairs still resolve.
    let mut report = perfect_report(&truth);
    for l in report.iter_mut() {
        l["verdict"] = "new".into();
        for m in l["matches"].as_array_mut().unwrap() {
            m.as_object_mut().unwrap().remove("url");
        }
    }
    let rp = tmp.path().join("doc-ids.jsonl");
    write_jsonl(&rp, &report);
    let r = eval_report(&crawl, &rp, &tmp.path().join("r3.json"));
    assert_eq!(r["decision"]["tp"].as_u64(), Some(0));
    assert_eq!(r["pairs"]["recall"].as_f64(), Some(1.0));
}

#[test]
fn bad_report_line_names_file_and_line() {
    let tmp = tempfile::tempdir().unwrap();
    let crawl = simulate(tmp.path(), 50, 1, 2);
    let rp = tmp.path().join("bad.jsonl");
    std::fs::write(&rp, "{\"url\": \"x\", \"verdict\": \"new\"}\n{not json\n").unwrap();
    let o = ddtool(&["eval", "--crawl", crawl.to_str().unwrap(), "--report", rp.to_str().unwrap(), "--no-baselines"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.jsonl:2"), "{err}");
}

/// The whole `eval` path with a stand-in for `dedupdb ingest` that writes a prepared report.
#[cfg(unix)]
#[test]
fn eval_runs_ingest_with_the_day_files_in_order() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let crawl = simulate(tmp.path(), 200, 3, 4);
    let truth = read_jsonl(&crawl.join("truth.jsonl"));
    let prepared = tmp.path().join("prepared.jsonl");
    write_jsonl(&prepared, &perfect_report(&truth));
    let args_log = tmp.path().join("args.txt");
    let fake = tmp.path().join("fake-dedupdb");
    std::fs::write(
        &fake,
        format!(
            "#!/bin/sh\necho \"$@\" > {log}\nwhile [ $# -gt 0 ]; do\n  if [ \"$1\" = --report ]; then cp {prep} \"$2\"; fi\n  shift\ndone\n",
            log = args_log.display(),
            prep = prepared.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = tmp.path().join("r.json");
    let o = ddtool(&[
        "eval",
        "--crawl",
        crawl.to_str().unwrap(),
        "--dedupdb",
        fake.to_str().unwrap(),
        "--no-baselines",
        "--format",
        "warc",
        "--ingest-arg=--threads=1",
        "--out",
        out.to_str().unwrap(),
    ]);
    ok(&o);
    let args = std::fs::read_to_string(&args_log).unwrap();
    assert!(args.starts_with("ingest --db "), "{args}");
    assert!(args.contains("--threads=1"));
    let d1 = args.find("day-01/crawl.warc.gz").unwrap();
    let d3 = args.find("day-03/crawl.warc.gz").unwrap();
    assert!(d1 < d3, "{args}");
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(v["results"][0]["decision"]["f1"].as_f64(), Some(1.0));
    assert!(v["results"][0]["pages_per_second"].as_f64().unwrap() > 0.0);
}
