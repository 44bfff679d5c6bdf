#!/bin/bash
# The server's side of a single-event append against the plain INSERT, with no Node.js in the loop:
# pgbench runs each script for SECONDS at 1 and at 8 clients, the scripts taking turns, ROUNDS times, on a
# database of its own (created here, dropped at the end) with the store's migrations applied.
# Usage: test/bench/event-store/server-floor/run.sh [SECONDS=5] [ROUNDS=3]   (wrap in flock /tmp/bench.lock)
set -euo pipefail
cd "$(dirname "$0")"
SECONDS_EACH=${1:-5}; ROUNDS=${2:-3}
HOST=${PGHOST:-127.0.0.1}; USER_=${PGUSER:-postgres}
DB=binaan_floor_$$
PGBENCH=$(command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench | tail -1)
psql -qh "$HOST" -U "$USER_" -d postgres -c "CREATE DATABASE $DB"
trap 'psql -qh "$HOST" -U "$USER_" -d postgres -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)"' EXIT
for migration in ../../../../infra/migrations/*.sql; do psql -qh "$HOST" -U "$USER_" -d "$DB" -v ON_ERROR_STOP=1 -f "$migration"; done
psql -qh "$HOST" -U "$USER_" -d "$DB" -c "CREATE TABLE plain_events (id bigserial PRIMARY KEY, stream_id text NOT NULL, data json NOT NULL, metadata json NOT NULL)"
tps() { # script clients
  "$PGBENCH" -h "$HOST" -U "$USER_" -n -M prepared -D n=0 -D p="r$RANDOM$RANDOM" -f "$1" -T "$SECONDS_EACH" -c "$2" -j $(( $2 > 1 ? 2 : 1 )) "$DB" 2>&1 |
    awk '/^tps/ { printf "%.0f", $3 }'
}
for clients in 1 8; do
  for round in $(seq "$ROUNDS"); do
    line="clients $clients round $round:"
    declare -A rate=()
    for script in plain-insert.sql append.sql events-insert-only.sql append-before.sql; do rate[$script]=$(tps "$script" "$clients"); line+=" ${script%.sql} ${rate[$script]}/s"; done
    line+=" | append/plain $(awk -v a="${rate[append.sql]}" -v b="${rate[plain-insert.sql]}" 'BEGIN { printf "%.2f", a / b }')"
    echo "$line (load $(cut -d' ' -f1 /proc/loadavg))"
  done
done
