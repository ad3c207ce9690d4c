//! The persistent index: immutable segments, a memtable backed by a write-ahead log, an atomic
//! manifest, a pruned-keys snapshot, and a small sled catalog. format-spec.md describes every byte.
//!
//! ```text
//! DB/
//!   MANIFEST            live segments, WAL generation, parameters (atomic rewrite)
//!   LOCK                the writer's OS lock
//!   pruned-<gen>.ddp    pruned keys snapshot (readers use it; the catalog has the details)
//!   catalog/            sled: sites, pruned keys with frequency and reason, counters
//!                       (rebuilt from the rest by `rebuild::rebuild_catalog` if sled refuses it)
//!   wal/wal-<gen>.log   inserts not yet in a segment
//!   segments/seg-<id>.ddb
//! ```

mod background;
pub mod bulk;
pub mod catalog;
mod check;
pub mod doc;
pub mod error;
pub mod format;
mod fsutil;
pub mod index;
pub mod manifest;
pub mod memtable;
pub mod pruned;
pub mod rebuild;
pub mod segment;
pub(crate) mod sigbus;
pub mod tiering;
mod view;
pub mod wal;

pub use check::{verify, VerifyReport};
pub use error::{Corrupt, Result, StoreError};
pub use index::{CompactStats, FlushPolicy, Index, NewDoc, Snapshot, UrlEntryInfo};
pub use pruned::PrunePolicy;
pub use rebuild::{rebuild_catalog, CatalogRebuild};
pub use tiering::MergePolicy;
pub use view::View;
pub(crate) use view::{DocRef, TextCache};
