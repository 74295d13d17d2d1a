"""Handlers of helper R5: reveals that a later part of the same resolution counts
"this way" (mtg:608.2c).

A revealed card is shown to every player and stays where it is (mtg:701.16a,
mtg:701.16b); each is logged as a ``revealed`` event naming the card, which
:meth:`~tcgrules.kernel.resolution.Resolution.moved_this_way` counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import RevealChosen
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _reveal_chosen(run: Resolution, effect: RevealChosen) -> None:
    """The controller picks the cards as it resolves (``choose: {chosen: [...]}``, none
    allowed) and shows each to every player; they stay in the hand (mtg:701.16a,
    mtg:701.16b)."""
    game = run.game
    picked = [e for e in run.chosen(effect.cards) if isinstance(e, ObjectRef)]
    if not picked:
        game.log(
            Event(
                "revealed",
                f"{run.controller} reveals no cards",
                rule("mtg:701.16a"),
                player=run.controller,
            )
        )
    for ref in picked:
        game.log(
            Event(
                "revealed",
                f"{run.controller} reveals {game.describe(ref)} (it stays where it is)",
                rule("mtg:701.16b"),
                ref,
                player=run.controller,
            )
        )


R5_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({RevealChosen: _reveal_chosen})
