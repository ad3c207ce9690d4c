"""The native part of dedupdb: the index, its answers and the page comparison."""

from os import PathLike
from typing import Any, Iterable, Iterator, Mapping, Optional, Union

__version__: str

Body = Union[str, bytes]

class Error(Exception):
    """Any error of dedupdb."""

class IndexLocked(Error):
    """Another writer holds the index's lock (retry later)."""

class CorruptIndex(Error):
    """A file of the index is damaged or of an unknown format; the message names the file and offset."""

class InvalidInput(Error):
    """A page, a path or an argument dedupdb cannot take."""

class Match:
    """One earlier page an answer names."""
    url: str
    doc_id: int
    relation: str
    resemble: float
    contain: float
    ccs: float

class Answer:
    """What the index answers about a page: a report line of ``dedupdb ingest``."""
    url: Optional[str]
    doc_id: Optional[int]
    verdict: str
    cluster: Optional[int]
    matches: list[Match]
    error: Optional[str]
    reason: Optional[str]
    location: str
    def to_dict(self) -> dict[str, Any]: ...

class Ingest(Iterator[Answer]):
    """The answers of ``Index.ingest`` and ``Index.ingest_paths``, in input order."""
    def __iter__(self) -> "Ingest": ...
    def __next__(self) -> Answer: ...

class Clusters(Iterator[tuple[str, int, int]]):
    """Every stored page as ``(url, cluster, doc_id)``, in doc-id order."""
    def __iter__(self) -> "Clusters": ...
    def __next__(self) -> tuple[str, int, int]: ...

class Index:
    """A dedupdb index on disk: add pages, ask about pages, compact.

    ``Index(path)`` opens the index, creating it when missing, and takes its writer lock
    (``IndexLocked`` when another process holds it); ``read_only=True`` answers queries only.
    """
    def __init__(self, path: Union[str, PathLike[str]], read_only: bool = False) -> None: ...
    def add(self, url: str, html: Optional[Body] = None, text: Optional[Body] = None, site: Optional[str] = None,
            fetched_at: Optional[Union[int, str]] = None, charset: Optional[str] = None) -> Answer: ...
    def query(self, url: str, html: Optional[Body] = None, text: Optional[Body] = None, site: Optional[str] = None,
              fetched_at: Optional[Union[int, str]] = None, charset: Optional[str] = None) -> Answer: ...
    def ingest(self, pages: Iterable[Mapping[str, Any]], threads: Optional[int] = None) -> Ingest: ...
    def ingest_paths(self, paths: Iterable[Union[str, PathLike[str]]], threads: Optional[int] = None) -> Ingest: ...
    def flush(self) -> None: ...
    def compact(self) -> dict[str, Any]: ...
    def stats(self) -> dict[str, Any]: ...
    def clusters(self) -> Clusters: ...
    def close(self) -> None: ...
    def __enter__(self) -> "Index": ...
    def __exit__(self, *args: object) -> bool: ...

def compare(a: Body, b: Body, explain: bool = False) -> dict[str, Any]:
    """The relation of page ``a`` to page ``b``, as ``dedupdb compare --json [--explain]``."""

def analyze(html: Body, url: Optional[str] = None) -> dict[str, Any]:
    """What dedupdb reads in a page: its title, main text and keys."""

class Batch:
    """The batch stages of ``dedupdb.batch`` with one index's parameters (``params``: overrides
    by name, as in src/params.rs). Records pass between stages as ``bytes``."""
    def __init__(self, params: Optional[Mapping[str, Any]] = None) -> None: ...
    def analyze(self, name: str, data: bytes, file: int) -> list[
        tuple[int, Optional[str], str, int, Optional[bytes], Optional[str], str]]:
        """A crawl file's records as (order, url, site, exact hash, page record or None, final
        report line or None, location)."""
    def key_rows(self, kind: int, key: int, holders: list[bytes]) -> tuple[list[tuple[int, bytes]], bool, bool]:
        """(rows by doc id, whether the key ends pruned, whether the rows need the holders' clusters)."""
    def rank(self, record: bytes, rows: list[bytes], siblings: list[bytes] = ...) -> tuple[Optional[bytes], list[int]]:
        """(ranking, doc ids whose records judge needs), or (None, doc ids to pass as siblings)."""
    def judge(self, record: bytes, ranked: bytes, candidates: list[bytes]) -> tuple[str, Optional[int]]: ...
    def write_segment(self, path: Union[str, PathLike[str]], id: int, records: list[tuple[bytes, int]],
                      pruned: list[tuple[int, int]]) -> tuple[int, int, int]: ...
    def finish_index(self, path: Union[str, PathLike[str]], segments: list[tuple[int, int, int]],
                     pruned: list[tuple[int, int]]) -> None: ...

def assign(record: bytes, doc_id: int, site_id: int, replaces: Optional[int] = None) -> bytes: ...
def holder(record: bytes, replaced_by: Optional[int] = None, cluster: Optional[int] = None) -> tuple[list[tuple[int, int]], bytes]: ...
def unchanged_answer(url: str, location: str, doc_id: int, cluster: int) -> str: ...
def prepare_index(path: Union[str, PathLike[str]]) -> None: ...
