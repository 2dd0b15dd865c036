#!/bin/sh
# Install Debian's PostgreSQL server for the PostgreSQL server tests
# (tests/server/test_server_postgres.py, which starts a throwaway cluster with
# scripts/start-postgres.sh). Does nothing when initdb and pg_ctl are already there.
set -e
for bin in /usr/lib/postgresql/*/bin/initdb; do
    if [ -x "$bin" ] && [ -x "$(dirname "$bin")/pg_ctl" ]; then
        echo "postgresql already installed: $(dirname "$bin")"
        exit 0
    fi
done
SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y postgresql
ls -d /usr/lib/postgresql/*/bin
