#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server for the test suite: initdb into a temporary folder, a free
# port on 127.0.0.1, trust authentication. Prints `export` lines; `stop` tears it down.
#   eval "$(scripts/postgres.sh start)"   ...   scripts/postgres.sh stop "$PARLEY_PG_DIR"
set -euo pipefail

pg_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  done
  command -v initdb >/dev/null && { dirname "$(command -v initdb)"; return 0; }
  return 1
}

run_as_pg() {
  # initdb and postgres refuse to run as root: use the postgres account when we are root.
  if [ "$(id -u)" = "0" ]; then
    local runuser
    runuser=$(command -v runuser || echo /usr/sbin/runuser)
    "$runuser" -u postgres -- "$@"
  else
    "$@"
  fi
}

case "${1:-}" in
  start)
    BIN=$(pg_bin) || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
    DIR=$(mktemp -d /tmp/parley-pg.XXXXXX)
    [ "$(id -u)" = "0" ] && chown postgres "$DIR"
    PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    run_as_pg "$BIN/initdb" -D "$DIR/data" -U postgres -A trust --no-sync -E UTF8 >"$DIR/initdb.log" 2>&1 \
      || { cat "$DIR/initdb.log" >&2; exit 1; }
    run_as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null || { cat "$DIR/server.log" >&2; exit 1; }
    echo "export PARLEY_PG_DIR=$DIR"
    echo "export TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    DIR=${2:?usage: postgres.sh stop DIR}
    BIN=$(pg_bin)
    run_as_pg "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac
