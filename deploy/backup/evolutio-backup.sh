#!/bin/sh
# Back up the evolutio database into DIR and delete backups older than KEEP_DAYS (default 14).
#
#   evolutio-backup.sh DB_URL DIR [KEEP_DAYS]
#
# PostgreSQL (postgresql://, postgres://, postgresql+psycopg://): pg_dump's custom format,
# restored with pg_restore (docs/deploy.md has the drill). SQLite (sqlite:///PATH): SQLite's
# online backup (what the sqlite3 shell's .backup does), safe while the server runs.
# A backup is written under a temporary name and renamed when complete; its path is printed.
set -eu
if [ $# -lt 2 ]; then
    echo "usage: $0 DB_URL DIR [KEEP_DAYS]" >&2
    exit 2
fi
url="$1"
dir="$2"
keep="${3:-14}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$dir"
case "$url" in
postgresql+psycopg://* | postgresql://* | postgres://*)
    out="$dir/evolutio-$stamp.dump"
    pg_dump --format=custom --no-owner --file="$out.part" \
        "postgresql://${url#*://}"
    ;;
sqlite:///*)
    out="$dir/evolutio-$stamp.db"
    python3 -c 'import sqlite3, sys
source, target = sqlite3.connect(sys.argv[1]), sqlite3.connect(sys.argv[2])
with target:
    source.backup(target)
target.close()
source.close()' "${url#sqlite:///}" "$out.part"
    ;;
*)
    echo "$0: not a PostgreSQL or SQLite URL: ${url%%://*}://..." >&2
    exit 2
    ;;
esac
mv "$out.part" "$out"
find "$dir" -maxdepth 1 -name 'evolutio-*' -mtime +"$keep" -delete
echo "$out"
