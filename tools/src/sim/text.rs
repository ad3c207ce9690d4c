//! Word pools for site templates, names and bulletins, and small text helpers.
//!
//! Everything here is page furniture or invented facts; the article text comes from the corpus.

use super::rng::Rng;

pub const SURNAMES: &[&str] = &[
    "王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡", "郭", "何", "高", "林",
    "罗", "郑", "梁", "谢", "宋", "唐", "许", "韩", "冯", "邓", "曹", "彭", "曾", "肖", "田", "董", "袁", "潘", "蒋",
    "蔡", "余", "杜", "叶", "程", "苏", "魏", "吕", "丁", "任", "沈", "姚", "卢", "姜", "崔", "钟", "谭", "陆", "汪",
    "范", "金", "石", "廖", "贾", "夏", "韦", "方", "白", "邹", "孟", "熊", "秦", "邱", "江", "尹", "薛", "段", "雷",
    "侯", "龙", "史", "陶", "黎", "贺", "顾", "毛", "郝", "龚", "邵", "万", "钱", "严", "武", "戴", "孔", "汤",
];

pub const GIVEN: &[&str] = &[
    "伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟", "涛", "明", "超", "秀", "霞",
    "平", "刚", "桂", "英", "华", "玉", "兰", "萍", "红", "建", "国", "文", "辉", "力", "鹏", "宇", "浩", "晨", "阳",
    "雪", "梅", "志", "海", "波", "斌", "凯", "琳", "婷", "欣", "怡", "佳", "俊", "峰", "亮", "飞", "云", "龙", "新",
    "春", "秋", "冬", "松", "林", "森", "晓", "东", "南", "北", "立", "成", "德", "忠", "义", "礼", "信", "泉", "水",
];

pub const CITIES: &[&str] = &[
    "北京",
    "上海",
    "天津",
    "重庆",
    "广州",
    "深圳",
    "杭州",
    "南京",
    "武汉",
    "成都",
    "西安",
    "沈阳",
    "长沙",
    "郑州",
    "济南",
    "青岛",
    "大连",
    "厦门",
    "福州",
    "哈尔滨",
    "长春",
    "石家庄",
    "太原",
    "合肥",
    "南昌",
    "昆明",
    "贵阳",
    "南宁",
    "兰州",
    "西宁",
    "银川",
    "乌鲁木齐",
    "拉萨",
    "呼和浩特",
    "海口",
    "宁波",
    "苏州",
    "无锡",
    "温州",
    "烟台",
    "洛阳",
    "桂林",
    "三亚",
    "珠海",
    "汕头",
    "徐州",
    "扬州",
    "唐山",
    "保定",
    "大同",
    "包头",
    "鞍山",
    "吉林",
    "齐齐哈尔",
];

pub const CHANNELS: &[&str] = &[
    "新闻", "国内", "国际", "社会", "财经", "股票", "科技", "体育", "娱乐", "汽车", "房产", "教育", "健康", "旅游",
    "文化", "军事", "评论", "图片", "视频", "读书", "时尚", "女性", "游戏", "彩票", "天气", "法治", "地方", "人事",
    "专题", "理论", "经济", "农业", "环保", "交通", "民生", "县域", "港澳", "台湾", "侨务", "书画",
];

pub const SOURCES: &[&str] = &[
    "人民日报",
    "新华社",
    "新华网",
    "中国新闻网",
    "经济日报",
    "光明日报",
    "中国青年报",
    "工人日报",
    "法制日报",
    "农民日报",
    "科技日报",
    "中国日报",
    "解放军报",
    "中央人民广播电台",
    "中国经济网",
    "中国网",
];

