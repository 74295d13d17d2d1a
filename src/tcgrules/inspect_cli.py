"""``tcgrules explain`` and ``tcgrules targets``: legal targets at a point of a scenario.

Both replay a scenario file up to a step, then ask the targeting engine, for a
card and the player who would cast it, which objects and players are legal
targets of each instance of "target" and, for each illegal one, why.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from tcgrules.cli import main
from tcgrules.cli_pools import pool_option, use_pools
from tcgrules.errors import InputError, NotSupportedError
from tcgrules.kernel.objects import Entity, ObjectRef, PlayerRef
from tcgrules.kernel.play import prospective
from tcgrules.kernel.targeting import explain_target, within_reach
from tcgrules.scenario.loader import load_scenario
from tcgrules.scenario.runner import session_at, text_warnings
from tcgrules.scenario.schema import ExpectStep, Scenario
from tcgrules.scenario.session import Session
from tcgrules.verdict import Verdict


@dataclass(frozen=True)
class CandidateVerdict:
    """One candidate for one instance of "target", with the verdict."""

    instance: int
    phrase: str
    candidate: str
    where: str
    verdict: Verdict

    def to_json(self) -> dict[str, object]:
        return {
            "instance": self.instance,
            "phrase": self.phrase,
            "candidate": self.candidate,
            "where": self.where,
            "legal": bool(self.verdict),
            "reasons": [
                {"rule": str(r.rule), "message": r.message, "passed": r.passed}
                for r in self.verdict.reasons
            ],
        }


def verdict_rows(rows: list[CandidateVerdict], warnings: list[str]) -> list[dict[str, object]]:
    """``explain --json``'s rows (the web API's ``verdicts`` too): each verdict with the
    warnings about card text not fully understood, which may make it incomplete."""
    return [{**r.to_json(), "warnings": warnings} for r in rows]


def _candidates(session: Session) -> list[Entity]:
    """Players, and objects outside hidden ordered zones (libraries and decks)."""
    game = session.game
    rs = session.ruleset
    found: list[Entity] = [PlayerRef(p) for p in game.players]
    for obj in game.objects():
        spec = rs.zone_spec(obj.zone.name)
        if spec.public or not spec.ordered:
            found.append(obj.ref)
    return found


def explain_card(
    session: Session, card: str | ObjectRef, by: str | None, *, everything: bool = True
) -> list[CandidateVerdict]:
    """Every candidate's verdict for every instance of "target" on ``card`` (a name, or
    the object itself); with ``everything`` False, only the legal ones and those of a kind
    and in a zone the phrase looks at (a card in a library is not worth explaining for
    "target creature")."""
    game = session.game
    ref = card if isinstance(card, ObjectRef) else session.ref(card)
    player = by or game.active_player
    requirements, targeter = prospective(game, ref, player)
    rows: list[CandidateVerdict] = []
    for i, req in enumerate(requirements):
        for candidate in _candidates(session):
            verdict = explain_target(game, requirements, i, candidate, targeter)
            if not (everything or verdict or within_reach(game, req, candidate)):
                continue
            where = "player" if isinstance(candidate, PlayerRef) else str(game.get(candidate).zone)
            rows.append(
                CandidateVerdict(i + 1, req.text, session.name_of(candidate), where, verdict)
            )
    return rows


def _load(path: Path, step: int | None) -> tuple[Session, str, list[str]]:
    """The game before step ``step`` of the file at ``path`` (see :func:`before_step`),
    and the warnings ``run`` gives for it (cards whose text is not fully understood)."""
    scenario = load_scenario(path)
    session, where = before_step(scenario, step, option="--step")
    return session, where, text_warnings(scenario, session)


#: the exit status for a feature not supported yet, as ``tcgrules run`` uses
_UNSUPPORTED = 3

_INCOMPLETE = "what the parts not understood say is not applied: these verdicts may be incomplete"


def _warn(console: Console, warnings: list[str]) -> None:
    """The warnings before a verdict, as ``run`` prints them."""
    for line in warnings:
        console.print(f"[yellow]warning:[/yellow] {line}", markup=True, highlight=False)
    if warnings:
        console.print(f"[yellow]warning:[/yellow] {_INCOMPLETE}")


def before_step(
    scenario: Scenario, step: int | None, *, option: str = "step"
) -> tuple[Session, str]:
    """The game before step ``step`` (1-based) and a line saying which point that is; by
    default, before the first action (the board as set up, and any checks before it).
    A step out of range is an InputError naming ``option`` (how the caller called it)."""
    steps = scenario.steps
    source = scenario.source
    if step is None:
        step = next(
            (i + 1 for i, item in enumerate(steps) if not isinstance(item, ExpectStep)),
            len(steps) + 1,
        )
    elif not 1 <= step <= len(steps) + 1:
        raise InputError(
            f"{option} {step} is out of range: {source} has {len(steps)} step(s)",
            source=source,
            expected=f"1 to {len(steps) + 1} (the game before that step; "
            f"{len(steps) + 1}: after the last)",
        )
    if step > len(steps):
        where = f"the game after the last step ({len(steps)})"
    else:
        item = steps[step - 1]
        where = f"the game before step {step} (line {item.line}: {item.describe()})"
    return session_at(scenario, step), where


def _fail(exc: Exception, code: int) -> None:
    click.echo(f"error: {exc}", err=True)
    sys.exit(code)


@main.command("explain")
@click.argument("scenario", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--card", "-c", required=True, help="The card whose targets to explain.")
@click.option("--by", "-p", default=None, help="The player who would cast it (default: active).")
@click.option(
    "--step",
    "-s",
    type=int,
    default=None,
    help="Explain the game as it is before step N (default: before the first action).",
)
@click.option("--instance", "-i", type=int, default=None, help="Only this instance of target.")
@click.option(
    "--all",
    "everything",
    is_flag=True,
    help="Also explain candidates in zones the phrase never looks at.",
)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@pool_option
def explain_command(
    *,
    scenario: Path,
    card: str,
    by: str | None,
    step: int | None,
    instance: int | None,
    everything: bool,
    as_json: bool,
    pools: tuple[str, ...],
) -> None:
    """For CARD cast by a player, which targets are legal, and why each other one is not."""
    use_pools(pools)
    try:
        session, where, warnings = _load(scenario, step)
        rows = explain_card(session, card, by, everything=everything)
    except InputError as exc:
        _fail(exc, 2)
        return
    except NotSupportedError as exc:
        _fail(exc, _UNSUPPORTED)
        return
    if instance is not None:
        rows = [r for r in rows if r.instance == instance]
    if as_json:
        click.echo(json.dumps(verdict_rows(rows, warnings), indent=2))
        return
    # soft wrap: a long reason is never broken before its rule id
    console = Console(highlight=False, soft_wrap=True)
    _warn(console, warnings)
    console.print(f"[dim]{where}[/dim]")
    current = 0
    for row in rows:
        if row.instance != current:
            current = row.instance
            console.print(f"\n[bold]target {current}[/bold]: “{row.phrase}”")
        mark = "[green]legal[/green]  " if row.verdict else "[red]illegal[/red]"
        console.print(f"  {mark} {row.candidate} ({row.where})")
        shown = row.verdict.reasons if row.verdict else row.verdict.failures
        for reason in shown:
            console.print(f"      {reason.message} [dim]({reason.rule})[/dim]")


@main.command("targets")
@click.argument("scenario", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--by", "-p", default=None, help="Whose cards (default: the active player).")
@click.option(
    "--step",
    "-s",
    type=int,
    default=None,
    help="The game as it is before step N (default: before the first action).",
)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@pool_option
def targets_command(
    scenario: Path, by: str | None, step: int | None, as_json: bool, pools: tuple[str, ...]
) -> None:
    """The legal-target table: for each card in a player's hand, each instance of target.

    A card whose query needs a feature not supported yet gets one row saying so; the
    other rows still print, and the exit status is then 3, as ``run`` uses."""
    use_pools(pools)
    unsupported = False
    try:
        session, where, warnings = _load(scenario, step)
        player = by or session.game.active_player
        table: list[dict[str, object]] = []
        for ref in session.game.zone("hand", player):
            name = session.name_of(ref)
            try:
                rows = explain_card(session, name, player)
            except NotSupportedError as exc:
                unsupported = True
                table.append({"card": name, "not_supported": str(exc), "warnings": warnings})
                continue
            for inst in sorted({r.instance for r in rows}):
                mine = [r for r in rows if r.instance == inst]
                table.append(
                    {
                        "card": name,
                        "instance": inst,
                        "phrase": mine[0].phrase,
                        "legal": [r.candidate for r in mine if r.verdict],
                        "warnings": warnings,
                    }
                )
    except InputError as exc:
        _fail(exc, 2)
        return
    except NotSupportedError as exc:
        _fail(exc, _UNSUPPORTED)
        return
    if as_json:
        click.echo(json.dumps(table, indent=2))
    else:
        _print_table(table, f"legal targets for {player}, {where}", warnings)
    if unsupported:
        sys.exit(_UNSUPPORTED)


def _print_table(table: list[dict[str, object]], title: str, warnings: list[str]) -> None:
    console = Console()
    _warn(console, warnings)
    out = Table(title=title)
    for column in ("card", "#", "phrase", "legal targets"):
        out.add_column(column)
    for row in table:
        if "not_supported" in row:
            out.add_row(str(row["card"]), "", "", str(row["not_supported"]))
            continue
        legal = row["legal"]
        assert isinstance(legal, list)
        out.add_row(
            str(row["card"]), str(row["instance"]), str(row["phrase"]), ", ".join(legal) or "—"
        )
    console.print(out)
