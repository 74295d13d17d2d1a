"""``tcgrules rules``: print a rule catalog or the seed-clause coverage report."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from tcgrules.catalogs import GAMES, catalog
from tcgrules.cli import main
from tcgrules.coverage import (
    CoverageReport,
    CoverageRow,
    collect_tags,
    coverage_report,
    project_tags,
    section_of,
    shipped_tags,
)
from tcgrules.errors import InputError
from tcgrules.rules import RuleRef

_STATUS_TEXT = {"covered": "covered", "out_of_scope": "out of scope", "not_yet": "not yet"}


def _games(game: str | None) -> list[str]:
    if game is None:
        return list(GAMES)
    return [RuleRef.parse(f"{game}:x").game]


def _use_rich() -> bool:
    return sys.stdout.isatty()


def _print_catalog(games: list[str], as_json: bool) -> None:
    if as_json:
        data = {
            g: {
                "edition": catalog(g).edition,
                "rules": {e.ref.number: e.summary for e in catalog(g).entries()},
            }
            for g in games
        }
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    if _use_rich():
        console = Console()
        for g in games:
            cat = catalog(g)
            table = Table(title=f"{cat.edition} ({len(cat)} rules)")
            table.add_column("rule", style="bold", no_wrap=True)
            table.add_column("summary (our words)")
            for entry in cat.entries():
                table.add_row(str(entry.ref), entry.summary)
            console.print(table)
        return
    for g in games:
        cat = catalog(g)
        click.echo(f"# {cat.edition} ({len(cat)} rules)")
        for entry in cat.entries():
            click.echo(f"{entry.ref}\t{entry.summary}")


def _row_detail(row: CoverageRow) -> str:
    if row.status == "out_of_scope":
        return row.reason
    if row.status == "covered":
        return ", ".join(row.tests)
    return ""


def _print_coverage(rows: list[CoverageRow], as_json: bool, source: str) -> None:
    report = CoverageReport(rows)
    if as_json:
        data = report.to_dict()
        data["source"] = source
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    totals = report.totals
    total_line = (
        f"{totals['covered']} covered, {totals['out_of_scope']} out of scope, "
        f"{totals['not_yet']} not yet, of {totals['total']} seed clauses"
    )
    styles = {"covered": "green", "out_of_scope": "dim", "not_yet": "red"}
    # a terminal gets colour at its width; a pipe gets plain text wide enough that a
    # rule id never wraps
    console = Console() if _use_rich() else Console(width=160, no_color=True, highlight=False)
    sections: dict[str, list[CoverageRow]] = {}
    for row in rows:
        sections.setdefault(section_of(row.ref), []).append(row)
    for section, members in sections.items():
        covered = sum(1 for r in members if r.status == "covered")
        table = Table(
            title=f"{section}: {covered} of {len(members)} covered",
            title_justify="left",
            show_edge=False,
        )
        table.add_column("rule", no_wrap=True)
        table.add_column("status", no_wrap=True)
        table.add_column("summary", ratio=2)
        table.add_column("tests / reason", ratio=3, overflow="fold")
        for row in members:
            style = styles.get(row.status, "")
            table.add_row(
                row.ref,
                f"[{style}]{_STATUS_TEXT.get(row.status, row.status)}[/]",
                row.summary,
                _row_detail(row),
            )
        console.print(table)
    console.print(total_line)
    console.print(f"tags from {source}", style="dim")


def _tags(test_dirs: tuple[Path, ...]) -> tuple[dict[str, list[str]], str]:
    """The tags to report and where they came from: the folders given; else the tests of
    the tcgrules checkout in the current directory; else the index shipped with the
    package."""
    if test_dirs:
        return collect_tags(test_dirs), ", ".join(str(p) for p in test_dirs)
    here = Path.cwd()
    if (here / "tests").is_dir() and (here / "src" / "tcgrules").is_dir():
        return project_tags(here), f"the tests of the checkout at {here}"
    shipped = shipped_tags()
    if shipped is None:
        raise click.ClickException(
            "no tests here and no rule-tag index in this installation: run this in a "
            "tcgrules checkout, or give test folders with --tests"
        )
    return shipped, "the index shipped with tcgrules (no checkout in the current directory)"


@main.command("rules")
@click.option("--game", "-g", default=None, help="mtg, fab or ga (default: all three).")
@click.option("--coverage", is_flag=True, help="Report which seed clauses tests demonstrate.")
@click.option(
    "--tests",
    "test_dirs",
    multiple=True,
    type=click.Path(path_type=Path),
    help="Test / scenario folders to read tags from (repeatable; default: tests and examples).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option(
    "--strict", is_flag=True, help="With --coverage: exit 1 if any clause is not yet covered."
)
def rules_command(
    game: str | None,
    coverage: bool,
    test_dirs: tuple[Path, ...],
    as_json: bool,
    strict: bool,
) -> None:
    """Print the rule catalog, or (--coverage) the seed clauses and the tests naming them."""
    try:
        games = _games(game)
    except InputError as exc:
        raise click.BadParameter(str(exc), param_hint="--game") from exc
    if not coverage:
        _print_catalog(games, as_json)
        return
    tags, source = _tags(test_dirs)
    rows = [row for g in games for row in coverage_report(g, tags)]
    _print_coverage(rows, as_json, source)
    if strict and any(row.status == "not_yet" for row in rows):
        raise SystemExit(1)
