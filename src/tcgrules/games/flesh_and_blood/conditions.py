"""What the conditions of Flesh and Blood descriptions mean (``Condition`` nodes).

The FaB grammar reads some clauses of a description as a condition key
(:mod:`tcgrules.games.flesh_and_blood.text_build`); each key here is a test of one
object, seen from the description's "you" (fab:1.1.2b: "you" is your hero):

- ``name_contains:WORD``: "with Arcanite in their name", a whole-word, case-insensitive
  part of its name (fab:2.7.5);
- ``life_greater_than_you``: "with greater {h} than you", a life total (fab:2.5.3)
  greater than your hero's;
- ``less_life_than_each_other:KIND``: "you have less {h} than each other hero", a life
  total less than that of every other object of that kind;
- ``on_active_chain_link``: part of the active chain link, which is its active-attack,
  the attack-source and the defending cards (fab:7.0.3, fab:7.0.3b): the attack
  declared now, or an object defending against it that is not a hero (a defending
  hero is attacked, not on the chain link).

Any other key is not known: a description with it is not supported.
"""

from __future__ import annotations

from collections.abc import Callable

from tcgrules.errors import NotSupportedError
from tcgrules.games.flesh_and_blood.names import name_in
from tcgrules.games.flesh_and_blood.text_build import LESS_LIFE_THAN_EACH_OTHER
from tcgrules.kernel.describe import Context
from tcgrules.kernel.game import Game, Seen
from tcgrules.kernel.objects import ObjectRef

Test = Callable[[Context, Seen], bool]


def _your_life(game: Game, you: str) -> int | None:
    """The life total of "you" (fab:1.1.2b), or None without a hero."""
    for hero in game.zone("hero", you):
        return game.life_total(hero)
    return None


def _life_above_you(c: Context, e: Seen) -> bool:
    mine = _your_life(c.game, c.you)
    theirs = c.game.life_total(e.ref)
    return mine is not None and theirs is not None and theirs > mine


def _name_contains(word: str) -> Test:
    return lambda c, e: e.chars.name is not None and name_in(word, e.chars.name)


def _least_life(kind: str) -> Test:
    def check(c: Context, e: Seen) -> bool:
        mine = c.game.life_total(e.ref)
        if mine is None:
            return False
        for other in c.game.seen_everything():
            if other.ref == e.ref or kind not in other.chars.types:
                continue
            if other.zone.objects_are_permanents:
                theirs = c.game.life_total(other.ref)
                if theirs is not None and theirs <= mine:
                    return False
        return True

    return check


def _on_active_chain_link(c: Context, e: Seen) -> bool:
    game = c.game
    if game.attacker_id() == e.obj.id:
        return True
    return e.obj.id in game.defending_ids() and "hero" not in e.chars.types


def _zone_of_that_player(c: Context, e: Seen) -> bool:
    game = c.game
    info = game.get(c.stack).stack if c.stack is not None and game.is_current(c.stack) else None
    players = {
        game.controller(t)
        for t in (info.it if info is not None else ())
        if isinstance(t, ObjectRef)
    } - {None}
    if not players:
        raise NotSupportedError("“their” zone in a description with no player named before it")
    return e.obj.zone.player in players


def condition_test(name: str) -> Test | None:
    """The test a condition key stands for, or None if it is not known."""
    head, _, argument = name.partition(":")
    if head == "name_contains" and argument:
        return _name_contains(argument)
    if name == "life_greater_than_you":
        return _life_above_you
    if name.startswith(LESS_LIFE_THAN_EACH_OTHER) and argument:
        return _least_life(argument)
    if name == "on_active_chain_link":
        return _on_active_chain_link
    if name == "zone_of_that_player":
        return _zone_of_that_player
    return None


__all__ = ["condition_test"]
