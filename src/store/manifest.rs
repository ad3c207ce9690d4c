//! The manifest: which segments are live, which WAL is current, and the index's parameters.
//!
//! Rewritten whole and atomically (temporary file, fsync, rename) on every change, so a reader
//! needs no lock: it reads whichever complete version the rename left. Layout in format-spec.md.

use std::path::Path;

use super::error::{Result, StoreError};
use super::format::{MANIFEST_MAGIC, MANIFEST_VERSION};
use super::fsutil::write_atomic;
use crate::params::Params;

/// File name of the manifest in the index directory.
pub const MANIFEST_FILE: &str = "MANIFEST";

/// From this manifest version on, a parameter this code does not know is refused (it may be a
/// rule of how keys are made); older versions ignore it.
const UNKNOWN_PARAMS_REFUSED: u32 = 4;

/// The first parameter of the JSON object `json` that [`Params`] does not have.
fn unknown_parameter(json: &[u8]) -> Option<String> {
    let known = serde_json::to_value(Params::default()).ok()?;
    let given: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(json).ok()?;
    given.keys().find(|k| known.get(k.as_str()).is_none()).cloned()
}

/// A live segment as the manifest lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SegmentRef {
    /// Segment id (file `segments/seg-<id>.ddb`).
    pub id: u64,
    /// Documents in it.
    pub doc_count: u32,
    /// File size, checked on open.
    pub file_len: u64,
}

/// The manifest's content.
#[derive(Debug, Clone, PartialEq)]
pub struct Manifest {
    /// Incremented on every rewrite.
    pub generation: u64,
    /// Next document id to assign.
    pub next_doc_id: u32,
    /// Next segment id to assign.
    pub next_segment_id: u64,
    /// The current WAL generation (file `wal/wal-<gen>.log`).
    pub wal_gen: u64,
    /// Generation of the pruned-keys file (0: none).
    pub pruned_gen: u64,
    /// Feature and verification parameters the index was built with.
    pub params: Params,
    /// Live segments, oldest first (doc-id ranges increase).
    pub segments: Vec<SegmentRef>,
}

impl Manifest {
    /// A new, empty index's manifest.
    pub fn new(params: Params) -> Manifest {
        Manifest {
            generation: 1,
            next_doc_id: 1,
            next_segment_id: 1,
            wal_gen: 1,
            pruned_gen: 0,
            params,
            segments: Vec::new(),
        }
    }

    /// Serializes (format-spec.md, "MANIFEST").
    pub fn encode(&self) -> Result<Vec<u8>> {
        let params = serde_json::to_vec(&self.params)
            .map_err(|e| StoreError::Serialize { what: "the parameters", message: e.to_string() })?;
        let mut b = Vec::with_capacity(64 + params.len() + 24 * self.segments.len());
        b.extend_from_slice(&MANIFEST_MAGIC);
        b.extend_from_slice(&MANIFEST_VERSION.to_le_bytes());
        b.extend_from_slice(&0u32.to_le_bytes());
        b.extend_from_slice(&self.generation.to_le_bytes());
        b.extend_from_slice(&self.next_doc_id.to_le_bytes());
        b.extend_from_slice(&0u32.to_le_bytes());
        b.extend_from_slice(&self.next_segment_id.to_le_bytes());
        b.extend_from_slice(&self.wal_gen.to_le_bytes());
        b.extend_from_slice(&self.pruned_gen.to_le_bytes());
        b.extend_from_slice(&(params.len() as u32).to_le_bytes());
        b.extend_from_slice(&(self.segments.len() as u32).to_le_bytes());
        b.extend_from_slice(&params);
        for s in &self.segments {
            b.extend_from_slice(&s.id.to_le_bytes());
            b.extend_from_slice(&s.doc_count.to_le_bytes());
            b.extend_from_slice(&0u32.to_le_bytes());
            b.extend_from_slice(&s.file_len.to_le_bytes());
        }
        let crc = crc32fast::hash(&b);
        b.extend_from_slice(&crc.to_le_bytes());
        Ok(b)
    }

