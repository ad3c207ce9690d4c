//! Rendering the plan into pages and writing the crawl: per day JSONL and WARC.gz, the truth, a
//! summary and the site list.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use flate2::write::GzEncoder;
use flate2::Compression;
use serde::Serialize;
use serde_json::json;

use super::plan::{Block, Kind, PagePlan, Plan, Role};
use super::render::{render, Comment, Item, View};
use super::rng::{derive, splitmix, Rng};
use super::sites::{Site, SiteKind};
use super::text::{civil, halfwidth_digits, http_date, iso_utc, nchars, prefix, user_name};
use super::truth::{self, Content, Rel};

/// The crawl starts on 1998-01-01 00:00 Beijing time (the corpus's month).
pub const EPOCH: i64 = 883_584_000;

const CHANNEL_PATHS: &[&str] =
    &["news", "china", "world", "society", "finance", "tech", "sports", "ent", "edu", "local"];

/// Common characters that edits substitute and insert.
const COMMON: &str = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经之进着等部度家电力里如水化高自理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严";

fn is_cjk(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
}

/// Changes about `rate` of the characters of the paragraphs: substitutions, deletions, insertions
/// of Chinese characters and punctuation swaps. Digits and "。" are left alone (changing facts is
/// what makes a near miss, not an edit).
pub fn edit(paras: &mut [String], rate: f64, rng: &mut Rng) {
    let common: Vec<char> = COMMON.chars().collect();
    let mut chars: Vec<Vec<char>> = paras.iter().map(|p| p.chars().collect()).collect();
    let total: usize = chars.iter().map(Vec::len).sum();
    let mut budget = ((total as f64) * rate).round().max(1.0) as usize;
    let mut tries = 0;
    while budget > 0 && tries < budget * 50 + 100 {
        tries += 1;
        let weights: Vec<f64> = chars.iter().map(|c| c.len() as f64).collect();
        let p = rng.weighted(&weights);
        let text = &mut chars[p];
        if text.len() < 4 {
            continue;
        }
        let i = rng.range(0, text.len());
        match rng.weighted(&[0.5, 0.2, 0.2, 0.1]) {
            0 if is_cjk(text[i]) => {
                let k = rng.incl(1, 2).min(text.len() - i);
                for c in text.iter_mut().skip(i).take(k) {
                    if is_cjk(*c) {
                        *c = *rng.pick(&common);
                    }
                }
                budget = budget.saturating_sub(k);
            }
            1 if is_cjk(text[i]) => {
                let k = (i..text.len().min(i + rng.incl(1, 3))).take_while(|&j| is_cjk(text[j])).count();
                text.drain(i..i + k);
                budget = budget.saturating_sub(k.max(1));
            }
            2 if is_cjk(text[i]) => {
                let k = rng.incl(1, 2);
                for _ in 0..k {
                    text.insert(i, *rng.pick(&common));
                }
                budget = budget.saturating_sub(k);
            }
            3 if matches!(text[i], '，' | '、' | '；') => {
                text[i] = *rng.pick(&['，', '、', '；', '：']);
                budget -= 1;
            }
            _ => {}
        }
    }
    for (p, c) in paras.iter_mut().zip(chars) {
        *p = c.into_iter().collect();
    }
}

/// A page as written: its URL, bytes and what the truth file says about it.
pub struct Rendered {
    pub url: String,
    pub html: String,
    pub bytes: Vec<u8>,
}

fn url_for(site: &Site, p: &PagePlan, id: u64, part2: bool, rng: &mut Rng) -> String {
    let c = civil(EPOCH + p.publish, super::render::CST);
    let h = &site.host;
    match site.kind {
        SiteKind::Forum => {
            if site.layout == super::sites::Layout::Discuz {
                format!("http://{h}/thread-{id}-1-1.html")
            } else {
                format!("http://{h}/read.php?tid={id}")
            }
        }
        _ => {
            let ch = CHANNEL_PATHS[(id as usize + site.idx) % CHANNEL_PATHS.len()];
            let _ = rng;
            let s2 = if part2 { "_2" } else { "" };
            match site.url_style {
                0 => format!("http://{h}/{ch}/{:04}{:02}{:02}/{id}{s2}.html", c.year, c.month, c.day),
                1 => format!("http://{h}/news/{:04}-{:02}/{:02}/content_{id}{s2}.htm", c.year, c.month, c.day),
                2 => format!("http://{h}/a/{:04}{:02}/{:02}{id}{s2}.shtml", c.year, c.month, c.day),
                3 => format!("http://{h}/article.php?id={id}{}", if part2 { "&page=2" } else { "" }),
                _ => format!("http://{h}/html/{:04}/{:02}{:02}/{id}{s2}.html", c.year, c.month, c.day),
            }
        }
    }
}

