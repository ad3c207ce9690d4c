#!/usr/bin/env python3
"""altcrawl.py -- an alternative synthetic Chinese web-crawl generator for dedupdb.

This simulator was written independently of the project's own simulator
(tools/src/sim, deliberately not read) and of the project's extractor, so that
dedupdb's near-duplicate detection can be tested for generalisation on crawls
that were built differently: other site templates, other page kinds, other
copy operations and an explicitly stated ground-truth rule.

Usage:
    python3 scripts/altcrawl.py --corpus data/corpus --out DIR \
        --pages 6000 --days 5 --seed 1

Output:
    DIR/day-NN/crawl.jsonl  one page per line:
        {"url", "html", "site", "fetched_at"[, "charset": "gbk"]}
    DIR/truth.jsonl         one line per page in global crawl order:
        {"n", "url", "site", "day", "kind", "role", "family", "main_chars",
         "earlier_dup", "cluster", "matches": [{"n": k}, ...]}
    DIR/summary.json        counts per kind / role / earlier_dup.

Ground truth.  Every piece of main text is a list of sentence units, each
carrying the canonical (pre-edit) text of the sentence it came from.  Light
edits, digit/width changes, traditional characters and entity encodings
never change a unit's identity.  For two pages A and B:
    shared = sum over common units of min(chars in A, chars in B)
    R = shared / (|A| + |B| - shared),  C = shared / min(|A|, |B|)
    match  <=>  shared >= 30 and (R >= 0.5 or (C >= 0.8 and min(|A|,|B|) >= 50))
Main text excludes everything that belongs to the template (navigation,
sidebars, related-article boxes, comments under news, footers, legal
notices, inline ads, editor/source lines).  Titles are not main text except
on listing pages, whose main text is their headlines and summaries.
Forum threads count the opening post and all replies; product pages count
description, specification lines and buyer reviews.

Only the Python 3 standard library is used; output is deterministic per seed.
"""

import argparse
import datetime
import html as htmlmod
import json
import os
import random
import re
from collections import Counter, namedtuple

# ---------------------------------------------------------------------------
# Corpus loading
# ---------------------------------------------------------------------------

S = namedtuple('S', 'sid text clen')   # a sentence unit: identity, shown text, counted chars

END_CH = '。！？!?'
CLOSE_CH = '”’』」）)'
POS_TAG = re.compile(r'/[A-Za-z]+$')


def untag(line):
    """People's Daily lines are 'word/pos  word/pos'; keep the words only."""
    return ''.join(POS_TAG.sub('', tok) for tok in line.split())


def split_sentences(text):
    """Split Chinese text after 。！？ (keeping trailing closing quotes)."""
    out, buf = [], ''
    for i, ch in enumerate(text):
        buf += ch
        ends = ch in END_CH or (ch in CLOSE_CH and len(buf) > 1 and buf[-2] in END_CH + CLOSE_CH)
        if ends:
            nxt = text[i + 1] if i + 1 < len(text) else ''
            if nxt and (nxt in END_CH or nxt in CLOSE_CH):
                continue
            out.append(buf)
            buf = ''
    if buf.strip():
        out.append(buf)
    # glue tiny fragments to their predecessor
    merged = []
    for s in out:
        if merged and len(s.strip()) < 5:
            merged[-1] += s
        else:
            merged.append(s)
    return [s.strip() for s in merged if s.strip()]


def line_kind(s):
    """Classify a People's Daily line: body paragraph, photo caption or title."""
    if s.startswith('（') and s.endswith('）') and len(s) < 40:
        return 'caption'
    if len(s) >= 60 or (s[-1] in END_CH + '”』；…：' and len(s) >= 12):
        return 'body'
    return 'title'


def load_peoples_daily(path):
    """Articles are runs of title lines (headline, deck, byline) followed by body lines."""
    arts, cur, prev = [], None, 'body'
    with open(path, encoding='utf-8') as fh:
        for raw in fh:
            s = untag(raw)
            if not s:
                continue
            k = line_kind(s)
            if k == 'title':
                if prev != 'title':
                    cur = {'title': s, 'deck': [], 'paras': []}
                    arts.append(cur)
                else:
                    cur['deck'].append(s)
            elif k == 'body' and cur is not None:
                sents = split_sentences(s)
                if sents:
                    cur['paras'].append(sents)
            if k != 'caption':
                prev = k
    out = []
    for i, a in enumerate(arts):
        if a['paras']:
            a['aid'] = 'pd%05d' % i
            a['chars'] = sum(len(x) for p in a['paras'] for x in p)
            out.append(a)
    return out


def load_reviews(paths):
    revs, seen = [], set()
    for p in paths:
        with open(p, encoding='utf-8') as fh:
            for line in fh:
                s = re.sub(r'\s+', ' ', line).strip()
                if len(s) >= 6 and s not in seen:   # the review files repeat some lines
                    seen.add(s)
                    revs.append(s)
    return revs


# ---------------------------------------------------------------------------
# Vocabulary for templates, names and edits
# ---------------------------------------------------------------------------

REGIONS = [('滨海', 'binhai'), ('三秦', 'sanqin'), ('天府', 'tianfu'), ('齐鲁', 'qilu'), ('燕赵', 'yanzhao'),
           ('江淮', 'jianghuai'), ('荆楚', 'jingchu'), ('八闽', 'bamin'), ('岭南', 'lingnan'), ('中原', 'zhongyuan'),
           ('东方', 'dongfang'), ('华夏', 'huaxia'), ('长江', 'changjiang'), ('北方', 'beifang'), ('西部', 'xibu'),
           ('金陵', 'jinling'), ('钱江', 'qianjiang'), ('珠江', 'zhujiang'), ('湘江', 'xiangjiang'), ('黔中', 'qianzhong'),
           ('云岭', 'yunling'), ('塞上', 'saishang'), ('关东', 'guandong'), ('海峡', 'haixia'), ('渤海', 'bohai'),
           ('太行', 'taihang'), ('昆仑', 'kunlun'), ('江南', 'jiangnan'), ('沂蒙', 'yimeng'), ('黄河', 'huanghe'),
           ('秦岭', 'qinling'), ('洞庭', 'dongting'), ('鄱阳', 'poyang'), ('泰山', 'taishan'), ('峨眉', 'emei'),
           ('南粤', 'nanyue'), ('北国', 'beiguo'), ('东海', 'donghai'), ('西湖', 'xihu'), ('天山', 'tianshan'),
           ('龙城', 'longcheng'), ('春城', 'chuncheng'), ('冰城', 'bingcheng'), ('鹏城', 'pengcheng'), ('星城', 'xingcheng')]
SUFFIXES = {
    'news': [('新闻网', 'news'), ('资讯网', 'info'), ('在线', 'online'), ('热线', 'rx'), ('时报网', 'times'),
             ('日报网', 'daily'), ('晚报', 'wb'), ('信息港', 'infoport'), ('视点', 'view'), ('头条', 'toutiao'),
             ('网', 'net'), ('新闻中心', 'xinwen')],
    'forum': [('论坛', 'bbs'), ('社区', 'club'), ('家园', 'home'), ('茶馆', 'chaguan'), ('网友之家', 'ren')],
    'shop': [('商城', 'mall'), ('购物网', 'shop'), ('优品', 'youpin'), ('易购', 'egou')],
    'aggregator': [('看点', 'kandian'), ('文摘', 'wenzhai'), ('阅读', 'read'), ('聚合新闻', 'juhe')],
}
TLDS = ['.com', '.cn', '.com.cn', '.net', '.net.cn', '.org.cn', '.cc']
CHANNELS = [('国内', 'guonei'), ('国际', 'world'), ('财经', 'finance'), ('社会', 'society'), ('体育', 'sports'),
            ('文化', 'culture'), ('科技', 'tech'), ('教育', 'edu'), ('军事', 'mil'), ('地方', 'local'),
            ('评论', 'opinion'), ('要闻', 'yaowen'), ('时政', 'politics'), ('经济', 'economy')]
FORUM_BOARDS = [('读书交流', 'book'), ('数码硬件', 'digital'), ('旅游休闲', 'travel'), ('灌水乐园', 'water'),
                ('情感天地', 'love'), ('本地生活', 'life'), ('电脑技术', 'pc'), ('时事评论', 'news')]
SHOP_CATS = [('图书音像', 'book'), ('电脑数码', 'digital'), ('酒店预订', 'hotel'), ('手机通讯', 'phone'), ('家居百货', 'home'),
             ('特价促销', 'sale')]
NAV_EXTRA = ['娱乐', '健康', '汽车', '房产', '旅游', '图片', '视频', '论坛', '专题', '博客', '读书', '女性', '彩票', '天气']
SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴莫孔向汤'
GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华建国文辉力红晓亮鹏飞玲丹萍雪琳宇浩凯欣怡佳俊峰博新春海燕'
NICK_A = ['快乐的', '孤独的', '淡定的', '蓝色', '小小', '老', '大', '阿', '寂寞', '幸福', '安静的', '会飞的', '爱吃', '迷路的']
NICK_B = ['小鱼', '石头', '猫咪', '行者', '书生', '木头', '飞鸟', '蜗牛', '土豆', '西瓜', '过客', '船长', '狐狸', '兔子']
SIGNATURES = ['生活不止眼前的苟且，还有诗和远方。', '宁静致远，淡泊明志。', '我的地盘我做主！', '好好学习，天天向上。',
              '路漫漫其修远兮，吾将上下而求索。', '心若向阳，无畏悲伤。', '人生就像一场旅行，不必在乎目的地。',
              '欢迎大家来我的空间坐坐。', '只要功夫深，铁杵磨成针。', '做一个安静的美男子。']
RELATED_HEADS = ['相关阅读', '相关新闻', '热点推荐', '延伸阅读', '猜你喜欢', '推荐阅读', '相关文章', '看了本文的人还看了']
SIDE_HEADS = ['热门排行', '24小时热门', '点击排行', '图片新闻', '最新资讯', '编辑推荐', '本周热点', '热门专题', '今日关注']
LEGAL = [
    '本网站所载文字、图片、音视频等内容，版权归本网所有，未经授权不得转载。',
    '凡本网注明“来源：{name}”的所有作品，版权均属于{name}，未经本网授权不得转载、摘编或利用其它方式使用上述作品。',
    '凡本网注明“来源：XXX（非本网）”的作品，均转载自其它媒体，转载目的在于传递更多信息，并不代表本网赞同其观点和对其真实性负责。',
    '如因作品内容、版权和其它问题需要同本网联系的，请在30日内进行。',
    '本站部分内容来源于网络，如有侵权请联系删除。',
    '网友评论仅供其表达个人看法，并不表明本网同意其观点或证实其描述。',
    '未经书面授权，任何单位及个人不得以任何方式复制、转载本网内容。',
    '请遵守《互联网电子公告服务管理规定》及中华人民共和国其他各项有关法律法规。',
    '用户需对自己在使用本站服务过程中的行为承担法律责任。',
    '本网转载的作品，并不意味着认同该作品的观点或真实性，如有异议请及时与本网联系。',
]
INLINE_ADS = ['点击下载客户端，阅读更多精彩内容。', '关注官方微信公众号，第一时间获取最新资讯。', '更多精彩内容，请登录{name}。',
              '扫描二维码，关注{name}官方微博。', '下载{name}APP，随时随地看新闻。', '欢迎关注{name}手机版，新闻资讯随手掌握。',
              '【广告】{name}诚招各地代理，详情请致电客服热线。', '想了解更多资讯？点击进入{name}首页。']
SHOP_NOTICE = ['本店所有商品均为正品行货，全国联保，请放心购买。', '本商品支持7天无理由退货，退货运费由买家承担。',
               '因拍摄灯光及显示器差异，图片颜色可能与实物略有不同，请以实物为准。', '付款后48小时内发货，节假日顺延。']
FORUM_RULES = ['本版禁止发布广告，违者删帖封号。', '请文明发言，理性讨论，共建和谐社区。',
               '您需要登录后才可以回帖。', '帖子内容仅代表作者个人观点，与本站立场无关。']
SHORT_REPLIES = ['顶！', '支持楼主', '沙发', 'mark一下', '路过，看看。', '楼主说得好！', '同意楼上的观点。', '学习了，谢谢分享。',
                 '帮顶', '占个座', '+1', '说得太对了！', '不明觉厉', '围观中……']
EDITOR_FMT = ['责任编辑：{e}', '（责任编辑：{e}）', '[责任编辑:{e}]', '编辑：{e}', '责编：{e}', '（编辑 {e}）',
              '作者：{a}　编辑：{e}', '校对：{e}　审核：{a}']
SOURCE_FMT = ['来源：{s}', '来源: {s}', '稿件来源：{s}', '文章来源：{s}', '出处：{s}', '【来源：{s}】']
TITLE_FMT = ['{t}_{c}_{n}', '{t} - {n}', '{t}|{n}', '{t}--{c}--{n}', '{n}-{t}', '{t}_{n}']
KEYWORDS = ['中国', '北京', '经济', '改革', '企业', '发展', '市场', '上海', '政府', '农民']
ORIG_SOURCES = ['人民日报', '人民日报', '新华社', '人民网', '新华网', '本报', '中国新闻网']