    /// Parses a manifest read from `path`.
    pub fn decode(buf: &[u8], path: &Path) -> Result<Manifest> {
        let bad = |off: usize, what: &str| StoreError::corrupt(path, off as u64, what);
        if buf.len() < 68 || buf[..8] != MANIFEST_MAGIC {
            return Err(bad(0, "not a dedupdb manifest"));
        }
        let body = &buf[..buf.len() - 4];
        let crc = u32::from_le_bytes([buf[buf.len() - 4], buf[buf.len() - 3], buf[buf.len() - 2], buf[buf.len() - 1]]);
        let u32_at = |o: usize| u32::from_le_bytes([buf[o], buf[o + 1], buf[o + 2], buf[o + 3]]);
        let u64_at = |o: usize| {
            let mut a = [0u8; 8];
            a.copy_from_slice(&buf[o..o + 8]);
            u64::from_le_bytes(a)
        };
        let version = u32_at(8);
        if crc32fast::hash(body) != crc {
            return Err(bad(buf.len() - 4, "manifest checksum mismatch"));
        }
        if !(1..=MANIFEST_VERSION).contains(&version) {
            return Err(StoreError::Version {
                path: path.into(),
                found: version,
                oldest: 1,
                supported: MANIFEST_VERSION,
            });
        }
        let params_len = u32_at(56) as usize;
        let nseg = u32_at(60) as usize;
        let need = 64usize.checked_add(params_len).and_then(|x| x.checked_add(nseg.checked_mul(24)?));
        if need != Some(body.len()) {
            return Err(bad(56, "manifest lengths do not add up"));
        }
        let json = &buf[64..64 + params_len];
        let params: Params = serde_json::from_slice(json).map_err(|e| bad(64, &format!("parameters: {e}")))?;
        params.check().map_err(|e| bad(64, &format!("parameters: {e}")))?;
        if version >= UNKNOWN_PARAMS_REFUSED {
            if let Some(name) = unknown_parameter(json) {
                return Err(StoreError::UnknownParameter { path: path.into(), name });
            }
        }
        let mut segments = Vec::with_capacity(nseg);
        for i in 0..nseg {
            let o = 64 + params_len + 24 * i;
            segments.push(SegmentRef { id: u64_at(o), doc_count: u32_at(o + 8), file_len: u64_at(o + 16) });
        }
        // Counters bumped by one per flush, merge or rewrite never come near 2^63; one there is
        // damage (and would overflow when bumped).
        for (at, what) in
            [(16, "generation"), (32, "next segment id"), (40, "WAL generation"), (48, "pruned-keys generation")]
        {
            if u64_at(at) >= 1 << 63 {
                return Err(bad(at, &format!("{what} out of range")));
            }
        }
        Ok(Manifest {
            generation: u64_at(16),
            next_doc_id: u32_at(24),
            next_segment_id: u64_at(32),
            wal_gen: u64_at(40),
            pruned_gen: u64_at(48),
            params,
            segments,
        })
    }

