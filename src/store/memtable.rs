//! Inserts not yet in a segment, indexed in memory. Rebuilt from the WAL on open.

use std::collections::{HashMap, HashSet};

use super::doc::DocRecord;
use super::format::{url_hash, KeyKind};

/// The in-memory part of the index.
#[derive(Debug, Default)]
pub struct Memtable {
    docs: Vec<DocRecord>,
    by_id: HashMap<u32, usize>,
    postings: [HashMap<u64, Vec<u32>>; 3],
    urls: HashMap<u64, Vec<u32>>,
    deletes: Vec<u32>,
    deleted: HashSet<u32>,
    text_bytes: usize,
}

impl Memtable {
    /// Adds a document (doc ids must increase).
    pub fn insert(&mut self, doc: DocRecord) {
        for kind in KeyKind::ALL {
            for &k in doc.keys(kind) {
                self.postings[kind as usize].entry(k).or_default().push(doc.doc_id);
            }
        }
        self.urls.entry(url_hash(&doc.url)).or_default().push(doc.doc_id);
        if let Some(old) = doc.replaces {
            if self.deleted.insert(old) {
                self.deletes.push(old);
            }
        }
        self.text_bytes += doc.text.len();
        self.by_id.insert(doc.doc_id, self.docs.len());
        self.docs.push(doc);
    }

    /// Documents, in doc-id order.
    pub fn docs(&self) -> &[DocRecord] {
        &self.docs
    }

    /// A document by id.
    pub fn get(&self, doc_id: u32) -> Option<&DocRecord> {
        self.by_id.get(&doc_id).map(|&i| &self.docs[i])
    }

    /// Doc ids holding a key.
    pub fn postings(&self, kind: KeyKind, key: u64) -> &[u32] {
        self.postings[kind as usize].get(&key).map_or(&[], Vec::as_slice)
    }

    /// Doc ids whose URL hashes to `hash`, oldest first.
    pub fn docs_with_url_hash(&self, hash: u64) -> &[u32] {
        self.urls.get(&hash).map_or(&[], Vec::as_slice)
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

    /// Empties it (after a flush).
    pub fn clear(&mut self) {
        *self = Memtable::default();
    }
}
