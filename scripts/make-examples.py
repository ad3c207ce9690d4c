#!/usr/bin/env python3
"""Builds the bundled example crawl in examples/ from the hand-written pages in tests/fixtures.

Day 1 is JSONL, day 2 is WARC.gz (one gzip member per record, HTTP headers with charsets, a GBK
page, and an image record that ingest skips). Deterministic: rerunning gives the same bytes.
"""
import gzip
import io
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIX = os.path.join(ROOT, "tests", "fixtures")
OUT = os.path.join(ROOT, "examples")

DAY1 = [
    ("http://qingchuan-daily.example.cn/city/2026/0318/yudaihe.html", "article1_site_a.html", "2026-03-18T09:00:00+08:00"),
    ("http://qingchuan-daily.example.cn/econ/2026/0318/report.html", "article2_halfwidth.html", "2026-03-18T09:30:00+08:00"),
    ("http://nanping-news.example.cn/edu/2026/0318/sports.html", "heavy_template_article3.html", "2026-03-18T10:00:00+08:00"),
    ("http://weather.example.cn/qingchuan/0305.html", "bulletin_weather_day1.html", "2026-03-18T10:30:00+08:00"),
    ("http://bbs.example.cn/thread-1024-1-1.html", "forum_thread.html", "2026-03-18T11:00:00+08:00"),
    ("http://jlrx.example.com/", "nav_only.html", "2026-03-18T11:30:00+08:00"),
]
DAY2 = [
    ("http://jlrx.example.com/news/local/2026/0319/yudaihe.html", "article1_gbk.html", "gbk"),
    ("http://guanchao.example.net/city/0319/yudaihe-excerpt.html", "article1_excerpt_site_c.html", "utf-8"),
    ("http://qingchuan-daily.example.cn/city/2026/0319/yudaihe-v2.html", "article1_reordered.html", "utf-8"),
    ("http://portal.example.com/finance/0319/report.html", "article2_fullwidth.html", "utf-8"),
    ("http://nanping-news.example.cn/health/2026/0319/hospital.html", "heavy_template_article4.html", "utf-8"),
    ("http://weather.example.cn/qingchuan/0306.html", "bulletin_weather_day2.html", "utf-8"),
    ("http://guanchao.example.net/weekly/0319/digest.html", "digest_site_c.html", "utf-8"),
]


def day1():
    with open(os.path.join(OUT, "crawl-day1.jsonl"), "w", encoding="utf-8", newline="\n") as out:
        for url, name, when in DAY1:
            html = open(os.path.join(FIX, name), encoding="utf-8").read()
            out.write(json.dumps({"url": url, "html": html, "fetched_at": when}, ensure_ascii=False) + "\n")


def record(url, payload, content_type, date):
    http = (f"HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {len(payload)}\r\n\r\n").encode()
    block = http + payload
    head = (
        "WARC/1.1\r\nWARC-Type: response\r\n"
        f"WARC-Target-URI: {url}\r\nWARC-Date: {date}\r\n"
        "Content-Type: application/http; msgtype=response\r\n"
        f"Content-Length: {len(block)}\r\n\r\n"
    ).encode()
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as gz:
        gz.write(head + block + b"\r\n\r\n")
    return buf.getvalue()


def day2():
    with open(os.path.join(OUT, "crawl-day2.warc.gz"), "wb") as out:
        for i, (url, name, charset) in enumerate(DAY2):
            payload = open(os.path.join(FIX, name), "rb").read()
            out.write(record(url, payload, f"text/html; charset={charset}", f"2026-03-19T0{i}:00:00Z"))
        # Not a page: ingest counts it as skipped.
        png = b"\x89PNG\r\n\x1a\n" + bytes(32)
        out.write(record("http://qingchuan-daily.example.cn/logo.png", png, "image/png", "2026-03-19T09:00:00Z"))


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    day1()
    day2()
