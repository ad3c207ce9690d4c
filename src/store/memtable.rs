//! Inserts not yet in a segment, indexed in memory. Rebuilt from the WAL on open.

use rustc_hash::{FxHashMap, FxHashSet};

use super::doc::DocRecord;
use super::format::{url_hash, KeyKind};

/// Doc ids of one key. Most keys of a memtable belong to one page: those cost no allocation
/// (inserting and dropping ~200 small vectors per page was a tenth of ingest time).
#[derive(Debug, Clone)]
enum Ids {
    One(u32),
    Many(Vec<u32>),
}

impl Ids {
    fn push(&mut self, d: u32) {
        match self {
            Ids::One(first) => *self = Ids::Many(vec![*first, d]),
            Ids::Many(v) => v.push(d),
        }
    }

    fn as_slice(&self) -> &[u32] {
        match self {
            Ids::One(d) => std::slice::from_ref(d),
            Ids::Many(v) => v,
        }
    }
}

/// The in-memory part of the index. Keys are xxh3 hashes already, so a fast non-keyed hasher
/// spreads them well.
#[derive(Debug, Default)]
pub struct Memtable {
    /// In doc-id order (ids increase with every insert).
    docs: Vec<DocRecord>,
    postings: [FxHashMap<u64, Ids>; 3],
    urls: FxHashMap<u64, Ids>,
    deletes: Vec<u32>,
    deleted: FxHashSet<u32>,
    text_bytes: usize,
}

impl Memtable {
    /// Adds a document (doc ids must increase).
    pub fn insert(&mut self, doc: DocRecord) {
        let d = doc.doc_id;
        for kind in KeyKind::ALL {
            let map = &mut self.postings[kind as usize];
            map.reserve(doc.keys(kind).len());
            for &k in doc.keys(kind) {
                map.entry(k).and_modify(|ids| ids.push(d)).or_insert(Ids::One(d));
            }
        }
        self.urls.entry(url_hash(&doc.url)).and_modify(|ids| ids.push(d)).or_insert(Ids::One(d));
        if let Some(old) = doc.replaces {
            if self.deleted.insert(old) {
                self.deletes.push(old);
            }
        }
        self.text_bytes += doc.text.len();
        self.docs.push(doc);
    }

    /// Reserves room for as many documents and keys as `other` holds.
    pub fn reserve_like(&mut self, other: &Memtable) {
        for (mine, theirs) in self.postings.iter_mut().zip(&other.postings) {
            mine.reserve(theirs.len());
        }
        self.urls.reserve(other.urls.len());
        self.docs.reserve(other.docs.len());
    }

    /// Documents, in doc-id order.
    pub fn docs(&self) -> &[DocRecord] {
        &self.docs
    }

    /// A document by id.
    pub fn get(&self, doc_id: u32) -> Option<&DocRecord> {
        self.docs.binary_search_by_key(&doc_id, |d| d.doc_id).ok().map(|i| &self.docs[i])
    }

    /// Doc ids holding a key.
    pub fn postings(&self, kind: KeyKind, key: u64) -> &[u32] {
        self.postings[kind as usize].get(&key).map_or(&[], Ids::as_slice)
    }

    /// Doc ids whose URL hashes to `hash`, oldest first.
    pub fn docs_with_url_hash(&self, hash: u64) -> &[u32] {
        self.urls.get(&hash).map_or(&[], Ids::as_slice)
    }

    /// True when an insert in the memtable replaced `doc_id`.
    pub fn deletes_doc(&self, doc_id: u32) -> bool {
        self.deleted.contains(&doc_id)
    }

    /// Doc ids replaced by inserts in the memtable, in order.
    pub fn deletes(&self) -> &[u32] {
        &self.deletes
    }

    /// Number of documents.
    pub fn len(&self) -> usize {
        self.docs.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.docs.is_empty()
    }

    /// Bytes of text held.
    pub fn text_bytes(&self) -> usize {
        self.text_bytes
    }

    /// One memtable holding the documents of `parts` (each part's doc ids above the one
    /// before's), as inserting them one by one into a new one would. A part no one else holds
    /// gives its documents up; a part a reader's snapshot still holds is copied.
    pub fn merged(parts: Vec<std::sync::Arc<Memtable>>) -> Memtable {
        let mut out = Memtable::default();
        out.docs.reserve(parts.iter().map(|p| p.len()).sum());
        for part in parts {
            match std::sync::Arc::try_unwrap(part) {
                Ok(part) => part.docs.into_iter().for_each(|d| out.insert(d)),
                Err(shared) => shared.docs.iter().for_each(|d| out.insert(d.clone())),
            }
        }
        out
    }

    /// Drops a flushed memtable. Freeing millions of small allocations took a fifth of a flush,
    /// so it is done on a short-lived thread of its own (in place if no thread can be started).
    pub fn drop_in_background(old: std::sync::Arc<Memtable>) {
        // If the thread cannot start, the closure, and `old` with it, is dropped right here.
        let _ = std::thread::Builder::new().name("memtable-drop".into()).spawn(move || drop(old));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::doc::{random_article, sample};

    #[test]
    fn a_memtable_reserved_like_another_takes_as_many_without_growing() {
        let docs: Vec<DocRecord> = (1..=40).map(|k| sample(k, &random_article(k, 0))).collect();
        let mut old = Memtable::default();
        for d in docs.iter().cloned() {
            old.insert(d);
        }
        let mut new = Memtable::default();
        new.reserve_like(&old);
        let capacities = |m: &Memtable| {
            let mut c: Vec<usize> = m.postings.iter().map(|p| p.capacity()).collect();
            c.extend([m.urls.capacity(), m.docs.capacity()]);
            c
        };
        let mut held: Vec<usize> = old.postings.iter().map(|p| p.len()).collect();
        held.extend([old.urls.len(), old.docs.len()]);
        let reserved = capacities(&new);
        for (mine, theirs) in reserved.iter().zip(&held) {
            assert!(mine >= theirs, "reserved {mine}, the old memtable holds {theirs}");
        }
        assert!(held.iter().filter(|&&n| n >= 40).count() >= 4, "too little held: {held:?}");
        // The same documents again (new ids): no table grows.
        for d in docs {
            new.insert(DocRecord { doc_id: d.doc_id + 100, ..d });
        }
        assert_eq!(capacities(&new), reserved);
        assert_eq!(new.postings(KeyKind::Exact, new.docs()[0].exact), &[101]);
    }
}
