//! The verifier on constructed texts: trustable regions, rounds, containment, near misses.

use crate::common::prose;
use dedupdb::features::Features;
use dedupdb::normalize::normalize;
use dedupdb::verify::Verifier;
use dedupdb::{Comparison, Params, Relation};

fn cmp(a: &str, b: &str) -> Comparison {
    let p = Params::default();
    let (na, nb) = (normalize(a), normalize(b));
    let (fa, fb) = (Features::compute(&na.chars, &p), Features::compute(&nb.chars, &p));
    Verifier::default().compare(&na.chars, &fa, &nb.chars, &fb, &p)
}

#[test]
fn shared_body_between_different_head_and_tail_templates_is_trusted() {
    let body = prose(1, 1500);
    let a = format!("{}\n{body}\n{}", prose(100, 300), prose(101, 300));
    let b = format!("{}\n{body}\n{}", prose(200, 250), prose(201, 350));
    let c = cmp(&a, &b);
    let n = normalize(&body).len();
    assert!(c.tlcs_chars >= n * 98 / 100, "tlcs {} of body {n}", c.tlcs_chars);
    assert!(c.tlcs_chars <= n + 60, "template chance matches inflated tlcs: {} > {n}", c.tlcs_chars);
    assert_eq!(c.spans.len(), 1);
}

#[test]
fn shared_head_template_with_different_bodies_is_not_trusted() {
    let head = prose(7, 200);
    let a = format!("{head}\n{}", prose(8, 1500));
    let b = format!("{head}\n{}", prose(9, 1500));
    let c = cmp(&a, &b);
    assert_eq!(c.relation, Relation::Different, "{c:?}");
    assert!(c.contain < 0.2);
}

#[test]
fn excerpt_of_a_third_is_contained() {
    let body = prose(3, 3000);
    let chars: Vec<char> = body.chars().collect();
    let excerpt: String = chars[1000..2000].iter().collect();
    let c = cmp(&body, &format!("{}\n{excerpt}\n{}", prose(30, 80), prose(31, 80)));
    assert_eq!(c.relation, Relation::Contains, "{c:?}");
}

#[test]
fn extended_and_edited_copies_are_duplicates() {
    let body = prose(4, 3000);
    let mut chars: Vec<char> = body.chars().collect();
    // A 30% insertion in the middle.
    let extra: Vec<char> = prose(40, 900).chars().collect();
    let mut extended = chars.clone();
    extended.splice(1500..1500, extra);
    let c = cmp(&body, &extended.iter().collect::<String>());
    assert_eq!(c.relation, Relation::Duplicate, "extended: {c:?}");
    // 3% of characters replaced at spread positions.
    for i in (0..chars.len()).step_by(33) {
        chars[i] = '某';
    }
    let c = cmp(&body, &chars.iter().collect::<String>());
    assert_eq!(c.relation, Relation::Duplicate, "edited: {c:?}");
    assert!(c.contain > 0.85, "{c:?}");
}

#[test]
fn a_quoted_passage_is_an_overlap_not_a_containment() {
    let source = prose(5, 3000);
    let passage: String = source.chars().skip(1200).take(400).collect();
    let digest = format!("{}\n{passage}\n{}", prose(50, 700), prose(51, 700));
    let c = cmp(&digest, &source);
    assert_eq!(c.relation, Relation::Overlaps, "{c:?}");
}

#[test]
fn dissimilar_texts_are_rejected_without_a_diff() {
    let c = cmp(&prose(6, 3000), &prose(60, 3000));
    assert_eq!(c.relation, Relation::Different);
    assert!(c.rejected_early, "{c:?}");
}

fn bulletin(facts: [&str; 8]) -> String {
    format!(
        "本报讯今日沪深两市早盘小幅低开后震荡整理，午后在金融板块带动下逐步走强，截至收盘时上证综指报收{}点，\
         较上一交易日上涨{}%，市场交投情绪较前一交易日明显回暖。\n\
         深证成指当天报收{}点，创业板指数同样表现活跃，两市合计成交额约为{}亿元，北向资金全天净流入{}亿元。\n\
         从行业板块来看，银行保险证券等权重板块涨幅居前，其中涨幅最大的板块上涨{}%，\
         而前期涨幅较大的半导体板块出现回调，全天共有{}只个股上涨，{}只个股下跌。\n\
         分析人士认为，短期市场仍将以结构性行情为主，投资者应当关注政策面和资金面的变化，注意控制仓位和风险。",
        facts[0], facts[1], facts[2], facts[3], facts[4], facts[5], facts[6], facts[7]
    )
}

