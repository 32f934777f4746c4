#!/usr/bin/env bash
# The web build's page tests (make test-web): every tests/web/*.spec.mjs against web/dist/
# (built by make web), in headless Debian Chromium emulating phones. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f web/dist/index.html ] || { echo "web/dist/ is not built: run make web" >&2; exit 1; }
# online.spec.mjs plays against the real llk-server serving this web build: build it (a no-op
# when it is up to date, so a stale binary is never tested).
cargo build --release -p lianliankan-server
for spec in tests/web/*.spec.mjs; do
    echo "== $spec"
    node "$spec"
done
