#!/usr/bin/env python3
"""Dedup a crawl on Apache Spark with dedupdb's answers, and bulk-load it into a dedupdb index.

    spark-submit spark/dedup_job.py --out OUT [--index DB] [--params P.json] [--format parquet] INPUT...

INPUT is any path Spark reads (local, hdfs://, s3a://), a glob or a directory, of JSONL, JSONL.gz,
WARC or WARC.gz files. Files are taken in the order given, each glob's or directory's sorted by
name, and records in file order: that is the crawl order, as `dedupdb ingest INPUT...` reads
them, and every page is judged against the pages before it. OUT/report/ gets one line per input
record, the schema of `dedupdb ingest --report` (JSONL parts, or Parquet with --format parquet),
in crawl order. With --index, DB (a path every executor and the driver can write: local in
local mode, a shared file system on a cluster) becomes a dedupdb index of every stored page,
which `dedupdb ingest` continues.

The stages (see `dedupdb.batch`): analyze each file in an executor; per URL, skip unchanged
revisits and let changed ones replace; number the stored pages in crawl order; group the keys
and read each key's earlier holders as the index would have had them (pruned by the caps of
compaction, long lists cut to their newest); rank each page's candidates; bring it their texts
and verify with TLCS; clusters by pointer jumping over the verified joins only; then segments
written in parallel, and the manifest and catalog.

Exit codes: 0 success (whatever the verdicts), 1 failure, 2 usage error.
"""

import argparse
import json
import os
import sys

SEGMENT_DOCS = 50_000  # documents per bulk-loaded segment (dedupdb::batch::SEGMENT_DOCS)
MAX_ROUNDS = 8  # rounds of reading cluster-dependent keys again (dedupdb::batch::MAX_ROUNDS)
EXTENSIONS = (".jsonl", ".jsonl.gz", ".json", ".warc", ".warc.gz", ".gz")

_BATCH = {}


def batch(params_json):
    """The executor's stages for these parameters, made once per Python worker."""
    b = _BATCH.get(params_json)
    if b is None:
        import dedupdb.batch

        b = _BATCH[params_json] = dedupdb.batch.Batch(json.loads(params_json))
    return b


def local_name(path):
    """A path as the report's locations name it: `file:` left off local files."""
    return path[5:] if path.startswith("file:") else path


def list_inputs(sc, inputs):
    """Every input file, in crawl order, as Hadoop names them (globs and directories expanded,
    each sorted by name)."""
    jvm = sc._jvm
    conf = sc._jsc.hadoopConfiguration()
    files = []
    for given in inputs:
        path = jvm.org.apache.hadoop.fs.Path(given)
        fs = path.getFileSystem(conf)
        matched = fs.globStatus(path)
        if matched is None or len(matched) == 0:
            raise SystemExit(f"dedup_job: {given}: no such file or directory")
        found = []
        for st in matched:
            if st.isDirectory():
                for child in fs.listStatus(st.getPath()):
                    name = child.getPath().toString()
                    if child.isFile() and name.endswith(EXTENSIONS):
                        found.append(name)
            else:
                found.append(st.getPath().toString())
        files.extend(sorted(found))
    return files


def analyze_file(kv, params_json, index_of):
    """One crawl file's records: (order, (url, site, exact, record, answer, location))."""
    path, data = kv
    file = index_of[path]
    name = local_name(path)
    try:
        records = batch(params_json).analyze(name, bytes(data), file)
    except Exception as e:  # a file whose format cannot be told, or that cannot be read
        line = {"url": None, "doc_id": None, "verdict": "error", "cluster": None, "matches": [],
                "error": f"{name}: {e}", "reason": None, "location": name}
        return [(file << 32, (None, "", 0, None, json.dumps(line, ensure_ascii=False), name))]
    return [(r[0], r[1:]) for r in records]


def url_decisions(kv):
    """One URL's stored versions in crawl order: ("S", order, order it replaces or None) for a
    page stored, ("U", order, order of the live version) for an unchanged revisit."""
    _, versions = kv
    out = []
    live = None  # (order, exact) of the live version
    for order, exact in sorted(versions):
        if live is not None and live[1] == exact:
            out.append(("U", order, live[0]))
        else:
            out.append(("S", order, live[0] if live is not None else None))
            live = (order, exact)
    return out