/// A bulletin whose facts are sparse: one short number in each long boilerplate sentence, so the
/// alignment stays flat enough to be trusted and only the numbers tell the pages apart.
fn sparse_bulletin(n: [u32; 6]) -> String {
    format!(
        "据市气象台今天早晨发布的消息，受冷空气南下影响，今天白天到夜间本市大部分地区以多云天气为主，\
         城区最高气温将达到{}摄氏度左右，请市民朋友们出行时注意适当增减衣物，谨防感冒。\n\
         郊区各县今天的天气情况与城区基本相同，但早晚温差明显偏大，最低气温预计在{}摄氏度上下，\
         设施农业生产单位要做好大棚的保温防冻工作，防止低温天气对农作物造成不利影响。\n\
         山区今天夜间到明天上午有轻雾出现，部分路段能见度将下降到{}米以下，\
         过往车辆应当减速慢行并开启雾灯，交通管理部门将加强重点路段的巡逻和疏导工作。\n\
         水文部门提醒，受前期降水影响，本市主要河流水位仍然偏高，其中城区段水位超过警戒水位约{}厘米，\
         沿河单位和居民要密切关注水情变化，不要在河道内游泳或者垂钓，确保自身安全。\n\
         根据气象部门的预测，未来三天本市仍以晴到多云天气为主，空气质量指数预计维持在{}左右，\
         总体属于良好水平，适宜开展各类户外活动，但敏感人群仍需减少长时间的户外运动。\n\
         本周末将有一次明显的降温过程，届时气温下降幅度可达{}摄氏度，请有关部门和市民提前做好防范准备工作。",
        n[0], n[1], n[2], n[3], n[4], n[5]
    )
}

#[test]
fn near_miss_bulletins_with_different_numbers_are_different() {
    // Dense facts: the differences break the alignment into untrusted pieces.
    let a = bulletin(["3245.67", "0.85", "10876.21", "8521", "45.3", "2.31", "3120", "1876"]);
    let b = bulletin(["3198.02", "1.42", "10544.90", "7934", "12.8", "3.07", "2544", "2391"]);
    assert_eq!(cmp(&a, &b).relation, Relation::Different);
    // Sparse facts: the alignment is trusted, and the numeric conflicts make it a near miss.
    let (a, b) = (sparse_bulletin([15, 3, 500, 20, 60, 8]), sparse_bulletin([12, 1, 200, 35, 85, 6]));
    let c = cmp(&a, &b);
    assert!(c.tlcs_chars * 10 > c.a_chars * 8, "sparse differences should align: {c:?}");
    assert!(c.near_miss && c.numeric_conflicts >= 5, "{c:?}");
    assert_eq!(c.relation, Relation::Different);
    let c = cmp(&a, &sparse_bulletin([15, 3, 500, 20, 60, 7]));
    assert_eq!(c.relation, Relation::Duplicate, "one updated figure is an edit: {c:?}");
}

/// A city's forecast from one template: the opening sentence carries the city, sky and figures;
/// the rest is the template's advice with one figure of its own.
fn forecast(city: &str, sky: &str, low: i32, high: i32, aqi: u32) -> String {
    format!(
        "{city}气象台3月8日16时发布：今天夜间到明天白天{sky}，最低气温{low}℃，最高气温{high}℃。\n\
         明天空气质量指数约为{aqi}，早晚温差较大，出门请带一件外套，老人和孩子注意防寒保暖。\n\
         晨练指数：早晨空气清新，适宜户外晨练，但风力稍大，建议选择避风的公园或者体育场。\n\
         晾晒指数：明天白天光照充足，适宜晾晒衣物和被褥，中午前后收回效果最好。"
    )
}

#[test]
fn bulletins_whose_opening_sentences_differ_in_figures_are_a_near_miss() {
    // Two cities: the opening sentence is unaligned on both sides and states other figures; with
    // the one figure that differs inside the shared text, that is two conflicts of a few sentences.
    let c = cmp(&forecast("青石市", "多云转晴", 3, 14, 62), &forecast("白沙市", "小雨转阴", 5, 9, 88));
    assert_eq!(c.numeric_conflicts, 2, "{c:?}");
    assert!(c.near_miss, "{c:?}");
    assert_eq!(c.relation, Relation::Different);
    // The same city and figures, reworded: no conflict at the head, one inside: an edit.
    let reworded = forecast("青石市", "多云到晴", 3, 14, 62).replace("今天夜间到明天白天", "今夜至明日");
    let c = cmp(&forecast("青石市", "多云转晴", 3, 14, 62), &reworded.replace("62", "65"));
    assert_eq!(c.numeric_conflicts, 1, "{c:?}");
    assert_eq!(c.relation, Relation::Duplicate, "{c:?}");
    // A copy whose dateline differs at the head (a line with no sentence in it) is the same
    // bulletin: the hit counter inside the aligned text is the one conflict.
    let body = forecast("青石市", "多云转晴", 3, 14, 62);
    let a = format!("2026年03月08日 16:30 | 来源：青石气象 | 点击：8688\n{body}");
    let b = format!("2026年03月09日 07:05 | 来源：青石气象 | 点击：29976\n{body}");
    let c = cmp(&a, &b);
    assert_eq!((c.spans[0].a_start, c.numeric_conflicts), (16, 1), "{c:?}");
    assert_eq!(c.relation, Relation::Duplicate, "{c:?}");
    // The closing sentence counts the same way as the opening one.
    let body = forecast("青石市", "多云转晴", 3, 14, 62);
    let a = format!("{}\n本周全市共发布预警信号12次，其中大风预警5次。", body.replace("62", "65"));
    let b = format!("{body}\n上周青石出现降水过程3次，累计雨量42毫米。");
    let c = cmp(&a, &b);
    assert_eq!(c.numeric_conflicts, 2, "{c:?}");
    assert_eq!(c.relation, Relation::Different, "{c:?}");
}

