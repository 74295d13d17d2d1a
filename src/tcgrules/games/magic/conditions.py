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

from tcgrules.kernel.describe import Context
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game, Seen
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


# ------------------------------------------------------------- conditions of objects
#: A test of one object for a description's condition key (``Condition`` nodes the
#: reader gives: "with a +1/+1 counter on it", "that was dealt damage this turn")
ObjectTest = Callable[[Context, Seen], bool]


def _has_counter(kind: str) -> ObjectTest:
    """ "With a [kind] counter on it" (mtg:122.1); ``any``: with any counter."""
    if kind == "any":
        return lambda c, e: any(n > 0 for n in e.obj.counters.values())
    return lambda c, e: e.obj.counters.get(kind, 0) > 0


def _happened_to(kinds: frozenset[str], moved: tuple[str | None, str] | None = None) -> ObjectTest:
    """An event of one of ``kinds`` this turn to this very object (this incarnation,
    mtg:400.7); for a move, one to ``moved[1]`` (from ``moved[0]`` unless None)."""

    def test(c: Context, e: Seen) -> bool:
        for event in c.game.events.this_turn():
            if event.kind not in kinds or event.object != e.ref:
                continue
            if moved is None or event.kind != "moved":
                return True
            source, to = moved
            if event.data.get("to") == to and source in (None, event.data.get("from")):
                return True
        return False

    return test


def _dealt_damage_to_you(c: Context, e: Seen) -> bool:
    """ "That dealt damage to you this turn": this very object (mtg:400.7) was the
    source of damage dealt to the player asking this turn (mtg:120.3a)."""
    return any(
        event.kind == "damage" and event.player == c.you and event.data.get("source") == e.ref
        for event in c.game.events.this_turn()
    )


def _dealt_damage_as_source(c: Context, e: Seen) -> bool:
    """ "That dealt damage this turn": this very object (mtg:400.7) was the source of
    damage dealt to anything this turn (mtg:120.3)."""
    return any(
        event.kind == "damage" and event.data.get("source") == e.ref
        for event in c.game.events.this_turn()
    )


_OBJECT_TESTS: dict[str, ObjectTest] = {
    # "that dealt damage this turn" (mtg:120.3)
    "dealt_damage_as_source_this_turn": _dealt_damage_as_source,
    # "that dealt damage to you this turn" (mtg:120.3a)
    "dealt_damage_to_you_this_turn": _dealt_damage_to_you,
    # "that was dealt damage this turn" (mtg:120.3)
    "dealt_damage_this_turn": _happened_to(frozenset({"damage"})),
    # "that entered this turn": it came onto the battlefield as this object, or was
    # created there
    "entered_this_turn": _happened_to(frozenset({"moved", "token_created"}), (None, "battlefield")),
    # "that was put there from the battlefield this turn": it died (mtg:700.4)
    "died_this_turn": _happened_to(frozenset({"moved"}), ("battlefield", "graveyard")),
}


def condition_test(name: str) -> ObjectTest | None:
    """The test a condition key stands for, or None if Magic's kernel can't tell."""
    head, _, argument = name.partition(":")
    if head == "has_counter" and argument:
        return _has_counter(argument)
    return _OBJECT_TESTS.get(name)
