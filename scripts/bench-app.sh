#!/usr/bin/env bash
# App benchmark entry point (see tests/e2e/bench-app.sh, which `make bench-app` runs).
exec "$(cd "$(dirname "$0")/.." && pwd)/tests/e2e/bench-app.sh" "$@"