fn phone(lead: &str, mm: u32, hours: u32, minutes: u32) -> String {
    format!(
        "{lead}机身厚度仅{mm}毫米，待机时间长达{hours}小时，充满电只需{minutes}分钟。\n\
         内置音乐播放器和收音机，支持最大2G存储卡扩展，附赠耳机和数据线各一条。"
    )
}

#[test]
fn a_region_starting_inside_a_sentence_leaves_its_other_figures_at_the_edge() {
    // Two products of one description template. One page opens with a line of its own, so the
    // heads are not alike as wholes; the first shared sentence starts before its first figure
    // (12 against 16 毫米), which the region cannot reach: the parts of that line before the
    // region are compared as the opening sentences of two bulletins are. With the hours that
    // differ inside the region, two conflicts in three sentences: two different products.
    let a = phone("", 12, 261, 90);
    let b = phone("多普达 B157采用3.5英寸触摸屏，支持200万像素摄像头和蓝牙耳机。\n", 16, 232, 90);
    let c = cmp(&a, &b);
    assert_eq!(c.numeric_conflicts, 2, "{c:?}");
    assert_eq!(c.relation, Relation::Different, "{c:?}");
    // The same page with that line and a corrected figure: one conflict, a copy.
    let c = cmp(&phone("", 16, 261, 90), &b);
    assert_eq!(c.numeric_conflicts, 1, "{c:?}");
    assert!(c.relation.is_similar(), "{c:?}");
    // A duration is a figure: minutes that differ in the last sentence, past the region's end,
    // are a conflict at the tail as a time of day ("10时25分") would not be.
    let hotel = |rooms: u32, walk: u32| {
        format!("酒店共有客房{rooms}间，房间宽敞明亮，配有免费宽带上网。\n周边有多家餐厅和购物中心，步行{walk}分钟即可到达。")
    };
    let c = cmp(&hotel(242, 10), &hotel(244, 19));
    assert_eq!(c.numeric_conflicts, 2, "{c:?}");
    assert_eq!(c.relation, Relation::Different, "{c:?}");
}

#[test]
fn a_reposts_own_dateline_and_source_date_are_no_conflict() {
    // A short flash reposted a day later: its dateline and the source note after its last
    // sentence carry the repost's day, in another format; its figures are the same.
    let body = "全市新开通的三条公交线路今天起正式运营，共投入新能源公交车240辆，日均发车1250班次。\n\
                新线路串联起城东的十二个居民小区和两所中学，高峰期发车间隔不超过8分钟。\n\
                公交公司提醒，首末班时间以站牌公布为准，市民也可以通过手机查询车辆实时位置。";
    let a = format!("本报讯 3月5日，{body}（来源：江城日报 2024-03-05）");
    let b = format!("北岭网2024年3月6日讯 {body}（稿源：江城日报 2024年3月6日 10:20）");
    let c = cmp(&a, &b);
    assert!(!c.near_miss, "{c:?}");
    assert_eq!(c.relation, Relation::Duplicate, "{c:?}");
    // The same repost whose first sentence states another fleet: a different fact.
    let c = cmp(&a.replace("240辆", "180辆").replace("1250班次", "960班次"), &b);
    assert!(c.numeric_conflicts >= 1, "{c:?}");
}

const TIPS: [&str; 8] = [
    "出门前先看一眼天气预报，雨天记得把折叠伞放进包里，免得临时找不到地方避雨。",
    "长途驾驶每隔两个小时就要停车休息一次，下车走动走动，喝点水再继续赶路。",
    "家里的常用药品要定期清点，过期的及时处理，不要和孩子的零食放在同一个抽屉里。",
    "阳台上的花盆要摆放稳当，刮大风之前最好搬进屋内，防止坠落伤人或者砸坏车辆。",
    "使用燃气热水器时一定要保持通风，洗澡时间不宜过长，发现头晕要立即关掉热水器。",
    "老人独自在家时，可以在床头和卫生间装一个紧急呼叫按钮，方便出现意外时求助。",
    "网购收到包裹后，快递单上的姓名、电话和住址要先涂掉或者撕碎，再扔进垃圾桶。",
    "接到自称客服要求转账的电话，先挂断再拨打官方号码核实，千万不要透露验证码。",
];

