"""The ``evolutio`` command. Each submodule registers its commands on ``app``."""

from __future__ import annotations

from evolutio.cli.app import app


def main() -> None:
    """Entry point of the ``evolutio`` console script."""
    _load_commands()
    app()


def _load_commands() -> None:
    # Importing a command module registers its commands on ``app``.
    import evolutio.cli.analyse
    import evolutio.cli.dataset
    import evolutio.cli.games
    import evolutio.cli.migrate
    import evolutio.cli.play
    import evolutio.cli.puzzle
    import evolutio.cli.replay
    import evolutio.cli.scenario
    import evolutio.cli.serve
    import evolutio.cli.sim
    import evolutio.cli.stats  # noqa: F401
