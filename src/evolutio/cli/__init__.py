"""The ``evolutio`` command. Each submodule registers its commands on ``app``."""

from __future__ import annotations

from evolutio.cli.app import app


def main() -> None:
    """Entry point of the ``evolutio`` console script."""
    _load_commands()
    app()


def _load_commands() -> None:
    # Importing a command module registers its commands on ``app``.
    import evolutio.cli.play  # noqa: F401
    import evolutio.cli.replay  # noqa: F401
    import evolutio.cli.scenario  # noqa: F401
    import evolutio.cli.sim  # noqa: F401
