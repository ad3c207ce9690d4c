//! Two pages of one site under different titles are two articles: what they share, short of the
//! whole of one of them, is the site's furniture (a job board's notice, an account's intro), not
//! a copy. The index learns such furniture once three of the site's pages hold it; before that,
//! the titles tell. The titles are kept with the pages through the WAL, flushes and merges.

use crate::common::{ask, claims, insert_page_of_site, prose, relation_to};
use dedupdb::dedup::Searcher;
use dedupdb::features::title::titles_differ;
use dedupdb::store::Index;
use dedupdb::verify::Relation;
use dedupdb::{Body, Page, Params};

const SITE: &str = "jobs.example";

fn html_page(title: &str, paragraphs: &[String]) -> Page {
    let body: String = paragraphs.iter().map(|p| format!("<p>{p}</p>")).collect();
    let html = format!(
        "<html><head><title>{title}</title></head><body><div class='nav'><a href='/'>首页</a> <a href='/jobs'>职位</a></div>\
         <div class='article'><h1>{}</h1><div class='content'>{body}</div></div>\
         <div class='footer'>Copyright © 2026 江岸人才网 版权所有</div></body></html>",
        title.split('_').next().unwrap_or(title)
    );
    Page::analyze(Body::Html { bytes: html.as_bytes(), charset: None }, &Params::default())
}

/// The site's notice under every job: three paragraphs of prose, 270 characters.
fn notice() -> Vec<String> {
    vec![prose(71, 90), prose(72, 90), prose(73, 90)]
}

/// A job of the site: its own short text, then the notice.
fn job(title: &str, seed: u64) -> Page {
    let mut paragraphs = vec![prose(seed, 70)];
    paragraphs.extend(notice());
    html_page(&format!("{title}_江岸人才网"), &paragraphs)
}

/// Page 2 of the site against page 1, asked as a page of `site`.
fn second_job_against(index: &mut Index, first: u32, site: &str) -> (Option<Relation>, Option<Relation>) {
    let second = job("招聘会计助理", 12);
    let plain = Searcher::of(index).query(&second.norm.chars, &second.features, None).expect("query");
    (relation_to(&ask(index, &second, site), first), relation_to(&plain, first))
}

#[test]
fn a_site_s_second_job_is_not_held_by_its_first_through_the_site_s_notice() {
    let (first, second) = (job("诚聘销售经理", 11), job("招聘会计助理", 12));
    assert!(titles_differ(&first.title_sketch, &second.title_sketch));
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let first_id = insert_page_of_site(&mut index, "http://jobs.example/1", SITE, &first, None);
    let (asked, plain) = second_job_against(&mut index, first_id, SITE);
    // Without the site and title, the notice makes page 2 held by (or holding) page 1.
    assert!(claims(plain), "the pair the rule is for: {plain:?}");
    assert!(!claims(asked), "page 2 of the site claimed against page 1: {asked:?}");
    // The notice is at the same end of both texts: not even an overlap.
    assert_eq!(asked, None);
    // Another site's page with the same text is another matter: the rule is for one site.
    let (elsewhere, _) = second_job_against(&mut index, first_id, "other.example");
    assert!(claims(elsewhere), "{elsewhere:?}");
}

#[test]
fn one_site_s_copy_under_another_title_and_its_update_under_the_same_stay_copies() {
    let story: Vec<String> = (0..4).map(|k| prose(300 + k, 150)).collect();
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let original = html_page("城东新建两所小学明年秋季招生_江岸网", &story);
    let id = insert_page_of_site(&mut index, "http://news.example/1", "news.example", &original, None);
    // A print view titled with the section's name: another title, the whole text and a line.
    let mut printed = story.clone();
    printed.push("本文来源：江岸网教育频道，转载请注明出处。".to_owned());
    let print = html_page("教育频道_江岸网", &printed);
    assert!(titles_differ(&original.title_sketch, &print.title_sketch));
    assert_eq!(relation_to(&ask(&index, &print, "news.example"), id), Some(Relation::Duplicate));
    // An update: the same title, three paragraphs kept and the fourth written anew. Not
    // near-whole, and still a claim, because the title says it is the same article; under
    // another title the same text would be the site's furniture.
    let mut update = story[..3].to_vec();
    update.push(prose(400, 150));
    let update_of = |title: &str| html_page(title, &update);
    let update = update_of("城东新建两所小学明年秋季招生（更新）_江岸网");
    assert!(!titles_differ(&original.title_sketch, &update.title_sketch));
    let r = relation_to(&ask(&index, &update, "news.example"), id);
    let plain =
        relation_to(&Searcher::of(&index).query(&update.norm.chars, &update.features, None).expect("query"), id);
    assert_eq!(r, plain, "the title changed nothing");
    assert!(claims(r), "{r:?}");
    let other = update_of("市区公交线路下月调整_江岸网");
    assert!(!claims(relation_to(&ask(&index, &other, "news.example"), id)));
}

#[test]
fn titles_are_kept_through_the_wal_a_flush_and_a_merge() {
    let dir = tempfile::tempdir().expect("tempdir");
    let first_id = {
        let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
        let id = insert_page_of_site(&mut index, "http://jobs.example/1", SITE, &job("诚聘销售经理", 11), None);
        index.commit().expect("commit");
        id
        // Dropped without a flush: the page is in the WAL only.
    };
    let stages = ["the WAL", "a segment", "a merged segment"];
    for (stage, what) in stages.iter().enumerate() {
        if stage == 1 {
            let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
            index.flush().expect("flush");
        }
        if stage == 2 {
            let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
            insert_page_of_site(&mut index, "http://jobs.example/9", SITE, &job("招聘仓库管理员", 19), None);
            index.flush().expect("flush");
            index.compact(dedupdb::store::PrunePolicy::default(), false).expect("compact");
            assert_eq!(index.segments().len(), 1, "one merged segment");
        }
        let mut reader = Index::open_reader(dir.path()).expect("reader");
        assert_eq!(reader.memtable_len(), usize::from(stage == 0), "{what}");
        let (asked, plain) = second_job_against(&mut reader, first_id, SITE);
        assert!(claims(plain) && !claims(asked), "from {what}: {asked:?} / {plain:?}");
    }
}