pub const SITE_PREFIX: &[&str] = &[
    "东方", "南方", "北方", "华夏", "中华", "神州", "九州", "长江", "黄河", "珠江", "天府", "齐鲁", "燕赵", "三秦",
    "八桂", "江南", "海峡", "北国", "西部", "中原", "荆楚", "湖湘", "巴蜀", "岭南", "龙城", "星辰", "蓝天", "金陵",
    "古城", "滨海", "高原", "大河", "春城", "泉城", "鹏城", "榕城", "椰城", "冰城", "山城", "江城", "羊城", "星城",
];

pub const SITE_PINYIN: &[&str] = &[
    "dongfang",
    "nanfang",
    "beifang",
    "huaxia",
    "zhonghua",
    "shenzhou",
    "jiuzhou",
    "changjiang",
    "huanghe",
    "zhujiang",
    "tianfu",
    "qilu",
    "yanzhao",
    "sanqin",
    "bagui",
    "jiangnan",
    "haixia",
    "beiguo",
    "xibu",
    "zhongyuan",
    "jingchu",
    "huxiang",
    "bashu",
    "lingnan",
    "longcheng",
    "xingchen",
    "lantian",
    "jinling",
    "gucheng",
    "binhai",
    "gaoyuan",
    "dahe",
    "chuncheng",
    "quancheng",
    "pengcheng",
    "rongcheng",
    "yecheng",
    "bingcheng",
    "shancheng",
    "jiangcheng",
    "yangcheng",
    "xingcheng",
];

pub const NEWS_SUFFIX: &[(&str, &str)] = &[
    ("新闻网", "news"),
    ("在线", "online"),
    ("网", "net"),
    ("资讯网", "info"),
    ("热线", "hot"),
    ("日报网", "daily"),
    ("晚报", "wb"),
    ("信息港", "infoport"),
    ("传媒网", "media"),
    ("时报网", "times"),
];

pub const FORUM_SUFFIX: &[(&str, &str)] = &[
    ("论坛", "bbs"),
    ("社区", "club"),
    ("家园", "home"),
    ("茶馆", "chaguan"),
    ("大杂院", "dzy"),
    ("网友之家", "wyzj"),
];

pub const TLDS: &[&str] = &[".com", ".cn", ".com.cn", ".net", ".net.cn", ".org.cn"];

pub const BOARDS: &[&str] = &[
    "读书沙龙",
    "谈天说地",
    "时事评论",
    "百姓生活",
    "文学天地",
    "情感驿站",
    "家长里短",
    "网友杂谈",
    "书评影评",
    "职场人生",
    "校园生活",
    "购物心得",
    "灌水专区",
    "新闻转载",
];

pub const SHARE: &[&str] = &[
    "新浪微博",
    "腾讯微博",
    "QQ空间",
    "人人网",
    "开心网",
    "豆瓣网",
    "百度贴吧",
    "微信",
    "朋友圈",
    "网易微博",
    "搜狐微博",
];

pub const TOOLS: &[&str] =
    &["打印本页", "关闭窗口", "收藏本文", "推荐给朋友", "纠错", "发表评论", "返回顶部", "字号：大 中 小"];

pub const FOOT_LINKS: &[&str] = &[
    "关于我们",
    "联系我们",
    "广告服务",
    "网站地图",
    "招聘信息",
    "法律声明",
    "隐私保护",
    "意见反馈",
    "投稿须知",
    "合作伙伴",
    "友情链接",
    "帮助中心",
    "网站导航",
    "订阅服务",
];

/// Footer sentences; some end in "。", as on many Chinese sites ("{n}" and "{site}" are filled in).
pub const FOOT_SENTENCES: &[&str] = &[
    "本网站所刊载信息，不代表本站观点。",
    "未经授权禁止转载、摘编、复制及建立镜像。",
    "如需转载，请与本网联系。",
    "凡本网注明来源的作品，版权均属于原作者。",
    "违法和不良信息举报电话：{n}。",
    "本站所有内容仅供参考，不构成任何投资建议。",
    "建议使用1024×768以上分辨率浏览本站。",
    "欢迎广大网友提供新闻线索，一经采用，即付稿酬。",
    "{site}郑重声明：本站对所有原创内容享有版权。",
    "本网站由{site}主办，{city}市互联网信息办公室指导。",
    "举报邮箱：jubao@{dom}，我们将在三个工作日内处理。",
    "本站部分内容来自互联网，如有侵权请及时告知，我们将尽快删除。",
    "网络文化经营许可证：文网文[1998]{n}号",
    "增值电信业务经营许可证{n}",
    "本站法律顾问：{city}市正义律师事务所",
    "客服热线：{n}（工作日9:00-18:00）",
];

