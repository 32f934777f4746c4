#!/usr/bin/env bash
# The kill -9 campaign (see crash.mjs): builds the app with the custom protocol (release by
# default, LLK_CRASH_PROFILE=debug for the short run in `make test`), starts Xvfb and
# tauri-driver with a private XDG_DATA_HOME, and kills the app LLK_CRASH_KILLS times,
# checking the loss bound src-tauri/saver.rs states (LOSS_BOUND_MS; LLK_CRASH_BOUND_MS
# overrides it) and, at the first launch, that a second launch hands over
# (LLK_CRASH_SINGLE_INSTANCE=0 skips that).
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
# The loss bound checked at every kill is the one the background writer states.
bound=$(sed -n 's/^pub const LOSS_BOUND_MS: u64 = \([0-9_]*\);.*/\1/p' src-tauri/saver.rs | tr -d _)
[ -n "$bound" ] || { say "no LOSS_BOUND_MS in src-tauri/saver.rs"; exit 1; }
export LLK_CRASH_BOUND_MS=${LLK_CRASH_BOUND_MS:-$bound}
# One instance at a time: the first launch also checks that a second one hands over.
export LLK_CRASH_SINGLE_INSTANCE=${LLK_CRASH_SINGLE_INSTANCE:-1}
harness_start "$app" crash
say "killing the $profile app ${LLK_CRASH_KILLS:-30} times, loss bound $LLK_CRASH_BOUND_MS ms (display $DISPLAY, driver :$LLK_DRIVER_PORT)"
node "$here/crash.mjs"
