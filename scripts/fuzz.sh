#!/usr/bin/env bash
# Fuzzes the API from docs/openapi.yaml with schemathesis against a local cloud of its own (in
# memory, seeded): as a visitor, a signed-in user and an administrator, FUZZ_SECONDS each
# (default 600). Every response is checked for server errors, status codes, content types and
# its schema (infra/tools/fuzz.py). make test runs the same briefly after the e2e journeys.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

scripts/tools.sh test

with_cleanup

say "A local cloud for the fuzzer"
local_cloud_flags=(-no-demo) # the fuzzer needs no demo catalogue
start_local_cloud
admin_secret="$(sed -n 's/.*setupSecret = \([0-9a-f]*\).*/\1/p' "$tmp/localcloud.log")"
api_url="$(sed -n 's/.*The API.s own endpoint[^:]*: \(http:[^ ]*\).*/\1/p' "$tmp/localcloud.log")"

say "schemathesis, ${FUZZ_SECONDS:-600} s each as a visitor, a signed-in user and an administrator"
"$VENV/bin/python" infra/tools/fuzz.py --base "http://$addr" --api "$api_url" --origin-secret "$origin_secret" \
  --admin-secret "$admin_secret" --seconds "${FUZZ_SECONDS:-600}" ||
  { echo "--- local cloud log"; tail -n 80 "$tmp/localcloud.log"; exit 1; }