/// Lines placed inside the article container by some sites.
pub const BODY_NOTES: &[&str] = &[
    "【免责声明】本文仅代表作者本人观点，与本网无关。本网对文中陈述、观点判断保持中立，不对所包含内容的准确性、可靠性或完整性提供任何明示或暗示的保证。请读者仅作参考，并请自行承担全部责任。",
    "凡注明“来源：{site}”的所有作品，版权均属于{site}，转载请注明出处。",
    "本文为{site}原创稿件，转载请注明来源及作者。",
    "欢迎关注{site}，更多精彩内容请访问{dom}。",
    "如您有新闻线索，请拨打{site}新闻热线{n}，或发送邮件至news@{dom}。",
    "本网转载此文出于传递更多信息之目的，并不意味着赞同其观点或证实其描述。",
    "（来源：{source}）",
    "（完）",
];

pub const FORUM_INTROS: &[&str] = &[
    "看到一篇好文章，转过来给大家看看。",
    "转自{source}，大家怎么看？",
    "今天的新闻，分享一下。",
    "转帖，原文如下：",
    "这篇报道写得不错，推荐。",
    "刚在网上看到的，转来大家讨论讨论。",
];

/// Short replies written for the simulator; the corpus reviews add thousands more.
pub const BUILTIN_COMMENTS: &[&str] = &[
    "顶一下！",
    "沙发。",
    "支持楼主，写得很好。",
    "说得有道理，赞同。",
    "路过，看看。",
    "这个问题确实值得大家思考。",
    "不太同意这种看法，事情没有那么简单。",
    "学习了，谢谢分享！",
    "希望有关部门能够重视起来。",
    "我们这里也是这样，深有体会。",
    "文章写得很实在，没有空话。",
    "楼上说得对。",
    "早就该这样做了。",
    "期待后续报道。",
    "第一次来这个论坛，大家好。",
    "标题党，内容一般。",
    "收藏了，慢慢看。",
    "老百姓最关心的还是物价问题。",
    "这样的好人好事应该多宣传。",
    "记者辛苦了！",
    "看完心里暖暖的。",
    "不知道我们县什么时候也能这样。",
    "有图有真相吗？",
    "呵呵，又是老生常谈。",
    "建议版主加精。",
    "希望明年会更好。",
    "这个数据准确吗？",
    "转走了，谢谢。",
    "说实话，效果还要看落实。",
    "同感，顶楼主。",
];

pub const SIGNATURES: &[&str] = &[
    "宁静致远，淡泊明志。",
    "天行健，君子以自强不息。",
    "人生若只如初见。",
    "读书破万卷，下笔如有神。",
    "生活不止眼前的苟且。",
    "一个人的旅行",
    "潜水多年，偶尔冒泡",
    "我的博客欢迎大家来访",
    "知足常乐",
    "好好学习，天天向上。",
];

pub const USER_WORDS: &[&str] = &[
    "清风", "明月", "老街", "江湖", "小草", "飞鸟", "布衣", "书生", "海浪", "山人", "夜雨", "星空", "阿福", "大熊",
    "木头", "糖果", "南瓜", "小鱼", "行者", "听雨", "无名", "过客", "老张", "北漂", "东篱", "西窗",
];

