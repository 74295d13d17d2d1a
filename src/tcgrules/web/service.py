"""What the workbench computes, as plain JSON-ready data: a run, a board, the verdicts.

Each function takes a scenario as YAML text (never a path: the server reads no file a
request names) and returns a mapping; bad input raises :class:`Problem` with the HTTP
status it deserves and the located errors. The functions reuse what the command line
does: :func:`tcgrules.scenario.cli.run_text` for ``tcgrules run --json``, and
:func:`tcgrules.inspect_cli.before_step` and :func:`~tcgrules.inspect_cli.explain_card`
for ``tcgrules explain``. They run in a worker process (:mod:`tcgrules.web.worker`), so
that a run can be stopped when it takes too long.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tcgrules.errors import InputError, NotSupportedError, ScenarioError, TcgRulesError
from tcgrules.inspect_cli import before_step, explain_card, verdict_rows
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.objects import GameObject, ObjectRef, PlayerRef
from tcgrules.scenario.cli import run_text
from tcgrules.scenario.loader import ScenarioValidationError, parse_scenario
from tcgrules.scenario.report import results_json
from tcgrules.scenario.results import error_details
from tcgrules.scenario.runner import text_warnings
from tcgrules.scenario.schema import ExpectStep, Scenario
from tcgrules.scenario.session import Session

#: the name a scenario sent without one is given in messages
DEFAULT_SOURCE = "<scenario>"


class Problem(Exception):
    """A request the workbench refuses: an HTTP status, a message, the located details."""

    def __init__(
        self,
        status: int,
        message: str,
        details: list[dict[str, Any]] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.details = details or []
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        return {"error": self.message, "details": self.details, **self.extra}


def located(error: InputError) -> list[dict[str, Any]]:
    """Each problem of an input error: source, line, column, $.path, message, expected."""
    return error_details(error)


def input_problem(error: InputError, status: int = 422) -> Problem:
    return Problem(status, error.describe(), located(error))


def unsupported_problem(error: NotSupportedError) -> Problem:
    return Problem(422, str(error), unsupported=error.feature)


# --------------------------------------------------------------------------- run


def run(text: str, source: str = DEFAULT_SOURCE) -> dict[str, Any]:
    """Exactly what ``tcgrules run --json`` prints for a file holding ``text`` and named
    ``source``. A malformed scenario (its YAML, its schema, a name no card or object has)
    is a :class:`Problem` (422) carrying the same data under ``run``."""
    result = run_text(text, source)
    data = results_json([result])
    if result.malformed:
        raise Problem(422, result.error or "malformed scenario", result.error_details, run=data)
    return data


# --------------------------------------------------------------------------- board


def _scenario(text: str, source: str) -> Scenario:
    try:
        return parse_scenario(text, source)
    except ScenarioValidationError as exc:
        raise input_problem(exc) from None
    except ScenarioError as exc:
        raise input_problem(exc) from None


def _session(text: str, source: str, step: int | None) -> tuple[Scenario, Session, str]:
    scenario = _scenario(text, source)
    try:
        session, where = before_step(scenario, step)
    except InputError as exc:
        raise input_problem(exc) from None
    except NotSupportedError as exc:
        raise unsupported_problem(exc) from None
    return scenario, session, where


def _plain(value: object) -> object:
    return value if isinstance(value, int | str) or value is None else str(value)


def _characteristics(chars: Characteristics) -> dict[str, Any]:
    return {
        "name": chars.name,
        "supertypes": sorted(chars.supertypes),
        "types": sorted(chars.types),
        "subtypes": sorted(chars.subtypes),
        "colors": sorted(chars.colors),
        "values": {k: _plain(v) for k, v in sorted(chars.values.items())},
        "abilities": [a.text for a in chars.abilities],
        "sets": {k: sorted(v) for k, v in sorted(chars.sets.items())},
    }


def _changed(base: Mapping[str, Any], now: Mapping[str, Any]) -> list[str]:
    """The properties whose current value differs from the base (values by name)."""
    changed = [k for k in base if k != "values" and base[k] != now[k]]
    values = {**base["values"], **now["values"]}
    changed += [k for k in values if base["values"].get(k) != now["values"].get(k)]
    return changed


def _object(session: Session, obj: GameObject, explainable: frozenset[str]) -> dict[str, Any]:
    game = session.game
    ref = obj.ref
    data: dict[str, Any] = {
        "id": obj.id,
        "ref": str(ref),
        "name": session.name_of(ref),
        "card": obj.card.name if obj.card is not None else None,
        "kind": obj.kind,
        "owner": obj.owner,
        "controller": game.controller(ref),
        "tapped": obj.tapped,
        "phased_out": obj.phased_out,
        "damage": obj.damage,
        "counters": dict(obj.counters),
        "attached_to": None,
        "attachments": [],
        "explainable": obj.zone.name in explainable and obj.card is not None,
    }
    if obj.attached_to is not None:
        data["attached_to"] = session.name_of(obj.attached_to)
    try:
        base = _characteristics(game.base_characteristics(ref))
        now = _characteristics(game.characteristics(ref))
    except NotSupportedError as exc:  # a value its card defines that is not read
        data["unsupported"] = str(exc)
        base = now = _characteristics(obj.base)
    data["base"], data["current"] = base, now
    data["changed"] = _changed(base, now)
    if obj.stack is not None:
        data["targets"] = [
            [session.name_of(t) if isinstance(t, ObjectRef | PlayerRef) else str(t) for t in row]
            for row in obj.stack.targets
        ]
        data["ability_kind"] = obj.stack.ability_kind
    return data


def board(text: str, step: int | None, source: str = DEFAULT_SOURCE) -> dict[str, Any]:
    """The game before step ``step`` (1-based, as ``tcgrules explain --step``; None: before
    the first action): every zone with its objects, current and base characteristics,
    counters, attachments and controller; the stack top first with its targets."""
    scenario, session, where = _session(text, source, step)
    game = session.game
    rs = session.ruleset
    explainable = frozenset(
        {*rs.castable_zones, *(z for zones, _ in rs.play_methods.values() for z in zones)}
        | {rs.stack_zone}
    )
    attachments: dict[int, list[str]] = {}
    for obj in game.attached():
        if isinstance(obj.attached_to, ObjectRef):
            attachments.setdefault(obj.attached_to.id, []).append(session.name_of(obj.ref))

    def objects(refs: tuple[ObjectRef, ...]) -> list[dict[str, Any]]:
        found = []
        for ref in refs:
            data = _object(session, game.get(ref), explainable)
            data["attachments"] = attachments.get(ref.id, [])
            found.append(data)
        return found

    shared: list[dict[str, Any]] = []
    per_player: dict[str, list[dict[str, Any]]] = {p: [] for p in game.players}
    for spec in rs.zones:
        info = {"zone": spec.name, "rule": spec.rule, "public": spec.public}
        if spec.is_stack:
            shared.append({**info, "top_first": True, "objects": objects(game.stack)})
        elif spec.shared:
            shared.append({**info, "objects": objects(game.zone(spec.name))})
        else:
            for player in game.players:
                refs = game.zone(spec.name, player)
                per_player[player].append({**info, "objects": objects(refs)})
    players = [
        {"name": p, "life": game.life(p), "zones": per_player[p], "active": p == game.active_player}
        for p in game.players
    ]
    steps = len(scenario.steps)
    chosen = step if step is not None else _first_action(scenario)
    return {
        "game": rs.name,
        "title": scenario.title,
        "step": chosen,
        "steps": steps,
        "where": where,
        "turn": game.turn,
        "active_player": game.active_player,
        "players": players,
        "shared": shared,
    }


def _first_action(scenario: Scenario) -> int:
    """The step ``before_step`` chooses by default: the first that is not a check."""
    return next(
        (i + 1 for i, item in enumerate(scenario.steps) if not isinstance(item, ExpectStep)),
        len(scenario.steps) + 1,
    )


# --------------------------------------------------------------------------- explain


def explain(
    text: str,
    step: int | None,
    card: str | None,
    player: str | None = None,
    *,
    object_id: int | None = None,
    everything: bool = False,
    source: str = DEFAULT_SOURCE,
) -> dict[str, Any]:
    """For ``card`` (a name, or the object ``object_id`` of the board) put on the stack by
    ``player`` before step ``step``: every candidate's verdict, as ``tcgrules explain
    --json`` lists them (only the candidates the phrase looks at, unless ``everything``).
    The player defaults to the card's controller, else its owner."""
    scenario, session, where = _session(text, source, step)
    game = session.game
    try:
        if object_id is not None:
            try:
                ref: ObjectRef = game.current(object_id).ref
            except TcgRulesError:
                raise InputError(
                    f"no object #{object_id} in the game at this step",
                    path="$.object",
                    expected="the id of an object on the board",
                ) from None
        elif card:
            ref = session.ref(card)
        else:
            raise InputError("no card named", path="$.card", expected="a card name")
        obj = game.get(ref)
        by = player or game.controller(ref) or obj.owner
        if by not in game.players:
            raise InputError(
                f"{by!r} is not a player",
                path="$.player",
                expected="one of " + ", ".join(game.players),
            )
        rows = explain_card(session, ref, by, everything=everything)
    except InputError as exc:
        if exc.path is None and exc.line is None:
            exc.path = "$.card"
        raise input_problem(exc) from None
    except NotSupportedError as exc:
        raise unsupported_problem(exc) from None
    return {
        "game": session.ruleset.name,
        "where": where,
        "card": session.name_of(ref),
        "object": ref.id,
        "player": by,
        "verdicts": verdict_rows(rows, text_warnings(scenario, session)),
    }


__all__ = ["DEFAULT_SOURCE", "Problem", "board", "explain", "located", "run"]
