"""``evolutio scenario run PATH...``: run scenario files and folders (docs/scenarios.md)."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape

from evolutio.cli.app import app, console, fail
from evolutio.core.scenario import ScenarioResult, discover, run_file

scenario_app = typer.Typer(
    help="Rule scenarios: a position, actions and expectations.", no_args_is_help=True
)
app.add_typer(scenario_app, name="scenario")


def _line(result: ScenarioResult) -> str:
    mark = "[green]PASS[/]" if result.passed else "[bold red]FAIL[/]"
    text = f"{mark} {escape(result.name)}  [dim]{escape(result.path)}[/]"
    if not result.passed:
        text += f": {escape(result.message)}"
    return text


@scenario_app.command("run")
def run(
    paths: list[Path] = typer.Argument(..., help="Scenario files (.yaml, .yml, .json) or folders."),
) -> None:
    """Run every scenario in PATHS; print one line each and a total; fail if any fails."""
    files = discover(paths)
    if not files:
        raise fail("no scenario files (.yaml, .yml, .json) in " + ", ".join(str(p) for p in paths))
    passed = failed = 0
    for path in files:
        for result in run_file(path):
            console.print(_line(result), highlight=False, soft_wrap=True)
            if result.passed:
                passed += 1
            else:
                failed += 1
    style = "bold red" if failed else "bold green"
    console.print(f"[{style}]{passed} passed, {failed} failed[/]", highlight=False)
    if failed:
        raise typer.Exit(1)
