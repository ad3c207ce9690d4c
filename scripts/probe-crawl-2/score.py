#!/usr/bin/env python3
"""Score a dedupdb ingest report against target/probe-crawl-2/truth.jsonl.
usage: score.py [truth.jsonl] [report.jsonl] [--examples N]"""
import json, sys
from collections import defaultdict, Counter
args = [a for a in sys.argv[1:] if not a.startswith('--') and not a.isdigit()]
truth = args[0] if args else 'target/probe-crawl-2/truth.jsonl'
rep = args[1] if len(args) > 1 else 'target/probe-crawl-2/report.jsonl'
NEX = int(sys.argv[sys.argv.index('--examples') + 1]) if '--examples' in sys.argv else 0
T = [json.loads(l) for l in open(truth, encoding='utf-8')]
R = [json.loads(l) for l in open(rep, encoding='utf-8')]
assert len(T) == len(R) and all(t['url'] == r['url'] for t, r in zip(T, R)), 'truth/report misaligned'
CLAIM = {'duplicate', 'contained', 'contains'}
WANT = {'dup': 'duplicate', 'contained': 'contained', 'contains': 'contains'}
case_of = {t['url']: t['case'] for t in T}   # (recrawled urls keep the original's case first)
for t in T:
    case_of.setdefault(t['url'], t['case'])
article_urls = {t['url'] for t in T if t['atoms']}
S = defaultdict(Counter)
EX = defaultdict(list)
for t, r in zip(T, R):
    c = t['case']; st = S[c]; st['pages'] += 1
    st['v_' + r['verdict']] += 1
    claims = {m['url']: m for m in r['matches'] if m['relation'] in CLAIM}
    related = set(t['related'])
    missed = False; wrongtype = False
    if r['verdict'] == 'skipped' and t['url'] in related:
        pass
    else:
        for g in t['groups']:
            hit = [u for u in g if u in claims]
            if not hit:
                missed = True
            elif WANT.get(t['kind']) and all(claims[u]['relation'] != WANT[t['kind']] for u in hit):
                wrongtype = True
    if c == 'c11_soft404':
        fa = [u for u in claims if u in article_urls]
        st['claims_vs_other_status_pages'] += sum(1 for u in claims if u not in article_urls)
    else:
        fa = [u for u in claims if u not in related]
    st['missed'] += missed
    st['false_alarm_pages'] += bool(fa)
    st['false_alarm_pairs'] += len(fa)
    st['wrong_relation_type'] += wrongtype
    ok = not missed and not fa
    st['correct'] += ok
    if not ok:
        EX[c].append(dict(url=t['url'], idx=t['idx'], expect=t['expect'][:300], note=t['note'], verdict=r['verdict'],
                          fa=[(u, case_of.get(u), claims[u]['relation'], round(claims[u]['resemble'], 3), round(claims[u]['contain'], 3)) for u in fa],
                          matches=[(m['url'], m['relation'], round(m['resemble'], 3), round(m['contain'], 3)) for m in r['matches']][:5],
                          error=r.get('error')))
    elif wrongtype:
        EX[c + ':wrongtype'].append(dict(url=t['url'], idx=t['idx'], note=t['note'], verdict=r['verdict'],
                          matches=[(m['url'], m['relation'], round(m['resemble'], 3), round(m['contain'], 3)) for m in r['matches']][:4]))
cols = ['pages', 'correct', 'missed', 'false_alarm_pages', 'false_alarm_pairs', 'wrong_relation_type']
print('%-30s' % 'case' + ''.join('%10s' % x[:10] for x in cols) + '  verdicts')
tot = Counter()
for c in sorted(S):
    st = S[c]; tot.update({k: st[k] for k in cols})
    vs = ' '.join('%s=%d' % (k[2:], v) for k, v in sorted(st.items()) if k.startswith('v_'))
    extra = (' status-status-claims=%d' % st['claims_vs_other_status_pages']) if c == 'c11_soft404' else ''
    print('%-30s' % c + ''.join('%10d' % st[x] for x in cols) + '  ' + vs + extra)
print('%-30s' % 'TOTAL' + ''.join('%10d' % tot[x] for x in cols))
if NEX:
    for c in sorted(EX):
        print('\n==', c, len(EX[c]))
        for e in EX[c][:NEX]:
            print(json.dumps(e, ensure_ascii=False))
