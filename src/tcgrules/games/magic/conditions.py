"""Magic's "if [condition], ..." conditions, checked as a spell or ability resolves
(mtg:608.2c; an intervening "if" of a triggered ability, mtg:603.4).

:func:`resolution_condition` answers for the keys the reader gives
(:data:`tcgrules.games.magic.text._CONDITIONS`): what happened this turn is read from
the game's events since the last turn ended. A key it cannot answer (kicker, gifts,
whether a permanent was cast: choices the kernel does not record) gives None, and the
effect raises NotSupportedError.
"""

from __future__ import annotations

from collections.abc import Callable

from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef


def _creature_died(game: Game, controller: str) -> bool:
    """A creature went from the battlefield to a graveyard this turn (mtg:700.4)."""
    for event in game.events.this_turn():
        if event.kind != "moved" or event.data.get("from") != "battlefield":
            continue
        if event.data.get("to") != "graveyard":
            continue
        old = event.data.get("old")
        if isinstance(old, ObjectRef) and "creature" in game.last_known(old).characteristics.types:
            return True
    return False


def _life_changed(kind: str, mine: bool) -> Callable[[Game, str], bool]:
    def test(game: Game, controller: str) -> bool:
        def counts(event: Event) -> bool:
            if event.kind != kind or event.player is None:
                return False
            return (event.player == controller) == mine

        return any(counts(e) for e in game.events.this_turn())

    return test


def _no_cards_in_hand(game: Game, controller: str) -> bool:
    return not game.zone("hand", controller)


def _your_turn(game: Game, controller: str) -> bool:
    return game.active_player == controller


_TESTS: dict[str, Callable[[Game, str], bool]] = {
    "creature_died_this_turn": _creature_died,
    "you_gained_life_this_turn": _life_changed("life_gained", mine=True),
    "opponent_lost_life_this_turn": _life_changed("life_lost", mine=False),
    "no_cards_in_hand": _no_cards_in_hand,
    "your_turn": _your_turn,
}


def resolution_condition(game: Game, controller: str, condition: str) -> bool | None:
    """Whether ``condition`` holds now for ``controller``; None if it is not known here."""
    test = _TESTS.get(condition)
    return None if test is None else test(game, controller)
