#!/usr/bin/env python3
"""probe-crawl-2: a second outside probe crawl for dedupdb (written without reading the project's
simulators, extractor or tests).  Builds ~3,400 pages of ~25 sites over six days, in the HTML
habits of today's Chinese sites (modern CMS, WordPress themes, Discuz, shops, Q&A, government
portals, SSR/CSR apps with inline JSON state, AMP, GBK/GB18030 bytes in WARC, heavy inline
scripts), from the People's Daily Jan 1998 text, the review corpus and texts written for it
(texts.py).  Writes OUT/crawl/dayN.jsonl and OUT/crawl/dayN.warc.gz (ingest them in the order of
OUT/inputs.txt), OUT/truth.jsonl (one line per input record, same order; fields as
scripts/probe-crawl/score.py reads them) and OUT/run.sh.  Deterministic (seed 20240318).

    PROBE2_CORPUS=data/corpus PROBE2_OUT=target/probe-crawl-2 python3 scripts/probe-crawl-2/gen.py
    sh target/probe-crawl-2/run.sh          # rm -rf db; dedupdb ingest ...; score
"""
import os, re, sys, json, gzip, random, hashlib, datetime, html as H
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import texts as T

CORPUS = os.environ.get('PROBE2_CORPUS', 'data/corpus')
OUT = os.environ.get('PROBE2_OUT', 'target/probe-crawl-2')
R = random.Random(20240318)
DAY0 = datetime.datetime(2024, 3, 11)
NDAYS = 6


def esc(s):
    return H.escape(s, quote=False)


def qa(s):
    return H.escape(s, quote=True)


def rid(n=6):
    return ''.join(R.choice('0123456789abcdef') for _ in range(n))


# ------------------------------------------------------------------------------------------------
# corpus
# ------------------------------------------------------------------------------------------------
BODY_END = '。！？”’」』…'


def load_pd():
    lines = []
    for l in open(os.path.join(CORPUS, '199801.txt'), encoding='utf-8'):
        s = ''.join(re.sub(r'/[A-Za-z]+$', '', t) for t in l.split()).strip()
        if s:
            lines.append(s)
    arts, cur = [], None
    for s in lines:
        if s.startswith('（') and s.endswith('）') and len(s) < 40:
            continue  # captions, "（附图片１张）"
        body = s[-1] in BODY_END or len(s) > 45
        if not body:
            if cur and cur['paras']:
                arts.append(cur)
                cur = None
            if cur is None:
                cur = {'title': s, 'subs': [], 'paras': []}
            else:
                cur['subs'].append(s)
        elif cur is not None:
            cur['paras'].append(s)
    if cur and cur['paras']:
        arts.append(cur)
    return arts


def shingles(text, k=8):
    t = re.sub(r'[\s，。、；：！？“”‘’（）《》—…,.;:!?()\'"]', '', text)
    return {t[i:i + k] for i in range(0, max(1, len(t) - k + 1))}


SEEN = {}


def distinct(text, owner, limit=0.08):
    """True (and registered) when text shares few 8-grams with texts registered before."""
    sh = shingles(text)
    if not sh:
        return False
    hit = sum(1 for s in sh if s in SEEN)
    if hit / len(sh) > limit:
        return False
    for s in sh:
        SEEN.setdefault(s, owner)
    return True


ALL = load_pd()
HEADLINES = [a['title'] for a in ALL if 6 <= len(a['title']) <= 30]
POOL = []
for i, a in enumerate(ALL):
    t = a['title']
    if not (5 <= len(t) <= 36) or any(w in t for w in ('天气', '预报', '气象', '图片', '简讯', '信箱', '答读者', '启事')):
        continue
    ps = [p for p in a['paras'] if len(p) >= 15]
    n = sum(len(p) for p in ps)
    if len(ps) < 2 or n < 250 or n > 2600:
        continue
    POOL.append({'id': 'pd%05d' % i, 'title': t, 'paras': ps, 'n': n,
                 'wire': bool(re.match(r'^(据)?新华社.{0,12}电', ps[0]))})
R.shuffle(POOL)
USED = set()


def take(pred, k):
    out = []
    for a in POOL:
        if len(out) >= k:
            break
        if a['id'] in USED or not pred(a):
            continue
        if not distinct(''.join(a['paras']), a['id']):
            USED.add(a['id'])
            continue
        USED.add(a['id'])
        out.append(a)
    assert len(out) == k, ('pool exhausted', k, len(out))
    return out


def load_reviews():
    out, seen = [], set()
    for f in ('reviews-pos.txt', 'reviews-neg.txt'):
        p = os.path.join(CORPUS, f)
        if not os.path.exists(p):
            continue
        for l in open(p, encoding='utf-8'):
            l = l.strip()
            if l in seen or 'http' in l or 'www' in l:
                continue
            seen.add(l)
            out.append(l)
    return out


REVIEWS = load_reviews()
R.shuffle(REVIEWS)
REV_USED = set()


def take_reviews(pred, k, limit=0.15):
    out = []
    for i, r in enumerate(REVIEWS):
        if len(out) >= k:
            break
        if i in REV_USED or not pred(r):
            continue
        REV_USED.add(i)
        if distinct(r, 'rev%d' % i, limit):
            out.append(r)
    assert len(out) == k, ('reviews exhausted', k, len(out))
    return out


def sentences(p):
    out = re.findall(r'[^。！？]*[。！？]+[”’」』）]*', p)
    rest = p[sum(len(s) for s in out):]
    if rest.strip():
        out.append(rest)
    return [s for s in out if s.strip()]


# ------------------------------------------------------------------------------------------------
# text transforms
# ------------------------------------------------------------------------------------------------
def halfwidth(s, ascii_punct=False):
    o = []
    for ch in s:
        c = ord(ch)
        if 0xFF10 <= c <= 0xFF19 or 0xFF21 <= c <= 0xFF3A or 0xFF41 <= c <= 0xFF5A:
            o.append(chr(c - 0xFEE0))
        elif ch == '．':
            o.append('.')
        elif ascii_punct and ch in '，。；：！？（）':
            o.append({'，': ', ', '。': '. ', '；': '; ', '：': ': ', '！': '! ', '？': '? ', '（': '(', '）': ')'}[ch])
        else:
            o.append(ch)
    return ''.join(o).rstrip()


CN = {'〇': 0, '零': 0, '一': 1, '二': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}


def cn_int(s):
    if s.startswith('十'):
        s = '一' + s
    if '十' in s:
        a, b = s.split('十')
        return CN[a] * 10 + (CN[b] if b else 0)
    return CN[s]


def cn_dates(s):
    s = re.sub(r'([一二三四五六七八九〇零]{4})年', lambda m: ''.join(str(CN[c]) for c in m.group(1)) + '年', s)
    s = re.sub(r'([一二三四五六七八九十]{1,3})月([一二三四五六七八九十]{1,3})日',
               lambda m: '%d月%d日' % (cn_int(m.group(1)), cn_int(m.group(2))), s)
    return s


def has_cn_dates(a):
    return any(re.search(r'[一二三四五六七八九十]{1,3}月[一二三四五六七八九十]{1,3}日|[一二三四五六七八九〇]{4}年', p) for p in a['paras'])


def strip_stops(p, allp=False):
    if allp:
        return re.sub(r'\s+', ' ', re.sub(r'[，。、；：！？“”‘’（）《》—]+', ' ', p)).strip()
    return re.sub(r'\s+', ' ', re.sub(r'[。！？；]+[”’」』）]*', ' ', p)).strip()


def paras_of(text):
    return [p.strip() for p in text.split(' / ')]


# ------------------------------------------------------------------------------------------------
# pages
# ------------------------------------------------------------------------------------------------
PAGES = []
URLS = set()


def when(day, t):
    return DAY0 + datetime.timedelta(days=day, seconds=t)


def later(day, t, lo=600, hi=30000, days=0):
    t2 = t + R.randint(lo, hi)
    day2 = day + days
    while t2 >= 86000:
        t2 -= 86000
        day2 += 1
    return min(day2, NDAYS - 1), (t2 if day2 < NDAYS else 86000)


def add(url, html, case, kind, fam, note, day, t, fmt='jsonl', site=None, enc=None, http_ct=None, jcharset=None,
        after=()):
    assert url not in URLS, url
    URLS.add(url)
    p = dict(url=url, html=html, case=case, kind=kind, fam=sorted(fam), note=note, day=day, t=t, fmt=fmt,
             site=site, enc=enc, http_ct=http_ct, jcharset=jcharset, after=list(after))
    PAGES.append(p)
    return p


def fmt_time(dt, style=0):
    return [dt.strftime('%Y-%m-%d %H:%M'), dt.strftime('%Y年%m月%d日 %H:%M'), dt.strftime('%Y-%m-%d %H:%M:%S'),
            dt.strftime('%Y/%m/%d %H:%M'), dt.strftime('%m-%d %H:%M')][style]


def hl(k):
    return [R.choice(HEADLINES) for _ in range(k)]


def ul_links(base, k, cls=None, li_extra=False):
    c = ' class="%s"' % cls if cls else ''
    items = []
    for h in hl(k):
        items.append('<li><a href="%s/%d.html" target="_blank">%s</a>%s</li>' % (
            base, R.randint(100000, 999999), esc(h), ('<span class="date">03-%02d</span>' % R.randint(1, 16)) if li_extra else ''))
    return '<ul%s>%s</ul>' % (c, ''.join(items))


def body_html(paras, style='p', ads=None):
    out = []
    for i, p in enumerate(paras):
        e = esc(p)
        if style == 'p':
            out.append('<p>%s</p>' % e)
        elif style == 'indent':
            out.append('<p style="text-indent:2em;">%s</p>' % e)
        elif style == 'pspan':
            out.append('<p><span style="font-family:微软雅黑;font-size:16px;">%s</span></p>' % e)
        elif style == 'nbsp':
            out.append('<p>&nbsp;&nbsp;&nbsp;&nbsp;%s</p>' % e)
        elif style == 'br':
            out.append('　　%s<br/><br/>' % e)
        elif style == 'section':
            out.append('<section style="margin:0 8px;line-height:1.75em;"><span style="font-size:15px;color:#333;">%s</span></section>' % e)
        elif style == 'div':
            out.append('<div class="para">%s</div>' % e)
        if ads and i in ads:
            out.append(ads[i])
    return '\n'.join(out)


def big_css(prefix, n):
    rules = []
    for i in range(n):
        rules.append('.%s-%s%d{margin:%dpx %dpx;padding:%dpx;color:#%s;font-size:%dpx;line-height:%.2f;}' % (
            prefix, rid(3), i, R.randint(0, 20), R.randint(0, 20), R.randint(0, 12), rid(6), R.randint(12, 18), R.uniform(1.2, 2)))
    return '\n'.join(rules)


def analytics(name):
    return ('<script>var _hmt=_hmt||[];(function(){var hm=document.createElement("script");'
            'hm.src="https://hm.baidu.example.com/hm.js?%s";var s=document.getElementsByTagName("script")[0];'
            's.parentNode.insertBefore(hm,s);})();</script>' % hashlib.md5(name.encode()).hexdigest())


def summary_of(a, n=60):
    s = a['paras'][0]
    return s[:n] + '……' if len(s) > n else s


# ------------------------------------------------------------------------------------------------
# site templates.  d: title, paras, dt, source, author, editor; optional: pstyle, ads, related
# (list of (title, summary)), related_style, comments (list of (name, time, text)), orig_title
# ------------------------------------------------------------------------------------------------
EDITORS = ['张明', '李娜', '王海涛', '陈静', '刘洋', '赵磊', '孙丽', '周强', '吴敏', '郑凯']


def related_block(d, site):
    rel = d.get('related')
    if not rel:
        return '', ''
    st = d.get('related_style', 0)
    if st == 0:    # label paragraph, then linked titles each followed by a summary, inside the content
        inner = '<p><strong>【相关阅读】</strong></p>' + ''.join(
            '<p><a href="/a/%d.html">%s</a></p><p>%s</p>' % (R.randint(10000, 99999), esc(t), esc(s)) for t, s in rel)
        return inner, ''
    if st == 1:    # a pinyin-named box after the content
        return '', '<div class="xgyd"><div class="xgyd-hd">相关阅读</div><ul>%s</ul></div>' % ''.join(
            '<li><h4><a href="/a/%d.html">%s</a></h4><p class="zy">%s</p></li>' % (R.randint(10000, 99999), esc(t), esc(s)) for t, s in rel)
    return '', '<div class="read-more"><h3>延伸阅读</h3>%s</div>' % ''.join(
        '<div class="rm-item"><a class="rm-title" href="/a/%d.html">%s</a><div class="rm-desc">%s</div></div>' % (
            R.randint(10000, 99999), esc(t), esc(s)) for t, s in rel)


def comments_block(cs, style):
    if not cs:
        return ''
    if style == 'qianfan':
        return ('<div class="qf-comment" id="comment"><div class="hd">网友评论 <span class="num">%d条</span></div><ul class="cmt-list">%s</ul>'
                '<div class="cmt-more"><a href="#">查看更多评论</a></div></div>') % (len(cs), ''.join(
                    '<li class="cmt-item"><div class="cmt-user"><img src="//img.qianfan.example.com/avatar/%d.png"><span class="uname">%s</span>'
                    '<span class="loc">%s网友</span><span class="time">%s</span></div><p class="cmt-txt">%s</p><div class="cmt-op"><a>回复</a><a>赞(%d)</a></div></li>' % (
                        R.randint(1, 999), esc(n), R.choice(['山东', '江苏', '广东', '河南', '四川', '浙江']), esc(t), esc(x), R.randint(0, 300)) for n, t, x in cs))
    if style == 'lundao':
        return ('<section class="comments" id="comments"><h3 class="c-title">全部评论（%d）</h3>%s</section>') % (len(cs) + R.randint(20, 80), ''.join(
            '<div class="comment-item"><div class="c-head"><a class="c-name" href="/u/%d">%s</a><time>%s</time></div><div class="c-body">%s</div>'
            '<div class="c-foot"><span>%d 赞</span><a>回复</a></div></div>' % (R.randint(1000, 99999), esc(n), esc(t), esc(x), R.randint(0, 99)) for n, t, x in cs))
    if style == 'wp':
        return ('<div id="comments" class="comments-area"><h2 class="comments-title">《%s》上有%d条评论</h2><ol class="comment-list">%s</ol>'
                '<div id="respond" class="comment-respond"><h3 class="comment-reply-title">发表回复</h3><form class="comment-form"><p class="comment-notes">您的电子邮箱地址不会被公开。 必填项已用*标注</p>'
                '<textarea name="comment"></textarea><input type="submit" value="发表评论"></form></div></div>') % ('', len(cs), ''.join(
                    '<li class="comment even thread-even depth-1"><article class="comment-body"><footer class="comment-meta"><div class="comment-author vcard"><b class="fn">%s</b><span class="says">说道：</span></div>'
                    '<div class="comment-metadata"><time>%s</time></div></footer><div class="comment-content"><p>%s</p></div><div class="reply"><a class="comment-reply-link">回复</a></div></article></li>' % (
                        esc(n), esc(t), esc(x)) for n, t, x in cs))
    raise ValueError(style)


def r_dongyue(d):
    dt = d['dt']
    inner_rel, after_rel = related_block(d, 'dongyue')
    ld = json.dumps({'@context': 'https://schema.org', '@type': 'NewsArticle', 'headline': d['title'], 'datePublished': dt.isoformat() + '+08:00',
                     'author': {'@type': 'Person', 'name': d.get('author') or '东岳新闻网'}, 'publisher': {'@type': 'Organization', 'name': '东岳新闻网'},
                     'description': d['paras'][0][:80]}, ensure_ascii=False)
    nav = ''.join('<li><a href="/%s/">%s</a></li>' % (x, y) for x, y in [('', '首页'), ('sz', '时政'), ('sh', '社会'), ('jj', '经济'), ('wh', '文化'), ('ty', '体育'), ('pl', '评论'), ('tp', '图片'), ('sp', '视频'), ('zt', '专题')])
    return '''<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>%(t)s_东岳新闻网</title><meta name="keywords" content="%(kw)s"><meta name="description" content="%(desc)s">
<link rel="stylesheet" href="//static.dongyue.example.cn/css/article.v3.css">
<script type="application/ld+json">%(ld)s</script></head>
<body><header class="site-header"><div class="wrap"><div class="logo"><a href="/"><img src="//static.dongyue.example.cn/img/logo.png" alt="东岳新闻网"></a></div>
<nav class="main-nav"><ul>%(nav)s</ul></nav><div class="header-search"><form action="/search"><input type="text" placeholder="请输入关键词"><button>搜索</button></form></div></div></header>
<div class="wrap"><div class="breadcrumb"><a href="/">首页</a> &gt; <a href="/sh/">社会</a> &gt; <span>正文</span></div>
<div class="row"><main class="col-main"><article class="article-detail">
<h1 class="article-title">%(t)s</h1>
<div class="article-meta"><span class="time">%(time)s</span><span class="source">来源：%(src)s</span>%(author)s<span class="views">阅读量：%(views)d</span></div>
<div class="article-content" id="articleContent">
%(body)s
%(inner_rel)s
</div>
<div class="article-editor">责任编辑：%(ed)s</div>
<div class="share-bar"><span>分享到：</span><a class="wx">微信</a><a class="wb">微博</a><a class="qz">QQ空间</a></div>
<div class="prev-next"><p>上一篇：<a href="/sh/%(n1)d.html">%(p1)s</a></p><p>下一篇：<a href="/sh/%(n2)d.html">%(p2)s</a></p></div>
</article>%(after_rel)s
<section class="related-news"><h3>相关新闻</h3>%(relnews)s</section></main>
<aside class="col-side"><div class="rank"><h3>24小时排行</h3>%(rank)s</div><div class="hot-topic"><h3>热门专题</h3>%(topic)s</div>
<div class="qrcode"><img src="//static.dongyue.example.cn/img/qr.png"><p>扫码关注东岳新闻网微信公众号</p></div></aside></div></div>
<footer class="site-footer"><div class="wrap"><div class="f-links"><a>关于我们</a> | <a>联系我们</a> | <a>广告服务</a> | <a>招聘信息</a> | <a>网站地图</a> | <a>版权声明</a></div>
<p>东岳新闻网版权所有，未经书面授权禁止使用。</p><p>Copyright &copy; 2003-2024 www.dongyue.example.cn All Rights Reserved</p>
<p>鲁ICP备12345678号-1　互联网新闻信息服务许可证：37120180001　违法和不良信息举报电话：0531-12345678</p>
<p>本网站所刊登的各种新闻、信息和各种专题专栏资料，均为东岳新闻网版权所有，未经协议授权禁止下载使用。</p></div></footer>
%(an)s</body></html>''' % dict(t=esc(d['title']), kw=qa(','.join(d['title'][i:i + 2] for i in range(0, 6, 2))), desc=qa(d['paras'][0][:70]), ld=ld.replace('</', '<\\/'), nav=nav,
                                time=fmt_time(dt), src=esc(d.get('source', '东岳新闻网')), author=('<span class="author">作者：%s</span>' % esc(d['author'])) if d.get('author') else '',
                                views=R.randint(300, 90000), body=body_html(d['paras'], d.get('pstyle', 'p'), d.get('ads')), inner_rel=inner_rel, after_rel=after_rel,
                                ed=R.choice(EDITORS), n1=R.randint(1000, 9999), n2=R.randint(1000, 9999), p1=esc(hl(1)[0]), p2=esc(hl(1)[0]),
                                relnews=ul_links('/sh', 6, 'news-list', True), rank=ul_links('/rank', 10, 'rank-list'), topic=ul_links('/zt', 4), an=analytics('dongyue'))


