#!/usr/bin/env bash
# `make bench-app`: builds the RELEASE app with the custom protocol (no bundle), starts Xvfb
# and tauri-driver with a private XDG_DATA_HOME, and runs bench-app.mjs (launch → first board,
# select round trips; p50/p95). Not a pass/fail test.  LLK_BENCH_SKIP_BUILD=1 reuses the binary.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
say() { printf '[bench-app] %s\n' "$*"; }
# shellcheck source=tests/e2e/harness.sh
. "$here/harness.sh"
harness_deps
app="$root/target/release/lianliankan"
if [ "${LLK_BENCH_SKIP_BUILD:-0}" != 1 ] || [ ! -x "$app" ]; then
    say "building the release app (custom protocol, no bundle)"
    npx --no-install tauri build --no-bundle
fi
harness_start "$app" bench
node "$here/bench-app.mjs"
