#!/usr/bin/env bash
# The OpenAPI document of `dedupdb serve` checked against the running server by schemathesis:
# no 5xx, every response as the document says (status, content type, schema), bad data refused.
#
#   scripts/contract-test.sh DEDUPDB_BINARY SCHEMATHESIS_BINARY [DDTOOL_BINARY]
#
# A server on a free loopback port over a new index holding a few pages (so that the stored
# pages, clusters and explain endpoints have something to answer), then `st run` with a fixed
# seed and a bounded number of examples; the index is verified afterwards.
set -euo pipefail
bin=${1:?usage: contract-test.sh DEDUPDB_BINARY SCHEMATHESIS_BINARY}
st=${2:?usage: contract-test.sh DEDUPDB_BINARY SCHEMATHESIS_BINARY}
ddtool=${3:-}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
"$bin" ingest --db "$work/db" examples/crawl-day1.jsonl >/dev/null
"$bin" serve --db "$work/db" --listen 127.0.0.1:0 > "$work/out" 2> "$work/err" &
pid=$!
for _ in $(seq 100); do
    grep -q "listening on" "$work/out" 2>/dev/null && break
    sleep 0.1
done
url=$(sed -n 's/^listening on //p' "$work/out")
[ -n "$url" ] || { echo "the server did not start: $(cat "$work/err")" >&2; exit 1; }
"$st" run "$url/openapi.json" --checks all --hypothesis-max-examples "${EXAMPLES:-40}" \
    --hypothesis-seed 1 --hypothesis-deadline 10000 --no-color
kill -TERM "$pid"
wait "$pid"
if grep -q "panicked" "$work/err"; then
    echo "the server panicked:" >&2
    cat "$work/err" >&2
    exit 1
fi
if [ -n "$ddtool" ]; then
    "$ddtool" verify --db "$work/db"
fi
echo "contract: the server answered as its OpenAPI document says"