pub const WEATHER: &[&str] = &[
    "晴",
    "多云",
    "阴",
    "小雨",
    "中雨",
    "阵雨",
    "雷阵雨",
    "小雪",
    "中雪",
    "雨夹雪",
    "晴转多云",
    "多云转阴",
    "阴转小雨",
    "雾",
];
pub const WIND_DIR: &[&str] =
    &["北风", "南风", "东风", "西风", "东北风", "西北风", "东南风", "西南风", "偏北风", "偏南风"];
pub const GOODS: &[&str] = &[
    "大米",
    "面粉",
    "猪肉",
    "牛肉",
    "鸡蛋",
    "白菜",
    "土豆",
    "西红柿",
    "黄瓜",
    "食用油",
    "白糖",
    "带鱼",
    "苹果",
    "香蕉",
];
pub const CURRENCIES: &[&str] =
    &["美元", "日元", "港元", "英镑", "德国马克", "法国法郎", "瑞士法郎", "澳大利亚元", "加拿大元", "新加坡元"];
pub const STOCKS: &[&str] = &[
    "深发展",
    "四川长虹",
    "青岛海尔",
    "万科",
    "申能股份",
    "陆家嘴",
    "上海石化",
    "东方明珠",
    "一汽轿车",
    "燕京啤酒",
    "五粮液",
    "海螺水泥",
    "宝钢股份",
    "清华同方",
];
pub const ROADS: &[&str] =
    &["人民", "解放", "中山", "建设", "胜利", "和平", "友谊", "长江", "黄河", "新华", "文化", "光明", "朝阳", "东风"];

/// A person's name: surname and one or two given characters.
pub fn person(rng: &mut Rng) -> String {
    let mut s = String::from(*rng.pick(SURNAMES));
    s.push_str(rng.pick::<&str>(GIVEN));
    if rng.chance(0.6) {
        s.push_str(rng.pick::<&str>(GIVEN));
    }
    s
}

/// A forum user name: Chinese words, a handle with digits, or a visitor label.
pub fn user_name(rng: &mut Rng) -> String {
    match rng.range(0, 5) {
        0 => format!("{}{}", rng.pick(USER_WORDS), rng.pick(USER_WORDS)),
        1 => format!("{}{}", rng.pick(USER_WORDS), rng.range(1, 2000)),
        2 => {
            let k = rng.range(3, 8);
            format!("{}{}", rng.token(k), rng.range(0, 100))
        }
        3 => format!("游客{}.{}.*.*", rng.range(58, 222), rng.range(1, 255)),
        _ => format!("{}的{}", rng.pick(USER_WORDS), rng.pick(USER_WORDS)),
    }
}

/// Digits of a phone-like number with `len` digits.
pub fn digits(rng: &mut Rng, len: usize) -> String {
    (0..len).map(|i| char::from(b'0' + if i == 0 { rng.range(1, 10) } else { rng.range(0, 10) } as u8)).collect()
}

/// Fills `{site}`, `{dom}`, `{city}`, `{source}`, `{n}` in a pool string.
pub fn fill(template: &str, site: &str, dom: &str, city: &str, source: &str, rng: &mut Rng) -> String {
    let mut s =
        template.replace("{site}", site).replace("{dom}", dom).replace("{city}", city).replace("{source}", source);
    while let Some(p) = s.find("{n}") {
        let n = format!("0{}-{}", rng.range(10, 999), digits(rng, 8));
        s.replace_range(p..p + 3, &n);
    }
    s
}

/// Sentence-ending marks.
pub fn is_sentence_end(c: char) -> bool {
    matches!(c, '。' | '！' | '？' | '!' | '?')
}

/// Closing marks that stay with the sentence before them.
fn is_closer(c: char) -> bool {
    matches!(c, '”' | '’' | '」' | '』' | '）' | ')' | '"' | '》')
}

