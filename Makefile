# Kesim: `make run` builds everything and serves the app; `make test` installs
# what the tests need and runs every test.
SHELL := /bin/bash
GO    ?= go
BIN   := bin/kesim
BENCH_FILE ?= ../shared/bench/2bp/bwmv_500.json

.PHONY: all go-mod build run test test-go fuzz test-web test-e2e lint bench bench-wasm deps-test web wasm clean

all: build

# ---- web: the engine as WebAssembly, then the Vite app into web/dist/app --------
WASM_EXEC = $(shell $(GO) env GOROOT)/lib/wasm/wasm_exec.js

# The Go modules, fetched first with retries for the same reason as npm ci below.
go-mod:
	@for i in 1 2 3; do \
		$(GO) mod download && exit 0; \
		[ $$i = 3 ] || { echo "go mod download başarısız ($$i/3), yeniden deneniyor"; sleep $$((i * 10)); }; \
	done; exit 1

wasm: go-mod
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o web/public/engine.wasm ./cmd/kesim-wasm
	gzip -9 -k -f web/public/engine.wasm
	cp "$(WASM_EXEC)" web/public/wasm_exec.js

# npm ci runs again only when the lock file changed. The registry sometimes
# drops a connection half way; npm ci starts clean each time, so it is tried
# three times before the build gives up.
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && for i in 1 2 3; do \
		npm ci --no-audit --no-fund --fetch-retries=5 && exit 0; \
		[ $$i = 3 ] || { echo "npm ci başarısız ($$i/3), yeniden deneniyor"; sleep $$((i * 10)); }; \
	done; exit 1

web: wasm web/node_modules/.package-lock.json
	cd web && npm run build

test-web: web/node_modules/.package-lock.json
	cd web && npm test

test-e2e: build
	cd web && npm run e2e
# ---- end web ----------------------------------------------------------------

# bin/kesim says which build it is (kesim version, /api/health). Without git
# (a source archive) the version is 0.0.0-dev and the commit unknown;
# `make build VERSION=1.2.0` names a release.
VERSION := $(shell git describe --tags --always --dirty 2>/dev/null || echo 0.0.0-dev)
COMMIT  := $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)
LDFLAGS := -X kesim/internal/version.version=$(VERSION) -X kesim/internal/version.commit=$(COMMIT)

build: go-mod web wasm
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/kesim

run: build
	./$(BIN) serve

# ---- releases ---------------------------------------------------------------
# make dist writes dist/kesim-VERSION-OS-ARCH.tar.gz (.zip with kesim.exe for
# Windows), each with the pure Go binary (the web app embedded) and
# BENIOKU.txt, and dist/SHA256SUMS (scripts/dist.sh). The web app is built
# once for all targets. `make dist VERSION=1.2.0` names a release;
# DIST_TARGETS="linux/amd64 windows/amd64" builds a subset.
DIST_TARGETS ?= linux/amd64 linux/arm64 windows/amd64 darwin/arm64
.PHONY: dist dist-check
dist: go-mod web
	rm -rf dist
	GO=$(GO) scripts/dist.sh dist $(VERSION) $(COMMIT) $(DIST_TARGETS)

# Part of make test: the Linux and Windows archives built into a temporary
# folder, SHA256SUMS checked with sha256sum -c, the Linux binary's kesim
# version, kesim.exe in the zip, and go vet for Windows and macOS
# (scripts/dist-check.sh). It reuses the web app the build target made.
dist-check: go-mod web
	GO=$(GO) scripts/dist-check.sh $(VERSION) $(COMMIT)