# Character-level edit tables: common typos / homophones, and a few simplified->traditional pairs.
TYPO = {'的': '地得', '在': '再', '做': '作', '已': '以', '象': '像', '那': '哪', '他': '她', '其': '期', '及': '即',
        '制': '治', '工': '公', '事': '是', '决': '绝', '型': '形', '程': '成', '力': '利', '记': '纪', '名': '明',
        '会': '汇', '建': '健', '部': '步', '化': '话', '作': '做', '度': '渡', '再': '在', '得': '的', '地': '的',
        '进': '近', '期': '其', '是': '事', '和': '合', '有': '又', '又': '有', '到': '道', '成': '城'}
TRAD = dict(zip('国这发会来时为们说对经过后进动开关业产长现实与东车门问间听书买卖电网记报员办务区县级组织场议导领总统应该认识样还没从众义乐华万亿个几节岁历台湾厂广庆农机构条术习学头强观质资设计让许论话语读谁调费贸运达边选钱铁银阳陆际难题风飞马鱼鸟齐龙体卫护军将战胜党团园图声处备复夺宁宝层岛师带帮币态环亲兴决况净划则刚创别剧劳势单厅压参双变叶号吗启响围圣坏块坚',
                '國這發會來時為們說對經過後進動開關業產長現實與東車門問間聽書買賣電網記報員辦務區縣級組織場議導領總統應該認識樣還沒從眾義樂華萬億個幾節歲歷臺灣廠廣慶農機構條術習學頭強觀質資設計讓許論話語讀誰調費貿運達邊選錢鐵銀陽陸際難題風飛馬魚鳥齊龍體衛護軍將戰勝黨團園圖聲處備複奪寧寶層島師帶幫幣態環親興決況淨劃則剛創別劇勞勢單廳壓參雙變葉號嗎啟響圍聖壞塊堅'))
FW_DIGITS = str.maketrans('０１２３４５６７８９．％ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ',
                          '0123456789.%ABCDEFGHIJKLMNOPQRSTUVWXYZ')
PUNCT_SWAP = [('，', '、'), ('。', '！'), ('。', '；'), ('“', '「'), ('”', '」'), ('：', ':'), ('（', '('), ('）', ')'), ('，', ',')]
NAMED_ENT = {'“': '&ldquo;', '”': '&rdquo;', '‘': '&lsquo;', '’': '&rsquo;', '—': '&mdash;', '…': '&hellip;',
             '·': '&middot;', '　': '&nbsp;&nbsp;'}
NUMERIC_ENT = {'“': '&#8220;', '”': '&#8221;', '‘': '&#8216;', '’': '&#8217;', '—': '&#8212;', '…': '&#8230;'}


def to_trad(s, rng=None, frac=1.0):
    """Convert mapped characters to traditional (all of them, or a random fraction)."""
    if rng is None:
        return ''.join(TRAD.get(c, c) for c in s)
    return ''.join(TRAD[c] if c in TRAD and rng.random() < frac else c for c in s)


# ---------------------------------------------------------------------------
# Sites and their procedurally generated templates
# ---------------------------------------------------------------------------

CLASS_POOLS = {
    'content': ['art_con', 'TRS_Editor', 'content-main', 'detail', 'v-text', 'article-content', 'text', 'con_txt',
                'main_text', 'newsCon', 'left_zw', 'box_con', 'cont', 'artibody', 'article_body', 'news_txt',
                'contentText', 'zoom', 'endText', 'detail-content', 'entry-content', 'txt', 'show_text', 'm-article'],
    'title': ['title', 'art_title', 'h_title', 'news_title', 'main-title', 'tit', 'article-title', 'headline', 'bt'],
    'meta': ['info', 'time-source', 'date_source', 'art_info', 'source', 'article-meta', 'pubtime', 'msg', 'tips', 'arti_info'],
    'wrap': ['wrap', 'container', 'w1000', 'main', 'layout', 'content-wrap', 'page', 'bd', 'mainCon', 'main_box'],
    'left': ['left', 'l_main', 'main-left', 'col-main', 'fl', 'leftbox', 'article-left', 'con_left'],
    'right': ['right', 'r_side', 'sidebar', 'col-side', 'fr', 'rightbox', 'aside', 'con_right'],
    'box': ['box', 'mod', 'panel', 'block', 'section-box', 'list_box', 'hot', 'bar_box'],
    'footer': ['footer', 'foot', 'bottom', 'copyright', 'ft', 'site-footer', 'db'],
    'nav': ['nav', 'menu', 'navbar', 'mainnav', 'top_nav', 'channel-nav', 'daohang'],
    'crumb': ['crumb', 'position', 'weizhi', 'location', 'bread', 'pos', 'cur-pos'],
    'related': ['related', 'xgyd', 'relnews', 'about', 'recommend', 'read-more', 'tuijian'],
    'comments': ['comment', 'pinglun', 'cmt-list', 'reply-box', 'comments', 'plbox'],
    'share': ['share', 'bdsharebuttonbox', 'fenxiang', 'share-bar', 'social'],
    'editor': ['editor', 'zrbj', 'author', 'bianji', 'edit', 'art_editor'],
    'pager': ['page', 'pages', 'pagination', 'fenye', 'pagebox'],
}
PARA_STYLES = ['p', 'p', 'p_indent', 'p_indent', 'p_style', 'p_nbsp', 'div', 'p_span', 'p_font', 'br']
DATE_FMTS = ['{Y}-{m}-{d} {H}:{M}', '{Y}-{m}-{d} {H}:{M}:{S}', '{Y}年{m}月{d}日 {H}:{M}', '{Y}年{mm}月{dd}日',
             '{Y}/{m}/{d}', '{m}-{d} {H}:{M}', '{Y}.{m}.{d}', '发布时间：{Y}-{m}-{d}', '{Y}年{m}月{d}日{H}:{M}',
             '[{Y}-{m}-{d}]']
ART_URLS = ['/a/{Y}{m}/{d}/{id}.shtml', '/{chan}/{Y}{m}{d}/n{id}.html', '/content/{Y}-{m}/{d}/content_{id}.htm',
            '/article.php?id={id}', '/html/{chan}/{Y}{m}/{id}.html', '/{chan}/{id}.html', '/show-{cat}-{id}-1.html',
            '/doc-{id}.shtml', '/news/{Y}/{m}{d}/{id}.html', '/p/{id}.html', '/{chan}/{Y}-{m}-{d}/{id}.html',
            '/system/{Y}/{m}/{d}/{id}.shtml', '/index.php?m=content&c=index&a=show&catid={cat}&id={id}',
            '/n{cat}/c{id}/content.html']
FORUM_URLS = ['/thread-{id}-1-1.html', '/viewthread.php?tid={id}', '/forum.php?mod=viewthread&tid={id}',
              '/bbs/topic/{id}.html', '/t/{id}', '/read.php?tid={id}']
SHOP_URLS = ['/item/{id}.html', '/goods.php?id={id}', '/product/{id}.htm', '/p/{id}', '/goods-{id}.html',
             '/shop/{cat}/{id}.html']
LIST_URLS = ['/{chan}/index_{id}.html', '/list-{cat}-{id}.html', '/roll/{Y}{m}{d}_{id}.shtml', '/{chan}/list_{id}.htm',
             '/node_{cat}_{id}.htm']
TPL_URLS = ['/404.html?from={id}', '/member/login.php?gotourl=%2F{id}', '/search.php?q={id}', '/special/{id}/',
            '/error.html?code=404&id={id}', '/go.php?id={id}']


class Site:
    """A web site: identity, role in the crawl and a procedurally drawn template."""

    def __init__(self, rng, stype, name, host, domain, family=None):
        self.rng = rng
        self.stype, self.name, self.host, self.domain = stype, name, host, domain
        self.scheme = rng.choice(['http', 'http', 'https'])
        self.family = family or rng.choice(['div', 'div', 'div', 'table', 'html5', 'html5', 'nocls', 'font'])
        self.gbk = self.family == 'font' or rng.random() < 0.22
        self.trad = False
        self.cls = {}
        hashed = rng.random() < 0.15          # css-modules style names, e.g. "content_3xK9f"
        for role, pool in CLASS_POOLS.items():
            c = rng.choice(pool)
            if hashed:
                c = c.replace('-', '_') + '_' + ''.join(rng.choice('abcdefghijkmnpqrstuvwxyzABCDEFGH23456789') for _ in range(5))
            elif rng.random() < 0.2:
                c += rng.choice(['', '_1', '2017', ' clearfix', ' fl', ' cf'])
            self.cls[role] = c
        self.para = rng.choice(PARA_STYLES) if self.family != 'font' else 'br'
        self.entity = rng.choice(['none', 'none', 'none', 'named', 'named', 'numeric'])
        self.ascii_digits = rng.random() < 0.3
        self.newline = rng.choice(['\n', '\n', '\r\n', ''])
        self.inline_ad = rng.choice(INLINE_ADS).format(name=name) if rng.random() < 0.45 else None
        self.ad_every = rng.randint(2, 4)
        self.ad_markup = rng.choice(['<p class="ad-inline"><a href="{u}">{t}</a></p>', '<p><strong>{t}</strong></p>',
                                     '<div class="app-dl"><a href="{u}" target="_blank">{t}</a></div>', '<p>{t}</p>',
                                     '<p style="color:#c00;">{t}</p>'])
        self.comments = rng.random() < 0.4
        self.related = rng.choice(RELATED_HEADS) if rng.random() < 0.8 else None
        self.related_summary = rng.random() < 0.35
        self.side_heads = rng.sample(SIDE_HEADS, rng.randint(0, 3)) if self.family not in ('mobile',) else []
        self.share = rng.random() < 0.6
        self.legal = [s.format(name=name) for s in rng.sample(LEGAL, rng.randint(0, 3))]
        self.editor_fmt = rng.choice(EDITOR_FMT)
        self.editors = [self.person() for _ in range(rng.randint(2, 6))]
        self.source_fmt = rng.choice(SOURCE_FMT)
        self.date_fmt = rng.choice(DATE_FMTS)
        self.title_fmt = rng.choice(TITLE_FMT)
        self.lead_tag = rng.choice(['【{n}讯】', '本网讯 ', '（{n}）']).format(n=name) if rng.random() < 0.2 else ''
        self.keylinks = rng.random() < 0.25
        self.state_json = self.family == 'html5' and rng.random() < 0.25   # SPA hydration blob holding the text
        self.bold_first = rng.random() < 0.1
        self.images = rng.random() < 0.35
        self.art_url = rng.choice(ART_URLS)
        self.forum_url = rng.choice(FORUM_URLS)
        self.shop_url = rng.choice(SHOP_URLS)
        self.list_url = rng.choice(LIST_URLS)
        self.print_url = rng.choice(['/print.php?id={id}', '{url}?print=1', '/print/{id}.html', '{url}#print'])
        self.split_fmt = rng.choice(['_{k}', '?page={k}', '-{k}'])
        self.forum_style = rng.choice(['discuz', 'tieba', 'simple'])
        self.channels = rng.sample(CHANNELS, rng.randint(4, 9))
        if stype == 'forum':
            self.channels = rng.sample(FORUM_BOARDS, rng.randint(3, 6))
            self.nav = ['首页', '论坛', '热帖', '精华', '社区活动', '帮助'][:rng.randint(3, 6)]
        elif stype == 'shop':
            self.channels = rng.sample(SHOP_CATS, rng.randint(3, 6))
            self.nav = ['首页', '全部商品分类'] + [c for c, _ in self.channels] + ['团购', '积分商城', '帮助中心'][:rng.randint(1, 3)]
        else:
            self.nav = ['首页'] + [c for c, _ in self.channels] + rng.sample(NAV_EXTRA, rng.randint(1, 6))
        self.icp = '%sICP备%08d号' % (rng.choice('京沪粤浙苏鲁川陕豫鄂湘闽皖辽吉黑冀晋'), rng.randint(10 ** 6, 10 ** 8 - 1))
        self.since = rng.randint(1997, 2012)
        self.tel = '0%d-%d' % (rng.randint(10, 999), rng.randint(10 ** 6, 10 ** 8 - 1))
        self.bulletins = []
        self.users = []                      # forum members
        self.weight = min(8.0, rng.paretovariate(1.1))  # site size (heavy-tailed, capped)
        self.twin = None                     # mobile / big5 twin of a news site
        self.next_id = rng.randint(10 ** 4, 10 ** 7)

    def person(self):
        r = self.rng
        return r.choice(SURNAMES) + ''.join(r.choice(GIVEN) for _ in range(r.randint(1, 2)))

    def new_id(self):
        self.next_id += self.rng.randint(1, 97)
        return self.next_id


