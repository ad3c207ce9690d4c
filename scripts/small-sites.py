#!/usr/bin/env python3
"""A crawl of many small sites whose articles carry the site's furniture inside the article.

Each of 90 sites publishes 1-8 pages. Four sites in five put prose of their own around every
article, in the same paragraphs as the article: a WeChat account's intro ("点击上方蓝字关注")
and outro, a job board's notice, an estate agent's bio, or a reprint line after a few
sentences. The furniture is drawn from People's Daily sentences per site, so no word list can
tell it from the article. An article is one to three sentences, a paragraph or two or three
paragraphs of a People's Daily article; 15% of pages repost an earlier page's article (same
title) on another site, under that site's furniture.

Truth: a page is a copy when its article was published before. Scored: false alarms (a
verdict other than new, error or skipped on a page whose article is new), by the site's
furniture and the verdict; reposts whose matches hold a page of the same article (not an
overlap).

    python3 scripts/small-sites.py gen --corpus data/corpus --seed 1 --out /tmp/ss1
    target/release/dedupdb ingest --db /tmp/ss1/db --report /tmp/ss1/report.jsonl /tmp/ss1/crawl.jsonl
    python3 scripts/small-sites.py score /tmp/ss1 /tmp/ss1/report.jsonl

The corpus comes from scripts/fetch-corpus.sh. Used for README "Quality" (a site's template on
its first pages).
"""
import argparse
import collections
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from altcrawl import load_peoples_daily  # noqa: E402

SHAPES = ['wechat', 'jobs', 'outro', 'agent', 'none']


def generate(corpus, seed, out):
    rng = random.Random(seed)
    arts = load_peoples_daily(os.path.join(corpus, '199801.txt'))
    rng.shuffle(arts)
    pool = [s for a in arts[:800] for p in a['paras'] for s in p if 12 <= len(s) <= 80]
    own_arts = arts[800:]
    sites = []
    for i in range(90):
        host = 'www.site%03d%s.cn' % (i, rng.choice(['news', 'info', 'wx', 'job', 'fang']))
        shape = rng.choice(SHAPES)
        name = ''.join(rng.choice('华夏东方长江黄河天山南海北国中原江南西部') for _ in range(2)) + \
            rng.choice(['资讯', '在线', '之窗', '生活', '网'])
        intro, outro = [], []
        if shape == 'wechat':
            intro = ['点击上方蓝字“%s”关注我们' % name] + rng.sample(pool, rng.randint(1, 2))
            outro = rng.sample(pool, rng.randint(1, 3)) + ['长按二维码关注%s，每天为您推送精彩内容。' % name]
        elif shape == 'jobs':
            outro = ['求职提示：'] + rng.sample(pool, rng.randint(3, 5))
        elif shape == 'outro':
            outro = rng.sample(pool, rng.randint(2, 4)) + ['本文来源：%s，转载请注明出处。' % name]
        elif shape == 'agent':
            intro = ['经纪人简介：' + ''.join(rng.sample(pool, rng.randint(2, 3)))]
        sites.append({'host': host, 'name': name, 'shape': shape, 'intro': intro, 'outro': outro,
                      'pages': rng.choice([1, 2, 2, 3, 3, 3, 4, 5, 6, 8])})

    def article():
        a = own_arts.pop()
        sents = [s for p in a['paras'] for s in p]
        kind = rng.choice(['flash', 'flash', 'short', 'medium'])
        if kind == 'flash':
            paras = [sents[:rng.randint(1, 3)]]
        elif kind == 'short':
            paras = a['paras'][:1]
        else:
            paras = a['paras'][:rng.randint(2, 3)]
        return a['title'], [''.join(p) for p in paras if p]

    def render(site, title, paras, n):
        body = ''.join('<p>%s</p>' % x for x in site['intro'] + paras + site['outro'])
        nav = ''.join('<li><a href="/c%d.html">栏目%d</a></li>' % (j, j) for j in range(8))
        return ('<html><head><meta charset="utf-8"><title>%s_%s</title></head><body>'
                '<div class="header"><ul class="nav">%s</ul></div>'
                '<div class="main"><div class="article"><h1>%s</h1><div class="info">2026-11-%02d 来源：%s</div>'
                '<div class="content">%s</div></div></div>'
                '<div class="footer"><p>关于我们 | 联系我们 | 广告服务</p>'
                '<p>Copyright © 2026 %s 版权所有 京ICP备%08d号</p></div></body></html>') % (
            title, site['name'], nav, title, 1 + n % 28, site['name'], body, site['name'],
            rng.randint(0, 10 ** 8))

    slots = [s for s in sites for _ in range(s['pages'])]
    rng.shuffle(slots)
    published = []
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'crawl.jsonl'), 'w') as f, open(os.path.join(out, 'truth.jsonl'), 'w') as t:
        for n, site in enumerate(slots):
            if published and rng.random() < 0.15:
                title, paras = published[rng.randrange(len(published))]
                copy = True
            else:
                title, paras = article()
                published.append((title, paras))
                copy = False
            url = 'http://%s/a/%d.html' % (site['host'], 100000 + n)
            f.write(json.dumps({'url': url, 'html': render(site, title, paras, n)}, ensure_ascii=False) + '\n')
            t.write(json.dumps({'n': n, 'url': url, 'title': title, 'furniture': site['shape'], 'copy': copy,
                                'article_chars': sum(map(len, paras)),
                                'furniture_chars': sum(map(len, site['intro'] + site['outro']))},
                               ensure_ascii=False) + '\n')


def score(crawl_dir, report):
    truth = {}
    for line in open(os.path.join(crawl_dir, 'truth.jsonl'), encoding='utf-8'):
        t = json.loads(line)
        truth[t['url']] = t
    alarms, copies, matched = collections.Counter(), 0, 0
    for line in open(report, encoding='utf-8'):
        r = json.loads(line)
        t = truth.get(r['url'])
        if t is None:
            continue
        if not t['copy'] and r['verdict'] not in ('new', 'error', 'skipped'):
            alarms[(t['furniture'], r['verdict'])] += 1
        if t['copy']:
            copies += 1
            matched += any(truth.get(m['url'], {}).get('title') == t['title'] and m['relation'] != 'overlaps'
                           for m in r['matches'])
    print(json.dumps({'pages': len(truth), 'false_alarms': sum(alarms.values()),
                      'false_alarms_by': {'%s %s' % k: v for k, v in sorted(alarms.items())},
                      'reposts': copies, 'reposts_matched_to_their_article': matched}, ensure_ascii=False))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = ap.add_subparsers(dest='cmd', required=True)
    g = sub.add_parser('gen', help='write crawl.jsonl and truth.jsonl')
    g.add_argument('--corpus', default='data/corpus')
    g.add_argument('--seed', type=int, default=1)
    g.add_argument('--out', required=True)
    s = sub.add_parser('score', help='score an ingest report against the truth')
    s.add_argument('dir')
    s.add_argument('report')
    a = ap.parse_args()
    if a.cmd == 'gen':
        generate(a.corpus, a.seed, a.out)
    else:
        score(a.dir, a.report)


if __name__ == '__main__':
    main()