#[test]
fn list_numbers_a_copy_added_are_not_numeric_conflicts() {
    // A repost that numbers the items of a list ("1." ... "8.") is the same list.
    let plain = TIPS.join("\n");
    let numbered: Vec<String> = TIPS.iter().enumerate().map(|(i, t)| format!("{}.{t}", i + 1)).collect();
    let c = cmp(&numbered.join("\n"), &plain);
    assert_eq!(c.numeric_conflicts, 0, "{c:?}");
    assert_eq!(c.relation, Relation::Duplicate, "{c:?}");
    // A number that lost or gained digits on one side still disagrees ("15" against "5").
    let c = cmp(&sparse_bulletin([15, 3, 500, 20, 60, 8]), &sparse_bulletin([5, 3, 50, 2, 6, 8]));
    assert!(c.near_miss && c.numeric_conflicts >= 4, "{c:?}");
    assert_eq!(c.relation, Relation::Different);
}

#[test]
fn short_texts_need_a_minimum_of_shared_text() {
    let c = cmp("今天天气很好。", "今天天气很好。");
    assert_eq!(c.relation, Relation::Different, "too short to call: {c:?}");
    let s = prose(9, 60);
    assert_eq!(cmp(&s, &s).relation, Relation::Duplicate);
}

#[test]
fn prepared_comparison_agrees_with_the_plain_one() {
    let p = Params::default();
    let base = prose(21, 2500);
    let passage: String = base.chars().skip(700).take(500).collect();
    // An edited copy: a few characters changed and a paragraph inserted (two rounds).
    let mut edited: String = base.chars().take(1200).collect();
    edited.push_str(&prose(25, 300));
    edited.extend(base.chars().skip(1200).map(|c| if c == '的' { '地' } else { c }));
    let texts = [
        base.clone(),
        prose(22, 2500),
        format!("{}\n{passage}\n{}", prose(23, 600), prose(24, 600)),
        passage.clone(),
        edited.clone(),
        format!("{base}\n{}", prose(26, 1500)),
        String::new(),
        "短文本。".to_string(),
    ];
    // Queries shorter and longer than the candidates: the alignment swaps sides for some pairs.
    for query in [&base, &passage, &edited] {
        let q = normalize(query);
        let fq = Features::compute(&q.chars, &p);
        let prep = dedupdb::verify::Prepared::new(&q.chars, &p);
        let mut v = Verifier::default();
        for t in &texts {
            let n = normalize(t);
            let f = Features::compute(&n.chars, &p);
            let plain = v.compare(&q.chars, &fq, &n.chars, &f, &p);
            let cc = dedupdb::verify::ccs_clr(&fq.period, &f.period);
            let fast = v.compare_prepared(&q.chars, &prep, &n.chars, cc, &p);
            let what = format!("query {:.20} vs {t:.20}", query);
            assert_eq!(plain.relation, fast.relation, "{what}");
            assert_eq!(plain.tlcs_chars, fast.tlcs_chars, "{what}");
            assert_eq!(plain.resemble, fast.resemble, "{what}");
            assert_eq!(plain.contain, fast.contain, "{what}");
        }
    }
}

/// Compares `a`, prepared with the characters of `boiler` in it marked as boilerplate, with `b`.
fn cmp_with_boilerplate(a: &str, boiler: &str, b: &str) -> Comparison {
    let p = Params::default();
    let (na, nb) = (normalize(a), normalize(b));
    let nboiler = normalize(boiler);
    let at = na.chars.windows(nboiler.chars.len()).position(|w| w == &nboiler.chars[..]).expect("boiler in a");
    let mut prep = dedupdb::verify::Prepared::new(&na.chars, &p);
    let boiler_at = at..at + nboiler.chars.len();
    // The text's other sentences are its own, as the index passes them.
    let mut own = Vec::new();
    dedupdb::features::each_period_feature(&na.chars, &p, |_, s| {
        if s.end <= boiler_at.start || s.start >= boiler_at.end {
            own.push(s);
        }
    });
    prep.set_boilerplate(vec![boiler_at], own);
    Verifier::default().compare_prepared(&na.chars, &prep, &nb.chars, (0.0, 0.0), &p)
}