def r_qianfan(d, comments=None):
    dt = d['dt']
    inner_rel, after_rel = related_block(d, 'qianfan')
    hot = [{'title': h, 'url': 'https://news.qianfan.example.com/%d.shtml' % R.randint(10 ** 6, 10 ** 7), 'img': '//n.qianfan.example.com/%s.jpg' % rid(8),
            'summary': s} for h, s in zip(hl(8), [summary_of(R.choice(POOL), 40) for _ in range(8)])]
    ad = {'slots': [{'id': 'qf_art_%d' % i, 'w': 300, 'h': 250, 'text': t} for i, t in enumerate(
        ['新春特惠，全场五折起，点击抢购！', '千帆理财：稳健收益，安心之选。', '下载千帆新闻客户端，看更多精彩内容。'])]}
    cm = comments_block(comments, 'qianfan') if comments else ''
    return '''<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>%(t)s|千帆网</title><meta name="keywords" content="%(t)s">
<style>body{margin:0;font:14px/1.6 "PingFang SC","Microsoft YaHei",sans-serif}.qf-wrap{width:1200px;margin:0 auto}
%(css)s</style>
<script>window.QF_PAGE_CONFIG={"channel":"news","docid":"%(doc)s","adConfig":%(ad)s,"abtest":"b","shareTitle":"%(tj)s"};</script>
<script>window.__HOT_LIST__=%(hot)s;</script>
<script>!function(e){var t={};function n(r){if(t[r])return t[r].exports;var o=t[r]={i:r,l:!1,exports:{}};return e[r].call(o.exports,o,o.exports,n),o.l=!0,o.exports}n.m=e,n.c=t,n(n.s=0)}([function(e,t){console.log("qf-runtime")}]);%(js)s</script>
</head><body><div class="qf-wrap">
<div class="qf-top"><div class="qf-logo"><a href="https://www.qianfan.example.com/">千帆网</a></div><ul class="qf-nav">%(nav)s</ul><div class="qf-login"><a>登录</a> <a>注册</a></div></div>
<div class="qf-main clearfix"><div class="qf-left">
<div class="article" id="artibody"><h1 id="artTitle" class="main-title">%(t)s</h1>
<div class="date-source"><span class="date">%(time)s</span><a class="source" href="#">%(src)s</a></div>
<div class="article-content">
%(body)s
%(inner_rel)s
</div><p class="article-editor">（责任编辑：%(ed)s）</p>
<div class="qf-keywords">关键词：<a>%(k1)s</a> <a>%(k2)s</a></div></div>%(after_rel)s
<div class="qf-tuijian"><h2>猜你喜欢</h2>%(guess)s</div>
%(cm)s
</div><div class="qf-right"><div class="qf-box"><h3>热点推荐</h3>%(hotul)s</div><div class="qf-box"><h3>图片新闻</h3>%(pic)s</div>
<div class="qf-ad" id="qf_art_1" data-adid="qf_art_1"></div></div></div>
<div class="qf-footer"><p><a>千帆简介</a> | <a>About Qianfan</a> | <a>广告服务</a> | <a>联系我们</a> | <a>招聘信息</a> | <a>通行证注册</a> | <a>产品答疑</a></p>
<p>客户服务热线：4006-900-000　欢迎批评指正</p><p>Copyright &copy; 1996-2024 QIANFAN Corporation, All Rights Reserved</p><p>千帆公司 版权所有</p></div></div>
%(an)s</body></html>''' % dict(t=esc(d['title']), tj=d['title'].replace('"', ''), css=big_css('qf', 260), doc=rid(12), ad=json.dumps(ad, ensure_ascii=False),
                                hot=json.dumps(hot, ensure_ascii=False).replace('</', '<\\/'), js='var a%s=1;' % rid(4) * 40,
                                nav=''.join('<li><a>%s</a></li>' % x for x in ['首页', '新闻', '财经', '科技', '体育', '娱乐', '汽车', '房产', '教育', '健康', '旅游', '视频', '直播']),
                                time=fmt_time(dt, 1), src=esc(d.get('source', '千帆网')), body=body_html(d['paras'], d.get('pstyle', 'p'), d.get('ads')), inner_rel=inner_rel,
                                after_rel=after_rel, ed=R.choice(EDITORS), k1=esc(d['title'][:2]), k2=esc(d['title'][2:4]),
                                guess=''.join('<div class="guess-item"><a href="#">%s</a><span class="from">千帆新闻</span></div>' % esc(h) for h in hl(6)),
                                cm=cm, hotul=ul_links('https://news.qianfan.example.com', 8), pic=ul_links('https://slide.qianfan.example.com', 4), an=analytics('qianfan'))


def r_haichuan(d, comments=None):
    """WordPress theme (twentyseventeen-like)."""
    dt = d['dt']
    pid = R.randint(1000, 99999)
    inner_rel, after_rel = related_block(d, 'haichuan')
    cm = comments_block(comments, 'wp') if comments else ''
    recent = ''.join('<li><a href="https://www.haichuan.example.net/?p=%d">%s</a></li>' % (R.randint(100, 9999), esc(h)) for h in hl(5))
    rc = ''.join('<li class="recentcomments"><span class="comment-author-link">%s</span>发表在《<a href="#">%s</a>》</li>' % (esc(R.choice(T.C_NAMES)), esc(h)) for h in hl(5))
    return '''<!DOCTYPE html>
<html lang="zh-CN" class="no-js no-svg"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>%(t)s &#8211; 海川资讯</title><link rel='stylesheet' id='twentyseventeen-style-css' href='https://www.haichuan.example.net/wp-content/themes/twentyseventeen/style.css?ver=6.4' type='text/css' media='all' />
<script type='text/javascript' src='https://www.haichuan.example.net/wp-includes/js/jquery/jquery.min.js?ver=3.7.1' id='jquery-core-js'></script>
<style id='wp-emoji-styles-inline-css' type='text/css'>img.wp-smiley, img.emoji {display: inline !important;border: none !important;height: 1em !important;width: 1em !important;margin: 0 0.07em !important;}</style>
</head><body class="post-template-default single single-post postid-%(pid)d single-format-standard">
<div id="page" class="site"><a class="skip-link screen-reader-text" href="#content">跳至内容</a>
<header id="masthead" class="site-header" role="banner"><div class="site-branding"><p class="site-title"><a href="https://www.haichuan.example.net/" rel="home">海川资讯</a></p><p class="site-description">每天五分钟，读懂新闻背后</p></div>
<nav id="site-navigation" class="main-navigation"><ul id="top-menu" class="menu"><li><a href="/">首页</a></li><li><a href="/category/news/">要闻</a></li><li><a href="/category/society/">社会</a></li><li><a href="/category/finance/">财经</a></li><li><a href="/category/life/">生活</a></li><li><a href="/about/">关于</a></li></ul></nav></header>
<div class="site-content-contain"><div id="content" class="site-content"><div class="wrap"><div id="primary" class="content-area"><main id="main" class="site-main" role="main">
<article id="post-%(pid)d" class="post-%(pid)d post type-post status-publish format-standard hentry category-news">
<header class="entry-header"><div class="entry-meta"><span class="posted-on"><span class="screen-reader-text">发布于 </span><a href="#" rel="bookmark"><time class="entry-date published" datetime="%(iso)s">%(date)s</time></a></span><span class="byline"> 由 <span class="author vcard"><a class="url fn n" href="/author/admin/">%(au)s</a></span></span></div>
<h1 class="entry-title">%(t)s</h1></header>
<div class="entry-content">
%(body)s
%(inner_rel)s
</div>
<footer class="entry-footer"><span class="cat-tags-links"><span class="cat-links">分类：<a href="/category/news/" rel="category tag">要闻</a></span><span class="tags-links">标签：<a rel="tag">%(tag)s</a></span></span></footer>
</article>%(after_rel)s
<nav class="navigation post-navigation" aria-label="文章"><h2 class="screen-reader-text">文章导航</h2><div class="nav-links"><div class="nav-previous"><a href="#" rel="prev"><span class="nav-subtitle">上一篇文章</span> <span class="nav-title">%(p1)s</span></a></div><div class="nav-next"><a href="#" rel="next"><span class="nav-subtitle">下一篇文章</span> <span class="nav-title">%(p2)s</span></a></div></div></nav>
%(cm)s
</main></div>
<aside id="secondary" class="widget-area" role="complementary"><section id="search-2" class="widget widget_search"><form role="search" method="get" class="search-form"><input type="search" class="search-field" placeholder="搜索&hellip;"></form></section>
<section id="recent-posts-2" class="widget widget_recent_entries"><h2 class="widget-title">近期文章</h2><ul>%(recent)s</ul></section>
<section id="recent-comments-2" class="widget widget_recent_comments"><h2 class="widget-title">近期评论</h2><ul id="recentcomments">%(rc)s</ul></section>
<section id="text-3" class="widget widget_text"><h2 class="widget-title">关于本站</h2><div class="textwidget"><p>海川资讯致力于为读者提供及时、客观的新闻资讯。本站部分文章转载自其他媒体，转载目的在于传递更多信息，并不代表本站赞同其观点。</p></div></section>
<section id="archives-2" class="widget widget_archive"><h2 class="widget-title">文章归档</h2><ul><li><a>2024年3月</a></li><li><a>2024年2月</a></li><li><a>2024年1月</a></li></ul></section></aside>
</div></div>
<footer id="colophon" class="site-footer" role="contentinfo"><div class="wrap"><div class="site-info">&copy; 2024 海川资讯 | <a href="https://beian.miit.example.gov.cn/">浙ICP备20231234号-2</a> | 自豪地采用WordPress</div></div></footer></div></div>
<script type='text/javascript' src='https://www.haichuan.example.net/wp-content/themes/twentyseventeen/assets/js/global.js?ver=20211130' id='twentyseventeen-global-js'></script>
</body></html>''' % dict(t=esc(d['title']), pid=pid, iso=dt.isoformat(), date=dt.strftime('%Y年%m月%d日'), au=esc(d.get('author') or 'admin'),
                         body=body_html(d['paras'], d.get('pstyle', 'p'), d.get('ads')), inner_rel=inner_rel, after_rel=after_rel, tag=esc(d['title'][:4]),
                         p1=esc(hl(1)[0]), p2=esc(hl(1)[0]), cm=cm, recent=recent, rc=rc)


def r_liaowang(d):
    """A plain HTML5 news site that sets its text with <br> inside one div."""
    dt = d['dt']
    inner_rel, after_rel = related_block(d, 'liaowang')
    return '''<!doctype html><html><head><meta charset="utf-8"><title>%(t)s - 瞭望台</title><link rel="canonical" href="%(url)s"></head>
<body><div id="header"><div class="logo">瞭望台 · 新闻</div><div class="menu"><a href="/">首页</a> <a href="/gn/">国内</a> <a href="/gj/">国际</a> <a href="/sh/">社会</a> <a href="/pl/">评论</a> <a href="/kj/">科技</a></div></div>
<div id="main"><div class="position">当前位置：<a href="/">首页</a> &raquo; <a href="/gn/">国内</a></div>
<div class="news"><div class="news-title"><h2>%(t)s</h2></div><div class="news-info">%(time)s　来源：%(src)s　点击：<span id="hits">%(hits)d</span></div>
<div class="news-text" id="zoom">%(body)s
%(inner_rel)s</div>
<div class="news-page"><a href="javascript:window.print()">【打印】</a> <a href="javascript:window.close()">【关闭】</a> <a href="#">【顶部】</a></div></div>%(after_rel)s
<div class="news-list"><div class="list-title">最新文章</div>%(latest)s</div></div>
<div id="footer"><p>瞭望台　版权所有　联系邮箱：news@liaowang.example.cn</p><p>本站所载文章仅代表作者观点，与本站立场无关。</p><p>备案号：苏ICP备10203040号</p></div></body></html>''' % dict(
        t=esc(d['title']), url=qa(d.get('url', '')), time=fmt_time(dt, 2), src=esc(d.get('source', '瞭望台')), hits=R.randint(10, 9999),
        body=body_html(d['paras'], d.get('pstyle', 'br'), d.get('ads')), inner_rel=inner_rel, after_rel=after_rel, latest=ul_links('/gn', 10, None, True))


def r_kandian(d):
    """Div soup with hashed class names; adverts pasted between paragraphs."""
    dt = d['dt']
    inner_rel, after_rel = related_block(d, 'kandian')
    k = lambda: 'c' + rid(5)
    return '''<!DOCTYPE html><html><head><meta charset="utf-8"><title>%(t)s-今日看点</title><meta name="viewport" content="width=device-width">
<style>.%(a)s{display:flex}.%(b)s{font-size:17px;line-height:1.8}</style></head><body>
<div class="%(a)s"><div class="%(c)s"><a href="/">今日看点</a></div><div class="%(e)s"><a>推荐</a><a>热点</a><a>本地</a><a>财经</a><a>科技</a><a>娱乐</a><a>体育</a></div></div>
<div class="%(f)s"><div class="%(g)s"><div class="%(h)s">%(t)s</div><div class="%(i)s"><span>%(src)s</span><span>%(time)s</span></div>
<div class="%(b)s">%(body)s
%(inner_rel)s</div>
<div class="%(j)s">本文来源：%(src)s，转载请注明出处。</div></div>%(after_rel)s
<div class="%(l)s"><div class="%(m)s">热门推荐</div>%(hot)s</div></div>
<div class="%(n)s">今日看点 &copy; 2024　京ICP备19000000号　<a>用户协议</a> <a>隐私政策</a></div></body></html>''' % dict(
        t=esc(d['title']), a=k(), b=k(), c=k(), e=k(), f=k(), g=k(), h=k(), i=k(), j=k(), l=k(), m=k(), n=k(), src=esc(d.get('source', '今日看点')),
        time=fmt_time(dt, 4), body=body_html(d['paras'], d.get('pstyle', 'p'), d.get('ads')), inner_rel=inner_rel, after_rel=after_rel, hot=ul_links('/a', 8))


def kandian_ads(n):
    """adverts between paragraphs: a promoted box, a plain <p> advert, an app call."""
    ads = {}
    for i in range(1, n - 1, 2):
        kind = R.randint(0, 2)
        if kind == 0:
            ads[i] = '<div class="ad-%s"><p>%s</p></div>' % (rid(4), esc(T.ADS_KANDIAN[0]))
        elif kind == 1:
            ads[i] = '<p>%s</p>' % esc(T.ADS_KANDIAN[1])
        else:
            ads[i] = '<div class="%s"><a href="https://app.kandian.example.com/dl"><img src="//s.kandian.example.com/app.png">%s</a></div>' % ('c' + rid(5), esc(T.ADS_KANDIAN[2]))
    return ads


def r_toutiaoxia(d):
    """A page weighed down by inline scripts and styles (300 KB), some holding Chinese strings."""
    dt = d['dt']
    i18n = {'k%d' % i: s for i, s in enumerate(['登录', '注册', '分享到微信', '举报', '收藏成功', '网络异常，请稍后重试', '已经到底啦', '打开头条侠APP，阅读体验更佳',
                                                 '您的浏览器版本过低，请升级后访问', '评论内容不能为空', '关注作者，第一时间获取更新'])}
    feed = [{'group_id': str(R.randint(10 ** 15, 10 ** 16)), 'title': h, 'abstract': summary_of(R.choice(POOL), 50), 'source': R.choice(['东岳新闻网', '千帆网', '瞭望台'])} for h in hl(15)]
    blob = ''.join('function f%s(a,b){return a.map(function(x){return x*%d+b})}' % (rid(5), R.randint(2, 99)) for _ in range(900))
    return '''<!DOCTYPE html><html><head><meta charset="utf-8"><title>%(t)s - 头条侠</title>
<style>%(css)s</style>
<script>window.__I18N__=%(i18n)s;</script>
<script>%(blob)s</script>
<script>window._feedData=%(feed)s;</script>
</head><body><div id="root"><div class="txa-header"><a class="txa-logo">头条侠</a><div class="txa-search"><input placeholder="搜索站内资讯"></div></div>
<div class="txa-main"><div class="article-box"><h1>%(t)s</h1><div class="article-meta"><span class="src">%(src)s</span><span class="time">%(time)s</span></div>
<div class="article-content"><div>%(body)s</div></div>
<div class="txa-tip">本文由头条侠作者上传并发布，头条侠仅提供信息发布平台。</div></div>
<div class="txa-feed"><h3>相关推荐</h3>%(rec)s</div></div></div>
<script>%(blob2)s</script></body></html>''' % dict(t=esc(d['title']), css=big_css('txa', 1800), i18n=json.dumps(i18n, ensure_ascii=False), blob=blob,
                                                 feed=json.dumps(feed, ensure_ascii=False).replace('</', '<\\/'), src=esc(d.get('source', '头条侠')), time=fmt_time(dt),
                                                 body=body_html(d['paras'], 'p'), rec=ul_links('/i', 8), blob2=blob[:60000])


