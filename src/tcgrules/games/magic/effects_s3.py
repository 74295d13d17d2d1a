"""Effect handlers of helper S3: turn structure leftovers ("this turn", "if able").

"Target creature can't be regenerated this turn" (mtg:701.15c): the object carries a
marker for the duration; a destruction of it then lets no regeneration shield apply.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import CantBeRegenerated
from tcgrules.games.magic.effects_stats import lasting
from tcgrules.kernel import effects as k
from tcgrules.kernel.characteristics import Keyword
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule

#: how an object shows that an effect keeps it from being regenerated (mtg:701.15c)
NO_REGENERATION = "can't be regenerated"


def cant_be_regenerated(game: Game, ref: ObjectRef) -> bool:
    """True if an effect says ``ref`` can't be regenerated now (mtg:701.15c)."""
    return game.characteristics(ref).has_keyword(NO_REGENERATION)


def _cant_be_regenerated(run: Resolution, effect: CantBeRegenerated) -> None:
    """Each object named carries "can't be regenerated" for the duration: regeneration
    shields, made before or after, don't apply to its destruction (mtg:701.15c)."""
    game = run.game
    for t, _ in run.objects(effect.what):
        if game.get(t).zone.name != "battlefield":
            game.log(
                Event(
                    "no_effect",
                    f"{game.describe(t)} is not on the battlefield",
                    rule("mtg:608.2b"),
                    t,
                )
            )
            continue
        until, holder, words = lasting(run, effect.duration)
        game.add_effect(
            t,
            k.GrantAbilities((Keyword(NO_REGENERATION),)),
            until=until,
            holder=holder,
            source=run.obj.ref,
            rule_applied=rule("mtg:701.15c"),
            describe=f"can't be regenerated{words}",
        )


#: node type -> handler, merged into Magic's effect table
S3_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {CantBeRegenerated: _cant_be_regenerated}
)

__all__ = ["NO_REGENERATION", "S3_EFFECTS", "cant_be_regenerated"]