#[test]
fn boilerplate_counts_neither_for_nor_against_a_match() {
    let notice = "本网站对文中的陈述和观点判断保持中立，不作任何保证。请读者仅作参考，并请自行核实相关内容。";
    // An article and a caption that share only the notice: contained by the raw rates, different
    // once the notice is boilerplate.
    let article = format!("{}\n{notice}", prose(3, 400));
    let caption = format!("图为三月二日，市民在公园里观赏盛开的梅花。\n{notice}");
    assert_eq!(cmp(&article, &caption).relation, Relation::Contains);
    assert_eq!(cmp_with_boilerplate(&article, notice, &caption).relation, Relation::Different);
    // An item and its repost with the notice added: different by the raw rates (the first
    // publisher's own line is in the item), the same item once the notice is out of the repost.
    let item = "新华社北京三月二日电，国务委员今天在中南海会见了来访的南方某国新闻部长一行。";
    let first = format!("{item}\n如您有新闻线索，请拨打本台热线电话，或者发送邮件到本台的新闻信箱。");
    let repost = format!("{item}\n{notice}");
    assert_eq!(cmp(&repost, &first).relation, Relation::Different);
    assert_eq!(cmp_with_boilerplate(&repost, notice, &first).relation, Relation::Contained);
    // A text that is nearly all "boilerplate" is compared whole, and matches where its own
    // sentence is matched: a short item under the notice is in the article that holds the
    // item, not in one that holds only the notice.
    let item_first = "公园梅花盛开。";
    let with_item = format!("{}\n{item_first}\n{notice}", prose(3, 400));
    let short = format!("{item_first}\n{notice}");
    assert_eq!(cmp_with_boilerplate(&short, notice, &with_item).relation, Relation::Contained);
    assert_eq!(cmp(&short, &article).relation, Relation::Contained, "the pair the own sentence must tell apart");
    assert_eq!(cmp_with_boilerplate(&short, notice, &article).relation, Relation::Different);
}

/// An English news item of six paragraphs with two figures in it, written for this test.
fn english_item(months: u32, cost: u32) -> String {
    format!(
        "The river authority opened two new flood gates on Monday, three weeks ahead of the rainy season. \
         Engineers said the gates can move twice as much water as the old ones. The work took {months} months.\n\
         Farmers along the lower river had asked for the gates for years. In the summer of last year, water \
         covered more than two thousand hectares of rice fields. Many families lost a whole harvest.\n\
         The new gates are controlled from a station in the city. Sensors upstream report the water level \
         every ten minutes, and the gates open on their own when it rises too fast. Staff can also open them.\n\
         Not everyone is pleased. Fishermen say the faster current has already moved the fish away from their \
         usual places. The authority has promised to study the problem and report before the end of the year.\n\
         The project cost about {cost} million yuan. Most of the money came from the provincial budget, and \
         the rest from a national fund for water safety. A third gate is planned further upstream.\n\
         Visitors can see the gates from a new path on the east bank. The path is open every day from eight \
         in the morning, and guides explain how the system works on weekends."
    )
}

#[test]
fn two_corrected_figures_in_a_long_english_article_are_no_near_miss() {
    // Seventeen sentences ended by '.': two conflicts are well under a quarter of them. Counting
    // only "。!?", the article was one sentence, and the corrected copy a near miss.
    let c = cmp(&english_item(14, 400), &english_item(15, 450));
    assert_eq!(c.numeric_conflicts, 2, "{c:?}");
    assert!(!c.near_miss, "{c:?}");
    assert_eq!(c.relation, Relation::Duplicate);
    // An index built before the Latin rule reads it as it always did.
    let old = Params { latin_stops: false, ..Params::default() };
    let (na, nb) = (normalize(&english_item(14, 400)), normalize(&english_item(15, 450)));
    let (fa, fb) = (Features::compute(&na.chars, &old), Features::compute(&nb.chars, &old));
    assert!(Verifier::default().compare(&na.chars, &fa, &nb.chars, &fb, &old).near_miss);
}

/// Params whose verification limit is small, so that long texts are cheap to build.
fn small_limit() -> Params {
    Params { max_verify_chars: 4_000, ..Params::default() }
}

fn cmp_with(p: &Params, a: &str, b: &str) -> Comparison {
    let (na, nb) = (normalize(a), normalize(b));
    let (fa, fb) = (Features::compute(&na.chars, p), Features::compute(&nb.chars, p));
    Verifier::default().compare(&na.chars, &fa, &nb.chars, &fb, p)
}

/// The same comparison through a prepared query (the index's path).
fn cmp_prepared(p: &Params, query: &str, b: &str) -> Comparison {
    let (q, n) = (normalize(query), normalize(b));
    let (fq, f) = (Features::compute(&q.chars, p), Features::compute(&n.chars, p));
    let prep = dedupdb::verify::Prepared::new(&q.chars, p);
    Verifier::default().compare_prepared(&q.chars, &prep, &n.chars, dedupdb::verify::ccs_clr(&fq.period, &f.period), p)
}

