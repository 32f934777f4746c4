#!/usr/bin/env bash
# The kill -9 durability campaign (docs/SERVER.md, "Figures"; `make crash-server`: 100 kills,
# `make crash-server-short`: 10): llk-crash against llk-server on SQLite, on PostgreSQL,
# and on PostgreSQL with two servers behind llk-balance (one of them killed each time),
# each on a fresh database, release builds, 127.0.0.1 only. After every restart each
# acknowledged result must be stored and every board must equal the recomputation from
# the stored submissions (the server's own rule); exit 1 otherwise.
#   tests/server/crash.sh [KILLS]       (default 10)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${LLK_TEST_PG:-}" ]; then
    # LLK_SERVER_SKIP_BUILD=1: the release binaries are already built.
    [ -n "${LLK_SERVER_SKIP_BUILD:-}" ] ||
        cargo build --release -p lianliankan-server -p lianliankan-server-load
    exec tests/server/pg.sh "$0" "$@"
fi

KILLS=${1:-10}
BIN=target/release
DATE=${LLK_CRASH_DATE:-$(date -u +%F)}
TMP=$(mktemp -d /tmp/llk-crash.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
ENV=(--server-env LLK_IP_WRITES_PER_MIN=0 --server-env LLK_IP_READS_PER_MIN=0
     --server-env "LLK_WEB_DIR=$TMP")
SEED=${LLK_CRASH_SEED:-$(date +%s)}
echo "crash.sh: $KILLS kills per run, seed $SEED, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M UTC')"

campaign() { # label, db, servers
    echo "== $1"
    "$BIN/llk-crash" --server "$BIN/llk-server" --db "$2" --servers "$3" --date "$DATE" \
        --kills "$KILLS" --seed "$SEED" --log "$TMP/$3-server" "${ENV[@]}" | tee -a "$TMP/kills.txt" | tail -n 1
}

fail=0
campaign "SQLite, one server" "sqlite://$TMP/crash.db" 1 || fail=1
psql -q "$LLK_TEST_PG" -c "CREATE DATABASE crash_pg" -c "CREATE DATABASE crash_balanced"
campaign "PostgreSQL, one server" "${LLK_TEST_PG%/*}/crash_pg" 1 || fail=1
campaign "PostgreSQL, two servers behind llk-balance" "${LLK_TEST_PG%/*}/crash_balanced" 2 || fail=1
if [ "$fail" -ne 0 ]; then
    echo "crash.sh: FAILED (server logs kept in $TMP)"
    trap - EXIT
    exit 1
fi
echo "crash.sh: passed"