def r_kuaidu(d, csr=False):
    """Next.js-style SSR page (text in the DOM and in __NEXT_DATA__) or a CSR shell (text only in
    the script's state)."""
    dt = d['dt']
    content = ''.join('<p>%s</p>' % esc(p) for p in d['paras'])
    rec = [{'id': R.randint(10 ** 6, 10 ** 7), 'title': h, 'summary': summary_of(R.choice(POOL), 45), 'cover': '//img.kuaidu.example.com/%s.webp' % rid(10)} for h in hl(10)]
    art = {'id': d['aid'], 'title': d['title'], 'source': d.get('source', '快读'), 'publishTime': int(dt.timestamp()), 'content': content,
           'summary': d['paras'][0][:60], 'tags': [d['title'][:2]], 'readCount': R.randint(100, 100000)}
    if csr:
        state = {'article': art, 'recommend': rec, 'user': None, 'config': {'appDownload': '打开快读APP，查看更多精彩内容', 'privacyText': '我们非常重视您的个人信息和隐私保护。'}}
        return '''<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1,user-scalable=no">
<title>%(t)s</title><link rel="stylesheet" href="//s.kuaidu.example.com/m/app.%(h)s.css"></head>
<body><div id="app"><div class="loading"><div class="spinner"></div><p>正在加载中...</p></div>
<noscript>您的浏览器未开启JavaScript，请开启后刷新页面。</noscript></div>
<div class="open-app-bar"><a href="kuaidu://article/%(id)s">打开快读APP，阅读体验更佳</a></div>
<script>window.__INITIAL_STATE__=%(state)s;</script>
<script src="//s.kuaidu.example.com/m/vendor.%(h)s.js"></script><script src="//s.kuaidu.example.com/m/app.%(h)s.js"></script></body></html>''' % dict(
            t=esc(d['title']), h=rid(8), id=d['aid'], state=json.dumps(state, ensure_ascii=False).replace('</', '<\\/'))
    nd = {'props': {'pageProps': {'article': art, 'recommend': rec, 'channel': {'name': '资讯', 'slug': 'news'}}, '__N_SSP': True},
          'page': '/article/[id]', 'query': {'id': str(d['aid'])}, 'buildId': rid(20), 'isFallback': False, 'gssp': True}
    k = lambda n: 'ArticleBody_%s__%s' % (n, rid(5))
    return '''<!DOCTYPE html><html lang="zh"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/><title>%(t)s - 快读</title>
<meta name="next-head-count" content="3"/><link rel="preload" href="/_next/static/css/%(h)s.css" as="style"/><link rel="stylesheet" href="/_next/static/css/%(h)s.css" data-n-g=""/>
<noscript data-n-css=""></noscript><script defer="" nomodule="" src="/_next/static/chunks/polyfills-%(h)s.js"></script></head>
<body><div id="__next"><div class="Layout_root__%(r)s"><header class="Header_bar__%(r)s"><a class="Header_logo__%(r)s" href="/">快读</a><nav><a href="/">推荐</a><a href="/news">资讯</a><a href="/tech">科技</a><a href="/auto">汽车</a></nav></header>
<main class="%(main)s"><h1 class="%(title)s">%(t)s</h1><div class="%(meta)s"><span>%(src)s</span><span>%(time)s</span></div>
<div class="%(body)s">%(content)s</div>
<div class="%(rec)s"><h2>为你推荐</h2>%(recs)s</div></main>
<footer class="Footer_root__%(r)s"><p>快读 · 让阅读更简单</p><p>&copy;2024 快读 京ICP证160000号</p></footer></div></div>
<script id="__NEXT_DATA__" type="application/json">%(nd)s</script></body></html>''' % dict(
        t=esc(d['title']), h=rid(16), r=rid(5), main=k('main'), title=k('title'), meta=k('meta'), body=k('content'), rec=k('rec'),
        src=esc(d.get('source', '快读')), time=fmt_time(dt), content=content,
        recs=''.join('<a class="RecItem_item__%s" href="/article/%d"><h3>%s</h3><p>%s</p></a>' % (rid(5), r['id'], esc(r['title']), esc(r['summary'])) for r in rec),
        nd=json.dumps(nd, ensure_ascii=False).replace('</', '<\\/'))


def r_amp(d):
    dt = d['dt']
    return '''<!doctype html><html ⚡ lang="zh-CN"><head><meta charset="utf-8"><script async src="https://cdn.ampproject.org/v0.js"></script>
<script async custom-element="amp-ad" src="https://cdn.ampproject.org/v0/amp-ad-0.1.js"></script>
<script async custom-element="amp-carousel" src="https://cdn.ampproject.org/v0/amp-carousel-0.1.js"></script>
<title>%(t)s|千帆网</title><link rel="canonical" href="%(canon)s"><meta name="viewport" content="width=device-width">
<script type="application/ld+json">{"@context":"http://schema.org","@type":"NewsArticle","headline":"%(tj)s","datePublished":"%(iso)s"}</script>
<style amp-boilerplate>body{-webkit-animation:-amp-start 8s steps(1,end) 0s 1 normal both;animation:-amp-start 8s steps(1,end) 0s 1 normal both}@keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}</style><noscript><style amp-boilerplate>body{-webkit-animation:none;animation:none}</style></noscript>
<style amp-custom>%(css)s</style></head>
<body><header class="amp-hd"><a href="https://m.qianfan.example.com/">千帆网</a><a class="amp-open" href="#">打开客户端</a></header>
<article class="amp-art"><h1>%(t)s</h1><div class="amp-info">%(time)s %(src)s</div>
<amp-img src="https://n.qianfan.example.com/%(img)s.jpg" width="640" height="360" layout="responsive" alt="%(ta)s"></amp-img>
%(body)s
<amp-ad width="300" height="250" type="adsense" data-ad-client="ca-pub-1234567890" data-ad-slot="9876543210"></amp-ad></article>
<section class="amp-more"><h2>热门推荐</h2><amp-carousel height="120" layout="fixed-height" type="carousel">%(car)s</amp-carousel></section>
<footer class="amp-ft">千帆网版权所有 &copy; 1996-2024</footer></body></html>''' % dict(
        t=esc(d['title']), tj=d['title'].replace('"', ''), ta=qa(d['title']), canon=qa(d['canon']), iso=dt.isoformat(), css=big_css('amp', 120), time=fmt_time(dt, 4),
        src=esc(d.get('source', '')), img=rid(10), body=body_html(d['paras'], 'p'),
        car=''.join('<div class="slide"><a href="#">%s</a></div>' % esc(h) for h in hl(6)))


def r_nangang(d):
    """An old XHTML newspaper site (TRS editor), served in GBK."""
    dt = d['dt']
    return '''<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312" />
<title>%(t)s--南港日报</title><link href="../../../css/style.css" rel="stylesheet" type="text/css" /></head>
<body><table width="1000" border="0" align="center" cellpadding="0" cellspacing="0"><tr><td><img src="../../../images/top.jpg" width="1000" height="90" /></td></tr>
<tr><td class="daohang"><a href="#">南港日报</a> | <a href="#">南港晚报</a> | <a href="#">南港网</a> | <a href="#">往期回顾</a> | <a href="#">版面导航</a></td></tr></table>
<table width="1000" border="0" align="center" cellpadding="0" cellspacing="0"><tr><td width="300" valign="top" class="left">
<div class="bmdh">第A%(ban)02d版：%(bm)s</div><ul class="title-list">%(titles)s</ul></td>
<td width="700" valign="top"><div class="content"><h1>%(t)s</h1><div class="date">%(date)s　南港日报</div>
<div class="TRS_Editor">%(body)s</div>
<div class="bottom-links"><a href="#">上一篇</a>　<a href="#">下一篇</a>　<a href="#">返回目录</a></div></div></td></tr></table>
<table width="1000" border="0" align="center"><tr><td class="foot">南港日报社版权所有　未经授权禁止复制或建立镜像<br />地址：南港市解放路88号　邮编：266000　联系电话：0532-82860000</td></tr></table></body></html>''' % dict(
        t=esc(d['title']), ban=R.randint(1, 16), bm=R.choice(['要闻', '本地新闻', '国内新闻', '综合', '经济']),
        titles=''.join('<li><a href="#">%s</a></li>' % esc(h) for h in hl(8)), date=dt.strftime('%Y年%m月%d日'), body=body_html(d['paras'], 'nbsp'))


def r_beiyuan(d, comments=None):
    """A small regional site served in GB18030 (header-declared), comments with emoji."""
    dt = d['dt']
    cm = ''
    if comments:
        cm = '<div class="pl"><h4>网友留言</h4>%s</div>' % ''.join('<dl><dt>%s <span>%s</span></dt><dd>%s</dd></dl>' % (esc(n), esc(t), esc(x)) for n, t, x in comments)
    return '''<html><head><meta charset="gb18030"><title>%(t)s_北塬在线</title></head>
<body><div class="top"><b>北塬在线</b> www.beiyuan.example.com.cn　<a>首页</a> <a>新闻</a> <a>民生</a> <a>旅游</a> <a>论坛</a></div>
<div class="wz"><div class="bt">%(t)s</div><div class="sj">发布时间：%(time)s　来源：%(src)s</div>
<div class="zw">%(body)s</div>%(cm)s</div>
<div class="db">北塬在线 版权所有 &copy;2024　陕ICP备0800000号　投稿邮箱：tougao@beiyuan.example.com.cn</div></body></html>''' % dict(
        t=esc(d['title']), time=fmt_time(dt, 3), src=esc(d.get('source', '北塬在线')), body=body_html(d['paras'], 'indent'), cm=cm)


DZ_USERS = ['江城散人', '老猫', 'sunny2008', '青川人在深圳', '滨江一号', 'momo', '阿飞正传', '冷月无声', '大雄', '老王隔壁', 'xiaoyu_ok', '风清扬']


def r_discuz(d, replies, tid):
    """Discuz! X3 thread: opening post and replies in tables."""
    dt = d['dt']

    def post(i, user, dt2, text_html):
        floor = ['楼主', '沙发', '板凳', '地板'][i] if i < 4 else '%d<sup>#</sup>' % (i + 1)
        pid = tid * 10 + i
        return '''<div id="post_%(pid)d"><table id="pid%(pid)d" class="plhin" summary="pid%(pid)d" cellspacing="0" cellpadding="0"><tr>
<td class="pls" rowspan="2"><div class="pi"><div class="authi"><a href="home.php?mod=space&amp;uid=%(uid)d" class="xw1">%(u)s</a></div></div>
<div class="p_pop blk bui card_gender_0"><dl class="cl"><dt>积分</dt><dd>%(jf)d</dd><dt>帖子</dt><dd>%(tz)d</dd><dt>注册时间</dt><dd>2015-6-%(rd)d</dd></dl></div></td>
<td class="plc"><div class="pi"><strong><a href="#">%(floor)s</a></strong><div class="pti"><div class="authi"><em id="authorposton%(pid)d">发表于 %(time)s</em> | <a href="#">只看该作者</a></div></div></div>
<div class="pct"><div class="pcb"><div class="t_fsz"><table cellspacing="0" cellpadding="0"><tr><td class="t_f" id="postmessage_%(pid)d">
%(text)s</td></tr></table></div></div></div></td></tr>
<tr><td class="plc plm"><div class="sign">%(sign)s</div></td></tr></table></div>''' % dict(
            pid=pid, uid=R.randint(1000, 99999), u=esc(user), jf=R.randint(10, 9000), tz=R.randint(1, 3000), rd=R.randint(1, 28), floor=floor,
            time=dt2.strftime('%Y-%m-%d %H:%M'), text=text_html, sign=esc(R.choice(['生活不止眼前的苟且', '江城论坛，我的家', '', '潜水多年，偶尔冒泡'])))
    posts = [post(0, d.get('author') or R.choice(DZ_USERS), dt, d['op_html'])]
    for i, (u, x) in enumerate(replies):
        posts.append(post(i + 1, u, dt + datetime.timedelta(minutes=7 * (i + 1)), esc(x)))
    return '''<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<title>%(t)s - %(forum)s -  江城论坛 -  Powered by Discuz!</title><meta name="keywords" content="%(t)s" />
<script type="text/javascript">var STYLEID = '1', STATICURL = 'static/', IMGDIR = 'static/image/common', VERHASH = '%(h)s', charset = 'utf-8', discuz_uid = '0', cookiepre = 'jc_', cookiedomain = '', cookiepath = '/';</script>
<link rel="stylesheet" type="text/css" href="data/cache/style_1_common.css?%(h)s" /></head>
<body id="nv_forum" class="pg_viewthread"><div id="toptb" class="cl"><div class="wp"><div class="z"><a href="#">设为首页</a><a href="#">收藏本站</a></div></div></div>
<div id="hd"><div class="wp"><div class="hdc cl"><h2><a href="./" title="江城论坛">江城论坛</a></h2></div>
<div id="nv"><ul><li><a href="forum.php">论坛</a></li><li><a href="#">导读</a></li><li><a href="#">江城生活</a></li><li><a href="#">二手市场</a></li></ul></div></div></div>
<div id="wp" class="wp"><div id="pt" class="bm cl"><div class="z"><a href="./" class="nvhm">江城论坛</a> <em>&rsaquo;</em> <a href="forum.php">论坛</a> <em>&rsaquo;</em> <a href="#">%(forum)s</a> <em>&rsaquo;</em> <a href="#">%(t)s</a></div></div>
<div id="ct" class="wp cl"><div id="pgt" class="pgs mbm cl"><div class="pgt"></div><span class="y pgb"><a href="#">返回列表</a></span></div>
<div id="postlist" class="pl bm"><table cellspacing="0" cellpadding="0"><tr><td class="pls ptn pbn"><div class="hm ptn"><span class="xg1">查看:</span> <span class="xi1">%(views)d</span><span class="pipe">|</span><span class="xg1">回复:</span> <span class="xi1">%(nrep)d</span></div></td>
<td class="plc ptm pbn vwthd"><h1 class="ts"><span id="thread_subject">%(t)s</span></h1></td></tr></table>
%(posts)s</div></div></div>
<div id="ft" class="wp cl"><div id="flk" class="y"><p><a href="#">Archiver</a><span class="pipe">|</span><a href="#">手机版</a><span class="pipe">|</span><a href="#">小黑屋</a><span class="pipe">|</span><strong><a href="#">江城论坛</a></strong></p>
<p class="xs0">GMT+8, %(now)s <span id="debuginfo">, Processed in 0.0%(ms)d second(s), 12 queries .</span></p></div>
<div id="frt"><p>Powered by <strong><a href="#">Discuz!</a></strong> <em>X3.4</em></p><p class="xs0">&copy; 2001-2024 <a href="#">Comsenz Inc.</a></p></div></div></body></html>''' % dict(
        t=esc(d['title']), forum=esc(d.get('forum', '江城杂谈')), h=rid(4), views=R.randint(50, 20000), nrep=len(replies), posts='\n'.join(posts),
        now=fmt_time(dt + datetime.timedelta(hours=5)), ms=R.randint(10, 99))


def r_blog(d, user, comments=None):
    """A blog host's theme (one subdomain per blogger)."""
    dt = d['dt']
    cm = ''
    if comments:
        cm = '<div class="blog-comments"><h3>评论（%d）</h3>%s</div>' % (len(comments), ''.join(
            '<div class="bc-item"><span class="bc-user">%s</span><span class="bc-time">%s</span><p>%s</p></div>' % (esc(n), esc(t), esc(x)) for n, t, x in comments))
    return '''<!DOCTYPE html><html><head><meta charset="utf-8"><title>%(t)s_%(bn)s_云端博客</title></head>
<body class="blog-theme-%(th)d"><div class="blog-top"><a href="https://www.blog.example.net/">云端博客</a> <a>首页</a> <a>发现</a> <a>写博客</a> <a>登录</a></div>
<div class="blog-head"><h1 class="blog-name"><a href="https://%(user)s.blog.example.net/">%(bn)s</a></h1><p class="blog-sub">%(motto)s</p></div>
<div class="blog-body"><div class="blog-main"><div class="post">
<h2 class="post-title">%(t)s</h2><div class="post-info">%(time)s　分类：<a>%(cat)s</a>　阅读(%(r)d)</div>
<div class="post-content">%(body)s</div>
<div class="post-tags">标签：<a>%(tag)s</a></div><div class="post-nav">上一篇：<a>%(p1)s</a><br>下一篇：<a>%(p2)s</a></div></div>%(cm)s</div>
<div class="blog-side"><div class="side-box"><h3>个人资料</h3><p>%(bn)s</p><p>访问：%(v)d　积分：%(jf)d</p></div>
<div class="side-box"><h3>文章分类</h3><ul><li><a>随笔</a></li><li><a>读书</a></li><li><a>转载</a></li><li><a>生活</a></li></ul></div>
<div class="side-box"><h3>最新文章</h3>%(recent)s</div></div></div>
<div class="blog-foot">云端博客 &copy; 2024　<a>服务条款</a>　<a>帮助中心</a>　<a>举报</a></div></body></html>''' % dict(
        t=esc(d['title']), bn=esc(d['blogname']), th=R.randint(1, 9), user=user, motto=esc(R.choice(['记录生活，分享感悟', '读书、跑步、写字', '一个人的自留地', '慢慢来，比较快'])),
        time=fmt_time(dt), cat=esc(d.get('cat', '随笔')), r=R.randint(5, 5000), body=body_html(d['paras'], d.get('pstyle', 'p')), tag=esc(d['title'][:3]),
        p1=esc(hl(1)[0]), p2=esc(hl(1)[0]), cm=cm, v=R.randint(1000, 900000), jf=R.randint(10, 9999), recent=ul_links('/post', 5))


def split_answer(text):
    ss = sentences(text)
    if len(ss) < 4:
        return [text]
    k = len(ss) // 2
    return [''.join(ss[:k]), ''.join(ss[k:])]


def r_wenda(q):
    """问答吧: question, description, answers (best answer first), related questions."""
    dt = q['dt']
    ans = []
    for i, (u, t, text) in enumerate(q['answers']):
        ans.append('''<div class="answer%(best)s" id="answer-%(id)d">%(tag)s<div class="answer-user"><a class="uname" href="/u/%(uid)d">%(u)s</a><span class="ulevel">%(lv)s</span></div>
<div class="answer-content">%(body)s</div><div class="answer-foot"><span class="time">%(t)s</span><a class="zan">赞同 %(z)d</a><a class="cmt">评论 %(c)d</a><a class="report">举报</a></div></div>''' % dict(
            best=' best-answer' if i == 0 else '', id=R.randint(10 ** 6, 10 ** 7), tag='<div class="best-tag">最佳答案</div>' if i == 0 else '', uid=R.randint(1000, 99999),
            u=esc(u), lv=R.choice(['学长', '专家', '初学者', '大师', '知名答主']), body=''.join('<p>%s</p>' % esc(p) for p in split_answer(text)), t=esc(t), z=R.randint(0, 500), c=R.randint(0, 30)))
    return '''<!DOCTYPE html><html><head><meta charset="utf-8"><title>%(t)s_问答吧</title><meta name="description" content="%(td)s"></head>
<body><div class="wd-header"><a class="wd-logo" href="/">问答吧</a><div class="wd-search"><input placeholder="搜索问题"><button>搜索答案</button><button>我要提问</button></div></div>
<div class="wd-main"><div class="wd-left"><div class="question-box"><h1 class="q-title">%(t)s</h1><div class="q-desc">%(desc)s</div>
<div class="q-meta">提问者：%(qu)s　%(qt)s　浏览 %(v)d 次</div></div>
<div class="answer-list"><div class="answer-hd">共%(n)d个回答</div>%(ans)s</div></div>
<div class="wd-right"><div class="wd-box"><h3>相关问题</h3>%(rel)s</div><div class="wd-box"><h3>热门问题</h3>%(hot)s</div></div></div>
<div class="wd-footer"><p><a>关于问答吧</a> | <a>使用协议</a> | <a>隐私政策</a> | <a>意见反馈</a></p><p>&copy;2024 问答吧　粤ICP备18000000号</p></div></body></html>''' % dict(
        t=esc(q['title']), td=qa(q['title']), desc=esc(q['desc']), qu=esc(q['asker']), qt=fmt_time(dt), v=R.randint(50, 50000), n=len(q['answers']), ans='\n'.join(ans),
        rel=''.join('<li><a href="/q/%d.html">%s</a></li>' % (R.randint(10 ** 6, 10 ** 7), esc(x)) for x in R.sample(QUESTIONS_FURN, 6)),
        hot=''.join('<li><a href="/q/%d.html">%s</a></li>' % (R.randint(10 ** 6, 10 ** 7), esc(x)) for x in R.sample(QUESTIONS_FURN, 6)))


