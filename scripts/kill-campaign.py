#!/usr/bin/env python3
"""SIGKILL campaign for dedupdb: a thousand kills, every one checked.

The script kills ``dedupdb`` and ``ddtool`` processes with SIGKILL, over and
over, on real indexes, and after every kill checks that the index is sound and
that nothing acknowledged was lost or stored twice. It runs four kinds of
trial, each on an index of its own that later trials of the kind reuse:

``ingest``
    ``dedupdb ingest`` of a chunk of a simulated crawl (``--flush-docs`` 40,
    100 or 300, ``--merge-factor 2``), killed at a random moment or once the
    report grew, a segment file appeared, a new WAL generation appeared or
    the manifest changed.
``merge``
    the same with ``--flush-docs`` 40 to 80, so that a background merge
    follows nearly every flush; killed mostly while a merge is in progress,
    seen on disk as a file in ``segments/`` that the manifest does not name
    while no flush is running (a flush always starts with a new WAL
    generation), or once the merge thread is seen in ``/proc``.
``compact``
    ``ddtool compact`` of an index of several segments (an uninterrupted
    ``ingest --no-merge`` of the next chunk makes them when needed), killed
    at a random moment, once its output file appeared, once the output was
    renamed into place, or once the manifest changed.
``serve``
    ``dedupdb serve --listen 127.0.0.1:0`` with pages POSTed to
    ``/v1/ingest`` by 2 to 6 client threads (one page or ``{"pages": [..]}``
    of up to 8 a request), killed while it opens, at a random moment of the
    load, after the k-th answer, once the WAL grew, or when idle.

After each kill the script runs ``ddtool verify --db DB --json`` (exit status
0, no problems) and ``dedupdb clusters --db DB``, and checks: every page
acknowledged so far (a complete report line with an inserting verdict, or an
HTTP 200 answer with a doc id) is stored under the doc id it was given, no
URL is stored twice, nothing is stored that was not fed or that was answered
as having no text, a page acknowledged once is never inserted again (a rerun
must answer ``skipped`` with the same doc id), and ``verify`` counts what
``clusters`` lists. A compaction must leave every page's doc id and cluster
as they were (and, when it completes, one segment and an empty WAL). The next
trial of the kind goes on with the same index: the same chunk again after a
kill (the run must complete the leftovers), the next chunk after a run that
completed. Every 4 to 14 trials a kind finishes its epoch (an uninterrupted
run of the chunk left unfinished, or for ``serve`` a full load and a SIGTERM,
then every page fed must be stored exactly once) and starts a fresh index.

Kill moments are drawn from a seeded generator over the run's duration, which
is measured first by an uninterrupted run of each kind (and then follows the
runs that complete), or fire a few milliseconds after an event seen on disk.
Each trial records the **phase** the kill hit, judged from what is on disk
after the kill (the files of a killed process stay as they were) and from
the output at the moment of the kill:

* ``create-index``, ``open-index`` (no report yet), ``first-batch``
  (report created, nothing committed), ``wal-append`` (between flushes),
  ``close`` (every report line written, the run finishing);
* ``flush-write`` (a WAL generation newer than the manifest's: a flush is
  writing its segment), ``flush+merge``, ``flush-publish`` (the flush's
  segment complete, the manifest not naming it yet), ``merge-write``,
  ``merge-publish``, ``manifest-publish`` (``.tmp-*`` in the index
  directory), ``retire`` (published; the old files being removed);
* for ``compact``: ``open``, ``flush``, ``write``, ``publish``, ``retire``,
  ``close``; for ``serve``: ``open``, ``idle``, ``mid-request``, and
  ``flush-idle`` or ``flush-mid-request`` when a flush or merge was writing;
* ``completed`` when the process ended before its kill moment.

Usage (from the repository, after ``cargo build --workspace``)::

    scripts/kill-campaign.py --trials 20                  # a quick look
    scripts/kill-campaign.py --trials 1000 --seconds 3000 --json \\
        > kill-campaign.json 2> kill-campaign.log
    scripts/kill-campaign.py --kinds merge,compact --seed 7 --keep

``--trials`` counts trials that ended in a SIGKILL; ``--seconds`` stops
starting new trials after that many seconds. ``--work DIR`` holds the crawl
and the indexes (a new temporary directory by default, removed at the end
unless a trial failed or ``--keep`` is given; it must lie outside the
repository). ``--bin-dir`` is where ``dedupdb`` and ``ddtool`` are
(``target/debug`` of the repository by default); they are copied into
``WORK/bin`` first, so that a rebuild meanwhile does not change them.
Progress and failures go to stderr, one line a trial. At the end the kind x
phase table (trials, failures, seconds) and the per-kind totals (trials,
kills, failures, acknowledged pages, seconds, kill moments) are printed, on
stdout, or on stderr with ``--json``, which prints a JSON summary on stdout
instead. A failure prints the trial number, the campaign seed and
the trial's seed, the kill moment and what was wrong, keeps a copy of the
index under ``WORK/failed/`` and makes the exit status 1. Every trial is also
a line of ``WORK/trials.jsonl``.
"""

import argparse
import http.client
import json
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import zlib

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: Verdicts that mean "inserted and durable".
INSERTED = frozenset(
    ["new", "exact", "duplicate", "contained", "contains", "overlaps"])

KINDS = ("ingest", "merge", "compact", "serve")
#: Share of the trials each kind gets by default.
WEIGHTS = {"ingest": 3.0, "merge": 2.5, "compact": 2.0, "serve": 2.5}

SEG_RE = re.compile(r"^seg-([0-9a-f]{16})\.ddb$")
WAL_RE = re.compile(r"^wal-([0-9a-f]{16})\.log$")
PRUNED_RE = re.compile(r"^pruned-([0-9a-f]{16})\.ddp$")
TMP_PREFIX = ".tmp-"
MANIFEST_MAGIC = b"DDMANIF\0"
SEGMENT_END_MAGIC = b"DDSEGEND"

ENV = dict(os.environ, RUST_LOG="warn")


def log(msg):
    """A line of progress on stderr."""
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# What is on disk


class Manifest:
    """The fields of a MANIFEST this script reads (format-spec.md)."""

    def __init__(self, data):
        if len(data) < 68 or data[:8] != MANIFEST_MAGIC:
            raise ValueError("not a manifest")
        if zlib.crc32(data[:-4]) != int.from_bytes(data[-4:], "little"):
            raise ValueError("manifest CRC mismatch")
        (self.generation, self.next_doc_id, _, self.next_segment_id,
         self.wal_gen, self.pruned_gen, plen, nseg) = struct.unpack_from(
             "<QIIQQQII", data, 16)
        at = 64 + plen
        self.segments = []
        for i in range(nseg):
            seg_id, _, _, _ = struct.unpack_from("<QIIQ", data, at + 24 * i)
            self.segments.append(seg_id)
        self.names = frozenset(seg_name(s) for s in self.segments)


def seg_name(seg_id):
    """File name of segment ``seg_id``."""
    return "seg-%016x.ddb" % seg_id


def read_manifest(db):
    """The index's manifest, or None when there is none (or a torn one)."""
    try:
        with open(os.path.join(db, "MANIFEST"), "rb") as f:
            return Manifest(f.read())
    except (OSError, ValueError, struct.error):
        return None


def manifest_key(db):
    """What changes whenever the manifest is rewritten (it is renamed in)."""
    try:
        st = os.stat(os.path.join(db, "MANIFEST"))
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


def listdir(path):
    """Names in a directory; empty when it does not exist."""
    try:
        return os.listdir(path)
    except OSError:
        return []


def wal_gens(db):
    """Generation -> size of every WAL file."""
    out = {}
    wal = os.path.join(db, "wal")
    for name in listdir(wal):
        m = WAL_RE.match(name)
        if m:
            try:
                out[int(m.group(1), 16)] = os.path.getsize(
                    os.path.join(wal, name))
            except OSError:
                pass
    return out


