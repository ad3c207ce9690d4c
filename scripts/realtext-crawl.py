#!/usr/bin/env python3
"""A crawl like `ddbench gen-crawl`'s, with People's Daily text instead of its word list.

`ddbench gen-crawl` draws ~3,000-character articles from a 4,000-word synthetic vocabulary:
unrelated pages share 8-character windows by chance, which makes verification dearer than on
news text. This writes the same page layout and the same mix of copies (55% new, 15% reposts,
10% edited at 2% of characters, 10% excerpts of 30-55%, 10% extended by a fifth), each new
page being consecutive People's Daily articles joined to 3,000 characters or more, each used
once. The month of text holds about 500 such pages (3,500 characters on average), so a crawl
has at most ~750 pages.

    python3 scripts/realtext-crawl.py --corpus data/corpus --pages 700 --out /tmp/crawl-pd.jsonl

The corpus comes from scripts/fetch-corpus.sh. Used for BENCHMARKS.md's "real text" figures.
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from altcrawl import load_peoples_daily  # noqa: E402

PAGE_CHARS = 3000


def bases(articles):
    """Texts of at least PAGE_CHARS characters, paragraphs joined by newlines, in corpus order."""
    paras, n = [], 0
    for a in articles:
        for p in a['paras']:
            paras.append(''.join(p))
            n += len(paras[-1])
        if n >= PAGE_CHARS:
            yield '\n'.join(paras)
            paras, n = [], 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--corpus', required=True)
    ap.add_argument("--pages", type=int, default=700)
    ap.add_argument('--out', required=True)
    ap.add_argument('--seed', type=int, default=7)
    a = ap.parse_args()
    articles = load_peoples_daily(os.path.join(a.corpus, '199801.txt'))
    titles = [x['title'] for x in articles]
    fresh = bases(articles)
    rng = random.Random(a.seed)

    def new_text():
        try:
            return next(fresh)
        except StopIteration:
            sys.exit('realtext-crawl: the corpus has no unused text left; ask for fewer pages')

    nav = ''.join('<li><a href="/c/%d.html">频道%d</a></li>' % (k, k) for k in range(50))
    texts = []
    with open(a.out, 'w', encoding='utf-8') as out:
        for i in range(a.pages):
            roll = rng.randrange(100)
            if not texts or roll < 55:
                text = new_text()
            else:
                base = texts[rng.randrange(len(texts))]
                if roll < 70:
                    text = base
                elif roll < 80:
                    chars = list(base)
                    for _ in range(len(chars) // 50):
                        chars[rng.randrange(len(chars))] = '某'
                    text = ''.join(chars)
                elif roll < 90:
                    n = max(1, len(base) * (30 + rng.randrange(25)) // 100)
                    start = rng.randrange(len(base) - n + 1)
                    text = base[start:start + n]
                else:
                    text = base + '\n' + new_text()[:len(base) // 5]
            texts.append(text)
            side = ''.join('<li><a href="/n/%d.html">%s</a></li>' % (i * 40 + k, titles[(i * 40 + k) % len(titles)])
                           for k in range(40))
            body = ''.join('<p>%s</p>\n' % p for p in text.split('\n'))
            html = ('<html><head><meta charset="utf-8"><title>t%d</title><script>var a=%d;function f(){return a*2;}'
                    '</script><style>.nav li{float:left}</style></head><body><ul class="nav">%s</ul>'
                    '<div class="main"><div class="content">%s</div><div class="side"><ul>%s</ul></div></div>'
                    '<div class="footer">版权所有 关于我们 联系方式</div></body></html>') % (i, i, nav, body, side)
            out.write(json.dumps({'url': 'http://site%d.example/p/%d.html' % (i % 500, i), 'html': html},
                                 ensure_ascii=False) + '\n')


if __name__ == '__main__':
    main()
