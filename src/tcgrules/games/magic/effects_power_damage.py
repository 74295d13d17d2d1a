"""Magic's handlers of damage equal to power (helper T3): the creature an Aura or
Equipment is attached to as the source of damage (mtg:303.4, mtg:301.5, mtg:120.2b)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import AttachedDealsPower
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _attached_deals_power(run: Resolution, effect: AttachedDealsPower) -> None:
    """The creature the source is attached to deals damage equal to its power to each
    recipient (mtg:120.2b); the source gone, its last-known attachment is used, and the
    creature gone, its power as it last existed (mtg:608.2h). Nothing attached: no
    damage is dealt."""
    from tcgrules.games.magic.effects import deal_damage  # noqa: PLC0415 (imports this module)

    game = run.game
    source = run.info.source or run.obj.ref
    host = game.last_known(source).object.attached_to if isinstance(source, ObjectRef) else None
    if not isinstance(host, ObjectRef):
        game.log(
            Event(
                "no_damage",
                f"{run.obj.label}: the source is attached to no creature, so no damage is dealt",
                rule("mtg:303.4"),
            )
        )
        return
    chars = (
        game.characteristics(host)
        if game.is_current(host)
        else game.last_known(host).characteristics
    )
    power = chars.number("power") or 0
    for recipient, _ in run.entities(effect.to):
        deal_damage(
            game,
            chars,
            game.describe(host),
            recipient,
            power,
            controller=run.controller,
            source_ref=host,
        )


POWER_DAMAGE_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {AttachedDealsPower: _attached_deals_power}
)
