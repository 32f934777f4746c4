#!/usr/bin/env bash
# The kill -9 campaign (see crash.mjs): builds the app with the custom protocol (release by
# default, LLK_CRASH_PROFILE=debug for the short run in `make test`), starts Xvfb and
# tauri-driver with a private XDG_DATA_HOME, and kills the app LLK_CRASH_KILLS times.
#   LLK_E2E_SKIP_BUILD=1  reuse the binary (careful: a `cargo test` of the app since the
#                         last `tauri build` replaced it with one that loads the dev server)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
say() { printf '[crash] %s\n' "$*"; }
# shellcheck source=tests/e2e/harness.sh
. "$here/harness.sh"
harness_deps

profile=${LLK_CRASH_PROFILE:-release}
app="$root/target/$profile/lianliankan"
if [ "${LLK_E2E_SKIP_BUILD:-0}" != 1 ] || [ ! -x "$app" ]; then
    say "building the app ($profile, custom protocol)"
    if [ "$profile" = release ]; then
        npx --no-install tauri build --no-bundle
    else
        npx --no-install tauri build --debug --no-bundle
    fi
fi
harness_start "$app" crash
say "killing the $profile app ${LLK_CRASH_KILLS:-30} times (display $DISPLAY, driver :$LLK_DRIVER_PORT)"
node "$here/crash.mjs"
