//! Flushes and merges on threads of their own, while the writer goes on.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::error::{Result, StoreError};
use super::memtable::Memtable;
use super::pruned::PrunedSet;
use super::segment::{write_segment, Merged, Segment, TextCodec};

/// A merge running on its own thread while ingest goes on.
pub(super) struct PendingMerge {
    /// Ids of the input segments (adjacent, oldest first).
    pub(super) inputs: Vec<u64>,
    /// Id reserved for the output.
    pub(super) seg_id: u64,
    pub(super) cancel: Arc<AtomicBool>,
    pub(super) handle: Background<Merged>,
}

/// A flush writing the frozen memtable on its own thread while inserts go on into a new one.
pub(super) struct PendingFlush {
    /// Id reserved for the output.
    pub(super) seg_id: u64,
    /// The WAL generation created at the freeze: the oldest live one once the segment is
    /// published.
    pub(super) next_wal_gen: u64,
    pub(super) started: std::time::Instant,
    pub(super) handle: Background<PathBuf>,
}

/// What a flush writes.
pub(super) struct FlushInputs {
    pub(super) dir: PathBuf,
    pub(super) seg_id: u64,
    pub(super) frozen: Arc<Memtable>,
    pub(super) pruned: Arc<PrunedSet>,
    /// The segment whose codec (dictionary and character table) the flush starts from.
    pub(super) codec_seg: Option<Arc<Segment>>,
}

impl FlushInputs {
    pub(super) fn write(&self) -> Result<PathBuf> {
        let codec = match &self.codec_seg {
            Some(seg) => TextCodec::of(seg)?,
            None => TextCodec::default(),
        };
        let pruned = &self.pruned;
        write_segment(
            &self.dir,
            self.seg_id,
            self.frozen.docs(),
            self.frozen.deletes(),
            &|k, key| pruned.contains(k, key),
            &codec,
        )
    }
}

/// A flush or merge: on a thread of its own, or already done in the foreground when no thread
/// could be started (slower, never wrong).
pub(super) enum Background<T> {
    Thread(std::thread::JoinHandle<Result<T>>),
    Done(Result<T>),
}

impl<T: Send + 'static> Background<T> {
    pub(super) fn start<J: Fn() -> Result<T> + Send + Sync + 'static>(name: &str, job: J) -> Background<T> {
        let job = Arc::new(job);
        let on_thread = Arc::clone(&job);
        match std::thread::Builder::new().name(name.into()).spawn(move || on_thread()) {
            Ok(h) => Background::Thread(h),
            Err(e) => {
                tracing::warn!(thread = name, error = %e, "cannot start a thread; working in the foreground");
                Background::Done(job())
            }
        }
    }

    pub(super) fn is_finished(&self) -> bool {
        match self {
            Background::Thread(h) => h.is_finished(),
            Background::Done(_) => true,
        }
    }

    /// Waits for the result; `dir` names the index in the error of a thread that panicked.
    pub(super) fn join(self, dir: &Path) -> Result<T> {
        match self {
            Background::Thread(h) => h.join().map_err(|_| StoreError::Background { path: dir.to_path_buf() })?,
            Background::Done(r) => r,
        }
    }

    /// Waits for the thread, dropping its result (an unpublished output is garbage).
    pub(super) fn abandon(self) {
        if let Background::Thread(h) = self {
            let _ = h.join();
        }
    }
}
