//! A small valid index, built once: pages in two segments (the first compacted with pruning, so
//! there is a pruned-keys file) and more pages only in the WAL. Each input copies it, damages one of its
//! files (segment, WAL, MANIFEST, pruned keys: the first byte picks which) with byte flips,
//! overwrites with huge length-like values, insertions, deletions and truncations the rest of the
//! input describes (and, for most inputs, recomputes the file's checksums, so that the damage
//! reaches the parsers behind them), then opens the copy, runs queries and reads, and runs the integrity check
//! (`store::verify`); one input in four also opens it as a writer and inserts a page. Asserts: no
//! panic, no hang, no absurd allocation (run with -malloc_limit_mb): every call returns Ok or Err.
#![no_main]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use dedupdb::store::{self, Index, NewDoc, PrunePolicy};
use dedupdb::{Page, Body, Params};
use libfuzzer_sys::fuzz_target;

macro_rules! fixture {
    ($name:literal) => {
        ($name, include_bytes!(concat!("../../tests/fixtures/", $name)).as_slice())
    };
}

/// Pages stored in segments, then pages left in the WAL.
const SEGMENT_PAGES: [(&str, &[u8]); 5] = [
    fixture!("article1_site_a.html"),
    fixture!("article1_site_b.html"),
    fixture!("article2_fullwidth.html"),
    fixture!("bulletin_weather_day1.html"),
    fixture!("heavy_template_article3.html"),
];
const WAL_PAGES: [(&str, &[u8]); 3] =
    [fixture!("forum_thread.html"), fixture!("digest_site_c.html"), fixture!("heavy_template_article4.html")];
/// Pages queried: near-duplicates of stored ones, and one stored page itself.
const QUERY_PAGES: [(&str, &[u8]); 4] = [
    fixture!("article1_reordered.html"),
    fixture!("article2_halfwidth.html"),
    fixture!("bulletin_weather_day2.html"),
    fixture!("forum_thread.html"),
];

fn analyze(bytes: &[u8]) -> Page {
    Page::analyze(Body::Html { bytes, charset: None }, &Params::default())
}

fn url(name: &str, n: usize) -> String {
    format!("http://site{}.example.cn/{name}", n % 3)
}

fn insert(index: &mut Index, name: &str, n: usize, bytes: &[u8], replaces: Option<u32>) -> u32 {
    let page = analyze(bytes);
    let url = url(name, n);
    let site = format!("site{}.example.cn", n % 3);
    let doc = NewDoc {
        url: &url,
        site: &site,
        fetched_at: 1_700_000_000 + n as i64,
        chars: &page.norm.chars,
        features: &page.features,
        cluster: None,
        replaces,
        title: page.title_sketch,
        listing: page.extracted.listing,
        script: page.script,
    };
    index.insert(doc).expect("insert into the fixture index")
}

/// The fixture index (built once per process) and the pages queried against it.
struct Fixture {
    db: PathBuf,
    queries: Vec<Page>,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let root = tempfile::tempdir().expect("tempdir").keep();
        let db = root.join("db");
        let mut index = Index::open_writer(&db, &Params::default()).expect("create the fixture index");
        for (n, (name, bytes)) in SEGMENT_PAGES.iter().enumerate().take(3) {
            insert(&mut index, name, n, bytes, None);
        }
        index.commit().expect("commit");
        index.flush().expect("flush");
        for (n, (name, bytes)) in SEGMENT_PAGES.iter().enumerate().skip(3) {
            insert(&mut index, name, n, bytes, None);
        }
        index.commit().expect("commit");
        // Prune every key two documents hold: article1's two copies leave a pruned-keys file.
        let policy = PrunePolicy { global_cap: 1, site_cap: 1, site_share: 0.0 };
        index.compact(policy, false).expect("compact");
        // A second segment, after the compacted one; then pages only in the WAL.
        insert(&mut index, WAL_PAGES[0].0, 10, WAL_PAGES[0].1, None);
        index.commit().expect("commit");
        index.flush().expect("flush");
        for (n, (name, bytes)) in WAL_PAGES.iter().enumerate().skip(1) {
            insert(&mut index, name, n + 10, bytes, None);
        }
        // A new version of a page in a segment: the WAL holds a replacement too.
        let old = index.lookup_url(&url(SEGMENT_PAGES[2].0, 2)).expect("lookup").expect("stored").doc_id;
        insert(&mut index, SEGMENT_PAGES[2].0, 2, SEGMENT_PAGES[3].1, Some(old));
        index.commit().expect("commit");
        index.close().expect("close");
        let files = damageable(&db);
        assert!(files.iter().any(|f| f.starts_with("segments")), "fixture without a segment: {files:?}");
        assert!(files.iter().any(|f| f.starts_with("wal")), "fixture without a WAL: {files:?}");
        assert!(
            files.iter().any(|f| f.to_string_lossy().starts_with("pruned-")),
            "fixture without pruned keys: {files:?}"
        );
        let queries = QUERY_PAGES.iter().map(|(_, b)| analyze(b)).collect();
        Fixture { db, queries }
    })
}

