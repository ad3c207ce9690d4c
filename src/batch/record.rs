//! A page as the batch stages pass it between them: what analysis found (the stored document's
//! fields) plus where it stands in the crawl. Encoded as bytes for the engine's shuffles.

use crate::db::run::{analyze, Analyzed};
use crate::db::{Answer, Verdict};
use crate::features::Features;
use crate::input::{Item, RawPage};
use crate::params::Params;
use crate::store::doc::DocRecord;
use crate::store::format::{get_varint, put_varint, DOC_FLAG_FALLBACK, DOC_FLAG_LISTING};
use crate::store::StoreError;

/// Magic of an encoded [`PageRecord`].
const MAGIC: &[u8; 4] = b"DDPR";
/// Its version.
const VERSION: u8 = 1;

/// One analyzed page of a batch.
#[derive(Debug, Clone, PartialEq)]
pub struct PageRecord {
    /// The document as the index stores it. `doc_id` is its place among the crawl's stored
    /// pages once [`PageRecord::doc`]'s id is assigned (`u32::MAX` before); `cluster` is filled
    /// in at the end.
    pub doc: DocRecord,
    /// Its place in the crawl (input order), over every record, stored or not.
    pub order: u64,
    /// Where the record is in its input.
    pub location: String,
    /// Full stops that yielded a period feature, with repeats.
    pub period_count: u32,
    /// The fallback sentence keys among the fingerprints (see [`Features::sentence_keys`]).
    pub sentence_keys: Vec<u64>,
}

/// What analysis makes of one input record: a page to judge, or its answer already (an error, a
/// record that is not a page, a page with no main text).
#[derive(Debug, Clone)]
pub enum Analysis {
    /// A page with text.
    Page(Box<PageRecord>),
    /// The record's final answer.
    Answered(Answer),
}

impl PageRecord {
    /// The page's features, as analysis computed them.
    pub fn features(&self) -> Features {
        Features {
            period: self.doc.period.clone(),
            period_count: self.period_count,
            fingerprints: self.doc.fingerprints.clone(),
            fingerprint_fallback: self.doc.fallback(),
            sentence_keys: self.sentence_keys.clone(),
            exact: self.doc.exact,
        }
    }

    /// The normalized text as characters.
    pub fn chars(&self) -> Vec<char> {
        crate::normalize::string_to_chars(&self.doc.text, self.doc.chars as usize)
    }

    /// True when the text is a listing's excerpts.
    pub fn listing(&self) -> bool {
        self.doc.flags & DOC_FLAG_LISTING != 0
    }

    /// Encodes (format-spec.md, "Batch page records"): magic, version, the document as a WAL
    /// insert payload, order, location, period count, sentence keys, CRC32 of all before.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.doc.text.len() + 64 + 10 * self.doc.period.len());
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        let mut doc = Vec::new();
        self.doc.encode(&mut doc);
        put_varint(&mut out, doc.len() as u64);
        out.extend_from_slice(&doc);
        out.extend_from_slice(&self.order.to_le_bytes());
        put_varint(&mut out, self.location.len() as u64);
        out.extend_from_slice(self.location.as_bytes());
        put_varint(&mut out, u64::from(self.period_count));
        put_varint(&mut out, self.sentence_keys.len() as u64);
        for k in &self.sentence_keys {
            out.extend_from_slice(&k.to_le_bytes());
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Decodes what [`PageRecord::to_bytes`] wrote; a clear error for anything else.
    pub fn from_bytes(buf: &[u8]) -> Result<PageRecord, String> {
        let bad = |what: &str| format!("not a dedupdb page record: {what}");
        if buf.len() < 9 || &buf[..4] != MAGIC {
            return Err(bad("no magic"));
        }
        if buf[4] != VERSION {
            return Err(bad(&format!("version {} (this build reads {VERSION})", buf[4])));
        }
        let (body, crc) = buf.split_at(buf.len() - 4);
        if crc32fast::hash(body) != u32::from_le_bytes([crc[0], crc[1], crc[2], crc[3]]) {
            return Err(bad("CRC mismatch"));
        }
        let mut pos = 5;
        let var = |pos: &mut usize, what: &str| get_varint(body, pos).ok_or_else(|| bad(what));
        let len = var(&mut pos, "document length")? as usize;
        let doc_bytes = body.get(pos..pos.saturating_add(len)).ok_or_else(|| bad("document"))?;
        let doc = DocRecord::decode(doc_bytes, true, &|field| StoreError::Internal {
            path: "page record".into(),
            what: format!("bad {field}"),
        })
        .map_err(|e| bad(&e.to_string()))?;
        pos += len;
        let order = body.get(pos..pos + 8).ok_or_else(|| bad("order"))?;
        let order = u64::from_le_bytes(order.try_into().map_err(|_| bad("order"))?);
        pos += 8;
        let n = var(&mut pos, "location length")? as usize;
        let location = body.get(pos..pos.saturating_add(n)).ok_or_else(|| bad("location"))?;
        let location = String::from_utf8(location.to_vec()).map_err(|_| bad("location"))?;
        pos += n;
        let period_count = u32::try_from(var(&mut pos, "period count")?).map_err(|_| bad("period count"))?;
        let n = var(&mut pos, "sentence key count")? as usize;
        if n.saturating_mul(8) != body.len().saturating_sub(pos) {
            return Err(bad("sentence keys"));
        }
        let sentence_keys =
            body[pos..].chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).collect();
        Ok(PageRecord { doc, order, location, period_count, sentence_keys })
    }
}

