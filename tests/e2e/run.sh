#!/usr/bin/env bash
# End-to-end tests in the real app, self-contained: builds the debug app with the custom
# protocol (the view served from ui/dist), starts Xvfb and tauri-driver (with a private
# XDG_DATA_HOME that the suite empties before every test), runs suite.mjs and exits
# non-zero on failure. Screenshots land in tests/e2e/artifacts/ (git-ignored).
#   LLK_E2E_SKIP_BUILD=1  reuse target/debug/lianliankan
#   LLK_E2E_ONLY=regex    run only the matching scenarios
#   LLK_SERVER_BIN=path   the llk-server the online scenario starts (default
#                         target/release/llk-server, built when missing)
#   LLK_E2E_APP=path      drive that binary instead (e.g. target/release/lianliankan built
#                         by `tauri build`); implies LLK_E2E_SKIP_BUILD=1 for the app
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
# shellcheck source=tests/e2e/harness.sh
. "$here/harness.sh"
harness_deps

app="${LLK_E2E_APP:-$root/target/debug/lianliankan}"
if [ -z "${LLK_E2E_APP:-}" ] && { [ "${LLK_E2E_SKIP_BUILD:-0}" != 1 ] || [ ! -x "$app" ]; }; then
    say "building the app (debug, custom protocol)"
    npx --no-install tauri build --debug --no-bundle
fi
[ -x "$app" ] || { say "no app binary at $app"; exit 1; }
# the engine's CLI: the stack scenario follows `llk stack solve` on the dealt layout
if [ "${LLK_E2E_SKIP_BUILD:-0}" != 1 ] || [ ! -x "$root/target/debug/llk" ]; then
    say "building llk (debug)"
    cargo build -q -p lianliankan-engine --bin llk
fi
export LLK_BIN="$root/target/debug/llk"
# the online scenario's leaderboard server (release, as deployed); built only when missing.
# Without it the scenario is skipped with a note, except under CI, where it fails.
export LLK_SERVER_BIN="${LLK_SERVER_BIN:-$root/target/release/llk-server}"
if [ ! -x "$LLK_SERVER_BIN" ]; then
    say "building llk-server (release)"
    if ! cargo build -q --release -p lianliankan-server; then
        [ -n "${CI:-}" ] && { say "llk-server did not build"; exit 1; }
        say "llk-server did not build: the online scenario will be skipped"
    fi
fi
build_done=$(date +%s)

mkdir -p "$here/artifacts"
harness_start "$app" e2e

say "running the suite (display $DISPLAY, driver :$LLK_DRIVER_PORT)"
export LLK_E2E_RECAP="$work/recap.txt"
set +e
node "$here/suite.mjs"
rc=$?
set -e
if [ $rc -ne 0 ]; then
    cp "$driver_log" "$here/artifacts/tauri-driver.log" 2>/dev/null || true
    say "tauri-driver log (tail; whole in tests/e2e/artifacts/tauri-driver.log):"
    tail -n 40 "$driver_log" || true
    if grep -q "panicked" "$driver_log"; then
        say "panics in the app's log:"
        grep -A4 "panicked" "$driver_log" | head -n 40 || true
    fi
    harness_alive || say "tauri-driver is no longer running"
    say "failed scenarios (node exit code $rc):"
    cat "$LLK_E2E_RECAP" 2>/dev/null || say "(none recorded: the suite itself stopped)"
fi
end=$(date +%s)
say "build $((build_done - start)) s, suite $((end - build_done)) s, total $((end - start)) s; screenshots in tests/e2e/artifacts/"
exit $rc