def file_size(path):
    """Size of a file, -1 when it does not exist."""
    try:
        return os.path.getsize(path)
    except OSError:
        return -1


def complete_segment(path):
    """True when a segment file ends in its trailer magic."""
    try:
        with open(path, "rb") as f:
            f.seek(-8, os.SEEK_END)
            return f.read(8) == SEGMENT_END_MAGIC
    except OSError:
        return False


class Snap:
    """The files of an index at one moment."""

    def __init__(self, db, report=None):
        self.db = db
        self.manifest = read_manifest(db)
        self.top = set(listdir(db))
        self.segs = set(listdir(os.path.join(db, "segments")))
        self.wals = wal_gens(db)
        self.report_size = file_size(report) if report else -1

    def newest_wal(self):
        """The newest WAL generation on disk (0: none)."""
        return max(self.wals) if self.wals else 0

    def wal_bytes(self):
        """Bytes in every WAL file."""
        return sum(self.wals.values())


def task_names(pid):
    """Thread names of a running process (``dedupdb-merge``, ...)."""
    names = []
    base = "/proc/%d/task" % pid
    for tid in listdir(base):
        try:
            with open("%s/%s/comm" % (base, tid)) as f:
                names.append(f.read().strip())
        except OSError:
            pass
    return names


class Watcher:
    """Watches an index while a process works on it (for triggers)."""

    def __init__(self, db, start, report=None):
        self.db = db
        self.start = start
        self.report = report
        self.mkey = manifest_key(db)
        self.manifest = start.manifest
        self.ever_named = set(start.manifest.names if start.manifest
                              else ())
        self.manifest_changes = 0
        self.start_newest_wal = start.newest_wal()
        self.start_key = self.mkey
        #: The process watched, once started.
        self.pid = None

    def poll_manifest(self):
        """Rereads the manifest when it changed; returns it."""
        key = manifest_key(self.db)
        if key != self.mkey:
            m = read_manifest(self.db)
            if m is not None:
                self.mkey = key
                self.manifest = m
                self.ever_named |= m.names
                self.manifest_changes += 1
        return self.manifest

    def state(self):
        """(new segment-dir names, flush running, manifest)."""
        segs = listdir(os.path.join(self.db, "segments"))
        newest = max(wal_gens(self.db) or {0: 0})
        m = self.poll_manifest()
        named = m.names if m else frozenset()
        new = [n for n in segs if n not in self.start.segs and n not in named
               and n not in self.ever_named]
        flushing = newest > max(m.wal_gen if m else 0, self.start_newest_wal)
        return new, flushing, m

    # Triggers: each returns True once its event is seen.

    def segment_appeared(self):
        return any(n not in self.start.segs
                   for n in listdir(os.path.join(self.db, "segments")))

    def manifest_changed(self):
        return manifest_key(self.db) != self.start_key

    def new_wal(self):
        return max(wal_gens(self.db) or {0: 0}) > self.start_newest_wal

    def manifest_tmp(self):
        return any(n.startswith(TMP_PREFIX) and n not in self.start.top
                   for n in listdir(self.db))

    def merge_thread(self):
        return self.pid is not None and "dedupdb-merge" in task_names(
            self.pid)

    def merge_file(self):
        # A flush writes one file, and a new WAL generation comes first;
        # a merge starts just after a flush is published, often beside the
        # next flush: a second file.
        new, flushing, _ = self.state()
        return len(new) > int(flushing)

    def merged_segment(self):
        new, flushing, _ = self.state()
        if len(new) <= int(flushing):
            return False
        segdir = os.path.join(self.db, "segments")
        return any(SEG_RE.match(n) and complete_segment(
            os.path.join(segdir, n)) for n in new)

    def output_file(self):
        new, _, _ = self.state()
        return any(n.startswith(TMP_PREFIX) for n in new)

    def output_renamed(self):
        new, _, _ = self.state()
        return any(SEG_RE.match(n) for n in new)


# --------------------------------------------------------------------------
# Phases, judged after the kill


def disk_changes(start, end, ever_named):
    """What a killed run left in the index beside what ``start`` had.

    Returns (flushing, new_tmp, pending, retired, old_wals): a WAL
    generation newer than the manifest's (a flush is writing), temporary
    segment files, complete segments no manifest named yet, segments a
    manifest named once and no longer does, and WALs before the manifest's.
    """
    m = end.manifest
    flushing = end.newest_wal() > max(m.wal_gen, start.newest_wal())
    segdir = os.path.join(end.db, "segments")
    new_tmp = [n for n in end.segs
               if n.startswith(TMP_PREFIX) and n not in start.segs]
    pending = [n for n in end.segs if SEG_RE.match(n) and n not in m.names
               and n not in ever_named and n not in start.segs
               and complete_segment(os.path.join(segdir, n))]
    retired = [n for n in end.segs if SEG_RE.match(n) and n not in m.names
               and n in ever_named]
    old_wals = [g for g in end.wals if g < m.wal_gen]
    return flushing, new_tmp, pending, retired, old_wals


def ingest_phase(start, end, ever_named, report_lines, total, threads,
                 report_created):
    """The phase of an ingest run killed with the index as ``end`` shows."""
    m = end.manifest
    if m is None:
        return "create-index"
    if not report_created:
        return "create-index" if start.manifest is None else "open-index"
    flushing, new_tmp, pending, retired, old_wals = disk_changes(
        start, end, ever_named)
    new_pruned = [n for n in end.top if PRUNED_RE.match(n)
                  and n not in start.top
                  and int(PRUNED_RE.match(n).group(1), 16) != m.pruned_gen]
    top_tmp = [n for n in end.top
               if n.startswith(TMP_PREFIX) and n not in start.top]
    merging = "dedupdb-merge" in threads
    if top_tmp:
        return "manifest-publish"
    if pending or new_pruned:
        return "flush-publish" if flushing and not new_pruned \
            else "merge-publish"
    if retired or old_wals:
        return "retire"
    if new_tmp:
        if flushing and (len(new_tmp) > 1 or merging):
            return "flush+merge"
        return "flush-write" if flushing else "merge-write"
    if flushing:
        return "flush+merge" if merging else "flush-write"
    if merging:
        return "merge-write"
    if report_lines >= total:
        return "close"
    if report_lines == 0 and end.wal_bytes() <= start.wal_bytes():
        return "first-batch"
    return "wal-append"


def compact_phase(start, end, ever_named):
    """The phase of a compaction killed with the index as ``end`` shows."""
    m = end.manifest
    if m is None:
        return "open"
    flushing, new_tmp, pending, retired, old_wals = disk_changes(
        start, end, ever_named)
    top_new = [n for n in end.top if n not in start.top
               and (n.startswith(TMP_PREFIX) or PRUNED_RE.match(n))]
    if flushing:
        return "flush"
    if top_new or pending:
        return "publish"
    if retired or old_wals:
        return "retire"
    if new_tmp:
        return "write"
    if start.manifest and m.generation != start.manifest.generation:
        # The flush of the WAL's pages was published, or the compaction.
        if len(m.segments) <= 1:
            return "close"
        return "write"
    return "open"


# --------------------------------------------------------------------------
# Input


SITES = ["新华在线", "江岭热线", "清川日报", "东南网", "北方晨报", "海峡财经",
         "南山论坛", "西湖商城"]
HANZI = ("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可"
         "主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家"
         "电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合"
         "还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明"
         "看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想"
         "已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边"
         "流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战")


def _sentence(rng):
    n = rng.randint(8, 28)
    body = "".join(rng.choice(HANZI) for _ in range(n))
    return body + rng.choice(["。", "。", "，", "；", "！"])


def _paragraph(rng, sentences):
    return "".join(_sentence(rng) for _ in range(sentences)).rstrip(
        "，；") + "。"


def _html(site, title, paragraphs):
    nav = "".join("<li><a href='/c%d'>%s栏目%d</a></li>" % (i, site, i)
                  for i in range(8))
    body = "".join("<p>%s</p>" % p for p in paragraphs)
    return ("<html><head><title>%s_%s</title></head><body>"
            "<ul class='nav'>%s</ul><h1>%s</h1><div class='article'>%s</div>"
            "<div class='footer'>%s版权所有 未经许可不得转载</div>"
            "</body></html>" % (title, site, nav, title, body, site))


