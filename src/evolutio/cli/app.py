"""The Typer application shared by every command module."""

from __future__ import annotations

import typer
from rich.console import Console

app = typer.Typer(
    name="evolutio",
    help="Play, simulate and study card games: every installed game (evolutio games lists them).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print a readable error (no traceback) and return the exit to raise."""
    err_console.print(f"[bold red]error:[/] {message}", highlight=False)
    return typer.Exit(code)
