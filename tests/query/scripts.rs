//! Pages of other languages that write ideographs: folding traditional Chinese to simplified is
//! for Chinese only. A Japanese page's kanji ("東京", "販売") and a Korean page's Hanja ("大韓民國")
//! are kept as they are, and each page's script and language are stored with it. The fixtures
//! are written for this test: a Japanese shop notice and a Korean news story, each under two
//! templates, and a Chinese story in both scripts.

use dedupdb::lang::{Language, Script};
use dedupdb::{Body, Db, Page, PageInput, Params, Verdict};

const JAPANESE: [&str; 5] = [
    "東京の本店では、来月から図書館向けの書籍販売を始めます。ご注文は電話またはメールで受け付けており、在庫のある本は三日以内に発送いたします。",
    "販売開始に合わせて、店内の一階に新しい売り場を設けました。児童書と辞書を中心に、およそ二千冊を取りそろえています。",
    "学校や地域の図書館からのまとめての注文には、送料を無料にいたします。見積もりが必要な場合は、担当者までお気軽にご連絡ください。",
    "営業時間は平日の午前十時から午後七時まで、土曜日は午後五時までです。日曜日と祝日は休業となりますので、ご了承ください。",
    "今後も皆様に喜ばれる店づくりを続けてまいります。これからもどうぞよろしくお願い申し上げます。",
];

const KOREAN: [&str; 4] = [
    "大韓民國 憲法 제정 기념일을 맞아 서울시는 시립 도서관에서 특별 전시회를 연다고 밝혔다. 전시회는 다음 달 말까지 이어진다.",
    "전시에는 제헌 국회의 회의록과 당시 신문 기사 등 자료 백여 점이 나온다. 시는 학생들의 단체 관람도 받기로 했다.",
    "도서관 관계자는 시민들이 헌법의 의미를 다시 생각해 보는 기회가 되기를 바란다고 말했다. 관람료는 무료다.",
    "전시회는 평일 오전 아홉 시부터 오후 여섯 시까지 열리며, 주말에는 오후 다섯 시에 문을 닫는다.",
];

const SIMPLIFIED: [&str; 3] = [
    "市图书馆昨天宣布，新馆将于下个月正式开放，馆内藏书超过八十万册，并设有专门的儿童阅览区。",
    "新馆位于东岸公园北侧，地上五层，地下两层。读者可以通过手机预约座位，周末还有志愿者提供讲解服务。",
    "馆方表示，开馆后的第一个月，每天上午九点到晚上九点开放，办理借书证不收取任何费用。",
];

const TRADITIONAL: [&str; 3] = [
    "市圖書館昨天宣佈，新館將於下個月正式開放，館內藏書超過八十萬冊，並設有專門的兒童閱覽區。",
    "新館位於東岸公園北側，地上五層，地下兩層。讀者可以通過手機預約座位，週末還有志願者提供講解服務。",
    "館方表示，開館後的第一個月，每天上午九點到晚上九點開放，辦理借書證不收取任何費用。",
];

/// A page: the site's navigation, the story, and the footer.
fn page(nav: &[&str], title: &str, paragraphs: &[&str], footer: &str) -> String {
    let nav: String = nav.iter().map(|n| format!("<li><a href='/{n}'>{n}</a></li>")).collect();
    let body: String = paragraphs.iter().map(|p| format!("<p>{p}</p>\n")).collect();
    format!(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title></head>\
         <body><ul class='nav'>{nav}</ul><div class='article'><h1>{title}</h1>{body}</div>\
         <div class='footer'>{footer}</div></body></html>"
    )
}

fn japanese_shop() -> String {
    page(&["ホーム", "新着情報", "店舗案内", "お問い合わせ"], "書籍販売のお知らせ", &JAPANESE, "東京書房 著作権所有")
}

/// The same notice reposted by a portal under its own template.
fn japanese_portal() -> String {
    page(&["トップ", "ニュース", "経済", "地域"], "書籍販売のお知らせ", &JAPANESE, "ポータル運営会社")
}

fn korean_news(nav: &[&str], footer: &str) -> String {
    page(nav, "헌법 기념 전시회", &KOREAN, footer)
}

fn analyze(html: &str, p: &Params) -> Page {
    Page::analyze(Body::Html { bytes: html.as_bytes(), charset: None }, p)
}

