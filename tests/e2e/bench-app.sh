#!/usr/bin/env bash
# `make bench-app`: builds the RELEASE app with the custom protocol (no bundle) and, from the
# same Cargo.lock and target directory, the smallest Tauri window (tests/e2e/baseline); starts
# Xvfb and tauri-driver with a private XDG_DATA_HOME, and runs bench-app.mjs: launch → first
# board with its split, memory of every process (USS/PSS) of the game and of the baseline
# side by side, select round trips. Not a pass/fail test. Each app draws as it does for
# players: the game turns WebKit's accelerated compositing off (src-tauri/rendering.rs), the
# baseline keeps WebKit's default; LLK_BENCH_COMPOSITING=0 or =1 turns it off or on for
# both (like for like).
#   LLK_BENCH_SKIP_BUILD=1  reuse the binaries (LLK_BENCH_APP, LLK_BENCH_BASELINE: other ones)
#   LLK_BENCH_LAUNCHES (10), LLK_BENCH_ROUNDS (2), LLK_BENCH_MATCHES (50), LLK_BENCH_GAMES (100)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
say() { printf '[bench-app] %s\n' "$*"; }
# shellcheck source=tests/e2e/harness.sh
. "$here/harness.sh"
harness_deps
app="${LLK_BENCH_APP:-$root/target/release/lianliankan}"
base="${LLK_BENCH_BASELINE:-$root/target/release/llk-window-baseline}"
if [ "${LLK_BENCH_SKIP_BUILD:-0}" != 1 ] || [ ! -x "$app" ] || [ ! -x "$base" ]; then
    say "building the release app and the baseline window (custom protocol, no bundle)"
    npm --prefix ui run build
    # what `tauri build --no-bundle` runs, with the baseline in the same cargo invocation (one
    # feature resolution: both link the very same tauri, wry and WebKitGTK crates)
    cargo build --release --features tauri/custom-protocol -p lianliankan -p llk-window-baseline
fi
export LLK_WEBKIT_COMPOSITING=${LLK_BENCH_COMPOSITING:-}
harness_start "$app" bench
cp "$base" "$work/llk-window-baseline"
export LLK_BASELINE="$work/llk-window-baseline"
say "load: $(uptime)"
# the launches without WebDriver start the apps from node: give them a session bus, as a
# desktop does (tauri-driver has its own, harness.sh)
runner=()
command -v dbus-run-session >/dev/null 2>&1 && runner=(dbus-run-session --)
"${runner[@]}" node "$here/bench-app.mjs"
