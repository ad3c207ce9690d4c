//! The crawl's plan: which page quotes which sentences of which source, on which site, when.

use serde::Serialize;

use super::bulletin;
use super::corpus::{Corpus, Source};
use super::rng::Rng;
use super::sites::{Site, SiteKind};
use super::text::{nchars, prefix, FORUM_INTROS, SOURCES};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The first publication of a story, thread, short item.
    Original,
    /// The same text under another template.
    Repost,
    /// 1-5% of the characters changed.
    Edited,
    /// A contiguous 25-60% of the text.
    Excerpt,
    /// 15-35% of the text left out (paragraphs or sentences), the rest in order.
    Abridged,
    /// 10-35% new text added (a lead, background, or a paragraph in the middle).
    Extended,
    /// One or two paragraphs moved.
    Reorder,
    /// Leads of two or three stories on one page.
    Digest,
    /// One half of a story split over two pages.
    Split,
    /// An issue of a bulletin series (near misses of each other).
    Bulletin,
}

impl Role {
    pub const ALL: [Role; 10] = [
        Role::Original,
        Role::Repost,
        Role::Edited,
        Role::Excerpt,
        Role::Abridged,
        Role::Extended,
        Role::Reorder,
        Role::Digest,
        Role::Split,
        Role::Bulletin,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Original => "original",
            Role::Repost => "repost",
            Role::Edited => "edited",
            Role::Excerpt => "excerpt",
            Role::Abridged => "abridged",
            Role::Extended => "extended",
            Role::Reorder => "reorder",
            Role::Digest => "digest",
            Role::Split => "split",
            Role::Bulletin => "bulletin",
        }
    }
}

/// What a page's text is drawn from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A news story from the corpus (at least 150 characters).
    Story,
    /// A short news item: the template dominates the page.
    Short,
    /// A forum thread whose opening post is a user review.
    Thread,
    /// A bulletin issue.
    Bulletin,
    /// A digest page.
    Digest,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Story => "story",
            Kind::Short => "short",
            Kind::Thread => "thread",
            Kind::Bulletin => "bulletin",
            Kind::Digest => "digest",
        }
    }
}

/// A piece of a page's main text.
#[derive(Debug, Clone)]
pub enum Block {
    /// A paragraph made of these sentences of a source (global sentence indices, in page order).
    Para { src: u32, sents: Vec<u32> },
    /// New text (an "extended" page's addition).
    Added(String),
    /// A digest's section headline (not counted as text).
    Heading(String),
    /// A digest's link to the full story.
    More,
}

#[derive(Debug, Clone)]
pub struct PagePlan {
    pub seq: usize,
    pub site: usize,
    /// Seconds since the crawl's start.
    pub publish: i64,
    pub crawl: i64,
    pub role: Role,
    pub kind: Kind,
    /// Indices into [`Plan::sources`].
    pub sources: Vec<u32>,
    pub title: String,
    pub blocks: Vec<Block>,
    /// Share of characters to edit (edited pages).
    pub edit_rate: f64,
    /// (part, parts) of a split story.
    pub split: Option<(u8, u8)>,
    /// `seq` of part 1, for part 2 of a split story.
    pub split_first: Option<usize>,
    /// Bulletin family.
    pub family: Option<&'static str>,
    /// Lines before the text that are not the article (original title, a reposter's words).
    pub notes: Vec<String>,
    /// Lines after the text that are not the article.
    pub tail_notes: Vec<String>,
    pub source_label: String,
    pub author: Option<String>,
}

/// The whole crawl before rendering.
pub struct Plan {
    pub sources: Vec<Source>,
    pub source_kinds: Vec<Kind>,
    /// Pages in crawl order (`seq` is the order of generation).
    pub pages: Vec<PagePlan>,
    /// How many corpus stories were available and used, for the summary.
    pub stories_available: usize,
    pub stories_used: usize,
}

/// Parameters of a plan.
#[derive(Debug, Clone)]
pub struct Config {
    pub pages: usize,
    pub days: usize,
    pub seed: u64,
}