#[test]
fn a_chapter_deep_inside_a_text_over_the_limit_is_contained() {
    let p = small_limit();
    // Twelve "chapters" of 1,500 characters: the whole is over four times the limit.
    let chapters: Vec<String> = (0..12).map(|i| prose(500 + i, 1500)).collect();
    let book = chapters.join("\n");
    assert!(normalize(&book).len() > 4 * p.max_verify_chars);
    for i in [0usize, 6, 11] {
        let chapter = &chapters[i];
        for (what, c) in [
            ("plain", cmp_with(&p, chapter, &book)),
            ("prepared chapter", cmp_prepared(&p, chapter, &book)),
            ("prepared book", cmp_prepared(&p, &book, chapter)),
        ] {
            let want = if what == "prepared book" { Relation::Contains } else { Relation::Contained };
            assert_eq!(c.relation, want, "chapter {i}, {what}: {c:?}");
            assert!(c.contain > 0.95, "chapter {i}, {what}: {c:?}");
            // The whole book's length counts, not the part aligned.
            let (lc, lb) = (normalize(chapter).len() as f64, normalize(&book).len() as f64);
            assert!((c.resemble - lc / lb).abs() < 0.01, "chapter {i}, {what}: resemble {} vs {}", c.resemble, lc / lb);
            assert_eq!(c.a_chars.max(c.b_chars), normalize(&book).len(), "{what}");
            // Regions are in the whole book's coordinates: the chapter's place in it.
            let start: usize = chapters[..i].iter().map(|c| normalize(c).len() + 1).sum();
            let span = &c.spans[0];
            let in_book = if what == "prepared book" { span.a_start } else { span.b_start };
            assert!(in_book.abs_diff(start) < 20, "chapter {i}, {what}: region at {in_book}, chapter at {start}");
        }
    }
}

#[test]
fn two_texts_over_the_limit_compare_the_shorters_first_part_where_it_is_in_the_longer() {
    let p = small_limit();
    let first = prose(600, 9_000);
    let second = prose(601, 9_000);
    let whole = format!("{first}\n{second}");
    // The same long text: a duplicate, however long.
    let c = cmp_with(&p, &whole, &whole.replace('的', "地"));
    assert_eq!(c.relation, Relation::Duplicate, "{c:?}");
    // Its second half alone, over the limit too: its first part is found inside the whole, not
    // at its start (a comparison of both first parts found nothing), and a page half as long is
    // contained in it, not its duplicate. So is its first half.
    let c = cmp_with(&p, &second, &whole);
    assert_eq!(c.relation, Relation::Contained, "second half: {c:?}");
    assert!(c.spans[0].b_start >= normalize(&first).len(), "found where it is: {:?}", c.spans);
    let c = cmp_with(&p, &whole, &first);
    assert_eq!(c.relation, Relation::Contains, "first half: {c:?}");
    // The measures are of the parts compared: the limit's worth of each.
    assert!(c.tlcs_chars <= p.max_verify_chars, "{c:?}");
    // Different texts stay different.
    let c = cmp_with(&p, &whole, &format!("{}\n{}", prose(603, 9_000), prose(604, 9_000)));
    assert_eq!(c.relation, Relation::Different, "{c:?}");
    // A text under the limit is compared as before: the same answer with the default limit.
    let short: String = first.chars().take(3_000).collect();
    let longer = format!("{short}\n{}", prose(605, 500));
    let (a, b) = (cmp_with(&p, &short, &longer), cmp(&short, &longer));
    assert_eq!((a.relation, a.tlcs_chars), (b.relation, b.tlcs_chars));
}

#[test]
fn verification_reads_at_most_sixteen_times_its_limit_of_a_text() {
    // The bound on the windows a text costs: text past it is not read, so a passage there is
    // not found, and the lengths are of the part read.
    let p = small_limit();
    let bound = 16 * p.max_verify_chars;
    let tail = prose(701, 3_000);
    let long = format!("{}\n{tail}", prose(700, bound + 1_000));
    assert!(normalize(&long).len() > bound + normalize(&tail).len());
    let c = cmp_with(&p, &tail, &long);
    assert_eq!(c.relation, Relation::Different, "{c:?}");
    assert_eq!(c.b_chars, bound);
    let head = prose(702, 3_000);
    let c = cmp_with(&p, &head, &format!("{head}\n{long}"));
    assert_eq!(c.relation, Relation::Contained, "a passage before the bound is found: {c:?}");
}

