#!/usr/bin/env bash
# The server's load runs (docs/SERVER.md, "Figures"; `make bench-server`): llk-load against
# llk-server on SQLite, on PostgreSQL, and on PostgreSQL with two servers behind llk-balance,
# each on a fresh database, release builds, 127.0.0.1 only. Per run: classic submissions
# from 200 concurrent players (40,000 or 20 s), the day filled to 100,000 results through
# the API, then leaderboard reads at 1,000/s open loop (20,000); and stack submissions.
# Prints the machine's state and each run's table. The PostgreSQL cluster is tests/server/pg.sh's.
#   tests/server/bench.sh            every run
#   LLK_BENCH_QUICK=1 tests/server/bench.sh   a tenth of the counts (a smoke run)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${LLK_TEST_PG:-}" ]; then
    # LLK_SERVER_SKIP_BUILD=1: the release binaries are already built.
    [ -n "${LLK_SERVER_SKIP_BUILD:-}" ] ||
        cargo build --release -p lianliankan-server -p lianliankan-server-load
    exec tests/server/pg.sh "$0" "$@"
fi

BIN=target/release
DATE=${LLK_BENCH_DATE:-$(date -u +%F)}
TMP=$(mktemp -d /tmp/llk-bench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
SCALE=1
[ -n "${LLK_BENCH_QUICK:-}" ] && SCALE=10
SUBMIT=$((40000 / SCALE)); BOARD=$((100000 / SCALE)); READS=$((20000 / SCALE))
# The rate limits are per process and per address: the load comes from one address.
LIMITS=(--server-env LLK_IP_WRITES_PER_MIN=0 --server-env LLK_IP_READS_PER_MIN=0
        --server-env LLK_KEY_SUBMITS_PER_MIN=0 --server-env "LLK_WEB_DIR=$TMP")

machine() {
    echo "== $1: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M UTC'), day $DATE"
}

fresh_pg() { # a new database on the cluster, its URL
    psql -q "$LLK_TEST_PG" -c "CREATE DATABASE $1" >/dev/null
    echo "${LLK_TEST_PG%/*}/$1"
}

pg_cpu_ms() { # CPU time (user + system) of the cluster so far, ms (USER_HZ 100): its live
    # processes, plus the backends that have exited (the postmaster's reaped children)
    local total=0 p main
    main=$(pgrep -u postgres -x postgres -o)
    total=$(awk '{print ($16 + $17) * 10}' "/proc/$main/stat")
    for p in $(pgrep -u postgres -x postgres); do
        total=$((total + $(awk '{print ($14 + $15) * 10}' "/proc/$p/stat" 2>/dev/null || echo 0)))
    done
    echo "$total"
}

load() { # label, db, servers, then llk-load's own arguments
    local label=$1 db=$2 servers=$3 before
    shift 3
    machine "$label"
    before=$(pg_cpu_ms)
    "$BIN/llk-load" --server "$BIN/llk-server" --db "$db" --servers "$servers" --date "$DATE" \
        --label "$label" "${LIMITS[@]}" "$@"
    case $db in
        postgres*) echo "PostgreSQL's processes used $(( $(pg_cpu_ms) - before )) ms of CPU in this run (the server's CPU column leaves them out)" ;;
    esac
}

for kind in sqlite postgres balanced; do
    case $kind in
        sqlite) db="sqlite://$TMP/bench.db"; servers=1 ;;
        postgres) db=$(fresh_pg bench_pg); servers=1 ;;
        balanced) db=$(fresh_pg bench_balanced); servers=2 ;;
    esac
    load "$kind classic" "$db" "$servers" --mode classic --players 200 --submit "$SUBMIT" \
        --secs 20 --board "$BOARD" --reads "$READS" --read-rate 1000
    load "$kind stack" "$db" "$servers" --mode stack --only submit --players 200 \
        --submit $((SUBMIT / 2)) --secs 20
done
if [ -f "$TMP/bench.db" ]; then
    echo "== SQLite file after the runs: $(du -b "$TMP/bench.db" | cut -f1) bytes (+ WAL $(du -b "$TMP/bench.db-wal" 2>/dev/null | cut -f1 || echo 0))"
fi
psql -q -t "${LLK_TEST_PG%/*}/bench_pg" -c "SELECT 'PostgreSQL bench_pg: ' || pg_database_size('bench_pg') || ' bytes, submissions ' || pg_total_relation_size('submissions') || ' bytes for ' || (SELECT count(*) FROM submissions) || ' rows'"
