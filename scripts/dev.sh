#!/usr/bin/env bash
# Starts the whole product locally: DynamoDB Local, the S3, SES and SSM
# emulators, every function of template.yaml behind the local API gateway,
# and the SPA, on one port, with seeded demo data. Ctrl-C stops everything.
# Extra arguments go to the local cloud (see `make dev ARGS=-help`).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

scripts/tools.sh run

dist="$ROOT/frontend/dist/index.html"
if [ ! -e "$dist" ] || [ -n "$(find frontend/src frontend/public frontend/index.html frontend/package-lock.json frontend/vite.config.ts -newer "$dist" -print -quit 2>/dev/null)" ]; then
  say "Building the SPA"
  npm --prefix frontend run --silent build
fi

say "Building the local cloud"
mkdir -p .data/bin
go build -o .data/bin/localcloud ./infra/cmd/localcloud
exec .data/bin/localcloud -seed "$@"
