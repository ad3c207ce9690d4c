//! Directory input: which files, in which order, their URLs, and files that cannot be read.

use std::path::Path;

use crate::common_input::{page, read};
use dedupdb::input::{self, BodyKind, Format, Item, Limits};

fn put(root: &Path, rel: &str, bytes: &[u8]) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

fn location(item: &Item) -> &str {
    match item {
        Item::Page(p) => &p.location,
        Item::Skipped { location, .. } | Item::Error { location, .. } => location,
    }
}

#[test]
fn page_files_in_sorted_order() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("pages");
    put(&root, "b.html", b"<p>b</p>");
    put(&root, "a.HTM", b"<p>a</p>");
    put(&root, "a/z.html", b"<p>z</p>");
    put(&root, "sub/deeper/d.txt", b"plain text");
    put(&root, "sub/c.Html", b"<p>c</p>");
    put(&root, "sub/c.xhtml", b"<p>x</p>");
    put(&root, "notes.md", b"# not a page");
    put(&root, "img.png", b"\x89PNG");
    put(&root, "noext", b"<p>no extension</p>");
    std::fs::create_dir_all(root.join("empty")).unwrap();
    let name = root.to_str().unwrap();

    let items = read(name, Limits::default());
    let rel: Vec<String> =
        items.iter().map(|i| location(i).strip_prefix(name).unwrap().trim_start_matches('/').to_string()).collect();
    // Sorted component by component, as Path orders: "a/z.html" before "a.HTM".
    assert_eq!(rel, ["a/z.html", "a.HTM", "b.html", "sub/c.Html", "sub/c.xhtml", "sub/deeper/d.txt"]);

    let canonical = std::fs::canonicalize(&root).unwrap();
    let p = page(&items[2]);
    assert_eq!(p.url, format!("file://{}/b.html", canonical.display()));
    assert_eq!((p.body.as_slice(), p.kind), (&b"<p>b</p>"[..], BodyKind::Html));
    assert_eq!((p.site.as_deref(), p.fetched_at, p.charset.as_deref()), (None, None, None));
    assert_eq!(input::host_of(&p.url), None, "file URLs have no host; the caller decides the site");
    let p = page(&items[5]);
    assert_eq!((p.body.as_slice(), p.kind), (&b"plain text"[..], BodyKind::Text));

    // The same order on a second run, and with a trailing slash and an explicit format.
    let again: Vec<String> = input::open(&format!("{name}/"), Some(Format::Dir), Limits::default())
        .unwrap()
        .map(|i| page(&i).url.clone())
        .collect();
    assert_eq!(again, items.iter().map(|i| page(i).url.clone()).collect::<Vec<_>>());
}

#[test]
fn urls_are_percent_encoded_file_urls() {
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "my page 页.html", b"<p>x</p>");
    let items = read(dir.path().to_str().unwrap(), Limits::default());
    let canonical = std::fs::canonicalize(dir.path()).unwrap();
    assert_eq!(page(&items[0]).url, format!("file://{}/my%20page%20%E9%A1%B5.html", canonical.display()));
}

#[test]
fn large_and_unreadable_files_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    put(root, "1.html", b"<p>1</p>");
    put(root, "2.html", &vec![b'x'; 5000]);
    put(root, "4.html", b"<p>4</p>");
    std::os::unix::fs::symlink(root.join("missing.html"), root.join("3.html")).unwrap();
    // Links to files are read; links to directories are not followed.
    std::os::unix::fs::symlink(root.join("4.html"), root.join("5.html")).unwrap();
    std::os::unix::fs::symlink(root, root.join("6-loop")).unwrap();
    let name = root.to_str().unwrap();
    let items = read(name, Limits { max_page_bytes: 4096 });
    assert_eq!(items.len(), 5, "{items:#?}");
    assert_eq!(page(&items[0]).body, b"<p>1</p>");
    match &items[1] {
        Item::Error { location, url, message } => {
            assert_eq!(location, &format!("{name}/2.html"));
            assert_eq!(url, &None);
            assert_eq!(message, "page larger than the 4 KiB limit (5000 bytes)");
        }
        other => panic!("{other:?}"),
    }
    match &items[2] {
        Item::Error { location, message, .. } => {
            assert_eq!(location, &format!("{name}/3.html"));
            assert!(message.starts_with("cannot read: "), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(page(&items[3]).body, b"<p>4</p>");
    let p = page(&items[4]);
    assert_eq!(p.location, format!("{name}/5.html"));
    assert!(p.url.ends_with("/4.html"), "the canonical path of a link is its target's: {}", p.url);
}
