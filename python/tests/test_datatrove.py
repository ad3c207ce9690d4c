"""The datatrove step: a tiny pipeline drops what an index already knows, across runs."""

import json

from datatrove.executor import LocalPipelineExecutor
from datatrove.pipeline.readers import JsonlReader
from datatrove.pipeline.writers import JsonlWriter

from dedupdb.datatrove import KNOWN, DedupdbFilter
from helpers import cli_report, pages


def run_pipeline(tmp_path, name, dump, step):
    out = tmp_path / name
    LocalPipelineExecutor(
        pipeline=[JsonlReader(str(dump.parent), glob_pattern=dump.name, text_key="html", id_key="url"), step,
                  JsonlWriter(str(out), output_filename="kept.jsonl", compression=None)],
        tasks=1,
        logging_dir=str(tmp_path / f"{name}-logs"),
    ).run()
    return [json.loads(line) for line in (out / "kept.jsonl").read_text(encoding="utf-8").splitlines()]


def write_dump(path, lines):
    path.parent.mkdir(exist_ok=True)
    path.write_text("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in lines), encoding="utf-8")
    return path


def test_the_step_drops_known_pages_within_and_across_dumps(tmp_path):
    day1 = pages()
    # The first dump holds copies of its own pages; the second, every page at another URL.
    dump1 = write_dump(tmp_path / "dump1" / "pages.jsonl", day1 + [dict(p, url=p["url"] + "?copy") for p in day1[:2]])
    dump2 = write_dump(tmp_path / "dump2" / "pages.jsonl", [dict(p, url=p["url"] + "?mirror") for p in day1])
    expected = cli_report(tmp_path, dump1)
    db = tmp_path / "pages.db"

    kept = run_pipeline(tmp_path, "out1", dump1, DedupdbFilter(str(db), html=True))
    assert [d["id"] for d in kept] == [e["url"] for e in expected if e["verdict"] not in KNOWN]
    assert len(kept) == len(expected) - 2, "the two copies are dropped"

    tagged = run_pipeline(tmp_path, "out2", dump2, DedupdbFilter(str(db), html=True, action="tag"))
    assert [d["id"] for d in tagged] == [p["url"] for p in dump2_lines(dump2)], "tag keeps every document"
    answers = [d["metadata"]["dedupdb"] for d in tagged]
    known = [a for a in answers if a["verdict"] != "error"]
    assert known and all(a["verdict"] in KNOWN and a["match"] for a in known), answers
    assert all(not a["match"].endswith("?mirror") for a in known), "matched against the first dump"


def dump2_lines(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
