"""Start the server for the tests (the toy game is registered by its entry point).

The server tests run this file in a subprocess: ``python launch.py PORT DB_URL [GRACE]``.
It does what ``evolutio serve`` does (tests/server/test_server_cli.py covers that command).
"""

from __future__ import annotations

import sys

import uvicorn

from evolutio.server.app import create_app

if __name__ == "__main__":
    port, url = int(sys.argv[1]), sys.argv[2]
    grace = float(sys.argv[3]) if len(sys.argv) > 3 else 30.0
    application = create_app(url, grace=grace, bot_delay=0.0)
    uvicorn.run(
        application,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws_max_size=1024 * 1024,
        ws_per_message_deflate=False,
    )
