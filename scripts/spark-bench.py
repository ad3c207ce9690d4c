#!/usr/bin/env python3
"""Measures the Spark job against single-node ingest on one crawl: agreement, wall time, shuffle.

    scripts/spark-bench.py --master 'local[2]' --work /tmp/sb INPUT...

Runs `dedupdb ingest` of INPUT... (once per --work directory; its report is kept), then
`spark-submit spark/dedup_job.py` with Spark's event log on, and prints one JSON line: pages,
wall seconds of the job, shuffle bytes written per page (from the event log), and the share of
pages whose verdict and best match agree with ingest, with the kinds of difference counted.
Needs pyspark (spark-submit beside this Python) and the release binaries (cargo build --release).
"""

import argparse
import collections
import glob
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def decision(v):
    m = v.get("matches") or []
    return v.get("verdict"), (m[0]["url"] if m else None)


def shuffle_bytes(log_dir):
    total = 0
    for path in glob.glob(os.path.join(log_dir, "*")):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if '"SparkListenerTaskEnd"' not in line:
                    continue
                metrics = json.loads(line).get("Task Metrics") or {}
                total += (metrics.get("Shuffle Write Metrics") or {}).get("Shuffle Bytes Written", 0)
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("--master", default="local[2]")
    ap.add_argument("--work", required=True, help="scratch directory (the ingest report is kept here)")
    ap.add_argument("--memory", default="4g", help="driver memory (local mode: the executors too)")
    ap.add_argument("--index", action="store_true", help="also bulk-load an index")
    args = ap.parse_args()
    work = pathlib.Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    inputs = [str(pathlib.Path(p).resolve()) for p in args.inputs]
    report = work / "ingest.jsonl"
    if not report.exists():
        shutil.rmtree(work / "ingest.db", ignore_errors=True)
        subprocess.run([ROOT / "target" / "release" / "dedupdb", "ingest", "--db", work / "ingest.db",
                        "--report", report, *inputs], check=True, capture_output=True)
    tag = args.master.replace("[", "").replace("]", "").replace("*", "all")
    out, log = work / f"out-{tag}", work / f"events-{tag}"
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(log, ignore_errors=True)
    log.mkdir()
    cmd = [pathlib.Path(sys.executable).parent / "spark-submit", "--master", args.master,
           "--driver-memory", args.memory, "--conf", "spark.ui.enabled=false",
           "--conf", "spark.eventLog.enabled=true", "--conf", f"spark.eventLog.dir=file://{log}",
           ROOT / "spark" / "dedup_job.py", "--out", out]
    if args.index:
        cmd += ["--index", out / "dedup.db"]
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, SPARK_LOCAL_IP="127.0.0.1")
    t0 = time.time()
    run = subprocess.run([str(c) for c in cmd + inputs], env=env, capture_output=True, text=True)
    wall = time.time() - t0
    if run.returncode != 0:
        sys.exit(f"the job failed ({run.returncode}):\n{run.stderr[-3000:]}")
    said = [x[x.index('{"records"'):] for x in run.stdout.splitlines() if '{"records"' in x]
    summary = json.loads(said[-1]) if said else {}
    ingest = [json.loads(x) for x in report.read_text(encoding="utf-8").splitlines() if x.strip()]
    parts = sorted((out / "report").glob("part-*"))
    spark = [json.loads(x) for p in parts for x in p.read_text(encoding="utf-8").splitlines() if x.strip()]
    if len(spark) != len(ingest):
        sys.exit(f"{len(spark)} report lines, ingest wrote {len(ingest)}")
    differ = collections.Counter()
    for a, b in zip(ingest, spark):
        if decision(a) != decision(b):
            same_match = decision(a)[1] == decision(b)[1]
            differ[f"{a['verdict']}->{b['verdict']}" + ("" if same_match else " (another best match)")] += 1
    n = len(ingest)
    print(json.dumps({
        "master": args.master, "pages": n, "wall_s": round(wall, 1), "rounds": summary.get("rounds"),
        "cluster_keys": summary.get("cluster_keys"), "pruned_keys": summary.get("pruned_keys"),
        "shuffle_bytes_per_page": round(shuffle_bytes(log) / max(n, 1)),
        "agree": round(1 - sum(differ.values()) / max(n, 1), 5), "differ": dict(differ),
    }))


if __name__ == "__main__":
    main()
