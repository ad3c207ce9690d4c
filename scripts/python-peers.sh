#!/usr/bin/env bash
# Builds a venv with dedupdb's Python package and the Python peers, pinned, then runs
# scripts/python-peers.py in it: dedupdb's CLI, Index.ingest and Index.ingest_paths beside
# trafilatura / resiliparse + datasketch / rensa MinHash-LSH, pages/s and decision F1, one process.
#
#   scripts/python-peers.sh CRAWL_DIR [python-peers.py options]
#
# CRAWL_DIR: a `ddtool simulate` crawl (e.g. `ddtool simulate --out /tmp/sim20k --pages 20000`,
# after scripts/fetch-corpus.sh). The venv is .peers-venv (git ignores it), made once.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.peers-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "maturin==1.8.3" "datasketch==2.0.0" "rensa==0.5.0" \
        "trafilatura==2.3.1" "resiliparse==2.0.1"
fi
"$venv/bin/pip" install -q ./python
cargo build --release -q --bin dedupdb
exec "$venv/bin/python" scripts/python-peers.py "$@"