/// URLs of all pages, in crawl order.
pub fn assign_urls(plan: &Plan, sites: &[Site], seed: u64) -> Vec<String> {
    let mut counters: Vec<u64> =
        sites.iter().map(|s| 10_000 + (derive(seed, "url-base", s.idx as u64) % 800_000)).collect();
    let mut id_of_seq: BTreeMap<usize, u64> = BTreeMap::new();
    let mut rng = Rng::for_purpose(seed, "urls", 0);
    plan.pages
        .iter()
        .map(|p| {
            let site = &sites[p.site];
            let id = match p.split_first.and_then(|s| id_of_seq.get(&s)) {
                Some(&id) => id,
                None => {
                    counters[p.site] += rng.range(1, 40) as u64;
                    counters[p.site]
                }
            };
            id_of_seq.insert(p.seq, id);
            url_for(site, p, id, p.split_first.is_some(), &mut rng)
        })
        .collect()
}

fn snippet(first: &str, rng: &mut Rng) -> String {
    if nchars(first) <= 90 {
        first.to_string()
    } else {
        format!("{}……", prefix(first, rng.range(40, 70)))
    }
}

/// What rendering needs besides the page.
pub struct Ctx<'a> {
    pub plan: &'a Plan,
    pub sites: &'a [Site],
    pub urls: &'a [String],
    pub comments: &'a [String],
    pub story_sources: Vec<usize>,
    pub news_sources: Vec<usize>,
    pub thread_sources: Vec<usize>,
    pub seed: u64,
}

impl<'a> Ctx<'a> {
    pub fn new(plan: &'a Plan, sites: &'a [Site], urls: &'a [String], comments: &'a [String], seed: u64) -> Ctx<'a> {
        let of = |kinds: &[Kind]| (0..plan.sources.len()).filter(|&i| kinds.contains(&plan.source_kinds[i])).collect();
        Ctx {
            plan,
            sites,
            urls,
            comments,
            story_sources: of(&[Kind::Story]),
            news_sources: of(&[Kind::Story, Kind::Short, Kind::Bulletin]),
            thread_sources: of(&[Kind::Thread]),
            seed,
        }
    }
}

