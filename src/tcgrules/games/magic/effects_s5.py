"""Effects of zones and players leftovers (helper S5): a whole library exiled
(mtg:701.11a), a hand shuffled into its library (mtg:701.20a)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import ExileLibrary, ShuffleHandIntoLibrary
from tcgrules.games.magic.effects_zones import _players, _shuffle_library, move_and_tell
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _exile_library(run: Resolution, effect: ExileLibrary) -> None:
    """Every card of the player's library but the bottom ``keep_bottom`` is exiled
    (mtg:701.11a); the library's bottom card is its first (mtg:400.5)."""
    game = run.game
    for player in _players(run, effect.whose):
        library = list(game.zone("library", player))
        moving = list(reversed(library[effect.keep_bottom :]))
        move_and_tell(
            game,
            moving,
            to="exile",
            kind="exiled",
            number="mtg:701.11a",
            player=player,
            said=f"{player}'s library is exiled: {{}}",
        )


def _shuffle_hand(run: Resolution, effect: ShuffleHandIntoLibrary) -> None:
    """Each player's hand goes into their library, which is then shuffled
    (mtg:701.20a), even if the hand was empty (mtg:701.20d)."""
    game = run.game
    for player in _players(run, effect.who):
        for ref in list(game.zone("hand", player)):
            game.move(
                ref,
                "library",
                rule_applied=rule("mtg:701.20a"),
                reason="shuffled into its library",
            )
        _shuffle_library(game, player)


S5_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        ExileLibrary: _exile_library,
        ShuffleHandIntoLibrary: _shuffle_hand,
    }
)
