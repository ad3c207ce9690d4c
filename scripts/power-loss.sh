#!/usr/bin/env bash
# The power-loss campaign of docs/reliability.md: tests/store/power_loss.rs with more images.
# Each seed records a fresh ingest, a compaction and a second ingest under libddfaultfs.so, then
# checks every crash point with IMAGES random images besides the synced-only and keep-all ones.
#
#   scripts/power-loss.sh [IMAGES] [SEEDS] [FIRST_SEED]      (defaults: 12 random images, 4 seeds, 1)
#
# Prints the test's tally line per seed (crash points, images, images from before the index
# existed) and the sum; exits 1 at the first seed whose images do not all hold.
set -euo pipefail
cd "$(dirname "$0")/.."

images=${1:-12}
seeds=${2:-4}
first=${3:-1}
cargo build --quiet -p dedupdb-faultfs -p dedupdb-tools
total=0
for seed in $(seq "$first" $((first + seeds - 1))); do
    out=$(DEDUPDB_TEST_SEED=$seed DEDUPDB_POWER_IMAGES=$images cargo test --quiet --test store \
        power_loss -- --nocapture 2>&1) || { echo "$out" | tail -40; echo "power-loss: seed $seed FAILED"; exit 1; }
    line=$(grep -m1 '^power loss' <<<"$out")
    echo "$line"
    n=$(grep -o 'images: [0-9]*' <<<"$line" | awk '{s += $2} END {print s}')
    total=$((total + n))
done
echo "power-loss: $seeds seeds, $total images, all open, verify clean and hold every acknowledged page"
