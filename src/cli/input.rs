//! Reading pages named on the command line.

use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context, Result};
use dedupdb::PageInput;

/// Pages larger than this are refused with an error rather than read.
pub const MAX_PAGE_BYTES: u64 = 64 << 20;

/// How a named input is to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Html,
    Text,
    Sniff,
}

/// Reads `name` (a path, or `-` for standard input) into memory, with its kind from the extension.
pub fn read_page(name: &str) -> Result<(Vec<u8>, Kind)> {
    let mut bytes = Vec::new();
    if name == "-" {
        std::io::stdin().take(MAX_PAGE_BYTES + 1).read_to_end(&mut bytes).context("reading standard input")?;
        if bytes.len() as u64 > MAX_PAGE_BYTES {
            bail!("standard input: page larger than {} MiB", MAX_PAGE_BYTES >> 20);
        }
        return Ok((bytes, Kind::Sniff));
    }
    let path = Path::new(name);
    let meta = std::fs::metadata(path).with_context(|| format!("{name}: cannot read"))?;
    if meta.is_dir() {
        bail!("{name}: is a directory, expected an .html, .htm or .txt file");
    }
    if meta.len() > MAX_PAGE_BYTES {
        bail!("{name}: page is {} MiB, larger than the {} MiB limit", meta.len() >> 20, MAX_PAGE_BYTES >> 20);
    }
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_PAGE_BYTES + 1).read_to_end(&mut bytes))
        .with_context(|| format!("{name}: cannot read"))?;
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let kind = match ext.as_deref() {
        Some("html") | Some("htm") | Some("xhtml") | Some("shtml") => Kind::Html,
        Some("txt") | Some("text") => Kind::Text,
        _ => Kind::Sniff,
    };
    Ok((bytes, kind))
}

/// The page input for bytes of a kind.
pub fn page_input(bytes: &[u8], kind: Kind) -> PageInput<'_> {
    match kind {
        Kind::Html => PageInput::Html { bytes, charset: None },
        Kind::Text => PageInput::Text { bytes, charset: None },
        Kind::Sniff => PageInput::sniff(bytes, None),
    }
}
