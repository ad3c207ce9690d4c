"""dedupdb: a near-duplicate web page index, Chinese first.

Is this page, a page containing it, or a page it contains already known? ``Index`` keeps the
answer on disk and grows day by day::

    import dedupdb

    with dedupdb.Index("crawl.db") as index:
        for answer in index.ingest(pages):          # dicts: url, html or text, ...
            if answer.verdict != "new":
                print(answer.url, answer.verdict, answer.matches[0].url)

``compare`` and ``analyze`` look at pages without an index. ``dedupdb.datatrove`` holds a
datatrove pipeline step (import it when datatrove is installed).
"""

from ._dedupdb import (
    Answer,
    Clusters,
    CorruptIndex,
    Error,
    Index,
    IndexLocked,
    Ingest,
    InvalidInput,
    Match,
    __version__,
    analyze,
    compare,
)

__all__ = [
    "Answer",
    "Clusters",
    "CorruptIndex",
    "Error",
    "Index",
    "IndexLocked",
    "Ingest",
    "InvalidInput",
    "Match",
    "__version__",
    "analyze",
    "compare",
]
