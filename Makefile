# Lianliankan: build, run and test. Newcomers need two commands:
#   make run    install what is missing, build the view, open the game window
#   make test   install what is missing, then every check CI runs
# Installing needs root or sudo (apt); see scripts/install-deps.sh.

SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
export DEBIAN_FRONTEND := noninteractive
TAURI := npx --no-install tauri

.PHONY: help deps ui run run-debug test fmt clippy test-engine test-app bindings \
        bindings-check test-ui e2e bundle bench bench-app bench-web icons crash fuzz soak mock-fixture

help:
	@echo "make run | test | bundle | bench | bench-app | bench-web | fuzz | soak | bindings | icons | deps"

## Install missing system packages, toolchains, npm packages and tauri-driver.
deps:
	scripts/install-deps.sh

## Build the view into ui/dist.
ui: deps
	npm --prefix ui run build

## Open the game window (Vite dev server + debug build with hot reload).
run: deps
	@[ -n "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}" ] || { echo "make run needs a display (DISPLAY or WAYLAND_DISPLAY); under Xvfb: DISPLAY=:99 make run" >&2; exit 1; }
	$(TAURI) dev

## The same window without a dev server: a debug build serving ui/dist itself.
run-debug: ui
	cargo build --features tauri/custom-protocol
	./target/debug/lianliankan

## Every check, in the order CI runs them (fast, local checks first).
test: deps fmt clippy test-engine test-app test-ui e2e crash

fmt:
	cargo fmt --all --check

clippy:
	cargo clippy --workspace --all-targets -- -D warnings

test-engine:
	cargo test -p lianliankan-engine --release

## Command-layer tests (mock runtime), persistence tests, and the bindings check.
test-app:
	cargo test -p lianliankan

## Regenerate ui/src/bindings/ from the Rust types (commit the result).
bindings:
	LLK_UPDATE_BINDINGS=1 cargo test -p lianliankan --test bindings

## Fail if ui/src/bindings/ differs from freshly generated bindings.
bindings-check:
	cargo test -p lianliankan --test bindings

## Regenerate ui/scripts/mock-fixture.json, what the view's browser mock replays (from llk;
## commit the result). test-engine fails when the committed file drifts.
mock-fixture:
	LLK_UPDATE_FIXTURES=1 cargo test -p lianliankan-engine --release --test mock_fixture

## The view: strict TypeScript check, then vitest.
test-ui:
	npm --prefix ui run typecheck
	npm --prefix ui test

e2e:
	tests/e2e/run.sh

## A short kill -9 campaign on the debug app e2e just built (docs/RELIABILITY.md), checking
## the loss bound the background writer states (LOSS_BOUND_MS in src-tauri/saver.rs).
crash:
	LLK_CRASH_PROFILE=debug LLK_E2E_SKIP_BUILD=1 LLK_CRASH_KILLS=$${LLK_CRASH_KILLS:-25} \
		tests/e2e/crash.sh

## The long kill -9 campaign: 1,000 kills of the release app (docs/RELIABILITY.md).
soak: deps
	LLK_CRASH_KILLS=$${LLK_CRASH_KILLS:-1000} nice -n 10 tests/e2e/crash.sh

## A million fuzzed commands (2 threads) and 100,000 inputs per parser (docs/RELIABILITY.md).
fuzz:
	LLK_FUZZ_COMMANDS=1000000 LLK_FUZZ_THREADS=2 cargo test -p lianliankan --release \
		--test fuzz_commands random_command_sequences -- --nocapture
	LLK_FUZZ_INPUTS=100000 cargo test -p lianliankan --release --test fuzz_files -- --nocapture
	LLK_FUZZ_INPUTS=100000 cargo test -p lianliankan-engine --release --test fuzz_inputs -- --nocapture

## A .deb under target/release/bundle/deb/.
bundle: deps
	$(TAURI) build --bundles deb

bench:
	cargo bench -p lianliankan-engine

bench-app: deps
	tests/e2e/bench-app.sh

## Debian's compiler for WebAssembly (rustup's has no wasm32 standard library and none can be
## downloaded): PATH keeps rustup's cargo out, RUSTC_BOOTSTRAP=1 lets the stable compiler take
## -Zbuild-std (the standard library is compiled from rust-web-src), wasm-ld-16 links, and a
## CARGO_HOME of its own keeps its registry cache apart from rustup's.
WASM_CARGO_HOME ?= $(CURDIR)/target/wasm-cargo-home
WASM_CARGO := env PATH=/usr/bin:/bin RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
	CARGO_HOME=$(WASM_CARGO_HOME) CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-16 /usr/bin/cargo
WASM_BUILD := -Zbuild-std=std,panic_abort --target wasm32-unknown-unknown --release --target-dir target/wasm
BENCH_WASM := target/wasm/wasm32-unknown-unknown/release/llk_wasm_bench.wasm

## The engine in WebAssembly beside the native engine on the same workloads, interleaved
## (engine/BENCHMARKS.md, "WebAssembly beside native"). BENCH_WEB_ARGS passes options to
## web/bench/compare.mjs, e.g. BENCH_WEB_ARGS="--rounds 9" or "--scale 0.1".
bench-web: deps
	@[ -x /usr/bin/rustc ] && command -v wasm-ld-16 >/dev/null || { echo "make bench-web needs Debian's rustc-web, cargo-web, rust-web-src and lld-16 (apt-get install)" >&2; exit 1; }
	nice -n 5 $(WASM_CARGO) build $(WASM_BUILD) -p llk-wasm-bench --lib
	nice -n 5 cargo build --release -p llk-wasm-bench --bin llk-wasm-bench
	nice -n 5 node web/bench/compare.mjs --native target/release/llk-wasm-bench \
		--wasm $(BENCH_WASM) $(BENCH_WEB_ARGS)

## Regenerate the icon set from icons/source.svg.
icons:
	rsvg-convert -w 1024 -h 1024 icons/source.svg -o icons/source.png
	$(TAURI) icon icons/source.png -o icons
	rm -rf icons/android icons/ios