/// Builds the view of page `n` (crawl order) and renders it.
pub fn render_page(ctx: &Ctx<'_>, n: usize) -> Rendered {
    let (plan, sites, urls, comments, seed) = (ctx.plan, ctx.sites, ctx.urls, ctx.comments, ctx.seed);
    let story_sources = &ctx.story_sources;
    let p = &plan.pages[n];
    let site = &sites[p.site];
    let mut rng = Rng::for_purpose(seed, "render", p.seq as u64);
    let channel = site.nav.get(1 + rng.range(0, site.nav.len().saturating_sub(1).max(1))).cloned().unwrap_or_default();

    // The text, with edits.
    let mut paras: Vec<String> = Vec::new();
    let mut from_source: Vec<bool> = Vec::new();
    let mut items_meta: Vec<Option<Item>> = Vec::new();
    for b in &p.blocks {
        match b {
            Block::Para { src, sents } => {
                let s = &plan.sources[*src as usize];
                paras.push(sents.iter().map(|&g| s.sentence(g as usize)).collect());
                from_source.push(true);
                items_meta.push(None);
            }
            Block::Added(t) => {
                paras.push(t.clone());
                from_source.push(false);
                items_meta.push(None);
            }
            Block::Heading(h) => items_meta.push(Some(Item::Heading(h.clone()))),
            Block::More => {
                let u = format!("http://{}/{}.html", site.host, rng.range(100_000, 999_999));
                items_meta.push(Some(Item::More(u)))
            }
        }
    }
    if p.edit_rate > 0.0 {
        let mut editable: Vec<String> =
            paras.iter().zip(&from_source).filter(|(_, f)| **f).map(|(t, _)| t.clone()).collect();
        edit(&mut editable, p.edit_rate, &mut rng);
        let mut it = editable.into_iter();
        for (t, f) in paras.iter_mut().zip(&from_source) {
            if *f {
                if let Some(e) = it.next() {
                    *t = e;
                }
            }
        }
    }
    let mut items: Vec<Item> = p.notes.iter().map(|t| Item::Note(t.clone())).collect();
    let mut pi = paras.into_iter();
    for m in items_meta {
        match m {
            Some(i) => items.push(i),
            None => {
                if let Some(t) = pi.next() {
                    items.push(Item::Para(t));
                }
            }
        }
    }
    items.extend(p.tail_notes.iter().map(|t| Item::Note(t.clone())));

    let fake_url = |rng: &mut Rng| {
        format!("http://{}/{}/{}.html", site.host, CHANNEL_PATHS[rng.range(0, 10)], rng.range(10_000, 999_999))
    };
    let mut related = Vec::new();
    if !story_sources.is_empty() && rng.chance(site.related_p) {
        for _ in 0..rng.incl(2, 6) {
            let s = &plan.sources[*rng.pick(story_sources)];
            let snip = site.related_snippets.then(|| snippet(s.first_sentence(), &mut rng));
            related.push((s.title.clone(), fake_url(&mut rng), snip));
        }
    }
    // Sidebars list the site's kind of pages: stories and bulletins on news sites, threads on forums.
    let mut side = Vec::new();
    let pool = if site.kind == SiteKind::Forum { &ctx.thread_sources } else { &ctx.news_sources };
    if !pool.is_empty() && (site.kind != SiteKind::Forum || rng.chance(0.5)) {
        for label in &site.side_boxes {
            let k = rng.incl(site.side_items.0, site.side_items.1);
            let items = (0..k)
                .map(|_| {
                    let s = &plan.sources[*rng.pick(pool)];
                    (s.title.clone(), fake_url(&mut rng))
                })
                .collect();
            side.push((label.clone(), items));
        }
    }
    let mut cmts = Vec::new();
    let k = match site.kind {
        SiteKind::Forum => rng.weighted(&[0.1, 0.3, 0.35, 0.25]) * 4 + rng.range(0, 4),
        _ if rng.chance(site.comment_p) => rng.incl(1, 6),
        _ => 0,
    };
    if !comments.is_empty() {
        let span = (p.crawl - p.publish).max(120);
        for _ in 0..k {
            let t = EPOCH + p.publish + rng.range(60, span as usize) as i64;
            cmts.push(Comment { user: user_name(&mut rng), time: t, text: rng.pick(comments).clone() });
        }
        cmts.sort_by_key(|c| c.time);
    }
    let pages = p.split.map(|(part, parts)| {
        let (u1, u2) =
            if part == 1 { (urls[n].clone(), page2_url(&urls[n])) } else { (page1_url(&urls[n]), urls[n].clone()) };
        (part, parts, u1, u2)
    });
    let view = View {
        url: urls[n].clone(),
        title: p.title.clone(),
        channel,
        publish: EPOCH + p.publish,
        source: p.source_label.clone(),
        author: p.author.clone(),
        editor: site.editors[rng.range(0, site.editors.len())].clone(),
        items,
        pages,
        related,
        side,
        comments: cmts,
        views: rng.range(12, 40_000) as u32,
        board: site.boards[rng.range(0, site.boards.len())].clone(),
        poster: user_name(&mut rng),
    };
    let mut html = render(site, &view, &mut rng);
    if site.halfwidth_digits {
        html = halfwidth_digits(&html);
    }
    let bytes = if site.gbk { encoding_rs::GBK.encode(&html).0.into_owned() } else { html.as_bytes().to_vec() };
    Rendered { url: urls[n].clone(), html, bytes }
}

fn page2_url(u1: &str) -> String {
    if let Some(base) = u1.strip_suffix(".html") {
        format!("{base}_2.html")
    } else if let Some(base) = u1.strip_suffix(".htm") {
        format!("{base}_2.htm")
    } else if let Some(base) = u1.strip_suffix(".shtml") {
        format!("{base}_2.shtml")
    } else {
        format!("{u1}&page=2")
    }
}

fn page1_url(u2: &str) -> String {
    u2.replace("_2.", ".").replace("&page=2", "")
}