/// Analyzes one input record at crawl position `order` with `params`, as `dedupdb ingest` does.
pub fn analyze_item(item: Item, order: u64, params: &Params) -> Analysis {
    let answered = |url: Option<String>, verdict, error: Option<String>, reason: Option<String>, location: String| {
        // As ingest reports an error: its location first.
        let error = error.map(|e| format!("{location}: {e}"));
        Analysis::Answered(Answer {
            url,
            doc_id: None,
            verdict,
            cluster: None,
            matches: Vec::new(),
            error,
            reason,
            location,
        })
    };
    match analyze(item, params) {
        Analyzed::Skipped { location, url, reason } => answered(url, Verdict::Skipped, None, Some(reason), location),
        Analyzed::Error { location, url, message } => answered(url, Verdict::Error, Some(message), None, location),
        Analyzed::Page(raw, page) => {
            if page.norm.is_empty() {
                let message = crate::db::run::no_text_message(&page);
                return answered(Some(raw.url), Verdict::Error, Some(message.into()), None, raw.location);
            }
            let RawPage { url, site, fetched_at, location, .. } = raw;
            let site = site.or_else(|| crate::input::host_of(&url)).unwrap_or_default();
            let f = page.features;
            let doc = DocRecord {
                doc_id: u32::MAX,
                url,
                site,
                site_id: 0,
                fetched_at: fetched_at.unwrap_or(0),
                cluster: u32::MAX,
                flags: if f.fingerprint_fallback { DOC_FLAG_FALLBACK } else { 0 }
                    | if page.extracted.listing { DOC_FLAG_LISTING } else { 0 }
                    | crate::store::format::script_flags(page.script),
                chars: page.norm.chars.len() as u32,
                text: crate::normalize::chars_to_string(&page.norm.chars),
                period: f.period,
                fingerprints: f.fingerprints,
                exact: f.exact,
                replaces: None,
                title: page.title_sketch,
            };
            Analysis::Page(Box::new(PageRecord {
                doc,
                order,
                location,
                period_count: f.period_count,
                sentence_keys: f.sentence_keys,
            }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips_and_every_flipped_byte_is_refused() {
        let params = Params::default();
        let item = Item::Page(RawPage {
            url: "http://a.cn/1".into(),
            body: crate::testutil::prose(7, 400).into_bytes(),
            kind: crate::input::BodyKind::Text,
            site: None,
            fetched_at: Some(5),
            charset: None,
            location: "crawl.jsonl:1".into(),
        });
        let Analysis::Page(p) = analyze_item(item, 42, &params) else { panic!("a page with text") };
        assert_eq!((p.order, p.doc.site.as_str(), p.doc.fetched_at), (42, "a.cn", 5));
        assert!(!p.doc.period.is_empty() && p.chars().len() == p.doc.chars as usize);
        let b = p.to_bytes();
        assert_eq!(PageRecord::from_bytes(&b).as_ref(), Ok(p.as_ref()));
        for at in 0..b.len() {
            let mut bad = b.clone();
            bad[at] ^= 0x10;
            assert!(PageRecord::from_bytes(&bad).is_err(), "flip at {at}");
        }
        assert!(PageRecord::from_bytes(&b[..b.len() - 1]).is_err(), "cut short");
    }
}
