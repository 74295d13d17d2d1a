"""``tcgrules parse``: card text → parse tree and target requirements, or a corpus report."""

from __future__ import annotations

import time
from pathlib import Path

import click
from rich.console import Console
from rich.pretty import Pretty
from rich.tree import Tree

from tcgrules.cardtext import parse_card
from tcgrules.cardtext.coverage import corpus_report
from tcgrules.cardtext.nodes import CardText
from tcgrules.cli import InputProblem, main
from tcgrules.errors import InputError, TcgRulesError
from tcgrules.kernel.ruleset import Ruleset, find_ruleset


def _show(console: Console, parsed: CardText, ruleset: Ruleset) -> None:
    tree = Tree(f"[bold]{parsed.name or 'card text'}[/bold]")
    for ability in parsed.abilities:
        tree.add(Pretty(ability))
    console.print(tree)
    console.print("[bold]target requirements[/bold]")
    for index, req in enumerate(parsed.target_requirements()):
        kinds = ", ".join(sorted(req.kinds))
        maximum = "any" if req.max is None else req.max
        canonical = ruleset.render_requirement(req)
        written = f" -> {canonical!r}" if canonical is not None else ""
        console.print(
            f"  {index}. {req.text!r}: min={req.min} max={maximum} kinds={{{kinds}}} "
            f"zone={req.zone}{written}"
        )
    for node in parsed.unsupported:
        console.print(f"  [yellow]unsupported[/yellow] {node.span}: {node.text!r} ({node.reason})")


@main.command("parse")
@click.argument("text", required=False)
@click.option("--game", default="mtg", show_default=True, help="Game whose grammar reads the text.")
@click.option("--name", default=None, help="The card's name (reads as a self-reference).")
@click.option("--type-line", default=None, help="The card's type line.")
@click.option(
    "--corpus",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A card pool file of --game (Magic: Scryfall or MTGJSON; Flesh and Blood: the "
    "@flesh-and-blood/cards JSON; .json or .json.gz): print a coverage report.",
)
@click.option("--top", default=25, show_default=True, help="Unsupported phrases to list.")
@click.option(
    "--failures", default=40, show_default=True, help="Target failures to list (the work queue)."
)
@click.option(
    "--any-case",
    is_flag=True,
    help='Count cards saying "Target" at a sentence start as target cards too (Flesh and '
    'Blood text often does); by default a target card says "target" in lower case.',
)
def parse_command(  # noqa: PLR0917  (click passes options positionally by name)
    text: str | None,
    game: str,
    name: str | None,
    type_line: str | None,
    corpus: Path | None,
    top: int,
    failures: int,
    any_case: bool,
) -> None:
    """Parse card TEXT and print the tree and its target requirements."""
    console = Console()
    try:
        if corpus is not None:
            cards = find_ruleset(game)().card_file(corpus)
            started = time.perf_counter()
            report = corpus_report(cards, any_case=any_case)
            console.print(report.summary(time.perf_counter() - started, top), markup=False)
            console.print(report.failure_list(failures), markup=False)
            return
        if text is None:
            raise click.UsageError("give TEXT or --corpus FILE")
        parsed = parse_card(game, text.replace("\\n", "\n"), name=name, type_line=type_line)
        _show(console, parsed, find_ruleset(game)())
    except InputError as exc:
        raise InputProblem(str(exc)) from exc
    except TcgRulesError as exc:
        raise click.ClickException(str(exc)) from exc
