# Shared by run.sh (the e2e suite) and bench-app.sh: what both need before driving the
# real app. Source it (with `root`, `here` and `say` defined), then:
#   harness_deps            tauri-driver and the npm packages of the root, ui/ and tests/e2e/
#   harness_start APP TAG   a private copy of APP, Xvfb on a free display, tauri-driver on
#                           free ports with a fresh XDG_DATA_HOME; exports DISPLAY,
#                           LLK_DRIVER_PORT, LLK_DRIVER_SID, LLK_E2E_DATA, LLK_APP; sets
#                           `work` and `driver_log`. Everything started is ended on exit,
#                           the app and every process of the helpers' sessions included.
# tauri-driver runs in a loop that starts it again whenever it ends: the e2e suite ends a
# hung driver and its session's processes (driver.mjs) and waits for the fresh one.

harness_deps() {
    if ! command -v tauri-driver >/dev/null 2>&1; then
        say "installing tauri-driver"
        cargo install tauri-driver --locked
    fi
    local dir
    for dir in . ui tests/e2e; do
        if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
            say "npm ci in $dir"
            (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
        fi
    done
}

harness_pids=()
# The pids of every process in the helpers' sessions (each helper is a session leader:
# setsid) and of every process running the private app copy: WebKitWebDriver starts the app,
# which must not outlive the run even when the driver that started it hung or was killed.
harness_leftovers() {
    local p
    # (a zombie has ended already: only its parent's wait is missing)
    for p in "${harness_pids[@]}"; do ps -o pid=,stat= --sid "$p" 2>/dev/null | awk '$2 !~ /^Z/ { print $1 }' || true; done
    if [ -n "${LLK_APP:-}" ]; then
        for p in /proc/[0-9]*; do
            [ "$(readlink "$p/exe" 2>/dev/null)" = "$LLK_APP" ] && echo "${p#/proc/}"
        done
    fi
    return 0
}
harness_cleanup() {
    local p left
    # each helper runs in its own process group (setsid): end the group, children included
    for p in "${harness_pids[@]}"; do kill -- "-$p" 2>/dev/null || kill "$p" 2>/dev/null || true; done
    # then whatever of their sessions (or an app copy) is still there, if need be by force
    for _ in $(seq 30); do
        left=$(harness_leftovers | tr -s ' \n' ' ')
        [ -z "${left// /}" ] && break
        # shellcheck disable=SC2086
        kill $left 2>/dev/null || true
        sleep 0.1
    done
    left=$(harness_leftovers | tr -s ' \n' ' ')
    if [ -n "${left// /}" ]; then
        say "ending leftover processes by force: $left"
        # shellcheck disable=SC2086
        kill -9 $left 2>/dev/null || true
    fi
    for p in "${harness_pids[@]}"; do wait "$p" 2>/dev/null || true; done
    rm -rf "$work"
}

# a free TCP port on the loopback
harness_free_port() {
    node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# true while every helper started by harness_start (Xvfb, tauri-driver) still runs
harness_alive() {
    local p
    for p in "${harness_pids[@]}"; do kill -0 "$p" 2>/dev/null || return 1; done
}

harness_start() {
    local app=$1 tag=$2
    work="$(mktemp -d "/tmp/llk-$tag.XXXXXX")"
    trap harness_cleanup EXIT
    # a signal ends the run through the EXIT trap, so that nothing started here outlives it
    trap 'exit 130' INT
    trap 'exit 143' TERM
    # a free display number
    local disp=99
    while [ -e "/tmp/.X11-unix/X$disp" ] || [ -e "/tmp/.X$disp-lock" ]; do disp=$((disp + 1)); done
    setsid Xvfb ":$disp" -screen 0 1280x900x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
    harness_pids+=($!)
    export DISPLAY=":$disp"
    for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$disp" ] && break; sleep 0.1; done

    # free ports, so that runs by other people on this machine do not meet
    local port native_port
    port=${LLK_DRIVER_PORT:-$(harness_free_port)}
    native_port=$(harness_free_port)
    while [ "$native_port" = "$port" ]; do native_port=$(harness_free_port); done
    export LLK_DRIVER_PORT=$port LLK_E2E_DATA="$work/xdg"
    mkdir -p "$LLK_E2E_DATA"
    # run a private copy: target/ is shared, and a plain `cargo build` by anyone else
    # meanwhile would replace the binary with one that loads the dev server
    cp "$app" "$work/lianliankan"
    # the app (started by WebKitWebDriver, started by tauri-driver) inherits this environment
    export XDG_DATA_HOME="$LLK_E2E_DATA" NO_AT_BRIDGE=1 LLK_APP="$work/lianliankan"
    # WebKitGTK's accelerated compositing. Unset (as players run it): the game turns it
    # off itself (src-tauri/rendering.rs), the baseline window of `make bench-app` keeps
    # WebKit's default (on). LLK_WEBKIT_COMPOSITING=0: off for both; =1: on for both.
    unset WEBKIT_DISABLE_COMPOSITING_MODE LLK_COMPOSITING
    case "${LLK_WEBKIT_COMPOSITING:-}" in
        0) export WEBKIT_DISABLE_COMPOSITING_MODE=1 ;;
        1) export LLK_COMPOSITING=1 ;;
    esac
    local runner=()
    command -v dbus-run-session >/dev/null 2>&1 && runner=(dbus-run-session --)
    driver_log="$work/tauri-driver.log"
    # shellcheck disable=SC2016
    setsid bash -c 'while :; do "$@"; echo "[harness] tauri-driver ended ($?); starting it again"; sleep 0.5; done' \
        tauri-driver-loop "${runner[@]}" tauri-driver --port "$port" --native-port "$native_port" >"$driver_log" 2>&1 &
    harness_pids+=($!)
    export LLK_DRIVER_SID=$!
    local ok=0
    for _ in $(seq 100); do
        if curl -fsS "http://127.0.0.1:$port/status" >/dev/null 2>&1; then ok=1; break; fi
        sleep 0.1
    done
    [ $ok = 1 ] || { say "tauri-driver did not come up"; cat "$driver_log"; exit 1; }
}