def r_zhiliao(q):
    dt = q['dt']
    ans = ''.join('''<div class="List-item"><div class="ContentItem AnswerItem" data-za-index="%(i)d"><div class="ContentItem-meta"><div class="AuthorInfo"><span class="UserLink AuthorInfo-name">%(u)s</span>
<div class="AuthorInfo-badge">%(bd)s</div></div></div><div class="RichContent"><div class="RichContent-inner"><span class="RichText">%(body)s</span></div>
<div class="ContentItem-time">发布于 %(t)s</div><div class="ContentItem-actions"><button>赞同 %(z)d</button><button>%(c)d 条评论</button><button>分享</button><button>收藏</button></div></div></div></div>''' % dict(
        i=i, u=esc(u), bd=esc(R.choice(['读书爱好者', '图书编辑', '二孩妈妈', '中学语文老师', ''])), body=''.join('<p>%s</p>' % esc(p) for p in split_answer(x)), t=esc(t),
        z=R.randint(0, 3000), c=R.randint(0, 200)) for i, (u, t, x) in enumerate(q['answers']))
    return '''<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>%(t)s - 知了问答</title></head>
<body><div class="AppHeader"><a class="AppHeader-logo">知了</a><nav><a>首页</a><a>会员</a><a>发现</a><a>等你来答</a></nav></div>
<main class="App-main"><div class="QuestionHeader"><h1 class="QuestionHeader-title">%(t)s</h1><div class="QuestionRichText"><span>%(desc)s</span></div>
<div class="QuestionHeader-footer">关注者 %(f)d · 被浏览 %(v)d</div></div>
<div class="Question-main"><div class="Question-mainColumn"><div class="List"><div class="List-header"><h4>%(n)d 个回答</h4><span>默认排序</span></div>%(ans)s</div></div>
<div class="Question-sideColumn"><div class="Card"><div class="Card-header">相关问题</div>%(rel)s</div><div class="Card">知了问答 · 有问题，就会有答案</div></div></div></main>
<footer class="Footer">&copy; 2024 知了问答　<a>京ICP证110000号</a>　<a>侵权举报</a>　<a>网上有害信息举报专区</a></footer></body></html>''' % dict(
        t=esc(q['title']), desc=esc(q['desc']), f=R.randint(1, 5000), v=R.randint(100, 10 ** 6), n=len(q['answers']), ans=ans,
        rel=''.join('<div class="SimilarQuestions-item"><a href="/question/%d">%s</a></div>' % (R.randint(10 ** 7, 10 ** 8), esc(x)) for x in R.sample(QUESTIONS_FURN, 5)))


QUESTIONS_FURN = ['孩子三岁了适合看什么绘本？', '有哪些适合通勤路上读的小说？', '推理小说入门看哪本比较好？', '《论语》应该选哪个注释版本？', '职场新人有什么必读的书？',
                  '哪些育儿书籍真的有用？', '有没有讲明朝历史的通俗读物？', '怎样培养孩子的阅读习惯？', '二手书在哪里买比较靠谱？', '电子书和纸质书哪个更好？',
                  '张爱玲的作品从哪本开始读？', '有哪些好看的心理学小说？', '中医养生类的书可信吗？', '如何坚持每天读书一小时？']


def gov_page(kind, d):
    """Government portals (TRS-like): metadata grid, body, attachments, print/close, footer."""
    dt = d['dt']
    if kind == 'scjg':
        head, host, org, icp = '青川市市场监督管理局', 'scjg.qingchuan.gov.example.cn', '青川市市场监督管理局', '鲁ICP备05001234号'
    elif kind == 'ggzy':
        head, host, org, icp = '青川市公共资源交易网', 'ggzy.qingchuan.gov.example.cn', '青川市公共资源交易中心', '鲁ICP备05001235号'
    elif kind == 'jiangbei':
        head, host, org, icp = '江北区人民政府', 'www.jiangbei.gov.example.cn', '江北区人民政府办公室', '鲁ICP备05002222号'
    else:
        head, host, org, icp = '青川市人民政府', 'www.qingchuan.gov.example.cn', '青川市人民政府办公室', '鲁ICP备05000001号'
    meta = ''
    if kind in ('scjg', 'jiangbei', 'portal'):
        meta = '''<table class="xxgk-meta" width="100%%"><tr><td class="t">索 引 号：</td><td>%s</td><td class="t">主题分类：</td><td>%s</td></tr>
<tr><td class="t">发布机构：</td><td>%s</td><td class="t">成文日期：</td><td>%s</td></tr><tr><td class="t">文　　号：</td><td>%s</td><td class="t">发布日期：</td><td>%s</td></tr>
<tr><td class="t">名　　称：</td><td colspan="3">%s</td></tr></table>''' % (
            '1137%04d00%s/2024-%05d' % (R.randint(1000, 9999), rid(3).upper(), R.randint(1, 99999)), d.get('topic', '市场监管、安全生产监管'), esc(d.get('org', org)),
            dt.strftime('%Y-%m-%d'), esc(d.get('wenhao', '')), dt.strftime('%Y-%m-%d'), esc(d['title']))
    att = ''
    if d.get('attach'):
        att = '<div class="fujian">附件：<a href="/attach/%s.pdf">%s</a></div>' % (rid(8), esc(d['attach']))
    nav = ''.join('<li><a>%s</a></li>' % x for x in ['首页', '政务公开', '政务服务', '互动交流', '走进青川' if kind != 'jiangbei' else '走进江北', '专题专栏'])
    return '''<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><meta name="SiteName" content="%(head)s"><meta name="ArticleTitle" content="%(ta)s">
<meta name="PubDate" content="%(pub)s"><title>%(t)s_%(head)s</title><script src="/script/jquery.min.js"></script></head>
<body><div class="top-bar"><span>今天是：%(today)s</span><a>无障碍浏览</a> <a>长者模式</a> <a>繁體</a></div>
<div class="header"><div class="logo">%(head)s</div><div class="search"><input placeholder="请输入关键字"><a>搜索</a></div></div><div class="nav"><ul>%(nav)s</ul></div>
<div class="main"><div class="position">当前位置：<a>首页</a> &gt; <a>政务公开</a> &gt; <a>%(col)s</a></div>
%(meta)s<div class="article"><div class="title">%(t)s</div><div class="info">发布时间：%(pub)s　来源：%(src)s　浏览次数：<span>%(v)d</span>　字号：<a>大</a> <a>中</a> <a>小</a></div>
<div class="TRS_Editor"><div class="Custom_UnionStyle">%(body)s</div></div>%(att)s</div>
<div class="tools"><a>【打印本页】</a><a>【关闭窗口】</a><span>扫一扫在手机打开当前页</span></div>
<div class="related"><div class="hd">相关文章</div>%(rel)s</div></div>
<div class="footer"><p><a>网站地图</a> | <a>联系我们</a> | <a>使用帮助</a> | <a>隐私声明</a></p><p>主办：%(org)s　承办：%(host_org)s</p>
<p>网站标识码：37130000%(bs)02d　%(icp)s　<img src="/images/ga.png">鲁公网安备 37130202000%(bs)03d号</p><p>建议使用1280*800以上分辨率浏览本网站</p></div></body></html>''' % dict(
        head=head, ta=qa(d['title']), pub=dt.strftime('%Y-%m-%d %H:%M'), t=esc(d['title']), today=dt.strftime('%Y年%m月%d日'), nav=nav, col=esc(d.get('col', '通知公告')),
        meta=meta, src=esc(d.get('source', org)), v=R.randint(20, 3000), body=body_html(d['paras'], 'indent'), att=att,
        rel=ul_links('/art', 5, None, True), org=org, host_org=head + '信息中心', bs=len(host) % 90, icp=icp)


YP_POLICY = ['正品行货：优品商城向您保证所售商品均为正品行货，自营商品开具机打发票或电子发票。',
             '全国联保：凭质保证书及优品商城发票，可享受全国联保服务，与您亲临商场选购的商品享受相同的质量保证。',
             '无忧退货：客户购买优品商城商品7日内（含7日，自客户收到商品之日起计算），在保证商品完好的前提下，可无理由退货。（部分商品除外，详情请见各商品细则）',
             '权利声明：优品商城上的所有商品信息、客户评价、商品咨询、网友讨论等内容，是优品商城重要的经营资源，未经许可，禁止非法转载使用。',
             '价格说明：优品价为商品的销售价，是您最终决定是否购买商品的依据。划线价为商品的专柜价、吊牌价、正品零售价、厂商指导价或该商品曾经展示过的销售价等，并非原价，仅供参考。']


def r_youpin(p):
    """A JD/Tmall-like platform product page on one host for all shops."""
    cfg = {'product': {'skuid': p['sku'], 'name': p['name'], 'shopId': p['shop_id'], 'cat': [1320, 1583, 1590], 'brand': p['brand']}, 'imageList': ['jfs/t1/%s.jpg' % rid(12) for _ in range(5)]}
    revs = ''
    if p.get('reviews'):
        revs = ''.join('<div class="comment-item"><div class="user-info">%s</div><div class="comment-star star%d"></div><p class="comment-con">%s</p><div class="order-info"><span>%s</span><span>%s</span></div></div>' % (
            esc(u[0] + '***' + u[-1]), R.randint(3, 5), esc(x), esc(p['spec_short']), esc(t)) for u, t, x in p['reviews'])
    else:
        revs = '<div class="comment-none">暂无评价</div>'
    specs = ''.join('<dl class="clearfix"><dt>%s</dt><dd>%s</dd></dl>' % (esc(k), esc(v)) for k, v in p['specs'])
    return '''<!DOCTYPE HTML><html lang="zh-CN"><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<title>【%(shop)s】%(name)s【行情 报价 价格 评测】-优品商城</title><meta name="keywords" content="%(na)s,%(brand)s" />
<script>var pageConfig = %(cfg)s;</script></head>
<body><div id="shortcut"><div class="w"><ul class="fl"><li>您好，请登录 免费注册</li></ul><ul class="fr"><li>我的订单</li><li>我的优品</li><li>企业采购</li><li>客户服务</li><li>网站导航</li></ul></div></div>
<div id="search-2014"><div class="logo">优品商城</div><input placeholder="搜索商品"><button>搜索</button></div>
<div class="crumb-wrap"><div class="crumb"><a>首页</a> &gt; <a>%(cat)s</a> &gt; <a>%(brand)s</a> &gt; %(name)s</div><div class="contact"><a class="name">%(shop)s</a><a>联系客服</a><a>关注店铺</a></div></div>
<div class="product-intro clearfix"><div class="preview-wrap"><img src="//img.youpin.example.com/n1/%(img)s.jpg" alt="%(na)s"></div>
<div class="itemInfo-wrap"><div class="sku-name">%(name)s</div><div class="news"><div class="item">%(slogan)s</div></div>
<div class="summary-price"><span class="p-price">￥<span class="price">%(price)s</span></span><span class="pricing">[<del>￥%(old)s</del>]</span></div>
<div class="summary-promotion">促销：<em>满199减20</em> <em>每满300减40</em></div><div class="summary-service">由 %(shop)s 从 %(ship)s 发货, 并提供售后服务。</div>
<div class="choose-btns"><a class="btn-special1">加入购物车</a></div></div></div>
<div class="detail"><div class="tab-main"><ul><li class="current">商品介绍</li><li>规格与包装</li><li>售后保障</li><li>商品评价(%(nrev)d)</li></ul></div>
<div class="tab-con"><div class="p-parameter"><ul class="parameter2"><li>商品名称：%(name)s</li><li>商品编号：%(sku)s</li><li>店铺：%(shop)s</li></ul></div>
<div class="detail-content"><div class="detail-content-item">%(desc)s</div></div>
<div class="Ptable"><div class="Ptable-item"><h3>主体</h3>%(specs)s</div></div>
<div class="serve-agree"><h3>售后保障</h3>%(policy)s</div></div>
<div id="comment" class="comment-info"><h3>商品评价</h3>%(revs)s</div></div>
<div class="shop-info"><div class="name">%(shop)s</div><div class="score">商品评价 %(s1).1f　物流履约 %(s2).1f　售后服务 %(s3).1f</div><a>进店逛逛</a></div>
<div class="footer"><div class="links"><a>关于我们</a>|<a>联系我们</a>|<a>联系客服</a>|<a>合作招商</a>|<a>商家帮助</a>|<a>营销中心</a></div>
<div class="copyright">京公网安备 11000002000088号 | 京ICP证070359号 | 互联网药品信息服务资格证编号(京)-经营性-2014-0008<br/>Copyright &copy; 2004-2024 优品商城 版权所有</div></div></body></html>''' % dict(
        shop=esc(p['shop']), name=esc(p['name']), na=qa(p['name']), brand=esc(p['brand']), cfg=json.dumps(cfg, ensure_ascii=False), cat=esc(p['cat']), img=rid(12),
        slogan=esc(p['slogan']), price=p['price'], old='%.2f' % (float(p['price']) * 1.3), ship=esc(p['ship']), nrev=len(p.get('reviews') or []),
        sku=p['sku'], desc=''.join('<p>%s</p>' % esc(x) for x in p['desc']), specs=specs, policy=''.join('<p>%s</p>' % esc(x) for x in YP_POLICY), revs=revs,
        s1=R.uniform(4.5, 5), s2=R.uniform(4.5, 5), s3=R.uniform(4.5, 5))


def r_weidian(p):
    """A mobile shop template, one subdomain per shop."""
    return '''<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,user-scalable=no"><title>%(name)s</title></head>
<body><div class="wd-shop-head"><img class="logo" src="//si.weidian.example.com/%(img)s.png"><span class="shop-name">%(shop)s</span><a class="fav">收藏店铺</a></div>
<div class="wd-item"><div class="item-img"><img src="//si.weidian.example.com/item/%(img)s.jpg"></div><div class="item-name">%(name)s</div>
<div class="item-price">¥%(price)s</div><div class="item-sold">已售 %(sold)d 件　库存 %(stock)d</div></div>
<div class="wd-desc"><div class="desc-title">— 商品详情 —</div>%(desc)s<table class="attr">%(specs)s</table></div>
<div class="wd-notice"><div class="n-title">购买须知</div><p>本店商品均为现货，下单后48小时内发货，默认发中通快递，偏远地区请联系客服补运费。</p><p>签收时请当面检查包装，如有破损请拒收并联系客服处理。</p></div>
<div class="wd-bar"><a>店铺</a><a>客服</a><a class="cart">加入购物车</a><a class="buy">立即购买</a></div>
<div class="wd-foot">微店提供技术支持</div></body></html>''' % dict(
        name=esc(p['name']), img=rid(10), shop=esc(p['shop']), price=p['price'], sold=R.randint(0, 3000), stock=R.randint(1, 999),
        desc=''.join('<p>%s</p>' % esc(x) for x in p['desc']), specs=''.join('<tr><td>%s</td><td>%s</td></tr>' % (esc(k), esc(v)) for k, v in p['specs']))


def r_english(d, site):
    dt = d['dt']
    if site == 'edn':
        return '''<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>%(t)s - Dongyue News English</title></head>
<body><div id="top"><a href="/">DONGYUE NEWS</a> <a>China</a> <a>World</a> <a>Business</a> <a>Culture</a> <a>Sports</a> <a>Opinion</a> <a>中文</a></div>
<div class="main"><div class="article"><h1>%(t)s</h1><div class="info">Updated: %(time)s | By %(au)s | Dongyue News English</div>
<div class="content">%(body)s</div><div class="editor">(Editor: %(ed)s)</div></div>
<div class="side"><h3>Most Popular</h3><ul><li><a>Spring travel rush begins as millions head home</a></li><li><a>New rules for food delivery riders take effect</a></li><li><a>Five things to know about the city budget</a></li><li><a>Photo gallery: lanterns light up the old town</a></li></ul></div></div>
<div id="footer"><p>Copyright 2003-2024 Dongyue News. All rights reserved. The content (including but not limited to text, photo, multimedia information, etc) published in this site belongs to Dongyue News.</p><p>Without written authorization from Dongyue News, such content shall not be republished or used in any form.</p></div></body></html>''' % dict(
            t=esc(d['title']), time=dt.strftime('%Y-%m-%d %H:%M'), au=esc(d.get('author', 'Staff writer')), body=body_html(d['paras'], 'p'), ed=esc(R.choice(['Li Na', 'Wang Hao', 'Chen Jing'])))
    return '''<!doctype html><html lang="en"><head><meta charset="utf-8"><title>%(t)s | AsiaWire</title></head>
<body><header class="aw-head"><a class="aw-logo" href="/">AsiaWire</a><nav><a>Latest</a><a>China</a><a>Markets</a><a>Tech</a><a>Travel</a></nav><a class="aw-sub">Subscribe</a></header>
<main><article class="story"><h1 class="story-title">%(t)s</h1><p class="byline">%(src)s &middot; %(time)s</p><div class="story-body">%(body)s</div>
<aside class="story-share">Share this story: Facebook | X | LinkedIn | Email</aside></article>
<section class="more"><h2>More from AsiaWire</h2><ul><li><a>Markets slip as investors wait for rate decision</a></li><li><a>Why small cities are winning the talent race</a></li><li><a>Review: a quiet film about a noisy city</a></li></ul></section>
<section class="newsletter"><p>Get the morning briefing: the day's most important stories from across Asia, delivered to your inbox every weekday.</p><input placeholder="Email address"><button>Sign up</button></section></main>
<footer>&copy; 2024 AsiaWire Media Ltd. All rights reserved. Terms of use | Privacy policy | Cookie settings</footer></body></html>''' % dict(
        t=esc(d['title']), src=esc(d.get('source', 'AsiaWire staff')), time=dt.strftime('%B %d, %Y %H:%M'), body=body_html(d['paras'], 'p'))


def r_live(d, entries):
    """Live blog, newest entry first."""
    dt = d['dt']
    items = ''.join('<li class="live-item"><div class="live-time"><span class="t">%s</span></div><div class="live-text"><p>%s</p></div><div class="live-op"><a>分享</a></div></li>' % (
        t, esc(x)) for t, x in entries)
    return '''<!DOCTYPE html><html><head><meta charset="utf-8"><title>%(t)s_千帆直播</title><script>window.LIVE_CFG={"liveId":"%(id)s","status":1,"refresh":30};</script></head>
<body><div class="live-head"><a href="https://www.qianfan.example.com/">千帆网</a> &gt; <a>直播</a></div>
<div class="live-wrap"><div class="live-title"><h1>%(t)s</h1><div class="live-status"><span class="on">直播中</span> 已有 %(n)d 人参与　<a>刷新</a></div></div>
<div class="live-intro">%(intro)s</div>
<ul class="live-list">%(items)s</ul><div class="live-more">已经到底了</div></div>
<div class="live-side"><h3>往期直播</h3>%(past)s</div>
<div class="qf-footer"><p>Copyright &copy; 1996-2024 QIANFAN Corporation, All Rights Reserved</p><p>千帆公司 版权所有</p></div></body></html>''' % dict(
        t=esc(d['title']), id=d['lid'], n=R.randint(1000, 200000), intro=esc(d['intro']), items=items, past=ul_links('/zhibo', 6))


