#!/usr/bin/env bash
# Peak memory and time of the largest valid data files the size limit admits, rendered by the
# price widget in every family over its whole range: a 64 MiB OHLC CSV (Unix times a minute
# apart, a random walk, about 2.5 million rows), and one of the shortest rows a price file can
# have (Unix times and one-digit prices, 19 bytes a row, about 3.5 million rows). Prints each
# file's size and rows, then /usr/bin/time's figures.
#
#   scripts/memory.sh                      # uses .build/release/widgetrender (make build first)
#   scripts/memory.sh path/to/widgetrender
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/release/widgetrender}"
work=.build-memory
mkdir -p "$work"
csv="$work/ohlc-64MiB.csv"
if [ ! -f "$csv" ]; then
    # Deterministic: a random walk from a fixed seed, rows until the next would pass 64 MiB.
    awk 'BEGIN {
        srand(1); limit = 64 * 1024 * 1024 - 1; header = "time,open,high,low,close\n";
        printf "%s", header; size = length(header); t = 1262304000; p = 100;
        while (1) {
            o = p; c = p + int(rand() * 3) - 1; h = (o > c ? o : c) + 1; l = (o < c ? o : c) - 1;
            line = t "," o "," h "," l "," c "\n";
            if (size + length(line) > limit) break;
            printf "%s", line; size += length(line); t += 60; p = (c < 10 ? 10 : c);
        }
    }' > "$csv"
fi
short="$work/ohlc-64MiB-short-rows.csv"
if [ ! -f "$short" ]; then
    awk 'BEGIN {
        limit = 64 * 1024 * 1024 - 1; header = "time,open,high,low,close\n";
        printf "%s", header; size = length(header); t = 1262304000; i = 0;
        while (1) {
            o = 2 + i % 5; c = 2 + (i * 7) % 5; line = t "," o ",9,1," c "\n";
            if (size + length(line) > limit) break;
            printf "%s", line; size += length(line); t += 60; i++;
        }
    }' > "$short"
fi
for file in "$csv" "$short"; do
    printf "%s: %s bytes, %s rows\n" "$file" "$(stat -c %s "$file")" "$(($(wc -l < "$file") - 1))" >&2
    rm -rf "$work/out"
    /usr/bin/time -f "peak RSS %M KiB, %e s wall, %U s user" \
        "$binary" --widget price --data "$file" --family all --range all --out "$work/out" --quiet
done
