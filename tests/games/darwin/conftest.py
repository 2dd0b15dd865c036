"""Darwin's Choice is reachable by name in these tests even where the package's entry point
is not installed (a fresh checkout before ``pip install -e``)."""

from evolutio.core.registry import register

register("darwin", "evolutio.games.darwin.game:GAME")