def r_lundao(d, comments, page):
    dt = d['dt']
    pager = '<div class="c-pager">%s</div>' % ' '.join('<span class="cur">%d</span>' % i if i == page else '<a href="?page=%d">%d</a>' % (i, i) for i in range(1, 4))
    return '''<!DOCTYPE html><html><head><meta charset="utf-8"><title>%(t)s - 论道网</title></head>
<body><header class="ld-head"><a class="logo" href="/">论道网</a><nav><a>首页</a><a>时评</a><a>民生</a><a>财经</a><a>文化</a><a>问政</a></nav></header>
<div class="ld-body"><article class="ld-article"><h1>%(t)s</h1><div class="ld-meta"><span>%(time)s</span><span>来源：%(src)s</span><span>评论 %(nc)d</span></div>
<div class="ld-content">%(body)s</div></article>
%(cm)s%(pager)s</div>
<aside class="ld-side"><h3>热议榜</h3>%(hot)s</aside>
<footer class="ld-foot"><p>论道网 版权所有　网友评论仅代表其个人观点，不代表本站立场。</p><p>苏ICP备16000000号-3</p></footer></body></html>''' % dict(
        t=esc(d['title']), time=fmt_time(dt), src=esc(d.get('source', '论道网')), nc=R.randint(30, 900), body=body_html(d['paras'], 'p'),
        cm=comments_block(comments, 'lundao'), pager=pager, hot=ul_links('/article', 8))


def r_pr(d):
    dt = d['dt']
    return '''<!DOCTYPE html><html><head><meta charset="utf-8"><title>%(t)s - 商讯通</title></head>
<body><div class="pr-top"><a>商讯通</a> 企业新闻发布平台　<a>发布新闻</a> <a>会员中心</a></div>
<div class="pr-main"><div class="pr-art"><h1>%(t)s</h1><div class="pr-info">%(time)s　来源：%(co)s</div>
<div class="pr-text">%(body)s</div><div class="pr-disclaimer">%(disc)s</div></div>
<div class="pr-side"><h3>最新发布</h3>%(latest)s</div></div>
<div class="pr-foot">商讯通 &copy; 2010-2024　客服热线：400-000-8888</div></body></html>''' % dict(
        t=esc(d['title']), time=fmt_time(dt), co=esc(d['company']), body=body_html(d['paras'], 'p'), disc=esc(T.PR_DISCLAIMER), latest=ul_links('/news', 8))


def r_kuaixun(d, neighbours):
    """A 7x24 flash page: one short item under heavy furniture, with the timeline of neighbours."""
    dt = d['dt']
    nb = ''
    if neighbours:
        nb = '<div class="kx-timeline"><h3>7×24小时快讯</h3><ul class="kx-list">%s</ul></div>' % ''.join(
            '<li><span class="kx-time">%s</span><a href="/%d.html" class="kx-title">%s</a></li>' % (t, R.randint(10 ** 6, 10 ** 7), esc(x)) for t, x in neighbours)
    return '''<!DOCTYPE html><html><head><meta charset="utf-8"><title>%(t)s_千帆快讯</title><style>%(css)s</style>
<script>window.KX={"id":"%(id)s","channel":"7x24","share":{"title":"千帆快讯"}};</script></head>
<body><div class="qf-top"><a>千帆网</a><ul class="qf-nav">%(nav)s</ul><div class="qf-login"><a>登录</a> <a>注册</a></div></div>
<div class="kx-main"><div class="kx-left"><div class="kx-detail"><div class="kx-date">%(date)s</div><h1 class="kx-h">%(t)s</h1>
<div class="kx-content">%(body)s</div><div class="kx-from">来源：千帆快讯</div><div class="kx-share">分享到：微信 微博 复制链接</div>
<div class="kx-tip">声明：本快讯仅供参考，不构成投资建议。</div></div>%(nb)s</div>
<div class="kx-right"><div class="qf-box"><h3>热点推荐</h3>%(hot)s</div><div class="qf-box"><h3>财经日历</h3>%(cal)s</div><div class="qf-box"><h3>下载千帆财经APP</h3><p>随时随地查看行情，快讯推送不错过。</p></div></div></div>
<div class="qf-footer"><p><a>千帆简介</a> | <a>广告服务</a> | <a>联系我们</a> | <a>招聘信息</a></p><p>客户服务热线：4006-900-000　欢迎批评指正</p><p>Copyright &copy; 1996-2024 QIANFAN Corporation, All Rights Reserved</p><p>千帆公司 版权所有</p></div></body></html>''' % dict(
        t=esc(d['title']), css=big_css('kx', 150), id=rid(10), nav=''.join('<li><a>%s</a></li>' % x for x in ['首页', '新闻', '财经', '股票', '基金', '期货', '外汇', '科技', '快讯']),
        date=dt.strftime('%Y-%m-%d %H:%M:%S'), body=''.join('<p>%s</p>' % esc(p) for p in d['paras']), nb=nb, hot=ul_links('https://finance.qianfan.example.com', 10),
        cal=ul_links('https://finance.qianfan.example.com/cal', 5, None, True))


def r_devnotes(d):
    return '''<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>%(t)s | 阿坤的技术笔记</title><meta name="generator" content="Hugo 0.121.1"></head>
<body><header class="header"><nav class="nav"><a class="logo" href="/">阿坤的技术笔记</a><ul><li><a href="/posts/">Posts</a></li><li><a href="/tags/">Tags</a></li><li><a href="/about/">About</a></li></ul></nav></header>
<main class="main"><article class="post-single"><header class="post-header"><h1 class="post-title">%(t)s</h1><div class="post-meta">%(date)s · 3 min · 阿坤</div></header>
<div class="post-content">%(body)s</div><footer class="post-footer"><ul class="post-tags"><li><a>%(tag)s</a></li></ul></footer></article></main>
<footer class="footer"><span>&copy; 2024 阿坤的技术笔记</span> · <span>Powered by Hugo &amp; PaperMod</span></footer></body></html>''' % dict(
        t=esc(d['title']), date=d['dt'].strftime('%B %d, %Y'), body=body_html(d['paras'], 'p'), tag=esc(d['title'].split()[0]))


def r_manong(d):
    return '''<!DOCTYPE html><html><head><meta charset="utf-8"><title>%(t)s-码农资讯</title></head>
<body><div class="mn-head"><a>码农资讯</a> <a>前端</a> <a>后端</a> <a>运维</a> <a>AI</a> <a>问答</a></div>
<div class="mn-main"><div class="mn-art"><h1>%(t)s</h1><div class="mn-meta">转载 · %(time)s · 阅读 %(r)d</div>
<div class="mn-tip">本文转载自网络，版权归原作者所有，如有侵权请联系删除。</div>
<div class="markdown-body">%(body)s</div>
<div class="mn-copy">文章来源：互联网　转载请注明出处</div></div><div class="mn-side"><h3>热门文章</h3>%(hot)s</div></div>
<div class="mn-foot">码农资讯 &copy; 2024　本站内容均来自互联网，仅供学习交流。</div></body></html>''' % dict(
        t=esc(d['title']), time=fmt_time(d['dt']), r=R.randint(10, 9999), body=body_html(d['paras'], 'p'), hot=ul_links('/article', 8))


def r_shuangyu(d, gloss):
    return '''<!DOCTYPE html><html><head><meta charset="utf-8"><title>%(t)s | Bilingual Reading 双语阅读</title></head>
<body><div class="sy-head"><a>双语阅读网</a> <a>Home</a> <a>News 新闻</a> <a>Culture 文化</a> <a>Vocabulary 词汇</a></div>
<div class="sy-main"><h1>%(t)s</h1><h2 class="en-title">%(en)s</h2><div class="sy-meta">%(time)s　Source: People's Daily</div>
<div class="sy-note">Editor's note: This article is reproduced for learners of Chinese. Key words are listed in the glossary below the text.</div>
<div class="sy-text">%(body)s</div>
<div class="sy-gloss"><h3>Glossary 词汇表</h3><table>%(gloss)s</table></div>
<div class="sy-quiz">Quiz: How many key words can you find in the first paragraph? 练一练：你能在第一段中找到几个关键词？</div></div>
<div class="sy-foot">&copy; 2024 Bilingual Reading. For study only. 仅供学习使用。</div></body></html>''' % dict(
        t=esc(d['title']), en=esc(d['en_title']), time=fmt_time(d['dt']), body=body_html(d['paras'], 'p'),
        gloss=''.join('<tr><td>%s</td><td>%s</td></tr>' % (esc(a), esc(b)) for a, b in gloss))


# ------------------------------------------------------------------------------------------------
# publishing helpers
# ------------------------------------------------------------------------------------------------
def u_dongyue(dt):
    return 'https://www.dongyue.example.cn/%s/%s/t%s_%d.html' % (R.choice(['sh', 'jj', 'sz', 'wh']), dt.strftime('%Y%m/%d'), dt.strftime('%Y%m%d'), R.randint(10 ** 6, 10 ** 7))


SITES = {
    'dongyue': (r_dongyue, u_dongyue),
    'qianfan': (lambda d: r_qianfan(d, d.get('comments')), lambda dt: 'https://news.qianfan.example.com/%s/doc-i%s.shtml' % (dt.strftime('%Y-%m-%d'), rid(12))),
    'haichuan': (lambda d: r_haichuan(d, d.get('comments')), lambda dt: 'https://www.haichuan.example.net/%s/%d/' % (dt.strftime('%Y/%m/%d'), R.randint(1000, 99999))),
    'liaowang': (r_liaowang, lambda dt: 'http://www.liaowang.example.cn/html/%s/content_%d.htm' % (dt.strftime('%Y-%m/%d'), R.randint(10 ** 6, 10 ** 7))),
    'kandian': (r_kandian, lambda dt: 'https://www.kandian.example.com/a/%s' % rid(16)),
    'toutiaoxia': (r_toutiaoxia, lambda dt: 'https://www.toutiaoxia.example.com/i%d/' % R.randint(10 ** 17, 10 ** 18)),
    'kuaidu_ssr': (lambda d: r_kuaidu(d, False), lambda dt: 'https://www.kuaidu.example.com/article/%d' % R.randint(10 ** 7, 10 ** 8)),
    'kuaidu_csr': (lambda d: r_kuaidu(d, True), lambda dt: 'https://m.kuaidu.example.com/article/%d' % R.randint(10 ** 7, 10 ** 8)),
    'nangang': (r_nangang, lambda dt: 'http://www.nangang.example.cn/ngrb/html/%s/content_%d.htm' % (dt.strftime('%Y-%m/%d'), R.randint(10 ** 5, 10 ** 6))),
    'nangang_jsonl': (r_nangang, lambda dt: 'http://epaper.nangang.example.cn/ngwb/html/%s/content_%d.htm' % (dt.strftime('%Y-%m/%d'), R.randint(10 ** 5, 10 ** 6))),
    'beiyuan': (lambda d: r_beiyuan(d, d.get('comments')), lambda dt: 'http://www.beiyuan.example.com.cn/news/%s/%d.html' % (dt.strftime('%Y%m'), R.randint(10 ** 4, 10 ** 5))),
}
SITE_CASE = {'kuaidu_ssr': 'c18_spa_ssr', 'kuaidu_csr': 'c18_spa_csr', 'nangang': 'c20_gbk_warc', 'nangang_jsonl': 'c20_gbk_meta_jsonl',
             'beiyuan': 'c20_gb18030_warc', 'toutiaoxia': 'c21_heavy_script'}


def gen_comments(k, dt, long=False):
    out = []
    for i in range(k):
        body = ''.join(R.sample(T.C_BODY, R.randint(2, 4) if long else R.randint(1, 2)))
        name = R.choice(T.C_NAMES) + (str(R.randint(1, 999)) if R.random() < 0.5 else '')
        out.append((name, fmt_time(dt + datetime.timedelta(minutes=R.randint(5, 3000))), R.choice(T.C_OPEN) + body + R.choice(T.C_CLOSE)))
    return out


def publish(site, d, day, t, case, kind, fam, note):
    rend, urlf = SITES[site]
    d = dict(d)
    d['dt'] = when(day, t)
    url = urlf(d['dt'])
    d['url'] = url
    d.setdefault('aid', R.randint(10 ** 6, 10 ** 7))
    html = rend(d)
    fmt, enc, ct, jc = 'jsonl', None, None, None
    if site == 'nangang':
        fmt = 'warc'
        try:
            html.encode('gbk')
            enc = 'gbk'
        except UnicodeEncodeError:
            enc = 'gb18030'
        ct = R.choice(['text/html', 'text/html; charset=GBK'])
    elif site == 'beiyuan':
        fmt, enc, ct = 'warc', 'gb18030', 'text/html; charset=GB18030'
    elif site == 'nangang_jsonl':
        jc = 'gbk'
    return add(url, html, SITE_CASE.get(site, case), kind, fam, note, day, t, fmt=fmt, enc=enc, http_ct=ct, jcharset=jc)


def adoc(a, **kw):
    d = dict(title=a['title'], paras=list(a['paras']), source=kw.pop('source', None) or '本网', author=R.choice(['', '', '记者 ' + R.choice(T.SURN) + R.choice(T.GIVEN)]))
    d.update(kw)
    return d


# ------------------------------------------------------------------------------------------------
# cases
# ------------------------------------------------------------------------------------------------
SRCNAME = {'dongyue': '东岳新闻网', 'qianfan': '千帆网', 'haichuan': '海川资讯', 'liaowang': '瞭望台', 'nangang': '南港日报', 'beiyuan': '北塬在线',
           'kuaidu_ssr': '快读', 'kuaidu_csr': '快读'}
ORIGINALS = []   # (article, page) of c00 originals, for the reprint cases


def case_originals():
    arts = take(lambda a: not a['wire'] and a['n'] >= 300, 620)
    plan = ['dongyue'] * 180 + ['qianfan'] * 160 + ['haichuan'] * 80 + ['liaowang'] * 70 + ['nangang'] * 50 + ['beiyuan'] * 20 + ['kuaidu_ssr'] * 30 + ['kuaidu_csr'] * 30
    for a, site in zip(arts, plan):
        day, t = R.randint(0, 4), R.randint(20000, 80000)
        d = adoc(a, source=SRCNAME[site])
        if site in ('qianfan', 'haichuan', 'beiyuan') and R.random() < 0.5:
            d['comments'] = gen_comments(R.randint(2, 12), when(day, t))
            if site == 'beiyuan':
                d['comments'] = [(n, tm, x + R.choice(['👍', '😂', '🙏', ''])) for n, tm, x in d['comments']]
        case = 'c00_original'
        p = publish(site, d, day, t, case, 'new', {a['id']}, 'original article (%s); any claim is a false alarm until its copies appear' % site)
        ORIGINALS.append((a, p, site))
    R.shuffle(ORIGINALS)


def pick_originals(k, pred=lambda a, p, s: True):
    out = []
    for x in ORIGINALS:
        if len(out) >= k:
            break
        if x[1].get('reused') or not pred(*x) or x[1]['day'] > 4:
            continue
        x[1]['reused'] = True
        out.append(x)
    assert len(out) == k, ('originals exhausted', k, len(out))
    return out


def copy_time(p, lo=1800, hi=90000):
    day, t = later(p['day'], p['t'], lo, hi)
    if p['fmt'] == 'warc' and day == p['day']:
        day = min(p['day'] + 1, NDAYS - 1)
    return day, t


def case_wire():
    arts = take(lambda a: a['wire'] and a['n'] >= 300, 185)
    base = ['dongyue', 'qianfan', 'haichuan', 'liaowang']
    special = ['kuaidu_ssr', 'kuaidu_csr', 'nangang', 'nangang_jsonl', 'beiyuan', 'toutiaoxia']
    for a in arts:
        day, t = R.randint(0, 3), R.randint(20000, 60000)
        first = R.choice(base)
        d = adoc(a, source='新华社')
        d['author'] = ''
        p0 = publish(first, d, day, t, 'c01_wire_reprint', 'new', {a['id']}, 'Xinhua story, first copy in the crawl (%s)' % first)
        sites = R.sample([s for s in base if s != first], R.randint(1, 3))
        if R.random() < 0.8:
            sites.append(R.choice(special))
        if R.random() < 0.3:
            sites.append(R.choice(special))
        sites = list(dict.fromkeys(sites))
        for s in sites:
            dd, tt = copy_time(p0, 600, 120000)
            d2 = adoc(a, source='新华社')
            d2['author'] = ''
            if s in ('qianfan', 'haichuan') and R.random() < 0.4:
                d2['comments'] = gen_comments(R.randint(2, 10), when(dd, tt))
            publish(s, d2, dd, tt, 'c01_wire_reprint', 'dup', {a['id']}, 'verbatim reprint of a Xinhua story on %s (duplicate of the earlier copies)' % s)


def new_headline(a):
    ps = a['paras']
    m = R.randint(0, 2)
    if m == 0:
        return R.choice(['关注｜', '聚焦：', '【深读】', '今日看点｜']) + a['title']
    src = ps[1] if len(ps) > 1 else ps[0]
    clause = re.split(r'[，。；：]', re.sub(r'^.{0,30}?电(（[^）]*）)?', '', src))[0]
    if m == 1 and 8 <= len(clause) <= 26:
        return clause
    return a['title'] + '：' + R.choice(['一线见闻', '记者调查', '来自基层的报告', '新年新气象'])