#[test]
fn a_long_article_whose_sections_moved_is_a_duplicate() {
    // Sections of 2,500 characters: moving one makes the edit distance 5,000, past the diff's
    // limit (max_edit_distance, 4,000), and a diff that gives up matches nothing at all.
    let sections: Vec<String> = (0..4).map(|i| prose(800 + i, 2_500)).collect();
    let article = sections.join("\n");
    for order in [[3usize, 0, 1, 2], [2, 0, 3, 1], [1, 0, 3, 2]] {
        let moved: Vec<&str> = order.iter().map(|&i| sections[i].as_str()).collect();
        let c = cmp(&article, &moved.join("\n"));
        assert_eq!(c.relation, Relation::Duplicate, "order {order:?}: {c:?}");
        assert!(c.contain > 0.95, "order {order:?}: {c:?}");
    }
    // Moved and edited as well.
    let edited = format!("{}\n{}\n{}\n{}", sections[3], sections[0].replace('的', "地"), sections[1], sections[2]);
    let c = cmp(&article, &edited);
    assert_eq!(c.relation, Relation::Duplicate, "{c:?}");
    // An article whose sections are another's is not found so.
    let other: Vec<String> = (0..4).map(|i| prose(810 + i, 2_500)).collect();
    assert_eq!(cmp(&article, &other.join("\n")).relation, Relation::Different);
}

/// Paragraphs of 100 to 250 characters (a news article's), `n` of them from `seed`.
fn paragraphs(seed: u64, n: u64) -> Vec<String> {
    (0..n).map(|i| prose(seed * 100 + i, 100 + (i * 37 % 150) as usize)).collect()
}

#[test]
fn an_article_whose_many_paragraphs_were_reshuffled_is_a_duplicate() {
    // Twenty-two paragraphs in a new order: no round's diff can follow more than a few of them,
    // and each round finds the longest chain still in order. The plain diff of such a pair spent
    // the comparison's whole budget in its first round and left a lower bound: "overlaps".
    let paras = paragraphs(900, 22);
    let article = paras.join("\n");
    for seed in 0..4u64 {
        let mut order: Vec<usize> = (0..paras.len()).collect();
        let mut r = seed * 7_919 + 13;
        for k in (1..order.len()).rev() {
            r = r.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            order.swap(k, (r >> 33) as usize % (k + 1));
        }
        let shuffled: Vec<&str> = order.iter().map(|&i| paras[i].as_str()).collect();
        let c = cmp(&article, &shuffled.join("\n"));
        assert_eq!(c.relation, Relation::Duplicate, "order {order:?}: {c:?}");
        assert!(c.contain > 0.8, "order {order:?}: {c:?}");
    }
    // Another article's paragraphs in any order are not found in it.
    let other = paragraphs(901, 22).join("\n");
    assert_eq!(cmp(&article, &other).relation, Relation::Different);
}

#[test]
fn a_digest_reshuffled_the_next_day_is_a_duplicate_and_an_item_is_contained() {
    // A hub page: the lead paragraphs of ten articles. The next day, the same items in another
    // order, one of them replaced.
    let items = paragraphs(910, 10);
    let today = items.join("\n");
    let mut tomorrow: Vec<String> = items.iter().rev().cloned().collect();
    tomorrow.swap(2, 7);
    tomorrow[4] = prose(920, 180);
    let c = cmp(&today, &tomorrow.join("\n"));
    assert_eq!(c.relation, Relation::Duplicate, "{c:?}");
    // One item is contained in the digest wherever it sits.
    for item in [&items[0], &items[4], &items[9]] {
        assert_eq!(cmp(item, &tomorrow.join("\n")).relation, Relation::Contained, "{item}");
    }
}

#[test]
fn two_forms_filled_in_differently_are_different_however_many_their_sentences() {
    // A court notice or a tender form: template sentences of 60 characters, each followed by
    // this page's own filling of 30. Each round finds one template sentence (the fillings
    // between keep the trusted region from spanning two), so rounds past the first few must
    // find a block that moved, not the next sentence in order.
    for sentences in [12u64, 20, 30] {
        let template: Vec<String> = (0..sentences).map(|i| prose(930 + i, 60)).collect();
        let form = |seed: u64| -> String {
            template.iter().enumerate().map(|(i, t)| format!("{t}{}", prose(seed * 1_000 + i as u64, 30))).collect()
        };
        let c = cmp(&form(941), &form(942));
        assert!(
            !matches!(c.relation, Relation::Duplicate | Relation::Contained | Relation::Contains),
            "{sentences}: {c:?}"
        );
    }
}

#[test]
fn pages_pasting_one_block_again_and_again_stay_duplicates_when_pieces_move() {
    // A block pasted three to twelve times among short texts of the page's own (an advert, a
    // quoted post), then up to three pieces moved and up to 3% of the characters edited. The
    // block's windows are no anchors (each text holds them many times), so a chain of the
    // few that are says little; the plain diff must still have its turn.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut below = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n.max(1)
    };
    for case in 0..60u64 {
        let block = prose(9_000 + case, 100 + below(300) as usize);
        let mut page = String::new();
        for k in 0..3 + below(10) {
            page.push_str(&block);
            page.push_str(&prose(case * 50 + k, 20 + below(200) as usize));
        }
        let page: Vec<char> = page.chars().collect();
        let mut copy = page.clone();
        for _ in 0..1 + below(3) {
            let i = below(copy.len() as u64) as usize;
            let j = i + below(((copy.len() - i) as u64).min(800)) as usize;
            let piece: Vec<char> = copy.drain(i..j).collect();
            let at = below(copy.len() as u64 + 1) as usize;
            copy.splice(at..at, piece);
        }
        let rate = below(30);
        for c in copy.iter_mut() {
            if below(1_000) < rate {
                *c = '某';
            }
        }
        let (a, b): (String, String) = (page.iter().collect(), copy.iter().collect());
        let c = cmp(&a, &b);
        assert_eq!(c.relation, Relation::Duplicate, "case {case}: {c:?}");
    }
}

