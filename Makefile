# The front door. `make dev` runs the product locally, `make test` runs every
# check (CI runs exactly this through .ci/run).
SHELL := /bin/bash
.DEFAULT_GOAL := help
GO_PKGS := ./functions/... ./shared/... ./infra/...

.PHONY: help dev test tools lint go-test web-test e2e bench build sam-build validate seed clean

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

validate: ## sam validate --lint and cfn-lint on template.yaml
	AWS_DEFAULT_REGION=eu-central-2 SAM_CLI_TELEMETRY=0 .venv/bin/sam validate --lint --template template.yaml
	.venv/bin/cfn-lint template.yaml

go-test: ## Go tests only (starts its own DynamoDB Local)
	go test -race -count=1 $(GO_PKGS)

web-test: ## Frontend unit tests only
	npm --prefix frontend test

bench: tools ## Benchmarks: gateway, cold start, search at 100,000 ads (about half an hour), 12 MP photo
	REMAT_BENCH_ADS=$${REMAT_BENCH_ADS:-100000} go test -timeout 0 -run='^$$' -bench=. -benchmem -count=1 ./infra/bench/...
	npm --prefix frontend run --silent build
	npm --prefix frontend run --silent size

build: ## Build every function binary for Lambda (linux/arm64) into .aws-sam via SAM
	$(MAKE) sam-build

# Lean binaries: no symbol table or DWARF (-s), no local paths (-trimpath), static (no cgo),
# and no legacy go1.x RPC mode in aws-lambda-go (lambda.norpc).
sam-build: ## sam build (Go build method, no container; stripped static arm64 binaries)
	GOFLAGS="-trimpath -ldflags=-s -tags=lambda.norpc" CGO_ENABLED=0 AWS_DEFAULT_REGION=eu-central-2 SAM_CLI_TELEMETRY=0 \
		.venv/bin/sam build --template template.yaml

seed: ## Seed a running local cloud's DynamoDB (ENDPOINT=http://127.0.0.1:PORT)
	go run ./infra/cmd/seed -dynamodb-endpoint $(ENDPOINT)

clean: ## Remove local state (.data) and build output
	rm -rf .data .aws-sam frontend/dist
