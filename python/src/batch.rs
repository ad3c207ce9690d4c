//! `dedupdb.batch`: the batch stages (`dedupdb::batch`) for an engine's executors. Records pass
//! between stages as `bytes`; report lines as `str` (JSON).

use std::path::PathBuf;
use std::sync::Mutex;

use dedupdb::batch::{self as stages, BatchError};
use dedupdb::error::StoreError;
use dedupdb::verify::Verifier;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::{CorruptIndex, Error, InvalidInput};

fn batch_err(e: BatchError) -> PyErr {
    let message = e.to_string();
    match e {
        BatchError::Bytes(_) | BatchError::Params(_) | BatchError::Input(_) => InvalidInput::new_err(message),
        BatchError::Store(StoreError::Corrupt(_)) => CorruptIndex::new_err(message),
        BatchError::Store(_) => Error::new_err(message),
    }
}

fn slices<'a>(list: &'a [Bound<'_, PyBytes>]) -> Vec<&'a [u8]> {
    list.iter().map(|b| b.as_bytes()).collect()
}

/// One analyzed record: (order, url, site, exact hash, page record or None, final report line
/// or None, location).
type Analyzed = (u64, Option<String>, String, u64, Option<Py<PyBytes>>, Option<String>, String);

/// The stages with one index's parameters.
#[pyclass(module = "dedupdb", name = "Batch")]
pub struct PyBatch {
    inner: stages::Batch,
    verifier: Mutex<Verifier>,
}

#[pymethods]
impl PyBatch {
    /// The stages with the default parameters, or `params` (a dict of parameter overrides,
    /// names as in src/params.rs).
    #[new]
    #[pyo3(signature = (params = None))]
    fn new(params: Option<&Bound<'_, PyDict>>) -> PyResult<PyBatch> {
        let mut overrides = Vec::new();
        if let Some(d) = params {
            let json = d.py().import("json")?;
            for (k, v) in d.iter() {
                let value: String = json.call_method1("dumps", (v,))?.extract()?;
                overrides.push(format!("{}={value}", k.str()?));
            }
        }
        Ok(PyBatch { inner: stages::Batch::new(&overrides).map_err(batch_err)?, verifier: Mutex::new(Verifier::default()) })
    }

    /// Reads one crawl file given whole (`name` tells its format: .jsonl, .warc, .gz) and
    /// analyzes its records; `file` is its place among the crawl's files.
    fn analyze(&self, py: Python<'_>, name: &str, data: &Bound<'_, PyBytes>, file: u32) -> PyResult<Vec<Analyzed>> {
        let bytes = data.as_bytes().to_vec();
        let out = py.allow_threads(|| self.inner.analyze(name, bytes, file)).map_err(batch_err)?;
        Ok(out
            .into_iter()
            .map(|a| {
                let record = a.record.map(|r| PyBytes::new(py, &r).unbind());
                (a.order, a.url, a.site, a.exact, record, a.answer, a.location)
            })
            .collect())
    }

    /// One key's holders (from `holder`) -> ([(doc id, row)], whether the key ends pruned,
    /// whether its rows depend on the holders' clusters).
    fn key_rows(
        &self,
        py: Python<'_>,
        kind: u8,
        key: u64,
        holders: Vec<Bound<'_, PyBytes>>,
    ) -> PyResult<(Vec<(u32, Py<PyBytes>)>, bool, bool)> {
        let (rows, pruned, dependent) = self.inner.key_rows(kind, key, &slices(&holders)).map_err(batch_err)?;
        Ok((rows.into_iter().map(|(d, r)| (d, PyBytes::new(py, &r).unbind())).collect(), pruned, dependent))
    }

    /// A page's record, its key rows and the records of `siblings` -> (ranking, doc ids whose
    /// records `judge` needs); or (None, doc ids whose records to pass as `siblings`).
    #[pyo3(signature = (record, rows, siblings = Vec::new()))]
    fn rank(
        &self,
        py: Python<'_>,
        record: &Bound<'_, PyBytes>,
        rows: Vec<Bound<'_, PyBytes>>,
        siblings: Vec<Bound<'_, PyBytes>>,
    ) -> PyResult<(Option<Py<PyBytes>>, Vec<u32>)> {
        let (ranked, needed) =
            self.inner.rank(record.as_bytes(), &slices(&rows), &slices(&siblings)).map_err(batch_err)?;
        Ok((ranked.map(|r| PyBytes::new(py, &r).unbind()), needed))
    }

    /// A page's record, its ranking and the needed records -> (report line without its cluster,
    /// doc id of the page whose cluster it joins, or None).
    fn judge(
        &self,
        py: Python<'_>,
        record: &Bound<'_, PyBytes>,
        ranked: &Bound<'_, PyBytes>,
        candidates: Vec<Bound<'_, PyBytes>>,
    ) -> PyResult<(String, Option<u32>)> {
        let (record, ranked, cands) = (record.as_bytes(), ranked.as_bytes(), slices(&candidates));
        py.allow_threads(|| {
            let mut v = self.verifier.lock().unwrap_or_else(|p| p.into_inner());
            self.inner.judge(&mut v, record, ranked, &cands)
        })
        .map_err(batch_err)
    }

    /// Writes segment `id` of a bulk load at `path` from (record, cluster) pairs in doc-id
    /// order, without postings of the `pruned` (kind, key) pairs -> (id, documents, bytes).
    fn write_segment(
        &self,
        py: Python<'_>,
        path: PathBuf,
        id: u64,
        records: Vec<(Bound<'_, PyBytes>, u32)>,
        pruned: Vec<(u8, u64)>,
    ) -> PyResult<(u64, u32, u64)> {
        let recs: Vec<(&[u8], u32)> = records.iter().map(|(b, c)| (b.as_bytes(), *c)).collect();
        py.allow_threads(|| stages::write_segment(&path, id, &recs, &pruned)).map_err(batch_err)
    }

    /// Makes the bulk load at `path` an index of `segments` (as `write_segment` returned them).
    fn finish_index(&self, py: Python<'_>, path: PathBuf, segments: Vec<(u64, u32, u64)>, pruned: Vec<(u8, u64)>) -> PyResult<()> {
        py.allow_threads(|| stages::finish_index(&path, &self.inner.params, &segments, &pruned)).map_err(batch_err)
    }
}

/// A page record with its doc id, site id and the doc id it replaces.
#[pyfunction]
#[pyo3(signature = (record, doc_id, site_id, replaces = None))]
fn assign<'py>(py: Python<'py>, record: &Bound<'py, PyBytes>, doc_id: u32, site_id: u32, replaces: Option<u32>) -> PyResult<Bound<'py, PyBytes>> {
    let out = stages::assign(record.as_bytes(), doc_id, site_id, replaces).map_err(batch_err)?;
    Ok(PyBytes::new(py, &out))
}

/// An assigned page's keys [(kind, key)] and its holder entry; `replaced_by`: the doc id of the
/// later version of its URL; `cluster`: the page's, once known.
#[pyfunction]
#[pyo3(signature = (record, replaced_by = None, cluster = None))]
fn holder<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyBytes>,
    replaced_by: Option<u32>,
    cluster: Option<u32>,
) -> PyResult<(Vec<(u8, u64)>, Bound<'py, PyBytes>)> {
    let (keys, h) = stages::holder(record.as_bytes(), replaced_by, cluster).map_err(batch_err)?;
    Ok((keys, PyBytes::new(py, &h)))
}

/// The report line of a page whose URL is already stored with the same text.
#[pyfunction]
fn unchanged_answer(url: &str, location: &str, doc_id: u32, cluster: u32) -> String {
    stages::unchanged_answer(url, location, doc_id, cluster)
}

/// Makes `path` ready for a bulk load: created; refused when it holds an index.
#[pyfunction]
fn prepare_index(path: PathBuf) -> PyResult<()> {
    stages::prepare_index(&path).map_err(batch_err)
}

/// Adds the batch stages to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBatch>()?;
    m.add_function(wrap_pyfunction!(assign, m)?)?;
    m.add_function(wrap_pyfunction!(holder, m)?)?;
    m.add_function(wrap_pyfunction!(unchanged_answer, m)?)?;
    m.add_function(wrap_pyfunction!(prepare_index, m)?)?;
    Ok(())
}
