#!/usr/bin/env bash
# Where the game's memory goes: tests/e2e/bench/probe.mjs on the release build `make bench-app`
# made (each app drawing as players run it; LLK_BENCH_COMPOSITING=0|1 as in bench-app.sh). LLK_PROBE_* variables: see probe.mjs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
say() { printf '[bench-probe] %s\n' "$*"; }
# shellcheck source=tests/e2e/harness.sh
. "$here/harness.sh"
app="${LLK_BENCH_APP:-$root/target/release/lianliankan}"
[ -x "$app" ] || { say "no $app: run make bench-app first"; exit 1; }
export LLK_WEBKIT_COMPOSITING=${LLK_BENCH_COMPOSITING:-}
harness_start "$app" probe
base="${LLK_BENCH_BASELINE:-$root/target/release/llk-window-baseline}"
if [ -x "$base" ]; then
    cp "$base" "$work/llk-window-baseline"
    export LLK_BASELINE="$work/llk-window-baseline"
fi
say "load: $(uptime)"
node "$here/bench/probe.mjs"
