"""What happened this turn, counted from the game's events for Magic's "this turn"
numbers (:class:`~tcgrules.cardtext.nodes.ThisTurn`; read as the effect happens,
mtg:608.2h): life gained and lost (mtg:119.3), cards drawn (mtg:121.1), damage dealt
to a player (mtg:120.3a), cards discarded (mtg:701.8a)."""

from __future__ import annotations

from collections.abc import Callable

from tcgrules.errors import UnknownObjectError
from tcgrules.games.magic.counted import permanents_sacrificed
from tcgrules.kernel.game import Game
from tcgrules.rules import rule


def _life(kind: str) -> Callable[[Game, str], int]:
    """All of ``player``'s life gains (or losses, or the damage dealt to them) this
    turn added up (mtg:119.3)."""

    def total(game: Game, player: str) -> int:
        found = 0
        for event in game.events.this_turn():
            amount = event.data.get("amount")
            if event.kind == kind and event.player == player and isinstance(amount, int):
                found += amount
        return found

    return total


def _moves(number: str, origin: str, to: str) -> Callable[[Game, str], int]:
    """How many of ``player``'s cards moved from ``origin`` to ``to`` this turn by the
    rule ``number``."""

    def total(game: Game, player: str) -> int:
        cited = rule(number)
        found = 0
        for event in game.events.this_turn():
            if event.kind != "moved" or event.rule != cited or event.object is None:
                continue
            if (event.data.get("from"), event.data.get("to")) != (origin, to):
                continue
            try:
                owner = game.last_known(event.object).object.owner
            except UnknownObjectError:
                continue
            if owner == player:
                found += 1
        return found

    return total


#: the cards a player drew this turn: moves from their library to their hand that were
#: draws (mtg:121.1); a card put into a hand some other way is not drawn (mtg:121.5)
_cards_drawn = _moves("mtg:121.1", "library", "hand")
#: the cards a player discarded this turn: moves from their hand to their graveyard that
#: were discards (mtg:701.8a)
_cards_discarded = _moves("mtg:701.8a", "hand", "graveyard")


_COUNTS: dict[str, Callable[[Game, str], int]] = {
    "life_gained": _life("life_gained"),
    "life_lost": _life("life_lost"),
    "cards_drawn": _cards_drawn,
    "cards_discarded": _cards_discarded,
    # all the damage dealt to the player this turn, from any source (mtg:120.3a)
    "damage_dealt": _life("damage"),
    # the permanents the player sacrificed this turn (mtg:701.17a)
    "permanents_sacrificed": permanents_sacrificed,
}


def turn_history(game: Game, player: str, what: str) -> int | None:
    """How much of ``what`` happened to ``player`` this turn; None for a key not known."""
    count = _COUNTS.get(what)
    return None if count is None else count(game, player)
