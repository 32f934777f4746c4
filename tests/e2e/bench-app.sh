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
command -v tauri-driver >/dev/null 2>&1 || cargo install tauri-driver --locked
for dir in . ui tests/e2e; do
    if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
        (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    fi
done
app="$root/target/release/lianliankan"
if [ "${LLK_BENCH_SKIP_BUILD:-0}" != 1 ] || [ ! -x "$app" ]; then
    say "building the release app (custom protocol, no bundle)"
    npx --no-install tauri build --no-bundle
fi

work="$(mktemp -d /tmp/llk-bench.XXXXXX)"
pids=()
cleanup() {
    local p
    # each helper runs in its own process group (setsid): end the group, children included
    for p in "${pids[@]}"; do kill -- "-$p" 2>/dev/null || kill "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
disp=99
while [ -e "/tmp/.X11-unix/X$disp" ] || [ -e "/tmp/.X$disp-lock" ]; do disp=$((disp + 1)); done
setsid Xvfb ":$disp" -screen 0 1280x900x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
pids+=($!)
export DISPLAY=":$disp"
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$disp" ] && break; sleep 0.1; done
# free ports, so that runs by other people on this machine do not meet
free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
port=${LLK_DRIVER_PORT:-$(free_port)}
native_port=$(free_port)
while [ "$native_port" = "$port" ]; do native_port=$(free_port); done
cp "$app" "$work/lianliankan" # a private copy: target/ is shared with other builds
export LLK_DRIVER_PORT=$port LLK_E2E_DATA="$work/xdg" LLK_APP="$work/lianliankan"
mkdir -p "$LLK_E2E_DATA"
export XDG_DATA_HOME="$LLK_E2E_DATA" NO_AT_BRIDGE=1 WEBKIT_DISABLE_COMPOSITING_MODE=1
runner=()
command -v dbus-run-session >/dev/null 2>&1 && runner=(dbus-run-session --)
setsid "${runner[@]}" tauri-driver --port "$port" --native-port "$native_port" >"$work/tauri-driver.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do curl -fsS "http://127.0.0.1:$port/status" >/dev/null 2>&1 && break; sleep 0.1; done
node "$here/bench-app.mjs"