/// Splits a paragraph into sentences after "。！？" (closing quotes and brackets stay attached). The
/// pieces concatenate back to the paragraph.
pub fn split_sentences(para: &str) -> Vec<String> {
    let chars: Vec<char> = para.chars().collect();
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < chars.len() {
        if is_sentence_end(chars[i]) {
            let mut j = i + 1;
            while j < chars.len() && (is_sentence_end(chars[j]) || is_closer(chars[j])) {
                j += 1;
            }
            out.push(chars[start..j].iter().collect());
            start = j;
            i = j;
        } else {
            i += 1;
        }
    }
    if start < chars.len() {
        let rest: String = chars[start..].iter().collect();
        if !rest.trim().is_empty() {
            out.push(rest);
        }
    }
    out
}

/// Full-width digits to ASCII digits (what some sites' publishing systems do).
pub fn halfwidth_digits(s: &str) -> String {
    s.chars()
        .map(|c| if ('０'..='９').contains(&c) { char::from_u32(c as u32 - 0xFEE0).unwrap_or(c) } else { c })
        .collect()
}

/// Number of characters.
pub fn nchars(s: &str) -> usize {
    s.chars().count()
}

/// The first `n` characters.
pub fn prefix(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// HTML-escapes text for element content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian (H. Hinnant's algorithm).
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// Broken-down time of unix seconds at a fixed offset (seconds east of UTC).
#[derive(Debug, Clone, Copy)]
pub struct Civil {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub min: u32,
    pub sec: u32,
    /// 0 = Monday.
    pub weekday: u32,
}

pub fn civil(unix: i64, offset: i64) -> Civil {
    let t = unix + offset;
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    Civil {
        year,
        month,
        day,
        hour: (secs / 3600) as u32,
        min: (secs / 60 % 60) as u32,
        sec: (secs % 60) as u32,
        weekday: (days + 3).rem_euclid(7) as u32,
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ`.
pub fn iso_utc(unix: i64) -> String {
    let c = civil(unix, 0);
    format!("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", c.year, c.month, c.day, c.hour, c.min, c.sec)
}

/// RFC 7231 date for HTTP headers.
pub fn http_date(unix: i64) -> String {
    const WD: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    const MO: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let c = civil(unix, 0);
    format!(
        "{}, {:02} {} {:04} {:02}:{:02}:{:02} GMT",
        WD[c.weekday as usize],
        c.day,
        MO[(c.month - 1) as usize],
        c.year,
        c.hour,
        c.min,
        c.sec
    )
}

/// Chinese numerals for small numbers (一 .. 九十九), used by bulletins.
pub fn cn_number(n: usize) -> String {
    const D: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        0..=9 => D[n].to_string(),
        10..=19 => format!("十{}", if n == 10 { "" } else { D[n - 10] }),
        20..=99 => format!("{}十{}", D[n / 10], if n - n / 10 * 10 == 0 { "" } else { D[n % 10] }),
        _ => n.to_string(),
    }
}

/// Two to six share targets in random order.
pub fn pick_share(rng: &mut Rng) -> Vec<&'static str> {
    let k = rng.range(2, 7);
    rng.sample_indices(SHARE.len(), k).into_iter().map(|i| SHARE[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_concatenate_back() {
        let p = "他说：“今年的收成很好。”大家都笑了！还有吗？最后一句没有句号";
        let s = split_sentences(p);
        assert_eq!(s.len(), 4);
        assert_eq!(s[0], "他说：“今年的收成很好。”");
        assert_eq!(s.concat(), p);
    }

    #[test]
    fn dates() {
        // 1998-01-01T00:00:00Z is 883612800.
        assert_eq!(iso_utc(883_612_800), "1998-01-01T00:00:00Z");
        assert_eq!(http_date(883_612_800), "Thu, 01 Jan 1998 00:00:00 GMT");
        assert_eq!(cn_number(25), "二十五");
        assert_eq!(halfwidth_digits("１９９８年"), "1998年");
    }
}
