"""Handlers of the counters section, third wave (helper Q4): for each kind of counter on
a permanent, one more of that kind or one fewer, as its controller chooses (mtg:122.1,
mtg:608.2d).

The choice per kind comes from the resolution's choices: the scenario's ``choose:
{counters: {KIND: 1, OTHER: -1}}`` (1: put another counter of that kind, -1: remove one).
Every kind the permanent has needs a choice; a missing or unfitting one refuses the
resolution and leaves the game unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import PutOrRemoveEachKind
from tcgrules.errors import RulesViolation
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def _refuse(number: str, why: str) -> RulesViolation:
    return RulesViolation(Verdict.refuse(rule(number), why), "resolve")


def _put_or_remove_each_kind(run: Resolution, effect: PutOrRemoveEachKind) -> None:
    """For each kind of counter on the permanent as it resolves: another counter of that
    kind (1) or one fewer (-1), as the controller chooses (mtg:608.2d, mtg:122.1). A
    permanent that left the battlefield or became an illegal target gets nothing
    (mtg:608.2b); one without counters is unchanged. Nothing changes until every choice
    is known."""
    game = run.game
    given = run.choices.counters
    plan: list[tuple[ObjectRef, str, int]] = []
    for t, _ in run.objects(effect.what):
        if game.get(t).zone.name != "battlefield":
            continue
        have = sorted(k for k, v in game.get(t).counters.items() if v > 0)
        if not have:
            game.log(
                Event("no_effect", f"{game.describe(t)} has no counters", rule("mtg:122.1"), t)
            )
            continue
        where = f"{game.describe(t)} has counters of the kinds {', '.join(have)}"
        extra = sorted(set(given or {}) - set(have))
        if extra:
            raise _refuse("mtg:122.1", f"{where}, not {', '.join(extra)}")
        for kind in have:
            step = None if given is None else given.get(kind)
            if step is None or step not in {1, -1}:
                raise _refuse(
                    "mtg:608.2d",
                    f"{where}: for each kind choose to put another (1) or remove one (-1) "
                    f"with choose: {{counters: {{KIND: 1 or -1}}}} (given for {kind}: {step!r})",
                )
            plan.append((t, kind, step))
    for t, kind, step in plan:
        game.add_counters(t, kind, step, rule_applied=rule("mtg:122.1"))


Q4_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {PutOrRemoveEachKind: _put_or_remove_each_kind}
)
