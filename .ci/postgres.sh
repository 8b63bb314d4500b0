#!/usr/bin/env bash
# Start a throwaway PostgreSQL 15 cluster under /tmp and export DATABASE_URL for it.
#
#   source .ci/postgres.sh            # exports DATABASE_URL; stops the server when the shell exits
#                                     # (after any EXIT trap the shell already had)
#   eval "$(.ci/postgres.sh)"         # the same from any shell: prints the export lines
#   .ci/postgres.sh stop              # stop the cluster started last (reads /tmp/adhiniyam-pg.current)
#
# initdb refuses to run as root, so as root the cluster belongs to the `postgres` user. If the
# server binaries are missing, they are installed with apt-get first.

_adh_pg_log() { echo "postgres.sh: $*" >&2; }

_adh_pg_stop() {
  local dir="${1:-}"
  [ -n "$dir" ] || dir="$(cat /tmp/adhiniyam-pg.current 2>/dev/null || true)"
  [ -n "$dir" ] && [ -d "$dir/data" ] || return 0
  local bindir; bindir="$(cat "$dir/bindir" 2>/dev/null || true)"
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  else
    "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

_adh_pg_start() {
  local initdb_path bindir dir port as_pg=()
  initdb_path="$(command -v initdb 2>/dev/null || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1 || true)"
  if [ -z "$initdb_path" ]; then
    _adh_pg_log "PostgreSQL server binaries not found; installing (apt-get install postgresql)"
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || return 1
    initdb_path="$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)"
  fi
  bindir="$(dirname "$(readlink -f "$initdb_path")")"
  dir="$(mktemp -d /tmp/adhiniyam-pg.XXXXXX)"
  echo "$bindir" > "$dir/bindir"
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
    chown postgres "$dir"
    as_pg=(runuser -u postgres --)
  fi
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  "${as_pg[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || "${as_pg[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 \
    || { _adh_pg_log "initdb failed:"; cat "$dir/initdb.log" >&2; return 1; }
  # A throwaway cluster for tests and benchmarks: durability off, speed on.
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=50" \
    >/dev/null || { _adh_pg_log "server did not start:"; cat "$dir/server.log" >&2; return 1; }
  "${as_pg[@]}" "$bindir/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "CREATE DATABASE adhiniyam" >/dev/null \
    || { _adh_pg_log "could not create the database"; return 1; }
  echo "$dir" > /tmp/adhiniyam-pg.current
  export ADHINIYAM_PG_DIR="$dir"
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/adhiniyam"
  _adh_pg_log "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on port $port, data in $dir/data"
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  # sourced: start, export, and stop the server when the calling shell exits (unless it has an EXIT trap)
  _adh_pg_start || return 1
  echo "DATABASE_URL=$DATABASE_URL"
  # stop the server when the calling shell exits, after any EXIT trap it already has
  _adh_pg_prev_trap="$(trap -p EXIT | sed -e "s/^trap -- '//" -e "s/' EXIT\$//" -e "s/'\\\\''/'/g")"
  # shellcheck disable=SC2064
  trap "${_adh_pg_prev_trap:+$_adh_pg_prev_trap; }_adh_pg_stop '$ADHINIYAM_PG_DIR'" EXIT
else
  set -euo pipefail
  if [ "${1:-}" = "stop" ]; then
    _adh_pg_stop "${2:-}"
    exit 0
  fi
  _adh_pg_start
  echo "export DATABASE_URL='$DATABASE_URL'"
  echo "export ADHINIYAM_PG_DIR='$ADHINIYAM_PG_DIR'"
  _adh_pg_log "not stopped automatically: run '.ci/postgres.sh stop $ADHINIYAM_PG_DIR' when done"
fi
