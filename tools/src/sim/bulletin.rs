//! Near-miss bulletins: pages built from one boilerplate with different facts.
//!
//! A *series* is one publisher's recurring bulletin about one subject (the weather of a city, the
//! day's market close, the exchange rates...). Its issues share whole sentences and the site
//! template, and differ in dates, numbers and names, often in the middle of a sentence. By the LCS
//! paper's labelling guide they are not similar (different facts are a different main object);
//! algorithms.md §6 lists them as the classic false-positive class.

use super::rng::Rng;
use super::text::{cn_number, CITIES, CURRENCIES, GOODS, STOCKS, WEATHER, WIND_DIR};

/// Bulletin families.
pub const FAMILIES: &[&str] = &["weather", "stocks", "forex", "lottery", "prices", "volleyball"];

/// Digits as full-width characters (some series print them so).
fn fw(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_digit() { char::from_u32(c as u32 + 0xFEE0).unwrap_or(c) } else { c }).collect()
}

/// The text of one issue: title and paragraphs.
pub struct Issue {
    pub title: String,
    pub paras: Vec<String>,
}

/// Writes issue `day` (0-based; `month`/`dom` are its date) of a series of `family` about
/// `subject` (an index that picks the city or the lottery). `fullwidth` prints digits full-width.
pub fn issue(family: &str, subject: usize, month: u32, dom: u32, rng: &mut Rng, fullwidth: bool) -> Issue {
    let city = CITIES[subject % CITIES.len()];
    let md = format!("{month}月{dom}日");
    let mut paras: Vec<String>;
    let title;
    match family {
        "weather" => {
            let t1 = rng.range(0, 20) as i64 - 8;
            let t2 = t1 - rng.range(4, 12) as i64;
            let t3 = t1 + rng.range(0, 6) as i64 - 3;
            let t4 = t3 - rng.range(4, 11) as i64;
            let hour = *rng.pick(&[6usize, 11, 17]);
            title = if rng.chance(0.5) { format!("{city}天气预报（{md}）") } else { format!("{md}{city}天气") };
            paras = vec![
                format!(
                    "{city}市气象台{md}{hour}时发布天气预报：今天白天{}，{}{}到{}级，最高气温{t1}℃；今天夜间{}，{}{}级左右，最低气温{t2}℃。",
                    rng.pick(WEATHER),
                    rng.pick(WIND_DIR),
                    cn_number(rng.range(1, 4)),
                    cn_number(rng.range(4, 6)),
                    rng.pick(WEATHER),
                    rng.pick(WIND_DIR),
                    cn_number(rng.range(1, 5)),
                ),
                format!(
                    "明天白天{}，最高气温{t3}℃；明天夜间{}，最低气温{t4}℃。后天{}，气温{}℃到{}℃。",
                    rng.pick(WEATHER),
                    rng.pick(WEATHER),
                    rng.pick(WEATHER),
                    t4 + rng.range(0, 3) as i64,
                    t3 + rng.range(0, 4) as i64,
                ),
                rng.pick(&[
                    "气象专家提醒，近期早晚温差较大，请市民注意适时增减衣物，预防感冒。",
                    "受冷空气影响，未来几天气温将继续走低，请市民注意防寒保暖。",
                    "目前正值春运期间，请出行的旅客关注天气变化，合理安排行程。",
                    "近期空气干燥，请注意室内通风，做好森林防火工作。",
                ])
                .to_string(),
                format!("以上预报由{city}市气象台提供，仅供参考，以气象部门最新发布为准。"),
            ];
        }
        "stocks" => {
            let o = 1100.0 + rng.f64() * 200.0;
            let c = o + rng.uniform(-30.0, 30.0);
            let hi = o.max(c) + rng.uniform(0.5, 12.0);
            let lo = o.min(c) - rng.uniform(0.5, 12.0);
            let d = c - o;
            let up = if d >= 0.0 { "上涨" } else { "下跌" };
            title = if rng.chance(0.5) {
                format!("{md}沪深股市收盘综述")
            } else {
                format!("今日股市：沪指{}{:.2}点", if d >= 0.0 { "涨" } else { "跌" }, d.abs())
            };
            let mut names: Vec<&str> = STOCKS.to_vec();
            rng.shuffle(&mut names);
            paras = vec![
                format!(
                    "{md}，沪市上证综合指数以{o:.2}点开盘，最高{hi:.2}点，最低{lo:.2}点，收盘报{c:.2}点，较上一交易日{up}{:.2}点，涨跌幅为{:.2}%，成交金额{}亿元。",
                    d.abs(),
                    d.abs() / o * 100.0,
                    rng.range(20, 90)
                ),
                format!(
                    "深市成份指数收盘报{:.2}点，{}{:.2}点，成交金额{}亿元。两市共有{}只股票上涨，{}只股票下跌。",
                    3200.0 + rng.f64() * 600.0,
                    if rng.chance(0.5) { "上涨" } else { "下跌" },
                    rng.uniform(1.0, 80.0),
                    rng.range(15, 70),
                    rng.range(80, 600),
                    rng.range(80, 600)
                ),
                format!("个股方面，{}、{}涨幅居前，{}跌幅较大。", names[0], names[1], names[2]),
                rng.pick(&[
                    "分析人士认为，目前市场观望气氛较浓，投资者应保持理性，注意控制风险。",
                    "分析人士认为，短期内大盘仍将以震荡整理为主，投资者不宜盲目追涨杀跌。",
                    "业内人士表示，年关将近，资金面偏紧，市场短期难有大的作为。",
                ])
                .to_string(),
                "以上数据仅供参考，请以交易所公布数据为准。股市有风险，入市须谨慎。".to_string(),
            ];
        }
        "forex" => {
            title = format!("{md}人民币外汇牌价");
            let mut list: Vec<String> = Vec::new();
            let mut cur: Vec<&str> = CURRENCIES.to_vec();
            let k = rng.range(5, cur.len());
            rng.shuffle(&mut cur[1..]);
            for name in &cur[..k] {
                let v = match *name {
                    "美元" => 827.0 + rng.f64() * 2.0,
                    "日元" => 6.3 + rng.f64() * 0.4,
                    "港元" => 106.8 + rng.f64() * 0.4,
                    "英镑" => 1350.0 + rng.f64() * 40.0,
                    _ => 300.0 + rng.f64() * 500.0,
                };
                list.push(format!("100{name}合人民币{v:.2}元"));
            }
            paras = vec![
                format!("中国人民银行{md}公布的人民币市场汇价为："),
                format!("{}。", list.join("；")),
                "以上汇价为中间价，各银行实际买卖价格以营业网点公布为准。".to_string(),
            ];
        }
        "lottery" => {
            let n = 90_000 + subject * 1000 + rng.range(1, 365);
            let kind = if subject & 1 == 0 { "福利彩票" } else { "体育彩票" };
            title = format!("{city}{kind}第{n}期开奖公告");
            let mut balls: Vec<usize> = rng.sample_indices(30, 7).into_iter().map(|b| b + 1).collect();
            balls.sort_unstable();
            let balls: Vec<String> = balls.iter().map(|b| format!("{b:02}")).collect();
            paras = vec![
                format!(
                    "{city}{kind}第{n}期于{md}晚在{city}公开摇奖，本期中奖号码为：{}，特别号码{:02}。",
                    balls.join("、"),
                    rng.range(1, 31)
                ),
                format!(
                    "本期一等奖{}注，每注奖金{}元；二等奖{}注，每注奖金{}元；三等奖{}注，每注奖金{}元。",
                    rng.range(0, 6),
                    rng.range(200_000, 5_000_000),
                    rng.range(3, 60),
                    rng.range(5_000, 60_000),
                    rng.range(50, 900),
                    rng.range(500, 3000)
                ),
                format!(
                    "本期销售总额为{}元，奖池累计{}元。",
                    rng.range(1_000_000, 9_000_000),
                    rng.range(100_000, 3_000_000)
                ),
                format!(
                    "中奖者请持彩票到{city}市{kind}发行中心兑奖，兑奖期限为开奖之日起二十八天。逾期未兑，视为弃奖。"
                ),
            ];
        }
        "prices" => {
            title = format!("{city}市场主要副食品价格（{md}）");
            let mut goods: Vec<&str> = GOODS.to_vec();
            rng.shuffle(&mut goods);
            let list: Vec<String> =
                goods[..6].iter().map(|g| format!("{g}每公斤{:.2}元", 1.0 + rng.f64() * 25.0)).collect();
            paras = vec![
                format!("据{city}市物价局{md}监测，本市主要农贸市场副食品价格基本稳定。"),
                format!("{}。", list.join("，")),
                format!(
                    "与上周相比，{}价格上涨{}%，{}价格下降{}%，其余品种价格变化不大。",
                    goods[6],
                    rng.range(2, 15),
                    goods[7],
                    rng.range(1, 12)
                ),
                "物价部门提醒消费者，节日期间如发现哄抬价格等行为，可拨打价格举报电话12358。".to_string(),
            ];
        }
        _ => {
            // volleyball
            let round = rng.range(1, 23);
            title = format!("全国男排联赛第{round}轮综述");
            let mut teams: Vec<&str> = CITIES[..20].to_vec();
            rng.shuffle(&mut teams);
            let score = |rng: &mut Rng| {
                if rng.chance(0.5) {
                    "3比0"
                } else if rng.chance(0.5) {
                    "3比1"
                } else {
                    "3比2"
                }
            };
            paras = vec![
                format!("全国男子排球联赛第{round}轮比赛{md}在{}、{}等地进行。", teams[0], teams[1]),
                format!(
                    "{}队以{}战胜{}队，{}队以{}战胜{}队，{}队以{}击败{}队。",
                    teams[2],
                    score(rng),
                    teams[3],
                    teams[4],
                    score(rng),
                    teams[5],
                    teams[6],
                    score(rng),
                    teams[7]
                ),
                format!(
                    "本轮过后，{}队以{}胜{}负的战绩继续领跑积分榜，{}队暂列第二。",
                    teams[2],
                    rng.range(5, 15),
                    rng.range(0, 5),
                    teams[4]
                ),
                format!("下一轮比赛将于{}月{}日举行。", month, (dom + rng.range(2, 5) as u32).min(28)),
            ];
        }
    }
    if fullwidth {
        paras = paras.iter().map(|p| fw(p)).collect();
    }
    Issue { title, paras }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issues_of_a_series_share_boilerplate_and_differ_in_facts() {
        for fam in FAMILIES {
            let a = issue(fam, 3, 1, 5, &mut Rng::new(1), false);
            let b = issue(fam, 3, 1, 6, &mut Rng::new(2), false);
            assert_ne!(a.paras, b.paras, "{fam}");
            assert!(a.paras.iter().map(|p| p.chars().count()).sum::<usize>() > 60, "{fam}");
        }
    }
}
