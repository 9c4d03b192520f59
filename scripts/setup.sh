#!/usr/bin/env bash
# Install whatever is missing to build and test the game; skip what is there.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

step() { printf '\033[1m== %s\033[0m\n' "$*"; }
SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO=sudo; fi
apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then $SUDO apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@"
}

if ! command -v cargo >/dev/null; then
  echo "Rust is required (rustup, https://rustup.rs)"; exit 1
fi
for target in wasm32-unknown-unknown wasm32-wasip1; do
  if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    step "rustup target add $target"
    rustup target add "$target"
  fi
done
if ! wasm-bindgen --version 2>/dev/null | grep -q ' 0.2.130'; then
  step "cargo install wasm-bindgen-cli 0.2.130 (about 4 minutes, once)"
  cargo install wasm-bindgen-cli --version 0.2.130 --force
fi
if ! trunk --version 2>/dev/null | grep -q ' 0.21.14'; then
  step "cargo install trunk 0.21.14 (10-15 minutes, once)"
  cargo install --locked trunk --version 0.21.14 --no-default-features --features rustls --force
fi
if ! command -v npm >/dev/null; then
  step "apt-get install nodejs npm"
  apt_install nodejs npm
fi
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -f node_modules/playwright-core/package.json ] || [ ! -f node_modules/axe-core/axe.min.js ] || [ ! -f node_modules/terser/package.json ]; then
  step "npm ci (binaryen 132 for wasm-opt, terser, playwright-core)"
  npm ci --no-audit --no-fund || npm install --no-audit --no-fund
fi
if ! command -v chromium >/dev/null || ! fc-list 2>/dev/null | grep -qi "wenquanyi\|noto.*cjk"; then
  step "apt-get install chromium chromium-driver (browser tests)"
  apt_install chromium chromium-driver fonts-wqy-zenhei
fi
echo "setup: all tools present"
