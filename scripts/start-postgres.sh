#!/bin/sh
# A throwaway PostgreSQL cluster for tests, on a free loopback port in a temporary directory.
#
#   scripts/start-postgres.sh start [DIR]   initdb + start, create database "evolutio",
#                                           print its URL (postgresql://USER@127.0.0.1:PORT/evolutio)
#   scripts/start-postgres.sh stop DIR      stop the cluster and delete DIR
#   scripts/start-postgres.sh halt DIR      stop it at once (as a crash), keeping DIR
#   scripts/start-postgres.sh resume DIR    start a halted cluster again, on its port
#
# As root the cluster runs as the "postgres" user (PostgreSQL refuses to run as root);
# otherwise as the calling user. Progress goes to stderr, only the URL to stdout.
set -e
cmd="${1:-start}"

bindir=""
for d in /usr/lib/postgresql/*/bin; do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then bindir="$d"; fi
done
if [ -z "$bindir" ]; then
    echo "PostgreSQL is not installed (run scripts/install-postgres.sh)" >&2
    exit 2
fi

if [ "$(id -u)" = "0" ]; then
    owner=postgres
    run() { runuser -u postgres -- "$@"; }
else
    owner="$(id -un)"
    run() { "$@"; }
fi

case "$cmd" in
start)
    dir="${2:-$(mktemp -d /tmp/evolutio-pg.XXXXXX)}"
    mkdir -p "$dir"
    if [ "$owner" = postgres ]; then chown postgres "$dir"; fi
    port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    run "$bindir/initdb" -D "$dir/data" -U "$owner" -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    # loopback TCP only; the socket goes in DIR so nothing system-wide is touched
    run "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off" \
        start >&2 || { cat "$dir/server.log" >&2; exit 1; }
    run "$bindir/createdb" -h 127.0.0.1 -p "$port" -U "$owner" evolutio
    echo "$port" >"$dir/port"
    echo "cluster in $dir (stop: $0 stop $dir)" >&2
    echo "postgresql://$owner@127.0.0.1:$port/evolutio"
    ;;
stop)
    dir="$2"
    if [ -z "$dir" ] || [ ! -d "$dir/data" ]; then
        echo "usage: $0 stop DIR (a directory made by '$0 start')" >&2
        exit 2
    fi
    run "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >&2 || true
    rm -rf "$dir"
    ;;
halt|resume)
    dir="$2"
    if [ -z "$dir" ] || [ ! -f "$dir/port" ]; then
        echo "usage: $0 $cmd DIR (a directory made by '$0 start')" >&2
        exit 2
    fi
    if [ "$cmd" = halt ]; then
        run "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >&2
    else
        port="$(cat "$dir/port")"
        run "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
            -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off" \
            start >&2
    fi
    ;;
*)
    echo "usage: $0 start [DIR] | stop DIR | halt DIR | resume DIR" >&2
    exit 2
    ;;
esac
