//! A document as the store keeps it: metadata, normalized text and keys.

use super::error::{Corrupt, StoreError};
use super::format::{get_varint, put_varint, KeyKind, DOC_FLAG_FALLBACK};
use crate::features::title::TitleSketch;

/// One stored document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocRecord {
    /// Global id, assigned in insertion order.
    pub doc_id: u32,
    /// The page's URL.
    pub url: String,
    /// Its site (the `site` field or the URL's host).
    pub site: String,
    /// Catalog id of the site (0 when unknown, e.g. a catalog rebuilt without sites).
    pub site_id: u32,
    /// Fetch time, Unix seconds; 0 when unknown.
    pub fetched_at: i64,
    /// Cluster: the doc id of the cluster's first page.
    pub cluster: u32,
    /// `DOC_FLAG_*` bits.
    pub flags: u32,
    /// The normalized main text.
    pub text: String,
    /// Its length in characters.
    pub chars: u32,
    /// Period-feature keys, sorted and distinct.
    pub period: Vec<u64>,
    /// Fingerprint keys, sorted and distinct.
    pub fingerprints: Vec<u64>,
    /// Exact hash of the text.
    pub exact: u64,
    /// A document this one replaces (same URL, new content), deleted with this insert.
    pub replaces: Option<u32>,
    /// Sketch of the page's title (see [`crate::features::title`]); all zeros when none.
    pub title: TitleSketch,
}

impl DocRecord {
    /// The keys of one kind.
    pub fn keys(&self, kind: KeyKind) -> &[u64] {
        match kind {
            KeyKind::Period => &self.period,
            KeyKind::Fingerprint => &self.fingerprints,
            KeyKind::Exact => std::slice::from_ref(&self.exact),
        }
    }

    /// True when the fingerprints hold fallback sentence keys (see [`crate::features`]).
    pub fn fallback(&self) -> bool {
        self.flags & DOC_FLAG_FALLBACK != 0
    }

    /// Serializes for the write-ahead log (see format-spec.md, "WAL"): the payload of an
    /// insert record with its title (kind 2).
    pub fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, u64::from(self.doc_id));
        put_str(out, &self.url);
        put_str(out, &self.site);
        put_varint(out, u64::from(self.site_id));
        out.extend_from_slice(&self.fetched_at.to_le_bytes());
        put_varint(out, u64::from(self.cluster));
        put_varint(out, u64::from(self.flags));
        put_varint(out, self.replaces.map_or(0, |r| u64::from(r) + 1));
        out.extend_from_slice(&self.exact.to_le_bytes());
        put_str(out, &self.text);
        for keys in [&self.period, &self.fingerprints] {
            put_varint(out, keys.len() as u64);
            let mut prev = 0u64;
            for &k in keys.iter() {
                put_varint(out, k.wrapping_sub(prev));
                prev = k;
            }
        }
        for pair in self.title {
            out.extend_from_slice(&pair.to_le_bytes());
        }
    }

    /// Parses what [`DocRecord::encode`] wrote, or with `titled` false an insert record of kind
    /// 1, which ends before the title (written before titles were kept: no title); `what` names
    /// the source for errors.
    pub fn decode(buf: &[u8], titled: bool, what: &dyn Fn(&str) -> StoreError) -> Result<DocRecord, StoreError> {
        let mut pos = 0;
        let var = |pos: &mut usize, field: &str| get_varint(buf, pos).ok_or_else(|| what(field));
        let doc_id = u32::try_from(var(&mut pos, "doc id")?).map_err(|_| what("doc id"))?;
        let url = get_str(buf, &mut pos).ok_or_else(|| what("url"))?;
        let site = get_str(buf, &mut pos).ok_or_else(|| what("site"))?;
        let site_id = u32::try_from(var(&mut pos, "site id")?).map_err(|_| what("site id"))?;
        let fetched_at = i64::from_le_bytes(take8(buf, &mut pos).ok_or_else(|| what("fetched_at"))?);
        let cluster = u32::try_from(var(&mut pos, "cluster")?).map_err(|_| what("cluster"))?;
        let flags = u32::try_from(var(&mut pos, "flags")?).map_err(|_| what("flags"))?;
        let replaces = match var(&mut pos, "replaces")? {
            0 => None,
            r => Some(u32::try_from(r - 1).map_err(|_| what("replaces"))?),
        };
        let exact = u64::from_le_bytes(take8(buf, &mut pos).ok_or_else(|| what("exact"))?);
        let text = get_str(buf, &mut pos).ok_or_else(|| what("text"))?;
        let mut lists = [Vec::new(), Vec::new()];
        for list in &mut lists {
            let n = var(&mut pos, "key count")? as usize;
            if n > buf.len() {
                return Err(what("key count"));
            }
            list.reserve(n);
            // Sorted and distinct: every delta after the first is positive and does not wrap.
            let mut prev = 0u64;
            for k in 0..n {
                let delta = var(&mut pos, "key")?;
                prev = match (k, prev.checked_add(delta)) {
                    (0, _) => delta,
                    (_, Some(key)) if delta > 0 => key,
                    _ => return Err(what("key order")),
                };
                list.push(prev);
            }
        }
        let mut title: TitleSketch = [0; 16];
        if titled {
            for pair in &mut title {
                let b = buf.get(pos..pos + 2).ok_or_else(|| what("title"))?;
                *pair = u16::from_le_bytes([b[0], b[1]]);
                pos += 2;
            }
        }
        if pos != buf.len() {
            return Err(what("trailing bytes"));
        }
        let [period, fingerprints] = lists;
        let chars = text.chars().count() as u32;
        Ok(DocRecord {
            doc_id,
            url,
            site,
            site_id,
            fetched_at,
            cluster,
            flags,
            text,
            chars,
            period,
            fingerprints,
            exact,
            replaces,
            title,
        })
    }
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

