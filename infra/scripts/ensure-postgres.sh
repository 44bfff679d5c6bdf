#!/usr/bin/env bash
# Makes sure a PostgreSQL server the tests can use is running, and prints its base URL (no database).
# In order: the local service at 127.0.0.1:5432 (trust auth, as on our machines); the installed cluster,
# started; PostgreSQL installed from Debian's packages, then started; and when none of those answers
# without a password, a throwaway cluster of our own (initdb as the postgres user, trust auth, a free
# port) whose folder is printed on the second line so the caller can stop it.
set -euo pipefail
log() { echo "$*" >&2; }

can_connect() { psql "postgres://postgres@127.0.0.1:${1}/postgres" -Atqc 'SELECT 1' >/dev/null 2>&1; }

if command -v psql >/dev/null && can_connect 5432; then
  echo "postgres://postgres@127.0.0.1:5432"; exit 0
fi

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  log "PostgreSQL is not installed: installing Debian's postgresql package"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 && apt-get install -y -qq postgresql >&2
fi

if [ -d /etc/postgresql ] && command -v pg_ctlcluster >/dev/null; then
  for version in $(ls /etc/postgresql); do
    log "starting the PostgreSQL $version cluster"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 2>&1 || true
  done
  for _ in $(seq 1 20); do can_connect 5432 && { echo "postgres://postgres@127.0.0.1:5432"; exit 0; }; sleep 0.5; done
fi

# The service is there but wants a password (or would not start): run a cluster of our own.
bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
folder=$(mktemp -d /tmp/binaan-pg-XXXXXX)
chown postgres "$folder"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
log "starting a throwaway PostgreSQL cluster in $folder on port $port"
runuser -u postgres -- "$bin/initdb" -D "$folder/data" -A trust -U postgres >/dev/null
runuser -u postgres -- "$bin/pg_ctl" -D "$folder/data" -l "$folder/log" -w \
  -o "-p $port -k $folder -c listen_addresses=127.0.0.1 -c fsync=off" start >&2
echo "postgres://postgres@127.0.0.1:${port}"
echo "$folder"
