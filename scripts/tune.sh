#!/usr/bin/env bash
# One-at-a-time sweep of dedupdb's verification parameters on a simulated crawl: the evidence
# behind the defaults in src/params.rs (see README, "Quality").
#   scripts/tune.sh data/crawl-20k-s2 > tune.md
# Each line: the parameter setting, then decision P / R / F1, excerpt and digest recall and the
# near-miss false-positive rate, from `ddtool eval --no-baselines`.
set -euo pipefail
crawl=${1:?usage: scripts/tune.sh CRAWL_DIR [SETTING...]}
shift
bin=${BIN:-target/release}
settings=(
  ""
  theta=0.05 theta=0.2
  skeleton_window=6 skeleton_window=12
  dup_coverage=0.5 dup_coverage=0.8
  contain_rate=0.6 contain_rate=0.8
  overlap_min_chars=60 overlap_min_chars=150
  near_miss_ratio=0.1 near_miss_ratio=0.5
  min_shared_chars=20 min_shared_chars=60
  period_len=6 period_len=15
  fp_min_sentence=3 fp_min_sentence=10
  fp_sentences=2 fp_sentences=6
  fp_min_cover=25 fp_min_cover=100
  fp_rotations=2 fp_rotations=4
  fp_budget=0 fp_budget=7 fp_budget=56
)
# Settings given on the command line replace the built-in list ("" is the defaults).
if [ $# -gt 0 ]; then settings=("$@"); fi
echo "| setting | P | R | F1 | excerpt R | digest R | near-miss FP |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for s in "${settings[@]}"; do
  out=$(mktemp)
  args=()
  [ -n "$s" ] && args=(--ingest-arg=--param="$s")
  "$bin/ddtool" eval --crawl "$crawl" --no-baselines --out "$out" "${args[@]}" >/dev/null 2>&1
  python3 - "$out" "${s:-defaults}" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
m = next(x for x in r["results"] if x["method"] == "dedupdb")
d = m["decision"]; roles = m["recall_by_role"]
rate = lambda k: roles.get(k, {}).get("rate", float("nan"))
print(f"| {sys.argv[2]} | {d['precision']:.3f} | {d['recall']:.3f} | {d['f1']:.3f} | {rate('excerpt'):.3f} | {rate('digest'):.3f} | {m['near_miss_false_positive']['rate']:.3f} |")
PY
  rm -f "$out"
done
