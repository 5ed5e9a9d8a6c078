#!/usr/bin/env bash
# LocalStack ready hook: creates what template.yaml expects to exist before a
# deploy — the secrets under /remat/dev and verified SES senders.
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
put_secret cursor-key
put_secret admin-setup-secret

# The access-token key pair: the Ed25519 private key (PKCS#8 PEM, SecureString) only the
# auth function reads, and its public key (SPKI PEM, a plain String) every other function
# verifies with.
if ! awslocal ssm get-parameter --name "$prefix/jwt-signing-key" >/dev/null 2>&1; then
  key=$(mktemp)
  openssl genpkey -algorithm ed25519 -out "$key"
  awslocal ssm put-parameter --name "$prefix/jwt-signing-key" --type SecureString --value "$(cat "$key")" >/dev/null
  awslocal ssm put-parameter --name "$prefix/jwt-public-key" --type String --overwrite \
    --value "$(openssl pkey -in "$key" -pubout)" >/dev/null
  rm -f "$key"
  echo "remat: created the access-token key pair under $prefix"
fi

# The header the distribution sends to the API (a String: CloudFront resolves it at deploy).
if ! awslocal ssm get-parameter --name "$prefix/origin-secret" >/dev/null 2>&1; then
  awslocal ssm put-parameter --name "$prefix/origin-secret" --type String \
    --value "$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" >/dev/null
  echo "remat: created SSM parameter $prefix/origin-secret"
fi

for identity in no-reply@remat.ch contact@remat.ch; do
  awslocal ses verify-email-identity --email-address "$identity" >/dev/null
done
echo "remat: LocalStack bootstrap done"
