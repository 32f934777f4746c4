#!/usr/bin/env bash
# Installs what building, running and testing Lianliankan needs, and only what is missing:
# Debian packages (Tauri's WebKitGTK stack, Xvfb and WebKitWebDriver for the end-to-end
# tests, chromium for page tests, ImageMagick for screenshots, Debian's newer Rust compiler with
# the standard library's source and a wasm linker for the web build), a Rust toolchain with
# rustfmt and clippy, Node.js >= 20.19, the npm packages of the root (Tauri CLI), ui/ and tests/e2e/,
# and tauri-driver. Safe to run again: a second run does nothing but check.
# Needs root or sudo for apt. Non-interactive (CI runs it without stdin).
set -euo pipefail

cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

say() { printf '[install-deps] %s\n' "$*"; }

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo -n)
    sudo -n true 2>/dev/null || SUDO=(sudo)
else
    SUDO=()
fi

APT_PACKAGES=(
    # Tauri 2 on Linux (see https://v2.tauri.app/start/prerequisites/)
    build-essential pkg-config file curl ca-certificates
    libwebkit2gtk-4.1-dev libgtk-3-dev librsvg2-dev libayatana-appindicator3-dev
    libxdo-dev libssl-dev
    # end-to-end tests: a virtual display, the WebDriver server, a session bus
    xvfb webkit2gtk-driver dbus-x11 at-spi2-core xdotool
    # page tests and screenshots; rsvg-convert renders the icon source
    chromium imagemagick librsvg2-bin
    # a CJK font so 连连看 and the Chinese interface render
    fonts-droid-fallback
    # the web build (make web): Debian's rustc/cargo 1.96 build the engine for wasm32 with the
    # standard library compiled from its source (rustup cannot download a wasm32 std here),
    # wasm-ld-16 links it, binaryen's wasm-opt shrinks the module
    rustc-web cargo-web rust-web-src lld-16 binaryen
    # llk-server's tests run every case on a throwaway PostgreSQL 15 cluster (tests/server/pg.sh)
    postgresql
)

missing_apt() {
    local p
    for p in "${APT_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"
    done
}

apt_install() {
    if [ "$(id -u)" -ne 0 ] && [ ${#SUDO[@]} -eq 0 ]; then
        say "need root or sudo to install: $*" >&2
        exit 1
    fi
    "${SUDO[@]}" apt-get update -q
    "${SUDO[@]}" apt-get install -y -q "$@"
}

mapfile -t MISSING < <(missing_apt)
if [ ${#MISSING[@]} -gt 0 ]; then
    say "apt: installing ${MISSING[*]}"
    apt_install "${MISSING[@]}"
else
    say "apt: all ${#APT_PACKAGES[@]} packages present"
fi

# --- Rust: Debian's rustc is too old for Tauri 2, so use rustup's stable toolchain.
export PATH="$HOME/.cargo/bin:$PATH"
if ! command -v cargo >/dev/null 2>&1; then
    say "rust: installing rustup (stable, minimal profile)"
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs |
        sh -s -- -y --profile minimal --default-toolchain stable --component rustfmt,clippy
else
    say "rust: $(rustc --version)"
fi
if command -v rustup >/dev/null 2>&1; then
    for c in rustfmt clippy; do
        rustup component list --installed 2>/dev/null | grep -q "^$c" || rustup component add "$c"
    done
fi

# --- Node.js >= 20.19 (Vite 8 needs it; Debian 12 ships 18): NodeSource's 20.x if needed.
node_ok() {
    local v
    v=$(node --version 2>/dev/null) || return 1
    v=${v#v}
    local major=${v%%.*} rest=${v#*.}
    local minor=${rest%%.*}
    [ "$major" -gt 20 ] || { [ "$major" -eq 20 ] && [ "$minor" -ge 19 ]; }
}
if ! node_ok || ! command -v npm >/dev/null 2>&1; then
    say "node: installing Node.js 20 from NodeSource"
    curl -fsSL https://deb.nodesource.com/setup_20.x | "${SUDO[@]}" bash -
    "${SUDO[@]}" apt-get install -y -q nodejs
else
    say "node: $(node --version), npm $(npm --version)"
fi

# --- npm packages: `npm ci` when node_modules is missing or older than the lock file
# (npm records each install in node_modules/.package-lock.json).
npm_ci() {
    local dir=$1
    [ -f "$dir/package-lock.json" ] || { say "npm: no $dir/package-lock.json, skipped"; return; }
    if [ "$dir/node_modules/.package-lock.json" -nt "$dir/package-lock.json" ]; then
        say "npm: $dir up to date"
        return
    fi
    say "npm: npm ci in $dir"
    if ! (cd "$dir" && npm ci --no-audit --no-fund); then
        # npm ci refuses a lock that lacks an optional, platform-only package the registry
        # could not provide when the lock was written (e.g. vite's Windows-only helper on a
        # registry mirror without it). Install the locked versions without touching the lock.
        say "npm: npm ci failed in $dir; installing the locked versions with npm install --no-save"
        (cd "$dir" && npm install --no-save --no-audit --no-fund)
    fi
}
npm_ci .
npm_ci ui
npm_ci tests/e2e

# --- tauri-driver (WebDriver bridge for the end-to-end tests).
if command -v tauri-driver >/dev/null 2>&1; then
    say "tauri-driver: present"
else
    say "tauri-driver: cargo install tauri-driver --locked"
    cargo install tauri-driver --locked
fi