struct Planner<'a> {
    sites: &'a [Site],
    by_kind: [Vec<usize>; 3],
    sources: Vec<Source>,
    kinds: Vec<Kind>,
    filler: &'a [String],
    filler_next: usize,
    pages: Vec<PagePlan>,
    w: i64,
}

fn kind_slot(k: SiteKind) -> usize {
    match k {
        SiteKind::News => 0,
        SiteKind::Portal => 1,
        SiteKind::Forum => 2,
    }
}

/// Delay of a follow-up publication: mostly hours, sometimes days.
fn delay(rng: &mut Rng) -> i64 {
    let h = match rng.weighted(&[0.55, 0.3, 0.15]) {
        0 => rng.uniform(0.1, 8.0),
        1 => rng.uniform(8.0, 48.0),
        _ => rng.uniform(48.0, 120.0),
    };
    (h * 3600.0) as i64
}

impl<'a> Planner<'a> {
    fn site_of(&self, weights: [f64; 3], avoid: &[usize], same_site_p: f64, rng: &mut Rng) -> usize {
        if !avoid.is_empty() && rng.chance(same_site_p) {
            // The same site publishes it again (another channel, another URL).
            let cands: Vec<usize> =
                avoid.iter().copied().filter(|&s| weights[kind_slot(self.sites[s].kind)] > 0.0).collect();
            if !cands.is_empty() {
                return *rng.pick(&cands);
            }
        }
        for _ in 0..12 {
            let slot = rng.weighted(&weights);
            let list = &self.by_kind[slot];
            if list.is_empty() {
                continue;
            }
            let s = *rng.pick(list);
            if !avoid.contains(&s) {
                return s;
            }
        }
        let slot = rng.weighted(&weights);
        let list = if self.by_kind[slot].is_empty() { &self.by_kind[1] } else { &self.by_kind[slot] };
        *rng.pick(list)
    }

    /// A publication time at `t0 + d`, kept inside the window.
    fn at(&self, t0: i64, d: i64, rng: &mut Rng) -> i64 {
        let t = t0 + d;
        if t < self.w {
            t
        } else {
            t0 + rng.uniform(0.0, (self.w - t0) as f64) as i64
        }
    }

