//! `dedupdb serve` over loopback: ingest and query answer as the commands do, bad requests get
//! a status and a message naming the field, a SIGKILL loses no page answered 200, and SIGTERM
//! stops it cleanly.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Stdio};

use crate::common_store::{
    clusters, comparable, crawl, dedupdb, read_report, run, s, same_answers, seed, stderr, Crawl,
};
use serde_json::{json, Value};

/// A running server, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(db: &Path, extra: &[&str]) -> Server {
        let mut child = dedupdb()
            .args(["serve", "--db", s(db), "--listen", "127.0.0.1:0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start dedupdb serve");
        let stdout = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).expect("the listening line");
        let addr = line.trim().strip_prefix("listening on http://").unwrap_or_else(|| panic!("first line: {line:?}"));
        Server { addr: addr.parse().expect("an address"), child }
    }

    /// Sends one request; returns the status and the body.
    fn request(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> (u16, Vec<u8>) {
        let mut stream = TcpStream::connect(self.addr).expect("connect");
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        stream.write_all(head.as_bytes()).expect("send");
        // A server refusing a large body may answer and close before reading it all.
        let _ = stream.write_all(body);
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        let text_end = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap_or_else(|| panic!("no response head"));
        let head = String::from_utf8_lossy(&raw[..text_end]).into_owned();
        let status = head.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or_else(|| panic!("status: {head}"));
        let mut body = raw[text_end + 4..].to_vec();
        if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
            body = unchunk(&body);
        }
        (status, body)
    }

    fn json(&self, method: &str, path: &str, body: &Value) -> (u16, Value) {
        let (status, body) =
            self.request(method, path, &[("Content-Type", "application/json")], body.to_string().as_bytes());
        (
            status,
            serde_json::from_slice(&body).unwrap_or_else(|e| panic!("{path}: {e}: {}", String::from_utf8_lossy(&body))),
        )
    }

    fn get(&self, path: &str) -> (u16, Value) {
        let (status, body) = self.request("GET", path, &[], b"");
        (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn signal(child: &Child, sig: i32) {
    let pid = i32::try_from(child.id()).expect("a pid");
    // SAFETY: sends a signal to our own child process; no memory is involved.
    unsafe {
        libc::kill(pid, sig);
    }
}

fn unchunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(i) = b.windows(2).position(|w| w == b"\r\n") {
        let n = usize::from_str_radix(String::from_utf8_lossy(&b[..i]).trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.extend_from_slice(&b[i + 2..i + 2 + n]);
        b = &b[i + 4 + n..];
    }
    out
}

/// The crawl's JSONL lines as page objects.
fn page_objects(c: &Crawl) -> Vec<Value> {
    c.lines.iter().map(|l| serde_json::from_str(l).expect("a JSONL line")).collect()
}

#[test]
fn http_ingest_and_query_answer_as_the_commands_do() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = crawl(seed(611), 150, "http");
    let (first, later) = c.lines.split_at(110);
    let input = dir.path().join("first.jsonl");
    std::fs::write(&input, first.join("\n") + "\n").expect("write");
    let later_input = dir.path().join("later.jsonl");
    std::fs::write(&later_input, later.join("\n") + "\n").expect("write");
    let cli_db = dir.path().join("cli.db");
    let report = dir.path().join("report.jsonl");
    let out = run(&["ingest", "--db", s(&cli_db), "--report", s(&report), s(&input)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let expected: Vec<Value> = read_report(&report).into_iter().map(comparable).collect();

    let http_db = dir.path().join("http.db");
    let server = Server::start(&http_db, &[]);
    let pages = page_objects(&c);
    let mut got = Vec::new();
    // One page alone, then batches.
    let (status, one) = server.json("POST", "/v1/ingest", &pages[0]);
    assert_eq!(status, 200, "{one}");
    got.push(comparable(one));
    for chunk in pages[1..110].chunks(25) {
        let (status, v) = server.json("POST", "/v1/ingest", &json!({ "pages": chunk }));
        assert_eq!(status, 200, "{v}");
        got.extend(v["pages"].as_array().expect("pages").iter().cloned().map(comparable));
    }
    same_answers(&got, &expected, "POST /v1/ingest answers as dedupdb ingest");

    let out = run(&["query", "--db", s(&cli_db), "--json", s(&later_input)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let expected: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| comparable(serde_json::from_str(l).expect("JSON")))
        .collect();
    let (status, v) = server.json("POST", "/v1/query", &json!({ "pages": &pages[110..] }));
    assert_eq!(status, 200, "{v}");
    let got: Vec<Value> = v["pages"].as_array().expect("pages").iter().cloned().map(comparable).collect();
    same_answers(&got, &expected, "POST /v1/query answers as dedupdb query");
    // Other processes read the index beside the running server: `dedupdb query` and a check.
    let out = run(&["query", "--db", s(&http_db), "--json", s(&later_input)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let beside: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| comparable(serde_json::from_str(l).expect("JSON")))
        .collect();
    same_answers(&beside, &expected, "dedupdb query beside the server");
    let report = dedupdb::maintenance::verify(&http_db).expect("verify beside the server");
    assert!(report.problems.is_empty(), "{:?}", report.problems);

    // The stored page, its cluster, the stats.
    let url = pages[0]["url"].as_str().expect("the first URL").to_string();
    let (status, p) = server.get(&format!("/v1/pages?url={url}"));
    assert_eq!(status, 200, "{p}");
    assert_eq!(p["url"], url.as_str());
    assert!(!p["text"].as_str().unwrap_or_default().is_empty());
    let (status, members) = server.get(&format!("/v1/clusters/{}", p["cluster"]));
    assert_eq!(status, 200, "{members}");
    assert!(members["members"].as_array().expect("members").iter().any(|m| m["url"] == url.as_str()));
    let (status, stats) = server.get("/v1/stats");
    assert_eq!(status, 200);
    assert_eq!(
        stats["live_docs"].as_u64(),
        Some(c.with_text.iter().filter(|u| first.iter().any(|l| l.contains(u.as_str()))).count() as u64)
    );
    let (status, body) = server.request("GET", "/metrics", &[], b"");
    assert_eq!(status, 200);
    let metrics = String::from_utf8_lossy(&body);
    assert!(metrics.contains("dedupdb_http_requests_total{endpoint=\"ingest\",status=\"200\"} 6"), "{metrics}");
    // Two pages compared: what `dedupdb compare --json --explain` prints.
    let fixture = |name: &str| std::fs::read_to_string(crate::common::fixture(name)).expect("fixture");
    let (fa, fb) = ("article1_site_a.html", "article1_site_b.html");
    let body = json!({"a": {"html": fixture(fa)}, "b": {"html": fixture(fb)}});
    let (status, mut cmp) = server.json("POST", "/v1/compare", &body);
    assert_eq!(status, 200, "{cmp}");
    let (pa, pb) = (crate::common::fixture(fa), crate::common::fixture(fb));
    let out = run(&["compare", "--json", "--explain", s(&pa), s(&pb)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut cli: Value = serde_json::from_slice(&out.stdout).expect("compare JSON");
    for v in [&mut cmp, &mut cli] {
        for side in ["a", "b"] {
            v[side].as_object_mut().expect("a page").remove("input");
        }
    }
    assert_eq!(cmp, cli, "POST /v1/compare answers as dedupdb compare --json --explain");
    assert_eq!(cmp["relation"], "duplicate");

    let (status, doc) = server.get("/openapi.json");
    assert_eq!(status, 200);
    for path in [
        "/v1/query",
        "/v1/ingest",
        "/v1/pages",
        "/v1/clusters/{id}",
        "/v1/compare",
        "/explain",
        "/v1/stats",
        "/metrics",
        "/healthz",
    ] {
        assert!(doc["paths"].get(path).is_some(), "the OpenAPI document describes {path}");
    }
}

#[test]
fn concurrent_clients_answer_as_one_ingest_in_the_order_the_writer_took_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    let server = Server::start(&db, &[]);
    let crawls: Vec<Crawl> = (0..4).map(|k| crawl(seed(700 + k), 60, &format!("client{k}"))).collect();
    // (page, its answer) from every client.
    let answered: Vec<(Value, Value)> = std::thread::scope(|scope| {
        let clients: Vec<_> = crawls
            .iter()
            .map(|c| {
                let server = &server;
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    for chunk in page_objects(c).chunks(7) {
                        let (status, v) = server.json("POST", "/v1/ingest", &json!({ "pages": chunk }));
                        assert_eq!(status, 200, "{v}");
                        let answers = v["pages"].as_array().expect("pages").clone();
                        assert_eq!(answers.len(), chunk.len());
                        mine.extend(chunk.iter().cloned().zip(answers));
                    }
                    mine
                })
            })
            .collect();
        clients.into_iter().flat_map(|c| c.join().expect("a client")).collect()
    });
    drop(server);
    let stored = clusters(&db);
    for c in &crawls {
        for url in &c.with_text {
            assert_eq!(stored.get(url).map(Vec::len), Some(1), "{url} is stored once");
        }
    }
    let report = dedupdb::maintenance::verify(&db).expect("verify");
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    // The writer took the requests in some order; its doc ids tell which. One `dedupdb ingest` of
    // the stored pages in that order gives every one of them the same answer, doc ids included.
    let mut inserted: Vec<&(Value, Value)> = answered.iter().filter(|(_, a)| a["doc_id"].is_u64()).collect();
    inserted.sort_by_key(|(_, a)| a["doc_id"].as_u64());
    let input = dir.path().join("in-order.jsonl");
    let lines: Vec<String> = inserted.iter().map(|(p, _)| p.to_string()).collect();
    std::fs::write(&input, lines.join("\n") + "\n").expect("write");
    let report = dir.path().join("report.jsonl");
    let out = run(&["ingest", "--db", s(&dir.path().join("cli.db")), "--report", s(&report), s(&input)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let expected: Vec<Value> = read_report(&report).into_iter().map(comparable).collect();
    let got: Vec<Value> = inserted.iter().map(|(_, a)| comparable(a.clone())).collect();
    same_answers(&got, &expected, "racing clients' answers = one ingest in the writer's order");
    assert!(inserted.len() > 200, "{} pages stored", inserted.len());
}

#[test]
fn bad_requests_get_a_status_and_name_the_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    let token = dir.path().join("token");
    std::fs::write(&token, "s3cret\n").expect("token");
    let server = Server::start(&db, &["--token-file", s(&token), "--max-body-mb", "1", "--max-batch", "3"]);
    let auth = [("Authorization", "Bearer s3cret")];
    let post = |path: &str, headers: &[(&str, &str)], body: &[u8]| -> (u16, Value) {
        let (status, body) = server.request("POST", path, headers, body);
        (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
    };
    let page = json!({"url": "https://a.example/1", "html": "<p>今天天气很好，我们去公园散步，大家都很高兴。</p>"});
    // (path, headers, body, status, the field the error names)
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], Vec<u8>, u16, Option<&'a str>);
    let cases: Vec<Case> = vec![
        ("/v1/ingest", &[], page.to_string().into_bytes(), 401, Some("Authorization")),
        ("/v1/ingest", &[("Authorization", "Bearer wrong")], page.to_string().into_bytes(), 401, Some("Authorization")),
        ("/v1/query", &[], b"{not json".to_vec(), 400, None),
        ("/v1/query", &[], json!({"html": "<p>x</p>"}).to_string().into_bytes(), 422, Some("url")),
        ("/v1/query", &[], json!({"url": "u", "html": "a", "text": "b"}).to_string().into_bytes(), 422, Some("html")),
        ("/v1/query", &[], json!({"url": 7, "html": "a"}).to_string().into_bytes(), 422, Some("url")),
        ("/v1/query", &[], json!({"pages": [page, {"url": "u"}]}).to_string().into_bytes(), 422, Some("pages[1].html")),
        ("/v1/query", &[], json!({"pages": [page, page, page, page]}).to_string().into_bytes(), 413, Some("pages")),
        ("/v1/ingest", &auth, json!({"url": "u", "html": "x".repeat(2 << 20)}).to_string().into_bytes(), 413, None),
        ("/v1/nothing", &[], b"{}".to_vec(), 404, None),
    ];
    for (path, headers, body, status, field) in cases {
        let (got, v) = post(path, headers, &body);
        assert_eq!(got, status, "{path}: {v}");
        assert_eq!(v["error"]["status"].as_u64(), Some(u64::from(status)), "{v}");
        assert!(!v["error"]["message"].as_str().unwrap_or_default().is_empty(), "{v}");
        assert_eq!(v["error"]["field"].as_str(), field, "{v}");
    }
    for (path, status, field) in [
        ("/v1/pages", 400, Some("url")),
        ("/v1/pages?url=https://nowhere/", 404, Some("url")),
        ("/v1/clusters/abc", 400, Some("id")),
    ] {
        let (got, v) = server.get(path);
        assert_eq!(got, status, "{path}: {v}");
        assert_eq!(v["error"]["field"].as_str(), field, "{v}");
    }
    // A page with no text is answered, as the CLI answers it: an error verdict, nothing stored.
    let nav = json!({"url": "https://a.example/nav", "html": "<nav><a href='/'>首页</a></nav>"});
    let (status, v) = post("/v1/ingest", &auth, nav.to_string().as_bytes());
    assert_eq!((status, v["verdict"].as_str()), (200, Some("error")), "{v}");
    let (status, v) = post("/v1/ingest", &auth, page.to_string().as_bytes());
    assert_eq!((status, v["verdict"].as_str()), (200, Some("new")), "{v}");
    let report = dedupdb::maintenance::verify(&db).expect("verify");
    assert!(report.problems.is_empty() && report.live_docs == 1, "{report:?}");
}

#[test]
fn sigkill_loses_no_page_answered_200_and_sigterm_exits_cleanly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    let c = crawl(seed(808), 600, "kill");
    let pages = page_objects(&c);
    let mut acked: Vec<String> = Vec::new();
    let mut next = 0;
    let mut killed_mid_run = 0;
    for round in 0..3 {
        let server = Server::start(&db, &[]);
        // The kill comes once this round has had a few requests answered, a moment after one, so
        // that it falls among requests in flight however fast the machine is.
        let answered = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|scope| {
            let killer = scope.spawn(|| {
                let wanted = 3 + 4 * round as usize;
                let start = std::time::Instant::now();
                while answered.load(std::sync::atomic::Ordering::Relaxed) < wanted
                    && start.elapsed() < std::time::Duration::from_secs(20)
                {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                std::thread::sleep(std::time::Duration::from_micros(700 * round as u64));
                signal(&server.child, libc::SIGKILL);
            });
            // Requests until the server is gone; each 200 names pages now durable.
            while next < pages.len() {
                let chunk = &pages[next..(next + 5).min(pages.len())];
                let Ok(mut stream) = TcpStream::connect(server.addr) else { break };
                let body = json!({ "pages": chunk }).to_string();
                let head = format!(
                    "POST /v1/ingest HTTP/1.1\r\nHost: l\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
                    body.len()
                );
                if stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(body.as_bytes())).is_err() {
                    break;
                }
                let mut raw = String::new();
                if stream.read_to_string(&mut raw).is_err() || !raw.starts_with("HTTP/1.1 200") {
                    break;
                }
                for p in chunk {
                    acked.push(p["url"].as_str().expect("url").to_string());
                }
                next += chunk.len();
                answered.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            let _ = killer.join();
        });
        drop(server);
        killed_mid_run += usize::from(next < pages.len());
        let stored = clusters(&db);
        for url in acked.iter().filter(|u| c.with_text.contains(u)) {
            assert_eq!(stored.get(url).map(Vec::len), Some(1), "round {round}: {url} was answered 200");
        }
        let report = dedupdb::maintenance::verify(&db).expect("verify");
        assert!(report.problems.is_empty(), "round {round}: {:?}", report.problems);
    }
    assert!(killed_mid_run >= 1 && !acked.is_empty(), "the kills fell between acknowledged requests");
    // SIGTERM: in-flight work finishes, the writer closes, exit 0.
    let mut server = Server::start(&db, &[]);
    let (status, _) = server.json("POST", "/v1/ingest", &pages[0]);
    assert_eq!(status, 200);
    signal(&server.child, libc::SIGTERM);
    let exit = server.child.wait().expect("wait");
    assert!(exit.success(), "SIGTERM exits 0: {exit:?}");
    let mut err = String::new();
    if let Some(mut e) = server.child.stderr.take() {
        let _ = e.read_to_string(&mut err);
    }
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn the_explain_page_marks_the_aligned_text_of_two_stored_pages() {
    let dir = tempfile::tempdir().expect("tempdir");
    let server = Server::start(&dir.path().join("db"), &[]);
    let fixture = |name: &str| std::fs::read_to_string(crate::common::fixture(name)).expect("fixture");
    let (ua, ub) = ("https://a.example/river.html", "https://b.example/copy.html");
    for (url, name) in [(ua, "article1_site_a.html"), (ub, "article1_site_b.html")] {
        let (status, v) = server.json("POST", "/v1/ingest", &json!({"url": url, "html": fixture(name)}));
        assert_eq!(status, 200, "{v}");
    }
    let (status, body) = server.request("GET", &format!("/explain?a={ua}&b={ub}"), &[], b"");
    assert_eq!(status, 200);
    let html = String::from_utf8(body).expect("UTF-8");
    let island = html.split("id=\"comparison\">").nth(1).and_then(|r| r.split("</script>").next()).expect("the data");
    let cmp: Value = serde_json::from_str(island).expect("the comparison");
    assert_eq!(cmp["relation"], "duplicate", "{cmp}");
    let spans = cmp["spans"].as_array().expect("spans");
    assert!(!spans.is_empty());
    // Each side marks every region once, and the marked characters are the regions' lengths.
    let (a, b) = html.split_once("<section class=\"page\" id=\"B\">").expect("two sides");
    for (side, start, end) in [(a, "a_start", "a_end"), (b, "b_start", "b_end")] {
        let marks: Vec<&str> = side.split("<mark class=\"aligned\"").skip(1).collect();
        assert_eq!(marks.len(), spans.len(), "one mark per region");
        let marked: usize = marks
            .iter()
            .map(|m| {
                let inner = m.split_once('>').map_or("", |x| x.1).split("</mark>").next().unwrap_or("");
                html_escape::decode_html_entities(&inner.replace("<br>\n", "\n")).chars().count()
            })
            .sum();
        let expected: u64 = spans.iter().map(|s| s[end].as_u64().unwrap_or(0) - s[start].as_u64().unwrap_or(0)).sum();
        assert_eq!(marked as u64, expected, "the marks hold the regions' characters");
    }
    let (status, v) = server.get(&format!("/explain?a={ua}&b=https://nowhere/"));
    assert_eq!((status, v["error"]["field"].as_str()), (404, Some("b")), "{v}");
}

/// Headless Chromium, when the machine has it (`.ci/run` installs it and sets
/// `DEDUPDB_REQUIRE_BROWSER`, so that CI never skips the browser test).
fn chromium() -> Option<&'static str> {
    let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].into_iter().find(|p| Path::new(p).exists());
    if found.is_none() {
        assert!(
            std::env::var_os("DEDUPDB_REQUIRE_BROWSER").is_none(),
            "DEDUPDB_REQUIRE_BROWSER is set but no chromium"
        );
        eprintln!("no chromium on this machine: the browser test does not run (.ci/run installs it)");
    }
    found
}

#[test]
fn the_explain_page_in_a_real_browser_shows_the_api_s_regions() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let server = Server::start(&dir.path().join("db"), &[]);
    let fixture = |name: &str| std::fs::read_to_string(crate::common::fixture(name)).expect("fixture");
    let (ua, ub) = ("https://a.example/river.html", "https://b.example/copy.html");
    for (url, name) in [(ua, "article1_site_a.html"), (ub, "article1_site_b.html")] {
        let (status, v) = server.json("POST", "/v1/ingest", &json!({"url": url, "html": fixture(name)}));
        assert_eq!(status, 200, "{v}");
    }
    let page = format!("http://{}/explain?a={ua}&b={ub}", server.addr);
    let chrome = |extra: &[&str]| {
        let profile = dir.path().join("profile");
        std::process::Command::new(browser)
            .args(["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            .args(["--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"])
            .arg(format!("--user-data-dir={}", profile.display()))
            .args(extra)
            .arg(&page)
            .output()
            .expect("run chromium")
    };
    let out = chrome(&["--dump-dom"]);
    assert!(out.status.success(), "chromium: {}", String::from_utf8_lossy(&out.stderr));
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    // The regions the browser shows are the comparison's, side A and side B alike.
    let island = dom.split("id=\"comparison\">").nth(1).and_then(|r| r.split("</script>").next()).expect("the data");
    let cmp: Value = serde_json::from_str(island).expect("the comparison");
    let regions = cmp["spans"].as_array().map_or(0, Vec::len);
    assert!(regions > 0, "{cmp}");
    assert_eq!(dom.matches("<mark class=\"aligned\"").count(), 2 * regions, "each side marks each region");
    assert!(dom.contains("id=\"relation\">duplicate<"), "the relation is shown");
    // The screenshot is kept as the test's artifact (target/explain.png).
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("explain.png");
    let out = chrome(&[&format!("--screenshot={}", shot.display()), "--window-size=1400,1000", "--hide-scrollbars"]);
    assert!(out.status.success(), "chromium: {}", String::from_utf8_lossy(&out.stderr));
    let png = std::fs::read(&shot).expect("the screenshot");
    assert!(png.starts_with(b"\x89PNG") && png.len() > 10_000, "a screenshot of the page: {} bytes", png.len());
}

#[test]
fn a_read_only_server_refuses_writes_and_follows_another_process_s_ingest() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    let c = crawl(seed(919), 12, "ro");
    let (first, second) = c.lines.split_at(6);
    let input = dir.path().join("first.jsonl");
    std::fs::write(&input, first.join("\n") + "\n").expect("write");
    let out = run(&["ingest", "--db", s(&db), s(&input)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let server = Server::start(&db, &["--read-only"]);
    let (status, v) = server.get("/healthz");
    assert_eq!((status, v["mode"].as_str()), (200, Some("read-only")));
    let pages = page_objects(&c);
    let (status, v) = server.json("POST", "/v1/ingest", &pages[0]);
    assert_eq!(status, 403, "{v}");
    // A page of the second part, with text, is new; once the CLI ingests it, it is known.
    let later = pages[6..].iter().find(|p| c.with_text.iter().any(|u| p["url"] == u.as_str())).expect("a page");
    let (_, before) = server.json("POST", "/v1/query", later);
    assert_ne!(before["verdict"], "skipped", "{before}");
    let input = dir.path().join("second.jsonl");
    std::fs::write(&input, second.join("\n") + "\n").expect("write");
    let out = run(&["ingest", "--db", s(&db), s(&input)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut verdict = Value::Null;
    for _ in 0..50 {
        verdict = server.json("POST", "/v1/query", later).1["verdict"].clone();
        if verdict == "skipped" {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(verdict, "skipped", "the server reads the other process's ingest");
}
