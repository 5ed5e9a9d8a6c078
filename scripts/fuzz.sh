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

tmp=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ]; then
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

say "A local cloud for the fuzzer"
go build -o "$tmp/localcloud" ./infra/cmd/localcloud
addr="127.0.0.1:$(free_port)"
"$tmp/localcloud" -memory -seed -no-demo -addr "$addr" -ready-file "$tmp/ready" >"$tmp/localcloud.log" 2>&1 &
pid=$!
origin_secret=""
for _ in $(seq 1 3000); do
  origin_secret="$(sed -n 's/.*Origin secret[^:]*: \([0-9a-f]*\).*/\1/p' "$tmp/localcloud.log")"
  [ -n "$origin_secret" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$tmp/localcloud.log"; die "the local cloud exited early"; }
  sleep 0.1
done
[ -n "$origin_secret" ] || { cat "$tmp/localcloud.log"; die "the local cloud did not become ready"; }
admin_secret="$(sed -n 's/.*setupSecret = \([0-9a-f]*\).*/\1/p' "$tmp/localcloud.log")"
api_url="$(sed -n 's/.*The API.s own endpoint[^:]*: \(http:[^ ]*\).*/\1/p' "$tmp/localcloud.log")"

say "schemathesis, ${FUZZ_SECONDS:-600} s each as a visitor, a signed-in user and an administrator"
"$VENV/bin/python" infra/tools/fuzz.py --base "http://$addr" --api "$api_url" --origin-secret "$origin_secret" \
  --admin-secret "$admin_secret" --seconds "${FUZZ_SECONDS:-600}" ||
  { echo "--- local cloud log"; tail -n 80 "$tmp/localcloud.log"; exit 1; }
