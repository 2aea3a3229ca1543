# Reel: two commands on a fresh Debian 12 machine.
#   make run    installs what is missing, builds, serves on 127.0.0.1:8080 (data in ./data; ARGS="--flag ..." for server flags)
#   make test   installs what is missing and runs every test
SHELL := /bin/bash
GO ?= go
BIN := bin
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEB_PACKAGES := pkg-config gcc libavcodec-dev libavformat-dev libavutil-dev libavfilter-dev \
	libavdevice-dev libswscale-dev libswresample-dev libpostproc-dev ffmpeg
GOFLAGS_TEST ?= -count=1 -timeout 20m
# The S3 tests run a real S3 server: versitygw, built from the Go module
# proxy at this version into bin/ the first time (a few minutes), then kept.
VERSITYGW_VERSION := v1.8.0

# The browser tests drive Debian's Chromium through playwright-core; the
# PostgreSQL tests start a throwaway cluster with Debian's PostgreSQL 15
# (internal/pgtest; REEL_TEST_POSTGRES=<dsn> uses a running server instead);
# the README's examples, which refserver/readme_test.go runs, read answers
# with jq.
TEST_DEB_PACKAGES := chromium postgresql jq

.PHONY: all deps deps-test build run test test-go test-race test-js vet bench fuzz clean

all: build

# apt_install installs the Debian packages of $(1) that are missing, and
# nothing when all are there (so a warm machine needs no network or root).
define apt_install
	@missing=""; for p in $(1); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

# deps installs Debian's FFmpeg 5.1 development packages (go-astiav v0.16.0
# builds against them) and the ffmpeg CLI the tests use to make media.
deps:
	$(call apt_install,$(DEB_PACKAGES))

# deps-test adds what only the tests need: Chromium for the browser tests,
# PostgreSQL for the store tests.
deps-test: deps
	$(call apt_install,$(TEST_DEB_PACKAGES))

build: deps
	$(GO) build -o $(BIN)/refserver ./refserver
	CGO_ENABLED=0 $(GO) build -o $(BIN)/reel ./cmd/reel

# ARGS passes flags to the server: make run ARGS="--allow-networks 127.0.0.0/8".
ARGS ?=
run: build
	./$(BIN)/refserver $(ARGS)

vet:
	$(GO) vet ./...
	$(GO) vet -tags bench ./bench/...

test: deps-test $(BIN)/versitygw vet test-go test-race test-js

# bin/versitygw is the S3 server the tests of videohost/blob/s3 and of
# everything that runs on S3 start (internal/s3test); built only when missing.
$(BIN)/versitygw:
	GOBIN=$(CURDIR)/$(BIN) $(GO) install github.com/versity/versitygw/cmd/versitygw@$(VERSITYGW_VERSION)

# test-go runs every package's tests with cgo, but those of the domain and
# its adapters (videohost/... but the FFmpeg adapter): those are built, with
# their tests, with CGO_ENABLED=0 (an integrator who embeds the service, a
# store or the worker never needs FFmpeg's headers, and a cgo import there
# fails here), and run once, under the race detector (test-race), where
# pure Go code behaves as without cgo. The worker's tests that drive the
# real pipeline (build tag cgo) run in the first pass too.
NOCGO_PKGS = $(shell $(GO) list ./videohost/... | grep -v -E '/videohost/transcode(/|$$)')
test-go:
	$(GO) test $(GOFLAGS_TEST) $$($(GO) list ./... | grep -v -x -F "$$(printf '%s\n' $(NOCGO_PKGS) | grep -v -x github.com/reelvideo/reel/videohost/worker)")
	CGO_ENABLED=0 $(GO) test $(GOFLAGS_TEST) -run '^$$' $(NOCGO_PKGS)

# test-race runs the domain and its adapters (store, queue, dispatcher, HTTP,
# caches, live) under the race detector: the only run of the domain's tests
# (test-go builds them without cgo); not the live ladder's real-time encodes
# (its concurrency is the packager's, videohost/live/llhls, which runs here).
test-race:
	$(GO) test -race $(GOFLAGS_TEST) $$($(GO) list ./videohost/... | grep -v /videohost/transcode/liveladder) ./tokens ./webhooks ./client

# test-js installs the locked npm dependencies, checks that the committed
# bundles are fresh and that components/src/api-types.ts is what
# openapi-typescript makes of the OpenAPI golden document (npm run
# types:check; npm run types:gen rewrites it), and runs the unit and
# Chromium tests of the components.
test-js:
	cd components && npm ci --no-audit --no-fund && npm run examples:ci && npm test

# bench runs the long benchmarks (not part of make test); each one runs its
# reference (ffmpeg, nginx, ...) in the same run and prints a markdown table
# for BENCHMARKS.md. BENCH=./bench/media/ picks one.
BENCH ?= ./bench/...
bench: deps
	$(GO) test -tags bench -count=1 -v -timeout 90m $(BENCH)

# fuzz runs every fuzz target for FUZZTIME each (not part of make test,
# which runs their committed seeds under testdata/fuzz). A failing input is
# written to testdata/fuzz/<Target>/: commit it with the fix.
FUZZTIME ?= 30s
fuzz: deps
	$(GO) test -run '^$$' -fuzz '^FuzzVerify$$' -fuzztime $(FUZZTIME) ./tokens
	$(GO) test -run '^$$' -fuzz '^FuzzVerify$$' -fuzztime $(FUZZTIME) ./webhooks
	$(GO) test -run '^$$' -fuzz '^FuzzParseSubtitles$$' -fuzztime $(FUZZTIME) ./videohost
	$(GO) test -run '^$$' -fuzz '^FuzzParseChapters$$' -fuzztime $(FUZZTIME) ./videohost
	$(GO) test -run '^$$' -fuzz '^FuzzCheckID$$' -fuzztime $(FUZZTIME) ./videohost
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./internal/webvtt
	$(GO) test -run '^$$' -fuzz '^FuzzMasterPlaylist$$' -fuzztime $(FUZZTIME) ./media
	$(GO) test -run '^$$' -fuzz '^FuzzRange$$' -fuzztime $(FUZZTIME) ./videohost/httpapi
	$(GO) test -run '^$$' -fuzz '^FuzzFrameQuery$$' -fuzztime $(FUZZTIME) ./videohost/httpapi
	$(GO) test -run '^$$' -fuzz '^FuzzDecodeEvents$$' -fuzztime $(FUZZTIME) ./videohost/httpapi

clean:
	rm -rf $(BIN)
