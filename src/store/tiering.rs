//! When segments merge: a size-tiered policy.
//!
//! A query probes every segment for every key, so the number of segments is what its cost
//! grows with; merging everything after every flush would instead rewrite the whole index each
//! time. Segments are grouped into tiers by size (tier 0 up to `floor_bytes`, then each tier
//! `factor` times larger) and `factor` adjacent segments of one tier merge into one of the next.
//! An index of N bytes then holds at most about `(factor - 1) * log_factor(N / floor_bytes)`
//! segments, and each page is rewritten about `log_factor` of that many times.

use std::ops::Range;

/// What the policy needs to know of a segment.
#[derive(Debug, Clone, Copy)]
pub struct SegmentSize {
    /// File size.
    pub file_bytes: u64,
    /// Bytes of the largest postings section (merged lists must stay under 4 GiB).
    pub postings_bytes: u64,
}

/// The size-tiered merge policy.
#[derive(Debug, Clone, Copy)]
pub struct MergePolicy {
    /// Segments of one tier merged at a time (at least 2).
    pub factor: usize,
    /// Segments up to this size are tier 0.
    pub floor_bytes: u64,
    /// No merge writes a segment larger than this: the largest segments stay as they are, and
    /// their number grows linearly past this size (a merge that rewrites hundreds of gigabytes
    /// would stall ingest for too long).
    pub max_bytes: u64,
    /// Merging stops when set (`--no-merge`, benchmarks of the unmerged layout).
    pub disabled: bool,
}

/// A postings section is addressed with 32-bit offsets; merges keep well under that.
const MAX_POSTINGS_BYTES: u64 = 3 << 30;

impl Default for MergePolicy {
    fn default() -> Self {
        MergePolicy { factor: 4, floor_bytes: 64 << 20, max_bytes: 32 << 30, disabled: false }
    }
}

impl MergePolicy {
    /// The tier of a segment of `bytes`.
    pub fn tier(&self, bytes: u64) -> u32 {
        let mut t = 0;
        let mut cap = self.floor_bytes.max(1);
        while bytes > cap && t < 64 {
            cap = cap.saturating_mul(self.factor.max(2) as u64);
            t += 1;
        }
        t
    }

    /// The next run of adjacent segments (oldest first) to merge, if any: the lowest tier with
    /// `factor` adjacent segments whose merge stays within the size limits.
    pub fn pick(&self, segments: &[SegmentSize]) -> Option<Range<usize>> {
        let factor = self.factor.max(2);
        if self.disabled || segments.len() < factor {
            return None;
        }
        let tiers: Vec<u32> = segments.iter().map(|s| self.tier(s.file_bytes)).collect();
        let mut best: Option<(u32, Range<usize>)> = None;
        let mut start = 0;
        while start < segments.len() {
            let mut end = start;
            while end < segments.len() && tiers[end] == tiers[start] {
                end += 1;
            }
            // Within a run of one tier, the oldest `factor` segments that fit.
            let mut i = start;
            while i + factor <= end {
                let run = &segments[i..i + factor];
                let bytes: u64 = run.iter().map(|s| s.file_bytes).sum();
                let postings: u64 = run.iter().map(|s| s.postings_bytes).sum();
                if bytes <= self.max_bytes && postings <= MAX_POSTINGS_BYTES {
                    if best.as_ref().is_none_or(|(t, _)| tiers[start] < *t) {
                        best = Some((tiers[start], i..i + factor));
                    }
                    break;
                }
                i += 1;
            }
            start = end;
        }
        best.map(|(_, r)| r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(mb: &[u64]) -> Vec<SegmentSize> {
        mb.iter().map(|&m| SegmentSize { file_bytes: m << 20, postings_bytes: (m << 20) / 3 }).collect()
    }

    #[test]
    fn tiers_grow_by_the_factor() {
        let p = MergePolicy::default();
        assert_eq!(p.tier(1), 0);
        assert_eq!(p.tier(64 << 20), 0);
        assert_eq!(p.tier((64 << 20) + 1), 1);
        assert_eq!(p.tier(256 << 20), 1);
        assert_eq!(p.tier((256 << 20) + 1), 2);
    }

    #[test]
    fn picks_the_lowest_full_tier_and_nothing_short_of_a_full_run() {
        let p = MergePolicy::default();
        assert_eq!(p.pick(&sizes(&[10, 10, 10])), None);
        assert_eq!(p.pick(&sizes(&[10, 10, 10, 10])), Some(0..4));
        // Tier 1 run of four and a tier 0 run of four: the cheaper tier 0 first.
        assert_eq!(p.pick(&sizes(&[200, 200, 200, 200, 10, 10, 10, 10])), Some(4..8));
        // Not adjacent: no merge.
        assert_eq!(p.pick(&sizes(&[10, 10, 200, 10, 10])), None);
        assert_eq!(MergePolicy { disabled: true, ..p }.pick(&sizes(&[10, 10, 10, 10])), None);
    }

    #[test]
    fn respects_the_size_limits() {
        let p = MergePolicy { max_bytes: 1 << 30, ..MergePolicy::default() };
        assert_eq!(p.pick(&sizes(&[300, 300, 300, 300])), None);
        let p = MergePolicy::default();
        // 4 x 1.2 GiB of postings would pass 4 GiB offsets.
        let big: Vec<SegmentSize> =
            (0..4).map(|_| SegmentSize { file_bytes: 3 << 30, postings_bytes: 1200 << 20 }).collect();
        assert_eq!(p.pick(&big), None);
    }

    #[test]
    fn repeated_flushes_keep_few_segments() {
        // Simulate 200 flushes of 50 MB with merges as the policy picks them.
        let p = MergePolicy::default();
        let mut segs: Vec<u64> = Vec::new();
        let mut most = 0;
        for _ in 0..200 {
            segs.push(50 << 20);
            while let Some(r) =
                p.pick(&segs.iter().map(|&b| SegmentSize { file_bytes: b, postings_bytes: b / 3 }).collect::<Vec<_>>())
            {
                let merged: u64 = segs[r.clone()].iter().sum();
                segs.splice(r, [merged]);
            }
            most = most.max(segs.len());
        }
        // 10 GB in 50 MB flushes: at most (4 - 1) per tier over ~5 tiers.
        assert!(most <= 15, "{most} segments");
        assert!(segs.len() <= 12, "{} segments at the end", segs.len());
    }
}
