# oxo-call — `make help` lists the targets.
GO      ?= go
PREFIX  ?= $(shell $(GO) env GOPATH)
BIN     := bin/oxo-call
PKGS    := ./...
# Packages that run work concurrently; they also run under the race detector.
RACE_PKGS := ./engine/... ./rules/... ./llm/... ./bench/... ./cli/...
COVER_MIN := 95
FUZZTIME  ?= 30s

.PHONY: help build install test cover ci bench golden-capture golden-update fit fmt-check vet fuzz clean

help: ## list targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

build: ## build bin/oxo-call
	$(GO) build -o $(BIN) .

install: ## install oxo-call into $(PREFIX)/bin
	$(GO) build -o $(PREFIX)/bin/oxo-call .

vet: ## go vet
	$(GO) vet $(PKGS)

fmt-check: ## fail when gofmt would change a file
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

test: vet ## vet, all tests, race tests on concurrent packages, skill examples against installed tools (or their captured help)
	$(GO) test -count=1 -timeout 30m $(PKGS)
	$(GO) test -count=1 -timeout 30m -race $(RACE_PKGS)
	$(GO) run . skill verify --all --installed-only --captures golden

# The root package is main.go alone (build the app, run it, exit); it has
# no logic of its own to test, so the per-package gate skips it.
cover: ## statement coverage per package and in total (fails below $(COVER_MIN) %)
	@$(GO) test -count=1 -timeout 30m -coverprofile=coverage.out $(PKGS) | tee coverage.txt
	@$(GO) tool cover -func=coverage.out | tail -1
	@awk -v min=$(COVER_MIN) '/coverage:/ { pkg = ($$1 == "ok") ? $$2 : $$1; if (pkg == "github.com/traitome/oxo-call") next; for (i=1;i<=NF;i++) if ($$i ~ /%$$/) { v=$$i; sub("%","",v); if (v+0 < min) { print "below " min "%: " pkg " " $$i; bad=1 } } } END { exit bad }' coverage.txt

ci: fmt-check test cover ## what CI must pass

bench: build ## run the benchmarks and write BENCHMARKS.md (needs the golden tools installed, as .ci/run does)
	bash scripts/benchmarks.sh

golden-capture: ## re-capture help from installed tools (TOOLS=a,b or all; PROBE_TIMEOUT=30s for slow starters), then review
	$(GO) test ./golden/ -run TestCapture -capture $(or $(TOOLS),all) $(if $(PROBE_TIMEOUT),-probe-timeout $(PROBE_TIMEOUT)) -v -timeout 60m

golden-update: ## rewrite golden files from the captured help (review the diff!)
	$(GO) test ./golden/ -run TestGoldenToolDocs -update

fit: ## fit Stage 3's confidence model on the golden cases, report the held-back score, rewrite rules/weights.yaml (review the diff!)
	OXO_FIT_WRITE=1 $(GO) test ./golden/ -run TestFit -fit -v -count=1

fuzz: ## run every fuzz target for FUZZTIME each
	@for pkg in $$($(GO) list $(PKGS)); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; done

clean: ## remove build and coverage output
	rm -rf bin coverage.out coverage.txt
