"""dedupdb's Python package: the answers are the CLI's, threads query one index at once, and
errors are exceptions of their own."""

import concurrent.futures
import json
import os
import pathlib
import subprocess

import pytest

import dedupdb

ROOT = pathlib.Path(__file__).resolve().parents[2]
CRAWL = ROOT / "examples" / "crawl-day1.jsonl"
HTML = (
    "<html><head><title>长江防汛进入关键期</title></head><body><article>"
    "<p>记者从水利部获悉，长江中下游干流水位持续上涨，多个水文站超过警戒水位。</p>"
    "<p>各地防汛指挥部已启动应急响应，组织力量巡堤查险，确保人民群众生命财产安全。</p>"
    "</article></body></html>"
)


def cli():
    """The dedupdb binary of this checkout (.ci/run sets DEDUPDB_BIN)."""
    path = os.environ.get("DEDUPDB_BIN", str(ROOT / "target" / "debug" / "dedupdb"))
    if not os.path.exists(path):
        pytest.fail(f"no dedupdb binary at {path}: build it (cargo build) or set DEDUPDB_BIN")
    return path


def cli_report(tmp_path, crawl):
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


def test_ingest_answers_as_the_cli(tmp_path):
    expected = cli_report(tmp_path, CRAWL)
    pages = [json.loads(line) for line in CRAWL.read_text(encoding="utf-8").splitlines() if line.strip()]
    with dedupdb.Index(tmp_path / "py.db") as index:
        got = [a.to_dict() for a in index.ingest(pages)]
    assert [comparable(a) for a in got] == [comparable(e) for e in expected]
    assert {a["verdict"] for a in got} - {"new"}, "the crawl has known pages"


def test_ingest_paths_and_add_answer_as_the_cli(tmp_path):
    expected = cli_report(tmp_path, CRAWL)
    with dedupdb.Index(tmp_path / "paths.db") as index:
        got = [a.to_dict() for a in index.ingest_paths([CRAWL])]
    assert got == expected, "the same lines, locations included"
    pages = [json.loads(line) for line in CRAWL.read_text(encoding="utf-8").splitlines() if line.strip()]
    with dedupdb.Index(tmp_path / "add.db") as index:
        one_by_one = [index.add(**p).to_dict() for p in pages]
        assert index.stats()["live_docs"] == sum(1 for e in expected if e["doc_id"] is not None and e["verdict"] != "skipped")
    assert [comparable(a) for a in one_by_one] == [comparable(e) for e in expected]


def test_threads_query_one_index_at_once(tmp_path):
    pages = [json.loads(line) for line in CRAWL.read_text(encoding="utf-8").splitlines() if line.strip()]
    with dedupdb.Index(tmp_path / "db") as index:
        list(index.ingest(pages[: len(pages) // 2]))
        asks = [dict(p, url=p["url"] + "?copy") for p in pages]
        alone = [index.query(**p).to_dict() for p in asks]
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            together = list(pool.map(lambda p: index.query(**p).to_dict(), asks * 3))
    assert together == alone * 3


def test_answer_and_match_fields(tmp_path):
    with dedupdb.Index(tmp_path / "db") as index:
        first = index.add("https://a.example/1", html=HTML)
        assert (first.verdict, first.doc_id, first.matches) == ("new", 1, [])
        again = index.query("https://b.example/2", html=HTML.encode("utf-8"))
        assert again.verdict == "exact" and again.doc_id is None
        m = again.matches[0]
        assert (m.url, m.doc_id, m.relation) == ("https://a.example/1", 1, "duplicate")
        assert index.clusters() == [("https://a.example/1", 1, 1)]
    assert dedupdb.compare(HTML, HTML)["relation"] == "duplicate"
    assert "regions" in dedupdb.compare(HTML, HTML, explain=True)["explain"]
    seen = dedupdb.analyze(HTML, url="https://a.example/1")
    assert seen["title"] == "长江防汛进入关键期" and seen["fingerprints"] and "水利部" in seen["main_text"]


def test_a_locked_index_raises_index_locked(tmp_path):
    with dedupdb.Index(tmp_path / "db"):
        with pytest.raises(dedupdb.IndexLocked):
            dedupdb.Index(tmp_path / "db")
        # Readers take no lock.
        with dedupdb.Index(tmp_path / "db", read_only=True) as reader:
            assert reader.stats()["live_docs"] == 0


def test_a_corrupt_file_raises_corrupt_index_naming_it(tmp_path):
    pages = [json.loads(line) for line in CRAWL.read_text(encoding="utf-8").splitlines() if line.strip()]
    with dedupdb.Index(tmp_path / "db") as index:
        list(index.ingest(pages))
        index.flush()
    (segment,) = (tmp_path / "db" / "segments").glob("*.ddb")
    data = bytearray(segment.read_bytes())
    data[-3] ^= 0xFF
    segment.write_bytes(bytes(data))
    with pytest.raises(dedupdb.CorruptIndex) as e:
        dedupdb.Index(tmp_path / "db", read_only=True)
    assert segment.name in str(e.value) and "offset" in str(e.value)
    assert issubclass(dedupdb.CorruptIndex, dedupdb.Error)


def test_bad_arguments_raise_invalid_input_or_type_error(tmp_path):
    with dedupdb.Index(tmp_path / "db") as index:
        with pytest.raises(dedupdb.InvalidInput):
            index.add("https://a.example/1")
        with pytest.raises(dedupdb.InvalidInput):
            index.add("https://a.example/1", html="<p>a</p>", text="a")
        with pytest.raises(dedupdb.InvalidInput):
            index.add("", html=HTML)
        with pytest.raises(TypeError):
            index.add("https://a.example/1", html=123)
        with pytest.raises(dedupdb.InvalidInput):
            list(index.ingest([{"html": HTML}]))
        with pytest.raises(TypeError):
            list(index.ingest([1]))
        with pytest.raises(dedupdb.InvalidInput):
            index.ingest_paths([tmp_path / "missing.jsonl"])
        # Nothing stored was harmed.
        assert index.add("https://a.example/1", html=HTML).verdict == "new"
    with pytest.raises(dedupdb.InvalidInput):
        dedupdb.Index(tmp_path / "nothing", read_only=True)