/// A WARC/1.0 record, gzip-compressed as one member.
fn warc_record(
    kind: &str,
    id: u128,
    date: &str,
    uri: Option<&str>,
    content_type: &str,
    block: &[u8],
) -> Result<Vec<u8>> {
    let id = format!(
        "{:08x}-{:04x}-4{:03x}-{:04x}-{:012x}",
        (id >> 96) as u32,
        (id >> 80) as u16,
        ((id >> 64) as u16) & 0x0fff,
        (((id >> 48) as u16) & 0x3fff) | 0x8000,
        (id as u64) & 0xffff_ffff_ffff
    );
    let mut head = format!("WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Record-ID: <urn:uuid:{id}>\r\nWARC-Date: {date}\r\n");
    if let Some(u) = uri {
        head.push_str(&format!("WARC-Target-URI: {u}\r\n"));
    }
    head.push_str(&format!("Content-Type: {content_type}\r\nContent-Length: {}\r\n\r\n", block.len()));
    let mut gz = GzEncoder::new(Vec::with_capacity(block.len() / 3 + 256), Compression::new(6));
    gz.write_all(head.as_bytes())?;
    gz.write_all(block)?;
    gz.write_all(b"\r\n\r\n")?;
    Ok(gz.finish()?)
}

fn uuid(seed: u64, n: u64, kind: u64) -> u128 {
    let mut s = derive(seed, "warc", n * 4 + kind);
    (u128::from(splitmix(&mut s)) << 64) | u128::from(splitmix(&mut s))
}

#[derive(Serialize)]
struct JsonlLine<'a> {
    url: &'a str,
    site: &'a str,
    fetched_at: i64,
    html: &'a str,
}

#[derive(Serialize)]
struct TruthMatch<'a> {
    n: usize,
    url: &'a str,
    relation: Rel,
}

#[derive(Serialize)]
struct TruthLine<'a> {
    n: usize,
    url: &'a str,
    site: &'a str,
    day: usize,
    fetched_at: i64,
    kind: &'static str,
    role: &'static str,
    sources: Vec<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    family: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    split_part: Option<u8>,
    main_chars: u32,
    gbk: bool,
    earlier_dup: bool,
    cluster: usize,
    matches: Vec<TruthMatch<'a>>,
}

fn create(path: &Path) -> Result<BufWriter<File>> {
    Ok(BufWriter::new(File::create(path).with_context(|| format!("{}: cannot create", path.display()))?))
}

/// Page texts as source sentences, for the truth.
pub fn contents(plan: &Plan) -> Vec<Content> {
    let lens: Vec<Vec<u32>> = plan.sources.iter().map(|s| s.sentence_lens()).collect();
    plan.pages
        .iter()
        .map(|p| {
            let mut units = Vec::new();
            let mut added = 0u32;
            for b in &p.blocks {
                match b {
                    Block::Para { src, sents } => {
                        units.extend(sents.iter().map(|&g| (*src, g, lens[*src as usize][g as usize])))
                    }
                    Block::Added(t) => added += nchars(t) as u32,
                    _ => {}
                }
            }
            Content::new(units, added)
        })
        .collect()
}

