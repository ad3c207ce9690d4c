//! What the maintenance tools (`ddtool verify`, `inspect`, `compact`, `rebuild-catalog`) need of
//! the storage engine, and nothing more: the engine itself ([`crate::store`]) is not a public API.

pub use crate::store::format::{KeyKind, SectionKind};
pub use crate::store::{
    rebuild_catalog, verify, CatalogRebuild, CompactStats, Corrupt, Index, PrunePolicy, StoreError, VerifyReport,
};
