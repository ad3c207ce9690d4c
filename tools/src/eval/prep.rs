//! The text the baselines compare: each page decoded, its main text extracted and normalized by
//! dedupdb's own stages, so that the baselines and dedupdb differ only in how they detect.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;

use dedupdb::input::RawPage;
use dedupdb::PageInput;

use super::crawl::{for_each_page, Format};

/// URL and normalized main text of every page, in crawl order.
pub struct Prepared {
    pub urls: Vec<String>,
    pub texts: Vec<Vec<char>>,
    /// Reading the files and extracting, together.
    pub seconds: f64,
}

pub fn main_text(p: &RawPage) -> Vec<char> {
    dedupdb::Page::normalized_text(PageInput::with_kind(&p.body, Some(p.kind), p.charset.as_deref())).chars
}

pub fn prepare(files: &[PathBuf], format: Format) -> Result<Prepared> {
    let start = Instant::now();
    let (mut urls, mut texts) = (Vec::new(), Vec::new());
    for_each_page(files, format, &mut |p| {
        texts.push(main_text(&p));
        urls.push(p.url);
    })?;
    Ok(Prepared { urls, texts, seconds: start.elapsed().as_secs_f64() })
}
