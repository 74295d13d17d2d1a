"""Handlers of the counters section (helper W4): removing up to N counters (mtg:122.1)
and moving all, N or any number of counters from one object onto another (mtg:122.5).

How many counters of each kind a player picks as the effect happens (mtg:608.2d) comes
from the resolution's choices: the scenario's ``choose: {counters: {KIND: N, ...}}``.
Where there is something to pick and no choice (or one that doesn't fit) is given, the
resolution is refused and the game is left unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import FlickerWithCounters, MoveCounters, RemoveCountersUpTo
from tcgrules.errors import NotSupportedError, RulesViolation
from tcgrules.games.magic.effects_zones import flicker
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def _listed(have: Mapping[str, int]) -> str:
    return ", ".join(f"{count} {kind}" for kind, count in sorted(have.items())) or "none"


def picked_counters(
    run: Resolution, on: ObjectRef, have: Mapping[str, int], most: int | None, number: str
) -> dict[str, int]:
    """How many counters of each kind of ``have`` (the counters there are to pick from,
    by kind) the controller picks as the effect happens (mtg:608.2d), from ``choose:
    {counters: ...}``: no kind that isn't there, no more of a kind than there are, no
    more than ``most`` in all (None: no limit). With nothing to pick, none; a missing or
    unfitting choice refuses the resolution (rule ``number``)."""
    game = run.game
    if not have:
        return {}
    given = run.choices.counters
    where = f"{game.describe(on)} has {_listed(have)}"
    limit = "" if most is None else f", {most} in all at most"
    if given is None:
        raise _refuse(
            number,
            f"{where}: pick how many of each kind with choose: {{counters: {{KIND: N}}}}{limit}",
        )
    for kind, count in given.items():
        if kind not in have or not 0 <= count <= have[kind]:
            raise _refuse(number, f"{where}: can't pick {count} {kind} counter(s)")
    if most is not None and sum(given.values()) > most:
        raise _refuse(number, f"{where}: {sum(given.values())} counters picked{limit}")
    return {kind: count for kind, count in given.items() if count > 0}


def _refuse(number: str, why: str) -> RulesViolation:
    return RulesViolation(Verdict.refuse(rule(number), why), "resolve")


def _of_kind(game: Game, ref: ObjectRef, kind: str | None) -> dict[str, int]:
    """The counters on ``ref`` by kind: those of ``kind`` only, if it is not None."""
    counters = game.get(ref).counters
    return {k: v for k, v in counters.items() if v > 0 and kind in (None, k)}


def _remove_up_to(run: Resolution, effect: RemoveCountersUpTo) -> None:
    """Remove the counters the controller picks, no more than ``count`` in all and none
    it doesn't have (mtg:122.1, picked as it resolves: mtg:608.2d)."""
    game = run.game
    most = run.amount(effect.count)
    _no_players(run, effect.what)
    for t, _ in run.objects(effect.what):
        have = _of_kind(game, t, effect.kind)
        picked = picked_counters(run, t, have, most, "mtg:608.2d")
        if not picked:
            game.log(
                Event(
                    "no_effect",
                    f"no counters are removed from {game.describe(t)}",
                    rule("mtg:122.1"),
                    t,
                )
            )
        for kind, count in sorted(picked.items()):
            game.add_counters(t, kind, -count, rule_applied=rule("mtg:122.1"))


def _move_counters(run: Resolution, effect: MoveCounters) -> None:
    """Move counters from each object ``source`` names onto the one ``what`` names: each
    one removed from the first and put onto the second; where that can't happen (one of
    them gone, an illegal target or off the battlefield, or both the same object), none
    moves (mtg:122.5). All of them, ``count`` of them (no more than there are) or the
    ones the controller picks as it resolves (mtg:608.2d)."""
    game = run.game
    _no_players(run, effect.source, effect.what)
    hosts = [t for t, _ in run.objects(effect.what)]
    dst = hosts[0] if hosts else None
    sources = [t for t, _ in run.objects(effect.source)]
    if not sources or dst is None:
        _no_move(game, "one of the two objects is gone or an illegal target")
        return
    for src in sources:
        if src == dst:
            if len(sources) == 1:
                _no_move(game, "it would move onto the object it is on")
            continue
        if {game.get(src).zone.name, game.get(dst).zone.name} != {"battlefield"}:
            _no_move(game, "one of the two objects is not on the battlefield")
            continue
        _move_from(run, effect, src, dst)


def _no_move(game: Game, why: str, src: ObjectRef | None = None) -> None:
    game.log(Event("no_move", f"no counter moves: {why}", rule("mtg:122.5"), src))


def _move_from(run: Resolution, effect: MoveCounters, src: ObjectRef, dst: ObjectRef) -> None:
    game = run.game
    have = _of_kind(game, src, effect.kind)
    if effect.chosen:
        moving = picked_counters(run, src, have, None, "mtg:608.2d")
    elif effect.count is None:
        moving = have
    else:
        wanted = run.amount(effect.count)
        moving = {kind: min(count, wanted) for kind, count in have.items()}
    moving = {kind: count for kind, count in moving.items() if count > 0}
    if not moving:
        _no_move(game, f"{game.describe(src)} has none to move", src)
    for kind, count in sorted(moving.items()):
        game.add_counters(src, kind, -count, rule_applied=rule("mtg:122.5"))
        game.add_counters(dst, kind, count, rule_applied=rule("mtg:122.5"))


def _no_players(run: Resolution, *references: object) -> None:
    """Counters on players (poison counters, mtg:122.1f) are not modelled: a player
    among what the effect names makes it not supported, never a silent no-op."""
    for reference in references:
        if any(isinstance(e, PlayerRef) for e, _ in run.entities(reference)):
            raise NotSupportedError("counters on a player", "counters are on permanents only yet")


def _flicker_with_counters(run: Resolution, effect: FlickerWithCounters) -> None:
    """Exile and return (:func:`~tcgrules.games.magic.effects_zones.flicker`); each card
    that comes back is a new object (mtg:400.7) that enters with the counters on it
    (mtg:122.6). A token does not come back, so gets none (mtg:111.8)."""
    game = run.game
    mark = len(game.events)
    flicker(run, effect.flicker)
    for event in game.events.since(mark):
        if event.kind != "flickered" or event.object is None:
            continue
        for kind, count in effect.counters:
            game.add_counters(event.object, kind, count, rule_applied=rule("mtg:122.6"))


COUNTERS4_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        FlickerWithCounters: _flicker_with_counters,
        RemoveCountersUpTo: _remove_up_to,
        MoveCounters: _move_counters,
    }
)
