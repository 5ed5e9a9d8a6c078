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

with_cleanup

say "Local cloud for Lighthouse (in memory, seeded)"
start_local_cloud

say "Lighthouse, mobile defaults (one run per page, about 15 s each)"
REMAT_BASE_URL="http://$addr" CHROME_PATH="$chrome" node frontend/scripts/lighthouse.mjs "$@" ||
  { echo "--- local cloud log"; tail -n 80 "$tmp/localcloud.log"; exit 1; }
