"""The Spark job (spark/dedup_job.py) in local[2] on a small simulated crawl, with a bad record in
the middle of its first file: its report is the one `dedupdb ingest` writes, its bulk-loaded
index verifies clean, answers `dedupdb query` as the ingested one and takes the next day's ingest.

Needs pyspark and Java; .ci/run installs both and sets DEDUPDB_REQUIRE_SPARK=1, under which a
missing one fails instead of skipping.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from helpers import ROOT, cli


def _need(what, ok):
    if not ok:
        if os.environ.get("DEDUPDB_REQUIRE_SPARK") == "1":
            pytest.fail(f"{what} is missing (DEDUPDB_REQUIRE_SPARK=1)")
        pytest.skip(f"{what} is missing")


def _lines(path):
    return [json.loads(x) for x in pathlib.Path(path).read_text(encoding="utf-8").splitlines() if x.strip()]


def _run(args, **kw):
    out = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kw)
    assert out.returncode == 0, f"{args[0]} failed ({out.returncode}):\n{out.stderr[-3000:]}"
    return out


@pytest.fixture(scope="module")
def job(tmp_path_factory):
    spark_submit = pathlib.Path(sys.executable).parent / "spark-submit"
    _need("pyspark (spark-submit)", spark_submit.exists())
    _need("java", shutil.which("java") is not None)
    tmp = tmp_path_factory.mktemp("spark")
    ddtool = pathlib.Path(cli()).with_name("ddtool")
    _run([ddtool, "simulate", "--builtin-text", "--out", tmp / "sim", "--pages", "360", "--days", "3", "--seed", "5"])
    day1 = (tmp / "sim" / "day-01" / "crawl.jsonl").read_text(encoding="utf-8").splitlines()
    bad_at = len(day1) // 2
    day1.insert(bad_at, '{"url": "http://bad.example/cut", "html": "<p>')
    first = tmp / "day1.jsonl"
    first.write_text("\n".join(day1) + "\n", encoding="utf-8")
    second = tmp / "sim" / "day-02" / "crawl.warc.gz"
    inputs = [first, second]
    _run([cli(), "ingest", "--db", tmp / "ingested.db", "--report", tmp / "ingest.jsonl", *inputs])
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, SPARK_LOCAL_IP="127.0.0.1")
    _run([spark_submit, "--master", "local[2]", "--conf", "spark.ui.enabled=false", ROOT / "spark" / "dedup_job.py",
          "--out", tmp / "out", "--index", tmp / "bulk.db", *inputs], env=env)
    parts = sorted((tmp / "out" / "report").glob("part-*"))
    report = [json.loads(x) for p in parts for x in p.read_text(encoding="utf-8").splitlines() if x.strip()]
    return {"tmp": tmp, "report": report, "ingest": _lines(tmp / "ingest.jsonl"), "bad_at": bad_at}


def test_the_job_reports_what_ingest_reports(job):
    report, ingest = job["report"], job["ingest"]
    assert len(report) == len(ingest), "one line per input record"
    verdicts = {line["verdict"] for line in ingest}
    assert {"new", "exact", "duplicate", "error"} <= verdicts, verdicts
    for i, (a, b) in enumerate(zip(ingest, report)):
        assert a == b, f"record {i}:\ningest {a}\nspark  {b}"


def test_a_bad_record_is_an_error_line_and_the_job_goes_on(job):
    line = job["report"][job["bad_at"]]
    assert line["verdict"] == "error"
    assert f"day1.jsonl:{job['bad_at'] + 1}" in line["error"], line["error"]
    assert job["report"][job["bad_at"] + 1]["verdict"] != "error"


def test_the_bulk_index_verifies_answers_and_continues_as_an_ingested_one(job):
    tmp = job["tmp"]
    ddtool = pathlib.Path(cli()).with_name("ddtool")
    verified = _run([ddtool, "verify", "--db", tmp / "bulk.db", "--json"])
    assert json.loads(verified.stdout)["problems"] == [], verified.stdout
    later = tmp / "sim" / "day-03" / "crawl.jsonl"
    answers = {}
    for db in ("ingested.db", "bulk.db"):
        out = _run([cli(), "query", "--json", "--db", tmp / db, later])
        answers[db] = [json.loads(x) for x in out.stdout.splitlines() if x.strip()]
    assert len(answers["bulk.db"]) > 100
    assert answers["bulk.db"] == answers["ingested.db"]
    for db in ("ingested.db", "bulk.db"):
        _run([cli(), "ingest", "--db", tmp / db, "--report", tmp / f"{db}.day3.jsonl", later])
    assert _lines(tmp / "bulk.db.day3.jsonl") == _lines(tmp / "ingested.db.day3.jsonl")


def test_parquet_holds_the_report_ingest_writes(tmp_path):
    spark_submit = pathlib.Path(sys.executable).parent / "spark-submit"
    _need("pyspark (spark-submit)", spark_submit.exists())
    _need("java", shutil.which("java") is not None)
    inputs = [ROOT / "examples" / "crawl-day1.jsonl", ROOT / "examples" / "crawl-day2.warc.gz"]
    _run([cli(), "ingest", "--db", tmp_path / "db", "--report", tmp_path / "ingest.jsonl", *inputs])
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, SPARK_LOCAL_IP="127.0.0.1")
    done = _run([spark_submit, "--master", "local[1]", "--conf", "spark.ui.enabled=false",
                 ROOT / "spark" / "dedup_job.py", "--out", tmp_path / "out", "--format", "parquet", *inputs], env=env)
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["records"] == len(_lines(tmp_path / "ingest.jsonl"))
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false").getOrCreate()
    try:
        rows = spark.read.parquet(str(tmp_path / "out" / "report")).collect()
    finally:
        spark.stop()
    got = sorted((r["location"], r["verdict"], r["cluster"], [m["url"] for m in r["matches"] or []]) for r in rows)
    want = sorted((v["location"], v["verdict"], v["cluster"], [m["url"] for m in v["matches"]])
                  for v in _lines(tmp_path / "ingest.jsonl"))
    assert got == want
