//! `import dedupdb`: the index and the comparison for Python, on the library's `Db`, `Reader` and
//! `Writer`. Work on pages runs with the GIL released; errors are Python exceptions, never a
//! panic through the boundary (PyO3 turns one into `PanicException`, and dedupdb contains its
//! own per page).

use std::collections::VecDeque;
use std::sync::Mutex;

use ddb::db::{comparison_json, RunOptions};
use ddb::error::StoreError;
use ddb::{Body, Db, Page, PageInput, Params, Reader, Writer};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

create_exception!(dedupdb, Error, PyException, "Any error of dedupdb.");
create_exception!(dedupdb, IndexLocked, Error, "Another writer holds the index's lock (retry later).");
create_exception!(
    dedupdb,
    CorruptIndex,
    Error,
    "A file of the index is damaged or of an unknown format; the message names the file and offset."
);
create_exception!(dedupdb, InvalidInput, Error, "A page, a path or an argument dedupdb cannot take.");

/// The Python exception for a dedupdb error.
fn py_err(e: ddb::Error) -> PyErr {
    let message = e.to_string();
    if e.is_locked() {
        return IndexLocked::new_err(message);
    }
    if matches!(
        e.store(),
        Some(StoreError::Corrupt(_) | StoreError::Version { .. } | StoreError::UnknownParameter { .. })
    ) {
        return CorruptIndex::new_err(message);
    }
    match e {
        ddb::Error::Input(_) => InvalidInput::new_err(message),
        ddb::Error::Open(ddb::error::OpenError::NotFound { .. }) => InvalidInput::new_err(message),
        _ => Error::new_err(message),
    }
}

/// One earlier page an answer names.
#[pyclass(frozen, module = "dedupdb")]
#[derive(Clone)]
struct Match {
    /// Its URL.
    #[pyo3(get)]
    url: String,
    /// Its doc id.
    #[pyo3(get)]
    doc_id: u32,
    /// The page's relation to it: duplicate, contains, contained or overlaps.
    #[pyo3(get)]
    relation: String,
    /// Resemble rate.
    #[pyo3(get)]
    resemble: f64,
    /// Contain rate.
    #[pyo3(get)]
    contain: f64,
    /// CCS of the period features.
    #[pyo3(get)]
    ccs: f64,
}

#[pymethods]
impl Match {
    fn __repr__(&self) -> String {
        format!(
            "Match(url={:?}, doc_id={}, relation={:?}, resemble={:.3})",
            self.url, self.doc_id, self.relation, self.resemble
        )
    }
}

/// What the index answers about a page: a report line of `dedupdb ingest`.
#[pyclass(frozen, module = "dedupdb")]
struct Answer {
    /// The page's URL.
    #[pyo3(get)]
    url: Option<String>,
    /// Its doc id (the new one, or the stored one of an unchanged page); None for a query.
    #[pyo3(get)]
    doc_id: Option<u32>,
    /// new, exact, duplicate, contained, contains, overlaps, skipped or error.
    #[pyo3(get)]
    verdict: String,
    /// The cluster it joined (or, for a query, would join).
    #[pyo3(get)]
    cluster: Option<u32>,
    /// Earlier pages judged similar, best first.
    #[pyo3(get)]
    matches: Vec<Match>,
    /// What went wrong, for `error`.
    #[pyo3(get)]
    error: Option<String>,
    /// Why, for `skipped`.
    #[pyo3(get)]
    reason: Option<String>,
    /// Where the page came from (its URL, or file:line for paths).
    #[pyo3(get)]
    location: String,
    /// The report line, as JSON.
    line: String,
}

impl From<&ddb::Answer> for Answer {
    fn from(a: &ddb::Answer) -> Answer {
        Answer {
            url: a.url.clone(),
            doc_id: a.doc_id,
            verdict: a.verdict.as_str().to_owned(),
            cluster: a.cluster,
            matches: a
                .matches
                .iter()
                .map(|m| Match {
                    url: m.url.clone(),
                    doc_id: m.doc_id,
                    relation: m.relation.to_string(),
                    resemble: m.resemble,
                    contain: m.contain,
                    ccs: m.ccs,
                })
                .collect(),
            error: a.error.clone(),
            reason: a.reason.clone(),
            location: a.location.clone(),
            line: serde_json::to_string(a).unwrap_or_default(),
        }
    }
}

