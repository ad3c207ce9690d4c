"""A datatrove pipeline step: cross-dump dedup against a dedupdb index that persists between runs.

``DedupdbFilter`` answers every document against the index and stores it there, so a document is
judged against every earlier document of this run *and of every earlier run*: run it on this
month's dump and last month's pages are already known. Documents that are known (an exact copy, a
near-duplicate, or contained in a known page) are dropped, or, with ``action="tag"``, kept with
the answer in their metadata::

    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.readers import JsonlReader
    from datatrove.pipeline.writers import JsonlWriter
    from dedupdb.datatrove import DedupdbFilter

    LocalPipelineExecutor(
        pipeline=[
            JsonlReader("dump-2026-12/"),
            DedupdbFilter("pages.db"),
            JsonlWriter("deduped-2026-12/"),
        ],
        tasks=4,
        workers=1,
    ).run()

An index has one writer: tasks that run at once take turns at the index (each waits up to
``lock_timeout`` seconds for the lock), so give the step ``workers=1`` or a few tasks, and put the
heavy per-document steps before it. Documents are judged in the order the step sees them.

Requires datatrove (``pip install datatrove``); importing this module without it raises
``ImportError``.
"""

from __future__ import annotations

import contextlib
import itertools
import time
from typing import Any, Iterable, Iterator, Literal, Optional

try:
    from datatrove.data import Document, DocumentsPipeline
    from datatrove.pipeline.base import PipelineStep
    from datatrove.pipeline.writers.disk_base import DiskWriter
except ModuleNotFoundError as e:  # pragma: no cover - the message is the point
    if e.name != "datatrove":
        raise
    raise ImportError("dedupdb.datatrove needs datatrove: pip install datatrove") from e

from . import Answer, Index, IndexLocked

__all__ = ["DedupdbFilter", "KNOWN"]

#: The verdicts of a document whose text the index already holds: dropped by default.
KNOWN = ("exact", "duplicate", "contained", "skipped")


class DedupdbFilter(PipelineStep):
    """Drops (or tags) documents a dedupdb index already knows, and adds the rest to it.

    Args:
        index: the index's directory; created when missing.
        action: ``"drop"`` removes known documents (with the verdict as the drop reason, so an
            ``exclusion_writer`` keeps them apart); ``"tag"`` keeps every document and writes
            the answer into its metadata.
        drop: the verdicts that count as known (default ``KNOWN``: exact, duplicate, contained,
            and skipped, an unchanged page at the same URL). Add ``"contains"`` to drop documents
            that merely extend a known one.
        html: the document's text is the page's HTML (a step before text extraction, e.g. right
            after ``WarcReader``): dedupdb extracts the main text itself, dropping the site's
            template, which finds copies under other templates. By default the text is taken as
            extracted text, every line a paragraph.
        url_key: the metadata key of the page's URL (default ``"url"``); without it the
            document's ``id`` stands for the URL. A later document with the same URL replaces
            the earlier one in the index.
        site_key: a metadata key to group pages into sites (default: the URL's host), for the
            template rules.
        metadata_key: with ``action="tag"``, the metadata key the answer goes under: a dict of
            ``verdict``, ``cluster``, ``doc_id`` and ``match`` (the best earlier page's URL).
        lock_timeout: seconds to wait for the index's writer lock when another task holds it.
        batch_size: documents answered together (analyzed in parallel).
        exclusion_writer: where dropped documents go, as for any datatrove filter.
    """

    name = "🗂️ dedupdb"
    type = "🔻 - FILTER"

    def __init__(
        self,
        index: str,
        action: Literal["drop", "tag"] = "drop",
        drop: Iterable[str] = KNOWN,
        html: bool = False,
        url_key: str = "url",
        site_key: Optional[str] = None,
        metadata_key: str = "dedupdb",
        lock_timeout: float = 3600.0,
        batch_size: int = 256,
        exclusion_writer: Optional[DiskWriter] = None,
    ):
        super().__init__()
        if action not in ("drop", "tag"):
            raise ValueError(f"action: must be 'drop' or 'tag', not {action!r}")
        if batch_size < 1:
            raise ValueError(f"batch_size: must be at least 1, not {batch_size}")
        self.index_path = str(index)
        self.action = action
        self.drop = frozenset(drop)
        self.html = html
        self.url_key = url_key
        self.site_key = site_key
        self.metadata_key = metadata_key
        self.lock_timeout = lock_timeout
        self.batch_size = batch_size
        self.exclusion_writer = exclusion_writer

    def _open(self) -> Index:
        """The index, waiting for its writer lock while another task holds it."""
        deadline = time.monotonic() + self.lock_timeout
        while True:
            try:
                return Index(self.index_path)
            except IndexLocked:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.2)

    def _page(self, doc: Document) -> dict[str, Any]:
        url = doc.metadata.get(self.url_key) or doc.id
        page: dict[str, Any] = {"url": str(url), "html" if self.html else "text": doc.text}
        if self.site_key and doc.metadata.get(self.site_key):
            page["site"] = str(doc.metadata[self.site_key])
        return page

    def _tag(self, doc: Document, answer: Answer) -> None:
        doc.metadata[self.metadata_key] = {
            "verdict": answer.verdict,
            "cluster": answer.cluster,
            "doc_id": answer.doc_id,
            "match": answer.matches[0].url if answer.matches else None,
        }

    def run(self, data: DocumentsPipeline, rank: int = 0, world_size: int = 1) -> Iterator[Document]:
        if data is None:
            return
        # The index is opened here, in the task's process, and held for the task: the step is
        # pickled to the workers without it.
        index = self._open()
        try:
            with self.exclusion_writer or contextlib.nullcontext() as excluded:
                docs = iter(data)
                while batch := list(itertools.islice(docs, self.batch_size)):
                    with self.track_time("batch"):
                        answers = list(index.ingest(self._page(doc) for doc in batch))
                    for doc, answer in zip(batch, answers):
                        self.stat_update("total", f"verdict_{answer.verdict}")
                        if self.action == "tag":
                            self._tag(doc, answer)
                        elif answer.verdict in self.drop:
                            self.stat_update("dropped")
                            if excluded is not None:
                                doc.metadata["filter_reason"] = answer.verdict
                                excluded.write(doc, rank)
                            continue
                        self.stat_update("forwarded")
                        self.update_doc_stats(doc)
                        yield doc
        finally:
            index.close()
