"""What happened this turn, counted from the game's events for Magic's "this turn"
numbers (:class:`~tcgrules.cardtext.nodes.ThisTurn`; read as the effect happens,
mtg:608.2h): life gained and lost (mtg:119.3), cards drawn (mtg:121.1)."""

from __future__ import annotations

from collections.abc import Callable

from tcgrules.errors import UnknownObjectError
from tcgrules.kernel.game import Game
from tcgrules.rules import rule


def _life(kind: str) -> Callable[[Game, str], int]:
    """All of ``player``'s life gains (or losses) this turn added up (mtg:119.3)."""

    def total(game: Game, player: str) -> int:
        found = 0
        for event in game.events.this_turn():
            amount = event.data.get("amount")
            if event.kind == kind and event.player == player and isinstance(amount, int):
                found += amount
        return found

    return total


def _cards_drawn(game: Game, player: str) -> int:
    """The cards ``player`` drew this turn: moves from their library to their hand that
    were draws (mtg:121.1); a card put into a hand some other way is not drawn
    (mtg:121.5)."""
    draw = rule("mtg:121.1")
    found = 0
    for event in game.events.this_turn():
        if event.kind != "moved" or event.rule != draw or event.object is None:
            continue
        if (event.data.get("from"), event.data.get("to")) != ("library", "hand"):
            continue
        try:
            owner = game.last_known(event.object).object.owner
        except UnknownObjectError:
            continue
        if owner == player:
            found += 1
    return found


_COUNTS: dict[str, Callable[[Game, str], int]] = {
    "life_gained": _life("life_gained"),
    "life_lost": _life("life_lost"),
    "cards_drawn": _cards_drawn,
}


def turn_history(game: Game, player: str, what: str) -> int | None:
    """How much of ``what`` happened to ``player`` this turn; None for a key not known."""
    count = _COUNTS.get(what)
    return None if count is None else count(game, player)
