#!/usr/bin/env python3
"""dedupdb's Python package beside the pipelines a Python user would build, in one process.

    scripts/python-peers.py CRAWL_DIR [--cli target/release/dedupdb] [--pages N] [--json OUT]

CRAWL_DIR is a crawl of `ddtool simulate` (day-*/crawl.jsonl and truth.jsonl). Every method sees
the same pages in crawl order and decides, for each page, whether an earlier page is a
near-duplicate of it; decision P/R/F1 are scored against truth.jsonl as `ddtool eval` scores them
(a page is truly positive when it has an earlier near-duplicate; dedupdb's verdicts exact,
duplicate, contained, contains and overlaps are positive).

Methods:
  - dedupdb CLI: `dedupdb ingest` of the day files (a subprocess, timed as a whole);
  - dedupdb Index.ingest: the pages as dicts already in memory (the API's own cost), and the day
    files read and parsed with json in this process within the timing (a Python pipeline reading
    JSONL);
  - dedupdb Index.ingest_paths: the same files read by dedupdb;
  - {trafilatura, resiliparse} main-text extraction, then {datasketch MinHashLSH, rensa
    RMinHashLSH} over character 5-grams (128 permutations): a page is positive when the LSH gives
    an earlier page whose estimated Jaccard similarity reaches the threshold; the LSH threshold
    sweeps 0.3, 0.5, 0.7 and the best by decision F1 is shown. Pages/s counts extraction plus
    the MinHash work at that setting.

Run it through scripts/python-peers.sh, which builds the venv with the peers pinned.
"""

import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

POSITIVE = {"exact", "duplicate", "contained", "contains", "overlaps"}
THRESHOLDS = (0.3, 0.5, 0.7)
NUM_PERM = 128


def read_pages(crawl, limit):
    pages = []
    for day in sorted(crawl.glob("day-*/crawl.jsonl")):
        with day.open(encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    pages.append(json.loads(line))
                    if limit and len(pages) == limit:
                        return pages
    return pages


def truth_of(crawl):
    truth = {}
    with (crawl / "truth.jsonl").open(encoding="utf-8") as f:
        for line in f:
            t = json.loads(line)
            truth[t["url"]] = bool(t["earlier_dup"])
    return truth


def score(urls, decisions, truth):
    tp = sum(1 for u, d in zip(urls, decisions) if d and truth.get(u, False))
    fp = sum(1 for u, d in zip(urls, decisions) if d and not truth.get(u, False))
    fn = sum(1 for u, d in zip(urls, decisions) if not d and truth.get(u, False))
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(f1, 4)}


def shingles(text, k=5):
    text = "".join(text.split())
    return {text[i:i + k] for i in range(max(1, len(text) - k + 1))} if text else set()


def day_files(crawl, limit):
    files = sorted(str(p) for p in crawl.glob("day-*/crawl.jsonl"))
    if not limit:
        return files, None
    # A prefix of the crawl: one file holding its first `limit` pages.
    tmp = tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8")
    n = 0
    for name in files:
        with open(name, encoding="utf-8") as f:
            for line in f:
                if line.strip() and n < limit:
                    tmp.write(line)
                    n += 1
    tmp.close()
    return [tmp.name], tmp.name