    fn crawl_time(&self, site: usize, publish: i64, rng: &mut Rng) -> i64 {
        let lag = rng.exp(self.sites[site].lag_hours * 3600.0) as i64 + 60;
        let t = publish + lag;
        if t < self.w {
            t
        } else {
            publish + rng.uniform(0.0, (self.w - publish).max(1) as f64) as i64
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        site: usize,
        publish: i64,
        role: Role,
        kind: Kind,
        sources: Vec<u32>,
        title: String,
        blocks: Vec<Block>,
        rng: &mut Rng,
    ) -> usize {
        let crawl = self.crawl_time(site, publish, rng);
        let seq = self.pages.len();
        self.pages.push(PagePlan {
            seq,
            site,
            publish,
            crawl,
            role,
            kind,
            sources,
            title,
            blocks,
            edit_rate: 0.0,
            split: None,
            split_first: None,
            family: None,
            notes: Vec::new(),
            tail_notes: Vec::new(),
            source_label: String::new(),
            author: None,
        });
        seq
    }

    fn src(&self, s: u32) -> &Source {
        &self.sources[s as usize]
    }

    /// Blocks for sentences given in page order: a new paragraph wherever the source has one or the
    /// sentences stop being consecutive.
    fn blocks_for(&self, s: u32, sents: &[u32]) -> Vec<Block> {
        let paras = self.src(s).sentence_paras();
        let mut out: Vec<Block> = Vec::new();
        let mut prev: Option<u32> = None;
        for &g in sents {
            let same = prev.is_some_and(|p| p + 1 == g && paras[p as usize] == paras[g as usize]);
            match (same, out.last_mut()) {
                (true, Some(Block::Para { sents, .. })) => sents.push(g),
                _ => out.push(Block::Para { src: s, sents: vec![g] }),
            }
            prev = Some(g);
        }
        out
    }

    fn full(&self, s: u32) -> Vec<Block> {
        let n = self.src(s).sentence_count() as u32;
        self.blocks_for(s, &(0..n).collect::<Vec<_>>())
    }

    /// Sentence indices of a contiguous 25-60% of the text.
    fn excerpt(&self, s: u32, rng: &mut Rng) -> Vec<u32> {
        let lens = self.src(s).sentence_lens();
        let total: u32 = lens.iter().sum();
        let target = (f64::from(total) * rng.uniform(0.27, 0.55)) as u32;
        let max = (f64::from(total) * 0.6) as u32;
        let n = lens.len();
        // Latest start that still leaves the target.
        let mut last_start = 0;
        let mut tail = 0;
        for i in (0..n).rev() {
            tail += lens[i];
            if tail >= target {
                last_start = i;
                break;
            }
        }
        let start = if rng.chance(0.5) { 0 } else { rng.incl(0, last_start) };
        let mut out = Vec::new();
        let mut acc = 0;
        for (i, &l) in lens.iter().enumerate().skip(start) {
            if acc >= target || (acc + l > max && !out.is_empty()) {
                break;
            }
            out.push(i as u32);
            acc += l;
        }
        out
    }

    /// Sentence indices with 15-35% of the text left out.
    fn abridged(&self, s: u32, rng: &mut Rng) -> Vec<u32> {
        let src = self.src(s);
        let lens = src.sentence_lens();
        let paras = src.sentence_paras();
        let total: u32 = lens.iter().sum();
        let target = (f64::from(total) * rng.uniform(0.17, 0.33)) as u32;
        let max = (f64::from(total) * 0.35) as u32;
        let mut removed = vec![false; lens.len()];
        let mut gone = 0;
        let n_paras = src.paras.len();
        if n_paras >= 4 {
            let mut order: Vec<usize> = (1..n_paras).collect();
            rng.shuffle(&mut order);
            for p in order {
                let len: u32 = (0..lens.len()).filter(|&g| paras[g] as usize == p).map(|g| lens[g]).sum();
                if gone + len <= max {
                    for g in 0..lens.len() {
                        if paras[g] as usize == p {
                            removed[g] = true;
                        }
                    }
                    gone += len;
                }
                if gone >= target {
                    break;
                }
            }
        }
        if gone < target {
            let mut order: Vec<usize> = (1..lens.len()).collect();
            rng.shuffle(&mut order);
            for g in order {
                if gone >= target {
                    break;
                }
                if !removed[g] && gone + lens[g] <= max {
                    removed[g] = true;
                    gone += lens[g];
                }
            }
        }
        (0..lens.len() as u32).filter(|&g| !removed[g as usize]).collect()
    }

    fn take_filler(&mut self, chars: usize) -> Option<Vec<String>> {
        let mut out = Vec::new();
        let mut got = 0;
        while got < chars {
            let p = self.filler.get(self.filler_next)?;
            self.filler_next += 1;
            got += nchars(p);
            out.push(p.clone());
        }
        Some(out)
    }

    fn extended(&mut self, s: u32, rng: &mut Rng) -> Option<Vec<Block>> {
        let total = self.src(s).chars();
        let want = (total as f64 * rng.uniform(0.12, 0.3)) as usize;
        let max = (total as f64 * 0.35) as usize;
        let mut add = self.take_filler(want.max(20))?;
        // Trim the addition to the range at sentence ends.
        let mut text: String = add.concat();
        if nchars(&text) > max {
            let mut kept = String::new();
            for sent in super::text::split_sentences(&text) {
                if nchars(&kept) + nchars(&sent) > max && !kept.is_empty() {
                    break;
                }
                kept.push_str(&sent);
            }
            text = kept;
            add = vec![text.clone()];
        }
        if nchars(&text) * 100 < total * 8 {
            return None;
        }
        let mut blocks = self.full(s);
        let added: Vec<Block> = add.into_iter().map(Block::Added).collect();
        match rng.weighted(&[0.5, 0.2, 0.3]) {
            0 => blocks.extend(added),
            1 => {
                let mut b = added;
                b.extend(blocks);
                blocks = b;
            }
            _ => {
                let at = rng.incl(1, blocks.len().saturating_sub(1).max(1)).min(blocks.len());
                for (i, b) in added.into_iter().enumerate() {
                    blocks.insert(at + i, b);
                }
            }
        }
        Some(blocks)
    }

    fn reorder(&self, s: u32, rng: &mut Rng) -> Vec<Block> {
        let mut blocks = self.full(s);
        let n = blocks.len();
        let moves = if n >= 5 && rng.chance(0.5) { 2 } else { 1 };
        for _ in 0..moves {
            let from = rng.range(0, n);
            let b = blocks.remove(from);
            let mut to = rng.range(0, n);
            if to == from {
                to = if from == 0 { n - 1 } else { 0 };
            }
            blocks.insert(to.min(blocks.len()), b);
        }
        blocks
    }

    /// Sentence ranges of the two halves of a split story.
    fn split(&self, s: u32) -> (Vec<u32>, Vec<u32>) {
        let src = self.src(s);
        let lens = src.sentence_lens();
        let paras = src.sentence_paras();
        let total: u32 = lens.iter().sum();
        let n = lens.len();
        // Prefer a paragraph end near the middle; else a sentence end.
        let mut best = n / 2;
        let mut best_score = f64::MAX;
        let mut acc = 0u32;
        for cut in 1..n {
            acc += lens[cut - 1];
            let share = f64::from(acc) / f64::from(total);
            if !(0.3..=0.7).contains(&share) {
                continue;
            }
            let para_end = paras[cut] != paras[cut - 1];
            let score = (share - 0.5).abs() + if para_end { 0.0 } else { 0.15 };
            if score < best_score {
                best_score = score;
                best = cut;
            }
        }
        ((0..best as u32).collect(), (best as u32..n as u32).collect())
    }

    fn lead(&self, s: u32) -> Option<Vec<u32>> {
        let lens = self.src(s).sentence_lens();
        let total: u32 = lens.iter().sum();
        let mut acc = 0;
        let mut out = Vec::new();
        for (i, &l) in lens.iter().enumerate() {
            out.push(i as u32);
            acc += l;
            if acc >= 160 {
                break;
            }
        }
        (acc >= 160 && acc * 2 <= total).then_some(out)
    }

    fn retitle(&self, title: &str, role: Role, forum: bool, rng: &mut Rng) -> String {
        if forum {
            return match rng.range(0, 5) {
                0 => format!("【转帖】{title}"),
                1 => format!("[转载]{title}"),
                2 => format!("转：{title}"),
                _ => title.to_string(),
            };
        }
        let p = if role == Role::Edited { 0.5 } else { 0.3 };
        if !rng.chance(p) {
            return title.to_string();
        }
        match rng.range(0, 5) {
            0 => format!("组图：{title}"),
            1 => format!("{title}（图）"),
            2 if nchars(title) > 12 => prefix(title, nchars(title) * 2 / 3),
            3 => format!("{}：{title}", rng.pick(&["快讯", "关注", "热点", "聚焦"])),
            _ => format!("{title}——{}", rng.pick(&["记者调查", "各地动态", "来自基层的报道", "新闻追踪"])),
        }
    }

    fn story_cluster(&mut self, s: u32, k: usize, rng: &mut Rng) {
        let span = (self.w as f64 * 0.95) as i64;
        let t0 = rng.range(0, span.max(1) as usize) as i64;
        let src_chars = self.src(s).chars();
        let n_sents = self.src(s).sentence_count();
        let n_paras = self.src(s).paras.len();
        let title = self.src(s).title.clone();
        let byline = self.src(s).byline.clone();
        let site0 = self.site_of([0.75, 0.25, 0.0], &[], 0.0, rng);
        let blocks = self.full(s);
        let first = self.push(site0, t0, Role::Original, Kind::Story, vec![s], title.clone(), blocks, rng);
        let own = self.sites[site0].own_source.clone();
        self.pages[first].source_label = if rng.chance(0.5) { "人民日报".to_string() } else { own };
        self.pages[first].author = byline.clone().filter(|_| rng.chance(0.6));
        let mut used = vec![site0];
        let mut left = k.saturating_sub(1);
        while left > 0 {
            let mut role =
                [Role::Repost, Role::Edited, Role::Excerpt, Role::Abridged, Role::Extended, Role::Reorder, Role::Split]
                    [rng.weighted(&[0.30, 0.15, 0.13, 0.10, 0.09, 0.08, 0.07])];
            let feasible = match role {
                Role::Excerpt => src_chars >= 500 && n_sents >= 4,
                Role::Abridged => n_sents >= 5,
                Role::Reorder => n_paras >= 3,
                Role::Split => left >= 2 && src_chars >= 600 && (n_paras >= 2 || n_sents >= 6),
                _ => true,
            };
            if !feasible {
                role = if rng.chance(0.6) { Role::Repost } else { Role::Edited };
            }
            let weights = match role {
                Role::Repost => [0.2, 0.55, 0.25],
                Role::Edited => [0.2, 0.6, 0.2],
                Role::Excerpt => [0.2, 0.45, 0.35],
                Role::Split => [0.5, 0.5, 0.0],
                _ => [0.4, 0.6, 0.0],
            };
            let site = self.site_of(weights, &used, 0.06, rng);
            used.push(site);
            let forum = self.sites[site].kind == SiteKind::Forum;
            let publish = self.at(t0, delay(rng), rng);
            let blocks = match role {
                Role::Excerpt => {
                    let sents = self.excerpt(s, rng);
                    self.blocks_for(s, &sents)
                }
                Role::Abridged => {
                    let sents = self.abridged(s, rng);
                    self.blocks_for(s, &sents)
                }
                Role::Extended => match self.extended(s, rng) {
                    Some(b) => b,
                    None => {
                        role = Role::Repost;
                        self.full(s)
                    }
                },
                Role::Reorder => self.reorder(s, rng),
                _ => self.full(s),
            };
            let label = match rng.range(0, 3) {
                0 => "人民日报".to_string(),
                1 => self.sites[site0].name.clone(),
                _ => rng.pick(SOURCES).to_string(),
            };
            if role == Role::Split {
                let (a, b) = self.split(s);
                let t = self.retitle(&title, role, false, rng);
                let b1 = self.blocks_for(s, &a);
                let b2 = self.blocks_for(s, &b);
                let p1 = self.push(site, publish, role, Kind::Story, vec![s], t.clone(), b1, rng);
                let p2 = self.push(site, publish, role, Kind::Story, vec![s], t, b2, rng);
                // Part 2 is fetched right after part 1, following the link.
                let c1 = self.pages[p1].crawl;
                self.pages[p2].crawl = (c1 + rng.range(1, 300) as i64).min(self.w - 1).max(c1);
                for (p, part) in [(p1, 1u8), (p2, 2u8)] {
                    self.pages[p].split = Some((part, 2));
                    self.pages[p].source_label = label.clone();
                }
                self.pages[p2].split_first = Some(p1);
                left = left.saturating_sub(2);
                continue;
            }
            let t = self.retitle(&title, role, forum, rng);
            let p = self.push(site, publish, role, Kind::Story, vec![s], t, blocks, rng);
            let page = &mut self.pages[p];
            page.source_label = label;
            page.author = byline.clone().filter(|_| rng.chance(0.3));
            if role == Role::Edited {
                page.edit_rate = rng.uniform(0.01, 0.05);
            }
            if forum {
                let intro = FORUM_INTROS[rng.range(0, FORUM_INTROS.len())].replace("{source}", &page.source_label);
                if rng.chance(0.7) {
                    page.notes.push(intro);
                }
            } else if rng.chance(0.2) && page.title != title {
                page.notes.push(format!("原标题：{title}"));
            }
            if !forum && rng.chance(0.25) {
                page.tail_notes.push(
                    rng.pick(&["（完）", "（本文来源：人民日报）", "（据人民日报报道）", "（综合）"]).to_string(),
                );
            }
            left -= 1;
        }
    }

    fn digest(&mut self, stories: &[u32], nth: usize, rng: &mut Rng) {
        let k = rng.incl(2, 3);
        let picked: Vec<u32> = rng.sample_indices(stories.len(), k).into_iter().map(|i| stories[i]).collect();
        // After the stories' first pages, mostly.
        let latest = picked
            .iter()
            .filter_map(|&s| self.pages.iter().filter(|p| p.sources == [s]).map(|p| p.publish).min())
            .max()
            .unwrap_or(0);
        let publish = self.at(latest, (rng.uniform(0.5, 30.0) * 3600.0) as i64, rng);
        let site = self.site_of([0.3, 0.7, 0.0], &[], 0.0, rng);
        let mut blocks = Vec::new();
        for &s in &picked {
            blocks.push(Block::Heading(self.src(s).title.clone()));
            if let Some(lead) = self.lead(s) {
                blocks.extend(self.blocks_for(s, &lead));
            }
            blocks.push(Block::More);
        }
        let title = match rng.range(0, 4) {
            0 => "今日要闻".to_string(),
            1 => format!("新闻早餐（第{}期）", 100 + nth),
            2 => "新闻速览".to_string(),
            _ => format!("{}早报精选", self.sites[site].name),
        };
        let p = self.push(site, publish, Role::Digest, Kind::Digest, picked, title, blocks, rng);
        self.pages[p].source_label = self.sites[site].name.clone();
    }

    fn simple_cluster(&mut self, s: u32, kind: Kind, k: usize, rng: &mut Rng) {
        let t0 = rng.range(0, (self.w as f64 * 0.95) as usize) as i64;
        let forum = kind == Kind::Thread;
        let weights = if forum { [0.0, 0.0, 1.0] } else { [0.6, 0.4, 0.0] };
        let site0 = self.site_of(weights, &[], 0.0, rng);
        let title = self.src(s).title.clone();
        let blocks = self.full(s);
        let p = self.push(site0, t0, Role::Original, kind, vec![s], title.clone(), blocks, rng);
        self.pages[p].source_label = self.sites[site0].own_source.clone();
        let mut used = vec![site0];
        for _ in 1..k {
            let site = self.site_of(weights, &used, 0.05, rng);
            used.push(site);
            let publish = self.at(t0, delay(rng), rng);
            let t = if forum { self.retitle(&title, Role::Repost, true, rng) } else { title.clone() };
            let blocks = self.full(s);
            let p = self.push(site, publish, Role::Repost, kind, vec![s], t, blocks, rng);
            self.pages[p].source_label = self.sites[site0].name.clone();
            if forum && rng.chance(0.6) {
                self.pages[p].notes.push(format!("转自{}：", self.sites[site0].name));
            }
        }
    }

    fn extra_repost(&mut self, s: u32, rng: &mut Rng) {
        let first = self.pages.iter().filter(|p| p.sources == [s]).map(|p| (p.publish, p.site)).min();
        let (t0, site0) = first.unwrap_or((0, 0));
        let site = self.site_of([0.3, 0.7, 0.0], &[site0], 0.0, rng);
        let publish = self.at(t0, delay(rng), rng);
        let blocks = self.full(s);
        let title = self.src(s).title.clone();
        let p = self.push(site, publish, Role::Repost, Kind::Story, vec![s], title, blocks, rng);
        self.pages[p].source_label = "人民日报".to_string();
    }

    fn add_source(&mut self, s: Source, kind: Kind) -> u32 {
        self.sources.push(s);
        self.kinds.push(kind);
        (self.sources.len() - 1) as u32
    }
}

/// Cluster size: 30% singletons, else 2 + a geometric number with the mean that makes the average
/// size `mean`.
fn cluster_size(mean: f64, rng: &mut Rng) -> usize {
    if rng.chance(0.3) {
        return 1;
    }
    let g = ((mean - 0.3) / 0.7 - 2.0).max(0.05);
    let p = 1.0 / (1.0 + g);
    let mut k = 2;
    while k < 30 && !rng.chance(p) {
        k += 1;
    }
    k
}

/// Builds the plan.
pub fn plan(cfg: &Config, corpus: &Corpus, sites: &[Site]) -> Plan {
    let n = cfg.pages;
    let mut by_kind: [Vec<usize>; 3] = Default::default();
    for s in sites {
        by_kind[kind_slot(s.kind)].push(s.idx);
    }
    let mut pl = Planner {
        sites,
        by_kind,
        sources: Vec::new(),
        kinds: Vec::new(),
        filler: &corpus.filler,
        filler_next: 0,
        pages: Vec::new(),
        w: (cfg.days as i64) * 86_400,
    };
    let mut rng = Rng::for_purpose(cfg.seed, "plan", 0);

    // Budgets. Stories take what the others leave.
    let bulletin_budget = n * 18 / 100;
    let digest_budget = n * 3 / 100;
    let short_budget = (n * 5 / 100).min(corpus.shorts.len() * 13 / 10);
    let thread_budget = (n * 25 / 100).min(corpus.posts.len() * 13 / 10);
    let story_budget = n.saturating_sub(bulletin_budget + digest_budget + short_budget + thread_budget);

    // Stories, in a random order.
    let mut order: Vec<usize> = (0..corpus.stories.len()).collect();
    rng.shuffle(&mut order);
    let mean = (story_budget as f64 / corpus.stories.len().max(1) as f64).clamp(2.4, 8.0);
    let mut story_pages = 0;
    let mut used_stories = Vec::new();
    for &i in &order {
        if story_pages >= story_budget {
            break;
        }
        let k = cluster_size(mean, &mut rng).min(story_budget - story_pages);
        let s = pl.add_source(corpus.stories[i].clone(), Kind::Story);
        let mut r = Rng::for_purpose(cfg.seed, "story", i as u64);
        let before = pl.pages.len();
        pl.story_cluster(s, k, &mut r);
        story_pages += pl.pages.len() - before;
        used_stories.push(s);
    }
    let stories_used = used_stories.len();

    // Digests quote stories that have pages.
    let digestable: Vec<u32> = used_stories.iter().copied().filter(|&s| pl.lead(s).is_some()).collect();
    if digestable.len() >= 3 {
        for d in 0..digest_budget {
            let mut r = Rng::for_purpose(cfg.seed, "digest", d as u64);
            pl.digest(&digestable, d, &mut r);
        }
    }

    // Forum threads and short items: small clusters.
    for (budget, pool, kind, label) in
        [(thread_budget, &corpus.posts, Kind::Thread, "thread"), (short_budget, &corpus.shorts, Kind::Short, "short")]
    {
        let mut order: Vec<usize> = (0..pool.len()).collect();
        rng.shuffle(&mut order);
        let mut made = 0;
        for &i in &order {
            if made >= budget {
                break;
            }
            let mut r = Rng::for_purpose(cfg.seed, label, i as u64);
            let k = if r.chance(0.75) { 1 } else { r.incl(2, 3) }.min(budget - made);
            let s = pl.add_source(pool[i].clone(), kind);
            pl.simple_cluster(s, kind, k, &mut r);
            made += k;
        }
    }

    // Bulletin series: one issue a day per series, some reposted elsewhere.
    let days = cfg.days.max(1);
    let series = bulletin_budget.div_ceil(days);
    let mut made = 0;
    'series: for si in 0..series {
        let mut r = Rng::for_purpose(cfg.seed, "bulletin", si as u64);
        let family = bulletin::FAMILIES[si % bulletin::FAMILIES.len()];
        let subject = r.range(0, 1000);
        let site = pl.site_of([0.5, 0.5, 0.0], &[], 0.0, &mut r);
        let hour = r.range(6, 20) as i64;
        let fullwidth = r.chance(0.3);
        for day in 0..days {
            if made >= bulletin_budget {
                break 'series;
            }
            let publish = day as i64 * 86_400 + hour * 3600 + r.range(0, 1800) as i64;
            let c = super::text::civil(super::output::EPOCH + publish, super::render::CST);
            let issue = bulletin::issue(family, subject, c.month, c.day, &mut r, fullwidth);
            let id = format!("bl-{family}-{si:03}-{:02}", day + 1);
            let s = pl.add_source(Source::new(id, issue.title.clone(), None, &issue.paras), Kind::Bulletin);
            let blocks = pl.full(s);
            let p =
                pl.push(site, publish, Role::Bulletin, Kind::Bulletin, vec![s], issue.title.clone(), blocks, &mut r);
            pl.pages[p].family = Some(family);
            pl.pages[p].source_label = pl.sites[site].own_source.clone();
            made += 1;
            if made < bulletin_budget && r.chance(0.08) {
                let other = pl.site_of([0.5, 0.5, 0.0], &[site], 0.0, &mut r);
                let at = pl.at(publish, (r.uniform(0.5, 10.0) * 3600.0) as i64, &mut r);
                let blocks = pl.full(s);
                let p = pl.push(other, at, Role::Repost, Kind::Bulletin, vec![s], issue.title.clone(), blocks, &mut r);
                pl.pages[p].family = Some(family);
                pl.pages[p].source_label = pl.sites[site].name.clone();
                made += 1;
            }
        }
    }

