#!/usr/bin/env bash
# `make loadtest` (not in CI): widgetrender-server under wrk on 127.0.0.1, 64 connections, in the
# same minutes as `bench --batch` for a baseline of PNGs a second:
#   1. conditional GETs (If-None-Match with the image's own tag: 304s);
#   2. fresh medium renders, a distinct `at` per request (the timeline from the engine's cache);
# then the server's RSS after each. DURATION (default 30s) sets each run's length.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-30s}
port=${PORT:-18720}
server=.build/release/widgetrender-server
command -v wrk >/dev/null || { echo "error: wrk is missing: apt-get install wrk" >&2; exit 1; }
[ -x "$server" ] || { echo "error: $server is missing: swift build -c release --product widgetrender-server" >&2; exit 1; }
"$server" --port "$port" --quiet &
pid=$!
trap 'kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
url="http://127.0.0.1:$port/widgets/price/medium.png?at=2013-03-01T12:00:00Z"
tag=$(curl -s -D - -o /dev/null "$url" | tr -d '\r' | awk 'tolower($1)=="etag:"{print $2}')
rss() { awk '/VmRSS/{print $2 " kB"}' "/proc/$pid/status"; }
echo "== bench --batch 1000 (baseline, PNGs a second on every core)"
.build/release/widgetrender bench --family medium --widget price --batch 1000 2>&1 | tail -3
echo "== conditional GETs (304), 64 connections, $duration"
wrk -t2 -c64 -d"$duration" --latency -H "If-None-Match: $tag" "$url" | grep -E "Requests/sec|99%|Non-2xx|Latency"
echo "RSS: $(rss)"
cat > /tmp/widgetrender-fresh.lua <<'LUA'
counter = 0
request = function()
  counter = counter + 1
  local seconds = 1362096000 + counter
  return wrk.format("GET", "/widgets/price/medium.png?at=" .. os.date("!%Y-%m-%dT%H:%M:%SZ", seconds))
end
LUA
echo "== fresh medium renders (a distinct at each), 64 connections, $duration"
wrk -t2 -c64 -d"$duration" --latency -s /tmp/widgetrender-fresh.lua "http://127.0.0.1:$port" | grep -E "Requests/sec|99%|Non-2xx|Latency"
echo "RSS: $(rss)"