#[pymethods]
impl Answer {
    /// The report line as a dict: what `dedupdb ingest --report` writes for the page.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_loads(py, &self.line)
    }

    fn __repr__(&self) -> String {
        let opt = |v: Option<String>| v.unwrap_or_else(|| "None".into());
        format!(
            "Answer(url={}, verdict={:?}, doc_id={}, cluster={})",
            opt(self.url.as_ref().map(|u| format!("{u:?}"))),
            self.verdict,
            opt(self.doc_id.map(|d| d.to_string())),
            opt(self.cluster.map(|c| c.to_string()))
        )
    }
}

fn json_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// Bytes of an `html` or `text` argument: a str (UTF-8) or bytes (any charset).
fn body_of(v: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<u8>> {
    if v.is_instance_of::<PyString>() {
        return Ok(v.extract::<String>()?.into_bytes());
    }
    if let Ok(b) = v.downcast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    Err(PyTypeError::new_err(format!("{name} must be str or bytes, not {}", v.get_type().name()?)))
}

/// A page from keyword arguments.
fn page_of(
    url: &str,
    html: Option<&Bound<'_, PyAny>>,
    text: Option<&Bound<'_, PyAny>>,
    site: Option<String>,
    fetched_at: Option<i64>,
    charset: Option<String>,
) -> PyResult<PageInput> {
    if url.trim().is_empty() {
        return Err(InvalidInput::new_err("url: is empty"));
    }
    let mut page = match (html, text) {
        (Some(h), None) => PageInput::html(url, body_of(h, "html")?),
        (None, Some(t)) => PageInput::text(url, body_of(t, "text")?),
        (Some(_), Some(_)) => return Err(InvalidInput::new_err(format!("{url}: give one of html and text, not both"))),
        (None, None) => return Err(InvalidInput::new_err(format!("{url}: a page needs html or text"))),
    };
    page.site = site;
    page.fetched_at = fetched_at;
    page.charset = charset;
    Ok(page)
}

/// A page from a dict with the keys of a crawl's JSONL line.
fn page_of_dict(d: &Bound<'_, PyAny>) -> PyResult<PageInput> {
    let d = d.downcast::<PyDict>().map_err(|_| PyTypeError::new_err("each page must be a dict"))?;
    let get = |k: &str| -> PyResult<Option<Bound<'_, PyAny>>> { Ok(d.get_item(k)?.filter(|v| !v.is_none())) };
    let url: String = match get("url")? {
        Some(u) => u.extract().map_err(|_| PyTypeError::new_err("url must be a str"))?,
        None => return Err(InvalidInput::new_err("a page needs a url")),
    };
    let string = |k: &str| -> PyResult<Option<String>> {
        get(k)?
            .map(|v| v.extract::<String>().map_err(|_| PyTypeError::new_err(format!("{k} must be a str"))))
            .transpose()
    };
    let fetched_at = seconds(get("fetched_at")?.as_ref(), &url)?;
    page_of(&url, get("html")?.as_ref(), get("text")?.as_ref(), string("site")?, fetched_at, string("charset")?)
}

/// A fetch time as a crawl's JSONL line has it: Unix seconds, or an RFC 3339 time.
fn seconds(v: Option<&Bound<'_, PyAny>>, url: &str) -> PyResult<Option<i64>> {
    match v {
        None => Ok(None),
        Some(v) if v.is_none() => Ok(None),
        Some(v) if v.is_instance_of::<PyString>() => {
            let t: String = v.extract()?;
            Ok(Some(ddb::input::parse_time(&t).ok_or_else(|| {
                InvalidInput::new_err(format!("{url}: fetched_at {t:?} is neither Unix seconds nor an RFC 3339 time"))
            })?))
        }
        Some(v) => {
            Ok(Some(v.extract::<i64>().map_err(|_| PyTypeError::new_err("fetched_at must be an int or a str"))?))
        }
    }
}

/// A dedupdb index on disk: add pages, ask about pages, compact.
///
/// ``Index(path)`` opens the index at ``path``, creating it when it is not there, and takes its
/// writer lock (``IndexLocked`` when another process holds it); ``read_only=True`` takes no lock
/// and answers queries only. Use it as a context manager, or call ``close()``.
#[pyclass(module = "dedupdb")]
struct Index {
    db: Db,
    reader: Reader,
    writer: Mutex<Option<Writer>>,
    read_only: bool,
}

const BATCH: usize = 256;

impl Index {
    fn with_writer<T>(&self, f: impl FnOnce(&mut Writer) -> ddb::Result<T>) -> PyResult<T> {
        let mut w = self.writer.lock().unwrap_or_else(|p| p.into_inner());
        match w.as_mut() {
            Some(w) => f(w).map_err(py_err),
            None if self.read_only => Err(Error::new_err(format!("{}: opened read-only", self.db.path().display()))),
            None => Err(Error::new_err(format!("{}: the index is closed", self.db.path().display()))),
        }
    }
}

#[pymethods]
impl Index {
    #[new]
    #[pyo3(signature = (path, read_only = false))]
    fn new(py: Python<'_>, path: std::path::PathBuf, read_only: bool) -> PyResult<Index> {
        py.allow_threads(|| {
            let db = if read_only { Db::open_existing(&path)? } else { Db::open(&path)? };
            let writer = if read_only { None } else { Some(db.writer()?) };
            let reader = db.reader()?;
            Ok(Index { db, reader, writer: Mutex::new(writer), read_only })
        })
        .map_err(py_err)
    }

    /// Answers the page, then stores it (durably), as ``dedupdb ingest`` does for one page.
    #[pyo3(signature = (url, html = None, text = None, site = None, fetched_at = None, charset = None))]
    fn add(
        &self,
        py: Python<'_>,
        url: &str,
        html: Option<&Bound<'_, PyAny>>,
        text: Option<&Bound<'_, PyAny>>,
        site: Option<String>,
        fetched_at: Option<&Bound<'_, PyAny>>,
        charset: Option<String>,
    ) -> PyResult<Answer> {
        let page = page_of(url, html, text, site, seconds(fetched_at, url)?, charset)?;
        let a = py.allow_threads(|| {
            self.with_writer(|w| {
                let a = w.add(&page)?;
                w.commit()?;
                Ok(a)
            })
        })?;
        Ok(Answer::from(&a))
    }

    /// Answers the page against the index, as ``dedupdb query`` does; nothing is stored.
    #[pyo3(signature = (url, html = None, text = None, site = None, fetched_at = None, charset = None))]
    fn query(
        &self,
        py: Python<'_>,
        url: &str,
        html: Option<&Bound<'_, PyAny>>,
        text: Option<&Bound<'_, PyAny>>,
        site: Option<String>,
        fetched_at: Option<&Bound<'_, PyAny>>,
        charset: Option<String>,
    ) -> PyResult<Answer> {
        let page = page_of(url, html, text, site, seconds(fetched_at, url)?, charset)?;
        let a = py.allow_threads(|| self.reader.query(&page)).map_err(py_err)?;
        Ok(Answer::from(&a))
    }

    /// Answers and stores every page of ``pages`` (dicts with url, html or text, and optionally
    /// site, fetched_at, charset), in order, yielding each answer once it is durable. Pages are
    /// taken in batches and analyzed on all cores (or ``threads``) with the GIL released; the
    /// answers are those of adding them one by one.
    #[pyo3(signature = (pages, threads = None))]
    fn ingest(slf: Bound<'_, Self>, pages: &Bound<'_, PyAny>, threads: Option<usize>) -> PyResult<Ingest> {
        let pool = match threads {
            Some(n) => Some(rayon_pool(n).map_err(|e| Error::new_err(format!("cannot start {n} threads: {e}")))?),
            None => None,
        };
        Ok(Ingest { index: slf.unbind(), pages: pages.try_iter()?.unbind(), ready: VecDeque::new(), done: false, pool })
    }

    /// Answers and stores every page of the JSONL, WARC and WARC.gz files and directories of
    /// .html files in ``paths``, as ``dedupdb ingest`` reads them; returns the answers in order.
    fn ingest_paths(&self, py: Python<'_>, paths: Vec<std::path::PathBuf>) -> PyResult<Vec<Answer>> {
        let inputs: Vec<String> = paths.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        let answers = py.allow_threads(|| {
            self.with_writer(|w| {
                let mut out = Vec::new();
                w.ingest(&inputs, &RunOptions::default(), |a| {
                    out.push(Answer::from(a));
                    Ok(())
                })?;
                Ok(out)
            })
        })?;
        Ok(answers)
    }

    /// Writes the pages held in memory out as a segment.
    fn flush(&self, py: Python<'_>) -> PyResult<()> {
        py.allow_threads(|| self.with_writer(|w| w.flush()))
    }

    /// Merges every segment into one, dropping replaced pages and pruning template and spam keys;
    /// returns what it did.
    fn compact<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let stats = py.allow_threads(|| self.with_writer(|w| w.compact(false)))?;
        json_loads(py, &serde_json::to_string(&stats).unwrap_or_default())
    }

    /// Pages, segments, bytes and pruned keys of the index as it is now.
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let stats = py.allow_threads(|| self.reader.stats()).map_err(py_err)?;
        json_loads(py, &serde_json::to_string(&stats).unwrap_or_default())
    }

    /// Every stored page as (url, cluster, doc_id), in doc-id order.
    fn clusters(&self, py: Python<'_>) -> PyResult<Vec<(String, u32, u32)>> {
        py.allow_threads(|| {
            let mut out = Vec::new();
            self.reader.for_each_page(|doc_id, url, cluster| {
                out.push((url.to_owned(), cluster, doc_id));
                Ok(())
            })?;
            Ok(out)
        })
        .map_err(py_err)
    }

    /// Commits, finishes background work and lets go of the lock. The index is unusable after.
    fn close(&self, py: Python<'_>) -> PyResult<()> {
        let writer = self.writer.lock().unwrap_or_else(|p| p.into_inner()).take();
        match writer {
            Some(w) => py.allow_threads(|| w.close()).map_err(py_err),
            None => Ok(()),
        }
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, py: Python<'_>, _args: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<bool> {
        self.close(py)?;
        Ok(false)
    }

    fn __repr__(&self) -> String {
        format!("Index({:?}, read_only={})", self.db.path().display().to_string(), self.read_only)
    }
}

