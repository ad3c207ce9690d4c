//! A page's title, reduced to 32 bytes that tell whether two pages of one site carry the same
//! article's title or two articles'.
//!
//! Until a site's in-article furniture (a job board's safety notice, an account's intro and
//! outro, a shop's policy) is on three of its pages, the index cannot know it for a template, and
//! its second and third pages read as containing or contained in the first. Two pages of one
//! site whose titles share nothing are two articles; the query then asks more of their match
//! (see `store::index`). A story's update or a repost keeps most of its title.
//!
//! The sketch: the `<title>` is cut at the separators sites put between an article's headline
//! and their own names ("headline_site", "headline - channel - site"), and the first part with
//! two letters or digits (or else one) is kept, unless it has at most four and the next is twice
//! as long: then it is a label ("更新｜headline") or the site's name, and the next is kept. Its
//! first [`SKETCH_CHARS`] letters and digits, ASCII lower case and full-width forms folded, are
//! taken in pairs (one character alone when there is one), and the distinct 16-bit hashes of the
//! pairs are kept, sorted, zeros after them. A hyphen inside a headline ("COVID-19") cuts it
//! too: such a site's titles then look alike, and the rules that read them say nothing, as
//! without a title. All zeros stands for no title. Pairs, not bits of one word: a developing
//! story's retitled updates share its place or name, three or more pairs, while unrelated
//! headlines share none or one; 64 bits with a bit per pair would share five by chance.

use crate::lexicon::SKETCH_SEPARATORS;

/// Letters and digits of the kept part that make the sketch: as many pairs as it has slots.
pub const SKETCH_CHARS: usize = 17;

/// A first part of the title this short is a label when a part twice as long follows it.
const LABEL_MAX_LETTERS: usize = 4;

/// A title sketch: distinct pair hashes, sorted, never 0, then zeros.
pub type TitleSketch = [u16; 16];

/// Two titles are different when they share fewer pairs than this ...
pub const SAME_TITLE_MIN_PAIRS: usize = 2;
/// ... and one story's when they share at least this many. Between the two, nothing is said:
/// a job board's "保育员招聘" and "管理员招聘" share two pairs and are two jobs.
pub const SAME_STORY_MIN_PAIRS: usize = 3;

/// The sketch of a `<title>` (all zeros when it holds no letter or digit).
pub fn title_sketch(title: &str) -> TitleSketch {
    let mut sketch = [0u16; 16];
    let letters = |part: &str| part.chars().filter(|c| c.is_alphanumeric()).count();
    // The headline comes first; what follows is the site's, its channel's or a company's name,
    // shared by many of the site's titles. A one-letter first part is a mark ("图"), not it.
    let parts = || title.split(SKETCH_SEPARATORS);
    let mut named = parts().filter(|p| letters(p) >= 2);
    let Some(mut part) = named.next().or_else(|| parts().find(|p| letters(p) > 0)) else {
        return sketch;
    };
    // A short first part before a part twice as long is a label or the site's name, not the
    // headline: "更新｜…", "独家|…", "视频 | …", "新华网｜…". Without this, a story's update
    // titled "更新｜<headline>" looked like another article beside its first version.
    if letters(part) <= LABEL_MAX_LETTERS {
        if let Some(next) = named.next().filter(|next| letters(next) >= 2 * letters(part)) {
            part = next;
        }
    }
    let chars: Vec<u32> = part.chars().filter(|c| c.is_alphanumeric()).take(SKETCH_CHARS).map(fold).collect();
    let pair = |a: u32, b: u32| {
        let h = ((u64::from(a) << 21) | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 48) as u16).max(1)
    };
    let mut pairs: Vec<u16> = match chars.as_slice() {
        [] => Vec::new(),
        [one] => vec![pair(*one, 0)],
        more => more.windows(2).map(|w| pair(w[0], w[1])).collect(),
    };
    pairs.sort_unstable();
    pairs.dedup();
    for (slot, p) in sketch.iter_mut().zip(pairs) {
        *slot = p;
    }
    sketch
}

/// True when both sketches are known and share fewer than [`SAME_TITLE_MIN_PAIRS`] pairs, or
/// than the pairs of one of them when it has fewer: a headline of two characters ("图片") has
/// one pair, and another page under it has the same title.
pub fn titles_differ(a: &TitleSketch, b: &TitleSketch) -> bool {
    let need = SAME_TITLE_MIN_PAIRS.min(pairs(a)).min(pairs(b));
    known(a) && known(b) && shared_pairs(a, b) < need
}

/// True when both sketches are known and share at least [`SAME_STORY_MIN_PAIRS`] pairs: one
/// title, or one story's reworded.
pub fn titles_alike(a: &TitleSketch, b: &TitleSketch) -> bool {
    known(a) && known(b) && shared_pairs(a, b) >= SAME_STORY_MIN_PAIRS
}

/// True when `b` is `a` reworded: alike ([`titles_alike`]) but not the same. An identical title
/// tells nothing of the two pages, as many sites give every page the same one.
pub fn title_reworded(a: &TitleSketch, b: &TitleSketch) -> bool {
    a != b && titles_alike(a, b)
}

/// True when the sketch is of a title (not all zeros).
pub fn known(s: &TitleSketch) -> bool {
    s[0] != 0
}

/// Pairs in a sketch.
fn pairs(s: &TitleSketch) -> usize {
    s.iter().take_while(|&&p| p != 0).count()
}

/// Pairs two sketches share (both sorted, zeros after).
fn shared_pairs(a: &TitleSketch, b: &TitleSketch) -> usize {
    let (mut i, mut j, mut shared) = (0, 0, 0);
    while i < a.len() && j < b.len() && a[i] != 0 && b[j] != 0 {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => (i, j, shared) = (i + 1, j + 1, shared + 1),
        }
    }
    shared
}

