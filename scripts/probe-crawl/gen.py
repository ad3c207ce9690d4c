#!/usr/bin/env python3
"""A crawl of hard cases, written apart from the project's other simulators (by a session
that read none of them), for probing dedupdb as an outside evaluator would.

About 3,900 pages of 20 sites (old table portals, div sites, forums, blogs, mobile and print
pages) over ten days, from the People's Daily text that scripts/fetch-corpus.sh fetches:
originals, short articles under long footers, reposts, light edits, mobile and print versions,
split articles and their single-page views, digests, forum threads quoting articles, listings
of teasers, templated daily bulletins, soft 404s and re-crawls. Writes OUT/crawl.jsonl (ingest
order) and OUT/truth.jsonl (per page its case and expectation). Deterministic (seed 1998).

    PROBE_CORPUS=data/corpus PROBE_OUT=target/probe-crawl python3 scripts/probe-crawl/gen.py
    target/release/dedupdb ingest --db target/probe-crawl/db --report target/probe-crawl/report.jsonl \
        target/probe-crawl/crawl.jsonl
    python3 scripts/probe-crawl/score.py target/probe-crawl/truth.jsonl target/probe-crawl/report.jsonl
"""
import re, json, random, html as H, sys, os

OUT = os.environ.get('PROBE_OUT', 'target/probe-crawl')
os.makedirs(OUT, exist_ok=True)
CORPUS = os.environ.get('PROBE_CORPUS', 'data/corpus')
R = random.Random(1998)
esc = H.escape

# ---------------------------------------------------------------- corpus
def load_articles():
    lines = []
    for l in open(os.path.join(CORPUS, '199801.txt'), encoding='utf-8'):
        toks = l.split()
        w = [re.sub(r'/[A-Za-z]+$', '', t) for t in toks]
        s = ''.join(w).replace('[', '')
        s = re.sub(r'\][a-z]+', '', s)
        if s:
            lines.append(s)
    end = set('。！？”）…」』；')
    arts, cur, prevbody = [], None, True
    for s in lines:
        head = len(s) <= 40 and s[-1] not in end
        if head and prevbody:
            cur = {'title': s, 'sub': [], 'body': []}; arts.append(cur); prevbody = False
        elif head and not prevbody and cur and not cur['body']:
            cur['sub'].append(s)
        else:
            if cur is None:
                cur = {'title': '', 'sub': [], 'body': []}; arts.append(cur)
            cur['body'].append(s); prevbody = True
    out = []
    for i, a in enumerate(arts):
        n = sum(map(len, a['body']))
        if a['title'] and n >= 150:
            a['id'] = 'A%04d' % i; a['len'] = n
            out.append(a)
    return out

def load_reviews():
    rv = []
    for fn in ('reviews-pos.txt', 'reviews-neg.txt'):
        for l in open(os.path.join(CORPUS, fn), encoding='utf-8'):
            l = l.strip()
            if 20 <= len(l) <= 400:
                rv.append(l)
    R.shuffle(rv)
    return rv

