"""Damage and life, third wave (helper Q5): the handlers of the Q5 nodes.

"If damage is prevented this way, ~ deals that much damage to any target" adds to each
prevention shield the same instructions just made what it also does as it prevents:
right after the damage event it prevented damage from, the source deals that much damage
to the recipient named as the instructions resolved (mtg:615.5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from tcgrules.cardtext.nodes import IfPreventedDeal, Self
from tcgrules.errors import NotSupportedError
from tcgrules.games.magic.effects_damage import (
    AfterPrevention,
    PreventionShield,
    _can_be_dealt_damage,
)
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _if_prevented(run: Resolution, effect: IfPreventedDeal) -> None:
    """Each prevention shield this spell or ability made as it resolved (its source is
    this object on the stack) also deals, after each damage event it prevents damage
    from, as much damage as it prevented to the recipient named now (mtg:615.5). The
    source is this spell or the source of this ability, as it is now (mtg:608.2h)."""
    if effect.optional:
        raise NotSupportedError(
            "“you may have ~ deal that much damage” after a prevention: a choice made "
            "later, as damage is prevented (mtg:615.5)"
        )
    if not isinstance(effect.source, Self):
        raise NotSupportedError("damage prevented this way dealt by another object")
    game = run.game
    shields = [
        s
        for s in game.shields()
        if s.source == run.obj.ref and isinstance(s.what, PreventionShield)
    ]
    recipients = [t for t, _ in run.entities(effect.to)]
    if not shields or not recipients:
        why = "no prevention shield was made" if not shields else "its target is gone"
        game.log(
            Event(
                "no_effect",
                f"{run.obj.label}: {why}, so no damage will be dealt for damage prevented",
                rule("mtg:615.5"),
                run.obj.ref,
            )
        )
        return
    source = run.damage_source(effect.source)
    source_ref: ObjectRef | None = run.info.source or run.obj.ref
    then = tuple(
        AfterPrevention(source, run.obj.label, source_ref, run.controller, to) for to in recipients
    )
    for shield in shields:
        what = shield.what
        assert isinstance(what, PreventionShield)
        game.change_shield(shield.id, replace(what, then=what.then + then))
    names = ", ".join(game.describe(t) for t in recipients)
    game.log(
        Event(
            "after_prevention",
            f"{run.obj.label}: each time its shield prevents damage, it deals that much "
            f"damage to {names} right afterwards",
            rule("mtg:615.5"),
            run.obj.ref,
        )
    )


def deal_after_prevention(game: Game, then: AfterPrevention, prevented: int) -> None:
    """Right after the damage event a shield prevented damage from, its source deals as
    much damage as was prevented to the recipient named (mtg:615.5); a creature,
    planeswalker or battle that has left the battlefield, or a player who has left the
    game, is dealt none."""
    from tcgrules.games.magic.effects import deal_damage  # noqa: PLC0415 (imports this module)

    to = then.to
    if not _can_be_dealt_damage(game, to):
        game.log(
            Event(
                "no_damage",
                f"{then.label}: {game.describe(to)} can't be dealt damage now, so the "
                f"{prevented} damage prevented is not dealt to it",
                rule("mtg:615.5"),
                to if isinstance(to, ObjectRef) else None,
            )
        )
        return
    game.log(
        Event(
            "after_prevention",
            f"{then.label}: {prevented} damage was prevented this way, so it deals that "
            f"much damage to {game.describe(to)}",
            rule("mtg:615.5"),
            to if isinstance(to, ObjectRef) else None,
            player=to.name if isinstance(to, PlayerRef) else None,
            data=MappingProxyType({"amount": prevented}),
        )
    )
    deal_damage(
        game,
        then.source,
        then.label,
        to,
        prevented,
        controller=then.controller,
        source_ref=then.source_ref,
    )


Q5_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({IfPreventedDeal: _if_prevented})