fn get_str(buf: &[u8], pos: &mut usize) -> Option<String> {
    let n = usize::try_from(get_varint(buf, pos)?).ok()?;
    let end = pos.checked_add(n)?;
    let s = std::str::from_utf8(buf.get(*pos..end)?).ok()?.to_owned();
    *pos = end;
    Some(s)
}

fn take8(buf: &[u8], pos: &mut usize) -> Option<[u8; 8]> {
    let b: [u8; 8] = buf.get(*pos..*pos + 8)?.try_into().ok()?;
    *pos += 8;
    Some(b)
}

/// Makes the error for a malformed record of `file` at `offset`.
pub fn record_error(file: &std::path::Path, offset: u64) -> impl Fn(&str) -> StoreError + '_ {
    move |field: &str| {
        StoreError::Corrupt(Corrupt { file: file.to_path_buf(), offset, what: format!("malformed record ({field})") })
    }
}

#[cfg(test)]
pub(crate) fn sample(doc_id: u32, text: &str) -> DocRecord {
    let chars: Vec<char> = text.chars().collect();
    let f = crate::features::Features::compute(&chars, &crate::Params::default());
    DocRecord {
        doc_id,
        url: format!("http://example.com/{doc_id}"),
        site: "example.com".into(),
        site_id: 1,
        fetched_at: 1_700_000_000,
        cluster: doc_id,
        flags: if f.fingerprint_fallback { DOC_FLAG_FALLBACK } else { 0 },
        text: text.to_string(),
        chars: chars.len() as u32,
        period: f.period,
        fingerprints: f.fingerprints,
        exact: f.exact,
        replaces: None,
        title: crate::features::title::title_sketch(&format!("第{doc_id}篇_示例网")),
    }
}

/// A ~3 KB test text of pseudo-random characters, so that texts do not compress against each
/// other; `edit` (0: none) changes every 50th character.
#[cfg(test)]
pub(crate) fn random_article(k: u32, edit: u32) -> String {
    let mut x = u64::from(k).wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1);
    (0..1000u32)
        .map(|i| {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let c = (x >> 33) as u32 % 3000 + if edit > 0 && i % 50 == 0 { edit } else { 0 };
            char::from_u32(0x4E00 + c).unwrap_or('中')
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_round_trip_and_truncation_is_an_error() {
        let mut d = sample(42, "这是一个测试文档。它有两句话，用来检查编码。");
        d.replaces = Some(7);
        let mut buf = Vec::new();
        d.encode(&mut buf);
        let path = std::path::Path::new("wal");
        assert_ne!(d.title, [0; 16]);
        assert_eq!(DocRecord::decode(&buf, true, &record_error(path, 0)).ok(), Some(d.clone()));
        for cut in [1, buf.len() / 2, buf.len() - 1] {
            assert!(DocRecord::decode(&buf[..cut], true, &record_error(path, 0)).is_err());
        }
        // A record of kind 1 ends before the title, and reads as having none.
        let untitled = &buf[..buf.len() - 32];
        assert_eq!(
            DocRecord::decode(untitled, false, &record_error(path, 0)).ok(),
            Some(DocRecord { title: [0; 16], ..d })
        );
        assert!(DocRecord::decode(&buf, false, &record_error(path, 0)).is_err(), "kind 1 with a title's bytes");
    }

    #[test]
    fn keys_out_of_order_or_repeated_are_refused() {
        let path = std::path::Path::new("wal");
        let good = sample(1, "这是一个测试文档。它有两句话，用来检查编码。");
        assert!(good.fingerprints.len() >= 2, "the sample needs two keys");
        let swapped = |d: &mut DocRecord| d.fingerprints.swap(0, 1);
        let repeated = |d: &mut DocRecord| d.fingerprints[1] = d.fingerprints[0];
        for (what, damage) in [("swapped", &swapped as &dyn Fn(&mut DocRecord)), ("repeated", &repeated)] {
            let mut d = good.clone();
            damage(&mut d);
            let mut buf = Vec::new();
            d.encode(&mut buf);
            let err = DocRecord::decode(&buf, true, &record_error(path, 0)).err().map(|e| e.to_string());
            assert!(err.as_deref().is_some_and(|e| e.contains("key order")), "{what}: {err:?}");
        }
    }
}
