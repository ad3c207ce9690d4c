//! Corruption: one flipped byte anywhere in a segment or the WAL is found by the integrity check
//! with an error naming the file and an offset at or before the damage; `dedupdb query` on the
//! damaged index either fails with an error naming the file, or (when the query never reads the
//! damaged bytes) gives exactly the undamaged index's answer, never a different one. A flipped
//! byte in the MANIFEST makes every open fail with an error naming it.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::common;
use crate::common_store::{assert_sound, crawl, jsonl_line, run, s, seed, stderr, Crawl, Rng};
use dedupdb::db::RunOptions;
use dedupdb::store::format::{DocMeta, SectionEntry, SectionKind, SegmentTrailer};

/// Byte positions to damage in a file of `len` bytes: the first and last bytes of the file (the
/// header; the footer and trailer of a segment), and `spread` more over the whole file.
fn positions(len: usize, spread: usize, rng: &mut Rng) -> Vec<usize> {
    let mut at: Vec<usize> = (0..32).step_by(3).chain((len.saturating_sub(120)..len).step_by(9)).collect();
    let step = len / spread;
    at.extend((0..spread).map(|i| i * step + rng.range(0, step as u64) as usize));
    at.retain(|&p| p < len);
    at.sort_unstable();
    at.dedup();
    at
}

/// The sections of a segment file as its footer lists them: (kind, offset, length).
fn sections(bytes: &[u8]) -> Vec<(u32, usize, usize)> {
    let tlen = std::mem::size_of::<SegmentTrailer>();
    let trailer: SegmentTrailer = bytemuck::pod_read_unaligned(&bytes[bytes.len() - tlen..]);
    let elen = std::mem::size_of::<SectionEntry>();
    let table = bytes.len() - tlen - trailer.section_count as usize * elen;
    (0..trailer.section_count as usize)
        .map(|i| {
            let e: SectionEntry = bytemuck::pod_read_unaligned(&bytes[table + i * elen..table + (i + 1) * elen]);
            (e.kind, e.offset as usize, e.len as usize)
        })
        .collect()
}

/// Positions in a segment where damage could change an answer: the first, middle and last byte of
/// every section, a few more in each table (all but texts and the dictionary), and the fields of
/// the metadata of the documents the queries match (`doc_ids`).
fn targeted(bytes: &[u8], doc_ids: &[u64], rng: &mut Rng) -> Vec<usize> {
    let mut at = Vec::new();
    for (kind, off, len) in sections(bytes) {
        if len == 0 {
            continue;
        }
        at.extend([off, off + len / 2, off + len - 1]);
        if kind != SectionKind::Text as u32 && kind != SectionKind::Dict as u32 {
            at.extend((0..4).map(|_| off + rng.range(0, len as u64) as usize));
        }
        if kind == SectionKind::Docs as u32 {
            let size = std::mem::size_of::<DocMeta>();
            for i in 0..len / size {
                let meta: DocMeta = bytemuck::pod_read_unaligned(&bytes[off + i * size..off + (i + 1) * size]);
                if doc_ids.contains(&u64::from(meta.doc_id)) {
                    use std::mem::offset_of;
                    let fields = [
                        offset_of!(DocMeta, doc_id),
                        offset_of!(DocMeta, cluster),
                        offset_of!(DocMeta, exact),
                        offset_of!(DocMeta, url_hash),
                        offset_of!(DocMeta, strings_off),
                        offset_of!(DocMeta, text_off),
                        offset_of!(DocMeta, period_count),
                    ];
                    at.extend(fields.iter().map(|f| off + i * size + f));
                }
            }
        }
    }
    at
}

/// The offset in "FILE: corrupt at offset N: ...", when the message names `file`.
fn corrupt_offset(message: &str, file: &str) -> Option<u64> {
    if !message.contains(file) {
        return None;
    }
    let rest = &message[message.find("corrupt at offset ")? + "corrupt at offset ".len()..];
    rest[..rest.find(|c: char| !c.is_ascii_digit())?].parse().ok()
}

/// A page of `crawl` whose main text is in the index, as (url, site, html).
fn page_of(crawl: &Crawl, nth: usize) -> (String, String, String) {
    let line = crawl
        .lines
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("crawl line"))
        .filter(|v| crawl.with_text.iter().any(|u| u == v["url"].as_str().expect("url")))
        .nth(nth)
        .expect("enough pages with text");
    let field = |k: &str| line[k].as_str().expect("field").to_string();
    (field("url"), field("site"), field("html"))
}

/// The same article with one more paragraph.
fn edited(html: &str, seed: u64) -> String {
    let extra = format!("<p>{}</p></div><div class='sidebar'>", common::prose(seed, 200));
    let out = html.replacen("</div><div class='sidebar'>", &extra, 1);
    assert_ne!(out, html, "the page template changed: no sidebar to edit before");
    out
}

struct Fixture {
    _dir: tempfile::TempDir,
    db: PathBuf,
    queries: PathBuf,
}