/// The index's files that damage is applied to, relative to the index directory, sorted.
fn damageable(db: &Path) -> Vec<PathBuf> {
    let mut out = vec![PathBuf::from("MANIFEST")];
    for sub in ["segments", "wal"] {
        for e in std::fs::read_dir(db.join(sub)).expect("read the fixture directory") {
            out.push(Path::new(sub).join(e.expect("entry").file_name()));
        }
    }
    for e in std::fs::read_dir(db).expect("read the fixture directory") {
        let name = e.expect("entry").file_name();
        if name.to_string_lossy().starts_with("pruned-") {
            out.push(PathBuf::from(name));
        }
    }
    out.sort();
    out
}

fn copy_dir(from: &Path, to: &Path, catalog: bool) {
    std::fs::create_dir_all(to).expect("create the copy");
    for e in std::fs::read_dir(from).expect("read the fixture") {
        let e = e.expect("entry");
        let name = e.file_name();
        if name == "LOCK" || (name == "catalog" && !catalog) {
            continue;
        }
        if e.file_type().expect("file type").is_dir() {
            copy_dir(&e.path(), &to.join(&name), catalog);
        } else {
            // Read and write, which retry when interrupted (libFuzzer's timer interrupts
            // std::fs::copy's copy_file_range with EINTR, which copy does not retry).
            let bytes = std::fs::read(e.path()).expect("read a fixture file");
            std::fs::write(to.join(&name), bytes).expect("copy a fixture file");
        }
    }
}

/// Applies the damage `ops` describes (6 bytes an operation) to `bytes`.
fn damage(bytes: &mut Vec<u8>, ops: &[u8]) {
    for op in ops.chunks_exact(6).take(8) {
        let pos = u32::from_le_bytes([op[1], op[2], op[3], op[4]]) as usize;
        let v = op[5];
        let at = if bytes.is_empty() { 0 } else { pos % bytes.len() };
        match op[0] % 8 {
            0 if !bytes.is_empty() => bytes[at] ^= v | 1,
            1 if !bytes.is_empty() => bytes[at] = v,
            2 => bytes.truncate(pos % (bytes.len() + 1)),
            3 => bytes.insert(at, v),
            4 if !bytes.is_empty() => {
                let end = (at + usize::from(v) % 64 + 1).min(bytes.len());
                bytes.drain(at..end);
            }
            5 | 6 => {
                // A length or offset field claiming something huge.
                let big: u64 = match v % 4 {
                    0 => u64::MAX,
                    1 => 1 << 40,
                    2 => u64::from(u32::MAX),
                    _ => 1 << (v % 64),
                };
                let width = if op[0] % 8 == 5 { 4 } else { 8 };
                for (i, b) in big.to_le_bytes()[..width].iter().enumerate() {
                    if let Some(x) = bytes.get_mut(at + i) {
                        *x = *b;
                    }
                }
            }
            7 => bytes.extend(std::iter::repeat_n(v, usize::from(v) % 32 + 1)),
            _ => {}
        }
    }
}

fn crc(b: &[u8]) -> [u8; 4] {
    crc32fast_hash(b).to_le_bytes()
}

/// CRC-32 (IEEE), as the index computes it (through flate2's crc, a dependency already).
fn crc32fast_hash(b: &[u8]) -> u32 {
    let mut c = flate2::Crc::new();
    c.update(b);
    c.sum()
}

fn u32_at(b: &[u8], o: usize) -> Option<usize> {
    Some(u32::from_le_bytes(b.get(o..o + 4)?.try_into().ok()?) as usize)
}

fn u64_at(b: &[u8], o: usize) -> Option<usize> {
    usize::try_from(u64::from_le_bytes(b.get(o..o + 8)?.try_into().ok()?)).ok()
}