#[test]
fn a_japanese_page_keeps_its_kanji_and_a_korean_one_its_hanja() {
    let p = Params::default();
    assert!(p.fold_traditional && p.fold_chinese_only, "a new index folds Chinese pages only");
    let ja = analyze(&japanese_shop(), &p);
    assert_eq!((ja.script, ja.script.language()), (Script::Jpan, Language::Ja));
    let text = ja.norm.to_string_lossy();
    assert!(text.contains("東京") && text.contains("書籍販売"), "{text}");
    assert!(!text.contains("东京") && !text.contains("贩"), "nothing folded: {text}");

    let ko = analyze(&korean_news(&["홈", "뉴스", "정치"], "서울일보"), &p);
    assert_eq!((ko.script, ko.script.language()), (Script::Kore, Language::Ko));
    let text = ko.norm.to_string_lossy();
    assert!(text.contains("大韓民國"), "{text}");

    // Chinese pages are folded as before, and their script told apart.
    let nav = ["首页", "新闻", "本地"];
    let zh = analyze(&page(&nav, "新馆下月开放", &SIMPLIFIED, "东岸日报"), &p);
    let hant = analyze(&page(&["首頁", "新聞", "本地"], "新館下月開放", &TRADITIONAL, "東岸日報"), &p);
    assert_eq!((zh.script, hant.script), (Script::Hans, Script::Hant));
    assert_eq!(hant.norm.to_string_lossy(), zh.norm.to_string_lossy(), "traditional folded to simplified");
    let en = analyze("<html><body><p>The new library opens next month.</p></body></html>", &p);
    assert_eq!((en.script, en.script.language()), (Script::Latn, Language::Und));
}

#[test]
fn an_index_created_before_the_rule_folds_every_page_as_it_did() {
    // Its stored Japanese pages were folded: a query must read them the same way to match.
    let old = Params { fold_chinese_only: false, ..Params::default() };
    let ja = analyze(&japanese_shop(), &old);
    let text = ja.norm.to_string_lossy();
    assert!(text.contains("东京"), "folded as before: {text}");
    assert_eq!(ja.script, Script::Jpan, "its script is told all the same");
}

/// Through the embedding API: the Japanese notice and its repost, the Korean story under two
/// templates, and each stored page's recorded script, before and after a flush to a segment.
#[test]
fn copies_are_found_and_each_page_keeps_its_script_in_the_index() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = Db::open(dir.path().join("db")).expect("open");
    let mut w = db.writer().expect("writer");
    let pages = [
        ("https://shop.example.jp/news/1", japanese_shop()),
        ("https://portal.example.jp/a/77", japanese_portal()),
        ("https://seoul.example.kr/1", korean_news(&["홈", "뉴스", "정치"], "서울일보")),
        ("https://busan.example.kr/9", korean_news(&["처음", "사회", "문화"], "부산신문")),
        ("https://city.example.cn/1", page(&["首页", "新闻"], "新馆下月开放", &SIMPLIFIED, "东岸日报")),
        ("https://city.example.tw/1", page(&["首頁", "新聞"], "新館下月開放", &TRADITIONAL, "東岸日報")),
    ];
    let verdicts: Vec<Verdict> =
        pages.iter().map(|(url, html)| w.add(&PageInput::html(*url, html.as_str())).expect("add").verdict).collect();
    assert_eq!(
        verdicts,
        [Verdict::New, Verdict::Exact, Verdict::New, Verdict::Exact, Verdict::New, Verdict::Exact],
        "each copy is its original's, whatever its template"
    );
    let want = [
        (Script::Jpan, Language::Ja),
        (Script::Jpan, Language::Ja),
        (Script::Kore, Language::Ko),
        (Script::Kore, Language::Ko),
        (Script::Hans, Language::Zh),
        (Script::Hant, Language::Zh),
    ];
    let recorded = |db: &Db| -> Vec<(Script, Language)> {
        let reader = db.reader().expect("reader");
        pages
            .iter()
            .map(|(url, _)| reader.page(url).expect("page").map(|s| (s.script, s.language)).expect("stored"))
            .collect()
    };
    w.commit().expect("commit");
    assert_eq!(recorded(&db), want, "in the memtable (from the WAL)");
    let stored = db.reader().expect("reader").page(pages[0].0).expect("page").expect("stored");
    assert!(stored.text.contains("販売"), "stored unfolded: {}", stored.text);
    w.flush().expect("flush");
    w.close().expect("close");
    let db = Db::open_existing(dir.path().join("db")).expect("reopen");
    assert_eq!(recorded(&db), want, "in a segment");
}

/// Found by the `page` fuzz target (its check that nothing folds predated Korean pages): a UTF-16
/// body of Hangul with one Han character between them. The page is Korean, so the Han character
/// stays as written, and it is kept in the normalized text.
#[test]
fn a_utf16_korean_fragment_keeps_its_han_character() {
    let bytes: &[u8] = b"\xff\xfe\x21\xaf\xe5\xbd\x0a\x6f\x64\xb9\x96\xba\xe6\xb0\x8c\xba\xe6\xb0\x68\xb8\x3b\x00";
    let p = Page::analyze(Body::Html { bytes, charset: None }, &Params::default());
    assert_eq!(p.script, Script::Kore, "read as {:?}: {:?}", p.script, p.main_text);
    let han = '\u{6f0a}';
    assert_ne!(dedupdb::script_fold::fold(han), han, "the fixture's Han character should be one that folds");
    assert!(p.norm.chars.contains(&han), "the Han character was folded or dropped: {:?}", p.main_text);
}
