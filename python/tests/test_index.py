"""dedupdb's Python package: the answers are the CLI's, threads query one index at once, and
errors are exceptions of their own."""

import concurrent.futures
import json

import pytest

import dedupdb
from helpers import CRAWL, cli_report, comparable, pages as crawl_pages

HTML = (
    "<html><head><title>长江防汛进入关键期</title></head><body><article>"
    "<p>记者从水利部获悉，长江中下游干流水位持续上涨，多个水文站超过警戒水位。</p>"
    "<p>各地防汛指挥部已启动应急响应，组织力量巡堤查险，确保人民群众生命财产安全。</p>"
    "</article></body></html>"
)



def test_ingest_answers_as_the_cli(tmp_path):
    expected = cli_report(tmp_path, CRAWL)
    pages = crawl_pages()
    with dedupdb.Index(tmp_path / "py.db") as index:
        got = [a.to_dict() for a in index.ingest(pages)]
    assert [comparable(a) for a in got] == [comparable(e) for e in expected]
    assert {a["verdict"] for a in got} - {"new"}, "the crawl has known pages"


def test_ingest_paths_and_add_answer_as_the_cli(tmp_path):
    expected = cli_report(tmp_path, CRAWL)
    with dedupdb.Index(tmp_path / "paths.db") as index:
        got = [a.to_dict() for a in index.ingest_paths([CRAWL])]
    assert got == expected, "the same lines, locations included"
    pages = crawl_pages()
    with dedupdb.Index(tmp_path / "add.db") as index:
        one_by_one = [index.add(**p).to_dict() for p in pages]
        assert index.stats()["live_docs"] == sum(1 for e in expected if e["doc_id"] is not None and e["verdict"] != "skipped")
    assert [comparable(a) for a in one_by_one] == [comparable(e) for e in expected]


def test_threads_query_one_index_at_once(tmp_path):
    pages = crawl_pages()
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
        assert list(index.clusters()) == [("https://a.example/1", 1, 1)]
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
    pages = crawl_pages()
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


def test_ingest_is_lazy_and_gives_the_writer_back(tmp_path):
    pages = crawl_pages()
    # More pages than a run keeps ready ahead of its caller (a few batches).
    big = tmp_path / "big.jsonl"
    big.write_text("".join(json.dumps(dict(p, url=f"{p['url']}?n={n}")) + "\n" for n in range(800) for p in pages),
                   encoding="utf-8")
    with dedupdb.Index(tmp_path / "db") as index:
        run = index.ingest_paths([big])
        first = next(run)
        assert (first.url, first.verdict) == (pages[0]["url"] + "?n=0", "new")
        # The run has the writer: writing beside it is refused, with why; queries go on.
        with pytest.raises(dedupdb.Error, match="still running"):
            index.add("https://a.example/1", html=HTML)
        assert index.query(**pages[0]).verdict in {"exact", "new"}
        del run
        # Abandoned: the writer is back, and what was answered is stored.
        assert index.add("https://a.example/1", html=HTML).verdict == "new"
        urls = {url for url, _, _ in index.clusters()}
        assert first.url in urls and "https://a.example/1" in urls


def test_ingest_answers_the_same_on_one_thread_and_with_a_generator(tmp_path):
    expected = [comparable(e) for e in cli_report(tmp_path)]
    with dedupdb.Index(tmp_path / "one.db") as index:
        got = [comparable(a.to_dict()) for a in index.ingest((p for p in crawl_pages()), threads=1)]
    assert got == expected


def test_a_bad_page_raises_after_the_answers_before_it(tmp_path):
    pages = crawl_pages()[:5] + [{"url": "https://a.example/bad", "html": HTML, "text": "both"}]
    with dedupdb.Index(tmp_path / "db") as index:
        run = index.ingest(pages)
        answered = [next(run) for _ in range(5)]
        with pytest.raises(dedupdb.InvalidInput, match="a.example/bad"):
            next(run)
        assert [a.url for a in answered] == [p["url"] for p in pages[:5]]
        assert index.stats()["live_docs"] == sum(a.doc_id is not None for a in answered)
        with pytest.raises(dedupdb.InvalidInput, match="threads"):
            index.ingest(pages, threads=0)
        with pytest.raises(TypeError):
            index.ingest_paths(str(CRAWL))