fn rayon_pool(n: usize) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new().num_threads(n.max(1)).build()
}

/// The answers of ``Index.ingest``, batch by batch.
#[pyclass(module = "dedupdb")]
struct Ingest {
    index: Py<Index>,
    pages: Py<pyo3::types::PyIterator>,
    ready: VecDeque<Answer>,
    done: bool,
    pool: Option<rayon::ThreadPool>,
}

#[pymethods]
impl Ingest {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Answer>> {
        if self.ready.is_empty() && !self.done {
            let mut batch = Vec::with_capacity(BATCH);
            let pages = self.pages.bind(py).clone();
            for item in pages {
                batch.push(page_of_dict(&item?)?);
                if batch.len() == BATCH {
                    break;
                }
            }
            if batch.len() < BATCH {
                self.done = true;
            }
            if !batch.is_empty() {
                let guard = self.index.bind(py).borrow();
                let index: &Index = &guard;
                let pool = self.pool.as_ref();
                let answers = py.allow_threads(|| {
                    let run = || {
                        index.with_writer(|w| {
                            let answers = w.add_batch(&batch)?;
                            w.commit()?;
                            Ok(answers)
                        })
                    };
                    match pool {
                        Some(p) => p.install(run),
                        None => run(),
                    }
                })?;
                self.ready.extend(answers.iter().map(Answer::from));
            }
        }
        Ok(self.ready.pop_front())
    }
}

