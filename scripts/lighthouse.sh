#!/usr/bin/env bash
# Lighthouse on the buyer's pages (home, list, ad, pricing; French and Albanian) with its mobile
# defaults, against a local cloud of its own: in memory, seeded with the demo data, on a free
# loopback port, serving frontend/dist as built. Prints the markdown table that
# frontend/scripts/lighthouse.mjs writes (arguments go to it, e.g. --out DIR for the full
# reports) and stops the cloud by PID.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

[ -s frontend/dist/index.html ] || die "no frontend/dist to measure: run 'npm --prefix frontend run build' first"
chrome=$(chromium_path)
[ -n "$chrome" ] || die "Chromium is needed: run 'sudo apt-get install chromium' (Debian) or set CHROMIUM_PATH"

pids=()
tmp=$(mktemp -d)
cleanup() {
  local pid
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$tmp"
}
trap cleanup EXIT

say "Local cloud for Lighthouse (in memory, seeded)"
go build -o "$tmp/localcloud" ./infra/cmd/localcloud
addr="127.0.0.1:$(free_port)"
"$tmp/localcloud" -memory -seed -addr "$addr" -ready-file "$tmp/ready" >"$tmp/localcloud.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 3000); do
  [ -s "$tmp/ready" ] && break
  kill -0 "${pids[-1]}" 2>/dev/null || { cat "$tmp/localcloud.log"; die "the local cloud exited early"; }
  sleep 0.1
done
[ -s "$tmp/ready" ] || { cat "$tmp/localcloud.log"; die "the local cloud did not become ready"; }

say "Lighthouse, mobile defaults (one run per page, about 15 s each)"
REMAT_BASE_URL="http://$addr" CHROME_PATH="$chrome" node frontend/scripts/lighthouse.mjs "$@" ||
  { echo "--- local cloud log"; tail -n 80 "$tmp/localcloud.log"; exit 1; }
