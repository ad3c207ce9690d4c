//! `dedupdb serve`: the index as an HTTP service, on the library's `Db`, `Reader` and `Writer`.
//!
//! Queries run on a pool of blocking threads, each on the reader's current snapshot, so they never
//! wait for the writer. Ingests go to the one writer's thread ([`writer`]), which takes every
//! request waiting when it is free as one batch: one commit (one fsync) answers them all.

mod api;
mod explain;
mod metrics;
mod openapi;
mod writer;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};
use clap::Args;
use dedupdb::Db;

use crate::cli::ingest::DEFAULT_DB;

/// Serve the index over HTTP: crawlers query it and feed it while it runs.
///
/// JSON in and out, under /v1 (GET /openapi.json describes every endpoint):
///   POST /v1/query     {"url", "html"|"text", "site"?, "fetched_at"?, "charset"?} or
///                      {"pages": [...]}: the answers `dedupdb query --json` gives, nothing stored
///   POST /v1/ingest    the same bodies: each page answered and stored as `dedupdb ingest` does;
///                      the 200 comes once the pages are durable
///   GET  /v1/pages?url=U        the stored page (doc id, site, cluster, text), 404 if none
///   GET  /v1/clusters/{id}      a cluster's members (?offset=&limit=)
///   POST /v1/compare  {"a": PAGE, "b": PAGE}: `dedupdb compare --json --explain` of the two
///   GET  /explain?a=URL&b=URL   two stored pages side by side, aligned text marked (HTML)
///   GET  /v1/stats              pages, segments, bytes; GET /metrics: Prometheus text
///   GET  /healthz               200 while the index is open
///
/// Errors are JSON: {"error": {"status", "field"?, "message"}}. Write endpoints need
/// `Authorization: Bearer TOKEN` when --token-file is given. SIGTERM or Ctrl-C stops accepting,
/// finishes what is in flight, commits and exits 0.
///
/// Examples:
///   dedupdb serve --db /data/dedup.db --listen 127.0.0.1:7700
///   curl -s localhost:7700/v1/query -d '{"url": "https://a.cn/1", "html": "<p>...</p>"}'
///   curl -s localhost:7700/v1/ingest -H 'Authorization: Bearer s3cret' -d @page.json
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct ServeArgs {
    /// Index directory (created if missing, unless --read-only).
    #[arg(long, default_value = DEFAULT_DB)]
    pub db: PathBuf,
    /// Address to listen on; port 0 picks a free one (the address is printed on stdout).
    #[arg(long, default_value = "127.0.0.1:7700")]
    pub listen: SocketAddr,
    /// Answer queries only: no writer, no lock; another process may ingest meanwhile.
    #[arg(long)]
    pub read_only: bool,
    /// A file holding the bearer token that write endpoints require.
    #[arg(long, value_name = "FILE")]
    pub token_file: Option<PathBuf>,
    /// Largest request body, in MiB.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub max_body_mb: u64,
    /// Most pages in one request.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub max_batch: u64,
    /// List at most N earlier pages per page.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub max_matches: u64,
    /// Write the memtable out as a segment whenever it holds this many pages (for tests and
    /// tuning; default 50,000).
    #[arg(long, hide = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub flush_docs: Option<u64>,
}

/// What every handler shares.
pub(crate) struct State {
    pub reader: dedupdb::Reader,
    /// None with --read-only.
    pub writer: Option<writer::Handle>,
    pub token: Option<String>,
    pub max_batch: usize,
    pub metrics: metrics::Metrics,
}

pub fn run(args: &ServeArgs) -> Result<()> {
    let token = match &args.token_file {
        Some(f) => {
            let t = std::fs::read_to_string(f).with_context(|| format!("{}: cannot read the token", f.display()))?;
            let t = t.trim().to_owned();
            anyhow::ensure!(!t.is_empty(), "{}: the token file is empty", f.display());
            Some(t)
        }
        None => None,
    };
    if token.is_none() && !args.read_only && !args.listen.ip().is_loopback() {
        tracing::warn!(listen = %args.listen, "listening beyond loopback without --token-file: anyone who reaches it can write");
        eprintln!("dedupdb: warning: {} is reachable from other machines and has no --token-file", args.listen);
    }
    let mut builder = Db::builder().max_matches(args.max_matches as usize);
    if let Some(n) = args.flush_docs {
        builder = builder.flush_docs(usize::try_from(n).unwrap_or(usize::MAX));
    }
    let db = if args.read_only { builder.open_existing(&args.db)? } else { builder.open(&args.db)? };
    let (writer, writer_thread) = if args.read_only {
        (None, None)
    } else {
        let (handle, thread) = writer::start(db.writer()?)?;
        (Some(handle), Some(thread))
    };
    if args.read_only {
        refresh_in_background(db.clone());
    }
    let state = Arc::new(State {
        reader: db.reader()?,
        writer,
        token,
        max_batch: args.max_batch as usize,
        metrics: metrics::Metrics::default(),
    });
    let app = api::router(Arc::clone(&state), (args.max_body_mb as usize) << 20);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("dedupdb-http")
        .build()
        .context("starting the HTTP runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.listen)
            .await
            .with_context(|| format!("{}: cannot listen", args.listen))?;
        let local = listener.local_addr().context("the listening address")?;
        // Scripts and tests read the address (port 0 picks one) from this line.
        println!("listening on http://{local}");
        tracing::info!(%local, db = %args.db.display(), read_only = args.read_only, "serving");
        axum::serve(listener, app).with_graceful_shutdown(shutdown()).await.context("serving HTTP")
    })?;
    // Requests in flight are answered; the writer commits what it holds and lets go of the lock.
    drop(state);
    if let Some(thread) = writer_thread {
        thread.join().map_err(|_| anyhow::anyhow!("the writer thread panicked"))??;
    }
    tracing::info!("stopped");
    Ok(())
}

/// A read-only server's snapshot follows what another process writes: every second, when the
/// manifest or the WAL has changed on disk, the index is read again (queries in flight keep the
/// snapshot they started on).
fn refresh_in_background(db: Db) {
    let fingerprint = |dir: &std::path::Path| -> Vec<(std::ffi::OsString, u64, Option<std::time::SystemTime>)> {
        let mut seen = Vec::new();
        for d in [dir.to_path_buf(), dir.join("wal")] {
            let Ok(entries) = std::fs::read_dir(&d) else { continue };
            for e in entries.flatten() {
                if let Ok(m) = e.metadata() {
                    if m.is_file() {
                        seen.push((e.file_name(), m.len(), m.modified().ok()));
                    }
                }
            }
        }
        seen.sort();
        seen
    };
    let spawned = std::thread::Builder::new().name("dedupdb-refresh".into()).spawn(move || {
        let mut last = fingerprint(db.path());
        loop {
            std::thread::sleep(std::time::Duration::from_secs(1));
            let now = fingerprint(db.path());
            if now != last {
                match db.reader() {
                    Ok(_) => last = now,
                    Err(e) => {
                        tracing::warn!(error = %e, "cannot read the index again; answering from the last snapshot")
                    }
                }
            }
        }
    });
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "cannot start the refresh thread; the snapshot stays as opened");
    }
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
    tracing::info!("stopping: finishing the requests in flight");
}
