//! The one writer, on a thread of its own: ingest requests queue for it, and each time it is
//! free it takes every request waiting as one batch (their pages in arrival order), adds them,
//! commits once and answers each request. A request is answered only after the commit: a 200
//! means the pages are durable.

use std::sync::mpsc;

use anyhow::Result;
use dedupdb::db::AnalyzedPage;
use dedupdb::{Answer, Writer};
use tokio::sync::oneshot;

/// Pages taken into one batch at most (more requests wait for the next).
const GROUP_PAGES: usize = 4096;

/// One ingest request.
struct Job {
    pages: Vec<AnalyzedPage>,
    reply: oneshot::Sender<Result<Vec<Answer>, String>>,
}

/// Sends requests to the writer thread.
#[derive(Clone)]
pub(crate) struct Handle {
    tx: mpsc::Sender<Job>,
}

impl Handle {
    /// Adds `pages` in order, answering each once it is durable.
    pub async fn ingest(&self, pages: Vec<AnalyzedPage>) -> Result<Vec<Answer>, String> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(Job { pages, reply }).map_err(|_| "the writer has stopped".to_string())?;
        answer.await.map_err(|_| "the writer stopped before answering".to_string())?
    }
}

/// Starts the writer thread; it ends, committing and closing the writer, once every [`Handle`]
/// is dropped.
pub(crate) fn start(writer: Writer) -> Result<(Handle, std::thread::JoinHandle<Result<()>>)> {
    let (tx, rx) = mpsc::channel::<Job>();
    let thread = std::thread::Builder::new().name("dedupdb-writer".into()).spawn(move || run(writer, rx))?;
    Ok((Handle { tx }, thread))
}

fn run(mut writer: Writer, rx: mpsc::Receiver<Job>) -> Result<()> {
    while let Ok(first) = rx.recv() {
        let mut jobs = vec![first];
        let mut pages = jobs[0].pages.len();
        while pages < GROUP_PAGES {
            match rx.try_recv() {
                Ok(job) => {
                    pages += job.pages.len();
                    jobs.push(job);
                }
                Err(_) => break,
            }
        }
        let lens: Vec<usize> = jobs.iter().map(|j| j.pages.len()).collect();
        let all: Vec<AnalyzedPage> = jobs.iter_mut().flat_map(|j| std::mem::take(&mut j.pages)).collect();
        let outcome = writer.add_analyzed_batch(all).and_then(|answers| writer.commit().map(|()| answers));
        match outcome {
            Ok(answers) => {
                let mut answers = answers.into_iter();
                for (job, n) in jobs.into_iter().zip(lens) {
                    let mine: Vec<Answer> = answers.by_ref().take(n).collect();
                    let _ = job.reply.send(Ok(mine));
                }
            }
            Err(e) => {
                // Nothing of this batch is acknowledged; what was committed before is safe.
                tracing::error!(error = %e, "ingest failed");
                for job in jobs {
                    let _ = job.reply.send(Err(e.to_string()));
                }
            }
        }
    }
    writer.close()?;
    Ok(())
}
