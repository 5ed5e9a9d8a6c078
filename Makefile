# The front door. `make dev` runs the product locally, `make test` runs every
# check (CI runs exactly this through .ci/run).
SHELL := /bin/bash
.DEFAULT_GOAL := help
GO_PKGS := ./functions/... ./shared/... ./infra/...

.PHONY: help dev test tools lint go-test web-test e2e bench fuzz build sam-build validate iam-report seed clean

help: ## List the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

dev: ## Start the whole product locally (seeded; prints the URL; Ctrl-C stops it). ARGS=... passes flags
	@scripts/dev.sh $(ARGS)

test: ## Run every check: linters, Go tests (-race), frontend tests, bundle budget, end-to-end
	@scripts/test.sh

tools: ## Install the tools the run and test commands need
	@scripts/tools.sh test

lint: tools ## Linters only
	gofmt -l functions shared infra | (! grep .)
	go vet $(GO_PKGS)
	.tools/bin/golangci-lint run $(GO_PKGS)
	npm --prefix frontend run --silent lint
	$(MAKE) validate

validate: ## sam validate --lint, cfn-lint and the transformed template's dependency check on template.yaml
	AWS_DEFAULT_REGION=eu-central-2 SAM_CLI_TELEMETRY=0 .venv/bin/sam validate --lint --template template.yaml
	.venv/bin/cfn-lint template.yaml
	AWS_DEFAULT_REGION=eu-central-2 AWS_EC2_METADATA_DISABLED=true .venv/bin/python infra/tools/template_cycles.py template.yaml

# The usage is what the end-to-end run of `make test` recorded (GET /_dev/iam/usage.json of its
# local cloud); a local cloud started with -iam-usage FILE writes the same at stop.
IAM_USAGE ?= .data/iam-usage.json
iam-report: ## Per function: the IAM permissions granted beside those used in the last make test (docs/iam-report.md)
	@test -s $(IAM_USAGE) || { echo "no $(IAM_USAGE): run make test first (its end-to-end run records what each function called), or pass IAM_USAGE=FILE"; exit 2; }
	go run ./infra/cmd/iamreport -usage $(IAM_USAGE) -out docs/iam-report.md -check
	@echo "wrote docs/iam-report.md"

go-test: ## Go tests only (starts its own DynamoDB Local)
	go test -race -count=1 $(GO_PKGS)

web-test: ## Frontend unit tests only
	npm --prefix frontend test

bench: tools ## Benchmarks: gateway, cold start, search at 100,000 ads (about half an hour), 12 MP photo, bundle sizes, Lighthouse
	REMAT_BENCH_ADS=$${REMAT_BENCH_ADS:-100000} go test -timeout 0 -run='^$$' -bench=. -benchmem -count=1 ./infra/bench/...
	npm --prefix frontend run --silent build
	npm --prefix frontend run --silent size
	scripts/lighthouse.sh

fuzz: ## Fuzz the API from docs/openapi.yaml with schemathesis on a local cloud (FUZZ_SECONDS=600 per identity)
	@scripts/fuzz.sh

build: ## Build every function binary for Lambda (linux/arm64) into .aws-sam via SAM
	$(MAKE) sam-build

# Lean binaries: no symbol table or DWARF (-s), no local paths (-trimpath), static (no cgo; and
# nodynamic: the images function's WebP encoder, github.com/gen2brain/webp, would otherwise link
# purego to look for a shared libwebp, which makes a binary dynamically linked),
# and no legacy go1.x RPC mode in aws-lambda-go (lambda.norpc). No VCS stamp (-buildvcs=false):
# it changes with every commit and every edit anywhere in the tree, and without it a binary
# depends on its code alone, so sambuildcheck can rebuild it byte for byte.
LAMBDA_GOFLAGS := -trimpath -ldflags=-s -tags=lambda.norpc,nodynamic -buildvcs=false
SAM_BUILD_DIR ?= .aws-sam/build

# Never SAM's cache (--no-cached): it watches only each CodeUri (functions/<name>), so a change
# under shared/ would ship the old binaries. The go build first shows compile errors as they
# are (SAM reports them as "stat .../bootstrap: directory not found"); then sambuildcheck
# proves every function is built, static arm64 and current, and prints the zip sizes.
sam-build: ## sam build, uncached (stripped static arm64), then check every function is built and current
	GOFLAGS="$(LAMBDA_GOFLAGS)" CGO_ENABLED=0 GOOS=linux GOARCH=arm64 go build ./functions/...
	GOFLAGS="$(LAMBDA_GOFLAGS)" CGO_ENABLED=0 AWS_DEFAULT_REGION=eu-central-2 SAM_CLI_TELEMETRY=0 \
		.venv/bin/sam build --no-cached --template template.yaml --build-dir $(SAM_BUILD_DIR)
	go run ./infra/cmd/sambuildcheck -template template.yaml -build-dir $(SAM_BUILD_DIR) -goflags "$(LAMBDA_GOFLAGS)"

seed: ## Seed a running local cloud's DynamoDB (ENDPOINT=http://127.0.0.1:PORT)
	go run ./infra/cmd/seed -dynamodb-endpoint $(ENDPOINT)

clean: ## Remove local state (.data) and build output
	rm -rf .data .aws-sam frontend/dist
