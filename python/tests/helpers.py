"""What the Python tests share: the example crawl and the CLI's report of it."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CRAWL = ROOT / "examples" / "crawl-day1.jsonl"


def pages(crawl=CRAWL):
    """The crawl's lines as dicts."""
    return [json.loads(line) for line in crawl.read_text(encoding="utf-8").splitlines() if line.strip()]


def cli():
    """The dedupdb binary of this checkout (.ci/run sets DEDUPDB_BIN)."""
    path = os.environ.get("DEDUPDB_BIN", str(ROOT / "target" / "debug" / "dedupdb"))
    if not os.path.exists(path):
        pytest.fail(f"no dedupdb binary at {path}: build it (cargo build) or set DEDUPDB_BIN")
    return path


def cli_report(tmp_path, crawl=CRAWL):
    """The report lines of `dedupdb ingest` of `crawl` into a new index."""
    report = tmp_path / "report.jsonl"
    subprocess.run([cli(), "ingest", "--db", str(tmp_path / "cli.db"), "--report", str(report), str(crawl)],
                   check=True, capture_output=True)
    return [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]


def comparable(line):
    """A report line without where the page came from (a file and line, or the page's URL)."""
    line = dict(line)
    line.pop("location", None)
    if line.get("error"):
        line["error"] = line["error"].rsplit(": ", 1)[-1]
    return line