/// A story updated at new URLs: each version a new lead above the same body. From the fourth
/// version on, the body is on three of the site's pages that each hold a line of their own:
/// the shape of a template. The reworded titles say it is one story, and the versions stay
/// its copies; under unrelated titles the same body is taken for the site's template.
#[test]
fn a_story_updated_at_new_urls_is_no_template_of_its_site() {
    let body: Vec<String> = (0..5).map(|k| prose(600 + k, 90)).collect();
    let version = |k: u64, title: &str| {
        let mut paragraphs = vec![prose(700 + k, 60)];
        paragraphs.extend(body.iter().cloned());
        html_page(&format!("{title}_东湖晚报网"), &paragraphs)
    };
    let reworded = [
        "青岭隧道北口发生山体滑坡 道路双向中断",
        "青岭隧道滑坡最新：未发现人员被埋",
        "青岭隧道滑坡现场全力抢通",
        "青岭隧道北口今晚恢复单向放行",
    ];
    let unrelated =
        ["市民运动会乒乓球比赛落幕", "冬季供暖今起试运行", "小学生放学路上捡到钱包", "东湖环湖绿道新增三处驿站"];
    let mut found = Vec::new();
    for titles in [reworded, unrelated] {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
        let mut ids = Vec::new();
        for (k, t) in titles[..3].iter().enumerate() {
            ids.push(insert_page_of_site(
                &mut index,
                &format!("http://news.example/{k}"),
                "news.example",
                &version(k as u64, t),
                None,
            ));
        }
        let fourth = version(3, titles[3]);
        let answer = ask(&index, &fourth, "news.example");
        found.push(ids.iter().filter(|&&d| claims(relation_to(&answer, d))).count());
    }
    assert_eq!(found, vec![3, 0], "versions found under reworded titles, then under unrelated ones");
}

/// A site's notice is its furniture from the site's second page on, when the titles say the
/// two pages are two articles. An article another site published under its own closing lines,
/// reposted under the notice, is then held by its original, where the notice (longer than the
/// article) had counted against the match. A whole earlier article of the site inside a later
/// page under another title (a roundup) leaves that article nothing of its own beside it: its
/// sentences stay the article's, and the roundup still contains it.
#[test]
fn a_site_s_notice_is_its_furniture_from_its_second_page() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
    let article = prose(900, 130);
    let published = vec![article.clone(), prose(950, 150)];
    let original = html_page("全市首批智慧社区名单公布_城南新闻网", &published);
    let oid = insert_page_of_site(&mut index, "http://news.example/7", "news.example", &original, None);
    let mut paragraphs = vec![article];
    paragraphs.extend(notice());
    let repost = html_page("全市首批智慧社区名单公布_江岸人才网", &paragraphs);
    // Each page's closing text is longer than the article: as the board's first page, no claim.
    let first_page = relation_to(&ask(&index, &repost, SITE), oid);
    assert!(!claims(first_page), "{first_page:?}");
    insert_page_of_site(&mut index, "http://jobs.example/1", SITE, &job("诚聘销售经理", 11), None);
    assert_eq!(relation_to(&ask(&index, &repost, SITE), oid), Some(Relation::Contained));
    // Without the site and title nothing tells the notice from the article.
    let plain =
        relation_to(&Searcher::of(&index).query(&repost.norm.chars, &repost.features, None).expect("query"), oid);
    assert!(!claims(plain), "{plain:?}");
    // The same page under the first job's title is no other article: its notice stays text.
    let retitled = html_page("诚聘销售经理_江岸人才网", &paragraphs);
    let retitled = relation_to(&ask(&index, &retitled, SITE), oid);
    assert!(!claims(retitled), "{retitled:?}");

    // A roundup of the news site holding the whole original and another story.
    let mut roundup = published.clone();
    roundup.push(prose(901, 200));
    let roundup = html_page("本周城南要闻回顾_城南新闻网", &roundup);
    assert_eq!(relation_to(&ask(&index, &roundup, "news.example"), oid), Some(Relation::Contains));
}

/// A roundup of a site's stories quotes a story's lead between lines of its own. The two pages
/// are two articles of one site, and the lead is on no other page, but only what lies at the
/// start or end of both pages is taken for the site's furniture: the lead stays text, and the
/// roundup overlaps the story, whichever was published first.
#[test]
fn a_lead_a_roundup_quotes_between_its_own_lines_stays_text() {
    let lead = prose(1000, 160);
    let story = html_page("城东新建两所小学明年秋季招生_江岸网", &[lead.clone(), prose(1001, 300)]);
    let roundup = html_page("本周江岸要闻回顾_江岸网", &[prose(1002, 160), lead, prose(1003, 160)]);
    assert!(titles_differ(&story.title_sketch, &roundup.title_sketch));
    for (first, then) in [(&story, &roundup), (&roundup, &story)] {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut index = Index::open_writer(dir.path(), &Params::default()).expect("open");
        let id = insert_page_of_site(&mut index, "http://news.example/1", "news.example", first, None);
        // The story's lead is at its start: only the roundup's text tells it is no intro.
        assert_eq!(relation_to(&ask(&index, then, "news.example"), id), Some(Relation::Overlaps));
    }
}
