"""Parts of an activation cost, for every game: saying which part tcgrules does not pay.

An ability is never activated for free without saying so: a part of its cost that a
game's ruleset can't pay (a choice the step did not make, a resource tcgrules keeps no
count of) is logged as a ``cost_not_modelled`` event naming it (docs/events.md), and
the player pays it outside tcgrules.
"""

from __future__ import annotations

from types import MappingProxyType

from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import RuleRef


def cost_not_modelled(
    game: Game, source: ObjectRef, part: str, controller: str, rule_applied: RuleRef
) -> None:
    """Log that tcgrules does not pay ``part`` of the cost of an ability of ``source``
    (``rule_applied``: the game's rule for paying costs)."""
    game.log(
        Event(
            "cost_not_modelled",
            f"tcgrules does not pay “{part}” of {game.get(source).label}'s cost: the "
            "player pays it",
            rule_applied,
            source,
            player=controller,
            data=MappingProxyType({"part": part}),
        )
    )
