//! The query's rules for a batch engine, which judges every page of a crawl at once instead of
//! one after another against a live index: each stage reads only what a shuffle brings it.
//!
//! * [`keys`]: one key's holders, in crawl order, become what each of them reads of that key
//!   (the holders before it, pruned or boilerplate as the index would have had it).
//! * [`rank`]: a page's key rows become its ranked candidates.
//! * [`judge`]: the page and its candidates' texts become its verified matches.
//!
//! What the index would know beyond a key's holders is not at hand; `docs/scale-out.md` lists
//! the rules this leaves out and what they change.

pub mod judge;
pub mod keys;
pub mod rank;

pub use judge::{judge, Judged};
pub use keys::{key_rows, Holder, KeyRow, HOLDER_BYTES, NEWEST_PASSED};
pub use rank::{rank, Ranked};
