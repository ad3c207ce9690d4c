//! A page handed to the library: its URL, its bytes and what is known of them.

use super::run::{analyze_with, Analyzed};
use crate::input::{BodyKind, Item, RawPage};
use crate::{Body, Page, Params};

/// One page to add or ask about: what a crawler holds of a fetched page.
///
/// ```
/// use dedupdb::PageInput;
///
/// let page = PageInput::html("https://news.example.cn/a.html", "<html>…</html>")
///     .site("news.example.cn")
///     .fetched_at(1_767_225_600)
///     .charset("utf-8");
/// assert_eq!(page.url, "https://news.example.cn/a.html");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageInput {
    /// The page's URL: a later page with the same URL replaces it.
    pub url: String,
    /// The body, undecoded: the charset is found from `charset`, a BOM, `<meta>` or the bytes.
    pub body: Vec<u8>,
    /// HTML, or plain text (every line a paragraph, all of it main text).
    pub kind: BodyKind,
    /// The site the page is stored under; by default its URL's host. Template and furniture
    /// rules compare a page with its own site's pages.
    pub site: Option<String>,
    /// Fetch time, Unix seconds.
    pub fetched_at: Option<i64>,
    /// The charset the transport declared (an HTTP `Content-Type` header).
    pub charset: Option<String>,
}

impl PageInput {
    /// An HTML page.
    pub fn html(url: impl Into<String>, html: impl Into<Vec<u8>>) -> PageInput {
        PageInput::new(url.into(), html.into(), BodyKind::Html)
    }

    /// A plain-text page.
    pub fn text(url: impl Into<String>, text: impl Into<Vec<u8>>) -> PageInput {
        PageInput::new(url.into(), text.into(), BodyKind::Text)
    }

    fn new(url: String, body: Vec<u8>, kind: BodyKind) -> PageInput {
        PageInput { url, body, kind, site: None, fetched_at: None, charset: None }
    }

    /// Stores the page under `site` instead of its URL's host.
    pub fn site(mut self, site: impl Into<String>) -> PageInput {
        self.site = Some(site.into());
        self
    }

    /// The page's fetch time, Unix seconds.
    pub fn fetched_at(mut self, unix_seconds: i64) -> PageInput {
        self.fetched_at = Some(unix_seconds);
        self
    }

    /// The charset the transport declared.
    pub fn charset(mut self, charset: impl Into<String>) -> PageInput {
        self.charset = Some(charset.into());
        self
    }

    /// The page analyzed as a run analyzes a record; the body is read in place, not copied.
    pub(crate) fn analyze(&self, params: &Params) -> Analyzed {
        let raw = RawPage {
            url: self.url.clone(),
            body: Vec::new(),
            kind: self.kind,
            site: self.site.clone(),
            fetched_at: self.fetched_at,
            charset: self.charset.clone(),
            location: self.url.clone(),
        };
        analyze_with(Item::Page(raw), |_| {
            Page::analyze(Body::with_kind(&self.body, Some(self.kind), self.charset.as_deref()), params)
        })
    }
}
