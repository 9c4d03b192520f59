# Two commands: `make play` and `make test` (see README.md).
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)

.PHONY: play test setup build test-rust test-browser bench bench-wasm match perft5 ladder

## Set up, build the release site into dist/ and serve it on http://127.0.0.1:8080
play: build
	node scripts/serve.mjs dist 8080

## Set up, build, then run every test: cargo test on the host and the browser tests
test: build test-rust test-browser

setup:
	@./scripts/setup.sh

build: setup
	trunk build --release --offline

test-rust:
	cargo test --workspace
	# The engine's unit tests again compiled to wasm with 128-bit SIMD, as the
	# site runs the engine (.cargo/config.toml), under Node's WASI.
	CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-warnings $(CURDIR)/scripts/wasi-run.mjs" \
	  cargo test --release -p jieqi-engine --lib --target wasm32-wasip1

test-browser:
	node --test --test-concurrency=1 --test-timeout=120000 tests/browser/

## Not part of `make test`: speed and strength measurements.
bench:
	cargo bench --bench perft
	cargo run --release -- bench

## The same search bench compiled to wasm (WASI) under Node: compare its rate with `bench`.
WASI_DIR = $(or $(CARGO_TARGET_DIR),target)/wasm32-wasip1/release
bench-wasm:
	rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1
	# With 128-bit SIMD, as the site (.cargo/config.toml).
	cargo build --release --target wasm32-wasip1 --bin jieqi
	# The engine's speed as wasm; the site's build (engine at opt-level s inside the page's z) is about 5% slower (Cargo.toml).
	wasm-opt -O3 $(WASI_DIR)/jieqi.wasm -o $(WASI_DIR)/jieqi.opt.wasm
	node --no-warnings scripts/bench-wasm.mjs
	# The ratio to native: runs alternated, the best of five each.
	cargo build --release --bin jieqi
	node scripts/wasm-ratio.mjs 7 5
	# The same file in headless Chromium, in a Web Worker as the page's AI runs.
	node scripts/bench-wasm-browser.mjs

perft5:
	cargo test --release -- --ignored perft_depth_5

match:
	cargo run --release -- match hard:90000 medium:30000 --games 200 --jobs 2

## The levels ladder at the levels' own settings (Hard against Medium at 250 000 nodes,
## a conservative stand-in for Hard's second on a phone). Not part of `make test`.
ladder:
	cargo run --release -- match easy beginner --games 200 --jobs 2
	cargo run --release -- match medium easy --games 200 --jobs 2
	cargo run --release -- match hard:250000 medium --games 200 --jobs 2
