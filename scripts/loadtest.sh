#!/usr/bin/env bash
# `make loadtest` (not in CI): widgetrender-server under wrk on 127.0.0.1, 64 connections, each
# run DURATION (default 30s), in the same minutes as its yardsticks:
#   0. a minimal Hummingbird route answering a fixed 304 (LoadtestBaseline), and
#      `bench --batch 1000` (PNGs a second on every core);
#   1. conditional GETs of one image (If-None-Match with its own tag): 304s from the image cache;
#   2. the same without `at` (a dashboard polling "now": one drawing a second, then 304s);
#   3. fresh medium renders, a distinct `at` per request (a new image each; the provider's
#      answer from the engine's cache, as the quarter hour is shared);
# then the server's RSS after each. `scripts/loadtest.sh soak` instead runs fresh renders and
# conditional GETs for SOAK_MINUTES (default 10), printing RSS each minute, and fails when the
# last is over 10 % above the first.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-30s}
port=${PORT:-18720}
baseline_port=$((port + 1))
server=.build/release/widgetrender-server
baseline=.build/release/LoadtestBaseline
command -v wrk >/dev/null || { echo "error: wrk is missing: apt-get install wrk" >&2; exit 1; }
for binary in "$server" "$baseline" .build/release/widgetrender; do
  [ -x "$binary" ] || { echo "error: $binary is missing: make loadtest builds it" >&2; exit 1; }
done
env ${SERVER_ENV:-} "$server" --port "$port" --quiet &
pid=$!
"$baseline" "$baseline_port" >/dev/null 2>&1 &
baseline_pid=$!
trap 'kill -TERM $pid $baseline_pid 2>/dev/null; wait $pid $baseline_pid 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
rss() { awk '/VmRSS/{printf "%d MB\n", $2 / 1024}' "/proc/$pid/status"; }
tag_of() { curl -s -D - -o /dev/null "$1" | tr -d '\r' | awk 'tolower($1)=="etag:"{print $2}'; }
summary() { grep -E "Requests/sec|  99%|Non-2xx|Socket errors" || true; }

cat > /tmp/widgetrender-fresh.lua <<'LUA'
-- Each wrk thread counts seconds from its own start, ten million seconds apart: no two
-- requests of the run ask for the same time (so none is answered from the image cache).
local threads = 0
function setup(thread)
  thread:set("first", 1350000000 + threads * 10000000)
  threads = threads + 1
end
counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", "/widgets/price/medium.png?at=" .. os.date("!%Y-%m-%dT%H:%M:%SZ", first + counter))
end
LUA
url="http://127.0.0.1:$port/widgets/price/medium.png?at=2013-03-01T12:00:00Z"
now_url="http://127.0.0.1:$port/widgets/price/medium.png"

if [ "${1:-}" = soak ]; then
  minutes=${SOAK_MINUTES:-10}
  tag=$(tag_of "$url")
  first=""
  for minute in $(seq 1 "$minutes"); do
    wrk -t1 -c32 -d30s -s /tmp/widgetrender-fresh.lua "http://127.0.0.1:$port" >/dev/null
    wrk -t1 -c32 -d30s -H "If-None-Match: $tag" "$url" >/dev/null
    kb=$(awk '/VmRSS/{print $2}' "/proc/$pid/status")
    echo "minute $minute: RSS $((kb / 1024)) MB"
    [ -n "$first" ] || first=$kb
  done
  growth=$(( (kb - first) * 100 / first ))
  echo "RSS after minute $minutes is $growth % above after minute 1 (target: within 10 %)"
  [ "$growth" -le 10 ]
  exit
fi

echo "== yardstick: a minimal Hummingbird route answering 304, 64 connections, $duration"
wrk -t2 -c64 -d"$duration" --latency -H 'If-None-Match: "fixed"' "http://127.0.0.1:$baseline_port/fixed" | summary
echo "== yardstick: bench --batch 1000 (PNGs a second on every core)"
.build/release/widgetrender bench --family medium --widget price --batch 1000 2>&1 | tail -3
echo "== 1. conditional GETs of one image (304), 64 connections, $duration"
wrk -t2 -c64 -d"$duration" --latency -H "If-None-Match: $(tag_of "$url")" "$url" | summary
echo "RSS: $(rss)"
echo "== 2. conditional GETs without at (now: a drawing a second), 64 connections, $duration"
wrk -t2 -c64 -d"$duration" --latency -H "If-None-Match: $(tag_of "$now_url")" "$now_url" | summary
echo "RSS: $(rss)"
echo "== 3. fresh medium renders (a distinct at each), 64 connections, $duration"
wrk -t2 -c64 -d"$duration" --latency -s /tmp/widgetrender-fresh.lua "http://127.0.0.1:$port" | summary
echo "RSS: $(rss)"
echo "== 3b. the same with 2 connections (one per core: latency without a queue), $duration"
wrk -t2 -c2 -d"$duration" --latency -s /tmp/widgetrender-fresh.lua "http://127.0.0.1:$port" | summary
echo "== yardstick again: bench --batch 1000"
.build/release/widgetrender bench --family medium --widget price --batch 1000 2>&1 | tail -3
curl -s "http://127.0.0.1:$port/metrics" | grep -E "^widgetrender_(image_cache|renders_total)" || true