/// Writes everything; returns the summary.
pub fn write(
    out: &Path,
    plan: &Plan,
    sites: &[Site],
    comments: &[String],
    days: usize,
    seed: u64,
    origin: &str,
) -> Result<serde_json::Value> {
    let urls = assign_urls(plan, sites, seed);
    let contents = contents(plan);
    let sources_of: Vec<Vec<u32>> = plan.pages.iter().map(|p| p.sources.clone()).collect();
    let pairs = truth::pairs(&contents, &sources_of, plan.sources.len());
    let clusters = truth::clusters(&pairs);

    let mut day_dirs: Vec<PathBuf> = Vec::new();
    for d in 1..=days {
        let dir = out.join(format!("day-{d:02}"));
        std::fs::create_dir_all(&dir).with_context(|| format!("{}: cannot create", dir.display()))?;
        day_dirs.push(dir);
    }
    let ctx = Ctx::new(plan, sites, &urls, comments, seed);
    let mut truth_w = create(&out.join("truth.jsonl"))?;
    let mut jsonl: Option<(usize, BufWriter<File>, BufWriter<File>)> = None;
    let mut by_role: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut by_kind: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut per_day = vec![0usize; days];
    let mut rel_counts: BTreeMap<String, usize> = BTreeMap::new();
    let (mut same_site_pairs, mut gbk_pages, mut positives, mut total_pairs) = (0usize, 0usize, 0usize, 0usize);
    for (n, p) in plan.pages.iter().enumerate() {
        let site = &sites[p.site];
        let day = ((p.crawl / 86_400) as usize).min(days - 1);
        if jsonl.as_ref().map(|j| j.0) != Some(day) {
            if let Some((_, mut a, mut b)) = jsonl.take() {
                a.flush()?;
                b.flush()?;
            }
            let dir = &day_dirs[day];
            let mut warc = create(&dir.join("crawl.warc.gz"))?;
            let info = format!(
                "software: ddtool simulate\r\nformat: WARC File Format 1.0\r\nisPartOf: dedupdb-sim-{seed}\r\ndescription: simulated crawl, day {}\r\n",
                day + 1
            );
            warc.write_all(&warc_record(
                "warcinfo",
                uuid(seed, day as u64, 3),
                &iso_utc(EPOCH + day as i64 * 86_400),
                None,
                "application/warc-fields",
                info.as_bytes(),
            )?)?;
            jsonl = Some((day, create(&dir.join("crawl.jsonl"))?, warc));
        }
        let r = render_page(&ctx, n);
        let fetched = EPOCH + p.crawl;
        let Some((_, jw, ww)) = jsonl.as_mut() else { continue };
        serde_json::to_writer(
            &mut *jw,
            &JsonlLine { url: &r.url, site: &site.host, fetched_at: fetched, html: &r.html },
        )?;
        jw.write_all(b"\n")?;
        // WARC: request, then response with the HTTP header.
        let path = r.url.split_once("://").and_then(|(_, rest)| rest.find('/').map(|i| &rest[i..])).unwrap_or("/");
        let req = format!("GET {path} HTTP/1.1\r\nHost: {}\r\nUser-Agent: Mozilla/4.0 (compatible; dedupdb-sim/1.0)\r\nAccept: text/html\r\n\r\n", site.host);
        let date = iso_utc(fetched);
        ww.write_all(&warc_record(
            "request",
            uuid(seed, n as u64, 0),
            &date,
            Some(&r.url),
            "application/http; msgtype=request",
            req.as_bytes(),
        )?)?;
        let ct = match &site.header_charset {
            Some(c) => format!("text/html; charset={c}"),
            None => "text/html".to_string(),
        };
        let server = ["Apache/1.3.27 (Unix)", "Microsoft-IIS/5.0", "nginx/0.7.65", "Apache"][site.idx % 4];
        let mut http = format!(
            "HTTP/1.1 200 OK\r\nDate: {}\r\nServer: {server}\r\nLast-Modified: {}\r\nContent-Type: {ct}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            http_date(fetched),
            http_date(EPOCH + p.publish),
            r.bytes.len()
        )
        .into_bytes();
        http.extend_from_slice(&r.bytes);
        ww.write_all(&warc_record(
            "response",
            uuid(seed, n as u64, 1),
            &date,
            Some(&r.url),
            "application/http; msgtype=response",
            &http,
        )?)?;

        let matches: Vec<TruthMatch> =
            pairs[n].iter().map(|&(j, rel)| TruthMatch { n: j, url: &urls[j], relation: rel }).collect();
        let earlier = !matches.is_empty();
        for m in &matches {
            *rel_counts.entry(format!("{:?}", m.relation).to_lowercase()).or_default() += 1;
            if plan.pages[m.n].site == p.site {
                same_site_pairs += 1;
            }
        }
        total_pairs += matches.len();
        positives += usize::from(earlier);
        gbk_pages += usize::from(site.gbk);
        per_day[day] += 1;
        let e = by_role.entry(p.role.as_str()).or_default();
        e.0 += 1;
        e.1 += usize::from(earlier);
        let e = by_kind.entry(p.kind.as_str()).or_default();
        e.0 += 1;
        e.1 += usize::from(earlier);
        let line = TruthLine {
            n,
            url: &urls[n],
            site: &site.host,
            day: day + 1,
            fetched_at: fetched,
            kind: p.kind.as_str(),
            role: p.role.as_str(),
            sources: p.sources.iter().map(|&s| plan.sources[s as usize].id.as_str()).collect(),
            family: p.family,
            split_part: p.split.map(|s| s.0),
            main_chars: contents[n].total,
            gbk: site.gbk,
            earlier_dup: earlier,
            cluster: clusters[n],
            matches,
        };
        serde_json::to_writer(&mut truth_w, &line)?;
        truth_w.write_all(b"\n")?;
    }
    if let Some((_, mut a, mut b)) = jsonl.take() {
        a.flush()?;
        b.flush()?;
    }
    truth_w.flush()?;
    // Days without pages still get (empty) files, so that every day directory is complete.
    for dir in &day_dirs {
        if !dir.join("crawl.jsonl").exists() {
            File::create(dir.join("crawl.jsonl"))?;
            File::create(dir.join("crawl.warc.gz"))?;
        }
    }
    let mut sites_w = create(&out.join("sites.jsonl"))?;
    for s in sites {
        serde_json::to_writer(&mut sites_w, s)?;
        sites_w.write_all(b"\n")?;
    }
    sites_w.flush()?;

    let n = plan.pages.len();
    let roles: serde_json::Map<String, serde_json::Value> = Role::ALL
        .iter()
        .filter_map(|r| {
            by_role.get(r.as_str()).map(|&(c, e)| (r.as_str().to_string(), json!({"pages": c, "earlier_dup": e})))
        })
        .collect();
    let kinds: serde_json::Map<String, serde_json::Value> =
        by_kind.iter().map(|(k, &(c, e))| (k.to_string(), json!({"pages": c, "earlier_dup": e}))).collect();
    let n_clusters = {
        let mut c = clusters.clone();
        c.sort_unstable();
        c.dedup();
        c.len()
    };
    let summary = json!({
        "seed": seed,
        "pages": n,
        "days": days,
        "text": origin,
        "sites": sites.len(),
        "sites_news": sites.iter().filter(|s| s.kind == SiteKind::News).count(),
        "sites_portal": sites.iter().filter(|s| s.kind == SiteKind::Portal).count(),
        "sites_forum": sites.iter().filter(|s| s.kind == SiteKind::Forum).count(),
        "sites_gbk": sites.iter().filter(|s| s.gbk).count(),
        "sites_halfwidth_digits": sites.iter().filter(|s| s.halfwidth_digits).count(),
        "gbk_pages": gbk_pages,
        "stories_available": plan.stories_available,
        "stories_used": plan.stories_used,
        "pages_with_earlier_dup": positives,
        "earlier_dup_share": if n == 0 { 0.0 } else { (positives as f64 / n as f64 * 1000.0).round() / 1000.0 },
        "true_pairs": total_pairs,
        "true_pairs_same_site": same_site_pairs,
        "true_pairs_by_relation": rel_counts,
        "true_clusters": n_clusters,
        "pages_per_day": per_day,
        "roles": roles,
        "kinds": kinds,
    });
    std::fs::write(out.join("summary.json"), serde_json::to_string_pretty(&summary)? + "\n")
        .with_context(|| format!("{}: cannot write", out.join("summary.json").display()))?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lcs(a: &[char], b: &[char]) -> usize {
        let mut row = vec![0usize; b.len() + 1];
        for &x in a {
            let mut prev = 0;
            for (j, &y) in b.iter().enumerate() {
                let cur = row[j + 1];
                row[j + 1] = if x == y { prev + 1 } else { row[j + 1].max(row[j]) };
                prev = cur;
            }
        }
        row[b.len()]
    }

    #[test]
    fn edits_change_about_the_requested_share() {
        let text = "入冬以来，青石县抓住农闲时节，组织农民兴修水利，全县共修整渠道四百多公里，新建小型水库十二座，受益农田达到三万多亩。县里的干部说，过去一到夏天就为灌溉发愁，现在这个问题基本解决了。".repeat(3);
        for (seed, rate) in [(1u64, 0.01), (2, 0.03), (3, 0.05)] {
            let mut paras = vec![text.clone()];
            edit(&mut paras, rate, &mut Rng::new(seed));
            let a: Vec<char> = text.chars().collect();
            let b: Vec<char> = paras[0].chars().collect();
            let changed = 1.0 - lcs(&a, &b) as f64 / a.len() as f64;
            assert!(changed > rate * 0.4 && changed < rate * 2.0 + 0.01, "rate {rate}: {changed}");
            assert_eq!(
                a.iter().filter(|c| c.is_ascii_digit() || **c == '。').count(),
                b.iter().filter(|c| c.is_ascii_digit() || **c == '。').count()
            );
        }
    }
}
