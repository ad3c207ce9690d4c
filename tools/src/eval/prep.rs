//! The text the baselines compare: each page decoded, its main text extracted and normalized by
//! dedupdb's own stages, so that the baselines and dedupdb differ only in how they detect.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;

use dedupdb::input::RawPage;
use dedupdb::Body;

use super::crawl::{for_each_page, Format};

/// URL, site and normalized main text of every page, in crawl order.
pub struct Prepared {
    pub urls: Vec<String>,
    /// The input's `site`, else the URL's host (as `dedupdb ingest` takes it).
    pub sites: Vec<String>,
    pub texts: Vec<Vec<char>>,
    /// Reading the files and extracting, together.
    pub seconds: f64,
}

/// The normalized main text of a page as a new index reads it (the library's default parameters:
/// traditional characters folded). A report scored from another build, or an ingest with other
/// parameters, may have read the pages otherwise.
pub fn main_text(p: &RawPage) -> Vec<char> {
    dedupdb::Page::normalized_text(
        Body::with_kind(&p.body, Some(p.kind), p.charset.as_deref()),
        &dedupdb::Params::default(),
    )
    .chars
}

pub fn prepare(files: &[PathBuf], format: Format) -> Result<Prepared> {
    let start = Instant::now();
    let (mut urls, mut sites, mut texts) = (Vec::new(), Vec::new(), Vec::new());
    for_each_page(files, format, &mut |p| {
        texts.push(main_text(&p));
        sites.push(p.site.clone().or_else(|| dedupdb::input::host_of(&p.url)).unwrap_or_default());
        urls.push(p.url);
    })?;
    Ok(Prepared { urls, sites, texts, seconds: start.elapsed().as_secs_f64() })
}
