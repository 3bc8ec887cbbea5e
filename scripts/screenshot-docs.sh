#!/usr/bin/env bash
# Renders the REST docs page (/api/docs) in headless Chromium with every non-local host unresolvable, and
# saves a PNG: proof that the page works offline (its assets come from the server, not a CDN).
#   scripts/screenshot-docs.sh [out.png]        (default .data/api-docs.png)
# Needs Debian's chromium (apt-get install -y chromium) or CHROMIUM=/path/to/chrome. Builds and starts the
# server on PORT (default 3999) with DATABASE_URL, or the embedded PostgreSQL when it is unset; stops it after.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.data/api-docs.png}"
port="${PORT:-3999}"
chromium="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"
[ -n "$chromium" ] || { echo "chromium not found: apt-get install -y chromium (or set CHROMIUM)" >&2; exit 1; }
mkdir -p "$(dirname "$out")"

npm run --silent build
PORT="$port" LOG_LEVEL=warn LOG_FORMAT=json WEBHOOK_WORKER=false STAGE_DRIFT_JOB=false node dist/src/main.js &
server=$!
profile="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$profile"' EXIT

for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.5
done

"$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$profile" \
  --host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1" \
  --window-size=1280,1800 --virtual-time-budget=10000 --hide-scrollbars \
  --screenshot="$out" "http://127.0.0.1:$port/api/docs" 2>/dev/null
echo "screenshot: $out"
