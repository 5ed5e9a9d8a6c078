#!/usr/bin/env bash
# Deploys template.yaml into a running LocalStack with samlocal, seeds the
# table and uploads the SPA build. Run from the repository root after
# `docker compose -f localstack/docker-compose.yml up -d`.
# Needs: the project .venv plus `pip install aws-sam-cli-local awscli-local`.
set -euo pipefail
cd "$(dirname "$0")/.."

export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test AWS_DEFAULT_REGION=eu-central-2
endpoint=${LOCALSTACK_ENDPOINT:-http://localhost.localstack.cloud:4566}
stack=remat-dev

command -v samlocal >/dev/null || { echo "samlocal missing: .venv/bin/pip install aws-sam-cli-local awscli-local" >&2; exit 2; }
command -v awslocal >/dev/null || { echo "awslocal missing: .venv/bin/pip install awscli-local" >&2; exit 2; }

samlocal build --template template.yaml
samlocal deploy --stack-name "$stack" --resolve-s3 --capabilities CAPABILITY_IAM \
  --no-confirm-changeset --no-fail-on-empty-changeset --parameter-overrides Stage=dev

output() {
  awslocal cloudformation describe-stacks --stack-name "$stack" \
    --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text
}

go run ./infra/cmd/seed -dynamodb-endpoint "$endpoint" -table "$(output TableName)"

npm --prefix frontend ci && npm --prefix frontend run build
web="s3://$(output WebBucketName)"
awslocal s3 sync frontend/dist/assets "$web/assets/" --cache-control 'public, max-age=31536000, immutable'
awslocal s3 sync frontend/dist "$web/" --exclude 'assets/*' --delete --cache-control no-cache

echo "API:  $(output ApiUrl)"
echo "Site: $(output SiteUrl)"