/// ASCII capitals to small letters, full-width ASCII forms to ASCII.
fn fold(c: char) -> u32 {
    let c = match u32::from(c) {
        f @ 0xFF01..=0xFF5E => char::from_u32(f - 0xFEE0).unwrap_or(c),
        _ => c,
    };
    u32::from(c.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_s_name_around_the_headline_is_left_out() {
        let a = title_sketch("全市招聘会本周六在会展中心举行_江岸资讯网");
        assert_eq!(a, title_sketch("全市招聘会本周六在会展中心举行 - 本地新闻 - 江岸资讯网"));
        assert_eq!(a, title_sketch("全市招聘会本周六在会展中心举行｜江岸资讯网"));
        assert_ne!(a, [0; 16]);
        // Two articles of one site: the shared site name does not make them alike.
        let b = title_sketch("城东新建两所小学明年秋季招生_江岸资讯网");
        assert!(titles_differ(&a, &b));
        // Nor do the company and place a job board puts after the job, longer than it.
        let job = |t: &str| title_sketch(&format!("{t}_顺禾物流（上海）有限公司_上海·嘉定招聘信息-汇才招聘网"));
        assert!(titles_differ(&job("仓库管理员招聘"), &job("新媒体运营招聘")));
        // Two pairs in common ("员招", "招聘"): neither two titles nor one.
        let (a, b) = (job("仓库管理员招聘"), job("幼儿园保育员招聘"));
        assert!(!titles_differ(&a, &b) && !titles_alike(&a, &b));
        assert_eq!(job("仓库管理员招聘"), title_sketch("仓库管理员招聘"));
    }

    #[test]
    fn a_label_or_a_site_s_name_before_the_headline_is_left_out() {
        let first = title_sketch("民族区域自治制度是历史的选择|千帆网");
        for later in [
            "更新｜民族区域自治制度是历史的选择（更新）|千帆网",
            "独家 | 民族区域自治制度是历史的选择",
            "千帆网｜民族区域自治制度是历史的选择",
        ] {
            assert!(titles_alike(&first, &title_sketch(later)), "{later}");
        }
        // A part not twice as long as the short one before it is no headline after a label.
        assert_eq!(title_sketch("雪灾_新浪网"), title_sketch("雪灾"));
        assert!(titles_differ(&title_sketch("雪灾_新浪网"), &title_sketch("地震_新浪网")));
    }

    #[test]
    fn one_story_s_reworded_headline_is_the_same_title() {
        let first = title_sketch("云南宁蒗发生5.1级地震_江岸资讯网");
        for later in [
            "云南宁蒗发生5.1级地震 已致3人受伤_江岸资讯网",
            "（更新）云南宁蒗发生5.1级地震",
            "云南宁蒗发生５．１级地震",
            "宁蒗发生地震最新：未发现人员被埋 救援队连夜进村_江岸资讯网",
        ] {
            assert!(!titles_differ(&first, &title_sketch(later)), "{later}");
            assert!(titles_alike(&first, &title_sketch(later)), "{later}");
            // Reworded, unless only case and width changed it (then it is the same title).
            let later = title_sketch(later);
            assert_eq!(title_reworded(&first, &later), later != first);
        }
        // The place and the event alone ("宁蒗", "地震"): two pairs, neither one title nor two.
        let terse = title_sketch("宁蒗地震最新：未发现人员被埋");
        assert!(!titles_differ(&first, &terse) && !titles_alike(&first, &terse));
        // Case and full-width forms fold.
        assert_eq!(title_sketch("ＡＢＣ新闻"), title_sketch("abc新闻"));
    }

    #[test]
    fn no_title_is_no_evidence() {
        assert_eq!(title_sketch(""), [0; 16]);
        assert_eq!(title_sketch(" _ | —— "), [0; 16]);
        let known = title_sketch("城东新建两所小学");
        assert!(!titles_differ(&[0; 16], &known) && !titles_differ(&known, &[0; 16]));
        assert!(!titles_alike(&[0; 16], &known) && !titles_alike(&known, &[0; 16]));
        assert!(!titles_alike(&[0; 16], &[0; 16]) && titles_alike(&known, &known));
        assert!(!title_reworded(&known, &known) && !title_reworded(&[0; 16], &known));
        // One character still makes a sketch.
        assert_ne!(title_sketch("雪"), [0; 16]);
        // A headline of one pair, the same on two pages, is one title; another is another.
        let photos = title_sketch("图片：|渤海网");
        assert!(!titles_differ(&photos, &title_sketch("图片：|渤海网")));
        assert!(!titles_differ(&photos, &title_sketch("图片：城东新建两所小学")));
        assert!(titles_differ(&photos, &title_sketch("视频|渤海网")));
    }

    #[test]
    fn unrelated_headlines_rarely_look_alike() {
        // Headlines made of disjoint characters: any pair they share is a collision of 16-bit
        // hashes. Fewer than 2% of pairs may be taken for one title.
        let mut rng = crate::testutil::Rng::new(0x5eed_7171);
        let mut headline = |base: u32| {
            let n = 6 + rng.below(15) as u32;
            (0..n).map(|_| char::from_u32(base + rng.below(2000) as u32).unwrap_or('字')).collect::<String>()
        };
        let pairs = 2000;
        let alike = (0..pairs)
            .filter(|_| !titles_differ(&title_sketch(&headline(0x4e00)), &title_sketch(&headline(0x6000))))
            .count();
        assert!(alike * 50 < pairs, "{alike} of {pairs} unrelated pairs look alike");
    }
}
