//! Helpers shared by the unit tests.

/// A seeded xorshift generator: reproducible random test inputs, the same on every machine.
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator started from `seed` (0 is taken as 1: xorshift stays at 0 forever).
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// ~`n` characters of made-up Chinese prose, sentences ended by "。".
pub(crate) fn prose(seed: u64, n: usize) -> String {
    let pool: Vec<char> =
        "城市河道治理项目推进工作报告会议代表提出建议居民社区服务改善交通出行学校教育医院".chars().collect();
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    for i in 1..=n {
        out.push(pool[rng.below(pool.len() as u64) as usize]);
        if i % 23 == 0 {
            out.push('。');
        }
    }
    out
}

/// A sentence of words drawn from one language's small vocabulary, common words more
/// often: text whose frequent words and phrases a dictionary learns, as it does a
/// language's or a site's. (Copies of one numbered sentence are mostly numbers once coded;
/// whether a dictionary helps them is chance.)
pub(crate) fn sentence(chinese: bool, rng: &mut Rng) -> String {
    const ZH: [&str; 40] = [
        "城市",
        "更新",
        "工作",
        "推进",
        "河道",
        "治理",
        "项目",
        "今年",
        "全市",
        "群众",
        "社区",
        "服务",
        "建设",
        "发展",
        "经济",
        "记者",
        "了解",
        "部门",
        "相关",
        "负责人",
        "表示",
        "进一步",
        "加强",
        "完善",
        "居民",
        "生活",
        "环境",
        "改善",
        "交通",
        "道路",
        "公园",
        "学校",
        "医院",
        "资金",
        "投入",
        "计划",
        "完成",
        "目前",
        "已经",
        "开始",
    ];
    const EN: [&str; 40] = [
        "the",
        "council",
        "approved",
        "river",
        "projects",
        "this",
        "week",
        "city",
        "residents",
        "said",
        "new",
        "plan",
        "would",
        "improve",
        "roads",
        "and",
        "parks",
        "in",
        "of",
        "a",
        "to",
        "for",
        "its",
        "budget",
        "school",
        "hospital",
        "officials",
        "expected",
        "work",
        "begin",
        "next",
        "year",
        "local",
        "traffic",
        "housing",
        "funding",
        "mayor",
        "district",
        "report",
        "public",
    ];
    let words = if chinese { &ZH } else { &EN };
    let len = 6 + rng.below(12);
    let mut out = String::new();
    for w in 0..len {
        // The smaller of two draws: early words of the list come up more often.
        let n = words.len() as u64;
        let i = rng.below(n).min(rng.below(n)) as usize;
        if !chinese && w > 0 {
            out.push(' ');
        }
        out.push_str(words[i]);
    }
    out.push_str(if chinese { "。" } else { ". " });
    out
}

/// The length of the longest common subsequence of `a` and `b` by the plain dynamic programme:
/// the reference the diffs are checked against.
pub(crate) fn dp_lcs<T: Eq>(a: &[T], b: &[T]) -> usize {
    let mut prev = vec![0usize; b.len() + 1];
    let mut cur = vec![0usize; b.len() + 1];
    for x in a {
        for (j, y) in b.iter().enumerate() {
            cur[j + 1] = if x == y { prev[j] + 1 } else { prev[j + 1].max(cur[j]) };
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Asserts that `runs` are common runs of `a` and `b`, in increasing order in both, and returns
/// how many characters they cover.
pub(crate) fn common_runs<T: Eq + std::fmt::Debug>(a: &[T], b: &[T], runs: &[crate::verify::myers::Run]) -> usize {
    let (mut pa, mut pb) = (0u32, 0u32);
    for r in runs {
        assert!(r.a >= pa && r.b >= pb, "runs out of order: {runs:?}");
        assert_eq!(a[r.a as usize..(r.a + r.len) as usize], b[r.b as usize..(r.b + r.len) as usize]);
        (pa, pb) = (r.a + r.len, r.b + r.len);
    }
    runs.iter().map(|r| r.len as usize).sum()
}