ARTS = load_articles()
REV = load_reviews()
rev_comments = iter(REV[: len(REV) // 2])
rev_forum = iter(REV[len(REV) // 2:])

SURN = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文'
GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉建国立志文海波宁'
def person(rr=R):
    return rr.choice(SURN) + ''.join(rr.choice(GIVEN) for _ in range(rr.choice([1, 2])))
NICKS = ['清风徐来', '老北京', '江南布衣', 'abc1998', '路人甲', '沧海一粟', '冰点', '小小鱼儿', '天涯过客', 'redstar', '山东大汉', '追梦人', '水木清华', '老猫', '海阔天空', 'netman', '独孤求败', '夜雨', '东方不败', '闲云野鹤']

CHANNELS = ['首页', '新闻', '国内', '国际', '财经', '体育', '娱乐', '科技', '教育', '健康', '汽车', '房产', '旅游', '文化', '军事', '社会', '图片', '视频', '评论', '专题', '论坛', '博客', '读书', '女性', '游戏', '彩票', '星座', '法制', '人事', '理论', '地方', '港澳', '台湾', '华人', 'English', '手机版', '数字报', '订阅', '滚动', '直播']
BOILER = [
    '本网站所刊载信息，不代表本站观点。',
    '凡本网注明“来源：{n}”的所有作品，版权均属于{n}，未经本网授权不得转载、摘编或利用其它方式使用上述作品。',
    '已经本网授权使用作品的，应在授权范围内使用，并注明“来源：{n}”。违反上述声明者，本网将追究其相关法律责任。',
    '凡本网注明“来源：XXX（非{n}）”的作品，均转载自其它媒体，转载目的在于传递更多信息，并不代表本网赞同其观点和对其真实性负责。',
    '如因作品内容、版权和其它问题需要同本网联系的，请在30日内进行。',
    '{n}是经国务院新闻办公室批准的综合性新闻网站，以新闻为龙头，资讯为主体，融合多种服务功能，是国内访问量最大的中文网站之一。',
    '网站始终坚持正确的舆论导向，以权威、及时、丰富的新闻报道服务广大网民，努力打造有影响力的主流媒体。',
    '违法和不良信息举报电话：010-65369999　举报邮箱：jubao@{d}',
    '互联网新闻信息服务许可证编号：1012006001　信息网络传播视听节目许可证：0104061',
    '增值电信业务经营许可证：京B2-20041234　京公网安备11010502001234号',
    '本站郑重提醒：请文明上网，理性发言，网友评论仅供其表达个人看法，并不表明本站同意其观点或证实其描述。',
    '请遵守《全国人大常委会关于维护互联网安全的决定》及中华人民共和国其他各项有关法律法规。',
    '用户需对自己在使用本站服务过程中的行为承担法律责任（直接或间接导致的）。',
    '本站管理人员有权保留或删除评论内容，评论内容只代表网友个人观点，与本网站立场无关。',
    '欢迎广大读者通过电子邮件、电话和信函等方式向我们提出宝贵的意见和建议，我们将认真研究并及时改进工作。',
    '网站开设有新闻、财经、体育、娱乐、科技、教育等四十多个频道，日均发布新闻信息一万余条，全面覆盖国内外重大新闻事件。',
    '广告刊登热线：010-58881234　传真：010-58881235　客服邮箱：service@{d}　地址：北京市朝阳区金台西路2号',
    '建议使用1024×768分辨率，IE5.0以上版本浏览器浏览本站。',
    '{n}手机版同步上线，随时随地浏览新闻资讯，扫描二维码即可下载客户端，第一时间获取权威新闻。',
    '为了给您提供更好的服务，本网站的部分栏目需要注册后方可使用，注册完全免费，欢迎您加入我们的大家庭。',
    '读者如发现本网站所发表的内容有错误，欢迎及时指正，来信请寄编辑部收，我们将在核实后予以更正并致歉。',
    '本网站由{n}主办，网站内容由编辑部统一审核发布，新闻线索征集热线二十四小时开通，欢迎提供新闻线索。',
    '投稿须知：来稿请注明作者真实姓名、工作单位、通讯地址、邮政编码及联系电话，一经采用即付稿酬。',
    '关于我们｜联系我们｜广告服务｜网站地图｜人才招聘｜法律声明｜隐私保护｜意见反馈｜友情链接｜帮助中心',
]
AD_JS = '''var _hmt=_hmt||[];(function(){var hm=document.createElement("script");hm.src="//hm.{d}/hm.js?{k}";var s=document.getElementsByTagName("script")[0];s.parentNode.insertBefore(hm,s);})();
function showAd(id){var el=document.getElementById(id);if(!el)return;el.innerHTML='<a href="http://ad.{d}/click?id='+id+'">点击查看详情，精彩不容错过</a>';}
var ARTICLE_CONFIG={site:"{n}",channel:"news",comments:true,share:["weibo","weixin","qzone"],tips:"分享到微信朋友圈，让更多人看到"};'''

# ---------------------------------------------------------------- sites
class Site:
    pass

SITE_DEFS = [
    # key, domain, name, family, furniture level, mobile/print variant
    ('s01', 'www.zhonghua-news.com.cn', '中华新闻网', 'table', 'long', 'print'),
    ('s02', 'news.huaxia365.com', '华夏在线', 'div', 'medium', 'mobile'),
    ('s03', 'www.dongfangdaily.cn', '东方日报网', 'script', 'long', None),
    ('s04', 'www.jinghua-net.com', '京华网', 'div', 'long', 'mobile'),
    ('s05', 'www.nanfang-info.com', '南方信息港', 'table', 'medium', 'print'),
    ('s06', 'news.xibu.cn', '西部新闻', 'div', 'short', None),
    ('s07', 'www.changjiang-wang.com', '长江网', 'script', 'medium', None),
    ('s08', 'blog.renwen.com.cn', '人文博客', 'blog', 'long', None),
    ('s09', 'www.beifang-news.com', '北方新闻网', 'div', 'medium', None),
    ('s10', 'www.shenzhou-portal.com', '神州门户', 'table', 'long', 'print'),
    ('s11', 'news.xinhuanet-cn.com', '新华视点网', 'div', 'long', 'mobile'),
    ('s12', 'www.caijing-daily.com', '财经日报网', 'script', 'short', None),
    ('s13', 'www.dazhong-wang.cn', '大众网', 'div', 'medium', 'mobile'),
    ('s14', 'column.shidian.net', '时点专栏', 'blog', 'medium', None),
    ('s15', 'www.huanqiu-shidai.com', '环球时代', 'div', 'long', None),
    ('s16', 'www.qilu-news.net', '齐鲁新闻', 'table', 'short', None),
    ('s17', 'm.kuaibao.cn', '快报手机网', 'mobile', 'medium', None),
    ('s18', 'www.zhongyuan-net.com', '中原网', 'div', 'medium', None),
    ('s19', 'bbs.tiandi.net', '天地论坛', 'discuz', 'medium', None),
    ('s20', 'bbs.laoren-cha.com', '老茶馆社区', 'bbs', 'long', None),
]
SITES = {}
for key, dom, name, fam, lvl, var in SITE_DEFS:
    s = Site(); s.key, s.dom, s.name, s.fam, s.lvl, s.var = key, dom, name, fam, lvl, var
    rr = random.Random('site' + key)
    s.rr = rr
    s.cls = rr.choice(['article', 'art', 'news', 'content', 'main', 'detail', 'text'])
    s.nav = rr.sample(CHANNELS, {'long': 36, 'medium': 20, 'short': 10}[lvl])
    s.subnav = rr.sample(CHANNELS, {'long': 24, 'medium': 10, 'short': 0}[lvl])
    nb = {'long': 16, 'medium': 7, 'short': 2}[lvl]
    s.boiler = [b.format(n=name, d=dom.split('.', 1)[1]) for b in rr.sample(BOILER, nb)]
    s.nhot = {'long': 20, 'medium': 10, 'short': 5}[lvl]
    s.summ = lvl == 'long' and rr.random() < 0.7   # sidebar with headline + summary
    s.ncomments = {'long': (2, 8), 'medium': (0, 5), 'short': (0, 2)}[lvl]
    s.aid = rr.randint(100000, 900000)
    s.editor = [person(rr) for _ in range(4)]
    s.urlstyle = rr.choice(['content', 'shtml', 'htm', 'php'])
    SITES[key] = s
NEWS_SITES = [k for k in SITES if SITES[k].fam not in ('discuz', 'bbs')]
LONG_SITES = [k for k in NEWS_SITES if SITES[k].lvl == 'long']

def new_url(s, day, kind='art'):
    s.aid += R.randint(1, 40)
    d = '1998-01-%02d' % day
    if s.fam == 'discuz':
        return 'http://%s/thread-%d-1-1.html' % (s.dom, s.aid)
    if s.fam == 'bbs':
        return 'http://%s/publicforum/content/free/1/%d.shtml' % (s.dom, s.aid)
    st = s.urlstyle
    if st == 'content':
        return 'http://%s/news/%s/content_%d.htm' % (s.dom, d.replace('-01-', '-01/'), s.aid)
    if st == 'shtml':
        return 'http://%s/a/199801%02d/%06d.shtml' % (s.dom, day, s.aid)
    if st == 'htm':
        return 'http://%s/gn/199801/t199801%02d_%d.htm' % (s.dom, day, s.aid)
    return 'http://%s/show.php?id=%d' % (s.dom, s.aid)

# ---------------------------------------------------------------- furniture
DAY_TITLES = {}  # day -> list of (title, lead)
def hot_items(s, day, n, rr):
    pool = DAY_TITLES.get(day, []) + DAY_TITLES.get(day - 1, [])
    if not pool:
        pool = [(a['title'], a['body'][0][:40]) for a in ARTS[:50]]
    return rr.sample(pool, min(n, len(pool)))

def comments_html(s, rr, style):
    lo, hi = s.ncomments
    n = rr.randint(lo, hi)
    if n == 0:
        return '<div class="cmt-empty">暂无评论，快来抢沙发吧！</div>'
    out = ['<div class="comments" id="comment"><h3>网友评论（%d条）</h3>' % n]
    for _ in range(n):
        t = next(rev_comments)
        out.append('<div class="cmt-item"><span class="cmt-user">%s</span><span class="cmt-loc">[%s网友]</span> <span class="cmt-time">1998-01-%02d %02d:%02d</span><p class="cmt-text">%s</p><span class="cmt-op">支持(%d) 反对(%d) 回复</span></div>' % (
            rr.choice(NICKS), rr.choice(['北京', '上海', '广东', '四川', '湖北', '山东']), rr.randint(1, 28), rr.randint(0, 23), rr.randint(0, 59), esc(t), rr.randint(0, 99), rr.randint(0, 20)))
    out.append('<div class="cmt-post"><textarea>请文明发言</textarea><button>发表评论</button> 用户名：<input> 匿名发表</div></div>')
    return ''.join(out)

def related_html(s, day, rr, label='相关阅读'):
    items = hot_items(s, day, rr.randint(4, 8), rr)
    return '<div class="related"><h3>%s</h3><ul>%s</ul></div>' % (label, ''.join('<li><a href="/r/%d.htm">%s</a></li>' % (rr.randint(1, 99999), esc(t)) for t, _ in items))

def sidebar_html(s, day, rr):
    parts = ['<h3>热点排行</h3><ol>' + ''.join('<li><a href="/h/%d.htm">%s</a></li>' % (rr.randint(1, 99999), esc(t)) for t, _ in hot_items(s, day, s.nhot, rr)) + '</ol>']
    if s.summ:
        parts.append('<h3>推荐阅读</h3>' + ''.join('<dl><dt><a href="/t/%d.htm">%s</a></dt><dd>%s……</dd></dl>' % (rr.randint(1, 99999), esc(t), esc(l[:36])) for t, l in hot_items(s, day, 6, rr)))
    if s.lvl != 'short':
        parts.append('<h3>图片新闻</h3>' + ''.join('<a href="/p/%d.htm"><img src="/img/%d.jpg" alt="%s"><span>%s</span></a>' % (rr.randint(1, 9999), rr.randint(1, 9999), esc(t), esc(t)) for t, _ in hot_items(s, day, 4, rr)))
        parts.append('<div class="ad"><script>showAd("side%d")</script>广告</div>' % rr.randint(1, 9))
    return ''.join(parts)

def footer_html(s):
    return '<div class="footer"><p>%s</p><p>%s</p><p>Copyright © 1997-1998 %s 版权所有 All Rights Reserved</p></div>' % (
        '｜'.join('<a href="/about/%d.htm">%s</a>' % (i, x) for i, x in enumerate(['关于我们', '联系我们', '广告服务', '网站地图', '法律声明'])),
        '</p><p>'.join(esc(b) for b in s.boiler), esc(s.name))

def nav_html(s):
    return '<div class="nav">%s</div><div class="subnav">%s</div>' % (
        ' '.join('<a href="/%s/">%s</a>' % (i, c) for i, c in enumerate(s.nav)),
        ' | '.join('<a href="/sub/%s/">%s</a>' % (i, c) for i, c in enumerate(s.subnav)))

def share_html():
    return '<div class="share">分享到：<a>新浪微博</a><a>微信</a><a>QQ空间</a><a>人人网</a><a>豆瓣</a> <a href="javascript:window.print()">打印</a> <a>纠错</a> <a>收藏</a></div>'

# ---------------------------------------------------------------- article body rendering
def paras_html(paras, s, rr, style=None):
    style = style or s.fam
    if style == 'table':
        if rr.random() < 0.5:
            return '<br><br>'.join('&nbsp;&nbsp;&nbsp;&nbsp;' + esc(p) for p in paras)
        return ''.join('<p>　　%s</p>' % esc(p) for p in paras)
    if style == 'script' and len(paras) > 3 and rr.random() < 0.6:
        k = len(paras) // 2
        mid = '<div class="inner-ad"><script type="text/javascript">showAd("mid");var t="相关专题：点击进入";</script><a href="/zt/">点击进入专题：%s</a></div>' % esc(rr.choice(CHANNELS))
        return ''.join('<p>%s</p>' % esc(p) for p in paras[:k]) + mid + ''.join('<p>%s</p>' % esc(p) for p in paras[k:])
    return ''.join('<p>%s</p>' % esc(p) for p in paras)

def meta_line(s, day, rr, source=None, author=None, orig_title=None):
    bits = ['1998年01月%02d日 %02d:%02d' % (day, rr.randint(6, 23), rr.randint(0, 59))]
    bits.append('来源：%s' % (source or s.name))
    if author:
        bits.append('作者：%s' % author)
    line = '<div class="info"><span>%s</span></div>' % '</span> <span>'.join(bits)
    if orig_title:
        line += '<div class="orig-title">原标题：%s</div>' % esc(orig_title)
    return line

def render(s, day, title, paras, rr, source=None, author=None, orig_title=None, variant=None,
           extra_top='', extra_bottom='', crumb=None):
    """Full page for news-type sites."""
    fam = variant or s.fam
    editor = rr.choice(s.editor)
    body = paras_html(paras, s, rr, fam)
    if fam in ('print', 'mobile'):
        body = extra_top + body + extra_bottom
    meta = meta_line(s, day, rr, source, author, orig_title)
    ed = '<div class="editor">（责任编辑：%s）</div>' % editor
    crumb = crumb or '<div class="crumb">您现在的位置：<a href="/">%s</a> &gt; <a href="/news/">新闻中心</a> &gt; <a href="/gn/">国内新闻</a> &gt; 正文</div>' % esc(s.name)
    head = '<head><meta charset="utf-8"><title>%s_%s</title><meta name="keywords" content="%s"><meta name="description" content="%s">' % (
        esc(title), esc(s.name), esc(title), esc(paras[0][:60]) if paras else '')
    if fam == 'print':
        return '<html>%s</head><body onload="window.print()"><div class="print-top">%s — 打印版 <a href="javascript:window.print()">【打印本页】</a> <a href="javascript:window.close()">【关闭窗口】</a></div><h2>%s</h2>%s<div class="ptext">%s</div>%s<div class="print-foot">本文地址：http://%s/ 版权所有 %s</div></body></html>' % (
            head, esc(s.name), esc(title), meta, body, ed, s.dom, esc(s.name))
    if fam == 'mobile':
        tabs = ''.join('<a href="/%s">%s</a>' % (i, c) for i, c in enumerate(['首页', '要闻', '视频', '我的']))
        rel = ''.join('<li><a href="/m/%d">%s</a><span>%d评</span></li>' % (rr.randint(1, 9999), esc(t), rr.randint(0, 999)) for t, _ in hot_items(s, day, 6, rr))
        return '<!DOCTYPE html><html>%s<meta name="viewport" content="width=device-width,initial-scale=1"><style>body{font-size:16px}.open-app{position:fixed;bottom:0}</style></head><body><header class="m-top"><a class="logo">%s</a><a class="search">搜索</a></header><div class="m-art"><h1>%s</h1><div class="m-meta">%s %s</div><div class="m-body">%s</div><div class="m-more">展开全文</div><div class="open-app">打开APP，阅读体验更佳</div></div>%s<div class="m-rel"><h4>为你推荐</h4><ul>%s</ul></div>%s<footer class="m-foot"><nav>%s</nav><p>%s 手机版 | 电脑版</p></footer></body></html>' % (
            head, esc(s.name), esc(title), '1998-01-%02d' % day, esc(source or s.name), body, ed, rel,
            comments_html(s, rr, 'm') if s.key == 's17' else '', tabs, esc(s.name))
    side = sidebar_html(s, day, rr)
    cm = comments_html(s, rr, fam)
    rel = related_html(s, day, rr, rr.choice(['相关阅读', '相关新闻', '延伸阅读', '猜你喜欢']))
    if fam == 'table':
        return ('<html>%s<style>td{font-size:12px}.title{font-size:20px;font-weight:bold}</style></head><body>'
                '<table width="960" align="center"><tr><td><img src="/logo.gif" alt="%s"></td><td>%s</td></tr></table>'
                '<table width="960" align="center"><tr><td width="650" valign="top">%s'
                '<table width="100%%"><tr><td class="title" align="center">%s</td></tr><tr><td align="center">%s</td></tr>'
                '<tr><td class="content">%s%s</td></tr></table>%s%s%s</td>'
                '<td width="300" valign="top" class="side">%s</td></tr></table>'
                '<table width="960" align="center"><tr><td>%s</td></tr></table></body></html>') % (
            head, esc(s.name), nav_html(s), crumb, esc(title), meta, extra_top, body + extra_bottom, ed, rel, cm, side, footer_html(s))
    if fam == 'script':
        js = AD_JS.replace('{d}', s.dom).replace('{n}', s.name).replace('{k}', '%032x' % rr.getrandbits(128))
        ld = json.dumps({"@context": "http://schema.org", "@type": "NewsArticle", "headline": title, "publisher": s.name}, ensure_ascii=False)
        return ('<!DOCTYPE html><html>%s<style>.%s h1{font-size:26px}.side li{line-height:24px}#artibody p{text-indent:2em}</style>'
                '<script>%s</script><script type="application/ld+json">%s</script></head><body>'
                '<div id="top">%s</div><div class="wrap"><div class="%s">%s<h1 id="artibody_title">%s</h1>%s%s'
                '<div id="artibody" class="article-body">%s%s</div>%s%s'
                '<script>document.write("<div class=\\"tip\\">本文已被阅读"+Math.floor(Math.random()*10000)+"次</div>");</script>%s%s</div>'
                '<div class="side">%s</div></div><script>showAd("foot");</script>%s</body></html>') % (
            head, s.cls, js, ld, nav_html(s), s.cls, crumb, esc(title), meta, share_html(), extra_top, body + extra_bottom, ed, share_html(), rel, cm, side, footer_html(s))
    if fam == 'blog':
        prof = '<div class="profile"><img src="/avatar.jpg"><p>博主：%s</p><p>%s</p><p>访问：%d 文章：%d 评论：%d</p><a>加关注</a> <a>发纸条</a></div>' % (
            esc(s.editor[0]), esc('热爱生活，关注时事，用文字记录这个时代。欢迎交流，转载请注明出处。'), rr.randint(10000, 999999), rr.randint(100, 999), rr.randint(100, 9999))
        arch = '<div class="archive"><h4>文章归档</h4><ul>%s</ul></div>' % ''.join('<li>%d年%02d月（%d）</li>' % (1997, m, rr.randint(3, 40)) for m in range(1, 13))
        tags = '<div class="tags"><h4>标签云</h4>%s</div>' % ' '.join(rr.sample(CHANNELS, 15))
        return ('<html>%s</head><body><div id="blog-head"><h2>%s的专栏</h2>%s</div><div class="blog-main"><div class="post"><h2 class="post-title">%s</h2>%s%s'
                '<div class="post-body">%s%s</div><div class="post-foot">分类：时事评论 | 阅读(%d) | 评论(%d) | 标签：%s</div>%s%s%s</div></div>'
                '<div class="blog-side">%s%s%s%s</div>%s</body></html>') % (
            head, esc(s.editor[0]), nav_html(s), esc(title), meta, extra_top, body + extra_bottom, ed, rr.randint(10, 9999), rr.randint(0, 99),
            esc(rr.choice(CHANNELS)), share_html(), rel, cm, prof, arch, tags, side, footer_html(s))
    # div family
    return ('<!DOCTYPE html><html>%s<link rel="stylesheet" href="/css/main.css"></head><body><div class="header"><div class="logo">%s</div>%s'
            '<div class="search"><input placeholder="请输入关键词"><button>搜索</button></div></div><div class="container"><div class="main-left">%s'
            '<article class="%s"><h1 class="%s-title">%s</h1>%s%s<div class="%s-content">%s%s</div>%s</article>%s%s%s</div>'
            '<aside class="sidebar">%s</aside></div>%s</body></html>') % (
        head, esc(s.name), nav_html(s), crumb, s.cls, s.cls, esc(title), meta, share_html() if rr.random() < 0.5 else '', s.cls, extra_top, body + extra_bottom, ed,
        share_html(), rel, cm, side, footer_html(s))

def render_forum(s, day, title, posts, rr):
    """posts: list of (author, paras) ; first is OP."""
    if s.fam == 'discuz':
        out = ['<html><head><meta charset="utf-8"><title>%s - %s - Powered by Discuz!</title></head><body><div id="hd">%s<div class="crumb">%s &raquo; 时事评论 &raquo; 查看帖子</div></div><div id="ct"><h1 class="ts">%s</h1><div class="pgs">查看: %d | 回复: %d</div>' % (
            esc(title), esc(s.name), nav_html(s), esc(s.name), esc(title), rr.randint(100, 99999), len(posts) - 1)]
        for i, (au, ps) in enumerate(posts):
            out.append('<table class="plhin" id="pid%d"><tr><td class="pls"><div class="pi"><a class="xw1">%s</a></div><dl><dt>积分</dt><dd>%d</dd><dt>帖子</dt><dd>%d</dd><dt>注册时间</dt><dd>199%d-0%d-1%d</dd></dl><p>%s</p></td>'
                       '<td class="plc"><div class="pi"><strong>%d#</strong> 发表于 1998-1-%d %02d:%02d | 只看该作者</div><div class="t_f" id="postmessage_%d">%s</div><div class="sign">%s</div><div class="po">回复 引用 举报 支持 反对</div></td></tr></table>' % (
                rr.randint(1, 99999), esc(au), rr.randint(0, 9999), rr.randint(0, 999), rr.randint(5, 7), rr.randint(1, 9), rr.randint(0, 9),
                rr.choice(['中级会员', '高级会员', '新手上路', '版主', '注册会员']), i + 1, day, rr.randint(0, 23), rr.randint(0, 59), rr.randint(1, 999999),
                '<br />'.join(esc(p) for p in ps), esc(rr.choice(['人生若只如初见', '潜水多年，偶尔冒泡', '签名档：我思故我在', '本帖最后由 %s 编辑' % au]))))
        out.append('<div class="pg">1 2 3 下一页</div><div id="f_pst">您需要登录后才可以回帖 登录 | 立即注册</div></div>%s</body></html>' % footer_html(s))
        return ''.join(out)
    out = ['<html><head><meta charset="gb2312"><title>%s_%s</title></head><body>%s<div class="forum-title">%s &gt; 天涯杂谈 &gt; 浏览帖子</div><table><tr><td><h1>%s</h1></td></tr></table>' % (
        esc(title), esc(s.name), nav_html(s), esc(s.name), esc(title))]
    for i, (au, ps) in enumerate(posts):
        out.append('<div class="post"><table width="100%%"><tr><td class="hd">作者：<a>%s</a>　%s：1998-01-%02d %02d:%02d:%02d</td></tr></table><div class="bd"><pre>%s</pre></div></div>' % (
            esc(au), '提交日期' if i == 0 else '回复日期', day, rr.randint(0, 23), rr.randint(0, 59), rr.randint(0, 59), esc('\n　　'.join(ps))))
    out.append('<div class="side">%s</div>%s</body></html>' % (sidebar_html(s, day, rr), footer_html(s)))
    return ''.join(out)

# ---------------------------------------------------------------- edits
def sentences(p):
    return [x for x in re.findall(r'[^。！？]*[。！？]”?|[^。！？]+$', p) if x]

FW = str.maketrans('０１２３４５６７８９', '0123456789')
def edit(paras, kind, rr):
    ps = list(paras)
    if kind == 'drop_sentence' or kind == 'change_sentence':
        cand = [(i, j) for i, p in enumerate(ps) for j, _ in enumerate(sentences(p)) if len(sentences(p)) > 1 or len(ps) > 2]
        if not cand:
            kind = 'typo'
        else:
            i, j = rr.choice(cand[1:] if len(cand) > 2 else cand)
            ss = sentences(ps[i])
            if kind == 'drop_sentence':
                del ss[j]
            else:
                ss[j] = rr.choice(['据悉，这一做法得到了当地群众的普遍欢迎。', '记者了解到，有关部门将继续跟踪落实相关工作。', '业内人士认为，此举意义重大，影响深远。', '对此，不少市民表示赞同。'])
            ps[i] = ''.join(ss)
            ps = [p for p in ps if p]
            return ps, kind
    if kind == 'number':
        txt = '\n'.join(ps)
        digs = re.findall(r'[０-９0-9]+', txt)
        if not digs:
            kind = 'typo'
        else:
            tgt = rr.sample(digs, min(3, len(digs)))
            for t in tgt:
                new = ''.join(rr.choice('１２３４５６７８９') if c in '０１２３４５６７８９' else rr.choice('123456789') for c in t)
                txt = txt.replace(t, new, 1)
            if rr.random() < 0.5:
                txt = txt.translate(FW)   # site converts full-width digits
            return txt.split('\n'), kind
    if kind == 'reorder':
        if len(ps) >= 3:
            i = rr.randrange(1, len(ps) - 1)
            ps[i], ps[i + 1] = ps[i + 1], ps[i]
            return ps, kind
        kind = 'typo'
    # typo
    txt = '\n'.join(ps)
    pos = [k for k, c in enumerate(txt) if '\u4e00' <= c <= '\u9fff']
    txt = list(txt)
    for k in rr.sample(pos, min(3, len(pos))):
        txt[k] = rr.choice('的地得在再做作已以那哪')
    return ''.join(txt).split('\n'), 'typo'

# ---------------------------------------------------------------- build
pages = []   # dict(url, site, html, day, phase, case, atoms, kind, note)
def add(url, site, html, day, phase, case, atoms, kind, note='', main=None):
    pages.append(dict(main=main, url=url, site=site, html=html, day=day, phase=phase, case=case, atoms=set(atoms), kind=kind,
                      note=note, key=R.random()))

NDAYS = 10
arts = list(ARTS)
R.shuffle(arts)
long_arts = [a for a in arts if a['len'] >= 1500 and len(a['body']) >= 5]
split_arts = long_arts[:50]
rest = [a for a in arts if a not in split_arts]
short_arts = [a for a in rest if a['len'] < 400]
normal_arts = [a for a in rest if a['len'] >= 400]
# originals: all short (on long-furniture sites, partly) + many normal
orig = []
for a in short_arts[:450]:
    a['site'] = R.choice(LONG_SITES) if R.random() < 0.7 else R.choice(NEWS_SITES)
    orig.append(a)
for a in normal_arts[:1300]:
    a['site'] = R.choice(NEWS_SITES)
    orig.append(a)
R.shuffle(orig)
for i, a in enumerate(orig):
    a['day'] = 1 + i * NDAYS // len(orig)
    DAY_TITLES.setdefault(a['day'], []).append((a['title'], a['body'][0]))
for a in split_arts:
    a['day'] = R.randint(1, NDAYS)
    a['site'] = R.choice(NEWS_SITES)

SRC_NAMES = ['人民日报', '人民网', '新华网', '人民日报海外版', '本报']

# 1/9 originals
for a in orig:
    s = SITES[a['site']]
    paras = a['sub'] + a['body'] if R.random() < 0.3 else a['body']
    url = new_url(s, a['day'])
    a['url'] = url
    a['paras'] = paras
    html = render(s, a['day'], a['title'], paras, R, source=R.choice(SRC_NAMES[:2] + [s.name]), author=person() if R.random() < 0.5 else None)
    if a['len'] < 400:
        case = 'c1_short_original'
    elif s.lvl == 'long':
        case = 'c9_same_site_long_furniture'
    else:
        case = 'c1_original'
    add(url, s.key, html, a['day'], 0, case, [a['id']], 'new', main=paras)

def later_day(d, rr=R):
    return min(NDAYS, d + rr.choice([0, 0, 0, 1, 1, 2]))

def repost_title(t, rr):
    r = rr.random()
    if r < 0.5:
        return t, False
    if r < 0.7:
        return '［图文］' + t, True
    if r < 0.85:
        return t[: max(6, len(t) * 2 // 3)], True
    return t + '（组图）', True

# 2 reposts / 3 light edits
pool = [a for a in orig]
for case, n in (('c2_repost', 700), ('c3_light_edit', 400)):
    for _ in range(n):
        a = R.choice(pool)
        s = SITES[R.choice([k for k in NEWS_SITES if k != a['site']])]
        d = later_day(a['day'])
        title, changed = repost_title(a['title'], R)
        paras = list(a['paras'])
        note = ''
        if case == 'c3_light_edit':
            paras, note = edit(paras, R.choice(['drop_sentence', 'change_sentence', 'number', 'reorder', 'typo']), R)
        extra_top = '<p>　　%s讯</p>' % R.choice(['本网', '综合报道']) if R.random() < 0.2 else ''
        html = render(s, d, title, paras, R, source=R.choice(SRC_NAMES), author=person() if R.random() < 0.3 else None,
                      orig_title=a['title'] if changed else None, extra_top='')
        add(new_url(s, d), s.key, html, d, 1, case, [a['id']], 'dup', note, main=paras)

# 4 mobile / print versions
var_pool = [a for a in orig if SITES[a['site']].var]
for a in R.sample(var_pool, min(250, len(var_pool))):
    s = SITES[a['site']]
    d = later_day(a['day'])
    if s.var == 'mobile':
        url = a['url'].replace('http://' + s.dom.split('.', 1)[0] + '.', 'http://m.', 1)
        if url == a['url']:
            url = 'http://m.' + s.dom.split('.', 1)[1] + a['url'].split(s.dom, 1)[1]
        html = render(s, d, a['title'], a['paras'], R, variant='mobile')
        note = 'mobile'
    else:
        url = 'http://%s/print.php?url=%s' % (s.dom, a['url'].split(s.dom, 1)[1])
        html = render(s, d, a['title'], a['paras'], R, variant='print', source='人民日报')
        note = 'print'
    add(url, s.key, html, d, 1, 'c4_mobile_print', [a['id']], 'dup', note, main=a['paras'])

# 5 split articles
for idx, a in enumerate(split_arts):
    s = SITES[a['site']]
    paras = a['body']
    k = R.choice([2, 2, 3, 3, 4])
    k = min(k, len(paras))
    tot = sum(map(len, paras)); parts = [[] for _ in range(k)]; acc = 0
    for p in paras:
        j = min(k - 1, acc * k // tot); parts[j].append(p); acc += len(p)
    parts = [p for p in parts if p]
    k = len(parts)
    base = new_url(s, a['day'])
    sep = '&' if '?' in base else '?'
    full_first = idx % 2 == 0
    d0 = a['day']; d1 = later_day(d0)
    for j, pp in enumerate(parts):
        pg = '<div class="pages">%s %s</div>' % (' '.join('<a href="%s%spage=%d">%d</a>' % (base, sep, i + 1, i + 1) for i in range(k)), '<a>下一页</a>' if j < k - 1 else '<a>上一页</a>')
        title = a['title'] + ('' if j == 0 else '(%d)' % (j + 1))
        url = base if j == 0 else '%s%spage=%d' % (base, sep, j + 1)
        html = render(s, d1 if full_first else d0, title, pp, R, extra_bottom=pg)
        add(url, s.key, html, d1 if full_first else d0, 1 if full_first else 0, 'c5_split_part', ['%s#p%d' % (a['id'], j)],
            'contained' if full_first else 'new', 'full_first' if full_first else 'parts_first', main=pp)
    html = render(s, d0 if full_first else d1, a['title'], paras, R, extra_bottom='<div class="pages"><a href="%s">分页阅读</a></div>' % base)
    add('%s%spage=all' % (base, sep), s.key, html, d0 if full_first else d1, 0 if full_first else 1, 'c5_split_full',
        ['%s#p%d' % (a['id'], j) for j in range(k)], 'new' if full_first else 'contains', 'full_first' if full_first else 'parts_first', main=paras)
    a['split_k'] = k

# 6 digests
for _ in range(100):
    s = SITES[R.choice(NEWS_SITES)]
    d = R.randint(2, NDAYS)
    cands = [a for a in orig if d - 2 <= a['day'] <= d and a['len'] <= 2500]
    comp = R.sample(cands, R.randint(2, 4))
    paras = []
    for a in comp:
        paras.append('【%s】' % a['title'])
        paras.extend(a['paras'])
    title = R.choice(['一周要闻回顾', '新闻早班车', '今日要闻汇总', '编辑推荐：本期精选', '要闻速览']) + '（1998年1月%d日）' % d
    html = render(s, d, title, paras, R, source=s.name)
    add(new_url(s, d), s.key, html, d, 1, 'c6_digest', [a['id'] for a in comp], 'contains', '%d articles' % len(comp), main=paras)

# 7 forum threads
for _ in range(120):
    s = SITES[R.choice(['s19', 's20'])]
    a = R.choice([a for a in orig if a['len'] <= 3000])
    d = later_day(a['day'])
    op = (R.choice(NICKS), [R.choice(['转自人民日报：', '【转帖】看到一篇好文章，大家讨论一下', '今天看到的新闻，转过来：']) ] + [a['title']] + a['paras'])
    posts = [op] + [(R.choice(NICKS), [next(rev_forum)]) for _ in range(R.randint(3, 10))]
    html = render_forum(s, d, R.choice(['[转帖]', '【讨论】', '']) + a['title'], posts, R)
    add(new_url(s, d), s.key, html, d, 1, 'c7_forum_thread', [a['id']], 'contains', '%d replies' % (len(posts) - 1), main=[x for _, ps in posts for x in ps])

# 8 listing pages
for d in range(1, NDAYS + 1):
    for sk in R.sample(NEWS_SITES, 8):
        s = SITES[sk]
        cands = [a for a in orig if d - 3 <= a['day'] <= d]
        items = R.sample(cands, R.randint(15, 30))
        lis = ''.join('<li><h3><a href="%s">%s</a></h3><p class="lead">%s……</p><span class="date">1998-01-%02d</span></li>' % (
            esc(a['url']), esc(a['title']), esc(''.join(a['body'])[:R.randint(60, 120)]), a['day']) for a in items)
        lst = '<div class="list"><h2>%s</h2><ul>%s</ul><div class="pages">1 2 3 4 5 下一页 尾页</div></div>' % (R.choice(['国内新闻', '滚动新闻', '要闻', '社会新闻']), lis)
        html = render(s, d, '%s-新闻列表' % s.name, [], R, extra_bottom=lst)
        add('http://%s/list/guonei_%d.html' % (s.dom, d * 10 + R.randint(0, 9)), sk, html, d, 1, 'c8_listing', [], 'new', '%d items' % len(items))

# 10 templated daily bulletins
CITIES = ['北京', '上海', '天津', '重庆', '广州', '深圳', '南京', '杭州', '武汉', '成都', '西安', '沈阳', '哈尔滨', '长春', '济南', '郑州', '长沙', '福州', '昆明', '兰州']
WEATHER = ['晴', '多云', '阴', '小雨', '小雪', '晴转多云', '多云转阴', '阴转小雨', '雨夹雪', '中雪']
WIND = ['北风三到四级', '东北风二到三级', '南风一到二级', '西北风四到五级', '风力不大']
def weather_page(city, d, rr):
    days = []
    for k in range(7):
        hi = rr.randint(-10, 18); lo = hi - rr.randint(3, 12)
        days.append('1月%d日，%s，%s，最高气温%d℃，最低气温%d℃。' % (d + k, rr.choice(WEATHER), rr.choice(WIND), hi, lo))
    return ['%s市气象台1998年1月%d日6时发布天气预报：' % (city, d),
            '今天白天到夜间%s，%s，最高气温%d℃，最低气温%d℃，相对湿度%d%%。' % (rr.choice(WEATHER), rr.choice(WIND), rr.randint(-5, 15), rr.randint(-15, 5), rr.randint(20, 90)),
            '未来七天天气预报：' + ''.join(days),
            '生活指数：穿衣指数%s，感冒指数%s，晨练指数%s，紫外线强度%s。空气质量%s，首要污染物为%s。' % (rr.choice(['寒冷', '冷', '较冷', '凉']), rr.choice(['易发', '较易发', '少发']), rr.choice(['适宜', '较适宜', '不宜']), rr.choice(['弱', '中等', '很弱']), rr.choice(['优', '良', '轻度污染']), rr.choice(['可吸入颗粒物', '二氧化硫', '总悬浮颗粒物']))]
CUR = ['美元', '日元', '港币', '欧元', '英镑', '德国马克', '法国法郎', '瑞士法郎', '加拿大元', '澳大利亚元']
def fx_page(d, rr):
    rates = ['1%s对人民币%.4f元' % (c, rr.uniform(0.05, 14)) for c in CUR]
    return ['中国人民银行授权中国外汇交易中心公布，1998年1月%d日银行间外汇市场人民币汇率中间价为：%s。' % (d, '，'.join(rates)),
            '当日，银行间外汇市场成交%d笔，成交金额%.2f亿美元，较上一交易日%s%.2f亿美元。' % (rr.randint(100, 900), rr.uniform(1, 9), rr.choice(['增加', '减少']), rr.uniform(0.1, 2)),
            '外汇牌价（每100外币兑人民币）：' + '；'.join('%s现汇买入价%.2f，现钞买入价%.2f，卖出价%.2f' % (c, rr.uniform(5, 1400), rr.uniform(5, 1400), rr.uniform(5, 1400)) for c in CUR) + '。',
            '以上牌价仅供参考，实际交易价格以各银行营业网点当时报价为准。']
SECT = ['金融', '地产', '电子', '钢铁', '纺织', '医药', '交通', '能源', '商业', '农业']
def stock_page(d, rr):
    return ['1998年1月%d日沪深股市收盘综述：' % d,
            '上证综合指数今日以%.2f点开盘，最高%.2f点，最低%.2f点，收于%.2f点，%s%.2f点，成交金额%.1f亿元。' % (rr.uniform(1100, 1300), rr.uniform(1100, 1300), rr.uniform(1100, 1300), rr.uniform(1100, 1300), rr.choice(['上涨', '下跌']), rr.uniform(0, 30), rr.uniform(30, 90)),
            '深证成份指数收于%.2f点，%s%.2f点，成交金额%.1f亿元。两市共有%d只股票上涨，%d只下跌，%d只平盘。' % (rr.uniform(3500, 4500), rr.choice(['上涨', '下跌']), rr.uniform(0, 80), rr.uniform(30, 90), rr.randint(100, 600), rr.randint(100, 600), rr.randint(10, 90)),
            '板块方面，' + '，'.join('%s板块%s%.2f%%' % (x, rr.choice(['上涨', '下跌']), rr.uniform(0, 5)) for x in rr.sample(SECT, 6)) + '。',
            '分析人士认为，后市大盘仍将以%s为主，投资者宜%s。' % (rr.choice(['震荡整理', '小幅反弹', '缩量盘整']), rr.choice(['持币观望', '逢低吸纳', '控制仓位']))]
for d in range(1, NDAYS + 1):
    for city in R.sample(CITIES, 5):
        s = SITES['s03']
        html = render(s, d, '%s天气预报（1月%d日）' % (city, d), weather_page(city, d, R), R, source='中央气象台')
        add('http://%s/weather/%s/199801%02d.htm' % (s.dom, city, d), 's03', html, d, 0, 'c10_bulletin', [], 'new', 'weather')
    for sk in ('s07', 's12'):
        s = SITES[sk]
        html = render(s, d, '1998年1月%d日人民币汇率中间价' % d, fx_page(d, R), R, source='中国外汇交易中心')
        add('http://%s/fx/199801%02d.htm' % (s.dom, d), sk, html, d, 0, 'c10_bulletin', [], 'new', 'fx')
    s = SITES['s12']
    html = render(s, d, '1998年1月%d日沪深股市收盘综述' % d, stock_page(d, R), R, source=s.name)
    add('http://%s/stock/199801%02d.htm' % (s.dom, d), 's12', html, d, 0, 'c10_bulletin', [], 'new', 'stock')
    for city in R.sample(CITIES, 2):
        s = SITES['s09']
        html = render(s, d, '%s天气（1月%d日）' % (city, d), weather_page(city, d, R), R, source='%s市气象台' % city)
        add('http://%s/tianqi/%s_%d.htm' % (s.dom, city, d), 's09', html, d, 0, 'c10_bulletin', [], 'new', 'weather')

# 11 soft 404 / login walls
S404 = [['对不起，您访问的页面不存在或已被删除！', '可能的原因：1.输入的网址不正确；2.该页面已被删除或移动。', '5秒后自动返回首页，如果没有跳转，请点击这里。'],
        ['404 Not Found', '抱歉，您要查看的文章已经过期或被删除。', '您可以返回首页或者使用站内搜索查找相关内容。'],
        ['该内容仅限会员阅读，请登录后查看。', '用户名 密码 记住我 忘记密码？', '还没有账号？立即注册，注册即可免费阅读全部内容。'],
        ['提示信息', '抱歉，指定的主题不存在或已被删除或正在被审核', '点击这里返回上一页 返回首页'],
        ['系统繁忙，请稍后再试。', '如果您看到此页面，说明服务器暂时无法处理您的请求，请刷新页面或稍后访问。']]
for sk in [k for k in SITES][:16]:
    s = SITES[sk]
    for _ in range(4):
        d = R.randint(1, NDAYS)
        msg = R.choice(S404)
        html = render(s, d, msg[0], msg, R)
        add(new_url(s, d), sk, html, d, 1, 'c11_soft404', [], 'none', msg[0][:10])

# 12 re-crawl same URL with changed comments / sidebars
for a in R.sample(orig, 150):
    s = SITES[a['site']]
    d = min(NDAYS, a['day'] + R.choice([1, 2, 3]))
    html = render(s, d, a['title'], a['paras'], R, source=SRC_NAMES[0])
    add(a['url'], s.key, html, d, 2, 'c12_recrawl', [a['id']], 'dup', main=a['paras'])

# ---------------------------------------------------------------- order & truth
pages.sort(key=lambda p: (p['day'], p['phase'], p['key']))
seen = {}      # atom -> list of urls (earlier)
urlseen = set()
with open(OUT + '/crawl.jsonl', 'w', encoding='utf-8') as fc, open(OUT + '/truth.jsonl', 'w', encoding='utf-8') as ft, open(OUT + '/expected_main.jsonl', 'w', encoding='utf-8') as fm:
    for i, p in enumerate(pages):
        groups = []
        related = set()
        for at in sorted(p['atoms']):
            e = seen.get(at, [])
            related |= set(e)
            if e:
                groups.append(sorted(set(e)))
        if p['url'] in urlseen:
            related.add(p['url'])
        kind = p['kind']
        if kind == 'dup':
            g = sorted(related)
            groups = [g] if g else []
            expect = 'dup_of:' + json.dumps(g, ensure_ascii=False)
        elif kind == 'contained':
            expect = 'contained_in:' + json.dumps(sorted(related), ensure_ascii=False)
        elif kind == 'contains':
            expect = 'contains:' + json.dumps(sorted(related), ensure_ascii=False)
        else:
            expect = 'new'; groups = []
        fetched = '1998-01-%02dT%02d:%02d:00Z' % (p['day'], 8 + p['phase'] * 4 + i % 4, i % 60)
        fc.write(json.dumps({'url': p['url'], 'html': p['html'], 'site': p['site'], 'fetched_at': fetched}, ensure_ascii=False) + '\n')
        ft.write(json.dumps({'url': p['url'], 'idx': i, 'case': p['case'], 'expect': expect, 'kind': kind, 'groups': groups,
                             'related': sorted(related), 'atoms': sorted(p['atoms']), 'site': p['site'], 'day': p['day'], 'note': p['note']}, ensure_ascii=False) + '\n')
        fm.write(json.dumps({'idx': i, 'url': p['url'], 'case': p['case'], 'main': '\n'.join(p['main']) if p['main'] else None}, ensure_ascii=False) + '\n')
        for at in p['atoms']:
            seen.setdefault(at, []).append(p['url'])
        urlseen.add(p['url'])
from collections import Counter
print(len(pages), 'pages')
print(Counter(p['case'] for p in pages))