/// An index with two segments (the second replacing some pages of the first) and a WAL holding
/// pages not yet flushed, and a query file whose pages match pages of each.
fn build(seed: u64) -> Fixture {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    let first = crawl(seed, 90, "one");
    let path = dir.path().join("one.jsonl");
    first.write(&path);
    let out = run(&["ingest", "--flush-docs", "100", "--db", s(&db), s(&path)]);
    assert!(out.status.success(), "first ingest: {}", stderr(&out));

    // The second crawl re-fetches three pages of the first with new content (the new segment
    // deletes the old versions) besides pages of its own.
    let mut second = crawl(seed + 1, 90, "two");
    for n in 0..3 {
        let (url, site, html) = page_of(&first, 10 + n);
        second.lines.push(jsonl_line(&url, &site, &edited(&html, seed + 100 + n as u64)));
    }
    let path = dir.path().join("two.jsonl");
    second.write(&path);
    let out = run(&["ingest", "--flush-docs", "100", "--db", s(&db), s(&path)]);
    assert!(out.status.success(), "second ingest: {}", stderr(&out));

    // The third goes in through the library and is committed but not flushed: it stays in the WAL.
    let third = crawl(seed + 2, 25, "three");
    let path = dir.path().join("three.jsonl");
    third.write(&path);
    let library = dedupdb::Db::open(&db).expect("open");
    let mut writer = library.writer().expect("writer");
    let summary = writer.ingest(&[s(&path).to_string()], &RunOptions::default(), |_| Ok(())).expect("library ingest");
    assert!(summary.new > 0);
    writer.commit().expect("commit");
    drop(writer);

    // Queries: exact copies of a page of each part under new URLs, an edited copy of a page of
    // the second segment, and a page the index has never seen.
    let mut q = Vec::new();
    for (n, (c, i)) in [(&first, 0), (&second, 1), (&third, 2)].into_iter().enumerate() {
        let (_, site, html) = page_of(c, i);
        q.push(jsonl_line(&format!("https://query.example/exact-{n}"), &site, &html));
    }
    let (_, site, html) = page_of(&second, 4);
    q.push(jsonl_line("https://query.example/edited", &site, &edited(&html, seed + 7)));
    let fresh = common::html_page("新站", &[&common::prose(seed + 9, 400), &common::prose(seed + 10, 300)]);
    q.push(jsonl_line("https://query.example/fresh", "新站", &fresh));
    let queries = dir.path().join("queries.jsonl");
    std::fs::write(&queries, q.join("\n") + "\n").expect("write queries");
    Fixture { _dir: dir, db, queries }
}

/// `dedupdb query --json` on the fixture's queries: (exit code, stdout, stderr).
fn query(f: &Fixture) -> (Option<i32>, String, String) {
    let out = run(&["query", "--json", "--db", s(&f.db), s(&f.queries)]);
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned(), stderr(&out))
}

/// Flips a byte of `file` (XOR with a nonzero mask), returning the original byte.
fn flip(file: &Path, at: usize, mask: u8) -> u8 {
    let mut bytes = std::fs::read(file).expect("read");
    let old = bytes[at];
    bytes[at] ^= mask;
    std::fs::write(file, &bytes).expect("write");
    old
}

fn restore(file: &Path, at: usize, old: u8) {
    let mut bytes = std::fs::read(file).expect("read");
    bytes[at] = old;
    std::fs::write(file, &bytes).expect("write");
}

#[derive(Default, Debug)]
struct Outcomes {
    flips: usize,
    query_failed: usize,
    query_same: usize,
}

/// Damages `file` at each position in turn and checks what verify and query say.
fn damage(
    f: &Fixture,
    file: &Path,
    at: &[usize],
    baseline: &str,
    rng: &mut Rng,
    offset_at_or_before: bool,
) -> Outcomes {
    let name = file.file_name().and_then(|n| n.to_str()).expect("file name").to_string();
    let mut o = Outcomes::default();
    for &at in at {
        let mask = (rng.range(1, 256)) as u8;
        let old = flip(file, at, mask);
        o.flips += 1;
        let what = format!("{name}: byte {at} ^ {mask:#04x}");

        // The integrity check names the file and an offset at or before the damage.
        match dedupdb::store::verify(&f.db) {
            Ok(report) => {
                let offsets: Vec<u64> = report.problems.iter().filter_map(|p| corrupt_offset(p, &name)).collect();
                assert!(
                    !offsets.is_empty(),
                    "{what}: verify does not name the file and an offset: {:?}",
                    report.problems
                );
                if offset_at_or_before {
                    assert!(
                        offsets.iter().any(|&off| off <= at as u64),
                        "{what}: verify reports offsets after the damage: {:?}",
                        report.problems
                    );
                }
            }
            Err(e) => {
                let message = e.to_string();
                assert!(
                    corrupt_offset(&message, &name).is_some(),
                    "{what}: verify failed without naming the damage: {message}"
                );
            }
        }

        // The query fails clearly, or answers exactly as before.
        let (code, stdout, err) = query(f);
        match code {
            Some(0) => {
                assert_eq!(stdout, baseline, "{what}: query gave a different answer on the damaged index");
                o.query_same += 1;
            }
            Some(1) => {
                assert!(
                    corrupt_offset(&err, &name).is_some(),
                    "{what}: query failed without naming the damaged file and offset: {err}"
                );
                assert!(stdout.is_empty(), "{what}: query printed answers before failing: {stdout}");
                o.query_failed += 1;
            }
            other => panic!("{what}: query exited with {other:?}: {err}"),
        }
        restore(file, at, old);
    }
    o
}

