#!/usr/bin/env bash
# LocalStack ready hook: creates what template.yaml expects to exist before a
# deploy — the SecureString secrets under /remat/dev and verified SES senders.
# Runs inside the container (awslocal is available there). Idempotent.
set -euo pipefail

prefix=/remat/dev
put_secret() {
  if ! awslocal ssm get-parameter --name "$prefix/$1" >/dev/null 2>&1; then
    awslocal ssm put-parameter --name "$prefix/$1" --type SecureString \
      --value "$(head -c 32 /dev/urandom | base64 | tr -d '\n')" >/dev/null
    echo "remat: created SSM parameter $prefix/$1"
  fi
}
put_secret jwt-signing-key
put_secret cursor-key
put_secret admin-setup-secret

for identity in no-reply@remat.ch contact@remat.ch; do
  awslocal ses verify-email-identity --email-address "$identity" >/dev/null
done
echo "remat: LocalStack bootstrap done"
