#!/usr/bin/env bash
# Runs every check: formatting and linters (Go, TypeScript, template, YAML,
# shell), the Go unit and integration tests with the race detector against
# one DynamoDB Local and one stripe-mock started for the run, the frontend unit tests, the bundle
# budget, and the end-to-end journeys in headless Chromium against the local
# cloud. Everything it starts it stops by PID.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

scripts/tools.sh test

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

say "Go: gofmt, go vet, golangci-lint"
unformatted=$(gofmt -l functions shared infra)
[ -z "$unformatted" ] || { echo "gofmt needed on:"; echo "$unformatted"; exit 1; }
go vet "${GO_PKGS[@]}"
"$TOOLS/bin/golangci-lint" run "${GO_PKGS[@]}"

say "Template: sam validate --lint, cfn-lint"
"$VENV/bin/sam" validate --lint --template template.yaml
"$VENV/bin/cfn-lint" template.yaml

say "YAML and shell: yamllint, shellcheck"
"$VENV/bin/yamllint" --strict -c .yamllint.yaml template.yaml localstack docs/openapi.yaml
"$VENV/bin/shellcheck" -x scripts/*.sh localstack/*.sh localstack/init/ready.d/*.sh .ci/run

say "stripe-mock for the Go billing tests"
# Both addresses on loopback: with -http-addr alone stripe-mock still opens
# HTTPS on all interfaces at port 12112. Started directly (no subshell), so
# $! is its PID.
stripe_port=$(free_port)
"$TOOLS/bin/stripe-mock" -http-addr "127.0.0.1:$stripe_port" -https-addr "127.0.0.1:$(free_port)" \
  >"$tmp/stripe-mock.log" 2>&1 &
pids+=($!)
export REMAT_TEST_STRIPE_MOCK="http://127.0.0.1:$stripe_port"
for _ in $(seq 1 100); do
  curl -s -o /dev/null "$REMAT_TEST_STRIPE_MOCK/v1/balance" && break
  sleep 0.1
done
curl -s -o /dev/null "$REMAT_TEST_STRIPE_MOCK/v1/balance" || { cat "$tmp/stripe-mock.log"; die "stripe-mock did not start"; }

say "Go tests (race detector)"
# Each test binary starts a DynamoDB Local of its own (infra/testcloud; it
# ends with the binary): one shared for the whole run grows slower and
# slower as tables come and go, until the last packages time out.
unset REMAT_TEST_DYNAMODB_ENDPOINT
go test -race -count=1 "${GO_PKGS[@]}"

say "Frontend: lint, unit tests, build, bundle budget"
npm --prefix frontend run --silent lint
npm --prefix frontend run --silent test
npm --prefix frontend run --silent build
npm --prefix frontend run --silent size

say "End-to-end journeys in headless Chromium"
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
# In memory mode the cloud prints the first-admin secret; the back-office tests use it.
# It prints the banner just after writing the ready file, so wait for the line.
admin_secret=""
for _ in $(seq 1 100); do
  admin_secret="$(sed -n 's/.*setupSecret = \([0-9a-f]*\).*/\1/p' "$tmp/localcloud.log")"
  [ -n "$admin_secret" ] && break
  sleep 0.1
done
[ -n "$admin_secret" ] || { cat "$tmp/localcloud.log"; die "the local cloud printed no admin setup secret"; }
REMAT_ADMIN_SETUP_SECRET="$admin_secret" REMAT_BASE_URL="http://$addr" CHROMIUM_PATH="$(chromium_path)" \
  npm --prefix frontend run --silent e2e ||
  { echo "--- local cloud log"; tail -n 80 "$tmp/localcloud.log"; exit 1; }