    /// Reads the manifest of the index at `dir`.
    pub fn load(dir: &Path) -> Result<Manifest> {
        let path = dir.join(MANIFEST_FILE);
        let buf = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(StoreError::NotFound { path: dir.into() })
            }
            Err(e) => return Err(StoreError::io(&path, e)),
        };
        Manifest::decode(&buf, &path)
    }

    /// Writes the manifest atomically.
    pub fn store(&self, dir: &Path) -> Result<()> {
        write_atomic(&dir.join(MANIFEST_FILE), &self.encode()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_every_flip_is_caught() {
        let mut m = Manifest::new(Params::default());
        m.segments.push(SegmentRef { id: 3, doc_count: 10, file_len: 4096 });
        m.next_doc_id = 11;
        let b = m.encode().expect("encode");
        let p = Path::new("MANIFEST");
        assert_eq!(Manifest::decode(&b, p).expect("decode"), m);
        for at in 0..b.len() {
            let mut bad = b.clone();
            bad[at] ^= 1;
            assert!(Manifest::decode(&bad, p).is_err(), "flip at {at}");
        }
    }

    /// Found by the store fuzz target: a MANIFEST whose generation was u64::MAX (checksum made
    /// good) overflowed when the next flush bumped it. Every counter near its end is damage.
    #[test]
    fn a_counter_at_its_end_is_damage_not_an_overflow_later() {
        let b = Manifest::new(Params::default()).encode().expect("encode");
        let p = Path::new("MANIFEST");
        for (at, what) in [(16, "generation"), (32, "next segment id"), (40, "WAL generation"), (48, "pruned-keys")] {
            let with = |v: u64| {
                let mut b = b.clone();
                b[at..at + 8].copy_from_slice(&v.to_le_bytes());
                with_crc(b)
            };
            for v in [u64::MAX, 1 << 63] {
                let e = Manifest::decode(&with(v), p).expect_err("refused").to_string();
                assert!(e.contains(what) && e.contains("out of range"), "{what} = {v}: {e}");
            }
            assert!(Manifest::decode(&with((1 << 63) - 1), p).is_ok(), "{what} just below 2^63 is a counter");
        }
    }

    /// `b` with its CRC made good again.
    fn with_crc(mut b: Vec<u8>) -> Vec<u8> {
        let n = b.len() - 4;
        let crc = crc32fast::hash(&b[..n]);
        b[n..].copy_from_slice(&crc.to_le_bytes());
        b
    }

    /// `b` with its version field set to `v` and its CRC made good again.
    fn with_version(b: &[u8], v: u32) -> Vec<u8> {
        let mut b = b.to_vec();
        b[8..12].copy_from_slice(&v.to_le_bytes());
        with_crc(b)
    }

    /// `b` with its parameters replaced by `json` and its CRC made good again.
    fn with_params(b: &[u8], json: &str) -> Vec<u8> {
        let p = u32::from_le_bytes([b[56], b[57], b[58], b[59]]) as usize;
        let mut out = b[..64].to_vec();
        out[56..60].copy_from_slice(&(json.len() as u32).to_le_bytes());
        out.extend_from_slice(json.as_bytes());
        out.extend_from_slice(&b[64 + p..b.len() - 4]);
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// A new index's manifest, its bytes, and its parameters as JSON.
    fn default_manifest() -> (Manifest, Vec<u8>, String) {
        let m = Manifest::new(Params::default());
        let b = m.encode().expect("encode");
        (m, b, serde_json::to_string(&Params::default()).expect("json"))
    }

    #[test]
    fn an_unknown_parameter_is_refused_from_version_4() {
        let (m, b, json) = default_manifest();
        let p = Path::new("MANIFEST");
        let extra = format!("{{\"cut_at_semicolons\": true, {}", &json[1..]);
        assert_eq!(Manifest::decode(&with_params(&b, &json), p).expect("known parameters"), m);
        match Manifest::decode(&with_params(&b, &extra), p) {
            Err(e) => {
                assert!(matches!(&e, StoreError::UnknownParameter { name, .. } if name == "cut_at_semicolons"), "{e}");
                assert!(e.to_string().contains("\"cut_at_semicolons\" is unknown"), "{e}");
            }
            Ok(_) => panic!("an unknown parameter was ignored"),
        }
        // A version 3 manifest's unknown parameter (none was ever written) is ignored as it was.
        assert_eq!(Manifest::decode(&with_version(&with_params(&b, &extra), 3), p).expect("v3"), m);
    }

    #[test]
    fn a_key_width_outside_32_to_64_is_refused_and_a_missing_one_is_64() {
        let (_, b, json) = default_manifest();
        let p = Path::new("MANIFEST");
        let old = json.replace("\"key_bits\":48,", "");
        assert_ne!(old, json);
        assert_eq!(Manifest::decode(&with_params(&b, &old), p).expect("no key_bits").params.key_bits, 64);
        let narrow = json.replace("\"key_bits\":48", "\"key_bits\":16");
        match Manifest::decode(&with_params(&b, &narrow), p) {
            Err(e @ StoreError::Corrupt { .. }) => assert!(e.to_string().contains("key_bits is 16"), "{e}"),
            other => panic!("a 16-bit key width was taken: {other:?}"),
        }
    }

    #[test]
    fn version_1_manifests_are_read_and_unknown_versions_refused() {
        let mut m = Manifest::new(Params::default());
        m.wal_gen = 7;
        let b = m.encode().expect("encode");
        assert_eq!(u32::from_le_bytes([b[8], b[9], b[10], b[11]]), MANIFEST_VERSION);
        let p = Path::new("MANIFEST");
        assert_eq!(Manifest::decode(&with_version(&b, 1), p).expect("v1"), m);
        for v in [0, MANIFEST_VERSION + 1] {
            match Manifest::decode(&with_version(&b, v), p) {
                Err(StoreError::Version { found, supported, .. }) => {
                    assert_eq!((found, supported), (v, MANIFEST_VERSION))
                }
                other => panic!("version {v} accepted: {other:?}"),
            }
        }
    }
}
