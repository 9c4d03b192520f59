#!/usr/bin/env bash
# Build a fixed earlier engine to measure against: scripts/baseline.sh [REV]
# REV defaults to the tag ai-baseline-1 (the engine before issue 11; its
# commit is b71083a if tags were not cloned). Prints the binary's path, for
#   jieqi match hard "uci:$(scripts/baseline.sh) uci" --games 400 ...
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-ai-baseline-1}
git rev-parse -q --verify "$rev^{commit}" >/dev/null || rev=b71083a
commit=$(git rev-parse "$rev^{commit}")
out="target/baseline/$commit"
if [ ! -x "$out/jieqi" ]; then
  # Outside the repository, so the workspace at the top does not claim it.
  src=$(mktemp -d "${TMPDIR:-/tmp}/jieqi-baseline.XXXXXX")
  git archive "$commit" | tar -x -C "$src"
  CARGO_TARGET_DIR="$PWD/target/baseline/build" cargo build --release --quiet --bin jieqi \
    --manifest-path "$src/Cargo.toml" >&2
  mkdir -p "$out" && cp target/baseline/build/release/jieqi "$out/jieqi"
  rm -rf "$src"
fi
echo "$PWD/$out/jieqi"