    // Whatever a budget could not fill goes to more reposts of stories (small corpora, tiny crawls).
    let mut extra = 0u64;
    while pl.pages.len() < n && !used_stories.is_empty() {
        let s = used_stories[(extra as usize * 7919) % used_stories.len()];
        let mut r = Rng::for_purpose(cfg.seed, "extra", extra);
        pl.extra_repost(s, &mut r);
        extra += 1;
    }
    pl.pages.truncate(n);

    // Crawl order: by fetch time, then by generation order.
    let mut pages = pl.pages;
    pages.sort_by_key(|p| (p.crawl, p.seq));
    Plan { sources: pl.sources, source_kinds: pl.kinds, pages, stories_available: corpus.stories.len(), stories_used }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{corpus, sites};

    #[test]
    fn roles_change_the_text_by_the_stated_amounts() {
        let corpus = corpus::builtin(400, 3);
        let sites = sites::generate(12, 3);
        let cfg = Config { pages: 1500, days: 4, seed: 3 };
        let plan = plan(&cfg, &corpus, &sites);
        assert_eq!(plan.pages.len(), 1500);
        let mut seen = std::collections::BTreeSet::new();
        for p in &plan.pages {
            let src = &plan.sources[p.sources[0] as usize];
            let total = src.chars() as f64;
            let lens = src.sentence_lens();
            let mut quoted = 0.0;
            let mut added = 0.0;
            for b in &p.blocks {
                match b {
                    Block::Para { src: s, sents } if *s == p.sources[0] => {
                        quoted += sents.iter().map(|&g| f64::from(lens[g as usize])).sum::<f64>()
                    }
                    Block::Added(t) => added += nchars(t) as f64,
                    _ => {}
                }
            }
            let longest = lens.iter().copied().max().unwrap_or(0) as f64 / total;
            let share = quoted / total;
            match p.role {
                Role::Excerpt => assert!((0.25..=0.6 + longest).contains(&share), "excerpt {share}"),
                Role::Abridged => assert!((0.6..=0.9).contains(&share), "abridged {share}"),
                Role::Extended => {
                    assert!(share == 1.0 && (0.08..=0.35).contains(&(added / total)), "extended {}", added / total)
                }
                Role::Split => assert!((0.25..=0.75 + longest).contains(&share), "split {share}"),
                Role::Original | Role::Repost | Role::Edited | Role::Reorder | Role::Bulletin => {
                    assert_eq!(share, 1.0, "{:?}", p.role)
                }
                Role::Digest => assert!(p.sources.len() >= 2),
            }
            if p.role == Role::Edited {
                assert!((0.01..=0.05).contains(&p.edit_rate));
            }
            seen.insert(p.role);
        }
        assert_eq!(seen.len(), Role::ALL.len(), "{seen:?}");
    }
}
