//! Counters and latency histograms for `GET /metrics`, in the Prometheus text format.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::time::Duration;

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0];

#[derive(Default)]
struct Endpoint {
    /// Requests by status code.
    by_status: BTreeMap<u16, u64>,
    /// Requests at or under each bucket's bound (cumulative when printed).
    buckets: [u64; BUCKETS.len()],
    count: u64,
    seconds: f64,
}

#[derive(Default)]
struct Inner {
    endpoints: BTreeMap<&'static str, Endpoint>,
    /// Answers by verdict, per endpoint kind ("query", "ingest").
    verdicts: BTreeMap<(&'static str, &'static str), u64>,
}

/// The service's counters.
#[derive(Default)]
pub(crate) struct Metrics {
    inner: Mutex<Inner>,
}

impl Metrics {
    /// Counts one request to `endpoint`.
    pub fn request(&self, endpoint: &'static str, status: u16, took: Duration) {
        let mut m = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let e = m.endpoints.entry(endpoint).or_default();
        *e.by_status.entry(status).or_default() += 1;
        let s = took.as_secs_f64();
        if let Some(i) = BUCKETS.iter().position(|&b| s <= b) {
            e.buckets[i] += 1;
        }
        e.count += 1;
        e.seconds += s;
    }

    /// Counts the answers of a query or ingest.
    pub fn verdicts<'a>(&self, kind: &'static str, verdicts: impl Iterator<Item = &'a dedupdb::Verdict>) {
        let mut m = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        for v in verdicts {
            *m.verdicts.entry((kind, v.as_str())).or_default() += 1;
        }
    }

    /// The Prometheus text exposition, with the index's gauges.
    pub fn render(&self, stats: Option<&dedupdb::db::Stats>) -> String {
        let m = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let mut out = String::new();
        let _ = writeln!(out, "# HELP dedupdb_http_requests_total HTTP requests by endpoint and status.");
        let _ = writeln!(out, "# TYPE dedupdb_http_requests_total counter");
        for (name, e) in &m.endpoints {
            for (status, n) in &e.by_status {
                let _ = writeln!(out, "dedupdb_http_requests_total{{endpoint=\"{name}\",status=\"{status}\"}} {n}");
            }
        }
        let _ = writeln!(out, "# HELP dedupdb_http_request_seconds Request latency by endpoint.");
        let _ = writeln!(out, "# TYPE dedupdb_http_request_seconds histogram");
        for (name, e) in &m.endpoints {
            let mut cumulative = 0;
            for (bound, n) in BUCKETS.iter().zip(e.buckets) {
                cumulative += n;
                let _ = writeln!(
                    out,
                    "dedupdb_http_request_seconds_bucket{{endpoint=\"{name}\",le=\"{bound}\"}} {cumulative}"
                );
            }
            let _ = writeln!(out, "dedupdb_http_request_seconds_bucket{{endpoint=\"{name}\",le=\"+Inf\"}} {}", e.count);
            let _ = writeln!(out, "dedupdb_http_request_seconds_sum{{endpoint=\"{name}\"}} {}", e.seconds);
            let _ = writeln!(out, "dedupdb_http_request_seconds_count{{endpoint=\"{name}\"}} {}", e.count);
        }
        let _ = writeln!(out, "# HELP dedupdb_pages_total Pages answered, by endpoint kind and verdict.");
        let _ = writeln!(out, "# TYPE dedupdb_pages_total counter");
        for ((kind, verdict), n) in &m.verdicts {
            let _ = writeln!(out, "dedupdb_pages_total{{kind=\"{kind}\",verdict=\"{verdict}\"}} {n}");
        }
        if let Some(s) = stats {
            for (name, help, v) in [
                ("dedupdb_live_docs", "Pages stored and not replaced.", s.live_docs),
                ("dedupdb_segments", "Live segments.", s.segments as u64),
                ("dedupdb_memtable_docs", "Pages not yet in a segment.", s.memtable_docs),
                ("dedupdb_pruned_keys", "Keys pruned as template or spam.", s.pruned_keys as u64),
                ("dedupdb_segment_bytes", "Bytes of the segment files.", s.segment_bytes),
            ] {
                let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {v}");
            }
        }
        out
    }
}
