#!/usr/bin/env bash
# Runs each fuzz target for SECONDS, in a bounded run, and prints one line per target:
# seconds run, executions, coverage (edges), features, and crashes found.
#
#   scripts/fuzz.sh SECONDS [TARGET...]     (targets: page compare input store; default all)
#
# The smoke run of `.ci/run` is `scripts/fuzz.sh 60`; the campaign of docs/reliability.md is the
# same with a longer bound, run in the background sitting after sitting: the corpus grows in
# fuzz/corpus/<target>/ (not committed) and each run goes on from it. A crash is saved in
# fuzz/artifacts/<target>/ and makes the script exit 1.
#
# It needs a nightly toolchain (`cargo +nightly`); without one it says so and exits 0. It does not
# need cargo-fuzz: the build below passes the flags cargo-fuzz would (libFuzzer's coverage
# instrumentation, AddressSanitizer, debug assertions).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:?usage: scripts/fuzz.sh SECONDS [TARGET...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(page compare input store)

if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "fuzz: skipped: no nightly toolchain (cargo +nightly); libFuzzer's instrumentation needs one"
    exit 0
fi

triple=$(rustc -vV | sed -n 's/^host: //p')
flags="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4"
flags+=" -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table"
flags+=" -Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Zsanitizer=address"
flags+=" -Cllvm-args=-sanitizer-coverage-stack-depth -Cdebug-assertions -Ccodegen-units=1"
export ASAN_OPTIONS="detect_odr_violation=0"
start=$SECONDS
RUSTFLAGS="$flags" cargo +nightly build --quiet --release --manifest-path fuzz/Cargo.toml \
    --target "$triple" --config 'profile.release.debug="line-tables-only"' --bins
echo "fuzz: targets built in $((SECONDS - start)) s"
bin=${CARGO_TARGET_DIR:-fuzz/target}/$triple/release

# Each target's options (fuzz/README.md).
options() {
    case $1 in
        page) echo "-rss_limit_mb=2048 -timeout=10 -max_len=20000" ;;
        compare) echo "-rss_limit_mb=2048 -timeout=10 -max_len=24000" ;;
        input) echo "-rss_limit_mb=2048 -timeout=10 -max_len=32000" ;;
        store) echo "-rss_limit_mb=2048 -timeout=20 -max_len=256 -malloc_limit_mb=512" ;;
        *) echo "fuzz: no target named '$1' (page, compare, input, store)" >&2; return 2 ;;
    esac
}

# Seeds: the test fixtures and the example crawls, for the targets that read pages and files.
seed() {
    local dir=fuzz/corpus/$1
    mkdir -p "$dir"
    if [ -z "$(ls -A "$dir")" ] && [ "$1" != store ]; then
        cp tests/fixtures/*.html tests/fixtures/*.txt "$dir"/ 2>/dev/null || true
        [ "$1" = input ] && cp examples/* "$dir"/ 2>/dev/null || true
    fi
}

failed=0
printf '%-8s %8s %12s %8s %8s %8s\n' target seconds execs cov ft crashes
for t in "${targets[@]}"; do
    opts=$(options "$t")
    seed "$t"
    mkdir -p "fuzz/artifacts/$t"
    log=$(mktemp)
    before=$(ls "fuzz/artifacts/$t" | wc -l)
    began=$SECONDS
    # shellcheck disable=SC2086
    if ! "$bin/$t" "fuzz/corpus/$t" -artifact_prefix="fuzz/artifacts/$t/" \
        -max_total_time="$seconds" -print_final_stats=1 $opts >"$log" 2>&1; then
        failed=1
        # What failed (a panic's message, a sanitizer's report) and where the input was saved,
        # without the backtrace's frames.
        grep -E -m 3 -A 2 "panicked at|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)" "$log" >&2 || true
        grep -E "^(SUMMARY|artifact_prefix)" "$log" >&2 || true
    fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    crashes=$(($(ls "fuzz/artifacts/$t" | wc -l) - before))
    # The seconds it ran: the bound, or less when a crash stopped it.
    printf '%-8s %8s %12s %8s %8s %8s\n' "$t" "$((SECONDS - began))" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$crashes"
    rm -f "$log"
done
exit $failed