def builtin_crawl(n, seed):
    """A crawl of ``n`` JSONL lines written here: new articles, edited
    copies, exact repeats, excerpts and pages without main text."""
    rng = random.Random(seed)
    articles = []
    lines = []
    for i in range(n):
        site = rng.choice(SITES)
        url = "https://s%d.example/kill/%d.html" % (SITES.index(site), i)
        roll = rng.randrange(100)
        if not articles or roll < 45:
            ps = [_paragraph(rng, rng.randint(3, 8))
                  for _ in range(rng.randint(2, 7))]
            articles.append(ps)
        elif roll < 65:
            ps = list(rng.choice(articles))
            ps[rng.randrange(len(ps))] = _paragraph(rng, 4)
            ps.append(_paragraph(rng, 2))
        elif roll < 82:
            ps = list(rng.choice(articles))
        elif roll < 97:
            ps = [_paragraph(rng, 5), rng.choice(rng.choice(articles)),
                  _paragraph(rng, 5)]
        else:
            ps = None
        if ps is None:
            links = "".join("<li><a href='/c%d'>%s栏目%d</a></li>"
                            % (k, site, k) for k in range(30))
            html = ("<html><head><title>%s</title></head><body>"
                    "<ul class='nav'>%s</ul></body></html>" % (site, links))
        else:
            html = _html(site, ps[0][:12], ps)
        lines.append(json.dumps({"url": url, "site": site, "html": html},
                                ensure_ascii=False))
    return lines


