"""``tcgrules run FILE|DIR...``: run scenario files, narrate, and exit 0 / 1 / 2 / 3.

Exit codes (docs/scenarios.md): 0 every expectation held, 1 one failed, 2 a file
is malformed (its located error is printed), 3 nothing failed but a step needed a
feature not supported yet.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import click

from tcgrules.cli import main
from tcgrules.cli_pools import pool_option, use_pools
from tcgrules.errors import ScenarioError
from tcgrules.scenario.loader import load_scenario, parse_scenario, scenario_files
from tcgrules.scenario.report import make_console, print_result, print_summary, results_json
from tcgrules.scenario.results import ScenarioResult, exit_code
from tcgrules.scenario.schema import Scenario


def examples_dir() -> Path | None:
    """The example scenarios bundled with the package, or None if there are none."""
    path = Path(str(resources.files("tcgrules").joinpath("examples")))
    return path if path.is_dir() else None


def run_one(path: Path) -> ScenarioResult:
    """Load and run one file; a malformed file or an unusable name becomes a malformed result."""
    source = str(path)
    try:
        scenario = load_scenario(path)
    except ScenarioError as exc:
        return ScenarioResult.from_error(source, exc)
    return run_loaded(scenario)


def run_text(text: str, source: str = "<text>") -> ScenarioResult:
    """:func:`run_one` for a scenario given as YAML text; ``source`` names it in messages
    (``tcgrules serve`` runs what its page or API is sent this way, never a file)."""
    try:
        scenario = parse_scenario(text, source)
    except ScenarioError as exc:
        return ScenarioResult.from_error(source, exc)
    return run_loaded(scenario)


def run_loaded(scenario: Scenario) -> ScenarioResult:
    """Run a scenario already read; an unusable name becomes a malformed result, and an
    error of the runner stops only this scenario (its message, never a traceback)."""
    source = scenario.source
    try:
        run_scenario = _runner()
    except ImportError as exc:
        return _stopped(scenario, f"the scenario runner is not available: {exc}")
    try:
        result = run_scenario(scenario)
    except ScenarioError as exc:  # an unknown or ambiguous name: the file's fault (exit 2)
        result = ScenarioResult.from_error(source, exc)
        result.title, result.game = scenario.title, scenario.game
        return result
    except Exception as exc:  # one broken scenario must not stop the others
        return _stopped(scenario, f"{type(exc).__name__}: {exc}")
    result.path = result.path or source
    result.title = result.title or scenario.title
    result.game = result.game or scenario.game
    return result


def _runner() -> Callable[[Scenario], ScenarioResult]:
    """``tcgrules.scenario.runner.run_scenario``, imported on first use (it pulls in the kernel)."""
    module = importlib.import_module("tcgrules.scenario.runner")
    run: Callable[[Scenario], ScenarioResult] = module.run_scenario
    return run


def _stopped(scenario: Scenario, message: str) -> ScenarioResult:
    return ScenarioResult(
        path=scenario.source, title=scenario.title, game=scenario.game, error=message
    )


@main.command("run")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable results.")
@click.option("--examples", is_flag=True, help="Also run the example scenarios bundled here.")
@click.option("--quiet", "-q", is_flag=True, help="Print only failures and the summary.")
@pool_option
def run_command(
    paths: tuple[Path, ...], as_json: bool, examples: bool, quiet: bool, pools: tuple[str, ...]
) -> None:
    """Run scenario FILEs (or every *.yaml / *.yml under DIRs), narrating each step.

    A card name is looked up in the file's `cards:`, then the bundled cards, then the
    game's card pool (--cards GAME=FILE or TCGRULES_MTG_CARDS / _FAB_ / _GA_CARDS).

    Exits 0 if every expectation held, 1 if one failed, 2 if a file is malformed, 3 if
    nothing failed but a step needed a feature tcgrules does not support yet.
    """
    if not paths and not examples:
        raise click.UsageError("give scenario files or directories, or --examples")
    use_pools(pools)
    targets: list[Path] = list(paths)
    console = make_console()
    if examples:
        bundled = examples_dir()
        if bundled is not None:
            targets.append(bundled)
        elif not as_json:
            console.print("no example scenarios are bundled yet", markup=False)
    results: list[ScenarioResult] = []
    for path in scenario_files(targets):
        result = run_one(path)
        results.append(result)
        if not as_json:
            print_result(console, result, quiet=quiet)
    if as_json:
        click.echo(json.dumps(results_json(results), indent=2, ensure_ascii=False))
    else:
        print_summary(console, results)
    raise SystemExit(exit_code(results))
