#!/bin/sh
# Install Debian's Redis server for the tests of several server processes
# (tests/server/test_server_cluster*.py, which start a throwaway server with
# scripts/start-redis.sh). Does nothing when redis-server is already there.
set -e
if command -v redis-server >/dev/null 2>&1; then
    echo "redis already installed: $(command -v redis-server)"
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends redis-server
command -v redis-server