# Debian packages the tests drive: the DXF reader, PDF checkers, Chromium, the
# barcode reader for labels and a spreadsheet reader for the cut lists.
TEST_PACKAGES := python3-ezdxf qpdf poppler-utils chromium zbar-tools python3-openpyxl zip unzip
deps-test:
	@missing=""; for p in $(TEST_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Test paketleri kuruluyor:$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

# gofmt, go vet, the generated web files, and the web app's TypeScript through ESLint (web/eslint.config.js).
lint: web/node_modules/.package-lock.json
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt gerekli:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./cmd/kesim-wasm
	$(MAKE) --no-print-directory check-generated
	cd web && npm run lint

# The web app's copy of the engine's JSON types, the forms' limits and the
# shared Turkish texts (web/src/generated) is written by cmd/gen-ts from the
# Go code and checked in; check-generated fails when it is stale.
.PHONY: generate check-generated
generate:
	$(GO) generate ./cmd/gen-ts

check-generated:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(GO) run ./cmd/gen-ts -o "$$tmp" && \
	diff -ru web/src/generated "$$tmp" || { echo "web/src/generated eski: make generate çalıştırın"; exit 1; }

# The race detector runs on the packages that start goroutines or are
# called from them: the engine (its workers), the server, the stores, the
# CLI and the benchmark runner; the server's tests run the writers in its
# handlers under it too. The writers' own tests, the CSV reader's and the
# other packages' are sequential, so they run without it: under it they
# took 145 s of a 2-core machine's test time, 45 s without (export/labels
# 87 s against 18 s). The race detector slows the engine's property test
# tenfold, so it runs a share of the jobs there and all 10,000 once
# without it.
RACE_PKGS := ./nest/ ./internal/server/ ./internal/store/... ./cmd/kesim/ ./internal/bench/
test-go:
	$(GO) test -race -count=1 $(RACE_PKGS)
	$(GO) test -count=1 $$($(GO) list ./... | grep -vxF -f <($(GO) list $(RACE_PKGS)))
	$(GO) test -count=1 -run 'Property' ./nest/

# test-go replays the fuzz targets' seeds; this fuzzes with new inputs: the
# engine's JSON request laid out and verified, the CSV reader, the API's
# bodies on a SQLite store, and the JSON readers of untrusted input (the
# engine's, the server's streaming one for /api/nest, the store's columns,
# compared with encoding/json), the PDF and DXF writers of layouts with
# materials, and the label, cut list and quote writers. A crasher is written to the package's
# testdata/fuzz, which every later go test replays.
# The budgets are counts of inputs, not durations: with a duration, Go 1.26's
# fuzzing coordinator can report "context deadline exceeded" as a failure
# when the time runs out while a worker is mid-input (go.dev/issue/75804,
# fixed in Go 1.27); it did so here under load. Each count takes about 10 to
# 15 s on this 2-core machine (FUZZSCALE=2 doubles them). Minimising a new
# input may take 5 s at most, so that a stretch of minimising cannot stall
# the run.
FUZZSCALE ?= 1
FUZZ = $(GO) test -run '^$$' -fuzzminimizetime 5s
fuzz:
	$(FUZZ) -fuzz '^FuzzLayout$$' -fuzztime $$((500000 * $(FUZZSCALE)))x ./nest/
	$(FUZZ) -fuzz '^FuzzRead$$' -fuzztime $$((80000 * $(FUZZSCALE)))x ./internal/partcsv/
	$(FUZZ) -fuzz '^FuzzReadStock$$' -fuzztime $$((30000 * $(FUZZSCALE)))x ./internal/partcsv/
	$(FUZZ) -fuzz '^FuzzReadBands$$' -fuzztime $$((20000 * $(FUZZSCALE)))x ./internal/partcsv/
	$(FUZZ) -fuzz '^FuzzAPIBodies$$' -fuzztime $$((50000 * $(FUZZSCALE)))x ./internal/server/
	$(FUZZ) -fuzz '^FuzzJobBodies$$' -fuzztime $$((20000 * $(FUZZSCALE)))x ./internal/server/
	$(FUZZ) -fuzz '^FuzzDecodeRequest$$' -fuzztime $$((300000 * $(FUZZSCALE)))x ./nest/
	$(FUZZ) -fuzz '^FuzzDecodeColumns$$' -fuzztime $$((200000 * $(FUZZSCALE)))x ./nest/
	$(FUZZ) -fuzz '^FuzzReadNestRequest$$' -fuzztime $$((40000 * $(FUZZSCALE)))x ./internal/server/
	$(FUZZ) -fuzz '^FuzzWriteMaterials$$' -fuzztime $$((2000 * $(FUZZSCALE)))x ./export/pdf/
	$(FUZZ) -fuzz '^FuzzWriteZip$$' -fuzztime $$((5000 * $(FUZZSCALE)))x ./export/dxf/
	$(FUZZ) -fuzz '^FuzzWrite$$' -fuzztime $$((2000 * $(FUZZSCALE)))x ./export/labels/
	$(FUZZ) -fuzz '^FuzzWrite$$' -fuzztime $$((3000 * $(FUZZSCALE)))x ./export/cutlist/
	$(FUZZ) -fuzz '^FuzzQuote$$' -fuzztime $$((3000 * $(FUZZSCALE)))x ./export/quote/

test: deps-test build lint dist-check test-go fuzz test-web test-e2e

bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./nest/
	./$(BIN) bench --time 0 $(BENCH_FILE)

# The browser engine against the native one on the 3,000-piece job (Chromium).
bench-wasm: build deps-test
	cd web && node e2e/wasm-bench.mjs

clean:
	rm -rf bin web/dist/app web/public/engine.wasm web/public/engine.wasm.gz web/public/wasm_exec.js