def case_reprints():
    cnd = pick_originals(15, lambda a, p, s: has_cn_dates(a))
    amp = pick_originals(80, lambda a, p, s: s == 'qianfan')
    # c03 editor's note + other headline + "原标题"
    for a, p, s in pick_originals(60):
        site = R.choice([x for x in ['dongyue', 'qianfan', 'haichuan', 'liaowang'] if x != s])
        d = adoc(a, source=SRCNAME[s])
        d['title'] = new_headline(a)
        pre = [R.choice(T.EDNOTES).format(h=a['title'])]
        if R.random() < 0.6:
            pre.append('原标题：' + a['title'])
        d['paras'] = pre + list(a['paras'])
        dd, tt = copy_time(p)
        publish(site, d, dd, tt, 'c03_editor_note', 'copy', {a['id']}, 'reprint under another headline with an editor\'s note (and 原标题 line) before the text')
    # c04 related-reading block appended; its summaries quote other pages' leads, some whole flashes
    for a, p, s in pick_originals(60):
        site = R.choice([x for x in ['dongyue', 'qianfan', 'haichuan', 'liaowang'] if x != s])
        d = adoc(a, source='转载')
        dd, tt = copy_time(p)
        rel = []
        others = [x for x in ORIGINALS if (x[1]['day'], x[1]['t']) < (dd, tt) and x[0]['id'] != a['id']]
        for o in R.sample(others, min(len(others), R.randint(2, 3))):
            rel.append((o[0]['title'], o[0]['paras'][0]))
        fl = [f for f in FLASHES if (f['page']['day'], f['page']['t']) < (dd, tt)]
        if fl and R.random() < 0.5:
            f = R.choice(fl)
            rel.insert(R.randint(0, len(rel)), (f['title'], f['text']))
        d['related'] = rel
        d['related_style'] = R.randint(0, 2)
        publish(site, d, dd, tt, 'c04_related_appended', 'dup', {a['id']},
                'reprint with a related-reading block (headlines + whole lead paragraphs of other pages, sometimes a whole flash) after the text')
    # c05 paragraphs merged or re-split
    for a, p, s in pick_originals(50, lambda a, p, s: len(a['paras']) >= 3):
        site = R.choice([x for x in ['dongyue', 'qianfan', 'haichuan', 'liaowang'] if x != s])
        d = adoc(a, source='网络')
        m = R.randint(0, 2)
        if m == 0:
            k = len(a['paras']) // 2
            d['paras'] = [''.join(a['paras'][:k]), ''.join(a['paras'][k:])]
        elif m == 1:
            d['paras'] = [x for q in a['paras'] for x in sentences(q)]
        else:
            d['paras'] = [''.join(a['paras'])]
        d['pstyle'] = R.choice(['p', 'br', 'div'])
        dd, tt = copy_time(p)
        publish(site, d, dd, tt, 'c05_resplit', 'dup', {a['id']}, 'reprint with paragraphs %s' % ['merged in two', 'split at every sentence', 'merged into one block'][m])
    # c06 width and digits
    for i, (a, p, s) in enumerate(pick_originals(45) + cnd):
        site = R.choice([x for x in ['dongyue', 'qianfan', 'haichuan', 'liaowang'] if x != s])
        d = adoc(a, source='网络')
        m = 2 if i >= 45 else i % 2
        if m == 0:
            d['paras'] = [halfwidth(x) for x in a['paras']]
        elif m == 1:
            d['paras'] = [halfwidth(x, True) for x in a['paras']]
        else:
            d['paras'] = [halfwidth(cn_dates(x)) for x in a['paras']]
        dd, tt = copy_time(p)
        publish(site, d, dd, tt, 'c06_width_digits', 'dup', {a['id']}, 'reprint with %s' % ['half-width digits and letters', 'half-width digits and ASCII punctuation (", " ". ")', 'Chinese-numeral dates written in Arabic digits'][m])
    # c07 inline adverts
    for a, p, s in pick_originals(60, lambda a, p, s: len(a['paras']) >= 3):
        d = adoc(a, source=R.choice(['人民日报', '网络', '东岳新闻网']))
        d['ads'] = kandian_ads(len(a['paras']))
        dd, tt = copy_time(p)
        publish('kandian', d, dd, tt, 'c07_inline_ads', 'dup', {a['id']}, 'reprint with the site\'s adverts between paragraphs (boxes, a plain <p>, an app call)')
    # c21 heavy inline scripts
    for a, p, s in pick_originals(40):
        dd, tt = copy_time(p)
        publish('toutiaoxia', adoc(a, source=R.choice(['人民日报', '东岳新闻网'])), dd, tt, 'c21_heavy_script', 'dup', {a['id']},
                'reprint in a page with ~300 KB of inline script/style, some holding Chinese strings (i18n, feed abstracts)')
    # c19 AMP versions of the portal's own articles
    for a, p, s in amp:
        d = adoc(a, source='千帆网')
        d['canon'] = p['url']
        d['dt'] = when(p['day'], p['t'] + 120)
        url = p['url'].replace('https://news.qianfan.example.com/', 'https://news.qianfan.example.com/amp/')
        add(url, r_amp(d), 'c19_amp', 'dup', {a['id']}, 'AMP version of the site\'s own article', p['day'], min(p['t'] + R.randint(60, 3000), 86000))
    # c17 text without full stops (forum and blog reposts)
    for i, (a, p, s) in enumerate(pick_originals(60)):
        allp = i % 2 == 1
        op = '<br />\r\n'.join(esc(strip_stops(x, allp)) for x in a['paras'])
        d = dict(title=a['title'], op_html=op, forum=R.choice(['江城杂谈', '新闻评论', '百姓话题']))
        dd, tt = copy_time(p)
        d['dt'] = when(dd, tt)
        tid = R.randint(10 ** 5, 10 ** 6)
        reps = [(R.choice(DZ_USERS), R.choice(T.C_OPEN) + R.choice(T.C_BODY)) for _ in range(R.randint(1, 6))]
        add('https://bbs.jiangcheng.example.cn/thread-%d-1-1.html' % tid, r_discuz(d, reps, tid), 'c17_no_fullstops', 'dup', {a['id']},
            'forum repost typed with %s instead of punctuation' % ('spaces for every mark' if allp else 'spaces for 。！？；'), dd, tt)


BLOGGERS = [('lanxin', '兰心的小屋'), ('shuxiang', '书香一瓣'), ('paobu', '跑步的胖子'), ('xiaoman', '小满日记'), ('yuedu', '悦读时光'),
            ('muzi', '木子说书'), ('qingshan', '青山不老'), ('afei', '阿飞的自留地'), ('xingzi', '杏子的书架'), ('laozhou', '老周闲话')]


def blog_post(user, bname, title, paras, day, t, case, kind, fam, note, cat='随笔'):
    d = dict(title=title, paras=paras, dt=when(day, t), blogname=bname, cat=cat)
    url = 'https://%s.blog.example.net/post/%d.html' % (user, R.randint(10 ** 6, 10 ** 7))
    return add(url, r_blog(d, user, gen_comments(R.randint(0, 4), when(day, t)) if R.random() < 0.4 else None), case, kind, fam, note, day, t)


def case_nostop_reviews():
    revs = take_reviews(lambda r: 80 <= len(r) <= 600 and not re.search(r'[。．.！!？?]', r), 40)
    for i, r in enumerate(revs):
        day, t = R.randint(0, 3), R.randint(20000, 80000)
        tid = R.randint(10 ** 5, 10 ** 6)
        title = R.choice(['说说最近看的一本书', '刚看完一本书 随便聊聊', '读后感 没什么文采', '这本书 推荐还是不推荐', '买书心得']) + ' %d' % (i + 1)
        d = dict(title=title, op_html=esc(r), forum='读书沙龙', dt=when(day, t))
        reps = [(R.choice(DZ_USERS), R.choice(['同感', '谢谢分享', '收藏了 回头去看看', '楼主说得对', 'mark一下', '顶']) ) for _ in range(R.randint(0, 5))]
        p = add('https://bbs.jiangcheng.example.cn/thread-%d-1-1.html' % tid, r_discuz(d, reps, tid), 'c17_no_fullstops', 'new', {'rvn:%d' % i},
                'forum post of a review with no sentence-ending punctuation at all; distinct posts must not match', day, t)
        if i < 15:
            dd, tt = copy_time(p)
            u, bn = R.choice(BLOGGERS)
            blog_post(u, bn, title, [r], dd, tt, 'c17_no_fullstops', 'dup', {'rvn:%d' % i}, 'blog repost of an unpunctuated forum post (duplicate)', '读书')


FLASHES = []


def case_flashes():
    arts = take(lambda a: 40 <= len(a['paras'][0]) and len(a['title']) <= 24, 200)
    for i, a in enumerate(arts):
        ss = sentences(a['paras'][0])
        text = ss[0]
        if len(text) < 40 and len(ss) > 1:
            text += ss[1]
        if len(text) > 160:
            text = text[:150].rstrip('，、') + '。'
        day, t = R.randint(0, 4), R.randint(20000, 80000)
        FLASHES.append({'a': a, 'title': a['title'], 'text': text, 'day': day, 't': t})
    FLASHES.sort(key=lambda f: (f['day'], f['t']))
    for i, f in enumerate(FLASHES):
        nb = None
        if i % 2 == 0:   # the timeline of the neighbouring flashes, their whole texts as links
            near = [g for g in FLASHES[max(0, i - 4):i + 4] if g is not f][:6]
            nb = [(when(g['day'], g['t']).strftime('%H:%M'), g['text']) for g in near]
        d = dict(title=f['title'], paras=[f['text']], dt=when(f['day'], f['t']))
        url = 'https://kuaixun.qianfan.example.com/%s/%d.html' % (d['dt'].strftime('%Y%m%d'), R.randint(10 ** 6, 10 ** 7))
        f['page'] = add(url, r_kuaixun(d, nb), 'c14_short_flash', 'new', {'fl:' + f['a']['id']},
                        'one- or two-sentence flash under heavy furniture%s; distinct flashes must not match' % (' and a timeline of neighbouring flashes' if nb else ''), f['day'], f['t'])
    for f in R.sample(FLASHES, 40):
        p = f['page']
        dd, tt = copy_time(p, 300, 20000)
        site = R.choice(['liaowang', 'haichuan', 'dongyue'])
        publish(site, dict(title=f['title'], paras=[f['text']], source='千帆快讯', author=''), dd, tt, 'c14_short_flash', 'dup', {'fl:' + f['a']['id']},
                'repost of a one- or two-sentence flash on another site (duplicate)')


def case_updates():
    arts = take(lambda a: len(a['paras']) >= 5 and a['n'] >= 700, 50)
    for i, a in enumerate(arts):
        ps = a['paras']
        k = 2
        while k < len(ps) - 1 and sum(len(x) for x in ps[:k + 1]) <= 0.45 * a['n']:
            k += 1
        if sum(len(x) for x in ps[:k]) > 0.5 * a['n']:
            k = max(1, k - 1)
        site = R.choice(['qianfan', 'dongyue'])
        day, t = R.randint(0, 3), R.randint(20000, 60000)
        d = adoc(a, source={'qianfan': '千帆网', 'dongyue': '东岳新闻网'}[site])
        d['paras'] = ps[:k] + ['更多详情，请关注后续报道。']
        p0 = publish(site, d, day, t, 'c08_story_update', 'new', {'up:' + a['id']}, 'first (short) version of a developing story')
        dd, tt = later(day, t, 3600, 30000)
        d2 = adoc(a, source=d['source'])
        d2['title'] = R.choice(['更新｜', '最新：', '']) + a['title'] + R.choice(['', '（更新）', '（持续更新）'])
        p1 = publish(site, d2, dd, tt, 'c08_story_update', 'contains', {'up:' + a['id']},
                     'updated version at a new URL: the first version\'s paragraphs plus %d more (contains the first version)' % (len(ps) - k))
        if i < 20:
            d3, t3 = copy_time(p1)
            publish(R.choice(['liaowang', 'haichuan']), adoc(a, source=d['source']), d3, t3, 'c08_story_update', 'dup', {'up:' + a['id']},
                    'reprint of the updated version (duplicate of it; contains the first version)')


def case_live():
    arts = take(lambda a: sum(len(sentences(p)) for p in a['paras']) >= 18 and a['n'] <= 2600, 12)
    for a in arts:
        ss = [s for p in a['paras'] for s in sentences(p)]
        entries, j = [], 0
        while j < len(ss) and len(entries) < 14:
            k = 2 if len(ss[j]) < 40 and j + 1 < len(ss) else 1
            entries.append(''.join(ss[j:j + k]))
            j += k
        day, t = R.randint(0, 4), R.randint(30000, 40000)
        times, tm = [], datetime.datetime(2024, 1, 1, 9, R.randint(0, 30))
        for _ in entries:
            tm += datetime.timedelta(minutes=R.randint(4, 18))
            times.append(tm.strftime('%H:%M'))
        lid = rid(8)
        intro = '千帆网图文直播：%s。本场直播持续更新，敬请关注。' % a['title']
        prev = None
        for si, n in enumerate([4, 7, 10, 14]):
            n = min(n, len(entries))
            tt = t + si * R.randint(1500, 3000)
            d = dict(title=a['title'], dt=when(day, tt), lid=lid, intro=intro)
            shown = list(zip(times[:n], entries[:n]))[::-1]
            url = 'https://live.qianfan.example.com/zhibo/%s.html?t=%d' % (lid, int(when(day, tt).timestamp()))
            add(url, r_live(d, shown), 'c09_live_blog', 'new' if si == 0 else 'copy', {'live:' + lid},
                'live blog snapshot %d (%d entries, newest first)%s' % (si + 1, n, '' if si == 0 else '; holds every entry of the earlier snapshots'), day, tt)


def case_comments():
    arts = take(lambda a: a['n'] >= 400 and len(a['paras']) >= 3, 60)
    for i, a in enumerate(arts):
        short = i < 15
        paras = a['paras'][:2] if short else a['paras']
        if short and sum(len(x) for x in paras) > 320:
            paras = [paras[0]]
        day, t = R.randint(0, 3), R.randint(20000, 60000)
        aid = R.randint(10 ** 5, 10 ** 6)
        base = 'https://www.lundao.example.com/article/%d.html' % aid
        d = dict(title=a['title'], paras=paras, dt=when(day, t), source=R.choice(['人民日报', '论道网']))
        nc = 15 if short else 10
        p0 = add(base, r_lundao(d, gen_comments(nc, when(day, t), short), 1), 'c15_comments', 'new', {'cm:' + a['id']},
                 'article with a page of reader comments%s' % (' (comments longer than the article)' if short else ''), day, t)
        for pg in ([2, 3] if i % 2 == 0 else [2]):
            dd, tt = later(day, t, 1800, 40000)
            add(base + '?page=%d' % pg, r_lundao(d, gen_comments(nc, when(dd, tt), short), pg), 'c15_comments', 'dup', {'cm:' + a['id']},
                'the same article with comment page %d (other comments)' % pg, dd, tt)
        if i % 3 == 0:
            dd, tt = copy_time(p0)
            d2 = dict(title=a['title'], paras=paras, source='论道网', author='')
            d2['comments'] = gen_comments(nc, when(dd, tt), short)
            publish('qianfan', d2, dd, tt, 'c15_comments', 'dup', {'cm:' + a['id']}, 'the article reposted on a portal with its own, different comments')


# ------------------------------------------------------------------------------------------------
# shops: one platform template, products differing in their facts; some products copied verbatim
# ------------------------------------------------------------------------------------------------
PROD_REV = ['茶叶很新鲜，包装也很好。', '物流很快，第二天就到了。', '味道不错，会回购。', '性价比很高，推荐购买。', '包装有点简陋，但东西是好的。', '客服态度很好，有问必答。',
            '和图片一样，没有色差。', '给家里老人买的，他们很喜欢。', '第二次购买了，品质稳定。', '比超市买的便宜不少。', '送人很有面子。', '手感很好，做工精细。',
            '米粒饱满，煮出来很香。', '孩子很爱吃。', '尺寸刚好，安装方便。', '用了一周，没有发黄。', '整体满意，给五星。', '稍微有点贵，不过质量没话说。']

TEA = dict(tea=['西湖龙井', '碧螺春', '黄山毛峰', '信阳毛尖', '六安瓜片', '安吉白茶', '太平猴魁', '庐山云雾', '日照绿茶', '蒙顶甘露', '都匀毛尖', '恩施玉露',
                '大红袍', '铁观音', '正山小种', '滇红', '普洱熟茶', '白毫银针', '白牡丹', '祁门红茶', '凤凰单丛', '金骏眉', '茉莉花茶', '君山银针'],
           origin=['浙江杭州', '江苏苏州', '安徽黄山', '河南信阳', '安徽六安', '浙江安吉', '安徽黄山', '江西庐山', '山东日照', '四川雅安', '贵州都匀', '湖北恩施',
                   '福建武夷山', '福建安溪', '福建桐木关', '云南凤庆', '云南勐海', '福建福鼎', '福建政和', '安徽祁门', '广东潮州', '福建武夷山', '广西横县', '湖南岳阳'],
           season=['明前', '雨前', '春分前后', '清明前三天'], grade=['一芽一叶', '一芽二叶', '单芽', '一芽一叶初展'],
           process=['摊青、杀青、理条、辉锅', '杀青、揉捻、干燥', '萎凋、杀青、做形、烘焙'], shape=['扁平光滑', '卷曲如螺', '条索紧细', '形似雀舌', '挺直秀丽'],
           color=['嫩绿明亮', '黄绿清澈', '清澈透亮', '浅黄明亮'], taste=['鲜爽甘醇', '清香回甘', '醇厚鲜爽', '鲜醇爽口'], weight=[50, 100, 125, 150, 200, 250, 500],
           shelf=[12, 18, 24], temp=[75, 80, 85, 90], dose=[3, 4, 5], pack=['罐装', '袋装', '礼盒装', '纸包'], use=['自饮', '送礼', '办公室品饮', '家庭日常饮用'])
RICE = dict(rice=['五常稻花香', '盘锦蟹田大米', '响水石板大米', '射阳大米', '宁夏珍珠米', '长粒香大米', '秋田小町', '丝苗米', '东北圆粒米', '兴化大米',
                  '松粮香大米', '崇明大米', '万年贡米', '遮放贡米', '原阳大米'],
            origin=['黑龙江五常', '辽宁盘锦', '黑龙江宁安', '江苏射阳', '宁夏银川', '黑龙江查哈阳', '吉林舒兰', '广东增城', '吉林梅河口', '江苏兴化',
                    '黑龙江松原', '上海崇明', '江西万年', '云南芒市', '河南原阳'],
            soil=['黑土地', '盐碱滩涂', '火山岩台地', '沿海冲积平原', '黄河灌区'], days=[120, 130, 138, 145, 150], weight=[2.5, 5, 10, 25], grade=['一级', '特级', '优质一等'],
            ratio=['1:1.1', '1:1.2', '1:1.3'], pack=['真空包装', '编织袋装', '礼盒装'], year=['2023年新米', '2023年秋收', '当季新米'])
CASE = dict(model=['iPhone 15', 'iPhone 15 Pro', 'iPhone 15 Pro Max', '华为Mate 60', '华为Mate 60 Pro', '小米14', 'OPPO Find X7', 'vivo X100', '荣耀Magic6', '华为P60'],
            material=['液态硅胶', 'TPU软胶', '磨砂PC', '碳纤维纹理', '小羊皮'], thick=['0.8', '1.0', '1.2', '1.5'], color=['午夜黑', '远峰蓝', '雾霾紫', '奶白', '松林绿', '透明'],
            feat=['四角防摔气囊', '镜头全包设计', '支持无线充电', '内置磁吸圈', '按键独立开孔'], drop=['1.2', '1.5', '2.0'], weight=[18, 22, 25, 30, 35])
