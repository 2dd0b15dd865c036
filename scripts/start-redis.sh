#!/bin/sh
# A throwaway Redis server for tests, on a free loopback port in a temporary directory.
#
#   scripts/start-redis.sh start [DIR]   start redis-server (no persistence), print its URL
#                                        (redis://127.0.0.1:PORT/0)
#   scripts/start-redis.sh stop DIR      stop the server and delete DIR
#
# Progress goes to stderr, only the URL to stdout.
set -e
cmd="${1:-start}"
if ! command -v redis-server >/dev/null 2>&1; then
    echo "Redis is not installed (run scripts/install-redis.sh)" >&2
    exit 2
fi

case "$cmd" in
start)
    dir="${2:-$(mktemp -d /tmp/evolutio-redis.XXXXXX)}"
    mkdir -p "$dir"
    port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    # loopback only, nothing written to disk, daemonized with its pid file in DIR
    redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save "" --appendonly no \
        --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >&2
    tries=0
    until redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1; do
        tries=$((tries + 1))
        if [ "$tries" -gt 100 ]; then
            cat "$dir/redis.log" >&2
            exit 1
        fi
        sleep 0.1
    done
    echo "$port" >"$dir/port"
    echo "redis in $dir (stop: $0 stop $dir)" >&2
    echo "redis://127.0.0.1:$port/0"
    ;;
stop)
    dir="$2"
    if [ -z "$dir" ] || [ ! -f "$dir/port" ]; then
        echo "usage: $0 stop DIR (a directory made by '$0 start')" >&2
        exit 2
    fi
    redis-cli -h 127.0.0.1 -p "$(cat "$dir/port")" shutdown nosave >/dev/null 2>&1 || true
    if [ -f "$dir/redis.pid" ]; then
        kill "$(cat "$dir/redis.pid")" 2>/dev/null || true
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start [DIR] | stop DIR" >&2
    exit 2
    ;;
esac
