//! Memory stays bounded on huge lines and records: a counting allocator measures the peak while
//! each input is read. The allocator counts every thread of the process, and the other tests of
//! this binary allocate beside it, so the measuring runs in a child process: this test binary
//! again, running this one test alone.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use dedupdb::input::{self, Item, Limits};

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(n: usize) {
    let now = CURRENT.fetch_add(n, Ordering::Relaxed) + n;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, new_size) };
        if !q.is_null() {
            // Counted as the change in size: large blocks are moved by remapping pages, not by
            // holding both while copying.
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                CURRENT.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const MB: usize = 1 << 20;

/// Reads `name` and returns the items and the peak of bytes allocated meanwhile, above what was
/// allocated before.
fn read_measured(name: &str, limits: Limits) -> (Vec<Item>, usize) {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let items: Vec<Item> = input::open(name, None, limits).unwrap().collect();
    let peak = PEAK.load(Ordering::Relaxed) - base;
    eprintln!("{name}: peak {:.1} MiB above the start", peak as f64 / MB as f64);
    (items, peak)
}

/// Writes a file of `head`, `n` filler bytes, then `tail`, without holding it in memory.
fn write_big(path: &Path, head: &[u8], n: usize, tail: &[u8]) {
    let mut w = BufWriter::new(std::fs::File::create(path).unwrap());
    w.write_all(head).unwrap();
    let chunk = vec![b'x'; MB];
    for _ in 0..n / MB {
        w.write_all(&chunk).unwrap();
    }
    w.write_all(&chunk[..n % MB]).unwrap();
    w.write_all(tail).unwrap();
    w.flush().unwrap();
}

fn kinds(items: &[Item]) -> Vec<&'static str> {
    items
        .iter()
        .map(|i| match i {
            Item::Page(_) => "page",
            Item::Skipped { .. } => "skipped",
            Item::Error { .. } => "error",
        })
        .collect()
}

/// Runs this test binary again as a child that runs only this test (the child measures, with
/// nothing else allocating meanwhile).
#[test]
fn huge_lines_and_records_are_not_held_in_memory() {
    const CHILD: &str = "DEDUPDB_INPUT_TEST_MEMORY_CHILD";
    if std::env::var_os(CHILD).is_some() {
        measure_huge_lines_and_records();
        return;
    }
    // The test's name as the harness knows it: the module path without the crate's name.
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    let name = format!("{module}::huge_lines_and_records_are_not_held_in_memory");
    let out = Command::new(std::env::current_exe().unwrap())
        .args([name.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the measuring child failed ({}):\n{stdout}", out.status);
    assert!(stdout.contains("test result: ok. 1 passed"), "the child ran no test:\n{stdout}");
}

fn measure_huge_lines_and_records() {
    let dir = tempfile::tempdir().unwrap();

    // A 50 MB JSONL line with the default 32 MiB limit: never held whole...
    let jsonl = dir.path().join("big.jsonl");
    write_big(
        &jsonl,
        b"{\"url\":\"https://m.example/big\",\"html\":\"",
        50 * MB,
        b"\"}\n{\"url\":\"u\",\"html\":\"ok\"}\n",
    );
    let (items, peak) = read_measured(jsonl.to_str().unwrap(), Limits::default());
    assert_eq!(kinds(&items), ["error", "page"]);
    assert!(peak < 40 * MB, "peak {} MiB", peak / MB);
    // ...and with a smaller limit, memory follows the limit, not the line.
    let (items, peak) = read_measured(jsonl.to_str().unwrap(), Limits { max_page_bytes: MB });
    assert_eq!(kinds(&items), ["error", "page"]);
    assert!(peak < 4 * MB, "peak {} MiB", peak / MB);

    // 50 MB WARC blocks, an HTML page over the limit and an image, both streamed past, then a
    // small page; in a gzip-compressed file too.
    let block_head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n";
    let header = |url: &str, ct: &str, len: usize| {
        format!(
            "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: {url}\r\nContent-Length: {}\r\n\r\n\
             HTTP/1.1 200 OK\r\nContent-Type: {ct}\r\n\r\n",
            len + block_head.len()
        )
    };
    let warc = dir.path().join("big.warc");
    let mut head = header("https://m.example/big.html", "text/html", 50 * MB).into_bytes();
    head.extend_from_slice(b"<p>");
    let mut tail = b"\r\n\r\n".to_vec();
    tail.extend_from_slice(header("https://m.example/big.png", "image/png", 50 * MB).as_bytes());
    write_big(&warc, &head, 50 * MB - 3, &tail);
    let mut f = std::fs::OpenOptions::new().append(true).open(&warc).unwrap();
    let mut rest = vec![0u8; 50 * MB];
    rest.extend_from_slice(b"\r\n\r\n");
    let last = b"<p>s</p>";
    rest.extend_from_slice(
        format!(
            "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: https://m.example/s\r\nContent-Type: text/html\r\n\
             Content-Length: {}\r\n\r\n",
            last.len()
        )
        .as_bytes(),
    );
    rest.extend_from_slice(last);
    f.write_all(&rest).unwrap();
    drop(f);
    drop(rest);
    let (items, peak) = read_measured(warc.to_str().unwrap(), Limits::default());
    assert_eq!(kinds(&items), ["error", "skipped", "page"], "{:?}", items.first());
    assert!(peak < 4 * MB, "peak {} MiB", peak / MB);

    let gz = dir.path().join("big.warc.gz");
    {
        let mut enc = flate2::write::GzEncoder::new(
            BufWriter::new(std::fs::File::create(&gz).unwrap()),
            flate2::Compression::fast(),
        );
        std::io::copy(&mut std::fs::File::open(&warc).unwrap(), &mut enc).unwrap();
        enc.finish().unwrap().flush().unwrap();
    }
    let (items, peak) = read_measured(gz.to_str().unwrap(), Limits::default());
    assert_eq!(kinds(&items), ["error", "skipped", "page"]);
    assert!(peak < 4 * MB, "peak {} MiB", peak / MB);
}
