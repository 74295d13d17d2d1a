"""Magic's handlers of the second damage pass (helper Z1): several objects each dealing
damage equal to their own power (mtg:120.2b)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import EachDealsPower
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _each_deals_power(run: Resolution, effect: EachDealsPower) -> None:
    """Each source still a legal target deals damage equal to its power to each
    recipient (mtg:120.2b), the power read as the damage is dealt (mtg:608.2h), as it
    last existed if it has left the battlefield; a source no longer legal deals none
    (mtg:608.2b). The recipients deal nothing back: this is not a fight (mtg:701.12)."""
    from tcgrules.games.magic.effects import deal_damage  # noqa: PLC0415 (imports this module)

    game = run.game
    sources = [
        t
        for ref in (effect.sources, *effect.more)
        for t, _ in run.entities(ref)
        if isinstance(t, ObjectRef)
    ]
    if not sources:
        game.log(
            Event(
                "no_damage",
                f"{run.obj.label}: no object that would deal the damage is still a legal "
                "target, so no damage is dealt",
                rule("mtg:608.2b"),
            )
        )
        return
    recipients = [t for t, _ in run.entities(effect.to)]
    for source_ref in sources:
        chars = (
            game.characteristics(source_ref)
            if game.is_current(source_ref)
            else game.last_known(source_ref).characteristics
        )
        power = chars.number("power") or 0
        for recipient in recipients:
            deal_damage(
                game,
                chars,
                game.describe(source_ref),
                recipient,
                power,
                controller=run.controller,
                source_ref=source_ref,
            )


DAMAGE2_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {EachDealsPower: _each_deals_power}
)
