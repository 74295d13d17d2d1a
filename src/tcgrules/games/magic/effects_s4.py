"""Handlers of helper S4: counters leftovers.

"Put a +1/+1 counter on target creature you control, then double the number of +1/+1
counters on each creature that had a +1/+1 counter put on it this way" (Fangs of
Kalonia): the doubling reaches only what got counters from the put (mtg:608.2c), each
getting as many more as it has (mtg:701.9e).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import PutThenDoubleCounters, RemoveOrPutCounter
from tcgrules.errors import RulesViolation
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def _put_then_double(run: Resolution, effect: PutThenDoubleCounters) -> None:
    """Put the counters (mtg:122.6), then double the ``kind`` counters on each object of
    the named card type that has more ``put.kind`` counters than before the put: those had
    counters put on them this way (mtg:608.2c, mtg:701.9e)."""
    game = run.game
    before: dict[ObjectRef, int] = {}
    for t, _ in run.entities(effect.put.what):
        if isinstance(t, ObjectRef) and game.is_current(t):
            before[t] = game.get(t).counters.get(effect.put.kind, 0)
    run.perform(effect.put)
    for t, had in before.items():
        if not game.is_current(t) or game.get(t).zone.name != "battlefield":
            continue
        if game.get(t).counters.get(effect.put.kind, 0) <= had:
            game.log(
                Event(
                    "no_effect",
                    f"{game.describe(t)} had no {effect.put.kind} counter put on it this way",
                    rule("mtg:608.2c"),
                    t,
                )
            )
            continue
        if effect.of_type not in game.characteristics(t).types:
            continue
        have = game.get(t).counters.get(effect.kind, 0)
        if have > 0:
            game.add_counters(t, effect.kind, have, rule_applied=rule("mtg:701.9e"))


def _remove_or_put(run: Resolution, effect: RemoveOrPutCounter) -> None:
    """ "Remove a time counter from it or put another time counter on it": the controller
    chooses which as it resolves (``choose: {option: remove}`` or ``put``; mtg:608.2d);
    no choice refuses the resolution, leaving the game unchanged. One counter is removed
    or one more is put (mtg:122.1)."""
    game = run.game
    choice = run.choices.option
    if choice not in {"remove", "put"}:
        raise RulesViolation(
            Verdict.refuse(
                rule("mtg:608.2d"),
                f"{run.obj.label} has {run.controller} choose to remove a {effect.kind} "
                f"counter or to put another as it resolves: give choose: {{option: remove}} "
                f"or {{option: put}} (given: {choice!r})",
            ),
            "resolve",
        )
    for t, _ in run.objects(effect.what):
        if not game.is_current(t):
            continue
        game.log(
            Event(
                "chosen",
                f"{run.controller} chooses to {choice} a {effect.kind} counter "
                f"({game.describe(t)})",
                rule("mtg:608.2d"),
                t,
            )
        )
        if choice == "put":
            game.add_counters(t, effect.kind, 1, rule_applied=rule("mtg:122.1"))
        elif game.get(t).counters.get(effect.kind, 0) > 0:
            game.add_counters(t, effect.kind, -1, rule_applied=rule("mtg:122.1"))


S4_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {PutThenDoubleCounters: _put_then_double, RemoveOrPutCounter: _remove_or_put}
)