def make_sites(rng, n):
    """Draw n sites: mostly news portals, plus forums, shops, aggregators, mobile and big5 twins."""
    sites, used = [], set()
    regions = REGIONS[:]
    rng.shuffle(regions)
    n_twin = max(2, n // 10)
    plan = []
    for i in range(n - n_twin):
        r = rng.random()
        plan.append('news' if r < 0.6 else 'forum' if r < 0.78 else 'shop' if r < 0.9 else 'aggregator')
    plan[:4] = ['news', 'forum', 'shop', 'aggregator']
    for i, stype in enumerate(plan):
        cn, py = regions[i % len(regions)]
        sfx_cn, sfx_py = rng.choice(SUFFIXES[stype])
        sub = {'news': rng.choice(['www.', 'news.', 'www.', '']), 'forum': rng.choice(['bbs.', 'club.', 'www.']),
               'shop': rng.choice(['www.', 'mall.', 'shop.']), 'aggregator': rng.choice(['www.', 'm.', ''])}[stype]
        dom = py + rng.choice(['', sfx_py]) + rng.choice(TLDS)
        while dom in used:
            dom = py + str(rng.randint(1, 99)) + rng.choice(TLDS)
        used.add(dom)
        sites.append(Site(rng, stype, cn + sfx_cn, sub + dom, dom))
    # keep GBK sites to roughly a quarter of the traffic, whatever the draw of site sizes
    for group in (('news', 'aggregator'), ('forum',), ('shop',)):
        members = [s for s in sites if s.stype in group]
        total, gbk_w = sum(s.weight for s in members), 0.0
        for s in sorted(members, key=lambda s: -s.weight):
            if s.gbk and gbk_w + s.weight > 0.3 * total:
                s.gbk = False
                if s.family == 'font':
                    s.family, s.para = 'table', 'p_font'
            gbk_w += s.weight if s.gbk else 0.0
    news = [s for s in sites if s.stype == 'news']
    for j in range(n_twin):            # twins of news portals: one big5 mirror, the rest mobile editions
        base = news[j % len(news)]
        if j == 0:
            t = Site(rng, 'mirror', base.name + '繁體版', 'big5.' + base.domain, base.domain, family=rng.choice(['div', 'table']))
            t.trad = True
            t.name = to_trad(t.name)
        else:
            t = Site(rng, 'mobile', base.name + '手机版', ('m%s.' % ('' if j < len(news) else j)) + base.domain, base.domain,
                     family='mobile')
            t.para = rng.choice(['p', 'p_indent', 'div'])
            t.comments = False
        base.twin = t
        t.twin = base
        sites.append(t)
    return sites


# ---------------------------------------------------------------------------
# Page model
# ---------------------------------------------------------------------------

class Page:
    """One crawled page.  `paras` etc. hold S units; rendering happens at the end."""
    _next = 0

    def __init__(self, kind, role, site, **kw):
        self.gid = Page._next
        Page._next += 1
        self.kind, self.role, self.site = kind, role, site
        self.family = kw.pop('family', '')
        self.title = kw.pop('title', '')
        self.deck = kw.pop('deck', '')
        self.paras = kw.pop('paras', [])      # list of lists of S (story/flash/bulletin body)
        self.pre = kw.pop('pre', [])          # editor's note etc. (main text)
        self.post = kw.pop('post', [])
        self.sections = kw.pop('sections', [])  # merged digests: list of (heading, paras)
        self.posts = kw.pop('posts', [])      # threads: list of dict(user, paras, quote)
        self.product = kw.pop('product', None)
        self.items = kw.pop('items', [])      # listings: list of (title S, summary S or None, url, date)
        self.tpl = kw.pop('tpl', '')
        self.part = kw.pop('part', None)      # split pages: (i, k, [urls])
        self.source = kw.pop('source', '')
        self.author = kw.pop('author', '')
        self.parents = kw.pop('parents', [])
        self.print_of = kw.pop('print_of', None)
        self.day, self.t, self.url, self.pub = 0, 0, '', None
        assert not kw, kw

    def all_paras(self):
        out = [[s] for s in self.pre] + list(self.paras)
        for _, ps in self.sections:
            out += ps
        return out + [[s] for s in self.post]

    def units(self):
        """Main-text units of this page: sid -> counted characters."""
        u = {}

        def add(s):
            if s.clen > u.get(s.sid, 0):
                u[s.sid] = s.clen
        if self.kind in ('story', 'flash', 'bulletin'):
            for p in self.all_paras():
                for s in p:
                    add(s)
        elif self.kind == 'thread':
            for post in self.posts:
                for p in post['paras']:
                    for s in p:
                        add(s)
        elif self.kind == 'product':
            pr = self.product
            for s in pr['desc'] + pr['specs'] + [r for r, _ in pr['reviews']]:
                add(s)
        elif self.kind == 'listing':
            for t, summ, _, _ in self.items:
                add(t)
                if summ:
                    add(summ)
        return u

    def body_sents(self):
        return [s for p in self.paras for s in p]


def mk(text, sid=None):
    """A fresh sentence unit whose identity is its own text (or a given canonical sid)."""
    text = text.strip()
    return S(sid if sid is not None else text, text, len(text))


def sents_of(text):
    return [mk(x) for x in split_sentences(text)]


# ---------------------------------------------------------------------------
# Text edit operations (all preserve unit identity)
# ---------------------------------------------------------------------------

def light_edit(rng, paras, rate):
    """Typos / punctuation / width / traditional changes on roughly `rate` of the characters."""
    digits = rng.random() < 0.5
    trad = rng.random() < 0.3
    out = []
    for p in paras:
        q = []
        for s in p:
            t = list(s.text)
            for i, c in enumerate(t):
                if rng.random() < rate:
                    if c in TYPO:
                        t[i] = rng.choice(TYPO[c])
                    elif rng.random() < 0.3 and '\u4e00' <= c <= '\u9fff':
                        t[i] = rng.choice(GIVEN + '的了是在不有人这')
            t = ''.join(t)
            if rng.random() < 0.12:
                a, b = rng.choice(PUNCT_SWAP)
                t = t.replace(a, b, 1) if rng.random() < 0.7 else t.replace(a, b)
            if digits:
                t = t.translate(FW_DIGITS)
            if trad:
                t = to_trad(t, rng, 0.04)
            q.append(S(s.sid, t, s.clen))
        out.append(q)
    return out


def flatten(paras):
    return [(i, s) for i, p in enumerate(paras) for s in p]


def regroup(pairs):
    """Rebuild paragraphs from (para index, S) pairs."""
    out, last = [], None
    for i, s in pairs:
        if i != last:
            out.append([])
            last = i
        out[-1].append(s)
    return out


def chars(paras):
    return sum(s.clen for p in paras for s in p)


# ---------------------------------------------------------------------------
# Bulletins: templated reports with the same skeleton and different facts
# ---------------------------------------------------------------------------

W_REGIONS = {'华北': '北京 天津 石家庄 太原 呼和浩特 保定 唐山 大同', '华东': '上海 南京 杭州 合肥 福州 南昌 济南 青岛 苏州 宁波',
             '华南': '广州 深圳 南宁 海口 厦门 珠海 桂林 汕头', '西南': '重庆 成都 贵阳 昆明 拉萨 绵阳 遵义',
             '东北': '沈阳 长春 哈尔滨 大连 吉林 齐齐哈尔 丹东', '西北': '西安 兰州 西宁 银川 乌鲁木齐 延安 宝鸡',
             '华中': '郑州 武汉 长沙 洛阳 宜昌 岳阳 开封'}
W_BASE = {'东北': -22, '华北': -9, '西北': -12, '华东': 0, '华中': -2, '西南': 4, '华南': 11}   # January lows
WEATHER = ['晴', '多云', '阴', '小雨', '中雨', '小雪', '雨夹雪', '晴转多云', '多云转阴', '阴转小雨', '多云转晴', '小到中雪']
WIND = ['北风3到4级', '西北风4到5级', '东南风2到3级', '微风', '南风3级左右', '东北风4级']
SECTORS = ['银行', '券商', '煤炭', '钢铁', '有色金属', '房地产', '医药', '家电', '电子', '汽车', '军工', '农业', '旅游', '化工']


def bulletin(rng, fam, dt, state):
    """Return (title, [paragraph strings]) for one bulletin of family `fam`."""
    m, d = dt.month, dt.day
    if fam == 'weather':
        reg = rng.choice(sorted(W_REGIONS))
        cities = W_REGIONS[reg].split()
        rng.shuffle(cities)
        lines = []
        for c in cities[:rng.randint(5, len(cities))]:
            lo = rng.randint(-6, 4) + W_BASE[reg]
            lines.append('%s：%s，%d℃至%d℃，%s。' % (c, rng.choice(WEATHER), lo, lo + rng.randint(3, 12), rng.choice(WIND)))
        gen = rng.choice(['大部天气晴好，气温略有回升', '将有一次降温过程，北部地区有小到中雪', '以多云天气为主，局部地区有小雨',
                          '受冷空气影响，气温下降4到6℃', '空气湿度较大，早晨有轻雾'])
        return ('%d月%d日%s地区主要城市天气预报' % (m, d, reg),
                ['%s气象台%d月%d日%d时发布：预计%d日白天到夜间，%s地区%s。' % (state['org'], m, d, rng.choice([6, 11, 17]), d + 1, reg, gen),
                 ''.join(lines), state['close']])
    if fam == 'stock':
        v = rng.uniform(1100, 1400)
        ch = rng.uniform(-3, 3)
        v2 = rng.uniform(3000, 4200)
        ch2 = rng.uniform(-3.5, 3.5)
        up, dn = rng.randint(80, 700), rng.randint(80, 700)
        s = rng.sample(SECTORS, 4)
        return ('沪深股市%d月%d日收盘：沪指%s%.2f%%' % (m, d, '涨' if ch >= 0 else '跌', abs(ch)),
                ['%d月%d日，沪深两市%s。截至收盘，上证综指报%.2f点，%s%.2f%%；深证成指报%.2f点，%s%.2f%%。' % (
                    m, d, rng.choice(['小幅高开后震荡走低', '低开高走', '全天窄幅震荡', '早盘冲高回落', '午后放量拉升']),
                    v, '上涨' if ch >= 0 else '下跌', abs(ch), v2, '上涨' if ch2 >= 0 else '下跌', abs(ch2)),
                 '两市合计成交%.1f亿元，较上一交易日%s%.1f亿元。' % (rng.uniform(80, 400), rng.choice(['放量', '缩量']), rng.uniform(1, 60)),
                 '板块方面，%s、%s板块涨幅居前，%s、%s板块跌幅居前。个股方面，两市%d只个股上涨，%d只个股下跌，%d只个股涨停。' % (
                     s[0], s[1], s[2], s[3], up, dn, rng.randint(0, 40)),
                 state['close']])
    if fam == 'lottery':
        state['issue'] += 1
        red = sorted(rng.sample(range(1, 34), 6))
        k = rng.randint(0, 12)
        return ('双色球第1998%03d期开奖公告' % state['issue'],
                ['%d月%d日晚，中国福利彩票双色球游戏进行第1998%03d期开奖。当期双色球红球号码为%s，蓝球号码为%02d。' % (
                    m, d, state['issue'], ' '.join('%02d' % x for x in red), rng.randint(1, 16)),
                 '本期一等奖中出%d注，单注奖金为%d元；二等奖中出%d注，单注金额%d元。' % (
                     k, rng.randint(500000, 5000000), rng.randint(20, 300), rng.randint(5000, 90000)),
                 '当期全国销量为%d元，计奖后奖池金额为%d元。' % (rng.randint(10 ** 7, 9 * 10 ** 7), rng.randint(10 ** 7, 9 * 10 ** 8)),
                 state['close']])
    if fam == 'forex':
        cur = [('1美元', 8.27), ('1欧元', 9.05), ('100日元', 6.38), ('1港元', 1.067), ('1英镑', 13.6)]
        body = '，'.join('%s对人民币%.4f元' % (c, b * rng.uniform(0.99, 1.01)) for c, b in cur)
        return ('%d月%d日人民币汇率中间价' % (m, d),
                ['中国人民银行授权中国外汇交易中心公布，1998年%d月%d日银行间外汇市场人民币汇率中间价为：%s。' % (m, d, body),
                 '前一交易日人民币对美元汇率中间价为%.4f，当日%s%d个基点。' % (8.27 * rng.uniform(0.995, 1.005), rng.choice(['上调', '下调']), rng.randint(1, 90)),
                 state['close']])
    # power outage notice for districts of the site's city
    dist = rng.choice(['城关区', '高新区', '经开区', '东城区', '西湖区', '新城区', '南山区', '江北区'])
    items = []
    for _ in range(rng.randint(3, 6)):
        h = rng.randint(7, 12)
        items.append('%d月%d日%d:00至%d:00，%s%s路%d号至%d号沿线，因%s停电。' % (
            m, (dt + datetime.timedelta(days=rng.randint(1, 3))).day, h, h + rng.randint(2, 8), dist,
            rng.choice(['建设', '人民', '解放', '和平', '胜利', '新华', '中山', '东风', '青年', '长江', '文化']),
            rng.randint(1, 80), rng.randint(81, 300), rng.choice(['线路检修', '设备更换', '配网改造', '市政施工迁改'])))
    return ('%s供电局计划停电公告（%d月%d日）' % (dist, m, d),
            items + ['届时上述区域将停止供电，请相关用户提前做好准备。', state['close']])


# ---------------------------------------------------------------------------
# Products
# ---------------------------------------------------------------------------

REVIEW_TOPICS = {'hotel': '酒店|宾馆|房间|前台|入住|早餐|服务员', 'pc': '电脑|笔记本|系统|屏幕|键盘|电池|散热|硬盘|内存|驱动|机器',
                 'book': '书|作者|读|故事|小说|内容'}
PRODUCTS = {
    '笔记本电脑': (['联想', '华硕', '戴尔', '惠普', '宏碁', '神舟', '东芝', '索尼'],
              ['{n}搭载{cpu}处理器，配备{mem}内存和{disk}硬盘，日常办公和娱乐都能轻松应对。',
               '{size}英寸高清屏幕显示细腻，机身重量仅{w}千克，方便随身携带。',
               '键盘手感舒适，支持{bat}小时续航，出差旅行无需担心电量。']),
    '图书': (['人民文学出版社', '三联书店', '中信出版社', '机械工业出版社', '译林出版社', '中华书局'],
           ['《{n}》是{a}的代表作品，全书共{pg}页，{desc}。', '本书由{pub}出版，装帧精美，适合{who}阅读。',
            '作者以细腻的笔触{how}，读来令人回味无穷。']),
    '酒店': (['如家', '锦江之星', '汉庭', '七天', '格林豪泰', '速8'],
           ['{n}位于{city}市中心，距火车站约{k}公里，交通十分便利。', '酒店共有客房{rooms}间，房间宽敞明亮，配有免费宽带上网。',
            '周边有多家餐厅和购物中心，步行{min}分钟即可到达。']),
    '手机': (['诺基亚', '摩托罗拉', '三星', '索爱', '夏普', '多普达'],
           ['{n}采用{size}英寸触摸屏，支持{cam}万像素摄像头。', '机身厚度仅{thick}毫米，待机时间长达{bat}小时。',
            '内置音乐播放器和收音机，支持最大{mem}存储卡扩展。']),
}
BOOK_W1 = ['平凡的', '远方的', '沉默的', '追风', '温暖的', '城南', '白鹿', '围城', '边城', '活着的']
BOOK_W2 = ['世界', '故事', '岁月', '河流', '旧事', '灯火', '少年', '家园', '四季', '远行']


def make_product(rng, cat):
    brands, tpl = PRODUCTS[cat]
    b = rng.choice(brands)
    if cat == '图书':
        name = rng.choice(BOOK_W1) + rng.choice(BOOK_W2)
        title = '《%s》（%s）' % (name, b)
    elif cat == '酒店':
        name = '%s快捷酒店（%s%s店）' % (b, rng.choice([c for r in W_REGIONS.values() for c in r.split()]), rng.choice('东西南北中'))
        title = name
    else:
        name = '%s %s%d%s' % (b, rng.choice('ABCEGKSTVXZ'), rng.randint(10, 990), rng.choice(['', 'i', 'C', ' Plus', 'A']))
        title = name + ' ' + cat
    v = dict(n=name, cpu=rng.choice(['酷睿2双核T5750', '奔腾双核T2390', '酷睿2 P8600', '速龙64 X2']), mem=rng.choice(['1G', '2G', '3G', '4G']),
             disk=rng.choice(['160G', '250G', '320G', '500G']), size=rng.choice(['12.1', '13.3', '14.1', '15.4', '2.8', '3.2']),
             w=rng.choice(['1.9', '2.1', '2.3', '2.6']), bat=rng.randint(3, 300), a=rng.choice(SURNAMES) + rng.choice(GIVEN) + rng.choice(GIVEN),
             pg=rng.randint(180, 620), desc=rng.choice(['讲述了一个家族三代人的命运沉浮', '记录了作者多年的游历见闻', '以小人物的视角描绘了时代变迁']),
             pub=b, who=rng.choice(['青少年', '职场人士', '大众读者', '家长和孩子']), how=rng.choice(['描绘了人间百态', '刻画了人物内心', '讲述了平凡生活']),
             city=rng.choice(['北京', '上海', '广州', '成都', '西安', '杭州']), k=rng.randint(1, 15), rooms=rng.randint(60, 300),
             min=rng.randint(3, 20), cam=rng.choice([130, 200, 320, 500]), thick=rng.randint(9, 18))
    desc = [mk(t.format(**v)) for t in tpl if rng.random() < 0.85] or [mk(tpl[0].format(**v))]
    specs = [mk('品牌：%s' % b), mk('型号：%s' % name), mk('类别：%s' % cat)]
    if rng.random() < 0.7:
        specs.append(mk('产地：%s' % rng.choice(['中国大陆', '广东深圳', '江苏苏州', '上海', '台湾'])))
    return {'cat': cat, 'title': title, 'price': '%.2f' % rng.uniform(19, 9999), 'desc': desc, 'specs': specs, 'reviews': []}


# ---------------------------------------------------------------------------
# The world: generation of originals and copies
# ---------------------------------------------------------------------------

ROOT_WEIGHTS = {'story': 52, 'flash': 10, 'thread': 11, 'product': 7, 'listing': 4, 'bulletin': 9, 'template': 3.5,
                'negative': 4.5, 'quoted': 2}
COPY_WEIGHTS = {'repost': 16, 'annotated': 7, 'edited': 12, 'deleted_sentences': 7, 'inserted_sentences': 6,
                'reorder': 4, 'excerpt': 7, 'extended': 5, 'merged': 4, 'split': 3, 'retitled': 6, 'print': 5,
                'mobile': 3, 'traditional': 1, 'forum_repost': 4, 'flash_repost': 6, 'thread_repost': 4,
                'product_repost': 3, 'bulletin_repost': 3}
COPY_SHARE = 0.40


class World:
    def __init__(self, rng, arts, reviews, days, n_sites):
        self.rng, self.days = rng, days
        self.base = datetime.datetime(1998, 1, 1)
        self.long = [a for a in arts if a['chars'] >= 200]
        self.short = [a for a in arts if 50 <= a['chars'] < 200]
        self.all_arts = arts
        rng.shuffle(self.long)
        rng.shuffle(self.short)
        revs = reviews[:]
        rng.shuffle(revs)
        third = len(revs) // 3
        self.rev_pos = {'comment': 0, 'forum': 0, 'product': 0}
        self.rev_comment = revs[:third]              # comments under news (template side)
        self.rev_forum = revs[third:2 * third]       # forum posts and replies (main text)
        self.rev_product = revs[2 * third:]          # buyer reviews (main text), split by topic below
        topics = {cat: [] for cat in REVIEW_TOPICS}      # disjoint: a review goes to its first matching topic
        for x in self.rev_product:
            for cat, kws in REVIEW_TOPICS.items():
                if re.search(kws, x):
                    topics[cat].append(x)
                    break
        for cat, lst in topics.items():
            setattr(self, 'rev_' + cat, lst)
            self.rev_pos[cat] = 0
        self.sites = make_sites(rng, n_sites)
        self.pages = []
        self.urls = set()
        for s in self.sites:
            if s.stype == 'news':
                for fam in rng.sample(['weather', 'stock', 'lottery', 'forex', 'outage'], rng.randint(0, 2)):
                    s.bulletins.append((fam, {'org': rng.choice(['中央', s.name[:2] + '省', s.name[:2] + '市']),
                                              'close': rng.choice(['以上信息仅供参考，请以官方发布为准。', '本栏目数据由%s整理，转载请注明出处。' % s.name,
                                                                   '请广大市民注意天气变化，合理安排出行。', '投资者据此操作，风险自担。',
                                                                   '给您带来的不便，敬请谅解。']),
                                              'issue': rng.randint(1, 20)}))
            if s.stype == 'forum':
                s.users = [self.nick() for _ in range(rng.randint(20, 60))]
                s.sigs = {u: rng.choice(SIGNATURES) for u in s.users if rng.random() < 0.4}

    # -- helpers ----------------------------------------------------------
    def nick(self):
        r = self.rng
        k = r.random()
        if k < 0.4:
            return r.choice(NICK_A) + r.choice(NICK_B) + (str(r.randint(1, 999)) if r.random() < 0.4 else '')
        if k < 0.7:
            return ''.join(r.choice('bcdfghjklmnpqrstwxyz') + r.choice('aeiou') for _ in range(r.randint(2, 4))) + str(r.randint(60, 2008))
        return r.choice(SURNAMES) + r.choice(GIVEN) + r.choice(['', '哥', '姐', '007', '_sz', '的家'])

    def review(self, pool, lo=6, hi=10 ** 6):
        lst = getattr(self, 'rev_' + pool)
        for _ in range(200):
            i = self.rev_pos[pool] % len(lst)
            self.rev_pos[pool] += 1
            if lo <= len(lst[i]) <= hi:
                return lst[i]
        return lst[i]

    def pick_site(self, types, exclude=None):
        cands = [s for s in self.sites if s.stype in types and s is not exclude]
        return self.rng.choices(cands, weights=[s.weight for s in cands])[0]

    def take_article(self, short=False):
        pool = self.short if short and self.short else self.long
        if not pool:   # corpus exhausted: reuse (truth stays honest because units are canonical sentences)
            self.long = [a for a in self.all_arts if a['chars'] >= 200]
            self.rng.shuffle(self.long)
            pool = self.long
        return pool.pop()

    def art_paras(self, a):
        return [[mk(x) for x in p] for p in a['paras']]

    def place_root(self, p):
        p.day = self.rng.randint(1, self.days)
        p.t = self.rng.uniform(0, 0.85 * 86400)
        self.finish(p)

    def place_after(self, p, parents, same_day=None):
        """Copies come after all their parents: same day (later time) or a later day."""
        pd = max(q.day for q in parents)
        pt = max(q.t for q in parents if q.day == pd)
        delta = self.rng.choice([0] * 45 + [1] * 25 + [2] * 15 + [3] * 10 + [4] * 5) if same_day is None else 0
        day = pd + delta if pd + delta <= self.days else self.rng.randint(pd, self.days)
        if day == pd:
            t = pt + self.rng.uniform(30, max(31, (86400 - pt) * 0.6))
            if t >= 86400:
                if day < self.days:
                    day, t = day + 1, self.rng.uniform(0, 3600)
                else:
                    t = pt + 0.001
        else:
            t = self.rng.uniform(0, 86400)
        p.day, p.t = day, t
        p.parents = [q.gid for q in parents]
        self.finish(p)

    def finish(self, p):
        dt = self.base + datetime.timedelta(days=p.day - 1, seconds=p.t)
        p.pub = dt - datetime.timedelta(seconds=self.rng.randint(0, 4 * 3600))
        if p.url == '':
            p.url = self.make_url(p, dt)
        self.pages.append(p)

    def make_url(self, p, dt, pattern=None):
        s, r = p.site, self.rng
        pat = pattern or {'thread': s.forum_url, 'product': s.shop_url, 'listing': s.list_url}.get(p.kind, s.art_url)
        if p.kind == 'template':
            pat = r.choice(TPL_URLS)
        if s.stype == 'forum' and p.kind not in ('thread', 'template'):
            pat = s.forum_url
        while True:
            chan = r.choice(s.channels)[1]
            pid = s.new_id() if p.kind != 'listing' else r.randint(2, 60)
            path = pat.format(Y=dt.year, m='%02d' % dt.month, d='%02d' % dt.day, id=pid, chan=chan, cat=r.randint(10, 999))
            url = '%s://%s%s' % (s.scheme, s.host, path)
            if url not in self.urls:
                self.urls.add(url)
                return url

    def pages_of(self, kinds, pred=None):
        return [p for p in self.pages if p.kind in kinds and (pred is None or pred(p))]

    # -- originals -----------------------------------------------------
    def root(self, kind):
        r = self.rng
        if kind in ('story', 'negative', 'quoted'):
            return self.new_story(kind)
        if kind == 'flash':
            a = self.take_article(short=r.random() < 0.7)
            sents = [mk(x) for p in a['paras'] for x in p]
            k = r.randint(1, 3)
            while k < len(sents) and sum(s.clen for s in sents[:k]) < 45:
                k += 1
            title = a['title'] if r.random() < 0.6 else '快讯：' + re.split('[，。：]', sents[0].text)[0][:24]
            p = Page('flash', 'original', self.pick_site(['news']), title=title, paras=[sents[:k]],
                     family=a['aid'], source=r.choice(ORIG_SOURCES))
            self.place_root(p)
            return [p]
        if kind == 'thread':
            site = self.pick_site(['forum'])
            op = [self.review('forum', 80)]
            op += [self.review('forum', 40) for _ in range(r.choice([0, 0, 1, 2]))]
            first = re.split(r'[，。！？,.!?\s]', op[0])[0][:22] or op[0][:15]
            title = r.choice(['', '', '【求助】', '【讨论】', '【分享】', '[原创]', '大家说说：']) + first
            posts = [{'user': r.choice(site.users), 'paras': [sents_of(x) for x in op]}]
            for _ in range(r.choice([0, 1, 2, 3, 4, 6, 8, 12])):
                txt = r.choice(SHORT_REPLIES) if r.random() < 0.2 else self.review('forum', 6, 160)
                posts.append({'user': r.choice(site.users), 'paras': [sents_of(txt)],
                              'quote': r.random() < 0.12})
            p = Page('thread', 'original', site, title=title, posts=posts, family='thread%d' % Page._next)
            self.place_root(p)
            return [p]
        if kind == 'product':
            pr = make_product(r, r.choice(sorted(PRODUCTS)))
            pool = {'笔记本电脑': 'pc', '手机': 'pc', '图书': 'book', '酒店': 'hotel'}[pr['cat']]
            pr['reviews'] = [(mk(self.review(pool, 8, 300)), self.nick()) for _ in range(r.randint(2, 12))]
            p = Page('product', 'original', self.pick_site(['shop']), title=pr['title'], product=pr,
                     family='product%d' % Page._next)
            self.place_root(p)
            return [p]
        if kind == 'bulletin':
            sites = [s for s in self.sites if s.bulletins]
            site = r.choices(sites, weights=[s.weight for s in sites])[0]
            fam, state = r.choice(site.bulletins)
            p = Page('bulletin', 'bulletin', site, family='bulletin:%s:%s' % (fam, site.host))
            p.day = r.randint(1, self.days)
            title, paras = bulletin(r, fam, self.base + datetime.timedelta(days=p.day - 1), state)
            p.title, p.paras = title, [sents_of(x) for x in paras]
            p.t = r.uniform(0, 0.85 * 86400)
            self.finish(p)
            return [p]
        if kind == 'listing':
            site = self.pick_site(['news', 'aggregator'])
            p = Page('listing', 'original', site, family='listing:' + site.host)
            p.day = r.randint(1, self.days)
            pool = [q for q in self.pages if q.kind in ('story', 'flash') and q.day <= p.day and q.role != 'print'
                    and q.part is None]
            if len(pool) < 150:      # too early: a channel page needs plenty of headlines to choose from
                return None
            own = [q for q in pool if q.site is site]
            cand = r.sample(own, min(len(own), r.randint(0, 12))) + r.sample(pool, 60)
            mode = r.choice(['none', 'trunc', 'trunc', 'full'])
            want = r.randint(15, 40)
            chosen, seen = [], set()
            for q in cand:
                if q.gid in seen:
                    continue
                seen.add(q.gid)
                chosen.append(q)
                if len(chosen) >= want:
                    break
            for q in chosen:
                summ = None
                body = q.body_sents()
                if mode != 'none' and body and body[0].clen < 0.4 * chars(q.paras):
                    s0 = body[0]
                    summ = s0 if mode == 'full' or s0.clen <= 60 else S(s0.sid, s0.text[:58] + '…', 58)
                p.items.append((mk(q.title, 'T:' + q.title), summ, q.url, q.pub))
            p.title = r.choice(site.channels)[0] + r.choice(['新闻', '频道', '滚动', '要闻']) + \
                (' 第%d页' % r.randint(2, 30) if r.random() < 0.5 else '')
            p.t = r.uniform(0, 0.85 * 86400)
            self.finish(p)
            return [p]
        # template-only page
        site = r.choice(self.sites)
        tpl = r.choice(['404', 'login', 'deleted', 'search', 'empty', 'redirect'])
        p = Page('template', 'template', site, tpl=tpl, title={'404': '页面不存在', 'login': '会员登录', 'deleted': '提示信息',
                                                              'search': '搜索结果', 'empty': '专题', 'redirect': '页面跳转中'}[tpl])
        self.place_root(p)
        return [p]

    def new_story(self, kind):
        r = self.rng
        a = self.take_article()
        paras = self.art_paras(a)
        author = ''
        deck = ''
        for d in a['deck']:
            if len(d) <= 4 and not author:
                author = d
            elif not deck:
                deck = d
        site = self.pick_site(['news'])
        if kind == 'story':
            p = Page('story', 'original', site, title=a['title'], deck=deck, paras=paras, author=author,
                     source=r.choice(ORIG_SOURCES), family=a['aid'])
            self.place_root(p)
            return [p]
        # Negatives and quotes lean on an existing story: 'negative' shares a standard quote (<20%),
        # 'quoted' carries a whole paragraph with attribution (a commentary citing another article).
        others = self.pages_of(['story'], lambda q: q.role == 'original' and len(q.body_sents()) >= 3 and chars(q.paras) >= 300)
        if not others:
            return self.new_story('story')
        x = r.choice(others)
        xs = x.body_sents()
        total = chars(paras)
        xtotal = chars(x.paras)
        if kind == 'negative':
            quote, acc = [], 0          # one or two sentences, together below 18% of the new article
            for s in xs[:4]:
                if len(quote) < r.randint(1, 2) and acc + s.clen < min(0.18 * total, 0.3 * xtotal):
                    quote.append(s)
                    acc += s.clen
            pos = r.randint(0, len(paras))
            paras = paras[:pos] + [quote] + paras[pos:] if quote else paras
            site = x.site if r.random() < 0.5 else site
            role, fam = 'negative', 'topic:%s' % x.family
        else:
            par = list(r.choice(x.paras))
            while par and sum(s.clen for s in par) > 0.45 * xtotal:
                par.pop()       # quote well under half of the cited article
            if not par:
                return self.new_story('story')
            lead = mk('据%s报道：' % x.site.name)
            pos = r.randint(1, max(1, len(paras)))
            paras = paras[:pos] + [[lead] + list(par)] + paras[pos:]
            role, fam = 'quoted', 'quote:%s' % x.family
        p = Page('story', role, site, title=a['title'], deck=deck, paras=[q for q in paras if q], author=author,
                 source=r.choice(ORIG_SOURCES), family=fam)
        self.place_after(p, [x])
        return [p]

    # -- copies ------------------------------------------------------------
    def story_parent(self, pred=None):
        r = self.rng
        stories = self.pages_of(['story'], lambda q: q.role not in ('print', 'split', 'merged', 'quoted', 'negative')
                                 and (pred is None or pred(q)))
        if not stories:
            return None
        roots = [q for q in stories if q.role == 'original']
        if roots and r.random() < 0.75:
            return r.choice(roots)
        return r.choice(stories)

    def clone(self, parent, role, site, **kw):
        p = Page(parent.kind, role, site, title=kw.pop('title', parent.title), deck=parent.deck,
                 paras=kw.pop('paras', [list(x) for x in parent.paras]), pre=kw.pop('pre', list(parent.pre)),
                 post=kw.pop('post', list(parent.post)), author=parent.author,
                 source=kw.pop('source', parent.site.name if parent.role == 'original' and self.rng.random() < 0.6 else parent.source),
                 family=parent.family, **kw)
        return p

    def other_news(self, parent, same_site_p=0.1):
        if self.rng.random() < same_site_p and parent.site.stype == 'news':
            return parent.site
        return self.pick_site(['news', 'news', 'aggregator'], exclude=parent.site)

    def copy(self, op):
        r = self.rng
        if op == 'flash_repost':
            fl = self.pages_of(['flash'])
            if not fl:
                return None
            x = r.choice(fl)
            p = self.clone(x, 'repost', self.other_news(x))
            if r.random() < 0.3:
                p.role, p.paras = 'edited', light_edit(r, p.paras, r.uniform(0.01, 0.04))
            self.place_after(p, [x])
            return [p]
        if op == 'thread_repost':
            th = self.pages_of(['thread'])
            if not th:
                return None
            x = r.choice(th)
            site = self.pick_site(['forum'], exclude=x.site)
            posts = [dict(q) for q in x.posts]
            if r.random() < 0.5:      # OP only, with a repost note and fresh replies
                op = dict(posts[0])
                op['user'] = r.choice(site.users)
                op['paras'] = [[mk('【转帖】本文转自%s，作者：%s' % (x.site.name, posts[0]['user']))]] + op['paras']
                posts = [op] + [{'user': r.choice(site.users), 'paras': [sents_of(self.review('forum', 6, 120))]}
                                for _ in range(r.choice([0, 0, 1, 2, 3]))]
            else:                     # a scraper mirror: all posts copied with their users
                pass
            p = Page('thread', 'repost', site, title=x.title, posts=posts, family=x.family)
            self.place_after(p, [x])
            return [p]
        if op == 'product_repost':
            pr = self.pages_of(['product'])
            if not pr:
                return None
            x = r.choice(pr)
            prod = dict(x.product)
            prod['price'] = '%.2f' % (float(prod['price']) * r.uniform(0.85, 1.1))
            if r.random() < 0.4:
                keep = max(1, int(len(prod['reviews']) * r.uniform(0.6, 1.0)))
                prod['reviews'] = prod['reviews'][:keep]
            p = Page('product', 'repost', self.pick_site(['shop'], exclude=x.site), title=x.title, product=prod,
                     family=x.family)
            self.place_after(p, [x])
            return [p]
        if op == 'bulletin_repost':
            bl = self.pages_of(['bulletin'], lambda q: q.role == 'bulletin')
            if not bl:
                return None
            x = r.choice(bl)
            p = self.clone(x, 'repost', self.other_news(x, 0))
            self.place_after(p, [x])
            return [p]
        if op == 'merged':
            ss = self.pages_of(['story'], lambda q: q.role in ('original', 'repost', 'edited'))
            if len(ss) < 4:
                return None
            xs = r.sample(ss, r.randint(2, 4))
            full = r.random() < 0.5
            secs = []
            for x in xs:
                ps = [list(q) for q in x.paras]
                if not full:
                    fl = flatten(ps)
                    ps = regroup(fl[:max(1, len(fl) // 2)])
                secs.append((x.title, ps))
            p = Page('story', 'merged', self.other_news(xs[0], 0.3), sections=secs,
                     title=r.choice(['今日要闻', '新闻早班车', '一周要闻回顾', '晚间新闻汇总', '要闻速览', '每日精选']) +
                     '（%d月%d日）' % (self.base.month, min(28, xs[0].day + 1)),
                     source='综合', family='digest:' + '+'.join(x.family for x in xs))
            self.place_after(p, xs)
            return [p]
        if op == 'forum_repost':
            x = self.story_parent()
            if x is None:
                return None
            site = self.pick_site(['forum'])
            op_paras = [[mk('转自%s：' % x.site.name)]] + [list(q) for q in x.paras]
            posts = [{'user': r.choice(site.users), 'paras': op_paras}]
            for _ in range(r.choice([0, 1, 2, 3, 5])):
                posts.append({'user': r.choice(site.users),
                              'paras': [sents_of(r.choice(SHORT_REPLIES) if r.random() < 0.4 else self.review('forum', 6, 80))]})
            p = Page('thread', 'forum_repost', site, title=r.choice(['【转帖】', '[转载]', '', '转：']) + x.title, posts=posts,
                     family=x.family)
            self.place_after(p, [x])
            return [p]

        # -- story operations --
        need3 = op == 'reorder'
        x = self.story_parent((lambda q: len(q.paras) >= 3) if need3 else
                              (lambda q: len(q.body_sents()) >= 3 and (op != 'split' or chars(q.paras) >= 400))
                              if op in ('split', 'excerpt', 'deleted_sentences') else None)
        if x is None:
            return None
        site = self.other_news(x)
        if op == 'repost':
            p = self.clone(x, 'repost', site)
        elif op == 'annotated':
            p = self.clone(x, 'annotated', site)
            topic = re.split('[，：——]', x.title)[0][:16]
            if r.random() < 0.5:
                p.pre = [mk('编者按：%s一直是社会各界关注的热点。' % topic), mk(r.choice(['本网今日转载此文，供读者参考。',
                                                                            '现将全文刊发如下，以飨读者。', '特此转载，敬请关注。']))] + p.pre
            else:
                p.post = p.post + [mk(r.choice(['（本文转载自%s，原标题：《%s》）' % (x.site.name, x.title),
                                                '（来源：%s　作者：%s）' % (x.source or x.site.name, x.author or site.person()),
                                                '本文来源于%s，转载请注明出处。' % x.site.name]))]
        elif op == 'edited':
            p = self.clone(x, 'edited', site, paras=light_edit(r, x.paras, r.uniform(0.01, 0.05)))
        elif op == 'deleted_sentences':
            fl = flatten(x.paras)
            k = max(1, int(round(len(fl) * r.uniform(0.1, 0.3))))
            drop = set(r.sample(range(len(fl)), min(k, len(fl) - 1)))
            p = self.clone(x, 'deleted_sentences', site, paras=regroup([f for i, f in enumerate(fl) if i not in drop]))
        elif op == 'inserted_sentences':
            fl = flatten(x.paras)
            foreign = [mk(s) for pp in self.take_article()['paras'] for s in pp]
            for s in r.sample(foreign, min(len(foreign), r.randint(1, 3))):
                pos = r.randint(0, len(fl))
                pi = fl[pos - 1][0] if pos > 0 else 0
                fl.insert(pos, (pi, s))
            p = self.clone(x, 'inserted_sentences', site, paras=regroup(fl))
        elif op == 'reorder':
            ps = [list(q) for q in x.paras]
            head = ps[:1] if r.random() < 0.5 else []
            rest = ps[len(head):]
            r.shuffle(rest)
            p = self.clone(x, 'reorder', site, paras=head + rest)
        elif op == 'excerpt':
            fl = flatten(x.paras)
            total = sum(s.clen for _, s in fl)
            target = total * r.uniform(0.3, 0.7)
            start = r.randint(0, max(0, len(fl) - 2))
            got, acc = [], 0
            for i in range(start, len(fl)):
                got.append(fl[i])
                acc += fl[i][1].clen
                if acc >= target:
                    break
            while acc < target and start > 0:
                start -= 1
                got.insert(0, fl[start])
                acc += fl[start][1].clen
            p = self.clone(x, 'excerpt', site, paras=regroup(got), pre=[], post=[],
                           title=x.title + r.choice(['', '', '（节选）', '（摘要）']))
        elif op == 'extended':
            extra = self.art_paras(self.take_article())[:r.randint(1, 3)]
            if r.random() < 0.5:
                extra[0] = [mk(r.choice(['背景资料：', '相关链接：', '延伸阅读：']))] + extra[0]
            p = self.clone(x, 'extended', site, paras=[list(q) for q in x.paras] + extra)
        elif op == 'retitled':
            first = x.body_sents()[0].text
            alt = re.split('[，。：；]', first)[0]
            cands = [c for c in [x.deck, alt[-26:] if len(alt) > 8 else ''] if c and c != x.title]
            nt = r.choice(cands) if cands and r.random() < 0.7 else r.choice(['独家：', '关注：', '图文：', '热点：']) + x.title
            p = self.clone(x, 'retitled', site, title=nt)
            if r.random() < 0.4:
                p.pre = [mk('原标题：%s' % x.title)] + p.pre
        elif op == 'print':
            p = self.clone(x, 'print', x.site, source=x.source, print_of=x)
            p.url = self.print_url(x)
        elif op == 'mobile':
            tw = x.site.twin if x.site.twin is not None and x.site.twin.stype == 'mobile' else \
                self.pick_site(['mobile'])
            p = self.clone(x, 'mobile', tw, source=x.source)
        elif op == 'traditional':
            p = self.clone(x, 'traditional', self.pick_site(['mirror']), source=x.source)
        elif op == 'split':
            return self.split(x)
        else:
            raise ValueError(op)
        self.place_after(p, [x])
        return [p]

    def print_url(self, x):
        tail = x.url.rsplit('/', 1)[-1]
        pid = re.sub(r'\D', '', tail)[-9:] or str(x.site.new_id())
        u = x.site.print_url.format(id=pid, url=x.url)
        if not u.startswith('http'):
            u = '%s://%s%s' % (x.site.scheme, x.site.host, u)
        while u in self.urls:
            u += '&r=%d' % self.rng.randint(1, 9)
        self.urls.add(u)
        return u

    def split(self, x):
        """Paginate an article into 2-3 pages on the same or another site."""
        r = self.rng
        fl = flatten(x.paras)
        k = min(r.choice([2, 2, 3]), len(fl))
        total = sum(s.clen for _, s in fl)
        cuts, acc, j = [], 0, 1
        for i, (_, s) in enumerate(fl):
            acc += s.clen
            if j < k and acc >= total * j / k and i < len(fl) - 1:
                cuts.append(i + 1)
                j += 1
        bounds = [0] + cuts + [len(fl)]
        site = x.site if r.random() < 0.5 else self.other_news(x, 0)
        first = self.clone(x, 'split', site)
        first.paras = []
        base_url = self.make_url(first, x.pub)
        m = re.match(r'(.*?)(\.\w+)?(\?.*)?$', base_url)
        urls = []
        for i in range(len(bounds) - 1):
            if i == 0:
                urls.append(base_url)
            elif site.split_fmt.startswith('?'):
                urls.append(base_url + ('&' if '?' in base_url else '?') + 'page=%d' % (i + 1))
            else:
                urls.append(m.group(1) + site.split_fmt.format(k=i + 1) + (m.group(2) or '') + (m.group(3) or ''))
        out, prev = [], x
        for i in range(len(bounds) - 1):
            p = first if i == 0 else self.clone(x, 'split', site)
            p.paras = regroup(fl[bounds[i]:bounds[i + 1]])
            p.pre = x.pre if i == 0 else []
            p.post = x.post if i == len(bounds) - 2 else []
            p.part = (i, len(bounds) - 1, urls)
            p.url = urls[i]
            self.urls.add(p.url)
            self.place_after(p, [prev] if i == 0 else [prev], same_day=(i > 0) or None)
            p.parents = [x.gid]
            out.append(p)
            prev = p
        return out

    # -- driver ------------------------------------------------------------
    def generate(self, n):
        r = self.rng
        rk, rw = list(ROOT_WEIGHTS), list(ROOT_WEIGHTS.values())
        ck, cw = list(COPY_WEIGHTS), list(COPY_WEIGHTS.values())
        # the first pages are originals so that copies always have material
        while len(self.pages) < n:
            made = None
            if len(self.pages) > 50 and r.random() < COPY_SHARE:
                made = self.copy(r.choices(ck, weights=cw)[0])
            while not made:
                made = self.root(r.choices(rk, weights=rw)[0])
        del self.pages[n:]


# ---------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------

def fmt_date(fmt, dt):
    return fmt.format(Y=dt.year, m='%02d' % dt.month, d='%02d' % dt.day, mm=dt.month, dd=dt.day,
                      H='%02d' % dt.hour, M='%02d' % dt.minute, S='%02d' % dt.second)


class Renderer:
    def __init__(self, world):
        self.w = world
        self.rng = random.Random(world.rng.random())
        self.by_site = {}
        for p in world.pages:
            if p.kind in ('story', 'flash', 'thread', 'product', 'bulletin') and p.role != 'print':
                self.by_site.setdefault(p.site.host, []).append(p)

    # -- text -------------------------------------------------------------
    def tx(self, site, s):
        """Visible text as this site prints it: trad, ascii digits, escaping, entities."""
        if site.trad:
            s = to_trad(s)
        if site.ascii_digits:
            s = s.translate(FW_DIGITS)
        s = htmlmod.escape(s, quote=False)
        if site.entity == 'named':
            for a, b in NAMED_ENT.items():
                s = s.replace(a, b)
        elif site.entity == 'numeric':
            for a, b in NUMERIC_ENT.items():
                s = s.replace(a, b)
        return s

    def para_html(self, site, text, i):
        st = site.para
        if st == 'p':
            return '<p>%s</p>' % text
        if st == 'p_indent':
            return '<p>%s%s</p>' % ('　　' if not site.entity == 'named' else '&nbsp;&nbsp;&nbsp;&nbsp;', text)
        if st == 'p_style':
            return '<p style="text-indent:2em;">%s</p>' % text
        if st == 'p_nbsp':
            return '<p>&nbsp;&nbsp;&nbsp;&nbsp;%s</p>' % text
        if st == 'div':
            return '<div>%s</div>' % text
        if st == 'p_span':
            return '<p><span style="font-size:16px;">%s</span></p>' % text
        if st == 'p_font':
            return '<p><font face="宋体" size="3">%s</font></p>' % text
        return '　　%s<br><br>' % text

    def body_html(self, site, paras, page, lead=True):
        nl = site.newline
        out, linked = [], set()
        for i, p in enumerate(paras):
            t = self.tx(site, ''.join(s.text for s in p))
            if i == 0 and lead and site.lead_tag and page.role == 'original':
                t = self.tx(site, site.lead_tag) + t
            if site.keylinks:
                for kw in KEYWORDS:
                    if kw not in linked and kw in t and self.rng.random() < 0.5:
                        t = t.replace(kw, '<a href="/tag/%s.html" target="_blank" class="keylink">%s</a>' % (
                            abs(hash_str(kw)) % 9999, kw), 1)
                        linked.add(kw)
            if i == 0 and site.bold_first:
                t = '<strong>%s</strong>' % t
            out.append(self.para_html(site, t, i))
            if site.images and i == 0 and self.rng.random() < 0.5:
                out.append('<p style="text-align:center"><img src="/uploadfile/%d/%04d.jpg" alt="" border="0" /></p>' % (
                    page.pub.year, self.rng.randint(1, 9999)) +
                    ('<p class="pic_txt">%s</p>' % self.tx(site, self.rng.choice(['资料图片', '（图片来源于网络）', '图为活动现场。'])) if self.rng.random() < 0.5 else ''))
            if site.inline_ad and (i + 1) % site.ad_every == 0 and i < len(paras) - 1:
                out.append(site.ad_markup.format(u='/app/download.html', t=self.tx(site, site.inline_ad)))
        return nl.join(out)

    # -- shared template pieces ----------------------------------------------
    def headlines(self, site, page, n, summaries=False):
        pool = [q for q in self.by_site.get(site.host, []) if q is not page]
        if len(pool) < n:
            pool = pool + self.rng.sample(self.w.pages, min(len(self.w.pages), n * 2))
        items = []
        for q in self.rng.sample(pool, min(n, len(pool))):
            if q is page or not q.title or q.kind in ('template', 'listing'):
                continue
            li = '<li><a href="%s" target="_blank">%s</a>' % (q.url, self.tx(site, q.title))
            if summaries and q.paras and q.paras[0]:
                li += '<p>%s</p>' % self.tx(site, q.paras[0][0].text)
            items.append(li + '</li>')
        return '<ul>%s</ul>' % site.newline.join(items)

    def head(self, site, page, title):
        r = self.rng
        desc = ''
        if page.paras:
            desc = ''.join(s.text for s in page.paras[0])[:80]
        chan = r.choice(site.channels)[0]
        t = site.title_fmt.format(t=title, c=chan, n=site.name)
        doctype = {'font': '<html>', 'table': '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
                   '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml">'}.get(
            site.family, '<!DOCTYPE html>\n<html lang="zh-CN">')
        if site.gbk:
            meta = r.choice(['<meta http-equiv="Content-Type" content="text/html; charset=gbk" />', '<meta charset="gbk">',
                             '<meta http-equiv="Content-Type" content="text/html; charset=GBK">'])
        else:
            meta = r.choice(['<meta charset="utf-8">', '<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />'])
        parts = [doctype, '<head>', meta, '<title>%s</title>' % self.tx(site, t)]
        if site.family != 'font':
            parts.append('<meta name="keywords" content="%s" />' % self.tx(site, ','.join(r.sample(KEYWORDS, 3))))
            if desc:
                parts.append('<meta name="description" content="%s" />' % self.tx(site, desc).replace('"', '&quot;'))
            if site.family == 'mobile':
                parts.append('<meta name="viewport" content="width=device-width,initial-scale=1.0,user-scalable=no">')
            parts.append('<link rel="stylesheet" type="text/css" href="/static/css/%s.css?v=%d" />' % (
                r.choice(['main', 'style', 'article', 'global', 'common']), r.randint(2010, 2019) * 10000 + r.randint(101, 1231)))
            c = site.cls
            parts.append('<style type="text/css">.%s p{font-size:16px;line-height:1.9;margin:12px 0;} .%s h1{font-size:24px;'
                         'font-weight:bold;} .%s{color:#888;font-size:12px;} .%s li{line-height:26px;}</style>' % (
                             c['content'].split()[0], c['title'].split()[0], c['meta'].split()[0], c['box'].split()[0]))
            parts.append('<script type="text/javascript" src="/js/jquery-1.%d.%d.min.js"></script>' % (r.randint(4, 12), r.randint(0, 4)))
            parts.append('<script>var pageConfig = {id:"%d", channel:"%s", title:"%s"};</script>' % (
                r.randint(10 ** 5, 10 ** 8), r.choice(site.channels)[1], title.replace('"', '\\"')))
        parts.append('</head>')
        return site.newline.join(parts)

    def header(self, site):
        r = self.rng
        nav_items = ['<li><a href="/%s">%s</a></li>' % ('' if i == 0 else 'c%d/' % i, self.tx(site, n))
                     for i, n in enumerate(site.nav)]
        if site.family == 'font':
            return ('<center><table width="760" border="0"><tr><td><img src="/images/logo.gif" alt="%s"></td></tr>'
                    '<tr><td bgcolor="#003399"><font color="#ffffff" size="2">%s</font></td></tr></table></center>') % (
                self.tx(site, site.name), ' | '.join('<a href="#"><font color="#ffffff">%s</font></a>' % self.tx(site, n) for n in site.nav))
        if site.family == 'mobile':
            return ('<div class="m-top"><a href="javascript:history.back();" class="back">%s</a><a href="/" class="logo">%s</a>'
                    '<a href="/app/" class="open-app">%s</a></div>') % (self.tx(site, '返回'), self.tx(site, site.name), self.tx(site, '打开APP'))
        top = '<div class="topbar"><span>%s</span> <a href="#">%s</a> | <a href="#">%s</a> | <a href="/member/login.php">%s</a> <a href="/member/reg.php">%s</a></div>' % (
            self.tx(site, fmt_date('{Y}年{mm}月{dd}日', self.cur.pub)), *(self.tx(site, x) for x in ['设为首页', '加入收藏', '登录', '注册']))
        logo = '<div class="logo"><a href="/"><img src="/images/logo.png" alt="%s" /></a></div>' % self.tx(site, site.name)
        search = '<form action="/search.php" method="get"><input type="text" name="q" value="" /><input type="submit" value="%s" /></form>' % self.tx(site, '搜索')
        nav = '<ul>%s</ul>' % ''.join(nav_items)
        if site.family == 'html5':
            return '<header>%s%s%s</header><nav class="%s">%s</nav>' % (top if r.random() < 0.5 else '', logo, search, site.cls['nav'], nav)
        if site.family == 'nocls':
            return '<div>%s%s</div><div style="background:#c00;height:36px;">%s</div>' % (logo, search, nav)
        if site.family == 'table':
            return ('<table width="980" border="0" align="center" cellpadding="0" cellspacing="0"><tr><td>%s</td><td align="right">%s</td></tr></table>'
                    '<table width="980" border="0" align="center" class="%s"><tr><td>%s</td></tr></table>') % (
                logo, search, site.cls['nav'], ' | '.join('<a href="#">%s</a>' % self.tx(site, n) for n in site.nav))
        return '%s<div class="header">%s%s</div><div class="%s">%s</div>' % (top, logo, search, site.cls['nav'], nav)

    def crumb(self, site, page):
        chan, slug = self.rng.choice(site.channels)
        sep = self.rng.choice([' &gt; ', ' &gt;&gt; ', ' / ', ' » ', '-&gt;'])
        lead = self.rng.choice(['当前位置：', '您现在的位置：', '位置：', ''])
        return self.tx(site, lead) + sep.join(['<a href="/">%s</a>' % self.tx(site, '首页'),
                                               '<a href="/%s/">%s</a>' % (slug, self.tx(site, chan)), self.tx(site, '正文')])

    def footer(self, site):
        r = self.rng
        lines = [' | '.join('<a href="/about/%d.html">%s</a>' % (i, self.tx(site, x)) for i, x in enumerate(
            ['关于我们', '联系我们', '广告服务', '网站地图', '免责声明', '招聘信息']))]
        cp = 'Copyright &copy; %d-2018 %s All Rights Reserved' % (site.since, site.domain) if r.random() < 0.7 else \
            self.tx(site, '%s 版权所有' % site.name)
        lines.append(cp)
        lines.append('<a href="http://www.beian.miit.gov.cn/" target="_blank">%s</a>' % self.tx(site, site.icp))
        if r.random() < 0.5:
            lines.append(self.tx(site, '违法和不良信息举报电话：%s　举报邮箱：jubao@%s' % (site.tel, site.domain)))
        for s in site.legal:
            lines.append(self.tx(site, s))
        inner = ('<br />' + site.newline).join(lines) if r.random() < 0.5 else ''.join('<p>%s</p>' % x for x in lines)
        if site.family == 'font':
            return '<center><font size="2" color="#666666">%s</font></center>' % inner
        if site.family == 'html5':
            return '<footer class="%s">%s</footer>' % (site.cls['footer'], inner)
        if site.family == 'nocls':
            return '<div style="text-align:center;color:#999;">%s</div>' % inner
        return '<div class="%s">%s</div>' % (site.cls['footer'], inner)

    def sidebar(self, site, page):
        out = []
        for h in site.side_heads:
            out.append('<div class="%s"><h3>%s</h3>%s</div>' % (site.cls['box'], self.tx(site, h),
                                                                 self.headlines(site, page, self.rng.randint(5, 10))))
        if self.rng.random() < 0.5:
            out.append('<div class="ad"><a href="/ad/click.php?id=%d" target="_blank"><img src="/ad/%d.gif" width="300" height="250" /></a></div>' % (
                self.rng.randint(1, 999), self.rng.randint(1, 99)))
        return site.newline.join(out)

    def comments(self, site, page):
        r = self.rng
        k = r.randint(1, 8)
        items = []
        for _ in range(k):
            who = r.choice([self.w.nick(), '%s网友' % r.choice(['北京市', '广东省深圳市', '上海市', '四川省成都市', '山东省济南市', '浙江省杭州市']), '匿名用户'])
            items.append('<div class="item"><span class="user">%s</span> <span class="time">%s</span><p>%s</p><a href="#">%s</a> <a href="#">%s(%d)</a></div>' % (
                self.tx(site, who), fmt_date('{Y}-{m}-{d} {H}:{M}', page.pub + datetime.timedelta(minutes=r.randint(5, 3000))),
                self.tx(site, self.w.review('comment', 6, 140)), self.tx(site, '回复'), self.tx(site, '顶'), r.randint(0, 300)))
        return '<h3>%s</h3>%s' % (self.tx(site, r.choice(['网友评论', '热门评论', '最新评论', '评论区']) + '（%d）' % (k + r.randint(0, 40))),
                                  site.newline.join(items))

    def meta_line(self, site, page):
        r = self.rng
        bits = [self.tx(site, fmt_date(site.date_fmt, page.pub))]
        if page.source:
            bits.append(self.tx(site, site.source_fmt.format(s=page.source)))
        if page.author and r.random() < 0.7:
            bits.append(self.tx(site, '作者：' + page.author))
        if r.random() < 0.3:
            bits.append(self.tx(site, '点击：%d次' % r.randint(10, 90000)))
        if r.random() < 0.3:
            bits.append(self.tx(site, '字号：') + '<a href="#">%s</a> <a href="#">%s</a> <a href="#">%s</a>' % tuple(self.tx(site, x) for x in '大中小'))
        return '&nbsp;&nbsp;'.join(bits) if r.random() < 0.5 else ' '.join('<span>%s</span>' % b for b in bits)

    # -- kind-specific main blocks -----------------------------------------
    def main_blocks(self, site, page):
        """Return a list of (role, inner html) blocks that make up the main column."""
        r, nl = self.rng, site.newline
        tx = lambda s: self.tx(site, s)
        k = page.kind
        blocks = []
        if site.family != 'mobile' and r.random() < 0.85:
            blocks.append(('crumb', self.crumb(site, page)))
        if k == 'template':
            return blocks + [('content', self.template_body(site, page))]
        if k == 'listing':
            items = []
            dfmt = r.choice(['{m}-{d}', '{Y}-{m}-{d}', '[{m}-{d}]', '{m}月{d}日'])
            with_summ = any(summ for _, summ, _, _ in page.items)
            for t, summ, url, dt in page.items:
                d = fmt_date(dfmt, dt)
                if with_summ:     # headline blocks with a one-sentence summary where there is one
                    items.append('<div class="item"><h3><a href="%s" target="_blank">%s</a></h3>%s<span class="date">%s</span></div>' % (
                        url, tx(t.text), '<p class="summary">%s</p>' % tx(summ.text) if summ else '', d))
                else:
                    items.append('<li><span class="date">%s</span><a href="%s" target="_blank">%s</a></li>' % (d, url, tx(t.text)))
            lst = nl.join(items)
            if not with_summ:
                lst = '<ul class="list">%s</ul>' % lst
            pager = '<div class="%s">%s</div>' % (site.cls['pager'], ' '.join('<a href="#">%s</a>' % tx(x) for x in ['首页', '上一页', '1', '2', '3', '4', '5', '下一页', '尾页']))
            return blocks + [('title', '<h2>%s</h2>' % tx(page.title)), ('content', lst + pager)]
        if k == 'thread':
            return blocks + self.thread_blocks(site, page)
        if k == 'product':
            return blocks + self.product_blocks(site, page)
        # story / flash / bulletin
        title = '<h1>%s</h1>' % tx(page.title)
        if page.deck and r.random() < 0.8:
            title += '<h2>%s</h2>' % tx(page.deck)
        if site.family == 'font':
            title = '<font size="5" color="#000080"><b>%s</b></font>' % tx(page.title)
        blocks.append(('title', title))
        blocks.append(('meta', self.meta_line(site, page)))
        if page.sections:
            body = []
            for i, (h, ps) in enumerate(page.sections):
                body.append('<h3>%d. %s</h3>' % (i + 1, tx(h)) + nl + self.body_html(site, ps, page, lead=False))
            pre = self.body_html(site, [[s] for s in page.pre], page, lead=False) if page.pre else ''
            content = pre + nl.join(body)
        else:
            content = self.body_html(site, page.all_paras(), page)
        if site.family == 'mobile' and r.random() < 0.6:
            content += '<div class="unfold"><a href="javascript:;">%s</a></div>' % tx('展开全文')
        blocks.append(('content', content))
        if page.part:
            i, n, urls = page.part
            links = []
            for j in range(n):
                links.append(tx('第%d页' % (j + 1)) if j == i else '<a href="%s">%s</a>' % (urls[j], tx('第%d页' % (j + 1))))
            if i + 1 < n:
                links.append('<a href="%s">%s</a>' % (urls[i + 1], tx('下一页')))
            blocks.append(('pager', ' '.join(links)))
        ed = site.editor_fmt.format(e=r.choice(site.editors), a=page.author or site.person())
        blocks.append(('editor', tx(ed)))
        if site.share and r.random() < 0.9:
            blocks.append(('share', tx('分享到：') + ''.join('<a href="#" class="s%d">%s</a>' % (i, tx(x)) for i, x in enumerate(
                ['微信', '新浪微博', 'QQ空间', '人人网', '腾讯微博'][:r.randint(2, 5)]))))
        if site.related:
            blocks.append(('related', '<h3>%s</h3>%s' % (tx(site.related), self.headlines(site, page, r.randint(3, 8), site.related_summary))))
        if site.comments and k != 'bulletin':
            blocks.append(('comments', self.comments(site, page)))
        return blocks

    def thread_blocks(self, site, page):
        r, nl = self.rng, site.newline
        tx = lambda s: self.tx(site, s)
        posts_html = []
        floor_names = ['楼主', '沙发', '板凳', '地板']
        t = page.pub
        for i, post in enumerate(page.posts):
            t = t + datetime.timedelta(minutes=r.randint(1, 600))
            user = post['user']
            text = ('<br />' + nl).join(tx(''.join(s.text for s in p)) for p in post['paras'])
            if post.get('quote') and i > 0:
                q = ''.join(s.text for s in page.posts[0]['paras'][0])[:40]
                text = '<div class="quote"><blockquote>%s<br />%s…</blockquote></div>' % (
                    tx('%s 发表于 %s' % (page.posts[0]['user'], fmt_date('{Y}-{m}-{d} {H}:{M}', page.pub))), tx(q)) + text
            floor = floor_names[i] if i < 4 else '%d#' % (i + 1)
            sig = site.sigs.get(user) if hasattr(site, 'sigs') else None
            date = fmt_date('{Y}-{m}-{d} {H}:{M}', t)
            if site.forum_style == 'discuz':
                h = ('<div id="post_%d"><table class="plhin" cellspacing="0" cellpadding="0"><tr><td class="pls"><div class="authi"><a href="/space-uid-%d.html" class="xw1">%s</a></div>'
                     '<p><em>%s</em></p></td><td class="plc"><div class="pi"><strong><a href="#">%s</a></strong><em>%s</em></div>'
                     '<div class="pct"><div class="t_fsz"><table cellspacing="0" cellpadding="0"><tr><td class="t_f" id="postmessage_%d">%s</td></tr></table></div></div>%s</td></tr></table></div>') % (
                    page.gid * 100 + i, abs(hash_str(user)) % 10 ** 6, tx(user), tx(r.choice(['注册会员', '中级会员', '高级会员', '版主', '新手上路'])),
                    tx(floor), tx('发表于 ' + date), page.gid * 100 + i, text,
                    '<div class="sign">%s</div>' % tx(sig) if sig else '')
            elif site.forum_style == 'tieba':
                h = ('<div class="l_post"><div class="d_author"><a class="p_author_name" href="#">%s</a></div>'
                     '<div class="d_post_content j_d_post_content">%s</div><div class="post-tail-wrap"><span class="tail-info">%s</span>'
                     '<span class="tail-info">%s</span></div>%s</div>') % (tx(user), text, tx('%d楼' % (i + 1)), date,
                                                                          '<div class="j_user_sign">%s</div>' % tx(sig) if sig else '')
            else:
                h = ('<div class="floor"><div class="floor-head"><span class="num">#%d</span> <a href="#">%s</a> <span>%s</span></div>'
                     '<div class="post-content"><p>%s</p></div>%s</div>') % (
                    i + 1, tx(user), tx('发表于：' + date), text, '<div class="signature">%s</div>' % tx(sig) if sig else '')
            posts_html.append(h)
        info = tx('查看: %d | 回复: %d' % (r.randint(20, 50000), len(page.posts) - 1))
        rules = ''.join('<p>%s</p>' % tx(x) for x in r.sample(FORUM_RULES, 2))
        return [('title', '<h1>%s</h1><span class="xg1">%s</span>' % (tx(page.title), info)),
                ('content', '<div id="postlist">%s</div>' % nl.join(posts_html)),
                ('share', rules + '<div class="fastpost"><textarea name="message"></textarea><button>%s</button></div>' % tx('发表回复'))]

    def product_blocks(self, site, page):
        r, nl = self.rng, site.newline
        tx = lambda s: self.tx(site, s)
        pr = page.product
        specs = ''.join('<tr><th>%s</th><td>%s</td></tr>' % tuple(tx(x) for x in s.text.split('：', 1)) for s in pr['specs'])
        desc = ''.join('<p>%s</p>' % tx(s.text) for s in pr['desc'])
        revs = []
        for rv, who in pr['reviews']:
            stars = r.randint(1, 5)
            revs.append('<div class="rate-item"><div class="user">%s</div><div class="stars">%s</div><p>%s</p><span>%s</span></div>' % (
                tx(who[:1] + '***' + who[-1:]), '★' * stars + '☆' * (5 - stars), tx(rv.text),
                fmt_date('{Y}-{m}-{d}', page.pub - datetime.timedelta(days=r.randint(1, 400)))))
        notice = ''.join('<li>%s</li>' % tx(x) for x in r.sample(SHOP_NOTICE, r.randint(1, 3)))
        return [('title', '<h1>%s</h1>' % tx(pr['title'])),
                ('meta', '<div class="price">%s<em>%s</em></div><div class="promo">%s</div><a class="btn-buy" href="#">%s</a> <a class="btn-cart" href="#">%s</a>' % (
                    tx('价格：￥'), pr['price'], tx(r.choice(['满199减20', '包邮', '限时特价', '赠品：精美礼品一份'])), tx('立即购买'), tx('加入购物车'))),
                ('content', '<h3>%s</h3><table class="spec">%s</table><h3>%s</h3><div class="detail-desc">%s</div>' % (
                    tx('规格参数'), specs, tx('商品详情'), desc)),
                ('comments', '<h3>%s</h3>%s' % (tx('商品评价（%d）' % len(pr['reviews'])), nl.join(revs))),
                ('editor', '<ul class="service">%s</ul>' % notice)]

    def template_body(self, site, page):
        tx = lambda s: self.tx(site, s)
        t = page.tpl
        if t == '404':
            return '<div class="err"><h2>%s</h2><p>%s</p><p><a href="/">%s</a></p></div>' % (
                tx('404 Not Found'), tx('抱歉，您访问的页面不存在或已被删除！'), tx('返回首页'))
        if t == 'login':
            return '<form method="post" action="/member/login.php"><p>%s<input name="username" /></p><p>%s<input type="password" name="pwd" /></p><p><input type="checkbox" />%s <a href="#">%s</a></p><button>%s</button></form>' % tuple(
                tx(x) for x in ['用户名：', '密码：', '记住我', '忘记密码？', '登录'])
        if t == 'deleted':
            return '<div class="alert_error"><p>%s</p><p><a href="javascript:history.back()">%s</a></p></div>' % (
                tx('抱歉，指定的主题不存在或已被删除或正在被审核。'), tx('[点击这里返回上一页]'))
        if t == 'search':
            return '<div class="search-result"><p>%s</p><p>%s</p></div>' % (tx('搜索结果：找到相关结果约0个'), tx('建议您检查输入的关键词是否有误。'))
        if t == 'redirect':
            return '<meta http-equiv="refresh" content="3;url=/" /><p>%s</p>' % tx('页面跳转中，请稍候……如果您的浏览器没有自动跳转，请点击这里。')
        return '<div class="empty"><p>%s</p></div>' % tx('暂无内容')

    # -- whole pages ------------------------------------------------------------
    def wrap(self, site, role, inner):
        c = site.cls.get(role, role)
        f = site.family
        if f == 'table':
            return '<tr><td class="%s">%s</td></tr>' % (c, inner)
        if f == 'font':
            return '<tr><td><font size="%d">%s</font></td></tr>' % (3 if role == 'content' else 2, inner)
        if f == 'nocls':
            return '<div>%s</div>' % inner if role != 'content' else '<div style="font-size:14px;line-height:24px;">%s</div>' % inner
        if f == 'html5':
            tag = {'content': 'section', 'related': 'aside', 'comments': 'section', 'meta': 'div'}.get(role, 'div')
            if role == 'title':
                return '<header class="%s">%s</header>' % (c, inner)
            return '<%s class="%s">%s</%s>' % (tag, c, inner, tag)
        if role == 'content' and self.rng.random() < 0.3:   # nested anonymous divs around the text
            return '<div class="%s"><div><div id="%s">%s</div></div></div>' % (c, self.rng.choice(['zoom', 'text', 'ctrlfscont', 'article']), inner)
        return '<div class="%s">%s</div>' % (c, inner)

    def render(self, page):
        site = page.site
        self.cur = page
        if page.role == 'print':
            return self.render_print(page)
        nl = site.newline
        blocks = self.main_blocks(site, page)
        main = nl.join(self.wrap(site, role, inner) for role, inner in blocks)
        side = self.sidebar(site, page) if site.family != 'mobile' else ''
        f = site.family
        if f == 'table':
            body = ('<table width="980" border="0" align="center" cellpadding="0" cellspacing="0"><tr><td width="680" valign="top">'
                    '<table width="100%%" border="0">%s</table></td><td width="20"></td><td width="280" valign="top" class="%s">%s</td></tr></table>') % (
                main, site.cls['right'], side)
        elif f == 'font':
            body = '<center><table width="760" border="0" cellpadding="4">%s</table></center>' % main
        elif f == 'html5':
            body = '<main class="%s"><article>%s</article><aside class="%s">%s</aside></main>' % (site.cls['wrap'], main, site.cls['right'], side)
        elif f == 'nocls':
            body = '<div style="width:1000px;margin:0 auto;"><div style="float:left;width:680px;">%s</div><div style="float:right;width:300px;">%s</div></div>' % (main, side)
        elif f == 'mobile':
            body = '<div class="%s">%s</div><div class="m-foot-app"><a href="/app/">%s</a></div>' % (
                site.cls['wrap'], main, self.tx(site, '打开APP，阅读体验更佳'))
        else:
            body = '<div class="%s"><div class="%s">%s</div><div class="%s">%s</div></div>' % (
                site.cls['wrap'], site.cls['left'], main, site.cls['right'], side)
        tail = '<script type="text/javascript">var _hmt = _hmt || [];(function(){var s=document.createElement("script");s.src="//stat.%s/count.js?id=%d";document.body.appendChild(s);})();</script>' % (
            site.domain, self.rng.randint(1000, 99999))
        if site.state_json and page.kind in ('story', 'flash'):
            st = {'article': {'title': page.title, 'content': ''.join('<p>%s</p>' % ''.join(s.text for s in p) for p in page.paras)}}
            tail = '<script>window.__INITIAL_STATE__=%s;</script>' % json.dumps(st, ensure_ascii=False).replace('</', '<\\/') + tail
        bodyattr = ' bgcolor="#ffffff" topmargin="0"' if f == 'font' else ''
        doc = nl.join([self.head(site, page, page.title), '<body%s>' % bodyattr, self.header(site), body,
                       self.footer(site), tail, '</body>', '</html>'])
        return doc

    def render_print(self, page):
        site = page.site
        nl = site.newline
        body = self.body_html(site, page.all_paras(), page, lead=False)
        return nl.join(['<!DOCTYPE html>', '<html>', '<head>',
                        '<meta http-equiv="Content-Type" content="text/html; charset=%s" />' % ('gbk' if site.gbk else 'utf-8'),
                        '<title>%s</title>' % self.tx(site, page.title + ' - ' + site.name),
                        '<style>body{font-size:14px;} .noprint{display:none}</style>', '</head>',
                        '<body onload="window.print()">', '<h2 align="center">%s</h2>' % self.tx(site, page.title),
                        '<p align="center">%s</p>' % self.meta_line(site, page), '<hr />', body, '<hr />',
                        '<p>%s</p>' % self.tx(site, site.editor_fmt.format(e=self.rng.choice(site.editors), a=page.author or site.person())),
                        '<p align="center">%s</p>' % (self.tx(site, '【关闭窗口】【打印本页】') + ' ' + self.tx(site, site.name)), '</body>', '</html>'])


def hash_str(s):
    """A stable (seed-independent) string hash; Python's hash() is randomised per process."""
    h = 2166136261
    for ch in s.encode('utf-8'):
        h = ((h ^ ch) * 16777619) & 0xffffffff
    return h


# ---------------------------------------------------------------------------
# Ground truth
# ---------------------------------------------------------------------------

MIN_SHARED, MIN_SMALL, R_MIN, C_MIN = 30, 50, 0.5, 0.8


def compute_truth(order):
    units = [p.units() for p in order]
    tot = [sum(u.values()) for u in units]
    index = {}
    matches = []
    for n, u in enumerate(units):
        shared = {}
        for sid, c in u.items():
            for k in index.get(sid, ()):
                shared[k] = shared.get(k, 0) + min(c, units[k][sid])
            index.setdefault(sid, []).append(n)
        m = []
        for k in sorted(shared):
            sh = shared[k]
            small = min(tot[n], tot[k])
            if sh < MIN_SHARED:
                continue
            if sh / (tot[n] + tot[k] - sh) >= R_MIN or (small >= MIN_SMALL and sh / small >= C_MIN):
                m.append(k)
        matches.append(m)
    # clusters: connected components of the match relation
    parent = list(range(len(order)))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a
    for n, m in enumerate(matches):
        for k in m:
            parent[find(n)] = find(k)
    cid, cluster = {}, []
    for n in range(len(order)):
        root = find(n)
        cid.setdefault(root, len(cid))
        cluster.append(cid[root])
    return matches, cluster, tot


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--corpus', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--pages', type=int, default=6000)
    ap.add_argument('--days', type=int, default=5)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--sites', type=int, default=0, help='number of sites (default: 30-60 from the seed)')
    a = ap.parse_args()

    rng = random.Random(a.seed)
    arts = load_peoples_daily(os.path.join(a.corpus, '199801.txt'))
    reviews = load_reviews([os.path.join(a.corpus, f) for f in sorted(os.listdir(a.corpus)) if f.startswith('reviews')])
    n_sites = a.sites or rng.randint(30, 60)
    world = World(rng, arts, reviews, a.days, n_sites)
    world.generate(a.pages)

    order = sorted(world.pages, key=lambda p: (p.day, p.t, p.gid))
    matches, cluster, tot = compute_truth(order)
    rend = Renderer(world)

    os.makedirs(a.out, exist_ok=True)
    base_ts = 883584000  # 1998-01-01 00:00:00 UTC
    files = {}
    counts = {'kind': Counter(), 'role': Counter(), 'earlier_dup': Counter(), 'kind_dup': Counter(), 'role_dup': Counter()}
    with open(os.path.join(a.out, 'truth.jsonl'), 'w', encoding='utf-8') as tf:
        for n, p in enumerate(order):
            html = rend.render(p)
            if p.site.gbk:   # the page is served as GBK: make sure every character is encodable
                html = html.encode('gbk', 'xmlcharrefreplace').decode('gbk')
            rec = {'url': p.url, 'html': html, 'site': p.site.host, 'fetched_at': base_ts + (p.day - 1) * 86400 + int(p.t)}
            if p.site.gbk:
                rec['charset'] = 'gbk'
            if p.day not in files:
                d = os.path.join(a.out, 'day-%02d' % p.day)
                os.makedirs(d, exist_ok=True)
                files[p.day] = open(os.path.join(d, 'crawl.jsonl'), 'w', encoding='utf-8')
            files[p.day].write(json.dumps(rec, ensure_ascii=False) + '\n')
            dup = bool(matches[n])
            tf.write(json.dumps({'n': n, 'url': p.url, 'site': p.site.host, 'day': p.day, 'kind': p.kind, 'role': p.role,
                                 'family': p.family, 'main_chars': tot[n], 'earlier_dup': dup, 'cluster': cluster[n],
                                 'matches': [{'n': k} for k in matches[n]]}, ensure_ascii=False) + '\n')
            counts['kind'][p.kind] += 1
            counts['role'][p.role] += 1
            counts['earlier_dup'][str(dup)] += 1
            counts['kind_dup']['%s/%s' % (p.kind, dup)] += 1
            counts['role_dup']['%s/%s' % (p.role, dup)] += 1
    for fh in files.values():
        fh.close()
    summary = {'pages': len(order), 'days': a.days, 'seed': a.seed, 'sites': len(world.sites),
               'gbk_sites': sum(s.gbk for s in world.sites),
               'clusters': len(set(cluster)), **{k: dict(sorted(v.items())) for k, v in counts.items()}}
    with open(os.path.join(a.out, 'summary.json'), 'w', encoding='utf-8') as fh:
        json.dump(summary, fh, ensure_ascii=False, indent=1)
    print(json.dumps(summary, ensure_ascii=False))


if __name__ == '__main__':
    main()