def simulated_crawl(bins, work, n, seed):
    """``ddtool simulate --builtin-text``'s crawl as JSONL lines, each URL
    once; None when the tool cannot make one."""
    out = os.path.join(work, "simulated")
    days = max(1, min(20, n // 400))
    cmd = [bins["ddtool"], "simulate", "--out", out, "--pages", str(n),
           "--days", str(days), "--seed", str(seed), "--builtin-text"]
    r = subprocess.run(cmd, env=ENV, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        log("ddtool simulate failed (%s); writing the crawl here instead"
            % r.stderr.strip().splitlines()[-1:])
        return None
    lines, seen = [], set()
    for day in sorted(d for d in listdir(out) if d.startswith("day-")):
        path = os.path.join(out, day, "crawl.jsonl")
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                url = json.loads(line).get("url")
                if url and url not in seen:
                    seen.add(url)
                    lines.append(line)
    shutil.rmtree(out, ignore_errors=True)
    return lines


class Chunk:
    """A piece of the crawl that one run ingests (one file or several)."""

    def __init__(self, paths, lines):
        self.paths = paths
        self.lines = lines
        self.urls = [json.loads(line)["url"] for line in lines]
        self._pages = None

    def pages(self):
        """The pages as JSON objects (request bodies for serve)."""
        if self._pages is None:
            self._pages = [json.loads(line) for line in self.lines]
        return self._pages


def make_chunks(bins, work, pages, count, seed, source):
    """Cuts a crawl into ``count`` chunks of about ``pages`` pages."""
    rng = random.Random(seed)
    sizes = [rng.randint(pages * 2 // 3, pages * 4 // 3)
             for _ in range(count)]
    total = sum(sizes)
    lines = None
    if source == "simulate":
        lines = simulated_crawl(bins, work, total + total // 10, seed)
        if lines is not None and len(lines) < total:
            log("the simulated crawl has %d distinct URLs, %d needed; "
                "writing the crawl here instead" % (len(lines), total))
            lines = None
    if lines is None:
        source = "builtin"
        lines = builtin_crawl(total, seed)
    os.makedirs(os.path.join(work, "input"), exist_ok=True)
    chunks, at = [], 0
    for i, size in enumerate(sizes):
        part = lines[at:at + size]
        at += size
        path = os.path.join(work, "input", "chunk-%03d.jsonl" % i)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(part) + "\n")
        chunks.append(Chunk([path], part))
    return chunks, source


# --------------------------------------------------------------------------
# Running and killing


class Plan:
    """When to kill: at ``deadline`` seconds after the start, or ``extra``
    seconds after ``trigger`` first returns True (whichever comes first)."""

    def __init__(self, mode, deadline, trigger=None, extra=0.0):
        self.mode = mode
        self.deadline = deadline
        self.trigger = trigger
        self.extra = extra

    def describe(self):
        if self.trigger is None:
            return "%s at %.1f ms" % (self.mode, self.deadline * 1000)
        return "%s (+%.2f ms, else at %.0f ms)" % (
            self.mode, self.extra * 1000, self.deadline * 1000)


class Outcome:
    """How a run ended."""

    def __init__(self):
        self.killed = False
        self.rc = None
        self.elapsed = 0.0
        self.kill_at = None
        self.fired_at = None
        self.threads = []
        self.stderr = ""


def run_with_plan(cmd, plan, out_dir, watcher=None, poll=0.0005):
    """Runs ``cmd`` and SIGKILLs it as ``plan`` says, unless it ends first."""
    out = Outcome()
    err_path = os.path.join(out_dir, "stderr.txt")
    with open(err_path, "w") as err:
        t0 = time.monotonic()
        proc = subprocess.Popen(cmd, env=ENV, stdout=subprocess.DEVNULL,
                                stderr=err)
        if watcher is not None:
            watcher.pid = proc.pid
        deadline = plan.deadline
        while True:
            if proc.poll() is not None:
                break
            now = time.monotonic() - t0
            if plan.trigger is not None and out.fired_at is None:
                if plan.trigger():
                    out.fired_at = now
                    deadline = min(deadline, now + plan.extra)
            if now >= deadline:
                out.threads = task_names(proc.pid)
                out.kill_at = time.monotonic() - t0
                proc.kill()
                break
            time.sleep(min(poll, max(0.0, deadline - now)))
        out.rc = proc.wait()
        out.elapsed = time.monotonic() - t0
    out.killed = out.rc == -signal.SIGKILL
    if not out.killed:
        out.kill_at = None
    with open(err_path, errors="replace") as f:
        out.stderr = f.read()
    return out


def run_quiet(cmd, timeout=600):
    """Runs a command to completion: (status, stdout, stderr)."""
    r = subprocess.run(cmd, env=ENV, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout)
    return (r.returncode, r.stdout.decode("utf-8", "replace"),
            r.stderr.decode("utf-8", "replace"))


def read_report(path):
    """The complete lines of a report (a line without its end is left
    out), parsed; (lines, problems)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return [], []
    end = data.rfind(b"\n")
    if end < 0:
        return [], []
    lines, problems = [], []
    for n, raw in enumerate(data[:end].split(b"\n")):
        try:
            lines.append(json.loads(raw))
        except ValueError as e:
            problems.append("%s line %d is not JSON (%s): %r"
                            % (path, n + 1, e, raw[:200]))
    return lines, problems


# --------------------------------------------------------------------------
# A kind's index and what it has been told


class KindState:
    """One kind's index: what was fed to it and what it acknowledged."""

    def __init__(self, kind, work, chunks):
        self.kind = kind
        self.work = work
        self.chunks = chunks
        self.epoch = -1
        self.db = None
        self.fresh = True
        #: Chunks a run takes: ingest runs take two (more batches).
        self.span = 2 if kind in ("ingest", "merge") else 1
        #: Trials in a row whose run did not complete.
        self.stalls = 0

    def new_epoch(self, rng):
        """A fresh index."""
        self.epoch += 1
        if self.db and os.path.isdir(self.db):
            shutil.rmtree(self.db, ignore_errors=True)
        self.db = os.path.join(self.work, "db", "%s-%03d" % (self.kind,
                                                             self.epoch))
        os.makedirs(os.path.dirname(self.db), exist_ok=True)
        self.fresh = False
        self.trials = 0
        self.length = rng.randint(4, 8) if self.kind == "compact" \
            else rng.randint(6, 14)
        self.chunk = (self.epoch * 5) % len(self.chunks)
        self.unit = None
        self.chunk_done = False
        self.fed = set()
        self.answered = set()
        self.acked = {}
        self.no_text = set()
        self.segments = 0
        self.stored = {}
        self.stalls = 0

    def next_chunk(self, rng):
        """The chunk a run takes: the same after a kill (its leftovers),
        the next after a run that completed (now and then the same)."""
        if self.unit is not None and not self.chunk_done:
            return self.unit
        if self.unit is not None and not rng.random() < 0.1:
            self.chunk = (self.chunk + self.span) % len(self.chunks)
        self.chunk_done = False
        parts = [self.chunks[(self.chunk + i) % len(self.chunks)]
                 for i in range(self.span)]
        self.unit = parts[0] if len(parts) == 1 else Chunk(
            [p for c in parts for p in c.paths],
            [line for c in parts for line in c.lines])
        self.fed.update(self.unit.urls)
        return self.unit

    def absorb(self, answers, problems, where):
        """Takes in answers (report lines or HTTP answers); returns how many
        pages they newly acknowledged."""
        new = 0
        for a in answers:
            url = a.get("url")
            verdict = a.get("verdict")
            doc = a.get("doc_id")
            if url is None:
                problems.append("%s: an answer without a URL: %s"
                                % (where, json.dumps(a)[:300]))
                continue
            self.answered.add(url)
            if verdict in INSERTED:
                if doc is None:
                    problems.append("%s: %s answered %s without a doc id"
                                    % (where, url, verdict))
                    continue
                if url in self.no_text:
                    problems.append("%s: %s was answered as having no text "
                                    "before, now inserted as doc %s"
                                    % (where, url, doc))
                before = self.acked.get(url)
                if before is not None:
                    problems.append(
                        "%s: %s inserted again as doc %s (already "
                        "acknowledged as doc %s)" % (where, url, doc, before))
                self.acked[url] = doc
                new += 1
            elif verdict == "skipped":
                if doc is None:
                    problems.append("%s: %s skipped without a doc id"
                                    % (where, url))
                    continue
                before = self.acked.setdefault(url, doc)
                if before != doc:
                    problems.append("%s: %s skipped as doc %s, acknowledged "
                                    "as doc %s" % (where, url, doc, before))
            elif verdict == "error":
                if url in self.acked:
                    problems.append("%s: %s refused (%s) but stored as doc %s"
                                    % (where, url, a.get("error"),
                                       self.acked[url]))
                self.no_text.add(url)
            else:
                problems.append("%s: unexpected verdict %r for %s"
                                % (where, verdict, url))
        return new


def check_index(bins, st, problems, complete=False):
    """verify + clusters after a kill; returns the verify report (or None
    when there is no index yet)."""
    db = st.db
    if not os.path.exists(os.path.join(db, "MANIFEST")):
        if st.acked:
            problems.append("no MANIFEST, but %d pages were acknowledged"
                            % len(st.acked))
        st.stored = {}
        st.segments = 0
        return None
    rc, out, err = run_quiet([bins["ddtool"], "verify", "--db", db, "--json"])
    report = None
    try:
        report = json.loads(out)
    except ValueError:
        pass
    if rc != 0:
        problems.append("ddtool verify exited %s: %s %s"
                        % (rc, out.strip()[-600:], err.strip()[-600:]))
    if report is not None and report.get("problems"):
        problems.append("ddtool verify found problems: %s"
                        % "; ".join(report["problems"])[:2000])
    rc, out, err = run_quiet([bins["dedupdb"], "clusters", "--db", db])
    if rc != 0:
        problems.append("dedupdb clusters exited %s: %s"
                        % (rc, err.strip()[-600:]))
        return report
    stored = {}
    for line in out.splitlines():
        try:
            v = json.loads(line)
            stored.setdefault(v["url"], []).append(
                (v["doc_id"], v["cluster"]))
        except (ValueError, KeyError) as e:
            problems.append("clusters line %r: %s" % (line[:200], e))
    twice = [u for u, d in stored.items() if len(d) > 1]
    if twice:
        problems.append("%d URLs stored more than once, e.g. %s: %s"
                        % (len(twice), twice[0], stored[twice[0]]))
    alien = [u for u in stored if u not in st.fed]
    if alien:
        problems.append("%d URLs stored that were never fed, e.g. %s"
                        % (len(alien), alien[0]))
    textless = [u for u in stored if u in st.no_text]
    if textless:
        problems.append("%d pages stored that were answered as having no "
                        "text, e.g. %s" % (len(textless), textless[0]))
    lost, moved = [], []
    for url, doc in st.acked.items():
        got = stored.get(url)
        if not got:
            lost.append((url, doc))
        elif got[0][0] != doc:
            moved.append((url, doc, got[0][0]))
    if lost:
        problems.append("%d acknowledged pages lost, e.g. %s (doc %s)"
                        % (len(lost), lost[0][0], lost[0][1]))
    if moved:
        problems.append("%d acknowledged pages stored under another doc id, "
                        "e.g. %s acknowledged as doc %s, stored as doc %s"
                        % ((len(moved),) + moved[0]))
    if report is not None and report.get("live_docs") != len(stored):
        problems.append("verify counts %s live pages, clusters lists %d"
                        % (report.get("live_docs"), len(stored)))
    if complete:
        missing = [u for u in st.fed if u not in st.answered]
        if missing:
            problems.append("%d pages fed were never answered, e.g. %s"
                            % (len(missing), missing[0]))
        want = st.fed - st.no_text
        absent = [u for u in want if u not in stored]
        if absent:
            problems.append("epoch complete: %d pages with text not stored, "
                            "e.g. %s" % (len(absent), absent[0]))
    st.stored = {u: d[0] for u, d in stored.items()}
    st.segments = report.get("segments", 0) if report else 0
    return report


# --------------------------------------------------------------------------
# The campaign


class Campaign:
    """Every trial, the calibration, the tallies."""

    def __init__(self, args, bins):
        self.args = args
        self.bins = bins
        self.seed = args.seed
        self.rng = random.Random(args.seed)
        self.work = args.work
        self.t0 = time.monotonic()
        self.started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
        self.records = []
        self.failures = []
        self.kill_count = 0
        self.trial_no = 0
        self.durations = {}
        self.kind_seconds = {k: 0.0 for k in KINDS}
        self.calibration = {}
        self.trials_log = open(os.path.join(self.work, "trials.jsonl"), "w")

    # ---- helpers

    def ingest_cmd(self, db, report, chunk, flush_docs, no_merge=False):
        cmd = [self.bins["dedupdb"], "ingest", "--json", "--flush-docs",
               str(flush_docs), "--merge-factor", "2", "--db", db,
               "--report", report] + chunk.paths
        if no_merge:
            cmd.insert(2, "--no-merge")
        return cmd

    def trial_dir(self, suffix=""):
        d = os.path.join(self.work, "trials", "%04d%s" % (self.trial_no,
                                                          suffix))
        os.makedirs(d, exist_ok=True)
        return d

    def learn(self, key, seconds):
        """Follows the duration of the uninterrupted runs of a kind."""
        old = self.durations.get(key)
        self.durations[key] = seconds if old is None \
            else 0.7 * old + 0.3 * seconds

    # ---- calibration

    def calibrate(self, chunks):
        """Uninterrupted runs of each kind: how long each takes here."""
        cal = os.path.join(self.work, "calibration")
        os.makedirs(cal, exist_ok=True)
        problems = []
        st = KindState("calibration", cal, chunks)
        st.new_epoch(random.Random(0))

        def timed_ingest(st, chunk, flush, no_merge=False):
            st.fed.update(chunk.urls)
            report = os.path.join(cal, "report-%d.jsonl" % time.time_ns())
            t = time.monotonic()
            proc = subprocess.Popen(
                self.ingest_cmd(st.db, report, chunk, flush, no_merge),
                env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            opened = None
            while proc.poll() is None:
                if opened is None and os.path.exists(report):
                    opened = time.monotonic() - t
                time.sleep(0.001)
            took = time.monotonic() - t
            err = proc.stderr.read().decode("utf-8", "replace")
            if proc.returncode != 0:
                raise SystemExit("calibration: ingest failed (%s): %s"
                                 % (proc.returncode, err[-1000:]))
            lines, bad = read_report(report)
            problems.extend(bad)
            st.absorb(lines, problems, "calibration")
            return took, opened or took, file_size(report)

        pages = len(chunks[0].lines) + len(chunks[5].lines)
        took, opened, size = timed_ingest(st, Chunk(
            chunks[0].paths + chunks[5].paths,
            chunks[0].lines + chunks[5].lines), 100)
        self.learn("ingest", took)
        self.durations["open"] = opened
        self.calibration["ingest"] = {"seconds": took, "open": opened,
                                      "pages": pages}
        self.report_bytes = size / max(1, pages)
        took, _, _ = timed_ingest(st, Chunk(
            chunks[1].paths + chunks[2].paths,
            chunks[1].lines + chunks[2].lines), 40)
        self.learn("merge", took)
        self.calibration["merge"] = {"seconds": took,
                                     "pages": len(chunks[1].lines)
                                     + len(chunks[2].lines)}
        check_index(self.bins, st, problems, complete=True)
        # Compaction of an index of several segments.
        cst = KindState("calibration-compact", cal, chunks)
        cst.new_epoch(random.Random(0))
        timed_ingest(cst, chunks[3], 50, no_merge=True)
        timed_ingest(cst, chunks[4], 50, no_merge=True)
        check_index(self.bins, cst, problems, complete=True)
        if cst.segments < 2:
            raise SystemExit("calibration: ingest --no-merge made %d "
                             "segments" % cst.segments)
        t = time.monotonic()
        rc, out, err = run_quiet([self.bins["ddtool"], "compact", "--db",
                                  cst.db, "--json"])
        took = time.monotonic() - t
        if rc != 0:
            raise SystemExit("calibration: compact failed: %s" % err)
        self.learn("compact", took)
        self.calibration["compact"] = {"seconds": took,
                                       "stats": json.loads(out)}
        # Serve: open, a chunk's load, the API's description, SIGTERM.
        sst = KindState("calibration-serve", cal, chunks)
        sst.new_epoch(random.Random(0))
        sst.fed.update(chunks[0].urls)
        load = ServeLoad(self, sst, chunks[0], random.Random(1), threads=4,
                         out_dir=cal)
        t = time.monotonic()
        load.start_server()
        if not load.listening.wait(120):
            raise SystemExit("calibration: serve did not start listening")
        opened = time.monotonic() - t
        doc = load.get_json("/openapi.json")
        paths = sorted(doc.get("paths", {})) if doc else []
        if "/v1/ingest" not in paths:
            raise SystemExit("calibration: /openapi.json has no /v1/ingest: "
                             "%s" % paths)
        t = time.monotonic()
        load.start_clients()
        load.wait_done(600)
        took = time.monotonic() - t
        wal_growth = Snap(sst.db).wal_bytes()
        load.proc.send_signal(signal.SIGTERM)
        rc = load.proc.wait(120)
        load.stop()
        if rc != 0 or load.errors:
            raise SystemExit("calibration: serve ended %s, errors %s"
                             % (rc, load.errors[:3]))
        sst.absorb(load.answers, problems, "calibration serve")
        check_index(self.bins, sst, problems, complete=True)
        self.durations["serve-open"] = opened
        self.learn("serve", took)
        self.wal_growth = max(1, wal_growth)
        self.calibration["serve"] = {"open": opened, "load": took,
                                     "wal_bytes": wal_growth,
                                     "paths": paths}
        if problems:
            raise SystemExit("calibration found problems: %s"
                             % problems[:5])
        shutil.rmtree(cal, ignore_errors=True)
        log("calibration: ingest %.2fs (open %.2fs), merge run %.2fs, "
            "compact %.2fs, serve open %.2fs + load %.2fs"
            % (self.durations["ingest"], self.durations["open"],
               self.durations["merge"], self.durations["compact"],
               self.durations["serve-open"], self.durations["serve"]))

    # ---- one trial of each kind

    def ingest_plan(self, rng, kind, watcher, total_bytes, stalls):
        full = self.durations[kind]
        roll = rng.randrange(100)
        late = full * rng.uniform(0.6, 1.6)
        extra = rng.uniform(0, 0.003)
        if stalls >= 3:
            # Runs of this input keep being killed: one late enough to
            # complete now and then (or to be killed while it closes).
            return Plan("late", full * rng.uniform(0.8, 1.8))
        if kind == "merge":
            if roll < 45:
                return Plan("merge-file", late * 1.5, watcher.merge_file,
                            rng.uniform(0, 0.002))
            if roll < 60:
                return Plan("merge-thread", late * 1.5, watcher.merge_thread,
                            rng.uniform(0, 0.004))
            if roll < 72:
                return Plan("merge-renamed", late * 1.5,
                            watcher.merged_segment, rng.uniform(0, 0.0003))
            if roll < 78:
                return Plan("manifest-tmp", late * 1.5, watcher.manifest_tmp)
            return Plan("random", rng.uniform(0, full * 1.1))
        if roll < 10:
            return Plan("early", rng.uniform(0, self.durations["open"] * 1.3))
        if roll < 50:
            return Plan("random", rng.uniform(0, full * 1.1))
        if roll < 68:
            target = rng.randint(1, max(1, total_bytes))
            return Plan("report-grew", late,
                        lambda: file_size(watcher.report) >= target, extra)
        if roll < 80:
            return Plan("segment-appeared", late, watcher.segment_appeared,
                        extra)
        if roll < 86:
            return Plan("new-wal", late, watcher.new_wal, extra)
        if roll < 92:
            return Plan("manifest-tmp", late, watcher.manifest_tmp)
        return Plan("manifest-changed", late, watcher.manifest_changed,
                    extra / 2)

    def ingest_trial(self, st, rng, rec):
        kind = st.kind
        chunk = st.next_chunk(rng)
        flush = rng.choice([40, 100, 300]) if kind == "ingest" \
            else rng.choice([40, 40, 60, 80])
        d = self.trial_dir()
        report = os.path.join(d, "report.jsonl")
        start = Snap(st.db, report)
        watcher = Watcher(st.db, start, report)
        plan = self.ingest_plan(rng, kind, watcher,
                                int(self.report_bytes * len(chunk.lines)),
                                st.stalls)
        cmd = self.ingest_cmd(st.db, report, chunk, flush)
        rec.update(chunk=st.chunk, flush_docs=flush, mode=plan.mode,
                   plan=plan.describe(), cmd=" ".join(cmd))
        out = run_with_plan(cmd, plan, d, watcher)
        lines, problems = read_report(report)
        end = Snap(st.db, report)
        watcher.poll_manifest()
        self.finish_run(rec, out)
        if out.killed:
            rec["phase"] = ingest_phase(
                start, end, watcher.ever_named, len(lines), len(chunk.lines),
                out.threads, os.path.exists(report))
        else:
            rec["phase"] = "completed"
            if out.rc != 0:
                problems.append("ingest exited %s: %s"
                                % (out.rc, out.stderr.strip()[-1000:]))
            elif len(lines) != len(chunk.lines):
                problems.append("a completed run reported %d lines for %d "
                                "pages" % (len(lines), len(chunk.lines)))
            else:
                st.chunk_done = True
                self.learn(kind, out.elapsed)
        st.stalls = 0 if st.chunk_done else st.stalls + 1
        if plan.mode == "late" and out.killed:
            # Even a late kill came before the end: runs take longer now.
            self.durations[kind] *= 1.3
        rec["acked"] = st.absorb(lines, problems, "report")
        report_v = check_index(self.bins, st, problems)
        self.note_index(rec, report_v)
        return problems

    def compact_trial(self, st, rng, rec):
        problems = []
        d = self.trial_dir()
        rounds = 0
        while st.segments < 2 and rounds < 3:
            # Segments to compact: an uninterrupted ingest without merges.
            chunk = st.next_chunk(rng)
            report = os.path.join(d, "setup-%d.jsonl" % rounds)
            flush = rng.choice([40, 60, 80])
            rc, _, err = run_quiet(self.ingest_cmd(st.db, report, chunk,
                                                   flush, no_merge=True))
            lines, bad = read_report(report)
            problems.extend(bad)
            st.absorb(lines, problems, "setup report")
            if rc != 0:
                problems.append("setup ingest exited %s: %s"
                                % (rc, err.strip()[-1000:]))
                return problems
            st.chunk_done = True
            check_index(self.bins, st, problems)
            if problems:
                return problems
            rounds += 1
        before = dict(st.stored)
        start = Snap(st.db)
        watcher = Watcher(st.db, start)
        full = self.durations["compact"]
        roll = rng.randrange(100)
        late = full * rng.uniform(0.8, 1.5)
        if roll < 10:
            plan = Plan("early", rng.uniform(0, min(0.05, full * 0.2)))
        elif roll < 55:
            plan = Plan("random", rng.uniform(0, full))
        elif roll < 78:
            plan = Plan("output-file", late, watcher.output_file,
                        rng.uniform(0, full * 0.5))
        elif roll < 88:
            plan = Plan("output-renamed", late, watcher.output_renamed,
                        rng.uniform(0, 0.0005))
        elif roll < 94:
            plan = Plan("manifest-tmp", late, watcher.manifest_tmp)
        else:
            plan = Plan("manifest-changed", late, watcher.manifest_changed,
                        rng.uniform(0, 0.001))
        cmd = [self.bins["ddtool"], "compact", "--db", st.db, "--json"]
        if rng.random() < 0.3:
            cmd.append("--keep-blocks")
        rec.update(chunk=st.chunk, mode=plan.mode, plan=plan.describe(),
                   cmd=" ".join(cmd), segments_before=st.segments)
        out = run_with_plan(cmd, plan, d, watcher)
        end = Snap(st.db)
        watcher.poll_manifest()
        self.finish_run(rec, out)
        if out.killed:
            rec["phase"] = compact_phase(start, end, watcher.ever_named)
        else:
            rec["phase"] = "completed"
            if out.rc != 0:
                problems.append("compact exited %s: %s"
                                % (out.rc, out.stderr.strip()[-1000:]))
            else:
                self.learn("compact", out.elapsed)
        rec["acked"] = 0
        report_v = check_index(self.bins, st, problems)
        self.note_index(rec, report_v)
        changed = [(u, before[u], st.stored.get(u)) for u in before
                   if st.stored.get(u) != before[u]]
        if changed or len(st.stored) != len(before):
            problems.append(
                "compaction changed %d pages' (doc id, cluster) and the "
                "count from %d to %d, e.g. %s" % (
                    len(changed), len(before), len(st.stored),
                    changed[:1]))
        if not out.killed and out.rc == 0 and report_v is not None:
            if report_v.get("segments", 0) > 1 or report_v.get("wal_docs"):
                problems.append("a completed compaction left %s segments "
                                "and %s pages in the WAL"
                                % (report_v.get("segments"),
                                   report_v.get("wal_docs")))
        return problems

    def serve_trial(self, st, rng, rec, finish=False):
        chunk = st.next_chunk(rng) if not finish \
            else st.unit or st.next_chunk(rng)
        d = self.trial_dir("-finish" if finish else "")
        start = Snap(st.db)
        load = ServeLoad(self, st, chunk, rng, threads=rng.randint(2, 6),
                         out_dir=d)
        opened = self.durations["serve-open"]
        full = self.durations["serve"]
        roll = rng.randrange(100)
        if finish:
            mode, at = "sigterm", None
        elif roll < 10:
            mode, at = "early", rng.uniform(0, opened * 1.2)
        elif roll < 55:
            mode, at = "random", rng.uniform(0, full)
        elif roll < 72:
            mode, at = "after-answers", rng.randint(1, max(1, len(
                chunk.lines) // 4))
        elif roll < 85:
            mode, at = "wal-grew", start.wal_bytes() + rng.randint(
                1, self.wal_growth)
        else:
            mode, at = "idle", rng.uniform(0, 0.2)
        extra = rng.uniform(0, 0.005)
        rec.update(chunk=st.chunk, mode=mode, threads=load.nthreads,
                   plan="%s %s (+%.2f ms)" % (mode, at, extra * 1000),
                   cmd=" ".join(load.cmd))
        problems = []
        t0 = time.monotonic()
        load.start_server()
        wal_dir = os.path.join(st.db, "wal")
        fired = None
        killed_state = None
        while True:
            now = time.monotonic() - t0
            if load.proc.poll() is not None:
                break
            if load.listening.is_set() and not load.clients:
                load.start_clients()
                t_load = time.monotonic()
            if finish:
                if load.done.is_set():
                    load.proc.send_signal(signal.SIGTERM)
                    break
            elif mode == "early":
                fired = at
            elif mode == "random" and load.clients:
                if time.monotonic() - t_load >= at:
                    fired = now
            elif mode == "after-answers":
                if load.answered_requests >= at or load.done.is_set():
                    fired = fired or now + extra
            elif mode == "wal-grew" and load.clients:
                size = sum(file_size(os.path.join(wal_dir, n))
                           for n in listdir(wal_dir))
                if size >= at or load.done.is_set():
                    fired = fired or now + extra
            elif mode == "idle" and load.done.is_set():
                fired = fired or now + at
            if mode == "random" and load.done.is_set() and fired is None:
                fired = now
            if fired is not None and now >= fired:
                load.killing = True
                killed_state = (load.listening.is_set(), load.in_flight,
                                task_names(load.proc.pid))
                load.proc.kill()
                rec["kill_ms"] = round(now * 1000, 2)
                break
            if now > 600:
                problems.append("serve trial ran over 600 s")
                load.killing = True
                load.proc.kill()
                break
            time.sleep(0.0005)
        try:
            rc = load.proc.wait(300)
        except subprocess.TimeoutExpired:
            load.proc.kill()
            rc = load.proc.wait()
            problems.append("serve did not stop within 300 s of SIGTERM")
        load.stop()
        rec["seconds_run"] = round(time.monotonic() - t0, 3)
        rec["killed"] = rc == -signal.SIGKILL
        rec["rc"] = rc
        if rec["killed"]:
            self.kill_count += 1
            listening, in_flight, threads = killed_state or (True, 0, [])
            end = Snap(st.db)
            m = end.manifest
            flushing = m is not None and (
                end.newest_wal() > max(m.wal_gen, start.newest_wal())
                or any(n.startswith(TMP_PREFIX) and n not in start.segs
                       for n in end.segs))
            busy = "mid-request" if in_flight > 0 else "idle"
            if m is None and start.manifest is None:
                rec["phase"] = "create-index"
            elif not listening:
                rec["phase"] = "open"
            elif flushing:
                rec["phase"] = "flush-" + busy
            else:
                rec["phase"] = busy
            rec["in_flight"] = in_flight
        else:
            rec["phase"] = "sigterm" if finish else "completed"
            if rc != 0:
                problems.append("serve exited %s: %s"
                                % (rc, load.stderr()[-1000:]))
        problems.extend(load.errors)
        rec["acked"] = st.absorb(load.answers, problems, "HTTP answer")
        rec["requests"] = load.answered_requests
        if load.done.is_set() and not load.errors:
            st.chunk_done = True
            if not finish and load.t_done:
                self.learn("serve", load.t_done - t_load)
        report_v = check_index(self.bins, st, problems, complete=finish)
        self.note_index(rec, report_v)
        return problems

    def finish_run(self, rec, out):
        if rec.get("mode") not in ("random", "early", "late") \
                and out.fired_at is None:
            # The event never came: killed at the fallback time.
            rec["planned"] = rec["mode"]
            rec["mode"] = "deadline"
        rec["killed"] = out.killed
        rec["rc"] = out.rc
        rec["seconds_run"] = round(out.elapsed, 3)
        if out.killed:
            self.kill_count += 1
            rec["kill_ms"] = round(out.kill_at * 1000, 2)
            if out.fired_at is not None:
                rec["fired_ms"] = round(out.fired_at * 1000, 2)
            rec["threads"] = sorted(set(t for t in out.threads
                                        if t.startswith("dedupdb-")))

    def note_index(self, rec, report_v):
        if report_v:
            rec["segments"] = report_v.get("segments")
            rec["wal_docs"] = report_v.get("wal_docs")
            rec["live"] = report_v.get("live_docs")

    # ---- epochs

    def finish_epoch(self, st, rng):
        """Completes the chunk left unfinished and checks that every page
        fed is stored exactly once; returns problems."""
        problems = []
        if st.kind == "serve":
            rec = {"trial": "finish", "kind": st.kind}
            problems = self.serve_trial(st, rng, rec, finish=True)
            return problems
        if st.kind == "compact":
            check_index(self.bins, st, problems, complete=True)
            return problems
        if st.chunk_done or st.unit is None:
            check_index(self.bins, st, problems, complete=True)
            return problems
        chunk = st.unit
        d = self.trial_dir("-finish")
        report = os.path.join(d, "finish.jsonl")
        rc, _, err = run_quiet(self.ingest_cmd(st.db, report, chunk, 100))
        lines, bad = read_report(report)
        problems.extend(bad)
        st.absorb(lines, problems, "finishing report")
        if rc != 0:
            problems.append("finishing ingest exited %s: %s"
                            % (rc, err.strip()[-1000:]))
        check_index(self.bins, st, problems, complete=True)
        return problems

    def trial(self, kind, st):
        trial_seed = self.rng.getrandbits(32)
        rng = random.Random(trial_seed)
        self.trial_no += 1
        t = time.monotonic()
        epoch_problems = []
        if st.db is not None and not st.fresh and st.trials >= st.length:
            epoch_problems = self.finish_epoch(st, rng)
            if epoch_problems:
                self.fail({"trial": self.trial_no, "kind": kind,
                           "seed": trial_seed, "epoch": st.epoch,
                           "phase": "epoch-end", "plan": "finishing run",
                           "db": st.db}, epoch_problems, st)
            st.fresh = True
        if st.db is None or st.fresh:
            st.new_epoch(rng)
        st.trials += 1
        rec = {"trial": self.trial_no, "kind": kind, "seed": trial_seed,
               "epoch": st.epoch, "db": st.db}
        try:
            if kind == "compact":
                problems = self.compact_trial(st, rng, rec)
            elif kind == "serve":
                problems = self.serve_trial(st, rng, rec)
            else:
                problems = self.ingest_trial(st, rng, rec)
        except Exception:
            problems = ["script error: " + traceback.format_exc()]
        rec.setdefault("phase", "script-error")
        rec.setdefault("mode", "?")
        rec["seconds"] = round(time.monotonic() - t, 3)
        rec["problems"] = problems
        self.kind_seconds[kind] += time.monotonic() - t
        self.records.append(rec)
        self.trials_log.write(json.dumps(rec, ensure_ascii=False) + "\n")
        self.trials_log.flush()
        if problems:
            self.fail(rec, problems, st)
            st.fresh = True
        status = "FAIL" if problems else "ok"
        log("trial %4d %-7s e%-3d %-16s %-16s %s acked %4s seg %s wal %s"
            " %.1fs %s" % (
                self.trial_no, kind, st.epoch, rec.get("mode"),
                rec.get("phase"),
                "killed at %7.1f ms" % rec["kill_ms"] if rec.get("killed")
                else "ran to the end    ",
                rec.get("acked", 0), rec.get("segments", "-"),
                rec.get("wal_docs", "-"), rec["seconds"], status))

    def fail(self, rec, problems, st):
        keep = os.path.join(self.work, "failed", "trial-%04d-%s"
                            % (self.trial_no, rec["kind"]))
        if st.db and os.path.isdir(st.db) and not os.path.exists(keep):
            shutil.copytree(st.db, keep, symlinks=True)
        entry = {"trial": rec["trial"], "kind": rec["kind"],
                 "campaign_seed": self.seed, "trial_seed": rec.get("seed"),
                 "epoch": rec.get("epoch"), "kill": rec.get("plan"),
                 "kill_ms": rec.get("kill_ms"), "phase": rec.get("phase"),
                 "cmd": rec.get("cmd"), "index": keep,
                 "problems": problems}
        self.failures.append(entry)
        log("FAILURE in trial %s (%s, campaign seed %s, trial seed %s): "
            "kill %s at %s ms, phase %s\n  command: %s\n  index kept: %s\n"
            "  %s" % (rec["trial"], rec["kind"], self.seed, rec.get("seed"),
                      rec.get("plan"), rec.get("kill_ms"), rec.get("phase"),
                      rec.get("cmd"), keep, "\n  ".join(problems)))

    def run(self, kinds, chunks):
        states = {k: KindState(k, self.work, chunks) for k in kinds}
        weights = [WEIGHTS[k] for k in kinds]
        deadline = self.args.seconds
        while self.kill_count < self.args.trials:
            if deadline and time.monotonic() - self.t0 >= deadline:
                log("time bound of %s s reached" % deadline)
                break
            kind = self.rng.choices(kinds, weights)[0]
            self.trial(kind, states[kind])
        self.trials_log.close()

    # ---- the summary

    def summary(self):
        table = {}
        for r in self.records:
            cell = table.setdefault(r["kind"], {}).setdefault(
                r["phase"], {"trials": 0, "failures": 0, "seconds": 0.0})
            cell["trials"] += 1
            cell["failures"] += int(bool(r["problems"]))
            cell["seconds"] = round(cell["seconds"] + r["seconds"], 3)
        kinds = {}
        for k in KINDS:
            rs = [r for r in self.records if r["kind"] == k]
            if not rs:
                continue
            modes = {}
            for r in rs:
                modes[r["mode"]] = modes.get(r["mode"], 0) + 1
            kinds[k] = {
                "trials": len(rs),
                "killed": sum(1 for r in rs if r.get("killed")),
                "failures": sum(1 for r in rs if r["problems"]),
                "acked": sum(r.get("acked", 0) for r in rs),
                "seconds": round(self.kind_seconds[k], 1),
                "modes": modes}
        return {
            "campaign_seed": self.seed,
            "started": self.started,
            "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
            "seconds": round(time.monotonic() - self.t0, 1),
            "trials": len(self.records),
            "killed": self.kill_count,
            "failures": len(self.failures),
            "failure_details": self.failures,
            "kinds": kinds,
            "phases": table,
            "calibration": self.calibration,
            "work": self.work,
            "bin_dir": self.args.bin_dir,
        }


def print_table(s, out):
    """The kind x phase table and the per-kind totals."""
    w = out.write
    w("\n%-8s %-18s %7s %9s %9s\n"
      % ("kind", "phase", "trials", "failures", "seconds"))
    for kind in KINDS:
        for phase, c in sorted(s["phases"].get(kind, {}).items()):
            w("%-8s %-18s %7d %9d %9.1f\n"
              % (kind, phase, c["trials"], c["failures"], c["seconds"]))
    w("\n%-8s %7s %7s %9s %8s %9s  %s\n" % (
        "kind", "trials", "killed", "failures", "acked", "seconds",
        "kill moments"))
    for kind, k in s["kinds"].items():
        modes = ", ".join("%s %d" % m for m in sorted(k["modes"].items()))
        w("%-8s %7d %7d %9d %8d %9.1f  %s\n" % (
            kind, k["trials"], k["killed"], k["failures"], k["acked"],
            k["seconds"], modes))
    w("%-8s %7d %7d %9d %8d %9.1f\n" % (
        "total", s["trials"], s["killed"], s["failures"],
        sum(k["acked"] for k in s["kinds"].values()), s["seconds"]))
    w("campaign seed %s, %s to %s\n"
      % (s["campaign_seed"], s["started"], s["date"]))


# --------------------------------------------------------------------------
# Serve: the server and its clients


class ServeLoad:
    """A ``dedupdb serve`` process and client threads POSTing a chunk."""

    def __init__(self, campaign, st, chunk, rng, threads, out_dir):
        self.bins = campaign.bins
        self.st = st
        self.nthreads = threads
        self.out_dir = out_dir
        # A small flush size, so that kills also land in the service's flushes and merges.
        self.cmd = [self.bins["dedupdb"], "serve", "--db", st.db,
                    "--listen", "127.0.0.1:0",
                    "--flush-docs", str(rng.choice((40, 100, 300)))]
        pages = chunk.pages()
        self.groups = []
        i = 0
        while i < len(pages):
            n = rng.randint(1, 8)
            self.groups.append(pages[i:i + n])
            i += n
        self.single = [rng.random() < 0.5 for _ in self.groups]
        self.lock = threading.Lock()
        self.next_group = 0
        self.in_flight = 0
        self.answered_requests = 0
        self.answers = []
        self.errors = []
        self.killing = False
        self.listening = threading.Event()
        self.done = threading.Event()
        self.t_done = None
        self.clients = []
        self.addr = None
        self.proc = None

    def start_server(self):
        self.err = open(os.path.join(self.out_dir, "serve-stderr.txt"), "w")
        self.proc = subprocess.Popen(self.cmd, env=ENV,
                                     stdout=subprocess.PIPE, stderr=self.err)
        self.reader = threading.Thread(target=self._read_stdout, daemon=True)
        self.reader.start()

    def _read_stdout(self):
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", "replace").strip()
            m = re.search(r"listening on http://([^\s:]+):(\d+)", line)
            if m and self.addr is None:
                self.addr = (m.group(1), int(m.group(2)))
                self.listening.set()

    def get_json(self, path):
        conn = http.client.HTTPConnection(*self.addr, timeout=60)
        try:
            conn.request("GET", path)
            r = conn.getresponse()
            return json.loads(r.read()) if r.status == 200 else None
        finally:
            conn.close()

    def start_clients(self):
        for _ in range(self.nthreads):
            t = threading.Thread(target=self._client, daemon=True)
            t.start()
            self.clients.append(t)

    def _client(self):
        conn = None
        while True:
            with self.lock:
                if self.killing or self.next_group >= len(self.groups):
                    break
                g = self.next_group
                self.next_group += 1
                self.in_flight += 1
            group = self.groups[g]
            single = self.single[g] and len(group) == 1
            body = json.dumps(group[0] if single else {"pages": group},
                              ensure_ascii=False).encode("utf-8")
            status, data, error = None, None, None
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(*self.addr, timeout=120)
                conn.request("POST", "/v1/ingest", body,
                             {"Content-Type": "application/json"})
                r = conn.getresponse()
                status = r.status
                data = r.read()
            except (OSError, http.client.HTTPException) as e:
                error = e
                conn = None
            with self.lock:
                self.in_flight -= 1
                if error is not None or status != 200:
                    if not self.killing:
                        self.errors.append(
                            "request %d before the kill: %s %s" % (
                                g, error or status,
                                (data or b"")[:300].decode("utf-8",
                                                           "replace")))
                    break
                try:
                    v = json.loads(data)
                    got = [v] if single else v["pages"]
                    if len(got) != len(group):
                        self.errors.append("request %d: %d answers for %d "
                                           "pages" % (g, len(got),
                                                      len(group)))
                    self.answers.extend(got)
                except (ValueError, KeyError, TypeError) as e:
                    self.errors.append("request %d: bad answer %s: %r"
                                       % (g, e, data[:300]))
                self.answered_requests += 1
                if self.answered_requests == len(self.groups):
                    self.t_done = time.monotonic()
                    self.done.set()
        if conn is not None:
            conn.close()

    def wait_done(self, timeout):
        if not self.done.wait(timeout):
            raise SystemExit("serve load did not finish in %s s" % timeout)

    def stop(self):
        self.killing = True
        for t in self.clients:
            t.join(150)
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.reader.join(10)
        self.err.close()

    def stderr(self):
        with open(self.err.name, errors="replace") as f:
            return f.read()


# --------------------------------------------------------------------------


def parse_args(argv):
    p = argparse.ArgumentParser(
        description="SIGKILL campaign on dedupdb ingest, background merges, "
        "ddtool compact and dedupdb serve (see the module docstring).")
    p.add_argument("--trials", type=int, default=1000,
                   help="trials that end in a SIGKILL (default 1000)")
    p.add_argument("--seconds", type=float, default=0,
                   help="start no trial after this many seconds (0: none)")
    p.add_argument("--seed", type=int, default=None,
                   help="campaign seed (default: random, printed)")
    p.add_argument("--work", help="scratch directory outside the repository "
                   "(default: a new temporary directory)")
    p.add_argument("--bin-dir", default=os.path.join(REPO, "target", "debug"),
                   help="where dedupdb and ddtool are (default: "
                   "target/debug of the repository)")
    p.add_argument("--json", action="store_true",
                   help="print a JSON summary on stdout (the table goes to "
                   "stderr)")
    p.add_argument("--kinds", default=",".join(KINDS),
                   help="kinds of trial, comma-separated (default: all)")
    p.add_argument("--pages", type=int, default=300,
                   help="pages in a chunk, about (default 300)")
    p.add_argument("--chunks", type=int, default=30,
                   help="chunks the crawl is cut into (default 30)")
    p.add_argument("--input", choices=["simulate", "builtin"],
                   default="simulate",
                   help="the crawl: ddtool simulate --builtin-text, or "
                   "pages this script writes (default simulate)")
    p.add_argument("--keep", action="store_true",
                   help="keep the work directory")
    args = p.parse_args(argv)
    if args.seed is None:
        args.seed = int.from_bytes(os.urandom(4), "little")
    return args


def main(argv):
    args = parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    bad = [k for k in kinds if k not in KINDS]
    if bad or not kinds:
        raise SystemExit("unknown kinds %s; choose from %s" % (bad, KINDS))
    bins = {n: os.path.join(args.bin_dir, n) for n in ("dedupdb", "ddtool")}
    for name, path in bins.items():
        if not os.access(path, os.X_OK):
            raise SystemExit("%s not found at %s (cargo build --workspace, "
                             "or --bin-dir)" % (name, path))
    made_work = args.work is None
    if made_work:
        args.work = tempfile.mkdtemp(prefix="dedupdb-kill-campaign-")
    args.work = os.path.abspath(args.work)
    if os.path.commonpath([args.work, REPO]) == REPO:
        raise SystemExit("--work must lie outside the repository")
    os.makedirs(os.path.join(args.work, "bin"), exist_ok=True)
    # The campaign runs one build throughout, even if target/ is rebuilt.
    for name, path in list(bins.items()):
        bins[name] = os.path.join(args.work, "bin", name)
        shutil.copy2(path, bins[name])
    log("kill campaign: seed %d, work %s, binaries %s"
        % (args.seed, args.work, args.bin_dir))
    campaign = Campaign(args, bins)
    chunks, source = make_chunks(bins, args.work, args.pages,
                                 max(args.chunks, 6), args.seed, args.input)
    log("crawl: %d chunks of %d to %d pages (%s)"
        % (len(chunks), min(len(c.lines) for c in chunks),
           max(len(c.lines) for c in chunks), source))
    campaign.calibrate(chunks)
    campaign.run(kinds, chunks)
    s = campaign.summary()
    s["input"] = source
    if args.json:
        print_table(s, sys.stderr)
        json.dump(s, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print_table(s, sys.stdout)
    if s["failures"]:
        log("%d failures; the work directory %s is kept"
            % (s["failures"], args.work))
        return 1
    if made_work and not args.keep:
        shutil.rmtree(args.work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