/// Recomputes a damaged file's checksums where its structure still tells where they are, so
/// that the damage reaches the parsers behind the checksums (lengths, offsets, counts, varints).
fn reseal(file: &Path, b: &mut [u8]) -> Option<()> {
    let name = file.to_string_lossy();
    let n = b.len();
    if name.starts_with("segments") {
        // Header CRC; every data page's CRC; the PageCrcs section's CRC; the footer's.
        if n < 72 {
            return None;
        }
        let h = crc(&b[..28]);
        b[28..32].copy_from_slice(&h);
        let t = n - 40;
        let count = u32_at(b, t + 4)?;
        let table = t.checked_sub(count.checked_mul(24)?)?;
        let (mut off, mut len) = (None, 0);
        for i in 0..count {
            let e = table + 24 * i;
            if u32_at(b, e)? == 14 {
                (off, len) = (Some(u64_at(b, e + 8)?), u64_at(b, e + 16)?);
            }
        }
        let off = off?;
        if off < 32 || off.checked_add(len)? > table {
            return None;
        }
        let pages = (off - 32).div_ceil(4096);
        for p in 0..pages.min(len / 4) {
            let start = 32 + 4096 * p;
            let c = crc(&b[start..(start + 4096).min(off)]);
            b[off + 4 * p..off + 4 * p + 4].copy_from_slice(&c);
        }
        let c = crc(&b[off..off + len]);
        b[t + 20..t + 24].copy_from_slice(&c);
        let c = crc(&b[table..t + 28]);
        b[t + 28..t + 32].copy_from_slice(&c);
    } else if name.starts_with("wal") {
        // Header CRC, then each record's length CRC and body CRC, as far as lengths lead.
        if n < 32 {
            return None;
        }
        let h = crc(&b[..24]);
        b[24..28].copy_from_slice(&h);
        let mut pos = 32;
        while pos + 12 <= n {
            let len = u32_at(b, pos)?;
            let c = crc(&b[pos..pos + 4]);
            b[pos + 4..pos + 8].copy_from_slice(&c);
            let end = pos.checked_add(12)?.checked_add(len)?;
            if len == 0 || end > n {
                return None;
            }
            let c = crc(&b[pos + 12..end]);
            b[pos + 8..pos + 12].copy_from_slice(&c);
            pos = end;
        }
    } else if n >= 4 {
        // MANIFEST and pruned keys: one CRC of everything before it, at the end.
        let c = crc(&b[..n - 4]);
        b[n - 4..].copy_from_slice(&c);
    }
    Some(())
}

fn exercise(index: &mut Index, queries: &[Page]) {
    for q in queries {
        if let Ok(answer) = dedupdb::dedup::Searcher::of(index).query(&q.norm.chars, &q.features, None) {
            for m in answer.matches.iter().chain(answer.exact.iter()) {
                let _ = index.doc_text(m.doc_id);
                let _ = index.doc_url(m.doc_id);
            }
        }
    }
    for n in 0..index.next_doc_id().min(64) {
        let _ = index.doc_text(n);
        let _ = index.is_deleted(n);
    }
    for (n, (name, _)) in SEGMENT_PAGES.iter().chain(WAL_PAGES.iter()).enumerate() {
        let _ = index.lookup_url(&url(name, n));
    }
    let _ = index.live_docs();
    let _ = index.for_each_doc(|_, _, _| Ok(()));
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else { return };
    let Some((&flags, ops)) = rest.split_first() else { return };
    let fx = fixture();
    let files = damageable(&fx.db);
    let target = &files[usize::from(sel) % files.len()];
    let writer = flags & 3 == 0;

    let tmp = tempfile::tempdir().expect("tempdir");
    let db = tmp.path().join("db");
    copy_dir(&fx.db, &db, writer);
    let path = db.join(target);
    let mut bytes = std::fs::read(&path).expect("read the file to damage");
    damage(&mut bytes, ops);
    if flags & 4 == 0 {
        reseal(target, &mut bytes);
    }
    std::fs::write(&path, &bytes).expect("write the damaged file");

    if let Ok(mut index) = Index::open_reader(&db) {
        exercise(&mut index, &fx.queries);
    }
    let _ = store::verify(&db);
    if writer {
        if let Ok(mut index) = Index::open_writer(&db, &Params::default()) {
            exercise(&mut index, &fx.queries);
            let page = &fx.queries[0];
            let doc = NewDoc {
                url: "http://new.example.cn/a",
                site: "new.example.cn",
                fetched_at: 1_800_000_000,
                chars: &page.norm.chars,
                features: &page.features,
                cluster: None,
                replaces: None,
                title: page.title_sketch,
                listing: page.extracted.listing,
                script: page.script,
            };
            if index.insert(doc).is_ok() && index.commit().is_ok() {
                let _ = index.flush();
            }
            let _ = index.close();
        }
    }
});
