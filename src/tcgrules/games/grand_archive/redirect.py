"""Redirecting the target of a card or ability on the effects stack (Grand Archive).

A redirect moves one target of an activation, materialization or ability to another
target (ga:objects-and-targeting/redirect-1, ga:game-terms/redirect-1): the new one must
be a legal target for that same phrase and must not be something the same effect
already targets (ga:objects-and-targeting/redirect-2). Only targets move: what an effect
chooses instead of targeting is not a target and can't be redirected
(ga:game-terms/redirect-2). Attacks are redirected by :mod:`.combat`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcgrules.kernel.play import targeter_for
from tcgrules.kernel.targeting import Chosen, explain_target
from tcgrules.rules import rule
from tcgrules.verdict import Reason

if TYPE_CHECKING:
    from tcgrules.kernel.game import Game
    from tcgrules.kernel.objects import Entity, GameObject

__all__ = ["redirect_target_reasons"]


def redirect_target_reasons(
    game: Game, obj: GameObject, by: str, old: Entity, new: Entity
) -> list[Reason]:
    """Whether the target ``old`` of ``obj`` may become ``new`` (redirect-1, redirect-2)."""
    info = obj.stack
    old_name, new_name = game.describe(old), game.describe(new)
    if info is None:
        return [
            Reason(
                rule("ga:objects-and-targeting/redirect-1"),
                f"{obj.label} is not on the effects stack, so it has no target to redirect",
            )
        ]
    where = [(i, j) for i, row in enumerate(info.targets) for j, t in enumerate(row) if t == old]
    if not where:
        return [
            Reason(
                rule("ga:objects-and-targeting/redirect-1"),
                f"{old_name} is not a target of {obj.label}; a redirect moves a target the "
                "effect has",
            )
        ]
    reasons: list[Reason] = []
    if any(new == t for row in info.targets for t in row):
        reasons.append(
            Reason(
                rule("ga:objects-and-targeting/redirect-2"),
                f"{new_name} is already a target of {obj.label}; a redirect needs a unique target",
            )
        )
    index, _ = where[0]
    others = Chosen(
        tuple(
            tuple(t for t in row if t != old) if i == index else row
            for i, row in enumerate(info.targets)
        )
    )
    verdict = explain_target(
        game, info.requirements, index, new, targeter_for(game, obj), chosen=others
    )
    reasons.extend(r for r in verdict.reasons if not r.passed)
    if verdict:
        reasons.append(
            Reason(
                rule("ga:objects-and-targeting/redirect-1"),
                f"{new_name} is another legal target for {obj.label}",
                passed=True,
            )
        )
    else:
        reasons.append(
            Reason(
                rule("ga:objects-and-targeting/redirect-1"),
                f"a redirect needs another legal target; {new_name} is not one",
            )
        )
    return reasons
