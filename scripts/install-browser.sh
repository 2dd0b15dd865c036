#!/bin/sh
# Install Debian's chromium for the browser tests (tests/server, marker "browser").
# Does nothing when /usr/bin/chromium is already there.
set -e
if [ -x /usr/bin/chromium ]; then
    echo "chromium already installed: /usr/bin/chromium"
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y chromium
/usr/bin/chromium --version