def with_cluster(line, cluster):
    v = json.loads(line)
    v["cluster"] = cluster
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def pointer_jump(spark, parent, parts, max_rounds=64):
    """(doc, root) for (doc, parent) pairs whose parents come earlier: each round halves every
    path to its root (ptr := ptr∘ptr), until no pointer moves. On DataFrames: the rounds' joins
    run in the JVM, with no Python between them."""
    from pyspark.sql import functions as F

    ptr = spark.createDataFrame(parent, "doc long, parent long").repartition(parts, "doc").localCheckpoint()
    for _ in range(max_rounds):
        up = ptr.select(F.col("doc").alias("p"), F.col("parent").alias("pp"))
        step = ptr.join(up, ptr.parent == up.p).select("doc", F.col("pp").alias("parent"), F.col("p").alias("was"))
        step = step.localCheckpoint()
        moved = step.filter(step.parent != step.was).count()
        ptr = step.select("doc", "parent")
        if moved == 0:
            break
    return ptr.rdd.map(lambda r: (r[0], r[1]))


def report_schema():
    from pyspark.sql.types import (ArrayType, DoubleType, LongType, StringType, StructField,
                                   StructType)

    match = StructType([StructField("url", StringType()), StructField("doc_id", LongType()),
                        StructField("relation", StringType()), StructField("resemble", DoubleType()),
                        StructField("contain", DoubleType()), StructField("ccs", DoubleType())])
    return StructType([StructField("url", StringType()), StructField("doc_id", LongType()),
                       StructField("verdict", StringType()), StructField("cluster", LongType()),
                       StructField("matches", ArrayType(match)), StructField("error", StringType()),
                       StructField("reason", StringType()), StructField("location", StringType())])


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="dedup_job.py",
        description="Judge a crawl with dedupdb's answers on Spark; optionally bulk-load it into an index.",
        epilog="Example: spark-submit --master 'local[2]' spark/dedup_job.py --out /tmp/out "
               "--index /tmp/out/dedup.db examples/crawl-day1.jsonl examples/crawl-day2.warc.gz")
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="crawl files, globs or directories, in crawl order")
    p.add_argument("--out", required=True, help="output directory: OUT/report/ gets the report")
    p.add_argument("--index", help="also write a dedupdb index of every stored page here (must not exist)")
    p.add_argument("--params", help="JSON file of index parameters by name (src/params.rs)")
    p.add_argument("--format", choices=["jsonl", "parquet"], default="jsonl", help="report format")
    p.add_argument("--partitions", type=int, default=0, help="shuffle partitions (default: Spark's parallelism × 2)")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    params = {}
    if args.params:
        try:
            with open(args.params, encoding="utf-8") as f:
                params = json.load(f)
        except (OSError, ValueError) as e:
            print(f"dedup_job: --params {args.params}: {e}", file=sys.stderr)
            return 2
        if not isinstance(params, dict):
            print(f"dedup_job: --params {args.params}: not a JSON object of parameters", file=sys.stderr)
            return 2
    import dedupdb
    import dedupdb.batch

    try:
        driver = dedupdb.batch.Batch(params)
    except dedupdb.Error as e:
        print(f"dedup_job: --params {args.params}: {e}", file=sys.stderr)
        return 2
    params_json = json.dumps(params, sort_keys=True)
    if args.index:
        try:
            dedupdb.batch.prepare_index(args.index)
        except dedupdb.Error as e:
            print(f"dedup_job: --index {args.index}: {e}", file=sys.stderr)
            return 1

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark import StorageLevel
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("dedupdb dedup_job").getOrCreate()
    sc = spark.sparkContext
    parts = args.partitions or max(2, sc.defaultParallelism * 2)
    keep = StorageLevel.MEMORY_AND_DISK

    files = list_inputs(sc, args.inputs)
    index_of = {f: i for i, f in enumerate(files)}
    index_b = sc.broadcast(index_of)
    raw = sc.binaryFiles(",".join(files), minPartitions=min(len(files), parts))
    # order -> (url, site, exact, record, answer, location)
    analyzed = raw.flatMap(lambda kv: analyze_file(kv, params_json, index_b.value)).persist(keep)
    pages = analyzed.filter(lambda r: r[1][3] is not None)

    # Per URL: stored or unchanged; doc ids in crawl order over the stored pages.
    decisions = (pages.map(lambda r: (r[1][0], (r[0], r[1][2]))).groupByKey(parts)
                 .flatMap(url_decisions).persist(keep))
    stored = decisions.filter(lambda d: d[0] == "S").map(lambda d: (d[1], d[2]))  # order -> replaced order
    doc_of = stored.keys().sortBy(lambda o: o, numPartitions=parts).zipWithIndex() \
        .mapValues(lambda i: i + 1).persist(keep)  # order -> doc id
    stored_docs = stored.join(doc_of, parts)  # order -> (replaced order, doc)
    replaced = stored_docs.filter(lambda t: t[1][0] is not None) \
        .map(lambda t: (t[1][0], t[1][1])).join(doc_of, parts) \
        .map(lambda t: (t[1][0], t[1][1])).persist(keep)  # new doc -> old doc
    replaced_by = replaced.map(lambda t: (t[1], t[0]))  # old doc -> new doc
    unchanged = decisions.filter(lambda d: d[0] == "U").map(lambda d: (d[2], d[1])) \
        .join(doc_of, parts).map(lambda t: (t[1][0], t[1][1]))  # order -> live doc

    # Site ids by first sight among the stored pages.
    site_of_order = pages.map(lambda r: (r[0], r[1][1]))
    first_sight = site_of_order.join(doc_of, parts).map(lambda t: (t[1][0], t[0])).reduceByKey(min, parts)
    site_id = first_sight.map(lambda t: (t[1], t[0])).sortByKey(numPartitions=parts) \
        .values().zipWithIndex().mapValues(lambda i: i + 1)  # site -> id
    # doc -> (order, site id, replaces, replaced by)
    ids = (site_of_order.join(doc_of, parts).map(lambda t: (t[1][0], (t[0], t[1][1])))
           .join(site_id, parts).map(lambda t: (t[1][0][1], (t[1][0][0], t[1][1])))
           .leftOuterJoin(replaced, parts).mapValues(lambda v: (v[0][0], v[0][1], v[1]))
           .leftOuterJoin(replaced_by, parts).mapValues(lambda v: (v[0][0], v[0][1], v[0][2], v[1])))
    order_ids = ids.map(lambda t: (t[1][0], (t[0],) + t[1][1:]))  # order -> (doc, site, replaces, replaced by)
    # doc -> (assigned record, replaced by)
    assigned = (pages.map(lambda r: (r[0], r[1][3])).join(order_ids, parts)
                .map(lambda t: (t[1][1][0], (dedupdb.batch.assign(t[1][0], t[1][1][0], t[1][1][1], t[1][1][2]),
                                             t[1][1][3])))
                .persist(keep))

    # Keys: each key's holders, then each holder's row.
    def key_holders(t):
        keys, h = dedupdb.batch.holder(t[1][0], t[1][1])
        return [(k, h) for k in keys]

    def rows_of(kv):
        (kind, key), holders = kv
        rows, pruned, dependent = batch(params_json).key_rows(kind, key, list(holders))
        out = [("R", d, ((kind, key), row)) for d, row in rows]
        if pruned:
            out.append(("P", kind, key))
        if dependent:
            out.append(("D", kind, key))
        return out

    groups = assigned.flatMap(key_holders).groupByKey(parts).filter(lambda kv: len(kv[1]) >= 2).persist(keep)
    keyed = groups.flatMap(rows_of).persist(keep)
    pruned = keyed.filter(lambda r: r[0] == "P").map(lambda r: (r[1], r[2])).collect()
    dependent = set(keyed.filter(lambda r: r[0] == "D").map(lambda r: (r[1], r[2])).collect())
    dependent_b = sc.broadcast(dependent)
    # doc -> (key, row); the rows of keys that need the clusters apart, read again below.
    rows = keyed.filter(lambda r: r[0] == "R").map(lambda r: (r[1], r[2]))
    fixed_rows = rows.filter(lambda t: t[1][0] not in dependent_b.value).persist(keep)
    dep_rows = rows.filter(lambda t: t[1][0] in dependent_b.value).persist(keep)
    dep_groups = groups.filter(lambda kv: kv[0] in dependent_b.value).persist(keep)
    records = assigned.mapValues(lambda v: v[0])

    def rank_first(t):
        doc, (record, rs) = t
        rs = [row for _, row in rs] if rs is not None else []
        ranking, needed = batch(params_json).rank(record, rs)
        return doc, (record, rs, ranking, needed)

    def rank_again(t):
        doc, ((record, rs, _, _), sibs) = t
        ranking, needed = batch(params_json).rank(record, rs, list(sibs))
        if ranking is None:
            raise RuntimeError(f"doc {doc}: the ranking still needs {needed}")
        return doc, (record, rs, ranking, needed)

    def bring(asking):
        """doc -> [records of the doc ids `asking` lists for it]."""
        wanted = asking.flatMap(lambda t: [(c, t[0]) for c in t[1][3]])
        return wanted.join(records, parts).map(lambda t: (t[1][0], t[1][1])).groupByKey(parts)

    def judged_of(t):
        doc, ((record, _, ranking, _), cands) = t
        line, joined = batch(params_json).judge(record, ranking, list(cands) if cands is not None else [])
        return doc, (line, joined if joined is not None else doc)

    def judge_docs(docs_rows):
        """doc -> (report line, doc it joins) for the docs of `docs_rows` (doc -> (record, rows))."""
        first = docs_rows.map(rank_first).persist(keep)
        asking = first.filter(lambda t: t[1][2] is None)
        ranked = first.filter(lambda t: t[1][2] is not None) \
            .union(asking.join(bring(asking), parts).map(rank_again)).persist(keep)
        out = ranked.leftOuterJoin(bring(ranked), parts).map(judged_of).persist(keep)
        out.count()
        first.unpersist()
        ranked.unpersist()
        return out

    def holder_in_cluster(h, c):
        """A holder entry with its page's cluster (bytes 16..20, format-spec.md)."""
        return h[:16] + int(c).to_bytes(4, "little") + h[20:]

    all_rows = fixed_rows.union(dep_rows).groupByKey(parts)
    judged = judge_docs(records.leftOuterJoin(all_rows, parts))
    cluster = pointer_jump(spark, judged.mapValues(lambda v: v[1]), parts).persist(keep)
    rounds = 0
    # Keys whose rows need their holders' clusters are read again with them, and the pages whose
    # rows change judged again, until none do (a page's cluster depends only on earlier pages').
    while dependent and rounds < MAX_ROUNDS:
        rounds += 1
        held = dep_groups.flatMap(lambda kv: [(int.from_bytes(h[:4], "little"), (kv[0], h)) for h in kv[1]])
        regrouped = held.join(cluster, parts).map(lambda t: (t[1][0][0], holder_in_cluster(t[1][0][1], t[1][1]))) \
            .groupByKey(parts)
        new_dep = regrouped.flatMap(rows_of).filter(lambda r: r[0] == "R").map(lambda r: (r[1], r[2])).persist(keep)
        keyed_new = new_dep.map(lambda t: ((t[0], t[1][0]), t[1][1]))
        keyed_old = dep_rows.map(lambda t: ((t[0], t[1][0]), t[1][1]))
        changed = keyed_new.fullOuterJoin(keyed_old, parts).filter(lambda t: t[1][0] != t[1][1]) \
            .map(lambda t: (t[0][0], None)).distinct(parts).persist(keep)
        if changed.count() == 0:
            break
        dep_rows.unpersist()
        dep_rows = new_dep
        all_rows = fixed_rows.union(dep_rows).groupByKey(parts)
        again = judge_docs(records.join(changed, parts).mapValues(lambda v: v[0]).leftOuterJoin(all_rows, parts))
        judged = judged.leftOuterJoin(again, parts).mapValues(lambda v: v[1] if v[1] is not None else v[0]) \
            .persist(keep)
        cluster = pointer_jump(spark, judged.mapValues(lambda v: v[1]), parts).persist(keep)

    # The report, in crawl order.
    answered = analyzed.filter(lambda r: r[1][4] is not None).map(lambda r: (r[0], r[1][4]))
    judged_lines = judged.mapValues(lambda v: v[0]).join(cluster, parts).join(ids.mapValues(lambda v: v[0]), parts) \
        .map(lambda t: (t[1][1], with_cluster(t[1][0][0], t[1][0][1])))
    where = analyzed.map(lambda r: (r[0], (r[1][0], r[1][5])))
    unchanged_lines = unchanged.map(lambda t: (t[1], t[0])).join(cluster, parts) \
        .map(lambda t: (t[1][0], (t[0], t[1][1]))).join(where, parts) \
        .map(lambda t: (t[0], dedupdb.batch.unchanged_answer(t[1][1][0], t[1][1][1], t[1][0][0], t[1][0][1])))
    report = answered.union(judged_lines).union(unchanged_lines).sortByKey(numPartitions=parts).values()
    out = os.path.join(args.out, "report")
    if args.format == "parquet":
        spark.read.schema(report_schema()).json(report).write.parquet(out)
    else:
        report.saveAsTextFile(out)

    if args.index:
        path, pruned_keys = args.index, sc.broadcast(pruned)
        stored_count = doc_of.count()

        def segment(kv):
            seg, docs = kv
            docs = sorted(docs)
            return [batch(params_json).write_segment(path, seg, [(r, c) for _, r, c in docs], pruned_keys.value)]

        segments = assigned.join(cluster, parts) \
            .map(lambda t: ((t[0] - 1) // SEGMENT_DOCS + 1, (t[0], t[1][0][0], t[1][1]))) \
            .groupByKey(max(1, min(parts, -(-stored_count // SEGMENT_DOCS)))).flatMap(segment).collect()
        driver.finish_index(path, segments, pruned)
    counts = analyzed.count(), doc_of.count()
    # What the job did, as one JSON line on stdout (Spark's logs go to stderr).
    print(json.dumps({"records": counts[0], "stored": counts[1], "pruned_keys": len(pruned),
                      "cluster_keys": len(dependent), "rounds": rounds,
                      "report": out, "index": args.index}))
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