BOOKS = dict(title=['不一样的卡梅拉', '求医不如求己', '论语译注', '杜拉拉升职记', '女心理师', '庄子今注今译', '白夜行', '明朝那些事儿', '小王子', '父与子',
                    '穆斯林的葬礼', '逃家小兔', '我爸爸', '西游记（青少版）', '不生病的智慧', '步步惊心', '平凡的世界', '活着', '围城', '边城', '骆驼祥子',
                    '朝花夕拾', '城南旧事', '呼兰河传'],
             author=['克利斯提昂·约里波瓦', '中里巴人', '杨伯峻', '李可', '毕淑敏', '陈鼓应', '东野圭吾', '当年明月', '圣埃克苏佩里', '卜劳恩', '霍达', '玛格丽特·怀兹·布朗',
                     '安东尼·布朗', '吴承恩', '马悦凌', '桐华', '路遥', '余华', '钱锺书', '沈从文', '老舍', '鲁迅', '林海音', '萧红'],
             pub=['二十一世纪出版社', '中国中医药出版社', '中华书局', '陕西师范大学出版社', '湖南文艺出版社', '商务印书馆', '南海出版公司', '浙江人民出版社', '人民文学出版社',
                  '新星出版社', '北京十月文艺出版社', '明天出版社', '河北教育出版社', '江苏凤凰少年儿童出版社'],
             pages=[128, 192, 256, 288, 320, 368, 416, 480], binding=['平装', '精装', '软精装'], ed=['第1版', '第2版', '第3版', '修订版'], size=['16开', '32开', '24开'])


def gen_product(cat, sk, shop, n):
    """sk: the shop's description skeleton (0/1). Returns product dict (facts differ per product)."""
    g = lambda k: R.choice(cat[k]) if isinstance(cat[k], list) else cat[k]
    if cat is TEA:
        i = R.randrange(len(TEA['tea']))
        f = dict(tea=TEA['tea'][i], origin=TEA['origin'][i], **{k: g(k) for k in ['season', 'grade', 'process', 'shape', 'color', 'taste', 'weight', 'shelf', 'temp', 'dose', 'pack', 'use']})
        name = '%s %s 2024新茶 %s特级 %dg%s' % (shop['brand'], f['tea'], f['season'], f['weight'], f['pack'])
        if sk == 0:
            desc = ['%s产自%s，%s采摘，精选%s鲜叶，经%s等工序精制而成。干茶%s，汤色%s，滋味%s。' % (f['tea'], f['origin'], f['season'], f['grade'], f['process'], f['shape'], f['color'], f['taste']),
                    '净含量%d克，保质期%d个月。建议使用%d℃左右的水冲泡，每次投茶约%d克。' % (f['weight'], f['shelf'], f['temp'], f['dose']),
                    '本品为%s，适合%s。' % (f['pack'], f['use'])]
        else:
            desc = ['【产地直发】%s核心产区%s，%s开采。' % (f['origin'], f['tea'], f['season']),
                    '【品质】%s，外形%s；冲泡后汤色%s，入口%s。' % (f['grade'], f['shape'], f['color'], f['taste']),
                    '【冲泡】水温%d℃，投茶%d克，第一泡30秒出汤。【规格】%d克%s，保质期%d个月，%s皆宜。' % (f['temp'], f['dose'], f['weight'], f['pack'], f['shelf'], f['use'])]
        specs = [('品牌', shop['brand']), ('品名', f['tea']), ('产地', f['origin']), ('净含量', '%dg' % f['weight']), ('保质期', '%d个月' % f['shelf']), ('包装', f['pack'])]
        price = '%.2f' % (f['weight'] * R.uniform(0.4, 3.5))
        spec_short = '%dg' % f['weight']
    elif cat is RICE:
        i = R.randrange(len(RICE['rice']))
        f = dict(rice=RICE['rice'][i], origin=RICE['origin'][i], **{k: g(k) for k in ['soil', 'days', 'weight', 'grade', 'ratio', 'pack', 'year']})
        name = '%s %s %s %gkg %s' % (shop['brand'], f['rice'], f['year'], f['weight'], f['grade'])
        if sk == 0:
            desc = ['%s产自%s，种植于%s，水稻生长期长达%d天，昼夜温差大，养分积累充足。' % (f['rice'], f['origin'], f['soil'], f['days']),
                    '米粒饱满，色泽清白，蒸煮后米饭油润有光泽，口感软糯，冷却后不回生。质量等级：%s。' % f['grade'],
                    '本品采用%s，净含量%g千克。煮饭建议米水比例%s，浸泡20分钟口感更佳。' % (f['pack'], f['weight'], f['ratio'])]
        else:
            desc = ['原产地：%s。%s，生长周期%d天。' % (f['origin'], f['soil'], f['days']), '%s%s，%s。' % (f['year'], f['rice'], f['grade']),
                    '规格：%gkg/%s。米水比%s，电饭煲标准模式即可。' % (f['weight'], f['pack'], f['ratio'])]
        specs = [('品牌', shop['brand']), ('品名', f['rice']), ('产地', f['origin']), ('净含量', '%gkg' % f['weight']), ('等级', f['grade']), ('包装', f['pack'])]
        price = '%.2f' % (f['weight'] * R.uniform(5, 18))
        spec_short = '%gkg' % f['weight']
    elif cat is CASE:
        f = {k: g(k) for k in CASE}
        feats = R.sample(CASE['feat'], 2)
        f['feat'] = '、'.join(feats)
        name = '%s 适用%s手机壳 %s%s 超薄防摔' % (shop['brand'], f['model'], f['material'], f['color'])
        if sk == 0:
            desc = ['本款手机壳专为%s设计，采用%s材质，厚度仅%s毫米，%s。' % (f['model'], f['material'], f['thick'], f['feat']),
                    '经%s米跌落测试，边框贴合机身，按键手感清晰。颜色：%s，重量约%d克。' % (f['drop'], f['color'], f['weight']),
                    '温馨提示：不同显示器色差略有不同，请以实物为准。']
        else:
            desc = ['适配机型：%s。材质：%s。颜色：%s。' % (f['model'], f['material'], f['color']),
                    '%s毫米薄，约%d克轻，%s，通过%s米防摔测试。' % (f['thick'], f['weight'], f['feat'], f['drop'])]
        specs = [('品牌', shop['brand']), ('适用机型', f['model']), ('材质', f['material']), ('颜色', f['color']), ('厚度', f['thick'] + 'mm')]
        price = '%.2f' % R.uniform(19, 129)
        spec_short = f['color']
    else:
        i = R.randrange(len(BOOKS['title']))
        f = dict(title=BOOKS['title'][i], author=BOOKS['author'][i], **{k: g(k) for k in ['pub', 'pages', 'binding', 'ed', 'size']})
        f['isbn'] = '978-7-%d-%05d-%d' % (R.randint(100, 999), R.randint(0, 99999), R.randint(0, 9))
        name = '《%s》 %s %s %s' % (f['title'], f['author'], f['pub'], f['binding'])
        desc = ['《%s》，%s著，%s出版，%s，%s，全书共%d页。' % (f['title'], f['author'], f['pub'], f['ed'], f['binding'], f['pages']),
                '本店所售图书均为正版，ISBN：%s。开本：%s。' % (f['isbn'], f['size'])]
        specs = [('出版社', f['pub']), ('ISBN', f['isbn']), ('版次', f['ed']), ('页数', str(f['pages'])), ('开本', f['size']), ('装帧', f['binding'])]
        price = '%.2f' % R.uniform(12, 88)
        spec_short = f['binding']
    return dict(name=name, desc=desc, specs=specs, price=price, spec_short=spec_short, facts=f, cat=shop['catname'], brand=shop['brand'],
                shop=shop['name'], shop_id=shop['id'], slogan=R.choice(['新品上市', '限时包邮', '官方正品 假一赔十', '下单即送小礼品']), ship=shop['ship'])


def ident(cat, sk, f):
    key = {id(TEA): ('tea',), id(RICE): ('rice',), id(CASE): ('model', 'material'), id(BOOKS): ('title',)}[id(cat)]
    return (id(cat), sk) + tuple(f[k] for k in key)


IDENTS = set()


def facts_differ(f1, f2):
    return sum(1 for k in f1 if f1.get(k) != f2.get(k))


def case_shops():
    cats = [(TEA, '茶叶', ['山间茗', '一叶春', '茗香居', '云雾山']), (RICE, '粮油米面', ['北大仓', '稻香村野', '五谷丰']), (CASE, '手机配件', ['壳美', '护机侠', '轻羽']),
            (BOOKS, '图书', ['墨香书店', '知行书屋', '半亩书房', '学而书社', '童趣绘本馆'])]
    shops = []
    for cat, cname, brands in cats:
        for b in brands:
            shops.append(dict(cat=cat, catname=cname, brand=b, name=b + ('旗舰店' if cat is not BOOKS else ''), id=R.randint(10 ** 5, 10 ** 6), sk=R.randint(0, 1),
                              ship=R.choice(['山东济南', '浙江杭州', '黑龙江哈尔滨', '广东深圳', '江苏南京'])))
    products = []
    for shop in shops:
        made = []
        for n in range(20 if shop['cat'] is not BOOKS else 5):
            for _ in range(200):
                p = gen_product(shop['cat'], shop['sk'], shop, n)
                if ident(shop['cat'], shop['sk'], p['facts']) not in IDENTS and all(facts_differ(p['facts'], q['facts']) >= 5 for q in ALLMADE.setdefault(id(shop['cat']), [])):
                    IDENTS.add(ident(shop['cat'], shop['sk'], p['facts']))
                    break
            else:
                continue
            made.append(p)
            ALLMADE[id(shop['cat'])].append(p)
        for p in made:
            p['sku'] = str(R.randint(10 ** 11, 10 ** 12))
            p['day'], p['t'] = R.randint(0, 4), R.randint(20000, 80000)
            if shop['cat'] is BOOKS:
                p['reviews'] = [(R.choice(T.C_NAMES), fmt_time(when(p['day'], p['t'])), r) for r in take_reviews(lambda r: 30 <= len(r) <= 160, R.randint(0, 4), 0.3)]
            else:
                p['reviews'] = [(R.choice(T.C_NAMES), fmt_time(when(p['day'], p['t'])), ''.join(R.sample(PROD_REV, R.randint(1, 3)))) for _ in range(R.randint(0, 6))]
            p['page'] = add('https://item.youpin.example.com/%s.html' % p['sku'], r_youpin(p), 'c10_shop_template', 'new', {'prod:' + p['sku']},
                            'product page (%s, %s); other products of the platform and shop differ in their facts: no claim' % (shop['name'], shop['catname']), p['day'], p['t'])
            products.append(p)
    # the mobile shops' own products
    for j in range(5):
        cat, cname, brands = R.choice(cats)
        shop = dict(cat=cat, catname=cname, brand=R.choice(['小院', '阿妹家', '老街坊', '慢生活', '邻家']) + R.choice(['好物', '优选', '小铺']), id=R.randint(10 ** 5, 10 ** 6), sk=R.randint(0, 1), ship='浙江金华')
        shop['name'] = shop['brand']
        host = 'shop%d.weidian.example.com' % shop['id']
        made = []
        for n in range(12):
            for _ in range(200):
                p = gen_product(cat, shop['sk'], shop, n)
                if ident(cat, shop['sk'], p['facts']) not in IDENTS and all(facts_differ(p['facts'], q['facts']) >= 5 for q in ALLMADE.setdefault(id(cat), [])):
                    IDENTS.add(ident(cat, shop['sk'], p['facts']))
                    break
            else:
                continue
            made.append(p)
            ALLMADE[id(cat)].append(p)
            iid = R.randint(10 ** 9, 10 ** 10)
            day, t = R.randint(0, 4), R.randint(20000, 80000)
            add('https://%s/item/%d' % (host, iid), r_weidian(p), 'c10_shop_template', 'new', {'wd:%d' % iid}, 'mobile-shop product page; products differ in their facts: no claim', day, t)
        shop['host'] = host
        WD_SHOPS.append(shop)
    # copies: a product listed again verbatim by another shop
    for p in R.sample(products, 40):
        q = dict(p)
        dd, tt = copy_time(p['page'], 3600, 120000)
        if len(COPIES) < 28:
            shop = R.choice(WD_SHOPS)
            q['shop'] = shop['name']
            url = 'https://%s/item/%d' % (shop['host'], R.randint(10 ** 9, 10 ** 10))
            add(url, r_weidian(q), 'c11_shop_copy', 'dup', {'prod:' + p['sku']}, 'the same product (name, description, specs, price) listed by a mobile shop: duplicate', dd, tt)
        else:
            q['shop'] = R.choice(['优选好物专营店', '百货汇专营店', '家家购专营店'])
            q['shop_id'] = R.randint(10 ** 5, 10 ** 6)
            q['sku'] = str(R.randint(10 ** 11, 10 ** 12))
            q['reviews'] = []
            add('https://item.youpin.example.com/%s.html' % q['sku'], r_youpin(q), 'c11_shop_copy', 'dup', {'prod:' + p['sku']},
                'the same product re-listed verbatim by another shop of the platform (no reviews yet): duplicate', dd, tt)
        COPIES.append(q)


WD_SHOPS, COPIES, ALLMADE = [], [], {}


# ------------------------------------------------------------------------------------------------
# Q&A
# ------------------------------------------------------------------------------------------------
Q_DESC = ['最近想买，不知道内容怎么样，有看过的朋友说说吗？', '看评价两极分化，想听听大家的真实感受。', '准备送人，怕踩雷，求推荐。', '书店里翻了几页，感觉还行，值不值得买一本？',
          '孩子老师推荐的，家长们觉得怎么样？', '如题，谢谢各位！', '']
Q_WHO = ['孩子', '职场新人', '中学生', '老人', '新手妈妈', '大学生', '上班族', '退休老人', '初中生', '文艺青年']
Q_KIND = ['历史', '心理学', '小说', '育儿', '养生', '绘本', '散文', '推理', '传记', '国学']
QA_UNIT = [0]
Q_CTX = ['预算两百元以内', '准备寒假看', '打算在通勤路上看', '想送给朋友当生日礼物', '最好是纸质版', '之前看过几本同类的书', '书单已经列了一半', '图书馆借不到',
         '平时读书不多', '想找点轻松的']


def q_desc(title):
    """Most questions carry a description of their own (the asker's reading so far); some say
    nothing ("如题", or empty), as real ones do."""
    r = R.random()
    if r < 0.15:
        return '如题，谢谢各位！'
    if r < 0.25:
        return ''
    (x,) = take_reviews(lambda r: 25 <= len(r) <= 70, 1)
    return '%s，%s。之前看过的一本，我的感受是：%s' % (R.choice(['最近在找书', '朋友推荐我来问问', '第一次提问', '看了很多书单还是拿不定主意']), R.choice(Q_CTX), x)


def review_answers(pred, k):
    out = []
    for r in take_reviews(pred, k):
        QA_UNIT[0] += 1
        out.append(('rvq:%d' % QA_UNIT[0], r))
    return out


def qa_page(site, title, answers, day, t, case, kind, note, extra_fam=()):
    q = dict(title=title, desc=q_desc(title), asker=R.choice(T.C_NAMES), dt=when(day, t),
             answers=[(R.choice(T.C_NAMES), fmt_time(when(day, t) + datetime.timedelta(hours=R.randint(1, 60))), x) for _, x in answers])
    fam = {u for u, _ in answers}
    if site == 'wenda':
        url = 'https://www.wenda.example.com/q/%d.html' % R.randint(10 ** 7, 10 ** 8)
        html = r_wenda(q)
    else:
        url = 'https://www.zhiliao.example.com/question/%d' % R.randint(10 ** 7, 10 ** 8)
        html = r_zhiliao(q)
    return add(url, html, case, kind, fam, note, day, t)


def case_qa():
    pages = []
    books = sorted({m for r in REVIEWS for m in re.findall(r'《([^》]{2,12})》', r)})
    R.shuffle(books)
    nb = 0
    for b in books:
        if nb >= 30:
            break
        cand = [r for i, r in enumerate(REVIEWS) if i not in REV_USED and '《%s》' % b in r and 60 <= len(r) <= 700]
        if len(cand) < 4:
            continue
        ans = review_answers(lambda r, b=b: '《%s》' % b in r and 60 <= len(r) <= 700, min(5, len(cand) - 1))
        if len(ans) < 3:
            continue
        nb += 1
        day, t = R.randint(0, 3), R.randint(20000, 80000)
        pages.append((qa_page('wenda', '《%s》这本书怎么样？值得买吗？' % b, ans, day, t, 'c12_qa', 'new', 'question page with %d answers (book reviews); distinct questions must not match' % len(ans)), ans))
    for i in range(70):
        ans = review_answers(lambda r: 60 <= len(r) <= 600 and '《' not in r[:3], R.randint(3, 5))
        day, t = R.randint(0, 3), R.randint(20000, 80000)
        title = '有哪些适合%s读的%s书？%s' % (R.choice(Q_WHO), R.choice(Q_KIND), R.choice(['', '求推荐', '有推荐的吗', '大家有什么推荐']))
        site = 'wenda' if i < 40 else 'zhiliao'
        pages.append((qa_page(site, title, ans, day, t, 'c12_qa', 'new', 'question page with %d answers; distinct questions must not match' % len(ans)), ans))
    # an answer reposted as a blog article: the article is contained in the question page
    n = 0
    for p, ans in pages:
        if n >= 25:
            break
        tot = sum(len(x) for _, x in ans)
        best = [(u, x) for u, x in ans if len(x) >= 120 and len(x) <= 0.45 * tot]
        if not best:
            continue
        u, x = best[0]
        dd, tt = copy_time(p, 3600, 100000)
        user, bn = R.choice(BLOGGERS)
        blog_post(user, bn, R.choice(['读书笔记', '随手记', '最近读的书', '一点读后感']) + '（%d）' % (n + 1), split_answer(x), dd, tt, 'c12_qa_answer_repost', 'contained', {u},
                  'one answer of a question page reposted as a blog article: contained in the question page')
        n += 1
    # a blog article copied into a later question page as one of its answers: the page contains it
    for i in range(15):
        (u, x), = review_answers(lambda r: 150 <= len(r) <= 450, 1)
        day, t = R.randint(0, 2), R.randint(20000, 60000)
        user, bn = R.choice(BLOGGERS)
        bp = blog_post(user, bn, R.choice(['说说这本书', '书评一则', '周末读书']) + ' %d' % (i + 1), split_answer(x), day, t, 'c12_qa_answer_repost', 'new', {u},
                       'blog article whose text a later question page copies as an answer')
        others = review_answers(lambda r: 250 <= len(r) <= 650, 3)
        ans = others[:1] + [(u, x)] + others[1:]
        dd, tt = copy_time(bp, 3600, 100000)
        title = '有哪些适合%s读的%s书？' % (R.choice(Q_WHO), R.choice(Q_KIND))
        qa_page('zhiliao', title, ans, dd, tt, 'c12_qa_answer_repost', 'contains', 'question page one of whose four answers copies an earlier blog article: contains it')