#[test]
fn a_flipped_byte_in_a_segment_the_wal_or_the_manifest_is_caught() {
    let t0 = Instant::now();
    let seed = seed(0xc0de_f11f);
    let mut rng = Rng::new(seed);
    let f = build(seed);
    let sound = assert_sound(&f.db, "the undamaged index");
    assert_eq!(sound.segments, 2, "the fixture should have two segments");
    assert!(sound.wal_docs > 0, "the fixture should have pages in the WAL");
    let (code, baseline, err) = query(&f);
    assert_eq!(code, Some(0), "query on the undamaged index: {err}");
    let answers: Vec<serde_json::Value> = baseline.lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    let verdicts: Vec<&str> = answers.iter().map(|a| a["verdict"].as_str().expect("verdict")).collect();
    let matched: Vec<u64> = answers
        .iter()
        .flat_map(|a| a["matches"].as_array().expect("matches"))
        .map(|m| m["doc_id"].as_u64().expect("id"))
        .collect();
    assert_eq!(verdicts[..3], ["exact", "exact", "exact"], "baseline answers: {baseline}");
    assert!(["duplicate", "contains"].contains(&verdicts[3]), "baseline answers: {baseline}");
    assert_eq!(verdicts[4], "new", "baseline answers: {baseline}");
    println!("fixture built in {:.1?}", t0.elapsed());

    let mut files: Vec<PathBuf> =
        std::fs::read_dir(f.db.join("segments")).expect("segments dir").map(|e| e.expect("entry").path()).collect();
    files.sort();
    let wal: Vec<PathBuf> =
        std::fs::read_dir(f.db.join("wal")).expect("wal dir").map(|e| e.expect("e").path()).collect();
    assert_eq!((files.len(), wal.len()), (2, 1), "segment and WAL files: {files:?} {wal:?}");
    files.extend(wal);
    let mut total = Outcomes::default();
    for file in &files {
        let t = Instant::now();
        let bytes = std::fs::read(file).expect("read");
        let len = bytes.len();
        let mut at = positions(len, 24, &mut rng);
        if file.extension().is_some_and(|e| e == "ddb") {
            at.extend(targeted(&bytes, &matched, &mut rng));
            at.sort_unstable();
            at.dedup();
        }
        let o = damage(&f, file, &at, &baseline, &mut rng, true);
        println!("{}: {len} bytes, {o:?} in {:.1?}", file.display(), t.elapsed());
        total.flips += o.flips;
        total.query_failed += o.query_failed;
        total.query_same += o.query_same;
        assert_sound(&f.db, "after restoring the file");
    }
    // Both ways out must have been seen, or the segments are too small to show anything.
    assert!(total.query_failed > 0 && total.query_same > 0, "{total:?}");

    let manifest = f.db.join("MANIFEST");
    let len = std::fs::metadata(&manifest).expect("manifest").len() as usize;
    let at: Vec<usize> = (0..len).step_by((len / 40).max(1)).chain([len - 1]).collect();
    let o = damage(&f, &manifest, &at, &baseline, &mut rng, false);
    println!("MANIFEST: {len} bytes, {o:?}");
    assert_eq!(o.query_same, 0, "a damaged manifest must stop every query: {o:?}");
    assert_sound(&f.db, "after restoring the manifest");
    println!("{} flips in {:.1?}", total.flips + o.flips, t0.elapsed());
}

/// The store fuzz target's crash (fuzz/artifacts, 2026-12-07): a MANIFEST with its generation
/// at u64::MAX and its checksum made good. The next flush bumped the generation and panicked on
/// the overflow. Now the manifest is refused as damaged, naming the file and the field, and the
/// writer stops before it writes anything.
#[test]
fn a_manifest_generation_at_its_end_is_refused_not_overflowed() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let db = tmp.path().join("db");
    let input = tmp.path().join("crawl.jsonl");
    crawl(seed(7), 12, "gen").write(&input);
    let out = run(&["ingest", "--db", s(&db), s(&input)]);
    assert!(out.status.success(), "ingest: {}", stderr(&out));
    let manifest = db.join("MANIFEST");
    let mut b = std::fs::read(&manifest).expect("manifest");
    b[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
    let n = b.len() - 4;
    let crc = crc32fast::hash(&b[..n]);
    b[n..].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(&manifest, &b).expect("write");
    let more = tmp.path().join("more.jsonl");
    crawl(seed(7) + 1, 30, "more").write(&more);
    let out = run(&["ingest", "--flush-docs", "10", "--db", s(&db), s(&more)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "refused: {err}");
    assert!(err.contains("MANIFEST") && err.contains("generation out of range"), "names the file and field: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(std::fs::read(&manifest).expect("manifest"), b, "nothing rewritten");
}
