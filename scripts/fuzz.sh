#!/usr/bin/env bash
# Fuzzes WidgetData's readers and the PNG reader with libFuzzer: builds each harness in Fuzz/Targets with
# -sanitize=fuzzer,address, seeds it from Assets/samples, the test fixtures and Fuzz/Seeds, and
# runs it for a time. See docs/FUZZING.md.
#
#   scripts/fuzz.sh                      # every target, 60 s each, one at a time
#   scripts/fuzz.sh --seconds 600 --jobs 2 binance json
#   scripts/fuzz.sh --ci                 # every target for 5 s: a smoke test for .ci/run
#   scripts/fuzz.sh --keep-going …       # do not stop at the first finding (libFuzzer -fork=1)
#   scripts/fuzz.sh --list               # the target names
#
# Work folders live under .build-fuzz/ (git-ignored): corpus/<target> grows across runs,
# crashes/<target> holds inputs that broke a rule, logs/<target>.log each run's output.
# Exit status: 0 when no target found anything, 1 when one did, 64 for a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(binance coinbase kraken cryptowatch ohlc-csv diseasesh jhu long-csv series-reader generic candles compressed csv json png screen-layout animated-png)
seconds=60
jobs=1
ci=0
max_len=8192
chosen=()
keep_going=()

while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --max-len) max_len="$2"; shift 2 ;;
        --ci) ci=1; seconds=5; shift ;;
        --keep-going) keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1); shift ;;
        --list) printf '%s\n' "${targets[@]}"; exit 0 ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "error: unknown option $1 (see --help)" >&2; exit 64 ;;
        *) chosen+=("$1"); shift ;;
    esac
done
if [ ${#chosen[@]} -gt 0 ]; then
    for name in "${chosen[@]}"; do
        if ! printf '%s\n' "${targets[@]}" | grep -qx -- "$name"; then
            echo "error: no fuzz target '$name'; targets: ${targets[*]}" >&2
            exit 64
        fi
    done
    targets=("${chosen[@]}")
fi
case "$seconds$jobs" in *[!0-9]*) echo "error: --seconds and --jobs take whole numbers" >&2; exit 64 ;; esac

work=.build-fuzz
scratch="$work/build"
mkdir -p "$work/corpus" "$work/crashes" "$work/logs" "$work/seeds"

# What each target reads: JSON, CSV or both, for its seeds.
kind_of() {
    case "$1" in
        binance|coinbase|kraken|cryptowatch|diseasesh|json) echo json ;;
        ohlc-csv|jhu|long-csv|csv) echo csv ;;
        png|animated-png) echo png ;;
        screen-layout) echo layout ;;
        *) echo any ;;
    esac
}

echo "building ${#targets[@]} fuzz targets (release, -sanitize=fuzzer,address) in $scratch" >&2
for name in "${targets[@]}"; do
    swift build --package-path Fuzz -c release --scratch-path "$scratch" --product "fuzz-$name" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING >"$work/logs/build-$name.log" 2>&1 ||
        { cat "$work/logs/build-$name.log" >&2; exit 1; }
done
bin="$(swift build --package-path Fuzz -c release --scratch-path "$scratch" --show-bin-path)"

seed() {
    local name="$1" kind folder
    kind="$(kind_of "$name")"
    folder="$work/seeds/$name"
    rm -rf "$folder"
    mkdir -p "$folder"
    while IFS= read -r -d '' file; do
        case "$kind:$file" in
            json:*.json|csv:*.csv|any:*) cp "$file" "$folder/$(basename "$file")" ;;
        esac
    done < <(find Assets/samples Tests/WidgetDataTests/Fixtures -type f \( -name '*.json' -o -name '*.csv' \) -print0)
    # The archive reader: the gzip and zip fixtures that fit in --max-len.
    if [ "$name" = compressed ]; then
        find Tests/WidgetDataTests/Fixtures -type f \( -name '*.gz' -o -name '*.zip' \) -size -"$max_len"c \
            -exec cp {} "$folder/" \;
    fi
    # The image reader (PNG, and JPEG behind the same call): the goldens and test images that fit in --max-len.
    if [ "$kind" = png ]; then
        find Tests Examples/Tests -type f \( -name '*.png' -o -name '*.jpg' \) -size -"$max_len"c -exec cp {} "$folder/" \;
    fi
    # Hand-made seeds for formats without a real file, and earlier findings.
    for extra in "Fuzz/Seeds/$kind" "Fuzz/Seeds/$name"; do
        [ -d "$extra" ] && cp "$extra"/* "$folder/" 2>/dev/null || true
    done
}

run() {
    local name="$1" log="$work/logs/$1.log"
    mkdir -p "$work/corpus/$name" "$work/crashes/$name"
    seed "$name"
    # -timeout: an input that takes 10 s is a hang; -rss_limit_mb: 2 GiB is a leak or a blow-up.
    local status=0
    nice -n 10 "$bin/fuzz-$name" "$work/corpus/$name" "$work/seeds/$name" \
        -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$work/crashes/$name/" -print_final_stats=1 ${keep_going[@]+"${keep_going[@]}"} >"$log" 2>&1 || status=$?
    # With --keep-going libFuzzer exits 0 even after findings: the crashes folder tells.
    if [ -n "$(ls -A "$work/crashes/$name" 2>/dev/null)" ] && [ $status -eq 0 ]; then status=1; fi
    # The last status line: "#N: cov: C ft: F corp: K exec/s: … time: Ts" (fork mode) or
    # "#N DONE cov: C ft: F corp: K/size exec/s: E …".
    local last execs elapsed speed
    last="$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)"
    execs="$(echo "$last" | grep -oE '^#[0-9]+' | tr -d '#' || true)"
    elapsed="$(grep -oE 'exiting: [0-9]+ time: [0-9]+s' "$log" | grep -oE '[0-9]+s$' | tr -d s || true)"
    if [ -n "$execs" ] && [ -n "$elapsed" ] && [ "$elapsed" -gt 0 ]; then
        speed=$((execs / elapsed))
    else
        speed="$(grep -oE 'stat::average_exec_per_sec:[[:space:]]+[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')"
    fi
    printf '%-14s %s  execs=%s exec/s=%s  %s\n' "$name" \
        "$([ $status -eq 0 ] && echo ok || echo "FOUND (exit $status, see $log)")" "${execs:-?}" "$speed" \
        "$(echo "$last" | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' || true)"
    return $status
}

failed=0
running=0
pids=()
names=()
for name in "${targets[@]}"; do
    run "$name" & pids+=($!); names+=("$name")
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait "${pids[0]}" || failed=1
        pids=("${pids[@]:1}"); names=("${names[@]:1}")
        running=$((running - 1))
    fi
done
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done

if [ "$failed" -ne 0 ]; then
    echo "fuzzing found inputs that break a rule: see $work/crashes/ and replay one with" >&2
    echo "  swift build --package-path Fuzz --product fuzz-NAME && Fuzz/.build/debug/fuzz-NAME $work/crashes/NAME/crash-…" >&2
    exit 1
fi
[ "$ci" -eq 1 ] && echo "fuzz: ${#targets[@]} targets ran ${seconds} s each, nothing found"
exit 0
