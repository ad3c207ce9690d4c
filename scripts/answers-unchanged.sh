#!/usr/bin/env bash
# Ingest reports of a fixed set of crawls, to check that a change leaves dedupdb's answers alone.
#
#   scripts/answers-unchanged.sh record BASE_DIR     # before the change: writes BASE_DIR/*.report.jsonl
#   scripts/answers-unchanged.sh check BASE_DIR      # after: the same reports, compared byte for byte
#
# The crawls (made once into data/answers/, which git ignores): two simulated crawls of
# `ddtool simulate` (seeds 1 and 2), `ddbench gen-crawl` of 10k pages, the two outside probe
# crawls (scripts/probe-crawl, scripts/probe-crawl-2), the small-sites crawl and an alternative
# crawl (scripts/altcrawl.py). Each is ingested in its order into a new index with
# `dedupdb ingest --report`; reports are written to BASE_DIR (record) or BASE_DIR/after (check).
# DATA (default data/answers) and AFTER (default BASE_DIR/after) move the crawls and the check's
# reports elsewhere, so that several work trees can share one set of crawls.
# Exit 1 when a report differs, naming it and its first differing lines.
set -euo pipefail
mode=${1:?usage: scripts/answers-unchanged.sh record|check BASE_DIR}
base=${2:?usage: scripts/answers-unchanged.sh record|check BASE_DIR}
cd "$(dirname "$0")/.."
bin=${BIN:-target/release}
data=${DATA:-data/answers}
[ -x "$bin/dedupdb" ] && [ -x "$bin/ddtool" ] && [ -x "$bin/ddbench" ] \
    || { echo "build first: cargo build --release --workspace --bins" >&2; exit 2; }
corpus_dir=${CORPUS:-data/corpus}
scripts/fetch-corpus.sh "$corpus_dir" >/dev/null
mkdir -p "$data"

# Each crawl: a name and the inputs in ingest order (a file listing them, one a line).
make_crawls() {
    if [ ! -s "$data/sim1.inputs" ]; then
        for seed in 1 2; do
            "$bin/ddtool" simulate --out "$data/sim$seed" --pages 6000 --days 4 --seed "$seed" --corpus "$corpus_dir/199801.txt" --force >/dev/null
            find "$data/sim$seed" -name '*.jsonl' -path '*day*' | sort > "$data/sim$seed.inputs"
        done
    fi
    if [ ! -s "$data/gen10k.inputs" ]; then
        "$bin/ddbench" gen-crawl --pages 10000 --out "$data/gen10k.jsonl"
        echo "$data/gen10k.jsonl" > "$data/gen10k.inputs"
    fi
    if [ ! -s "$data/probe1.inputs" ]; then
        PROBE_CORPUS=$corpus_dir PROBE_OUT=$data/probe1 python3 scripts/probe-crawl/gen.py >/dev/null
        echo "$data/probe1/crawl.jsonl" > "$data/probe1.inputs"
    fi
    if [ ! -s "$data/probe2.inputs" ]; then
        PROBE2_CORPUS=$corpus_dir PROBE2_OUT=$data/probe2 python3 scripts/probe-crawl-2/gen.py >/dev/null
        grep . "$data/probe2/inputs.txt" > "$data/probe2.inputs"
    fi
    if [ ! -s "$data/small.inputs" ]; then
        python3 scripts/small-sites.py gen --corpus "$corpus_dir" --out "$data/small" >/dev/null
        echo "$data/small/crawl.jsonl" > "$data/small.inputs"
    fi
    if [ ! -s "$data/alt.inputs" ]; then
        python3 scripts/altcrawl.py --corpus "$corpus_dir" --out "$data/alt" --pages 3000 --days 3 --seed 1 >/dev/null
        find "$data/alt" -name crawl.jsonl | sort > "$data/alt.inputs"
    fi
}
make_crawls

out=$base
[ "$mode" = check ] && out=${AFTER:-$base/after}
mkdir -p "$out"
status=0
for inputs in "$data"/*.inputs; do
    name=$(basename "$inputs" .inputs)
    db=$(mktemp -d)
    mapfile -t files < "$inputs"
    "$bin/dedupdb" ingest --db "$db/db" --report "$out/$name.report.jsonl" "${files[@]}" >/dev/null 2>"$out/$name.stderr" \
        || { echo "$name: ingest failed (see $out/$name.stderr)" >&2; status=1; }
    rm -rf "$db"
    if [ "$mode" = check ]; then
        if cmp -s "$base/$name.report.jsonl" "$out/$name.report.jsonl"; then
            echo "$name: same ($(wc -l < "$out/$name.report.jsonl") lines)"
        else
            echo "$name: DIFFERS"
            diff <(cat "$base/$name.report.jsonl") <(cat "$out/$name.report.jsonl") | head -6
            status=1
        fi
    else
        echo "$name: recorded $(wc -l < "$out/$name.report.jsonl") lines"
    fi
done
exit $status
