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

    /// A page from a JSON object with the fields of a crawl's JSONL line: `url`, one of `html` and
    /// `text`, and optionally `site`, `fetched_at` (Unix seconds, or an RFC 3339 time) and
    /// `charset`. Other fields are ignored. An error names the field and what is wrong with it.
    ///
    /// ```
    /// let v = serde_json::json!({"url": "https://a.example/1", "text": "今天天气很好。"});
    /// let page = dedupdb::PageInput::from_json(&v).unwrap();
    /// assert_eq!(page.url, "https://a.example/1");
    /// let e = dedupdb::PageInput::from_json(&serde_json::json!({"html": "<p>x</p>"})).unwrap_err();
    /// assert_eq!(e.field, "url");
    /// ```
    pub fn from_json(v: &serde_json::Value) -> Result<PageInput, FieldError> {
        let bad = |field: &str, problem: &str| FieldError { field: field.to_owned(), problem: problem.to_owned() };
        let obj = v.as_object().ok_or_else(|| bad("", "a page is a JSON object"))?;
        let string = |field: &str| -> Result<Option<&str>, FieldError> {
            match obj.get(field) {
                None | Some(serde_json::Value::Null) => Ok(None),
                Some(serde_json::Value::String(s)) => Ok(Some(s)),
                Some(_) => Err(bad(field, "must be a string")),
            }
        };
        let url = string("url")?.ok_or_else(|| bad("url", "is missing"))?;
        if url.trim().is_empty() {
            return Err(bad("url", "is empty"));
        }
        let mut page = match (string("html")?, string("text")?) {
            (Some(html), None) => PageInput::html(url, html),
            (None, Some(text)) => PageInput::text(url, text),
            (Some(_), Some(_)) => return Err(bad("html", "give one of html and text, not both")),
            (None, None) => return Err(bad("html", "is missing (a page has html or text)")),
        };
        page.site = string("site")?.map(str::to_owned);
        page.charset = string("charset")?.map(str::to_owned);
        page.fetched_at = match obj.get("fetched_at") {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::Number(n)) => {
                Some(crate::input::seconds_of_number(n).ok_or_else(|| bad("fetched_at", "is not a time"))?)
            }
            Some(serde_json::Value::String(t)) => Some(
                crate::input::parse_time(t)
                    .ok_or_else(|| bad("fetched_at", "is neither Unix seconds nor an RFC 3339 time"))?,
            ),
            Some(_) => return Err(bad("fetched_at", "must be Unix seconds or an RFC 3339 time")),
        };
        Ok(page)
    }

    /// The page analyzed (decoded, extracted, normalized, its keys computed) with `params`, the
    /// index's ([`crate::Writer::params`]), for [`crate::Writer::add_analyzed_batch`].
    pub fn analyzed(&self, params: &Params) -> AnalyzedPage {
        AnalyzedPage(self.analyze(params))
    }

    /// The page as a run reads a record: its URL is where it came from.
    pub(crate) fn into_raw(self) -> RawPage {
        let location = self.url.clone();
        RawPage {
            url: self.url,
            body: self.body,
            kind: self.kind,
            site: self.site,
            fetched_at: self.fetched_at,
            charset: self.charset,
            location,
        }
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

/// What is wrong with a page given as JSON ([`PageInput::from_json`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {problem}")]
pub struct FieldError {
    /// The field (empty for the page as a whole).
    pub field: String,
    /// What is wrong with it.
    pub problem: String,
}

/// A page analyzed ahead of its insert ([`PageInput::analyzed`]).
pub struct AnalyzedPage(pub(crate) Analyzed);

impl std::fmt::Debug for AnalyzedPage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AnalyzedPage")
    }
}
