//! `import dedupdb`: the index and the comparison for Python, on the library's `Db`, `Reader` and
//! `Writer`. Work on pages runs with the GIL released; errors are Python exceptions, never a
//! panic through the boundary (PyO3 turns one into `PanicException`, and dedupdb contains its
//! own per page).

mod batch;

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use dedupdb::db::{comparison_json, RunOptions};
use dedupdb::error::StoreError;
use dedupdb::{Body, Db, Page, PageInput, Params, Reader, Writer};
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
fn py_err(e: dedupdb::Error) -> PyErr {
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
        dedupdb::Error::Input(_) => InvalidInput::new_err(message),
        dedupdb::Error::Open(dedupdb::error::OpenError::NotFound { .. }) => InvalidInput::new_err(message),
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

impl From<&dedupdb::Answer> for Answer {
    fn from(a: &dedupdb::Answer) -> Answer {
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
            Ok(Some(dedupdb::input::parse_time(&t).ok_or_else(|| {
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
///
/// ``add`` and ``ingest`` answer each page as ``dedupdb ingest`` does (is it new, a copy, a page
/// containing a known one, or contained in one?) and store it; ``query`` only answers. Queries
/// run on a snapshot, so any number of threads may ask at once, beside an ingest.
#[pyclass(module = "dedupdb")]
struct Index {
    db: Db,
    reader: Reader,
    slot: Arc<Slot>,
    read_only: bool,
}

/// The index's writer, and whether a streaming run has it now.
struct Slot {
    writer: Mutex<Option<Writer>>,
    /// An `ingest` or `ingest_paths` iterator has taken the writer to its run's thread.
    busy: AtomicBool,
}

impl Slot {
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Writer>> {
        self.writer.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Pages handed to an ingest run's thread ahead of it: a few batches, so that converting the
/// next pages (with the GIL) overlaps the run's work on the last ones.
const PAGES_AHEAD: usize = 1024;
/// Answers a run may have ready before the caller takes them: past that, the run waits.
const ANSWERS_AHEAD: usize = 1024;

impl Index {
    fn with_writer<T>(&self, f: impl FnOnce(&mut Writer) -> dedupdb::Result<T>) -> PyResult<T> {
        let mut w = self.slot.lock();
        match w.as_mut() {
            Some(w) => f(w).map_err(py_err),
            None => Err(self.no_writer()),
        }
    }

    /// Why there is no writer to use.
    fn no_writer(&self) -> PyErr {
        let path = self.db.path().display();
        if self.read_only {
            Error::new_err(format!("{path}: opened read-only"))
        } else if self.slot.busy.load(Ordering::Acquire) {
            Error::new_err(format!(
                "{path}: an ingest of this index is still running; exhaust its iterator (or delete it) first"
            ))
        } else {
            Error::new_err(format!("{path}: the index is closed"))
        }
    }

    /// Starts `work` on a thread of its own with the writer, which it gives back when done;
    /// its answers come through the returned iterator.
    fn start_run(
        &self,
        pool: Option<rayon::ThreadPool>,
        pages: Option<Py<pyo3::types::PyIterator>>,
        work: impl FnOnce(
                &mut Writer,
                &mut dyn FnMut(&dedupdb::Answer) -> std::io::Result<()>,
            ) -> dedupdb::Result<dedupdb::db::Summary>
            + Send
            + 'static,
    ) -> PyResult<Ingest> {
        let mut writer = self.slot.lock().take().ok_or_else(|| self.no_writer())?;
        self.slot.busy.store(true, Ordering::Release);
        let slot = Arc::clone(&self.slot);
        let stream = Stream::spawn("dedupdb-ingest", ANSWERS_AHEAD, move |tx| {
            let mut emit = |a: &dedupdb::Answer| {
                tx.send(Msg::Answer(Answer::from(a)))
                    .map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the iterator was dropped"))
            };
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match &pool {
                Some(p) => p.install(|| work(&mut writer, &mut emit)),
                None => work(&mut writer, &mut emit),
            }));
            match result {
                Ok(result) => {
                    // The writer goes back before the end is told, so the caller can use it at once.
                    *slot.lock() = Some(writer);
                    slot.busy.store(false, Ordering::Release);
                    let _ = tx.send(Msg::Done(result.map(|_| ())));
                }
                // A bug: the writer's memory may be half-updated, so it is dropped (what was
                // committed stays on disk) and the index is closed; the iterator tells of it.
                Err(_) => {
                    drop(writer);
                    slot.busy.store(false, Ordering::Release);
                }
            }
        })
        .inspect_err(|_| self.slot.busy.store(false, Ordering::Release))?;
        Ok(Ingest { pages, feed: None, pending: None, failed: None, answers: Some(stream) })
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
            let slot = Arc::new(Slot { writer: Mutex::new(writer), busy: AtomicBool::new(false) });
            Ok(Index { db, reader, slot, read_only })
        })
        .map_err(py_err)
    }

    /// Answers the page, then stores it durably, as ``dedupdb ingest`` does for one page: the
    /// same URL with the same content is ``skipped``; with new content it replaces the old.
    ///
    /// Give the page as ``html`` (str, or bytes in any charset) or ``text`` (every line a
    /// paragraph). ``site`` groups pages for the template rules (default: the URL's host);
    /// ``fetched_at`` is Unix seconds or an RFC 3339 time; ``charset`` is what the transport
    /// declared. For many pages, ``ingest`` is several times faster.
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

    /// Answers the page against the index, as ``dedupdb query`` does; nothing is stored. Takes
    /// the arguments of ``add``; safe to call from many threads at once.
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

    /// Answers and stores every page of ``pages``, an iterable of dicts with the keys of
    /// ``add`` (``url``, ``html`` or ``text``, and optionally ``site``, ``fetched_at``,
    /// ``charset``; others are ignored), yielding each answer, in input order, once it is
    /// durable. The answers are those of ``dedupdb ingest`` on the same pages.
    ///
    /// The run is ``dedupdb ingest``'s: pages are analyzed in batches on every core (or
    /// ``threads``) with the GIL released, while this thread converts the next ones. A page
    /// that is not a valid dict raises ``InvalidInput`` or ``TypeError`` after the answers of
    /// the pages before it. Until the iterator is exhausted or deleted, the index's other
    /// writing methods raise ``Error``; ``query`` works throughout.
    #[pyo3(signature = (pages, threads = None))]
    fn ingest(&self, pages: &Bound<'_, PyAny>, threads: Option<usize>) -> PyResult<Ingest> {
        let pool = pool_of(threads)?;
        let iter = pages.try_iter()?.unbind();
        let (feed, source) = std::sync::mpsc::sync_channel::<PageInput>(PAGES_AHEAD);
        let mut run = self.start_run(pool, Some(iter), move |w, emit| {
            w.ingest_pages(source.into_iter(), &RunOptions::default(), emit)
        })?;
        run.feed = Some(feed);
        Ok(run)
    }

    /// Answers and stores every page of ``paths``: JSONL (``.jsonl``, ``.jsonl.gz``), WARC
    /// (``.warc``, ``.warc.gz``) files and directories of ``.html`` files, read as
    /// ``dedupdb ingest`` reads them (a bad record is an ``error`` answer and the run goes on).
    /// Yields the answers in order, lazily: the run keeps only a few batches ahead of the
    /// caller. A path that does not exist raises ``InvalidInput`` at once.
    #[pyo3(signature = (paths, threads = None))]
    fn ingest_paths(&self, paths: &Bound<'_, PyAny>, threads: Option<usize>) -> PyResult<Ingest> {
        let paths: Vec<std::path::PathBuf> = if paths.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err("paths must be a list of paths, not one str"));
        } else {
            paths.extract()?
        };
        let mut inputs = Vec::with_capacity(paths.len());
        for p in &paths {
            if let Err(e) = std::fs::metadata(p) {
                return Err(InvalidInput::new_err(format!("{}: cannot read it: {e}", p.display())));
            }
            inputs.push(p.to_string_lossy().into_owned());
        }
        let pool = pool_of(threads)?;
        self.start_run(pool, None, move |w, emit| w.ingest(&inputs, &RunOptions::default(), emit))
    }

    /// Commits, then writes the pages held in memory out as a segment.
    fn flush(&self, py: Python<'_>) -> PyResult<()> {
        py.allow_threads(|| self.with_writer(|w| w.flush()))
    }

    /// Merges every segment into one, dropping replaced pages and pruning template and spam keys
    /// (keys on too many pages, or on too many pages of one site); returns what it did.
    fn compact<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let stats = py.allow_threads(|| self.with_writer(|w| w.compact(false)))?;
        json_loads(py, &serde_json::to_string(&stats).unwrap_or_default())
    }

    /// Pages, segments, bytes and pruned keys of the index as it is now, as the service's
    /// ``GET /v1/stats`` gives them.
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let stats = py.allow_threads(|| self.reader.stats()).map_err(py_err)?;
        json_loads(py, &serde_json::to_string(&stats).unwrap_or_default())
    }

    /// Every stored page as ``(url, cluster, doc_id)``, in doc-id order, read lazily from the
    /// snapshot of the moment of the call.
    fn clusters(&self) -> PyResult<Clusters> {
        let reader = self.reader.clone();
        let stream = Stream::spawn("dedupdb-clusters", 4, move |tx| {
            let mut chunk = Vec::with_capacity(CLUSTER_CHUNK);
            let broken = || std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the iterator was dropped");
            let walked = reader.for_each_page(|doc_id, url, cluster| {
                chunk.push((url.to_owned(), cluster, doc_id));
                if chunk.len() == CLUSTER_CHUNK {
                    let full = std::mem::replace(&mut chunk, Vec::with_capacity(CLUSTER_CHUNK));
                    tx.send(ClusterMsg::Rows(full)).map_err(|_| broken())?;
                }
                Ok(())
            });
            let _ = match walked {
                Ok(()) => tx.send(ClusterMsg::Rows(chunk)).and_then(|_| tx.send(ClusterMsg::Done(Ok(())))),
                Err(e) => tx.send(ClusterMsg::Done(Err(e))),
            };
        })?;
        Ok(Clusters { stream: Some(stream), rows: VecDeque::new() })
    }

    /// Commits, finishes background work and lets go of the lock. The index is unusable after.
    fn close(&self, py: Python<'_>) -> PyResult<()> {
        if self.slot.busy.load(Ordering::Acquire) {
            return Err(self.no_writer());
        }
        let writer = self.slot.lock().take();
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

fn pool_of(threads: Option<usize>) -> PyResult<Option<rayon::ThreadPool>> {
    match threads {
        Some(0) => Err(InvalidInput::new_err("threads: must be at least 1")),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(Some)
            .map_err(|e| Error::new_err(format!("cannot start {n} threads: {e}"))),
        None => Ok(None),
    }
}

/// A thread making items for a Python iterator, through a bounded channel.
struct Stream<T> {
    /// In a mutex only because a Python object must be `Sync`: only the iterator reads it, so
    /// it is never contended, and never poisoned (no panic while held).
    rx: Mutex<std::sync::mpsc::Receiver<T>>,
    thread: std::thread::JoinHandle<()>,
}

impl<T: Send + 'static> Stream<T> {
    /// Starts `make` on a thread named `name`, with room for `bound` items ahead of the reader.
    fn spawn(
        name: &str,
        bound: usize,
        make: impl FnOnce(std::sync::mpsc::SyncSender<T>) + Send + 'static,
    ) -> PyResult<Stream<T>> {
        let (tx, rx) = std::sync::mpsc::sync_channel::<T>(bound);
        let thread = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || make(tx))
            .map_err(|e| Error::new_err(format!("cannot start a thread: {e}")))?;
        Ok(Stream { rx: Mutex::new(rx), thread })
    }

    /// The next item, waiting for it with the GIL released; None once the thread has ended and
    /// every item is taken.
    fn next(&self, py: Python<'_>) -> Option<T> {
        let rx = || self.rx.lock().unwrap_or_else(|p| p.into_inner());
        // The guard of the first look is dropped before the wait, which takes it again.
        let first = rx().try_recv();
        match first {
            Ok(item) => Some(item),
            Err(std::sync::mpsc::TryRecvError::Empty) => py.allow_threads(|| rx().recv()).ok(),
            Err(std::sync::mpsc::TryRecvError::Disconnected) => None,
        }
    }

    /// Stops taking items (the thread's next send fails, which ends it) and waits for it.
    fn close(self, py: Python<'_>) {
        drop(self.rx);
        let thread = self.thread;
        py.allow_threads(|| {
            let _ = thread.join();
        });
    }
}

/// What an ingest run's thread tells its iterator.
enum Msg {
    Answer(Answer),
    Done(dedupdb::Result<()>),
}

/// The answers of ``Index.ingest`` and ``Index.ingest_paths``, in input order.
#[pyclass(module = "dedupdb")]
struct Ingest {
    /// The caller's pages not yet handed over; None for paths, or once they ran out.
    pages: Option<Py<pyo3::types::PyIterator>>,
    /// Where pages go to the run; closed (None) when there are no more.
    feed: Option<std::sync::mpsc::SyncSender<PageInput>>,
    /// A page taken from `pages` that the run had no room for yet.
    pending: Option<PageInput>,
    /// A bad page (or the caller's iterator raising): raised once the pages before it are answered.
    failed: Option<PyErr>,
    /// The run's answers; None once it ended.
    answers: Option<Stream<Msg>>,
}

impl Ingest {
    /// Hands pages to the run until it has no room or they run out.
    fn feed(&mut self, py: Python<'_>) {
        let Some(feed) = &self.feed else { return };
        loop {
            let page = match self.pending.take() {
                Some(p) => p,
                None => {
                    let next = self.pages.as_ref().map(|it| it.bind(py).clone()).and_then(|mut it| it.next());
                    match next.map(|item| item.and_then(|d| page_of_dict(&d))) {
                        Some(Ok(p)) => p,
                        Some(Err(e)) => {
                            self.failed = Some(e);
                            break;
                        }
                        None => break,
                    }
                }
            };
            match feed.try_send(page) {
                Ok(()) => {}
                Err(std::sync::mpsc::TrySendError::Full(p)) => {
                    self.pending = Some(p);
                    return;
                }
                // The run stopped (an error it will report).
                Err(std::sync::mpsc::TrySendError::Disconnected(_)) => break,
            }
        }
        // No more pages: the run ends after the last of them.
        self.pages = None;
        self.feed = None;
    }

    /// Lets the run end (when the iterator is dropped or done) and waits for its thread, which
    /// gives the writer back.
    fn finish(&mut self, py: Python<'_>) {
        self.pages = None;
        self.feed = None;
        self.pending = None;
        if let Some(answers) = self.answers.take() {
            answers.close(py);
        }
    }
}

#[pymethods]
impl Ingest {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Answer>> {
        // Feeding stops only when the run is full or the pages ran out, so waiting for an
        // answer here never waits for pages that only this thread could give.
        self.feed(py);
        let Some(answers) = &self.answers else { return Ok(None) };
        let msg = answers.next(py);
        match msg {
            Some(Msg::Answer(a)) => Ok(Some(a)),
            Some(Msg::Done(result)) => {
                self.finish(py);
                result.map_err(py_err)?;
                match self.failed.take() {
                    Some(e) => Err(e),
                    None => Ok(None),
                }
            }
            // The thread ended without saying so: a panic in the run (a bug).
            None => {
                self.finish(py);
                Err(Error::new_err("the ingest run stopped unexpectedly (a bug in dedupdb; please report it)"))
            }
        }
    }
}

impl Drop for Ingest {
    fn drop(&mut self) {
        Python::with_gil(|py| self.finish(py));
    }
}

/// Rows `clusters` sends at a time.
const CLUSTER_CHUNK: usize = 4096;

enum ClusterMsg {
    Rows(Vec<(String, u32, u32)>),
    Done(dedupdb::Result<()>),
}

/// The pages of ``Index.clusters``: ``(url, cluster, doc_id)``.
#[pyclass(module = "dedupdb")]
struct Clusters {
    /// The walk of the snapshot; None once it ended.
    stream: Option<Stream<ClusterMsg>>,
    rows: VecDeque<(String, u32, u32)>,
}

#[pymethods]
impl Clusters {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<(String, u32, u32)>> {
        loop {
            if let Some(row) = self.rows.pop_front() {
                return Ok(Some(row));
            }
            let Some(stream) = &self.stream else { return Ok(None) };
            match stream.next(py) {
                Some(ClusterMsg::Rows(rows)) => self.rows.extend(rows),
                Some(ClusterMsg::Done(result)) => {
                    if let Some(stream) = self.stream.take() {
                        stream.close(py);
                    }
                    result.map_err(py_err)?;
                }
                None => self.stream = None,
            }
        }
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
        let cmp = dedupdb::compare(&pa, &pb, &params);
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
fn _dedupdb(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Index>()?;
    m.add_class::<Answer>()?;
    m.add_class::<Match>()?;
    m.add_class::<Ingest>()?;
    m.add_class::<Clusters>()?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    batch::register(m)?;
    m.add("Error", py.get_type::<Error>())?;
    m.add("IndexLocked", py.get_type::<IndexLocked>())?;
    m.add("CorruptIndex", py.get_type::<CorruptIndex>())?;
    m.add("InvalidInput", py.get_type::<InvalidInput>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