# ------------------------------------------------------------------------------------------------
# government notices from one boilerplate with different specifics
# ------------------------------------------------------------------------------------------------
def person():
    return R.choice(T.SURN) + R.choice(T.GIVEN)


def company(used):
    while True:
        c = '青川市' + R.choice(T.CO_A) + R.choice(T.CO_B) + R.choice(T.CO_C)
        if c not in used:
            used.add(c)
            return c


def case_gov():
    used = set()
    notices = []
    for i in range(50):
        co = company(used)
        goods, item, std = R.choice(T.PEN_GOODS)
        m1, d1 = 1, R.randint(3, 28)
        gain, fine = R.randint(30, 4000), R.choice([5000, 8000, 10000, 20000, 30000, 50000])
        qty = R.randint(10, 300)
        food = goods in ('酱油', '食用植物油', '散装白酒', '豆芽', '蜂蜜', '鲜鸡蛋', '矿泉水')
        law, art, art2 = R.choice([('食品安全法', '第三十四条第（二）项', '第一百二十四条第一款第（一）项'), ('食品安全法', '第五十三条第一款', '第一百二十六条第一款第（三）项')]
                                  if food else [('产品质量法', '第三十九条', '第五十条'), ('产品质量法', '第四十九条', '第四十九条')])
        paras = ['当事人：%s' % co, '统一社会信用代码：91370%d%s' % (R.randint(100, 999), ''.join(R.choice('0123456789ABCDEFGHJKLMNPQRTUWXY') for _ in range(10))),
                 '住所：青川市江北区%s%d号' % (R.choice(T.STREETS), R.randint(1, 400)), '法定代表人（负责人）：%s' % person(),
                 '2024年%d月%d日，本局执法人员对当事人经营场所进行监督检查，发现当事人销售的%s（批次号：%s）经青川市产品质量监督检验所抽样检验，%s项目不符合%s要求，检验结论为不合格。当事人共购进该批次%s%d件，已销售%d件，违法所得%d元。' % (
                     m1, d1, goods, '2023%02d%02d%02d' % (R.randint(1, 12), R.randint(1, 28), R.randint(1, 20)), item, std, goods, qty, R.randint(1, qty), gain),
                 T.PEN_BOILER[0].format(d2='2024年%d月%d日' % (m1, min(d1 + R.randint(1, 5), 31))),
                 '本局认为，当事人的上述行为违反了《中华人民共和国%s》%s的规定。依据《中华人民共和国%s》%s的规定，本局决定对当事人作出如下行政处罚：1.没收违法所得%d元；2.罚款%d元。' % (law, art, law, art2, gain, fine)] + \
            T.PEN_BOILER[1:] + ['青川市市场监督管理局', '2024年3月%d日' % R.randint(1, 15)]
        wh = '青市监处罚〔2024〕%d号' % (100 + i * 3)
        d = dict(title='青川市市场监督管理局行政处罚决定书（%s）' % wh, paras=paras, wenhao=wh, col='行政处罚', topic='市场监管、安全生产监管')
        notices.append(('scjg', d))
    for i in range(50):
        proj, desc, unit = R.choice(T.PROC_ITEMS)
        buyer = R.choice(T.BUYERS)
        sup = company(used)
        paras = ['一、项目编号：QCZC-2024-%04d' % R.randint(1, 9999), '二、项目名称：%s%s项目' % (buyer, proj),
                 '三、中标（成交）信息：供应商名称：%s；供应商地址：青川市%s%d号；中标（成交）金额：%.2f万元（人民币）。' % (sup, R.choice(T.STREETS), R.randint(1, 500), R.uniform(5, 900)),
                 '四、主要标的信息：服务（货物）名称：%s；服务范围（规格型号）：%s；数量：%d%s；服务期限（交货期）：合同签订后%d日历天。' % (proj, desc, R.randint(1, 400), unit, R.choice([15, 30, 45, 60, 90, 365])),
                 '五、评审专家名单：%s' % '、'.join(person() for _ in range(5)),
                 '六、代理服务收费标准及金额：收费标准参照国家计委计价格〔2002〕1980号文件执行，收费金额%d元。' % R.randint(2000, 30000)] + T.PROC_BOILER + \
            ['十、采购人信息：名称：%s；地址：青川市%s%d号；联系人：%s；联系电话：0539-8%06d。' % (buyer, R.choice(T.STREETS), R.randint(1, 500), person(), R.randint(0, 999999))]
        d = dict(title='%s%s项目中标（成交）结果公告' % (buyer, proj), paras=paras, col='政府采购')
        notices.append(('ggzy', d))
    for i in range(40):
        y = R.choice([2021, 2022, 2023])
        while True:   # every letter answers a request of its own; no two share request form and outcome
            ti, oi = R.randrange(len(T.OPEN_REQ)), R.randrange(len(T.OPEN_OUT))
            if (ti, oi) not in used:
                used.add((ti, oi))
                break
        req = T.OPEN_REQ[ti].format(y=y, street=R.choice(T.STREETS), n=R.randint(2, 30))
        paras = ['%s：' % person(), '本机关于2024年%d月%d日收到您通过%s提交的政府信息公开申请，您申请公开“%s”的政府信息。' % (
            R.randint(1, 2), R.randint(1, 28), R.choice(['江北区人民政府门户网站在线申请平台', '信函方式', '当面递交方式']), req),
                 T.OPEN_BOILER[0], T.OPEN_OUT[oi], T.OPEN_BOILER[1], T.OPEN_BOILER[2], '江北区人民政府办公室', '2024年3月%d日' % R.randint(1, 15)]
        wh = '江北政办依申请〔2024〕%d号' % (10 + i)
        d = dict(title='江北区人民政府办公室政府信息公开申请答复书（%s）' % wh, paras=paras, wenhao=wh, col='依申请公开', topic='政府信息公开', org='江北区人民政府办公室')
        notices.append(('jiangbei', d))
    R.shuffle(notices)
    pages = []
    for kind, d in notices:
        day, t = R.randint(0, 4), R.randint(28000, 64000)
        d['dt'] = when(day, t)
        host = {'scjg': 'http://scjg.qingchuan.gov.example.cn/art/2024/3/%d/art_1234_%d.html', 'ggzy': 'http://ggzy.qingchuan.gov.example.cn/jyxx/zfcg/zbgg/%d/%d.html',
                'jiangbei': 'http://www.jiangbei.gov.example.cn/zwgk/ysqgk/%d/%d.html'}[kind] % (day + 11, R.randint(10 ** 6, 10 ** 7))
        uid = 'gov:%d' % len(pages)
        if kind == 'scjg' and R.random() < 0.3:
            d['attach'] = '行政处罚决定书.pdf'
        p = add(host, gov_page(kind, d), 'c13_gov_' + {'scjg': 'penalty', 'ggzy': 'procurement', 'jiangbei': 'openreply'}[kind], 'new', {uid},
                '%s notice sharing long boilerplate with the others of its kind, differing in its specific part: no claim between notices' % kind, day, t)
        pages.append((p, d, uid))
    for p, d, uid in R.sample([x for x in pages if x[0]['day'] <= 4], 20):
        dd, tt = copy_time(p, 3600, 90000)
        d2 = dict(d)
        d2['dt'] = when(dd, tt)
        d2['source'] = d.get('org') or {'scjg': '青川市市场监督管理局', 'ggzy': '青川市公共资源交易中心'}.get(p['url'].split('.')[0][7:], '青川市人民政府')
        add('http://www.qingchuan.gov.example.cn/zwgk/tzgg/%s/%d.html' % (when(dd, tt).strftime('%Y%m'), R.randint(10 ** 6, 10 ** 7)), gov_page('portal', d2), 'c13_gov_repost', 'dup', {uid},
            'the city portal republishing a department\'s notice verbatim: duplicate of it', dd, tt)


# ------------------------------------------------------------------------------------------------
# English, mixed and bilingual pages; independent reports; press releases
# ------------------------------------------------------------------------------------------------
def en_url(site, dt, slug):
    if site == 'edn':
        return 'https://english.dongyue.example.cn/news/%s/%d.shtml' % (dt.strftime('%Y%m%d'), R.randint(10 ** 5, 10 ** 6))
    return 'https://www.asiawire.example.com/story/%s-%d' % (slug, R.randint(10 ** 5, 10 ** 6))


def case_english():
    home = {'en_flood_b': 'aw', 'en_rail': 'aw'}
    for key, title, text in T.EN:
        site = home.get(key, 'edn')
        day, t = R.randint(0, 3), R.randint(20000, 60000)
        d = dict(title=title, paras=paras_of(text), dt=when(day, t), source='Xinhua' if key == 'en_rail' else 'AsiaWire staff')
        p = add(en_url(site, d['dt'], key.replace('_', '-')), r_english(d, site), 'c16_english', 'new', {key},
                'English article%s' % (' (the same flood as en_flood_a, told by another outlet in other words: no claim)' if key == 'en_flood_b' else ''), day, t)
        if key not in ('en_flood_a', 'en_flood_b'):
            dd, tt = copy_time(p)
            other = 'aw' if site == 'edn' else 'edn'
            d2 = dict(d, dt=when(dd, tt), source='Dongyue News' if site == 'edn' else 'Xinhua')
            add(en_url(other, d2['dt'], key.replace('_', '-')), r_english(d2, other), 'c16_english', 'dup', {key}, 'English article reposted by another English site: duplicate', dd, tt)
    for key, title, text in T.MIXED:
        day, t = R.randint(0, 3), R.randint(20000, 60000)
        d = dict(title=title, paras=paras_of(text), dt=when(day, t))
        p = add('https://devnotes.example.io/posts/%s/' % key[3:], r_devnotes(d), 'c16_mixed_zh_en', 'new', {key}, 'Chinese technical post full of English terms and code names', day, t)
        for j in range(2):
            dd, tt = copy_time(p)
            d2 = dict(d, dt=when(dd, tt))
            if j == 1:
                d2['paras'] = [halfwidth(x, True) for x in d['paras']]
            add('https://www.manong.example.com/article/%d.html' % R.randint(10 ** 6, 10 ** 7), r_manong(d2), 'c16_mixed_zh_en', 'dup', {key},
                'content farm repost of the technical post%s: duplicate' % (' with ASCII punctuation' if j else ''), dd, tt)
    for k, (a, p, s) in enumerate(pick_originals(10, lambda a, p, s: s in ('dongyue', 'qianfan'))):
        gloss = [(c, e) for c, e in T.GLOSSARY if c in ''.join(a['paras'])][:10] or T.GLOSSARY[:5]
        dd, tt = copy_time(p)
        d = dict(title=a['title'], en_title='Bilingual Reading No. %d: a report from People\'s Daily' % (k + 1), paras=list(a['paras']), dt=when(dd, tt))
        add('https://www.shuangyu.example.com/read/%d.html' % R.randint(10 ** 5, 10 ** 6), r_shuangyu(d, gloss), 'c16_bilingual', 'dup', {a['id']},
            'bilingual learning page: the Chinese article with English title, notes and a glossary table: duplicate of the article', dd, tt)


def case_events():
    homes = {'metro': ('dongyue', 'qianfan'), 'rain': ('dongyue', 'qianfan'), 'car': ('kuaidu_ssr', 'blog'), 'exam': ('dongyue', 'nangang'),
             'marathon': ('dongyue', 'blog'), 'museum': ('dongyue', 'haichuan')}
    reprint = {'metro': 'A', 'rain': 'A', 'marathon': 'A', 'exam': 'B'}
    for ev, ta, xa, tb, xb in T.EVENTS:
        day, t = R.randint(0, 3), R.randint(20000, 50000)
        pp = {}
        for side, title, text, site, tt in (('A', ta, xa, homes[ev][0], t), ('B', tb, xb, homes[ev][1], t + R.randint(1800, 9000))):
            fam = {'ev:%s:%s' % (ev, side)}
            note = 'independent report of event "%s" (outlet %s); the other outlet\'s report of the same event is no copy' % (ev, side)
            if site == 'blog':
                user, bn = R.choice(BLOGGERS)
                pp[side] = blog_post(user, bn, title, paras_of(text), day, tt, 'c02_independent_reports', 'new', fam, note)
            else:
                pp[side] = publish(site, dict(title=title, paras=paras_of(text), source='', author=''), day, tt, 'c02_independent_reports', 'new', fam, note)
                pp[side]['case'] = 'c02_independent_reports'
        side = reprint.get(ev)
        if side:
            p = pp[side]
            dd, tt = copy_time(p)
            title, text = (ta, xa) if side == 'A' else (tb, xb)
            publish('liaowang', dict(title=title, paras=paras_of(text), source='网络', author=''), dd, tt, 'c02_independent_reports', 'dup', {'ev:%s:%s' % (ev, side)},
                    'verbatim reprint of one of the two reports: duplicate of it, not of the other outlet\'s report')


def case_press():
    arts = take(lambda a: len(a['paras']) >= 2 and 250 <= len(a['paras'][0]) + len(a['paras'][1]) <= 700, 45)
    pages = []
    for i, a in enumerate(arts):
        co, about = T.PR_COMPANIES[i % 3]
        day, t = R.randint(0, 4), R.randint(20000, 70000)
        d = dict(title=co + '：' + a['title'], paras=a['paras'][:2] + [about], dt=when(day, t), company=co)
        p = add('https://pr.shangxun.example.com/news/%d.html' % R.randint(10 ** 6, 10 ** 7), r_pr(d), 'c24_press_boilerplate', 'new', {'pr:' + a['id']},
                'press release: two paragraphs of its own and the company\'s fixed "关于" paragraph, which the company\'s other releases share: no claim between releases', day, t)
        pages.append((p, d, a))
    for p, d, a in R.sample(pages, 12):
        dd, tt = copy_time(p)
        publish('haichuan', dict(title=d['title'], paras=d['paras'], source=d['company'], author=''), dd, tt, 'c24_press_boilerplate', 'dup', {'pr:' + a['id']},
                'press release reposted with its "关于" paragraph: duplicate of that release only')


# ------------------------------------------------------------------------------------------------
# main
# ------------------------------------------------------------------------------------------------
def warc_record(p, body):
    dt = when(p['day'], p['t'])
    http = ('HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Type: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n' % (p['http_ct'], len(body))).encode('ascii') + body
    u = hashlib.md5(p['url'].encode()).hexdigest()
    hdr = ('WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:%s-%s-%s-%s-%s>\r\nWARC-Date: %s\r\nWARC-Target-URI: %s\r\n'
           'Content-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n') % (u[:8], u[8:12], u[12:16], u[16:20], u[20:], dt.strftime('%Y-%m-%dT%H:%M:%SZ'), p['url'], len(http))
    return gzip.compress(hdr.encode('ascii') + http + b'\r\n\r\n', mtime=0)


def main():
    case_originals()
    case_flashes()
    case_wire()
    case_reprints()
    case_nostop_reviews()
    case_updates()
    case_live()
    case_comments()
    case_shops()
    case_qa()
    case_gov()
    case_english()
    case_events()
    case_press()
    order = sorted(PAGES, key=lambda p: (p['day'], p['fmt'] == 'warc', p['t'], p['url']))
    by_unit = {}
    for i, p in enumerate(order):
        p['idx'] = i
        for u in p['fam']:
            by_unit.setdefault(u, []).append(p)
    truth = []
    for p in order:
        groups = []
        related = set()
        for u in p['fam']:
            holders = by_unit[u]
            related.update(q['url'] for q in holders if q is not p)
            earlier = [q['url'] for q in holders if q['idx'] < p['idx']]
            if earlier:
                groups.append(earlier)
        if p['kind'] in ('new', 'none'):
            assert not groups, (p['url'], p['case'], p['note'], groups)
            expect = 'no claim against any page' + (' (later copies may claim it)' if related else '')
        else:
            assert groups, (p['url'], p['case'], p['note'])
            expect = {'dup': 'duplicate of', 'copy': 'duplicate or contains of', 'contains': 'contains', 'contained': 'contained in'}[p['kind']] + \
                ' at least one of ' + ' '.join(groups[0][:3]) + ('...' if len(groups[0]) > 3 else '') + '; no claim against other pages'
        truth.append(dict(url=p['url'], idx=p['idx'], case=p['case'], kind=p['kind'], atoms=p['fam'], related=sorted(related), groups=groups, expect=expect, note=p['note']))
    cdir = os.path.join(OUT, 'crawl')
    os.makedirs(cdir, exist_ok=True)
    for f in os.listdir(cdir):
        os.remove(os.path.join(cdir, f))
    inputs = []
    for day in range(NDAYS):
        js = [p for p in order if p['day'] == day and p['fmt'] == 'jsonl']
        wa = [p for p in order if p['day'] == day and p['fmt'] == 'warc']
        if js:
            fn = os.path.join(cdir, 'day%d.jsonl' % (day + 1))
            with open(fn, 'w', encoding='utf-8') as f:
                for p in js:
                    rec = {'url': p['url'], 'html': p['html'], 'fetched_at': when(p['day'], p['t']).strftime('%Y-%m-%dT%H:%M:%S+08:00')}
                    if p['jcharset']:
                        rec['charset'] = p['jcharset']
                    f.write(json.dumps(rec, ensure_ascii=False) + '\n')
            inputs.append(fn)
        if wa:
            fn = os.path.join(cdir, 'day%d.warc.gz' % (day + 1))
            with open(fn, 'wb') as f:
                for p in wa:
                    f.write(warc_record(p, p['html'].encode(p['enc'])))
            inputs.append(fn)
    with open(os.path.join(OUT, 'truth.jsonl'), 'w', encoding='utf-8') as f:
        for t in truth:
            f.write(json.dumps(t, ensure_ascii=False) + '\n')
    with open(os.path.join(OUT, 'inputs.txt'), 'w') as f:
        f.write('\n'.join(inputs) + '\n')
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(OUT, 'run.sh'), 'w') as f:
        # DEDUPDB, DB and REPORT choose another binary, index and report (to compare builds).
        f.write('#!/bin/sh\n# regenerate with gen.py first; run from the repository root\nset -e\n')
        f.write('DEDUPDB=${DEDUPDB:-target/release/dedupdb}\nDB=${DB:-%s/db}\nREPORT=${REPORT:-%s/report.jsonl}\n' % (OUT, OUT))
        f.write('rm -rf "$DB"\n')
        f.write('"$DEDUPDB" ingest --db "$DB" --report "$REPORT" %s\n' % ' '.join(inputs))
        f.write('python3 scripts/probe-crawl-2/score.py %s/truth.jsonl "$REPORT" "$@"\n' % OUT)
    from collections import Counter
    c = Counter(t['case'] for t in truth)
    print('%d pages, %d sites-ish hosts, %d inputs' % (len(truth), len({re.sub(r'^https?://([^/]+).*', r'\1', t['url']) for t in truth}), len(inputs)))
    for k in sorted(c):
        print('  %-28s %d' % (k, c[k]))


if __name__ == '__main__':
    main()
