#!/usr/bin/env bash
# End-to-end tests in the real app, self-contained: builds the debug app with the custom
# protocol (the view served from ui/dist), starts Xvfb and tauri-driver (with a private
# XDG_DATA_HOME that the suite empties before every test), runs suite.mjs and exits
# non-zero on failure. Screenshots land in tests/e2e/artifacts/ (git-ignored).
#   LLK_E2E_SKIP_BUILD=1  reuse target/debug/lianliankan
#   LLK_E2E_ONLY=regex    run only the matching scenarios
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
start=$(date +%s)

say() { printf '[e2e] %s\n' "$*"; }
need() { command -v "$1" >/dev/null 2>&1 || { say "missing $1: run scripts/install-deps.sh (or make deps)"; exit 1; }; }
need Xvfb
need WebKitWebDriver
need node
if ! command -v tauri-driver >/dev/null 2>&1; then
    say "installing tauri-driver"
    cargo install tauri-driver --locked
fi

# npm packages: the root's Tauri CLI, the view's toolchain, this suite's WebDriver client
for dir in . ui tests/e2e; do
    if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
        say "npm ci in $dir"
        (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    fi
done

app="$root/target/debug/lianliankan"
if [ "${LLK_E2E_SKIP_BUILD:-0}" != 1 ] || [ ! -x "$app" ]; then
    say "building the app (debug, custom protocol)"
    npx --no-install tauri build --debug --no-bundle
fi
[ -x "$app" ] || { say "no app binary at $app"; exit 1; }
build_done=$(date +%s)

work="$(mktemp -d /tmp/llk-e2e.XXXXXX)"
mkdir -p "$here/artifacts"
pids=()
cleanup() {
    local p
    # each helper runs in its own process group (setsid): end the group, children included
    for p in "${pids[@]}"; do kill -- "-$p" 2>/dev/null || kill "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# a free display number
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
export LLK_DRIVER_PORT=$port
export LLK_E2E_DATA="$work/xdg"
mkdir -p "$LLK_E2E_DATA"
# the app (started by WebKitWebDriver, started by tauri-driver) inherits this environment
# run a private copy: target/ is shared, and a plain `cargo build` by anyone else meanwhile
# would replace the binary with one that loads the dev server instead of ui/dist
cp "$app" "$work/lianliankan"
export XDG_DATA_HOME="$LLK_E2E_DATA" NO_AT_BRIDGE=1 LLK_APP="$work/lianliankan"
runner=()
command -v dbus-run-session >/dev/null 2>&1 && runner=(dbus-run-session --)
setsid "${runner[@]}" tauri-driver --port "$port" --native-port "$native_port" >"$work/tauri-driver.log" 2>&1 &
pids+=($!)
ok=0
for _ in $(seq 100); do
    if curl -fsS "http://127.0.0.1:$port/status" >/dev/null 2>&1; then ok=1; break; fi
    sleep 0.1
done
[ $ok = 1 ] || { say "tauri-driver did not come up"; cat "$work/tauri-driver.log"; exit 1; }

say "running the suite (display $DISPLAY, driver :$port)"
set +e
node "$here/suite.mjs"
rc=$?
set -e
if [ $rc -ne 0 ]; then
    say "tauri-driver log (tail):"
    tail -n 40 "$work/tauri-driver.log" || true
fi
end=$(date +%s)
say "build $((build_done - start)) s, suite $((end - build_done)) s, total $((end - start)) s; screenshots in tests/e2e/artifacts/"
exit $rc
