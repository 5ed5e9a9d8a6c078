#!/usr/bin/env bash
# Runs every check: formatting and linters (Go, TypeScript, template, YAML,
# shell), the Go unit and integration tests with the race detector against
# one DynamoDB Local and one stripe-mock started for the run, the frontend unit tests, the bundle
# budget, the uncached SAM build of every function (checked by sambuildcheck), and the
# end-to-end journeys in headless Chromium against the local cloud. Everything
# it starts it stops by PID.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

scripts/tools.sh test

with_cleanup

say "Go: gofmt, go vet, golangci-lint"
unformatted=$(gofmt -l functions shared infra)
[ -z "$unformatted" ] || { echo "gofmt needed on:"; echo "$unformatted"; exit 1; }
go vet "${GO_PKGS[@]}"
"$TOOLS/bin/golangci-lint" run "${GO_PKGS[@]}"

say "Template: sam validate --lint, cfn-lint"
"$VENV/bin/sam" validate --lint --template template.yaml
"$VENV/bin/cfn-lint" template.yaml
"$VENV/bin/python" infra/tools/template_cycles.py template.yaml

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

say "Frontend: contract generated from docs/openapi.yaml, lint, unit tests, build, bundle budget"
# The SPA's API types, error codes and input limits (frontend/src/contract/*.gen.ts) are generated
# from docs/openapi.yaml; a committed result the document no longer gives fails the run.
npm --prefix frontend run --silent contract:check
npm --prefix frontend run --silent lint
npm --prefix frontend run --silent test
npm --prefix frontend run --silent build
npm --prefix frontend run --silent size

say "SAM build (stripped arm64), every function built, zip sizes"
# Uncached, into this run's temporary folder so a test run never replaces the .aws-sam/build
# someone is about to deploy; sambuildcheck fails the run on a missing, dynamic or stale binary.
make --no-print-directory sam-build SAM_BUILD_DIR="$tmp/sam-build"

say "End-to-end journeys in headless Chromium"
# In memory mode the cloud prints the first-admin secret; the back-office tests use it.
# Set-up calls that act as other viewers go to the API's own endpoint with CloudFront's header
# (the origin secret).
start_local_cloud
admin_secret="$(sed -n 's/.*setupSecret = \([0-9a-f]*\).*/\1/p' "$tmp/localcloud.log")"
api_url="$(sed -n 's/.*The API.s own endpoint[^:]*: \(http:[^ ]*\).*/\1/p' "$tmp/localcloud.log")"
[ -n "$admin_secret" ] && [ -n "$api_url" ] && [ -n "$origin_secret" ] ||
  { cat "$tmp/localcloud.log"; die "the local cloud printed no admin setup secret, API endpoint or origin secret"; }
REMAT_ADMIN_SETUP_SECRET="$admin_secret" REMAT_BASE_URL="http://$addr" CHROMIUM_PATH="$(chromium_path)" \
  REMAT_API_URL="$api_url" REMAT_ORIGIN_SECRET="$origin_secret" \
  npm --prefix frontend run --silent e2e ||
  { echo "--- local cloud log"; tail -n 80 "$tmp/localcloud.log"; exit 1; }

say "IAM: every call of the run allowed, every granted permission used or explained"
# The local cloud checked each call against the function's template policies and recorded it;
# make iam-report turns the same file into docs/iam-report.md.
mkdir -p .data
curl -sf "http://$addr/_dev/iam/usage.json" >.data/iam-usage.json
go run ./infra/cmd/iamreport -usage .data/iam-usage.json -out "$tmp/iam-report.md" -check

say "Fuzz: schemathesis from docs/openapi.yaml, 60 s each as a visitor, a user and an administrator"
# After the journeys, on the same cloud: any server error, undeclared status or content type, or
# body off its schema fails the run (make fuzz runs it longer on a cloud of its own).
"$VENV/bin/python" infra/tools/fuzz.py --base "http://$addr" --api "$api_url" --origin-secret "$origin_secret" \
  --admin-secret "$admin_secret" --seconds "${FUZZ_SECONDS:-60}" ||
  { echo "--- local cloud log"; tail -n 80 "$tmp/localcloud.log"; exit 1; }
