# Kesim: `make run` builds everything and serves the app; `make test` installs
# what the tests need and runs every test.
SHELL := /bin/bash
GO    ?= go
BIN   := bin/kesim
BENCH_FILE ?= ../shared/bench/2bp/bwmv_500.json

.PHONY: all build run test test-go lint bench deps-test web wasm clean

all: build

# ---- web (owned by the web app: web/, cmd/kesim-wasm) ----------------------
web:
	@true

wasm:
	@true
# ---- end web ----------------------------------------------------------------

build: web wasm
	$(GO) build -o $(BIN) ./cmd/kesim

run: build
	./$(BIN) serve

# Debian packages the tests drive: the DXF reader, PDF checkers and Chromium.
TEST_PACKAGES := python3-ezdxf qpdf poppler-utils chromium
deps-test:
	@missing=""; for p in $(TEST_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Test paketleri kuruluyor:$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt gerekli:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

# The race detector slows the engine's property test tenfold, so it runs a
# share of the jobs there and all 10,000 once without it.
test-go:
	$(GO) test -race -count=1 ./...
	$(GO) test -count=1 -run 'Property' ./nest/

test: deps-test build lint test-go

bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./nest/
	./$(BIN) bench --time 0 $(BENCH_FILE)

clean:
	rm -rf bin
