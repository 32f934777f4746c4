#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL cluster: initdb in a temporary folder, the
# server on a free loopback port (as the `postgres` user when run as root: initdb refuses
# root), LLK_TEST_PG exported as its URL, then the cluster stopped and removed on exit.
# Installs nothing: scripts/install-deps.sh brings the `postgresql` package.
#   tests/server/pg.sh cargo test -p lianliankan-server
#   tests/server/pg.sh            (no command: prints the URL and waits for Ctrl-C)
set -euo pipefail

PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
    echo "pg.sh: no PostgreSQL server under /usr/lib/postgresql (scripts/install-deps.sh installs it)" >&2
    exit 1
fi

DIR=$(mktemp -d /tmp/llk-pg.XXXXXX)
chmod 755 "$DIR"
if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$DIR"
    as_pg() { su postgres -s /bin/sh -c "$1"; }
else
    as_pg() { sh -c "$1"; }
fi

cleanup() {
    as_pg "'$PGBIN/pg_ctl' -D '$DIR/data' -m immediate stop" >/dev/null 2>&1 || true
    rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

as_pg "'$PGBIN/initdb' -D '$DIR/data' -A trust -U llk --no-sync >'$DIR/initdb.log' 2>&1" ||
    { cat "$DIR/initdb.log" >&2; exit 1; }

# A free port below Linux's ephemeral range (32768 and up, where servers on port 0 and
# outgoing connections land), one nothing answers on; tried again if taken meanwhile.
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
PORT=""
for _ in $(seq 1 10); do
    p=$((20000 + RANDOM % 12000))
    port_free "$p" || continue
    if as_pg "'$PGBIN/pg_ctl' -D '$DIR/data' -l '$DIR/log' -w -t 60 \
        -o \"-k '$DIR' -p $p -c listen_addresses=127.0.0.1 -c max_connections=300\" start" >/dev/null; then
        PORT=$p
        break
    fi
done
[ -n "$PORT" ] || { echo "pg.sh: PostgreSQL did not start" >&2; cat "$DIR/log" >&2; exit 1; }

export LLK_TEST_PG="postgres://llk@127.0.0.1:$PORT/postgres"
echo "pg.sh: PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') at $LLK_TEST_PG"
if [ $# -eq 0 ]; then
    echo "pg.sh: Ctrl-C stops and removes it"
    while true; do sleep 3600 & wait $!; done
fi
"$@"