/// Text of a page argument of ``compare`` and ``analyze``: a str or bytes of HTML.
fn analyze_arg(v: &Bound<'_, PyAny>, name: &str, params: &Params) -> PyResult<Page> {
    let bytes = body_of(v, name)?;
    Ok(Page::analyze(Body::Html { bytes: &bytes, charset: None }, params))
}

/// The relation of page ``a`` to page ``b`` (HTML as str or bytes), as ``dedupdb compare --json``
/// gives it; with ``explain``, also the blocks kept and left out and the aligned regions.
#[pyfunction]
#[pyo3(signature = (a, b, explain = false))]
fn compare<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    explain: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let params = Params::default();
    let (pa, pb) = (analyze_arg(a, "a", &params)?, analyze_arg(b, "b", &params)?);
    let v = py.allow_threads(|| {
        let cmp = ddb::compare(&pa, &pb, &params);
        comparison_json(("a", &pa), ("b", &pb), &cmp, explain)
    });
    json_loads(py, &v.to_string())
}

/// What dedupdb reads in a page: its title, main text and keys.
#[pyfunction]
#[pyo3(signature = (html, url = None))]
fn analyze<'py>(py: Python<'py>, html: &Bound<'py, PyAny>, url: Option<String>) -> PyResult<Bound<'py, PyDict>> {
    let params = Params::default();
    let p = analyze_arg(html, "html", &params)?;
    let d = PyDict::new(py);
    d.set_item("url", url)?;
    d.set_item("title", p.title())?;
    d.set_item("main_text", &p.main_text)?;
    d.set_item("chars", p.norm.chars.len())?;
    d.set_item("period_features", PyList::new(py, &p.features.period)?)?;
    d.set_item("fingerprints", PyList::new(py, &p.features.fingerprints)?)?;
    d.set_item("exact", p.features.exact)?;
    Ok(d)
}

/// dedupdb: a near-duplicate index for web pages, Chinese first.
#[pymodule]
fn dedupdb(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Index>()?;
    m.add_class::<Answer>()?;
    m.add_class::<Match>()?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add("Error", py.get_type::<Error>())?;
    m.add("IndexLocked", py.get_type::<IndexLocked>())?;
    m.add("CorruptIndex", py.get_type::<CorruptIndex>())?;
    m.add("InvalidInput", py.get_type::<InvalidInput>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