def run_cli(cli, files, workdir):
    workdir.mkdir()
    db = workdir / "cli.db"
    report = workdir / "cli-report.jsonl"
    start = time.perf_counter()
    subprocess.run([cli, "ingest", "--db", str(db), "--report", str(report), *files], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    return seconds, [(a.get("url"), a["verdict"]) for a in lines]


def answers_of(answers):
    """(url, verdict) of each answer, read as a pipeline reads them: attributes, no dict."""
    return [(a.url, a.verdict) for a in answers]


def run_index_ingest(files, workdir, parsed=None):
    import dedupdb

    def pages():
        for name in files:
            with open(name, "rb") as f:
                for line in f:
                    if line.strip():
                        yield json.loads(line)

    start = time.perf_counter()
    with dedupdb.Index(workdir / ("mem.db" if parsed else "py.db")) as index:
        answers = answers_of(index.ingest(parsed if parsed is not None else pages()))
    return time.perf_counter() - start, answers


def run_index_ingest_paths(files, workdir):
    import dedupdb

    start = time.perf_counter()
    with dedupdb.Index(workdir / "paths.db") as index:
        answers = answers_of(index.ingest_paths(files))
    return time.perf_counter() - start, answers


def extract_all(name, pages):
    if name == "trafilatura":
        import trafilatura

        def extract(html):
            return trafilatura.extract(html, include_comments=False) or ""
    else:
        from resiliparse.extract.html2text import extract_plain_text

        def extract(html):
            return extract_plain_text(html, main_content=True) or ""
    start = time.perf_counter()
    texts = [extract(p.get("html") or p.get("text") or "") for p in pages]
    return time.perf_counter() - start, texts


def lsh_decisions(texts, threshold, lsh, signature):
    """Each text in order: positive when the LSH gives an earlier text whose estimated Jaccard
    reaches the threshold; then the text is added. Returns (seconds, decisions)."""
    start = time.perf_counter()
    sigs = {}
    decisions = []
    for i, text in enumerate(texts):
        grams = shingles(text)
        if not grams:
            decisions.append(False)
            continue
        m = signature(grams)
        decisions.append(any(m.jaccard(sigs[h]) >= threshold for h in lsh.query(m)))
        sigs[i] = m
        lsh.insert(i, m)
    return time.perf_counter() - start, decisions


def minhash_datasketch(texts, threshold):
    from datasketch import MinHash, MinHashLSH

    def signature(grams):
        m = MinHash(num_perm=NUM_PERM)
        m.update_batch([g.encode("utf-8") for g in grams])
        return m

    return lsh_decisions(texts, threshold, MinHashLSH(threshold=threshold, num_perm=NUM_PERM), signature)


def bands_for(threshold):
    """The band count b (a divisor of NUM_PERM, r = NUM_PERM / b rows) whose S-curve midpoint
    (1/b)^(1/r) is nearest the threshold."""
    choices = [b for b in range(1, NUM_PERM + 1) if NUM_PERM % b == 0]
    return min(choices, key=lambda b: abs((1 / b) ** (b / NUM_PERM) - threshold))


def minhash_rensa(texts, threshold):
    from rensa import RMinHash, RMinHashLSH

    def signature(grams):
        m = RMinHash(num_perm=NUM_PERM, seed=42)
        m.update(list(grams))
        return m

    # datasketch picks its bands for the threshold; rensa takes them given.
    lsh = RMinHashLSH(threshold=threshold, num_perm=NUM_PERM, num_bands=bands_for(threshold))
    return lsh_decisions(texts, threshold, lsh, signature)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("crawl", type=pathlib.Path)
    ap.add_argument("--cli", default="target/release/dedupdb")
    ap.add_argument("--pages", type=int, default=0, help="only the first N pages of the crawl")
    ap.add_argument("--only", choices=["dedupdb", "peers"], help="run only dedupdb's rows or only the peers'")
    ap.add_argument("--json", type=pathlib.Path, help="write the rows here as JSON")
    args = ap.parse_args()

    truth = truth_of(args.crawl)
    pages = read_pages(args.crawl, args.pages)
    urls = [p["url"] for p in pages]
    n = len(pages)
    rows = []
    workdir = pathlib.Path(tempfile.mkdtemp(prefix="python-peers-"))
    files, tmp = day_files(args.crawl, args.pages)
    try:
        if args.only != "peers":
            # The CLI runs first and last, so that a drift of the machine shows in its two figures.
            runs = (("dedupdb CLI (`dedupdb ingest`)", lambda: run_cli(args.cli, files, workdir / "1")),
                    ("dedupdb `Index.ingest`, dicts in memory", lambda: run_index_ingest(files, workdir, pages)),
                    ("dedupdb `Index.ingest`, dicts read by json.loads", lambda: run_index_ingest(files, workdir)),
                    ("dedupdb `Index.ingest_paths`", lambda: run_index_ingest_paths(files, workdir)),
                    ("dedupdb CLI (`dedupdb ingest`), again", lambda: run_cli(args.cli, files, workdir / "2")))
            for label, run in runs:
                seconds, answers = run()
                by_url = {url: verdict in POSITIVE for url, verdict in answers if url}
                decisions = [by_url.get(u, False) for u in urls]
                rows.append({"method": label, "pages_per_s": round(n / seconds), "seconds": round(seconds, 2),
                             **score(urls, decisions, truth)})
                print(json.dumps(rows[-1], ensure_ascii=False), flush=True)
        if args.only != "dedupdb":
            for extractor in ("resiliparse", "trafilatura"):
                t_extract, texts = extract_all(extractor, pages)
                print(f"# {extractor}: {n / t_extract:.0f} pages/s extraction", flush=True)
                for name, fn in (("rensa", minhash_rensa), ("datasketch", minhash_datasketch)):
                    best = None
                    for threshold in THRESHOLDS:
                        t_dedup, decisions = fn(texts, threshold)
                        s = score(urls, decisions, truth)
                        row = {"method": f"{extractor} + {name} MinHashLSH", "threshold": threshold,
                               "pages_per_s": round(n / (t_extract + t_dedup)),
                               "seconds": round(t_extract + t_dedup, 2), **s}
                        if best is None or row["f1"] > best["f1"]:
                            best = row
                    rows.append(best)
                    print(json.dumps(best, ensure_ascii=False), flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        if tmp:
            pathlib.Path(tmp).unlink()

    print(f"\n{n} pages, {sys.version.split()[0]}\n")
    print("| method | pages/s | decision P | R | F1 |")
    print("|---|---|---|---|---|")
    for r in rows:
        setting = f" (threshold {r['threshold']})" if "threshold" in r else ""
        print(f"| {r['method']}{setting} | {r['pages_per_s']:,} | {r['precision']:.3f} | {r['recall']:.3f} | {r['f1']:.3f} |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
