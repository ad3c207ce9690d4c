"""The batch stages, for an engine that judges a whole crawl at once (``spark/dedup_job.py``).

Each function takes and returns ``bytes`` records, so that every stage runs in any executor;
the engine groups them between stages. In order::

    b = Batch(params)                       # the index's parameters
    b.analyze(name, data, file)             # a crawl file -> records (order, url, site, exact, record, answer, location)
    assign(record, doc_id, site_id, replaces)
    holder(record, replaced_by, cluster)    # -> its keys and its holder entry; group by key
    b.key_rows(kind, key, holders)          # -> rows by doc id, pruned?, needs the clusters?
    b.rank(record, rows, siblings)          # -> ranking, the doc ids whose records judge needs
                                            #    (or None, the holders to pass as siblings)
    b.judge(record, ranking, candidates)    # -> report line (cluster unset), doc id it joins
    prepare_index(path); b.write_segment(path, id, [(record, cluster)], pruned); b.finish_index(...)

Keys whose rows need the clusters are read again once they are known, and the pages whose
rows change judged again, until none do. The answers are those of ``dedupdb ingest`` on the same files in the same order, but for the
rules ``docs/scale-out.md`` lists.
"""

from ._dedupdb import Batch, assign, holder, prepare_index, unchanged_answer

__all__ = ["Batch", "assign", "holder", "prepare_index", "unchanged_answer"]
