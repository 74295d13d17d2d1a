"""Who "that player" is for a trigger at the beginning of each player's step (helper R3).

"At the beginning of each player's upkeep, destroy target nonartifact creature that
player controls of their choice" (The Abyss): the step is the active player's, so "that
player" is the player whose turn it is (mtg:102.1) while the ability goes on the stack
and its targets are chosen (mtg:503.1a, mtg:603.3d). Any other source of "that player"
is left to the caller (None: not known here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcgrules.cardtext.nodes import TriggeredAbility

if TYPE_CHECKING:
    from tcgrules.kernel.game import Game
    from tcgrules.kernel.objects import ObjectRef

_EACH_PLAYERS = "each player's"


def each_players_step_player(game: Game, source: ObjectRef) -> str | None:
    """The active player when every triggered ability of ``source``'s card that can
    name "that player" triggers at the beginning of each player's step; else None."""
    card = game.get(source).card
    if card is None:
        return None
    triggers = [
        a.trigger for a in game.ruleset.card_text(card).abilities if isinstance(a, TriggeredAbility)
    ]
    if not triggers or any(
        t.event != "step" or _EACH_PLAYERS not in t.text.lower() for t in triggers
    ):
        return None
    return game.active_player