/// A filing of one template: a market regulator's penalty decision, its facts in two sentences,
/// the rest procedure word for word.
fn decision(goods: &str, batch: u32, bought: u32, sold: u32, gain: u32, fine: u32) -> String {
    format!(
        "经查，当事人销售的{goods}（批号{batch}）经抽样检验不合格，当事人共购进该批次{goods}{bought}件，已售出{sold}件，违法所得{gain}元。\n\
         以上事实有现场检查笔录、抽样检验报告和进货凭证等证据为证，当事人对违法事实无异议。\n\
         本局依法向当事人送达了行政处罚告知书。告知了拟作出处罚的事实、理由和依据。当事人未提出陈述和申辩。也未要求听证。\n\
         本局认为，当事人的行为违反了产品质量法的有关规定，决定没收违法所得{gain}元，并处罚款{fine}元。\n\
         当事人应当自收到本决定书之日起十五日内缴纳罚没款，逾期不缴纳的，每日按罚款数额的百分之三加处罚款。\n\
         当事人如不服本决定，可以在收到本决定书之日起六十日内申请行政复议，也可以在六个月内依法提起行政诉讼。\n\
         当事人逾期不申请行政复议、不提起行政诉讼又不履行本决定的，本局将依法申请人民法院强制执行。"
    )
}

#[test]
fn a_template_s_filings_that_state_other_figures_are_different() {
    // Two shops fined for the same goods: the batch, the counts and the sums differ, and each
    // differing figure breaks the alignment for a character or two only. Counted as conflicts
    // they were three among a dozen sentences, and the pair was a duplicate.
    let a = decision("儿童书包", 20231122, 229, 102, 2504, 20000);
    let b = decision("儿童书包", 20230812, 245, 17, 2645, 30000);
    let c = cmp(&a, &b);
    // Shared enough for a duplicate, and too few conflicts for a near miss by their count.
    assert!(c.numeric_conflicts < 3 && c.contain >= Params::default().dup_coverage, "{c:?}");
    assert!(c.near_miss, "{c:?}");
    assert_eq!(c.relation, Relation::Different, "{c:?}");
    // The same decision with its fine corrected is a copy.
    let c = cmp(&a, &decision("儿童书包", 20231122, 229, 102, 2504, 25000));
    assert_eq!(c.relation, Relation::Duplicate, "{c:?}");
    // And with a paragraph of its own that states figures, it holds the decision.
    let later = format!("{a}\n截至3月10日，当事人已缴纳罚没款22504元，另有库存127件已全部下架封存，涉及金额3810元。");
    let c = cmp(&later, &a);
    assert!(!c.near_miss, "{c:?}");
    assert!(matches!(c.relation, Relation::Contains | Relation::Duplicate), "{c:?}");
}

#[test]
fn a_copy_writing_chinese_numeral_dates_in_digits_is_a_duplicate() {
    // The copy writes 一九九八年 as 1998年 and 十二月三十一日 as 12月31日: no figure differs.
    let text = |year: &str, month: &str, day: &str, later: &str| {
        format!(
            "{year}年{month}月{day}日，全市第一座跨江大桥正式建成通车，沿江两岸的居民从此不必再绕行渡口。\n\
             大桥全长一千二百米，双向六车道，设计通行能力为每日四万辆次，建设者们在江上奋战了三个春秋。\n\
             通车仪式结束后，许多市民步行走上桥面，在桥头合影留念，一位老人说他等这一天等了半辈子。\n\
             按照规划，{later}年前后还将在下游再建一座大桥，届时两岸交通将更加便利。"
        )
    };
    let c = cmp(&text("一九九八", "十二", "三十一", "二〇〇五"), &text("1998", "12", "31", "2005"));
    assert_eq!(c.numeric_conflicts, 0, "{c:?}");
    assert_eq!(c.relation, Relation::Duplicate, "{c:?}");
    // Another year written in digits is another figure (the dateline's day, at the head, is
    // no fact of the text).
    let c = cmp(&text("一九九八", "十二", "三十一", "二〇〇五"), &text("1998", "11", "30", "2006"));
    assert_eq!(c.numeric_conflicts, 1, "{c:?}");
}
