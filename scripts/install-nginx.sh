#!/bin/sh
# Install Debian's nginx for the deployment test (tests/server/test_server_deploy.py runs
# deploy/nginx/evolutio.conf in front of a real server). Does nothing when nginx is there.
# The package's own service is not needed: the test starts nginx on its own ports.
set -e
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
    echo "nginx already installed"
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y nginx-light || $SUDO apt-get install -y nginx
